//! Constant-time paths: safegcd inversion with half-delta divsteps, and the Legendre symbol by
//! Pornin's binary GCD. No branch or memory index depends on the input; loop counts depend only
//! on `N` and the bit length of `p`.

use super::{M62, ModInverter, S62, Trans};
use crate::bigint::BigInt;
use core::hint::{black_box, select_unpredictable};

/// `n ≤ 30` half-delta divsteps on the low words of `f` (odd) and `g`, updating them in place
/// (their low `64 - n` bits stay exact). `zeta = -(delta + 1/2)`. Returns the transition matrix
/// scaled by 2^n.
///
/// Per step, with `c1` = "delta > 0" and `c2` = "g odd" as masks: `g += ±f` when g is odd (the
/// sign from c1), and when both hold the rows swap, realised as `f += new g` (= old g).
/// The matrix rows are packed two entries per word, `u + v·2^32`: every row operation (add,
/// negate, double, masked select) is linear, and `|u| + |v| ≤ 2^n ≤ 2^30` keeps each entry inside
/// its signed 32-bit half, so one word operation does the work of two.
#[inline(always)]
fn divsteps_half(zeta: &mut u64, f: &mut u64, g: &mut u64, n: u32) -> Trans {
    let (mut z, mut ff, mut gg) = (*zeta, *f, *g);
    let (mut uv, mut qr) = (1u64, 1u64 << 32);
    for _ in 0..n {
        // Conditional moves rather than masks: the masks put ~6 cycles of dependent ALU work on
        // the f/g/zeta chain per step; with selects it is ~4. `select_unpredictable` asks for
        // cmov (no branch); the ctgrind run checks the compiled code.
        let pos = (z as i64) < 0; // delta > 0
        let odd = gg & 1 == 1;
        let swap = pos & odd;
        let x = select_unpredictable(pos, ff.wrapping_neg(), ff);
        let y = select_unpredictable(pos, uv.wrapping_neg(), uv);
        let gsum = gg.wrapping_add(x);
        let qsum = qr.wrapping_add(y);
        ff = select_unpredictable(swap, gg, ff);
        uv = select_unpredictable(swap, qr, uv);
        z = select_unpredictable(swap, (!z).wrapping_sub(1), z.wrapping_sub(1));
        gg = select_unpredictable(odd, gsum >> 1, gg >> 1);
        qr = select_unpredictable(odd, qsum, qr);
        uv <<= 1;
    }
    (*zeta, *f, *g) = (z, ff, gg);
    // Unpack: the low half sign-extended, then the high half of what remains.
    let lo = |w: u64| ((w << 32) as i64) >> 32;
    let hi = |w: u64| (w as i64).wrapping_sub(lo(w)) >> 32;
    Trans {
        u: lo(uv),
        v: hi(uv),
        q: lo(qr),
        r: hi(qr),
    }
}

/// `n1 + n2 ≤ 60` divsteps as two packed halves; returns the product matrix scaled by 2^62.
#[inline(always)]
fn divsteps(zeta: &mut u64, f0: u64, g0: u64, n1: u32, n2: u32) -> Trans {
    let (mut f, mut g) = (f0, g0);
    let a = divsteps_half(zeta, &mut f, &mut g, n1);
    let b = divsteps_half(zeta, &mut f, &mut g, n2);
    // b·a, entries ≤ 2^(n1+n2) ≤ 2^60, then rescaled to 2^62.
    let s = 62 - n1 - n2;
    Trans {
        u: (b.u * a.u + b.v * a.q) << s,
        v: (b.u * a.v + b.v * a.r) << s,
        q: (b.q * a.u + b.r * a.q) << s,
        r: (b.q * a.v + b.r * a.r) << s,
    }
}

