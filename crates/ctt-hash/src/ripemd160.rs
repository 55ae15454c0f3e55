//! # RIPEMD-160 — Dobbertin, Bosselaers, Preneel, 1996
//!
//! H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A Strengthened Version of RIPEMD", FSE
//! 1996 (the pseudo-code of its Appendix A is what this follows; ISO/IEC 10118-3 has the same
//! function). Used by the EVM's ripemd160 precompile (address 0x03).
//!
//! 512-bit blocks of sixteen little-endian 32-bit words, a 160-bit chaining value, two parallel
//! lines of five rounds of sixteen steps; MD4-style padding with the bit length as a 64-bit
//! *little-endian* integer.
//!
//! Assumptions: the message is a whole number of bytes, shorter than 2⁶¹ bytes.
//!
//! Constant time: additions, rotations by constant amounts and bitwise operations on 32-bit words;
//! the work depends only on the message length.
//!
//! Implementation: the 80 steps of both lines are unrolled in one basic block (the word order,
//! rotation amounts, Boolean function and constant of step j are compile-time constants), with the
//! five working variables renamed instead of moved, so LLVM interleaves the two independent lines.

/// Block size in bytes.
pub const BLOCK_LEN: usize = 64;

/// Digest size in bytes.
pub const DIGEST_LEN: usize = 20;

/// Initial chaining value h0…h4.
const H0: [u32; 5] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

/// Word selection r(j) of the left line.
const R_LEFT: [usize; 80] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, //
    7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, //
    3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, //
    1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2, //
    4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
];

/// Word selection r'(j) of the right line.
const R_RIGHT: [usize; 80] = [
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, //
    6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, //
    15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, //
    8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14, //
    12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
];

/// Rotation amounts s(j) of the left line.
const S_LEFT: [u32; 80] = [
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, //
    7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, //
    11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, //
    11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, //
    9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
];

/// Rotation amounts s'(j) of the right line.
const S_RIGHT: [u32; 80] = [
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, //
    9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, //
    9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, //
    15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8, //
    8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
];

/// Constants K(j) of the left line per round (⌊2³⁰·√2⌋, ⌊2³⁰·√3⌋, ⌊2³⁰·√5⌋, ⌊2³⁰·√7⌋).
const K_LEFT: [u32; 5] = [0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e];

/// Constants K'(j) of the right line per round (⌊2³⁰·∛2⌋, ⌊2³⁰·∛3⌋, ⌊2³⁰·∛5⌋, ⌊2³⁰·∛7⌋).
const K_RIGHT: [u32; 5] = [0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000];

/// The Boolean function f(j, x, y, z) of round `round` (0…4), each written with the fewest
/// operations: f₂ = (x ∧ y) ∨ (¬x ∧ z) = z ⊕ (x ∧ (y ⊕ z)), f₄ = (x ∧ z) ∨ (y ∧ ¬z) =
/// y ⊕ (z ∧ (x ⊕ y)).
#[inline(always)]
fn f(round: usize, x: u32, y: u32, z: u32) -> u32 {
    match round {
        0 => x ^ y ^ z,
        1 => z ^ (x & (y ^ z)),
        2 => (x | !y) ^ z,
        3 => y ^ (z & (x ^ y)),
        _ => x ^ (y | !z),
    }
}

/// Step `j` of both lines with the working variables passed renamed (one position per step):
/// A := rol_s(A + f(B, C, D) + X[r] + K) + E, C := rol_10(C). The left line uses f in the order
/// f₁…f₅, the right line f₅…f₁.
macro_rules! step {
    ($x:ident, $j:expr,
     ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident),
     ($ar:ident, $br:ident, $cr:ident, $dr:ident, $er:ident)) => {{
        const J: usize = $j;
        $a = $a
            .wrapping_add(f(J / 16, $b, $c, $d))
            .wrapping_add($x[R_LEFT[J]])
            .wrapping_add(K_LEFT[J / 16])
            .rotate_left(S_LEFT[J])
            .wrapping_add($e);
        $c = $c.rotate_left(10);
        $ar = $ar
            .wrapping_add(f(4 - J / 16, $br, $cr, $dr))
            .wrapping_add($x[R_RIGHT[J]])
            .wrapping_add(K_RIGHT[J / 16])
            .rotate_left(S_RIGHT[J])
            .wrapping_add($er);
        $cr = $cr.rotate_left(10);
    }};
}

/// Steps j…j+4; after five renamings the variables are back in place.
macro_rules! steps5 {
    ($x:ident, $j:expr, ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident),
     ($ar:ident, $br:ident, $cr:ident, $dr:ident, $er:ident)) => {
        step!($x, $j, ($a, $b, $c, $d, $e), ($ar, $br, $cr, $dr, $er));
        step!($x, $j + 1, ($e, $a, $b, $c, $d), ($er, $ar, $br, $cr, $dr));
        step!($x, $j + 2, ($d, $e, $a, $b, $c), ($dr, $er, $ar, $br, $cr));
        step!($x, $j + 3, ($c, $d, $e, $a, $b), ($cr, $dr, $er, $ar, $br));
        step!($x, $j + 4, ($b, $c, $d, $e, $a), ($br, $cr, $dr, $er, $ar));
    };
}

