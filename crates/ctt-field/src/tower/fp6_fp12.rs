//! `Fp6 = Fp2[v]/(v³ − ξ)` and `Fp12 = Fp6[w]/(w² − v)`, generic over a [`TowerConfig`].
//!
//! The tower of all three anchors (blst `src/fp12_tower.c`, Constantine, gnark). A curve supplies
//! its base field and the cubic non-residue ξ (1 + u for BLS12-381, 9 + u for BN254); the Frobenius
//! constants are derived from ξ at compile time by [`frobenius_gammas`].
//! Costs in Fp2 multiplications (m) and squarings (s): Fp6 mul 6m (Karatsuba, Devegili et al.
//! eprint 2006/471), Fp6 square 2m + 3s (Chung–Hasan SQR2), Fp12 mul 3 Fp6 mul, Fp12 square
//! 2 Fp6 mul ("complex" squaring).
//!
//! Lazy reduction beyond Fp2: where the base field has the fused kernel
//! ([`PrimeField::fp2_sum_of_products_is_fused`]`(3)`, i.e. `6p < R`: BLS12-381), the Fp6
//! product is schoolbook with one fused Fp2 sum of three products per coefficient (9 double-width
//! base products, 2 reductions, no Fp2 additions): 27 products and 6 reductions per Fp6 product
//! against Karatsuba's 18 products, 12 reductions and ~15 Fp2 additions. Measured on x86-64 ADX
//! (AMD EPYC, against blst in the same run): Fp12 mul 2.02 → 1.71 µs, square 1.35 → 1.13 µs.
//! BN254 (2 spare bits, `6p > R`) keeps Karatsuba. Measured dead ends:
//! - blst-style Fp2x2/Fp6x2 Karatsuba with double-width add/sub modulo `p·R` (branch `tower-lazy-
//!   experiment`): equal at best (641 + 111 ns against 670 ns per Fp6 product), wide add/sub 8–9 ns.
//! - Constantine-style Fp6 product as six base-field sums of six products (36 products, 6
//!   reductions, one CIOS with 6 product rows per reduction row): Fp12 mul 2.16 µs against 2.02
//!   (MULX count dominates on this AMD EPYC: a 6-term sum costs ~100 ns).
//! - One assembly block for the Fp6 Karatsuba (18 double-width products, 6 reductions, each
//!   output formed in 12 registers as a two's-complement sum of its 8–12 product terms plus a
//!   multiple of `p·R`; branch `tower-lazy-fp6-kernel`): correct but Fp12 square 1.78 µs against
//!   1.13 µs fused: the ~60 serial 12-limb carry chains (and the ~5400-instruction block)
//!   cost more than the 9 products it saves.
//! - The three fused sums of one Fp6 product in one assembly block, operand sums formed once
//!   (branch `tower-fp6-sums-oneblock`): Fp12 mul 2.26 µs against 1.77 µs. One ~1800-instruction
//!   kernel called three times stays in the op cache; a ~5300-instruction block does not.
//!
//! Keeping the Fp6 and Fp12 products out of line pays (see `mul_impl`).

use super::fp2::Fp2;
use crate::fp::{Fp, FpParams};
use crate::traits::{ExtensionField, Field, PrimeField, Rng};
use core::fmt::Debug;
use ctt_bigint::{BigInt, Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// The data of a BLS12/BN-style degree-12 tower.
pub trait TowerConfig: 'static + Copy + Send + Sync + Debug + Default + Eq {
    /// The base prime field.
    type Fp: PrimeField;
    /// The cubic non-residue ξ of `v³ = ξ`.
    const XI: Fp2<Self::Fp>;
    /// `γ_k = ξ^((p^k − 1)/6)` for k = 0..11 (from [`frobenius_gammas`]).
    const FROBENIUS_GAMMA: [Fp2<Self::Fp>; 12];
    /// `x·ξ`, specialised per curve (a few additions instead of a multiplication).
    fn mul_by_xi(x: &Fp2<Self::Fp>) -> Fp2<Self::Fp>;
}

