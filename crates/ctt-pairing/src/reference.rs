//! Reference pairing: the textbook algorithm, kept to test the fast path against (STYLE.md §7).
//!
//! * Miller loop: G2 points untwisted into `E(Fp12)` (`(x/w², y/w³)` for an M-twist, `(x·w²,
//!   y·w³)` for a D-twist), binary double-and-add over `|s|` with **affine** lines
//!   `ℓ_{T,U}(P) = (yP − y_T) − λ(xP − x_T)` computed with Fp12 inversions, vertical lines dropped
//!   (they lie in Fp6 and vanish in the final exponentiation), conjugation for `s < 0`; BN adds the
//!   lines through `π(Q)` and `−π²(Q)` with π the p-power map on Fp12 coordinates (no ψ constants).
//! * Final exponentiation: one plain exponentiation by `m·(p¹² − 1)/r`, computed as a big integer.
//!
//! Nothing here is constant time or fast (a pairing takes tens of milliseconds).

use crate::engine::{PairingConfig, Twist};
use alloc::vec::Vec;
use ctt_curves::sw::Affine;
use ctt_field::tower::{Fp2, Fp6, Fp12};
use ctt_field::{ExtensionField, Field, PrimeField};
use num_bigint::BigUint;

type F12<C> = Fp12<<C as PairingConfig>::Tower>;

/// An affine point of `E(Fp12)` (never the identity inside the loop).
#[derive(Clone, Copy)]
struct Pt<C: PairingConfig> {
    x: F12<C>,
    y: F12<C>,
}

fn w<C: PairingConfig>() -> F12<C> {
    Fp12::new(Fp6::ZERO, Fp6::ONE)
}

fn embed_fp2<C: PairingConfig>(a: &Fp2<<C::Tower as ctt_field::tower::TowerConfig>::Fp>) -> F12<C> {
    Fp12::new(Fp6::new(*a, Fp2::ZERO, Fp2::ZERO), Fp6::ZERO)
}

/// The untwisting map of `C::TWIST`.
fn untwist<C: PairingConfig>(q: &Affine<C::G2>) -> Pt<C> {
    let w2 = w::<C>().square();
    let w3 = w2 * w::<C>();
    let (x, y) = (embed_fp2::<C>(&q.x), embed_fp2::<C>(&q.y));
    match C::TWIST {
        Twist::M => Pt {
            x: x * w2.invert().unwrap(),
            y: y * w3.invert().unwrap(),
        },
        Twist::D => Pt {
            x: x * w2,
            y: y * w3,
        },
    }
}

/// The affine line through `t` and `u` (tangent when equal) at `(xp, yp)`, and `t + u`.
fn line_and_add<C: PairingConfig>(
    t: &Pt<C>,
    u: &Pt<C>,
    xp: &F12<C>,
    yp: &F12<C>,
) -> (F12<C>, Pt<C>) {
    let lambda = if t.x == u.x {
        let x2 = t.x.square();
        (x2.double() + x2) * t.y.double().invert().unwrap()
    } else {
        (u.y - t.y) * (u.x - t.x).invert().unwrap()
    };
    let l = (*yp - t.y) - lambda * (*xp - t.x);
    let x3 = lambda.square() - t.x - u.x;
    let y3 = lambda * (t.x - x3) - t.y;
    (l, Pt { x: x3, y: y3 })
}

/// The Miller value `f_{s,Q}(P)` (times the BN Frobenius lines), by the textbook algorithm; 1 when
/// either point is the identity.
pub fn miller_loop<C: PairingConfig>(p: &Affine<C::G1>, q: &Affine<C::G2>) -> F12<C> {
    if p.infinity.to_bool_vartime() || q.infinity.to_bool_vartime() {
        return Fp12::ONE;
    }
    let embed = |a| embed_fp2::<C>(&Fp2::new(a, Field::ZERO));
    let (xp, yp) = (embed(p.x), embed(p.y));
    let q12 = untwist::<C>(q);
    // |s| as an integer from its digits.
    let mut s: u128 = 0;
    for i in (0..C::LOOP.len).rev() {
        s *= 2;
        s = (s as i128 + C::LOOP.digits[i] as i128) as u128;
    }
    let mut f = F12::<C>::ONE;
    let mut t = q12;
    for i in (0..128 - s.leading_zeros() - 1).rev() {
        let (l, t2) = line_and_add(&t, &t, &xp, &yp);
        f = f.square() * l;
        t = t2;
        if (s >> i) & 1 == 1 {
            let (l, t2) = line_and_add(&t, &q12, &xp, &yp);
            f *= l;
            t = t2;
        }
    }
    if C::LOOP_NEGATIVE {
        f = f.conjugate();
    }
    if C::FROBENIUS_LINES {
        let pi = |a: &Pt<C>| Pt::<C> {
            x: a.x.frobenius_map(1),
            y: a.y.frobenius_map(1),
        };
        let q1 = pi(&q12);
        let q2 = pi(&q1);
        let q2 = Pt::<C> { x: q2.x, y: -q2.y };
        let (l, t2) = line_and_add(&t, &q1, &xp, &yp);
        f *= l;
        let (l, _) = line_and_add(&t2, &q2, &xp, &yp);
        f *= l;
    }
    f
}

