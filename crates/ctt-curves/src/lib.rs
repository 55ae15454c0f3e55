//! # ctt-curves
//!
//! Elliptic-curve groups for Ethereum: BLS12-381 G1/G2, BN254 G1/G2, secp256k1 and P-256 on one
//! generic short-Weierstrass implementation ([`sw`]) configured by per-curve data ([`named`]), and
//! ECDSA verification and public-key recovery for the last two ([`ecdsa`]).
//!
//! ```
//! use ctt_curves::CurveGroup;
//! use ctt_curves::bls12_381::{G1Affine, G1Projective};
//! use ctt_field::bls12_381::Fr;
//! use ctt_field::PrimeField;
//!
//! // Hash to G1 (RFC 9380, BLS12381G1_XMD:SHA-256_SSWU_RO_), multiply in constant time, encode.
//! let p = G1Projective::hash_to_curve(b"message", b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_")?;
//! let q = p.mul(&Fr::from_u64(3));
//! assert_eq!(q, p + p + p);
//! let bytes = q.to_affine().to_compressed();
//! // Decoding checks the flags, the field element, the curve and the subgroup.
//! assert_eq!(G1Affine::from_compressed(&bytes)?, q.to_affine());
//! assert!(G1Affine::from_compressed(&[0u8; 48]).is_err());
//! # Ok::<(), ctt_curves::CurveError>(())
//! ```
//!
//! Constant-time rule: every method without `_vartime` runs in time independent of the points and
//! scalars (complete formulas, masked table scans). `_vartime` paths are for public data.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// On WebAssembly `ctt_bigint::mac` is four 32-bit products (no u128 multiply there), which the
// compile-time evaluation of the curve constants steps through more slowly than rustc's
// default patience allows; the values are the same.
#![cfg_attr(target_family = "wasm", allow(long_running_const_eval))]

pub mod codec;
pub mod ecdsa;
#[cfg(feature = "group")]
pub mod group_interop;
pub mod h2c;
pub mod named;
#[cfg(feature = "serde")]
pub mod serde_interop;
pub mod sw;
mod traits;

pub use named::{bls12_381, bn254, p256, secp256k1};
pub use traits::{AffineRepr, CurveError, CurveGroup};

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
