//! Feature `pairing`: `pairing::Engine`/`MultiMillerLoop` for BLS12-381 and BN254, exercised by
//! generic code that knows only the zkcrypto traits (as a bellman-style verifier does), against
//! ctt-pairing's native functions; the engine points through `group`'s own test suite.

use core::convert::Infallible;
use ctt_pairing::pairing_interop::{bls12_381 as bls, bn254 as bn};
use group::ff::Field;
use group::{Curve, CurveAffine, Group};
use pairing::{Engine, MillerLoopResult, MultiMillerLoop, PairingCurveAffine};
use rand_core::TryRng;

struct SplitMix(u64);
impl TryRng for SplitMix {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.try_next_u64()? as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Ok(z ^ (z >> 31))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for c in dst.chunks_mut(8) {
            let w = self.try_next_u64()?.to_le_bytes();
            c.copy_from_slice(&w[..c.len()]);
        }
        Ok(())
    }
}

/// Bilinearity, non-degeneracy and the Miller-loop/final-exponentiation split, through the
/// `pairing` traits only.
fn engine_laws<E: MultiMillerLoop>(seed: u64) {
    let mut rng = SplitMix(seed);
    let (g1, g2) = (E::G1Affine::generator(), E::G2Affine::generator());
    let e = E::pairing(&g1, &g2);
    assert!(!bool::from(e.is_identity()));
    assert_eq!(e, E::Gt::generator());
    assert_eq!(g1.pairing_with(&g2), e);
    assert_eq!(g2.pairing_with(&g1), e);
    for _ in 0..3 {
        let (a, b) = (E::Fr::random(&mut rng), E::Fr::random(&mut rng));
        let p = (g1 * a).to_affine();
        let q = (g2 * b).to_affine();
        let e_ab = E::pairing(&p, &q);
        // e([a]P, [b]Q) = e(P, Q)^(ab) = e([ab]P, Q) = e(P, [ab]Q).
        assert_eq!(e_ab, e * (a * b));
        assert_eq!(e_ab, E::pairing(&(g1 * (a * b)).to_affine(), &g2));
        assert_eq!(e_ab, E::pairing(&g1, &(g2 * (a * b)).to_affine()));
        // Additivity in each argument: e(P + P', Q) = e(P, Q) + e(P', Q) (Gt written additively).
        let p2 = (g1 * b).to_affine();
        let sum = (E::G1::from(p) + p2).to_affine();
        assert_eq!(E::pairing(&sum, &q), e_ab + E::pairing(&p2, &q));
        assert_eq!(E::pairing(&(-p), &q), -e_ab);
        // A product-of-pairings check: e([a]G1, [b]G2) · e(−[ab]G1, G2) = 1.
        let prep_q = E::G2Prepared::from(q);
        let prep_g2 = E::prepare_reusable_g2(g2);
        let neg = (-(g1 * (a * b))).to_affine();
        let ml = E::multi_miller_loop(&[(&p, &prep_q), (&neg, &prep_g2)]);
        assert!(bool::from(ml.final_exponentiation().is_identity()));
        // MillerLoopResult addition is the product of the loops.
        let m1 = E::multi_miller_loop(&[(&p, &prep_q)]);
        let m2 = E::multi_miller_loop(&[(&neg, &prep_g2)]);
        assert!(bool::from((m1 + m2).final_exponentiation().is_identity()));
        let mut m3 = m1;
        m3 += &m2;
        assert!(bool::from(m3.final_exponentiation().is_identity()));
        assert_eq!(m1.final_exponentiation(), e_ab);
        // A wrong claim fails.
        let wrong = E::multi_miller_loop(&[(&p, &prep_q), (&-g1, &prep_g2)]);
        assert!(!bool::from(wrong.final_exponentiation().is_identity()));
    }
    // The empty loop and the identity's pairings are one.
    assert!(bool::from(
        E::Result::default().final_exponentiation().is_identity()
    ));
    assert!(bool::from(
        E::multi_miller_loop(&[])
            .final_exponentiation()
            .is_identity()
    ));
    assert!(bool::from(
        E::pairing(&E::G1Affine::identity(), &g2).is_identity()
    ));
    assert!(bool::from(
        E::pairing(&g1, &E::G2Affine::identity()).is_identity()
    ));
}

