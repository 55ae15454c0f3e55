//! Montgomery arithmetic, portable and `const`: the reference every backend is tested against.
//!
//! Assumptions: the modulus `p` is odd and `p > 1`; inputs to multiplication are `< p`; R = 2^(64N).
//! `n0 = -p⁻¹ mod 2^64`. One exception, the unit radix: for a pseudo-Mersenne modulus
//! `p = 2^(64N) − c` with `c < 2^64` ([`crandall_c`]), `n0 = UNIT_RADIX_N0` selects `R = 1`, where
//! the "Montgomery product" is the plain `a·b mod p`, reduced by folding the high half (see
//! [`UNIT_RADIX_N0`]). Every function here runs in time independent of the values (loops over
//! the public `N`; the final subtraction is a mask select), so they double as the constant-time
//! portable backend and as compile-time derivation of field constants.
//!
//! Algorithms: CIOS (Koç–Acar–Kaliski 1996) and, when the top limb of `p` leaves a spare bit
//! (`p[N-1] < 2^63 - 1`), the "no-carry" CIOS of Botrel–Gutoski–Piellard / El Housni–Botrel
//! (eprint 2022/1400, Algorithm 2), which drops the two extra words of `t` and the carry between
//! rows: about N² fewer additions.

use crate::bigint::{BigInt, adc, mac, sbb};

