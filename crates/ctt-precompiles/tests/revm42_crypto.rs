//! revm 42's own precompiles on ctt's cryptography (feature `revm-42`; tests/revm/crypto.rs).
//! A test binary of its own: `install_crypto` is process-wide.

use ctt_precompiles::revm42 as adapter;

#[path = "revm/common.rs"]
mod common;
#[path = "revm/crypto.rs"]
mod crypto;
