//! The status codes every exported function returns, with their names and messages: the JS
//! glue turns a nonzero code into a `CttError` whose `code` is the name (`cttjs_error_name`
//! hands the glue this table, so the two never disagree).

use ctt_bls::BlsError;
use ctt_groth16::Groth16Error;
use ctt_kzg::KzgError;
use ctt_peerdas::PeerDasError;
use ctt_precompiles::PrecompileError;

/// A failure. `Ok` is 0 on the wire; every other code is a typed error in JS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Code {
    /// Success.
    Ok = 0,
    /// Lengths that do not fit the call (the glue checks them first: a glue bug).
    BadArgs = 1,
    /// Linear memory could not grow.
    OutOfMemory = 2,
    /// A 32-byte field element is not canonical (`>= r`).
    InvalidFieldElement = 10,
    /// A commitment is not a valid compressed G1 point of the subgroup.
    InvalidCommitment = 11,
    /// A proof is not a valid compressed G1 point of the subgroup.
    InvalidProof = 12,
    /// Lists that must have one entry each differ in length.
    LengthMismatch = 13,
    /// A cell index is `>= 128`.
    InvalidCellIndex = 14,
    /// Recovery got fewer than half of the cells.
    NotEnoughCells = 15,
    /// Recovery got more cells than an extended blob has.
    TooManyCells = 16,
    /// Recovery's cell indices are not strictly ascending.
    CellIndicesNotAscending = 17,
    /// A `precompute` outside c-kzg's 0–15.
    InvalidPrecompute = 18,
    /// A KZG settings handle that was freed or never made.
    InvalidSettings = 19,
    /// A secret key that is 0 or not below the group order.
    InvalidSecretKey = 30,
    /// Key material shorter than 32 bytes.
    IkmTooShort = 31,
    /// A public key that does not decode (flags, canonicity, curve, subgroup).
    InvalidPublicKey = 32,
    /// A public key that is the identity.
    IdentityPublicKey = 33,
    /// A signature that does not decode.
    InvalidSignature = 34,
    /// An empty list where the scheme needs one element at least.
    EmptyInput = 35,
    /// The gas limit is below the call's price.
    OutOfGas = 50,
    /// No precompile at this address on this fork.
    NotActive = 51,
    /// An input length the precompile does not accept.
    InvalidInputLength = 52,
    /// An EIP-2537 field element whose 16 padding bytes are not zero.
    InvalidPadding = 53,
    /// A field element not below the modulus.
    NonCanonicalFieldElement = 54,
    /// A point not on its curve.
    PointNotOnCurve = 55,
    /// A point outside the prime-order subgroup where the EIP requires it.
    PointNotInSubgroup = 56,
    /// BLAKE2 F's final flag is neither 0 nor 1.
    InvalidFinalFlag = 57,
    /// A MODEXP length above the bound.
    ModexpInputTooLarge = 58,
    /// KZG point evaluation: the versioned hash does not match the commitment.
    KzgVersionedHashMismatch = 59,
    /// KZG point evaluation: malformed input or a proof that does not verify.
    KzgVerificationFailed = 60,
    /// Groth16: a byte string or JSON array of the wrong length (also `nPublic` disagreeing
    /// with `IC`).
    InvalidLength = 70,
    /// Groth16: a coordinate not below its modulus, a malformed decimal string, a bad flag or
    /// a projective `z` other than 0 or 1.
    NonCanonicalEncoding = 71,
    /// Groth16: malformed JSON, a missing field or a field of the wrong type.
    MalformedJson = 72,
    /// Groth16: the file names another proof system.
    WrongProtocol = 73,
    /// Groth16: the proof names another curve than the key.
    WrongCurve = 74,
    /// Groth16: a curve other than BN254 (`bn128`) and BLS12-381 (`bls12381`).
    UnknownCurve = 75,
    /// Groth16: the number of public inputs differs from the key's.
    WrongInputCount = 76,
    /// Groth16: a verifying key without `IC` points.
    InvalidVerifyingKey = 77,
    /// An error the library added after this binding was written (a bug here).
    Internal = 99,
}

