//! Differential: ctt-peerdas (`PeerDasSettings::mainnet()`) against c-kzg 2.x's and
//! rust_eth_kzg 0.10's PeerDAS functions: `compute_cells`, `compute_cells_and_kzg_proofs`,
//! `verify_cell_kzg_proof_batch` (0–4 cells) and `recover_cells_and_kzg_proofs` from fuzzed
//! subsets of cell indices. Same failure (ctt's typed error, c-kzg's `C_KZG_BADARGS`, a
//! rust_eth_kzg error other than an invalid proof), or the same cells, proofs and true/false;
//! recovery from cells that are not a codeword is checked against the spec's answer (below).
//!
//! The valid material (cells, proofs, commitments) comes from four blobs fixed by seed, computed
//! once per process by c-kzg (op 1 compares ctt's computation of any blob with c-kzg's). Proof computation and recovery take
//! hundreds of milliseconds, so only the inputs whose op byte selects them pay for one; the
//! verification of a few cells and `compute_cells` are cheap.
#![no_main]

#[path = "common.rs"]
mod common;

use common::{Reader, Rng, eth, eth_verdict, mutate};
use ctt_field::{Field, PrimeField};
use ctt_kzg::Fr;
use ctt_kzg::domain::bit_reversal_permutation;
use ctt_kzg::fft::Domain;
use ctt_peerdas::{
    BYTES_PER_BLOB, BYTES_PER_CELL, Blob, CELLS_PER_EXT_BLOB, Cell, FIELD_ELEMENTS_PER_BLOB,
    FIELD_ELEMENTS_PER_CELL, PeerDasSettings,
};
use libfuzzer_sys::fuzz_target;
use std::fmt::Debug;
use std::sync::OnceLock;

fn ck() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

fn eth_cells(cells: &[rust_eth_kzg::Cell]) -> Cells {
    cells
        .iter()
        .map(|c| **c)
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn eth_result(
    r: Result<([rust_eth_kzg::Cell; 128], [[u8; 48]; 128]), rust_eth_kzg::Error>,
) -> Result<(Cells, Proofs), rust_eth_kzg::Error> {
    r.map(|(c, p)| (eth_cells(&c), Box::new(p)))
}

fn blob_from(seed: u64, sparse: bool) -> Box<Blob> {
    let mut b: Box<Blob> = vec![0u8; BYTES_PER_BLOB]
        .into_boxed_slice()
        .try_into()
        .unwrap();
    let mut rng = Rng(seed);
    for (i, fe) in b.chunks_exact_mut(32).enumerate() {
        if !sparse || i % 97 == 0 {
            rng.fill(fe);
            fe[0] &= 0x3f;
        }
    }
    b
}

/// A blob from the input: a seed, then up to two elements overwritten (canonical or not).
fn read_blob(r: &mut Reader) -> Box<Blob> {
    let flags = r.u8();
    let mut b = blob_from(r.u64(), flags & 1 == 1);
    for _ in 0..(flags >> 1) % 3 {
        let i = (r.u16() % 4096) as usize;
        let fe: [u8; 32] = r.array();
        b[32 * i..32 * i + 32].copy_from_slice(&fe);
    }
    b
}

type Cells = Box<[Cell; CELLS_PER_EXT_BLOB]>;
type Proofs = Box<[[u8; 48]; CELLS_PER_EXT_BLOB]>;

/// Same failure, or the same value, in all three.
fn same<T: PartialEq + Debug, E0: Debug, E1: Debug, E2: Debug>(
    what: &str,
    ours: Result<T, E0>,
    theirs: Result<T, E1>,
    eth: Result<T, E2>,
) -> Option<T> {
    match (&ours, &eth) {
        (Ok(a), Ok(b)) => assert!(a == b, "{what}: ctt and rust_eth_kzg values differ"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!(
            "{what}: ctt {:?}, rust_eth_kzg {:?}",
            a.as_ref().err(),
            b.as_ref().err()
        ),
    }
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            assert!(a == b, "{what}: values differ");
            Some(a)
        }
        (Err(_), Err(_)) => None,
        (a, b) => panic!("{what}: ctt {:?}, c-kzg {:?}", a.err(), b.err()),
    }
}

