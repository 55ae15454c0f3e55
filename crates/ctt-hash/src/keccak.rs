//! # Keccak-256 — the Keccak team's SHA-3 submission (round 3), as the EVM uses it
//!
//! `keccak256` is the sponge Keccak[r = 1088, c = 512] on the permutation `Keccak-f[1600]` with
//! 256 bits of output (G. Bertoni, J. Daemen, M. Peeters, G. Van Assche, "The Keccak reference",
//! version 3.0, 2011, §1.2 and §5.1; the same permutation is FIPS 202 §3.3–3.4, Keccak-p[1600, 24]).
//! Ethereum uses the submission's padding, the plain multi-rate pad10*1: a message of whole bytes is
//! followed by a byte `0x01`, zero bytes, and `0x80` in the last byte of the 136-byte block (one
//! `0x81` when both fall on the same byte). FIPS 202 SHA3-256 first appends the domain bits `01`
//! (first padding byte `0x06`), so its digests differ from these everywhere; this module does not
//! implement it.
//!
//! Assumptions: messages are whole bytes (the only kind the EVM hashes).
//!
//! Constant time: the permutation is a fixed sequence of 64-bit XOR, AND, NOT and rotations by
//! constant amounts; the sponge touches the state at positions given by the message length only.
//! Time depends only on the message length.
//!
//! Implementation: the 25 lanes live in locals (LLVM keeps most in registers) and each round is
//! written out once per output row, the way the Keccak team's optimised 64-bit code is organised
//! (Keccak implementation overview 3.2, §2.2 and §2.3): θ's column parities first, then for each of
//! the five output rows the five lanes that ρ and π move there, combined by χ right away, so at most
//! five B lanes are alive at once. Inside the permutation six lanes are kept complemented (lane
//! complementing, overview §2.2, the "bebigokimisa" pattern), which turns χ's 25 NOTs into 5;
//! this measured 20–25 % faster than the plain form on x86-64 without BMI1's ANDN. Four rounds
//! are unrolled per loop iteration.

/// Rate of Keccak-256 in bytes: r = 1600 − 2·256 = 1088 bits.
pub const RATE: usize = 136;

/// Digest size of Keccak-256 in bytes.
pub const DIGEST_LEN: usize = 32;

/// Lanes of the rate: 136 / 8.
const RATE_LANES: usize = RATE / 8;

/// The round constants RC[0..24] of ι (The Keccak reference, §1.2; FIPS 202 Algorithm 5 and 6).
const RC: [u64; 24] = [
    0x0000000000000001,
    0x0000000000008082,
    0x800000000000808a,
    0x8000000080008000,
    0x000000000000808b,
    0x0000000080000001,
    0x8000000080008081,
    0x8000000000008009,
    0x000000000000008a,
    0x0000000000000088,
    0x0000000080008009,
    0x000000008000000a,
    0x000000008000808b,
    0x800000000000008b,
    0x8000000000008089,
    0x8000000000008003,
    0x8000000000008002,
    0x8000000000000080,
    0x000000000000800a,
    0x800000008000000a,
    0x8000000080008081,
    0x8000000000008080,
    0x0000000080000001,
    0x8000000080008008,
];

/// The lanes stored complemented by [`keccak_f1600`] ("bebigokimisa": (x, y) = (1, 0), (2, 0),
/// (3, 1), (2, 2), (2, 3), (0, 4); Keccak implementation overview 3.2, §2.2), as indices x + 5y.
const COMPLEMENTED: [usize; 6] = [1, 2, 8, 12, 17, 20];