/// Every code, for the name table.
const ALL: [Code; 39] = [
    Code::Ok,
    Code::BadArgs,
    Code::OutOfMemory,
    Code::InvalidFieldElement,
    Code::InvalidCommitment,
    Code::InvalidProof,
    Code::LengthMismatch,
    Code::InvalidCellIndex,
    Code::NotEnoughCells,
    Code::TooManyCells,
    Code::CellIndicesNotAscending,
    Code::InvalidPrecompute,
    Code::InvalidSettings,
    Code::InvalidSecretKey,
    Code::IkmTooShort,
    Code::InvalidPublicKey,
    Code::IdentityPublicKey,
    Code::InvalidSignature,
    Code::EmptyInput,
    Code::OutOfGas,
    Code::NotActive,
    Code::InvalidInputLength,
    Code::InvalidPadding,
    Code::NonCanonicalFieldElement,
    Code::PointNotOnCurve,
    Code::PointNotInSubgroup,
    Code::InvalidFinalFlag,
    Code::ModexpInputTooLarge,
    Code::KzgVersionedHashMismatch,
    Code::KzgVerificationFailed,
    Code::InvalidLength,
    Code::NonCanonicalEncoding,
    Code::MalformedJson,
    Code::WrongProtocol,
    Code::WrongCurve,
    Code::UnknownCurve,
    Code::WrongInputCount,
    Code::InvalidVerifyingKey,
    Code::Internal,
];

