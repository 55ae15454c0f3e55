//! Exponentiation by a public exponent with a compile-time sliding-window recoding.
//!
//! The exponents of square roots, Legendre symbols and inverse square roots are fixed public
//! functions of the modulus. [`ExpChain::new`] recodes such an exponent once, in `const`
//! evaluation: a left-to-right sliding window over the exponent's bits, whose width (1 to 6) is the
//! one needing the fewest multiplications for this exponent (table of odd powers included).
//! [`mont_pow_chain`] then runs the recorded steps: squarings and multiplications by entries of a
//! table of odd powers `x, x³, …, x^(2^w − 1)`. Which entry is read, and how many squarings
//! separate two multiplications, depend on the exponent only: no branch and no memory index
//! depends on the base, so the routine is constant time in the (secret) base.
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

/// A sliding-window recoding of a public exponent: `len` steps, step `k` being "square `sqr[k]`
/// times, then multiply by `x^digit[k]`" (`digit` odd, or 0 for no multiplication). The first
/// step starts from `x^digit[0]` (its `sqr` is 0). An exponent of 0 has no steps.
#[derive(Clone, Copy, Debug)]
pub struct ExpChain {
    sqr: [u16; MAX_EXP_BITS],
    digit: [u8; MAX_EXP_BITS],
    len: usize,
    width: u32,
}

impl ExpChain {
    /// Recodes `e` with the window width that needs the fewest multiplications (compile time).
    pub const fn new<const M: usize>(e: &BigInt<M>) -> Self {
        assert!(
            e.num_bits_vartime() as usize <= MAX_EXP_BITS,
            "exponent too long for ExpChain"
        );
        let mut best = Self::with_width(e, 1);
        let mut w = 2;
        while w <= MAX_WIDTH {
            let c = Self::with_width(e, w);
            if c.multiplications() < best.multiplications() {
                best = c;
            }
            w += 1;
        }
        best
    }

    /// Recodes `e` with window width `w` (1 ≤ w ≤ 6).
    pub const fn with_width<const M: usize>(e: &BigInt<M>, w: u32) -> Self {
        assert!(w >= 1 && w <= MAX_WIDTH, "window width out of range");
        let mut c = ExpChain {
            sqr: [0; MAX_EXP_BITS],
            digit: [0; MAX_EXP_BITS],
            len: 0,
            width: w,
        };
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
            c.sqr[c.len] = if c.len == 0 { 0 } else { pending as u16 };
            c.digit[c.len] = d as u8;
            c.len += 1;
            pending = 0;
            i = low;
        }
        if pending > 0 {
            c.sqr[c.len] = pending as u16;
            c.digit[c.len] = 0;
            c.len += 1;
        }
        c
    }

    /// Multiplications the chain performs, table of odd powers included (squarings are the
    /// same for every width: one per bit below the top one).
    pub const fn multiplications(&self) -> u32 {
        let mut m = if self.width > 1 {
            1u32 << (self.width - 1)
        } else {
            0
        };
        let mut k = 1;
        while k < self.len {
            if self.digit[k] != 0 {
                m += 1;
            }
            k += 1;
        }
        m
    }

    /// Squarings the chain performs (including the one building the table).
    pub const fn squarings(&self) -> u32 {
        let mut s = if self.width > 1 { 1 } else { 0 };
        let mut k = 0;
        while k < self.len {
            s += self.sqr[k] as u32;
            k += 1;
        }
        s
    }

    /// The window width chosen.
    pub const fn width(&self) -> u32 {
        self.width
    }
}

/// `a^e` in the Montgomery domain for the exponent recoded in `chain` (`a < p` in Montgomery
/// form, `one = R mod p`), fully reduced. Constant time in `a`; `p` needs a spare bit.
pub fn mont_pow_chain<const N: usize>(
    a: &BigInt<N>,
    chain: &ExpChain,
    one: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    if has_two_spare_bits(p) {
        let mul = |x: &BigInt<N>, y: &BigInt<N>| backend::mont_mul_nonred(x, y, p, n0);
        let r = run(a, chain, one, p, mul, |x| mul(x, x));
        reduce_once(&r, p)
    } else {
        // The square kernel: the full-width fields have a dedicated one (10 word products, not 16).
        run(
            a,
            chain,
            one,
            p,
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
    _p: &BigInt<N>,
    mul: impl Fn(&BigInt<N>, &BigInt<N>) -> BigInt<N>,
    sqr: impl Fn(&BigInt<N>) -> BigInt<N>,
) -> BigInt<N> {
    if chain.len == 0 {
        return *one;
    }
    // Odd powers a, a³, …, a^(2^w − 1).
    let mut table = [BigInt::<N>::ZERO; 1 << (MAX_WIDTH - 1)];
    let entries = 1usize << (chain.width - 1);
    table[0] = *a;
    if entries > 1 {
        let a2 = sqr(a);
        for k in 1..entries {
            table[k] = mul(&table[k - 1], &a2);
        }
    }
    let mut acc = table[(chain.digit[0] as usize - 1) / 2];
    for k in 1..chain.len {
        for _ in 0..chain.sqr[k] {
            acc = sqr(&acc);
        }
        let d = chain.digit[k] as usize;
        if d != 0 {
            acc = mul(&acc, &table[(d - 1) / 2]);
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
        }
    }
}
