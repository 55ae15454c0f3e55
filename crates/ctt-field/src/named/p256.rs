//! P-256 (NIST FIPS 186-5 / SEC 2 secp256r1, EIP-7951's curve) fields: the data, everything else
//! derived.
//!
//! p = 2^256 − 2^224 + 2^192 + 2^96 − 1 and n = 0xffffffff00000000ffff…fc632551 (the group order):
//! both 256 bits, no spare bit in 4 limbs, so the field runs on the full-width Montgomery kernels
//! (CIOS with the carry word). p ≡ 3 (mod 4): the square root is one exponentiation by
//! (p + 1)/4; n ≡ 1 (mod 4) (2-adicity 4): Tonelli–Shanks. Generators are the smallest primitive
//! roots (6 and 7, as RustCrypto's `p256`); the tests check they are non-residues.

use crate::fp::{Fp as GenericFp, FpParams};
use ctt_bigint::BigInt;

/// Parameters of the P-256 base field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpConfig;

impl FpParams<4> for FpConfig {
    /// `p = 2^256 − 2^224 + 2^192 + 2^96 − 1`.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    const GENERATOR: u64 = 6;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "p256::Fp";
}

/// Parameters of the P-256 scalar field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrConfig;

impl FpParams<4> for FrConfig {
    /// The order n of the generator.
    const MODULUS: BigInt<4> =
        BigInt::from_hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    const GENERATOR: u64 = 7;
    type Repr = [u8; 32];
    const REPR_ZERO: [u8; 32] = [0; 32];
    const NAME: &'static str = "p256::Fr";
}

/// The P-256 base field.
pub type Fp = GenericFp<FpConfig, 4>;
/// The P-256 scalar field (integers mod the group order n).
pub type Fr = GenericFp<FrConfig, 4>;
