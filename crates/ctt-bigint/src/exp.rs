//! Exponentiation by a public exponent with a compile-time recoding.
//!
//! The exponents of square roots, Legendre symbols and inverse square roots are fixed public
//! functions of the modulus. [`ExpChain::new`] recodes such an exponent once, in `const`
//! evaluation, into a table program and a chain: the table holds powers of the base, each entry
//! an earlier one squared some times and multiplied by another; the chain squares an accumulator
//! and multiplies it by table entries. Two recodings are tried and the cheaper kept (a square
//! counted as 4/5 of a product):
//! - a left-to-right sliding window (width 1 to 6) over a table of odd powers
//!   `x, x³, …, x^(2^w − 1)`;
//! - runs of ones: for an exponent made of few long runs of ones (`(p + 1)/4` for a
//!   pseudo-Mersenne p: secp256k1's is 223 ones, a zero, 22 ones, …) the table holds
//!   `x^(2^L − 1)` for each run length `L`, built by doubling lengths
//!   (`x^(2^(a+b) − 1) = (x^(2^a − 1))^(2^b) · x^(2^b − 1)`), and each run costs one product: for
//!   secp256k1's square root 17 products instead of ~60 (libsecp256k1's `secp256k1_fe_sqrt`
//!   chain takes the same path by hand, with 13).
//!
//! [`mont_pow_chain`] runs the program. Which entry is read, and how many squarings separate two
//! multiplications, depend on the exponent only: no branch and no memory index depends on the
//! base, so the routine is constant time in the (secret) base.
//!
//! When `4p < R` the chain runs on the unreduced kernel ([`crate::backend::mont_mul_nonred`]:
//! values stay in `[0, 2p)`, no final subtraction per step, Bos–Montgomery, eprint 2017/1057) and reduces once at the
//! end; otherwise on the fully reducing kernels.

use crate::BigInt;
use crate::backend;
use crate::montgomery::{has_two_spare_bits, reduce_once};

/// The longest exponent [`ExpChain`] accepts, in bits.
pub const MAX_EXP_BITS: usize = 768;

/// The largest window width tried.
const MAX_WIDTH: u32 = 6;

/// Table entries: the odd powers of the widest window (`2^(w−1)`) plus `x²`, or the run lengths'
/// powers.
const MAX_TABLE: usize = 40;

/// "No product" in a table step.
const NONE: u8 = u8::MAX;

/// A recoding of a public exponent. Table entry 0 is the base `x`; entry `j ≥ 1` is entry
/// `t_src[j]` squared `t_shift[j]` times, times entry `t_mul[j]` (unless `NONE`). Then `len`
/// chain steps: step `k` squares the accumulator `sqr[k]` times and multiplies it by entry
/// `digit[k] − 1` (`digit` 0: no product); the first step starts from its entry (`sqr[0]` is 0).
/// An exponent of 0 has no steps.
#[derive(Clone, Copy, Debug)]
pub struct ExpChain {
    t_src: [u8; MAX_TABLE],
    t_shift: [u16; MAX_TABLE],
    t_mul: [u8; MAX_TABLE],
    t_len: usize,
    sqr: [u16; MAX_EXP_BITS],
    digit: [u8; MAX_EXP_BITS],
    len: usize,
    /// The window width, or 0 for the runs-of-ones recoding.
    width: u32,
}

impl ExpChain {
    const EMPTY: Self = ExpChain {
        t_src: [0; MAX_TABLE],
        t_shift: [0; MAX_TABLE],
        t_mul: [NONE; MAX_TABLE],
        t_len: 1,
        sqr: [0; MAX_EXP_BITS],
        digit: [0; MAX_EXP_BITS],
        len: 0,
        width: 0,
    };

    /// Recodes `e` with the cheapest of the window widths and the runs of ones (compile time).
    pub const fn new<const M: usize>(e: &BigInt<M>) -> Self {
        assert!(
            e.num_bits_vartime() as usize <= MAX_EXP_BITS,
            "exponent too long for ExpChain"
        );
        let mut best = Self::with_width(e, 1);
        let mut w = 2;
        while w <= MAX_WIDTH {
            let c = Self::with_width(e, w);
            if c.cost() < best.cost() {
                best = c;
            }
            w += 1;
        }
        if let Some(c) = Self::with_runs(e)
            && c.cost() < best.cost()
        {
            best = c;
        }
        best
    }

