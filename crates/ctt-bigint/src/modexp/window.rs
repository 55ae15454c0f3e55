//! Left-to-right sliding-window exponentiation over any ring with run-time-length elements
//! (Menezes–van Oorschot–Vanstone, Handbook of Applied Cryptography, Algorithm 14.85).
//!
//! Assumptions: the exponent is public and nonzero; the ring's elements are `limbs()` limbs.
//! Variable time: which table entry is read and when depend on the exponent bits.
//!
//! Cost for an exponent of `b` bits with window `w`: `b − 1` squarings, one multiplication per
//! window after the first, and a table of the odd powers `x, x³, …, x^(2^w − 1)` (one squaring
//! and `2^(w−1) − 1` multiplications). The width is chosen per exponent by counting the windows
//! of each width exactly (one scan of the bits per width; negligible next to one product).

use alloc::vec;
use alloc::vec::Vec;

/// The widest window tried: its table holds 2^(MAX_WIDTH−1) = 64 elements.
const MAX_WIDTH: usize = 7;

/// A ring in which [`pow_vartime`] multiplies: Montgomery modulo an odd number, or the integers
/// modulo a power of two.
pub(crate) trait PowRing {
    /// Limbs per element.
    fn limbs(&self) -> usize;
    /// `out = a·b` (`out` distinct from `a` and `b`).
    fn mul(&mut self, out: &mut [u64], a: &[u64], b: &[u64]);
    /// `out = a²` (`out` distinct from `a`).
    fn sqr(&mut self, out: &mut [u64], a: &[u64]);
}

/// Bit `i` of the little-endian limbs `e`.
#[inline]
fn bit(e: &[u64], i: usize) -> usize {
    ((e[i / 64] >> (i % 64)) & 1) as usize
}

/// The bit length of `e` (0 for zero).
pub(crate) fn bit_len(e: &[u64]) -> usize {
    match e.iter().rposition(|&x| x != 0) {
        Some(i) => 64 * i + 64 - e[i].leading_zeros() as usize,
        None => 0,
    }
}

/// Calls `f(low, digit)` for each window of width ≤ `w` (top bit first), where
/// `digit` = the bits `low..=top` of `e` is odd; the zero bits between windows are implied.
#[inline]
fn for_each_window(e: &[u64], bits: usize, w: usize, mut f: impl FnMut(usize, usize)) {
    let mut i = bits; // one past the next bit to look at
    while i > 0 {
        let top = i - 1;
        if bit(e, top) == 0 {
            i -= 1;
            continue;
        }
        let mut low = top.saturating_sub(w - 1);
        while bit(e, low) == 0 {
            low += 1;
        }
        let mut d = 0;
        for k in (low..=top).rev() {
            d = (d << 1) | bit(e, k);
        }
        f(low, d);
        i = low;
    }
}

/// The window width with the fewest multiplications (table included) for this exponent.
fn best_width(e: &[u64], bits: usize) -> usize {
    let mut best = (usize::MAX, 1);
    for w in 1..=MAX_WIDTH.min(bits) {
        let table = if w == 1 { 0 } else { 1 << (w - 1) };
        let mut windows = 0;
        for_each_window(e, bits, w, |_, _| windows += 1);
        let cost = table + windows - 1;
        if cost < best.0 {
            best = (cost, w);
        }
    }
    best.1
}

/// `x^e` in `ring` for a nonzero exponent `e` (little-endian limbs).
pub(crate) fn pow_vartime<R: PowRing>(ring: &mut R, x: &[u64], e: &[u64]) -> Vec<u64> {
    let n = ring.limbs();
    let bits = bit_len(e);
    assert!(bits > 0, "pow_vartime needs a nonzero exponent");
    let w = best_width(e, bits);
    // Odd powers x^(2k+1), k < 2^(w−1), one after the other in one allocation.
    let entries = if w == 1 { 1 } else { 1 << (w - 1) };
    let mut table = vec![0u64; entries * n];
    table[..n].copy_from_slice(x);
    if entries > 1 {
        let mut x2 = vec![0u64; n];
        ring.sqr(&mut x2, x);
        for k in 1..entries {
            let (done, rest) = table.split_at_mut(k * n);
            ring.mul(&mut rest[..n], &done[(k - 1) * n..], &x2);
        }
    }
    let mut acc = vec![0u64; n];
    let mut tmp = vec![0u64; n];
    // `next` is one past the lowest bit already absorbed into acc.
    let mut next = bits;
    for_each_window(e, bits, w, |low, d| {
        let entry = &table[(d >> 1) * n..][..n];
        if next == bits {
            acc.copy_from_slice(entry);
        } else {
            for _ in low..next {
                ring.sqr(&mut tmp, &acc);
                core::mem::swap(&mut acc, &mut tmp);
            }
            // The squarings above covered the zero bits between windows and this window.
            ring.mul(&mut tmp, &acc, entry);
            core::mem::swap(&mut acc, &mut tmp);
        }
        next = low;
    });
    for _ in 0..next {
        ring.sqr(&mut tmp, &acc);
        core::mem::swap(&mut acc, &mut tmp);
    }
    acc
}