/// `f, g ← (u·f + v·g)/2^62, (q·f + r·g)/2^62` over all `N + 1` limbs (exact divisions).
#[inline(always)]
pub(super) fn update_fg<const N: usize>(f: &mut S62<N>, g: &mut S62<N>, t: &Trans) {
    let Trans { u, v, q, r } = *t;
    let (f0, g0) = (f.lo[0] as i128, g.lo[0] as i128);
    let mut cf = u as i128 * f0 + v as i128 * g0;
    let mut cg = q as i128 * f0 + r as i128 * g0;
    debug_assert!(cf as u64 & M62 == 0 && cg as u64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    let mut step = |fi: i64, gi: i64| {
        let (fi, gi) = (fi as i128, gi as i128);
        cf += u as i128 * fi + v as i128 * gi;
        cg += q as i128 * fi + r as i128 * gi;
        let out = ((cf as u64 & M62) as i64, (cg as u64 & M62) as i64);
        cf >>= 62;
        cg >>= 62;
        out
    };
    for i in 1..N {
        (f.lo[i - 1], g.lo[i - 1]) = step(f.lo[i], g.lo[i]);
    }
    (f.lo[N - 1], g.lo[N - 1]) = step(f.top, g.top);
    f.top = cf as i64;
    g.top = cg as i64;
}

/// 1 in the low bit and all-ones mask helpers that the optimiser cannot turn into branches.
#[inline(always)]
fn mask_from_bit(bit: u64) -> u64 {
    black_box(bit & 1).wrapping_neg()
}

/// All ones when `x == 0`.
#[inline(always)]
fn zero_mask(x: u64) -> u64 {
    mask_from_bit(!(x | x.wrapping_neg()) >> 63)
}

/// Bit length of `x` (0 for 0) by a branch-free binary search.
#[inline(always)]
fn num_bits_ct(mut x: u64) -> u32 {
    let mut bits = 0u64;
    for s in [32u32, 16, 8, 4, 2, 1] {
        let hi = x >> s;
        let m = !zero_mask(hi);
        bits += s as u64 & m;
        x ^= (x ^ hi) & m;
    }
    (bits + x) as u32
}

/// Pornin's approximations of `a` and `b` as 128-bit words: the exact low 64 bits, and on top
/// the 64 bits just below the highest set bit of `max(a, b)` (the top bits of `a | b`). Exact
/// when both are below 2^128.
#[inline(always)]
fn approximations<const N: usize>(a: &BigInt<N>, b: &BigInt<N>) -> (u128, u128) {
    if N == 1 {
        return (a.0[0] as u128, b.0[0] as u128);
    }
    let (mut ah, mut al, mut bh, mut bl) = (a.0[N - 1], a.0[N - 2], b.0[N - 1], b.0[N - 2]);
    for i in (1..N - 1).rev() {
        // Slide the window down one limb while both top limbs are zero.
        let m = zero_mask(ah | bh);
        ah ^= (ah ^ al) & m;
        bh ^= (bh ^ bl) & m;
        al ^= (al ^ a.0[i - 1]) & m;
        bl ^= (bl ^ b.0[i - 1]) & m;
    }
    let s = 64 - num_bits_ct(ah | bh); // in [0, 64]
    // hi << s | lo >> (64 - s), with s = 0 and s = 64 handled by masking (no branch).
    let lo_m = !zero_mask(s as u64);
    let top = |h: u64, l: u64| h.wrapping_shl(s) | (l & lo_m).wrapping_shr(64 - s);
    let a_ = (top(ah, al) as u128) << 64 | a.0[0] as u128;
    let b_ = (top(bh, bl) as u128) << 64 | b.0[0] as u128;
    (a_, b_)
}

/// `n` iterations of Pornin's binary GCD on the approximations, returning the factors
/// `(f0, g0, f1, g1)` (scaled by 2^n) and updating the Jacobi accumulator `l` (bit 0 counts sign
/// flips). Each step: if `a` odd, `a -= b`, and if that went negative, negate and swap (with
/// reciprocity when both are 3 mod 4); then halve `a` (a sign flip when `b` is 3 or 5 mod 8).
#[inline(always)]
fn legendre_loop(mut a: u128, mut b: u128, n: u32, l: &mut u64) -> [u64; 4] {
    let (mut f0, mut g0, mut f1, mut g1) = (1u64, 0u64, 0u64, 1u64);
    for _ in 0..n {
        let odd = mask_from_bit(a as u64);
        let odd128 = ((odd as i64) as i128) as u128;
        let (diff, borrowed) = a.overflowing_sub(b & odd128);
        let borrow = mask_from_bit(borrowed as u64);
        let borrow128 = ((borrow as i64) as i128) as u128;
        *l = l.wrapping_add(((a as u64 & b as u64) >> 1) & borrow);
        let old_a = a;
        a = (diff ^ borrow128).wrapping_sub(borrow128);
        b ^= (old_a ^ b) & borrow128;
        let xf = (f0 ^ f1) & borrow;
        f0 ^= xf;
        f1 ^= xf;
        let xg = (g0 ^ g1) & borrow;
        g0 ^= xg;
        g1 ^= xg;
        f0 = f0.wrapping_sub(f1 & odd);
        g0 = g0.wrapping_sub(g1 & odd);
        f1 <<= 1;
        g1 <<= 1;
        a >>= 1;
        *l = l.wrapping_add((b as u64).wrapping_add(2) >> 2);
    }
    [f0, g0, f1, g1]
}

/// `|f·a + g·b| >> 62` for signed factors `|f|, |g| ≤ 2^62`; also returns the sign mask.
#[inline(always)]
fn lincomb_shift<const N: usize>(a: &BigInt<N>, f: u64, b: &BigInt<N>, g: u64) -> (BigInt<N>, u64) {
    let (f, g) = (f as i64 as i128, g as i64 as i128);
    let mut w = [0u64; N];
    let mut acc: i128 = 0;
    for i in 0..N {
        acc += f * a.0[i] as i128 + g * b.0[i] as i128;
        w[i] = acc as u64;
        acc >>= 64;
    }
    let top = acc as u64;
    let mut out = [0u64; N];
    for i in 0..N {
        let next = if i + 1 < N { w[i + 1] } else { top };
        out[i] = (w[i] >> 62) | (next << 2);
    }
    let neg = mask_from_bit(top >> 63);
    // Conditional negation: (x ^ neg) - neg over the whole number.
    let mut carry = neg & 1;
    for o in out.iter_mut() {
        let t = (*o ^ neg) as u128 + carry as u128;
        *o = t as u64;
        carry = (t >> 64) as u64;
    }
    (BigInt(out), neg)
}

impl<const N: usize> ModInverter<N> {
    /// Constant-time safegcd with initial Bézout coefficient `c`: returns `c·a⁻¹ mod p`.
    pub(super) fn invert_ct_with(&self, a: &BigInt<N>, c: &S62<N>) -> BigInt<N> {
        let mut zeta: u64 = u64::MAX; // delta = 1/2
        let mut f = self.p62;
        let mut g = S62::from_bigint(a);
        let mut d = S62::<N>::ZERO;
        let mut e = *c;
        for batch in 0..=self.full_batches {
            let (n1, n2) = if batch < self.full_batches {
                (30, 30)
            } else {
                let n = self.last_batch;
                (n.min(30), n - n.min(30))
            };
            if n1 == 0 {
                break; // public: only the step count of p decides
            }
            let t = divsteps(&mut zeta, f.lo[0] as u64, g.lo[0] as u64, n1, n2);
            self.update_de(&mut d, &mut e, &t);
            update_fg(&mut f, &mut g, &t);
        }
        // Now g = 0 and f = ±1 (gcd 1): d·a ≡ f·c, so the result is sign(f)·d.
        self.normalize(d, f.top >> 63)
    }

    /// Constant-time Legendre symbol by Pornin's binary GCD with Jacobi tracking.
    pub(super) fn legendre_ct(&self, a: &BigInt<N>) -> i8 {
        let mut x = *a;
        let mut y = self.p;
        let mut l = 0u64;
        let total = 128 * N as u32;
        for _ in 0..total / 62 {
            self.legendre_batch(&mut x, &mut y, &mut l);
        }
        let (x_, y_) = exact_low(&x, &y);
        legendre_loop(x_, y_, total % 62, &mut l);
        symbol_from(l, a)
    }

    /// One batch of 62 iterations on approximations, applied to the full `x, y`.
    #[inline(always)]
    pub(super) fn legendre_batch(&self, x: &mut BigInt<N>, y: &mut BigInt<N>, l: &mut u64) {
        let (x_, y_) = approximations(x, y);
        let [f0, g0, f1, g1] = legendre_loop(x_, y_, 62, l);
        let (nx, neg) = lincomb_shift(x, f0, y, g0);
        let (ny, _) = lincomb_shift(x, f1, y, g1);
        *x = nx;
        *y = ny;
        // x was negated: (−1/y) = −1 when y ≡ 3 mod 4.
        *l = l.wrapping_add((y.0[0] >> 1) & neg);
    }
}

/// The low 128 bits of `x` and `y` (exact once both are that small).
#[inline(always)]
pub(super) fn exact_low<const N: usize>(x: &BigInt<N>, y: &BigInt<N>) -> (u128, u128) {
    let hi = |z: &BigInt<N>| if N > 1 { z.0[1] } else { 0 };
    (
        (hi(x) as u128) << 64 | x.0[0] as u128,
        (hi(y) as u128) << 64 | y.0[0] as u128,
    )
}

/// 1 or −1 from the accumulator parity, 0 when `a = 0`; branch-free.
#[inline(always)]
pub(super) fn symbol_from<const N: usize>(l: u64, a: &BigInt<N>) -> i8 {
    let mut acc = 0u64;
    for w in a.0 {
        acc |= w;
    }
    let nonzero = !zero_mask(acc);
    let s = 1i64 - 2 * (l & 1) as i64;
    (s & nonzero as i64) as i8
}

/// Pornin's legendre loop, exposed to the variable-time module.
#[inline(always)]
pub(super) fn legendre_tail(x: u128, y: u128, n: u32, l: &mut u64) {
    legendre_loop(x, y, n, l);
}
