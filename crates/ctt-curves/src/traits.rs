//! The group trait hierarchy: `CurveGroup` (projective arithmetic) and `AffineRepr` (storage and
//! encodings). Methods are constant-time unless named `_vartime`.

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use ctt_bigint::{Choice, ConditionallySelectable, ConstantTimeEq};
use ctt_field::{Field, PrimeField};

/// A prime-order (sub)group of an elliptic curve, in a representation fit for arithmetic.
pub trait CurveGroup:
    Sized
    + Copy
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + Eq
    + ConstantTimeEq
    + ConditionallySelectable
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + for<'a> Add<&'a Self, Output = Self>
    + for<'a> Sub<&'a Self, Output = Self>
    + AddAssign
    + SubAssign
    + for<'a> AddAssign<&'a Self>
    + for<'a> SubAssign<&'a Self>
{
    /// The scalar field (of order r).
    type Scalar: PrimeField;
    /// The field of the coordinates.
    type Base: Field;
    /// The affine representation.
    type Affine: AffineRepr<Group = Self>;

    /// The neutral element.
    fn identity() -> Self;
    /// The standard generator.
    fn generator() -> Self;
    /// Whether this is the neutral element.
    fn is_identity(&self) -> Choice;
    /// `2·self`.
    fn double(&self) -> Self;
    /// `self + rhs` with `rhs` affine (cheaper).
    fn add_affine(&self, rhs: &Self::Affine) -> Self;
    /// `[k]self`, constant time in `k` and `self`. `self` must lie in the prime-order subgroup
    /// (as every decoded, hashed or generated point does): curves with an efficient endomorphism
    /// split the scalar (GLV/GLS), which is only valid there.
    fn mul(&self, k: &Self::Scalar) -> Self;
    /// `[k]self` for public `k` and `self`.
    fn mul_vartime(&self, k: &Self::Scalar) -> Self;
    /// `[k]self` for a public integer `k` of any length (little-endian words).
    fn mul_bigint_vartime(&self, k: &[u64]) -> Self;
    /// The affine form (one inversion).
    fn to_affine(&self) -> Self::Affine;
    /// Affine forms of many points with one inversion (Montgomery's trick).
    fn batch_normalize(points: &[Self], out: &mut [Self::Affine]);
    /// Whether the coordinates satisfy the curve equation.
    fn is_on_curve(&self) -> Choice;
    /// Whether the point lies in the prime-order subgroup (endomorphism-based check).
    fn is_torsion_free(&self) -> Choice;
    /// Maps a curve point into the prime-order subgroup (multiplication by the effective cofactor).
    fn clear_cofactor(&self) -> Self;
}

/// A point in affine coordinates: what is stored, hashed and encoded.
pub trait AffineRepr:
    Sized
    + Copy
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + Eq
    + ConstantTimeEq
    + ConditionallySelectable
    + Neg<Output = Self>
{
    /// The projective group.
    type Group: CurveGroup<Affine = Self>;
    /// The neutral element.
    fn identity() -> Self;
    /// The standard generator.
    fn generator() -> Self;
    /// Whether this is the neutral element.
    fn is_identity(&self) -> Choice;
    /// The projective form.
    fn to_group(&self) -> Self::Group;
    /// Whether the coordinates satisfy the curve equation (the identity does).
    fn is_on_curve(&self) -> Choice;
    /// Whether the point lies in the prime-order subgroup.
    fn is_torsion_free(&self) -> Choice;
}

/// Errors of the curve layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CurveError {
    /// The byte string has the wrong length.
    InvalidLength,
    /// The flag bits of a compressed/uncompressed encoding are inconsistent.
    InvalidFlags,
    /// A coordinate is not a canonical field element (≥ p).
    NonCanonical,
    /// The point does not satisfy the curve equation (or no y exists for a compressed x).
    NotOnCurve,
    /// The point is on the curve but not in the prime-order subgroup.
    NotInSubgroup,
    /// The identity was encoded with non-zero coordinate bits.
    InvalidIdentity,
    /// Lengths of paired inputs differ.
    LengthMismatch,
    /// hash_to_field's `expand_message_xmd` rejected its input (e.g. an empty DST).
    Hash(ctt_hash::HashError),
}

impl core::fmt::Display for CurveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let s = match self {
            CurveError::InvalidLength => "encoding has the wrong length",
            CurveError::InvalidFlags => "encoding flag bits are invalid",
            CurveError::NonCanonical => "coordinate is not a canonical field element",
            CurveError::NotOnCurve => "point is not on the curve",
            CurveError::NotInSubgroup => "point is not in the prime-order subgroup",
            CurveError::InvalidIdentity => "identity encoding has non-zero bits",
            CurveError::LengthMismatch => "input lengths differ",
            CurveError::Hash(e) => return write!(f, "hash_to_field: {e}"),
        };
        f.write_str(s)
    }
}

impl From<ctt_field::FieldError> for CurveError {
    fn from(e: ctt_field::FieldError) -> Self {
        match e {
            ctt_field::FieldError::InvalidLength => CurveError::InvalidLength,
            _ => CurveError::NonCanonical,
        }
    }
}

impl From<ctt_hash::HashError> for CurveError {
    fn from(e: ctt_hash::HashError) -> Self {
        CurveError::Hash(e)
    }
}
