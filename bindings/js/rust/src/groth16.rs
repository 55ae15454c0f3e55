//! Groth16 verification (ctt-groth16) of snarkjs' JSON files or arkworks' bytes, on BN254 or
//! BLS12-381, and circomlib's MiMC hashes over BN254's Fr.
//!
//! The glue passes snarkjs' objects as JSON text (`JSON.stringify`, bigints as decimal
//! strings): the crate's decoders check every number, point and count. MiMC scalars travel as
//! 32-byte big-endian strings, each `< r` (the glue converts bigints and decimal strings).

use crate::error::{Code, answer, finish};
use crate::mem::{bytes, item, items};
use ctt_field::bn254::Fr;
use ctt_field::{Field, PrimeField};
use ctt_groth16::codec::arkworks::public_inputs_from_arkworks_bytes;
use ctt_groth16::codec::snarkjs::public_inputs_from_json;
use ctt_groth16::{Compress, Groth16Curve, PreparedVerifyingKey, Proof, VerifyingKey};
use ctt_pairing::bls12_381::Bls12_381;
use ctt_pairing::bn254::Bn254;
use std::cell::RefCell;
use std::rc::Rc;

/// The curves, numbered as the glue numbers them (`GROTH16_CURVES` in ctt.js).
#[derive(Clone, Copy)]
enum Curve {
    Bn254,
    Bls12_381,
}

fn curve_by_id(id: u32) -> Result<Curve, Code> {
    match id {
        0 => Ok(Curve::Bn254),
        1 => Ok(Curve::Bls12_381),
        _ => Err(Code::UnknownCurve),
    }
}

/// The curve a `verification_key.json` names in `curve` (snarkjs writes `bn128` or
/// `bls12381`; the decoder then checks that the proof agrees).
fn curve_of_key(vk: &str) -> Result<Curve, Code> {
    let v: serde_json::Value = serde_json::from_str(vk).map_err(|_| Code::MalformedJson)?;
    match v.get("curve").map(serde_json::Value::as_str) {
        Some(Some(n)) if n == Bn254::SNARKJS_NAME => Ok(Curve::Bn254),
        Some(Some(n)) if n == Bls12_381::SNARKJS_NAME => Ok(Curve::Bls12_381),
        Some(Some(_)) | None => Err(Code::UnknownCurve),
        Some(None) => Err(Code::MalformedJson),
    }
}

/// A decoded, checked and prepared snarkjs key on either curve.
enum Prepared {
    Bn254(Box<PreparedVerifyingKey<Bn254>>),
    Bls12_381(Box<PreparedVerifyingKey<Bls12_381>>),
}

thread_local! {
    /// The last snarkjs key, by its exact JSON text: verifying many proofs of one circuit
    /// decodes, subgroup-checks and prepares the key (e(α, β), the G2 lines) once. Equal text
    /// means an equal key, so the answer is the same as without the cache.
    static LAST_KEY: RefCell<Option<(Vec<u8>, Rc<Prepared>)>> = const { RefCell::new(None) };
}

/// The prepared key of a `verification_key.json` text, from the cache or decoded now.
fn prepared_key(vk: &str) -> Result<Rc<Prepared>, Code> {
    let cached = LAST_KEY.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|(text, _)| text.as_slice() == vk.as_bytes())
            .map(|(_, k)| Rc::clone(k))
    });
    if let Some(k) = cached {
        return Ok(k);
    }
    let k = Rc::new(match curve_of_key(vk)? {
        Curve::Bn254 => Prepared::Bn254(Box::new(VerifyingKey::from_snarkjs_json(vk)?.prepare())),
        Curve::Bls12_381 => {
            Prepared::Bls12_381(Box::new(VerifyingKey::from_snarkjs_json(vk)?.prepare()))
        }
    });
    LAST_KEY.with(|c| *c.borrow_mut() = Some((vk.as_bytes().to_vec(), Rc::clone(&k))));
    Ok(k)
}

fn snarkjs_on<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    proof: &str,
    public: &str,
) -> Result<bool, Code> {
    let proof = Proof::<C>::from_snarkjs_json(proof)?;
    let inputs = public_inputs_from_json::<C>(public)?;
    Ok(ctt_groth16::verify(pvk, &proof, &inputs)?)
}

fn arkworks_on<C: Groth16Curve>(
    c: Compress,
    vk: &[u8],
    proof: &[u8],
    inputs: &[u8],
) -> Result<bool, Code> {
    let vk = VerifyingKey::<C>::from_arkworks_bytes(vk, c)?;
    let proof = Proof::<C>::from_arkworks_bytes(proof, c)?;
    let inputs = public_inputs_from_arkworks_bytes::<C>(inputs)?;
    Ok(ctt_groth16::verify(&vk.prepare(), &proof, &inputs)?)
}

fn text(b: &[u8]) -> Result<&str, Code> {
    core::str::from_utf8(b).map_err(|_| Code::MalformedJson)
}

