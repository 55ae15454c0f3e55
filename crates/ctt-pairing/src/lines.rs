//! Line functions fused with the G2 point arithmetic of the Miller loop, and the sparse products
//! of an Fp12 accumulator by lines.
//!
//! Coordinates: homogeneous projective `(X : Y : Z)` on the twist (Costello–Lange–Naehrig eprint
//! 2009/615 show projective is the right choice for sextic twists). Formulas for `a = 0` from
//! Aranha–Barreto–Longa–Ricardini eprint 2013/722 §4.3 (as gnark-crypto), with the doubling scaled
//! by 4 so that no halving is needed. Costs in Fp2 multiplications (m), squarings (s):
//!
//! * doubling step: 2m + 7s + one multiplication by 3b' (additions only for BLS12-381);
//! * mixed addition step: 11m + 2s;
//! * evaluation at P = (xP, yP): 4 Fp multiplications (two coefficients times xP, yP).
//!
//! A line `ℓ = y·yP + x·xP + c` lands in Fp12 in three of the six Fp2 slots: M-twist (`014`):
//! `c → c0.c0`, `x·xP → c0.c1`, `y·yP → c1.c1`; D-twist (`034`): `y·yP → c0.c0`, `x·xP → c1.c0`,
//! `c → c1.c1` (derivation: substitute the untwisting map into `y − λx − μ` and clear `w`
//! powers; factors in a proper subfield vanish in the final exponentiation).
//!
//! Sparse products (Scott eprint 2019/077 costs, in m): dense × line 13m (instead of 18m), and
//! line × line 6m (`014 × 014 → 01245`, `034 × 034 → 01234`), then dense × that 17m: two lines
//! merged first cost 23m instead of 26m. Where the base field has the fused Fp2 sums of products
//! (BLS12-381, M-twist) the dense × line product is instead schoolbook, six fused sums of three
//! Fp2 products: more base products (54 against 39) but 12 reductions instead of 26 and no Fp2
//! additions; it measured a little faster than the 13m Karatsuba form on the fused Fp6 tower.

use crate::engine::Twist;
use ctt_bigint::{Choice, ConditionallySelectable};
use ctt_field::tower::{Fp2, Fp6, Fp12, TowerConfig};
use ctt_field::{ExtensionField, Field, PrimeField};

type F2<T> = Fp2<<T as TowerConfig>::Fp>;
type Fp<T> = <T as TowerConfig>::Fp;

/// A point of the twist in homogeneous projective coordinates, as the Miller loop moves it.
#[derive(Clone, Copy, Debug, Default)]
pub struct G2Homogeneous<T: TowerConfig> {
    /// X.
    pub x: F2<T>,
    /// Y.
    pub y: F2<T>,
    /// Z.
    pub z: F2<T>,
}

/// A line's three coefficients in the order of their Fp12 slots: M-twist `(c0.c0, c0.c1,
/// c1.c1)`, D-twist `(c0.c0, c1.c0, c1.c1)`. Before evaluation `y` and `x` still need the factors
/// yP and xP (see [`LineCoeffs::evaluate`]).
#[derive(Clone, Copy, Debug)]
pub struct LineCoeffs<T: TowerConfig> {
    /// Coefficient of yP.
    pub y: F2<T>,
    /// Coefficient of xP.
    pub x: F2<T>,
    /// Constant term.
    pub c: F2<T>,
}

/// An evaluated line: three Fp2 slots of a sparse Fp12 element, in the twist's order.
#[derive(Clone, Copy, Debug)]
pub struct Line<T: TowerConfig>(pub [F2<T>; 3]);

impl<T: TowerConfig> Line<T> {
    /// The line equal to one (slot 0 = 1 in both layouts), for pairs with an identity point.
    pub const ONE: Self = Line([F2::<T>::ONE, F2::<T>::ZERO, F2::<T>::ZERO]);

    /// The evaluated coefficients of `yP`, `xP` and the constant placed in the twist's slots;
    /// [`Line::ONE`] when `skip`, by selection.
    #[inline(always)]
    fn placed(twist: Twist, y: F2<T>, x: F2<T>, c: F2<T>, skip: Choice) -> Self {
        let slots = match twist {
            Twist::M => [c, x, y],
            Twist::D => [y, x, c],
        };
        let one = Self::ONE.0;
        Line(core::array::from_fn(|i| {
            F2::<T>::conditional_select(&slots[i], &one[i], skip)
        }))
    }
}

