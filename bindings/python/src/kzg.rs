//! `ctt.kzg`: c-kzg-4844's Python binding (`ckzg` 2.1) over ctt-kzg and ctt-peerdas.
//!
//! The same functions, positional arguments only, and the same exceptions with the same
//! messages as `ckzg_wrap.c` (checked against the `ckzg` 2.1.8 wheel):
//!
//! * `ValueError`: a wrong number of arguments, an argument of the wrong type (not `bytes` — a
//!   subclass is fine, a `bytearray` is not —, a list where ckzg wants a list, not settings), a
//!   wrong length, lists of different lengths, a cell index that is not an `int` or does not
//!   fit in 64 bits (negative included), a `precompute` that is not an integer.
//! * `RuntimeError`: the library refused the input (c-kzg's `C_KZG_BADARGS`: a field element
//!   `≥ r`, a point that is not a compressed G1 point of the subgroup, bad or unordered cell
//!   indices, too few or too many cells; a setup file that cannot be read or is not a valid
//!   setup, a `precompute` above 15 or negative): `"<function> failed"`.
//! * `TypeError`: keyword arguments (ckzg's functions take none).
//!
//! The settings object is a `KZGSettings` instance (ckzg returns a capsule); a settings object
//! of the other library is refused with `ValueError`, as ckzg refuses anything else.

use ctt_kzg::{
    BYTES_PER_BLOB, BYTES_PER_COMMITMENT, Blob, Bytes32, Bytes48, KzgSettings, Precompute,
};
use ctt_peerdas::{BYTES_PER_CELL, CELLS_PER_EXT_BLOB, Cell, PeerDasSettings};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyList, PyString, PyTuple};
use std::sync::Arc;

const BYTES_PER_FIELD_ELEMENT: usize = 32;
const BYTES_PER_PROOF: usize = 48;

/// Shared (the embedded mainnet settings, built once per process) or owned.
enum Held<T: 'static> {
    Shared(&'static T),
    Owned(T),
}

impl<T> core::ops::Deref for Held<T> {
    type Target = T;
    fn deref(&self) -> &T {
        match self {
            Held::Shared(t) => t,
            Held::Owned(t) => t,
        }
    }
}

/// The loaded settings behind a `KZGSettings` object.
struct Settings {
    kzg: Held<KzgSettings>,
    das: Held<PeerDasSettings>,
}

/// A loaded trusted setup (EIP-4844 and EIP-7594), as `load_trusted_setup` and
/// `load_mainnet_trusted_setup` return it. Immutable; share it between threads freely.
#[pyclass(frozen, name = "KZGSettings", module = "ctt.kzg")]
pub struct KZGSettings {
    inner: Arc<Settings>,
}

#[pymethods]
impl KZGSettings {
    fn __repr__(&self) -> String {
        let kind = match self.inner.kzg {
            Held::Shared(_) => "mainnet (embedded)",
            Held::Owned(_) => "loaded",
        };
        format!(
            "<ctt.kzg.KZGSettings {kind}, {} MiB>",
            (self.inner.kzg.memory_bytes() + self.inner.das.memory_bytes()) >> 20
        )
    }
}

impl Settings {
    /// The settings with everything built, as c-kzg does all its work when loading.
    fn new(kzg: Held<KzgSettings>, precompute: Precompute) -> Option<Settings> {
        let das = if precompute == PeerDasSettings::DEFAULT_PRECOMPUTE
            && matches!(kzg, Held::Shared(_))
        {
            Held::Shared(PeerDasSettings::mainnet())
        } else {
            Held::Owned(PeerDasSettings::new(&kzg, precompute).ok()?)
        };
        kzg.build_tables();
        das.build_tables();
        Some(Settings { kzg, das })
    }
}

/// `PyArg_UnpackTuple` followed by ckzg's type checks: exactly `N` arguments, else
/// `ValueError(msg)`.
fn unpack<'py, const N: usize>(
    args: &Bound<'py, PyTuple>,
    msg: &'static str,
) -> PyResult<[Bound<'py, PyAny>; N]> {
    if args.len() != N {
        return Err(PyValueError::new_err(msg));
    }
    Ok(core::array::from_fn(|i| {
        args.get_item(i).expect("index below the checked length")
    }))
}