fn their_cells(cells: &[c_kzg::Cell]) -> Cells {
    cells
        .iter()
        .map(|c| c.to_bytes())
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn their_proofs(proofs: &[c_kzg::KzgProof]) -> Proofs {
    proofs
        .iter()
        .map(|p| *p.to_bytes())
        .collect::<Vec<_>>()
        .try_into()
        .unwrap()
}

fn cells_and_proofs(s: &PeerDasSettings, blob: &Blob) -> Option<(Cells, Proofs)> {
    same(
        "compute_cells_and_kzg_proofs",
        s.compute_cells_and_kzg_proofs(blob),
        ck().compute_cells_and_kzg_proofs(&c_kzg::Blob::new(*blob))
            .map(|(c, p)| (their_cells(&c[..]), their_proofs(&p[..]))),
        eth_result(eth().compute_cells_and_kzg_proofs(blob)),
    )
}

/// A valid extended blob: commitment, cells, proofs.
struct Fixed {
    commitment: [u8; 48],
    cells: Cells,
    proofs: Proofs,
}

fn fixed(i: usize) -> &'static Fixed {
    static SLOTS: [OnceLock<Fixed>; 4] = [const { OnceLock::new() }; 4];
    SLOTS[i].get_or_init(|| {
        let blob = c_kzg::Blob::new(*blob_from(0xb10b + i as u64, i % 2 == 1));
        let (cells, proofs) = ck()
            .compute_cells_and_kzg_proofs(&blob)
            .expect("a canonical blob");
        let commitment = *ck().blob_to_kzg_commitment(&blob).unwrap().to_bytes();
        Fixed {
            commitment,
            cells: their_cells(&cells[..]),
            proofs: their_proofs(&proofs[..]),
        }
    })
}

/// c-kzg's recovered cells, which are the evaluations of the recovered polynomial before the
/// spec's truncation to 4096 coefficients, truncated: the spec's cells, and whether the truncation
/// changed anything (the given cells were not a codeword).
fn truncated(theirs: &Cells) -> (Cells, bool) {
    let mut e: Vec<Fr> = theirs
        .iter()
        .flat_map(|c| c.chunks_exact(32))
        .map(|b| Fr::from_bytes_be(b.try_into().unwrap()).unwrap())
        .collect();
    bit_reversal_permutation(&mut e);
    let domain = Domain::new(e.len());
    domain.ifft(&mut e);
    let high = e[e.len() / 2..].iter().any(|c| *c != Fr::ZERO);
    e[FIELD_ELEMENTS_PER_BLOB..].fill(Fr::ZERO);
    domain.fft(&mut e);
    bit_reversal_permutation(&mut e);
    let mut cells: Cells = Box::new([[0u8; BYTES_PER_CELL]; CELLS_PER_EXT_BLOB]);
    for (cell, values) in cells
        .iter_mut()
        .zip(e.chunks_exact(FIELD_ELEMENTS_PER_CELL))
    {
        for (b, v) in cell.chunks_exact_mut(32).zip(values) {
            b.copy_from_slice(&v.to_bytes_be());
        }
    }
    (cells, high)
}

fn recover(s: &PeerDasSettings, indices: &[u64], cells: &[Cell]) {
    let theirs: Vec<c_kzg::Cell> = cells.iter().map(|c| c_kzg::Cell::new(*c)).collect();
    let ours = s.recover_cells_and_kzg_proofs(indices, cells);
    let theirs = ck()
        .recover_cells_and_kzg_proofs(indices, &theirs)
        .map(|(c, p)| (their_cells(&c[..]), their_proofs(&p[..])));
    let eth =
        eth_result(eth().recover_cells_and_kzg_proofs(indices.to_vec(), cells.iter().collect()));
    // Cells that are not a codeword (see crates/ctt-peerdas/tests/fuzz_regressions.rs): the spec
    // returns the cells and proofs of the recovered polynomial truncated to 4096 coefficients;
    // c-kzg the same proofs with the untruncated polynomial's evaluations; rust_eth_kzg refuses
    // (or, given all 128 cells, may answer as c-kzg).
    if let (Ok((oc, op)), Ok((tc, tp))) = (&ours, &theirs) {
        let (spec_cells, not_a_codeword) = truncated(tc);
        if not_a_codeword {
            assert!(
                op == tp,
                "recover (not a codeword): ctt and c-kzg proofs differ"
            );
            assert!(
                *oc == spec_cells,
                "recover (not a codeword): ctt cells are not the spec's"
            );
            match &eth {
                Err(e) => assert!(
                    format!("{e:?}").contains("PolynomialHasInvalidLength"),
                    "recover (not a codeword): rust_eth_kzg {e:?}"
                ),
                Ok(answer) => assert!(
                    *answer == (tc.clone(), tp.clone()),
                    "recover (not a codeword): rust_eth_kzg"
                ),
            }
            return;
        }
    }
    same("recover_cells_and_kzg_proofs", ours, theirs, eth);
}

