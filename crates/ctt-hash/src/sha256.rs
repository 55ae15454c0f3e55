//! # SHA-256 — FIPS 180-4 §6.2
//!
//! The Secure Hash Standard's SHA-256: 512-bit blocks, a 256-bit chaining state, 64 rounds per
//! block. Used by the sha256 precompile, `expand_message_xmd` (RFC 9380 §5.3.1, see
//! [`crate::xmd`]), KZG's Fiat–Shamir challenges and BLS key derivation.
//!
//! Assumptions: the message is a whole number of bytes (the byte-oriented profile of FIPS 180-4,
//! which is all Ethereum uses) shorter than 2⁶¹ bytes, so its bit length fits the 64-bit length
//! field of the padding (§5.1.1).
//!
//! Constant time: SHA-256 uses only additions, rotations and bitwise operations on 32-bit words, and
//! the work done depends only on the message length, which is public. No table is indexed by data.
//!
//! Implementation: the compression function exists per instruction set, chosen once at run time
//! (the CPU is probed without `std` and the answer cached in an atomic; see [`backend`], the one
//! module of the crate that uses `unsafe`):
//!
//! | backend | instructions | used when |
//! |---|---|---|
//! | portable (this file) | 32-bit additions, rotations, bitwise operations | always built; the reference; nothing better is available, or feature `force-portable` |
//! | x86-64 SHA-NI | `SHA256RNDS2`, `SHA256MSG1`, `SHA256MSG2` + SSSE3/SSE4.1 shuffles | CPUID reports SHA, SSSE3 and SSE4.1 |
//! | AArch64 SHA-2 | `SHA256H`, `SHA256H2`, `SHA256SU0`, `SHA256SU1` | target feature `sha2` at compile time, or (feature `std`) reported by the OS |
//!
//! The hardware kernels absorb many 64-byte blocks per call with the state kept in vector registers
//! throughout; the x86-64 instruction schedule is that of Intel's white paper (S. Gulley et al.,
//! "Intel SHA Extensions: New Instructions Supporting the Secure Hash Algorithm on Intel
//! Architecture Processors", 2013).
//!
//! The portable compression function keeps the message schedule in a rolling window of 16 words
//! and is fully unrolled (eight rounds per macro expansion with the working variables renamed
//! instead of moved), which lets LLVM keep the state in registers. It is a `const fn`, so the state
//! after a fixed prefix (the zero block of `expand_message_xmd`) is computed at compile time
//! whatever the backend.

#[doc(hidden)]
pub mod backend;

/// Block size of SHA-256 in bytes (FIPS 180-4 §1, "block size 512 bits").
pub const BLOCK_LEN: usize = 64;

/// Digest size of SHA-256 in bytes (FIPS 180-4 §1, "message digest size 256 bits").
pub const DIGEST_LEN: usize = 32;

/// FIPS 180-4 §5.3.3: the initial hash value H⁽⁰⁾ (first 32 bits of the fractional parts of the
/// square roots of the first eight primes).
const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// FIPS 180-4 §4.2.2: the round constants K₀…K₆₃ (first 32 bits of the fractional parts of the
/// cube roots of the first 64 primes).
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// Streaming SHA-256.
///
/// `Clone` copies 112 bytes and no heap: absorb a fixed prefix once, then clone the hasher for
/// every message that starts with it.
///
/// ```
/// use ctt_hash::sha256::{Sha256, sha256};
/// let mut h = Sha256::new();
/// h.update(b"a");
/// h.update(b"bc");
/// assert_eq!(h.finalize(), sha256(b"abc"));
/// ```
#[derive(Clone)]
pub struct Sha256 {
    /// The chaining value H⁽ⁱ⁾ after the blocks absorbed so far.
    state: [u32; 8],
    /// Bytes not yet forming a whole block; only `buffer[..buffered]` is meaningful.
    buffer: [u8; BLOCK_LEN],
    /// Number of bytes in `buffer`, always below [`BLOCK_LEN`].
    buffered: usize,
    /// Number of whole blocks compressed into `state`.
    blocks: u64,
}

