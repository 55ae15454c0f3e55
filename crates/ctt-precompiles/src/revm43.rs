//! ctt on revm 43 (feature `revm-43`; the newest major on crates.io when this was written; `crate::revm` (feature `revm`) is this module): ctt as the cryptography under revm's own
//! precompiles, or as a whole precompile set.
//!
//! Two ways in, to be used one at a time or together:
//!
//! * [`install_crypto`] registers [`CttCrypto`], an implementation of revm-precompile's
//!   [`Crypto`](revm::precompile::Crypto) trait, process-wide: revm's precompile wrappers keep
//!   doing the gas, padding and length handling and call ctt for every primitive (hashes, BN254,
//!   BLS12-381, KZG, MODEXP, BLAKE2 F, secp256k1 recovery, P-256). The interpreter's own
//!   Keccak-256 (the `KECCAK256` opcode, addresses) is not part of that trait and stays revm's.
//! * [`precompiles`] returns a complete [`Precompiles`](revm::precompile::Precompiles) set per
//!   spec whose every entry is [`crate::run`] (ctt's own gas and validation, checked against
//!   go-ethereum's vectors), and [`eth_precompiles`] wraps it as the provider revm's mainnet EVM
//!   takes:
//!
//! ```
//! use ctt_precompiles::revm43::{eth_precompiles, revm};
//! use revm::context::Context;
//! use revm::database::{CacheDB, EmptyDB};
//! use revm::primitives::hardfork::SpecId;
//! use revm::{MainBuilder, MainContext};
//!
//! let ctx = Context::mainnet()
//!     .with_db(CacheDB::<EmptyDB>::default())
//!     .modify_cfg_chained(|cfg| cfg.set_spec_and_mainnet_gas_params(SpecId::OSAKA));
//! let mut evm = ctx.build_mainnet();
//! evm.precompiles = eth_precompiles(SpecId::OSAKA); // every precompile call now runs on ctt
//! ```
//!
//! The code is shared by every supported major (`src/revm_adapter.rs`); this module only names
//! the revm crate it is compiled against, re-exported as [`revm`] so that a caller can name the
//! exact types ctt's functions take and return.

/// The revm crate this module is built against (revm 43).
pub use ::revm;

// The same source for every supported major, by design: each compilation sees a different
// crate behind `revm`/`alloy_evm` above.
#[allow(clippy::duplicate_mod)]
#[path = "revm_adapter.rs"]
mod adapter;
pub use adapter::*;
