//! Modular inversion and Legendre symbols for odd moduli of any limb count.
//!
//! Assumptions: the modulus `p` is odd, `1 < p < 2^(64N)` and `N ≤ 30` (checked at compile time
//! by [`ModInverter::new`]); inputs are `< p`. `invert*` return meaningful results only for inputs
//! coprime to `p` (every nonzero input when `p` is prime); `legendre*` need `p` prime. The
//! modulus, `N` and the bit length of `p` are public: they fix every loop count.
//!
//! Inversion: Bernstein–Yang "safegcd" (eprint 2019/266) in the form of libsecp256k1's modinv64:
//! numbers in signed 62-bit limbs (`N + 1` of them), batches of divsteps computed on the low
//! word only into a 2×2 transition matrix scaled by 2^62, then applied to the full `f, g` and to
//! the Bézout coefficients `d, e`, which are kept below `p` in size by adding a multiple of `p`
//! that makes them divisible by 2^62 (a Montgomery-style division, so no 2^-k correction is left
//! at the end). The constant-time path uses the "half-delta" divstep variant, whose iteration bound
//! ⌊(3787·log₂M + 2166)/1644⌋ for `0 ≤ g ≤ f ≤ M` is computationally verified for M ≤ 2^3805
//! (Wuille, safegcd-bounds); we use log₂M ≤ bits(p), e.g. 878 divsteps for 381 bits, 586 for 254.
//! The constant-time batches are 60 divsteps, run as two halves of 30 whose matrix rows are
//! packed two entries per word (halving the inner-loop work) and multiplied together.
//! Cost: `⌈B/60⌉` outer rounds (15 for BLS12-381 p), each about 4(N+1) 64×64→128 multiplications for `f, g` and
//! 6(N+1) for `d, e`. The initial Bézout coefficient `e` is a per-call constant: 1 for `invert`,
//! R² mod p for `invert_mont` (then `d = x⁻¹R²`, i.e. the Montgomery form of the inverse), so the
//! Montgomery correction costs nothing.
//!
//! The variable-time path uses the original divsteps with the bulk-zero and multi-bit
//! cancellation tricks of libsecp256k1's `divsteps_62_var`, stops as soon as `g = 0`, and drops
//! limbs of `f, g` as they shrink.
//!
//! Legendre symbol: Pornin's optimised binary GCD (eprint 2020/972) on non-negative values with
//! 128-bit approximations, 62 iterations per batch and 2·64N iterations in all, tracking the
//! Jacobi symbol with quadratic reciprocity on swaps and (2/b) on halvings (as blst's
//! `ct_is_square_mod_384`). Divsteps are unsuited there: reciprocity needs the signs of `f, g`,
//! which the low-word batches do not know.

mod ct;
mod vartime;

use crate::bigint::BigInt;
use crate::montgomery::mont_r2;

/// Low 62 bits.
const M62: u64 = u64::MAX >> 2;

/// A signed integer in `N + 1` limbs of 62 bits: `Σ lo[i]·2^(62i) + top·2^(62N)`. In canonical
/// form `lo[i] ∈ [0, 2^62)` and `top` carries the sign; intermediate forms may have signed `lo`.
#[derive(Clone, Copy)]
struct S62<const N: usize> {
    lo: [i64; N],
    top: i64,
}

impl<const N: usize> S62<N> {
    const ZERO: Self = S62 { lo: [0; N], top: 0 };

    /// Limb `i` (`i ≤ N`); `i` is public, so the branch folds away after unrolling.
    #[inline(always)]
    fn get(&self, i: usize) -> i64 {
        if i < N { self.lo[i] } else { self.top }
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: i64) {
        if i < N {
            self.lo[i] = v;
        } else {
            self.top = v;
        }
    }

    /// Splits a (non-negative) `BigInt` into 62-bit limbs.
    const fn from_bigint(a: &BigInt<N>) -> Self {
        let mut r = Self::ZERO;
        let mut j = 0;
        while j <= N {
            let bit = 62 * j;
            let (w, s) = (bit / 64, bit % 64);
            let mut x = 0u64;
            if w < N {
                x = a.0[w] >> s;
                if s > 2 && w + 1 < N {
                    x |= a.0[w + 1] << (64 - s);
                }
            }
            let x = (x & M62) as i64;
            if j < N {
                r.lo[j] = x;
            } else {
                r.top = x;
            }
            j += 1;
        }
        r
    }

