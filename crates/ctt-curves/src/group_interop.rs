//! The zkcrypto [`group`] traits on the BLS12-381 and BN254 groups (feature `group`): `Group`,
//! `Curve`, `prime::PrimeGroup`/`PrimeCurve` (and, by `group`'s blanket impl,
//! `PrimeCurveAffine`), `GroupEncoding`, `UncompressedEncoding` and, with `alloc`, `WnafGroup`,
//! for `G1Projective`/`G1Affine` and `G2Projective`/`G2Affine` of both curves. The scalars are
//! ctt-field's `Fr` with its feature-`ff` impls.
//!
//! The impls are on our types; the operators `group` asks for and the curve layer did not have
//! (`Projective ± Affine` in every owned/borrowed form, `Projective * Fr`, `Affine * Fr`,
//! `Sum`) are added here, behind the feature. `*` by a scalar is [`CurveGroup::mul`]: constant
//! time, and, like it, meant for points of the prime-order subgroup (every point the checked
//! decoders, `random` and `generator` give).
//!
//! **Encodings.** BLS12-381: `GroupEncoding` is the compressed ZCash encoding (48 bytes for G1,
//! 96 for G2) and `UncompressedEncoding` the uncompressed one (96/192), as zkcrypto's
//! `bls12_381`; `from_bytes`/`from_uncompressed` run every check (flags, canonical coordinates,
//! curve, subgroup), the `_unchecked` twins skip only the subgroup check. BN254 has no compressed
//! encoding in Ethereum, so both traits use the EVM encoding of EIP-196/197 (64 bytes `x || y` for
//! G1, 128 bytes `x.c1 || x.c0 || y.c1 || y.c0` for G2, big-endian, identity = all zeros):
//! `from_bytes` checks the curve and (G2) the subgroup, `from_bytes_unchecked` only the curve (G1
//! has cofactor 1, so both are the same there). Decoding branches on validity (public data, as
//! in [`crate::codec`]); a failed decoding is `CtOption::none` holding the identity.

use crate::named::{bls12_381, bn254};
use crate::sw::{Affine, Projective, SwCurveConfig};
use crate::traits::{AffineRepr, CurveError, CurveGroup};
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Sub, SubAssign};
use ctt_field::ByteRepr;
use rand_core::TryRng;

/// A decoding result as `subtle`'s `CtOption` (the identity stands in for the value when absent).
fn decoded<C: SwCurveConfig>(r: Result<Affine<C>, CurveError>) -> subtle::CtOption<Affine<C>> {
    let ok = subtle::Choice::from(r.is_ok() as u8);
    subtle::CtOption::new(r.unwrap_or(Affine::IDENTITY), ok)
}

/// Our `Choice` as `subtle`'s, without a branch.
#[inline]
fn to_subtle(c: ctt_bigint::Choice) -> subtle::Choice {
    subtle::Choice::from(c.unwrap_u8())
}

// ---- subtle's traits (zkcrypto code selects and compares points with them) -----------------

impl<C: SwCurveConfig> subtle::ConstantTimeEq for Affine<C> {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        to_subtle(ctt_bigint::ConstantTimeEq::ct_eq(self, other))
    }
}
impl<C: SwCurveConfig> subtle::ConditionallySelectable for Affine<C> {
    fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
        ctt_bigint::ConditionallySelectable::conditional_select(a, b, from_subtle(choice))
    }
}
impl<C: SwCurveConfig> subtle::ConstantTimeEq for Projective<C> {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        to_subtle(ctt_bigint::ConstantTimeEq::ct_eq(self, other))
    }
}
impl<C: SwCurveConfig> subtle::ConditionallySelectable for Projective<C> {
    fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
        ctt_bigint::ConditionallySelectable::conditional_select(a, b, from_subtle(choice))
    }
}

/// `subtle`'s `Choice` as ours, without a branch.
#[inline]
fn from_subtle(c: subtle::Choice) -> ctt_bigint::Choice {
    ctt_bigint::Choice::from_u8_ct(c.unwrap_u8())
}

// ---- operators the group traits need, generic over the curve ---------------------------------

impl<C: SwCurveConfig> Sum for Projective<C> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::IDENTITY, |a, b| a + b)
    }
}
impl<'a, C: SwCurveConfig> Sum<&'a Self> for Projective<C> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::IDENTITY, |a, b| a + b)
    }
}

