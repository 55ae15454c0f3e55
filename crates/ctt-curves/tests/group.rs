//! Group laws, scalar multiplication, subgroup checks and cofactor clearing for all four groups,
//! against independent computations (double-and-add, multiplication by r).

use ctt_curves::sw::scalar_mul::scalar_to_words;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup, bls12_381, bn254};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use proptest::prelude::*;

struct SplitMix(u64);
impl Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 24,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A uniformly random point of the whole curve (not necessarily in the subgroup).
fn random_curve_point<C: SwCurveConfig>(rng: &mut SplitMix) -> Projective<C> {
    loop {
        let x = C::Base::random(rng);
        let rhs = x.square() * x + C::COEFF_B;
        if let Some(y) = rhs.sqrt().into_option() {
            let y = if rng.next_u64() & 1 == 1 { -y } else { y };
            return Affine::<C>::new_unchecked(x, y).to_group();
        }
    }
}

/// A random point of the prime-order subgroup: a random multiple of the generator.
fn random_subgroup_point<C: SwCurveConfig>(rng: &mut SplitMix) -> Projective<C> {
    Projective::<C>::generator().mul(&C::Scalar::random(rng))
}

fn in_subgroup_by_r<C: SwCurveConfig>(p: &Projective<C>) -> bool {
    p.mul_bigint_vartime(C::Scalar::MODULUS_LIMBS)
        .is_identity()
        .into()
}

fn check_generator<C: SwCurveConfig>() {
    let g = Projective::<C>::generator();
    assert!(
        bool::from(g.is_on_curve()),
        "{}: generator off the curve",
        C::NAME
    );
    assert!(
        in_subgroup_by_r(&g),
        "{}: generator order is not r",
        C::NAME
    );
    assert!(
        bool::from(g.is_torsion_free()),
        "{}: generator fails the subgroup check",
        C::NAME
    );
    assert!(bool::from(Affine::<C>::generator().is_on_curve()));
    assert!(bool::from(Projective::<C>::identity().is_on_curve()));
    assert!(bool::from(Projective::<C>::identity().is_torsion_free()));
}

#[allow(clippy::eq_op)] // `a - a` is the law under test
fn check_laws<C: SwCurveConfig>(seed: u64) {
    let mut rng = SplitMix(seed);
    let (a, b, c) = (
        random_subgroup_point::<C>(&mut rng),
        random_subgroup_point::<C>(&mut rng),
        random_curve_point::<C>(&mut rng),
    );
    let o = Projective::<C>::identity();
    assert_eq!((a + b) + c, a + (b + c));
    assert_eq!(a + b, b + a);
    assert_eq!(a + o, a);
    assert_eq!(o + a, a);
    assert_eq!(a - a, o);
    assert_eq!(a.double(), a + a);
    assert_eq!(o.double(), o);
    assert_eq!((a + b) - b, a);
    assert!(bool::from((a + c).is_on_curve()));
    // Mixed addition, including the affine identity and P + P, P + (−P).
    let (aa, ba) = (a.to_affine(), b.to_affine());
    assert_eq!(a.add_affine(&ba), a + b);
    assert_eq!(a.add_affine(&aa), a.double());
    assert_eq!(a.add_affine(&(-aa)), o);
    assert_eq!(a.add_affine(&Affine::identity()), a);
    assert_eq!(o.add_affine(&ba), b);
    assert_eq!(aa.to_group(), a);
    // Batch normalisation with identities interleaved.
    let pts = [a, o, b, c, o];
    let mut out = [Affine::<C>::identity(); 5];
    Projective::<C>::batch_normalize(&pts, &mut out);
    for (p, q) in pts.iter().zip(out.iter()) {
        assert_eq!(p.to_affine(), *q);
        assert_eq!(q.to_group(), *p);
    }
}

fn check_scalar_mul<C: SwCurveConfig>(seed: u64) {
    let mut rng = SplitMix(seed);
    let p = random_subgroup_point::<C>(&mut rng);
    let q = random_curve_point::<C>(&mut rng); // the ladder must not care about the subgroup
    let r_minus_1 = -C::Scalar::ONE;
    for k in [
        C::Scalar::ZERO,
        C::Scalar::ONE,
        r_minus_1,
        C::Scalar::from_u64(16),
        C::Scalar::from_u64(31),
        C::Scalar::random(&mut rng),
    ] {
        let words = scalar_to_words(&k);
        // `mul` (with the curve's GLV/GLS split where it has one) on subgroup points.
        let expect = p.mul_bigint_vartime(&words);
        assert_eq!(p.mul(&k), expect, "{}: mul", C::NAME);
        assert_eq!(p.mul_vartime(&k), expect, "{}: mul_vartime", C::NAME);
        // The generic ladder and the vartime path work on any curve point.
        let expect = q.mul_bigint_vartime(&words);
        assert_eq!(
            ctt_curves::sw::scalar_mul::mul_ct(&q, &k),
            expect,
            "{}: generic ladder",
            C::NAME
        );
        assert_eq!(
            q.mul_vartime(&k),
            expect,
            "{}: mul_vartime off the subgroup",
            C::NAME
        );
    }
    // [r−1]P = −P, and [a][b]P = [ab]P.
    assert_eq!(p.mul(&r_minus_1), -p);
    let (a, b) = (C::Scalar::random(&mut rng), C::Scalar::random(&mut rng));
    assert_eq!(p.mul(&a).mul(&b), p.mul(&(a * b)));
    assert_eq!(p.mul(&a) + p.mul(&b), p.mul(&(a + b)));
}

