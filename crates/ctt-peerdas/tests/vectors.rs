//! The official EIP-7594 vectors of ethereum/cryptography-specs (`tests/kzg/`, stored under
//! `tests/vectors/cryptography-specs/kzg/`) for the functions this crate has: `compute_cells`,
//! `compute_cells_and_kzg_proofs` (with and without FK20 tables), `recover_cells_and_kzg_proofs`,
//! `verify_cell_kzg_proof_batch`
//! and `compute_verify_cell_kzg_proof_batch_challenge`.
//!
//! Inputs that do not fit their fixed-size type (`Blob`, `Cell`, `Bytes48`) count as rejected;
//! `true`/`false` must be `Ok(true)`/`Ok(false)` exactly, `null` an error. The parallel twin runs
//! on a 2-thread pool and must answer the same.

mod support;
use support::TestPool;

use ctt_peerdas::*;
use serde_json::Value;
use std::path::PathBuf;

fn each(function: &str, min: usize, mut f: impl FnMut(&str, &Value, &Value)) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/cryptography-specs/kzg")
        .join(function);
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| {
            let p = e.unwrap().path();
            p.is_dir().then(|| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let data: Value =
                    serde_json::from_slice(&std::fs::read(p.join("data.json")).unwrap()).unwrap();
                (name, data)
            })
        })
        .collect();
    cases.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(
        cases.len() >= min,
        "{function}: {} cases, expected at least {min}",
        cases.len()
    );
    for (name, data) in &cases {
        f(name, &data["input"], &data["output"]);
    }
}

fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("hex string");
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).expect("valid hex")
}

fn fixed<const N: usize>(v: &Value) -> Option<[u8; N]> {
    bytes(v).try_into().ok()
}

fn list<const N: usize>(v: &Value) -> Option<Vec<[u8; N]>> {
    v.as_array()?.iter().map(fixed::<N>).collect()
}

fn indices(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|i| i.as_u64().expect("an index"))
        .collect()
}

#[test]
fn compute_cells() {
    each("compute_cells", 8, |name, input, output| {
        let got = fixed::<BYTES_PER_BLOB>(&input["blob"])
            .and_then(|b| PeerDasSettings::mainnet().compute_cells(&b).ok());
        match (got, output) {
            (None, Value::Null) => {}
            (Some(cells), Value::Array(want)) => {
                assert_eq!(want.len(), CELLS_PER_EXT_BLOB, "{name}");
                for (c, w) in cells.iter().zip(want) {
                    assert_eq!(c.to_vec(), bytes(w), "{name}");
                }
            }
            (g, w) => panic!("{name}: got {}, expected {w}", g.is_some()),
        }
    });
}

#[test]
fn compute_cells_and_kzg_proofs() {
    let no_tables = PeerDasSettings::new(KzgSettings::mainnet(), Precompute::None).unwrap();
    each("compute_cells_and_kzg_proofs", 8, |name, input, output| {
        for s in [PeerDasSettings::mainnet(), &no_tables] {
            let got = fixed::<BYTES_PER_BLOB>(&input["blob"])
                .and_then(|b| s.compute_cells_and_kzg_proofs(&b).ok());
            match (got, output) {
                (None, Value::Null) => {}
                (Some((cells, proofs)), Value::Array(want)) => {
                    let (want_cells, want_proofs) = (
                        want[0].as_array().expect("cells"),
                        want[1].as_array().expect("proofs"),
                    );
                    for (c, w) in cells.iter().zip(want_cells) {
                        assert_eq!(c.to_vec(), bytes(w), "{name}: cell");
                    }
                    assert_eq!(want_proofs.len(), CELLS_PER_EXT_BLOB);
                    for (p, w) in proofs.iter().zip(want_proofs) {
                        assert_eq!(p.to_vec(), bytes(w), "{name}: proof");
                    }
                }
                (g, w) => panic!("{name}: got {}, expected {w}", g.is_some()),
            }
        }
    });
}

