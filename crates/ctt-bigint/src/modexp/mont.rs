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
use super::window::PowRing;
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

/// Separated operand scanning (Koç–Acar–Kaliski 1996) for any length: the 2n-limb product, or
/// the square at about half the limb products, then [`redc`]. `t` holds 2n limbs.
fn mul_sos<const SQR: bool>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    m: &[u64],
    n0: u64,
    t: &mut [u64],
) {
    if SQR {
        sqr(t, a);
    } else {
        mul(t, a, b);
    }
    redc(out, t, m, n0);
}

/// The fixed-size kernels of [`crate::backend`] (MULX/ADCX/ADOX assembly where it applies, else
/// the fully unrolled portable CIOS) for a length known at compile time: at these sizes the loop
/// control of the generic kernel would cost as much as the products. `_t` is unused.
fn mul_fixed<const N: usize, const SQR: bool>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    m: &[u64],
    n0: u64,
    _t: &mut [u64],
) {
    let a = BigInt::<N>(a[..N].try_into().unwrap());
    let m = BigInt::<N>(m[..N].try_into().unwrap());
    let r = if SQR {
        backend::mont_sqr(&a, &m, n0)
    } else {
        let b = BigInt::<N>(b[..N].try_into().unwrap());
        backend::mont_mul(&a, &b, &m, n0)
    };
    out[..N].copy_from_slice(&r.0);
}

type Kernel = fn(&mut [u64], &[u64], &[u64], &[u64], u64, &mut [u64]);

/// The kernels for `n` limbs: fixed-size ones up to 8 limbs (512 bits), where the loop control
/// of the row kernels would cost as much as the products; separated operand scanning above.
fn kernels(n: usize) -> (Kernel, Kernel) {
    match n {
        1 => (mul_fixed::<1, false>, mul_fixed::<1, true>),
        2 => (mul_fixed::<2, false>, mul_fixed::<2, true>),
        3 => (mul_fixed::<3, false>, mul_fixed::<3, true>),
        4 => (mul_fixed::<4, false>, mul_fixed::<4, true>),
        5 => (mul_fixed::<5, false>, mul_fixed::<5, true>),
        6 => (mul_fixed::<6, false>, mul_fixed::<6, true>),
        7 => (mul_fixed::<7, false>, mul_fixed::<7, true>),
        8 => (mul_fixed::<8, false>, mul_fixed::<8, true>),
        _ => (mul_sos::<false>, mul_sos::<true>),
    }
}

/// The Montgomery ring modulo an odd `m`, with the scratch space of its products.
pub(crate) struct Mont<'a> {
    m: &'a [u64],
    n0: u64,
    /// Scratch: the 2n-limb product.
    t: Vec<u64>,
    mul: Kernel,
    sqr: Kernel,
}

impl<'a> Mont<'a> {
    /// The ring for odd `m > 1` (top limb nonzero).
    pub(crate) fn new(m: &'a [u64]) -> Self {
        debug_assert!(m[0] & 1 == 1 && *m.last().unwrap() != 0);
        let (mul, sqr) = kernels(m.len());
        Mont {
            m,
            n0: neg_inv_u64(m[0]),
            t: vec![0u64; 2 * m.len()],
            mul,
            sqr,
        }
    }

    /// `x·R⁻¹ mod m`: leaves the Montgomery domain (a product by 1).
    pub(crate) fn leave_mont(&mut self, out: &mut [u64], x: &[u64]) {
        let mut one = vec![0u64; self.m.len()];
        one[0] = 1;
        (self.mul)(out, x, &one, self.m, self.n0, &mut self.t);
    }
}

impl PowRing for Mont<'_> {
    fn limbs(&self) -> usize {
        self.m.len()
    }

    fn mul(&mut self, out: &mut [u64], a: &[u64], b: &[u64]) {
        (self.mul)(out, a, b, self.m, self.n0, &mut self.t);
    }

    fn sqr(&mut self, out: &mut [u64], a: &[u64]) {
        (self.sqr)(out, a, a, self.m, self.n0, &mut self.t);
    }
}
