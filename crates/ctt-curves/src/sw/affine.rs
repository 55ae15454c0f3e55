//! Affine points `(x, y)` with an explicit identity flag (the identity's coordinates are `(0, 1)`
//! by convention so that selections stay well defined).

use super::{Projective, SwCurveConfig};
use crate::traits::{AffineRepr, CurveGroup};
use core::fmt;
use ctt_bigint::{Choice, ConditionallySelectable, ConstantTimeEq};
use ctt_field::Field;

/// An affine point, or the identity when `infinity` is set.
pub struct Affine<C: SwCurveConfig> {
    /// x (0 for the identity).
    pub x: C::Base,
    /// y (1 for the identity).
    pub y: C::Base,
    /// Whether this is the point at infinity.
    pub infinity: Choice,
}

impl<C: SwCurveConfig> Clone for Affine<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: SwCurveConfig> Copy for Affine<C> {}

impl<C: SwCurveConfig> Affine<C> {
    /// The identity.
    pub const IDENTITY: Self = Affine {
        x: C::Base::ZERO,
        y: C::Base::ONE,
        infinity: Choice::TRUE,
    };

    /// A finite point from coordinates, without any check (callers validate with `is_on_curve`
    /// and `is_torsion_free`, as the decoders do).
    pub const fn new_unchecked(x: C::Base, y: C::Base) -> Self {
        Affine {
            x,
            y,
            infinity: Choice::FALSE,
        }
    }

    /// Whether `y² = x³ + a·x + b`, or the identity.
    pub fn is_on_curve_ct(&self) -> Choice {
        let lhs = self.y.square();
        let rhs = self.x.square() * self.x + C::mul_by_a(&self.x) + C::COEFF_B;
        lhs.ct_eq(&rhs) | self.infinity
    }
}

impl<C: SwCurveConfig> AffineRepr for Affine<C> {
    type Group = Projective<C>;

    fn identity() -> Self {
        Self::IDENTITY
    }
    fn generator() -> Self {
        Affine::new_unchecked(C::GENERATOR_X, C::GENERATOR_Y)
    }
    fn is_identity(&self) -> Choice {
        self.infinity
    }
    fn to_group(&self) -> Projective<C> {
        let p = Projective::new_unchecked(self.x, self.y, C::Base::ONE);
        Projective::conditional_select(&p, &Projective::IDENTITY, self.infinity)
    }
    fn is_on_curve(&self) -> Choice {
        self.is_on_curve_ct()
    }
    fn is_torsion_free(&self) -> Choice {
        self.to_group().is_torsion_free()
    }
}

impl<C: SwCurveConfig> ConstantTimeEq for Affine<C> {
    fn ct_eq(&self, o: &Self) -> Choice {
        let both_inf = self.infinity & o.infinity;
        let both_fin = !self.infinity & !o.infinity;
        both_inf | (both_fin & self.x.ct_eq(&o.x) & self.y.ct_eq(&o.y))
    }
}

impl<C: SwCurveConfig> ConditionallySelectable for Affine<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Affine {
            x: C::Base::conditional_select(&a.x, &b.x, c),
            y: C::Base::conditional_select(&a.y, &b.y, c),
            infinity: Choice::conditional_select(&a.infinity, &b.infinity, c),
        }
    }
}

impl<C: SwCurveConfig> PartialEq for Affine<C> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o).into()
    }
}
impl<C: SwCurveConfig> Eq for Affine<C> {}

impl<C: SwCurveConfig> Default for Affine<C> {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<C: SwCurveConfig> fmt::Debug for Affine<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.infinity.to_bool_vartime() {
            write!(f, "(infinity)")
        } else {
            write!(f, "(x: {:?}, y: {:?})", self.x, self.y)
        }
    }
}

impl<C: SwCurveConfig> core::ops::Neg for Affine<C> {
    type Output = Self;
    fn neg(self) -> Self {
        // −identity = identity: keep y = 1 there.
        let ny = C::Base::conditional_select(&(-self.y), &self.y, self.infinity);
        Affine {
            x: self.x,
            y: ny,
            infinity: self.infinity,
        }
    }
}

impl<C: SwCurveConfig> core::ops::Mul<&C::Scalar> for Affine<C> {
    type Output = Projective<C>;
    fn mul(self, k: &C::Scalar) -> Projective<C> {
        self.to_group().mul(k)
    }
}