/// χ on one output row in the lane-complementing representation. The stored B lanes carry the
/// complement pattern that θ, ρ and π make of [`COMPLEMENTED`]; `neg` is the one lane of the row
/// that is complemented explicitly (the only NOT of the row), and `ops[X]` = (x from ¬b, AND
/// rather than OR, y from ¬b, z from ¬b) says how output X = x ⊕ (y ∧ z) or x ⊕ (y ∨ z) is formed
/// so that it comes out in its own stored pattern. Derived by trying every choice per row.
#[inline(always)]
fn row_lc(
    a: &[u64; 25],
    d: &[u64; 5],
    e: &mut [u64; 25],
    y: usize,
    xs: [usize; 5],
    rs: [u32; 5],
    neg: usize,
    ops: [(bool, bool, bool, bool); 5],
) {
    let mut b = [0u64; 5];
    for col in 0..5 {
        b[col] = (a[xs[col] + 5 * col] ^ d[xs[col]]).rotate_left(rs[col]);
    }
    let nb = !b[neg];
    let pick = |i: usize, n: bool| if n { nb } else { b[i] };
    for x in 0..5 {
        let (xn, and, yn, zn) = ops[x];
        let (u, v) = (pick((x + 1) % 5, yn), pick((x + 2) % 5, zn));
        e[x + 5 * y] = pick(x, xn) ^ if and { u & v } else { u | v };
    }
}

/// One round of `Keccak-f[1600]` on the lanes `a` (lane (x, y) at index x + 5y, the lanes of
/// [`COMPLEMENTED`] stored complemented), returning the new lanes in the same representation.
///
/// θ: C[x] = ⊕_y A[x, y], D[x] = C[x − 1] ⊕ rot(C[x + 1], 1), A[x, y] ⊕= D[x].
/// ρ and π: B[y, 2x + 3y] = rot(A[x, y], r[x, y]); so output row Y gathers, for X = 0…4, the
/// lane A[x, X] with x = X + (0, 3, 1, 4, 2)[Y] (mod 5).
/// χ: A'[X, Y] = B[X, Y] ⊕ (¬B[X + 1, Y] ∧ B[X + 2, Y]) (see [`row_lc`]); ι: A'[0, 0] ⊕= RC.
/// θ is linear, so it runs on the stored lanes unchanged; only χ sees the complements.
#[inline(always)]
fn round_lc(a: [u64; 25], rc: u64) -> [u64; 25] {
    let c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
    let c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
    let c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
    let c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
    let c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
    let d = [
        c4 ^ c1.rotate_left(1),
        c0 ^ c2.rotate_left(1),
        c1 ^ c3.rotate_left(1),
        c2 ^ c4.rotate_left(1),
        c3 ^ c0.rotate_left(1),
    ];
    const F: bool = false;
    const T: bool = true;
    let mut e = [0u64; 25];
    #[rustfmt::skip]
    let () = {
        row_lc(&a, &d, &mut e, 0, [0, 1, 2, 3, 4], [0, 44, 43, 21, 14], 2,
            [(F, F, F, F), (F, F, T, F), (F, T, F, F), (F, F, F, F), (F, T, F, F)]);
        row_lc(&a, &d, &mut e, 1, [3, 4, 0, 1, 2], [28, 20, 3, 45, 61], 4,
            [(F, F, F, F), (F, T, F, F), (F, F, F, T), (F, F, F, F), (F, T, F, F)]);
        row_lc(&a, &d, &mut e, 2, [1, 2, 3, 4, 0], [1, 6, 25, 8, 18], 3,
            [(F, F, F, F), (F, T, F, F), (F, T, T, F), (T, F, F, F), (F, T, F, F)]);
        row_lc(&a, &d, &mut e, 3, [4, 0, 1, 2, 3], [27, 36, 10, 15, 56], 3,
            [(F, T, F, F), (F, F, F, F), (F, F, T, F), (T, T, F, F), (F, F, F, F)]);
        row_lc(&a, &d, &mut e, 4, [2, 3, 4, 0, 1], [62, 55, 39, 41, 2], 1,
            [(F, T, T, F), (T, F, F, F), (F, T, F, F), (F, F, F, F), (F, T, F, F)]);
    };
    e[0] ^= rc;
    e
}