impl<C: SwCurveConfig> Add<Affine<C>> for Projective<C> {
    type Output = Self;
    fn add(self, r: Affine<C>) -> Self {
        self.add_mixed(&r)
    }
}
impl<C: SwCurveConfig> Sub<Affine<C>> for Projective<C> {
    type Output = Self;
    fn sub(self, r: Affine<C>) -> Self {
        self.add_mixed(&-r)
    }
}
impl<'a, C: SwCurveConfig> Sub<&'a Affine<C>> for Projective<C> {
    type Output = Self;
    fn sub(self, r: &'a Affine<C>) -> Self {
        self.add_mixed(&-*r)
    }
}
impl<C: SwCurveConfig> AddAssign<Affine<C>> for Projective<C> {
    fn add_assign(&mut self, r: Affine<C>) {
        *self = self.add_mixed(&r)
    }
}
impl<'a, C: SwCurveConfig> AddAssign<&'a Affine<C>> for Projective<C> {
    fn add_assign(&mut self, r: &'a Affine<C>) {
        *self = self.add_mixed(r)
    }
}
impl<C: SwCurveConfig> SubAssign<Affine<C>> for Projective<C> {
    fn sub_assign(&mut self, r: Affine<C>) {
        *self = self.add_mixed(&-r)
    }
}
impl<'a, C: SwCurveConfig> SubAssign<&'a Affine<C>> for Projective<C> {
    fn sub_assign(&mut self, r: &'a Affine<C>) {
        *self = self.add_mixed(&-*r)
    }
}

#[cfg(feature = "alloc")]
/// The wNAF window sizes of zkcrypto's `bls12_381` (by the number of scalars sharing a base).
fn recommended_wnaf(num_scalars: usize) -> usize {
    const RECOMMENDATIONS: [usize; 12] = [1, 3, 7, 20, 43, 120, 273, 563, 1630, 3128, 7933, 62569];
    4 + RECOMMENDATIONS
        .iter()
        .take_while(|r| num_scalars > **r)
        .count()
}

/// Everything that names the scalar type or the encoding, per group (concrete impls: generic ones
/// over `C::Scalar` would overlap with the existing `Mul<&C::Scalar>` in coherence's eyes).
macro_rules! group_impls {
    ($cfg:ty, $fr:ty, $repr:ty, $unc:ty,
     from_bytes: $from_bytes:expr, from_bytes_unchecked: $from_bytes_unchecked:expr,
     to_bytes: $to_bytes:expr,
     from_unc: $from_unc:expr, from_unc_unchecked: $from_unc_unchecked:expr, to_unc: $to_unc:expr) => {
        impl Mul<$fr> for Projective<$cfg> {
            type Output = Self;
            fn mul(self, k: $fr) -> Self {
                CurveGroup::mul(&self, &k)
            }
        }
        impl<'a> Mul<&'a $fr> for Projective<$cfg> {
            type Output = Self;
            fn mul(self, k: &'a $fr) -> Self {
                CurveGroup::mul(&self, k)
            }
        }
        impl MulAssign<$fr> for Projective<$cfg> {
            fn mul_assign(&mut self, k: $fr) {
                *self = CurveGroup::mul(self, &k)
            }
        }
        impl<'a> MulAssign<&'a $fr> for Projective<$cfg> {
            fn mul_assign(&mut self, k: &'a $fr) {
                *self = CurveGroup::mul(self, k)
            }
        }
        impl Mul<$fr> for Affine<$cfg> {
            type Output = Projective<$cfg>;
            fn mul(self, k: $fr) -> Projective<$cfg> {
                CurveGroup::mul(&self.to_group(), &k)
            }
        }

        impl group::Group for Projective<$cfg> {
            type Scalar = $fr;

            /// `[s]G` for a uniform non-zero `s` (a zero draw is replaced by one, in constant
            /// time: probability `1/r`); constant time.
            fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
                let s = <$fr as group::ff::Field>::try_random(rng)?;
                let s = ctt_bigint::ConditionallySelectable::conditional_select(
                    &s,
                    &<$fr as ctt_field::Field>::ONE,
                    ctt_field::Field::is_zero(&s),
                );
                Ok(CurveGroup::mul(&<Self as CurveGroup>::generator(), &s))
            }
            fn identity() -> Self {
                Self::IDENTITY
            }
            fn generator() -> Self {
                <Self as CurveGroup>::generator()
            }
            fn is_identity(&self) -> subtle::Choice {
                to_subtle(self.is_identity_ct())
            }
            fn double(&self) -> Self {
                self.double_complete()
            }
        }

        impl group::Curve for Projective<$cfg> {
            type Affine = Affine<$cfg>;
            /// One inversion for the batch (Montgomery's trick); constant time.
            fn batch_normalize(p: &[Self], q: &mut [Affine<$cfg>]) {
                <Self as CurveGroup>::batch_normalize(p, q)
            }
            fn to_affine(&self) -> Affine<$cfg> {
                self.to_affine_ct()
            }
        }

        impl group::prime::PrimeGroup for Projective<$cfg> {}
        impl group::prime::PrimeCurve for Projective<$cfg> {}

        #[cfg(feature = "alloc")]
        impl group::WnafGroup for Projective<$cfg> {
            fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
                recommended_wnaf(num_scalars)
            }
        }

        impl group::CurveAffine for Affine<$cfg> {
            type Curve = Projective<$cfg>;
            type Scalar = $fr;
            fn identity() -> Self {
                Self::IDENTITY
            }
            fn generator() -> Self {
                <Self as AffineRepr>::generator()
            }
            fn is_identity(&self) -> subtle::Choice {
                to_subtle(self.infinity)
            }
            fn to_curve(&self) -> Projective<$cfg> {
                self.to_group()
            }
        }

        impl group::GroupEncoding for Affine<$cfg> {
            type Repr = $repr;
            fn from_bytes(bytes: &$repr) -> subtle::CtOption<Self> {
                decoded(($from_bytes)(&bytes.0[..]))
            }
            fn from_bytes_unchecked(bytes: &$repr) -> subtle::CtOption<Self> {
                decoded(($from_bytes_unchecked)(&bytes.0[..]))
            }
            fn to_bytes(&self) -> $repr {
                ByteRepr(($to_bytes)(self))
            }
        }

        impl group::GroupEncoding for Projective<$cfg> {
            type Repr = $repr;
            fn from_bytes(bytes: &$repr) -> subtle::CtOption<Self> {
                <Affine<$cfg> as group::GroupEncoding>::from_bytes(bytes).map(|a| a.to_group())
            }
            fn from_bytes_unchecked(bytes: &$repr) -> subtle::CtOption<Self> {
                <Affine<$cfg> as group::GroupEncoding>::from_bytes_unchecked(bytes)
                    .map(|a| a.to_group())
            }
            fn to_bytes(&self) -> $repr {
                group::GroupEncoding::to_bytes(&self.to_affine_ct())
            }
        }

        impl group::UncompressedEncoding for Affine<$cfg> {
            type Uncompressed = $unc;
            fn from_uncompressed(bytes: &$unc) -> subtle::CtOption<Self> {
                decoded(($from_unc)(&bytes.0[..]))
            }
            fn from_uncompressed_unchecked(bytes: &$unc) -> subtle::CtOption<Self> {
                decoded(($from_unc_unchecked)(&bytes.0[..]))
            }
            fn to_uncompressed(&self) -> $unc {
                ByteRepr(($to_unc)(self))
            }
        }
    };
}

