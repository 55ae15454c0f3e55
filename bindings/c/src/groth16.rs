//! Groth16 verification and circomlib's MiMC (`include/ctt_groth16.h`, `ctt_groth16_*`,
//! `ctt_mimc_*`) over ctt-groth16: keys, proofs and public inputs as snarkjs' JSON texts or
//! arkworks' canonical bytes, on BN254 or BLS12-381; MiMC on 32-byte big-endian BN254 scalars.
//!
//! Verification writes `*ok` and returns `CTT_GROTH16_OK` for well-formed input; malformed
//! input (a key, proof or input that does not decode, a wrong number of inputs) is an error
//! code, with `*ok = false`. Everything here is public data except MiMC's inputs, which
//! ctt-groth16 hashes in constant time.

use crate::ptr::{self, guard};
use ctt_field::PrimeField;
use ctt_field::bn254::Fr;
use ctt_groth16::codec::arkworks::public_inputs_from_arkworks_bytes;
use ctt_groth16::codec::snarkjs::public_inputs_from_json;
use ctt_groth16::{Compress, Groth16Curve, Groth16Error, Proof, VerifyingKey};
use ctt_pairing::bls12_381::Bls12_381;
use ctt_pairing::bn254::Bn254;

/// Return codes of the Groth16 and MiMC functions.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum CTT_GROTH16_RET {
    /// Success (for verification: the input was well-formed; `*ok` holds the answer).
    CTT_GROTH16_OK = 0,
    /// A NULL or unaligned pointer, a length whose size overflows, an unknown curve.
    CTT_GROTH16_BADARGS = 1,
    /// The verifying key does not decode (format, canonicity, curve, subgroup).
    CTT_GROTH16_INVALID_KEY = 2,
    /// The proof does not decode (format, canonicity, curve, subgroup).
    CTT_GROTH16_INVALID_PROOF = 3,
    /// The public inputs do not decode (format, a value not below r); for MiMC, an element
    /// not below r.
    CTT_GROTH16_INVALID_INPUTS = 4,
    /// The number of public inputs differs from the key's.
    CTT_GROTH16_WRONG_INPUT_COUNT = 5,
    /// Internal error (a caught panic: a bug).
    CTT_GROTH16_ERROR = 6,
}

use CTT_GROTH16_RET::*;

/// The curves, as the header numbers them.
const BN254: u32 = 0;
const BLS12_381: u32 = 1;

/// `len` bytes at `p` (NULL allowed when `len` is 0).
///
/// # Safety
/// The header's contract: `len` readable bytes at a non-NULL `p`.
unsafe fn bytes<'a>(p: *const u8, len: usize) -> Result<&'a [u8], CTT_GROTH16_RET> {
    // SAFETY: the caller's contract.
    unsafe { ptr::slice(p, len as u64) }.ok_or(CTT_GROTH16_BADARGS)
}

/// UTF-8 text of `len` bytes at `p` (a JSON file's contents).
///
/// # Safety
/// As [`bytes`].
unsafe fn text<'a>(
    p: *const u8,
    len: usize,
    bad: CTT_GROTH16_RET,
) -> Result<&'a str, CTT_GROTH16_RET> {
    // SAFETY: the caller's contract.
    core::str::from_utf8(unsafe { bytes(p, len)? }).map_err(|_| bad)
}

/// Runs a verification: validates `ok`, runs `f`, writes its answer (`false` on an error).
fn verification(
    ok: *mut bool,
    f: impl FnOnce() -> Result<bool, CTT_GROTH16_RET>,
) -> CTT_GROTH16_RET {
    guard(CTT_GROTH16_ERROR, || {
        // SAFETY: the header's contract: NULL or a writable `bool`.
        let Some(ok) = (unsafe { ptr::out(ok) }) else {
            return CTT_GROTH16_BADARGS;
        };
        let r = f();
        ok.write(matches!(r, Ok(true)));
        match r {
            Ok(_) => CTT_GROTH16_OK,
            Err(e) => e,
        }
    })
}

/// Decodes with `bad` as the code of any decoding error.
fn decoded<T>(r: Result<T, Groth16Error>, bad: CTT_GROTH16_RET) -> Result<T, CTT_GROTH16_RET> {
    r.map_err(|_| bad)
}

fn verify_on<C: Groth16Curve>(
    vk: VerifyingKey<C>,
    proof: &Proof<C>,
    inputs: &[ctt_groth16::Fr<C>],
) -> Result<bool, CTT_GROTH16_RET> {
    ctt_groth16::verify(&vk.prepare(), proof, inputs).map_err(|e| match e {
        Groth16Error::WrongInputCount { .. } => CTT_GROTH16_WRONG_INPUT_COUNT,
        _ => CTT_GROTH16_ERROR,
    })
}

fn snarkjs_on<C: Groth16Curve>(
    vk: &str,
    proof: &str,
    public: &str,
) -> Result<bool, CTT_GROTH16_RET> {
    let vk = decoded(
        VerifyingKey::<C>::from_snarkjs_json(vk),
        CTT_GROTH16_INVALID_KEY,
    )?;
    let proof = decoded(
        Proof::<C>::from_snarkjs_json(proof),
        CTT_GROTH16_INVALID_PROOF,
    )?;
    let inputs = decoded(
        public_inputs_from_json::<C>(public),
        CTT_GROTH16_INVALID_INPUTS,
    )?;
    verify_on(vk, &proof, &inputs)
}