/// `-p⁻¹ mod 2^64` for odd `p0` (Newton iteration: each step doubles the correct low bits).
pub const fn mont_n0(p0: u64) -> u64 {
    assert!(p0 & 1 == 1, "Montgomery needs an odd modulus");
    let mut inv: u64 = 1; // correct to 1 bit (p0 odd)
    let mut i = 0;
    while i < 6 {
        // 1 → 2 → 4 → … → 64 bits
        inv = inv.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// The `n0` that selects the unit radix `R = 1` in every product of this module and of the
/// backends: `a·b·R⁻¹ mod p` is then `a·b mod p`, computed for `p = 2^(64N) − c` ([`crandall_c`]
/// non-zero) by folding the high half of the product with `2^(64N) ≡ c` twice ([`crandall_mul`]):
/// independent multiplications by `c` where Montgomery's rounds wait on each other, so a lower
/// latency (libsecp256k1's `secp256k1_fe_mul` reduces secp256k1's field elements this way; Crandall,
/// US patent 5,159,632). No odd modulus has this `n0` (`−p⁻¹` is odd), so it cannot be mistaken for
/// a Montgomery one. A field that adopts it keeps its elements in plain form: `R`, `R²` and
/// `R³` are 1 and converting in or out is a reduction.
pub const UNIT_RADIX_N0: u64 = 0;

/// `c` when `p = 2^(64N) − c` with `1 ≤ c < 2^64` (a pseudo-Mersenne modulus such as secp256k1's
/// `2^256 − 2^32 − 977`: every limb above the lowest is all ones), else 0.
pub const fn crandall_c<const N: usize>(p: &BigInt<N>) -> u64 {
    if N < 2 || p.0[0] == 0 {
        return 0;
    }
    let mut i = 1;
    while i < N {
        if p.0[i] != u64::MAX {
            return 0;
        }
        i += 1;
    }
    p.0[0].wrapping_neg()
}

/// `a·b mod p` for `p = 2^(64N) − c`, `1 ≤ c < 2^64` ([`crandall_c`]), any `a, b < 2^(64N)`, the
/// result fully reduced; constant time. The product `hi·2^(64N) + lo` folds to `u = lo + hi·c`
/// (`u < 2^(64N)·(c + 1)`: one top word `u_N ≤ c`), then to `v = (u mod 2^(64N)) + u_N·c`
/// (`v < 2^(64N) + c² + c`, carry `k`); the last step picks `s = (v mod 2^(64N)) + c` (carry `k2`)
/// when `k + k2 > 0` — for `k = 1`, `v − 2^(64N) + c` (small, so `k2 = 0`); for `k2 = 1`, `v ≥ p`
/// and `v − p = s − 2^(64N)` — and `v` otherwise.
#[inline]
pub const fn crandall_mul<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
) -> BigInt<N> {
    let (lo, hi) = mul_wide(a, b);
    let c = p.0[0].wrapping_neg();
    // u = lo + hi·c: each step (hi_i·c + t_i + carry) stays below 2^128.
    let mut t = lo.0;
    let mut top = 0u64;
    let mut i = 0;
    while i < N {
        (t[i], top) = mac(t[i], hi.0[i], c, top);
        i += 1;
    }
    // v = (u mod 2^(64N)) + top·c, carry k.
    let mut k;
    (t[0], k) = mac(t[0], top, c, 0);
    i = 1;
    while i < N {
        (t[i], k) = adc(t[i], 0, k);
        i += 1;
    }
    // s = (v mod 2^(64N)) + c, carry k2.
    let mut s = [0u64; N];
    let mut k2;
    (s[0], k2) = adc(t[0], c, 0);
    i = 1;
    while i < N {
        (s[i], k2) = adc(t[i], 0, k2);
        i += 1;
    }
    // As in `sub_if_ge`: the mask hidden from LLVM so that the blend stays arithmetic.
    let mask = core::hint::black_box((k | k2).wrapping_neg());
    let mut out = [0u64; N];
    i = 0;
    while i < N {
        out[i] = (s[i] & mask) | (t[i] & !mask);
        i += 1;
    }
    BigInt(out)
}

/// Whether the no-carry CIOS applies: the top limb of `p` is below 2^63 − 1.
pub const fn has_spare_bit<const N: usize>(p: &BigInt<N>) -> bool {
    p.0[N - 1] < (1u64 << 63) - 1
}

/// `(2·x) mod p` for `x < p`, constant time.
const fn double_mod<const N: usize>(x: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    let (d, carry) = x.add_with_carry(x);
    sub_if_ge(&d, carry, p)
}

/// Given `t + carry·2^(64N) < 2p`, returns it reduced below `p` (mask select, no branch).
#[inline(always)]
pub const fn sub_if_ge<const N: usize>(t: &BigInt<N>, carry: u64, p: &BigInt<N>) -> BigInt<N> {
    let (r, borrow) = t.sub_with_borrow(p);
    // Keep t only when t < p, i.e. the subtraction borrowed and there was no carry.
    let (_, keep_t) = sbb(carry, 0, borrow);
    // `black_box` hides that the mask is 0 or all-ones. Without it LLVM recognised the masked
    // blend below as a `select` on the borrow bit and lowered it to a `test; jne` (rustc 1.95,
    // release, x86-64): a branch on secret data, found by tools/ctgrind. In `const` evaluation
    // `black_box` is the identity.
    let mask = core::hint::black_box(keep_t.wrapping_neg());
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = (t.0[i] & mask) | (r.0[i] & !mask);
        i += 1;
    }
    BigInt(out)
}

/// R mod p, i.e. 1 in the Montgomery domain.
pub const fn mont_r<const N: usize>(p: &BigInt<N>) -> BigInt<N> {
    pow2_mod(64 * N as u32, p)
}

/// R² mod p, the constant that converts into the Montgomery domain.
pub const fn mont_r2<const N: usize>(p: &BigInt<N>) -> BigInt<N> {
    pow2_mod(128 * N as u32, p)
}

/// R³ mod p (used to fold the Montgomery factors of an inversion into one multiplication).
pub const fn mont_r3<const N: usize>(p: &BigInt<N>) -> BigInt<N> {
    pow2_mod(192 * N as u32, p)
}

/// 2^k mod p by k modular doublings of 1 (compile-time use).
const fn pow2_mod<const N: usize>(k: u32, p: &BigInt<N>) -> BigInt<N> {
    // 1 mod p: p > 1, so 1 is already reduced.
    let mut x = BigInt::<N>::ONE;
    let mut i = 0;
    while i < k {
        x = double_mod(&x, p);
        i += 1;
    }
    x
}

