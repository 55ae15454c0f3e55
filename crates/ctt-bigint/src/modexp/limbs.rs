//! Variable-length limb kernels for [`super::modexp`]: little-endian `u64` slices, lengths known
//! only at run time.
//!
//! Assumptions: slices hold no value above their length (the caller sizes outputs); the functions
//! branch on lengths and, where named `_vartime`, on values (MODEXP data is public).
//!
//! Everything is built on one row kernel, [`addmul_1`] (`r += a·b` over a row, GMP's
//! `mpn_addmul_1`, from [`crate::backend`]: MULX/ADCX/ADOX on x86-64 with ADX): an n×n product is
//! n rows, a Montgomery reduction is n rows. Speed therefore rests on that loop. The division and
//! the products modulo 2^k (off the hot path of odd moduli) also use [`mul_1`] and [`submul_1`].

use core::cmp::Ordering;

/// `r[..a.len()] = a·b`, returning the carry limb. `r` must be at least as long as `a`.
#[inline]
pub(crate) fn mul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let mut carry = 0u64;
    for (ri, &ai) in r.iter_mut().zip(a) {
        let t = (ai as u128) * (b as u128) + carry as u128;
        *ri = t as u64;
        carry = (t >> 64) as u64;
    }
    carry
}

/// `r[..a.len()] += a·b`, returning the carry limb (`r` at least as long as `a`): the
/// backend's row kernel (MULX/ADCX/ADOX where the CPU has them).
#[inline(always)]
pub(crate) fn addmul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    crate::backend::addmul_1(r, a, b)
}

/// `r[..a.len()] -= a·b`, returning the borrow limb (the amount still to subtract above).
#[inline]
pub(crate) fn submul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let mut borrow = 0u64;
    for (ri, &ai) in r.iter_mut().zip(a) {
        // p = a·b + borrow fits in 128 bits; subtract its low word, carry its high word.
        let p = (ai as u128) * (b as u128) + borrow as u128;
        let (d, under) = ri.overflowing_sub(p as u64);
        *ri = d;
        borrow = (p >> 64) as u64 + under as u64;
    }
    borrow
}

/// `r += a` over `a.len()` limbs, returning the carry (0 or 1).
#[inline]
pub(crate) fn add_n(r: &mut [u64], a: &[u64]) -> u64 {
    let mut carry = false;
    for (ri, &ai) in r.iter_mut().zip(a) {
        let (s, c1) = ri.overflowing_add(ai);
        let (s, c2) = s.overflowing_add(carry as u64);
        *ri = s;
        carry = c1 | c2;
    }
    carry as u64
}

/// `r -= a` over `a.len()` limbs, returning the borrow (0 or 1).
#[inline]
pub(crate) fn sub_n(r: &mut [u64], a: &[u64]) -> u64 {
    let mut borrow = false;
    for (ri, &ai) in r.iter_mut().zip(a) {
        let (d, b1) = ri.overflowing_sub(ai);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        *ri = d;
        borrow = b1 | b2;
    }
    borrow as u64
}

/// Compares two equal-length numbers, most significant limb first.
#[inline]
pub(crate) fn cmp_vartime(a: &[u64], b: &[u64]) -> Ordering {
    debug_assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        match x.cmp(y) {
            Ordering::Equal => continue,
            o => return o,
        }
    }
    Ordering::Equal
}

/// The length of `a` without its most significant zero limbs.
#[inline]
pub(crate) fn normalized_len(a: &[u64]) -> usize {
    a.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1)
}

/// `r[..a.len() + b.len()] = a·b` (schoolbook, one [`addmul_1`] row per limb of `b`).
pub(crate) fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    debug_assert!(n > 0 && !b.is_empty() && r.len() >= n + b.len());
    r[..n].fill(0);
    for i in 0..b.len() {
        r[i + n] = addmul_1(&mut r[i..], a, b[i]);
    }
}

/// `r[..2n] = a²` for `a` of `n` limbs: the off-diagonal products once (n(n−1)/2 limb products),
/// doubled by a shift, plus the n diagonal squares; about half the products of [`mul`].
pub(crate) fn sqr(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    debug_assert!(r.len() >= 2 * n && n > 0);
    r[0] = 0;
    if n == 1 {
        r[1] = 0;
    } else {
        // Row i: a[i]·a[i+1..n] at position 2i+1; its carry lands on the still unwritten r[i+n].
        r[1..n].fill(0);
        for i in 0..n - 1 {
            r[i + n] = addmul_1(&mut r[2 * i + 1..], &a[i + 1..], a[i]);
        }
        r[2 * n - 1] = 0;
    }
    // r = 2·r + Σ a[i]²·2^(128i), in one pass: shift in the top bit of the previous limb.
    let mut shifted_out = 0u64; // top bit of the limb below
    let mut carry = 0u64;
    for i in 0..n {
        let lo = r[2 * i];
        let hi = r[2 * i + 1];
        let d_lo = (lo << 1) | shifted_out;
        let d_hi = (hi << 1) | (lo >> 63);
        shifted_out = hi >> 63;
        let sq = (a[i] as u128) * (a[i] as u128);
        let s = (d_lo as u128) + (sq as u64) as u128 + carry as u128;
        r[2 * i] = s as u64;
        let s2 = (d_hi as u128) + (sq >> 64) + (s >> 64);
        r[2 * i + 1] = s2 as u64;
        carry = (s2 >> 64) as u64;
    }
    debug_assert!(carry == 0 && shifted_out == 0);
}

