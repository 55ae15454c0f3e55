//! Field laws by proptest for every field and every tower level of both curves.

mod common;

use common::SplitMix;
use ctt_field::{Field, PrimeField, SqrtField};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

macro_rules! field_laws {
    ($modname:ident, $ty:ty) => {
        mod $modname {
            use super::*;
            type F = $ty;

            fn three(seed: u64) -> (F, F, F) {
                let mut rng = SplitMix(seed);
                (
                    F::random(&mut rng),
                    F::random(&mut rng),
                    F::random(&mut rng),
                )
            }

            proptest! {
                #![proptest_config(config())]

                #[test]
                fn ring_laws(seed in any::<u64>()) {
                    let (a, b, c) = three(seed);
                    prop_assert_eq!((a + b) + c, a + (b + c));
                    prop_assert_eq!(a + b, b + a);
                    prop_assert_eq!((a * b) * c, a * (b * c));
                    prop_assert_eq!(a * b, b * a);
                    prop_assert_eq!(a * (b + c), a * b + a * c);
                    prop_assert_eq!(a - b, a + (-b));
                    prop_assert_eq!(a + F::ZERO, a);
                    prop_assert_eq!(a * F::ONE, a);
                    prop_assert_eq!(a * F::ZERO, F::ZERO);
                    prop_assert_eq!(a - a, F::ZERO);
                    prop_assert_eq!(a.square(), a * a);
                    prop_assert_eq!(a.double(), a + a);
                    prop_assert_eq!(a.half().double(), a);
                    let mut d = a;
                    d *= b;
                    d += c;
                    d -= a;
                    prop_assert_eq!(d, a * b + c - a);
                }

                #[test]
                fn inverses(seed in any::<u64>()) {
                    let (a, b, _) = three(seed);
                    let ai = a.invert().unwrap();
                    prop_assert_eq!(a * ai, F::ONE);
                    prop_assert_eq!(a.invert_vartime().unwrap(), ai);
                    prop_assert_eq!((a * b).invert().unwrap(), ai * b.invert().unwrap());
                    prop_assert!(bool::from(F::ZERO.invert().is_none()));
                    prop_assert!(F::ZERO.invert_vartime().is_none());
                }

                #[test]
                fn batch_inversion(seed in any::<u64>(), n in 0usize..9, zero_at in 0usize..9) {
                    let mut rng = SplitMix(seed);
                    let mut v: Vec<F> = (0..n).map(|_| F::random(&mut rng)).collect();
                    if zero_at < n { v[zero_at] = F::ZERO; }
                    let expect: Vec<F> = v.iter().map(|x| x.invert().unwrap_or(F::ZERO)).collect();
                    let mut w = v.clone();
                    F::batch_invert(&mut v);
                    prop_assert_eq!(&v, &expect);
                    F::batch_invert_vartime(&mut w);
                    prop_assert_eq!(w, expect);
                }

                #[test]
                fn pow_matches_repeated_multiplication(seed in any::<u64>(), e in 0u64..70) {
                    let (a, _, _) = three(seed);
                    let mut expect = F::ONE;
                    for _ in 0..e { expect *= a; }
                    prop_assert_eq!(a.pow(&[e]), expect);
                    prop_assert_eq!(a.pow_vartime(&[e]), expect);
                    prop_assert_eq!(a.pow(&[e, 0]), expect);
                    // a^(2^64 + e) = a^(2^64)·a^e
                    let mut a64 = a;
                    for _ in 0..64 { a64 = a64.square(); }
                    prop_assert_eq!(a.pow(&[e, 1]), a64 * expect);
                    prop_assert_eq!(a.pow_vartime(&[e, 1]), a64 * expect);
                }
            }
        }
    };
}

