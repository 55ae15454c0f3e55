//! `Fp2 = Fp[u]/(u² + 1)`, generic over the base prime field.
//!
//! Assumptions: `p ≡ 3 (mod 4)`, so −1 is a non-residue and `u^p = −u` (Frobenius is conjugation).
//! Both Ethereum base fields (BLS12-381 and BN254) satisfy it.
//! Costs (M, S = base-field multiplication, squaring): mul 3M (Karatsuba), square 2M, inverse
//! 1I + 2M + 2S (via the norm), sqrt 2 Fp exponentiations + 6M (the "complex method",
//! Adj–Rodríguez-Henríquez eprint 2012/685, Alg. 8, without inversion as in blst).

use crate::fp::{Fp, FpParams};
use crate::traits::{ExtensionField, Field, PrimeField, Rng, SqrtField};
use ctt_bigint::{BigInt, Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// `c0 + c1·u` with `u² = −1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp2<F> {
    /// The real part.
    pub c0: F,
    /// The coefficient of `u`.
    pub c1: F,
}

impl<F: PrimeField> Fp2<F> {
    /// Builds `c0 + c1·u`.
    #[inline]
    pub const fn new(c0: F, c1: F) -> Self {
        Fp2 { c0, c1 }
    }

    /// The norm `c0² + c1²` (an element of the base field).
    #[inline]
    pub fn norm(&self) -> F {
        self.c0.square() + self.c1.square()
    }

    /// Multiplication by `u`: `(c0 + c1·u)·u = −c1 + c0·u`.
    #[inline]
    pub fn mul_by_u(&self) -> Self {
        Fp2 {
            c0: -self.c1,
            c1: self.c0,
        }
    }

    /// Multiplication by `1 + u` (BLS12-381's ξ): `(c0 − c1) + (c0 + c1)·u`.
    #[inline(always)]
    pub fn mul_by_1_plus_u(&self) -> Self {
        Fp2 {
            c0: self.c0 - self.c1,
            c1: self.c0 + self.c1,
        }
    }

    #[inline(always)]
    fn add_impl(&self, rhs: &Self) -> Self {
        Fp2 {
            c0: self.c0 + rhs.c0,
            c1: self.c1 + rhs.c1,
        }
    }
    #[inline(always)]
    fn sub_impl(&self, rhs: &Self) -> Self {
        Fp2 {
            c0: self.c0 - rhs.c0,
            c1: self.c1 - rhs.c1,
        }
    }
    #[inline(always)]
    fn neg_impl(&self) -> Self {
        Fp2 {
            c0: -self.c0,
            c1: -self.c1,
        }
    }
    /// Karatsuba: 3 base multiplications, with lazy reduction where the base field offers it
    /// ([`PrimeField::mul_fp2_coeffs`]).
    #[inline(always)]
    fn mul_impl(&self, rhs: &Self) -> Self {
        let [c0, c1] = F::mul_fp2_coeffs(&[self.c0, self.c1], &[rhs.c0, rhs.c1]);
        Fp2 { c0, c1 }
    }
}

/// Compile-time arithmetic on concrete `Fp2<Fp<P, N>>`, used to derive tower constants.
impl<P: FpParams<N>, const N: usize> Fp2<Fp<P, N>> {
    /// `a·b` in `const` items.
    pub const fn mul_const(&self, rhs: &Self) -> Self {
        let v0 = self.c0.mul_const(&rhs.c0);
        let v1 = self.c1.mul_const(&rhs.c1);
        let a = self.c0.mul_const(&rhs.c1);
        let b = self.c1.mul_const(&rhs.c0);
        Fp2 {
            c0: v0.add_const(&v1.neg_const()),
            c1: a.add_const(&b),
        }
    }

    /// Conjugate in `const` items.
    pub const fn conjugate_const(&self) -> Self {
        Fp2 {
            c0: self.c0,
            c1: self.c1.neg_const(),
        }
    }

    /// `self^e` in `const` items (public exponent, square-and-multiply).
    pub const fn pow_const<const M: usize>(&self, e: &BigInt<M>) -> Self {
        let one = Fp::<P, N>::from_mont_unchecked(Fp::<P, N>::R);
        let zero = Fp::<P, N>::from_mont_unchecked(BigInt::ZERO);
        let mut r = Fp2 { c0: one, c1: zero };
        let mut i = e.num_bits_vartime();
        while i > 0 {
            i -= 1;
            r = r.mul_const(&r);
            if e.bit(i) == 1 {
                r = r.mul_const(self);
            }
        }
        r
    }

    /// `self⁻¹` (0 for 0) in `const` items: `conj(self)/norm(self)`.
    pub const fn invert_const(&self) -> Self {
        let norm = self
            .c0
            .mul_const(&self.c0)
            .add_const(&self.c1.mul_const(&self.c1));
        let t = norm.invert_const();
        Fp2 {
            c0: self.c0.mul_const(&t),
            c1: self.c1.mul_const(&t).neg_const(),
        }
    }

    /// Multiplication by a small constant in `const` items (repeated addition; for curve data).
    pub const fn mul_small_const(&self, k: u64) -> Self {
        let mut acc = Fp2 {
            c0: Fp::<P, N>::from_mont_unchecked(BigInt::ZERO),
            c1: Fp::<P, N>::from_mont_unchecked(BigInt::ZERO),
        };
        let mut i = 0;
        while i < k {
            acc = Fp2 {
                c0: acc.c0.add_const(&self.c0),
                c1: acc.c1.add_const(&self.c1),
            };
            i += 1;
        }
        acc
    }

