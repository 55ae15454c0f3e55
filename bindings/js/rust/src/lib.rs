//! The WebAssembly module of ctt's JavaScript package (`bindings/js`): plain `extern "C"`
//! functions over linear memory, called by the hand-written glue `bindings/js/ctt.js`.
//!
//! No cryptography here: every function decodes its arguments, calls ctt-kzg, ctt-peerdas,
//! ctt-bls, ctt-precompiles or ctt-groth16, and encodes the answer. The calling convention:
//! - the glue allocates input buffers with [`mem::cttjs_alloc`], copies its bytes in and passes
//!   their addresses (fixed-size items) or addresses and lengths;
//! - every function returns a status code ([`error::Code`]: 0 on success), and a successful one
//!   leaves its result in the output buffer ([`mem::cttjs_out_ptr`], [`mem::cttjs_out_len`]);
//! - a verification's result is one byte, 0 or 1; a malformed input is a code, never a trap.
//!
//! Built for `wasm32-unknown-unknown` by `bindings/js/build.sh` (through `tools/wasm-build`); it
//! also builds on the host so that clippy and rustdoc see it.

pub mod bls;
pub mod error;
pub mod evm;
pub mod groth16;
pub mod kzg;
pub mod mem;
