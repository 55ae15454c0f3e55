//! secp256k1 (SEC 2 v2 §2.4.1, the curve of Ethereum accounts) fields: the data, everything else
//! derived.
//!
//! p = 2^256 − 2^32 − 977 and n = 0xffff…d0364141 (the group order): both 256 bits, no spare bit in
//! 4 limbs. p is pseudo-Mersenne, so Fp keeps its elements in plain form and reduces products by
//! folding with 2^256 ≡ 2^32 + 977 (the unit radix, [`GenericFp::UNIT_RADIX`]); Fr runs on the
//! full-width Montgomery kernels (CIOS with the carry word).
//! p ≡ 3 (mod 4): the square root is one exponentiation by (p + 1)/4; n ≡ 1 (mod 4) (2-adicity 6):
//! Tonelli–Shanks. Generators are the smallest primitive roots (3 and 7, as arkworks'
//! `ark-secp256k1`); the tests check they are non-residues.

use crate::fp::{Fp as GenericFp, FpParams};
use ctt_bigint::BigInt;

/// Parameters of the secp256k1 base field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpConfig;

impl FpParams<4> for FpConfig {
    /// `p = 2^256 − 2^32 − 977`.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
    const GENERATOR: u64 = 3;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "secp256k1::Fp";
}

/// Parameters of the secp256k1 scalar field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrConfig;

impl FpParams<4> for FrConfig {
    /// The order n of the generator.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    const GENERATOR: u64 = 7;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "secp256k1::Fr";
}

/// The secp256k1 base field.
pub type Fp = GenericFp<FpConfig, 4>;
/// The secp256k1 scalar field (integers mod the group order n).
pub type Fr = GenericFp<FrConfig, 4>;