    /// From two big-endian hex literals at compile time.
    pub const fn from_hex_const(c0: &str, c1: &str) -> Self {
        Fp2 {
            c0: Fp::from_hex_const(c0),
            c1: Fp::from_hex_const(c1),
        }
    }
}

impl<F: PrimeField> Field for Fp2<F> {
    const ZERO: Self = Fp2 {
        c0: F::ZERO,
        c1: F::ZERO,
    };
    const ONE: Self = Fp2 {
        c0: F::ONE,
        c1: F::ZERO,
    };

    #[inline]
    fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// `(c0 + c1)(c0 − c1) + 2·c0·c1·u`: 2 base multiplications.
    #[inline]
    fn square(&self) -> Self {
        let [c0, c1] = F::square_fp2_coeffs(&[self.c0, self.c1]);
        Fp2 { c0, c1 }
    }

    #[inline]
    fn double(&self) -> Self {
        Fp2 {
            c0: self.c0.double(),
            c1: self.c1.double(),
        }
    }

    #[inline]
    fn half(&self) -> Self {
        Fp2 {
            c0: self.c0.half(),
            c1: self.c1.half(),
        }
    }

    /// `(c0 − c1·u)/(c0² + c1²)`.
    fn invert(&self) -> CtOption<Self> {
        self.norm().invert().map(|t| Fp2 {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
        })
    }

    fn invert_vartime(&self) -> Option<Self> {
        self.norm().invert_vartime().map(|t| Fp2 {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
        })
    }

    fn random<R: Rng + ?Sized>(rng: &mut R) -> Self {
        Fp2 {
            c0: F::random(rng),
            c1: F::random(rng),
        }
    }
}

impl<F: PrimeField> SqrtField for Fp2<F> {
    /// The complex method (eprint 2012/685, Alg. 8) with blst's shortcuts (`sqrt_fp2` in its
    /// `src/sqrt.c`): two base-field exponentiations, no inversion, no Legendre symbol, constant
    /// time. With `n = c0² + c1²` and `α = √n` (either sign), `δ = (c0 + α)/2` and
    /// `t = δ^((p−3)/4)`, so that `δ·t² = δ^((p−1)/2) = χ(δ)`:
    /// - `χ(δ) = 1`: `x0 = δ·t = √δ`, `1/x0 = t`, and `x = x0 + (c1·t/2)·u` (`x1 = c1/(2·x0)`);
    /// - `χ(δ) = −1`: `y = δ·t` has `y² = −δ`; the other sign's `δ' = (c0 − α)/2 = −c1²/(4δ)` is
    ///   the square of `c1/(2y) = −c1·t/2`, and `x = −c1·t/2 + y·u`: the first candidate times
    ///   `u` (a rotation by 90°). The two cases are selected without branching.
    ///
    /// `δ = 0` only when `c1 = 0` and `α = −c0` (for a square norm): then `δ = c0` is used (the
    /// other sign of `α`), which covers `c1 = 0` (`√c0` or `u·√(−c0)`) and `a = 0`. A non-square
    /// `a` (non-square norm) yields some value that the final check `x² = a` rejects.
    fn sqrt(&self) -> CtOption<Self> {
        let alpha = self.norm().sqrt().unwrap_or(F::ZERO);
        let delta = (self.c0 + alpha).half();
        let delta = F::conditional_select(&delta, &self.c0, delta.is_zero());
        let t = delta.pow_p_minus_3_over_4();
        let x0 = delta * t;
        let chi = x0 * t;
        let cand = Fp2 {
            c0: x0,
            c1: self.c1.half() * t,
        };
        let root = Self::conditional_select(&cand.mul_by_u(), &cand, chi.ct_eq(&F::ONE));
        CtOption::new(root, root.square().ct_eq(self))
    }

    /// A square in Fp2 exactly when its norm is a square in Fp.
    fn is_square(&self) -> Choice {
        self.norm().is_square()
    }

    /// RFC 9380 §4.1: `sgn0(c0)`, or `sgn0(c1)` when `c0 = 0`.
    fn sgn0(&self) -> Choice {
        let sign_0 = self.c0.sgn0();
        let zero_0 = self.c0.is_zero();
        let sign_1 = self.c1.sgn0();
        sign_0 | (zero_0 & sign_1)
    }
}

impl<F: PrimeField> ExtensionField for Fp2<F> {
    type BaseField = F;
    const DEGREE: usize = 2;

    /// `u^p = −u` for `p ≡ 3 (mod 4)`: odd powers conjugate.
    #[inline]
    fn frobenius_map(&self, power: usize) -> Self {
        let odd = Choice::from((power & 1) as u8 == 1);
        Fp2 {
            c0: self.c0,
            c1: F::conditional_select(&self.c1, &(-self.c1), odd),
        }
    }

    #[inline]
    fn conjugate(&self) -> Self {
        Fp2 {
            c0: self.c0,
            c1: -self.c1,
        }
    }

    #[inline]
    fn mul_by_base(&self, c: &F) -> Self {
        Fp2 {
            c0: self.c0 * c,
            c1: self.c1 * c,
        }
    }
}

impl<F: PrimeField> ConstantTimeEq for Fp2<F> {
    #[inline]
    fn ct_eq(&self, other: &Self) -> Choice {
        self.c0.ct_eq(&other.c0) & self.c1.ct_eq(&other.c1)
    }
}

impl<F: PrimeField> ConditionallySelectable for Fp2<F> {
    #[inline]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Fp2 {
            c0: F::conditional_select(&a.c0, &b.c0, choice),
            c1: F::conditional_select(&a.c1, &b.c1, choice),
        }
    }
}

crate::macros::impl_field_ops!(impl[F: PrimeField] Fp2<F>);
