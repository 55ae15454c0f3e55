//! Ethereum BLS signatures (ctt-bls, `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`): secret keys
//! 32 bytes big-endian, public keys 48 and signatures 96 bytes compressed. Lists of keys and
//! signatures are concatenations with a count; lists of messages are one concatenation with
//! their lengths as little-endian `u32`s. Secret keys are decoded in constant time and every
//! copy this layer makes is wiped (the glue wipes its buffers too).

use crate::error::{Code, answer, finish};
use crate::mem::{bytes, item, items, u32s};
use ctt_bigint::zeroize::zeroize_bytes;
use ctt_bls::{BlsError, PublicKey, SecretKey, Signature, SignatureSet};

fn public_key(b: &[u8; 48]) -> Result<PublicKey, Code> {
    PublicKey::from_bytes(b).map_err(|e| match e {
        BlsError::IdentityPublicKey => Code::IdentityPublicKey,
        _ => Code::InvalidPublicKey,
    })
}

fn public_keys(b: &[[u8; 48]]) -> Result<Vec<PublicKey>, Code> {
    b.iter().map(public_key).collect()
}

fn signature(b: &[u8; 96]) -> Result<Signature, Code> {
    Signature::from_bytes(b).map_err(|_| Code::InvalidSignature)
}

/// The secret key's bytes for the output buffer (the glue copies them out, then clears it).
fn secret_out(sk: &SecretKey) -> Vec<u8> {
    let mut b = sk.to_bytes();
    let v = Vec::from(b);
    zeroize_bytes(&mut b);
    v
}

/// Decodes a secret key (constant time).
///
/// # Safety
/// 32 bytes at `sk`.
unsafe fn secret_key(sk: *const u8) -> Result<SecretKey, Code> {
    // SAFETY: the caller's contract.
    SecretKey::from_bytes(unsafe { item::<32>(sk) }).map_err(Code::from)
}

/// `n` messages: their concatenation (`total` bytes) cut at `n` little-endian `u32` lengths.
///
/// # Safety
/// `total` bytes at `msgs`, `4n` at `lens`.
unsafe fn messages<'a>(
    msgs: *const u8,
    total: usize,
    lens: *const u8,
    n: usize,
) -> Result<Vec<&'a [u8]>, Code> {
    // SAFETY: the caller's contract.
    let (all, lens) = unsafe { (bytes(msgs, total), u32s(lens, n).ok_or(Code::BadArgs)?) };
    let mut out = Vec::with_capacity(n);
    let mut at = 0usize;
    for len in lens {
        let end = usize::try_from(len)
            .ok()
            .and_then(|l| at.checked_add(l))
            .ok_or(Code::BadArgs)?;
        out.push(all.get(at..end).ok_or(Code::BadArgs)?);
        at = end;
    }
    if at != all.len() {
        return Err(Code::BadArgs);
    }
    Ok(out)
}

/// KeyGen: a secret key (32 bytes) from key material (32 bytes at least) and `key_info`.
///
/// # Safety
/// `ikm_len` bytes at `ikm`, `info_len` at `info`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_keygen(
    ikm: *const u8,
    ikm_len: usize,
    info: *const u8,
    info_len: usize,
) -> i32 {
    // SAFETY: the glue's contract.
    let (ikm, info) = unsafe { (bytes(ikm, ikm_len), bytes(info, info_len)) };
    finish(
        SecretKey::key_gen(ikm, info)
            .map(|sk| secret_out(&sk))
            .map_err(Code::from),
    )
}

/// EIP-2333 `derive_master_SK(seed)`.
///
/// # Safety
/// `len` bytes at `seed`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_derive_master_sk(seed: *const u8, len: usize) -> i32 {
    // SAFETY: the glue's contract.
    let seed = unsafe { bytes(seed, len) };
    finish(
        SecretKey::derive_master_sk(seed)
            .map(|sk| secret_out(&sk))
            .map_err(Code::from),
    )
}

