//! ctt on revm 43 (feature `revm-43`): real EVM transactions against revm's own precompiles,
//! and the seeded differential against revm-precompile 43. The test sources are shared by every
//! supported major (tests/revm/); this crate names the adapter they run on.

use ctt_precompiles::revm43 as adapter;

#[path = "revm/common.rs"]
mod common;
#[path = "revm/differential.rs"]
mod differential;
#[path = "revm/evm.rs"]
mod evm;
