//! The `*_parallel` twins (feature `parallel`), on the caller's rayon pool.

use crate::verify::{Batch, cell_to_evals, check_and_dedup};
use crate::{Bytes48, Cell, PeerDasError, PeerDasSettings};
use alloc::vec::Vec;
use ctt_curves::bls12_381::G1Affine;
use rayon::prelude::*;

impl PeerDasSettings {
    /// As [`PeerDasSettings::verify_cell_kzg_proof_batch`]: decoding the commitments, cells and
    /// proofs (the proofs' subgroup checks dominate large batches) and the MSMs run on the pool.
    pub fn verify_cell_kzg_proof_batch_parallel(
        &self,
        commitments: &[Bytes48],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[Bytes48],
    ) -> Result<bool, PeerDasError> {
        let (unique, commitment_indices) =
            check_and_dedup(commitments, cell_indices, cells, proofs)?;
        let unique_points = unique
            .par_iter()
            .map(|c| G1Affine::from_compressed(*c).map_err(|_| PeerDasError::InvalidCommitment))
            .collect::<Result<Vec<_>, _>>()?;
        let evals = cells
            .par_iter()
            .map(cell_to_evals)
            .collect::<Result<Vec<_>, _>>()?;
        let proof_points = proofs
            .par_iter()
            .map(|p| G1Affine::from_compressed(p).map_err(|_| PeerDasError::InvalidProof))
            .collect::<Result<Vec<_>, _>>()?;
        let batch = Batch {
            unique,
            unique_points,
            commitment_indices,
            evals,
            proofs: proof_points,
        };
        Ok(self.verify_batch(&batch, cell_indices, cells, proofs, true))
    }
}
