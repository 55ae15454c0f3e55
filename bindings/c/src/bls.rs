//! Ethereum BLS signatures (`include/ctt_bls.h`, `ctt_bls_*`): the proof-of-possession
//! ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` over ctt-bls, on the byte encodings
//! (secret key 32 bytes big-endian, public key 48 and signature 96 bytes compressed).
//!
//! Secret keys: decoded into ctt-bls's `SecretKey` (constant time, wiped on drop); the copies
//! this layer makes of a key's bytes are wiped before returning. Verification writes `*ok` and
//! returns `CTT_BLS_OK` for well-formed input; malformed input (a key or signature that does not
//! decode, an identity public key, an empty list) is an error code, with `*ok = false`.

use crate::ptr::{self, guard};
use ctt_bigint::zeroize::zeroize_bytes;
use ctt_bls::{BlsError, PublicKey, SecretKey, Signature, SignatureSet};

/// Return codes of the BLS functions.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum CTT_BLS_RET {
    /// Success (for verification: the input was well-formed; `*ok` holds the answer).
    CTT_BLS_OK = 0,
    /// A NULL or unaligned pointer, or a count whose byte size overflows.
    CTT_BLS_BADARGS = 1,
    /// A secret key that is 0 or not below the group order r.
    CTT_BLS_INVALID_SECRET_KEY = 2,
    /// Key material shorter than 32 bytes (KeyGen, EIP-2333 master key).
    CTT_BLS_IKM_TOO_SHORT = 3,
    /// A public key that does not decode: flags, non-canonical coordinate, off the curve,
    /// outside the subgroup.
    CTT_BLS_INVALID_PUBLIC_KEY = 4,
    /// A public key that is the identity (KeyValidate rejects it).
    CTT_BLS_IDENTITY_PUBLIC_KEY = 5,
    /// A signature that does not decode (flags, canonicity, curve, subgroup).
    CTT_BLS_INVALID_SIGNATURE = 6,
    /// An empty list where the scheme needs at least one element.
    CTT_BLS_EMPTY_INPUT = 7,
    /// Internal error (a caught panic: a bug).
    CTT_BLS_ERROR = 8,
    /// Threads for a parallel function could not be started.
    CTT_BLS_THREADS = 9,
}

use CTT_BLS_RET::*;

/// The code of a library error.
fn code(e: BlsError) -> CTT_BLS_RET {
    match e {
        BlsError::InvalidSecretKey => CTT_BLS_INVALID_SECRET_KEY,
        BlsError::IkmTooShort => CTT_BLS_IKM_TOO_SHORT,
        BlsError::IdentityPublicKey => CTT_BLS_IDENTITY_PUBLIC_KEY,
        BlsError::EmptyInput => CTT_BLS_EMPTY_INPUT,
        // Fixed-size arrays and one count per list: neither can happen through this API.
        BlsError::InvalidLength | BlsError::LengthMismatch => CTT_BLS_BADARGS,
        _ => CTT_BLS_ERROR,
    }
}

fn public_key(bytes: &[u8; 48]) -> Result<PublicKey, CTT_BLS_RET> {
    PublicKey::from_bytes(bytes).map_err(|e| match e {
        BlsError::IdentityPublicKey => CTT_BLS_IDENTITY_PUBLIC_KEY,
        _ => CTT_BLS_INVALID_PUBLIC_KEY,
    })
}

fn signature(bytes: &[u8; 96]) -> Result<Signature, CTT_BLS_RET> {
    Signature::from_bytes(bytes).map_err(|_| CTT_BLS_INVALID_SIGNATURE)
}

/// A public key decoded and validated once by [`ctt_bls_public_key_decode`], for the `_decoded`
/// verifications: they skip the decompression (a square root) and the subgroup check, most of a
/// key's cost in FastAggregateVerify. Holds the key's uncompressed encoding and a check word
/// over it, so that memory this library did not fill (zeroed, stale, overwritten) is refused
/// as `CTT_BLS_BADARGS` instead of being taken as a key. 104 bytes, aligned as `uint64_t`; the
/// header declares it opaque.
#[repr(C)]
#[derive(Clone, Copy)]
#[allow(non_camel_case_types)]
pub struct ctt_bls_public_key {
    check: u64,
    uncompressed: [u8; 96],
}

