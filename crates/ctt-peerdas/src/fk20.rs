//! `compute_cells_and_kzg_proofs`: the 128 cell proofs at once by FK20 (Feist–Khovratovich,
//! "Fast amortized KZG proofs", eprint 2023/033, §3), in c-kzg-4844's formulation (`fk20.c`).
//!
//! The proof of cell `c` commits to the quotient of `f` by `X⁶⁴ − h_c⁶⁴`. Those 128 quotients'
//! commitments are the evaluations at the 128th roots of unity of one polynomial `v(X)` of
//! degree < 64 over G1, whose coefficients are a sum of 64 Toeplitz matrix–vector products:
//! matrix `i` built from the coefficients `f_{4095−i−64j}`, vector `i` from the setup points
//! `[τ^{4031−i−64j}]₁`. Each product is embedded in a circulant of size 128 and done with FFTs:
//!
//! * setup (once per trusted setup): the G1 FFT of each of the 64 zero-padded setup vectors,
//!   stored transposed: row `j` holds the 64 points `ŷ_i[j]`;
//! * per blob: the Fr FFT of each of the 64 circulant coefficient vectors (scaled by 1/128 here
//!   instead of scaling the G1 inverse FFT), then one MSM of 64 points per row `j`
//!   (`u_j = Σ_i ŵ_i[j]·ŷ_i[j]`; through fixed-base tables when the settings have them), one
//!   G1 inverse FFT (`v` = its lower half) and one G1 FFT with bit-reversed output, which is the
//!   cells' order.

use crate::{CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL};
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};
use ctt_kzg::domain::bit_reversal_permutation;
use ctt_kzg::fft::{Domain, FftElement};
use ctt_kzg::{FIELD_ELEMENTS_PER_BLOB, Precompute};
use ctt_msm::PrecomputedMsm;

/// Rows of the circulant products: twice the number of cells per (unextended) blob.
const ROWS: usize = 2 * (FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL);

/// The setup side of FK20.
pub(crate) struct Fk20 {
    /// Row `j`: the 64 points `ŷ_i[j]`, `i < 64`.
    rows: Vec<Vec<G1Affine>>,
    /// Fixed-base tables per row, when asked for.
    tables: Option<Vec<PrecomputedMsm<G1Projective>>>,
    /// The circulant domain (size 128).
    domain: Domain,
}

impl Fk20 {
    /// The transformed setup vectors from the monomial points `[τ^k]₁`, `k < 4096`, and the
    /// row tables (`precompute` was validated by the caller).
    pub(crate) fn new(g1_monomial: &[G1Affine], precompute: Precompute) -> Fk20 {
        let l = FIELD_ELEMENTS_PER_CELL;
        let r = FIELD_ELEMENTS_PER_BLOB / l;
        let domain = Domain::new(ROWS);
        // transformed[i·ROWS + j] = ŷ_i[j]
        let mut transformed = Vec::with_capacity(l * ROWS);
        for offset in 0..l {
            let start = FIELD_ELEMENTS_PER_BLOB - l - 1 - offset;
            let mut x = vec![G1Projective::identity(); ROWS];
            for (i, xi) in x.iter_mut().take(r - 1).enumerate() {
                *xi = g1_monomial[start - i * l].into();
            }
            domain.fft(&mut x);
            transformed.extend_from_slice(&x);
        }
        let mut affine = vec![G1Affine::default(); transformed.len()];
        G1Projective::batch_normalize(&transformed, &mut affine);
        let rows: Vec<Vec<G1Affine>> = (0..ROWS)
            .map(|j| (0..l).map(|i| affine[i * ROWS + j]).collect())
            .collect();
        let tables = match precompute {
            Precompute::None => None,
            Precompute::Tables { t, b } => rows
                .iter()
                .map(|row| PrecomputedMsm::new(row, t, b).ok())
                .collect(),
        };
        Fk20 {
            rows,
            tables,
            domain,
        }
    }

