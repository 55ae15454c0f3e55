//! The zkcrypto [`pairing`] traits (feature `pairing`): `pairing::Engine`,
//! `pairing::MultiMillerLoop` and `pairing::MillerLoopResult` for the engines
//! [`Bls12_381`](crate::bls12_381::Bls12_381) and [`Bn254`](crate::bn254::Bn254) (our pairing
//! configuration types), with [`Gt`] implementing `group::Group` as zkcrypto writes it:
//! additively (`+` is the product in Fp12, `-` divides, `Gt * Fr` is [`Gt::pow`], constant time).
//!
//! **Why the engine's points are wrappers.** `Engine` wants its affine points to implement
//! `pairing::PairingCurveAffine`, whose `pairing_with` returns this crate's `Gt`. That impl can live
//! neither in ctt-curves (which owns the points but cannot see the pairing without a dependency
//! cycle) nor here (a foreign trait on a foreign type: the orphan rule). So the engines' `G1`,
//! `G1Affine`, `G2`, `G2Affine` are [`EnginePoint`]s: `#[repr(transparent)]` wrappers around
//! ctt-curves' points that forward every `group` trait (those ctt-curves' feature `group`
//! implements on the points themselves) and add `PairingCurveAffine`. `From` converts both ways,
//! and `.0` is the native point. Code that needs only `ff`/`group` can use the native types directly.
//!
//! **Which power of the pairing.** `Engine::pairing` returns this crate's `Gt`, which is
//! `e(P, Q)^m` with the fixed `m` of the crate documentation (`m = 3` for BLS12-381): bilinear and
//! non-degenerate, but not byte-identical to zkcrypto's `bls12_381::Gt`.

// Gt is written multiplicatively in this crate and additively by zkcrypto: `+` is `*` on purpose.
#![allow(clippy::suspicious_arithmetic_impl, clippy::suspicious_op_assign_impl)]

use crate::gt::{Gt, MillerLoopResult};
use crate::prepared::{G2Prepared, multi_miller_loop_prepared};
use crate::{PairingConfig, bls12_381 as bls, bn254 as bn};
use alloc::vec::Vec;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use ctt_curves::sw::Affine;
use ctt_field::Field as _;
use pairing::group::{self, Curve as _, CurveAffine, Group, GroupEncoding, UncompressedEncoding};
use rand_core::TryRng;

/// What the forwarding impls need of a native point to move it through `subtle::CtOption`.
pub trait Native: subtle::ConditionallySelectable + Default {}
impl<T: subtle::ConditionallySelectable + Default> Native for T {}

// ---- Gt as an additive group::Group ----------------------------------------------------------

impl<C: PairingConfig> Add for Gt<C> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        self * o
    }
}
impl<'a, C: PairingConfig> Add<&'a Gt<C>> for Gt<C> {
    type Output = Self;
    fn add(self, o: &'a Self) -> Self {
        self * o
    }
}
impl<C: PairingConfig> Sub for Gt<C> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self * o.inverse()
    }
}
impl<'a, C: PairingConfig> Sub<&'a Gt<C>> for Gt<C> {
    type Output = Self;
    fn sub(self, o: &'a Self) -> Self {
        self * o.inverse()
    }
}
impl<C: PairingConfig> AddAssign for Gt<C> {
    fn add_assign(&mut self, o: Self) {
        *self *= o
    }
}
impl<'a, C: PairingConfig> AddAssign<&'a Gt<C>> for Gt<C> {
    fn add_assign(&mut self, o: &'a Self) {
        *self *= o
    }
}
impl<C: PairingConfig> SubAssign for Gt<C> {
    fn sub_assign(&mut self, o: Self) {
        *self *= o.inverse()
    }
}
impl<'a, C: PairingConfig> SubAssign<&'a Gt<C>> for Gt<C> {
    fn sub_assign(&mut self, o: &'a Self) {
        *self *= o.inverse()
    }
}
impl<C: PairingConfig> Neg for Gt<C> {
    type Output = Self;
    fn neg(self) -> Self {
        self.inverse()
    }
}
impl<C: PairingConfig> Sum for Gt<C> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::identity(), |a, b| a * b)
    }
}
impl<'a, C: PairingConfig> Sum<&'a Self> for Gt<C> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::identity(), |a, b| a * b)
    }
}

