//! Bad-input matrix for ctt-peerdas: every function (and parallel twin) on systematically
//! malformed input answers the documented `PeerDasError`, never panics and never accepts.
//!
//! - Verification: every combination of the four slice lengths up to 2, cell indices out of
//!   range (128, 129, 255, 256, 2^32, 2^64 − 1) at each position, duplicated indices (allowed:
//!   well formed), non-canonical cell elements (r, r + 1, 2^255, 2^256 − 1) at the first, a
//!   middle and the last element of a cell, at each cell of a batch, bad commitment and proof
//!   encodings of every class at each position, proofs outside G1 in batches large enough for
//!   the batch subgroup check (mixed with identities, duplicates and cancelling points), empty
//!   batches.
//! - The challenge: mismatched per-cell slices.
//! - Recovery: every count below half, more than 128, mismatched lengths, out-of-range,
//!   duplicated and descending indices, non-canonical elements.
//! - compute_cells / compute_cells_and_kzg_proofs: non-canonical blob elements.
//!
//! The well-formed inputs are the zero polynomial's (zero cells, the identity as commitment
//! and proof), which verify without any proof computation.

mod support;
use support::TestPool;

use ctt_curves::bls12_381::{G1Affine, G1Config, G1Projective};
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use ctt_kzg::Fr;
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

type Fp = ctt_field::bls12_381::Fp;

fn s() -> &'static PeerDasSettings {
    PeerDasSettings::mainnet()
}

fn pool() -> &'static TestPool {
    static POOL: std::sync::OnceLock<TestPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| TestPool::new(2))
}

fn identity() -> Bytes48 {
    let mut b = [0u8; 48];
    b[0] = 0xc0;
    b
}

const ZERO_CELL: Cell = [0u8; BYTES_PER_CELL];