/// The bytes of a `bytes` object (or subclass), else `ValueError(msg)`.
fn bytes<'a>(o: &'a Bound<'_, PyAny>, msg: &'static str) -> PyResult<&'a [u8]> {
    o.cast::<PyBytes>()
        .map(|b| b.as_bytes())
        .map_err(|_| PyValueError::new_err(msg))
}

/// The settings, else `ValueError(msg)`.
fn settings(o: &Bound<'_, PyAny>, msg: &'static str) -> PyResult<Arc<Settings>> {
    o.cast::<KZGSettings>()
        .map(|s| s.get().inner.clone())
        .map_err(|_| PyValueError::new_err(msg))
}

/// A fixed-size array view of `b` if it has exactly `N` bytes, else `ValueError(msg)`.
fn sized<'a, const N: usize>(b: &'a [u8], msg: &'static str) -> PyResult<&'a [u8; N]> {
    b.try_into().map_err(|_| PyValueError::new_err(msg))
}

/// `b` as whole `N`-byte items (ckzg's concatenated lists); `ValueError(msg)` if it does not split.
fn items<'a, const N: usize>(b: &'a [u8], msg: &'static str) -> PyResult<&'a [[u8; N]]> {
    match b.as_chunks::<N>() {
        (items, []) => Ok(items),
        _ => Err(PyValueError::new_err(msg)),
    }
}

fn failed(name: &str) -> PyErr {
    PyRuntimeError::new_err(format!("{name} failed"))
}

/// A list of `bytes` objects of `N` bytes each, copied; ckzg's messages on failure.
fn list_of<const N: usize>(
    list: &Bound<'_, PyList>,
    type_msg: &'static str,
    len_msg: &'static str,
) -> PyResult<Vec<[u8; N]>> {
    let mut out = Vec::with_capacity(list.len());
    for item in list.iter() {
        let b = bytes(&item, type_msg)?;
        out.push(*sized::<N>(b, len_msg)?);
    }
    Ok(out)
}

/// A list of cell indices: each an `int` that fits in 64 bits, else ckzg's `ValueError`s.
fn indices(list: &Bound<'_, PyList>, what: &str) -> PyResult<Vec<u64>> {
    let mut out = Vec::with_capacity(list.len());
    for item in list.iter() {
        if !item.is_instance_of::<PyInt>() {
            return Err(PyValueError::new_err(format!(
                "expected {what} index to be an integer"
            )));
        }
        let v: u64 = item.extract().map_err(|_| {
            PyValueError::new_err(format!("failed to convert {what} index to uint64_t"))
        })?;
        out.push(v);
    }
    Ok(out)
}

fn bytes_list<'py, T: AsRef<[u8]>>(py: Python<'py>, items: &[T]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, items.iter().map(|c| PyBytes::new(py, c.as_ref())))
}

