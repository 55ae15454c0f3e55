//! `ctt.bls`: py_ecc's `G2ProofOfPossession` (the Ethereum BLS ciphersuite
//! `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`) over ctt-bls, plus EIP-2333, the Ethereum
//! extensions (`eth_aggregate_pubkeys`, `eth_fast_aggregate_verify`) and batch verification.
//!
//! As in py_ecc: secret keys are Python `int`s, public keys (48 bytes) and signatures (96 bytes)
//! compressed `bytes`; the verification functions and `KeyValidate` answer `False` for any bad
//! input and never raise; the producing functions raise `ValidationError` (the class that
//! `ctt.bls` defines, a subclass of `eth_utils.ValidationError` when eth_utils is installed,
//! registered here by `set_validation_error`) for a bad key, message type or count, and
//! `ValueError` for a point that does not decode.

use ctt_bigint::zeroize::zeroize_bytes;
use ctt_bls::{PublicKey, SecretKey, Signature, SignatureSet};
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyInt, PyType};

/// The exception class `ctt.bls.ValidationError`, once the Python module has registered it.
static VALIDATION_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Registers the class raised for py_ecc's `ValidationError` cases (called once by
/// `ctt/bls.py` at import).
#[pyfunction]
fn set_validation_error(py: Python<'_>, cls: Bound<'_, PyType>) -> PyResult<()> {
    let _ = VALIDATION_ERROR.set(py, cls.unbind());
    Ok(())
}

/// A `ValidationError(msg)` (a `ValueError` if the class was never registered).
fn validation(py: Python<'_>, msg: &str) -> PyErr {
    match VALIDATION_ERROR.get(py) {
        Some(cls) => PyErr::from_type(cls.bind(py).clone(), msg.to_owned()),
        None => PyValueError::new_err(msg.to_owned()),
    }
}

/// A secret key from a Python `int` in `1..r`, else `ValidationError(msg)`.
fn secret_key(sk: &Bound<'_, PyAny>, msg: &str) -> PyResult<SecretKey> {
    let py = sk.py();
    if !sk.is_instance_of::<PyInt>() {
        return Err(validation(py, msg));
    }
    // `int.to_bytes` refuses negative values and values of 2^256 and more.
    let b = sk
        .call_method1("to_bytes", (32, "big"))
        .map_err(|_| validation(py, msg))?;
    let b = b.cast::<PyBytes>().map_err(|_| validation(py, msg))?;
    SecretKey::from_bytes(b.as_bytes()).map_err(|_| validation(py, msg))
}

/// A secret key as a Python `int`; the Rust copy of its bytes is wiped.
fn secret_key_int<'py>(py: Python<'py>, sk: &SecretKey) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = sk.to_bytes();
    let b = PyBytes::new(py, &bytes);
    zeroize_bytes(&mut bytes);
    py.get_type::<PyInt>()
        .call_method1("from_bytes", (b, "big"))
}

/// The bytes of a `bytes` object (or subclass).
fn as_bytes<'a>(o: &'a Bound<'_, PyAny>) -> Option<&'a [u8]> {
    o.cast::<PyBytes>().ok().map(|b| b.as_bytes())
}

/// The items of a sequence (any iterable), or `None` if it is not iterable.
fn items<'py>(o: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    o.try_iter().ok()?.collect::<PyResult<Vec<_>>>().ok()
}

/// Borrowed byte strings of every item, or `None` if one is not `bytes`.
fn byte_items<'a>(items: &'a [Bound<'_, PyAny>]) -> Option<Vec<&'a [u8]>> {
    items.iter().map(as_bytes).collect()
}

/// `KeyGen(IKM, key_info=b"") -> int`: the IETF draft's KeyGen (HKDF-SHA-256 mod r). IKM must
/// have at least 32 bytes, as the draft requires (py_ecc does not check this: ctt raises
/// `ValidationError`).
#[pyfunction]
#[pyo3(name = "KeyGen", signature = (IKM, key_info = None))]
#[allow(non_snake_case)]
fn key_gen<'py>(
    py: Python<'py>,
    IKM: &Bound<'py, PyAny>,
    key_info: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let ikm = as_bytes(IKM).ok_or_else(|| PyTypeError::new_err("IKM must be bytes"))?;
    let info = match key_info {
        None => &[][..],
        Some(k) => as_bytes(k).ok_or_else(|| PyTypeError::new_err("key_info must be bytes"))?,
    };
    let sk = py
        .detach(|| SecretKey::key_gen(ikm, info))
        .map_err(|_| validation(py, "IKM must be at least 32 bytes"))?;
    secret_key_int(py, &sk)
}