/// r (the scalar field's modulus), big-endian.
fn r_be() -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, limb) in Fr::MODULUS_LIMBS.iter().enumerate() {
        out[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    out
}

/// 32-byte values ≥ r.
fn non_canonical() -> [[u8; 32]; 4] {
    let r = r_be();
    let mut r1 = r;
    r1[31] += 1; // r ends in 0x01
    let mut top = [0u8; 32];
    top[0] = 0x80;
    assert!(r[0] < 0x80 && r[31] == 1);
    [r, r1, top, [0xff; 32]]
}

/// Both strengths of verification (serial, parallel), which must agree.
fn verify(
    commitments: &[Bytes48],
    indices: &[u64],
    cells: &[Cell],
    proofs: &[Bytes48],
) -> Result<bool, PeerDasError> {
    let serial = s().verify_cell_kzg_proof_batch(commitments, indices, cells, proofs);
    let parallel = pool()
        .install(|| s().verify_cell_kzg_proof_batch_parallel(commitments, indices, cells, proofs));
    assert_eq!(serial, parallel);
    serial
}

/// Every class of malformed compressed G1 encoding (as in ctt-kzg's matrix).
fn bad_g1() -> Vec<(String, Bytes48)> {
    let mut v = Vec::new();
    let g = G1Affine::generator().to_compressed();
    let with_flags = |mut b: Bytes48, f: u8| {
        b[0] = (b[0] & 0x1f) | (f << 5);
        b
    };
    for f in [0b000u8, 0b001, 0b010, 0b011, 0b110, 0b111] {
        v.push((format!("generator, flags {f:03b}"), with_flags(g, f)));
    }
    for f in [0b000u8, 0b001, 0b010, 0b011, 0b100, 0b101, 0b111] {
        v.push((format!("zeros, flags {f:03b}"), with_flags([0; 48], f)));
    }
    for bit in 3..384 {
        let mut b = identity();
        b[bit / 8] |= 0x80 >> (bit % 8);
        v.push((format!("identity with bit {bit}"), b));
    }
    let mut p = [0u8; 48];
    for (i, limb) in Fp::MODULUS_LIMBS.iter().enumerate() {
        p[40 - 8 * i..48 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    let mut p1 = p;
    p1[47] += 1; // p ends in 0xab
    let mut max = [0xffu8; 48];
    max[0] = 0x1f;
    for x in [p, p1, max] {
        for f in [0b100u8, 0b101] {
            v.push(("x ≥ p".into(), with_flags(x, f)));
        }
    }
    for x in (0u64..)
        .map(Fp::from_u64)
        .filter(|x| !bool::from((x.square() * *x + G1Config::COEFF_B).is_square()))
        .take(3)
    {
        for f in [0b100u8, 0b101] {
            v.push(("x with no y".into(), with_flags(x.to_bytes_be(), f)));
        }
    }
    for q in outside(3) {
        v.push(("outside G1".into(), q.to_compressed()));
        v.push(("outside G1, negated".into(), (-q).to_compressed()));
    }
    for (what, b) in &v {
        assert!(G1Affine::from_compressed(b).is_err(), "{what}");
    }
    v
}

/// On the curve, outside G1 (`[r]Q ≠ O`): (0, 2), then random points.
fn outside(count: usize) -> Vec<G1Affine> {
    let mut rng = SplitMix(7594);
    let mut out = vec![Affine::<G1Config>::new_unchecked(Fp::ZERO, Fp::from_u64(2))];
    while out.len() < count {
        let x = Fp::random(&mut rng);
        if let Some(y) = (x.square() * x + G1Config::COEFF_B).sqrt().into_option() {
            out.push(Affine::new_unchecked(x, y));
        }
    }
    for q in &out {
        let rq = q.to_group().mul_bigint_vartime(Fr::MODULUS_LIMBS);
        assert!(!bool::from(rq.is_identity()));
    }
    out
}

#[test]
fn verify_every_length_combination() {
    let id = [identity(); 2];
    let idx = [3u64, 77];
    let cells = [ZERO_CELL; 2];
    let mut n = 0;
    for nc in 0..=2 {
        for ni in 0..=2 {
            for ncells in 0..=2 {
                for np in 0..=2 {
                    let want = if nc == ni && ni == ncells && ncells == np {
                        Ok(true)
                    } else {
                        Err(PeerDasError::LengthMismatch)
                    };
                    let got = verify(&id[..nc], &idx[..ni], &cells[..ncells], &id[..np]);
                    assert_eq!(got, want, "{nc} {ni} {ncells} {np}");
                    // The challenge: one entry per cell in the per-cell slices (any number of
                    // commitments).
                    let want = if ni == ncells && np == ncells && nc == ncells {
                        Ok(())
                    } else {
                        Err(PeerDasError::LengthMismatch)
                    };
                    let got = compute_verify_cell_kzg_proof_batch_challenge(
                        &id[..1],
                        &[0, 0][..nc],
                        &idx[..ni],
                        &cells[..ncells],
                        &id[..np],
                    );
                    assert_eq!(got.map(|_| ()), want, "challenge {nc} {ni} {ncells} {np}");
                    n += 2;
                }
            }
        }
    }
    assert_eq!(n, 2 * 81);
}

#[test]
fn cell_indices_out_of_range_and_duplicated() {
    let mut n = 0;
    let id = [identity(); 3];
    let cells = [ZERO_CELL; 3];
    // In range, including both ends and duplicates (a batch may repeat a cell).
    for indices in [[0u64, 64, 127], [127, 127, 127], [5, 5, 0], [0, 0, 0]] {
        assert_eq!(verify(&id, &indices, &cells, &id), Ok(true), "{indices:?}");
        n += 1;
    }
    for bad in [128u64, 129, 255, 256, 1 << 32, u64::MAX] {
        for pos in 0..3 {
            let mut indices = [1u64, 2, 3];
            indices[pos] = bad;
            assert_eq!(
                verify(&id, &indices, &cells, &id),
                Err(PeerDasError::InvalidCellIndex),
                "{indices:?}"
            );
            n += 1;
        }
    }
    assert_eq!(n, 4 + 6 * 3);
}

#[test]
fn non_canonical_cell_elements() {
    let mut n = 0;
    let id = [identity(); 3];
    for value in non_canonical() {
        for element in [0, FIELD_ELEMENTS_PER_CELL / 2, FIELD_ELEMENTS_PER_CELL - 1] {
            let mut bad = ZERO_CELL;
            bad[32 * element..32 * (element + 1)].copy_from_slice(&value);
            for pos in 0..3 {
                let mut cells = [ZERO_CELL; 3];
                cells[pos] = bad;
                assert_eq!(
                    verify(&id, &[0, 1, 2], &cells, &id),
                    Err(PeerDasError::InvalidFieldElement)
                );
                n += 1;
            }
            // The challenge hashes the bytes as given.
            let r = compute_verify_cell_kzg_proof_batch_challenge(
                &id[..1],
                &[0],
                &[0],
                &[bad],
                &id[..1],
            );
            assert!(bool::from(Fr::from_bytes_be(&r.unwrap()).is_some()));
            n += 1;
        }
    }
    assert_eq!(n, 4 * 3 * 4);
}

#[test]
fn malformed_commitments_and_proofs() {
    let mut n = 0;
    let cells = [ZERO_CELL; 3];
    let idx = [9u64, 10, 11];
    // Controls: the generator (either sign) is a well-formed, wrong, commitment or proof.
    let g = G1Affine::generator();
    for p in [g, -g] {
        let mut c = [identity(); 3];
        c[1] = p.to_compressed();
        assert_eq!(verify(&c, &idx, &cells, &[identity(); 3]), Ok(false));
        assert_eq!(verify(&[identity(); 3], &idx, &cells, &c), Ok(false));
    }
    for (what, bad) in bad_g1() {
        for pos in [0, 2] {
            let mut b = [identity(); 3];
            b[pos] = bad;
            let ok = [identity(); 3];
            assert_eq!(
                verify(&b, &idx, &cells, &ok),
                Err(PeerDasError::InvalidCommitment),
                "{what} at {pos}"
            );
            assert_eq!(
                verify(&ok, &idx, &cells, &b),
                Err(PeerDasError::InvalidProof),
                "{what} at {pos}"
            );
            n += 2;
        }
    }
    assert_eq!(n, (6 + 7 + 381 + 6 + 6 + 6) * 4);
}

/// Batches of at least `BATCH_MIN_POINTS` proofs take the batch subgroup check (random
/// combinations with coefficients 0, 1, 2, batch-affine additions): identities, duplicates and cancelling pairs among the proofs
/// must neither hide a point outside G1 nor reject a batch without one.
#[test]
fn large_batches_with_a_proof_outside_the_subgroup() {
    let n = 260;
    assert!(n >= ctt_msm::subgroup::BATCH_MIN_POINTS);
    let g = G1Projective::generator();
    let mut proofs = Vec::with_capacity(n);
    for i in 0..n {
        let p = match i % 5 {
            0 => G1Affine::identity(),
            1 => g.to_affine(),
            2 => (-g).to_affine(),
            3 => g.double().to_affine(),
            _ => g.mul_bigint_vartime(&[i as u64]).to_affine(),
        };
        proofs.push(p.to_compressed());
    }
    let commitments = vec![identity(); n];
    let indices: Vec<u64> = (0..n as u64).map(|i| i % 128).collect();
    let cells = vec![ZERO_CELL; n];
    // Well formed (wrong proofs): not an error.
    assert_eq!(verify(&commitments, &indices, &cells, &proofs), Ok(false));
    let outs = outside(3);
    for q in &outs {
        for at in [0, 1, n / 2, n - 1] {
            let mut bad = proofs.clone();
            bad[at] = q.to_compressed();
            assert_eq!(
                verify(&commitments, &indices, &cells, &bad),
                Err(PeerDasError::InvalidProof),
                "at {at}"
            );
        }
        // Two points outside whose sum is in G1 (Q and −Q), and Q three times (three copies of
        // the 3-torsion point (0, 2) sum to the identity).
        let mut bad = proofs.clone();
        bad[10] = q.to_compressed();
        bad[11] = (-*q).to_compressed();
        assert_eq!(
            verify(&commitments, &indices, &cells, &bad),
            Err(PeerDasError::InvalidProof)
        );
        let mut bad = proofs.clone();
        for k in [20, 21, 22] {
            bad[k] = q.to_compressed();
        }
        assert_eq!(
            verify(&commitments, &indices, &cells, &bad),
            Err(PeerDasError::InvalidProof)
        );
    }
}

#[test]
fn recovery_matrix() {
    let s = s();
    let pool = pool();
    let mut n = 0;
    let recover = |indices: &[u64], cells: &[Cell]| -> PeerDasError {
        let serial = s.recover_cells_and_kzg_proofs(indices, cells).err();
        let parallel = pool
            .install(|| s.recover_cells_and_kzg_proofs_parallel(indices, cells))
            .err();
        assert_eq!(serial, parallel);
        serial.expect("malformed recovery input accepted")
    };
    let all: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    let cells = vec![ZERO_CELL; 2 * CELLS_PER_EXT_BLOB + 1];
    // Too few cells, every count.
    for k in 0..CELLS_PER_EXT_BLOB / 2 {
        assert_eq!(
            recover(&all[..k], &cells[..k]),
            PeerDasError::NotEnoughCells,
            "{k}"
        );
        n += 1;
    }
    // Too many cells (indices necessarily repeat or leave the range).
    for k in [129usize, 130, 256, 257] {
        let idx: Vec<u64> = (0..k as u64).collect();
        assert_eq!(
            recover(&idx, &cells[..k]),
            PeerDasError::TooManyCells,
            "{k}"
        );
        n += 1;
    }
    // Mismatched lengths.
    for (ni, nc) in [
        (64usize, 63usize),
        (63, 64),
        (64, 65),
        (128, 127),
        (0, 1),
        (1, 0),
        (64, 0),
    ] {
        assert_eq!(
            recover(&all[..ni], &cells[..nc]),
            PeerDasError::LengthMismatch,
            "{ni} {nc}"
        );
        n += 1;
    }
    // Out-of-range indices, at the first and last place of an otherwise valid set.
    for bad in [128u64, 1 << 32, u64::MAX] {
        let mut idx: Vec<u64> = (64..128).collect();
        idx[63] = bad;
        assert_eq!(recover(&idx, &cells[..64]), PeerDasError::InvalidCellIndex);
        let mut idx: Vec<u64> = (0..64).collect();
        idx[0] = bad;
        assert_eq!(recover(&idx, &cells[..64]), PeerDasError::InvalidCellIndex);
        n += 2;
    }
    // Duplicates and descending order, at the start, middle and end.
    for pos in [1usize, 32, 63] {
        let mut idx: Vec<u64> = (0..64).map(|i| 2 * i).collect();
        idx[pos] = idx[pos - 1];
        assert_eq!(
            recover(&idx, &cells[..64]),
            PeerDasError::CellIndicesNotAscending
        );
        let mut idx: Vec<u64> = (0..64).map(|i| 2 * i).collect();
        idx.swap(pos - 1, pos);
        assert_eq!(
            recover(&idx, &cells[..64]),
            PeerDasError::CellIndicesNotAscending
        );
        n += 2;
    }
    let mut idx: Vec<u64> = (0..128).collect();
    idx.reverse();
    assert_eq!(
        recover(&idx, &cells[..128]),
        PeerDasError::CellIndicesNotAscending
    );
    n += 1;
    // Non-canonical elements in the first and last cell given.
    for value in non_canonical() {
        for element in [0, 63] {
            let mut bad = ZERO_CELL;
            bad[32 * element..32 * (element + 1)].copy_from_slice(&value);
            for pos in [0, 63] {
                let mut c = vec![ZERO_CELL; 64];
                c[pos] = bad;
                assert_eq!(recover(&all[..64], &c), PeerDasError::InvalidFieldElement);
                n += 1;
            }
        }
    }
    assert_eq!(n, 64 + 4 + 7 + 6 + 6 + 1 + 16);
}

#[test]
fn non_canonical_blobs() {
    let s = s();
    let pool = pool();
    let mut n = 0;
    for value in non_canonical() {
        for index in [0, FIELD_ELEMENTS_PER_BLOB / 2, FIELD_ELEMENTS_PER_BLOB - 1] {
            let mut blob: Box<Blob> = vec![0u8; BYTES_PER_BLOB]
                .into_boxed_slice()
                .try_into()
                .unwrap();
            blob[32 * index..32 * (index + 1)].copy_from_slice(&value);
            let e = Some(PeerDasError::InvalidFieldElement);
            assert_eq!(s.compute_cells(&blob).err(), e);
            assert_eq!(s.compute_cells_and_kzg_proofs(&blob).err(), e);
            assert_eq!(
                pool.install(|| s.compute_cells_and_kzg_proofs_parallel(&blob))
                    .err(),
                e
            );
            n += 3;
        }
    }
    // Out-of-range table parameters.
    for (t, b) in [(0u32, 0u32), (2, 1), (3, 2), (21, 21), (514, 2)] {
        assert_eq!(
            PeerDasSettings::new(KzgSettings::mainnet(), Precompute::Tables { t, b }).err(),
            Some(PeerDasError::Kzg(ctt_kzg::KzgError::InvalidPrecompute))
        );
        n += 1;
    }
    assert_eq!(n, 4 * 3 * 3 + 5);
}
