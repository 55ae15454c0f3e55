//! Properties beyond the vectors: cells equal the polynomial's values on their cosets (checked
//! against ctt-kzg's independent barycentric evaluation), and batches of cell proofs made by the
//! naive per-cell quotient `f(X)/(X⁶⁴ − h⁶⁴)` verify, while wrong values, swapped proofs and
//! malformed inputs do not.

mod support;
use support::TestPool;

use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::{Field, PrimeField, Rng};
use ctt_kzg::Fr;
use ctt_kzg::domain::{bit_reversal_permutation, reverse_bits, roots_of_unity_brp};
use ctt_kzg::fft::Domain;
use ctt_peerdas::*;

struct SplitMix(u64);
impl Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn random_blob(rng: &mut SplitMix) -> Box<Blob> {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&Fr::random(rng).to_bytes_be());
    }
    blob
}

/// The evaluation point of value `j` of cell `c`: entry `64c + j` of the bit-reversed
/// 8192-element domain.
fn point(c: usize, j: usize) -> Fr {
    roots_of_unity_brp(FIELD_ELEMENTS_PER_EXT_BLOB)[FIELD_ELEMENTS_PER_CELL * c + j]
}

#[test]
fn cells_are_the_values_on_the_cosets() {
    let mut rng = SplitMix(1);
    let blob = random_blob(&mut rng);
    let cells = PeerDasSettings::mainnet().compute_cells(&blob).unwrap();
    let kzg = KzgSettings::mainnet();
    for (c, j) in [
        (0, 0),
        (1, 5),
        (63, 63),
        (64, 0),
        (65, 17),
        (100, 33),
        (127, 63),
    ] {
        let x = point(c, j).to_bytes_be();
        let (_, y) = kzg.compute_kzg_proof(&blob, &x).unwrap();
        assert_eq!(
            &cells[c][32 * j..32 * (j + 1)],
            &y[..],
            "cell {c}, value {j}"
        );
    }
    // The bit-reversal index arithmetic the crate relies on.
    assert_eq!(
        point(3, 5),
        point(3, 0) * Domain::new(64).roots()[reverse_bits(5, 6)]
    );
}

/// The blob's coefficients (IFFT of its values in natural order).
fn coefficients(blob: &Blob) -> Vec<Fr> {
    let mut v = ctt_kzg::blob_to_polynomial(blob).unwrap();
    bit_reversal_permutation(&mut v);
    Domain::new(FIELD_ELEMENTS_PER_BLOB).ifft(&mut v);
    v
}

/// The proof of cell `c` by the definition: commit to `f(X)/(X⁶⁴ − h⁶⁴)` in the monomial basis.
fn naive_cell_proof(coeffs: &[Fr], c: usize) -> Bytes48 {
    let m = FIELD_ELEMENTS_PER_CELL;
    let a = point(c, 0).pow_vartime(&[m as u64]);
    let mut r = coeffs.to_vec();
    let mut q = vec![Fr::ZERO; coeffs.len() - m];
    for i in (m..coeffs.len()).rev() {
        q[i - m] = r[i];
        let t = r[i] * a;
        r[i - m] += t;
    }
    let bases: &[G1Affine] = &KzgSettings::mainnet().g1_monomial()[..q.len()];
    ctt_msm::msm_vartime::<G1Projective>(bases, &q)
        .unwrap()
        .to_affine()
        .to_compressed()
}