// The header's layout: 13 `uint64_t`s, aligned as the target's C `uint64_t` (8 bytes on 64-bit
// targets, 4 on i686).
const _: () = assert!(
    size_of::<ctt_bls_public_key>() == 104 && align_of::<ctt_bls_public_key>() == align_of::<u64>()
);

impl ctt_bls_public_key {
    /// The check word of an encoding: FNV-1a over the bytes, offset by a constant of this
    /// layout. Not a MAC (a caller can always pass any key it likes): it catches memory that
    /// never held a decoded key.
    fn check_word(uncompressed: &[u8; 96]) -> u64 {
        const LAYOUT: u64 = 0x6374_745f_706b_0001; // "ctt_pk", version 1
        uncompressed
            .iter()
            .fold(0xcbf2_9ce4_8422_2325 ^ LAYOUT, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
            })
    }

    fn new(pk: &PublicKey) -> Self {
        let uncompressed = pk.to_uncompressed();
        Self {
            check: Self::check_word(&uncompressed),
            uncompressed,
        }
    }
}

/// The public keys a function can take: compressed bytes (decoded and KeyValidate'd on every
/// call) or [`ctt_bls_public_key`]s decoded before.
trait KeyInput {
    fn key(&self) -> Result<PublicKey, CTT_BLS_RET>;
}

impl KeyInput for [u8; 48] {
    fn key(&self) -> Result<PublicKey, CTT_BLS_RET> {
        public_key(self)
    }
}

impl KeyInput for ctt_bls_public_key {
    fn key(&self) -> Result<PublicKey, CTT_BLS_RET> {
        if self.check != Self::check_word(&self.uncompressed) {
            return Err(CTT_BLS_BADARGS);
        }
        // Validated when decoded: the trusted path skips only the subgroup check.
        PublicKey::from_trusted_uncompressed(&self.uncompressed).map_err(|_| CTT_BLS_BADARGS)
    }
}

fn public_keys<K: KeyInput>(keys: &[K]) -> Result<Vec<PublicKey>, CTT_BLS_RET> {
    keys.iter().map(K::key).collect()
}

/// Decodes a secret key from the caller's 32 bytes, wiping this layer's copy.
fn secret_key(bytes: &[u8; 32]) -> Result<SecretKey, CTT_BLS_RET> {
    let mut copy = *bytes;
    let sk = SecretKey::from_bytes(&copy).map_err(code);
    zeroize_bytes(&mut copy);
    sk
}

/// Writes a secret key's bytes to the caller's buffer, wiping this layer's copy.
fn write_secret_key(out: ptr::Out<[u8; 32]>, sk: &SecretKey) {
    let mut bytes = sk.to_bytes();
    out.write(bytes);
    zeroize_bytes(&mut bytes);
}

/// The message `msg[..len]` (NULL allowed when `len` is 0).
///
/// # Safety
/// The header's contract: `len` readable bytes at a non-NULL `msg`.
unsafe fn message<'a>(msg: *const u8, len: usize) -> Result<&'a [u8], CTT_BLS_RET> {
    // SAFETY: the caller's contract.
    unsafe { ptr::slice(msg, len as u64) }.ok_or(CTT_BLS_BADARGS)
}

/// `n` messages given as an array of pointers and an array of lengths.
///
/// # Safety
/// The header's contract: `n` pointers and `n` lengths, each message readable.
unsafe fn messages<'a>(
    msgs: *const *const u8,
    msg_lens: *const usize,
    n: usize,
) -> Result<Vec<&'a [u8]>, CTT_BLS_RET> {
    // SAFETY: the caller's contract.
    let (Some(ptrs), Some(lens)) =
        (unsafe { (ptr::slice(msgs, n as u64), ptr::slice(msg_lens, n as u64)) })
    else {
        return Err(CTT_BLS_BADARGS);
    };
    // SAFETY: each pointer and length is one message, the caller's contract.
    ptrs.iter()
        .zip(lens)
        .map(|(&p, &len)| unsafe { message(p, len) })
        .collect()
}

/// Runs a verification: validates `ok`, runs `f`, writes its answer (`false` on an error).
fn verification(ok: *mut bool, f: impl FnOnce() -> Result<bool, CTT_BLS_RET>) -> CTT_BLS_RET {
    guard(CTT_BLS_ERROR, || {
        // SAFETY: the header's contract: NULL or a writable `bool`.
        let Some(ok) = (unsafe { ptr::out(ok) }) else {
            return CTT_BLS_BADARGS;
        };
        match f() {
            Ok(v) => {
                ok.write(v);
                CTT_BLS_OK
            }
            Err(e) => {
                ok.write(false);
                e
            }
        }
    })
}

