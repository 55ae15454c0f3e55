//! Homogeneous projective points with the complete formulas of Renes–Costello–Batina
//! (eprint 2015/1060). `a = 0`: addition Alg. 7 (12M + 2·m3b), mixed addition Alg. 8 (11M + 2·m3b),
//! doubling Alg. 9 (6M + 2S + m3b). `a = −3`: Alg. 4 (12M + 2·mb), Alg. 5 (11M + 2·mb), Alg. 6
//! (8M + 3S + 2·mb). The branch is chosen by the constant [`SwCurveConfig::COEFF_A`] and folds at
//! compile time. Complete: correct for every pair of inputs, the identity and P = ±Q included, so
//! there is no branch on the points.

use super::coz::Jac;
use super::{Affine, CoeffA, SwCurveConfig};
use crate::traits::{AffineRepr, CurveGroup};
use core::fmt;
use ctt_bigint::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};
use ctt_field::Field;

/// A point `(X : Y : Z)` with `x = X/Z`, `y = Y/Z`; the identity is `(0 : 1 : 0)`.
pub struct Projective<C: SwCurveConfig> {
    /// X.
    pub x: C::Base,
    /// Y.
    pub y: C::Base,
    /// Z.
    pub z: C::Base,
}

impl<C: SwCurveConfig> Clone for Projective<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: SwCurveConfig> Copy for Projective<C> {}

impl<C: SwCurveConfig> Projective<C> {
    /// The identity.
    pub const IDENTITY: Self = Projective {
        x: C::Base::ZERO,
        y: C::Base::ONE,
        z: C::Base::ZERO,
    };

    /// From coordinates, unchecked.
    pub const fn new_unchecked(x: C::Base, y: C::Base, z: C::Base) -> Self {
        Projective { x, y, z }
    }

    /// Whether this is the identity (`Z = 0`), constant time.
    #[inline]
    pub fn is_identity_ct(&self) -> Choice {
        self.z.is_zero()
    }

    /// Complete addition (Alg. 7 for `a = 0`, Alg. 4 for `a = −3`).
    #[inline]
    pub fn add_complete(&self, rhs: &Self) -> Self {
        match C::COEFF_A {
            CoeffA::Zero => self.add_a0(rhs),
            CoeffA::MinusThree => self.add_am3(rhs),
        }
    }

    /// Complete mixed addition with an affine point (Alg. 8 / Alg. 5; the affine identity is
    /// selected around, since both assume `Z2 = 1`).
    #[inline]
    pub fn add_mixed(&self, rhs: &Affine<C>) -> Self {
        let sum = match C::COEFF_A {
            CoeffA::Zero => self.add_mixed_a0(rhs),
            CoeffA::MinusThree => self.add_mixed_am3(rhs),
        };
        Self::conditional_select(&sum, self, rhs.infinity)
    }

    /// Complete doubling (Alg. 9 / Alg. 6).
    #[inline]
    pub fn double_complete(&self) -> Self {
        match C::COEFF_A {
            CoeffA::Zero => self.double_a0(),
            CoeffA::MinusThree => self.double_am3(),
        }
    }

