//! `ctt._ctt.timing`: the same operations as the Python API, timed in a Rust loop with no
//! Python in between, so that the benchmark script can measure what the binding adds
//! (argument checks, copies, `bytes` objects, releasing and taking back the GIL).
//!
//! `rust_seconds(op, args, iterations)` parses `args` (the same objects the Python call takes)
//! once, then runs the operation `iterations` times with the GIL released, and returns the
//! mean seconds per call. The work in the loop is what the binding's function does after its
//! argument checks: decoding included (BLS keys and signatures), list building excluded.

use crate::kzg::mainnet_for_timing;
use ctt_bls::{PublicKey, SecretKey, Signature};
use ctt_kzg::{BYTES_PER_BLOB, Blob, Bytes32, Bytes48};
use ctt_peerdas::{BYTES_PER_CELL, Cell};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use std::hint::black_box;
use std::time::Instant;

fn arg<'py>(args: &Bound<'py, PyTuple>, i: usize) -> PyResult<Bound<'py, PyAny>> {
    args.get_item(i)
}

fn fixed<const N: usize>(args: &Bound<'_, PyTuple>, i: usize) -> PyResult<Box<[u8; N]>> {
    let b: Vec<u8> = arg(args, i)?.extract()?;
    let a: Box<[u8; N]> = b
        .into_boxed_slice()
        .try_into()
        .map_err(|_| PyValueError::new_err(format!("argument {i}: wrong length")))?;
    Ok(a)
}

fn list<const N: usize>(args: &Bound<'_, PyTuple>, i: usize) -> PyResult<Vec<[u8; N]>> {
    let v: Vec<Vec<u8>> = arg(args, i)?.extract()?;
    v.into_iter()
        .map(|b| {
            b.try_into()
                .map_err(|_| PyValueError::new_err(format!("argument {i}: wrong length")))
        })
        .collect()
}

fn chunks<const N: usize>(args: &Bound<'_, PyTuple>, i: usize) -> PyResult<Vec<[u8; N]>> {
    let b: Vec<u8> = arg(args, i)?.extract()?;
    let (c, rest) = b.as_chunks::<N>();
    if !rest.is_empty() {
        return Err(PyValueError::new_err(format!("argument {i}: wrong length")));
    }
    Ok(c.to_vec())
}

/// Mean seconds per call of `f` over `n` calls, with the GIL released.
fn run<T>(py: Python<'_>, n: u32, f: impl Fn() -> T + Send + Sync) -> f64 {
    py.detach(|| {
        let t = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        t.elapsed().as_secs_f64() / f64::from(n.max(1))
    })
}