/// Runs a function with one output: validates `out`, runs `f`, writes its result on success.
fn produce<T>(out: *mut T, f: impl FnOnce() -> Result<T, CTT_BLS_RET>) -> CTT_BLS_RET {
    guard(CTT_BLS_ERROR, || {
        // SAFETY: the header's contract: NULL or a writable `T`.
        let Some(out) = (unsafe { ptr::out(out) }) else {
            return CTT_BLS_BADARGS;
        };
        match f() {
            Ok(v) => {
                out.write(v);
                CTT_BLS_OK
            }
            Err(e) => e,
        }
    })
}

/// Like [`produce`] for secret-key outputs (the result is wiped after it is copied out).
fn produce_secret_key(
    out: *mut [u8; 32],
    f: impl FnOnce() -> Result<SecretKey, CTT_BLS_RET>,
) -> CTT_BLS_RET {
    guard(CTT_BLS_ERROR, || {
        // SAFETY: the header's contract: NULL or 32 writable bytes.
        let Some(out) = (unsafe { ptr::out(out) }) else {
            return CTT_BLS_BADARGS;
        };
        match f() {
            Ok(sk) => {
                write_secret_key(out, &sk);
                CTT_BLS_OK
            }
            Err(e) => e,
        }
    })
}

/// KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3): a secret key from at least 32 bytes of key
/// material and an optional public `key_info`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_keygen(
    sk_out: *mut [u8; 32],
    ikm: *const u8,
    ikm_len: usize,
    key_info: *const u8,
    key_info_len: usize,
) -> CTT_BLS_RET {
    produce_secret_key(sk_out, || {
        // SAFETY: the header's contract.
        let (ikm, info) = unsafe { (message(ikm, ikm_len)?, message(key_info, key_info_len)?) };
        SecretKey::key_gen(ikm, info).map_err(code)
    })
}

/// EIP-2333 `derive_master_SK(seed)`, `seed` at least 32 bytes.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_derive_master_sk(
    sk_out: *mut [u8; 32],
    seed: *const u8,
    seed_len: usize,
) -> CTT_BLS_RET {
    produce_secret_key(sk_out, || {
        // SAFETY: the header's contract.
        let seed = unsafe { message(seed, seed_len)? };
        SecretKey::derive_master_sk(seed).map_err(code)
    })
}

/// EIP-2333 `derive_child_SK(parent_SK, index)`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_derive_child_sk(
    sk_out: *mut [u8; 32],
    parent_sk: *const [u8; 32],
    index: u32,
) -> CTT_BLS_RET {
    produce_secret_key(sk_out, || {
        // SAFETY: the header's contract.
        let parent = unsafe { ptr::reference(parent_sk) }.ok_or(CTT_BLS_BADARGS)?;
        Ok(secret_key(parent)?.derive_child_sk(index))
    })
}

/// Whether 32 bytes are a valid secret key (nonzero, below r): `CTT_BLS_OK` or
/// `CTT_BLS_INVALID_SECRET_KEY`. Constant time in the key.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_secret_key_validate(sk: *const [u8; 32]) -> CTT_BLS_RET {
    guard(CTT_BLS_ERROR, || {
        // SAFETY: the header's contract.
        let Some(sk) = (unsafe { ptr::reference(sk) }) else {
            return CTT_BLS_BADARGS;
        };
        match secret_key(sk) {
            Ok(_) => CTT_BLS_OK,
            Err(e) => e,
        }
    })
}

/// SkToPk: the compressed public key of a secret key.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_sk_to_pk(
    pk_out: *mut [u8; 48],
    sk: *const [u8; 32],
) -> CTT_BLS_RET {
    produce(pk_out, || {
        // SAFETY: the header's contract.
        let sk = unsafe { ptr::reference(sk) }.ok_or(CTT_BLS_BADARGS)?;
        Ok(ctt_bls::sk_to_pk(&secret_key(sk)?).to_bytes())
    })
}

/// Sign: the compressed signature of `msg[..msg_len]`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_sign(
    sig_out: *mut [u8; 96],
    sk: *const [u8; 32],
    msg: *const u8,
    msg_len: usize,
) -> CTT_BLS_RET {
    produce(sig_out, || {
        // SAFETY: the header's contract.
        let (sk, msg) = unsafe {
            (
                ptr::reference(sk).ok_or(CTT_BLS_BADARGS)?,
                message(msg, msg_len)?,
            )
        };
        Ok(ctt_bls::sign(&secret_key(sk)?, msg).to_bytes())
    })
}