    /// Packs a canonical, non-negative value below 2^(64N) into 64-bit limbs.
    #[inline(always)]
    fn to_bigint(self) -> BigInt<N> {
        let mut out = [0u64; N];
        for j in 0..=N {
            let limb = self.get(j) as u64;
            let bit = 62 * j;
            let (w, s) = (bit / 64, bit % 64);
            if w < N {
                out[w] |= limb << s;
            }
            if s > 2 && w + 1 < N {
                out[w + 1] |= limb >> (64 - s);
            }
        }
        BigInt(out)
    }

    /// `self + (p & mask)` then carry propagation back to canonical form.
    #[inline(always)]
    fn add_masked(&mut self, p: &Self, mask: i64) {
        let mut c = 0i64;
        for i in 0..N {
            let x = self.lo[i] + (p.lo[i] & mask) + c;
            self.lo[i] = x & M62 as i64;
            c = x >> 62;
        }
        self.top += (p.top & mask) + c;
    }

    /// Negates when `mask` is all ones, then propagates carries.
    #[inline(always)]
    fn neg_masked(&mut self, mask: i64) {
        let mut c = 0i64;
        for i in 0..N {
            let x = ((self.lo[i] ^ mask) - mask) + c;
            self.lo[i] = x & M62 as i64;
            c = x >> 62;
        }
        self.top = ((self.top ^ mask) - mask) + c;
    }
}

/// A 2×2 transition matrix `[[u, v], [q, r]]` scaled by 2^62: it maps `(f, g)` to
/// `((u·f + v·g)/2^62, (q·f + r·g)/2^62)`. Invariant: `|u| + |v| ≤ 2^62`, `|q| + |r| ≤ 2^62`.
#[derive(Clone, Copy)]
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// Per-modulus precomputed data, built at compile time:
/// `const INV: ModInverter<6> = ModInverter::new(&P);`.
#[derive(Clone, Copy)]
pub struct ModInverter<const N: usize> {
    /// The modulus in 64-bit limbs.
    p: BigInt<N>,
    /// The modulus in signed 62-bit limbs.
    p62: S62<N>,
    /// `p⁻¹ mod 2^62`.
    pinv62: u64,
    /// R² mod p in 62-bit limbs: the initial Bézout coefficient that yields Montgomery form.
    r2: S62<N>,
    /// Number of full batches of 60 half-delta divsteps, and the length of the final short batch.
    full_batches: usize,
    last_batch: u32,
}

