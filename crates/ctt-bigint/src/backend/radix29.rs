//! Montgomery kernels in radix 2^29 with deferred carries: the WebAssembly backend.
//!
//! Why: wasm has a native 64×64→64-bit `i64.mul` but no high half and no carry flag, so the
//! 64-bit-limb kernels ([`crate::mac_split`]) spend most of their instructions recombining four
//! 32×32-bit products and turning carries into comparisons. Here an operand is split into
//! `L = ⌈64N/29⌉` limbs of 29 bits (14 for a 6-limb modulus, 9 for a 4-limb one); a product of
//! two limbs is below 2^58, so every column of the product and of the reduction is a plain sum
//! of `u64` values with no carry handling until the end: one multiplication and one addition per
//! limb pair. For 9 and 14 limbs the kernels are straight-line product scanning with the
//! reduction interleaved (`generated/radix29.rs`, from `asm/wasm/gen_radix29.py`, which says why
//! they are generated); other sizes run the same arithmetic as loops. The square uses the
//! product's symmetric half. The radix and the deferred carries are the ones Mitscha-Baude used
//! for the ZPrize 2022 WebAssembly MSM ("Montgomery multiplication with 29-bit limbs", 2022);
//! the reduction is Montgomery's (Math. Comp. 1985).
//!
//! The Montgomery radix stays `R = 2^(64N)` (the representation the rest of the stack and its
//! constants use) although the loop divides by `2^(29L)`: the first operand enters shifted left
//! by `s = 29L − 64N` bits (5 for 4 limbs, 22 for 6), so the result is
//! `a·2^s·b / 2^(29L) = a·b / R (mod p)`. The shift costs nothing: it is where the split starts.
//!
//! Bounds (`p` with a spare bit, `2p < R`; `a < 2^(64N)`, `b < p`): `a·2^s < 2^(29L)`, so the
//! reduced value is below `a·b/R + p < 2p` when `a < 2p`, and one conditional subtraction makes
//! it canonical. A column collects at most `L` products from the multiplication (or their
//! equivalent `2^e`-scaled square terms, `e ≤ 1`: `2L`) and `L` from the reduction, each below
//! 2^58, plus a carry below 2^35: `3L·2^58 < 2^64` for `L ≤ 18`, so no column overflows for
//! `N ≤ 8`.
//!
//! Measured (idle AMD Zen 4, Node 20 and 24, against the 64-bit-limb kernel on `mac_split`):
//! 4-limb fields gain (BN254 pairing check 2.34 → 1.67 ms, MiMCSponge 106 → 65 µs); the 6-limb
//! product does not (BLS12-381 Fp product 129 → 127 ns: 392 `i64.mul` against 288 with carry
//! logic), its square does (130 → 102 ns).
//!
//! Constant time: loops run over `N` and `L` (public), no branch or index depends on a value.
//! Built and tested on every target (`tests/radix29.rs` against the portable kernels), chosen
//! by the dispatcher on `target_family = "wasm"` only.

use crate::BigInt;
use crate::montgomery::{has_spare_bit, sub_if_ge};

#[rustfmt::skip]
#[path = "generated/radix29.rs"]
mod generated;

/// Limb width.
const W: u32 = 29;
/// Mask of one limb.
const MASK: u64 = (1 << W) - 1;
/// Most limbs supported: 8 64-bit limbs are 18 limbs of 29 bits.
const MAX: usize = 18;

/// Radix-2^29 limbs of an `N`-limb value: `⌈64N/29⌉`.
pub const fn limbs<const N: usize>() -> usize {
    (64 * N).div_ceil(W as usize)
}

/// The shift of the first operand that makes the loop's `2^(29L)` divisor the stack's `R`.
const fn shift<const N: usize>() -> u32 {
    (W as usize * limbs::<N>() - 64 * N) as u32
}

/// Whether these kernels serve `p`: at most 8 limbs and a spare bit (`2p < R`).
pub const fn applies<const N: usize>(p: &BigInt<N>) -> bool {
    N >= 1 && N <= 8 && has_spare_bit(p)
}

