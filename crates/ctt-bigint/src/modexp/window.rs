//! Left-to-right sliding-window exponentiation over any ring with run-time-length elements
//! (Menezes–van Oorschot–Vanstone, Handbook of Applied Cryptography, Algorithm 14.85).
//!
//! Assumptions: the exponent is public and nonzero; the ring's elements are `limbs()` limbs.
//! Variable time: which table entry is read and when depend on the exponent bits.
//!
//! Cost for an exponent of `b` bits with window `w`: `b − 1` squarings, one multiplication per
//! window after the first, and a table of the odd powers `x, x³, …, x^(2^w − 1)` (one squaring
//! and `2^(w−1) − 1` multiplications). The width is chosen per exponent by counting the windows
//! of each width (exactly for short exponents, by the expected count for long ones).

use alloc::vec::Vec;

/// The widest window tried: its table holds 2^(MAX_WIDTH−1) = 64 elements.
const MAX_WIDTH: usize = 7;

/// A ring in which [`pow_vartime`] multiplies: Montgomery modulo an odd number (of a run-time
/// or a compile-time length), or the integers modulo a power of two.
pub(crate) trait PowRing {
    /// An element.
    type Elem: Clone;
    /// An element to be overwritten.
    fn scratch(&self) -> Self::Elem;
    /// `out = a·b` (`out` distinct from `a` and `b`).
    fn mul(&mut self, out: &mut Self::Elem, a: &Self::Elem, b: &Self::Elem);
    /// `out = a²` (`out` distinct from `a`).
    fn sqr(&mut self, out: &mut Self::Elem, a: &Self::Elem);
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

/// The window width with the fewest multiplications (table included) for this exponent:
/// counted exactly for exponents up to 64 bits (where the bit pattern matters: 0x10001 wants
/// plain square-and-multiply), estimated above from the expected `b/(w + 1)` windows of random
/// bits (Handbook of Applied Cryptography, Note 14.87), which costs no scan of the exponent.
fn best_width(e: &[u64], bits: usize) -> usize {
    let mut best = (usize::MAX, 1);
    for w in 1..=MAX_WIDTH.min(bits) {
        let table = if w == 1 { 0 } else { 1 << (w - 1) };
        let windows = if bits <= 64 {
            let mut count = 0;
            for_each_window(e, bits, w, |_, _| count += 1);
            count
        } else {
            bits / (w + 1)
        };
        let cost = table + windows;
        if cost < best.0 {
            best = (cost, w);
        }
    }
    best.1
}

/// `x^e` in `ring` for a nonzero exponent `e` (little-endian limbs).
pub(crate) fn pow_vartime<R: PowRing>(ring: &mut R, x: &R::Elem, e: &[u64]) -> R::Elem {
    let bits = bit_len(e);
    assert!(bits > 0, "pow_vartime needs a nonzero exponent");
    let w = best_width(e, bits);
    // Odd powers x^(2k+1), k < 2^(w−1).
    let entries = if w == 1 { 1 } else { 1 << (w - 1) };
    let mut table: Vec<R::Elem> = Vec::with_capacity(entries);
    table.push(x.clone());
    if entries > 1 {
        let mut x2 = ring.scratch();
        ring.sqr(&mut x2, x);
        for k in 1..entries {
            let mut next = ring.scratch();
            ring.mul(&mut next, &table[k - 1], &x2);
            table.push(next);
        }
    }
    let mut acc = ring.scratch();
    let mut tmp = ring.scratch();
    // `next` is one past the lowest bit already absorbed into acc.
    let mut next = bits;
    for_each_window(e, bits, w, |low, d| {
        let entry = &table[d >> 1];
        if next == bits {
            acc = entry.clone();
        } else {
            // The squarings cover the zero bits since the last window and this window's bits.
            for _ in low..next {
                ring.sqr(&mut tmp, &acc);
                core::mem::swap(&mut acc, &mut tmp);
            }
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