impl<T: TowerConfig> LineCoeffs<T> {
    /// `ℓ(P)`, placed for the twist; the line is replaced by one when `skip` (a pair with an
    /// identity point), by selection.
    #[inline(always)]
    pub fn evaluate(&self, twist: Twist, xp: &Fp<T>, yp: &Fp<T>, skip: Choice) -> Line<T> {
        Line::placed(
            twist,
            self.y.mul_by_base(yp),
            self.x.mul_by_base(xp),
            self.c,
            skip,
        )
    }

    /// `ℓ(P)/yP` from the normalised G1 input `(xP/yP, 1/yP)` (the Miller loop's
    /// `normalize_g1`): the slots `(y, x·xP/yP, c/yP)`, placed for the twist; one when `skip`.
    /// The factor `1/yP` lies in Fp, which the final exponentiation maps to one. Same cost as
    /// [`LineCoeffs::evaluate`].
    #[inline(always)]
    pub fn evaluate_normalized(
        &self,
        twist: Twist,
        x_over_y: &Fp<T>,
        y_inv: &Fp<T>,
        skip: Choice,
    ) -> Line<T> {
        Line::placed(
            twist,
            self.y,
            self.x.mul_by_base(x_over_y),
            self.c.mul_by_base(y_inv),
            skip,
        )
    }

    /// For a line whose `y` coefficient is one (a [`crate::G2Prepared`] point's, divided by it
    /// once at preparation), `ℓ(P)/yP` at the normalised G1 input: only the two other slots,
    /// `x·xP/yP` and `c/yP` (4 Fp multiplications). When `skip` both are zero: the line is then
    /// exactly one on the D-twist, and `v·w` on the M-twist, an element of Fp4 (`(v·w)² = ξ`),
    /// which the final exponentiation's easy part `(p⁶ − 1)(p² + 1)`, a multiple of `p⁴ − 1`,
    /// maps to one.
    #[inline(always)]
    pub fn evaluate_unit(&self, x_over_y: &Fp<T>, y_inv: &Fp<T>, skip: Choice) -> UnitLine<T> {
        let zero = F2::<T>::ZERO;
        UnitLine {
            x: F2::<T>::conditional_select(&self.x.mul_by_base(x_over_y), &zero, skip),
            c: F2::<T>::conditional_select(&self.c.mul_by_base(y_inv), &zero, skip),
        }
    }
}

/// An evaluated line whose `yP` slot is one: M-twist `(c0.c0, c0.c1, c1.c1) = (c, x, 1)`,
/// D-twist `(c0.c0, c1.c0, c1.c1) = (1, x, c)`.
#[derive(Clone, Copy, Debug)]
pub struct UnitLine<T: TowerConfig> {
    /// The `xP` slot.
    pub x: F2<T>,
    /// The constant slot.
    pub c: F2<T>,
}

impl<T: TowerConfig> G2Homogeneous<T> {
    /// From affine coordinates.
    pub fn from_affine(x: &F2<T>, y: &F2<T>) -> Self {
        G2Homogeneous {
            x: *x,
            y: *y,
            z: F2::<T>::ONE,
        }
    }

    /// `T ← 2T` and the tangent at T (eprint 2013/722 eq. (10), all coordinates times 4):
    /// `X₃ = 2XY(Y² − 9b'Z²)`, `Y₃ = (Y² + 9b'Z²)² − 108b'²Z⁴`, `Z₃ = 8Y³Z`; the tangent is
    /// `−2YZ·y + 3X²·x + (3b'Z² − Y²)`. `mul_by_3b` multiplies by `3b'`.
    #[inline(always)]
    pub fn double_step(&mut self, mul_by_3b: impl Fn(&F2<T>) -> F2<T>) -> LineCoeffs<T> {
        let (x, y, z) = (self.x, self.y, self.z);
        let b = y.square();
        let c = z.square();
        let j = x.square();
        let e = mul_by_3b(&c); // 3b'Z²
        let f = e.double() + e; // 9b'Z²
        let h = (y + z).square() - b - c; // 2YZ
        // 2XY from squares already at hand: a squaring and three additions instead of a
        // multiplication and a doubling (Fp2 squaring costs about 2/3 of a multiplication).
        let g = (x + y).square() - j - b;
        let ee = e.square();
        let k = ee.double() + ee; // 27b'²Z⁴
        self.x = g * (b - f);
        self.y = (b + f).square() - k.double().double();
        self.z = (b * h).double().double();
        LineCoeffs {
            y: -h,
            x: j.double() + j,
            c: e - b,
        }
    }

