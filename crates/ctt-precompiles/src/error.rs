//! The one error type of the crate.

/// Why a precompile call failed. Every failure consumes all the gas given to the call, as in
/// go-ethereum and revm; the variant only says why (go-ethereum's error strings differ in
/// wording, never in which inputs fail).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrecompileError {
    /// The gas limit is below the call's cost.
    OutOfGas,
    /// No precompile at this address on this fork.
    NotActive,
    /// The input length is not one the precompile accepts (EIP-2537 and EIP-4844 exact
    /// lengths, BN254 pairing multiples of 192 bytes, BLAKE2 F's 213 bytes, empty MSM or
    /// pairing input).
    InvalidInputLength,
    /// An EIP-2537 field element whose 16 padding bytes are not all zero.
    InvalidPadding,
    /// A field element not below the modulus.
    NonCanonicalFieldElement,
    /// A point that is not on its curve.
    PointNotOnCurve,
    /// A point on the curve but outside the prime-order subgroup (where the EIP requires it).
    PointNotInSubgroup,
    /// BLAKE2 F's final-block flag is neither 0 nor 1.
    InvalidFinalFlag,
    /// A MODEXP length above EIP-7823's 1024 bytes (Osaka on), or a length beyond any address
    /// space (earlier forks: the gas would be infinite).
    ModexpInputTooLarge,
    /// KZG point evaluation: the versioned hash does not match the commitment.
    KzgVersionedHashMismatch,
    /// KZG point evaluation: malformed z, y, commitment or proof, or a proof that does not verify.
    KzgVerificationFailed,
    /// No public key can be recovered from an ECDSA signature (`r` or `s` out of range, a bad
    /// recovery id, no curve point for `r`). Only [`crate::zkvm::secp256k1_ecrecover`] fails so;
    /// the EVM's `ecrecover` answers empty output instead.
    EcdsaRecoveryFailed,
}

impl core::fmt::Display for PrecompileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PrecompileError::OutOfGas => "out of gas",
            PrecompileError::NotActive => "no precompile at this address on this fork",
            PrecompileError::InvalidInputLength => "invalid input length",
            PrecompileError::InvalidPadding => "invalid field element top bytes",
            PrecompileError::NonCanonicalFieldElement => "field element not below the modulus",
            PrecompileError::PointNotOnCurve => "invalid point: not on curve",
            PrecompileError::PointNotInSubgroup => "point is not in the correct subgroup",
            PrecompileError::InvalidFinalFlag => "invalid final flag",
            PrecompileError::ModexpInputTooLarge => "modexp input length too large",
            PrecompileError::KzgVersionedHashMismatch => "mismatched versioned hash",
            PrecompileError::KzgVerificationFailed => "KZG proof verification failed",
            PrecompileError::EcdsaRecoveryFailed => "no public key can be recovered",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PrecompileError {}

impl From<ctt_curves::CurveError> for PrecompileError {
    fn from(e: ctt_curves::CurveError) -> Self {
        use ctt_curves::CurveError as E;
        match e {
            E::NotInSubgroup => PrecompileError::PointNotInSubgroup,
            E::NonCanonical => PrecompileError::NonCanonicalFieldElement,
            E::InvalidLength | E::LengthMismatch => PrecompileError::InvalidInputLength,
            // Flags and identity encodings do not occur in the EVM formats; off-curve for the rest.
            _ => PrecompileError::PointNotOnCurve,
        }
    }
}
