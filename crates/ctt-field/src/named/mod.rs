//! Per-curve data: one file per curve, holding only what cannot be derived.

pub mod bls12_381;
pub mod bn254;