/// `1` (the product of no Miller-loop values).
impl<C: PairingConfig> Default for MillerLoopResult<C> {
    fn default() -> Self {
        MillerLoopResult(ctt_field::tower::Fp12::ONE)
    }
}
impl<C: PairingConfig> Add for MillerLoopResult<C> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        self * o
    }
}
impl<'a, C: PairingConfig> Add<&'a MillerLoopResult<C>> for MillerLoopResult<C> {
    type Output = Self;
    fn add(self, o: &'a Self) -> Self {
        self * *o
    }
}
impl<C: PairingConfig> AddAssign for MillerLoopResult<C> {
    fn add_assign(&mut self, o: Self) {
        *self = *self * o
    }
}
impl<'a, C: PairingConfig> AddAssign<&'a MillerLoopResult<C>> for MillerLoopResult<C> {
    fn add_assign(&mut self, o: &'a Self) {
        *self = *self * *o
    }
}

/// Our `Choice` as `subtle`'s, without a branch.
fn to_subtle(c: ctt_bigint::Choice) -> subtle::Choice {
    subtle::Choice::from(c.unwrap_u8())
}

// ---- the wrapper ---------------------------------------------------------------------------

/// A ctt-curves point (`T` = `G1Projective`, `G1Affine`, …) as an engine point: the `group`
/// traits forwarded to `T`, plus `pairing::PairingCurveAffine` on the affine ones (see the
/// module documentation for why a wrapper). `.0` is the native point.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EnginePoint<T>(pub T);

impl<T: subtle::ConditionallySelectable> subtle::ConditionallySelectable for EnginePoint<T> {
    fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
        EnginePoint(T::conditional_select(&a.0, &b.0, choice))
    }
}
impl<T: subtle::ConstantTimeEq> subtle::ConstantTimeEq for EnginePoint<T> {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<T> From<T> for EnginePoint<T> {
    fn from(p: T) -> Self {
        EnginePoint(p)
    }
}

impl<T: Neg> Neg for EnginePoint<T> {
    type Output = EnginePoint<T::Output>;
    fn neg(self) -> Self::Output {
        EnginePoint(-self.0)
    }
}

macro_rules! forward_binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident) => {
        impl<T: $tr<R>, R> $tr<EnginePoint<R>> for EnginePoint<T> {
            type Output = EnginePoint<T::Output>;
            fn $f(self, r: EnginePoint<R>) -> Self::Output {
                EnginePoint(self.0.$f(r.0))
            }
        }
        impl<'a, T: $tr<&'a R>, R> $tr<&'a EnginePoint<R>> for EnginePoint<T> {
            type Output = EnginePoint<T::Output>;
            fn $f(self, r: &'a EnginePoint<R>) -> Self::Output {
                EnginePoint(self.0.$f(&r.0))
            }
        }
        impl<T: $atr<R>, R> $atr<EnginePoint<R>> for EnginePoint<T> {
            fn $af(&mut self, r: EnginePoint<R>) {
                self.0.$af(r.0)
            }
        }
        impl<'a, T: $atr<&'a R>, R> $atr<&'a EnginePoint<R>> for EnginePoint<T> {
            fn $af(&mut self, r: &'a EnginePoint<R>) {
                self.0.$af(&r.0)
            }
        }
    };
}
forward_binop!(Add, add, AddAssign, add_assign);
forward_binop!(Sub, sub, SubAssign, sub_assign);

/// Scalar multiplication (by `Fr` or `&Fr`): the native constant-time product.
impl<T: Mul<S>, S> Mul<S> for EnginePoint<T> {
    type Output = EnginePoint<T::Output>;
    fn mul(self, k: S) -> Self::Output {
        EnginePoint(self.0 * k)
    }
}
impl<T: MulAssign<S>, S> MulAssign<S> for EnginePoint<T> {
    fn mul_assign(&mut self, k: S) {
        self.0 *= k
    }
}

impl<T: Sum> Sum for EnginePoint<T> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        EnginePoint(iter.map(|p| p.0).sum())
    }
}
impl<'a, T: Sum<&'a T> + 'a> Sum<&'a EnginePoint<T>> for EnginePoint<T> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        EnginePoint(iter.map(|p| &p.0).sum())
    }
}

impl<T: Group> Group for EnginePoint<T> {
    type Scalar = T::Scalar;
    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
        T::try_random(rng).map(EnginePoint)
    }
    fn identity() -> Self {
        EnginePoint(T::identity())
    }
    fn generator() -> Self {
        EnginePoint(T::generator())
    }
    fn is_identity(&self) -> subtle::Choice {
        self.0.is_identity()
    }
    fn double(&self) -> Self {
        EnginePoint(self.0.double())
    }
    fn mul_by_generator(scalar: &Self::Scalar) -> Self {
        EnginePoint(T::mul_by_generator(scalar))
    }
}