    /// Alg. 4 (`a = −3`): complete addition, in the paper's order of operations.
    fn add_am3(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let b = C::COEFF_B;
        let t0 = x1 * x2;
        let t1 = y1 * y2;
        let t2 = z1 * z2;
        let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1);
        let t4 = (y1 + z1) * (y2 + z2) - (t1 + t2);
        let y3 = (x1 + z1) * (x2 + z2) - (t0 + t2);
        let [x3, y3, z3, t0] = Self::am3_tail(t0, t1, t2, y3, b);
        Self::am3_finish(x3, y3, z3, t0, t3, t4)
    }

    /// Alg. 5 (`a = −3`): mixed addition with `Z2 = 1` (the caller selects around the identity).
    fn add_mixed_am3(&self, rhs: &Affine<C>) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (rhs.x, rhs.y);
        let b = C::COEFF_B;
        let t0 = x1 * x2;
        let t1 = y1 * y2;
        let t3 = (x2 + y2) * (x1 + y1) - (t0 + t1);
        let t4 = y2 * z1 + y1;
        let y3 = x2 * z1 + x1;
        let [x3, y3, z3, t0] = Self::am3_tail(t0, t1, z1, y3, b);
        Self::am3_finish(x3, y3, z3, t0, t3, t4)
    }

    /// Steps 19–34 of Alg. 4 (12–27 of Alg. 5): from `t0 = X1X2`, `t1 = Y1Y2`, `t2 = Z1Z2` and
    /// `y3 = X1Z2 + X2Z1`, returns `[X3, Y3, Z3, t0]` before the final products.
    #[inline(always)]
    fn am3_tail(t0: C::Base, t1: C::Base, t2: C::Base, y3: C::Base, b: C::Base) -> [C::Base; 4] {
        let z3 = b * t2;
        let x3 = y3 - z3;
        let x3 = x3.double() + x3;
        let z3 = t1 - x3;
        let x3 = t1 + x3;
        let y3 = b * y3;
        let t2 = t2.double() + t2;
        let y3 = y3 - t2 - t0;
        let y3 = y3.double() + y3;
        let t0 = t0.double() + t0 - t2;
        [x3, y3, z3, t0]
    }

    /// Steps 35–43 of Alg. 4 (28–36 of Alg. 5).
    #[inline(always)]
    fn am3_finish(
        x3: C::Base,
        y3: C::Base,
        z3: C::Base,
        t0: C::Base,
        t3: C::Base,
        t4: C::Base,
    ) -> Self {
        let t1 = t4 * y3;
        let t2 = t0 * y3;
        let y3 = x3 * z3 + t2;
        let x3 = x3 * t3 - t1;
        let z3 = z3 * t4 + t3 * t0;
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Alg. 6 (`a = −3`): doubling.
    fn double_am3(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let b = C::COEFF_B;
        let t0 = x.square();
        let t1 = y.square();
        let t2 = z.square();
        let t3 = (x * y).double();
        let z3 = (x * z).double();
        let y3 = b * t2 - z3;
        let x3 = y3.double() + y3;
        let y3 = t1 + x3;
        let x3 = t1 - x3;
        let y3 = x3 * y3;
        let x3 = x3 * t3;
        let t2 = t2.double() + t2;
        let z3 = b * z3 - t2 - t0;
        let z3 = z3.double() + z3;
        let t0 = t0.double() + t0 - t2;
        let y3 = y3 + t0 * z3;
        let t0 = (y * z).double();
        let x3 = x3 - t0 * z3;
        let z3 = (t0 * t1).double().double();
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Alg. 7 (`a = 0`): complete addition.
    fn add_a0(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let t0 = x1 * x2;
        let t1 = y1 * y2;
        let t2 = z1 * z2;
        let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1); // X1Y2 + X2Y1
        let t4 = (y1 + z1) * (y2 + z2) - (t1 + t2); // Y1Z2 + Y2Z1
        let y3 = (x1 + z1) * (x2 + z2) - (t0 + t2); // X1Z2 + X2Z1
        let t0 = t0.double() + t0; // 3·X1X2
        let t2 = C::mul_by_3b(&t2);
        let z3 = t1 + t2;
        let t1 = t1 - t2;
        let y3 = C::mul_by_3b(&y3);
        let x3 = t3 * t1 - t4 * y3;
        let y3 = y3 * t0 + t1 * z3;
        let z3 = z3 * t4 + t0 * t3;
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Alg. 8 (`a = 0`): mixed addition with `Z2 = 1` (the caller selects around the identity).
    fn add_mixed_a0(&self, rhs: &Affine<C>) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (rhs.x, rhs.y);
        let t0 = x1 * x2;
        let t1 = y1 * y2;
        let t3 = (x2 + y2) * (x1 + y1) - (t0 + t1);
        let t4 = y2 * z1 + y1;
        let y3 = x2 * z1 + x1;
        let t0 = t0.double() + t0;
        let t2 = C::mul_by_3b(&z1);
        let z3 = t1 + t2;
        let t1 = t1 - t2;
        let y3 = C::mul_by_3b(&y3);
        let x3 = t3 * t1 - t4 * y3;
        let y3 = y3 * t0 + t1 * z3;
        let z3 = z3 * t4 + t0 * t3;
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Alg. 9 (`a = 0`): doubling.
    fn double_a0(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let t0 = y.square();
        let z3 = t0.double().double().double();
        let t1 = y * z;
        let t2 = C::mul_by_3b(&z.square());
        let x3 = t2 * z3;
        let y3 = t0 + t2;
        let z3 = t1 * z3;
        let t2 = t2.double() + t2;
        let t0 = t0 - t2;
        let y3 = t0 * y3 + x3;
        let x3 = (t0 * (x * y)).double();
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `[k]self` for a public little-endian integer `k` (double-and-add, variable time).
    pub fn mul_bigint_vartime(&self, k: &[u64]) -> Self {
        let mut acc = Self::IDENTITY;
        let mut started = false;
        for w in k.iter().rev() {
            for i in (0..64).rev() {
                if started {
                    acc = acc.double_complete();
                }
                if (w >> i) & 1 == 1 {
                    acc = acc.add_complete(self);
                    started = true;
                }
            }
        }
        acc
    }

    /// `[k]self` for a public 64-bit `k` given as a constant (e.g. the curve parameter |z| of
    /// subgroup checks and cofactor clearing): the bits are public, so the sequence of operations
    /// is fixed and leaks nothing about `self`, which may be any curve point.
    ///
    /// `self` in Jacobian coordinates `(X·Z, Y·Z², Z)` is the affine point `(X·Z, Y·Z²)` of the
    /// isomorphic curve `y² = x³ + b·Z⁶` (see [`super::coz`]), so the whole double-and-add runs
    /// there with Jacobian doublings (dbl-2009-l, 2M + 5S) and unified mixed additions (8M + 4S,
    /// exact for every input: `acc = ±self`, identities), and maps back with one multiplication
    /// by Z at the end. Cost for 64-bit `k` with `w` set bits: 63 doublings + (w − 1) additions
    /// + 7M of conversions.
    ///
    /// On `a = −3` curves (no co-Z formulas) it is the same public double-and-add on the complete
    /// projective formulas.
    pub fn mul_u64_public(&self, k: u64) -> Self {
        if k == 0 {
            return Self::IDENTITY;
        }
        if C::COEFF_A != CoeffA::Zero {
            return self.mul_bigint_vartime(&[k]);
        }
        let inf = self.z.is_zero();
        let xy = [self.x * self.z, self.y * self.z.square()];
        let mut acc = Jac::<C>::from_entry(&xy, inf);
        // The bits below the leading one, tested against a moving mask. Written this way, not
        // as `(k >> i) & 1`, because LLVM compiles that to `bt`, which valgrind 3.19 (the
        // constant-time harness, `tools/ctgrind`) translates without resetting the flags
        // thunk's NDEP word: after an `adc` on secret limbs in the field kernels, a `bt`/`jcc`
        // pair split across two of its translation blocks is reported as a branch on secret
        // data although `k` is public. `test` has no such problem.
        let mut mask = (1u64 << (63 - k.leading_zeros())) >> 1;
        while mask != 0 {
            acc = acc.double();
            if k & mask != 0 {
                acc = acc.add_affine_unified(&xy, inf);
            }
            mask >>= 1;
        }
        acc.to_projective(&self.z)
    }

    /// The affine form; the identity maps to the affine identity. Constant time.
    pub fn to_affine_ct(&self) -> Affine<C> {
        let zinv = self.z.invert().unwrap_or(C::Base::ZERO);
        let inf = self.z.is_zero();
        let a = Affine {
            x: self.x * zinv,
            y: self.y * zinv,
            infinity: inf,
        };
        Affine::conditional_select(&a, &Affine::IDENTITY, inf)
    }

    /// Whether `Y²Z = X³ + aXZ² + bZ³` (the identity `(0 : 1 : 0)` satisfies it).
    pub fn is_on_curve_ct(&self) -> Choice {
        let lhs = self.y.square() * self.z;
        let zz = self.z.square();
        let rhs = self.x.square() * self.x + C::mul_by_a(&(self.x * zz)) + zz * self.z * C::COEFF_B;
        lhs.ct_eq(&rhs)
    }
}

impl<C: SwCurveConfig> ConstantTimeEq for Projective<C> {
    /// `X1Z2 = X2Z1` and `Y1Z2 = Y2Z1`: the cross-multiplied coordinates; correct for the
    /// identity too because its Y is non-zero.
    fn ct_eq(&self, o: &Self) -> Choice {
        (self.x * o.z).ct_eq(&(o.x * self.z)) & (self.y * o.z).ct_eq(&(o.y * self.z))
    }
}

impl<C: SwCurveConfig> ConditionallySelectable for Projective<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Projective {
            x: C::Base::conditional_select(&a.x, &b.x, c),
            y: C::Base::conditional_select(&a.y, &b.y, c),
            z: C::Base::conditional_select(&a.z, &b.z, c),
        }
    }
}