/// PopProve: the proof of possession of a secret key.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_pop_prove(
    proof_out: *mut [u8; 96],
    sk: *const [u8; 32],
) -> CTT_BLS_RET {
    produce(proof_out, || {
        // SAFETY: the header's contract.
        let sk = unsafe { ptr::reference(sk) }.ok_or(CTT_BLS_BADARGS)?;
        Ok(ctt_bls::pop_prove(&secret_key(sk)?).to_bytes())
    })
}

/// KeyValidate: `CTT_BLS_OK`, `CTT_BLS_INVALID_PUBLIC_KEY` or `CTT_BLS_IDENTITY_PUBLIC_KEY`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_public_key_validate(pk: *const [u8; 48]) -> CTT_BLS_RET {
    guard(CTT_BLS_ERROR, || {
        // SAFETY: the header's contract.
        match unsafe { ptr::reference(pk) } {
            None => CTT_BLS_BADARGS,
            Some(pk) => public_key(pk).err().unwrap_or(CTT_BLS_OK),
        }
    })
}

/// Whether 96 bytes are a valid signature (decodes, in the subgroup; the identity is valid):
/// `CTT_BLS_OK` or `CTT_BLS_INVALID_SIGNATURE`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_signature_validate(sig: *const [u8; 96]) -> CTT_BLS_RET {
    guard(CTT_BLS_ERROR, || {
        // SAFETY: the header's contract.
        match unsafe { ptr::reference(sig) } {
            None => CTT_BLS_BADARGS,
            Some(sig) => signature(sig).err().unwrap_or(CTT_BLS_OK),
        }
    })
}

/// The shared body of [`ctt_bls_verify`] and [`ctt_bls_verify_decoded`].
///
/// # Safety
/// The header's contract of `ctt_bls_verify`.
unsafe fn verify_one<K: KeyInput>(
    ok: *mut bool,
    pk: *const K,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (pk, msg, sig) = unsafe {
            (
                ptr::reference(pk).ok_or(CTT_BLS_BADARGS)?,
                message(msg, msg_len)?,
                ptr::reference(sig).ok_or(CTT_BLS_BADARGS)?,
            )
        };
        ctt_bls::verify(&pk.key()?, msg, &signature(sig)?).map_err(code)
    })
}

/// Verify.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_verify(
    ok: *mut bool,
    pk: *const [u8; 48],
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { verify_one(ok, pk, msg, msg_len, sig) }
}

/// Verify with a key decoded before ([`ctt_bls_public_key_decode`]).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_verify_decoded(
    ok: *mut bool,
    pk: *const ctt_bls_public_key,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { verify_one(ok, pk, msg, msg_len, sig) }
}

/// Decodes a compressed public key with KeyValidate (as [`ctt_bls_public_key_validate`]) into
/// `out`, for the `_decoded` functions.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_public_key_decode(
    out: *mut ctt_bls_public_key,
    pk: *const [u8; 48],
) -> CTT_BLS_RET {
    produce(out, || {
        // SAFETY: the header's contract.
        let pk = unsafe { ptr::reference(pk) }.ok_or(CTT_BLS_BADARGS)?;
        Ok(ctt_bls_public_key::new(&public_key(pk)?))
    })
}

/// The compressed encoding of a decoded key.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_public_key_to_bytes(
    out: *mut [u8; 48],
    pk: *const ctt_bls_public_key,
) -> CTT_BLS_RET {
    produce(out, || {
        // SAFETY: the header's contract.
        let pk = unsafe { ptr::reference(pk) }.ok_or(CTT_BLS_BADARGS)?;
        Ok(pk.key()?.to_bytes())
    })
}

/// PopVerify.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_pop_verify(
    ok: *mut bool,
    pk: *const [u8; 48],
    proof: *const [u8; 96],
) -> CTT_BLS_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (pk, proof) = unsafe {
            (
                ptr::reference(pk).ok_or(CTT_BLS_BADARGS)?,
                ptr::reference(proof).ok_or(CTT_BLS_BADARGS)?,
            )
        };
        ctt_bls::pop_verify(&public_key(pk)?, &signature(proof)?).map_err(code)
    })
}

