//! Feature `group`: the zkcrypto `group` traits on BLS12-381 and BN254 G1/G2, run through
//! `group`'s own generic test suite (`group::tests`, feature `tests`) and checked against the
//! native API and the encodings' rejection rules.

use core::convert::Infallible;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup, bls12_381, bn254};
use ctt_field::{Field as _, SqrtField as _};
use group::{Curve, CurveAffine, Group, GroupEncoding, UncompressedEncoding, Wnaf};
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

/// The group API against the native one: scalar multiplication, mixed addition, sums,
/// normalisation, wNAF, `mul_by_generator`, and the encodings' round trips.
macro_rules! same_as_native {
    ($cfg:ty, $fr:ty, $seed:expr) => {{
        type P = Projective<$cfg>;
        type A = Affine<$cfg>;
        let mut rng = SplitMix($seed);
        let g = <P as Group>::generator();
        assert_eq!(g, <P as CurveGroup>::generator());
        let mut points = Vec::new();
        for _ in 0..8 {
            let s = <$fr as ff::Field>::random(&mut rng);
            let t = <$fr as ff::Field>::random(&mut rng);
            let p = g * s;
            assert_eq!(p, CurveGroup::mul(&g, &s));
            assert_eq!(p, g.mul_vartime(&s));
            assert_eq!(<P as Group>::mul_by_generator(&s), p);
            assert_eq!(Curve::to_affine(&p) * s, CurveGroup::mul(&p, &s));
            assert_eq!(Curve::to_affine(&p) * t, p * t);
            let mut q = p;
            q *= &t;
            assert_eq!(q, p * t);
            // Mixed arithmetic in every form.
            let a = Curve::to_affine(&q);
            assert_eq!(a, CurveGroup::to_affine(&q));
            assert_eq!(p + a, p + q);
            assert_eq!(p + &a, p + q);
            assert_eq!(p - a, p - q);
            assert_eq!(p - &a, p - q);
            let mut r = p;
            r += a;
            r -= &a;
            r += &a;
            r -= a;
            assert_eq!(r, p);
            // wNAF (variable time, group's own code over our repr) equals the native product.
            let mut wnaf = Wnaf::new();
            assert_eq!(wnaf.scalar(&s).base(g), p);
            let base = group::WnafBase::<P, 4>::new(q);
            assert_eq!(&base * &group::WnafScalar::<$fr, 4>::new(&t), q * t);
            // Encodings round-trip, affine and projective.
            let bytes = GroupEncoding::to_bytes(&a);
            assert_eq!(<A as GroupEncoding>::from_bytes(&bytes).unwrap(), a);
            assert_eq!(
                <A as GroupEncoding>::from_bytes_unchecked(&bytes).unwrap(),
                a
            );
            assert_eq!(<P as GroupEncoding>::from_bytes(&bytes).unwrap(), q);
            assert_eq!(GroupEncoding::to_bytes(&q).as_ref(), bytes.as_ref());
            let unc = a.to_uncompressed();
            assert_eq!(A::from_uncompressed(&unc).unwrap(), a);
            assert_eq!(A::from_uncompressed_unchecked(&unc).unwrap(), a);
            points.push(p);
            points.push(<P as Group>::identity());
        }
        // Batch normalisation, identities included, equals one-by-one.
        let mut affine = vec![A::IDENTITY; points.len()];
        <P as Curve>::batch_normalize(&points, &mut affine);
        for (p, a) in points.iter().zip(&affine) {
            assert_eq!(Curve::to_affine(p), *a);
            assert_eq!(a.to_curve(), *p);
        }
        let sum: P = points.iter().sum();
        assert_eq!(sum, points.iter().fold(P::IDENTITY, |a, b| a + b));
        assert_eq!(points.clone().into_iter().sum::<P>(), sum);
        // The identity through the traits.
        let id = <A as CurveAffine>::identity();
        assert!(bool::from(CurveAffine::is_identity(&id)));
        assert!(!bool::from(CurveAffine::is_identity(
            &<A as CurveAffine>::generator()
        )));
        assert_eq!(
            <A as GroupEncoding>::from_bytes(&GroupEncoding::to_bytes(&id)).unwrap(),
            id
        );
        assert_eq!(A::from_uncompressed(&id.to_uncompressed()).unwrap(), id);
        // Random points are never the identity and lie in the subgroup.
        for _ in 0..4 {
            let p = <P as Group>::random(&mut rng);
            assert!(!bool::from(Group::is_identity(&p)));
            assert!(bool::from(CurveGroup::is_torsion_free(&p)));
        }
    }};
}