/// Checks `(cells, proofs)` against the expected output `[cells, proofs]`.
fn check_cells_and_proofs(
    name: &str,
    got: &(Box<[Cell; 128]>, Box<[KzgProof; 128]>),
    want: &[Value],
) {
    let (cells, proofs) = got;
    let (want_cells, want_proofs) = (
        want[0].as_array().expect("cells"),
        want[1].as_array().expect("proofs"),
    );
    assert_eq!(want_cells.len(), CELLS_PER_EXT_BLOB, "{name}");
    assert_eq!(want_proofs.len(), CELLS_PER_EXT_BLOB, "{name}");
    for (c, w) in cells.iter().zip(want_cells) {
        assert_eq!(c.to_vec(), bytes(w), "{name}: cell");
    }
    for (p, w) in proofs.iter().zip(want_proofs) {
        assert_eq!(p.to_vec(), bytes(w), "{name}: proof");
    }
}

#[test]
fn recover_cells_and_kzg_proofs() {
    let mut recovered = 0;
    each("recover_cells_and_kzg_proofs", 12, |name, input, output| {
        let got = (|| {
            let cells = list::<BYTES_PER_CELL>(&input["cells"])?;
            let indices = indices(&input["cell_indices"]);
            PeerDasSettings::mainnet()
                .recover_cells_and_kzg_proofs(&indices, &cells)
                .ok()
        })();
        match (got, output) {
            (None, Value::Null) => {}
            (Some(g), Value::Array(want)) => {
                check_cells_and_proofs(name, &g, want);
                recovered += 1;
            }
            (g, w) => panic!("{name}: got {}, expected {w}", g.is_some()),
        }
    });
    assert!(recovered >= 2, "the valid cases recover");
}

#[test]
fn compute_verify_cell_kzg_proof_batch_challenge() {
    each(
        "compute_verify_cell_kzg_proof_batch_challenge",
        7,
        |name, input, output| {
            let cells: Vec<Cell> = input["cosets_evals"]
                .as_array()
                .expect("a list")
                .iter()
                .map(|evals| {
                    let flat: Vec<u8> = evals
                        .as_array()
                        .expect("64 values")
                        .iter()
                        .flat_map(bytes)
                        .collect();
                    flat.try_into().expect("64 values of 32 bytes")
                })
                .collect();
            let got = ctt_peerdas::compute_verify_cell_kzg_proof_batch_challenge(
                &list::<48>(&input["commitments"]).expect("commitments"),
                &indices(&input["commitment_indices"]),
                &indices(&input["cell_indices"]),
                &cells,
                &list::<48>(&input["proofs"]).expect("proofs"),
            )
            .expect("lengths agree");
            assert_eq!(got.to_vec(), bytes(output), "{name}");
        },
    );
}

#[test]
fn verify_cell_kzg_proof_batch() {
    let pool = TestPool::new(2);
    let mut decided = 0;
    each("verify_cell_kzg_proof_batch", 22, |name, input, output| {
        let parsed = (|| {
            Some((
                list::<48>(&input["commitments"])?,
                indices(&input["cell_indices"]),
                list::<BYTES_PER_CELL>(&input["cells"])?,
                list::<48>(&input["proofs"])?,
            ))
        })();
        let s = PeerDasSettings::mainnet();
        let serial = parsed
            .as_ref()
            .map(|(c, i, cells, p)| s.verify_cell_kzg_proof_batch(c, i, cells, p));
        let parallel = parsed.as_ref().map(|(c, i, cells, p)| {
            pool.install(|| s.verify_cell_kzg_proof_batch_parallel(c, i, cells, p))
        });
        assert_eq!(serial, parallel, "{name}: serial and parallel differ");
        decided += matches!(serial, Some(Ok(_))) as usize;
        match (serial, output) {
            (Some(Ok(g)), Value::Bool(w)) => assert_eq!(g, *w, "{name}"),
            (None | Some(Err(_)), Value::Null) => {}
            (g, w) => panic!("{name}: got {g:?}, expected {w}"),
        }
    });
    assert!(decided >= 8, "most cases are well formed: {decided}");
}