/// `derive_master_SK(seed) -> int`: EIP-2333's master key from a seed of at least 32 bytes.
#[pyfunction]
#[pyo3(name = "derive_master_SK")]
fn derive_master_sk<'py>(py: Python<'py>, seed: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let seed = as_bytes(seed).ok_or_else(|| PyTypeError::new_err("seed must be bytes"))?;
    let sk = py
        .detach(|| SecretKey::derive_master_sk(seed))
        .map_err(|_| validation(py, "seed must be at least 32 bytes"))?;
    secret_key_int(py, &sk)
}

/// `derive_child_SK(parent_SK, index) -> int`: EIP-2333's hardened child key (`index` in
/// `0..2^32`).
#[pyfunction]
#[pyo3(name = "derive_child_SK")]
#[allow(non_snake_case)]
fn derive_child_sk<'py>(
    py: Python<'py>,
    parent_SK: &Bound<'py, PyAny>,
    index: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let parent = secret_key(parent_SK, "Invalid parent secret key")?;
    let index: u32 = index
        .extract()
        .map_err(|_| validation(py, "index must be an int in 0..2**32"))?;
    let child = py.detach(|| parent.derive_child_sk(index));
    secret_key_int(py, &child)
}

/// `SkToPk(privkey) -> bytes`: the 48-byte public key of a secret key in `1..r`.
#[pyfunction]
#[pyo3(name = "SkToPk")]
fn sk_to_pk<'py>(py: Python<'py>, privkey: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let sk = secret_key(privkey, "Invalid private key")?;
    let pk = py.detach(|| sk.sk_to_pk().to_bytes());
    Ok(PyBytes::new(py, &pk))
}

/// `Sign(SK, message) -> bytes`: the 96-byte signature of `message` (`bytes`).
#[pyfunction]
#[pyo3(name = "Sign")]
#[allow(non_snake_case)]
fn sign<'py>(
    py: Python<'py>,
    SK: &Bound<'py, PyAny>,
    message: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let sk = secret_key(SK, "Invalid secret key")?;
    let msg = as_bytes(message).ok_or_else(|| validation(py, "Invalid message"))?;
    let sig = py.detach(|| sk.sign(msg).to_bytes());
    Ok(PyBytes::new(py, &sig))
}

/// `PopProve(SK) -> bytes`: the proof of possession of a secret key.
#[pyfunction]
#[pyo3(name = "PopProve")]
#[allow(non_snake_case)]
fn pop_prove<'py>(py: Python<'py>, SK: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let sk = secret_key(SK, "Invalid private key")?;
    let proof = py.detach(|| sk.pop_prove().to_bytes());
    Ok(PyBytes::new(py, &proof))
}

/// `KeyValidate(PK) -> bool`: a 48-byte compressed point of the subgroup, not the identity.
#[pyfunction]
#[pyo3(name = "KeyValidate")]
#[allow(non_snake_case)]
fn key_validate(py: Python<'_>, PK: &Bound<'_, PyAny>) -> bool {
    as_bytes(PK).is_some_and(|pk| py.detach(|| PublicKey::from_bytes(pk).is_ok()))
}