    /// `T ← T + Q` for affine `Q ≠ ±T` and the line through them (eprint 2013/722 §4.3, mixed
    /// addition): with `O = Y − y₂Z`, `L = X − x₂Z`, the line is `L·y − O·x + (O·x₂ − L·y₂)`.
    #[inline(always)]
    pub fn add_step(&mut self, qx: &F2<T>, qy: &F2<T>) -> LineCoeffs<T> {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let o = y1 - *qy * z1;
        let l = x1 - *qx * z1;
        let c = o.square();
        let d = l.square();
        let e = l * d;
        let f = z1 * c;
        let g = x1 * d;
        let h = e + f - g.double();
        self.x = l * h;
        self.y = o * (g - h) - y1 * e;
        self.z = e * z1;
        LineCoeffs {
            y: l,
            x: -o,
            c: *qx * o - l * *qy,
        }
    }
}

/// `(a + b·v)·(c0 + c1·v + c2·v²) = (c0·a + c2·ξb) + (c0·b + c1·a)·v + (c1·b + c2·a)·v²` in
/// Fp6: three fused two-term sums where the base field has them (6 double-width Fp2 products,
/// 6 reductions, no additions), else Karatsuba on the two low terms (5 Fp2 multiplications).
#[inline(never)]
fn fp6_mul_by_01<T: TowerConfig>(f: &Fp6<T>, a: &F2<T>, b: &F2<T>) -> Fp6<T> {
    if Fp::<T>::fp2_sum_of_products_is_fused(2) {
        let xb = T::mul_by_xi(b);
        let sum = |x, y| Fp::<T>::fp2_sum_of_products::<2>(x, y);
        return Fp6::new(
            sum([&f.c0, &f.c2], [a, &xb]),
            sum([&f.c0, &f.c1], [b, a]),
            sum([&f.c1, &f.c2], [b, a]),
        );
    }
    fp6_mul_by_01_karatsuba(f, a, b)
}

/// [`fp6_mul_by_01`] in 5 Fp2 multiplications (Karatsuba on the two low terms).
#[inline(always)]
fn fp6_mul_by_01_karatsuba<T: TowerConfig>(f: &Fp6<T>, a: &F2<T>, b: &F2<T>) -> Fp6<T> {
    let aa = f.c0 * a;
    let bb = f.c1 * b;
    Fp6::new(
        T::mul_by_xi(&(f.c2 * b)) + aa,
        (f.c0 + f.c1) * (*a + b) - aa - bb,
        f.c2 * a + bb,
    )
}

/// `(b·v)·(c0 + c1·v + c2·v²) = ξ·c2·b + c0·b·v + c1·b·v²`: 3 Fp2 multiplications.
#[inline(always)]
fn fp6_mul_by_1<T: TowerConfig>(f: &Fp6<T>, b: &F2<T>) -> Fp6<T> {
    Fp6::new(T::mul_by_xi(&(f.c2 * b)), f.c0 * b, f.c1 * b)
}

/// `f ← f·ℓ` for a line in the twist's sparse layout: six fused Fp2 sums of three products where
/// the base field has them and the twist is M (BLS12-381, `mul_by_line_m_fused`), else 13 Fp2
/// multiplications (Karatsuba over `Fp12 = Fp6[w]` with the sparse Fp6 products above). The
/// products are out of line (inlined into the Miller loop beside the point arithmetic, the spills
/// cost more than the call); the choice between them is made here, inlined where `twist` is a
/// constant: one out-of-line function holding both forms (the twist then a run-time argument)
/// compiled both bodies into ~12 KB without LTO.
#[inline(always)]
pub fn mul_by_line<T: TowerConfig>(f: &mut Fp12<T>, line: &Line<T>, twist: Twist) {
    if twist == Twist::M && Fp::<T>::fp2_sum_of_products_is_fused(3) {
        mul_by_line_m_fused_outlined(f, line);
    } else {
        mul_by_line_karatsuba_outlined(f, line, twist);
    }
}

/// [`mul_by_line_m_fused`] in place, out of line (see [`mul_by_line`]).
#[inline(never)]
fn mul_by_line_m_fused_outlined<T: TowerConfig>(f: &mut Fp12<T>, line: &Line<T>) {
    let [s0, s1, s2] = line.0;
    *f = mul_by_line_m_fused(f, &s0, &s1, &s2);
}