/// Montgomery product `a·b·R⁻¹ mod p` for `a, b < p` (the plain `a·b mod p` for
/// [`UNIT_RADIX_N0`]).
#[inline]
pub const fn mont_mul<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    if n0 == UNIT_RADIX_N0 {
        crandall_mul(a, b, p)
    } else if has_spare_bit(p) {
        mont_mul_nocarry(a, b, p, n0)
    } else {
        mont_mul_cios(a, b, p, n0)
    }
}

/// Montgomery square `a²·R⁻¹ mod p`. Uses the multiplication: Constantine and our measurements find
/// a separate squaring no faster once the reduction dominates (Constantine's measurement, `limbs_montgomery.nim`, `squareMont`).
#[inline]
pub const fn mont_sqr<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    mont_mul(a, a, p, n0)
}

/// Montgomery reduction of a single-width value: `a·R⁻¹ mod p` (leaves the Montgomery domain).
#[inline]
pub const fn mont_redc<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    mont_mul(a, &BigInt::<N>::ONE, p, n0)
}

/// CIOS with the no-carry optimisation; requires `has_spare_bit(p)`. For `a, b < p` the
/// unreduced product of [`mont_mul_nonred`] is `< 2p`, so one conditional subtraction finishes.
#[inline]
pub const fn mont_mul_nocarry<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    sub_if_ge(&mont_mul_nonred(a, b, p, n0), 0, p)
}

/// Plain CIOS for any odd modulus (two extra words of headroom).
#[inline]
pub const fn mont_mul_cios<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    let mut t = [0u64; N];
    let mut t_n = 0u64; // word N
    let mut i = 0;
    while i < N {
        let bi = b.0[i];
        // t += a·b[i]
        let mut carry = 0;
        let mut j = 0;
        while j < N {
            (t[j], carry) = mac(t[j], a.0[j], bi, carry);
            j += 1;
        }
        let (tn, t_n1) = adc(t_n, carry, 0);
        // t = (t + m·p) / 2^64
        let m = t[0].wrapping_mul(n0);
        let (_, mut c) = mac(t[0], m, p.0[0], 0);
        let mut j = 1;
        while j < N {
            (t[j - 1], c) = mac(t[j], m, p.0[j], c);
            j += 1;
        }
        let (top, c2) = adc(tn, c, 0);
        t[N - 1] = top;
        t_n = t_n1 + c2;
        i += 1;
    }
    sub_if_ge(&BigInt(t), t_n, p)
}

/// Whether the unreduced ("lazy") kernels apply: `4p < R`, i.e. the top limb of `p` is below
/// 2^62 (two spare bits). Then Montgomery multiplication maps `[0, 2p) × [0, 2p)` into `[0, 2p)`
/// without its final subtraction (Walter 1999; Bos–Montgomery, eprint 2017/1057).
pub const fn has_two_spare_bits<const N: usize>(p: &BigInt<N>) -> bool {
    p.0[N - 1] < (1u64 << 62)
}

/// Montgomery product without the final subtraction: for `a, b < 2p` and `4p < R`
/// ([`has_two_spare_bits`]), returns `t ≡ a·b·R⁻¹ (mod p)` with `t < 2p`.
///
/// Bound (no-carry CIOS): before every row `t < a + p < 3p`, so a row's
/// `t + a·b[i] + m·p < 3p·2^64 < 2^(64(N+1))` fits the dropped-carry window, and at the end
/// `t = (a·b + M·p)/R < 4p²/R + p < 2p`.
/// With fully reduced inputs `a, b < p` the same loop needs only one spare bit (`has_spare_bit`)
/// and still returns `t < 2p`: that is how [`mont_mul_nocarry`] uses it.
#[inline]
pub const fn mont_mul_nonred<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        let bi = b.0[i];
        let (t0, mut hi_a) = mac(t[0], a.0[0], bi, 0);
        let m = t0.wrapping_mul(n0);
        let (_, mut hi_c) = mac(t0, m, p.0[0], 0);
        let mut j = 1;
        while j < N {
            let (tj, ha) = mac(t[j], a.0[j], bi, hi_a);
            hi_a = ha;
            let (tj1, hc) = mac(tj, m, p.0[j], hi_c);
            hi_c = hc;
            t[j - 1] = tj1;
            j += 1;
        }
        t[N - 1] = hi_c.wrapping_add(hi_a);
        i += 1;
    }
    BigInt(t)
}

