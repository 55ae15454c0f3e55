//! `Affine::add_vartime` (one inversion, public data) against the complete projective addition
//! on every curve, with the exceptional cases: identities, equal points (the tangent, with
//! `a = −3` on P-256), opposite points.

use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_curves::{CurveGroup, bls12_381, bn254, p256, secp256k1};
use ctt_field::{Field, Rng};

struct Sm(u64);
impl Rng for Sm {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z ^ (z >> 31)
    }
}

fn check<C: SwCurveConfig>(seed: u64)
where
    Projective<C>: CurveGroup<Affine = Affine<C>, Scalar = C::Scalar>,
{
    let mut rng = Sm(seed);
    let g = Projective::<C>::generator();
    let mut points: Vec<Affine<C>> = (0..6)
        .map(|_| g.mul_vartime(&C::Scalar::random(&mut rng)).to_affine())
        .collect();
    points.push(Affine::IDENTITY);
    points.push(-points[0]);
    for a in &points {
        for b in &points {
            let want = (Projective::from(*a) + Projective::from(*b)).to_affine();
            assert_eq!(a.add_vartime(b), want, "{}", C::NAME);
            let sum = Projective::from(*a) + Projective::from(*b);
            assert_eq!(sum.to_affine_vartime(), want, "{}", C::NAME);
        }
    }
}

#[test]
fn affine_addition_matches_the_complete_formulas() {
    check::<bls12_381::G1Config>(1);
    check::<bls12_381::G2Config>(2);
    check::<bn254::G1Config>(3);
    check::<bn254::G2Config>(4);
    check::<secp256k1::Config>(5);
    check::<p256::Config>(6);
}