fuzz_target!(|data: &[u8]| {
    let s = PeerDasSettings::mainnet();
    let mut r = Reader(data);
    let op = r.u8();
    match op % 8 {
        // The expensive paths, one op value in eight each.
        1 => {
            let blob = read_blob(&mut r);
            cells_and_proofs(s, &blob);
        }
        2 => {
            // Recovery from a subset (a 128-bit mask) of a fixed blob's cells, possibly with
            // one cell changed, two indices swapped, or one repeated.
            let f = fixed((r.u8() % 4) as usize);
            let mask = u128::from_le_bytes(r.array());
            let mut indices: Vec<u64> = (0..128).filter(|i| mask >> i & 1 == 1).collect();
            let mut cells: Vec<Cell> = indices.iter().map(|&i| f.cells[i as usize]).collect();
            let (mode, at) = (r.u8(), r.u8() as usize);
            if !indices.is_empty() {
                let at = at % indices.len();
                match mode % 8 {
                    1 => {
                        let e = (r.u8() % 64) as usize;
                        let fe: [u8; 32] = r.array();
                        cells[at][32 * e..32 * e + 32].copy_from_slice(&fe);
                    }
                    2 if indices.len() > 1 => {
                        let next = (at + 1) % indices.len();
                        indices.swap(at, next);
                    }
                    3 => {
                        indices.push(indices[at]);
                        cells.push(cells[at]);
                    }
                    4 => indices[at] = r.u64(),
                    _ => {}
                }
            }
            recover(s, &indices, &cells);
        }
        // Cell-proof batches of 0–4 cells of the fixed blobs, one entry changed.
        3 | 4 | 5 | 6 => {
            let n = (r.u8() % 5) as usize;
            let (mut cs, mut idx, mut cells, mut ps) = (vec![], vec![], vec![], vec![]);
            for _ in 0..n {
                let f = fixed((r.u8() % 4) as usize);
                let i = r.u8() as usize % CELLS_PER_EXT_BLOB;
                cs.push(f.commitment);
                idx.push(i as u64);
                cells.push(f.cells[i]);
                ps.push(f.proofs[i]);
            }
            let (which, mode) = (r.u8(), r.u8());
            if n > 0 {
                let k = (which as usize / 8) % n;
                match which % 8 {
                    0 => mutate(mode, &mut r, &mut cs[k]),
                    1 => mutate(mode, &mut r, &mut ps[k]),
                    2 => {
                        let e = (mode % 64) as usize;
                        let fe: [u8; 32] = r.array();
                        cells[k][32 * e..32 * e + 32].copy_from_slice(&fe);
                    }
                    3 => {
                        idx[k] = if mode & 1 == 1 {
                            r.u64()
                        } else {
                            (idx[k] + 1) % 128
                        }
                    }
                    4 => cs[k] = fixed((mode % 4) as usize).commitment,
                    5 if mode == 0xff => {
                        ps.pop();
                    }
                    _ => {}
                }
            }
            let their_cs: Vec<c_kzg::Bytes48> =
                cs.iter().map(|c| c_kzg::Bytes48::new(*c)).collect();
            let their_ps: Vec<c_kzg::Bytes48> =
                ps.iter().map(|p| c_kzg::Bytes48::new(*p)).collect();
            let their_cells: Vec<c_kzg::Cell> =
                cells.iter().map(|c| c_kzg::Cell::new(*c)).collect();
            same(
                "verify_cell_kzg_proof_batch",
                s.verify_cell_kzg_proof_batch(&cs, &idx, &cells, &ps),
                ck().verify_cell_kzg_proof_batch(&their_cs, &idx, &their_cells, &their_ps),
                eth_verdict(eth().verify_cell_kzg_proof_batch(
                    cs.iter().collect(),
                    &idx,
                    cells.iter().collect(),
                    ps.iter().collect(),
                )),
            );
        }
        // compute_cells of a (possibly invalid) blob.
        _ => {
            let blob = read_blob(&mut r);
            same(
                "compute_cells",
                s.compute_cells(&blob),
                ck().compute_cells(&c_kzg::Blob::new(*blob))
                    .map(|c| their_cells(&c[..])),
                eth().compute_cells(&blob).map(|c| eth_cells(&c)),
            );
        }
    }
});
