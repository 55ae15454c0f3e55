//! One generic short-Weierstrass group `y² = x³ + a·x + b` with `a = 0` (BLS12-381, BN254,
//! secp256k1) or `a = −3` (P-256), configured per curve by [`SwCurveConfig`]; the formulas pick
//! their `a` branch from the constant [`SwCurveConfig::COEFF_A`] at compile time, so the `a = 0`
//! curves run exactly the code they ran before.
//!
//! Representations: [`Affine`] (storage, encodings; the identity is a flag) and [`Projective`]
//! (homogeneous `(X : Y : Z)`, `x = X/Z`, `y = Y/Z`, identity `(0 : 1 : 0)`) with the complete
//! formulas of Renes–Costello–Batina (eprint 2015/1060, Alg. 7–9): no exceptional cases, so no
//! branch on the points, which is what constant-time scalar multiplication needs. The
//! endomorphism ladders of the named curves run instead on a co-Z Jacobian table with Jacobian
//! doublings and unified mixed additions ([`coz`]), which handle the exceptional cases with masked
//! selects.
//! The co-Z endomorphism ladders ([`coz`]) and [`Projective::mul_u64_public`] exist for `a = 0`
//! only (the curves with endomorphisms). [`vartime`] holds the Jacobian arithmetic and the
//! interleaved wNAF (Straus) linear combinations for public data (signature verification).
//! Assumptions: the curve has a subgroup of prime order `r` = the scalar field's modulus.

mod affine;
pub mod coz;
pub mod glv;
mod projective;
pub mod scalar_mul;
pub mod vartime;

pub use affine::Affine;
pub use projective::Projective;

use core::fmt::Debug;
use ctt_bigint::Choice;
use ctt_field::{Field, PrimeField, SqrtField};

/// The coefficient `a` of `y² = x³ + a·x + b`: the two values with dedicated complete formulas
/// (Renes–Costello–Batina, eprint 2015/1060: Alg. 7–9 for `a = 0`, Alg. 4–6 for `a = −3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoeffA {
    /// `a = 0`.
    Zero,
    /// `a = −3`.
    MinusThree,
}

/// The data of one curve (or twist) and its prime-order subgroup.
pub trait SwCurveConfig: 'static + Copy + Send + Sync + Debug + Default + Eq {
    /// The coordinate field (Fp or Fp2).
    type Base: SqrtField;
    /// The scalar field, of order r.
    type Scalar: PrimeField;
    /// Name shown by `Debug`.
    const NAME: &'static str;
    /// `a` of `y² = x³ + a·x + b`; `a = 0` unless the curve says otherwise.
    const COEFF_A: CoeffA = CoeffA::Zero;
    /// `b` of `y² = x³ + a·x + b`.
    const COEFF_B: Self::Base;
    /// `3b`, used by the complete formulas.
    const COEFF_B3: Self::Base;
    /// The standard generator's x.
    const GENERATOR_X: Self::Base;
    /// The standard generator's y.
    const GENERATOR_Y: Self::Base;

    /// `3b·x`; curves override it with a few additions when `3b` is small.
    #[inline(always)]
    fn mul_by_3b(x: &Self::Base) -> Self::Base {
        *x * Self::COEFF_B3
    }

    /// `a·x` (zero or `−3x`; the match folds at compile time).
    #[inline(always)]
    fn mul_by_a(x: &Self::Base) -> Self::Base {
        match Self::COEFF_A {
            CoeffA::Zero => Self::Base::ZERO,
            CoeffA::MinusThree => -(x.double() + x),
        }
    }

    /// Whether `p` is in the prime-order subgroup. The default multiplies by r; curves override
    /// it with an endomorphism check.
    fn is_in_subgroup(p: &Projective<Self>) -> Choice {
        p.mul_bigint_vartime(Self::Scalar::MODULUS_LIMBS)
            .is_identity_ct()
    }

    /// Multiplication by the effective cofactor (maps the whole curve into the subgroup).
    fn clear_cofactor(p: &Projective<Self>) -> Projective<Self>;

    /// Variable-time `[k]p` for public `p` and `k`, any point on the curve. The default is the
    /// width-5 wNAF ladder on Jacobian coordinates ([`scalar_mul::mul_vartime`]); curves whose
    /// whole group has prime order override it with their GLV split.
    fn mul_vartime(p: &Projective<Self>, k: &Self::Scalar) -> Projective<Self> {
        scalar_mul::mul_vartime(p, k)
    }

    /// Constant-time `[k]p`. The default is the generic Booth w5 ladder; curves with an efficient
    /// endomorphism override it with a GLV/GLS split ([`scalar_mul::mul_ct_split`]).
    fn mul_ct(p: &Projective<Self>, k: &Self::Scalar) -> Projective<Self> {
        scalar_mul::mul_ct(p, k)
    }
}
