//! A generic two-dimensional GLV scalar decomposition (Gallant–Lambert–Vanstone, CRYPTO 2001),
//! constant time, configured by the curve's short lattice basis.
//!
//! Given a basis `v1 = (a1, b1)`, `v2 = (a2, b2)` of the lattice `{(x, y) : x + y·λ ≡ 0 (mod n)}`
//! (determinant `a1·b2 − a2·b1 = n`), Babai rounding writes `(k, 0) ≈ c1·v1 + c2·v2` with
//! `c1 = round(b2·k/n)`, `c2 = round(−b1·k/n)`, and `k1 = k − c1·a1 − c2·a2`,
//! `k2 = −c1·b1 − c2·b2` satisfy `k ≡ k1 + k2·λ (mod n)`. The divisions are multiplications by
//! the precomputed `g1 = round(2^s·b2/n)`, `g2 = round(2^s·(−b1)/n)` and a shift by `s` (the
//! approach of libsecp256k1's `scalar_split_lambda`, there with `s = 384`); the error of the
//! approximation is below 1 for `k < 2^256`, which keeps `|k1|, |k2|` below
//! `|v1|_∞ + |v2|_∞` (the curve's tests check the bound it relies on).
//!
//! All arithmetic is on five 64-bit words, two's complement modulo 2^320, over fixed loops:
//! constant time in `k`.

use ctt_bigint::{BigInt, Choice};

/// A reduced lattice basis and its rounding constants. The basis entries are two's complement
/// modulo 2^320 (negative entries wrap).
#[derive(Clone, Copy, Debug)]
pub struct GlvBasis {
    /// `a1`.
    pub a1: BigInt<5>,
    /// `b1`.
    pub b1: BigInt<5>,
    /// `a2`.
    pub a2: BigInt<5>,
    /// `b2`.
    pub b2: BigInt<5>,
    /// `round(2^shift·b2/n)`.
    pub g1: BigInt<4>,
    /// `round(2^shift·(−b1)/n)`.
    pub g2: BigInt<4>,
    /// The shift `s`, a multiple of 64 between 256 and 448.
    pub shift: u32,
}

impl GlvBasis {
    /// `k = k1 + k2·λ (mod n)` for `k < 2^256` (five words, the top one zero): the magnitudes of
    /// `k1, k2` (five words each) and their signs. Constant time.
    pub fn split(&self, k: &[u64; 5]) -> ([[u64; 5]; 2], [Choice; 2]) {
        let c1 = self.round(k, &self.g1);
        let c2 = self.round(k, &self.g2);
        let k1 = BigInt(*k)
            .wrapping_sub(&c1.mul_truncated(&self.a1))
            .wrapping_sub(&c2.mul_truncated(&self.a2));
        let k2 = BigInt::<5>::ZERO
            .wrapping_sub(&c1.mul_truncated(&self.b1))
            .wrapping_sub(&c2.mul_truncated(&self.b2));
        let (m1, s1) = abs_words(&k1.0);
        let (m2, s2) = abs_words(&k2.0);
        ([m1, m2], [s1, s2])
    }

    /// `⌊(k·g + 2^(s−1)) / 2^s⌋`.
    fn round(&self, k: &[u64; 5], g: &BigInt<4>) -> BigInt<5> {
        let prod: BigInt<8> = BigInt([k[0], k[1], k[2], k[3]]).mul_truncated(g);
        let top = (self.shift / 64) as usize;
        let half_word = top - 1;
        let mut words = prod.0;
        // + 2^(s−1): bit 63 of word s/64 − 1, carried upwards.
        let mut carry = 1u64 << 63;
        for w in words.iter_mut().skip(half_word) {
            let (v, c) = w.overflowing_add(carry);
            *w = v;
            carry = c as u64;
        }
        let mut out = [0u64; 5];
        for (i, o) in out.iter_mut().enumerate() {
            if top + i < 8 {
                *o = words[top + i];
            }
        }
        BigInt(out)
    }
}

/// `(|a|, a < 0)` for a two's-complement five-word `a`, branch-free.
pub fn abs_words(a: &[u64; 5]) -> ([u64; 5], Choice) {
    let sign = a[4] >> 63;
    let mask = sign.wrapping_neg();
    let mut out = [0u64; 5];
    let mut carry = sign;
    for i in 0..5 {
        let (v, c) = (a[i] ^ mask).overflowing_add(carry);
        out[i] = v;
        carry = c as u64;
    }
    (out, Choice::from_lsb(sign))
}