impl<C: SwCurveConfig> ConditionallyNegatable for Projective<C> {
    fn conditional_negate(&mut self, c: Choice) {
        self.y = C::Base::conditional_select(&self.y, &(-self.y), c);
    }
}

impl<C: SwCurveConfig> PartialEq for Projective<C> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o).into()
    }
}
impl<C: SwCurveConfig> Eq for Projective<C> {}

impl<C: SwCurveConfig> Default for Projective<C> {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl<C: SwCurveConfig> fmt::Debug for Projective<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}", C::NAME, self.to_affine_ct())
    }
}

impl<C: SwCurveConfig> CurveGroup for Projective<C> {
    type Scalar = C::Scalar;
    type Base = C::Base;
    type Affine = Affine<C>;

    fn identity() -> Self {
        Self::IDENTITY
    }
    fn generator() -> Self {
        Projective {
            x: C::GENERATOR_X,
            y: C::GENERATOR_Y,
            z: C::Base::ONE,
        }
    }
    fn is_identity(&self) -> Choice {
        self.is_identity_ct()
    }
    fn double(&self) -> Self {
        self.double_complete()
    }
    fn add_affine(&self, rhs: &Affine<C>) -> Self {
        self.add_mixed(rhs)
    }
    fn mul(&self, k: &C::Scalar) -> Self {
        C::mul_ct(self, k)
    }
    fn mul_vartime(&self, k: &C::Scalar) -> Self {
        C::mul_vartime(self, k)
    }
    fn mul_bigint_vartime(&self, k: &[u64]) -> Self {
        Projective::mul_bigint_vartime(self, k)
    }
    fn to_affine(&self) -> Affine<C> {
        self.to_affine_ct()
    }
    fn batch_normalize(points: &[Self], out: &mut [Affine<C>]) {
        assert_eq!(
            points.len(),
            out.len(),
            "batch_normalize: output length differs"
        );
        // Prefix products of the Z's, one inversion, then back-substitution (Montgomery's trick,
        // 3(n−1)M + 1I). Identities (Z = 0) are skipped by selection.
        let mut acc = C::Base::ONE;
        for (p, o) in points.iter().zip(out.iter_mut()) {
            o.x = acc; // prefix product before p, parked in the output
            acc = C::Base::conditional_select(&(acc * p.z), &acc, p.z.is_zero());
        }
        let mut inv = acc.invert().unwrap_or(C::Base::ZERO);
        for (p, o) in points.iter().zip(out.iter_mut()).rev() {
            let inf = p.z.is_zero();
            let zinv = inv * o.x;
            inv = C::Base::conditional_select(&(inv * p.z), &inv, inf);
            let a = Affine {
                x: p.x * zinv,
                y: p.y * zinv,
                infinity: inf,
            };
            *o = Affine::conditional_select(&a, &Affine::IDENTITY, inf);
        }
    }
    fn is_on_curve(&self) -> Choice {
        self.is_on_curve_ct()
    }
    fn is_torsion_free(&self) -> Choice {
        C::is_in_subgroup(self)
    }
    fn clear_cofactor(&self) -> Self {
        C::clear_cofactor(self)
    }
}