impl Code {
    /// The name JS sees as `CttError.code`.
    pub fn name(self) -> &'static str {
        match self {
            Code::Ok => "OK",
            Code::BadArgs => "BAD_ARGS",
            Code::OutOfMemory => "OUT_OF_MEMORY",
            Code::InvalidFieldElement => "INVALID_FIELD_ELEMENT",
            Code::InvalidCommitment => "INVALID_COMMITMENT",
            Code::InvalidProof => "INVALID_PROOF",
            Code::LengthMismatch => "LENGTH_MISMATCH",
            Code::InvalidCellIndex => "INVALID_CELL_INDEX",
            Code::NotEnoughCells => "NOT_ENOUGH_CELLS",
            Code::TooManyCells => "TOO_MANY_CELLS",
            Code::CellIndicesNotAscending => "CELL_INDICES_NOT_ASCENDING",
            Code::InvalidPrecompute => "INVALID_PRECOMPUTE",
            Code::InvalidSettings => "INVALID_SETTINGS",
            Code::InvalidSecretKey => "INVALID_SECRET_KEY",
            Code::IkmTooShort => "IKM_TOO_SHORT",
            Code::InvalidPublicKey => "INVALID_PUBLIC_KEY",
            Code::IdentityPublicKey => "IDENTITY_PUBLIC_KEY",
            Code::InvalidSignature => "INVALID_SIGNATURE",
            Code::EmptyInput => "EMPTY_INPUT",
            Code::OutOfGas => "OUT_OF_GAS",
            Code::NotActive => "NOT_ACTIVE",
            Code::InvalidInputLength => "INVALID_INPUT_LENGTH",
            Code::InvalidPadding => "INVALID_PADDING",
            Code::NonCanonicalFieldElement => "NON_CANONICAL_FIELD_ELEMENT",
            Code::PointNotOnCurve => "POINT_NOT_ON_CURVE",
            Code::PointNotInSubgroup => "POINT_NOT_IN_SUBGROUP",
            Code::InvalidFinalFlag => "INVALID_FINAL_FLAG",
            Code::ModexpInputTooLarge => "MODEXP_INPUT_TOO_LARGE",
            Code::KzgVersionedHashMismatch => "KZG_VERSIONED_HASH_MISMATCH",
            Code::KzgVerificationFailed => "KZG_VERIFICATION_FAILED",
            Code::InvalidLength => "INVALID_LENGTH",
            Code::NonCanonicalEncoding => "NON_CANONICAL_ENCODING",
            Code::MalformedJson => "MALFORMED_JSON",
            Code::WrongProtocol => "WRONG_PROTOCOL",
            Code::WrongCurve => "WRONG_CURVE",
            Code::UnknownCurve => "UNKNOWN_CURVE",
            Code::WrongInputCount => "WRONG_INPUT_COUNT",
            Code::InvalidVerifyingKey => "INVALID_VERIFYING_KEY",
            Code::Internal => "INTERNAL",
        }
    }

    /// An English sentence for `Error.message`.
    pub fn message(self) -> &'static str {
        match self {
            Code::Ok => "ok",
            Code::BadArgs => "arguments do not fit the call",
            Code::OutOfMemory => "out of memory",
            Code::InvalidFieldElement => "field element is not canonical (>= r)",
            Code::InvalidCommitment => "commitment is not a valid G1 point in the subgroup",
            Code::InvalidProof => "proof is not a valid G1 point in the subgroup",
            Code::LengthMismatch => "inputs differ in length",
            Code::InvalidCellIndex => "cell index is out of range (>= 128)",
            Code::NotEnoughCells => "fewer than half of the cells to recover from",
            Code::TooManyCells => "more cells than an extended blob has",
            Code::CellIndicesNotAscending => "cell indices are not strictly ascending",
            Code::InvalidPrecompute => "precompute must be an integer from 0 to 15",
            Code::InvalidSettings => "these KZG settings were freed",
            Code::InvalidSecretKey => "secret key is zero or not below the group order",
            Code::IkmTooShort => "key material shorter than 32 bytes",
            Code::InvalidPublicKey => "public key does not decode to a point of the subgroup",
            Code::IdentityPublicKey => "public key is the identity",
            Code::InvalidSignature => "signature does not decode to a point of the subgroup",
            Code::EmptyInput => "empty input list",
            Code::OutOfGas => "out of gas",
            Code::NotActive => "no precompile at this address on this fork",
            Code::InvalidInputLength => "invalid input length",
            Code::InvalidPadding => "invalid field element top bytes",
            Code::NonCanonicalFieldElement => "field element not below the modulus",
            Code::PointNotOnCurve => "invalid point: not on curve",
            Code::PointNotInSubgroup => "point is not in the correct subgroup",
            Code::InvalidFinalFlag => "invalid final flag",
            Code::ModexpInputTooLarge => "modexp input length too large",
            Code::KzgVersionedHashMismatch => "mismatched versioned hash",
            Code::KzgVerificationFailed => "KZG proof verification failed",
            Code::InvalidLength => {
                "wrong length (a byte string, a JSON array, or nPublic against IC)"
            }
            Code::NonCanonicalEncoding => {
                "non-canonical encoding (a value not below its modulus, a malformed decimal string, a bad flag or z)"
            }
            Code::MalformedJson => "malformed JSON, a missing field or a field of the wrong type",
            Code::WrongProtocol => "not a Groth16 file",
            Code::WrongCurve => "the file is for another curve",
            Code::UnknownCurve => "unknown curve (bn128 or bls12381)",
            Code::WrongInputCount => "the number of public inputs differs from the key's",
            Code::InvalidVerifyingKey => "verifying key without IC points",
            Code::Internal => "internal error",
        }
    }
}

/// The table of codes for the glue: `code<TAB>NAME<TAB>message` lines, in the output buffer.
#[unsafe(no_mangle)]
pub extern "C" fn cttjs_error_table() {
    let mut s = String::new();
    for c in ALL {
        s.push_str(&format!("{}\t{}\t{}\n", c as i32, c.name(), c.message()));
    }
    crate::mem::set_out(s.into_bytes());
}