group_impls!(
    bls12_381::G1Config, ctt_field::bls12_381::Fr, ByteRepr<48>, ByteRepr<96>,
    from_bytes: bls12_381::G1Affine::from_compressed,
    from_bytes_unchecked: bls12_381::G1Affine::from_compressed_unchecked,
    to_bytes: bls12_381::G1Affine::to_compressed,
    from_unc: bls12_381::G1Affine::from_uncompressed,
    from_unc_unchecked: bls12_381::G1Affine::from_uncompressed_unchecked,
    to_unc: bls12_381::G1Affine::to_uncompressed
);
group_impls!(
    bls12_381::G2Config, ctt_field::bls12_381::Fr, ByteRepr<96>, ByteRepr<192>,
    from_bytes: bls12_381::G2Affine::from_compressed,
    from_bytes_unchecked: bls12_381::G2Affine::from_compressed_unchecked,
    to_bytes: bls12_381::G2Affine::to_compressed,
    from_unc: bls12_381::G2Affine::from_uncompressed,
    from_unc_unchecked: bls12_381::G2Affine::from_uncompressed_unchecked,
    to_unc: bls12_381::G2Affine::to_uncompressed
);
group_impls!(
    bn254::G1Config, ctt_field::bn254::Fr, ByteRepr<64>, ByteRepr<64>,
    from_bytes: bn254::G1Affine::from_evm_bytes,
    from_bytes_unchecked: bn254::G1Affine::from_evm_bytes,
    to_bytes: bn254::G1Affine::to_evm_bytes,
    from_unc: bn254::G1Affine::from_evm_bytes,
    from_unc_unchecked: bn254::G1Affine::from_evm_bytes,
    to_unc: bn254::G1Affine::to_evm_bytes
);
group_impls!(
    bn254::G2Config, ctt_field::bn254::Fr, ByteRepr<128>, ByteRepr<128>,
    from_bytes: bn254::G2Affine::from_evm_bytes,
    from_bytes_unchecked: bn254::G2Affine::from_evm_bytes_on_curve,
    to_bytes: bn254::G2Affine::to_evm_bytes,
    from_unc: bn254::G2Affine::from_evm_bytes,
    from_unc_unchecked: bn254::G2Affine::from_evm_bytes_on_curve,
    to_unc: bn254::G2Affine::to_evm_bytes
);
