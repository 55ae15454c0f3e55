//! # ctt-kzg
//!
//! EIP-4844 KZG polynomial commitments for Ethereum blobs: the functions of the deneb
//! `polynomial-commitments` specification (now ethereum/cryptography-specs), with the names,
//! argument order and error cases of c-kzg-4844, on ctt's BLS12-381 stack.
//!
//! ```
//! use ctt_kzg::{BYTES_PER_BLOB, KzgSettings};
//!
//! let settings = KzgSettings::mainnet(); // the embedded Ethereum mainnet setup
//! let mut blob = [0u8; BYTES_PER_BLOB];
//! blob[31] = 1; // field element 0 = 1 (every 32-byte element must be < r)
//! let commitment = settings.blob_to_kzg_commitment(&blob)?;
//! let proof = settings.compute_blob_kzg_proof(&blob, &commitment)?;
//! assert!(settings.verify_blob_kzg_proof(&blob, &commitment, &proof)?);
//! # Ok::<(), ctt_kzg::KzgError>(())
//! ```
//!
//! * [`KzgSettings`]: the trusted setup. [`KzgSettings::mainnet`] is embedded and ready in a few
//!   milliseconds; [`KzgSettings::from_trusted_setup_text`],
//!   [`KzgSettings::from_trusted_setup_bytes`] and `load_trusted_setup_file` (feature `std`)
//!   validate any other setup fully. Commitments and proofs run one MSM over the 4096 Lagrange
//!   points, through fixed-base tables whose size [`Precompute`] sets.
//! * The functions, all `Result<_, KzgError>`: [`KzgSettings::blob_to_kzg_commitment`],
//!   [`KzgSettings::compute_kzg_proof`], [`KzgSettings::compute_blob_kzg_proof`],
//!   [`KzgSettings::verify_kzg_proof`], [`KzgSettings::verify_blob_kzg_proof`],
//!   [`KzgSettings::verify_blob_kzg_proof_batch`], and the spec's [`compute_challenge`].
//!   Malformed input (a field element `≥ r`, a point that is not a valid compressed G1 point of
//!   the subgroup, slices of different lengths) is an error; a well-formed proof that does not
//!   verify is `Ok(false)`.
//! * Feature `parallel`: `*_parallel` twins on the caller's rayon pool —
//!   `verify_blob_kzg_proof_batch_parallel`, `blobs_to_kzg_commitments_parallel` and
//!   `compute_blob_kzg_proofs_parallel`.
//!
//! Evaluation at a point uses the barycentric formula over the bit-reversed domain and the
//! quotient is computed in evaluation form, both from one batch inversion (no FFT). All inputs
//! of these functions are public, so they run variable-time code.
#![no_std]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod batch;
pub mod domain;
mod eip4844;
mod error;
mod eval;
pub mod fft;
pub mod once;
#[cfg(feature = "parallel")]
mod parallel;
mod setup;

pub use batch::batch_coefficients;
pub use eip4844::{blob_to_polynomial, compute_challenge, g1_lincomb_vartime};
pub use error::KzgError;
pub use setup::{KzgSettings, Precompute, trusted_setup_binary_from_text};

/// Re-exported so that users need no direct dependency for the types of the setup accessors.
pub use ctt_curves::bls12_381::{G1Affine, G2Affine};
pub use ctt_field::bls12_381::Fr;

/// Bytes of a serialised field element.
pub const BYTES_PER_FIELD_ELEMENT: usize = 32;
/// Field elements in a blob.
pub const FIELD_ELEMENTS_PER_BLOB: usize = 4096;
/// Bytes of a blob.
pub const BYTES_PER_BLOB: usize = BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_BLOB;
/// Bytes of a compressed commitment.
pub const BYTES_PER_COMMITMENT: usize = 48;
/// Bytes of a compressed proof.
pub const BYTES_PER_PROOF: usize = 48;
/// Bytes of a compressed G1 point.
pub const BYTES_PER_G1_POINT: usize = 48;
/// Bytes of a compressed G2 point.
pub const BYTES_PER_G2_POINT: usize = 96;
/// G2 points in the trusted setup (`[τ^i]₂`, `i < 65`).
pub const NUM_G2_POINTS: usize = 65;
/// Domain separator of `compute_challenge`.
pub const FIAT_SHAMIR_PROTOCOL_DOMAIN: &[u8; 16] = b"FSBLOBVERIFY_V1_";
/// Domain separator of the batch verification challenge.
pub const RANDOM_CHALLENGE_KZG_BATCH_DOMAIN: &[u8; 16] = b"RCKZGBATCH___V1_";

/// A blob: 4096 big-endian field elements of 32 bytes, each `< r`.
pub type Blob = [u8; BYTES_PER_BLOB];
/// 32 bytes: a serialised field element.
pub type Bytes32 = [u8; 32];
/// 48 bytes: a serialised (compressed) G1 point, not yet validated.
pub type Bytes48 = [u8; 48];
/// A compressed commitment (output of [`KzgSettings::blob_to_kzg_commitment`]).
pub type KzgCommitment = Bytes48;
/// A compressed proof.
pub type KzgProof = Bytes48;

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