/// `r[..n] = (a·b) mod 2^(64n)` for `a`, `b` of at least `n = r.len()` limbs (the low half of a
/// schoolbook product: about n²/2 limb products).
pub(crate) fn mullo(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = r.len();
    mul_1(r, &a[..n], b[0]);
    for i in 1..n {
        addmul_1(&mut r[i..], &a[..n - i], b[i]);
    }
}

/// `r[..n] = a² mod 2^(64n)` for `a` of at least `n = r.len()` limbs: the off-diagonal products
/// below limb n once (about n²/4 limb products), doubled, plus the diagonal squares.
pub(crate) fn sqrlo(r: &mut [u64], a: &[u64]) {
    let n = r.len();
    r.fill(0);
    for i in 0..n {
        // a[i]·a[j] for i < j, i + j < n, at position i + j.
        let len = n.saturating_sub(2 * i + 1);
        if len == 0 {
            break;
        }
        addmul_1(&mut r[2 * i + 1..], &a[i + 1..i + 1 + len], a[i]);
    }
    let mut prev = 0u64;
    for l in r.iter_mut() {
        let shifted = (*l << 1) | prev;
        prev = *l >> 63;
        *l = shifted;
    }
    let mut carry = 0u128;
    for p in 0..n {
        let sq = (a[p / 2] as u128) * (a[p / 2] as u128);
        let part = if p % 2 == 0 {
            sq as u64
        } else {
            (sq >> 64) as u64
        };
        let s = r[p] as u128 + part as u128 + carry;
        r[p] = s as u64;
        carry = s >> 64;
    }
}

/// `a mod m` into `n = m.len()` limbs (Knuth, TAOCP vol. 2, §4.3.1, Algorithm D). `m` has a
/// nonzero top limb; `a` may have any length. Variable time.
pub(crate) fn rem_vartime(a: &[u64], m: &[u64]) -> alloc::vec::Vec<u64> {
    use alloc::vec;
    let n = m.len();
    debug_assert!(n > 0 && m[n - 1] != 0);
    let a = &a[..normalized_len(a)];
    if a.len() < n || (a.len() == n && cmp_vartime(a, m) == Ordering::Less) {
        let mut r = vec![0u64; n];
        r[..a.len()].copy_from_slice(a);
        return r;
    }
    if n == 1 {
        let d = m[0] as u128;
        let mut r = 0u128;
        for &x in a.iter().rev() {
            r = ((r << 64) | x as u128) % d;
        }
        return vec![r as u64];
    }
    // D1: normalise so that the divisor's top bit is set; the dividend gets one more limb.
    let s = m[n - 1].leading_zeros();
    let mut d = vec![0u64; n];
    shl_into(&mut d, m, s);
    let mut u = vec![0u64; a.len() + 1];
    shl_into(&mut u, a, s);
    let (d1, d2) = (d[n - 1], d[n - 2]);
    // D2–D7: one quotient limb per step, from the top.
    for j in (0..u.len() - n).rev() {
        let top = ((u[j + n] as u128) << 64) | u[j + n - 1] as u128;
        // D3: q̂ from the top two limbs, corrected with the third (at most 2 too large after).
        let (mut q, mut r) = if u[j + n] >= d1 {
            (u64::MAX as u128, top - (u64::MAX as u128) * d1 as u128)
        } else {
            (top / d1 as u128, top % d1 as u128)
        };
        while r >> 64 == 0 && q * d2 as u128 > ((r << 64) | u[j + n - 2] as u128) {
            q -= 1;
            r += d1 as u128;
        }
        let q = q as u64;
        // D4: subtract q̂·d; D6: add back once if q̂ was still one too large.
        let borrow = submul_1(&mut u[j..j + n], &d, q);
        let (t, under) = u[j + n].overflowing_sub(borrow);
        u[j + n] = t;
        if under {
            let c = add_n(&mut u[j..j + n], &d);
            u[j + n] = u[j + n].wrapping_add(c);
        }
    }
    // D8: the remainder is u[..n] shifted back.
    let mut r = vec![0u64; n];
    for i in 0..n {
        r[i] = if s == 0 {
            u[i]
        } else {
            (u[i] >> s) | (u[i + 1] << (64 - s))
        };
    }
    r
}

/// `r[..a.len() + 1] = a << s` for `s < 64` (`r` one limb longer than `a`, or as long when the
/// shifted-out bits are known to be zero).
fn shl_into(r: &mut [u64], a: &[u64], s: u32) {
    let mut prev = 0u64;
    for (ri, &ai) in r.iter_mut().zip(a) {
        *ri = if s == 0 {
            ai
        } else {
            (ai << s) | (prev >> (64 - s))
        };
        prev = ai;
    }
    if r.len() > a.len() {
        r[a.len()] = if s == 0 { 0 } else { prev >> (64 - s) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    fn limbs(seed: &mut u64, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *seed ^ (*seed >> 29)
            })
            .collect()
    }

    #[test]
    fn sqr_matches_mul() {
        let mut seed = 1;
        for n in 1..40 {
            let mut a = limbs(&mut seed, n);
            if n % 3 == 0 {
                a.iter_mut().for_each(|x| *x = u64::MAX);
            }
            let mut p = vec![0u64; 2 * n];
            let mut s = vec![0u64; 2 * n];
            mul(&mut p, &a, &a);
            sqr(&mut s, &a);
            assert_eq!(p, s, "n = {n}");
            let mut lo = vec![0u64; n];
            mullo(&mut lo, &a, &a);
            assert_eq!(lo[..], p[..n], "n = {n}");
            sqrlo(&mut lo, &a);
            assert_eq!(lo[..], p[..n], "n = {n}");
        }
    }
}
