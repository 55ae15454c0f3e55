//! Field laws by proptest for every field and every tower level of both curves.

mod common;

use common::SplitMix;
use ctt_field::{Field, SqrtField};
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
                    F::batch_invert(&mut v);
                    prop_assert_eq!(v, expect);
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

sqrt_laws!(sqrt_bls12_381_fp, ctt_field::bls12_381::Fp);
sqrt_laws!(sqrt_bls12_381_fr, ctt_field::bls12_381::Fr);
sqrt_laws!(sqrt_bls12_381_fp2, ctt_field::bls12_381::Fp2);
sqrt_laws!(sqrt_bn254_fp, ctt_field::bn254::Fp);
sqrt_laws!(sqrt_bn254_fr, ctt_field::bn254::Fr);
sqrt_laws!(sqrt_bn254_fp2, ctt_field::bn254::Fp2);