/// EIP-2333 `derive_child_SK(parent, index)`.
///
/// # Safety
/// 32 bytes at `sk`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_derive_child_sk(sk: *const u8, index: u32) -> i32 {
    // SAFETY: the glue's contract.
    finish(unsafe { secret_key(sk) }.map(|sk| secret_out(&sk.derive_child_sk(index))))
}

/// SkToPk: the public key (48 bytes).
///
/// # Safety
/// 32 bytes at `sk`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_sk_to_pk(sk: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    finish(unsafe { secret_key(sk) }.map(|sk| ctt_bls::sk_to_pk(&sk).to_bytes().to_vec()))
}

/// Sign: the signature (96 bytes) of a message.
///
/// # Safety
/// 32 bytes at `sk`, `len` at `msg`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_sign(sk: *const u8, msg: *const u8, len: usize) -> i32 {
    // SAFETY: the glue's contract.
    let (sk, msg) = unsafe { (secret_key(sk), bytes(msg, len)) };
    finish(sk.map(|sk| ctt_bls::sign(&sk, msg).to_bytes().to_vec()))
}

/// Verify one signature.
///
/// # Safety
/// 48 bytes at `pk`, `len` at `msg`, 96 at `sig`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_verify(
    pk: *const u8,
    msg: *const u8,
    len: usize,
    sig: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (pk, msg, sig) = unsafe { (item::<48>(pk), bytes(msg, len), item::<96>(sig)) };
    finish((|| {
        let (pk, sig) = (public_key(pk)?, signature(sig)?);
        ctt_bls::verify(&pk, msg, &sig)
            .map(answer)
            .map_err(Code::from)
    })())
}

/// Aggregate `n` signatures.
///
/// # Safety
/// `n` signatures at `sigs`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_aggregate(n: usize, sigs: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let Some(sigs) = (unsafe { items::<96>(sigs, n) }) else {
        return Code::BadArgs as i32;
    };
    finish((|| {
        let sigs = sigs.iter().map(signature).collect::<Result<Vec<_>, _>>()?;
        ctt_bls::aggregate(&sigs)
            .map(|s| s.to_bytes().to_vec())
            .map_err(Code::from)
    })())
}

/// Aggregate `n` public keys (`eth` nonzero: the consensus specs' `eth_aggregate_pubkeys`).
///
/// # Safety
/// `n` public keys at `pks`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_aggregate_public_keys(
    n: usize,
    pks: *const u8,
    eth: u32,
) -> i32 {
    // SAFETY: the glue's contract.
    let Some(pks) = (unsafe { items::<48>(pks, n) }) else {
        return Code::BadArgs as i32;
    };
    finish((|| {
        let pks = public_keys(pks)?;
        let agg = if eth != 0 {
            ctt_bls::eth_aggregate_pubkeys(&pks)
        } else {
            ctt_bls::aggregate_public_keys(&pks)
        };
        agg.map(|p| p.to_bytes().to_vec()).map_err(Code::from)
    })())
}

/// FastAggregateVerify: `n` signers of one message (`eth` nonzero: `eth_fast_aggregate_verify`,
/// which accepts no signers with the identity signature).
///
/// # Safety
/// `n` public keys at `pks`, `len` bytes at `msg`, 96 at `sig`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_fast_aggregate_verify(
    n: usize,
    pks: *const u8,
    msg: *const u8,
    len: usize,
    sig: *const u8,
    eth: u32,
) -> i32 {
    // SAFETY: the glue's contract.
    let (pks, msg, sig) = unsafe { (items::<48>(pks, n), bytes(msg, len), item::<96>(sig)) };
    let Some(pks) = pks else {
        return Code::BadArgs as i32;
    };
    finish((|| {
        let (pks, sig) = (public_keys(pks)?, signature(sig)?);
        let r = if eth != 0 {
            ctt_bls::eth_fast_aggregate_verify(&pks, msg, &sig)
        } else {
            ctt_bls::fast_aggregate_verify(&pks, msg, &sig)
        };
        r.map(answer).map_err(Code::from)
    })())
}

