//! The `*_parallel` twins (feature `parallel`): the same results as the serial functions,
//! computed on the caller's rayon pool (call them inside `pool.install` to choose it).

use crate::{Blob, Bytes48, KzgCommitment, KzgError, KzgProof, KzgSettings};
use alloc::vec::Vec;
use rayon::prelude::*;

impl KzgSettings {
    /// As [`KzgSettings::verify_blob_kzg_proof_batch`]: the per-blob work (decoding, the
    /// challenge, the evaluation) and the two MSMs run on the pool.
    pub fn verify_blob_kzg_proof_batch_parallel(
        &self,
        blobs: &[Blob],
        commitments: &[Bytes48],
        proofs: &[Bytes48],
    ) -> Result<bool, KzgError> {
        self.verify_blobs(blobs, commitments, proofs, true)
    }

    /// [`KzgSettings::blob_to_kzg_commitment`] of every blob, one blob per task.
    pub fn blobs_to_kzg_commitments_parallel(
        &self,
        blobs: &[Blob],
    ) -> Result<Vec<KzgCommitment>, KzgError> {
        self.build_tables();
        blobs
            .par_iter()
            .map(|b| self.blob_to_kzg_commitment(b))
            .collect()
    }

    /// [`KzgSettings::compute_blob_kzg_proof`] of every `(blob, commitment)` pair, one pair
    /// per task.
    pub fn compute_blob_kzg_proofs_parallel(
        &self,
        blobs: &[Blob],
        commitments: &[Bytes48],
    ) -> Result<Vec<KzgProof>, KzgError> {
        if commitments.len() != blobs.len() {
            return Err(KzgError::LengthMismatch);
        }
        self.build_tables();
        blobs
            .par_iter()
            .zip(commitments)
            .map(|(b, c)| self.compute_blob_kzg_proof(b, c))
            .collect()
    }
}
