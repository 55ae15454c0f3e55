//! `verify_cell_kzg_proof_batch`: the universal verification equation (Kadianakis, Dietrichs,
//! Feist, "A universal verification equation for data availability sampling", ethresear.ch
//! #13240), as the spec's `verify_cell_kzg_proof_batch_impl`:
//!
//! `e(Σ cₖπₖ, [τ⁶⁴]₂) = e(Σᵢ wᵢCᵢ − [Σ cₖIₖ(τ)]₁ + Σ cₖhₖ⁶⁴πₖ, [1]₂)`, `wᵢ = Σ_{k: cell k of
//! commitment i} cₖ`,
//!
//! where `Iₖ` interpolates cell k's 64 values on its coset `hₖ·⟨ω₆₄⟩`, and the coefficients `cₖ`
//! are 128-bit values expanded from the spec's Fiat–Shamir challenge `r` where the spec takes
//! `rᵏ` (the same verdict up to 2^−128, half the work in the MSM of the proofs; see
//! [`ctt_kzg::batch_coefficients`]). Two pairings whatever the
//! number of cells. The commitments are deduplicated on their bytes before decoding, and the
//! interpolation is linear, so the values are first summed per cell column (`Σ cₖ·cellₖ` over the
//! cells with the same index) and each used column costs one coset IFFT of size 64, not each
//! cell. The G1 side is one MSM over the unique commitments and the proofs and one over the
//! fixed-base tables of `[τ^i]₁ (i < 64)`, beside the MSM of the proofs; both G2 points are
//! prepared.

use crate::{
    BYTES_PER_CELL, Bytes32, Bytes48, CELLS_PER_EXT_BLOB, Cell, FIELD_ELEMENTS_PER_BLOB,
    FIELD_ELEMENTS_PER_CELL, PeerDasError, PeerDasSettings, RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN,
};
use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};
use ctt_hash::Sha256;
use ctt_kzg::domain::bit_reversal_permutation;
use ctt_kzg::{batch_coefficients, g1_lincomb_vartime};

/// Domain separation of [`batch_coefficients`] here.
const BATCH_COEFFICIENTS_DOMAIN: &[u8] = b"CTT_PEERDAS_CELL_BATCH_COEFFICIENTS_V1";
use ctt_pairing::bls12_381::pairing_check_prepared;

