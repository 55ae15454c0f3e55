//! ctt in alloy-evm 0.38 (feature `alloy-evm-0.38`, on revm 42; reth 2.5's line (August 2026)):
//! [`CttEvmFactory`], an `EvmFactory` whose EVMs run every precompile on ctt, and
//! [`precompiles_map`] / [`dyn_precompile`] for a factory of one's own.
//!
//! A reth node takes the factory in one line (reth's `examples/custom-evm`; see
//! `examples/reth_node.rs`):
//!
//! ```ignore
//! let evm_config = EthEvmConfig::new_with_evm_factory(chain_spec, CttEvmFactory);
//! ```
//!
//! and any alloy-evm user builds an EVM with it:
//!
//! ```
//! use ctt_precompiles::alloy038::{CttEvmFactory, alloy_evm};
//! use alloy_evm::revm::database::{CacheDB, EmptyDB};
//! use alloy_evm::revm::primitives::hardfork::SpecId;
//! use alloy_evm::{Evm, EvmEnv, EvmFactory};
//!
//! let mut env = EvmEnv::default();
//! env.cfg_env.spec = SpecId::OSAKA;
//! let evm = CttEvmFactory.create_evm(CacheDB::<EmptyDB>::default(), env);
//! assert!(evm.precompiles().addresses().count() == 18); // Osaka's set, each on ctt
//! ```
//!
//! The code is shared by every supported line (`src/alloy_adapter.rs`).

/// ctt's revm adapter for the revm major alloy-evm 0.38 is built on.
pub use crate::revm42 as ctt_revm;
/// The alloy-evm crate this module is built against (alloy-evm 0.38).
pub use ::alloy_evm_038 as alloy_evm;

// The same source for every supported major, by design: each compilation sees a different
// crate behind `revm`/`alloy_evm` above.
#[allow(clippy::duplicate_mod)]
#[path = "alloy_adapter.rs"]
mod adapter;
pub use adapter::*;
