//! ctt in alloy-evm 0.38 (feature `alloy-evm-0.38`, on revm 42): `CttEvmFactory` against
//! `EthEvmFactory` in real transactions, and the precompile map. The test source is shared by
//! every supported line (tests/alloy/); this crate names the adapters it runs on.

use ctt_precompiles::alloy038 as alloy_adapter;
use ctt_precompiles::revm42 as adapter;

#[path = "revm/common.rs"]
mod common;
#[path = "alloy/factory.rs"]
mod factory;
