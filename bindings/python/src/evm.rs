//! `ctt.evm`: the EVM precompiles (0x01–0x11, 0x100) over ctt-precompiles, with go-ethereum's
//! and revm's gas and failure semantics, and the hashes the EVM uses.
//!
//! A failing call raises `ctt.evm.PrecompileError` (the class `ctt/evm.py` defines and
//! registers by `set_precompile_error`) with the reason (`"out of gas"`, `"invalid input
//! length"`, …), its kind (the Rust variant's name, `"OutOfGas"`, …) and the gas consumed (all
//! of `gas_limit`, as every failure consumes it). A fork name that ctt does not know is a
//! `ValueError`; arguments of the wrong type are `TypeError`s and negative or too large
//! integers `OverflowError`s (PyO3's conversions).

use ctt_precompiles::{Fork, PrecompileError, PrecompileId};
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyType};

/// Inputs from this size on are hashed with the GIL released.
const DETACH_HASH_BYTES: usize = 4096;

static PRECOMPILE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Registers the class raised for failed calls (called once by `ctt/evm.py` at import).
#[pyfunction]
fn set_precompile_error(py: Python<'_>, cls: Bound<'_, PyType>) -> PyResult<()> {
    let _ = PRECOMPILE_ERROR.set(py, cls.unbind());
    Ok(())
}

fn precompile_error(py: Python<'_>, e: PrecompileError, gas_used: u64) -> PyErr {
    let kind = format!("{e:?}");
    let args = (e.to_string(), kind, gas_used);
    match PRECOMPILE_ERROR.get(py) {
        Some(cls) => PyErr::from_type(cls.bind(py).clone(), args),
        None => PyException::new_err(args),
    }
}

/// A fork by name, case-insensitive. The names of ctt's forks and the forks between them,
/// which price the precompiles as the last of ctt's forks before them.
fn fork(name: &str) -> PyResult<Fork> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "frontier" | "homestead" | "tangerinewhistle" | "tangerine_whistle" | "spuriousdragon"
        | "spurious_dragon" => Fork::Homestead,
        "byzantium" | "constantinople" | "petersburg" => Fork::Byzantium,
        "istanbul" | "muirglacier" | "muir_glacier" => Fork::Istanbul,
        "berlin" | "london" | "arrowglacier" | "arrow_glacier" | "grayglacier" | "gray_glacier"
        | "paris" | "merge" | "shanghai" => Fork::Berlin,
        "cancun" => Fork::Cancun,
        "prague" => Fork::Prague,
        "osaka" => Fork::Osaka,
        _ => return Err(PyValueError::new_err(format!("unknown fork: {name:?}"))),
    })
}

/// `run_precompile(address, data, gas_limit, fork="osaka") -> (output, gas_used)`: runs the
/// precompile at `address` as of `fork`; raises `PrecompileError` on failure (no precompile
/// there, out of gas, bad input).
#[pyfunction]
#[pyo3(signature = (address, data, gas_limit, fork = "osaka"))]
fn run_precompile<'py>(
    py: Python<'py>,
    address: u64,
    data: &[u8],
    gas_limit: u64,
    fork: &str,
) -> PyResult<(Bound<'py, PyBytes>, u64)> {
    let f = self::fork(fork)?;
    match py.detach(|| ctt_precompiles::run(address, data, gas_limit, f)) {
        Ok(o) => Ok((PyBytes::new(py, &o.bytes), o.gas_used)),
        Err(e) => Err(precompile_error(py, e, gas_limit)),
    }
}

/// `gas_cost(address, data, fork="osaka") -> int`: what a call charges, without running it;
/// raises `PrecompileError` when it cannot be priced (no precompile, a length with no price).
#[pyfunction]
#[pyo3(signature = (address, data, fork = "osaka"))]
fn gas_cost(py: Python<'_>, address: u64, data: &[u8], fork: &str) -> PyResult<u64> {
    let f = self::fork(fork)?;
    ctt_precompiles::gas_cost(address, data, f).map_err(|e| precompile_error(py, e, 0))
}

/// `precompiles(fork="osaka") -> dict[int, str]`: the active precompiles, address to EIP-7910
/// name.
#[pyfunction]
#[pyo3(signature = (fork = "osaka"))]
fn precompiles(fork: &str) -> PyResult<Vec<(u64, &'static str)>> {
    let f = self::fork(fork)?;
    Ok(PrecompileId::ALL
        .iter()
        .filter(|id| id.since() <= f)
        .map(|id| (id.address(), id.name()))
        .collect())
}

/// `ecrecover(msg_hash, v, r, s) -> bytes | None`: the 20-byte address that signed the 32-byte
/// hash (secp256k1, `v` 27 or 28, `r` and `s` 32 big-endian bytes each), or `None` when there
/// is none — the precompile 0x01's answer.
#[pyfunction]
fn ecrecover<'py>(
    py: Python<'py>,
    msg_hash: &[u8],
    v: u64,
    r: &[u8],
    s: &[u8],
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    if msg_hash.len() != 32 || r.len() != 32 || s.len() != 32 {
        return Err(PyValueError::new_err(
            "msg_hash, r and s must be 32 bytes each",
        ));
    }
    let mut input = [0u8; 128];
    input[..32].copy_from_slice(msg_hash);
    input[56..64].copy_from_slice(&v.to_be_bytes());
    input[64..96].copy_from_slice(r);
    input[96..].copy_from_slice(s);
    let out = py
        .detach(|| ctt_precompiles::ecrecover(&input, u64::MAX, Fork::Osaka))
        .map_err(|e| precompile_error(py, e, 0))?;
    Ok((out.bytes.len() == 32).then(|| PyBytes::new(py, &out.bytes[12..])))
}

/// Runs `f` on `data`, with the GIL released for large inputs.
fn hash<const N: usize>(py: Python<'_>, data: &[u8], f: fn(&[u8]) -> [u8; N]) -> [u8; N] {
    if data.len() >= DETACH_HASH_BYTES {
        py.detach(|| f(data))
    } else {
        f(data)
    }
}

/// `keccak256(data) -> bytes`: Keccak-256 (the original padding, as the EVM's KECCAK256).
#[pyfunction]
fn keccak256<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &hash(py, data, ctt_hash::keccak256))
}

/// `sha256(data) -> bytes`: SHA-256 (32 bytes).
#[pyfunction]
fn sha256<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &hash(py, data, ctt_hash::sha256))
}

/// `ripemd160(data) -> bytes`: RIPEMD-160 (20 bytes; the precompile 0x03 left-pads it to 32).
#[pyfunction]
fn ripemd160<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &hash(py, data, ctt_hash::ripemd160))
}

/// Registers the module's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_precompile_error, m)?)?;
    m.add_function(wrap_pyfunction!(run_precompile, m)?)?;
    m.add_function(wrap_pyfunction!(gas_cost, m)?)?;
    m.add_function(wrap_pyfunction!(precompiles, m)?)?;
    m.add_function(wrap_pyfunction!(ecrecover, m)?)?;
    m.add_function(wrap_pyfunction!(keccak256, m)?)?;
    m.add_function(wrap_pyfunction!(sha256, m)?)?;
    m.add_function(wrap_pyfunction!(ripemd160, m)?)?;
    Ok(())
}
