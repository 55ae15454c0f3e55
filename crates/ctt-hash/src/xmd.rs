//! # expand_message_xmd — RFC 9380 §5.3.1 (with §5.3.3 for long DSTs)
//!
//! `expand_message_xmd` instantiated with SHA-256: b_in_bytes = 32, s_in_bytes = 64. It turns a
//! message and a domain separation tag (DST) into `len_in_bytes` uniformly random bytes; hash-to-curve
//! (`hash_to_field`, RFC 9380 §5.2) reads field elements from them, e.g. 256 bytes for a BLS12-381 G2
//! point.
//!
//! ```text
//! DST_prime  = DST || I2OSP(len(DST), 1)
//! msg_prime  = Z_pad || msg || I2OSP(len_in_bytes, 2) || I2OSP(0, 1) || DST_prime
//! b_0        = H(msg_prime)
//! b_1        = H(b_0 || I2OSP(1, 1) || DST_prime)
//! b_i        = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime)    for i = 2 … ell
//! output     = (b_1 || … || b_ell)[0 .. len_in_bytes]
//! ```
//!
//! Assumptions: the caller's output buffer length is `len_in_bytes`. Nothing allocates: the message
//! is streamed into SHA-256 (it may come in several pieces) and `Z_pad` (one zero block) is absorbed
//! at compile time. A DST longer than 255 bytes is first replaced by
//! `H("H2C-OVERSIZE-DST-" || DST)` (§5.3.3).
//!
//! Cost: 1 + ⌈(len(msg) + len(DST) + 12) / 64⌉ compressions for b_0 (the first is precomputed) and
//! ⌈(len(DST) + 42) / 64⌉ for each of the ell blocks; for the Ethereum BLS DST (43 bytes) and
//! 256 output bytes that is ell = 8 blocks × 2 compressions.
//!
//! Constant time: the work depends only on the lengths of msg, DST and the output.

use crate::HashError;
use crate::sha256::{DIGEST_LEN, Sha256};

/// b_in_bytes of SHA-256 (RFC 9380 §5.3.1).
const B_IN_BYTES: usize = DIGEST_LEN;

/// Largest DST used as is; longer ones are hashed (RFC 9380 §5.3.3).
pub const MAX_DST_LEN: usize = 255;

/// Largest `len_in_bytes`: ell = ⌈len_in_bytes / 32⌉ ≤ 255 (RFC 9380 §5.3.1 step 2).
pub const MAX_LEN_IN_BYTES: usize = 255 * B_IN_BYTES;

/// Prefix of the hashed DST (RFC 9380 §5.3.3).
const OVERSIZE_DST_PREFIX: &[u8] = b"H2C-OVERSIZE-DST-";

/// `expand_message_xmd(msg, DST, len_in_bytes)` of RFC 9380 §5.3.1 with SHA-256, writing
/// `len_in_bytes = out.len()` bytes into `out`.
///
/// A DST longer than 255 bytes is hashed as RFC 9380 §5.3.3 prescribes instead of being rejected.
///
/// # Errors
///
/// [`HashError::EmptyOutput`] if `out` is empty, [`HashError::OutputLengthOverflow`] if it is
/// longer than 65535 bytes, [`HashError::TooManyBlocks`] if it is longer than 8160 bytes
/// (ell > 255), [`HashError::EmptyDst`] if `dst` is empty. `out` is untouched on error.
///
/// ```
/// let mut out = [0u8; 32];
/// ctt_hash::expand_message_xmd(b"abc", b"QUUX-V01-CS02-with-expander-SHA256-128", &mut out).unwrap();
/// assert_eq!(out[..4], [0xd8, 0xcc, 0xab, 0x23]);
/// ```
pub fn expand_message_xmd(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), HashError> {
    expand_message_xmd_parts(&[msg], dst, out)
}

/// [`expand_message_xmd`] of the concatenation `msg[0] || msg[1] || …`, without copying the pieces
/// together (e.g. a BLS message the caller owns, preceded by a prefix).
///
/// # Errors
///
/// As [`expand_message_xmd`].
pub fn expand_message_xmd_parts(
    msg: &[&[u8]],
    dst: &[u8],
    out: &mut [u8],
) -> Result<(), HashError> {
    // Validation (step 1–2). 65535 < 8160 is false for SHA-256, so the second check implies the
    // first; both are kept so each RFC condition has its own error.
    let len_in_bytes = out.len();
    if len_in_bytes == 0 {
        return Err(HashError::EmptyOutput);
    }
    if len_in_bytes > 65535 {
        return Err(HashError::OutputLengthOverflow);
    }
    if len_in_bytes > MAX_LEN_IN_BYTES {
        return Err(HashError::TooManyBlocks);
    }
    if dst.is_empty() {
        return Err(HashError::EmptyDst);
    }

    // DST_prime (step 3), hashing an oversize DST first (§5.3.3).
    let hashed_dst;
    let dst = if dst.len() > MAX_DST_LEN {
        let mut h = Sha256::new();
        h.update(OVERSIZE_DST_PREFIX);
        h.update(dst);
        hashed_dst = h.finalize();
        &hashed_dst[..]
    } else {
        dst
    };
    let dst_len = [dst.len() as u8];

    // b_0 = H(Z_pad || msg || l_i_b_str || I2OSP(0, 1) || DST_prime) (steps 4–7); Z_pad is the
    // compile-time state after one zero block.
    let mut h = Sha256::new_after_zero_block();
    for piece in msg {
        h.update(piece);
    }
    h.update(&(len_in_bytes as u16).to_be_bytes());
    h.update(&[0]);
    h.update(dst);
    h.update(&dst_len);
    let b_0 = h.finalize();

    // b_1 … b_ell (steps 8–10) and the output (steps 11–12), written block by block.
    let mut b_i = [0u8; B_IN_BYTES];
    for (i, chunk) in out.chunks_mut(B_IN_BYTES).enumerate() {
        // strxor(b_0, b_(i-1)); for i = 1 this is b_0 itself, as b_i starts at zero.
        for (x, y) in b_i.iter_mut().zip(&b_0) {
            *x ^= y;
        }
        let mut h = Sha256::new();
        h.update(&b_i);
        h.update(&[(i + 1) as u8]);
        h.update(dst);
        h.update(&dst_len);
        b_i = h.finalize();
        chunk.copy_from_slice(&b_i[..chunk.len()]);
    }
    Ok(())
}