impl<P: group::Curve + Native> group::Curve for EnginePoint<P>
where
    P::Affine: Native,
{
    type Affine = EnginePoint<P::Affine>;
    /// The native batch normalisation (one inversion) through a copy of the points.
    fn batch_normalize(p: &[Self], q: &mut [Self::Affine]) {
        assert_eq!(p.len(), q.len());
        let native: Vec<P> = p.iter().map(|x| x.0).collect();
        let mut out: Vec<P::Affine> = q.iter().map(|x| x.0).collect();
        P::batch_normalize(&native, &mut out);
        for (q, o) in q.iter_mut().zip(out) {
            *q = EnginePoint(o);
        }
    }
    fn to_affine(&self) -> Self::Affine {
        EnginePoint(self.0.to_affine())
    }
}

impl<A: CurveAffine + Native> CurveAffine for EnginePoint<A>
where
    A::Curve: Native,
{
    type Curve = EnginePoint<A::Curve>;
    type Scalar = A::Scalar;
    fn identity() -> Self {
        EnginePoint(A::identity())
    }
    fn generator() -> Self {
        EnginePoint(A::generator())
    }
    fn is_identity(&self) -> subtle::Choice {
        self.0.is_identity()
    }
    fn to_curve(&self) -> Self::Curve {
        EnginePoint(self.0.to_curve())
    }
}

impl<T: GroupEncoding + Native> GroupEncoding for EnginePoint<T> {
    type Repr = T::Repr;
    fn from_bytes(bytes: &T::Repr) -> subtle::CtOption<Self> {
        T::from_bytes(bytes).map(EnginePoint)
    }
    fn from_bytes_unchecked(bytes: &T::Repr) -> subtle::CtOption<Self> {
        T::from_bytes_unchecked(bytes).map(EnginePoint)
    }
    fn to_bytes(&self) -> T::Repr {
        self.0.to_bytes()
    }
}

impl<T: UncompressedEncoding + Native> UncompressedEncoding for EnginePoint<T> {
    type Uncompressed = T::Uncompressed;
    fn from_uncompressed(bytes: &T::Uncompressed) -> subtle::CtOption<Self> {
        T::from_uncompressed(bytes).map(EnginePoint)
    }
    fn from_uncompressed_unchecked(bytes: &T::Uncompressed) -> subtle::CtOption<Self> {
        T::from_uncompressed_unchecked(bytes).map(EnginePoint)
    }
    fn to_uncompressed(&self) -> T::Uncompressed {
        self.0.to_uncompressed()
    }
}

impl<T: group::prime::PrimeGroup + Native> group::prime::PrimeGroup for EnginePoint<T> {}
impl<P: group::prime::PrimeCurve + Native> group::prime::PrimeCurve for EnginePoint<P> where
    P::Affine: Native
{
}
impl<T: group::WnafGroup> group::WnafGroup for EnginePoint<T> {
    fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
        T::recommended_wnaf_for_num_scalars(num_scalars)
    }
}

impl<C: PairingConfig> From<EnginePoint<Affine<C::G2>>> for G2Prepared<C> {
    fn from(q: EnginePoint<Affine<C::G2>>) -> Self {
        G2Prepared::new(&q.0)
    }
}

// ---- the engines -----------------------------------------------------------------------------