/// `Gt` as an additive `group::Group`.
fn gt_group<E: Engine>(seed: u64) {
    let mut rng = SplitMix(seed);
    let g = E::Gt::generator();
    let id = E::Gt::identity();
    assert!(bool::from(id.is_identity()));
    assert_eq!(g + id, g);
    let h = g;
    assert_eq!(g - h, id);
    assert_eq!(g + (-g), id);
    assert_eq!(g.double(), g + g);
    assert_eq!(g * E::Fr::from(3), g + g + g);
    assert_eq!(g * -E::Fr::ONE, -g);
    assert_eq!(g * E::Fr::ZERO, id);
    let r = E::Gt::random(&mut rng);
    assert!(!bool::from(r.is_identity()));
    let (a, b) = (E::Fr::random(&mut rng), E::Fr::random(&mut rng));
    assert_eq!(r * a + r * b, r * (a + b));
    assert_eq!((r * a) * b, r * (a * b));
    let mut s = r;
    s += g;
    s -= &g;
    s *= &a;
    assert_eq!(s, r * a);
    assert_eq!([r, g, r].iter().sum::<E::Gt>(), r + g + r);
    assert_eq!([r, g].into_iter().sum::<E::Gt>(), r + g);
    assert_eq!(E::Gt::mul_by_generator(&a), g * a);
}

#[test]
fn bls12_381_engine() {
    engine_laws::<bls::Engine>(1);
}

#[test]
fn bn254_engine() {
    engine_laws::<bn::Engine>(2);
}

#[test]
fn bls12_381_gt() {
    gt_group::<bls::Engine>(3);
}

#[test]
fn bn254_gt() {
    gt_group::<bn::Engine>(4);
}

/// The engines return exactly ctt-pairing's native values (a module of its own: with both
/// `group::Curve` and `CurveGroup` in scope, `to_affine` would be ambiguous).
mod native {
    use ctt_curves::{AffineRepr, CurveGroup};
    use ctt_field::PrimeField;
    use ctt_pairing::pairing_interop::{EnginePoint, bls12_381 as bls, bn254 as bn};
    use pairing::{Engine, MultiMillerLoop};

    #[test]
    fn same_as_native() {
        let a = ctt_field::bls12_381::Fr::from_u64(1234567);
        let p = ctt_curves::bls12_381::G1Projective::generator()
            .mul(&a)
            .to_affine();
        let q = ctt_curves::bls12_381::G2Affine::generator();
        assert_eq!(
            <bls::Engine as Engine>::pairing(&EnginePoint(p), &EnginePoint(q)),
            ctt_pairing::bls12_381::pairing(&p, &q)
        );
        let prep = ctt_pairing::bls12_381::G2Prepared::new(&q);
        assert_eq!(
            <bls::Engine as MultiMillerLoop>::multi_miller_loop(&[(&EnginePoint(p), &prep)])
                .final_exponentiation(),
            ctt_pairing::bls12_381::multi_pairing(&[(p, q)])
        );
        let b = ctt_field::bn254::Fr::from_u64(7654321);
        let p = ctt_curves::bn254::G1Projective::generator()
            .mul(&b)
            .to_affine();
        let q = ctt_curves::bn254::G2Affine::generator();
        assert_eq!(
            <bn::Engine as Engine>::pairing(&EnginePoint(p), &EnginePoint(q)),
            ctt_pairing::bn254::pairing(&p, &q)
        );
        // The wrapper's conversions and encodings are the native ones.
        let w: bn::G1 = EnginePoint(p.to_group());
        assert_eq!(bn::G1Affine::from(w).0, p);
        assert_eq!(bn::G1::from(EnginePoint(p)), w);
        assert_eq!(
            group::GroupEncoding::to_bytes(&EnginePoint(p)).0,
            p.to_evm_bytes()
        );
        let decoded: bn::G1Affine =
            group::GroupEncoding::from_bytes(&group::GroupEncoding::to_bytes(&EnginePoint(p)))
                .unwrap();
        assert_eq!(decoded.0, p);
        let id = EnginePoint(ctt_curves::bn254::G1Affine::IDENTITY);
        let mut out = [id; 2];
        <bn::G1 as group::Curve>::batch_normalize(
            &[w, EnginePoint(ctt_curves::bn254::G1Projective::IDENTITY)],
            &mut out,
        );
        assert_eq!(out, [EnginePoint(p), id]);
    }
}

/// `group`'s own suite on the engine points (the forwarding layer).
#[test]
fn group_suite_on_engine_points() {
    group::tests::curve_tests::<bls::G1>();
    group::tests::random_wnaf_tests::<bls::G1>();
    group::tests::random_uncompressed_encoding_tests::<bls::G1>();
    group::tests::curve_tests::<bls::G2>();
    group::tests::curve_tests::<bn::G1>();
    group::tests::curve_tests::<bn::G2>();
    group::tests::random_uncompressed_encoding_tests::<bn::G2>();
}
