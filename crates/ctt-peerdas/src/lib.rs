//! # ctt-peerdas
//!
//! EIP-7594 PeerDAS: a blob's Reed–Solomon extension to 8192 evaluations, cut into 128 cells of
//! 64 field elements, the cells' proofs, recovery, and the batch verification of cell proofs — the fulu
//! `polynomial-commitments-sampling` specification (now ethereum/cryptography-specs) with the
//! names, argument order and error cases of c-kzg-4844, on ctt-kzg's setup and types.
//!
//! ```
//! use ctt_peerdas::{BYTES_PER_BLOB, PeerDasSettings};
//!
//! let settings = PeerDasSettings::mainnet();
//! let mut blob = [0u8; BYTES_PER_BLOB];
//! blob[31] = 7;
//! let cells = settings.compute_cells(&blob)?;
//! assert_eq!(&cells[0][..], &blob[..2048]); // the first 64 cells are the blob itself
//! // No proofs: an empty batch verifies.
//! assert!(settings.verify_cell_kzg_proof_batch(&[], &[], &[], &[])?);
//! # Ok::<(), ctt_peerdas::PeerDasError>(())
//! ```
//!
//! * [`PeerDasSettings`]: the domains and fixed points of the cell functions, derived from a
//!   [`KzgSettings`] ([`PeerDasSettings::mainnet`] shares ctt-kzg's embedded mainnet setup).
//! * [`PeerDasSettings::compute_cells`]: the extension by FFTs, half of it free (the first 64
//!   cells are the blob in the bit-reversed order the spec uses).
//! * [`PeerDasSettings::compute_cells_and_kzg_proofs`]: the 128 cell proofs by FK20, through
//!   fixed-base tables whose size [`Precompute`] sets.
//! * [`PeerDasSettings::recover_cells_and_kzg_proofs`]: every cell and proof from at least half
//!   of the cells.
//! * [`PeerDasSettings::verify_cell_kzg_proof_batch`]: the universal verification equation
//!   with deduplicated commitments, the interpolation polynomials aggregated per cell column
//!   and one 2-pair pairing check; [`compute_verify_cell_kzg_proof_batch_challenge`].
//!   Feature `parallel`: `*_parallel` twins of proofs, recovery and verification on the
//!   caller's rayon pool.
//!
//! Everything here handles public data and runs variable-time code.
#![no_std]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod cells;
mod error;
mod fk20;
#[cfg(feature = "parallel")]
mod parallel;
mod recovery;
mod settings;
mod verify;

pub use error::PeerDasError;
pub use settings::PeerDasSettings;
pub use verify::compute_verify_cell_kzg_proof_batch_challenge;

pub use ctt_kzg::{
    BYTES_PER_BLOB, BYTES_PER_COMMITMENT, BYTES_PER_FIELD_ELEMENT, BYTES_PER_PROOF, Blob, Bytes32,
    Bytes48, FIELD_ELEMENTS_PER_BLOB, KzgCommitment, KzgProof, KzgSettings, Precompute,
};

/// Field elements in a cell.
pub const FIELD_ELEMENTS_PER_CELL: usize = 64;
/// Field elements in an extended blob.
pub const FIELD_ELEMENTS_PER_EXT_BLOB: usize = 2 * FIELD_ELEMENTS_PER_BLOB;
/// Cells in an extended blob.
pub const CELLS_PER_EXT_BLOB: usize = FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL;
/// Bytes of a cell.
pub const BYTES_PER_CELL: usize = FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT;
/// Domain separator of the cell batch verification challenge.
pub const RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN: &[u8; 16] = b"RCKZGCBATCH__V1_";

/// A cell: 64 big-endian field elements of 32 bytes, each `< r`.
pub type Cell = [u8; BYTES_PER_CELL];

/// The 128 cells of an extended blob and their 128 proofs, in cell order.
pub type CellsAndProofs = (
    alloc::boxed::Box<[Cell; CELLS_PER_EXT_BLOB]>,
    alloc::boxed::Box<[KzgProof; CELLS_PER_EXT_BLOB]>,
);

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