/// `x·2^s` (for `s < 29`) as `L` limbs of 29 bits.
#[inline(always)]
fn split<const N: usize>(x: &BigInt<N>, s: u32) -> [u64; MAX] {
    let mut out = [0u64; MAX];
    for (k, limb) in out.iter_mut().enumerate().take(limbs::<N>()) {
        // Limb k holds bits [29k − s, 29k − s + 29) of x.
        let start = (W as usize * k) as isize - s as isize;
        let v = if start < 0 {
            x.0[0] << (-start) as u32
        } else {
            let (w, b) = (start as usize / 64, start as u32 % 64);
            let mut v = if w < N { x.0[w] >> b } else { 0 };
            if b + W > 64 && w + 1 < N {
                v |= x.0[w + 1] << (64 - b);
            }
            v
        };
        *limb = v & MASK;
    }
    out
}

/// `L` normalised limbs (each below 2^29) as an `N`-limb value; bits at and above `64N` must be
/// zero (they are: every caller's value is below `2p < R`).
#[inline(always)]
fn join<const N: usize>(t: &[u64; MAX]) -> BigInt<N> {
    let mut out = [0u64; N];
    for k in 0..limbs::<N>() {
        let (w, b) = ((W as usize * k) / 64, (W as usize * k) as u32 % 64);
        let v = t[k];
        if w < N {
            out[w] |= v << b;
        }
        if b + W > 64 && w + 1 < N {
            out[w + 1] |= v >> (64 - b);
        }
    }
    BigInt(out)
}

/// `(x·y + Q·p) / 2^(29L)` as normalised limbs: the generated straight-line kernels for `L` =
/// 9 and 14, loops otherwise.
#[inline(always)]
fn redc_mul<const N: usize>(x: &[u64; MAX], y: &[u64; MAX], p: &[u64; MAX], n0: u64) -> [u64; MAX] {
    match limbs::<N>() {
        9 => generated::redc_mul_l9(x, y, p, n0),
        14 => generated::redc_mul_l14(x, y, p, n0),
        l => {
            let mut t = [0u64; 2 * MAX];
            mul_into(&mut t, x, y, l);
            reduce_columns(&mut t, p, n0, l)
        }
    }
}

/// `(2^e·x² + Q·p) / 2^(29L)` as normalised limbs (`e` ∈ {0, 1}).
#[inline(always)]
fn redc_sqr<const N: usize>(x: &[u64; MAX], e: u32, p: &[u64; MAX], n0: u64) -> [u64; MAX] {
    match limbs::<N>() {
        9 => generated::redc_sqr_l9(x, e, p, n0),
        14 => generated::redc_sqr_l14(x, e, p, n0),
        l => {
            let mut t = [0u64; 2 * MAX];
            for i in 0..l {
                t[2 * i] += (x[i] << e) * x[i];
                let xi2 = x[i] << (1 + e);
                for j in i + 1..l {
                    t[i + j] += xi2 * x[j];
                }
            }
            reduce_columns(&mut t, p, n0, l)
        }
    }
}

/// Columns `t[i + j] += x[i]·y[j]`: the product, carries deferred (the loop form, for sizes
/// without a generated kernel).
#[inline(always)]
fn mul_into(t: &mut [u64; 2 * MAX], x: &[u64; MAX], y: &[u64; MAX], l: usize) {
    for i in 0..l {
        for j in 0..l {
            t[i + j] += x[i] * y[j];
        }
    }
}

/// Montgomery reduction of the columns `t` by `2^(29l)` (operand scanning, one limb at a time),
/// carries resolved at the end: `(t + Q·p)/2^(29l)` as normalised limbs.
#[inline(always)]
fn reduce_columns(t: &mut [u64; 2 * MAX], p: &[u64; MAX], n0: u64, l: usize) -> [u64; MAX] {
    // −p⁻¹ mod 2^29 is the low part of −p⁻¹ mod 2^64.
    let n0 = n0 & MASK;
    for i in 0..l {
        // Only the low 29 bits of the column matter for q; the product may wrap.
        let q = t[i].wrapping_mul(n0) & MASK;
        for j in 0..l {
            t[i + j] += q * p[j];
        }
        // Column i is now 0 mod 2^29: move its high part up.
        t[i + 1] += t[i] >> W;
    }
    let mut r = [0u64; MAX];
    for k in l..2 * l {
        if k + 1 < 2 * l {
            t[k + 1] += t[k] >> W;
        }
        r[k - l] = t[k] & MASK;
    }
    r
}

/// Unreduced Montgomery product: `≡ a·b·R⁻¹ (mod p)` and below `a·b/R + p`, for `a < 2^(64N)`,
/// `b < 2^(64N)` with `a·b/R + p < R` (so `< 2p` for `a < 2p, b < p`, or for `a, b < 2p` when
/// `4p < R`). Requires [`applies`].
#[inline(always)]
pub fn mont_mul_nonred<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    let (x, y) = (split(a, shift::<N>()), split(b, 0));
    join(&redc_mul::<N>(&x, &y, &split(p, 0), n0))
}

