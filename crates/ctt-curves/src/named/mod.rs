//! Per-curve data: the constants that cannot be derived, and the endomorphism-based subgroup
//! checks and cofactor clearings that each curve's structure allows.

pub mod bls12_381;
pub mod bn254;
pub mod p256;
pub mod secp256k1;