/// `load_trusted_setup(file, precompute)`: the setup in c-kzg's text format from the file at
/// the path `file` (a `str`), validated in full, with the FK20 tables for `precompute` (0–15:
/// 0 none, 8 and above ctt's fastest tables) built now.
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(file, precompute, /)")]
fn load_trusted_setup(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<KZGSettings> {
    const MSG: &str = "expected string and int";
    let [f, precompute] = unpack::<2>(args, MSG)?;
    let path = f
        .cast::<PyString>()
        .map_err(|_| PyValueError::new_err(MSG))?
        .extract::<String>()?;
    // C `long`, then the `uint64_t` parameter: a negative value wraps to a huge one, which the
    // loader refuses (RuntimeError), as in ckzg.
    let precompute: i64 = precompute
        .extract()
        .map_err(|_| PyValueError::new_err("invalid precompute value"))?;
    py.detach(|| {
        let text = std::fs::read(&path)
            .map_err(|_| PyRuntimeError::new_err("error reading trusted setup"))?;
        let load = || {
            let precompute = PeerDasSettings::precompute_from_ckzg(precompute as u64)?;
            let text = core::str::from_utf8(&text).ok()?;
            let kzg = KzgSettings::from_trusted_setup_text(text).ok()?;
            Settings::new(Held::Owned(kzg), precompute)
        };
        load()
            .map(|s| KZGSettings { inner: Arc::new(s) })
            .ok_or_else(|| PyRuntimeError::new_err("error loading trusted setup"))
    })
}

/// `load_mainnet_trusted_setup(precompute=8)`: the Ethereum mainnet setup embedded in the
/// library (no file, no parsing). The points, and with `precompute` 8–15 the FK20 tables too,
/// are built once per process and shared by every settings object.
#[pyfunction]
#[pyo3(signature = (precompute = 8))]
fn load_mainnet_trusted_setup(py: Python<'_>, precompute: i64) -> PyResult<KZGSettings> {
    py.detach(|| {
        let precompute = u64::try_from(precompute)
            .ok()
            .and_then(PeerDasSettings::precompute_from_ckzg);
        precompute
            .and_then(|p| Settings::new(Held::Shared(KzgSettings::mainnet()), p))
            .map(|s| KZGSettings { inner: Arc::new(s) })
            .ok_or_else(|| PyRuntimeError::new_err("error loading trusted setup"))
    })
}

/// `blob_to_kzg_commitment(blob, s) -> bytes`: the 48-byte commitment to a 131072-byte blob.
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(blob, s, /)")]
fn blob_to_kzg_commitment<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyBytes>> {
    const MSG: &str = "expected bytes and trusted setup";
    let [b, s] = unpack::<2>(args, MSG)?;
    let (b, s) = (bytes(&b, MSG)?, settings(&s, MSG)?);
    let blob: &Blob = sized(b, "expected blobs to be BYTES_PER_BLOB bytes")?;
    let c = py
        .detach(|| s.kzg.blob_to_kzg_commitment(blob))
        .map_err(|_| failed("blob_to_kzg_commitment"))?;
    Ok(PyBytes::new(py, &c))
}

/// `compute_kzg_proof(blob, z_bytes, s) -> (proof, y)`: the proof that the blob's polynomial
/// takes the value `y` at `z`.
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(blob, z_bytes, s, /)")]
fn compute_kzg_proof<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    const MSG: &str = "expected bytes, bytes, trusted setup";
    let [b, z, s] = unpack::<3>(args, MSG)?;
    let (b, z, s) = (bytes(&b, MSG)?, bytes(&z, MSG)?, settings(&s, MSG)?);
    let blob: &Blob = sized(b, "expected blobs to be BYTES_PER_BLOB bytes")?;
    let z: &Bytes32 = sized(z, "expected z to be BYTES_PER_FIELD_ELEMENT bytes")?;
    let (proof, y) = py
        .detach(|| s.kzg.compute_kzg_proof(blob, z))
        .map_err(|_| failed("compute_kzg_proof"))?;
    Ok((PyBytes::new(py, &proof), PyBytes::new(py, &y)))
}

/// `compute_blob_kzg_proof(blob, commitment_bytes, s) -> bytes`: the blob's proof at its
/// Fiat–Shamir challenge.
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(blob, commitment_bytes, s, /)")]
fn compute_blob_kzg_proof<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyBytes>> {
    const MSG: &str = "expected bytes, bytes, trusted setup";
    let [b, c, s] = unpack::<3>(args, MSG)?;
    let (b, c, s) = (bytes(&b, MSG)?, bytes(&c, MSG)?, settings(&s, MSG)?);
    let blob: &Blob = sized(b, "expected blobs to be BYTES_PER_BLOB bytes")?;
    let c: &Bytes48 = sized(c, "expected commitment to be BYTES_PER_COMMITMENT bytes")?;
    let proof = py
        .detach(|| s.kzg.compute_blob_kzg_proof(blob, c))
        .map_err(|_| failed("compute_blob_kzg_proof"))?;
    Ok(PyBytes::new(py, &proof))
}