#[test]
fn naive_cell_proofs_verify_in_batches() {
    let mut rng = SplitMix(2);
    let s = PeerDasSettings::mainnet();
    let kzg = KzgSettings::mainnet();
    let blobs = [random_blob(&mut rng), random_blob(&mut rng)];
    let mut commitments = Vec::new();
    let mut indices = Vec::new();
    let mut cells = Vec::new();
    let mut proofs = Vec::new();
    // Unsorted, a repeated cell, both halves of the extension, two blobs.
    for (b, c) in [
        (0usize, 100usize),
        (1, 3),
        (0, 7),
        (1, 127),
        (0, 100),
        (1, 64),
    ] {
        let all = s.compute_cells(&blobs[b]).unwrap();
        commitments.push(kzg.blob_to_kzg_commitment(&blobs[b]).unwrap());
        indices.push(c as u64);
        cells.push(all[c]);
        proofs.push(naive_cell_proof(&coefficients(&blobs[b]), c));
    }
    let pool = TestPool::new(3);
    let verify = |c: &[Bytes48], i: &[u64], cells: &[Cell], p: &[Bytes48]| {
        let serial = s.verify_cell_kzg_proof_batch(c, i, cells, p);
        let parallel = pool.install(|| s.verify_cell_kzg_proof_batch_parallel(c, i, cells, p));
        assert_eq!(serial, parallel);
        serial
    };
    for n in 0..=cells.len() {
        assert_eq!(
            verify(&commitments[..n], &indices[..n], &cells[..n], &proofs[..n]),
            Ok(true),
            "{n} cells"
        );
    }
    // A changed value, swapped proofs, a proof for another cell index.
    let mut bad_cells = cells.clone();
    bad_cells[2][31] ^= 1;
    assert_eq!(
        verify(&commitments, &indices, &bad_cells, &proofs),
        Ok(false)
    );
    let mut swapped = proofs.clone();
    swapped.swap(0, 1);
    assert_eq!(verify(&commitments, &indices, &cells, &swapped), Ok(false));
    let mut moved = indices.clone();
    moved[1] = 4;
    assert_eq!(verify(&commitments, &moved, &cells, &proofs), Ok(false));
    // Malformed inputs.
    let mut out_of_range = indices.clone();
    out_of_range[0] = CELLS_PER_EXT_BLOB as u64;
    assert_eq!(
        verify(&commitments, &out_of_range, &cells, &proofs),
        Err(PeerDasError::InvalidCellIndex)
    );
    assert_eq!(
        verify(&commitments[1..], &indices, &cells, &proofs),
        Err(PeerDasError::LengthMismatch)
    );
    assert_eq!(
        verify(&commitments, &indices, &cells[1..], &proofs),
        Err(PeerDasError::LengthMismatch)
    );
    assert_eq!(
        verify(&commitments, &indices, &cells, &proofs[1..]),
        Err(PeerDasError::LengthMismatch)
    );
    let mut non_canonical = cells.clone();
    non_canonical[1][..32].fill(0xff);
    assert_eq!(
        verify(&commitments, &indices, &non_canonical, &proofs),
        Err(PeerDasError::InvalidFieldElement)
    );
    let mut bad_commitment = commitments.clone();
    bad_commitment[3] = [0xff; 48];
    assert_eq!(
        verify(&bad_commitment, &indices, &cells, &proofs),
        Err(PeerDasError::InvalidCommitment)
    );
    let mut bad_proof = proofs.clone();
    bad_proof[4][0] &= 0x7f; // the uncompressed flag
    assert_eq!(
        verify(&commitments, &indices, &cells, &bad_proof),
        Err(PeerDasError::InvalidProof)
    );
}

#[test]
fn a_non_canonical_blob_is_a_typed_error() {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    blob[32 * 9..32 * 10].fill(0xff);
    assert_eq!(
        PeerDasSettings::mainnet().compute_cells(&blob).unwrap_err(),
        PeerDasError::InvalidFieldElement
    );
}

#[test]
fn fk20_proofs_equal_the_naive_proofs_and_cells_equal_compute_cells() {
    let mut rng = SplitMix(3);
    let s = PeerDasSettings::mainnet();
    for _ in 0..2 {
        let blob = random_blob(&mut rng);
        let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob).unwrap();
        assert!(cells[..] == s.compute_cells(&blob).unwrap()[..]);
        let pool = TestPool::new(3);
        let (pc, pp) = pool
            .install(|| s.compute_cells_and_kzg_proofs_parallel(&blob))
            .unwrap();
        assert!(pc[..] == cells[..] && pp[..] == proofs[..], "parallel twin");
        let coeffs = coefficients(&blob);
        for c in [0usize, 1, 31, 63, 64, 65, 100, 127] {
            assert_eq!(proofs[c], naive_cell_proof(&coeffs, c), "cell {c}");
        }
    }
}

