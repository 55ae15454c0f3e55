//! The simplified SWU map onto the isogenous curve `E′: y² = x³ + A′x + B′` (RFC 9380 §6.6.2,
//! straight-line Appendix F.2), and complete addition on E′.
//!
//! Points of E′ are kept homogeneous, `(X : Y : Z)` with `x = X/Z`, `y = Y/Z`: SSWU yields x as a
//! fraction `xn/xd`, so `(xn : y·xd : xd)` needs no inversion, and the isogeny is evaluated on the
//! fraction directly. Cost of one map: one `sqrt_ratio` (one exponentiation) plus about 12M.

use super::H2cConfig;
use ctt_bigint::{ConditionallySelectable, ConstantTimeEq};
use ctt_field::{Field, SqrtField};

/// A point of E′ in homogeneous projective coordinates; the identity is `(0 : 1 : 0)`.
pub(crate) struct IsoPoint<C: H2cConfig> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
    pub(crate) z: C::Base,
}

impl<C: H2cConfig> Clone for IsoPoint<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: H2cConfig> Copy for IsoPoint<C> {}

impl<C: H2cConfig> IsoPoint<C> {
    /// Complete addition for `y² = x³ + ax + b` with arbitrary `a` (Renes–Costello–Batina, eprint
    /// 2015/1060, Alg. 1: 12M + 3·m_a + 2·m_3b + 23a). Complete on every pair of points because
    /// E′(F) has no point of order 2 (its order equals #E(F) = h·r, odd for both BLS12-381 groups),
    /// so P = Q, P = −Q and the identity need no branch.
    pub(crate) fn add_complete(&self, rhs: &Self) -> Self {
        let (a, b3) = (C::ISO_A, C::ISO_B3);
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let t0 = x1 * x2;
        let t1 = y1 * y2;
        let t2 = z1 * z2;
        let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1); // X1Y2 + X2Y1
        let t4 = (x1 + z1) * (x2 + z2) - (t0 + t2); // X1Z2 + X2Z1
        let t5 = (y1 + z1) * (y2 + z2) - (t1 + t2); // Y1Z2 + Y2Z1
        let z3 = a * t4;
        let x3 = b3 * t2;
        let z3 = x3 + z3;
        let x3 = t1 - z3;
        let z3 = t1 + z3;
        let y3 = x3 * z3;
        let t1 = t0.double() + t0;
        let t2 = a * t2;
        let t4 = b3 * t4;
        let t1 = t1 + t2;
        let t2 = a * (t0 - t2);
        let t4 = t4 + t2;
        let y3 = y3 + t1 * t4;
        let x3 = t3 * x3 - t5 * t4;
        let z3 = t5 * z3 + t3 * t1;
        IsoPoint {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Whether `Y²Z = X³ + A′XZ² + B′Z³` (test support).
    #[cfg(test)]
    pub(crate) fn is_on_curve_vartime(&self) -> bool {
        let z2 = self.z.square();
        let lhs = self.y.square() * self.z;
        let rhs = self.x.square() * self.x + C::ISO_A * self.x * z2 + C::ISO_B * z2 * self.z;
        lhs == rhs
    }
}

/// RFC 9380 Appendix F.2 `map_to_curve_simple_swu(u)` onto E′, step for step (the step numbers
/// are the RFC's); the final division `x = x/tv4` is left in the homogeneous Z.
///
/// Exceptional case (§6.6.2): `tv2 = Z²u⁴ + Zu² = 0` (e.g. u = 0) selects `tv4 = Z·A′`, which makes
/// `x = B′/(Z·A′)`, whose `g(x)` is square by the choice of Z.
pub(crate) fn map_to_iso_curve<C: H2cConfig>(u: &C::Base) -> IsoPoint<C> {
    let (a, b, z) = (C::ISO_A, C::ISO_B, C::SSWU_Z);
    let tv1 = z * u.square(); //                                   1–2
    let tv2 = tv1.square() + tv1; //                               3–4
    let tv3 = b * (tv2 + C::Base::ONE); //                         5–6
    let tv4 = a * C::Base::conditional_select(&z, &(-tv2), !tv2.is_zero()); // 7–8
    let tv6 = tv4.square(); //                                     10
    let tv2 = (tv3.square() + a * tv6) * tv3; //                   9, 11–13
    let tv6 = tv6 * tv4; //                                        14
    let tv2 = tv2 + b * tv6; //                                    15–16
    let x = tv1 * tv3; //                                          17
    let (is_gx1_square, y1) = C::sqrt_ratio(&tv2, &tv6); //        18
    let y = tv1 * u * y1; //                                       19–20
    let x = C::Base::conditional_select(&x, &tv3, is_gx1_square); // 21
    let y = C::Base::conditional_select(&y, &y1, is_gx1_square); // 22
    let e1 = !(u.sgn0() ^ y.sgn0()); //                            23
    let y = C::Base::conditional_select(&(-y), &y, e1); //         24
    // 25: x = x/tv4, kept as the homogeneous point (x : y·tv4 : tv4); tv4 ≠ 0.
    IsoPoint {
        x,
        y: y * tv4,
        z: tv4,
    }
}

impl<C: H2cConfig> ConstantTimeEq for IsoPoint<C> {
    fn ct_eq(&self, o: &Self) -> ctt_bigint::Choice {
        (self.x * o.z).ct_eq(&(o.x * self.z)) & (self.y * o.z).ct_eq(&(o.y * self.z))
    }
}
