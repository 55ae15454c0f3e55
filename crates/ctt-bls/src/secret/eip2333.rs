//! EIP-2333 hardened child derivation through a Lamport one-time key.
//!
//! `parent_SK_to_lamport_PK(parent_SK, index)`: with `salt = I2OSP(index, 4)` and
//! `IKM = I2OSP(parent_SK, 32)`, two Lamport secret keys of 255 chunks of 32 bytes are
//! `HKDF(salt, IKM, "", 8160)` and the same with the bits of IKM flipped; the compressed Lamport
//! public key is `SHA256(SHA256(chunk_0) ‖ … ‖ SHA256(chunk_509))`. The child key is then
//! `HKDF_mod_r` of it (see [`super::SecretKey::derive_child_sk`]).
//!
//! Constant time: SHA-256 and HKDF over fixed lengths; the buffers of Lamport chunks (secret)
//! are wiped before returning.

use super::SecretKey;
use ctt_bigint::zeroize::zeroize_bytes;
use ctt_hash::hmac::HKDF_MAX_OUTPUT;
use ctt_hash::{Sha256, hkdf_expand, hkdf_extract, sha256};

/// Chunks of a Lamport secret key (`L = K·255` with `K = 32`).
const CHUNKS: usize = 255;

/// EIP-2333 `parent_SK_to_lamport_PK`: the 32-byte compressed Lamport public key of `parent`
/// at `index` (a secret: the child key is derived from it).
pub fn parent_sk_to_lamport_pk(parent: &SecretKey, index: u32) -> [u8; 32] {
    let salt = index.to_be_bytes();
    let mut ikm = parent.to_bytes();
    let mut not_ikm = ikm.map(|b| !b);
    let mut lamport_pk = Sha256::new();
    let mut okm = [0u8; HKDF_MAX_OUTPUT];
    for key in [&ikm, &not_ikm] {
        // IKM_to_lamport_SK: HKDF(salt, IKM, b'', 8160), exactly HKDF's maximum: cannot fail.
        let mut prk = hkdf_extract(&salt, &[key]);
        let expanded = hkdf_expand(&prk, &[], &mut okm);
        debug_assert!(expanded.is_ok());
        zeroize_bytes(&mut prk);
        for chunk in okm.chunks_exact(32).take(CHUNKS) {
            lamport_pk.update(&sha256(chunk));
        }
    }
    zeroize_bytes(&mut okm);
    zeroize_bytes(&mut ikm);
    zeroize_bytes(&mut not_ikm);
    lamport_pk.finalize()
}
