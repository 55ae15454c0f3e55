//! # Secret-key operations: key generation, `SkToPk`, `Sign`, `PopProve`
//!
//! Everything that touches a secret key lives in this module and its child [`eip2333`], and
//! all of it is constant time: no branch and no memory index depends on the key or on the key
//! material it was derived from. The rule is kept by construction and checked twice:
//!
//! * a test (`tests/secret_ct.rs`) reads these files' source text and fails if any identifier of
//!   the variable-time family appears in them;
//! * the valgrind harness (`tools/ctgrind`, cases `bls-*`) marks the key material undefined and
//!   runs key generation, EIP-2333 master and child derivation, key decoding, `SkToPk`, `Sign`
//!   and `PopProve` in the shipped machine code, reporting any branch or address that depends
//!   on it.
//!
//! What is called, transitively, and why it is constant time:
//! * `ctt_hash` SHA-256, HMAC, HKDF — work depends only on input lengths;
//! * `Fr::from_bytes_be_mod_order` — Horner over 64-bit words, one Montgomery multiplication per
//!   word (the OS2IP(OKM) mod r of KeyGen, 48 bytes);
//! * `G1Projective::mul` / `G2Projective::mul` — the GLV/GLS splits with masked table scans;
//! * `to_affine` — constant-time inversion;
//! * `Fr::from_bytes_be` — a borrow-chain comparison with p, no early exit;
//! * `G1Affine::to_compressed` — masked flags (`PopProve` hashes the public key's encoding);
//! * `G2Projective::hash_to_curve` — on the message, which is public, but constant time anyway.
//!
//! Two secret-derived bits are public by design. Each is computed in constant time as a `Choice`
//! and released by a tiny out-of-line function that receives only that bit and branches on it
//! (`release_candidate_is_zero`, `release_key_validity`); nothing else here branches on secret
//! data. Both arms of that branch produce constants, so the answer leaves as a public value and
//! the caller's own branch on it depends on nothing secret. The harness's suppression file
//! `tools/ctgrind/declassified.supp` names these two functions only, so a secret branch anywhere
//! else in KeyGen or `from_bytes` is reported. The bits:
//! * KeyGen's loop test "is this candidate 0?" (in `hkdf_mod_r`), whose answer is yes with
//!   probability 2⁻²⁵⁵ and concerns a candidate that is then discarded, so it says nothing about
//!   the key returned (blst's keygen branches on the same bit);
//! * whether [`SecretKey::from_bytes`] accepts its input: the `Result` is the answer.
//!
//! The harness runs KeyGen, `derive_child_sk` and `from_bytes` whole (and counts the released
//! bits: exactly one branch per call), and the loop body [`hkdf_mod_r_attempt`] on its own. Its
//! self-test, the feature `ctgrind-planted` (never enabled in a real build), plants a secret
//! branch in `from_bytes` and in KeyGen's loop, next to the released bits, which it must report.
//!
//! Keys are wiped on drop by volatile writes (`ctt_bigint::zeroize`), as are the buffers of
//! derived key material here. [`SecretKey`] is neither `Copy` nor `Clone`, so the compiler makes
//! no silent copies of it.

pub mod eip2333;

use crate::{BlsError, DST, POP_DST, PublicKey, Signature};
use core::hint::black_box;
use ctt_bigint::Choice;
use ctt_bigint::zeroize::{zeroize_bytes, zeroize_value};
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Projective, G2Projective};
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};
use ctt_hash::{hkdf_expand, hkdf_extract, sha256};

/// Bytes of a serialised secret key.
pub const SECRET_KEY_BYTES: usize = 32;

/// KeyGen's output length `L = ceil(3·ceil(log2(r))/16) = 48` (draft §2.3): 128 bits more than r
/// so that `OS2IP(OKM) mod r` is statistically close to uniform.
const L: usize = 48;

/// The initial salt of KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3, and EIP-2333 `HKDF_mod_r`).
const KEYGEN_SALT: &[u8] = b"BLS-SIG-KEYGEN-SALT-";

/// A BLS secret key: a nonzero scalar below r. Wiped on drop; `Debug` prints no digits.
pub struct SecretKey(pub(crate) Fr);

impl core::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        zeroize_value(&mut self.0, Fr::ZERO);
    }
}

/// One pass of KeyGen's loop (draft §2.3 steps 5–7): `PRK = HKDF-Extract(salt, IKM ‖ I2OSP(0, 1))`,
/// `OKM = HKDF-Expand(PRK, key_info ‖ I2OSP(L, 2), L)`, `OS2IP(OKM) mod r`. Constant time in `ikm`;
/// exposed for the valgrind harness, which checks exactly this.
pub fn hkdf_mod_r_attempt(salt: &[u8; 32], ikm: &[u8], key_info: &[u8]) -> Fr {
    let mut prk = hkdf_extract(salt, &[ikm, &[0u8]]);
    let mut okm = [0u8; L];
    // 48 bytes is far below HKDF's 8160-byte limit: the call cannot fail.
    let expanded = hkdf_expand(&prk, &[key_info, &(L as u16).to_be_bytes()], &mut okm);
    debug_assert!(expanded.is_ok());
    let sk = Fr::from_bytes_be_mod_order(&okm);
    zeroize_bytes(&mut prk);
    zeroize_bytes(&mut okm);
    sk
}