impl From<KzgError> for Code {
    fn from(e: KzgError) -> Self {
        match e {
            KzgError::InvalidFieldElement => Code::InvalidFieldElement,
            KzgError::InvalidCommitment => Code::InvalidCommitment,
            KzgError::InvalidProof => Code::InvalidProof,
            KzgError::LengthMismatch => Code::LengthMismatch,
            KzgError::InvalidPrecompute => Code::InvalidPrecompute,
            _ => Code::Internal,
        }
    }
}

impl From<PeerDasError> for Code {
    fn from(e: PeerDasError) -> Self {
        match e {
            PeerDasError::InvalidFieldElement => Code::InvalidFieldElement,
            PeerDasError::InvalidCommitment => Code::InvalidCommitment,
            PeerDasError::InvalidProof => Code::InvalidProof,
            PeerDasError::InvalidCellIndex => Code::InvalidCellIndex,
            PeerDasError::LengthMismatch => Code::LengthMismatch,
            PeerDasError::NotEnoughCells => Code::NotEnoughCells,
            PeerDasError::TooManyCells => Code::TooManyCells,
            PeerDasError::CellIndicesNotAscending => Code::CellIndicesNotAscending,
            PeerDasError::Kzg(e) => e.into(),
            _ => Code::Internal,
        }
    }
}

impl From<BlsError> for Code {
    fn from(e: BlsError) -> Self {
        match e {
            BlsError::InvalidSecretKey => Code::InvalidSecretKey,
            BlsError::IkmTooShort => Code::IkmTooShort,
            BlsError::IdentityPublicKey => Code::IdentityPublicKey,
            BlsError::EmptyInput => Code::EmptyInput,
            BlsError::InvalidLength => Code::BadArgs,
            BlsError::LengthMismatch => Code::LengthMismatch,
            _ => Code::Internal,
        }
    }
}

impl From<PrecompileError> for Code {
    fn from(e: PrecompileError) -> Self {
        use PrecompileError as E;
        match e {
            E::OutOfGas => Code::OutOfGas,
            E::NotActive => Code::NotActive,
            E::InvalidInputLength => Code::InvalidInputLength,
            E::InvalidPadding => Code::InvalidPadding,
            E::NonCanonicalFieldElement => Code::NonCanonicalFieldElement,
            E::PointNotOnCurve => Code::PointNotOnCurve,
            E::PointNotInSubgroup => Code::PointNotInSubgroup,
            E::InvalidFinalFlag => Code::InvalidFinalFlag,
            E::ModexpInputTooLarge => Code::ModexpInputTooLarge,
            E::KzgVersionedHashMismatch => Code::KzgVersionedHashMismatch,
            E::KzgVerificationFailed => Code::KzgVerificationFailed,
            _ => Code::Internal,
        }
    }
}

impl From<Groth16Error> for Code {
    fn from(e: Groth16Error) -> Self {
        use Groth16Error as E;
        match e {
            E::InvalidLength | E::TooManyInputs => Code::InvalidLength,
            E::NonCanonical => Code::NonCanonicalEncoding,
            E::NotOnCurve => Code::PointNotOnCurve,
            E::NotInSubgroup => Code::PointNotInSubgroup,
            E::ScalarOutOfRange => Code::InvalidFieldElement,
            E::WrongInputCount { .. } => Code::WrongInputCount,
            E::EmptyInputCommitments => Code::InvalidVerifyingKey,
            E::EmptyBatch => Code::EmptyInput,
            E::Json => Code::MalformedJson,
            E::WrongProtocol => Code::WrongProtocol,
            E::WrongCurve => Code::WrongCurve,
            _ => Code::Internal,
        }
    }
}

/// Runs a function whose result goes to the output buffer; returns its status code.
pub(crate) fn finish(r: Result<Vec<u8>, Code>) -> i32 {
    match r {
        Ok(bytes) => {
            crate::mem::set_out(bytes);
            Code::Ok as i32
        }
        Err(c) => c as i32,
    }
}

/// A verification's answer as one byte (0 or 1).
pub(crate) fn answer(ok: bool) -> Vec<u8> {
    vec![u8::from(ok)]
}
