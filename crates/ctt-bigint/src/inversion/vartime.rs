//! Variable-time paths for public inputs: safegcd with the original divsteps that stops at
//! `g = 0` and shrinks `f, g` as they get short, and the Legendre symbol with early exit.

use super::ct::{exact_low, legendre_tail, symbol_from};
use super::{M62, ModInverter, S62, Trans};
use crate::bigint::BigInt;

/// 62 original divsteps (`eta = -delta`) on the low words, libsecp256k1's `divsteps_62_var`:
/// runs of zeros in `g` are skipped at once, and when `g` is odd up to 4 (or 6, after a swap)
/// low bits of `g` are cancelled with one multiple of `f` (`w ≡ -g/f` mod a power of two).
#[inline(always)]
fn divsteps_var(mut eta: i64, f0: u64, g0: u64) -> (i64, Trans) {
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let (mut f, mut g) = (f0, g0);
    let mut i = 62u32;
    loop {
        let zeros = (g | (u64::MAX << i)).trailing_zeros();
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros as i64;
        i -= zeros;
        if i == 0 {
            break;
        }
        // g is odd.
        let w;
        if eta < 0 {
            eta = -eta;
            (f, g) = (g, f.wrapping_neg());
            (u, q) = (q, u.wrapping_neg());
            (v, r) = (r, v.wrapping_neg());
            let limit = (eta as u32 + 1).min(i);
            let m = (u64::MAX >> (64 - limit)) & 63;
            // f·(f² − 2) ≡ f⁻¹ mod 64 for odd f; w = g/f cancels the low bits of g - w·f.
            w = f
                .wrapping_mul(g)
                .wrapping_mul(f.wrapping_mul(f).wrapping_sub(2))
                & m;
        } else {
            let limit = (eta as u32 + 1).min(i);
            let m = (u64::MAX >> (64 - limit)) & 15;
            // f + ((f+1)&4)<<1 ≡ f⁻¹ mod 16 for odd f.
            let fi = f.wrapping_add(((f.wrapping_add(1)) & 4) << 1);
            w = fi.wrapping_neg().wrapping_mul(g) & m;
        }
        g = g.wrapping_add(f.wrapping_mul(w));
        q = q.wrapping_add(u.wrapping_mul(w));
        r = r.wrapping_add(v.wrapping_mul(w));
    }
    let t = Trans {
        u: u as i64,
        v: v as i64,
        q: q as i64,
        r: r as i64,
    };
    (eta, t)
}

/// [`super::ct::update_fg`] on the low `len` limbs only (limb `len-1` is the signed top).
#[inline(always)]
fn update_fg_var<const N: usize>(len: usize, f: &mut S62<N>, g: &mut S62<N>, t: &Trans) {
    let Trans { u, v, q, r } = *t;
    let (f0, g0) = (f.lo[0] as i128, g.lo[0] as i128);
    let mut cf = (u as i128 * f0 + v as i128 * g0) >> 62;
    let mut cg = (q as i128 * f0 + r as i128 * g0) >> 62;
    for i in 1..len {
        let (fi, gi) = (f.get(i) as i128, g.get(i) as i128);
        cf += u as i128 * fi + v as i128 * gi;
        cg += q as i128 * fi + r as i128 * gi;
        f.set(i - 1, (cf as u64 & M62) as i64);
        g.set(i - 1, (cg as u64 & M62) as i64);
        cf >>= 62;
        cg >>= 62;
    }
    f.set(len - 1, cf as i64);
    g.set(len - 1, cg as i64);
}

impl<const N: usize> ModInverter<N> {
    /// Variable-time safegcd with initial Bézout coefficient `c`.
    pub(super) fn invert_var_with(&self, a: &BigInt<N>, c: &S62<N>) -> Option<BigInt<N>> {
        if a.is_zero_vartime() {
            return None;
        }
        let mut eta: i64 = -1; // delta = 1
        let mut f = self.p62;
        let mut g = S62::from_bigint(a);
        let mut d = S62::<N>::ZERO;
        let mut e = *c;
        let mut len = N + 1;
        // Drop leading limbs that are zero in both (the modulus may be far below 2^(62(N+1))).
        while len > 1 && f.get(len - 1) == 0 && g.get(len - 1) == 0 {
            len -= 1;
        }
        loop {
            let t;
            (eta, t) = divsteps_var(eta, f.lo[0] as u64, g.lo[0] as u64);
            self.update_de(&mut d, &mut e, &t);
            update_fg_var(len, &mut f, &mut g, &t);
            if g.lo[0] == 0 && (1..len).all(|i| g.get(i) == 0) {
                break;
            }
            // When the top limbs of f and g are both 0 or −1, fold the sign into the limb below.
            let (fnn, gn) = (f.get(len - 1), g.get(len - 1));
            if len >= 2 && (fnn ^ (fnn >> 63)) | (gn ^ (gn >> 63)) == 0 {
                f.set(len - 2, f.get(len - 2) | (fnn << 62));
                g.set(len - 2, g.get(len - 2) | (gn << 62));
                len -= 1;
            }
        }
        // gcd(a, p) = |f| must be 1: f = 1, or f = -1 (low limbs all ones below a top of -1).
        let top = f.get(len - 1);
        let mid_all = |x: i64| (1..len - 1).all(|i| f.get(i) == x);
        let plus_one = f.lo[0] == 1 && (len == 1 || (mid_all(0) && top == 0));
        let minus_one = if len == 1 {
            f.lo[0] == -1
        } else {
            f.lo[0] == M62 as i64 && mid_all(M62 as i64) && top == -1
        };
        if !(plus_one || minus_one) {
            return None;
        }
        Some(self.normalize(d, top >> 63))
    }

    /// Variable-time Legendre symbol: the constant-time batches, stopping once `x = 0`.
    pub(super) fn legendre_var(&self, a: &BigInt<N>) -> i8 {
        if a.is_zero_vartime() {
            return 0;
        }
        let mut x = *a;
        let mut y = self.p;
        let mut l = 0u64;
        let total = 128 * N as u32;
        for _ in 0..total / 62 {
            self.legendre_batch(&mut x, &mut y, &mut l);
            if x.is_zero_vartime() {
                // Further iterations only halve 0 against y = 1: (2/1) = 1, no change.
                return symbol_from(l, a);
            }
        }
        let (x_, y_) = exact_low(&x, &y);
        legendre_tail(x_, y_, total % 62, &mut l);
        symbol_from(l, a)
    }
}