/// [`mul_by_line_karatsuba`], out of line (see [`mul_by_line`]).
#[inline(never)]
fn mul_by_line_karatsuba_outlined<T: TowerConfig>(f: &mut Fp12<T>, line: &Line<T>, twist: Twist) {
    mul_by_line_karatsuba(f, line, twist);
}

/// `f ← f·ℓ` for a line with a unit `yP` slot ([`UnitLine`]), schoolbook over `Fp12 = Fp6[w]`
/// with `f = F + G·w`: two sparse Fp6 products (10 Fp2 multiplications, or six fused two-term
/// sums) and multiplications by `v`, against 13 (or six fused three-term sums) for a general
/// line. D-twist, `ℓ = 1 + L·w` with `L = x + c·v`: `F + G·L·v + (F·L + G)·w`. M-twist,
/// `ℓ = L + v·w` with `L = c + x·v`: `F·L + G·v² + (F·v + G·L)·w`.
#[inline(never)]
pub fn mul_by_unit_line<T: TowerConfig>(f: &mut Fp12<T>, line: &UnitLine<T>, twist: Twist) {
    match twist {
        Twist::D => {
            let gl = fp6_mul_by_01(&f.c1, &line.x, &line.c);
            let fl = fp6_mul_by_01(&f.c0, &line.x, &line.c);
            f.c1 += fl;
            f.c0 += gl.mul_by_v();
        }
        Twist::M => {
            let fl = fp6_mul_by_01(&f.c0, &line.c, &line.x);
            let gl = fp6_mul_by_01(&f.c1, &line.c, &line.x);
            let gv = f.c1.mul_by_v();
            f.c1 = f.c0.mul_by_v() + gl;
            f.c0 = fl + gv.mul_by_v();
        }
    }
}

/// `f ← f·ℓ` with Karatsuba over `Fp12 = Fp6[w]` and the sparse Fp6 products above.
#[inline(always)]
fn mul_by_line_karatsuba<T: TowerConfig>(f: &mut Fp12<T>, line: &Line<T>, twist: Twist) {
    let [s0, s1, s2] = line.0;
    match twist {
        // ℓ = (s0 + s1·v) + (s2·v)·w
        Twist::M => {
            let t0 = fp6_mul_by_01(&f.c0, &s0, &s1);
            let t1 = fp6_mul_by_1(&f.c1, &s2);
            let t2 = fp6_mul_by_01(&(f.c0 + f.c1), &s0, &(s1 + s2));
            f.c1 = t2 - t0 - t1;
            f.c0 = t0 + t1.mul_by_v();
        }
        // ℓ = s0 + (s1 + s2·v)·w
        Twist::D => {
            let t0 = f.c0.mul_by_fp2(&s0);
            let t1 = fp6_mul_by_01(&f.c1, &s1, &s2);
            let t2 = fp6_mul_by_01(&(f.c0 + f.c1), &(s0 + s1), &s2);
            f.c1 = t2 - t0 - t1;
            f.c0 = t0 + t1.mul_by_v();
        }
    }
}