/// KeyGen's loop (also EIP-2333 `HKDF_mod_r`), without the length check.
fn hkdf_mod_r(ikm: &[u8], key_info: &[u8]) -> SecretKey {
    let mut salt = sha256(KEYGEN_SALT);
    loop {
        let sk = SecretKey(hkdf_mod_r_attempt(&salt, ikm, key_info));
        // The harness's self-test (never in a real build): a secret branch in the loop, outside
        // the released bit, which tools/ctgrind must report.
        #[cfg(feature = "ctgrind-planted")]
        if bool::from(sk.0.is_odd()) {
            black_box(&sk);
        }
        if !release_candidate_is_zero(sk.0.is_zero()) {
            return sk;
        }
        salt = sha256(&salt);
    }
}

/// Releases KeyGen's "is the candidate 0?" (see the module documentation): the one branch on
/// secret data in KeyGen, out of line so that `tools/ctgrind/declassified.supp` can name it.
/// The arms return constants, so the answer is a public value; `black_box` keeps the compiler
/// from folding the branch into a copy of the bit, which would carry the secret to the caller.
#[inline(never)]
fn release_candidate_is_zero(is_zero: Choice) -> bool {
    if bool::from(is_zero) {
        black_box(true)
    } else {
        false
    }
}

/// Releases whether a decoded secret key is valid, as [`SecretKey::from_bytes`]'s `Result`: the
/// one branch on secret data there, out of line and with constant arms for the same reasons as
/// [`release_candidate_is_zero`] (a different result type, so the two never merge into one
/// function).
#[inline(never)]
fn release_key_validity(valid: Choice) -> Result<(), BlsError> {
    if bool::from(valid) {
        black_box(Ok(()))
    } else {
        Err(BlsError::InvalidSecretKey)
    }
}

impl SecretKey {
    /// KeyGen (draft-irtf-cfrg-bls-signature-05 §2.3): a secret key from at least 32 bytes of
    /// secret key material `ikm` and an optional public `key_info` (may be empty).
    ///
    /// # Errors
    ///
    /// [`BlsError::IkmTooShort`] when `ikm` has fewer than 32 bytes.
    pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<Self, BlsError> {
        if ikm.len() < 32 {
            return Err(BlsError::IkmTooShort);
        }
        Ok(hkdf_mod_r(ikm, key_info))
    }

    /// EIP-2333 `derive_master_SK(seed)`: `HKDF_mod_r(seed)` (KeyGen with empty `key_info`).
    ///
    /// # Errors
    ///
    /// [`BlsError::IkmTooShort`] when `seed` has fewer than 32 bytes.
    pub fn derive_master_sk(seed: &[u8]) -> Result<Self, BlsError> {
        Self::key_gen(seed, b"")
    }

    /// EIP-2333 `derive_child_SK(parent_SK, index)`: the hardened child at `index`, through the
    /// Lamport public key of [`eip2333::parent_sk_to_lamport_pk`].
    pub fn derive_child_sk(&self, index: u32) -> SecretKey {
        let mut compressed = eip2333::parent_sk_to_lamport_pk(self, index);
        let child = hkdf_mod_r(&compressed, b"");
        zeroize_bytes(&mut compressed);
        child
    }

    /// Decodes a 32-byte big-endian key.
    ///
    /// # Errors
    ///
    /// [`BlsError::InvalidLength`] for a length other than 32, [`BlsError::InvalidSecretKey`]
    /// for 0 or a value `≥ r`. (Whether a key is valid is the answer, so it is public; the range
    /// check itself has no early exit, and the bit is released by `release_key_validity`.)
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BlsError> {
        let mut repr: [u8; SECRET_KEY_BYTES] =
            bytes.try_into().map_err(|_| BlsError::InvalidLength)?;
        // The harness's self-test (never in a real build): a secret branch in this function,
        // outside the released bit, which tools/ctgrind must report.
        #[cfg(feature = "ctgrind-planted")]
        if repr[SECRET_KEY_BYTES - 1] & 1 == 1 {
            black_box(&repr);
        }
        let decoded = Fr::from_bytes_be(&repr);
        zeroize_bytes(&mut repr);
        let valid = decoded.is_some() & !decoded.unwrap_or(Fr::ZERO).is_zero();
        let sk = SecretKey(decoded.unwrap_or(Fr::ZERO));
        // On `Err` the candidate is dropped, which wipes it.
        release_key_validity(valid)?;
        Ok(sk)
    }

    /// The 32-byte big-endian encoding (`I2OSP(SK, 32)`). The caller owns the copy and should
    /// wipe it (`ctt_bigint::zeroize::zeroize_bytes`) when done.
    pub fn to_bytes(&self) -> [u8; SECRET_KEY_BYTES] {
        self.0.to_bytes_be()
    }

    /// SkToPk (draft §2.4): `SK·P1` in G1, constant time in the key.
    pub fn sk_to_pk(&self) -> PublicKey {
        PublicKey(G1Projective::generator().mul(&self.0).to_affine())
    }

    /// Sign (draft §2.6, CoreSign with the POP ciphersuite's DST): `SK·H(msg)` in G2, with
    /// `H` = hash_to_curve `BLS12381G2_XMD:SHA-256_SSWU_RO_`. Constant time in the key.
    pub fn sign(&self, msg: &[u8]) -> Signature {
        self.sign_with_dst(msg, DST)
    }

    /// PopProve (draft §3.3.2): `SK·H_pop(SkToPk(SK))` with the proof-of-possession DST.
    pub fn pop_prove(&self) -> Signature {
        self.sign_with_dst(&self.sk_to_pk().to_bytes(), POP_DST)
    }

    fn sign_with_dst(&self, msg: &[u8], dst: &[u8]) -> Signature {
        // hash_to_curve fails only for an empty DST; both DSTs of this crate are constants.
        let h = G2Projective::hash_to_curve(msg, dst).expect("the ciphersuite DSTs are non-empty");
        Signature(h.mul(&self.0).to_affine())
    }
}