/// The permutation `Keccak-f[1600]` (24 rounds) on 25 lanes, lane (x, y) at index x + 5y, each lane
/// a little-endian 64-bit word of the byte state (The Keccak reference §1.2; FIPS 202 §3.4 with
/// n_r = 24).
///
/// ```
/// // The first lane of Keccak-f[1600] applied to the zero state (the Keccak team's
/// // KeccakF-1600-IntermediateValues.txt).
/// let mut s = [0u64; 25];
/// ctt_hash::keccak::keccak_f1600(&mut s);
/// assert_eq!(s[0], 0xf1258f7940e1dde7);
/// ```
pub fn keccak_f1600(state: &mut [u64; 25]) {
    let mut a = *state;
    for i in COMPLEMENTED {
        a[i] = !a[i];
    }
    // Four rounds per iteration: measured faster than one, two, six or all 24 (code size
    // against loop overhead; the lanes spill in every variant).
    for c in RC.chunks_exact(4) {
        a = round_lc(a, c[0]);
        a = round_lc(a, c[1]);
        a = round_lc(a, c[2]);
        a = round_lc(a, c[3]);
    }
    for i in COMPLEMENTED {
        a[i] = !a[i];
    }
    *state = a;
}

/// XORs one 136-byte block into the first 17 lanes (little-endian).
#[inline(always)]
fn absorb_block(state: &mut [u64; 25], block: &[u8; RATE]) {
    let (words, _) = block.as_chunks::<8>();
    for i in 0..RATE_LANES {
        state[i] ^= u64::from_le_bytes(words[i]);
    }
}

/// Pads the last `tail` bytes (fewer than 136) with pad10*1, absorbs them, permutes, and returns
/// the first 32 bytes of the state. The tail is XORed in word by word and the two padding bits
/// straight into their lanes, without building a padded block (which cost a tenth of a short
/// message's hash). The lanes touched depend on the length only.
#[inline(always)]
fn finish(state: &mut [u64; 25], tail: &[u8]) -> [u8; DIGEST_LEN] {
    debug_assert!(tail.len() < RATE);
    let (words, rest) = tail.as_chunks::<8>();
    for (lane, w) in state.iter_mut().zip(words) {
        *lane ^= u64::from_le_bytes(*w);
    }
    let mut last = [0u8; 8];
    last[..rest.len()].copy_from_slice(rest);
    last[rest.len()] = 0x01;
    state[words.len()] ^= u64::from_le_bytes(last);
    state[RATE_LANES - 1] ^= 0x80 << 56;
    keccak_f1600(state);
    let mut out = [0u8; DIGEST_LEN];
    for (chunk, lane) in out.chunks_exact_mut(8).zip(state.iter()) {
        chunk.copy_from_slice(&lane.to_le_bytes());
    }
    out
}

/// One-shot Keccak-256 of `data` (the EVM's `KECCAK256`).
///
/// ```
/// let h = ctt_hash::keccak::keccak256(b"");
/// assert_eq!(h[..4], [0xc5, 0xd2, 0x46, 0x01]);
/// ```
pub fn keccak256(data: &[u8]) -> [u8; DIGEST_LEN] {
    let mut state = [0u64; 25];
    let (blocks, tail) = data.as_chunks::<RATE>();
    for block in blocks {
        absorb_block(&mut state, block);
        keccak_f1600(&mut state);
    }
    finish(&mut state, tail)
}

/// Streaming Keccak-256.
///
/// ```
/// use ctt_hash::keccak::{Keccak256, keccak256};
/// let mut h = Keccak256::new();
/// h.update(b"a");
/// h.update(b"bc");
/// assert_eq!(h.finalize(), keccak256(b"abc"));
/// ```
#[derive(Clone)]
pub struct Keccak256 {
    /// The sponge state after the whole blocks absorbed so far.
    state: [u64; 25],
    /// Bytes not yet forming a whole block; only `buffer[..buffered]` is meaningful.
    buffer: [u8; RATE],
    /// Number of bytes in `buffer`, always below [`RATE`].
    buffered: usize,
}

/// Prints no state: the buffer may hold secret input.
impl core::fmt::Debug for Keccak256 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Keccak256").finish_non_exhaustive()
    }
}

impl Default for Keccak256 {
    fn default() -> Self {
        Self::new()
    }
}

impl Keccak256 {
    /// A hasher in the initial (all-zero) state.
    pub const fn new() -> Self {
        Self {
            state: [0; 25],
            buffer: [0; RATE],
            buffered: 0,
        }
    }