#[test]
fn every_precompute_level_gives_the_same_bytes() {
    let mut rng = SplitMix(4);
    let blob = random_blob(&mut rng);
    let want = PeerDasSettings::mainnet()
        .compute_cells_and_kzg_proofs(&blob)
        .unwrap();
    let mut memory = Vec::new();
    for p in [
        Precompute::None,
        Precompute::Tables { t: 64, b: 8 },
        Precompute::Tables { t: 6, b: 6 },
    ] {
        let s = PeerDasSettings::new(KzgSettings::mainnet(), p).unwrap();
        assert_eq!(s.precompute(), p);
        let got = s.compute_cells_and_kzg_proofs(&blob).unwrap();
        assert!(got.0[..] == want.0[..] && got.1[..] == want.1[..], "{p:?}");
        memory.push(s.memory_bytes());
    }
    assert!(memory[1] > memory[0] && memory[2] > memory[1], "{memory:?}");
    assert_eq!(
        PeerDasSettings::new(KzgSettings::mainnet(), Precompute::Tables { t: 9, b: 8 })
            .unwrap_err(),
        PeerDasError::Kzg(ctt_kzg::KzgError::InvalidPrecompute)
    );
}

#[test]
fn recovery_from_half_the_cells_in_every_pattern() {
    let mut rng = SplitMix(5);
    let s = PeerDasSettings::mainnet();
    let blob = random_blob(&mut rng);
    let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob).unwrap();
    let mut patterns: Vec<Vec<u64>> = vec![
        (0..64).collect(),             // first half (the blob itself)
        (64..128).collect(),           // last half
        (0..128).step_by(2).collect(), // all even
        (1..128).step_by(2).collect(), // all odd
        (0..128).collect(),            // nothing missing
        (0..128).filter(|c| c % 7 != 3).collect(),
    ];
    // Random subsets of 64 to 127 cells.
    for _ in 0..4 {
        let keep = 64 + (rng.next_u64() % 64) as usize;
        let mut all: Vec<u64> = (0..128).collect();
        for i in (1..all.len()).rev() {
            all.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let mut subset = all[..keep].to_vec();
        subset.sort_unstable();
        patterns.push(subset);
    }
    for idx in &patterns {
        let given: Vec<Cell> = idx.iter().map(|&c| cells[c as usize]).collect();
        let (rc, rp) = s.recover_cells_and_kzg_proofs(idx, &given).unwrap();
        assert!(rc[..] == cells[..], "cells from {} given", idx.len());
        assert!(rp[..] == proofs[..], "proofs from {} given", idx.len());
        if idx.len() == 64 {
            let (pc, pp) = s
                .recover_cells_and_kzg_proofs_parallel(idx, &given)
                .unwrap();
            assert!(pc[..] == cells[..] && pp[..] == proofs[..], "parallel twin");
        }
    }
    // The input rules.
    let half: Vec<u64> = (0..64).collect();
    let given: Vec<Cell> = half.iter().map(|&c| cells[c as usize]).collect();
    let err = |i: &[u64], c: &[Cell]| s.recover_cells_and_kzg_proofs(i, c).unwrap_err();
    assert_eq!(err(&half[1..], &given[1..]), PeerDasError::NotEnoughCells);
    assert_eq!(err(&half, &given[1..]), PeerDasError::LengthMismatch);
    let mut unsorted = half.clone();
    unsorted.swap(3, 4);
    assert_eq!(
        err(&unsorted, &given),
        PeerDasError::CellIndicesNotAscending
    );
    let mut repeated = half.clone();
    repeated[5] = 4;
    assert_eq!(
        err(&repeated, &given),
        PeerDasError::CellIndicesNotAscending
    );
    let mut out_of_range = half.clone();
    out_of_range[63] = 128;
    assert_eq!(err(&out_of_range, &given), PeerDasError::InvalidCellIndex);
    let many: Vec<u64> = (0..129).collect();
    let many_cells = vec![cells[0]; 129];
    assert_eq!(err(&many, &many_cells), PeerDasError::TooManyCells);
    let mut bad = given.clone();
    bad[7][..32].fill(0xff);
    assert_eq!(err(&half, &bad), PeerDasError::InvalidFieldElement);
}