/// Aggregate: the sum of `n ≥ 1` signatures (each validated).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_aggregate_signatures(
    sig_out: *mut [u8; 96],
    sigs: *const [u8; 96],
    n: usize,
) -> CTT_BLS_RET {
    produce(sig_out, || {
        // SAFETY: the header's contract.
        let sigs = unsafe { ptr::slice(sigs, n as u64) }.ok_or(CTT_BLS_BADARGS)?;
        let sigs: Vec<Signature> = sigs.iter().map(signature).collect::<Result<_, _>>()?;
        Ok(ctt_bls::aggregate(&sigs).map_err(code)?.to_bytes())
    })
}

/// `eth_aggregate_pubkeys`: the sum of `n ≥ 1` KeyValidate'd public keys.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_aggregate_public_keys(
    pk_out: *mut [u8; 48],
    pks: *const [u8; 48],
    n: usize,
) -> CTT_BLS_RET {
    produce(pk_out, || {
        // SAFETY: the header's contract.
        let pks = unsafe { ptr::slice(pks, n as u64) }.ok_or(CTT_BLS_BADARGS)?;
        let pks = public_keys(pks)?;
        Ok(ctt_bls::eth_aggregate_pubkeys(&pks)
            .map_err(code)?
            .to_bytes())
    })
}

/// The shared body of the two fast-aggregate verifications.
///
/// # Safety
/// The header's contract of `ctt_bls_fast_aggregate_verify`.
unsafe fn fast_aggregate<K: KeyInput>(
    ok: *mut bool,
    pks: *const K,
    n: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
    eth: bool,
) -> CTT_BLS_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (pks, msg, sig) = unsafe {
            (
                ptr::slice(pks, n as u64).ok_or(CTT_BLS_BADARGS)?,
                message(msg, msg_len)?,
                ptr::reference(sig).ok_or(CTT_BLS_BADARGS)?,
            )
        };
        let (pks, sig) = (public_keys(pks)?, signature(sig)?);
        let verify = if eth {
            ctt_bls::eth_fast_aggregate_verify
        } else {
            ctt_bls::fast_aggregate_verify
        };
        verify(&pks, msg, &sig).map_err(code)
    })
}

/// FastAggregateVerify: `n ≥ 1` signers of one message.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_fast_aggregate_verify(
    ok: *mut bool,
    pks: *const [u8; 48],
    n: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { fast_aggregate(ok, pks, n, msg, msg_len, sig, false) }
}

/// `eth_fast_aggregate_verify` (altair): as FastAggregateVerify, but no signers and the
/// identity signature is valid.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_eth_fast_aggregate_verify(
    ok: *mut bool,
    pks: *const [u8; 48],
    n: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { fast_aggregate(ok, pks, n, msg, msg_len, sig, true) }
}

/// [`ctt_bls_fast_aggregate_verify`] with keys decoded before ([`ctt_bls_public_key_decode`]).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_fast_aggregate_verify_decoded(
    ok: *mut bool,
    pks: *const ctt_bls_public_key,
    n: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { fast_aggregate(ok, pks, n, msg, msg_len, sig, false) }
}

/// [`ctt_bls_eth_fast_aggregate_verify`] with keys decoded before.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_eth_fast_aggregate_verify_decoded(
    ok: *mut bool,
    pks: *const ctt_bls_public_key,
    n: usize,
    msg: *const u8,
    msg_len: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { fast_aggregate(ok, pks, n, msg, msg_len, sig, true) }
}

/// The shared body of [`ctt_bls_aggregate_verify`] and its `_decoded` twin.
///
/// # Safety
/// The header's contract of `ctt_bls_aggregate_verify`.
unsafe fn aggregate_verify<K: KeyInput>(
    ok: *mut bool,
    pks: *const K,
    msgs: *const *const u8,
    msg_lens: *const usize,
    n: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (pks, msgs, sig) = unsafe {
            (
                ptr::slice(pks, n as u64).ok_or(CTT_BLS_BADARGS)?,
                messages(msgs, msg_lens, n)?,
                ptr::reference(sig).ok_or(CTT_BLS_BADARGS)?,
            )
        };
        ctt_bls::aggregate_verify(&public_keys(pks)?, &msgs, &signature(sig)?).map_err(code)
    })
}