impl<const N: usize> ModInverter<N> {
    /// Precomputes the constants for the odd modulus `p > 1` (panics, at compile time in a
    /// `const`, otherwise).
    pub const fn new(p: &BigInt<N>) -> Self {
        assert!(N >= 1 && N <= 30, "ModInverter supports 1 to 30 limbs");
        assert!(p.0[0] & 1 == 1, "ModInverter needs an odd modulus");
        assert!(
            !p.eq_vartime(&BigInt::ONE),
            "ModInverter needs a modulus greater than 1"
        );
        // p⁻¹ mod 2^64 by Newton iteration (each step doubles the number of correct bits).
        let mut inv: u64 = 1;
        let mut i = 0;
        while i < 6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p.0[0].wrapping_mul(inv)));
            i += 1;
        }
        // Half-delta divstep bound (safegcd-bounds); valid for M ≥ 4257874, i.e. from 23 bits
        // on, and the bound for a larger M covers every smaller one.
        let mut bits = p.num_bits_vartime() as usize;
        if bits < 23 {
            bits = 23;
        }
        let steps = (3787 * bits + 2166) / 1644;
        Self {
            p: *p,
            p62: S62::from_bigint(p),
            pinv62: inv & M62,
            r2: S62::from_bigint(&mont_r2(p)),
            full_batches: steps / 60,
            last_batch: (steps % 60) as u32,
        }
    }

    /// The modulus.
    pub const fn modulus(&self) -> &BigInt<N> {
        &self.p
    }

    /// Total number of divsteps the constant-time inversion performs (public, fixed by `p`).
    pub const fn ct_divsteps(&self) -> usize {
        self.full_batches * 60 + self.last_batch as usize
    }

    /// `a⁻¹ mod p` for `a < p`, and 0 for `a = 0`. Constant time.
    pub fn invert(&self, a: &BigInt<N>) -> BigInt<N> {
        let one = {
            let mut o = S62::ZERO;
            o.lo[0] = 1;
            o
        };
        self.invert_ct_with(a, &one)
    }

    /// Input `x = a·R mod p` (Montgomery form, R = 2^(64N)), output `a⁻¹·R mod p`; 0 for 0.
    /// Constant time, and the same cost as [`Self::invert`]: the Montgomery correction is the
    /// initial Bézout coefficient R² instead of 1.
    pub fn invert_mont(&self, x: &BigInt<N>) -> BigInt<N> {
        self.invert_ct_with(x, &self.r2)
    }

    /// `a⁻¹ mod p` for public `a < p`; `None` for 0 (or any `a` not coprime to `p`).
    pub fn invert_vartime(&self, a: &BigInt<N>) -> Option<BigInt<N>> {
        let one = {
            let mut o = S62::ZERO;
            o.lo[0] = 1;
            o
        };
        self.invert_var_with(a, &one)
    }

    /// [`Self::invert_mont`] for public inputs; `None` for 0 (or any input not coprime to `p`).
    pub fn invert_mont_vartime(&self, x: &BigInt<N>) -> Option<BigInt<N>> {
        self.invert_var_with(x, &self.r2)
    }

    /// Legendre symbol `(a/p)` for an odd prime `p` and `a < p`: 1, −1, or 0 for `a = 0`.
    /// Constant time.
    pub fn legendre(&self, a: &BigInt<N>) -> i8 {
        self.legendre_ct(a)
    }

    /// [`Self::legendre`] for public inputs: stops as soon as the GCD is reached.
    pub fn legendre_vartime(&self, a: &BigInt<N>) -> i8 {
        self.legendre_var(a)
    }

    /// `d, e ← (u·d + v·e)/2^62, (q·d + r·e)/2^62 mod p`, keeping both in `(-2p, p)`.
    ///
    /// A multiple `md·p` (resp. `me·p`) is added so that the low 62 bits cancel; `md` starts at
    /// `u` or `v` when `d` or `e` is negative, which keeps the results above `-2p`
    /// (libsecp256k1's `update_de` argument).
    #[inline(always)]
    fn update_de(&self, d: &mut S62<N>, e: &mut S62<N>, t: &Trans) {
        let Trans { u, v, q, r } = *t;
        let sd = d.top >> 63;
        let se = e.top >> 63;
        let mut md = (u & sd) + (v & se);
        let mut me = (q & sd) + (r & se);
        let (d0, e0) = (d.lo[0] as i128, e.lo[0] as i128);
        let mut cd = u as i128 * d0 + v as i128 * e0;
        let mut ce = q as i128 * d0 + r as i128 * e0;
        md -= (self.pinv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64;
        me -= (self.pinv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64;
        let p0 = self.p62.lo[0] as i128;
        cd += p0 * md as i128;
        ce += p0 * me as i128;
        debug_assert!(cd as u64 & M62 == 0 && ce as u64 & M62 == 0);
        cd >>= 62;
        ce >>= 62;
        // Limbs 1..N, then the top limb, written out separately so that no index test remains
        // and the loop unrolls.
        let mut step = |di: i64, ei: i64, pi: i64| {
            let (di, ei, pi) = (di as i128, ei as i128, pi as i128);
            cd += u as i128 * di + v as i128 * ei + pi * md as i128;
            ce += q as i128 * di + r as i128 * ei + pi * me as i128;
            let out = ((cd as u64 & M62) as i64, (ce as u64 & M62) as i64);
            cd >>= 62;
            ce >>= 62;
            out
        };
        for i in 1..N {
            (d.lo[i - 1], e.lo[i - 1]) = step(d.lo[i], e.lo[i], self.p62.lo[i]);
        }
        (d.lo[N - 1], e.lo[N - 1]) = step(d.top, e.top, self.p62.top);
        d.top = cd as i64;
        e.top = ce as i64;
    }

    /// Maps `d ∈ (-2p, p)` to `sign·d mod p ∈ [0, p)` (`sign_mask` all ones for −1). Constant time.
    #[inline(always)]
    fn normalize(&self, mut d: S62<N>, sign_mask: i64) -> BigInt<N> {
        d.add_masked(&self.p62, d.top >> 63); // (-p, p)
        d.neg_masked(sign_mask); // (-p, p)
        d.add_masked(&self.p62, d.top >> 63); // [0, p)
        d.to_bigint()
    }
}
