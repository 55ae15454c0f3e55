//! Arithmetic modulo a power of two 2^k, for the even part of a MODEXP modulus.
//!
//! Assumptions: `k ≥ 1`; elements are `kw = ⌈k/64⌉` limbs and are reduced modulo 2^(64·kw)
//! (products truncated), the top bits above k being cleared once at the end. Variable time.
//!
//! No reduction is needed: a product modulo 2^(64·kw) is the low half of the schoolbook product
//! (about kw²/2 limb products). Two shortcuts cut the exponent (Knuth, TAOCP vol. 2, §4.5.4 on
//! the multiplicative group modulo 2^k):
//! - an odd base has an order dividing 2^(k−1) (the group of units modulo 2^k has 2^(k−1)
//!   elements), so only the low k − 1 bits of the exponent matter;
//! - an even base `2^j·u` gives `2^(j·e)·u^e ≡ 0` as soon as `j·e ≥ k`.

use super::limbs::{mullo, sqrlo};
use super::mont::inv_u64;
use super::window::{PowRing, bit_len, pow_vartime};
use alloc::vec;
use alloc::vec::Vec;

/// The integers modulo 2^(64·kw).
pub(crate) struct Pow2Ring {
    kw: usize,
}

impl PowRing for Pow2Ring {
    type Elem = Vec<u64>;

    fn scratch(&self) -> Vec<u64> {
        vec![0u64; self.kw]
    }

    fn mul(&mut self, out: &mut Vec<u64>, a: &Vec<u64>, b: &Vec<u64>) {
        mullo(out, a, b);
    }

    fn sqr(&mut self, out: &mut Vec<u64>, a: &Vec<u64>) {
        sqrlo(out, a);
    }
}

/// Clears the bits of `x` (little-endian limbs) at positions `k` and above.
pub(crate) fn truncate_bits(x: &mut [u64], k: usize) {
    for (i, limb) in x.iter_mut().enumerate() {
        if 64 * i >= k {
            *limb = 0;
        } else if 64 * (i + 1) > k {
            *limb &= (1u64 << (k % 64)) - 1;
        }
    }
}

/// `x^e mod 2^k` for a nonzero exponent `e`, as `⌈k/64⌉` limbs.
pub(crate) fn pow_mod_pow2_vartime(x: &[u64], e: &[u64], k: usize) -> Vec<u64> {
    let kw = k.div_ceil(64);
    let mut b = vec![0u64; kw];
    let take = kw.min(x.len());
    b[..take].copy_from_slice(&x[..take]);
    truncate_bits(&mut b, k);
    let Some(j) = b
        .iter()
        .position(|&l| l != 0)
        .map(|i| 64 * i + b[i].trailing_zeros() as usize)
    else {
        return b; // x ≡ 0 and e > 0
    };
    let mut r = if j > 0 {
        // Even: zero once j·e ≥ k, i.e. e ≥ ⌈k/j⌉; otherwise e < k is small.
        let threshold = k.div_ceil(j) as u64;
        if bit_len(e) > 64 || e[0] >= threshold {
            return vec![0u64; kw];
        }
        pow_vartime(&mut Pow2Ring { kw }, &b, &e[..1])
    } else {
        // Odd: e mod 2^(k−1).
        let mut e = e[..e.len().min((k - 1).div_ceil(64))].to_vec();
        truncate_bits(&mut e, k - 1);
        if bit_len(&e) == 0 {
            let mut one = vec![0u64; kw];
            one[0] = 1;
            return one;
        }
        pow_vartime(&mut Pow2Ring { kw }, &b, &e)
    };
    truncate_bits(&mut r, k);
    r
}

/// `m⁻¹ mod 2^(64·kw)` for odd `m` (Newton–Hensel: `y ← y·(2 − m·y)` doubles the correct low
/// bits; start from the inverse modulo 2^64).
pub(crate) fn inv_mod_pow2(m: &[u64], kw: usize) -> Vec<u64> {
    let mut mm = vec![0u64; kw];
    let take = kw.min(m.len());
    mm[..take].copy_from_slice(&m[..take]);
    let mut y = vec![0u64; kw];
    y[0] = inv_u64(m[0]);
    let mut t = vec![0u64; kw];
    let mut u = vec![0u64; kw];
    let mut correct = 1; // limbs of y known correct
    while correct < kw {
        let w = (2 * correct).min(kw);
        // t = 2 − m·y mod 2^(64w) (= !(m·y) + 3), then y = y·t.
        mullo(&mut t[..w], &mm, &y);
        let mut carry = 3u64;
        for l in t[..w].iter_mut() {
            let (s, c) = (!*l).overflowing_add(carry);
            *l = s;
            carry = c as u64;
        }
        mullo(&mut u[..w], &y, &t);
        y[..w].copy_from_slice(&u[..w]);
        correct = w;
    }
    y
}