/// AggregateVerify: `n ≥ 1` (public key, message) pairs and one aggregate signature.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_aggregate_verify(
    ok: *mut bool,
    pks: *const [u8; 48],
    msgs: *const *const u8,
    msg_lens: *const usize,
    n: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { aggregate_verify(ok, pks, msgs, msg_lens, n, sig) }
}

/// [`ctt_bls_aggregate_verify`] with keys decoded before.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_aggregate_verify_decoded(
    ok: *mut bool,
    pks: *const ctt_bls_public_key,
    msgs: *const *const u8,
    msg_lens: *const usize,
    n: usize,
    sig: *const [u8; 96],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { aggregate_verify(ok, pks, msgs, msg_lens, n, sig) }
}

/// The shared body of the serial and pooled batch verifications.
///
/// # Safety
/// The header's contract of `ctt_bls_batch_verify`.
unsafe fn batch<K: KeyInput>(
    ok: *mut bool,
    pks: *const K,
    msgs: *const *const u8,
    msg_lens: *const usize,
    sigs: *const [u8; 96],
    n: usize,
    randomness: *const [u8; 32],
    threads: Option<u32>,
) -> CTT_BLS_RET {
    verification(ok, || {
        // SAFETY: the header's contract.
        let (pks, msgs, sigs, randomness) = unsafe {
            (
                ptr::slice(pks, n as u64).ok_or(CTT_BLS_BADARGS)?,
                messages(msgs, msg_lens, n)?,
                ptr::slice(sigs, n as u64).ok_or(CTT_BLS_BADARGS)?,
                ptr::reference(randomness).ok_or(CTT_BLS_BADARGS)?,
            )
        };
        let sets = pks
            .iter()
            .zip(&msgs)
            .zip(sigs)
            .map(|((pk, m), s)| Ok(SignatureSet::new(pk.key()?, m, signature(s)?)))
            .collect::<Result<Vec<_>, CTT_BLS_RET>>()?;
        match threads {
            None => ctt_bls::batch_verify(&sets, randomness).map_err(code),
            Some(t) => {
                crate::pool::install(t, || ctt_bls::batch_verify_parallel(&sets, randomness))
                    .ok_or(CTT_BLS_THREADS)?
                    .map_err(code)
            }
        }
    })
}

/// Batch verification of `n ≥ 1` independent (public key, message, signature) sets by a random
/// linear combination, blinded by 64-bit scalars derived from the caller's 32 bytes of
/// `randomness` (which must be unpredictable to whoever made the signatures).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_batch_verify(
    ok: *mut bool,
    pks: *const [u8; 48],
    msgs: *const *const u8,
    msg_lens: *const usize,
    sigs: *const [u8; 96],
    n: usize,
    randomness: *const [u8; 32],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { batch(ok, pks, msgs, msg_lens, sigs, n, randomness, None) }
}

/// [`ctt_bls_batch_verify`] on `num_threads` threads (0: all cores).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_batch_verify_parallel(
    ok: *mut bool,
    pks: *const [u8; 48],
    msgs: *const *const u8,
    msg_lens: *const usize,
    sigs: *const [u8; 96],
    n: usize,
    randomness: *const [u8; 32],
    num_threads: u32,
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe {
        batch(
            ok,
            pks,
            msgs,
            msg_lens,
            sigs,
            n,
            randomness,
            Some(num_threads),
        )
    }
}

/// [`ctt_bls_batch_verify`] with keys decoded before ([`ctt_bls_public_key_decode`]).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_batch_verify_decoded(
    ok: *mut bool,
    pks: *const ctt_bls_public_key,
    msgs: *const *const u8,
    msg_lens: *const usize,
    sigs: *const [u8; 96],
    n: usize,
    randomness: *const [u8; 32],
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe { batch(ok, pks, msgs, msg_lens, sigs, n, randomness, None) }
}

/// [`ctt_bls_batch_verify_decoded`] on `num_threads` threads (0: all cores).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn ctt_bls_batch_verify_decoded_parallel(
    ok: *mut bool,
    pks: *const ctt_bls_public_key,
    msgs: *const *const u8,
    msg_lens: *const usize,
    sigs: *const [u8; 96],
    n: usize,
    randomness: *const [u8; 32],
    num_threads: u32,
) -> CTT_BLS_RET {
    // SAFETY: the header's contract.
    unsafe {
        batch(
            ok,
            pks,
            msgs,
            msg_lens,
            sigs,
            n,
            randomness,
            Some(num_threads),
        )
    }
}
