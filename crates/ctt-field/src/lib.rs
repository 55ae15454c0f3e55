//! # ctt-field
//!
//! Constant-time prime fields and extension towers for BLS12-381 and BN254, and the prime fields
//! of secp256k1 and P-256: one generic Montgomery
//! field ([`fp::Fp`]) configured by per-field data in [`named`], one generic quadratic extension
//! and one generic degree-12 tower ([`tower`]). Arithmetic runs on the Montgomery kernels of
//! `ctt-bigint`, whose assembly backend is chosen at run time.
//!
//! ```
//! use ctt_field::bls12_381::{Fp2, Fr};
//! use ctt_field::{Field, PrimeField, SqrtField};
//!
//! // Scalars of BLS12-381 (r), canonical big-endian encoding, constant-time inversion.
//! let x = Fr::from_u64(5);
//! let x_inv = x.invert().unwrap();
//! assert_eq!(x * x_inv, Fr::ONE);
//! assert_eq!(Fr::from_bytes_be(&x.to_bytes_be()).unwrap(), x);
//! // Values ≥ r are refused, never reduced silently.
//! assert!(bool::from(Fr::from_bytes_be(&[0xff; 32]).is_none()));
//! // The quadratic extension: a square root of a square.
//! let y = Fp2::ONE.double() + Fp2::ONE;
//! let s = y.square().sqrt().unwrap();
//! assert!(s == y || s == -y);
//! ```
//!
//! Constant-time rule: every method whose name lacks `_vartime` runs in time independent of the
//! field elements' values. `pow_vartime` is variable-time in the exponent only.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "ff")]
pub mod ff_interop;
pub mod fp;
mod macros;
pub mod named;
pub mod tower;
mod traits;

pub use named::{bls12_381, bn254, p256, secp256k1};
pub use traits::{ExtensionField, Field, FieldError, PrimeField, Rng, SqrtField};

#[cfg(feature = "ff")]
pub use ff_interop::ByteRepr;

pub use ctt_bigint::{BigInt, Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
