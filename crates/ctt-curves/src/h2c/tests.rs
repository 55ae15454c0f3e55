//! Unit tests of the internals that the public API does not expose: `sqrt_ratio` against its
//! definition, the complete addition on E′ against the affine chord-and-tangent law, the isogeny as
//! a homomorphism, and the derived constants.

extern crate std;

use super::sswu::{IsoPoint, map_to_iso_curve};
use super::{H2cConfig, isogeny::iso_map};
use crate::bls12_381::{G1Config, G2Config};
use crate::sw::Projective;
use ctt_bigint::ConstantTimeEq;
use ctt_field::bls12_381::{Fp, Fp2};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use std::vec;
use std::vec::Vec;

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

fn check_sqrt_ratio<C: H2cConfig>(rng: &mut SplitMix) {
    let mut cases = vec![(C::Base::ZERO, C::Base::ONE), (C::Base::ONE, C::Base::ONE)];
    for _ in 0..32 {
        cases.push((C::Base::random(rng), C::Base::random(rng)));
    }
    for (u, v) in cases {
        let (qr, y) = C::sqrt_ratio(&u, &v);
        if u.is_zero_vartime() {
            // F.2.1.1 reports u = 0 as a non-square (F.2.1.2 as a square); both give y = 0, and
            // SSWU never asks (g(x) = 0 would be a point of order 2 on E′).
            assert!(y.is_zero_vartime());
            continue;
        }
        let ratio = u * v.invert().unwrap();
        assert_eq!(bool::from(qr), bool::from(ratio.is_square()), "is_QR");
        let target = if bool::from(qr) { u } else { C::SSWU_Z * u };
        assert_eq!(y.square() * v, target, "sqrt_ratio root");
    }
    assert!(!bool::from(C::SSWU_Z.is_square()), "Z must be a non-square");
}

/// The norm-based Fp2 `sqrt_ratio` agrees with the RFC's generic F.2.1.1 (same `is_QR`, roots equal
/// up to sign), including on real and purely imaginary inputs, where the complex method has its
/// special cases.
#[test]
fn sqrt_ratio_fp2_matches_rfc_generic() {
    let mut rng = SplitMix(3);
    let mut cases = vec![];
    for _ in 0..24 {
        let (a, b) = (Fp::random(&mut rng), Fp::random(&mut rng));
        let v = Fp2::random(&mut rng);
        cases.push((Fp2::new(a, b), v));
        cases.push((Fp2::new(a, Fp::ZERO), v));
        cases.push((Fp2::new(Fp::ZERO, b), v));
        cases.push((Fp2::new(a, Fp::ZERO), Fp2::ONE));
        cases.push((Fp2::new(Fp::ZERO, b), Fp2::ONE));
        cases.push((v.square(), Fp2::ONE));
    }
    for (u, v) in cases {
        let (qr, y) = G2Config::sqrt_ratio(&u, &v);
        let (qr_ref, y_ref) =
            super::sqrt_ratio::sqrt_ratio_generic(&u, &v, &super::g2::reference::SQRT_RATIO);
        assert_eq!(bool::from(qr), bool::from(qr_ref), "is_QR for {u:?}/{v:?}");
        assert!(y == y_ref || y == -y_ref, "root for {u:?}/{v:?}");
    }
}

#[test]
fn sqrt_ratio_matches_definition() {
    let mut rng = SplitMix(1);
    check_sqrt_ratio::<G1Config>(&mut rng);
    check_sqrt_ratio::<G2Config>(&mut rng);
}

/// Affine chord-and-tangent addition on E′ (variable time, with inversions): the reference.
fn affine_add<C: H2cConfig>(p: &IsoPoint<C>, q: &IsoPoint<C>) -> Option<(C::Base, C::Base)> {
    let (x1, y1) = affine(p)?;
    let (x2, y2) = affine(q)?;
    let lambda = if x1 == x2 {
        if y1 != y2 || y1.is_zero_vartime() {
            return None; // P = −Q
        }
        (x1.square().double() + x1.square() + C::ISO_A) * y1.double().invert().unwrap()
    } else {
        (y2 - y1) * (x2 - x1).invert().unwrap()
    };
    let x3 = lambda.square() - x1 - x2;
    Some((x3, lambda * (x1 - x3) - y1))
}

fn affine<C: H2cConfig>(p: &IsoPoint<C>) -> Option<(C::Base, C::Base)> {
    let zi = p.z.invert().into_option()?;
    Some((p.x * zi, p.y * zi))
}

fn iso_identity<C: H2cConfig>() -> IsoPoint<C> {
    IsoPoint {
        x: C::Base::ZERO,
        y: C::Base::ONE,
        z: C::Base::ZERO,
    }
}