/// `f^(m·(p¹² − 1)/r)` by one plain exponentiation.
pub fn final_exponentiation<C: PairingConfig>(f: &F12<C>, m: &BigUint) -> F12<C> {
    let p = BigUint::from_slice(
        &<<C::Tower as ctt_field::tower::TowerConfig>::Fp as PrimeField>::MODULUS_LIMBS
            .iter()
            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
            .collect::<Vec<_>>(),
    );
    let r = BigUint::from_slice(
        &<<C::G1 as ctt_curves::sw::SwCurveConfig>::Scalar as PrimeField>::MODULUS_LIMBS
            .iter()
            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
            .collect::<Vec<_>>(),
    );
    let e = (p.pow(12u32) - 1u32) / &r * m;
    f.pow_vartime(&e.to_u64_digits())
}

/// The reference pairing `e(P, Q)^m`.
pub fn pairing<C: PairingConfig>(p: &Affine<C::G1>, q: &Affine<C::G2>, m: &BigUint) -> F12<C> {
    final_exponentiation::<C>(&miller_loop::<C>(p, q), m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bls12_381, bn254};
    use ctt_curves::{AffineRepr, CurveGroup};
    use ctt_field::Rng;

    struct XorShift(u64);
    impl Rng for XorShift {
        fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn points<C: PairingConfig>(rng: &mut XorShift) -> (Affine<C::G1>, Affine<C::G2>) {
        use ctt_curves::sw::SwCurveConfig;
        let a = <C::G1 as SwCurveConfig>::Scalar::random(rng);
        let b = <C::G1 as SwCurveConfig>::Scalar::random(rng);
        let p = Affine::<C::G1>::generator().to_group().mul(&a).to_affine();
        let q = Affine::<C::G2>::generator().to_group().mul(&b).to_affine();
        (p, q)
    }

    #[test]
    fn bls12_381_fast_equals_reference() {
        let mut rng = XorShift(0x1234_5678_9abc_def1);
        let m = BigUint::from(3u32);
        for _ in 0..2 {
            let (p, q) = points::<bls12_381::Bls12_381>(&mut rng);
            let fast = bls12_381::pairing(&p, &q);
            let slow = pairing::<bls12_381::Bls12_381>(&p, &q, &m);
            assert_eq!(*fast.as_fp12(), slow);
        }
    }

    #[test]
    fn bn254_fast_equals_reference() {
        let mut rng = XorShift(0x0fed_cba9_8765_4321);
        let x0 = BigUint::from(ctt_curves::bn254::X0);
        let m = 2u32 * &x0 * (6u32 * &x0 * &x0 + 3u32 * &x0 + 1u32);
        for _ in 0..2 {
            let (p, q) = points::<bn254::Bn254>(&mut rng);
            let fast = bn254::pairing(&p, &q);
            let slow = pairing::<bn254::Bn254>(&p, &q, &m);
            assert_eq!(*fast.as_fp12(), slow);
        }
    }

    /// The fast final exponentiation on the reference Miller value, and the reference final
    /// exponentiation on the fast Miller value, isolate a failing half.
    #[test]
    fn halves_agree() {
        let mut rng = XorShift(42);
        let (p, q) = points::<bls12_381::Bls12_381>(&mut rng);
        let m = BigUint::from(3u32);
        let f_fast = *bls12_381::multi_miller_loop(&[(p, q)]).as_fp12();
        let f_ref = miller_loop::<bls12_381::Bls12_381>(&p, &q);
        assert_eq!(
            final_exponentiation::<bls12_381::Bls12_381>(&f_fast, &m),
            final_exponentiation::<bls12_381::Bls12_381>(&f_ref, &m),
            "Miller loops differ"
        );
        let e = bls12_381::final_exponentiation(&crate::MillerLoopResult(f_ref));
        assert_eq!(
            *e.as_fp12(),
            final_exponentiation::<bls12_381::Bls12_381>(&f_ref, &m),
            "final exponentiations differ"
        );
    }
}