/// `γ_k = ξ^((p^k − 1)/6)` for k = 0..11, at compile time. Since `(p^k − 1)/6 = (p − 1)/6 ·
/// (1 + p + … + p^(k−1))` and Frobenius on Fp2 is conjugation, `γ_k = ∏_{j<k} conj^j(γ_1)`: one
/// exponentiation by `(p − 1)/6` and then products. Requires `p ≡ 1 (mod 6)`.
pub const fn frobenius_gammas<P: FpParams<N>, const N: usize>(
    xi: &Fp2<Fp<P, N>>,
) -> [Fp2<Fp<P, N>>; 12] {
    let (e, rem) = P::MODULUS.wrapping_sub(&BigInt::ONE).div_rem_u64(6);
    assert!(rem == 0, "the tower needs p = 1 mod 6");
    let g1 = xi.pow_const(&e);
    let one = Fp2::<Fp<P, N>>::from_hex_const("1", "0");
    let mut out = [one; 12];
    let mut conj_pow = g1; // conj^j(γ_1)
    let mut k = 1;
    while k < 12 {
        out[k] = out[k - 1].mul_const(&conj_pow);
        conj_pow = conj_pow.conjugate_const();
        k += 1;
    }
    out
}

/// `c0 + c1·v + c2·v²`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp6<C: TowerConfig> {
    /// Constant coefficient.
    pub c0: Fp2<C::Fp>,
    /// Coefficient of `v`.
    pub c1: Fp2<C::Fp>,
    /// Coefficient of `v²`.
    pub c2: Fp2<C::Fp>,
}

impl<C: TowerConfig> Fp6<C> {
    /// Builds `c0 + c1·v + c2·v²`.
    pub const fn new(c0: Fp2<C::Fp>, c1: Fp2<C::Fp>, c2: Fp2<C::Fp>) -> Self {
        Fp6 { c0, c1, c2 }
    }

    /// Multiplication by `v`: `(c0, c1, c2)·v = (ξ·c2, c0, c1)`.
    #[inline]
    pub fn mul_by_v(&self) -> Self {
        Fp6 {
            c0: C::mul_by_xi(&self.c2),
            c1: self.c0,
            c2: self.c1,
        }
    }

    /// Multiplication by an Fp2 scalar.
    #[inline]
    pub fn mul_by_fp2(&self, c: &Fp2<C::Fp>) -> Self {
        Fp6 {
            c0: self.c0 * c,
            c1: self.c1 * c,
            c2: self.c2 * c,
        }
    }

    #[inline(always)]
    fn add_impl(&self, r: &Self) -> Self {
        Fp6 {
            c0: self.c0 + r.c0,
            c1: self.c1 + r.c1,
            c2: self.c2 + r.c2,
        }
    }
    #[inline(always)]
    fn sub_impl(&self, r: &Self) -> Self {
        Fp6 {
            c0: self.c0 - r.c0,
            c1: self.c1 - r.c1,
            c2: self.c2 - r.c2,
        }
    }
    #[inline(always)]
    fn neg_impl(&self) -> Self {
        Fp6 {
            c0: -self.c0,
            c1: -self.c1,
            c2: -self.c2,
        }
    }
    /// The product: fused sums of products where the base field has them (BLS12-381,
    /// [`Fp6::mul_by_sums_of_products`]), Karatsuba otherwise (BN254). Kept out of line on
    /// purpose: inlined three times into an Fp12 product (and again into its callers), the
    /// straight-line code spilled so much that the Fp12 product ran 35% slower than three calls.
    #[inline(never)]
    fn mul_impl(&self, b: &Self) -> Self {
        if C::Fp::fp2_sum_of_products_is_fused(3) {
            self.mul_by_sums_of_products(b)
        } else {
            self.mul_karatsuba(b)
        }
    }

    /// Karatsuba over the cubic extension: 6 Fp2 multiplications.
    #[inline(always)]
    fn mul_karatsuba(&self, b: &Self) -> Self {
        let a = self;
        let v0 = a.c0 * b.c0;
        let v1 = a.c1 * b.c1;
        let v2 = a.c2 * b.c2;
        let c0 = v0 + C::mul_by_xi(&((a.c1 + a.c2) * (b.c1 + b.c2) - v1 - v2));
        let c1 = (a.c0 + a.c1) * (b.c0 + b.c1) - v0 - v1 + C::mul_by_xi(&v2);
        let c2 = (a.c0 + a.c2) * (b.c0 + b.c2) - v0 - v2 + v1;
        Fp6 { c0, c1, c2 }
    }
}