/// `Verify(PK, message, signature) -> bool`; `False` for any bad input.
#[pyfunction]
#[pyo3(name = "Verify")]
#[allow(non_snake_case)]
fn verify(
    py: Python<'_>,
    PK: &Bound<'_, PyAny>,
    message: &Bound<'_, PyAny>,
    signature: &Bound<'_, PyAny>,
) -> bool {
    let (Some(pk), Some(msg), Some(sig)) = (as_bytes(PK), as_bytes(message), as_bytes(signature))
    else {
        return false;
    };
    py.detach(|| {
        let (Ok(pk), Ok(sig)) = (PublicKey::from_bytes(pk), Signature::from_bytes(sig)) else {
            return false;
        };
        ctt_bls::verify(&pk, msg, &sig) == Ok(true)
    })
}

/// Decoded public keys of a sequence of `bytes`, or `None` (not a sequence, an item not
/// bytes, an invalid key).
fn public_keys(pks: &[&[u8]]) -> Option<Vec<PublicKey>> {
    pks.iter().map(|b| PublicKey::from_bytes(b).ok()).collect()
}

/// `FastAggregateVerify(PKs, message, signature) -> bool`: one message signed by every key
/// (at least one); `False` for any bad input.
#[pyfunction]
#[pyo3(name = "FastAggregateVerify")]
#[allow(non_snake_case)]
fn fast_aggregate_verify(
    py: Python<'_>,
    PKs: &Bound<'_, PyAny>,
    message: &Bound<'_, PyAny>,
    signature: &Bound<'_, PyAny>,
) -> bool {
    fav(py, PKs, message, signature, false)
}

/// `eth_fast_aggregate_verify(pubkeys, message, signature) -> bool`: the consensus specs'
/// variant (altair), which also accepts no keys with the identity signature.
#[pyfunction]
fn eth_fast_aggregate_verify(
    py: Python<'_>,
    pubkeys: &Bound<'_, PyAny>,
    message: &Bound<'_, PyAny>,
    signature: &Bound<'_, PyAny>,
) -> bool {
    fav(py, pubkeys, message, signature, true)
}

fn fav(
    py: Python<'_>,
    pks: &Bound<'_, PyAny>,
    message: &Bound<'_, PyAny>,
    signature: &Bound<'_, PyAny>,
    eth: bool,
) -> bool {
    let Some(pks) = items(pks) else {
        return false;
    };
    let (Some(pks), Some(msg), Some(sig)) =
        (byte_items(&pks), as_bytes(message), as_bytes(signature))
    else {
        return false;
    };
    py.detach(|| {
        let (Some(pks), Ok(sig)) = (public_keys(&pks), Signature::from_bytes(sig)) else {
            return false;
        };
        let f = if eth {
            ctt_bls::eth_fast_aggregate_verify
        } else {
            ctt_bls::fast_aggregate_verify
        };
        f(&pks, msg, &sig) == Ok(true)
    })
}

/// `AggregateVerify(PKs, messages, signature) -> bool`: one message per key (the proof of
/// possession scheme allows repeated messages); `False` for any bad input.
#[pyfunction]
#[pyo3(name = "AggregateVerify")]
#[allow(non_snake_case)]
fn aggregate_verify(
    py: Python<'_>,
    PKs: &Bound<'_, PyAny>,
    messages: &Bound<'_, PyAny>,
    signature: &Bound<'_, PyAny>,
) -> bool {
    let (Some(pks), Some(msgs)) = (items(PKs), items(messages)) else {
        return false;
    };
    let (Some(pks), Some(msgs), Some(sig)) =
        (byte_items(&pks), byte_items(&msgs), as_bytes(signature))
    else {
        return false;
    };
    py.detach(|| {
        let (Some(pks), Ok(sig)) = (public_keys(&pks), Signature::from_bytes(sig)) else {
            return false;
        };
        ctt_bls::aggregate_verify(&pks, &msgs, &sig) == Ok(true)
    })
}