fn check_iso_curve_law<C: H2cConfig>(rng: &mut SplitMix) {
    let o = iso_identity::<C>();
    for _ in 0..16 {
        let p = map_to_iso_curve::<C>(&C::Base::random(rng));
        let q = map_to_iso_curve::<C>(&C::Base::random(rng));
        assert!(
            p.is_on_curve_vartime() && q.is_on_curve_vartime(),
            "SSWU output off E′"
        );
        // A non-trivial Z, so the formulas see unnormalised inputs.
        let s = C::Base::random(rng);
        let p2 = IsoPoint::<C> {
            x: p.x * s,
            y: p.y * s,
            z: p.z * s,
        };
        for (a, b) in [(p2, q), (p, p2)] {
            let sum = a.add_complete(&b);
            assert!(sum.is_on_curve_vartime());
            assert_eq!(affine(&sum), affine_add(&a, &b), "P + Q");
        }
        let neg = IsoPoint::<C> {
            x: p.x,
            y: -p.y,
            z: p.z,
        };
        assert!(bool::from(p.add_complete(&neg).z.is_zero()), "P + (−P) = O");
        assert!(bool::from(p.add_complete(&o).ct_eq(&p)), "P + O = P");
        assert!(bool::from(o.add_complete(&p2).ct_eq(&p)), "O + P = P");
        assert!(bool::from(o.add_complete(&o).z.is_zero()), "O + O = O");

        // The isogeny is a homomorphism: one evaluation of the sum = the sum of two evaluations.
        let lhs: Projective<C> = iso_map(&p.add_complete(&q));
        let rhs = iso_map(&p).add_complete(&iso_map(&q));
        assert_eq!(lhs, rhs, "iso(P + Q) = iso(P) + iso(Q)");
        assert!(bool::from(iso_map(&o).is_identity_ct()), "iso(O) = O");
    }
}

#[test]
fn iso_curve_addition_is_complete_and_isogeny_is_homomorphic() {
    let mut rng = SplitMix(2);
    check_iso_curve_law::<G1Config>(&mut rng);
    check_iso_curve_law::<G2Config>(&mut rng);
}

/// The exceptional SSWU input u = 0 (tv2 = 0) gives `x = B′/(Z·A′)` (RFC 9380 §6.6.2).
#[test]
fn sswu_exceptional_case() {
    fn check<C: H2cConfig>() {
        let p = map_to_iso_curve::<C>(&C::Base::ZERO);
        let (x, _) = affine(&p).unwrap();
        assert_eq!(x, C::ISO_B * (C::SSWU_Z * C::ISO_A).invert().unwrap());
        assert!(p.is_on_curve_vartime());
    }
    check::<G1Config>();
    check::<G2Config>();
}

#[test]
fn derived_constants() {
    use num_bigint::BigUint;
    let p = BigUint::parse_bytes(
        b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        16,
    )
    .unwrap();
    let limbs = |w: &[u64]| {
        BigUint::from_slice(
            &w.iter()
                .flat_map(|x| [*x as u32, (x >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    };
    let c3 = limbs(&super::g2::reference::C3.0);
    let c2 = (&p * &p - 1u32) >> 3;
    assert_eq!(&c2 % 2u32, BigUint::from(1u32), "2-adicity of p² − 1 is 3");
    assert_eq!(c3, (&c2 - 1u32) >> 1);
    assert_eq!(G1Config::ISO_B3, G1Config::ISO_B.double() + G1Config::ISO_B);
    assert_eq!(G2Config::ISO_B3, G2Config::ISO_B.double() + G2Config::ISO_B);
    assert_eq!(super::g1::SQRT_MINUS_Z.square(), -G1Config::SSWU_Z);
    assert_eq!(
        G2Config::SSWU_Z,
        -Fp2::new(<Fp as PrimeField>::from_u64(2), Fp::ONE)
    );
    // c6 = Z^c2 has order exactly 2^c1 = 8 (Z is a non-square), and c7² = Z·c6.
    let k = &super::g2::reference::SQRT_RATIO;
    assert_eq!(k.c6.square().square(), -Fp2::ONE);
    assert_eq!(k.c7.square(), G2Config::SSWU_Z * k.c6);
    // The norm of Z and its (p−3)/4-th power, used by the norm-based Fp2 sqrt_ratio.
    assert_eq!(super::g2::NORM_Z, G2Config::SSWU_Z.norm());
    assert!(!bool::from(super::g2::NORM_Z.is_square()));
    assert_eq!(
        super::g2::NORM_Z_POW,
        super::g2::NORM_Z.pow_p_minus_3_over_4()
    );
}
