//! # ctt for Python: the extension module `ctt._ctt`
//!
//! PyO3 bindings over ctt's Rust crates (not over libctt's C ABI), built by maturin into the
//! package `ctt` (`bindings/python`). The Python modules of the package (`python/ctt/*.py`)
//! re-export these functions under their public names; this crate holds all the work:
//!
//! * [`kzg`]: c-kzg-4844's Python binding `ckzg` (same names, argument order, exceptions and
//!   messages), over ctt-kzg and ctt-peerdas, plus the embedded mainnet setup.
//! * [`bls`]: py_ecc's `G2ProofOfPossession` (the names the consensus specs call), EIP-2333 and
//!   batch verification, over ctt-bls.
//! * [`evm`]: the EVM precompiles over ctt-precompiles, and the hashes.
//! * [`curves`]: BLS12-381 and BN254 points (ctt-curves, ctt-msm, ctt-pairing).
//! * [`groth16`]: Groth16 verification (snarkjs JSON, arkworks bytes) and circomlib's MiMC,
//!   over ctt-groth16.
//!
//! Every call that takes more than a few microseconds runs with the GIL released
//! ([`Python::detach`], PyO3's name for `allow_threads` since 0.26): its inputs are first
//! borrowed from immutable `bytes` objects or copied, so other Python threads run meanwhile.
//! Nothing here is `unsafe`; a panic (a bug) reaches Python as PyO3's `PanicException`.

use pyo3::prelude::*;

pub mod bls;
pub mod curves;
pub mod evm;
pub mod groth16;
pub mod kzg;
pub mod timing;

/// The module `ctt._ctt`, with one submodule per public module of the package.
#[pymodule]
fn _ctt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    for (name, register) in [
        (
            "kzg",
            kzg::register as fn(&Bound<'_, PyModule>) -> PyResult<()>,
        ),
        ("bls", bls::register),
        ("evm", evm::register),
        ("curves", curves::register),
        ("groth16", groth16::register),
        ("timing", timing::register),
    ] {
        let sub = PyModule::new(py, name)?;
        register(&sub)?;
        m.add_submodule(&sub)?;
    }
    Ok(())
}
