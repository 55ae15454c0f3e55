//! ctt in alloy-evm 0.39 (feature `alloy-evm-0.39`, on revm 43): `CttEvmFactory` against
//! `EthEvmFactory` in real transactions, and the precompile map. The test source is shared by
//! every supported line (tests/alloy/); this crate names the adapters it runs on.

use ctt_precompiles::alloy039 as alloy_adapter;
use ctt_precompiles::revm43 as adapter;

#[path = "revm/common.rs"]
mod common;
#[path = "alloy/factory.rs"]
mod factory;
