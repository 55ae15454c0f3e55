//! The crate's error type.

use core::fmt;
use ctt_curves::CurveError;
use ctt_msm::MsmError;

/// Why a key, proof, input or batch was refused. Verification returns `Err` for these and
/// `Ok(false)` for well-formed objects that do not verify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Groth16Error {
    /// A byte string or a JSON array has the wrong length.
    InvalidLength,
    /// A coordinate or scalar is not in canonical form: `≥` its modulus, a decimal string with a
    /// sign, leading zero or other character, a bad flag combination, or a projective `z` other
    /// than 0 or 1.
    NonCanonical,
    /// A point is not on the curve.
    NotOnCurve,
    /// A point is on the curve but outside the prime-order subgroup.
    NotInSubgroup,
    /// A public input is not below the scalar field's modulus r.
    ScalarOutOfRange,
    /// The number of public inputs differs from the key's.
    WrongInputCount {
        /// What the key expects.
        expected: usize,
        /// What was given.
        got: usize,
    },
    /// A verifying key needs at least one input commitment (`IC₀`).
    EmptyInputCommitments,
    /// A batch needs at least one proof.
    EmptyBatch,
    /// Malformed JSON, a missing field or a field of the wrong type.
    Json,
    /// The file names another proof system than Groth16.
    WrongProtocol,
    /// The file names another curve than the one asked for.
    WrongCurve,
    /// Too many points for the MSM layer (more than 2³¹ inputs).
    TooManyInputs,
}

impl fmt::Display for Groth16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Groth16Error::InvalidLength => f.write_str("wrong length"),
            Groth16Error::NonCanonical => f.write_str("non-canonical encoding"),
            Groth16Error::NotOnCurve => f.write_str("point not on the curve"),
            Groth16Error::NotInSubgroup => f.write_str("point not in the prime-order subgroup"),
            Groth16Error::ScalarOutOfRange => f.write_str("public input not below r"),
            Groth16Error::WrongInputCount { expected, got } => {
                write!(f, "{got} public inputs, the key expects {expected}")
            }
            Groth16Error::EmptyInputCommitments => f.write_str("verifying key without IC points"),
            Groth16Error::EmptyBatch => f.write_str("empty batch"),
            Groth16Error::Json => f.write_str("malformed JSON"),
            Groth16Error::WrongProtocol => f.write_str("not a Groth16 file"),
            Groth16Error::WrongCurve => f.write_str("file for another curve"),
            Groth16Error::TooManyInputs => f.write_str("too many public inputs"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Groth16Error {}

impl From<CurveError> for Groth16Error {
    fn from(e: CurveError) -> Self {
        match e {
            CurveError::NotOnCurve => Groth16Error::NotOnCurve,
            CurveError::NotInSubgroup => Groth16Error::NotInSubgroup,
            CurveError::InvalidLength => Groth16Error::InvalidLength,
            _ => Groth16Error::NonCanonical,
        }
    }
}

impl From<MsmError> for Groth16Error {
    fn from(e: MsmError) -> Self {
        match e {
            MsmError::LengthMismatch => Groth16Error::InvalidLength,
            _ => Groth16Error::TooManyInputs,
        }
    }
}