/// `f·ℓ` for an M-twist line `ℓ = (s0 + s1·v) + (s2·v)·w`, schoolbook: with `f = (f0, f1, f2) +
/// (g0, g1, g2)·w` every output coefficient is a sum of three Fp2 products,
/// `c0 = (f0·s0 + f2·ξs1 + g1·ξs2, f0·s1 + f1·s0 + g2·ξs2, f1·s1 + f2·s0 + g0·s2)` and
/// `c1 = (g0·s0 + f2·ξs2 + g2·ξs1, g0·s1 + g1·s0 + f0·s2, g1·s1 + g2·s0 + f1·s2)`, one fused
/// [`PrimeField::fp2_sum_of_products`] each: 54 double-width base products and 12 reductions
/// with no Fp2 additions (besides `ξ·s1`, `ξ·s2`), against 13 Fp2 products (39 products,
/// 26 reductions) and ~30 Fp2 additions for the Karatsuba form.
#[inline(always)]
fn mul_by_line_m_fused<T: TowerConfig>(f: &Fp12<T>, s0: &F2<T>, s1: &F2<T>, s2: &F2<T>) -> Fp12<T> {
    let (xs1, xs2) = (T::mul_by_xi(s1), T::mul_by_xi(s2));
    let (f0, f1, f2) = (&f.c0.c0, &f.c0.c1, &f.c0.c2);
    let (g0, g1, g2) = (&f.c1.c0, &f.c1.c1, &f.c1.c2);
    let sum = |x, y| Fp::<T>::fp2_sum_of_products::<3>(x, y);
    Fp12::new(
        Fp6::new(
            sum([f0, f2, g1], [s0, &xs1, &xs2]),
            sum([f0, f1, g2], [s1, s0, &xs2]),
            sum([f1, f2, g0], [s1, s0, s2]),
        ),
        Fp6::new(
            sum([g0, f2, g2], [s0, &xs2, &xs1]),
            sum([g0, g1, f0], [s1, s0, s2]),
            sum([g1, g2, f1], [s1, s0, s2]),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PairingConfig;
    use crate::named::bls12_381::Bls12_381;
    use alloc::vec::Vec;
    use ctt_field::Rng;

    type T = <Bls12_381 as PairingConfig>::Tower;

    struct XorShift(u64);
    impl Rng for XorShift {
        fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// The unit-line product and the sparse Fp6 product (fused where the kernel exists) against
    /// the general Karatsuba line product with the unit slot written out, on both twists (the
    /// BLS12-381 tower serves for the D-twist layout too: the formulas depend only on the
    /// slots), random and extreme values.
    #[test]
    fn unit_line_product_matches_general() {
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let m1 = -Fp::<T>::ONE;
        let top = F2::<T>::new(m1, m1);
        let top6 = Fp6::new(top, top, top);
        let mut fs: Vec<Fp12<T>> = (0..12).map(|_| Fp12::random(&mut rng)).collect();
        fs.extend([Fp12::new(top6, top6), Fp12::ZERO, Fp12::ONE]);
        let mut ls: Vec<(F2<T>, F2<T>)> = (0..12)
            .map(|_| (F2::<T>::random(&mut rng), F2::<T>::random(&mut rng)))
            .collect();
        ls.extend([
            (top, top),
            (F2::<T>::ZERO, F2::<T>::ZERO),
            (top, F2::<T>::ZERO),
        ]);
        for f in &fs {
            for &(x, c) in &ls {
                let (a, b) = (
                    fp6_mul_by_01(&f.c0, &x, &c),
                    fp6_mul_by_01_karatsuba(&f.c0, &x, &c),
                );
                assert_eq!(a, b);
                for (twist, slots) in [
                    (Twist::M, [c, x, F2::<T>::ONE]),
                    (Twist::D, [F2::<T>::ONE, x, c]),
                ] {
                    let mut fast = *f;
                    mul_by_unit_line(&mut fast, &UnitLine { x, c }, twist);
                    let mut slow = *f;
                    mul_by_line_karatsuba(&mut slow, &Line(slots), twist);
                    assert_eq!(fast, slow, "{twist:?}");
                }
            }
        }
    }

    /// The fused M-twist line product (BLS12-381) against the Karatsuba form, on random
    /// accumulators and lines and on extreme coefficients (all p − 1, zero). Called directly, so
    /// that every backend runs it (without the fused kernel, on Fp2 products).
    #[test]
    fn fused_line_product_matches_karatsuba() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let m1 = -Fp::<T>::ONE;
        let top = F2::<T>::new(m1, m1);
        let top6 = Fp6::new(top, top, top);
        let fs: [Fp12<T>; 16] = core::array::from_fn(|_| Fp12::random(&mut rng));
        let lines: [Line<T>; 16] =
            core::array::from_fn(|_| Line(core::array::from_fn(|_| F2::<T>::random(&mut rng))));
        let edge_f = [Fp12::new(top6, top6), Fp12::ZERO, Fp12::ONE];
        let edge_l = [
            Line([top, top, top]),
            Line::<T>::ONE,
            Line([F2::<T>::ZERO, top, F2::<T>::ZERO]),
        ];
        for f in fs.iter().chain(edge_f.iter()) {
            for l in lines.iter().chain(edge_l.iter()) {
                let [s0, s1, s2] = l.0;
                let fast = mul_by_line_m_fused(f, &s0, &s1, &s2);
                let mut slow = *f;
                mul_by_line_karatsuba(&mut slow, l, Twist::M);
                assert_eq!(fast, slow);
            }
        }
    }
}
