//! The target group `GT` (order r, inside the cyclotomic subgroup of Fp12*) and the unreduced
//! Miller-loop value.
//!
//! `Gt` is written multiplicatively, like the field it lives in: the group law is `*`, the inverse
//! is conjugation (free on unitary elements), `pow` is a constant-time fixed-window exponentiation
//! with cyclotomic squarings: 252 squarings (6.5m each, Granger–Scott) and 64 multiplications for
//! a 256-bit exponent.

use crate::engine::{Pair, PairingConfig};
use crate::{cyclotomic, final_exp, miller_loop};
use core::fmt;
use core::ops::{Mul, MulAssign};
use ctt_bigint::{Choice, ConditionallySelectable, ConstantTimeEq};
use ctt_curves::AffineRepr;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_field::tower::Fp12;
use ctt_field::{ExtensionField, Field, PrimeField};

type Fr<C> = <<C as PairingConfig>::G1 as SwCurveConfig>::Scalar;

/// An element of the target group GT of the pairing (an r-th root of unity in Fp12).
pub struct Gt<C: PairingConfig>(pub(crate) Fp12<C::Tower>);

/// The product of Miller-loop values of one or more pairs, before the final exponentiation. Only
/// its image under [`MillerLoopResult::final_exponentiation`] is meaningful.
pub struct MillerLoopResult<C: PairingConfig>(pub(crate) Fp12<C::Tower>);

impl<C: PairingConfig> Gt<C> {
    /// The neutral element (1).
    pub fn identity() -> Self {
        Gt(Fp12::ONE)
    }

    /// `e(G1, G2)` for the standard generators (computed: one pairing).
    pub fn generator() -> Self {
        pairing::<C>(&Affine::generator(), &Affine::generator())
    }

    /// Whether this is the neutral element, in constant time.
    pub fn is_identity(&self) -> Choice {
        self.0.ct_eq(&Fp12::ONE)
    }

    /// The inverse (the conjugate, since GT elements are unitary).
    pub fn inverse(&self) -> Self {
        Gt(self.0.conjugate())
    }

    /// `self²` (one cyclotomic squaring).
    pub fn square(&self) -> Self {
        Gt(cyclotomic::cyclotomic_square(&self.0))
    }

    /// `self^k`, constant time in `self` and `k`: a fixed 4-bit window over the 256-bit canonical
    /// form of `k`, the table read by masked scan, cyclotomic squarings.
    pub fn pow(&self, k: &Fr<C>) -> Self {
        let bytes = k.to_bytes_le();
        let bytes = bytes.as_ref();
        let mut table = [Fp12::<C::Tower>::ONE; 16];
        for i in 1..16 {
            table[i] = table[i - 1] * self.0;
        }
        let mut acc = Fp12::<C::Tower>::ONE;
        let windows = 2 * bytes.len();
        for w in (0..windows).rev() {
            if w != windows - 1 {
                // acc = 1 before the first window: skipping its squarings depends on nothing secret.
                for _ in 0..4 {
                    acc = cyclotomic::cyclotomic_square(&acc);
                }
            }
            let nibble = u64::from((bytes[w / 2] >> (4 * (w % 2))) & 0xf);
            let mut entry = Fp12::<C::Tower>::ONE;
            for (idx, t) in table.iter().enumerate() {
                entry.conditional_assign(t, (idx as u64).ct_eq(&nibble));
            }
            acc *= entry;
        }
        Gt(acc)
    }

    /// The underlying Fp12 element.
    pub fn as_fp12(&self) -> &Fp12<C::Tower> {
        &self.0
    }
}

impl<C: PairingConfig> MillerLoopResult<C> {
    /// The final exponentiation; see [`final_exponentiation`].
    pub fn final_exponentiation(&self) -> Gt<C> {
        final_exponentiation(self)
    }

    /// The underlying Fp12 element.
    pub fn as_fp12(&self) -> &Fp12<C::Tower> {
        &self.0
    }
}

/// `∏ᵢ f_{s,Qᵢ}(Pᵢ)`; pairs with an identity point contribute 1. Constant time in the points.
pub fn multi_miller_loop<C: PairingConfig>(pairs: &[Pair<C>]) -> MillerLoopResult<C> {
    MillerLoopResult(miller_loop::multi_miller_loop::<C>(pairs))
}

/// `f^(m·(p¹² − 1)/r)` (see the crate documentation for `m`). A zero `f`, which no Miller loop over
/// curve points produces, maps to zero, which is not the identity, so checks against one fail.
pub fn final_exponentiation<C: PairingConfig>(f: &MillerLoopResult<C>) -> Gt<C> {
    Gt(C::final_exp_hard(&final_exp::easy_part(&f.0)))
}

/// `e(P, Q)`.
pub fn pairing<C: PairingConfig>(p: &Affine<C::G1>, q: &Affine<C::G2>) -> Gt<C> {
    final_exponentiation(&multi_miller_loop::<C>(&[(*p, *q)]))
}

/// `∏ᵢ e(Pᵢ, Qᵢ)` with one shared Miller loop and one final exponentiation.
pub fn multi_pairing<C: PairingConfig>(pairs: &[Pair<C>]) -> Gt<C> {
    final_exponentiation(&multi_miller_loop::<C>(pairs))
}

/// Whether `∏ᵢ e(Pᵢ, Qᵢ) = 1` (true for an empty slice). The answer is public.
pub fn pairing_check<C: PairingConfig>(pairs: &[Pair<C>]) -> bool {
    multi_pairing::<C>(pairs).is_identity().to_bool_vartime()
}

impl<C: PairingConfig> Clone for Gt<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: PairingConfig> Copy for Gt<C> {}
impl<C: PairingConfig> Clone for MillerLoopResult<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: PairingConfig> Copy for MillerLoopResult<C> {}

impl<C: PairingConfig> Default for Gt<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: PairingConfig> fmt::Debug for Gt<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gt({:?})", self.0)
    }
}
impl<C: PairingConfig> fmt::Debug for MillerLoopResult<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MillerLoopResult({:?})", self.0)
    }
}

impl<C: PairingConfig> ConstantTimeEq for Gt<C> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}
impl<C: PairingConfig> ConditionallySelectable for Gt<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Gt(Fp12::conditional_select(&a.0, &b.0, c))
    }
}
impl<C: PairingConfig> PartialEq for Gt<C> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o).to_bool_vartime()
    }
}
impl<C: PairingConfig> Eq for Gt<C> {}

impl<C: PairingConfig> Mul for Gt<C> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        Gt(self.0 * o.0)
    }
}
impl<'a, C: PairingConfig> Mul<&'a Gt<C>> for Gt<C> {
    type Output = Self;
    fn mul(self, o: &'a Self) -> Self {
        Gt(self.0 * o.0)
    }
}
impl<C: PairingConfig> MulAssign for Gt<C> {
    fn mul_assign(&mut self, o: Self) {
        self.0 *= o.0;
    }
}
impl<'a, C: PairingConfig> MulAssign<&'a Gt<C>> for Gt<C> {
    fn mul_assign(&mut self, o: &'a Self) {
        self.0 *= o.0;
    }
}
impl<C: PairingConfig> Mul for MillerLoopResult<C> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        MillerLoopResult(self.0 * o.0)
    }
}