/// `PrimeField::half` (a shift and a masked addition of p) against doubling.
macro_rules! half_laws {
    ($modname:ident, $ty:ty) => {
        mod $modname {
            use super::*;
            type F = $ty;

            proptest! {
                #![proptest_config(config())]

                #[test]
                fn half_then_double(seed in any::<u64>()) {
                    let a = F::random(&mut SplitMix(seed));
                    prop_assert_eq!(a.half().double(), a);
                    prop_assert_eq!(a.double().half(), a);
                }
            }

            /// Odd and even stored forms, and −1, whose `x + p` carries past the top word in
            /// the full-width fields.
            #[test]
            fn half_edges() {
                for x in [F::ZERO, F::ONE, -F::ONE, -F::ONE.double(), F::from_u64(3)] {
                    assert_eq!(x.half().double(), x);
                }
                assert_eq!(F::ZERO.half(), F::ZERO);
            }
        }
    };
}

half_laws!(half_bls12_381_fp, ctt_field::bls12_381::Fp);
half_laws!(half_bls12_381_fr, ctt_field::bls12_381::Fr);
half_laws!(half_bn254_fp, ctt_field::bn254::Fp);
half_laws!(half_bn254_fr, ctt_field::bn254::Fr);
half_laws!(half_secp256k1_fp, ctt_field::secp256k1::Fp);
half_laws!(half_secp256k1_fr, ctt_field::secp256k1::Fr);
half_laws!(half_p256_fp, ctt_field::p256::Fp);
half_laws!(half_p256_fr, ctt_field::p256::Fr);

macro_rules! sqrt_laws {
    ($modname:ident, $ty:ty) => {
        mod $modname {
            use super::*;
            type F = $ty;

            proptest! {
                #![proptest_config(config())]

                #[test]
                fn sqrt_of_squares(seed in any::<u64>()) {
                    let mut rng = SplitMix(seed);
                    let a = F::random(&mut rng);
                    let s = a.square();
                    let r = s.sqrt().unwrap();
                    prop_assert!(r == a || r == -a);
                    prop_assert!(bool::from(s.is_square()));
                    // Non-squares have no root; roots that exist square back.
                    let root = a.sqrt();
                    prop_assert_eq!(bool::from(root.is_some()), bool::from(a.is_square()));
                    if let Some(r) = root.into_option() {
                        prop_assert_eq!(r.square(), a);
                    }
                }
            }

            #[test]
            fn sqrt_edge_cases() {
                assert_eq!(F::ZERO.sqrt().unwrap(), F::ZERO);
                assert_eq!(F::ONE.sqrt().unwrap().square(), F::ONE);
                assert!(bool::from(F::ZERO.is_square()));
                // −1 and ±4 exercise the c1 = 0 branch of the Fp2 method.
                for v in [
                    -F::ONE,
                    F::ONE.double().double(),
                    -(F::ONE.double().double()),
                ] {
                    if let Some(r) = v.sqrt().into_option() {
                        assert_eq!(r.square(), v);
                    } else {
                        assert!(!bool::from(v.is_square()));
                    }
                }
            }
        }
    };
}

field_laws!(bls12_381_fp, ctt_field::bls12_381::Fp);
field_laws!(bls12_381_fr, ctt_field::bls12_381::Fr);
field_laws!(bls12_381_fp2, ctt_field::bls12_381::Fp2);
field_laws!(bls12_381_fp6, ctt_field::bls12_381::Fp6);
field_laws!(bls12_381_fp12, ctt_field::bls12_381::Fp12);
field_laws!(bn254_fp, ctt_field::bn254::Fp);
field_laws!(bn254_fr, ctt_field::bn254::Fr);
field_laws!(bn254_fp2, ctt_field::bn254::Fp2);
field_laws!(bn254_fp6, ctt_field::bn254::Fp6);
field_laws!(bn254_fp12, ctt_field::bn254::Fp12);
field_laws!(secp256k1_fp, ctt_field::secp256k1::Fp);
field_laws!(secp256k1_fr, ctt_field::secp256k1::Fr);
field_laws!(p256_fp, ctt_field::p256::Fp);
field_laws!(p256_fr, ctt_field::p256::Fr);

