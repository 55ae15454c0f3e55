//! ctt on revm 42 (feature `revm-42`): real EVM transactions against revm's own precompiles,
//! and the seeded differential against revm-precompile 42. The test sources are shared by every
//! supported major (tests/revm/); this crate names the adapter they run on.

use ctt_precompiles::revm42 as adapter;

#[path = "revm/common.rs"]
mod common;
#[path = "revm/differential.rs"]
mod differential;
#[path = "revm/evm.rs"]
mod evm;
