//! The portable backend: the `const fn` kernels of [`crate::montgomery`], exported with the same
//! signatures as the assembly backends so tests and benchmarks can call each by name.

use crate::BigInt;

/// Montgomery product `a·b·R⁻¹ mod p` for `a, b < p`.
#[inline]
pub fn mont_mul<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    crate::montgomery::mont_mul(a, b, p, n0)
}

/// Montgomery square `a²·R⁻¹ mod p` for `a < p`.
#[inline]
pub fn mont_sqr<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    crate::montgomery::mont_sqr(a, p, n0)
}

/// Unreduced Montgomery product: `< 2p` for `a, b < 2p`, when `4p < R`.
#[inline]
pub fn mont_mul_nonred<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    crate::montgomery::mont_mul_nonred(a, b, p, n0)
}

/// The double-width product `(lo, hi)`.
#[inline]
pub fn mul_wide<const N: usize>(a: &BigInt<N>, b: &BigInt<N>) -> (BigInt<N>, BigInt<N>) {
    crate::montgomery::mul_wide(a, b)
}

/// Montgomery reduction of `hi·R + lo` for `hi < p`, fully reduced.
#[inline]
pub fn redc_wide<const N: usize>(
    lo: &BigInt<N>,
    hi: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    crate::montgomery::redc_wide(lo, hi, p, n0)
}

/// Fp2 product `(a0 + a1·u)(b0 + b1·u)` with `u² = −1` (operands `< p`), fully reduced: Karatsuba
/// with lazy reduction when `p` has a spare bit (Aranha et al., eprint 2010/526): three double-width products, two
/// reductions. Bounds (`2p < R`): `a0 + a1, b0 + b1 < 2p` fit `N` words; `v0, v1 < p²`;
/// `c0 = v0 − v1` is taken modulo `p·R` (adding `p·R` on a borrow), so `c0 < p·R`;
/// `c1 = s − v0 − v1 = a0·b1 + a1·b0 < 2p² < p·R`: both are valid [`redc_wide`] inputs.
/// Without a spare bit: Karatsuba on reduced values (3 Montgomery products).
#[inline]
pub fn fp2_mul<const N: usize>(
    a: &[BigInt<N>; 2],
    b: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    use crate::montgomery as m;
    if !m::has_spare_bit(p) {
        let v0 = m::mont_mul(&a[0], &b[0], p, n0);
        let v1 = m::mont_mul(&a[1], &b[1], p, n0);
        let s = m::mont_mul(
            &m::add_mod(&a[0], &a[1], p),
            &m::add_mod(&b[0], &b[1], p),
            p,
            n0,
        );
        return [
            m::sub_mod(&v0, &v1, p),
            m::sub_mod(&m::sub_mod(&s, &v0, p), &v1, p),
        ];
    }
    let v0 = m::mul_wide(&a[0], &b[0]);
    let v1 = m::mul_wide(&a[1], &b[1]);
    let s = m::mul_wide(&a[0].wrapping_add(&a[1]), &b[0].wrapping_add(&b[1]));
    let c0 = m::sub_wide_mod(&v0, &v1, p);
    let c1 = m::sub_wide(&m::sub_wide(&s, &v0), &v1);
    [
        m::redc_wide(&c0.0, &c0.1, p, n0),
        m::redc_wide(&c1.0, &c1.1, p, n0),
    ]
}

/// Fp2 square `(a0 + a1·u)²` with `u² = −1` (operand `< p`), fully reduced, as
/// `[(a0 + a1)(a0 − a1), 2·a0·a1]` with 2 Montgomery products. When `4p < R` the sum `a0 + a1`
/// and `2·a0` stay unreduced (`< 2p`): the no-carry product accepts one operand below `2p`
/// (`t < 3p < R` in every row, result `< 2p²/R + p < 2p` before the final subtraction).
#[inline]
pub fn fp2_sqr<const N: usize>(a: &[BigInt<N>; 2], p: &BigInt<N>, n0: u64) -> [BigInt<N>; 2] {
    use crate::montgomery as m;
    let d = m::sub_mod(&a[0], &a[1], p);
    if !m::has_two_spare_bits(p) {
        let s = m::add_mod(&a[0], &a[1], p);
        let c = m::mont_mul(&a[0], &a[1], p, n0);
        return [m::mont_mul(&s, &d, p, n0), m::add_mod(&c, &c, p)];
    }
    let s = a[0].wrapping_add(&a[1]);
    let t = a[0].wrapping_add(&a[0]);
    [m::mont_mul(&s, &d, p, n0), m::mont_mul(&t, &a[1], p, n0)]
}

/// `Σ x_k·y_k` in Fp2 (`u² = −1`, operands `< p`), fully reduced: [`fp2_mul`] per term and
/// modular additions (the reference for the fused kernels, which give the same canonical value).
#[inline]
pub fn fp2_sum_of_products<const N: usize, const K: usize>(
    x: &[[BigInt<N>; 2]; K],
    y: &[[BigInt<N>; 2]; K],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    use crate::montgomery::add_mod;
    let mut acc = [BigInt::ZERO; 2];
    for k in 0..K {
        let t = fp2_mul(&x[k], &y[k], p, n0);
        acc = [add_mod(&acc[0], &t[0], p), add_mod(&acc[1], &t[1], p)];
    }
    acc
}

/// `r[..a.len()] += a·b`, returning the carry limb: one row of a schoolbook product (GMP's
/// `mpn_addmul_1`), for the variable-length arithmetic of MODEXP. `r` must be at least as long
/// as `a`. Unrolled by four so that the next products issue while the carry chain retires.
#[inline]
pub fn addmul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let n = a.len();
    let r = &mut r[..n];
    let mut carry = 0u64;
    let mut rc = r.chunks_exact_mut(4);
    let mut ac = a.chunks_exact(4);
    let b = b as u128;
    for (r4, a4) in (&mut rc).zip(&mut ac) {
        for k in 0..4 {
            // a·b + r + carry ≤ (2^64 − 1)² + 2(2^64 − 1) = 2^128 − 1: no overflow.
            let t = (a4[k] as u128) * b + r4[k] as u128 + carry as u128;
            r4[k] = t as u64;
            carry = (t >> 64) as u64;
        }
    }
    for (ri, &ai) in rc.into_remainder().iter_mut().zip(ac.remainder()) {
        let t = (ai as u128) * b + *ri as u128 + carry as u128;
        *ri = t as u64;
        carry = (t >> 64) as u64;
    }
    carry
}
