//! `compute_cells`: the blob's extension to the 8192th roots of unity.
//!
//! The spec interpolates the blob (4096 evaluations at the bit-reversed 4096th roots) and
//! evaluates the polynomial on the bit-reversed 8192th roots, 64 consecutive values per cell.
//! In bit-reversed order the first half of that domain is the 4096th roots themselves (in their
//! own bit-reversed order), so the first 64 cells are the blob's bytes; the second half is the
//! coset `ω₈₁₉₂·⟨ω₄₀₉₆⟩`, one IFFT and one coset FFT of size 4096 (Constantine's
//! `compute_cells`; half the work of a size-8192 FFT).

use crate::{
    Blob, CELLS_PER_EXT_BLOB, Cell, CellsAndProofs, FIELD_ELEMENTS_PER_BLOB, KzgProof,
    PeerDasError, PeerDasSettings,
};
use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::PrimeField;
use ctt_field::bls12_381::Fr;

impl PeerDasSettings {
    /// The 128 cells of the blob's extension (no proofs).
    pub fn compute_cells(
        &self,
        blob: &Blob,
    ) -> Result<Box<[Cell; CELLS_PER_EXT_BLOB]>, PeerDasError> {
        let coeffs = self.blob_to_scaled_coefficients(blob)?;
        Ok(self.cells_from_scaled_coefficients(blob, coeffs))
    }

    /// The 128 cells and their proofs (FK20: Feist–Khovratovich, eprint 2023/033), in cell order.
    pub fn compute_cells_and_kzg_proofs(
        &self,
        blob: &Blob,
    ) -> Result<CellsAndProofs, PeerDasError> {
        self.cells_and_proofs(blob, false)
    }

    /// [`PeerDasSettings::compute_cells_and_kzg_proofs`], FK20 on the rayon pool if `parallel`.
    pub(crate) fn cells_and_proofs(
        &self,
        blob: &Blob,
        parallel: bool,
    ) -> Result<CellsAndProofs, PeerDasError> {
        let coeffs = self.blob_to_scaled_coefficients(blob)?;
        let scale = Fr::from_u64(FIELD_ELEMENTS_PER_BLOB as u64);
        let proofs = self.fk20().proofs(&coeffs, &scale, parallel);
        let cells = self.cells_from_scaled_coefficients(blob, coeffs);
        Ok((cells, compress_proofs(&proofs)))
    }

    /// The polynomial's coefficients times 4096 (the IFFT's scaling is left to the caller),
    /// from the blob (validated: every element `< r`), whose bit-reversed order is what the
    /// permutation-free inverse transform takes.
    pub(crate) fn blob_to_scaled_coefficients(&self, blob: &Blob) -> Result<Vec<Fr>, PeerDasError> {
        let mut evals = ctt_kzg::blob_to_polynomial(blob)?;
        self.blob_domain.ifft_rn_unscaled(&mut evals);
        Ok(evals)
    }

    /// The cells: the blob's bytes, then the coset half, from the coefficients times 4096.
    pub(crate) fn cells_from_scaled_coefficients(
        &self,
        blob: &Blob,
        coeffs: Vec<Fr>,
    ) -> Box<[Cell; CELLS_PER_EXT_BLOB]> {
        let half = CELLS_PER_EXT_BLOB / 2;
        let mut cells = new_cells();
        for (cell, bytes) in cells[..half]
            .iter_mut()
            .zip(blob.chunks_exact(crate::BYTES_PER_CELL))
        {
            cell.copy_from_slice(bytes);
        }
        self.write_coset_half(coeffs, &mut cells[half..]);
        cells
    }

    /// The cells of the polynomial with these coefficients (recovery: no blob at hand, so the
    /// first half is one more FFT with bit-reversed output).
    pub(crate) fn cells_from_coefficients(&self, coeffs: &[Fr]) -> Box<[Cell; CELLS_PER_EXT_BLOB]> {
        let half = CELLS_PER_EXT_BLOB / 2;
        let mut cells = new_cells();
        let mut evals = coeffs.to_vec();
        self.blob_domain.fft_nr(&mut evals);
        write_cells(&evals, &mut cells[..half]);
        let n = Fr::from_u64(FIELD_ELEMENTS_PER_BLOB as u64);
        let scaled = coeffs.iter().map(|c| *c * n).collect();
        self.write_coset_half(scaled, &mut cells[half..]);
        cells
    }

    /// Cells 64…127 from the coefficients times 4096 (consumed as scratch): coefficient k times
    /// `ext_twist[k] = ω₈₁₉₂^k/4096`, then an FFT with bit-reversed output, the cells' order.
    fn write_coset_half(&self, mut coeffs: Vec<Fr>, cells: &mut [Cell]) {
        for (c, t) in coeffs.iter_mut().zip(&self.ext_twist) {
            *c *= *t;
        }
        self.blob_domain.fft_nr(&mut coeffs);
        write_cells(&coeffs, cells);
    }
}

/// The proofs, compressed (one batch normalisation).
pub(crate) fn compress_proofs(proofs: &[G1Projective]) -> Box<[KzgProof; CELLS_PER_EXT_BLOB]> {
    let mut affine = vec![G1Affine::default(); proofs.len()];
    G1Projective::batch_normalize(proofs, &mut affine);
    let out: Vec<KzgProof> = affine.iter().map(|p| p.to_compressed()).collect();
    // FK20 returns one proof per cell.
    out.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("128 proofs"))
}

/// 128 zeroed cells on the heap.
fn new_cells() -> Box<[Cell; CELLS_PER_EXT_BLOB]> {
    let cells = vec![[0u8; crate::BYTES_PER_CELL]; CELLS_PER_EXT_BLOB];
    // 128 cells were allocated, so the conversion to an array cannot fail.
    cells
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("128 cells"))
}

/// Serialises consecutive values into cells, 64 per cell.
fn write_cells(evals: &[Fr], cells: &mut [Cell]) {
    for (cell, values) in cells
        .iter_mut()
        .zip(evals.chunks_exact(crate::FIELD_ELEMENTS_PER_CELL))
    {
        for (out, e) in cell.chunks_exact_mut(32).zip(values) {
            out.copy_from_slice(&e.to_bytes_be());
        }
    }
}
