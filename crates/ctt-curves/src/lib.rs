//! # ctt-curves
//!
//! Elliptic-curve groups for Ethereum: BLS12-381 G1/G2, BN254 G1/G2, secp256k1 and P-256 on one
//! generic short-Weierstrass implementation ([`sw`]) configured by per-curve data ([`named`]), and
//! ECDSA verification and public-key recovery for the last two ([`ecdsa`]).
//!
//! Constant-time rule: every method without `_vartime` runs in time independent of the points and
//! scalars (complete formulas, masked table scans). `_vartime` paths are for public data.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod codec;
pub mod ecdsa;
pub mod h2c;
pub mod named;
pub mod sw;
mod traits;

pub use named::{bls12_381, bn254, p256, secp256k1};
pub use traits::{AffineRepr, CurveError, CurveGroup};