/// Whether the fused Fp2 sum of `k` products ([`crate::backend::fp2_sum_of_products`]) may skip
/// all intermediate reductions: `2k·p < R`. BLS12-381's p (< 2^381) admits k ≤ 4; BN254's p
/// (≈ 0.19·2^256) k = 2.
pub const fn fp2_sum_of_products_fits<const N: usize>(p: &BigInt<N>, k: u64) -> bool {
    // 2k·p computed limb by limb; it fits when nothing carries out of the top limb.
    let mut carry = 0u64;
    let mut i = 0;
    while i < N {
        (_, carry) = mac(carry, p.0[i], 2 * k, 0);
        i += 1;
    }
    carry == 0
}

/// `x mod p` for `x < 2p` (the normalisation after [`mont_mul_nonred`] chains), constant time.
#[inline]
pub const fn reduce_once<const N: usize>(x: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    sub_if_ge(x, 0, p)
}

/// The full product `a·b` as `(lo, hi)`, `a·b = hi·2^(64N) + lo`. No reduction, no precondition.
/// Schoolbook, row by row (the first half of SOS Montgomery multiplication).
#[inline]
pub const fn mul_wide<const N: usize>(a: &BigInt<N>, b: &BigInt<N>) -> (BigInt<N>, BigInt<N>) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    let mut i = 0;
    while i < N {
        let mut carry = 0;
        let mut j = 0;
        while j < N {
            let k = i + j;
            if k < N {
                (lo[k], carry) = mac(lo[k], a.0[j], b.0[i], carry);
            } else {
                (hi[k - N], carry) = mac(hi[k - N], a.0[j], b.0[i], carry);
            }
            j += 1;
        }
        // Word i + N is still zero here.
        hi[i] = carry;
        i += 1;
    }
    (BigInt(lo), BigInt(hi))
}

/// Montgomery reduction of a double-width value: `(hi·R + lo)·R⁻¹ mod p`, fully reduced, for
/// `hi < p` (that is, the value is below `p·R`, the input bound of REDC) and a modulus with a
/// spare bit ([`has_spare_bit`]).
///
/// Bound: N reduction rows on `lo` alone give `u = (lo + M·p)/R ≤ p` (`lo < R`, `M < R`); each
/// row's window fits N words after the shift (`(t + m·p)/2^64 < 2^(64(N−1)) + p < R`). Then
/// `u + hi < 2p < R` (no carry out), and one conditional subtraction reduces it.
#[inline]
pub const fn redc_wide<const N: usize>(
    lo: &BigInt<N>,
    hi: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    let mut t = lo.0;
    let mut i = 0;
    while i < N {
        let m = t[0].wrapping_mul(n0);
        let (_, mut c) = mac(t[0], m, p.0[0], 0);
        let mut j = 1;
        while j < N {
            (t[j - 1], c) = mac(t[j], m, p.0[j], c);
            j += 1;
        }
        t[N - 1] = c;
        i += 1;
    }
    let (s, carry) = BigInt(t).add_with_carry(hi);
    sub_if_ge(&s, carry, p)
}

/// Double-width subtraction modulo `p·R`: for `x, y < p·R` given as `(lo, hi)` pairs, returns
/// `x − y` when `x ≥ y`, else `x − y + p·R` (both `< p·R`, still a valid [`redc_wide`] input).
/// Constant time (the correction is masked, as in [`sub_mod`]).
#[inline]
pub const fn sub_wide_mod<const N: usize>(
    x: &(BigInt<N>, BigInt<N>),
    y: &(BigInt<N>, BigInt<N>),
    p: &BigInt<N>,
) -> (BigInt<N>, BigInt<N>) {
    let (lo, b0) = x.0.sub_with_borrow(&y.0);
    let (hi, b1) = sub_with_borrow_in(&x.1, &y.1, b0);
    let mask = core::hint::black_box(b1.wrapping_neg());
    let mut pm = [0u64; N];
    let mut i = 0;
    while i < N {
        pm[i] = p.0[i] & mask;
        i += 1;
    }
    (lo, hi.wrapping_add(&BigInt(pm)))
}

