//! Evaluation domains: the roots of unity of Fr in the spec's bit-reversed order.
//!
//! EIP-4844 blobs hold the evaluations of a polynomial of degree < 4096 at the 4096th roots of
//! unity `ω^i` taken in bit-reversal order (`compute_roots_of_unity`, then
//! `bit_reversal_permutation` in the spec), with `ω = 7^((r − 1)/4096)`, 7 being the spec's
//! `PRIMITIVE_ROOT_OF_UNITY` (and ctt-field's multiplicative generator of Fr).

use alloc::vec::Vec;
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};

/// `i` with its lowest `bits` bits reversed.
pub fn reverse_bits(i: usize, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        i.reverse_bits() >> (usize::BITS - bits)
    }
}

/// Permutes `values` (a power-of-two length) into bit-reversal order, in place (the spec's
/// `bit_reversal_permutation`; an involution).
pub fn bit_reversal_permutation<T>(values: &mut [T]) {
    let n = values.len();
    assert!(
        n.is_power_of_two(),
        "bit reversal needs a power-of-two length"
    );
    let bits = n.trailing_zeros();
    for i in 0..n {
        let j = reverse_bits(i, bits);
        if i < j {
            values.swap(i, j);
        }
    }
}

/// A primitive `n`-th root of unity of Fr (`n` a power of two up to `2^32`): ctt-field's
/// `ROOT_OF_UNITY` (of order `2^32`, a power of the generator 7) squared down to order `n`.
pub fn primitive_root_of_unity(n: usize) -> Fr {
    assert!(n.is_power_of_two(), "the domain size is a power of two");
    let log_n = n.trailing_zeros();
    assert!(
        log_n <= Fr::TWO_ADICITY,
        "Fr has no root of unity of that order"
    );
    let mut w = Fr::ROOT_OF_UNITY;
    for _ in log_n..Fr::TWO_ADICITY {
        w = w.square();
    }
    w
}

/// `[ω^0, ω^1, …, ω^(n−1)]` for the primitive `n`-th root `ω` (the spec's
/// `compute_roots_of_unity`).
pub fn roots_of_unity(n: usize) -> Vec<Fr> {
    let w = primitive_root_of_unity(n);
    let mut out = Vec::with_capacity(n);
    let mut x = Fr::ONE;
    for _ in 0..n {
        out.push(x);
        x *= w;
    }
    out
}

/// The `n`-th roots of unity in bit-reversal order.
pub fn roots_of_unity_brp(n: usize) -> Vec<Fr> {
    let mut r = roots_of_unity(n);
    bit_reversal_permutation(&mut r);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_have_exact_order() {
        for log_n in [0u32, 1, 5, 12, 13] {
            let n = 1usize << log_n;
            let w = primitive_root_of_unity(n);
            assert_eq!(w.pow_vartime(&[n as u64]), Fr::ONE);
            if n > 1 {
                assert_ne!(w.pow_vartime(&[(n / 2) as u64]), Fr::ONE);
            }
        }
    }

    #[test]
    fn root_is_a_power_of_seven() {
        // ω_n = 7^((r − 1)/n) (the spec's definition) for the domains of blobs, extended blobs,
        // cells and the FK20 circulants.
        let r_minus_1 = ctt_bigint::BigInt::<4>::new([
            Fr::MODULUS_LIMBS[0] - 1,
            Fr::MODULUS_LIMBS[1],
            Fr::MODULUS_LIMBS[2],
            Fr::MODULUS_LIMBS[3],
        ]);
        for log_n in [6u32, 7, 12, 13] {
            let e = r_minus_1.shr(log_n);
            assert_eq!(
                Fr::from_u64(7).pow_vartime(&e.0),
                primitive_root_of_unity(1 << log_n),
                "n = 2^{log_n}"
            );
        }
    }

    #[test]
    fn bit_reversal_is_an_involution_and_matches_the_definition() {
        let mut v: Vec<usize> = (0..64).collect();
        bit_reversal_permutation(&mut v);
        for (i, x) in v.iter().enumerate() {
            assert_eq!(*x, reverse_bits(i, 6));
        }
        bit_reversal_permutation(&mut v);
        assert!(v.iter().enumerate().all(|(i, x)| i == *x));
        assert_eq!(reverse_bits(1, 12), 2048);
        assert_eq!(reverse_bits(0, 0), 0);
    }
}