fn check_subgroup_and_cofactor<C: SwCurveConfig>(seed: u64, cofactor_one: bool) {
    let mut rng = SplitMix(seed);
    for _ in 0..4 {
        let q = random_curve_point::<C>(&mut rng);
        assert_eq!(
            bool::from(q.is_torsion_free()),
            in_subgroup_by_r(&q),
            "{}: fast check disagrees with [r]P",
            C::NAME
        );
        if !cofactor_one {
            assert!(
                !in_subgroup_by_r(&q),
                "{}: a random curve point should almost never be in G",
                C::NAME
            );
        }
        let cleared = q.clear_cofactor();
        assert!(
            in_subgroup_by_r(&cleared),
            "{}: clear_cofactor left the subgroup",
            C::NAME
        );
        assert!(bool::from(cleared.is_torsion_free()));
        let s = random_subgroup_point::<C>(&mut rng);
        assert!(bool::from(s.is_torsion_free()));
        // Cofactor clearing is a homomorphism.
        assert_eq!((q + s).clear_cofactor(), cleared + s.clear_cofactor());
    }
}

/// `mul_u64_public` against double-and-add on whole-curve points (whose small-order components
/// make `acc = ±P` and identities occur inside the ladder), for |z| and small or random `k`.
fn check_mul_u64_public<C: SwCurveConfig>(p: &Projective<C>, rng: &mut SplitMix) {
    let mut ks = vec![0, 1, 2, 3, 4, 5, 6, 7, 13, 105, bls12_381::Z_ABS, u64::MAX];
    ks.extend((0..8).map(|_| rng.next_u64()));
    for k in ks {
        assert_eq!(
            p.mul_u64_public(k),
            p.mul_bigint_vartime(&[k]),
            "{}: [{k}]P",
            C::NAME
        );
    }
}

#[test]
fn mul_u64_public_matches_double_and_add() {
    let mut rng = SplitMix(11);
    // (0, 2) has order 3 on y² = x³ + 4: every third step of the ladder meets ±P or the identity.
    let order3 = bls12_381::G1Projective::new_unchecked(
        <ctt_field::bls12_381::Fp as Field>::ZERO,
        <ctt_field::bls12_381::Fp as PrimeField>::from_u64(2),
        <ctt_field::bls12_381::Fp as Field>::ONE,
    );
    assert!(bool::from(
        order3.double().add_complete(&order3).is_identity()
    ));
    check_mul_u64_public(&order3, &mut rng);
    check_mul_u64_public(&bls12_381::G1Projective::IDENTITY, &mut rng);
    for _ in 0..2 {
        let p = random_curve_point::<bls12_381::G1Config>(&mut rng);
        check_mul_u64_public(&p, &mut rng);
        check_mul_u64_public(&(p + order3), &mut rng);
        check_mul_u64_public(
            &random_curve_point::<bls12_381::G2Config>(&mut rng),
            &mut rng,
        );
        check_mul_u64_public(&random_curve_point::<bn254::G2Config>(&mut rng), &mut rng);
    }
}

/// `mul_vartime` on points of small order (its odd-multiples table is exceptional there, so it
/// falls back to the complete formulas) and on their sums with subgroup points.
#[test]
fn mul_vartime_on_small_order_points() {
    use bls12_381::G1Projective;
    use ctt_field::bls12_381::{Fp, Fr};
    let mut rng = SplitMix(12);
    let order3 = G1Projective::new_unchecked(Fp::ZERO, Fp::from_u64(2), Fp::ONE);
    let mixed = order3 + random_subgroup_point::<bls12_381::G1Config>(&mut rng);
    let scalars: Vec<Fr> = (0..20u64)
        .map(Fr::from_u64)
        .chain((1..8u64).map(|i| -Fr::from_u64(i)))
        .chain((0..4).map(|_| Fr::random(&mut rng)))
        .collect();
    for p in [order3, mixed, G1Projective::IDENTITY] {
        for k in &scalars {
            let words = scalar_to_words(k);
            assert_eq!(p.mul_vartime(k), p.mul_bigint_vartime(&words), "k = {k:?}");
        }
    }
}

macro_rules! group_tests {
    ($name:ident, $cfg:ty, $cofactor_one:expr) => {
        mod $name {
            use super::*;
            #[test]
            fn generator() {
                check_generator::<$cfg>();
            }
            #[test]
            fn subgroup_checks_and_cofactor_clearing() {
                check_subgroup_and_cofactor::<$cfg>(7, $cofactor_one);
            }
            proptest! {
                #![proptest_config(config())]
                #[test]
                fn laws(seed in any::<u64>()) {
                    check_laws::<$cfg>(seed);
                }
                #[test]
                fn scalar_multiplication(seed in any::<u64>()) {
                    check_scalar_mul::<$cfg>(seed);
                }
            }
        }
    };
}

group_tests!(bls12_381_g1, bls12_381::G1Config, false);
group_tests!(bls12_381_g2, bls12_381::G2Config, false);
group_tests!(bn254_g1, bn254::G1Config, true);
group_tests!(bn254_g2, bn254::G2Config, false);
