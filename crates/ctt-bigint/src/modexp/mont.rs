//! Montgomery arithmetic for an odd modulus of any length (the odd part of a MODEXP modulus).
//!
//! Assumptions: `m` is odd, `m > 1`, its top limb is nonzero; R = 2^(64n) for `n = m.len()`;
//! operands are `< m`. Variable time (the final subtraction is a branch).
//!
//! Separated operand scanning (Koç–Acar–Kaliski, "Analyzing and Comparing Montgomery
//! Multiplication Algorithms", IEEE Micro 1996): the full 2n-limb product (or square), then a
//! separate reduction, both built from the row kernels of [`super::limbs`]. Keeping the product
//! and the reduction apart lets squaring use the dedicated half-cost product; the reduction
//! stores each row's carry in the limb it has just zeroed and adds those carries in one pass at
//! the end (as GMP's `mpn_redc_1`), so no row waits for the previous row's carry to ripple.
//! Costs for n limbs: multiplication n² + n² limb products, squaring n(n+1)/2 + n². Up to 8
//! limbs the fixed-size kernels of [`crate::backend`] run instead (fully unrolled CIOS, or the
//! MULX/ADCX/ADOX assembly for 4 and 6 limbs with a spare bit).

use super::limbs::{add_n, addmul_1, cmp_vartime, mul, sqr, sub_n};
use super::window::{self, PowRing};
use crate::{BigInt, backend};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// `-m⁻¹ mod 2^64` for odd `m0` (Newton iteration, each step doubling the correct low bits).
pub(crate) fn neg_inv_u64(m0: u64) -> u64 {
    inv_u64(m0).wrapping_neg()
}

/// `m0⁻¹ mod 2^64` for odd `m0`.
pub(crate) fn inv_u64(m0: u64) -> u64 {
    debug_assert!(m0 & 1 == 1);
    // m0·m0 ≡ 1 mod 8, so m0 is its own inverse to 3 bits; five steps reach 96 ≥ 64 bits.
    let mut inv = m0;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(inv)));
    }
    inv
}

/// Montgomery reduction `out = t·R⁻¹ mod m` of the 2n-limb `t < m·R` (overwritten): n rows
/// `t += q·m·2^(64i)` that zero the low limbs one by one. Each row's carry is parked in the limb
/// it has just zeroed and all of them are added in one pass at the end (as GMP's `mpn_redc_1`),
/// so no row waits for the previous row's carry to ripple up.
fn redc(out: &mut [u64], t: &mut [u64], m: &[u64], n0: u64) {
    let n = m.len();
    for i in 0..n {
        let q = t[i].wrapping_mul(n0);
        t[i] = addmul_1(&mut t[i..], m, q);
    }
    let (lo, hi) = t.split_at_mut(n);
    let carry = add_n(hi, lo);
    // hi + carry·R < 2m: one conditional subtraction.
    if carry != 0 || cmp_vartime(hi, m) != Ordering::Less {
        sub_n(hi, m);
    }
    out[..n].copy_from_slice(hi);
}

/// The Montgomery ring modulo an odd `m` of any length: separated operand scanning
/// (Koç–Acar–Kaliski 1996), the 2n-limb product, or the square at about half the limb
/// products, then [`redc`].
struct Mont<'a> {
    m: &'a [u64],
    n0: u64,
    /// Scratch: the 2n-limb product.
    t: Vec<u64>,
}

impl PowRing for Mont<'_> {
    type Elem = Vec<u64>;

    fn scratch(&self) -> Vec<u64> {
        vec![0u64; self.m.len()]
    }

    fn mul(&mut self, out: &mut Vec<u64>, a: &Vec<u64>, b: &Vec<u64>) {
        mul(&mut self.t, a, b);
        redc(out, &mut self.t, self.m, self.n0);
    }

    fn sqr(&mut self, out: &mut Vec<u64>, a: &Vec<u64>) {
        sqr(&mut self.t, a);
        redc(out, &mut self.t, self.m, self.n0);
    }
}

/// The Montgomery ring modulo an odd `m` of `N` limbs, on the fixed-size kernels of
/// [`crate::backend`] (fully unrolled CIOS, or the MULX/ADCX/ADOX assembly for 4 and 6 limbs
/// with a spare bit): up to 8 limbs the loop control of the row kernels would cost as much as
/// the products.
struct MontFixed<const N: usize> {
    m: BigInt<N>,
    n0: u64,
}

impl<const N: usize> PowRing for MontFixed<N> {
    type Elem = BigInt<N>;

    fn scratch(&self) -> BigInt<N> {
        BigInt::ZERO
    }

    #[inline]
    fn mul(&mut self, out: &mut BigInt<N>, a: &BigInt<N>, b: &BigInt<N>) {
        *out = backend::mont_mul(a, b, &self.m, self.n0);
    }

    #[inline]
    fn sqr(&mut self, out: &mut BigInt<N>, a: &BigInt<N>) {
        *out = backend::mont_sqr(a, &self.m, self.n0);
    }
}

/// `x^e·R⁻¹ mod m`, i.e. `y^e mod m` for `x = y·R mod m` given in the Montgomery domain, for odd
/// `m > 1` (top limb nonzero), `x` of `m.len()` limbs and a nonzero exponent. The result is
/// `m.len()` limbs, out of the Montgomery domain.
pub(crate) fn pow_vartime(x: &[u64], e: &[u64], m: &[u64]) -> Vec<u64> {
    debug_assert!(m[0] & 1 == 1 && *m.last().unwrap() != 0 && x.len() == m.len());
    let n0 = neg_inv_u64(m[0]);
    match m.len() {
        1 => pow_fixed::<1>(x, e, m, n0),
        2 => pow_fixed::<2>(x, e, m, n0),
        3 => pow_fixed::<3>(x, e, m, n0),
        4 => pow_fixed::<4>(x, e, m, n0),
        5 => pow_fixed::<5>(x, e, m, n0),
        6 => pow_fixed::<6>(x, e, m, n0),
        7 => pow_fixed::<7>(x, e, m, n0),
        8 => pow_fixed::<8>(x, e, m, n0),
        n => {
            let mut ring = Mont {
                m,
                n0,
                t: vec![0u64; 2 * n],
            };
            let acc = window::pow_vartime(&mut ring, &x.to_vec(), e);
            // Out of the Montgomery domain: REDC of the single-width value.
            ring.t[..n].copy_from_slice(&acc);
            ring.t[n..].fill(0);
            let mut out = vec![0u64; n];
            redc(&mut out, &mut ring.t, m, n0);
            out
        }
    }
}

fn pow_fixed<const N: usize>(x: &[u64], e: &[u64], m: &[u64], n0: u64) -> Vec<u64> {
    let mut ring = MontFixed::<N> {
        m: BigInt(m.try_into().unwrap()),
        n0,
    };
    let acc = window::pow_vartime(&mut ring, &BigInt(x.try_into().unwrap()), e);
    backend::mont_mul(&acc, &BigInt::ONE, &ring.m, n0)
        .0
        .to_vec()
}