/// The spec's `compute_verify_cell_kzg_proof_batch_challenge`: the Fiat–Shamir hash of the
/// deduplicated commitments and, per cell, its commitment index, cell index, values and proof,
/// as 32 big-endian bytes. It hashes the bytes as given (the spec calls it on validated inputs
/// only: canonical cells serialise to themselves); the per-cell slices must have one entry per
/// cell ([`PeerDasError::LengthMismatch`] otherwise).
pub fn compute_verify_cell_kzg_proof_batch_challenge(
    commitments: &[Bytes48],
    commitment_indices: &[u64],
    cell_indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Result<Bytes32, PeerDasError> {
    let n = cells.len();
    if commitment_indices.len() != n || cell_indices.len() != n || proofs.len() != n {
        return Err(PeerDasError::LengthMismatch);
    }
    let r = challenge(
        commitments.iter(),
        commitment_indices,
        cell_indices,
        cells,
        proofs,
    );
    Ok(r.to_bytes_be())
}

fn challenge<'a>(
    commitments: impl ExactSizeIterator<Item = &'a Bytes48>,
    commitment_indices: &[u64],
    cell_indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Fr {
    let mut h = Sha256::new();
    h.update(RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN);
    h.update(&(FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
    h.update(&(FIELD_ELEMENTS_PER_CELL as u64).to_be_bytes());
    h.update(&(commitments.len() as u64).to_be_bytes());
    h.update(&(cell_indices.len() as u64).to_be_bytes());
    for c in commitments {
        h.update(c);
    }
    for k in 0..cells.len() {
        h.update(&commitment_indices[k].to_be_bytes());
        h.update(&cell_indices[k].to_be_bytes());
        h.update(&cells[k]);
        h.update(&proofs[k]);
    }
    Fr::from_bytes_be_mod_order(&h.finalize())
}

/// A cell's 64 values, each checked canonical.
pub(crate) fn cell_to_evals(cell: &Cell) -> Result<[Fr; FIELD_ELEMENTS_PER_CELL], PeerDasError> {
    let mut out = [Fr::ZERO; FIELD_ELEMENTS_PER_CELL];
    let (elements, _) = cell.as_chunks::<32>();
    for (o, e) in out.iter_mut().zip(elements) {
        *o = Fr::from_bytes_be(e)
            .into_option()
            .ok_or(PeerDasError::InvalidFieldElement)?;
    }
    Ok(out)
}

/// Whether some decoded proof lies outside G1 (the batch check of ctt-msm, seeded by the
/// proofs' bytes).
fn outside_subgroup(points: &[G1Affine], bytes: &[Bytes48], parallel: bool) -> bool {
    let mut h = Sha256::new();
    h.update(b"CTT_PEERDAS_PROOF_SUBGROUP_SEED_V1");
    for b in bytes {
        h.update(b);
    }
    let seed = h.finalize();
    #[cfg(feature = "parallel")]
    if parallel {
        return ctt_msm::first_outside_subgroup_vartime_parallel::<G1Projective>(points, &seed)
            .is_some();
    }
    let _ = parallel;
    ctt_msm::first_outside_subgroup_vartime::<G1Projective>(points, &seed).is_some()
}

/// `f` over `items`, stopping at the first error; on the rayon pool if `parallel` (and the
/// feature is on).
fn try_map<T: Sync, U: Send>(
    items: &[T],
    parallel: bool,
    f: impl Fn(&T) -> Result<U, PeerDasError> + Sync + Send,
) -> Result<Vec<U>, PeerDasError> {
    #[cfg(feature = "parallel")]
    if parallel {
        use rayon::prelude::*;
        return items.par_iter().map(f).collect();
    }
    let _ = parallel;
    items.iter().map(f).collect()
}

/// The decoded, validated inputs of a batch.
pub(crate) struct Batch<'a> {
    /// Unique commitments (bytes, in order of first appearance) and their points.
    pub(crate) unique: Vec<&'a Bytes48>,
    pub(crate) unique_points: Vec<G1Affine>,
    /// Per cell: index into `unique`.
    pub(crate) commitment_indices: Vec<u64>,
    pub(crate) evals: Vec<[Fr; FIELD_ELEMENTS_PER_CELL]>,
    pub(crate) proofs: Vec<G1Affine>,
}

/// Checks the lengths and cell indices and deduplicates the commitments (no decoding yet).
pub(crate) fn check_and_dedup<'a>(
    commitments: &'a [Bytes48],
    cell_indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Result<(Vec<&'a Bytes48>, Vec<u64>), PeerDasError> {
    let n = commitments.len();
    if cell_indices.len() != n || cells.len() != n || proofs.len() != n {
        return Err(PeerDasError::LengthMismatch);
    }
    if cell_indices.iter().any(|&c| c >= CELLS_PER_EXT_BLOB as u64) {
        return Err(PeerDasError::InvalidCellIndex);
    }
    let mut seen: BTreeMap<&Bytes48, u64> = BTreeMap::new();
    let mut unique = Vec::new();
    let mut indices = Vec::with_capacity(n);
    for c in commitments {
        let next = unique.len() as u64;
        let i = *seen.entry(c).or_insert(next);
        if i == next {
            unique.push(c);
        }
        indices.push(i);
    }
    Ok((unique, indices))
}

impl PeerDasSettings {
    /// Whether every cell's proof shows that the cell holds the values of the polynomial
    /// committed in its commitment on the cell's coset. One entry per cell in each slice
    /// (commitments may repeat); an empty batch is `Ok(true)`.
    pub fn verify_cell_kzg_proof_batch(
        &self,
        commitments: &[Bytes48],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[Bytes48],
    ) -> Result<bool, PeerDasError> {
        self.verify_cells(commitments, cell_indices, cells, proofs, false)
    }

    /// Validation in the spec's order (lengths and indices, commitments, cells, proofs), then
    /// the equation; the decoding and the MSMs on the rayon pool if `parallel`.
    pub(crate) fn verify_cells(
        &self,
        commitments: &[Bytes48],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[Bytes48],
        parallel: bool,
    ) -> Result<bool, PeerDasError> {
        let (unique, commitment_indices) =
            check_and_dedup(commitments, cell_indices, cells, proofs)?;
        let unique_points = try_map(&unique, parallel, |c| {
            G1Affine::from_compressed(*c).map_err(|_| PeerDasError::InvalidCommitment)
        })?;
        let evals = try_map(cells, parallel, cell_to_evals)?;
        // The proofs: decompressed one by one, then checked in the subgroup as a batch (random
        // combinations with coefficients 0, 1, 2, false accept ≤ 3^−81 < 2^−128; ctt-msm's
        // `subgroup` module, from 112 proofs on), seeded by a hash of every proof's bytes so that
        // the coefficients are fixed only after the proofs are.
        let proof_points = try_map(proofs, parallel, |p| {
            G1Affine::from_compressed_unchecked(p).map_err(|_| PeerDasError::InvalidProof)
        })?;
        if outside_subgroup(&proof_points, proofs, parallel) {
            return Err(PeerDasError::InvalidProof);
        }
        let batch = Batch {
            unique,
            unique_points,
            commitment_indices,
            evals,
            proofs: proof_points,
        };
        Ok(self.verify_batch(&batch, cell_indices, cells, proofs, parallel))
    }

    /// The equation on validated inputs (`parallel`: the MSMs on the rayon pool).
    pub(crate) fn verify_batch(
        &self,
        b: &Batch<'_>,
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[Bytes48],
        parallel: bool,
    ) -> bool {
        let n = cells.len();
        if n == 0 {
            return true;
        }
        let r = challenge(
            b.unique.iter().copied(),
            &b.commitment_indices,
            cell_indices,
            cells,
            proofs,
        );
        let coeffs = batch_coefficients(&r, BATCH_COEFFICIENTS_DOMAIN, n);

        // Σ cₖ·cellₖ per cell column, and the commitment weights.
        let mut columns: Vec<Option<[Fr; FIELD_ELEMENTS_PER_CELL]>> =
            vec![None; CELLS_PER_EXT_BLOB];
        let mut weights = vec![Fr::ZERO; b.unique.len()];
        for k in 0..n {
            weights[b.commitment_indices[k] as usize] += coeffs[k];
            let col = columns[cell_indices[k] as usize]
                .get_or_insert([Fr::ZERO; FIELD_ELEMENTS_PER_CELL]);
            for (acc, v) in col.iter_mut().zip(&b.evals[k]) {
                *acc += coeffs[k] * *v;
            }
        }
        // Σ cₖ·Iₖ in coefficient form: per column, the values sit at h_c·ω₆₄^j in bit-reversed
        // j order; a coset IFFT gives the interpolation polynomial's coefficients.
        let mut interp = [Fr::ZERO; FIELD_ELEMENTS_PER_CELL];
        for (c, col) in columns.iter_mut().enumerate() {
            if let Some(values) = col {
                bit_reversal_permutation(values);
                self.cell_domain.coset_ifft(values, &self.coset_shifts[c]);
                for (acc, v) in interp.iter_mut().zip(values.iter()) {
                    *acc += *v;
                }
            }
        }

        // RL = Σ wᵢCᵢ + Σ cₖhₖ⁶⁴πₖ − Σ_m interp_m·[τ^m]₁ (the last over the fixed-base tables);
        // LL = Σ cₖπₖ (128-bit scalars).
        let mut points = Vec::with_capacity(b.unique.len() + n);
        let mut scalars = Vec::with_capacity(points.capacity());
        points.extend_from_slice(&b.unique_points);
        scalars.extend_from_slice(&weights);
        points.extend_from_slice(&b.proofs);
        scalars.extend(
            coeffs
                .iter()
                .zip(cell_indices)
                .map(|(ck, &c)| *ck * self.coset_shifts_pow[c as usize]),
        );
        let interp_neg: Vec<Fr> = interp.iter().map(|v| -*v).collect();
        // Equal lengths by construction; an error must not turn into a passing check.
        let (Ok(ll), Ok(rl), Ok(rl_basis)) = (
            g1_lincomb_vartime(&b.proofs, &coeffs, parallel),
            g1_lincomb_vartime(&points, &scalars, parallel),
            self.g1_monomial_cell.msm_vartime(&interp_neg),
        ) else {
            return false;
        };
        let rl = rl + rl_basis;
        pairing_check_prepared(&[
            (ll.to_affine(), &self.s_cell_g2),
            ((-rl).to_affine(), &self.g2),
        ])
    }
}

const _: () = assert!(BYTES_PER_CELL == 32 * FIELD_ELEMENTS_PER_CELL);