    /// Relative cost: a square counted as 4/5 of a product (the full-width square kernels; for
    /// the others the two cost the same, and the window widths differ only in products).
    const fn cost(&self) -> u32 {
        4 * self.squarings() + 5 * self.multiplications()
    }

    /// Appends table entry `src^(2^shift) · mul`; returns its index.
    const fn push_entry(&mut self, src: usize, shift: u32, mul: u8) -> usize {
        assert!(self.t_len < MAX_TABLE, "ExpChain table full");
        self.t_src[self.t_len] = src as u8;
        self.t_shift[self.t_len] = shift as u16;
        self.t_mul[self.t_len] = mul;
        self.t_len += 1;
        self.t_len - 1
    }

    /// Appends chain step "square `sqr` times, then multiply by entry `entry`" (`None`: no
    /// product).
    const fn push_step(&mut self, sqr: u32, entry: Option<usize>) {
        self.sqr[self.len] = sqr as u16;
        self.digit[self.len] = match entry {
            Some(j) => j as u8 + 1,
            None => 0,
        };
        self.len += 1;
    }

    /// Recodes `e` with window width `w` (1 ≤ w ≤ 6).
    pub const fn with_width<const M: usize>(e: &BigInt<M>, w: u32) -> Self {
        assert!(w >= 1 && w <= MAX_WIDTH, "window width out of range");
        let mut c = Self::EMPTY;
        c.width = w;
        // Entries: 0 = x, then (w > 1) 1 = x², and x^(2k+1) at k + 1 for k ≥ 1.
        if w > 1 {
            let x2 = c.push_entry(0, 1, NONE);
            let mut prev = 0;
            let mut k = 1;
            while k < (1 << (w - 1)) {
                prev = c.push_entry(prev, 0, x2 as u8);
                k += 1;
            }
        }
        let bits = e.num_bits_vartime();
        let mut i = bits; // bits i-1, i-2, … remain
        let mut pending: u32 = 0;
        while i > 0 {
            let top = i - 1;
            if e.bit(top) == 0 {
                pending += 1;
                i -= 1;
                continue;
            }
            // The window [low, top]: at most w bits, ending in a 1.
            let mut low = (top + 1).saturating_sub(w);
            while e.bit(low) == 0 {
                low += 1;
            }
            let mut d: u32 = 0;
            let mut k = top + 1;
            while k > low {
                k -= 1;
                d = (d << 1) | e.bit(k) as u32;
            }
            pending += top - low + 1;
            let entry = if d == 1 { 0 } else { (d as usize - 1) / 2 + 1 };
            c.push_step(if c.len == 0 { 0 } else { pending }, Some(entry));
            pending = 0;
            i = low;
        }
        if pending > 0 {
            c.push_step(pending, None);
        }
        c
    }