/// `verify_kzg_proof(commitment_bytes, z_bytes, y_bytes, proof_bytes, s) -> bool`.
#[pyfunction]
#[pyo3(
    signature = (*args),
    text_signature = "(commitment_bytes, z_bytes, y_bytes, proof_bytes, s, /)"
)]
fn verify_kzg_proof(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<bool> {
    const MSG: &str = "expected bytes, bytes, bytes, bytes, trusted setup";
    let [c, z, y, p, s] = unpack::<5>(args, MSG)?;
    let (c, z, y, p) = (
        bytes(&c, MSG)?,
        bytes(&z, MSG)?,
        bytes(&y, MSG)?,
        bytes(&p, MSG)?,
    );
    let s = settings(&s, MSG)?;
    let c: &Bytes48 = sized(c, "expected commitment to be BYTES_PER_COMMITMENT bytes")?;
    let z: &Bytes32 = sized(z, "expected z to be BYTES_PER_FIELD_ELEMENT bytes")?;
    let y: &Bytes32 = sized(y, "expected y to be BYTES_PER_FIELD_ELEMENT bytes")?;
    let p: &Bytes48 = sized(p, "expected proof to be BYTES_PER_PROOF bytes")?;
    py.detach(|| s.kzg.verify_kzg_proof(c, z, y, p))
        .map_err(|_| failed("verify_kzg_proof"))
}

/// `verify_blob_kzg_proof(blob, commitment_bytes, proof_bytes, s) -> bool`.
#[pyfunction]
#[pyo3(
    signature = (*args),
    text_signature = "(blob, commitment_bytes, proof_bytes, s, /)"
)]
fn verify_blob_kzg_proof(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<bool> {
    const MSG: &str = "expected bytes, bytes, bytes, trusted setup";
    let [b, c, p, s] = unpack::<4>(args, MSG)?;
    let (b, c, p, s) = (
        bytes(&b, MSG)?,
        bytes(&c, MSG)?,
        bytes(&p, MSG)?,
        settings(&s, MSG)?,
    );
    let blob: &Blob = sized(b, "expected blob to be BYTES_PER_BLOB bytes")?;
    let c: &Bytes48 = sized(c, "expected commitment to be BYTES_PER_COMMITMENT bytes")?;
    let p: &Bytes48 = sized(p, "expected proof to be BYTES_PER_PROOF bytes")?;
    py.detach(|| s.kzg.verify_blob_kzg_proof(blob, c, p))
        .map_err(|_| failed("verify_blob_kzg_proof"))
}

/// `verify_blob_kzg_proof_batch(blobs, commitments_bytes, proofs_bytes, s) -> bool`: as ckzg,
/// each argument is one `bytes` object, the concatenation of the blobs (commitments, proofs).
#[pyfunction]
#[pyo3(
    signature = (*args),
    text_signature = "(blobs, commitments_bytes, proofs_bytes, s, /)"
)]
fn verify_blob_kzg_proof_batch(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<bool> {
    const MSG: &str = "expected bytes, bytes, bytes, trusted setup";
    let [b, c, p, s] = unpack::<4>(args, MSG)?;
    let (b, c, p, s) = (
        bytes(&b, MSG)?,
        bytes(&c, MSG)?,
        bytes(&p, MSG)?,
        settings(&s, MSG)?,
    );
    let blobs =
        items::<BYTES_PER_BLOB>(b, "expected blobs to be a multiple of BYTES_PER_BLOB bytes")?;
    let commitments = items::<BYTES_PER_COMMITMENT>(
        c,
        "expected commitments to be a multiple of BYTES_PER_COMMITMENT bytes",
    )?;
    let proofs = items::<BYTES_PER_PROOF>(
        p,
        "expected proofs to be a multiple of BYTES_PER_PROOF bytes",
    )?;
    if blobs.len() != commitments.len() || blobs.len() != proofs.len() {
        return Err(PyValueError::new_err(
            "expected same number of blobs/commitments/proofs",
        ));
    }
    py.detach(|| {
        s.kzg
            .verify_blob_kzg_proof_batch(blobs, commitments, proofs)
    })
    .map_err(|_| failed("verify_blob_kzg_proof_batch"))
}

/// `compute_cells(blob, s) -> list[bytes]`: the 128 cells (2048 bytes each) of the blob's
/// extension.
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(blob, s, /)")]
fn compute_cells<'py>(py: Python<'py>, args: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyList>> {
    const MSG: &str = "expected bytes and trusted setup";
    let [b, s] = unpack::<2>(args, MSG)?;
    let (b, s) = (bytes(&b, MSG)?, settings(&s, MSG)?);
    let blob: &Blob = sized(b, "expected blob to be BYTES_PER_BLOB bytes")?;
    let cells = py
        .detach(|| s.das.compute_cells(blob))
        .map_err(|_| failed("compute_cells"))?;
    bytes_list(py, &cells[..])
}

type CellsAndProofsLists<'py> = (Bound<'py, PyList>, Bound<'py, PyList>);

/// `compute_cells_and_kzg_proofs(blob, s) -> (cells, proofs)`: the 128 cells and their
/// 48-byte proofs.
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(blob, s, /)")]
fn compute_cells_and_kzg_proofs<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
) -> PyResult<CellsAndProofsLists<'py>> {
    const MSG: &str = "expected bytes and trusted setup";
    let [b, s] = unpack::<2>(args, MSG)?;
    let (b, s) = (bytes(&b, MSG)?, settings(&s, MSG)?);
    let blob: &Blob = sized(b, "expected blob to be BYTES_PER_BLOB bytes")?;
    let (cells, proofs) = py
        .detach(|| s.das.compute_cells_and_kzg_proofs(blob))
        .map_err(|_| failed("compute_cells_and_kzg_proofs"))?;
    Ok((bytes_list(py, &cells[..])?, bytes_list(py, &proofs[..])?))
}