impl<C: SwCurveConfig> core::ops::Neg for Projective<C> {
    type Output = Self;
    fn neg(self) -> Self {
        Projective {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }
}

macro_rules! group_ops {
    ($ty:ident) => {
        impl<C: SwCurveConfig> core::ops::Add for $ty<C> {
            type Output = Self;
            fn add(self, r: Self) -> Self {
                self.add_complete(&r)
            }
        }
        impl<'a, C: SwCurveConfig> core::ops::Add<&'a $ty<C>> for $ty<C> {
            type Output = Self;
            fn add(self, r: &'a Self) -> Self {
                self.add_complete(r)
            }
        }
        impl<C: SwCurveConfig> core::ops::Sub for $ty<C> {
            type Output = Self;
            fn sub(self, r: Self) -> Self {
                self.add_complete(&-r)
            }
        }
        impl<'a, C: SwCurveConfig> core::ops::Sub<&'a $ty<C>> for $ty<C> {
            type Output = Self;
            fn sub(self, r: &'a Self) -> Self {
                self.add_complete(&-*r)
            }
        }
        impl<C: SwCurveConfig> core::ops::AddAssign for $ty<C> {
            fn add_assign(&mut self, r: Self) {
                *self = self.add_complete(&r)
            }
        }
        impl<'a, C: SwCurveConfig> core::ops::AddAssign<&'a $ty<C>> for $ty<C> {
            fn add_assign(&mut self, r: &'a Self) {
                *self = self.add_complete(r)
            }
        }
        impl<C: SwCurveConfig> core::ops::SubAssign for $ty<C> {
            fn sub_assign(&mut self, r: Self) {
                *self = self.add_complete(&-r)
            }
        }
        impl<'a, C: SwCurveConfig> core::ops::SubAssign<&'a $ty<C>> for $ty<C> {
            fn sub_assign(&mut self, r: &'a Self) {
                *self = self.add_complete(&-*r)
            }
        }
    };
}
group_ops!(Projective);

impl<C: SwCurveConfig> core::ops::Add<&Affine<C>> for Projective<C> {
    type Output = Self;
    fn add(self, r: &Affine<C>) -> Self {
        self.add_mixed(r)
    }
}

impl<C: SwCurveConfig> From<Affine<C>> for Projective<C> {
    fn from(a: Affine<C>) -> Self {
        a.to_group()
    }
}

impl<C: SwCurveConfig> From<Projective<C>> for Affine<C> {
    fn from(p: Projective<C>) -> Self {
        p.to_affine_ct()
    }
}