/// Montgomery product `a·b·R⁻¹ mod p`, fully reduced, for `a < 2p` and `b < p` (either order).
/// Requires [`applies`].
#[inline(always)]
pub fn mont_mul<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    sub_if_ge(&mont_mul_nonred(a, b, p, n0), 0, p)
}

/// Montgomery square `a²·R⁻¹ mod p`, fully reduced, for `a < p`: the product's symmetric half
/// (`L(L+1)/2` limb products instead of `L²`). The shift `s = 2h + e` is shared by the two
/// factors: `x = a·2^h` is split once and the columns take `2^e·x²` (cross terms doubled once
/// more), whose columns hold the same sums as a plain product's times `2^e ≤ 2`, within the
/// columns' bound (module documentation). Requires [`applies`].
#[inline(always)]
pub fn mont_sqr<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    let (h, e) = (shift::<N>() / 2, shift::<N>() % 2);
    let r = redc_sqr::<N>(&split(a, h), e, &split(p, 0), n0);
    sub_if_ge(&join(&r), 0, p)
}

/// Fp2 product `(a0 + a1·u)(b0 + b1·u)` with `u² = −1` (operands `< p`), fully reduced, by
/// Karatsuba on three products: `v0 = a0·b0`, `v1 = a1·b1`, `s = (a0 + a1)(b0 + b1)` (`a0 + a1`
/// unreduced below 2p as the shifted operand), `c0 = v0 − v1`, `c1 = s − v0 − v1`.
///
/// Measured dead end (Node 20 and 24, BLS12-381): each coefficient as one reduction of two
/// products summed in the columns (`c0 = a0·b0 + (p − a1)·b1`, `c1 = a0·b1 + a1·b0`; 4 products
/// and 2 reductions, a straight-line kernel with five operands live) took 750–770 ns against
/// 420–460 ns here: V8 spills the operands of the larger kernel. Requires [`applies`].
#[inline]
pub fn fp2_mul<const N: usize>(
    a: &[BigInt<N>; 2],
    b: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    fp2_mul_with(a, b, p, |x, y| mont_mul(x, y, p, n0))
}

/// [`fp2_mul`] on the Montgomery product `mul` (a [`mont_mul`] kept out of line by the caller:
/// three kernels inlined into one function ran 10–45 % slower in V8, which then spills).
#[inline(always)]
pub fn fp2_mul_with<const N: usize>(
    a: &[BigInt<N>; 2],
    b: &[BigInt<N>; 2],
    p: &BigInt<N>,
    mul: impl Fn(&BigInt<N>, &BigInt<N>) -> BigInt<N>,
) -> [BigInt<N>; 2] {
    use crate::montgomery::{add_mod, sub_mod};
    let v0 = mul(&a[0], &b[0]);
    let v1 = mul(&a[1], &b[1]);
    let s = mul(&a[0].wrapping_add(&a[1]), &add_mod(&b[0], &b[1], p));
    [sub_mod(&v0, &v1, p), sub_mod(&sub_mod(&s, &v0, p), &v1, p)]
}

/// Fp2 square `(a0 + a1·u)²` with `u² = −1` (operand `< p`), fully reduced:
/// `[(a0 + a1)(a0 − a1), 2·a0·a1]`, two products whose shifted operand (`a0 + a1`, `2·a0`) stays
/// unreduced below `2p`. Requires [`applies`].
#[inline]
pub fn fp2_sqr<const N: usize>(a: &[BigInt<N>; 2], p: &BigInt<N>, n0: u64) -> [BigInt<N>; 2] {
    fp2_sqr_with(a, p, |x, y| mont_mul(x, y, p, n0))
}

/// [`fp2_sqr`] on the Montgomery product `mul` (as [`fp2_mul_with`]).
#[inline(always)]
pub fn fp2_sqr_with<const N: usize>(
    a: &[BigInt<N>; 2],
    p: &BigInt<N>,
    mul: impl Fn(&BigInt<N>, &BigInt<N>) -> BigInt<N>,
) -> [BigInt<N>; 2] {
    let d = crate::montgomery::sub_mod(&a[0], &a[1], p);
    let s = a[0].wrapping_add(&a[1]);
    let t = a[0].wrapping_add(&a[0]);
    [mul(&s, &d), mul(&t, &a[1])]
}
