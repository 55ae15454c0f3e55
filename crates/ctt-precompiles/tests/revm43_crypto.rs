//! revm 43's own precompiles on ctt's cryptography (feature `revm-43`; tests/revm/crypto.rs).
//! A test binary of its own: `install_crypto` is process-wide.

use ctt_precompiles::revm43 as adapter;

#[path = "revm/common.rs"]
mod common;
#[path = "revm/crypto.rs"]
mod crypto;