    /// Bytes held by the rows and the tables.
    pub(crate) fn memory_bytes(&self) -> usize {
        let rows = self.rows.len() * FIELD_ELEMENTS_PER_CELL * size_of::<G1Affine>();
        let tables = self
            .tables
            .iter()
            .flatten()
            .map(PrecomputedMsm::memory_bytes)
            .sum::<usize>();
        rows + tables + size_of::<Self>()
    }

    /// The 128 cell proofs, in cell order, of the polynomial with coefficients
    /// `coeffs[k]/scale` (callers may hand over coefficients with a pending common factor). With
    /// `parallel` (feature `parallel`) the row MSMs and each G1 FFT layer's multiplications run
    /// on the rayon pool.
    pub(crate) fn proofs(&self, coeffs: &[Fr], scale: &Fr, parallel: bool) -> Vec<G1Projective> {
        let l = FIELD_ELEMENTS_PER_CELL;
        let r = FIELD_ELEMENTS_PER_BLOB / l;
        let d = FIELD_ELEMENTS_PER_BLOB - 1;
        // 1/(128·scale): the G1 inverse FFT below is unscaled.
        let prescale = (Fr::from_u64(ROWS as u64) * *scale)
            .invert_vartime()
            .unwrap_or(Fr::ZERO);
        // columns[j][i] = ŵ_i[j]/(128·scale)
        let mut columns = vec![[Fr::ZERO; FIELD_ELEMENTS_PER_CELL]; ROWS];
        let mut c = vec![Fr::ZERO; ROWS];
        for offset in 0..l {
            // The circulant's first column: c₀ = f_{d−i}, c_{2r−j} = f_{d−i−jl} (1 ≤ j ≤ r − 2).
            c.fill(Fr::ZERO);
            c[0] = coeffs[d - offset];
            for j in 1..r - 1 {
                c[2 * r - j] = coeffs[d - offset - j * l];
            }
            self.domain.fft(&mut c);
            for (col, w) in columns.iter_mut().zip(&c) {
                col[offset] = *w * prescale;
            }
        }
        #[cfg(feature = "parallel")]
        if parallel {
            use crate::parallel::ParG1;
            use rayon::prelude::*;
            let mut u: Vec<ParG1> = columns
                .par_iter()
                .enumerate()
                .map(|(j, scalars)| ParG1(self.row_msm(j, scalars)))
                .collect();
            self.evaluate_v(&mut u, r);
            return u.into_iter().map(|p| p.0).collect();
        }
        let _ = parallel;
        let mut u: Vec<G1Projective> = columns
            .iter()
            .enumerate()
            .map(|(j, scalars)| self.row_msm(j, scalars))
            .collect();
        self.evaluate_v(&mut u, r);
        u
    }

    /// `u` (natural order) → the proofs: `v` = the lower `r` entries of the unscaled inverse
    /// FFT of `u`, then its FFT with bit-reversed output.
    fn evaluate_v<T: FftElement>(&self, u: &mut [T], r: usize) {
        bit_reversal_permutation(u);
        self.domain.ifft_rn_unscaled(u);
        for x in u[r..].iter_mut() {
            *x = T::zero();
        }
        debug_assert_eq!(u.len(), CELLS_PER_EXT_BLOB);
        self.domain.fft_nr(u);
    }

    /// `Σ_i scalars[i]·ŷ_i[j]`.
    fn row_msm(&self, j: usize, scalars: &[Fr; FIELD_ELEMENTS_PER_CELL]) -> G1Projective {
        let r = match &self.tables {
            Some(t) => t[j].msm_vartime(scalars),
            None => ctt_msm::msm_vartime::<G1Projective>(&self.rows[j], scalars),
        };
        // 64 scalars for 64 bases, by construction.
        r.unwrap_or_else(|_| G1Projective::identity())
    }
}