/// A point on the curve outside the prime-order subgroup: the first `x = k` with a `y`, then
/// `y` fixed; a curve with cofactor > 1 gives such a point almost surely (asserted).
fn off_subgroup<C: SwCurveConfig>(x_of: impl Fn(u64) -> C::Base) -> Affine<C> {
    for k in 1u64.. {
        let x = x_of(k);
        let rhs = x.square() * x + C::COEFF_B;
        if let Some(y) = rhs.sqrt().into_option() {
            let p = Affine::<C>::new_unchecked(x, y);
            assert!(bool::from(p.is_on_curve()));
            if !bool::from(p.is_torsion_free()) {
                return p;
            }
        }
    }
    unreachable!()
}

/// Encodings the checked decoders must refuse, and which of them the unchecked ones accept.
fn rejects<A: GroupEncoding + UncompressedEncoding + core::fmt::Debug + Eq>(
    off_subgroup: Option<A>,
    valid: A,
) {
    // Garbage: all ones (flags inconsistent, or coordinates ≥ p), and a flipped byte of a valid
    // encoding (off the curve, or no such x, or non-canonical; in any case not `valid`).
    let mut ones = A::Repr::default();
    ones.as_mut().fill(0xff);
    assert!(bool::from(A::from_bytes(&ones).is_none()));
    assert!(bool::from(A::from_bytes_unchecked(&ones).is_none()));
    let mut ones = A::Uncompressed::default();
    ones.as_mut().fill(0xff);
    assert!(bool::from(A::from_uncompressed(&ones).is_none()));
    assert!(bool::from(A::from_uncompressed_unchecked(&ones).is_none()));
    let mut unc = valid.to_uncompressed();
    let last = unc.as_ref().len() - 1;
    unc.as_mut()[last] ^= 1;
    assert!(bool::from(A::from_uncompressed(&unc).is_none()));
    assert!(bool::from(A::from_uncompressed_unchecked(&unc).is_none()));
    // On the curve, outside the subgroup: only the unchecked decoders take it.
    if let Some(p) = off_subgroup {
        let c = p.to_bytes();
        assert!(bool::from(A::from_bytes(&c).is_none()));
        assert_eq!(A::from_bytes_unchecked(&c).unwrap(), p);
        let u = p.to_uncompressed();
        assert!(bool::from(A::from_uncompressed(&u).is_none()));
        assert_eq!(A::from_uncompressed_unchecked(&u).unwrap(), p);
    }
}

mod bls12_381_g1 {
    use super::*;
    type G = bls12_381::G1Projective;
    #[test]
    fn group_suite() {
        group::tests::curve_tests::<G>();
        group::tests::random_wnaf_tests::<G>();
        group::tests::random_uncompressed_encoding_tests::<G>();
    }
    #[test]
    fn native() {
        same_as_native!(bls12_381::G1Config, ctt_field::bls12_381::Fr, 1);
    }
    #[test]
    fn invalid_encodings() {
        let p = off_subgroup::<bls12_381::G1Config>(ctt_field::bls12_381::Fp::from_u64);
        rejects(Some(p), <bls12_381::G1Affine as AffineRepr>::generator());
        // The compressed flag on an uncompressed encoding and vice versa.
        let mut c = GroupEncoding::to_bytes(&<bls12_381::G1Affine as AffineRepr>::generator());
        c.0[0] &= 0x7f;
        assert!(bool::from(bls12_381::G1Affine::from_bytes(&c).is_none()));
        assert_eq!(
            GroupEncoding::to_bytes(&<bls12_381::G1Affine as AffineRepr>::generator()).0,
            <bls12_381::G1Affine as AffineRepr>::generator().to_compressed()
        );
    }
    /// Fuzz finding (`interop_vs_blst`, an oracle difference): `(0, ±2)`, of order 3, encoded
    /// compressed as `0x80` or `0xa0` then zeros. The unchecked decoders take it, as zkcrypto's
    /// `bls12_381` does (on the curve, the subgroup not checked); blst's decoders alone refuse
    /// `x = 0` even unchecked (`BLST_POINT_NOT_IN_GROUP`); the checked decoders refuse it.
    #[test]
    fn order_three_points_x_zero() {
        use ctt_field::bls12_381::Fp;
        for y in [Fp::from_u64(2), -Fp::from_u64(2)] {
            let p = bls12_381::G1Affine::new_unchecked(Fp::ZERO, y);
            let c = GroupEncoding::to_bytes(&p);
            assert_eq!(c.0[0] & 0xc0, 0x80);
            assert!(c.0[1..].iter().all(|b| *b == 0));
            assert_eq!(bls12_381::G1Affine::from_bytes_unchecked(&c).unwrap(), p);
            assert!(bool::from(bls12_381::G1Affine::from_bytes(&c).is_none()));
            type A = bls12_381::G1Affine;
            let u = UncompressedEncoding::to_uncompressed(&p);
            assert_eq!(
                <A as UncompressedEncoding>::from_uncompressed_unchecked(&u).unwrap(),
                p
            );
            assert!(bool::from(
                <A as UncompressedEncoding>::from_uncompressed(&u).is_none()
            ));
            let g = bls12_381::G1Projective::from(p);
            assert_eq!(g + g + g, bls12_381::G1Projective::IDENTITY);
        }
    }
    use ctt_field::PrimeField as _;
}