sqrt_laws!(sqrt_bls12_381_fp, ctt_field::bls12_381::Fp);
sqrt_laws!(sqrt_bls12_381_fr, ctt_field::bls12_381::Fr);
sqrt_laws!(sqrt_bls12_381_fp2, ctt_field::bls12_381::Fp2);
sqrt_laws!(sqrt_bn254_fp, ctt_field::bn254::Fp);
sqrt_laws!(sqrt_bn254_fr, ctt_field::bn254::Fr);
sqrt_laws!(sqrt_secp256k1_fp, ctt_field::secp256k1::Fp);
sqrt_laws!(sqrt_secp256k1_fr, ctt_field::secp256k1::Fr);
sqrt_laws!(sqrt_p256_fp, ctt_field::p256::Fp);
sqrt_laws!(sqrt_p256_fr, ctt_field::p256::Fr);
sqrt_laws!(sqrt_bn254_fp2, ctt_field::bn254::Fp2);

/// Fp2 square roots on the shapes that exercise the special cases of the complex method:
/// `a ∈ Fp` (square or not in Fp: `δ = 0` for one sign of `α`), `a = c1·u` (`c0 = 0`), squares of
/// purely real and purely imaginary elements, and non-squares (a square times a non-square).
macro_rules! fp2_sqrt_edges {
    ($modname:ident, $fp2:ty, $fp:ty) => {
        mod $modname {
            use super::*;
            type F2 = $fp2;
            type F1 = $fp;

            fn check(a: F2) {
                let root = a.sqrt();
                assert_eq!(bool::from(root.is_some()), bool::from(a.is_square()), "{a:?}");
                if let Some(r) = root.into_option() {
                    assert_eq!(r.square(), a, "{a:?}");
                }
            }

            proptest! {
                #![proptest_config(config())]

                #[test]
                fn special_shapes(seed in any::<u64>()) {
                    let mut rng = SplitMix(seed);
                    let x = F1::random(&mut rng);
                    let y = F1::random(&mut rng);
                    let z = F1::ZERO;
                    // a ∈ Fp: every element of Fp is a square in Fp2.
                    for a in [F2::new(x, z), F2::new(-x, z), F2::new(x.square(), z), F2::new(-x.square(), z)] {
                        prop_assert!(a.sqrt().is_some().to_bool_vartime());
                        check(a);
                    }
                    // a = y·u, and squares of real / imaginary elements.
                    for a in [F2::new(z, y), F2::new(x, z).square(), F2::new(z, y).square(), F2::new(x, y).square()] {
                        check(a);
                    }
                    let s = F2::new(x, y).square();
                    prop_assert!(s.sqrt().is_some().to_bool_vartime());
                    // A non-square: a square times a fixed non-square.
                    let mut g = F2::new(F1::ONE, F1::ONE);
                    while g.is_square().to_bool_vartime() {
                        g += F2::ONE;
                    }
                    let n = s * g;
                    if !s.is_zero_vartime() {
                        prop_assert!(n.sqrt().is_none().to_bool_vartime());
                    }
                    check(n);
                }
            }

            #[test]
            fn small_values() {
                for c0 in 0..6u64 {
                    for c1 in 0..6u64 {
                        for (s0, s1) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            let mut a0 = F1::from_u64(c0);
                            let mut a1 = F1::from_u64(c1);
                            if s0 < 0 { a0 = -a0; }
                            if s1 < 0 { a1 = -a1; }
                            check(F2::new(a0, a1));
                        }
                    }
                }
            }
        }
    };
}

fp2_sqrt_edges!(
    fp2_sqrt_edges_bls12_381,
    ctt_field::bls12_381::Fp2,
    ctt_field::bls12_381::Fp
);
fp2_sqrt_edges!(
    fp2_sqrt_edges_bn254,
    ctt_field::bn254::Fp2,
    ctt_field::bn254::Fp
);
