//! The `*_parallel` twins (feature `parallel`), on the caller's rayon pool.

use crate::{Blob, Bytes48, Cell, CellsAndProofs, PeerDasError, PeerDasSettings};
use alloc::vec::Vec;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::bls12_381::Fr;
use ctt_kzg::fft::{FftElement, g1_mul_from_affine_vartime};
use rayon::prelude::*;

/// A G1 point whose FFT layers multiply on the rayon pool (FK20's G1 transforms).
#[derive(Clone, Copy)]
pub(crate) struct ParG1(pub(crate) G1Projective);

impl FftElement for ParG1 {
    fn zero() -> Self {
        ParG1(G1Projective::zero())
    }
    fn fft_add(&self, other: &Self) -> Self {
        ParG1(self.0.fft_add(&other.0))
    }
    fn fft_sub(&self, other: &Self) -> Self {
        ParG1(self.0.fft_sub(&other.0))
    }
    fn fft_mul(&self, w: &Fr) -> Self {
        ParG1(self.0.fft_mul(w))
    }
    const GATHER: bool = true;
    fn fft_mul_layer(items: &mut [Self], ws: &[Fr]) {
        let points: Vec<G1Projective> = items.iter().map(|p| p.0).collect();
        let mut affine = alloc::vec![G1Affine::default(); points.len()];
        ctt_curves::CurveGroup::batch_normalize(&points, &mut affine);
        items
            .par_iter_mut()
            .zip(affine.par_iter().zip(ws))
            .for_each(|(x, (a, w))| x.0 = g1_mul_from_affine_vartime(a, w));
    }
}

impl PeerDasSettings {
    /// As [`PeerDasSettings::compute_cells_and_kzg_proofs`]: FK20's row MSMs and G1 FFT layers
    /// on the pool.
    pub fn compute_cells_and_kzg_proofs_parallel(
        &self,
        blob: &Blob,
    ) -> Result<CellsAndProofs, PeerDasError> {
        self.cells_and_proofs(blob, true)
    }

    /// As [`PeerDasSettings::recover_cells_and_kzg_proofs`], with the proofs computed as in
    /// [`PeerDasSettings::compute_cells_and_kzg_proofs_parallel`].
    pub fn recover_cells_and_kzg_proofs_parallel(
        &self,
        cell_indices: &[u64],
        cells: &[Cell],
    ) -> Result<CellsAndProofs, PeerDasError> {
        self.recover(cell_indices, cells, true)
    }

    /// As [`PeerDasSettings::verify_cell_kzg_proof_batch`]: decoding the commitments, cells and
    /// proofs (the proofs' subgroup checks dominate large batches) and the MSMs run on the pool.
    pub fn verify_cell_kzg_proof_batch_parallel(
        &self,
        commitments: &[Bytes48],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[Bytes48],
    ) -> Result<bool, PeerDasError> {
        self.verify_cells(commitments, cell_indices, cells, proofs, true)
    }
}