impl<C: TowerConfig> Fp6<C> {
    /// Schoolbook with fused Fp2 sums of products: with `ξ·b1`, `ξ·b2` precomputed,
    /// `c0 = a0·b0 + a1·ξb2 + a2·ξb1`, `c1 = a0·b1 + a1·b0 + a2·ξb2`, `c2 = a0·b2 + a1·b1 + a2·b0`,
    /// each one call of [`PrimeField::fp2_sum_of_products`]: 27 double-width base products and
    /// 6 reductions, and no Fp2 additions besides `ξ·b`, against Karatsuba's 18 products,
    /// 12 reductions and 15 Fp2 additions. Needs [`PrimeField::fp2_sum_of_products_is_fused`]`(3)`.
    #[inline(always)]
    fn mul_by_sums_of_products(&self, b: &Self) -> Self {
        let a = self;
        let xb1 = C::mul_by_xi(&b.c1);
        let xb2 = C::mul_by_xi(&b.c2);
        let l = [&a.c0, &a.c1, &a.c2];
        Fp6 {
            c0: C::Fp::fp2_sum_of_products(l, [&b.c0, &xb2, &xb1]),
            c1: C::Fp::fp2_sum_of_products(l, [&b.c1, &b.c0, &xb2]),
            c2: C::Fp::fp2_sum_of_products(l, [&b.c2, &b.c1, &b.c0]),
        }
    }
}

impl<C: TowerConfig> Field for Fp6<C> {
    const ZERO: Self = Fp6 {
        c0: Fp2::ZERO,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };
    const ONE: Self = Fp6 {
        c0: Fp2::ONE,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };

    fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }

    /// Chung–Hasan SQR2: 2 multiplications and 3 squarings in Fp2. Out of line, as the product.
    #[inline(never)]
    fn square(&self) -> Self {
        let s0 = self.c0.square();
        let s1 = (self.c0 * self.c1).double();
        let s2 = (self.c0 - self.c1 + self.c2).square();
        let s3 = (self.c1 * self.c2).double();
        let s4 = self.c2.square();
        Fp6 {
            c0: s0 + C::mul_by_xi(&s3),
            c1: s1 + C::mul_by_xi(&s4),
            c2: s1 + s2 + s3 - s0 - s4,
        }
    }

    fn double(&self) -> Self {
        Fp6 {
            c0: self.c0.double(),
            c1: self.c1.double(),
            c2: self.c2.double(),
        }
    }

    fn half(&self) -> Self {
        Fp6 {
            c0: self.c0.half(),
            c1: self.c1.half(),
            c2: self.c2.half(),
        }
    }

    fn invert(&self) -> CtOption<Self> {
        let (t, d) = self.adjugate_and_det();
        d.invert().map(|di| t.mul_by_fp2(&di))
    }

    fn invert_vartime(&self) -> Option<Self> {
        let (t, d) = self.adjugate_and_det();
        d.invert_vartime().map(|di| t.mul_by_fp2(&di))
    }

    fn random<R: Rng + ?Sized>(rng: &mut R) -> Self {
        Fp6 {
            c0: Fp2::random(rng),
            c1: Fp2::random(rng),
            c2: Fp2::random(rng),
        }
    }
}

impl<C: TowerConfig> Fp6<C> {
    /// The adjugate row and the determinant (in Fp2) of the multiplication-by-self map, so that
    /// `self⁻¹ = adjugate / det` (Beuchat et al. eprint 2010/354, Alg. 17).
    fn adjugate_and_det(&self) -> (Self, Fp2<C::Fp>) {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let t0 = a0.square() - C::mul_by_xi(&(a1 * a2));
        let t1 = C::mul_by_xi(&a2.square()) - a0 * a1;
        let t2 = a1.square() - a0 * a2;
        let det = a0 * t0 + C::mul_by_xi(&(a2 * t1 + a1 * t2));
        (
            Fp6 {
                c0: t0,
                c1: t1,
                c2: t2,
            },
            det,
        )
    }
}

