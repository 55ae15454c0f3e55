//! # HMAC-SHA-256 (RFC 2104, FIPS 198-1) and HKDF-SHA-256 (RFC 5869)
//!
//! `HMAC(K, m) = H((K' ⊕ opad) ‖ H((K' ⊕ ipad) ‖ m))` with `K'` the key zero-padded to the block
//! size (hashed first when longer than a block). HKDF is Extract (`PRK = HMAC(salt, IKM)`) then
//! Expand (`T(i) = HMAC(PRK, T(i−1) ‖ info ‖ i)`, output `T(1) ‖ T(2) ‖ …` truncated).
//!
//! Used by BLS key generation (draft-irtf-cfrg-bls-signature-05 §2.3, EIP-2333), where the key
//! material is secret: every function here runs in time that depends only on the lengths of its
//! inputs (SHA-256 is constant time, the pads are XORs, no branch or index depends on a byte).
//!
//! Intermediate buffers holding key material (the padded key, the chaining block of Expand) live on
//! the stack of these functions; callers that need them wiped own the outputs and wipe those.

use crate::sha256::{BLOCK_LEN, DIGEST_LEN, Sha256};

/// A keyed HMAC-SHA-256 state: the inner and outer hashers after absorbing their padded keys, so
/// one key serves many messages (HKDF-Expand reuses it for every output block).
#[derive(Clone)]
pub struct HmacSha256 {
    inner: Sha256,
    outer: Sha256,
}

/// Prints nothing: both states are functions of the (possibly secret) key.
impl core::fmt::Debug for HmacSha256 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HmacSha256").finish_non_exhaustive()
    }
}

impl HmacSha256 {
    /// Keys a new MAC (RFC 2104 §2: keys longer than the block are hashed first; the key length
    /// is public).
    pub fn new(key: &[u8]) -> Self {
        let mut k = [0u8; BLOCK_LEN];
        if key.len() > BLOCK_LEN {
            k[..DIGEST_LEN].copy_from_slice(&crate::sha256::sha256(key));
        } else {
            k[..key.len()].copy_from_slice(key);
        }
        let mut ipad = [0x36u8; BLOCK_LEN];
        let mut opad = [0x5cu8; BLOCK_LEN];
        for i in 0..BLOCK_LEN {
            ipad[i] ^= k[i];
            opad[i] ^= k[i];
        }
        let mut inner = Sha256::new();
        inner.update(&ipad);
        let mut outer = Sha256::new();
        outer.update(&opad);
        Self { inner, outer }
    }

    /// Absorbs message bytes.
    pub fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    /// The tag `HMAC(K, m)`.
    pub fn finalize(self) -> [u8; DIGEST_LEN] {
        let ih = self.inner.finalize();
        let mut outer = self.outer;
        outer.update(&ih);
        outer.finalize()
    }
}

/// One-shot `HMAC-SHA-256(key, data)`.
pub fn hmac_sha256(key: &[u8], data: &[u8]) -> [u8; DIGEST_LEN] {
    let mut h = HmacSha256::new(key);
    h.update(data);
    h.finalize()
}

/// RFC 5869 §2.2 `HKDF-Extract(salt, IKM)`, with the IKM given in parts (concatenated), as BLS
/// KeyGen needs `IKM ‖ I2OSP(0, 1)`.
pub fn hkdf_extract(salt: &[u8], ikm_parts: &[&[u8]]) -> [u8; DIGEST_LEN] {
    let mut h = HmacSha256::new(salt);
    for part in ikm_parts {
        h.update(part);
    }
    h.finalize()
}

/// Largest output of HKDF-Expand: `255 · HashLen` (RFC 5869 §2.3).
pub const HKDF_MAX_OUTPUT: usize = 255 * DIGEST_LEN;

/// RFC 5869 §2.3 `HKDF-Expand(PRK, info, L)` with `L = out.len()` and the info given in parts.
///
/// # Errors
///
/// [`crate::HashError::TooManyBlocks`] when `out` is longer than [`HKDF_MAX_OUTPUT`] (255 blocks);
/// [`crate::HashError::EmptyOutput`] when it is empty.
pub fn hkdf_expand(
    prk: &[u8; DIGEST_LEN],
    info_parts: &[&[u8]],
    out: &mut [u8],
) -> Result<(), crate::HashError> {
    if out.is_empty() {
        return Err(crate::HashError::EmptyOutput);
    }
    if out.len() > HKDF_MAX_OUTPUT {
        return Err(crate::HashError::TooManyBlocks);
    }
    let keyed = HmacSha256::new(prk);
    let mut t = [0u8; DIGEST_LEN];
    for (i, chunk) in out.chunks_mut(DIGEST_LEN).enumerate() {
        let mut h = keyed.clone();
        if i > 0 {
            h.update(&t);
        }
        for part in info_parts {
            h.update(part);
        }
        // i < 255 by the length check, so the counter i + 1 fits one byte.
        h.update(&[(i + 1) as u8]);
        t = h.finalize();
        chunk.copy_from_slice(&t[..chunk.len()]);
    }
    Ok(())
}
