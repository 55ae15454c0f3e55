//! The error type of this crate.

use ctt_curves::CurveError;
use ctt_hash::HashError;

/// Why a BLS input was rejected. Verification functions return `Err` for malformed input and
/// `Ok(false)` for well-formed input that does not verify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BlsError {
    /// A byte string has the wrong length (secret key 32, public key 48, signature 96 bytes).
    InvalidLength,
    /// A secret key is 0 or not below the group order r.
    InvalidSecretKey,
    /// Key material shorter than the 32 bytes KeyGen and EIP-2333 require.
    IkmTooShort,
    /// A public key is the identity (KeyValidate rejects it).
    IdentityPublicKey,
    /// A list that must not be empty is (aggregation, aggregate and batch verification).
    EmptyInput,
    /// Paired lists (public keys and messages) have different lengths.
    LengthMismatch,
    /// A point failed to decode: flags, canonicity, curve equation or subgroup.
    Curve(CurveError),
    /// The hashing layer rejected its input.
    Hash(HashError),
}

impl core::fmt::Display for BlsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let s = match self {
            BlsError::InvalidLength => "wrong byte length",
            BlsError::InvalidSecretKey => "secret key is zero or not below the group order",
            BlsError::IkmTooShort => "key material shorter than 32 bytes",
            BlsError::IdentityPublicKey => "public key is the identity",
            BlsError::EmptyInput => "empty input list",
            BlsError::LengthMismatch => "input lists have different lengths",
            BlsError::Curve(e) => return write!(f, "point decoding: {e}"),
            BlsError::Hash(e) => return write!(f, "hashing: {e}"),
        };
        f.write_str(s)
    }
}

impl core::error::Error for BlsError {}

impl From<CurveError> for BlsError {
    fn from(e: CurveError) -> Self {
        match e {
            CurveError::InvalidLength => BlsError::InvalidLength,
            e => BlsError::Curve(e),
        }
    }
}

impl From<HashError> for BlsError {
    fn from(e: HashError) -> Self {
        BlsError::Hash(e)
    }
}
