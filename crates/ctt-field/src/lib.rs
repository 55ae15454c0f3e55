//! # ctt-field
//!
//! Constant-time prime fields and extension towers for BLS12-381 and BN254, and the prime fields
//! of secp256k1 and P-256: one generic Montgomery
//! field ([`fp::Fp`]) configured by per-field data in [`named`], one generic quadratic extension
//! and one generic degree-12 tower ([`tower`]). Arithmetic runs on the Montgomery kernels of
//! `ctt-bigint`, whose assembly backend is chosen at run time.
//!
//! Constant-time rule: every method whose name lacks `_vartime` runs in time independent of the
//! field elements' values. `pow_vartime` is variable-time in the exponent only.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod fp;
mod macros;
pub mod named;
pub mod tower;
mod traits;

pub use named::{bls12_381, bn254, p256, secp256k1};
pub use traits::{ExtensionField, Field, FieldError, PrimeField, Rng, SqrtField};

pub use ctt_bigint::{BigInt, Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