/// `recover_cells_and_kzg_proofs(cell_indices, cells, s) -> (cells, proofs)`: all 128 cells
/// and proofs from at least 64 cells with strictly ascending indices (both lists).
#[pyfunction]
#[pyo3(signature = (*args), text_signature = "(cell_indices, cells, s, /)")]
fn recover_cells_and_kzg_proofs<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
) -> PyResult<CellsAndProofsLists<'py>> {
    const MSG: &str = "expected list, list, trusted setup";
    let [i, c, s] = unpack::<3>(args, MSG)?;
    let (Ok(i), Ok(c)) = (i.cast::<PyList>(), c.cast::<PyList>()) else {
        return Err(PyValueError::new_err(MSG));
    };
    let s = settings(&s, MSG)?;
    if i.len() != c.len() {
        return Err(PyValueError::new_err(
            "expected same number of cell_indices and cells",
        ));
    }
    let indices = indices(i, "cell")?;
    let cells: Vec<Cell> = list_of::<BYTES_PER_CELL>(
        c,
        "expected cell to be bytes",
        "expected cell to be BYTES_PER_CELL bytes",
    )?;
    let (cells, proofs) = py
        .detach(|| s.das.recover_cells_and_kzg_proofs(&indices, &cells))
        .map_err(|_| failed("recover_cells_and_kzg_proofs"))?;
    debug_assert_eq!(cells.len(), CELLS_PER_EXT_BLOB);
    Ok((bytes_list(py, &cells[..])?, bytes_list(py, &proofs[..])?))
}

/// `verify_cell_kzg_proof_batch(commitments_bytes, cell_indices, cells, proofs_bytes, s) ->
/// bool`: one entry per cell in each list (commitments may repeat); an empty batch is valid.
#[pyfunction]
#[pyo3(
    signature = (*args),
    text_signature = "(commitments_bytes, cell_indices, cells, proofs_bytes, s, /)"
)]
fn verify_cell_kzg_proof_batch(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<bool> {
    const MSG: &str = "expected list, list, list, list, trusted setup";
    let [c, i, x, p, s] = unpack::<5>(args, MSG)?;
    let (Ok(c), Ok(i), Ok(x), Ok(p)) = (
        c.cast::<PyList>(),
        i.cast::<PyList>(),
        x.cast::<PyList>(),
        p.cast::<PyList>(),
    ) else {
        return Err(PyValueError::new_err(MSG));
    };
    let s = settings(&s, MSG)?;
    let n = x.len();
    if c.len() != n {
        return Err(PyValueError::new_err(
            "expected same number of commitments and cells",
        ));
    }
    if i.len() != n {
        return Err(PyValueError::new_err(
            "expected same number of column indices and cells",
        ));
    }
    if p.len() != n {
        return Err(PyValueError::new_err(
            "expected same number of proofs and cells",
        ));
    }
    let commitments: Vec<Bytes48> = list_of::<BYTES_PER_COMMITMENT>(
        c,
        "expected commitment to be bytes",
        "expected commitment to be BYTES_PER_COMMITMENT bytes",
    )?;
    let indices = indices(i, "column")?;
    let cells: Vec<Cell> = list_of::<BYTES_PER_CELL>(
        x,
        "expected cell to be bytes",
        "expected cell to be BYTES_PER_CELL bytes",
    )?;
    let proofs: Vec<Bytes48> = list_of::<BYTES_PER_PROOF>(
        p,
        "expected proof to be bytes",
        "expected proof to be BYTES_PER_PROOF bytes",
    )?;
    py.detach(|| {
        s.das
            .verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs)
    })
    .map_err(|_| failed("verify_cell_kzg_proof_batch"))
}

