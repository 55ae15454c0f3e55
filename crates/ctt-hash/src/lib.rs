//! # ctt-hash
//!
//! Hash functions for the ctt stack, one module per hash:
//!
//! | module | holds | spec |
//! |---|---|---|
//! | [`sha256`](mod@sha256) | streaming and one-shot SHA-256; portable, x86-64 SHA-NI and AArch64 SHA-2 compression, chosen at run time | FIPS 180-4 §6.2 |
//! | [`xmd`] | `expand_message_xmd` with SHA-256 | RFC 9380 §5.3.1, §5.3.3 |
//! | [`hmac`] | HMAC-SHA-256 and HKDF-SHA-256 | RFC 2104, RFC 5869 |
//! | [`keccak`] | the permutation `Keccak-f[1600]`; streaming and one-shot Keccak-256 with the original Keccak padding (the EVM's `KECCAK256`) | The Keccak reference 3.0 §1.2, §5.1; FIPS 202 §3 (permutation only) |
//! | [`ripemd160`](mod@ripemd160) | streaming and one-shot RIPEMD-160 | Dobbertin, Bosselaers, Preneel, FSE 1996, Appendix A |
//! | [`blake2`] | the BLAKE2b compression function F with a rounds parameter (portable and x86-64 AVX2, chosen at run time), and the EIP-152 input format | RFC 7693 §3.2; EIP-152 |
//!
//! Constant-time rule: every function here runs in time that depends only on the lengths of its
//! inputs, which are public; no branch and no memory index depends on the bytes being hashed.
//! The SHA instructions are constant time like the portable rounds, and which one runs depends
//! only on the CPU.
//!
//! `unsafe`: the crate denies it. The two exceptions are `sha256::backend` (x86-64 SHA extensions,
//! AArch64 SHA-2 instructions; kernels after Intel's white paper, Gulley et al., "Intel SHA
//! Extensions", 2013) and `blake2::backend` (BLAKE2b F on AVX2, rows of four words as in the
//! BLAKE2 paper's SIMD discussion), which allow it locally to probe the CPU and enter the
//! `#[target_feature]` kernels, every `unsafe` block with a `// SAFETY:` comment (see
//! ARCHITECTURE.md, "Where `unsafe` may live").
//!
//! Features: nothing allocates; `alloc` only exists to match the rest of the workspace, `std`
//! additionally lets AArch64 builds detect the SHA-2 instructions at run time, and
//! `force-portable` pins the portable SHA-256 compression and BLAKE2b F.
//!
//! ```
//! use ctt_hash::{Sha256, expand_message_xmd, sha256};
//!
//! // One-shot and streaming SHA-256 agree.
//! let mut h = Sha256::new();
//! h.update(b"hello ");
//! h.update(b"world");
//! assert_eq!(h.finalize(), sha256(b"hello world"));
//! // RFC 9380 expand_message_xmd: 64 uniform bytes for hash_to_field.
//! let mut out = [0u8; 64];
//! expand_message_xmd(b"msg", b"QUUX-V01-CS02-with-expander-SHA256-128", &mut out)?;
//! # Ok::<(), ctt_hash::HashError>(())
//! ```
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod blake2;
pub mod hmac;
pub mod keccak;
pub mod ripemd160;
pub mod sha256;
pub mod xmd;

pub use blake2::{Blake2fInput, blake2b_f, blake2f};
pub use hmac::{HmacSha256, hkdf_expand, hkdf_extract, hmac_sha256};
pub use keccak::{Keccak256, keccak_f1600, keccak256};
pub use ripemd160::{Ripemd160, ripemd160};
pub use sha256::{Sha256, sha256};
pub use xmd::{expand_message_xmd, expand_message_xmd_parts};

/// Errors of this crate: the abort conditions of RFC 9380 `expand_message_xmd` and the malformed
/// inputs of the EIP-152 BLAKE2b F precompile.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashError {
    /// `len_in_bytes` = 0: an empty output was requested.
    EmptyOutput,
    /// `len_in_bytes` > 65535 (RFC 9380 §5.3.1 step 2): the length does not fit `I2OSP(len_in_bytes, 2)`.
    OutputLengthOverflow,
    /// `ell = ceil(len_in_bytes / b_in_bytes)` > 255 (RFC 9380 §5.3.1 step 2): more than
    /// 255 · 32 = 8160 bytes were requested.
    TooManyBlocks,
    /// The domain separation tag is empty (RFC 9380 §3.1: "Tags MUST have nonzero length").
    EmptyDst,
    /// The EIP-152 input is not exactly 213 bytes long.
    Blake2fInputLength,
    /// The final-block flag (last byte) of the EIP-152 input is neither 0 nor 1.
    Blake2fFinalFlag,
}

impl core::fmt::Display for HashError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::EmptyOutput => "expand_message_xmd: len_in_bytes is 0",
            Self::OutputLengthOverflow => "expand_message_xmd: len_in_bytes > 65535",
            Self::TooManyBlocks => "expand_message_xmd: ell > 255 (len_in_bytes > 8160)",
            Self::EmptyDst => "expand_message_xmd: empty domain separation tag",
            Self::Blake2fInputLength => "blake2f: input length is not 213 bytes",
            Self::Blake2fFinalFlag => "blake2f: final block flag is neither 0 nor 1",
        })
    }
}

impl core::error::Error for HashError {}

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
