//! Extended Jacobian ("XYZZ") points, the bucket representation: `x = X/ZZ`, `y = Y/ZZZ` with
//! `ZZ³ = ZZZ²`; the identity has `ZZ = 0`. Formulas from the Explicit-Formulas Database,
//! "xyzz" coordinates for `a = 0` (Bernstein–Lange): `madd-2008-s` (8M + 2S), `add-2008-s`
//! (12M + 2S), `dbl-2008-s-1` (6M + 3S) and `mdbl-2008-s-1` (4M + 3S, affine input).
//!
//! **Variable time**: these formulas are incomplete, so they branch on the identity and on
//! `P = ±Q` (which is exact for public data and cheap: the branches are rarely taken).
//! Assumption: the curve has no point of order 2 in the groups used (true for the prime-order
//! subgroups); a doubling of `y = 0` still returns the identity, which is the right answer.

use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_field::Field;

/// A point in XYZZ coordinates.
#[derive(Clone, Copy, Debug)]
pub struct Xyzz<C: SwCurveConfig> {
    x: C::Base,
    y: C::Base,
    zz: C::Base,
    zzz: C::Base,
}

impl<C: SwCurveConfig> Default for Xyzz<C> {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<C: SwCurveConfig> Xyzz<C> {
    /// The identity (`ZZ = ZZZ = 0`).
    pub const IDENTITY: Self = Xyzz {
        x: C::Base::ONE,
        y: C::Base::ONE,
        zz: C::Base::ZERO,
        zzz: C::Base::ZERO,
    };

    /// Whether this is the identity.
    #[inline]
    pub fn is_identity(&self) -> bool {
        self.zz.is_zero_vartime()
    }

    /// From an affine point (the affine identity maps to the identity).
    #[inline]
    pub fn from_affine(p: &Affine<C>) -> Self {
        if p.infinity.to_bool_vartime() {
            Self::IDENTITY
        } else {
            Xyzz {
                x: p.x,
                y: p.y,
                zz: C::Base::ONE,
                zzz: C::Base::ONE,
            }
        }
    }

    /// From Jacobian `(X, Y, Z)` (`x = X/Z²`, `y = Y/Z³`; `Z = 0` the identity): `ZZ = Z²`,
    /// `ZZZ = Z³` (1M + 1S).
    pub fn from_jacobian(x: &C::Base, y: &C::Base, z: &C::Base) -> Self {
        if z.is_zero_vartime() {
            return Self::IDENTITY;
        }
        let zz = z.square();
        Xyzz {
            x: *x,
            y: *y,
            zz,
            zzz: zz * *z,
        }
    }

    /// To homogeneous projective coordinates: `(X·ZZZ : Y·ZZ : ZZ·ZZZ)` (3M).
    pub fn to_projective(&self) -> Projective<C> {
        if self.is_identity() {
            return Projective::IDENTITY;
        }
        Projective::new_unchecked(self.x * self.zzz, self.y * self.zz, self.zz * self.zzz)
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Self {
        Xyzz {
            y: -self.y,
            ..*self
        }
    }

    /// `self += (x2, y2)` for a finite affine point (`madd-2008-s`, 8M + 2S).
    #[inline]
    pub fn add_affine_coords(&mut self, x2: &C::Base, y2: &C::Base) {
        if self.is_identity() {
            *self = Xyzz {
                x: *x2,
                y: *y2,
                zz: C::Base::ONE,
                zzz: C::Base::ONE,
            };
            return;
        }
        let p = *x2 * self.zz - self.x;
        let r = *y2 * self.zzz - self.y;
        if p.is_zero_vartime() {
            if r.is_zero_vartime() {
                *self = Self::double_affine(x2, y2);
            } else {
                *self = Self::IDENTITY;
            }
            return;
        }
        let pp = p.square();
        let ppp = p * pp;
        let q = self.x * pp;
        let x3 = r.square() - ppp - q.double();
        let y3 = r * (q - x3) - self.y * ppp;
        self.x = x3;
        self.y = y3;
        self.zz *= pp;
        self.zzz *= ppp;
    }

    /// `self += p` for an affine point (skips the identity).
    #[inline]
    pub fn add_affine(&mut self, p: &Affine<C>) {
        if !p.infinity.to_bool_vartime() {
            self.add_affine_coords(&p.x, &p.y);
        }
    }

    /// `self -= p` for an affine point.
    #[inline]
    pub fn sub_affine(&mut self, p: &Affine<C>) {
        if !p.infinity.to_bool_vartime() {
            self.add_affine_coords(&p.x, &-p.y);
        }
    }

    /// `2·(x, y)` for a finite affine point (`mdbl-2008-s-1`).
    fn double_affine(x: &C::Base, y: &C::Base) -> Self {
        if y.is_zero_vartime() {
            return Self::IDENTITY;
        }
        let u = y.double();
        let v = u.square();
        let w = u * v;
        let s = *x * v;
        let xx = x.square();
        let m = xx.double() + xx;
        let x3 = m.square() - s.double();
        let y3 = m * (s - x3) - w * y;
        Xyzz {
            x: x3,
            y: y3,
            zz: v,
            zzz: w,
        }
    }

    /// `2·self` (`dbl-2008-s-1`, 6M + 3S).
    #[inline]
    pub fn double(&self) -> Self {
        if self.is_identity() || self.y.is_zero_vartime() {
            return Self::IDENTITY;
        }
        let u = self.y.double();
        let v = u.square();
        let w = u * v;
        let s = self.x * v;
        let xx = self.x.square();
        let m = xx.double() + xx;
        let x3 = m.square() - s.double();
        let y3 = m * (s - x3) - w * self.y;
        Xyzz {
            x: x3,
            y: y3,
            zz: v * self.zz,
            zzz: w * self.zzz,
        }
    }

    /// `self += q` (`add-2008-s`, 12M + 2S).
    #[inline]
    pub fn add(&mut self, q: &Self) {
        if q.is_identity() {
            return;
        }
        if self.is_identity() {
            *self = *q;
            return;
        }
        let u1 = self.x * q.zz;
        let u2 = q.x * self.zz;
        let s1 = self.y * q.zzz;
        let s2 = q.y * self.zzz;
        let p = u2 - u1;
        let r = s2 - s1;
        if p.is_zero_vartime() {
            if r.is_zero_vartime() {
                *self = self.double();
            } else {
                *self = Self::IDENTITY;
            }
            return;
        }
        let pp = p.square();
        let ppp = p * pp;
        let q1 = u1 * pp;
        let x3 = r.square() - ppp - q1.double();
        let y3 = r * (q1 - x3) - s1 * ppp;
        self.x = x3;
        self.y = y3;
        self.zz = self.zz * q.zz * pp;
        self.zzz = self.zzz * q.zzz * ppp;
    }

    /// `[k]self` for a small public `k` (double-and-add; used to weight partial bucket sums).
    pub fn mul_u64(&self, k: u64) -> Self {
        let mut acc = Self::IDENTITY;
        for i in (0..64 - k.leading_zeros()).rev() {
            acc = acc.double();
            if (k >> i) & 1 == 1 {
                acc.add(self);
            }
        }
        acc
    }
}