/// `compute_challenge(blob, commitment) -> bytes` (ctt extra, not in ckzg): the EIP-4844
/// Fiat–Shamir challenge of a blob and its 48-byte commitment, 32 big-endian bytes (the bytes
/// are hashed as given). `ValueError` for a wrong length.
#[pyfunction]
fn compute_challenge<'py>(
    py: Python<'py>,
    blob: &[u8],
    commitment: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let blob: &Blob = sized(blob, "expected blob to be BYTES_PER_BLOB bytes")?;
    let c: &Bytes48 = sized(
        commitment,
        "expected commitment to be BYTES_PER_COMMITMENT bytes",
    )?;
    let r = py.detach(|| ctt_kzg::compute_challenge(blob, c));
    Ok(PyBytes::new(py, &r))
}

/// `compute_verify_cell_kzg_proof_batch_challenge(commitments, commitment_indices,
/// cell_indices, cells, proofs) -> bytes` (ctt extra): the EIP-7594 batch challenge over the
/// deduplicated commitments and, per cell, its commitment index, cell index, cell and proof.
/// `ValueError` for wrong lengths or per-cell lists of different lengths.
#[pyfunction]
fn compute_verify_cell_kzg_proof_batch_challenge<'py>(
    py: Python<'py>,
    commitments: Vec<Vec<u8>>,
    commitment_indices: Vec<u64>,
    cell_indices: Vec<u64>,
    cells: Vec<Vec<u8>>,
    proofs: Vec<Vec<u8>>,
) -> PyResult<Bound<'py, PyBytes>> {
    fn fixed<const N: usize>(v: Vec<Vec<u8>>, what: &str) -> PyResult<Vec<[u8; N]>> {
        v.into_iter()
            .map(|b| {
                b.try_into()
                    .map_err(|_| PyValueError::new_err(format!("expected {what} of {N} bytes")))
            })
            .collect()
    }
    let commitments = fixed::<48>(commitments, "commitments")?;
    let cells = fixed::<BYTES_PER_CELL>(cells, "cells")?;
    let proofs = fixed::<48>(proofs, "proofs")?;
    let r = py
        .detach(|| {
            ctt_peerdas::compute_verify_cell_kzg_proof_batch_challenge(
                &commitments,
                &commitment_indices,
                &cell_indices,
                &cells,
                &proofs,
            )
        })
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &r))
}

/// Registers the module's functions, class and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KZGSettings>()?;
    m.add_function(wrap_pyfunction!(load_trusted_setup, m)?)?;
    m.add_function(wrap_pyfunction!(load_mainnet_trusted_setup, m)?)?;
    m.add_function(wrap_pyfunction!(blob_to_kzg_commitment, m)?)?;
    m.add_function(wrap_pyfunction!(compute_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(compute_blob_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_blob_kzg_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_blob_kzg_proof_batch, m)?)?;
    m.add_function(wrap_pyfunction!(compute_cells, m)?)?;
    m.add_function(wrap_pyfunction!(compute_cells_and_kzg_proofs, m)?)?;
    m.add_function(wrap_pyfunction!(recover_cells_and_kzg_proofs, m)?)?;
    m.add_function(wrap_pyfunction!(verify_cell_kzg_proof_batch, m)?)?;
    m.add_function(wrap_pyfunction!(compute_challenge, m)?)?;
    m.add_function(wrap_pyfunction!(
        compute_verify_cell_kzg_proof_batch_challenge,
        m
    )?)?;
    m.add("BYTES_PER_BLOB", BYTES_PER_BLOB)?;
    m.add("BYTES_PER_COMMITMENT", BYTES_PER_COMMITMENT)?;
    m.add("BYTES_PER_PROOF", BYTES_PER_PROOF)?;
    m.add("BYTES_PER_FIELD_ELEMENT", BYTES_PER_FIELD_ELEMENT)?;
    m.add("BYTES_PER_CELL", BYTES_PER_CELL)?;
    m.add("CELLS_PER_EXT_BLOB", CELLS_PER_EXT_BLOB)?;
    m.add("FIELD_ELEMENTS_PER_BLOB", ctt_kzg::FIELD_ELEMENTS_PER_BLOB)?;
    Ok(())
}

/// The mainnet settings with the default tables, for [`crate::timing`].
pub(crate) fn mainnet_for_timing() -> (&'static KzgSettings, &'static PeerDasSettings) {
    let (k, d) = (KzgSettings::mainnet(), PeerDasSettings::mainnet());
    k.build_tables();
    d.build_tables();
    (k, d)
}
