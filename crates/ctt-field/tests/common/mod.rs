//! Shared test helpers: a seeded RNG and num-bigint conversions.
#![allow(dead_code)]

use ctt_field::{PrimeField, Rng};
use num_bigint::BigUint;

/// SplitMix64: a tiny seeded generator so proptest seeds map to field elements.
pub struct SplitMix(pub u64);

impl Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The modulus of a prime field as a BigUint.
pub fn modulus<F: PrimeField>() -> BigUint {
    let mut bytes = Vec::new();
    for l in F::MODULUS_LIMBS {
        bytes.extend_from_slice(&l.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

/// The canonical value of an element.
pub fn to_big<F: PrimeField>(x: &F) -> BigUint {
    BigUint::from_bytes_be(x.to_bytes_be().as_ref())
}

/// The element with canonical value `v mod p`.
pub fn from_big<F: PrimeField>(v: &BigUint) -> F {
    F::from_bytes_be_mod_order(&(v % modulus::<F>()).to_bytes_be())
}

/// Little-endian u64 words of a BigUint (for exponents).
pub fn words(v: &BigUint) -> Vec<u64> {
    v.to_u64_digits()
}