/// Plain double-width subtraction `x − y` (the caller guarantees `x ≥ y`).
#[inline]
pub const fn sub_wide<const N: usize>(
    x: &(BigInt<N>, BigInt<N>),
    y: &(BigInt<N>, BigInt<N>),
) -> (BigInt<N>, BigInt<N>) {
    let (lo, b0) = x.0.sub_with_borrow(&y.0);
    let (hi, _) = sub_with_borrow_in(&x.1, &y.1, b0);
    (lo, hi)
}

/// `x − y − borrow`, with the outgoing borrow.
#[inline(always)]
const fn sub_with_borrow_in<const N: usize>(
    x: &BigInt<N>,
    y: &BigInt<N>,
    borrow: u64,
) -> (BigInt<N>, u64) {
    let mut out = [0u64; N];
    let mut b = borrow;
    let mut i = 0;
    while i < N {
        (out[i], b) = sbb(x.0[i], y.0[i], b);
        i += 1;
    }
    (BigInt(out), b)
}

/// `(a + b) mod p` for `a, b < p`, constant time.
#[inline]
pub const fn add_mod<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    let (s, carry) = a.add_with_carry(b);
    sub_if_ge(&s, carry, p)
}

/// `(a - b) mod p` for `a, b < p`, constant time.
#[inline]
pub const fn sub_mod<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    let (d, borrow) = a.sub_with_borrow(b);
    // Add p back when the subtraction borrowed: p & mask (opaque to LLVM, as in `sub_if_ge`).
    let mask = core::hint::black_box(borrow.wrapping_neg());
    let mut pm = [0u64; N];
    let mut i = 0;
    while i < N {
        pm[i] = p.0[i] & mask;
        i += 1;
    }
    d.wrapping_add(&BigInt(pm))
}

/// `(-a) mod p` for `a < p`, constant time (0 maps to 0).
#[inline]
pub const fn neg_mod<const N: usize>(a: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    sub_mod(&BigInt::<N>::ZERO, a, p)
}

/// `a^e` in the Montgomery domain (`a` and the result in Montgomery form, `one` = R mod p), by
/// square-and-multiply over the public exponent's bits. For compile-time constants and public
/// exponents.
pub const fn mont_pow_vartime<const N: usize, const M: usize>(
    a: &BigInt<N>,
    e: &BigInt<M>,
    one: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    let mut r = *one;
    let mut i = e.num_bits_vartime();
    while i > 0 {
        i -= 1;
        r = mont_sqr(&r, p, n0);
        if e.bit(i) == 1 {
            r = mont_mul(&r, a, p, n0);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    // BLS12-381 base field modulus (3 spare bits) and a 6-limb modulus without spare bit.
    const P381: BigInt<6> = BigInt::from_hex(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    );

    #[test]
    fn n0_inverts() {
        let n0 = mont_n0(P381.0[0]);
        assert_eq!(P381.0[0].wrapping_mul(n0), u64::MAX); // p·(−p⁻¹) ≡ −1
    }

    #[test]
    fn nocarry_equals_cios() {
        let n0 = mont_n0(P381.0[0]);
        let r2 = mont_r2(&P381);
        let mut x = BigInt::<6>([1, 2, 3, 4, 5, 6]);
        for _ in 0..100 {
            let a = mont_mul_cios(&x, &r2, &P381, n0);
            let b = mont_mul_nocarry(&x, &r2, &P381, n0);
            assert_eq!(a, b);
            x = a;
        }
        // Leaving the domain undoes entering it.
        let y = BigInt::<6>([7, 0, 0, 0, 0, 9]);
        assert_eq!(mont_redc(&mont_mul(&y, &r2, &P381, n0), &P381, n0), y);
    }
}
