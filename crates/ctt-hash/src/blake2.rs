//! # BLAKE2b compression function F — RFC 7693 §3.2, with EIP-152's rounds parameter
//!
//! F(h, m, t, f) mixes a 128-byte message block `m` (sixteen little-endian 64-bit words) into the
//! chaining value `h` (eight words), given the byte counter `t` (two words, low first) and the
//! final-block flag `f`. BLAKE2b runs 12 rounds; EIP-152 ("Add BLAKE2 compression function `F`
//! precompile", address 0x09) exposes the round count as a 32-bit input, so any number of rounds
//! from 0 to 2³² − 1 is allowed, round i using the message permutation σ[i mod 10].
//!
//! [`blake2b_f`] is the function on words; [`Blake2fInput`] parses the precompile's 213-byte input
//! (`rounds` as 4 big-endian bytes, `h` 64 bytes, `m` 128 bytes, `t` 16 bytes, all words
//! little-endian, then one byte `f` that must be 0 or 1) and [`blake2f`] does both and returns the
//! 64-byte output.
//!
//! Constant time: additions, XORs and rotations by constant amounts on 64-bit words; `f` enters as
//! a mask, not a branch. Time depends on `rounds` only, which is public (it sets the gas).
//!
//! Implementation: F exists per instruction set, chosen once at run time (the CPU is probed
//! without `std` and the answer cached in an atomic; see [`backend`], which with
//! `sha256::backend` is the only code of the crate that uses `unsafe`):
//!
//! | backend | instructions | used when |
//! |---|---|---|
//! | portable (this file) | 64-bit additions, XORs, rotations | always built; the reference; no AVX2, or feature `force-portable` |
//! | x86-64 AVX2 | the working words as four 256-bit rows, four G at once; lane permutations between column and diagonal steps | CPUID reports AVX2 and the OS saves the YMM registers |
//!
//! Both run the rounds in blocks of ten, one per cycle of σ, so that every message index is a
//! constant; then the remaining `rounds mod 10` rounds. The portable code keeps the sixteen
//! working words in locals.

use crate::HashError;

#[doc(hidden)]
pub mod backend;

/// Length of the EIP-152 input: 4 + 64 + 128 + 16 + 1 bytes.
pub const BLAKE2F_INPUT_LEN: usize = 213;

/// Length of the EIP-152 output: the new `h` as 64 little-endian bytes.
pub const BLAKE2F_OUTPUT_LEN: usize = 64;

/// The initialisation vector (RFC 7693 §2.6; the SHA-512 IV: fractional parts of √2, √3, √5, √7,
/// √11, √13, √17, √19).
pub const IV: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];