/// The compression function: absorbs one 64-byte block into `h`.
#[inline(always)]
fn compress(h: &mut [u32; 5], block: &[u8; BLOCK_LEN]) {
    let (words, _) = block.as_chunks::<4>();
    let mut x = [0u32; 16];
    for i in 0..16 {
        x[i] = u32::from_le_bytes(words[i]);
    }

    let [mut a, mut b, mut c, mut d, mut e] = *h;
    let [mut ar, mut br, mut cr, mut dr, mut er] = *h;
    macro_rules! all {
        ($($j:expr),*) => {
            $( steps5!(x, $j, (a, b, c, d, e), (ar, br, cr, dr, er)); )*
        };
    }
    all!(0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75);

    // Combination of the two lines (Appendix A): the chaining words rotate by one position.
    let t = h[1].wrapping_add(c).wrapping_add(dr);
    h[1] = h[2].wrapping_add(d).wrapping_add(er);
    h[2] = h[3].wrapping_add(e).wrapping_add(ar);
    h[3] = h[4].wrapping_add(a).wrapping_add(br);
    h[4] = h[0].wrapping_add(b).wrapping_add(cr);
    h[0] = t;
}

/// Absorbs whole blocks; the one out-of-line copy of the unrolled steps.
#[inline(never)]
fn compress_blocks(h: &mut [u32; 5], blocks: &[[u8; BLOCK_LEN]]) {
    for block in blocks {
        compress(h, block);
    }
}

/// Appends the padding to `tail` (the last `len mod 64` of `len` message bytes): a bit 1, zeros up
/// to 56 mod 64 bytes, the bit length as a 64-bit little-endian integer; compresses the one or
/// two blocks and returns the digest h0…h4 as little-endian bytes.
#[inline(always)]
fn finish(h: &mut [u32; 5], tail: &[u8], len: u64) -> [u8; DIGEST_LEN] {
    debug_assert!(tail.len() < BLOCK_LEN);
    let mut pad = [[0u8; BLOCK_LEN]; 2];
    pad[0][..tail.len()].copy_from_slice(tail);
    pad[0][tail.len()] = 0x80;
    let n = if tail.len() >= BLOCK_LEN - 8 { 2 } else { 1 };
    pad[n - 1][BLOCK_LEN - 8..].copy_from_slice(&len.wrapping_mul(8).to_le_bytes());
    compress_blocks(h, &pad[..n]);
    let mut out = [0u8; DIGEST_LEN];
    for (chunk, word) in out.chunks_exact_mut(4).zip(h.iter()) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// One-shot RIPEMD-160 of `data`.
///
/// ```
/// let h = ctt_hash::ripemd160::ripemd160(b"message digest");
/// assert_eq!(h[..4], [0x5d, 0x06, 0x89, 0xef]);
/// ```
pub fn ripemd160(data: &[u8]) -> [u8; DIGEST_LEN] {
    let mut h = H0;
    let (blocks, tail) = data.as_chunks::<BLOCK_LEN>();
    if !blocks.is_empty() {
        compress_blocks(&mut h, blocks);
    }
    finish(&mut h, tail, data.len() as u64)
}

/// Streaming RIPEMD-160.
///
/// ```
/// use ctt_hash::ripemd160::{Ripemd160, ripemd160};
/// let mut h = Ripemd160::new();
/// h.update(b"a");
/// h.update(b"bc");
/// assert_eq!(h.finalize(), ripemd160(b"abc"));
/// ```
#[derive(Clone)]
pub struct Ripemd160 {
    /// The chaining value after the blocks absorbed so far.
    state: [u32; 5],
    /// Bytes not yet forming a whole block; only `buffer[..buffered]` is meaningful.
    buffer: [u8; BLOCK_LEN],
    /// Number of bytes in `buffer`, always below [`BLOCK_LEN`].
    buffered: usize,
    /// Number of whole blocks compressed into `state`.
    blocks: u64,
}

/// Prints no state: the buffer may hold secret input.
impl core::fmt::Debug for Ripemd160 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ripemd160").finish_non_exhaustive()
    }
}

impl Default for Ripemd160 {
    fn default() -> Self {
        Self::new()
    }
}

impl Ripemd160 {
    /// A hasher in the initial state.
    pub const fn new() -> Self {
        Self {
            state: H0,
            buffer: [0; BLOCK_LEN],
            buffered: 0,
            blocks: 0,
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
            compress_blocks(&mut self.state, core::slice::from_ref(&self.buffer));
            self.blocks += 1;
            self.buffered = 0;
        }
        let (blocks, rest) = data.as_chunks::<BLOCK_LEN>();
        if !blocks.is_empty() {
            compress_blocks(&mut self.state, blocks);
        }
        self.blocks += blocks.len() as u64;
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    /// Pads the message, compresses the last block(s) and returns the 20-byte digest.
    pub fn finalize(mut self) -> [u8; DIGEST_LEN] {
        self.finish()
    }

    /// Like [`finalize`](Self::finalize), then resets the hasher to the initial state.
    pub fn finalize_reset(&mut self) -> [u8; DIGEST_LEN] {
        let digest = self.finish();
        *self = Self::new();
        digest
    }

    /// Pads and compresses the buffered tail and returns the digest; leaves `self` in an
    /// unspecified state.
    fn finish(&mut self) -> [u8; DIGEST_LEN] {
        let len = self
            .blocks
            .wrapping_mul(BLOCK_LEN as u64)
            .wrapping_add(self.buffered as u64);
        finish(&mut self.state, &self.buffer[..self.buffered], len)
    }
}