/// AggregateVerify: `n` (public key, message) pairs and one aggregate signature.
///
/// # Safety
/// `n` public keys at `pks`, `total` message bytes at `msgs` with `n` lengths at `lens`, 96 at
/// `sig`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_aggregate_verify(
    n: usize,
    pks: *const u8,
    msgs: *const u8,
    total: usize,
    lens: *const u8,
    sig: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (pks, msgs, sig) = unsafe {
        (
            items::<48>(pks, n),
            messages(msgs, total, lens, n),
            item::<96>(sig),
        )
    };
    let Some(pks) = pks else {
        return Code::BadArgs as i32;
    };
    finish((|| {
        let (pks, msgs, sig) = (public_keys(pks)?, msgs?, signature(sig)?);
        ctt_bls::aggregate_verify(&pks, &msgs, &sig)
            .map(answer)
            .map_err(Code::from)
    })())
}

/// Batch verification of `n` (public key, message, signature) sets with random blinding
/// (`randomness`: 32 bytes from the platform's CSPRNG, drawn by the glue).
///
/// # Safety
/// `n` public keys at `pks`, `total` message bytes at `msgs` with `n` lengths at `lens`, `n`
/// signatures at `sigs`, 32 bytes at `randomness`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_batch_verify(
    n: usize,
    pks: *const u8,
    msgs: *const u8,
    total: usize,
    lens: *const u8,
    sigs: *const u8,
    randomness: *const u8,
) -> i32 {
    // SAFETY: the glue's contract.
    let (pks, msgs, sigs, rnd) = unsafe {
        (
            items::<48>(pks, n),
            messages(msgs, total, lens, n),
            items::<96>(sigs, n),
            item::<32>(randomness),
        )
    };
    let (Some(pks), Some(sigs)) = (pks, sigs) else {
        return Code::BadArgs as i32;
    };
    finish((|| {
        let (pks, msgs) = (public_keys(pks)?, msgs?);
        let sigs = sigs.iter().map(signature).collect::<Result<Vec<_>, _>>()?;
        let sets: Vec<SignatureSet<'_>> = pks
            .iter()
            .zip(&msgs)
            .zip(&sigs)
            .map(|((p, m), s)| SignatureSet::new(*p, m, *s))
            .collect();
        ctt_bls::batch_verify(&sets, rnd)
            .map(answer)
            .map_err(Code::from)
    })())
}

/// PopProve: the proof of possession (96 bytes) of a secret key.
///
/// # Safety
/// 32 bytes at `sk`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_pop_prove(sk: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    finish(unsafe { secret_key(sk) }.map(|sk| ctt_bls::pop_prove(&sk).to_bytes().to_vec()))
}

/// PopVerify.
///
/// # Safety
/// 48 bytes at `pk`, 96 at `proof`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_pop_verify(pk: *const u8, proof: *const u8) -> i32 {
    // SAFETY: the glue's contract.
    let (pk, proof) = unsafe { (item::<48>(pk), item::<96>(proof)) };
    finish((|| {
        let (pk, proof) = (public_key(pk)?, signature(proof)?);
        ctt_bls::pop_verify(&pk, &proof)
            .map(answer)
            .map_err(Code::from)
    })())
}

/// Validates a public key (KeyValidate) or, with `kind` 1, a signature: an error code or OK.
///
/// # Safety
/// 48 bytes at `p` (kind 0) or 96 (kind 1).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cttjs_bls_validate(p: *const u8, kind: u32) -> i32 {
    // SAFETY: the glue's contract.
    let r = if kind == 0 {
        public_key(unsafe { item::<48>(p) }).map(|_| Vec::new())
    } else {
        // SAFETY: the glue's contract.
        signature(unsafe { item::<96>(p) }).map(|_| Vec::new())
    };
    finish(r)
}