mod bls12_381_g2 {
    use super::*;
    type G = bls12_381::G2Projective;
    #[test]
    fn group_suite() {
        group::tests::curve_tests::<G>();
        group::tests::random_wnaf_tests::<G>();
        group::tests::random_uncompressed_encoding_tests::<G>();
    }
    #[test]
    fn native() {
        same_as_native!(bls12_381::G2Config, ctt_field::bls12_381::Fr, 2);
    }
    #[test]
    fn invalid_encodings() {
        let p = off_subgroup::<bls12_381::G2Config>(|k| {
            ctt_field::bls12_381::Fp2::new(
                ctt_field::bls12_381::Fp::from_u64(k),
                ctt_field::bls12_381::Fp::ONE,
            )
        });
        rejects(Some(p), <bls12_381::G2Affine as AffineRepr>::generator());
        assert_eq!(
            UncompressedEncoding::to_uncompressed(&<bls12_381::G2Affine as AffineRepr>::generator()).0,
            <bls12_381::G2Affine as AffineRepr>::generator().to_uncompressed()
        );
    }
    use ctt_field::PrimeField as _;
}

mod bn254_g1 {
    use super::*;
    type G = bn254::G1Projective;
    #[test]
    fn group_suite() {
        group::tests::curve_tests::<G>();
        group::tests::random_wnaf_tests::<G>();
        group::tests::random_uncompressed_encoding_tests::<G>();
    }
    #[test]
    fn native() {
        same_as_native!(bn254::G1Config, ctt_field::bn254::Fr, 3);
    }
    #[test]
    fn invalid_encodings() {
        // Cofactor 1: every curve point is in the group, so no off-subgroup case.
        rejects(None, <bn254::G1Affine as AffineRepr>::generator());
        // The EVM encoding, identity = zeros.
        let g = <bn254::G1Affine as AffineRepr>::generator();
        assert_eq!(GroupEncoding::to_bytes(&g).0, g.to_evm_bytes());
        assert_eq!(
            GroupEncoding::to_bytes(&bn254::G1Affine::IDENTITY).0,
            [0u8; 64]
        );
        // (1, 2) is the generator; (1, 3) is off the curve.
        let mut b = g.to_evm_bytes();
        b[63] = 3;
        assert!(bool::from(
            bn254::G1Affine::from_bytes(&ctt_field::ByteRepr(b)).is_none()
        ));
    }
}

mod bn254_g2 {
    use super::*;
    type G = bn254::G2Projective;
    #[test]
    fn group_suite() {
        group::tests::curve_tests::<G>();
        group::tests::random_wnaf_tests::<G>();
        group::tests::random_uncompressed_encoding_tests::<G>();
    }
    #[test]
    fn native() {
        same_as_native!(bn254::G2Config, ctt_field::bn254::Fr, 4);
    }
    #[test]
    fn invalid_encodings() {
        let p = off_subgroup::<bn254::G2Config>(|k| {
            ctt_field::bn254::Fp2::new(ctt_field::bn254::Fp::from_u64(k), ctt_field::bn254::Fp::ONE)
        });
        rejects(Some(p), <bn254::G2Affine as AffineRepr>::generator());
        let g = <bn254::G2Affine as AffineRepr>::generator();
        assert_eq!(GroupEncoding::to_bytes(&g).0, g.to_evm_bytes());
    }
    use ctt_field::PrimeField as _;
}

#[test]
fn byte_repr_defaults_to_zeros() {
    assert_eq!(ctt_field::ByteRepr::<96>::default().0, [0u8; 96]);
}
