//! `recover_cells_and_kzg_proofs`: the blob's polynomial from at least half of its cells, then
//! all cells and proofs again (Buterin, "Reed-Solomon erasure code recovery in n·log²n time with
//! FFTs", ethresear.ch #3039, with Qi Zhou's coset form, as the spec).
//!
//! With `E` the extended evaluations (zero where a cell is missing) and `Z` vanishing on the
//! missing cells, `E·Z = P·Z` on the 8192th roots, where `P` is the polynomial sought. So the
//! inverse FFT of `E·Z` gives `P·Z` in coefficient form, and dividing by `Z` pointwise on the coset
//! `7·⟨ω₈₁₉₂⟩` (where `Z` has no zero; the spec's shift, `PRIMITIVE_ROOT_OF_UNITY`) and one coset
//! inverse FFT give `P`. A missing cell `c` is a whole coset `h_c·⟨ω₆₄⟩`, whose vanishing factor is
//! `X⁶⁴ − h_c⁶⁴`, so `Z(X) = z(X⁶⁴)` for the small polynomial `z` with roots `h_c⁶⁴`, the 128th roots
//! of unity at the bit-reversed cell indices: at most 64 factors, multiplied out directly.

use crate::cells::compress_proofs;
use crate::verify::cell_to_evals;
use crate::{
    CELLS_PER_EXT_BLOB, Cell, CellsAndProofs, FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL,
    FIELD_ELEMENTS_PER_EXT_BLOB, PeerDasError, PeerDasSettings,
};
use alloc::vec;
use alloc::vec::Vec;
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};
use ctt_kzg::domain::{bit_reversal_permutation, reverse_bits, roots_of_unity};

/// The cosets' shift of the division step (the spec's `PRIMITIVE_ROOT_OF_UNITY`).
const COSET_SHIFT: u64 = 7;

impl PeerDasSettings {
    /// All 128 cells and their proofs from at least 64 of the cells. The indices must be
    /// strictly ascending (so no duplicates) and below 128, one per cell.
    pub fn recover_cells_and_kzg_proofs(
        &self,
        cell_indices: &[u64],
        cells: &[Cell],
    ) -> Result<CellsAndProofs, PeerDasError> {
        self.recover(cell_indices, cells, false)
    }

    /// [`PeerDasSettings::recover_cells_and_kzg_proofs`], FK20 on the rayon pool if `parallel`.
    pub(crate) fn recover(
        &self,
        cell_indices: &[u64],
        cells: &[Cell],
        parallel: bool,
    ) -> Result<CellsAndProofs, PeerDasError> {
        if cells.len() != cell_indices.len() {
            return Err(PeerDasError::LengthMismatch);
        }
        if cell_indices.len() < CELLS_PER_EXT_BLOB / 2 {
            return Err(PeerDasError::NotEnoughCells);
        }
        if cell_indices.len() > CELLS_PER_EXT_BLOB {
            return Err(PeerDasError::TooManyCells);
        }
        if cell_indices.iter().any(|&c| c >= CELLS_PER_EXT_BLOB as u64) {
            return Err(PeerDasError::InvalidCellIndex);
        }
        if cell_indices.windows(2).any(|w| w[1] <= w[0]) {
            return Err(PeerDasError::CellIndicesNotAscending);
        }
        let evals = cells
            .iter()
            .map(cell_to_evals)
            .collect::<Result<Vec<_>, _>>()?;
        let coeffs = self.recover_polynomial(cell_indices, &evals);
        let proofs = self.fk20().proofs(&coeffs, &Fr::ONE, parallel);
        Ok((
            self.cells_from_coefficients(&coeffs),
            compress_proofs(&proofs),
        ))
    }

    /// The spec's `recover_polynomialcoeff` on validated input: the 4096 coefficients.
    pub(crate) fn recover_polynomial(
        &self,
        cell_indices: &[u64],
        evals: &[[Fr; FIELD_ELEMENTS_PER_CELL]],
    ) -> Vec<Fr> {
        let n = FIELD_ELEMENTS_PER_EXT_BLOB;
        let l = FIELD_ELEMENTS_PER_CELL;
        // E in the cells' (bit-reversed) order, then natural order.
        let mut e = vec![Fr::ZERO; n];
        let mut present = [false; CELLS_PER_EXT_BLOB];
        for (&c, values) in cell_indices.iter().zip(evals) {
            let c = c as usize;
            present[c] = true;
            e[l * c..l * (c + 1)].copy_from_slice(values);
        }
        bit_reversal_permutation(&mut e);

        // z(Y) = Π_{missing c} (Y − ω₁₂₈^rev(c)), then Z(X) = z(X⁶⁴).
        let rou = roots_of_unity(CELLS_PER_EXT_BLOB);
        let log_cells = CELLS_PER_EXT_BLOB.trailing_zeros();
        let mut short = vec![Fr::ONE];
        for c in (0..CELLS_PER_EXT_BLOB).filter(|&c| !present[c]) {
            let root = rou[reverse_bits(c, log_cells)];
            short.push(Fr::ZERO);
            for i in (1..short.len()).rev() {
                let t = short[i - 1] - root * short[i];
                short[i] = t;
            }
            short[0] = -(root * short[0]);
        }
        let mut z = vec![Fr::ZERO; n];
        for (i, s) in short.iter().enumerate() {
            z[i * l] = *s;
        }

        // P·Z in coefficient form.
        let mut z_eval = z.clone();
        self.ext_domain.fft(&mut z_eval);
        for (x, zi) in e.iter_mut().zip(&z_eval) {
            *x *= *zi;
        }
        self.ext_domain.ifft(&mut e);

        // P = (P·Z)/Z on the coset, back to coefficients.
        let shift = Fr::from_u64(COSET_SHIFT);
        self.ext_domain.coset_fft(&mut e, &shift);
        self.ext_domain.coset_fft(&mut z, &shift);
        // Z has no root on the coset (its roots are 8192th roots of unity, 7 is not one).
        Fr::batch_invert_vartime(&mut z);
        for (x, zi) in e.iter_mut().zip(&z) {
            *x *= *zi;
        }
        self.ext_domain.coset_ifft(&mut e, &shift);
        e.truncate(FIELD_ELEMENTS_PER_BLOB);
        e
    }
}