/// `PopVerify(PK, proof) -> bool`; `False` for any bad input.
#[pyfunction]
#[pyo3(name = "PopVerify")]
#[allow(non_snake_case)]
fn pop_verify(py: Python<'_>, PK: &Bound<'_, PyAny>, proof: &Bound<'_, PyAny>) -> bool {
    let (Some(pk), Some(proof)) = (as_bytes(PK), as_bytes(proof)) else {
        return false;
    };
    py.detach(|| {
        let (Ok(pk), Ok(proof)) = (PublicKey::from_bytes(pk), Signature::from_bytes(proof)) else {
            return false;
        };
        ctt_bls::pop_verify(&pk, &proof) == Ok(true)
    })
}

/// `Aggregate(signatures) -> bytes`: the sum of at least one signature. `ValidationError` for
/// an empty list or an item that is not 96 `bytes`, `ValueError` for one that does not decode
/// to a point of the subgroup (py_ecc checks the curve only).
#[pyfunction]
#[pyo3(name = "Aggregate")]
fn aggregate<'py>(
    py: Python<'py>,
    signatures: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let sigs = items(signatures).ok_or_else(|| validation(py, "Invalid signatures"))?;
    if sigs.is_empty() {
        return Err(validation(py, "Insufficient number of signatures. (n < 1)"));
    }
    let sigs = byte_items(&sigs)
        .filter(|s| s.iter().all(|s| s.len() == ctt_bls::SIGNATURE_BYTES))
        .ok_or_else(|| validation(py, "Invalid signature"))?;
    let agg = py.detach(|| {
        let sigs = sigs
            .iter()
            .map(|s| Signature::from_bytes(s))
            .collect::<Result<Vec<_>, _>>()?;
        ctt_bls::aggregate(&sigs)
    });
    match agg {
        Ok(s) => Ok(PyBytes::new(py, &s.to_bytes())),
        Err(e) => Err(PyValueError::new_err(format!("invalid signature: {e}"))),
    }
}

/// `_AggregatePKs(PKs) -> bytes`: the sum of at least one public key, the identity allowed
/// (as py_ecc). `ValidationError` for an empty list, `ValueError` for an item that is not a
/// 48-byte compressed point of the subgroup.
#[pyfunction]
#[pyo3(name = "_AggregatePKs")]
#[allow(non_snake_case)]
fn aggregate_pks<'py>(py: Python<'py>, PKs: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
    let pks = items(PKs).ok_or_else(|| validation(py, "Invalid PKs"))?;
    if pks.is_empty() {
        return Err(validation(py, "Insufficient number of PKs. (n < 1)"));
    }
    let pks = byte_items(&pks).ok_or_else(|| PyValueError::new_err("public key must be bytes"))?;
    let sum = py.detach(|| {
        let mut acc = G1Projective::identity();
        for pk in &pks {
            acc = acc.add_affine(&G1Affine::from_compressed(pk)?);
        }
        Ok::<_, ctt_curves::CurveError>(acc.to_affine().to_compressed())
    });
    match sum {
        Ok(s) => Ok(PyBytes::new(py, &s)),
        Err(e) => Err(PyValueError::new_err(format!("invalid public key: {e}"))),
    }
}

/// `eth_aggregate_pubkeys(pubkeys) -> bytes`: the consensus specs' (altair) aggregate of at
/// least one KeyValidate'd key. `ValidationError` for an empty list or an invalid key.
#[pyfunction]
fn eth_aggregate_pubkeys<'py>(
    py: Python<'py>,
    pubkeys: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let pks = items(pubkeys).ok_or_else(|| validation(py, "Invalid pubkeys"))?;
    let pks = byte_items(&pks).ok_or_else(|| validation(py, "Invalid pubkey"))?;
    let agg = py.detach(|| {
        let pks = public_keys(&pks)?;
        ctt_bls::eth_aggregate_pubkeys(&pks).ok()
    });
    match agg {
        Some(pk) => Ok(PyBytes::new(py, &pk.to_bytes())),
        None => Err(validation(py, "Invalid or empty pubkeys")),
    }
}

