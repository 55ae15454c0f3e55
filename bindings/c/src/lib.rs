//! # libctt: ctt's C ABI
//!
//! The one crate of the workspace with `unsafe` code: the C interface to ctt's crates, built as
//! `libctt.a` and `libctt.so` (and an `rlib` for Rust callers of the same functions). No
//! cryptography lives here; each function validates its pointers, calls the library and maps
//! its result onto a return code. Three interfaces, each with its header in `include/`:
//!
//! * [`kzg`]: c-kzg-4844 2.1 (`ckzg.h`), source- and link-compatible: the same names, types,
//!   sizes and return codes, so that a program or binding written for c-kzg links against
//!   libctt instead of c-kzg and blst; with `ctt_`-prefixed extras (`ctt_kzg.h`): the embedded
//!   mainnet setup and multi-threaded twins ([`kzg_parallel`]).
//! * [`bls`]: Ethereum BLS signatures (`ctt_bls.h`).
//! * [`evm`]: the EVM precompiles (`ctt_evm.h`).
//! * [`groth16`]: Groth16 verification (snarkjs JSON, arkworks bytes) and circomlib's MiMC
//!   (`ctt_groth16.h`).
//! * [`zkvm`]: the zkVM accelerator interface of the eth-act standard (`zkvm_accelerators.h`),
//!   over `ctt_precompiles::zkvm`.
//!
//! Rules kept by every function: no panic crosses the ABI (a caught panic is an error code);
//! NULL and unaligned pointers and counts whose byte size overflows are error codes, checked
//! before anything is read (the private module `ptr` is where raw pointers become references); outputs are
//! written only on success, from memory this crate owns; no global mutable state beyond what
//! the library itself shares (the embedded mainnet setup, built once).
//!
//! With the default feature `export-symbols` the functions carry their C names; without it
//! they keep Rust's mangled names (for the comparison runner, which links c-kzg's C library
//! into the same binary).

pub mod bls;
pub mod evm;
pub mod groth16;
pub mod kzg;
pub mod kzg_parallel;
mod pool;
mod ptr;
pub mod zkvm;

/// The library's version, a static NUL-terminated string such as `"0.1.0"`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub extern "C" fn ctt_version() -> *const core::ffi::c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}