/// Prints no state: the buffer may hold secret input (BLS key derivation hashes the key material).
impl core::fmt::Debug for Sha256 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Sha256").finish_non_exhaustive()
    }
}

impl Default for Sha256 {
    fn default() -> Self {
        Self::new()
    }
}

impl Sha256 {
    /// A hasher in the initial state H⁽⁰⁾ (FIPS 180-4 §5.3.3).
    pub const fn new() -> Self {
        Self {
            state: H0,
            buffer: [0; BLOCK_LEN],
            buffered: 0,
            blocks: 0,
        }
    }

    /// A hasher that has absorbed one block of 64 zero bytes, computed at compile time: the
    /// `Z_pad` prefix of `expand_message_xmd` (RFC 9380 §5.3.1, step 4).
    pub(crate) const fn new_after_zero_block() -> Self {
        const STATE: [u32; 8] = {
            let mut state = H0;
            compress(&mut state, &[0; BLOCK_LEN]);
            state
        };
        Self {
            state: STATE,
            buffer: [0; BLOCK_LEN],
            buffered: 0,
            blocks: 1,
        }
    }

    /// Absorbs `data`. Any split of a message into `update` calls gives the same digest.
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buffered > 0 {
            let take = core::cmp::min(BLOCK_LEN - self.buffered, data.len());
            self.buffer[self.buffered..self.buffered + take].copy_from_slice(&data[..take]);
            self.buffered += take;
            data = &data[take..];
            if self.buffered < BLOCK_LEN {
                return;
            }
            backend::compress_blocks(&mut self.state, core::slice::from_ref(&self.buffer));
            self.blocks += 1;
            self.buffered = 0;
        }
        let (blocks, rest) = data.as_chunks::<BLOCK_LEN>();
        if !blocks.is_empty() {
            backend::compress_blocks(&mut self.state, blocks);
        }
        self.blocks += blocks.len() as u64;
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    /// Pads the message (FIPS 180-4 §5.1.1), compresses the last block(s) and returns the digest
    /// H⁽ᴺ⁾ as big-endian bytes (§6.2.2 step 4).
    pub fn finalize(mut self) -> [u8; DIGEST_LEN] {
        self.finish()
    }

    /// Like [`finalize`](Self::finalize), then resets the hasher to the initial state for a new
    /// message.
    pub fn finalize_reset(&mut self) -> [u8; DIGEST_LEN] {
        let digest = self.finish();
        *self = Self::new();
        digest
    }

    /// Pads and compresses the buffered tail and returns the digest. Leaves `self` in an
    /// unspecified state.
    fn finish(&mut self) -> [u8; DIGEST_LEN] {
        let bytes = self
            .blocks
            .wrapping_mul(BLOCK_LEN as u64)
            .wrapping_add(self.buffered as u64);
        finish_with(
            &mut self.state,
            &self.buffer[..self.buffered],
            bytes,
            backend::compress_blocks,
        )
    }
}

/// A 64-byte message block.
type Block = [u8; BLOCK_LEN];