impl<C: TowerConfig> ExtensionField for Fp6<C> {
    type BaseField = Fp2<C::Fp>;
    const DEGREE: usize = 3;

    /// `v^(p^k) = v·ξ^((p^k−1)/3) = v·γ_k²` and `v^(2p^k) = v²·γ_k⁴`.
    fn frobenius_map(&self, power: usize) -> Self {
        let k = power % 12;
        let g2 = C::FROBENIUS_GAMMA[k].square();
        let g4 = g2.square();
        Fp6 {
            c0: self.c0.frobenius_map(k),
            c1: self.c1.frobenius_map(k) * g2,
            c2: self.c2.frobenius_map(k) * g4,
        }
    }

    /// `self^(p³)`, the conjugate over Fp3.
    fn conjugate(&self) -> Self {
        self.frobenius_map(3)
    }

    fn mul_by_base(&self, c: &Fp2<C::Fp>) -> Self {
        self.mul_by_fp2(c)
    }
}

impl<C: TowerConfig> ConstantTimeEq for Fp6<C> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.c0.ct_eq(&o.c0) & self.c1.ct_eq(&o.c1) & self.c2.ct_eq(&o.c2)
    }
}

impl<C: TowerConfig> ConditionallySelectable for Fp6<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Fp6 {
            c0: Fp2::conditional_select(&a.c0, &b.c0, c),
            c1: Fp2::conditional_select(&a.c1, &b.c1, c),
            c2: Fp2::conditional_select(&a.c2, &b.c2, c),
        }
    }
}

crate::macros::impl_field_ops!(impl[C: TowerConfig] Fp6<C>);

/// `c0 + c1·w` with `w² = v`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp12<C: TowerConfig> {
    /// Constant coefficient.
    pub c0: Fp6<C>,
    /// Coefficient of `w`.
    pub c1: Fp6<C>,
}

impl<C: TowerConfig> Fp12<C> {
    /// Builds `c0 + c1·w`.
    pub const fn new(c0: Fp6<C>, c1: Fp6<C>) -> Self {
        Fp12 { c0, c1 }
    }

    #[inline(always)]
    fn add_impl(&self, r: &Self) -> Self {
        Fp12 {
            c0: self.c0 + r.c0,
            c1: self.c1 + r.c1,
        }
    }
    #[inline(always)]
    fn sub_impl(&self, r: &Self) -> Self {
        Fp12 {
            c0: self.c0 - r.c0,
            c1: self.c1 - r.c1,
        }
    }
    #[inline(always)]
    fn neg_impl(&self) -> Self {
        Fp12 {
            c0: -self.c0,
            c1: -self.c1,
        }
    }
    /// Karatsuba over the quadratic extension: 3 Fp6 multiplications (out of line, see Fp6).
    #[inline(never)]
    fn mul_impl(&self, b: &Self) -> Self {
        let v0 = self.c0 * b.c0;
        let v1 = self.c1 * b.c1;
        let c1 = (self.c0 + self.c1) * (b.c0 + b.c1) - v0 - v1;
        Fp12 {
            c0: v0 + v1.mul_by_v(),
            c1,
        }
    }
}

impl<C: TowerConfig> Field for Fp12<C> {
    const ZERO: Self = Fp12 {
        c0: Fp6::ZERO,
        c1: Fp6::ZERO,
    };
    const ONE: Self = Fp12 {
        c0: Fp6::ONE,
        c1: Fp6::ZERO,
    };

    fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// Complex squaring: `(a + bw)² = (a + b)(a + vb) − ab − v·ab + 2ab·w`, 2 Fp6 multiplications.
    #[inline(never)]
    fn square(&self) -> Self {
        let ab = self.c0 * self.c1;
        let c0 = (self.c0 + self.c1) * (self.c0 + self.c1.mul_by_v()) - ab - ab.mul_by_v();
        Fp12 {
            c0,
            c1: ab.double(),
        }
    }