/// The message schedule σ (RFC 7693 §2.7); round i uses SIGMA[i mod 10].
const SIGMA: [[usize; 16]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/// The mixing function G (RFC 7693 §3.1) on v[a], v[b], v[c], v[d] with message words x, y;
/// rotation constants (R1, R2, R3, R4) = (32, 24, 16, 63).
#[inline(always)]
fn g(v: &mut [u64; 16], a: usize, b: usize, c: usize, d: usize, x: u64, y: u64) {
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
    v[d] = (v[d] ^ v[a]).rotate_right(32);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(24);
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
    v[d] = (v[d] ^ v[a]).rotate_right(16);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(63);
}

/// One round with the message permutation `s` (a constant after inlining): four G on the
/// columns, then four on the diagonals.
#[inline(always)]
fn round(v: &mut [u64; 16], m: &[u64; 16], s: &[usize; 16]) {
    g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
}

/// The BLAKE2b compression function F with `rounds` rounds (RFC 7693 §3.2; EIP-152): mixes the
/// message block `m` into `h`, given the offset counter `t = [low, high]` and the final-block
/// flag `f`. With `rounds` = 12 this is BLAKE2b's F.
///
/// ```
/// // RFC 7693 Appendix A: BLAKE2b-512("abc") is one F on the parameter-xored IV.
/// use ctt_hash::blake2::{IV, blake2b_f};
/// let mut h = IV;
/// h[0] ^= 0x0101_0040; // digest length 64, key length 0, fanout 1, depth 1
/// let mut m = [0u64; 16];
/// m[0] = u64::from_le_bytes(*b"abc\0\0\0\0\0");
/// blake2b_f(12, &mut h, &m, [3, 0], true);
/// assert_eq!(h[0].to_le_bytes()[..4], [0xba, 0x80, 0xa5, 0x3f]);
/// ```
///
/// Runs on the best backend of this CPU ([`backend::active`]).
#[inline]
pub fn blake2b_f(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
    backend::blake2b_f(rounds, h, m, t, f);
}

/// [`blake2b_f`] in portable Rust: the reference and the fallback backend.
pub(crate) fn blake2b_f_portable(
    rounds: u32,
    h: &mut [u64; 8],
    m: &[u64; 16],
    t: [u64; 2],
    f: bool,
) {
    let mut v = [0u64; 16];
    v[..8].copy_from_slice(h);
    v[8..].copy_from_slice(&IV);
    v[12] ^= t[0];
    v[13] ^= t[1];
    // f = true inverts all bits of v[14]: a mask, no branch.
    v[14] ^= 0u64.wrapping_sub(f as u64);

    // Whole cycles of σ, ten rounds unrolled so that every message index is a constant.
    for _ in 0..rounds / 10 {
        round(&mut v, m, &SIGMA[0]);
        round(&mut v, m, &SIGMA[1]);
        round(&mut v, m, &SIGMA[2]);
        round(&mut v, m, &SIGMA[3]);
        round(&mut v, m, &SIGMA[4]);
        round(&mut v, m, &SIGMA[5]);
        round(&mut v, m, &SIGMA[6]);
        round(&mut v, m, &SIGMA[7]);
        round(&mut v, m, &SIGMA[8]);
        round(&mut v, m, &SIGMA[9]);
    }
    // The remaining rounds % 10 (a public count), each with its σ as a constant.
    let rest = rounds % 10;
    macro_rules! tail {
        ($($i:expr),*) => { $( if rest > $i { round(&mut v, m, &SIGMA[$i]); } )* };
    }
    tail!(0, 1, 2, 3, 4, 5, 6, 7, 8);
    for i in 0..8 {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

/// The EIP-152 input, parsed: what [`blake2b_f`] takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blake2fInput {
    /// Number of rounds (4 bytes, big-endian); also the precompile's gas.
    pub rounds: u32,
    /// Chaining value.
    pub h: [u64; 8],
    /// Message block.
    pub m: [u64; 16],
    /// Offset counter, low word first.
    pub t: [u64; 2],
    /// Final-block flag.
    pub f: bool,
}

impl Blake2fInput {
    /// Parses the 213-byte EIP-152 input.
    ///
    /// Errors: [`HashError::Blake2fInputLength`] unless `input` has exactly 213 bytes,
    /// [`HashError::Blake2fFinalFlag`] if its last byte is neither 0 nor 1.
    pub fn parse(input: &[u8]) -> Result<Self, HashError> {
        let input: &[u8; BLAKE2F_INPUT_LEN] = input
            .try_into()
            .map_err(|_| HashError::Blake2fInputLength)?;
        let f = match input[212] {
            0 => false,
            1 => true,
            _ => return Err(HashError::Blake2fFinalFlag),
        };
        let (rounds, rest) = input.split_first_chunk::<4>().expect("213 > 4");
        let (words, _) = rest.as_chunks::<8>();
        let word = |i: usize| u64::from_le_bytes(words[i]);
        Ok(Self {
            rounds: u32::from_be_bytes(*rounds),
            h: core::array::from_fn(word),
            m: core::array::from_fn(|i| word(8 + i)),
            t: [word(24), word(25)],
            f,
        })
    }

    /// Runs F on this input and returns the new `h` as 64 little-endian bytes.
    pub fn compress(&self) -> [u8; BLAKE2F_OUTPUT_LEN] {
        let mut h = self.h;
        blake2b_f(self.rounds, &mut h, &self.m, self.t, self.f);
        let mut out = [0u8; BLAKE2F_OUTPUT_LEN];
        for (chunk, word) in out.chunks_exact_mut(8).zip(h) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }
}

/// The EIP-152 precompile's computation: parses `input` (see [`Blake2fInput::parse`] for the
/// errors) and returns the 64-byte output.
pub fn blake2f(input: &[u8]) -> Result<[u8; BLAKE2F_OUTPUT_LEN], HashError> {
    Ok(Blake2fInput::parse(input)?.compress())
}
