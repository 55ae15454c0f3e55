//! The crate's error type.

use ctt_msm::MsmError;

/// Errors of the KZG layer: malformed input (as the spec and c-kzg-4844 reject it) or an
/// unusable trusted setup. A well-formed proof that does not verify is `Ok(false)`, not an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KzgError {
    /// A 32-byte field element (of a blob, or `z`, `y`) is not canonical: its value is `≥ r`.
    InvalidFieldElement,
    /// A commitment is not a valid compressed G1 point of the prime-order subgroup (bad flags,
    /// coordinate `≥ p`, off the curve, outside the subgroup, or a malformed identity).
    InvalidCommitment,
    /// A proof is not a valid compressed G1 point of the prime-order subgroup.
    InvalidProof,
    /// The slices of a batch differ in length.
    LengthMismatch,
    /// The trusted setup text or byte layout is malformed (not the c-kzg text format, bad hex,
    /// wrong byte lengths).
    TrustedSetupFormat,
    /// The trusted setup has the wrong number of points (4096 G1 and 65 G2 are required).
    TrustedSetupPointCount,
    /// A trusted-setup point is not canonical, not on the curve, or not in the subgroup.
    TrustedSetupInvalidPoint,
    /// The Lagrange section of the setup holds monomial points (`[τ^i]₁` instead of the
    /// Lagrange basis), which c-kzg-4844 rejects too.
    TrustedSetupNotLagrange,
    /// The fixed-base table parameters are out of range (see [`crate::Precompute`]).
    InvalidPrecompute,
    /// The trusted setup file could not be read.
    Io,
}

impl core::fmt::Display for KzgError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            KzgError::InvalidFieldElement => "field element is not canonical (>= r)",
            KzgError::InvalidCommitment => "commitment is not a valid G1 point in the subgroup",
            KzgError::InvalidProof => "proof is not a valid G1 point in the subgroup",
            KzgError::LengthMismatch => "batch inputs differ in length",
            KzgError::TrustedSetupFormat => "trusted setup is malformed",
            KzgError::TrustedSetupPointCount => "trusted setup has the wrong number of points",
            KzgError::TrustedSetupInvalidPoint => "trusted setup holds an invalid point",
            KzgError::TrustedSetupNotLagrange => "trusted setup's Lagrange points are monomial",
            KzgError::InvalidPrecompute => "fixed-base table parameters are out of range",
            KzgError::Io => "trusted setup file could not be read",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for KzgError {}

impl From<MsmError> for KzgError {
    fn from(e: MsmError) -> Self {
        match e {
            // Lengths are checked before every MSM; only table parameters reach here.
            MsmError::LengthMismatch => KzgError::LengthMismatch,
            _ => KzgError::InvalidPrecompute,
        }
    }
}
