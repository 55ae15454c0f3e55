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
//! Costs for n limbs: multiplication n² + n² limb products, squaring n(n+1)/2 + n².

use super::limbs::{add_n, addmul_1, cmp_vartime, mul, sqr, sub_n};
use super::window::PowRing;
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

/// The Montgomery ring modulo an odd `m`, with the scratch space of its products.
pub(crate) struct Mont<'a> {
    m: &'a [u64],
    n0: u64,
    /// 2n limbs for the double-width product.
    t: Vec<u64>,
}

impl<'a> Mont<'a> {
    /// The ring for odd `m > 1` (top limb nonzero).
    pub(crate) fn new(m: &'a [u64]) -> Self {
        debug_assert!(m[0] & 1 == 1 && *m.last().unwrap() != 0);
        Mont {
            m,
            n0: neg_inv_u64(m[0]),
            t: vec![0u64; 2 * m.len()],
        }
    }

    /// `out = t·R⁻¹ mod m` for the 2n-limb `t < m·R` held in `self.t` (which it overwrites).
    fn redc_into(&mut self, out: &mut [u64]) {
        let n = self.m.len();
        let t = &mut self.t;
        for i in 0..n {
            let q = t[i].wrapping_mul(self.n0);
            // t[i] + q·m[0] ≡ 0 mod 2^64: the row zeroes t[i], which then keeps the row's carry
            // (its weight is 2^(64(i+n)), added back below).
            t[i] = addmul_1(&mut t[i..], self.m, q);
        }
        let (lo, hi) = t.split_at_mut(n);
        let carry = add_n(hi, lo);
        // hi + carry·R < 2m: one conditional subtraction.
        if carry != 0 || cmp_vartime(hi, self.m) != Ordering::Less {
            sub_n(hi, self.m);
        }
        out.copy_from_slice(hi);
    }

    /// `x·R⁻¹ mod m`: leaves the Montgomery domain.
    pub(crate) fn leave_mont(&mut self, out: &mut [u64], x: &[u64]) {
        let n = self.m.len();
        self.t[..n].copy_from_slice(x);
        self.t[n..].fill(0);
        self.redc_into(out);
    }
}

impl PowRing for Mont<'_> {
    fn limbs(&self) -> usize {
        self.m.len()
    }

    fn mul(&mut self, out: &mut [u64], a: &[u64], b: &[u64]) {
        mul(&mut self.t, a, b);
        self.redc_into(out);
    }

    fn sqr(&mut self, out: &mut [u64], a: &[u64]) {
        sqr(&mut self.t, a);
        self.redc_into(out);
    }
}