    /// Recodes `e` by its runs of ones; `None` when the table would overflow (many distinct run
    /// lengths, where the windows are cheaper anyway).
    pub const fn with_runs<const M: usize>(e: &BigInt<M>) -> Option<Self> {
        let mut c = Self::EMPTY;
        let bits = e.num_bits_vartime();
        if bits == 0 {
            return Some(c);
        }
        // The longest run: its length's powers of two are built first, x^(2^(2^k) − 1) at
        // pow2[k].
        let mut longest = 0;
        let mut run = 0;
        let mut i = 0;
        while i < bits {
            if e.bit(i) == 1 {
                run += 1;
                if run > longest {
                    longest = run;
                }
            } else {
                run = 0;
            }
            i += 1;
        }
        let mut pow2 = [0usize; 16];
        let mut k = 1;
        while (1u32 << k) <= longest {
            if c.t_len + 1 >= MAX_TABLE {
                return None;
            }
            let h = 1u32 << (k - 1);
            pow2[k] = c.push_entry(pow2[k - 1], h, pow2[k - 1] as u8);
            k += 1;
        }
        // Entries for the other lengths, remembered as (length, entry).
        let mut lens = [0u32; MAX_TABLE];
        let mut idx = [0usize; MAX_TABLE];
        let mut known = 0;
        let mut pending: u32 = 0;
        let mut top = bits;
        while top > 0 {
            if e.bit(top - 1) == 0 {
                pending += 1;
                top -= 1;
                continue;
            }
            let mut len = 0;
            while top > 0 && e.bit(top - 1) == 1 {
                len += 1;
                top -= 1;
            }
            // The entry x^(2^len − 1).
            let mut entry = usize::MAX;
            let mut j = 0;
            while j < known {
                if lens[j] == len {
                    entry = idx[j];
                }
                j += 1;
            }
            if entry == usize::MAX {
                let hi = 31 - len.leading_zeros();
                entry = pow2[hi as usize];
                let mut b = hi;
                while b > 0 {
                    b -= 1;
                    if (len >> b) & 1 == 1 {
                        if c.t_len + 1 >= MAX_TABLE || known == MAX_TABLE {
                            return None;
                        }
                        entry = c.push_entry(entry, 1 << b, pow2[b as usize] as u8);
                    }
                }
                lens[known] = len;
                idx[known] = entry;
                known += 1;
            }
            c.push_step(if c.len == 0 { 0 } else { pending + len }, Some(entry));
            pending = 0;
        }
        if pending > 0 {
            c.push_step(pending, None);
        }
        Some(c)
    }

    /// Multiplications the program performs, table included.
    pub const fn multiplications(&self) -> u32 {
        let mut m = 0;
        let mut j = 1;
        while j < self.t_len {
            if self.t_mul[j] != NONE {
                m += 1;
            }
            j += 1;
        }
        let mut k = 1;
        while k < self.len {
            if self.digit[k] != 0 {
                m += 1;
            }
            k += 1;
        }
        m
    }

    /// Squarings the program performs, table included.
    pub const fn squarings(&self) -> u32 {
        let mut s = 0;
        let mut j = 1;
        while j < self.t_len {
            s += self.t_shift[j] as u32;
            j += 1;
        }
        let mut k = 0;
        while k < self.len {
            s += self.sqr[k] as u32;
            k += 1;
        }
        s
    }

    /// The window width chosen, or 0 for the runs-of-ones recoding.
    pub const fn width(&self) -> u32 {
        self.width
    }
}

/// `a^e` in the Montgomery domain for the exponent recoded in `chain` (`a < p` in Montgomery
/// form, `one = R mod p`), fully reduced. Constant time in `a`.
pub fn mont_pow_chain<const N: usize>(
    a: &BigInt<N>,
    chain: &ExpChain,
    one: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    if has_two_spare_bits(p) {
        let mul = |x: &BigInt<N>, y: &BigInt<N>| backend::mont_mul_nonred(x, y, p, n0);
        let r = run(a, chain, one, mul, |x| mul(x, x));
        reduce_once(&r, p)
    } else {
        // The square kernel: the full-width fields have a dedicated one (10 word products, not 16).
        run(
            a,
            chain,
            one,
            |x, y| backend::mont_mul(x, y, p, n0),
            |x| backend::mont_sqr(x, p, n0),
        )
    }
}

