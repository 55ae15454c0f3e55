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
