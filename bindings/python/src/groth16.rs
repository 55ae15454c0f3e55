//! `ctt.groth16`: Groth16 verification (snarkjs' JSON objects or arkworks' bytes, on BN254 or
//! BLS12-381) and circomlib's MiMC hashes (MiMCSponge, MiMC7), over ctt-groth16.
//!
//! A key, proof or input that does not decode, or a wrong number of inputs, raises
//! `ValueError` with the reason (`ctt/groth16.py` documents it); a well-formed proof that does
//! not verify is `False`. MiMC takes and returns Python ints below BN254's r (`ValueError`
//! otherwise). Verification runs with the GIL released.

use ctt_field::PrimeField;
use ctt_field::bn254::Fr;
use ctt_groth16::codec::arkworks::public_inputs_from_arkworks_bytes;
use ctt_groth16::codec::snarkjs::public_inputs_from_json;
use ctt_groth16::{Compress, Groth16Curve, Groth16Error, Proof, VerifyingKey};
use ctt_pairing::bls12_381::Bls12_381;
use ctt_pairing::bn254::Bn254;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// What failed, for the exception's message.
fn error(what: &str, e: Groth16Error) -> PyErr {
    PyValueError::new_err(format!("{what}: {e}"))
}

fn verify_on<C: Groth16Curve>(
    vk: VerifyingKey<C>,
    proof: &Proof<C>,
    inputs: &[ctt_groth16::Fr<C>],
) -> PyResult<bool> {
    ctt_groth16::verify(&vk.prepare(), proof, inputs).map_err(|e| error("public inputs", e))
}

fn snarkjs_on<C: Groth16Curve>(vk: &str, proof: &str, public: &str) -> PyResult<bool> {
    let vk = VerifyingKey::<C>::from_snarkjs_json(vk).map_err(|e| error("verifying key", e))?;
    let proof = Proof::<C>::from_snarkjs_json(proof).map_err(|e| error("proof", e))?;
    let inputs = public_inputs_from_json::<C>(public).map_err(|e| error("public inputs", e))?;
    verify_on(vk, &proof, &inputs)
}

fn arkworks_on<C: Groth16Curve>(
    c: Compress,
    vk: &[u8],
    proof: &[u8],
    inputs: &[u8],
) -> PyResult<bool> {
    let vk =
        VerifyingKey::<C>::from_arkworks_bytes(vk, c).map_err(|e| error("verifying key", e))?;
    let proof = Proof::<C>::from_arkworks_bytes(proof, c).map_err(|e| error("proof", e))?;
    let inputs =
        public_inputs_from_arkworks_bytes::<C>(inputs).map_err(|e| error("public inputs", e))?;
    verify_on(vk, &proof, &inputs)
}

/// The curve by its snarkjs or common name.
enum Curve {
    Bn254,
    Bls12_381,
}

fn curve(name: &str) -> PyResult<Curve> {
    match name.to_ascii_lowercase().as_str() {
        "bn128" | "bn254" | "alt_bn128" => Ok(Curve::Bn254),
        "bls12381" | "bls12_381" | "bls12-381" => Ok(Curve::Bls12_381),
        _ => Err(PyValueError::new_err(format!("unknown curve: {name:?}"))),
    }
}

/// `verify_snarkjs_json(curve, vk_json, proof_json, public_json) -> bool`: the texts of
/// snarkjs' `verification_key.json`, `proof.json` and `public.json`.
#[pyfunction]
fn verify_snarkjs_json(
    py: Python<'_>,
    curve: &str,
    vk_json: &str,
    proof_json: &str,
    public_json: &str,
) -> PyResult<bool> {
    let c = self::curve(curve)?;
    let (vk, proof, public) = (
        vk_json.to_owned(),
        proof_json.to_owned(),
        public_json.to_owned(),
    );
    py.detach(move || match c {
        Curve::Bn254 => snarkjs_on::<Bn254>(&vk, &proof, &public),
        Curve::Bls12_381 => snarkjs_on::<Bls12_381>(&vk, &proof, &public),
    })
}

/// `verify_arkworks(curve, vk, proof, public_inputs, compressed=True) -> bool`: arkworks'
/// canonical serialisation of the key, the proof and the inputs (`Vec<Fr>`).
#[pyfunction]
#[pyo3(signature = (curve, vk, proof, public_inputs, compressed = true))]
fn verify_arkworks(
    py: Python<'_>,
    curve: &str,
    vk: &[u8],
    proof: &[u8],
    public_inputs: &[u8],
    compressed: bool,
) -> PyResult<bool> {
    let c = self::curve(curve)?;
    let k = if compressed {
        Compress::Yes
    } else {
        Compress::No
    };
    let (vk, proof, inputs) = (vk.to_vec(), proof.to_vec(), public_inputs.to_vec());
    py.detach(move || match c {
        Curve::Bn254 => arkworks_on::<Bn254>(k, &vk, &proof, &inputs),
        Curve::Bls12_381 => arkworks_on::<Bls12_381>(k, &vk, &proof, &inputs),
    })
}

/// A BN254 scalar from 32 big-endian bytes (`ctt/groth16.py` converts Python ints).
fn scalar(b: &[u8]) -> PyResult<Fr> {
    let b: [u8; 32] = b
        .try_into()
        .map_err(|_| PyValueError::new_err("a field element is 32 bytes"))?;
    Fr::from_bytes_be(&b)
        .into_option()
        .ok_or_else(|| PyValueError::new_err("a field element must be below r"))
}

fn scalars(v: &[Vec<u8>]) -> PyResult<Vec<Fr>> {
    v.iter().map(|b| scalar(b)).collect()
}

/// `mimc_sponge(inputs, key, n_outputs) -> list[bytes]`: circomlib's MiMCSponge
/// (circomlibjs' `multiHash(inputs, key, n_outputs)`), on 32-byte big-endian scalars.
#[pyfunction]
fn mimc_sponge(inputs: Vec<Vec<u8>>, key: Vec<u8>, n_outputs: usize) -> PyResult<Vec<[u8; 32]>> {
    let (inputs, key) = (scalars(&inputs)?, scalar(&key)?);
    let mut out = vec![Fr::from_u64(0); n_outputs];
    ctt_groth16::mimc::mimc_sponge(&inputs, &key, &mut out);
    Ok(out.iter().map(|x| x.to_bytes_be()).collect())
}

/// `mimc7(x, k) -> bytes`: circomlib's MiMC7 permutation with key `k`.
#[pyfunction]
fn mimc7(x: Vec<u8>, k: Vec<u8>) -> PyResult<[u8; 32]> {
    Ok(ctt_groth16::mimc::mimc7(&scalar(&x)?, &scalar(&k)?).to_bytes_be())
}

/// `mimc7_multi(inputs, key) -> bytes`: circomlib's MultiMiMC7 (circomlibjs `mimc7.multiHash`).
#[pyfunction]
fn mimc7_multi(inputs: Vec<Vec<u8>>, key: Vec<u8>) -> PyResult<[u8; 32]> {
    Ok(ctt_groth16::mimc::mimc7_multi(&scalars(&inputs)?, &scalar(&key)?).to_bytes_be())
}

/// Registers the functions of `ctt._ctt.groth16`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(verify_snarkjs_json, m)?)?;
    m.add_function(wrap_pyfunction!(verify_arkworks, m)?)?;
    m.add_function(wrap_pyfunction!(mimc_sponge, m)?)?;
    m.add_function(wrap_pyfunction!(mimc7, m)?)?;
    m.add_function(wrap_pyfunction!(mimc7_multi, m)?)?;
    Ok(())
}