/// Whether a snarkjs proof verifies: the UTF-8 texts of `verification_key.json`, `proof.json`
/// and `public.json`; the curve is the key's `curve`. The last key is kept prepared (see
/// `LAST_KEY`).
///
/// # Safety
/// `vk_len`, `proof_len` and `public_len` bytes at the three pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_groth16_verify_snarkjs(
    vk: *const u8,
    vk_len: usize,
    proof: *const u8,
    proof_len: usize,
    public: *const u8,
    public_len: usize,
) -> i32 {
    // SAFETY: the glue's contract.
    let (vk, proof, public) = unsafe {
        (
            bytes(vk, vk_len),
            bytes(proof, proof_len),
            bytes(public, public_len),
        )
    };
    let run = || -> Result<bool, Code> {
        let (vk, proof, public) = (text(vk)?, text(proof)?, text(public)?);
        match &*prepared_key(vk)? {
            Prepared::Bn254(k) => snarkjs_on(k, proof, public),
            Prepared::Bls12_381(k) => snarkjs_on(k, proof, public),
        }
    };
    finish(run().map(answer))
}

/// Whether an ark-groth16 proof verifies: arkworks' canonical serialisation of the key, the
/// proof and the inputs (`Vec<Fr>`), compressed when `compressed` is 1.
///
/// # Safety
/// The given number of bytes at each pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_groth16_verify_arkworks(
    curve_id: u32,
    compressed: u32,
    vk: *const u8,
    vk_len: usize,
    proof: *const u8,
    proof_len: usize,
    inputs: *const u8,
    inputs_len: usize,
) -> i32 {
    // SAFETY: the glue's contract.
    let (vk, proof, inputs) = unsafe {
        (
            bytes(vk, vk_len),
            bytes(proof, proof_len),
            bytes(inputs, inputs_len),
        )
    };
    let c = if compressed == 1 {
        Compress::Yes
    } else {
        Compress::No
    };
    let run = || -> Result<bool, Code> {
        match curve_by_id(curve_id)? {
            Curve::Bn254 => arkworks_on::<Bn254>(c, vk, proof, inputs),
            Curve::Bls12_381 => arkworks_on::<Bls12_381>(c, vk, proof, inputs),
        }
    };
    finish(run().map(answer))
}

/// A BN254 scalar from 32 big-endian bytes, `< r`.
fn scalar(b: &[u8; 32]) -> Result<Fr, Code> {
    Fr::from_bytes_be(b)
        .into_option()
        .ok_or(Code::InvalidFieldElement)
}

fn scalars(b: &[[u8; 32]]) -> Result<Vec<Fr>, Code> {
    b.iter().map(scalar).collect()
}

fn concat(xs: &[Fr]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_bytes_be()).collect()
}

/// circomlib's MiMCSponge of `n` inputs with `key`, `n_outputs` outputs (circomlibjs'
/// `mimcsponge.multiHash(inputs, key, n_outputs)`): the outputs, 32 bytes each.
///
/// # Safety
/// `n` scalars at `inputs`, one at `key`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_mimc_sponge(
    n: usize,
    inputs: *const u8,
    key: *const u8,
    n_outputs: usize,
) -> i32 {
    // SAFETY: the glue's contract.
    let (Some(inputs), key) = (unsafe { (items::<32>(inputs, n), item::<32>(key)) }) else {
        return Code::BadArgs as i32;
    };
    let run = || -> Result<Vec<u8>, Code> {
        let (inputs, key) = (scalars(inputs)?, scalar(key)?);
        let mut out = vec![Fr::ZERO; n_outputs];
        ctt_groth16::mimc::mimc_sponge(&inputs, &key, &mut out);
        Ok(concat(&out))
    };
    finish(run())
}

/// circomlib's MiMCSponge Feistel permutation (circomlibjs' `mimcsponge.hash(xL, xR, k)`):
/// `xL` then `xR`, 32 bytes each.
///
/// # Safety
/// 32 bytes at each pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_mimc_feistel(xl: *const u8, xr: *const u8, k: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let (xl, xr, k) = unsafe { (item::<32>(xl), item::<32>(xr), item::<32>(k)) };
    let run = || -> Result<Vec<u8>, Code> {
        let (l, r) = ctt_groth16::mimc::mimc_feistel(&scalar(xl)?, &scalar(xr)?, &scalar(k)?);
        Ok(concat(&[l, r]))
    };
    finish(run())
}

/// circomlib's MiMC7 of `x` with key `k` (circomlibjs' `mimc7.hash(x, k)`), 32 bytes.
///
/// # Safety
/// 32 bytes at each pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_mimc7(x: *const u8, k: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let (x, k) = unsafe { (item::<32>(x), item::<32>(k)) };
    let run = || {
        Ok(concat(&[ctt_groth16::mimc::mimc7(
            &scalar(x)?,
            &scalar(k)?,
        )]))
    };
    finish(run())
}

/// circomlib's MultiMiMC7 of `n` inputs (circomlibjs' `mimc7.multiHash(inputs, key)`).
///
/// # Safety
/// `n` scalars at `inputs`, one at `key`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_mimc7_multi(n: usize, inputs: *const u8, key: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let (Some(inputs), key) = (unsafe { (items::<32>(inputs, n), item::<32>(key)) }) else {
        return Code::BadArgs as i32;
    };
    let run = || {
        let h = ctt_groth16::mimc::mimc7_multi(&scalars(inputs)?, &scalar(key)?);
        Ok(concat(&[h]))
    };
    finish(run())
}