macro_rules! engine {
    ($m:ident, $curve:ident, $engine:ty, $doc:literal) => {
        #[doc = $doc]
        pub mod $m {
            use super::*;
            /// G1, projective.
            pub type G1 = EnginePoint<ctt_curves::$curve::G1Projective>;
            /// G1, affine.
            pub type G1Affine = EnginePoint<ctt_curves::$curve::G1Affine>;
            /// G2, projective.
            pub type G2 = EnginePoint<ctt_curves::$curve::G2Projective>;
            /// G2, affine.
            pub type G2Affine = EnginePoint<ctt_curves::$curve::G2Affine>;
            /// The engine's target group.
            pub type Gt = crate::gt::Gt<$engine>;
            /// The engine (our pairing configuration type).
            pub type Engine = $engine;
        }

        impl From<$m::G1Affine> for $m::G1 {
            fn from(p: $m::G1Affine) -> Self {
                EnginePoint(p.0.into())
            }
        }
        impl From<$m::G1> for $m::G1Affine {
            fn from(p: $m::G1) -> Self {
                p.to_affine()
            }
        }
        impl From<$m::G2Affine> for $m::G2 {
            fn from(p: $m::G2Affine) -> Self {
                EnginePoint(p.0.into())
            }
        }
        impl From<$m::G2> for $m::G2Affine {
            fn from(p: $m::G2) -> Self {
                p.to_affine()
            }
        }

        impl Mul<ctt_field::$curve::Fr> for Gt<$engine> {
            type Output = Self;
            /// `self^k` ([`Gt::pow`], constant time).
            fn mul(self, k: ctt_field::$curve::Fr) -> Self {
                self.pow(&k)
            }
        }
        impl<'a> Mul<&'a ctt_field::$curve::Fr> for Gt<$engine> {
            type Output = Self;
            fn mul(self, k: &'a ctt_field::$curve::Fr) -> Self {
                self.pow(k)
            }
        }
        impl MulAssign<ctt_field::$curve::Fr> for Gt<$engine> {
            fn mul_assign(&mut self, k: ctt_field::$curve::Fr) {
                *self = self.pow(&k)
            }
        }
        impl<'a> MulAssign<&'a ctt_field::$curve::Fr> for Gt<$engine> {
            fn mul_assign(&mut self, k: &'a ctt_field::$curve::Fr) {
                *self = self.pow(k)
            }
        }

        impl Group for Gt<$engine> {
            type Scalar = ctt_field::$curve::Fr;
            /// `e(G1, G2)^s` for a uniform non-zero `s` (a zero draw becomes one, by selection).
            fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
                let s = <Self::Scalar as group::ff::Field>::try_random(rng)?;
                let s = ctt_bigint::ConditionallySelectable::conditional_select(
                    &s,
                    &<Self::Scalar as ctt_field::Field>::ONE,
                    ctt_field::Field::is_zero(&s),
                );
                Ok(Gt::<$engine>::generator().pow(&s))
            }
            fn identity() -> Self {
                Gt::<$engine>::identity()
            }
            /// `e(G1, G2)` for the standard generators (one pairing per call).
            fn generator() -> Self {
                Gt::<$engine>::generator()
            }
            fn is_identity(&self) -> subtle::Choice {
                to_subtle(Gt::<$engine>::is_identity(self))
            }
            fn double(&self) -> Self {
                self.square()
            }
        }

        impl pairing::PairingCurveAffine for $m::G1Affine {
            type Pair = $m::G2Affine;
            type PairingResult = $m::Gt;
            fn pairing_with(&self, other: &$m::G2Affine) -> $m::Gt {
                crate::gt::pairing::<$engine>(&self.0, &other.0)
            }
        }
        impl pairing::PairingCurveAffine for $m::G2Affine {
            type Pair = $m::G1Affine;
            type PairingResult = $m::Gt;
            fn pairing_with(&self, other: &$m::G1Affine) -> $m::Gt {
                crate::gt::pairing::<$engine>(&other.0, &self.0)
            }
        }

        impl pairing::Engine for $engine {
            type Fr = ctt_field::$curve::Fr;
            type G1 = $m::G1;
            type G1Affine = $m::G1Affine;
            type G2 = $m::G2;
            type G2Affine = $m::G2Affine;
            type Gt = $m::Gt;
            fn pairing(p: &$m::G1Affine, q: &$m::G2Affine) -> $m::Gt {
                crate::gt::pairing::<$engine>(&p.0, &q.0)
            }
        }

        impl pairing::MultiMillerLoop for $engine {
            type G2Prepared = G2Prepared<$engine>;
            type Result = MillerLoopResult<$engine>;
            /// One shared Miller loop over prepared G2 points (constant time in the points).
            fn multi_miller_loop(terms: &[(&$m::G1Affine, &G2Prepared<$engine>)]) -> Self::Result {
                let pairs: Vec<_> = terms.iter().map(|(p, q)| (p.0, *q)).collect();
                multi_miller_loop_prepared::<$engine>(&pairs)
            }
        }
    };
}

engine!(
    bls12_381,
    bls12_381,
    bls::Bls12_381,
    "The BLS12-381 engine's types (`pairing::Engine for ctt_pairing::bls12_381::Bls12_381`)."
);
engine!(
    bn254,
    bn254,
    bn::Bn254,
    "The BN254 engine's types (`pairing::Engine for ctt_pairing::bn254::Bn254`)."
);

impl<C: PairingConfig> pairing::MillerLoopResult for MillerLoopResult<C>
where
    Gt<C>: Group,
{
    type Gt = Gt<C>;
    fn final_exponentiation(&self) -> Gt<C> {
        crate::gt::final_exponentiation(self)
    }
}
