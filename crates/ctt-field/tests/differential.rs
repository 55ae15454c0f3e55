//! Every prime field against num-bigint: arithmetic, inversion, square roots, Legendre symbol,
//! encodings (including rejection of non-canonical values) and wide reduction.

mod common;

use common::{SplitMix, from_big, modulus, to_big, words};
use ctt_field::PrimeField;
use num_bigint::BigUint;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Values that stress carries and reductions: 0, 1, 2, p−1, p−2, (p−1)/2, 2^k, runs of ones.
fn edge_values<F: PrimeField>() -> Vec<BigUint> {
    let p = modulus::<F>();
    let one = BigUint::from(1u8);
    let mut v = vec![
        BigUint::from(0u8),
        one.clone(),
        BigUint::from(2u8),
        &p - 1u8,
        &p - 2u8,
        (&p - 1u8) >> 1,
    ];
    for k in [
        63u32,
        64,
        127,
        128,
        191,
        192,
        F::NUM_BITS - 2,
        F::NUM_BITS - 1,
    ] {
        v.push(&one << k);
        v.push((&one << k) - 1u8);
    }
    v.into_iter().map(|x| x % &p).collect()
}

fn check_ops<F: PrimeField>(x: &BigUint, y: &BigUint) {
    let p = modulus::<F>();
    let (a, b) = (from_big::<F>(x), from_big::<F>(y));
    assert_eq!(to_big(&a), x % &p);
    assert_eq!(to_big(&(a + b)), (x + y) % &p);
    assert_eq!(to_big(&(a - b)), (x + &p - y % &p) % &p);
    assert_eq!(to_big(&(a * b)), (x * y) % &p);
    assert_eq!(to_big(&a.square()), (x * x) % &p);
    assert_eq!(to_big(&(-a)), (&p - x % &p) % &p);
    assert_eq!(to_big(&a.double()), (x * 2u8) % &p);
    let inv = a.invert().into_option();
    let expect_inv = (x % &p).modinv(&p);
    assert_eq!(inv.map(|i| to_big(&i)), expect_inv);
    assert_eq!(a.invert_vartime().map(|i| to_big(&i)), expect_inv);
    // Euler's criterion.
    let euler = (x % &p).modpow(&((&p - 1u8) >> 1), &p);
    let expect_legendre = if euler == BigUint::from(0u8) {
        0
    } else if euler == BigUint::from(1u8) {
        1
    } else {
        -1
    };
    assert_eq!(bool::from(a.is_square()), expect_legendre >= 0);
    match a.sqrt().into_option() {
        Some(r) => {
            assert!(expect_legendre >= 0);
            assert_eq!((to_big(&r) * to_big(&r)) % &p, x % &p);
        }
        None => assert_eq!(expect_legendre, -1),
    }
    // pow with a multi-word exponent.
    let e = y.clone() + (BigUint::from(1u8) << 70);
    assert_eq!(to_big(&a.pow_vartime(&words(&e))), x.modpow(&e, &p));
    assert_eq!(to_big(&a.pow(&words(&e))), x.modpow(&e, &p));
}

fn check_encodings<F: PrimeField>(x: &BigUint) {
    let p = modulus::<F>();
    let a = from_big::<F>(x);
    let be = a.to_bytes_be();
    assert_eq!(F::from_bytes_be(&be).unwrap(), a);
    let le = a.to_bytes_le();
    assert_eq!(F::from_bytes_le(&le).unwrap(), a);
    // Values ≥ p are rejected: p + (x mod small) where it still fits the encoding width.
    let width = be.as_ref().len();
    let over = &p + (x % 1000u32);
    if over.bits() as usize <= 8 * width {
        let mut bytes = be;
        let enc = over.to_bytes_be();
        let buf = bytes.as_mut();
        buf.fill(0);
        buf[width - enc.len()..].copy_from_slice(&enc);
        assert!(
            bool::from(F::from_bytes_be(&bytes).is_none()),
            "accepted a value >= p"
        );
    }
    // Wide reduction of an arbitrary-length string.
    let wide = x * &p * 7u8 + x + (BigUint::from(1u8) << 500u32);
    assert_eq!(
        to_big(&F::from_bytes_be_mod_order(&wide.to_bytes_be())),
        &wide % &p
    );
}

fn run_edges<F: PrimeField + ReprZero>() {
    let edges = edge_values::<F>();
    for x in &edges {
        check_encodings::<F>(x);
        for y in &edges {
            check_ops::<F>(x, y);
        }
    }
    // All-ones encodings are ≥ p for every field here.
    let mut ones = F::REPR_ZERO_FOR_TESTS;
    ones.as_mut().fill(0xff);
    assert!(bool::from(F::from_bytes_be(&ones).is_none()));
}

trait ReprZero: PrimeField {
    const REPR_ZERO_FOR_TESTS: Self::Repr;
}
impl ReprZero for ctt_field::bls12_381::Fp {
    const REPR_ZERO_FOR_TESTS: [u8; 48] = [0; 48];
}
impl ReprZero for ctt_field::bls12_381::Fr {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}
impl ReprZero for ctt_field::bn254::Fp {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}
impl ReprZero for ctt_field::bn254::Fr {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}
impl ReprZero for ctt_field::secp256k1::Fp {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}
impl ReprZero for ctt_field::secp256k1::Fr {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}
impl ReprZero for ctt_field::p256::Fp {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}
impl ReprZero for ctt_field::p256::Fr {
    const REPR_ZERO_FOR_TESTS: [u8; 32] = [0; 32];
}

fn run_random<F: PrimeField + ReprZero>(seed: u64) {
    let mut rng = SplitMix(seed);
    let (a, b) = (F::random(&mut rng), F::random(&mut rng));
    assert!(to_big(&a) < modulus::<F>());
    check_ops::<F>(&to_big(&a), &to_big(&b));
    check_encodings::<F>(&to_big(&a));
}

macro_rules! differential {
    ($name:ident, $ty:ty) => {
        mod $name {
            use super::*;
            #[test]
            fn edges() {
                run_edges::<$ty>();
            }
            proptest! {
                #![proptest_config(config())]
                #[test]
                fn random(seed in any::<u64>()) {
                    run_random::<$ty>(seed);
                }
            }
        }
    };
}

differential!(bls12_381_fp, ctt_field::bls12_381::Fp);
differential!(bls12_381_fr, ctt_field::bls12_381::Fr);
differential!(bn254_fp, ctt_field::bn254::Fp);
differential!(bn254_fr, ctt_field::bn254::Fr);
differential!(secp256k1_fp, ctt_field::secp256k1::Fp);
differential!(secp256k1_fr, ctt_field::secp256k1::Fr);
differential!(p256_fp, ctt_field::p256::Fp);
differential!(p256_fr, ctt_field::p256::Fr);
