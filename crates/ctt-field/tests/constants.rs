//! The constants derived by `const fn` re-derived independently with num-bigint, and the facts
//! they must satisfy (generators are non-residues, roots of unity have the right order, Frobenius
//! is the p-th power at every tower level).

mod common;

use common::{SplitMix, modulus, to_big, words};
use ctt_field::fp::{Fp, FpParams};
use ctt_field::{ExtensionField, Field, PrimeField, SqrtField};
use num_bigint::BigUint;

fn check_prime_field<P: FpParams<N>, const N: usize>()
where
    Fp<P, N>: PrimeField,
{
    type F<P, const N: usize> = Fp<P, N>;
    let p = modulus::<F<P, N>>();
    let two_64n = BigUint::from(1u8) << (64 * N);
    // The unit radix exactly for p = 2^(64N) − c, 1 ≤ c < 2^64 (secp256k1's p among ours).
    let c = &two_64n - &p;
    let pseudo_mersenne = c < (BigUint::from(1u8) << 64usize);
    assert_eq!(F::<P, N>::UNIT_RADIX, pseudo_mersenne, "unit radix");
    let r = if pseudo_mersenne {
        BigUint::from(1u8)
    } else {
        two_64n.clone()
    };
    let limbs = |v: &BigUint| {
        let mut d = v.to_u64_digits();
        d.resize(N, 0);
        d
    };
    assert_eq!(F::<P, N>::R.0.to_vec(), limbs(&(&r % &p)), "R");
    assert_eq!(F::<P, N>::R2.0.to_vec(), limbs(&(&r * &r % &p)), "R2");
    assert_eq!(F::<P, N>::R3.0.to_vec(), limbs(&(&r * &r * &r % &p)), "R3");
    let n0 = if pseudo_mersenne {
        BigUint::from(0u8)
    } else {
        (&two_64n - p.modinv(&two_64n).unwrap()) % BigUint::from(1u128 << 64)
    };
    assert_eq!(BigUint::from(F::<P, N>::N0), n0, "n0");
    // The stored form is x·R mod p.
    let x = F::<P, N>::from_u64(0x1234_5678_9abc_def1);
    let stored = x
        .to_mont()
        .0
        .iter()
        .rev()
        .fold(BigUint::from(0u8), |acc, w| {
            (acc << 64usize) + BigUint::from(*w)
        });
    assert_eq!(
        stored,
        BigUint::from(0x1234_5678_9abc_def1u64) * &r % &p,
        "representation"
    );
    assert_eq!(F::<P, N>::NUM_BITS as u64, p.bits(), "bits");

    let s = F::<P, N>::TWO_ADICITY;
    let pm1 = &p - 1u8;
    assert!(
        ((&pm1 >> s) & BigUint::from(1u8)) == BigUint::from(1u8),
        "t must be odd"
    );
    assert_eq!(
        &pm1 % (BigUint::from(1u8) << s),
        BigUint::from(0u8),
        "2^s divides p-1"
    );

    // The generator is a quadratic non-residue, and ROOT_OF_UNITY = g^t has order exactly 2^s.
    let g = F::<P, N>::MULTIPLICATIVE_GENERATOR;
    assert_eq!(to_big(&g), BigUint::from(P::GENERATOR));
    assert!(
        !bool::from(g.is_square()),
        "generator must be a non-residue"
    );
    assert_eq!(g.legendre(), -1);
    let root = F::<P, N>::ROOT_OF_UNITY;
    assert_eq!(
        to_big(&root),
        BigUint::from(P::GENERATOR).modpow(&(&pm1 >> s), &p)
    );
    let mut x = root;
    for _ in 0..s - 1 {
        x = x.square();
    }
    assert_eq!(x, -F::<P, N>::ONE, "root^(2^(s-1)) must be -1");
    assert_eq!(F::<P, N>::ONE.legendre(), 1);
    assert_eq!(F::<P, N>::ZERO.legendre(), 0);
}

#[test]
fn prime_field_constants() {
    use ctt_field::{bls12_381, bn254};
    check_prime_field::<bls12_381::FpConfig, 6>();
    check_prime_field::<bls12_381::FrConfig, 4>();
    check_prime_field::<bn254::FpConfig, 4>();
    check_prime_field::<bn254::FrConfig, 4>();
    check_prime_field::<ctt_field::secp256k1::FpConfig, 4>();
    check_prime_field::<ctt_field::secp256k1::FrConfig, 4>();
    check_prime_field::<ctt_field::p256::FpConfig, 4>();
    check_prime_field::<ctt_field::p256::FrConfig, 4>();
    assert_eq!(ctt_field::secp256k1::Fr::TWO_ADICITY, 6);
    assert_eq!(ctt_field::p256::Fr::TWO_ADICITY, 4);
    assert_eq!(bls12_381::Fp::TWO_ADICITY, 1);
    assert_eq!(bls12_381::Fr::TWO_ADICITY, 32);
    assert_eq!(bn254::Fr::TWO_ADICITY, 28);
}

/// Frobenius at power k equals exponentiation by p^k, for every k and every tower level.
fn check_frobenius<E: ExtensionField, B: PrimeField>(seed: u64) {
    let p = modulus::<B>();
    let mut rng = SplitMix(seed);
    let a = E::random(&mut rng);
    let mut pk = BigUint::from(1u8);
    for k in 0..12 {
        assert_eq!(
            a.frobenius_map(k),
            a.pow_vartime(&words(&pk)),
            "frobenius power {k}"
        );
        pk *= &p;
    }
}

#[test]
fn frobenius_is_pth_power() {
    use ctt_field::{bls12_381 as b, bn254 as n};
    check_frobenius::<b::Fp2, b::Fp>(1);
    check_frobenius::<b::Fp6, b::Fp>(2);
    check_frobenius::<b::Fp12, b::Fp>(3);
    check_frobenius::<n::Fp2, n::Fp>(4);
    check_frobenius::<n::Fp6, n::Fp>(5);
    check_frobenius::<n::Fp12, n::Fp>(6);
}

#[test]
fn conjugates_are_half_degree_frobenius() {
    use ctt_field::bls12_381 as b;
    let mut rng = SplitMix(9);
    let x = b::Fp12::random(&mut rng);
    assert_eq!(x.conjugate(), x.frobenius_map(6));
    let y = b::Fp6::random(&mut rng);
    assert_eq!(y.conjugate(), y.frobenius_map(3));
    let z = b::Fp2::random(&mut rng);
    assert_eq!(z.conjugate(), z.frobenius_map(1));
}

#[test]
fn tower_non_residues() {
    use ctt_field::tower::TowerConfig;
    use ctt_field::{bls12_381 as b, bn254 as n};
    // ξ must be neither a square nor a cube in Fp2 for v³ = ξ and w² = v to define fields:
    // ξ^((p²−1)/2) ≠ 1 and ξ^((p²−1)/3) ≠ 1.
    fn check<F: PrimeField>(xi: ctt_field::tower::Fp2<F>) {
        let p = modulus::<F>();
        let q1 = &p * &p - 1u8;
        assert_ne!(xi.pow_vartime(&words(&(&q1 / 2u8))), Field::ONE);
        assert_ne!(xi.pow_vartime(&words(&(&q1 / 3u8))), Field::ONE);
    }
    check(b::Tower::XI);
    check(n::Tower::XI);
}