/// §5.1.1: appends to `tail` (the last `len mod 64` message bytes, `len` bytes in all) the bit 1,
/// zeros up to 56 mod 64 bytes and the message length in bits as a 64-bit big-endian integer,
/// compresses the one or two resulting blocks (in one call, so a hardware backend keeps the state in
/// registers) and returns H⁽ᴺ⁾ as big-endian bytes (§6.2.2 step 4).
#[inline(always)]
fn finish_with(
    state: &mut [u32; 8],
    tail: &[u8],
    len: u64,
    mut compress: impl FnMut(&mut [u32; 8], &[Block]),
) -> [u8; DIGEST_LEN] {
    debug_assert!(tail.len() < BLOCK_LEN);
    let mut pad = [[0u8; BLOCK_LEN]; 2];
    pad[0][..tail.len()].copy_from_slice(tail);
    pad[0][tail.len()] = 0x80;
    // No room for the 8 length bytes after the 0x80: the padding spills into a second block.
    let n = if tail.len() >= BLOCK_LEN - 8 { 2 } else { 1 };
    pad[n - 1][BLOCK_LEN - 8..].copy_from_slice(&len.wrapping_mul(8).to_be_bytes());
    compress(state, &pad[..n]);

    let mut out = [0u8; DIGEST_LEN];
    for (chunk, word) in out.chunks_exact_mut(4).zip(*state) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// One-shot SHA-256 of `data`.
///
/// The whole blocks of `data` go to the compression function in one call, straight from `data`;
/// only the tail is copied, into the padding blocks.
///
/// ```
/// assert_eq!(ctt_hash::sha256::sha256(b"")[..4], [0xe3, 0xb0, 0xc4, 0x42]);
/// ```
pub fn sha256(data: &[u8]) -> [u8; DIGEST_LEN] {
    sha256_with(data, backend::compress_blocks)
}

/// [`sha256`] with the compression function `compress`.
#[inline(always)]
fn sha256_with(data: &[u8], mut compress: impl FnMut(&mut [u32; 8], &[Block])) -> [u8; DIGEST_LEN] {
    let mut state = H0;
    let (blocks, tail) = data.as_chunks::<BLOCK_LEN>();
    if !blocks.is_empty() {
        compress(&mut state, blocks);
    }
    finish_with(&mut state, tail, data.len() as u64, compress)
}

// ------------------------------------------------------------------------------------------------
// The compression function, FIPS 180-4 §6.2.2
// ------------------------------------------------------------------------------------------------

/// §4.1.2 (4.4) Σ₀.
#[inline(always)]
const fn big_sigma0(x: u32) -> u32 {
    x.rotate_right(2) ^ x.rotate_right(13) ^ x.rotate_right(22)
}

/// §4.1.2 (4.5) Σ₁.
#[inline(always)]
const fn big_sigma1(x: u32) -> u32 {
    x.rotate_right(6) ^ x.rotate_right(11) ^ x.rotate_right(25)
}

/// §4.1.2 (4.6) σ₀.
#[inline(always)]
const fn small_sigma0(x: u32) -> u32 {
    x.rotate_right(7) ^ x.rotate_right(18) ^ (x >> 3)
}

/// §4.1.2 (4.7) σ₁.
#[inline(always)]
const fn small_sigma1(x: u32) -> u32 {
    x.rotate_right(17) ^ x.rotate_right(19) ^ (x >> 10)
}

/// §4.1.2 (4.2) Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z), written with one operation fewer.
#[inline(always)]
const fn ch(x: u32, y: u32, z: u32) -> u32 {
    z ^ (x & (y ^ z))
}

/// §4.1.2 (4.3) Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z), written with one operation fewer.
#[inline(always)]
const fn maj(x: u32, y: u32, z: u32) -> u32 {
    (x & y) | (z & (x | y))
}

/// Message schedule word Wₜ (§6.2.2 step 1) in a rolling window of 16 words: for t ≥ 16,
/// W[t mod 16] is overwritten with σ₁(Wₜ₋₂) + Wₜ₋₇ + σ₀(Wₜ₋₁₅) + Wₜ₋₁₆. `t` is a constant
/// after unrolling, so the branch and the index arithmetic fold away.
#[inline(always)]
const fn schedule(w: &mut [u32; 16], t: usize) -> u32 {
    if t >= 16 {
        w[t & 15] = small_sigma1(w[(t - 2) & 15])
            .wrapping_add(w[(t - 7) & 15])
            .wrapping_add(small_sigma0(w[(t - 15) & 15]))
            .wrapping_add(w[t & 15]);
    }
    w[t & 15]
}

/// One round (§6.2.2 step 3) with the working variables renamed rather than shifted: the caller
/// passes them rotated by one position per round, so only `d` and `h` are written.
macro_rules! round {
    ($w:ident, $t:expr, $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident) => {
        // h + Kₜ + Wₜ does not depend on this round's e, so it is off the critical path.
        let t1 = $h
            .wrapping_add(K[$t])
            .wrapping_add(schedule(&mut $w, $t))
            .wrapping_add(big_sigma1($e))
            .wrapping_add(ch($e, $f, $g));
        let t2 = big_sigma0($a).wrapping_add(maj($a, $b, $c));
        $d = $d.wrapping_add(t1);
        $h = t1.wrapping_add(t2);
    };
}

/// Eight rounds t₀ … t₀+7; after eight renamings the variables are back in place.
macro_rules! rounds8 {
    ($w:ident, $t:expr, $a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident) => {
        round!($w, $t, $a, $b, $c, $d, $e, $f, $g, $h);
        round!($w, $t + 1, $h, $a, $b, $c, $d, $e, $f, $g);
        round!($w, $t + 2, $g, $h, $a, $b, $c, $d, $e, $f);
        round!($w, $t + 3, $f, $g, $h, $a, $b, $c, $d, $e);
        round!($w, $t + 4, $e, $f, $g, $h, $a, $b, $c, $d);
        round!($w, $t + 5, $d, $e, $f, $g, $h, $a, $b, $c);
        round!($w, $t + 6, $c, $d, $e, $f, $g, $h, $a, $b);
        round!($w, $t + 7, $b, $c, $d, $e, $f, $g, $h, $a);
    };
}

/// Absorbs whole blocks: the portable backend. The one out-of-line copy of the unrolled rounds:
/// inlining them at each call site of `update` and `finish` made short messages slower (three
/// copies of 64 rounds).
#[inline(never)]
fn compress_blocks_portable(state: &mut [u32; 8], blocks: &[Block]) {
    for block in blocks {
        compress(state, block);
    }
}

/// The SHA-256 compression function: absorbs one 64-byte block into `state` (§6.2.2 steps 1–4).
/// A `const fn` for compile-time prefixes; at run time it is reached through
/// [`compress_blocks_portable`].
#[inline(always)]
const fn compress(state: &mut [u32; 8], block: &[u8; BLOCK_LEN]) {
    let mut w = [0u32; 16];
    let mut i = 0;
    while i < 16 {
        w[i] = u32::from_be_bytes([
            block[4 * i],
            block[4 * i + 1],
            block[4 * i + 2],
            block[4 * i + 3],
        ]);
        i += 1;
    }

    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    rounds8!(w, 0, a, b, c, d, e, f, g, h);
    rounds8!(w, 8, a, b, c, d, e, f, g, h);
    rounds8!(w, 16, a, b, c, d, e, f, g, h);
    rounds8!(w, 24, a, b, c, d, e, f, g, h);
    rounds8!(w, 32, a, b, c, d, e, f, g, h);
    rounds8!(w, 40, a, b, c, d, e, f, g, h);
    rounds8!(w, 48, a, b, c, d, e, f, g, h);
    rounds8!(w, 56, a, b, c, d, e, f, g, h);

    state[0] = state[0].wrapping_add(a);
    state[1] = state[1].wrapping_add(b);
    state[2] = state[2].wrapping_add(c);
    state[3] = state[3].wrapping_add(d);
    state[4] = state[4].wrapping_add(e);
    state[5] = state[5].wrapping_add(f);
    state[6] = state[6].wrapping_add(g);
    state[7] = state[7].wrapping_add(h);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time zero-block state equals absorbing 64 zero bytes at run time.
    #[test]
    fn zero_block_prefix() {
        let mut a = Sha256::new();
        a.update(&[0; BLOCK_LEN]);
        let b = Sha256::new_after_zero_block();
        assert_eq!(a.state, b.state);
        assert_eq!(a.finalize(), b.finalize());
    }
}