    fn double(&self) -> Self {
        Fp12 {
            c0: self.c0.double(),
            c1: self.c1.double(),
        }
    }

    fn half(&self) -> Self {
        Fp12 {
            c0: self.c0.half(),
            c1: self.c1.half(),
        }
    }

    /// `(a − bw)/(a² − v·b²)`.
    fn invert(&self) -> CtOption<Self> {
        let t = self.c0.square() - self.c1.square().mul_by_v();
        t.invert().map(|ti| Fp12 {
            c0: self.c0 * ti,
            c1: -(self.c1 * ti),
        })
    }

    fn invert_vartime(&self) -> Option<Self> {
        let t = self.c0.square() - self.c1.square().mul_by_v();
        t.invert_vartime().map(|ti| Fp12 {
            c0: self.c0 * ti,
            c1: -(self.c1 * ti),
        })
    }

    fn random<R: Rng + ?Sized>(rng: &mut R) -> Self {
        Fp12 {
            c0: Fp6::random(rng),
            c1: Fp6::random(rng),
        }
    }
}

impl<C: TowerConfig> ExtensionField for Fp12<C> {
    type BaseField = Fp6<C>;
    const DEGREE: usize = 2;

    /// `w^(p^k) = w·ξ^((p^k−1)/6) = w·γ_k`.
    fn frobenius_map(&self, power: usize) -> Self {
        let k = power % 12;
        Fp12 {
            c0: self.c0.frobenius_map(k),
            c1: self.c1.frobenius_map(k).mul_by_fp2(&C::FROBENIUS_GAMMA[k]),
        }
    }

    /// `a − b·w` = `self^(p⁶)`; on the cyclotomic subgroup this is the inverse.
    fn conjugate(&self) -> Self {
        Fp12 {
            c0: self.c0,
            c1: -self.c1,
        }
    }

    fn mul_by_base(&self, c: &Fp6<C>) -> Self {
        Fp12 {
            c0: self.c0 * c,
            c1: self.c1 * c,
        }
    }
}

impl<C: TowerConfig> ConstantTimeEq for Fp12<C> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.c0.ct_eq(&o.c0) & self.c1.ct_eq(&o.c1)
    }
}

impl<C: TowerConfig> ConditionallySelectable for Fp12<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Fp12 {
            c0: Fp6::conditional_select(&a.c0, &b.c0, c),
            c1: Fp6::conditional_select(&a.c1, &b.c1, c),
        }
    }
}

crate::macros::impl_field_ops!(impl[C: TowerConfig] Fp12<C>);

#[cfg(test)]
mod tests {
    use crate::Field;
    use crate::bls12_381::{Fp, Fp2, Fp6};
    use crate::traits::{PrimeField, Rng};

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

    /// The fused Fp6 product (BLS12-381) against Karatsuba, on random and extreme coefficients
    /// (all p − 1: the largest double-width sums; zero; one). Without the fused kernel (portable
    /// and AArch64 backends) the same formulas run on Fp2 products.
    #[test]
    fn fused_fp6_product_matches_karatsuba() {
        // On an ADX machine (default build) the tower takes the fused path.
        if ctt_bigint::backend::active() == ctt_bigint::backend::Backend::X86_64Adx {
            assert!(Fp::fp2_sum_of_products_is_fused(3));
        }
        let mut rng = SplitMix(7);
        let m1 = -Fp::ONE;
        let top = Fp2::new(m1, m1);
        let edge = [
            Fp6::new(top, top, top),
            Fp6::ZERO,
            Fp6::ONE,
            Fp6::new(Fp2::ZERO, top, Fp2::ONE),
        ];
        let xs: [Fp6; 24] = core::array::from_fn(|_| Fp6::random(&mut rng));
        for a in xs.iter().chain(edge.iter()) {
            for b in edge.iter().chain(xs.iter().take(4)) {
                assert_eq!(a.mul_by_sums_of_products(b), a.mul_karatsuba(b));
                assert_eq!(b.mul_by_sums_of_products(a), a.mul_karatsuba(b));
            }
        }
    }
}
