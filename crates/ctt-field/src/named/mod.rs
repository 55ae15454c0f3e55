//! Per-curve data: one file per curve, holding only what cannot be derived.

pub mod bls12_381;
pub mod bn254;
pub mod p256;
pub mod secp256k1;