#[inline(always)]
fn run<const N: usize>(
    a: &BigInt<N>,
    chain: &ExpChain,
    one: &BigInt<N>,
    mul: impl Fn(&BigInt<N>, &BigInt<N>) -> BigInt<N>,
    sqr: impl Fn(&BigInt<N>) -> BigInt<N>,
) -> BigInt<N> {
    if chain.len == 0 {
        return *one;
    }
    let mut table = [BigInt::<N>::ZERO; MAX_TABLE];
    table[0] = *a;
    for j in 1..chain.t_len {
        let mut v = table[chain.t_src[j] as usize];
        for _ in 0..chain.t_shift[j] {
            v = sqr(&v);
        }
        if chain.t_mul[j] != NONE {
            v = mul(&v, &table[chain.t_mul[j] as usize]);
        }
        table[j] = v;
    }
    let mut acc = table[chain.digit[0] as usize - 1];
    for k in 1..chain.len {
        for _ in 0..chain.sqr[k] {
            acc = sqr(&acc);
        }
        let d = chain.digit[k] as usize;
        if d != 0 {
            acc = mul(&acc, &table[d - 1]);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::montgomery::{mont_mul, mont_n0, mont_pow_vartime, mont_r, mont_r2};

    #[test]
    fn chain_matches_square_and_multiply() {
        let p = BigInt::<6>::from_hex(
            "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        );
        let n0 = mont_n0(p.0[0]);
        let one = mont_r(&p);
        let a = mont_mul(&BigInt::<6>([5, 7, 11, 13, 17, 19]), &mont_r2(&p), &p, n0);
        let exps = [
            BigInt::<6>::ZERO,
            BigInt::<6>::ONE,
            BigInt::<6>::from_u64(2),
            BigInt::<6>::from_u64(0x8000_0000_0000_0001),
            p.shr(2),
            p.wrapping_sub(&BigInt::from_u64(2)),
            BigInt::<6>([u64::MAX; 6]),
        ];
        for e in &exps {
            let want = mont_pow_vartime(&a, e, &one, &p, n0);
            for w in 1..=MAX_WIDTH {
                let c = ExpChain::with_width(e, w);
                assert_eq!(mont_pow_chain(&a, &c, &one, &p, n0), want, "w={w} e={e:?}");
            }
            assert_eq!(mont_pow_chain(&a, &ExpChain::new(e), &one, &p, n0), want);
            if let Some(c) = ExpChain::with_runs(e) {
                assert_eq!(mont_pow_chain(&a, &c, &one, &p, n0), want, "runs e={e:?}");
            }
        }
    }

    /// The runs-of-ones recoding against square-and-multiply on exponents made of runs (every
    /// length 1 to 70, repeated lengths, runs at either end, long zero gaps), on a full-width
    /// modulus, and the choice `new` makes for secp256k1's (p + 1)/4.
    #[test]
    fn runs_of_ones() {
        let p = BigInt::<4>::from_hex(
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
        );
        let n0 = mont_n0(p.0[0]);
        let one = mont_r(&p);
        let a = mont_mul(&BigInt::<4>([3, 5, 7, 11]), &mont_r2(&p), &p, n0);
        let fixed = [
            p.shr(2).wrapping_add(&BigInt::ONE),
            BigInt::<4>([u64::MAX; 4]),
            BigInt::<4>([u64::MAX, 0, 0, 1 << 63]),
            BigInt::<4>([0xffff_0000_ffff_0000, 0x0f0f_0f0f_0f0f_0f0f, 1, 0]),
            BigInt::<4>::ONE,
            BigInt::<4>::from_u64(6),
        ];
        let check = |e: &BigInt<4>| {
            let want = mont_pow_vartime(&a, e, &one, &p, n0);
            let c = ExpChain::with_runs(e).expect("few run lengths");
            assert_eq!(mont_pow_chain(&a, &c, &one, &p, n0), want, "e={e:?}");
        };
        fixed.iter().for_each(check);
        for len in 1..=70u32 {
            // `len` ones, 3 zeros, `len` ones again, 5 zeros.
            let ones = |l: u32| {
                let mut x = BigInt::<4>::ZERO;
                for i in 0..l {
                    x.0[(i / 64) as usize] |= 1 << (i % 64);
                }
                x
            };
            check(&ones(len).shl(len + 8).wrapping_add(&ones(len).shl(5)));
        }
        let sqrt = ExpChain::new(&p.shr(2).wrapping_add(&BigInt::ONE));
        assert_eq!(sqrt.width(), 0, "runs of ones chosen");
        assert!(sqrt.multiplications() <= 17, "{}", sqrt.multiplications());
        assert!(sqrt.squarings() <= 259, "{}", sqrt.squarings());
    }
}
