//! The crate's error type.

use ctt_kzg::KzgError;

/// Errors of the PeerDAS layer: malformed input, as the spec and c-kzg-4844 reject it. A
/// well-formed batch that does not verify is `Ok(false)`, not an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PeerDasError {
    /// A 32-byte field element of a blob or cell is not canonical (`≥ r`).
    InvalidFieldElement,
    /// A commitment is not a valid compressed G1 point of the prime-order subgroup.
    InvalidCommitment,
    /// A proof is not a valid compressed G1 point of the prime-order subgroup.
    InvalidProof,
    /// A cell index is `≥ CELLS_PER_EXT_BLOB`.
    InvalidCellIndex,
    /// Input slices that must have one entry per cell differ in length.
    LengthMismatch,
    /// Recovery got fewer than half of the cells.
    NotEnoughCells,
    /// Recovery got more cells than an extended blob has.
    TooManyCells,
    /// Recovery's cell indices are not strictly ascending (or repeat).
    CellIndicesNotAscending,
    /// An error of the underlying KZG layer (setup loading).
    Kzg(KzgError),
}

impl core::fmt::Display for PeerDasError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PeerDasError::InvalidFieldElement => "field element is not canonical (>= r)",
            PeerDasError::InvalidCommitment => "commitment is not a valid G1 point in the subgroup",
            PeerDasError::InvalidProof => "proof is not a valid G1 point in the subgroup",
            PeerDasError::InvalidCellIndex => "cell index is out of range (>= 128)",
            PeerDasError::LengthMismatch => "inputs differ in length",
            PeerDasError::NotEnoughCells => "fewer than half of the cells to recover from",
            PeerDasError::TooManyCells => "more cells than an extended blob has",
            PeerDasError::CellIndicesNotAscending => "cell indices are not strictly ascending",
            PeerDasError::Kzg(e) => return write!(f, "kzg: {e}"),
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PeerDasError {}

impl From<KzgError> for PeerDasError {
    fn from(e: KzgError) -> Self {
        match e {
            KzgError::InvalidFieldElement => PeerDasError::InvalidFieldElement,
            KzgError::InvalidCommitment => PeerDasError::InvalidCommitment,
            KzgError::InvalidProof => PeerDasError::InvalidProof,
            KzgError::LengthMismatch => PeerDasError::LengthMismatch,
            other => PeerDasError::Kzg(other),
        }
    }
}