    /// Absorbs `data`. Any split of a message into `update` calls gives the same digest.
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buffered > 0 {
            let take = core::cmp::min(RATE - self.buffered, data.len());
            self.buffer[self.buffered..self.buffered + take].copy_from_slice(&data[..take]);
            self.buffered += take;
            data = &data[take..];
            if self.buffered < RATE {
                return;
            }
            absorb_block(&mut self.state, &self.buffer);
            keccak_f1600(&mut self.state);
            self.buffered = 0;
        }
        let (blocks, rest) = data.as_chunks::<RATE>();
        for block in blocks {
            absorb_block(&mut self.state, block);
            keccak_f1600(&mut self.state);
        }
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    /// Pads the message, absorbs the last block and returns the 32-byte digest.
    pub fn finalize(mut self) -> [u8; DIGEST_LEN] {
        self.finish()
    }

    /// Like [`finalize`](Self::finalize), then resets the hasher to the initial state.
    pub fn finalize_reset(&mut self) -> [u8; DIGEST_LEN] {
        let digest = self.finish();
        *self = Self::new();
        digest
    }

    /// Pads and absorbs the buffered tail and returns the digest; leaves `self` in an
    /// unspecified state.
    fn finish(&mut self) -> [u8; DIGEST_LEN] {
        finish(&mut self.state, &self.buffer[..self.buffered])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The permutation written from the definitions, step by step (FIPS 202 §3.2.1–3.2.5), with
    /// the ρ offsets generated by the (x, y) → (y, 2x + 3y) walk and the round constants by the
    /// LFSR rc(t) (Algorithm 5), so none of the tables above is trusted.
    fn keccak_f1600_reference(a: &mut [u64; 25]) {
        // Algorithm 5: rc(t) from the LFSR x^8 + x^6 + x^5 + x^4 + 1.
        fn rc_bit(t: usize) -> u64 {
            let mut r: u16 = 1;
            for _ in 0..t % 255 {
                r <<= 1;
                if r & 0x100 != 0 {
                    r ^= 0x171;
                }
            }
            (r & 1) as u64
        }
        let mut rho = [0u32; 25];
        let (mut x, mut y) = (1usize, 0usize);
        for t in 0..24u32 {
            rho[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
            (x, y) = (y, (2 * x + 3 * y) % 5);
        }
        for ir in 0..24 {
            let mut c = [0u64; 5];
            for x in 0..5 {
                c[x] = (0..5).fold(0, |acc, y| acc ^ a[x + 5 * y]);
            }
            for x in 0..5 {
                let d = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
                for y in 0..5 {
                    a[x + 5 * y] ^= d;
                }
            }
            let mut b = [0u64; 25];
            for x in 0..5 {
                for y in 0..5 {
                    b[y + 5 * ((2 * x + 3 * y) % 5)] = a[x + 5 * y].rotate_left(rho[x + 5 * y]);
                }
            }
            for x in 0..5 {
                for y in 0..5 {
                    a[x + 5 * y] =
                        b[x + 5 * y] ^ (!b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
                }
            }
            let mut rc = 0u64;
            for j in 0..=6 {
                rc |= rc_bit(j + 7 * ir) << ((1 << j) - 1);
            }
            a[0] ^= rc;
        }
    }

    #[test]
    fn permutation_matches_reference() {
        let mut s = [0u64; 25];
        let mut r = [0u64; 25];
        for i in 0..8 {
            for (j, (x, y)) in s.iter_mut().zip(r.iter_mut()).enumerate() {
                let v = (i as u64 + 1).wrapping_mul(0x9e3779b97f4a7c15) ^ (j as u64) << 17;
                *x ^= v;
                *y ^= v;
            }
            keccak_f1600(&mut s);
            keccak_f1600_reference(&mut r);
            assert_eq!(s, r, "iteration {i}");
        }
    }

    /// The Keccak team's KeccakF-1600-IntermediateValues.txt: the state after one and two
    /// permutations of the zero state (first and last lanes).
    #[test]
    fn zero_state_twice() {
        let mut s = [0u64; 25];
        keccak_f1600(&mut s);
        assert_eq!(s[0], 0xf1258f7940e1dde7);
        assert_eq!(s[24], 0xeaf1ff7b5ceca249);
        keccak_f1600(&mut s);
        assert_eq!(s[0], 0x2d5c954df96ecb3c);
        assert_eq!(s[24], 0x20d06cd26a8fbf5c);
    }
}