#[test]
fn arbitrary_cells_and_indices_get_the_right_answer() {
    let mut rng = SplitMix(6);
    let s = PeerDasSettings::mainnet();
    for _ in 0..16 {
        let n = (rng.next_u64() % 5) as usize;
        let mut cells = vec![[0u8; BYTES_PER_CELL]; n];
        for c in cells.iter_mut() {
            for b in c.iter_mut() {
                *b = rng.next_u64() as u8 & 0x3f; // mostly canonical elements
            }
        }
        let indices: Vec<u64> = (0..n).map(|_| rng.next_u64() % 130).collect();
        let mut point = [0u8; 48];
        point[0] = 0xc0;
        let commitments = vec![point; n];
        let proofs = vec![point; n];
        // Identity commitments and proofs claim the zero polynomial: random (canonical) cells
        // must fail, out-of-range indices are an error, and no batch is too few to recover.
        let want = if indices.iter().any(|&i| i >= CELLS_PER_EXT_BLOB as u64) {
            Err(PeerDasError::InvalidCellIndex)
        } else {
            Ok(n == 0)
        };
        assert_eq!(
            s.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs),
            want
        );
        assert_eq!(
            s.recover_cells_and_kzg_proofs(&indices, &cells)
                .unwrap_err(),
            PeerDasError::NotEnoughCells
        );
    }
}

/// A batch large enough for the batch subgroup check of the proofs (≥ 256 cells): valid, then
/// with one proof replaced by a point on the curve outside G1 (at the start, middle and end),
/// which must be refused as an invalid proof, serially and in parallel.
#[test]
fn large_batches_refuse_a_proof_outside_the_subgroup() {
    let s = PeerDasSettings::mainnet();
    let mut rng = SplitMix(0x5b9);
    let (mut commitments, mut indices, mut cells, mut proofs) = (vec![], vec![], vec![], vec![]);
    for _ in 0..3 {
        let blob = random_blob(&mut rng);
        let c = KzgSettings::mainnet()
            .blob_to_kzg_commitment(&blob)
            .unwrap();
        let (cs, ps) = s.compute_cells_and_kzg_proofs(&blob).unwrap();
        for k in 0..CELLS_PER_EXT_BLOB {
            commitments.push(c);
            indices.push(k as u64);
            cells.push(cs[k]);
            proofs.push(ps[k]);
        }
    }
    assert!(proofs.len() >= ctt_msm::subgroup::BATCH_MIN_POINTS);
    assert_eq!(
        s.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs),
        Ok(true)
    );
    let u = ctt_field::bls12_381::Fp::from_u64(12345);
    let outside = G1Projective::map_to_curve_uncleared(&u).to_affine();
    assert!(!bool::from(ctt_curves::AffineRepr::is_torsion_free(
        &outside
    )));
    for at in [0, proofs.len() / 2, proofs.len() - 1] {
        let mut bad = proofs.clone();
        bad[at] = outside.to_compressed();
        assert_eq!(
            s.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &bad),
            Err(PeerDasError::InvalidProof)
        );
        assert_eq!(
            s.verify_cell_kzg_proof_batch_parallel(&commitments, &indices, &cells, &bad),
            Err(PeerDasError::InvalidProof)
        );
    }
}