/// `batch_verify(PKs, messages, signatures, randomness=None, parallel=False) -> bool`: whether
/// every `(PK, message, signature)` set verifies, in one multi-pairing with 64-bit random
/// blinding (`randomness`: 32 bytes, `os.urandom(32)` when `None`). `parallel` runs it on
/// rayon's global pool. `False` for any bad input or an empty batch.
#[pyfunction]
#[pyo3(signature = (PKs, messages, signatures, randomness = None, parallel = false))]
#[allow(non_snake_case)]
fn batch_verify(
    py: Python<'_>,
    PKs: &Bound<'_, PyAny>,
    messages: &Bound<'_, PyAny>,
    signatures: &Bound<'_, PyAny>,
    randomness: Option<&Bound<'_, PyAny>>,
    parallel: bool,
) -> PyResult<bool> {
    let rand: [u8; 32] = match randomness {
        Some(r) => as_bytes(r)
            .and_then(|r| r.try_into().ok())
            .ok_or_else(|| PyValueError::new_err("randomness must be 32 bytes"))?,
        None => {
            let r = py.import("os")?.call_method1("urandom", (32,))?;
            r.cast::<PyBytes>()?
                .as_bytes()
                .try_into()
                .map_err(|_| PyValueError::new_err("os.urandom"))?
        }
    };
    let (Some(pks), Some(msgs), Some(sigs)) = (items(PKs), items(messages), items(signatures))
    else {
        return Ok(false);
    };
    let (Some(pks), Some(msgs), Some(sigs)) =
        (byte_items(&pks), byte_items(&msgs), byte_items(&sigs))
    else {
        return Ok(false);
    };
    if pks.len() != msgs.len() || pks.len() != sigs.len() {
        return Ok(false);
    }
    Ok(py.detach(|| {
        let mut sets = Vec::with_capacity(pks.len());
        for ((pk, msg), sig) in pks.iter().zip(&msgs).zip(&sigs) {
            let (Ok(pk), Ok(sig)) = (PublicKey::from_bytes(pk), Signature::from_bytes(sig)) else {
                return false;
            };
            sets.push(SignatureSet::new(pk, msg, sig));
        }
        let r = if parallel {
            ctt_bls::batch_verify_parallel(&sets, &rand)
        } else {
            ctt_bls::batch_verify(&sets, &rand)
        };
        r == Ok(true)
    }))
}

/// `hash_to_G2(message, DST) -> bytes`: RFC 9380 `hash_to_curve` to G2
/// (`BLS12381G2_XMD:SHA-256_SSWU_RO_`), compressed (96 bytes).
#[pyfunction]
#[pyo3(name = "hash_to_G2")]
#[allow(non_snake_case)]
fn hash_to_g2<'py>(py: Python<'py>, message: &[u8], DST: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let p = py
        .detach(|| ctt_curves::bls12_381::G2Projective::hash_to_curve(message, DST))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyBytes::new(py, &p.to_affine().to_compressed()))
}

/// Registers the module's functions and constants.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_validation_error, m)?)?;
    m.add_function(wrap_pyfunction!(key_gen, m)?)?;
    m.add_function(wrap_pyfunction!(derive_master_sk, m)?)?;
    m.add_function(wrap_pyfunction!(derive_child_sk, m)?)?;
    m.add_function(wrap_pyfunction!(sk_to_pk, m)?)?;
    m.add_function(wrap_pyfunction!(sign, m)?)?;
    m.add_function(wrap_pyfunction!(pop_prove, m)?)?;
    m.add_function(wrap_pyfunction!(key_validate, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(fast_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(eth_fast_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(pop_verify, m)?)?;
    m.add_function(wrap_pyfunction!(aggregate, m)?)?;
    m.add_function(wrap_pyfunction!(aggregate_pks, m)?)?;
    m.add_function(wrap_pyfunction!(eth_aggregate_pubkeys, m)?)?;
    m.add_function(wrap_pyfunction!(batch_verify, m)?)?;
    m.add_function(wrap_pyfunction!(hash_to_g2, m)?)?;
    m.add("DST", PyBytes::new(m.py(), ctt_bls::DST))?;
    m.add("POP_TAG", PyBytes::new(m.py(), ctt_bls::POP_DST))?;
    Ok(())
}