/// `rust_seconds(op, args, iterations) -> float`; `op` one of the names in `OPS`.
#[pyfunction]
fn rust_seconds(
    py: Python<'_>,
    op: &str,
    args: &Bound<'_, PyTuple>,
    iterations: u32,
) -> PyResult<f64> {
    let (k, d) = py.detach(mainnet_for_timing);
    Ok(match op {
        "blob_to_kzg_commitment" => {
            let b: Box<Blob> = fixed::<BYTES_PER_BLOB>(args, 0)?;
            run(py, iterations, || k.blob_to_kzg_commitment(&b))
        }
        "compute_kzg_proof" => {
            let (b, z) = (fixed::<BYTES_PER_BLOB>(args, 0)?, fixed::<32>(args, 1)?);
            run(py, iterations, || k.compute_kzg_proof(&b, &z))
        }
        "compute_blob_kzg_proof" => {
            let (b, c) = (fixed::<BYTES_PER_BLOB>(args, 0)?, fixed::<48>(args, 1)?);
            run(py, iterations, || k.compute_blob_kzg_proof(&b, &c))
        }
        "verify_kzg_proof" => {
            let (c, z): (Box<Bytes48>, Box<Bytes32>) = (fixed(args, 0)?, fixed(args, 1)?);
            let (y, p): (Box<Bytes32>, Box<Bytes48>) = (fixed(args, 2)?, fixed(args, 3)?);
            run(py, iterations, || k.verify_kzg_proof(&c, &z, &y, &p))
        }
        "verify_blob_kzg_proof" => {
            let b = fixed::<BYTES_PER_BLOB>(args, 0)?;
            let (c, p) = (fixed::<48>(args, 1)?, fixed::<48>(args, 2)?);
            run(py, iterations, || k.verify_blob_kzg_proof(&b, &c, &p))
        }
        "verify_blob_kzg_proof_batch" => {
            let b = chunks::<BYTES_PER_BLOB>(args, 0)?;
            let (c, p) = (chunks::<48>(args, 1)?, chunks::<48>(args, 2)?);
            run(py, iterations, || k.verify_blob_kzg_proof_batch(&b, &c, &p))
        }
        "compute_cells" => {
            let b = fixed::<BYTES_PER_BLOB>(args, 0)?;
            run(py, iterations, || d.compute_cells(&b))
        }
        "compute_cells_and_kzg_proofs" => {
            let b = fixed::<BYTES_PER_BLOB>(args, 0)?;
            run(py, iterations, || d.compute_cells_and_kzg_proofs(&b))
        }
        "recover_cells_and_kzg_proofs" => {
            let i: Vec<u64> = arg(args, 0)?.extract()?;
            let c: Vec<Cell> = list::<BYTES_PER_CELL>(args, 1)?;
            run(py, iterations, || d.recover_cells_and_kzg_proofs(&i, &c))
        }
        "verify_cell_kzg_proof_batch" => {
            let c: Vec<Bytes48> = list(args, 0)?;
            let i: Vec<u64> = arg(args, 1)?.extract()?;
            let x: Vec<Cell> = list::<BYTES_PER_CELL>(args, 2)?;
            let p: Vec<Bytes48> = list(args, 3)?;
            run(py, iterations, || {
                d.verify_cell_kzg_proof_batch(&c, &i, &x, &p)
            })
        }
        "Sign" => {
            let sk: Vec<u8> = arg(args, 0)?.cast::<PyBytes>()?.as_bytes().to_vec();
            let msg: Vec<u8> = arg(args, 1)?.extract()?;
            run(py, iterations, || {
                SecretKey::from_bytes(&sk).map(|sk| sk.sign(&msg).to_bytes())
            })
        }
        "Verify" => {
            let pk: Vec<u8> = arg(args, 0)?.extract()?;
            let msg: Vec<u8> = arg(args, 1)?.extract()?;
            let sig: Vec<u8> = arg(args, 2)?.extract()?;
            run(py, iterations, || {
                let (pk, sig) = (PublicKey::from_bytes(&pk)?, Signature::from_bytes(&sig)?);
                ctt_bls::verify(&pk, &msg, &sig)
            })
        }
        "FastAggregateVerify" => {
            let pks: Vec<Vec<u8>> = arg(args, 0)?.extract()?;
            let msg: Vec<u8> = arg(args, 1)?.extract()?;
            let sig: Vec<u8> = arg(args, 2)?.extract()?;
            run(py, iterations, || {
                let pks = pks
                    .iter()
                    .map(|p| PublicKey::from_bytes(p))
                    .collect::<Result<Vec<_>, _>>()?;
                ctt_bls::fast_aggregate_verify(&pks, &msg, &Signature::from_bytes(&sig)?)
            })
        }
        _ => return Err(PyValueError::new_err(format!("unknown op {op:?}"))),
    })
}

/// Registers `rust_seconds` and the list of its operations.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rust_seconds, m)?)?;
    m.add(
        "OPS",
        [
            "blob_to_kzg_commitment",
            "compute_kzg_proof",
            "compute_blob_kzg_proof",
            "verify_kzg_proof",
            "verify_blob_kzg_proof",
            "verify_blob_kzg_proof_batch",
            "compute_cells",
            "compute_cells_and_kzg_proofs",
            "recover_cells_and_kzg_proofs",
            "verify_cell_kzg_proof_batch",
            "Sign",
            "Verify",
            "FastAggregateVerify",
        ],
    )?;
    Ok(())
}