fn arkworks_on<C: Groth16Curve>(
    c: Compress,
    vk: &[u8],
    proof: &[u8],
    inputs: &[u8],
) -> Result<bool, CTT_GROTH16_RET> {
    let vk = decoded(
        VerifyingKey::<C>::from_arkworks_bytes(vk, c),
        CTT_GROTH16_INVALID_KEY,
    )?;
    let proof = decoded(
        Proof::<C>::from_arkworks_bytes(proof, c),
        CTT_GROTH16_INVALID_PROOF,
    )?;
    let inputs = decoded(
        public_inputs_from_arkworks_bytes::<C>(inputs),
        CTT_GROTH16_INVALID_INPUTS,
    )?;
    verify_on(vk, &proof, &inputs)
}

/// snarkjs' `groth16.verify(vk, publicSignals, proof)` on the texts of `verification_key.json`,
/// `public.json` and `proof.json`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_groth16_verify_snarkjs(
    ok: *mut bool,
    curve: u32,
    vk_json: *const u8,
    vk_json_len: usize,
    proof_json: *const u8,
    proof_json_len: usize,
    public_json: *const u8,
    public_json_len: usize,
) -> CTT_GROTH16_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (vk, proof, public) = unsafe {
            (
                text(vk_json, vk_json_len, CTT_GROTH16_INVALID_KEY)?,
                text(proof_json, proof_json_len, CTT_GROTH16_INVALID_PROOF)?,
                text(public_json, public_json_len, CTT_GROTH16_INVALID_INPUTS)?,
            )
        };
        match curve {
            BN254 => snarkjs_on::<Bn254>(vk, proof, public),
            BLS12_381 => snarkjs_on::<Bls12_381>(vk, proof, public),
            _ => Err(CTT_GROTH16_BADARGS),
        }
    })
}

/// ark-groth16's `verify` on arkworks' serialisation of the key, the proof and the public
/// inputs (`Vec<Fr>`), compressed or not.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_groth16_verify_arkworks(
    ok: *mut bool,
    curve: u32,
    compressed: bool,
    vk: *const u8,
    vk_len: usize,
    proof: *const u8,
    proof_len: usize,
    public_inputs: *const u8,
    public_inputs_len: usize,
) -> CTT_GROTH16_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (vk, proof, inputs) = unsafe {
            (
                bytes(vk, vk_len)?,
                bytes(proof, proof_len)?,
                bytes(public_inputs, public_inputs_len)?,
            )
        };
        let c = if compressed {
            Compress::Yes
        } else {
            Compress::No
        };
        match curve {
            BN254 => arkworks_on::<Bn254>(c, vk, proof, inputs),
            BLS12_381 => arkworks_on::<Bls12_381>(c, vk, proof, inputs),
            _ => Err(CTT_GROTH16_BADARGS),
        }
    })
}

/// `n` 32-byte big-endian BN254 scalars, each below r.
fn scalars(b: &[[u8; 32]]) -> Result<Vec<Fr>, CTT_GROTH16_RET> {
    b.iter()
        .map(|x| {
            Fr::from_bytes_be(x)
                .into_option()
                .ok_or(CTT_GROTH16_INVALID_INPUTS)
        })
        .collect()
}

/// circomlib's MiMCSponge (220 rounds) of `n_inputs` elements with `key`, squeezing `n_outputs`
/// elements (32-byte big-endian BN254 scalars, each below r). Constant time in the values.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_mimc_sponge(
    outputs: *mut [u8; 32],
    n_outputs: usize,
    inputs: *const [u8; 32],
    n_inputs: usize,
    key: *const [u8; 32],
) -> CTT_GROTH16_RET {
    guard(CTT_GROTH16_ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out), Some(inputs), Some(key)) = (unsafe {
            (
                ptr::out_slice(outputs, n_outputs as u64),
                ptr::slice(inputs, n_inputs as u64),
                ptr::reference(key),
            )
        }) else {
            return CTT_GROTH16_BADARGS;
        };
        let (Ok(inputs), Ok(key)) = (scalars(inputs), scalars(core::slice::from_ref(key))) else {
            return CTT_GROTH16_INVALID_INPUTS;
        };
        let mut h = vec![Fr::from_u64(0); n_outputs];
        ctt_groth16::mimc::mimc_sponge(&inputs, &key[0], &mut h);
        let bytes: Vec<[u8; 32]> = h.iter().map(|x| x.to_bytes_be()).collect();
        out.write(&bytes);
        CTT_GROTH16_OK
    })
}

/// circomlib's MultiMiMC7 (91 rounds) of `n_inputs` elements with `key` (MiMC7 of one element
/// is not the same function: circomlibjs' `hash(x, k)`; `multiHash([x], k)` is this one).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_mimc7_multi(
    output: *mut [u8; 32],
    inputs: *const [u8; 32],
    n_inputs: usize,
    key: *const [u8; 32],
) -> CTT_GROTH16_RET {
    guard(CTT_GROTH16_ERROR, || {
        // SAFETY: the header's contract.
        let (Some(out), Some(inputs), Some(key)) = (unsafe {
            (
                ptr::out(output),
                ptr::slice(inputs, n_inputs as u64),
                ptr::reference(key),
            )
        }) else {
            return CTT_GROTH16_BADARGS;
        };
        let (Ok(inputs), Ok(key)) = (scalars(inputs), scalars(core::slice::from_ref(key))) else {
            return CTT_GROTH16_INVALID_INPUTS;
        };
        out.write(ctt_groth16::mimc::mimc7_multi(&inputs, &key[0]).to_bytes_be());
        CTT_GROTH16_OK
    })
}
