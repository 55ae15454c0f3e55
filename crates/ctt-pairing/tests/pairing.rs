//! Pairing properties on both curves: bilinearity (proptest), non-degeneracy, order r, multi-pairing
//! against the product of pairings (beyond one Miller-loop chunk), pairing checks, identity inputs,
//! and the `Gt` group operations.

use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{Field, PrimeField, Rng};
use ctt_pairing::{Gt, PairingConfig, bls12_381, bn254};
use proptest::prelude::*;

struct XorShift(u64);
impl Rng for XorShift {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

type Fr<C> = <<C as PairingConfig>::G1 as SwCurveConfig>::Scalar;

fn g1<C: PairingConfig>(k: &Fr<C>) -> Affine<C::G1> {
    Affine::<C::G1>::generator().to_group().mul(k).to_affine()
}
fn g2<C: PairingConfig>(k: &Fr<C>) -> Affine<C::G2> {
    Affine::<C::G2>::generator().to_group().mul(k).to_affine()
}

/// The generic API, so one test body serves both curves.
fn pair<C: PairingConfig>(p: &Affine<C::G1>, q: &Affine<C::G2>) -> Gt<C> {
    ctt_pairing::gt::pairing::<C>(p, q)
}

fn check_bilinear<C: PairingConfig>(seed: u64) {
    let mut rng = XorShift(seed | 1);
    let (a, b) = (Fr::<C>::random(&mut rng), Fr::<C>::random(&mut rng));
    let lhs = pair::<C>(&g1::<C>(&a), &g2::<C>(&b));
    let rhs = Gt::<C>::generator().pow(&(a * b));
    assert_eq!(lhs, rhs);
    // Linearity in each argument separately: e(aP, Q) = e(P, aQ).
    assert_eq!(
        pair::<C>(&g1::<C>(&a), &g2::<C>(&Fr::<C>::ONE)),
        pair::<C>(&g1::<C>(&Fr::<C>::ONE), &g2::<C>(&a))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]
    #[test]
    fn bilinear_bls12_381(seed in any::<u64>()) { check_bilinear::<bls12_381::Bls12_381>(seed) }
    #[test]
    fn bilinear_bn254(seed in any::<u64>()) { check_bilinear::<bn254::Bn254>(seed) }
}

fn check_generator<C: PairingConfig>() {
    let g = Gt::<C>::generator();
    assert!(!g.is_identity().to_bool_vartime(), "degenerate");
    // g^r = 1 (r as a public exponent: Fr cannot hold r).
    let r = <Fr<C> as PrimeField>::MODULUS_LIMBS;
    assert_eq!(g.as_fp12().pow_vartime(r), Field::ONE);
    // pow against repeated multiplication and inverse.
    let five = Fr::<C>::from_u64(5);
    assert_eq!(g.pow(&five), g * g * g * g * g);
    assert_eq!(g.pow(&-Fr::<C>::ONE), g.inverse());
    assert_eq!(g.pow(&Fr::<C>::ZERO), Gt::<C>::identity());
    assert!((g * g.inverse()).is_identity().to_bool_vartime());
    assert_eq!(g.square(), g * g);
}

#[test]
fn generator_bls12_381() {
    check_generator::<bls12_381::Bls12_381>()
}
#[test]
fn generator_bn254() {
    check_generator::<bn254::Bn254>()
}

fn check_multi<C: PairingConfig>(n: usize) {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let pairs: Vec<_> = (0..n)
        .map(|_| {
            (
                g1::<C>(&Fr::<C>::random(&mut rng)),
                g2::<C>(&Fr::<C>::random(&mut rng)),
            )
        })
        .collect();
    let mut prod = Gt::<C>::identity();
    for (p, q) in &pairs {
        prod *= pair::<C>(p, q);
    }
    assert_eq!(ctt_pairing::gt::multi_pairing::<C>(&pairs), prod);
    // Unreduced Miller values multiply too.
    let (left, right) = pairs.split_at(n / 2);
    let f = ctt_pairing::gt::multi_miller_loop::<C>(left)
        * ctt_pairing::gt::multi_miller_loop::<C>(right);
    assert_eq!(f.final_exponentiation(), prod);
}

#[test]
fn multi_pairing_bls12_381() {
    check_multi::<bls12_381::Bls12_381>(3);
    // More pairs than one stack chunk of the Miller loop.
    check_multi::<bls12_381::Bls12_381>(ctt_pairing::miller_loop::CHUNK + 2);
}
#[test]
fn multi_pairing_bn254() {
    check_multi::<bn254::Bn254>(3);
    check_multi::<bn254::Bn254>(ctt_pairing::miller_loop::CHUNK + 1);
}

fn check_checks<C: PairingConfig>() {
    let mut rng = XorShift(77);
    let (a, b) = (Fr::<C>::random(&mut rng), Fr::<C>::random(&mut rng));
    let (p, q) = (g1::<C>(&a), g2::<C>(&b));
    let check = ctt_pairing::gt::pairing_check::<C>;
    assert!(check(&[(p, q), (-p, q)]));
    assert!(check(&[(p, q), (p, -q)]));
    assert!(!check(&[(p, q), (p, q)]));
    assert!(!check(&[(p, q)]));
    // e(aG1, bG2) · e(−abG1, G2) = 1.
    assert!(check(&[(p, q), (-g1::<C>(&(a * b)), Affine::generator())]));
    assert!(check(&[]));
}

#[test]
fn pairing_check_bls12_381() {
    check_checks::<bls12_381::Bls12_381>()
}
#[test]
fn pairing_check_bn254() {
    check_checks::<bn254::Bn254>()
}

fn check_identity<C: PairingConfig>() {
    let mut rng = XorShift(5);
    let (p, q) = (
        g1::<C>(&Fr::<C>::random(&mut rng)),
        g2::<C>(&Fr::<C>::random(&mut rng)),
    );
    let (o1, o2) = (Affine::<C::G1>::identity(), Affine::<C::G2>::identity());
    let one = Gt::<C>::identity();
    assert_eq!(pair::<C>(&o1, &q), one);
    assert_eq!(pair::<C>(&p, &o2), one);
    assert_eq!(pair::<C>(&o1, &o2), one);
    let e = pair::<C>(&p, &q);
    let multi = ctt_pairing::gt::multi_pairing::<C>;
    assert_eq!(multi(&[(o1, q), (p, q), (p, o2), (o1, o2)]), e);
    assert_eq!(multi(&[]), one);
    assert!(ctt_pairing::gt::pairing_check::<C>(&[(o1, q), (p, o2)]));
}

#[test]
fn identity_bls12_381() {
    check_identity::<bls12_381::Bls12_381>()
}
#[test]
fn identity_bn254() {
    check_identity::<bn254::Bn254>()
}

#[test]
fn named_api() {
    // The per-curve functions are the generic ones; spot-check the wrappers.
    let (p, q) = (
        bls12_381::G1Affine::generator(),
        bls12_381::G2Affine::generator(),
    );
    assert_eq!(bls12_381::pairing(&p, &q), bls12_381::Gt::generator());
    assert_eq!(
        bls12_381::multi_pairing(&[(p, q)]),
        bls12_381::final_exponentiation(&bls12_381::multi_miller_loop(&[(p, q)]))
    );
    let (p, q) = (bn254::G1Affine::generator(), bn254::G2Affine::generator());
    assert_eq!(bn254::pairing(&p, &q), bn254::Gt::generator());
    assert!(bn254::pairing_check(&[(p, q), (-p, q)]));
}

/// Prepared G2 points, normalised and raw, give the same pairing as the plain loop (their loop
/// values differ by subfield factors, which the final exponentiation removes), for random
/// points, identity points on either side, more pairs than one chunk, and the empty input.
fn check_prepared<C: PairingConfig>(seed: u64) {
    use ctt_pairing::gt::final_exponentiation;
    use ctt_pairing::prepared::{G2Prepared, multi_miller_loop_prepared, pairing_check_prepared};
    let mut rng = XorShift(seed | 1);
    let mut pairs: Vec<ctt_pairing::Pair<C>> = (0..19)
        .map(|_| {
            (
                g1::<C>(&Fr::<C>::random(&mut rng)),
                g2::<C>(&Fr::<C>::random(&mut rng)),
            )
        })
        .collect();
    pairs[3].0 = Affine::<C::G1>::identity();
    pairs[7].1 = Affine::<C::G2>::identity();
    let prepared: Vec<G2Prepared<C>> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
    let raw: Vec<G2Prepared<C>> = pairs.iter().map(|(_, q)| G2Prepared::new_raw(q)).collect();
    // A mixed input: normalised and raw lines in one chunk.
    let mixed: Vec<&G2Prepared<C>> = (0..pairs.len())
        .map(|i| if i % 3 == 1 { &raw[i] } else { &prepared[i] })
        .collect();
    for n in [0, 1, 2, 16, 17, 19] {
        let plain = final_exponentiation(&ctt_pairing::gt::multi_miller_loop::<C>(&pairs[..n]));
        for form in [
            &prepared.iter().collect::<Vec<_>>(),
            &raw.iter().collect(),
            &mixed,
        ] {
            let with: Vec<_> = pairs[..n]
                .iter()
                .zip(form.iter())
                .map(|((p, _), q)| (*p, *q))
                .collect();
            assert_eq!(
                final_exponentiation(&multi_miller_loop_prepared::<C>(&with)),
                plain,
                "{n} pairs"
            );
        }
    }
    // A check that holds, e(aP, Q)·e(−P, aQ) = 1, and one that does not.
    let a = Fr::<C>::random(&mut rng);
    let (p, q) = (g1::<C>(&Fr::<C>::ONE), g2::<C>(&Fr::<C>::ONE));
    let (qp, aqp) = (G2Prepared::<C>::new(&q), G2Prepared::<C>::new(&g2::<C>(&a)));
    assert!(pairing_check_prepared::<C>(&[
        (g1::<C>(&a), &qp),
        (-p, &aqp)
    ]));
    assert!(!pairing_check_prepared::<C>(&[
        (g1::<C>(&a), &qp),
        (p, &aqp)
    ]));
}

/// The affine variable-time loop against the projective one after the final exponentiation:
/// below and above the affine threshold, identity points on either side, and a product of
/// pairings that is one (so that a wrong line would show in the check as well).
fn check_affine<C: PairingConfig>(seed: u64) {
    use ctt_pairing::affine_loop::{AFFINE_MIN_PAIRS, multi_miller_loop_vartime};
    use ctt_pairing::gt::{final_exponentiation, multi_miller_loop};
    let mut rng = XorShift(seed | 1);
    let mut pairs: Vec<ctt_pairing::Pair<C>> = (0..40)
        .map(|_| {
            (
                g1::<C>(&Fr::<C>::random(&mut rng)),
                g2::<C>(&Fr::<C>::random(&mut rng)),
            )
        })
        .collect();
    pairs[5].0 = Affine::<C::G1>::identity();
    pairs[9].1 = Affine::<C::G2>::identity();
    for n in [
        0,
        1,
        AFFINE_MIN_PAIRS - 1,
        AFFINE_MIN_PAIRS,
        AFFINE_MIN_PAIRS + 3,
        17,
        40,
    ] {
        assert_eq!(
            final_exponentiation(&multi_miller_loop_vartime::<C>(&pairs[..n])),
            final_exponentiation(&multi_miller_loop::<C>(&pairs[..n])),
            "{n} pairs"
        );
    }
    // ∏ e([aᵢ]P, [bᵢ]Q) · e(−[Σ aᵢbᵢ]P, Q) = 1 over 12 pairs, and not once one point changes.
    let ab: Vec<(Fr<C>, Fr<C>)> = (0..11)
        .map(|_| (Fr::<C>::random(&mut rng), Fr::<C>::random(&mut rng)))
        .collect();
    let sum = ab.iter().fold(Fr::<C>::ZERO, |s, (a, b)| s + *a * *b);
    let mut check: Vec<ctt_pairing::Pair<C>> =
        ab.iter().map(|(a, b)| (g1::<C>(a), g2::<C>(b))).collect();
    check.push((g1::<C>(&-sum), g2::<C>(&Fr::<C>::ONE)));
    let one = |c: &[ctt_pairing::Pair<C>]| {
        final_exponentiation(&multi_miller_loop_vartime::<C>(c))
            .is_identity()
            .to_bool_vartime()
    };
    assert!(one(&check));
    check[3].0 = g1::<C>(&(ab[3].0 + Fr::<C>::ONE));
    assert!(!one(&check));
}

#[test]
fn affine_bls12_381() {
    check_affine::<bls12_381::Bls12_381>(21);
}

#[test]
fn affine_bn254() {
    check_affine::<bn254::Bn254>(22);
}

#[test]
fn prepared_bls12_381() {
    check_prepared::<bls12_381::Bls12_381>(11);
}

#[test]
fn prepared_bn254() {
    check_prepared::<bn254::Bn254>(12);
}
