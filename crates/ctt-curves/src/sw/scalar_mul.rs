//! Scalar multiplication.
//!
//! - [`mul_ct`]: constant time. Signed fixed windows of 5 bits (Booth recoding, as blst's w5): the
//!   scalar's canonical bits are recoded into digits in [−16, 16] without branches, the table holds
//!   [1..16]·P, every lookup scans the whole table with masked selects, and the negation is a
//!   masked select too. Cost for a 255-bit scalar: 15 table additions + 51 × (5 doublings + 1
//!   addition), all with complete formulas, so the sequence of operations is fixed.
//! - [`mul_ct_split`]: constant time with an endomorphism split (GLV on G1, GLS on G2; Gallant–
//!   Lambert–Vanstone 2001, Galbraith–Lin–Scott 2009): the curve splits k into M short sub-scalars
//!   for the points `Q_i = endo_i(P)`; one Booth loop with shared doublings adds one table entry per
//!   sub-scalar per window. For BLS12-381 G1 (M = 2, 128-bit halves) that is 125 doublings + 51
//!   additions instead of 255 + 51; for G2 (M = 4, 64-bit digits) 60 + 51. The table shares one
//!   Jacobian Z, the accumulator is Jacobian and the additions are unified mixed ones
//!   ([`super::coz`]: 2M + 5S per doubling, 8M + 4S per addition, against 6M + 2S and 12M for the
//!   complete projective formulas).
//! - [`mul_vartime`]: public data. Width-5 wNAF on Jacobian coordinates with a co-Z table
//!   ([`super::vartime::mul_split_vartime`]); curves of prime order with a GLV endomorphism
//!   (BN254 G1, secp256k1) split the scalar there too (`SwCurveConfig::mul_vartime`).

use super::coz::{CoZTable, Jac};
use super::{Projective, SwCurveConfig};
use ctt_bigint::{BigInt, Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};
use ctt_field::PrimeField;

const W: u32 = 5;
const TABLE: usize = 1 << (W - 1); // 16 entries: 1P..16P

/// The scalar's canonical value as 4 little-endian words (every scalar field here is ≤ 256 bits).
fn scalar_words<F: PrimeField>(k: &F) -> [u64; 5] {
    let bytes = k.to_bytes_le();
    let b = bytes.as_ref();
    let mut w = [0u64; 5];
    for (i, chunk) in b.chunks(8).enumerate().take(4) {
        let mut buf = [0u8; 8];
        buf[..chunk.len()].copy_from_slice(chunk);
        w[i] = u64::from_le_bytes(buf);
    }
    w
}

/// `W + 1` bits of `words` starting at bit `pos - 1` (bit −1 reads as 0): the Booth window.
/// `pos` is public (the window index), so the word arithmetic may depend on it.
#[inline(always)]
fn window(words: &[u64; 5], pos: u32) -> u64 {
    let mask = (1 << (W + 1)) - 1;
    if pos == 0 {
        return (words[0] << 1) & mask;
    }
    let b = (pos - 1) as usize;
    let (limb, off) = (b / 64, b % 64);
    let mut v = words[limb] >> off;
    if off + (W as usize + 1) > 64 && limb + 1 < 5 {
        v |= words[limb + 1] << (64 - off);
    }
    v & mask
}

/// Booth digit of a (W+1)-bit window: value in [−16, 16] as (magnitude, is_negative), branch-free.
fn booth(win: u64) -> (u64, Choice) {
    // d = floor((win + 1)/2) − 16·(win >> W) … the standard recoding: digit = (win >> 1) + (win & 1)
    // − 2^W·(win >> W); negative digits are the top half.
    let sign = win >> W;
    let d = (win >> 1) + (win & 1); // in [0, 32]
    let neg = sign.wrapping_neg(); // all ones when negative
    // magnitude = sign ? 32 − d : d
    let mag = (d ^ neg).wrapping_sub(neg) & 0x3f; // −d when negative …
    let mag = mag.wrapping_add((1 << W) & neg) & 0x3f; // … + 32
    (mag, Choice::from_lsb(sign))
}

/// Constant-time `[k]p`.
pub fn mul_ct<C: SwCurveConfig>(p: &Projective<C>, k: &C::Scalar) -> Projective<C> {
    let words = scalar_words(k);
    // table[i] = (i + 1)·P
    let mut table = [*p; TABLE];
    let p2 = p.double_complete();
    for i in 1..TABLE {
        table[i] = if i == 1 {
            p2
        } else {
            table[i - 1].add_complete(p)
        };
    }
    let bits = C::Scalar::NUM_BITS + 1; // one more for the Booth carry
    let windows = bits.div_ceil(W);
    let mut acc = Projective::<C>::IDENTITY;
    for wi in (0..windows).rev() {
        for _ in 0..W {
            acc = acc.double_complete();
        }
        let (mag, neg) = booth(window(&words, wi * W));
        let mut sel = Projective::<C>::IDENTITY;
        for (i, t) in table.iter().enumerate() {
            sel.conditional_assign(t, (i as u64 + 1).ct_eq(&mag));
        }
        sel.conditional_negate(neg);
        acc = acc.add_complete(&sel);
    }
    acc
}

/// Constant-time `Σ [d_i] Q_i` for a point `p` of the prime-order subgroup (or the identity), with
/// sub-scalars `d_i < 2^bits` (little-endian words, the top word zero so that the Booth window can
/// read past `bits`) and `Q_i` the images of `p` under endomorphisms.
///
/// `tables` receives the co-Z table of `p` and returns the tables of the `Q_i` (the first one is
/// usually `p`'s own) **on the same common `Z`**; see [`CoZTable`]. One Booth-w5 loop with shared
/// Jacobian doublings adds one entry per sub-scalar and window with the unified mixed addition; the
/// top window loads the first entry instead of doubling the identity.
pub fn mul_ct_split<C: SwCurveConfig, const M: usize>(
    p: &Projective<C>,
    subs: &[[u64; 5]; M],
    bits: u32,
    tables: impl FnOnce(CoZTable<C>) -> [CoZTable<C>; M],
) -> Projective<C> {
    let base = CoZTable::new(p);
    let z = base.z;
    let tables = tables(base);
    let windows = (bits + 1).div_ceil(W);
    let entry = |sub: &[u64; 5], table: &CoZTable<C>, wi: u32| {
        let (mag, neg) = booth(window(sub, wi * W));
        let [x, y] = table.lookup(mag);
        let y = C::Base::conditional_select(&y, &-y, neg);
        ([x, y], mag.ct_eq(&0))
    };
    let top = windows - 1;
    let (e, inf) = entry(&subs[0], &tables[0], top);
    let mut acc = Jac::from_entry(&e, inf);
    for (sub, table) in subs.iter().zip(tables.iter()).skip(1) {
        let (e, inf) = entry(sub, table, top);
        acc = acc.add_affine_unified(&e, inf);
    }
    for wi in (0..top).rev() {
        for _ in 0..W {
            acc = acc.double();
        }
        for (sub, table) in subs.iter().zip(tables.iter()) {
            let (e, inf) = entry(sub, table, wi);
            acc = acc.add_affine_unified(&e, inf);
        }
    }
    acc.to_projective(&z)
}

/// `(⌊x / d⌋, x mod d)` for a secret `x` and a public non-zero `d`, by restoring binary long
/// division with masks: 320 fixed steps, no hardware `div` (whose latency depends on the data).
pub fn ct_divrem_u64(x: &[u64; 5], d: u64) -> ([u64; 5], u64) {
    let mut q = [0u64; 5];
    let mut rem: u128 = 0;
    for limb in (0..5).rev() {
        for bit in (0..64).rev() {
            rem = (rem << 1) | ((x[limb] >> bit) & 1) as u128;
            let t = rem.wrapping_sub(d as u128);
            let ge = 1 ^ ((t >> 127) as u64); // no borrow: rem ≥ d
            let mask = core::hint::black_box((ge as u128).wrapping_neg());
            rem = (t & mask) | (rem & !mask);
            q[limb] |= ge << bit;
        }
    }
    (q, rem as u64)
}

/// The canonical scalar as five little-endian words (the top one zero).
pub fn scalar_to_words<F: PrimeField>(k: &F) -> [u64; 5] {
    scalar_words(k)
}

/// Variable-time `[k]p` for public `k` and `p`: width-5 NAF on Jacobian coordinates
/// ([`super::vartime::mul_split_vartime`] with one term), or on the complete formulas when `p`
/// has an order of at most 16 (no such point lies in a prime-order group).
pub fn mul_vartime<C: SwCurveConfig>(p: &Projective<C>, k: &C::Scalar) -> Projective<C> {
    let words = scalar_words(k);
    let jac = super::vartime::JacobianVar::from_projective(p);
    match super::vartime::mul_split_vartime(&jac, &[words], [false], |_, e| *e) {
        Some(r) => r.to_projective(),
        None => mul_vartime_complete(p, &words),
    }
}

/// Variable-time `[k]p` through a GLV split `k ≡ k₀ + k₁·λ (mod r)` (magnitudes `halves`, signs
/// `signs`), where `φ(x, y) = (βx, y)` acts as `[λ]`: one Straus ladder over `p` and `φ(p)`
/// ([`super::vartime::mul_split_vartime`]). For curves whose every point has prime order r
/// (BN254 G1, secp256k1), so that it holds for any input; falls back to [`mul_vartime`].
pub fn mul_glv_vartime<C: SwCurveConfig>(
    p: &Projective<C>,
    k: &C::Scalar,
    halves: &[[u64; 5]; 2],
    signs: [Choice; 2],
    beta: &C::Base,
) -> Projective<C> {
    let negate = [signs[0].to_bool_vartime(), signs[1].to_bool_vartime()];
    let jac = super::vartime::JacobianVar::from_projective(p);
    match super::vartime::mul_split_vartime(&jac, halves, negate, |_, [x, y]| [*x * *beta, *y]) {
        Some(r) => r.to_projective(),
        None => mul_vartime(p, k),
    }
}

/// Width-5 NAF over the complete formulas: any point (the identity and points of small order
/// included).
fn mul_vartime_complete<C: SwCurveConfig>(p: &Projective<C>, words: &[u64; 5]) -> Projective<C> {
    let mut naf = [0i8; 262];
    let len = wnaf(words, &mut naf);
    // odd multiples P, 3P, …, 15P
    let p2 = p.double_complete();
    let mut odd = [*p; 8];
    for i in 1..8 {
        odd[i] = odd[i - 1].add_complete(&p2);
    }
    let mut acc = Projective::<C>::IDENTITY;
    for i in (0..len).rev() {
        acc = acc.double_complete();
        let d = naf[i];
        if d > 0 {
            acc = acc.add_complete(&odd[(d / 2) as usize]);
        } else if d < 0 {
            acc = acc.add_complete(&-odd[(-d / 2) as usize]);
        }
    }
    acc
}

/// Width-5 NAF digits of a public integer (odd digits in [−15, 15]); returns the length.
fn wnaf(words: &[u64; 5], out: &mut [i8]) -> usize {
    let mut k = BigInt::<5>(*words);
    let mut i = 0;
    while !k.is_zero_vartime() {
        if k.0[0] & 1 == 1 {
            let m = (k.0[0] & 31) as i64;
            let d = if m > 15 { m - 32 } else { m };
            out[i] = d as i8;
            if d > 0 {
                k = k.wrapping_sub(&BigInt::from_u64(d as u64));
            } else {
                k = k.wrapping_add(&BigInt::from_u64((-d) as u64));
            }
        }
        k = k.shr(1);
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booth_digits_reconstruct_the_scalar() {
        for k in [
            0u64,
            1,
            15,
            16,
            17,
            31,
            32,
            33,
            0x0123_4567_89ab_cdef >> 4,
            (1 << 60) - 1,
            0x0aaa_aaaa_aaaa_aaaa,
        ] {
            let words = [k, 0, 0, 0, 0];
            let mut acc: i128 = 0;
            for wi in (0..13u32).rev() {
                let (mag, neg) = booth(window(&words, wi * W));
                assert!(mag <= 16);
                let d = if bool::from(neg) {
                    -(mag as i128)
                } else {
                    mag as i128
                };
                acc = acc * 32 + d;
            }
            assert_eq!(acc, k as i128, "k = {k:#x}");
        }
    }

    /// The word-level window against the shift of the whole integer.
    #[test]
    fn windows_match_big_shifts() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..50 {
            let mut words = [0u64; 5];
            for w in words.iter_mut().take(4) {
                x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1);
                *w = x ^ (x >> 29);
            }
            for pos in 0..=260 {
                let wide = BigInt::<5>(words).shl(1).shr(pos);
                assert_eq!(window(&words, pos), wide.0[0] & 63, "pos {pos}");
            }
        }
    }

    #[test]
    fn ct_division() {
        let x = [
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            0xdead_beef_0bad_f00d,
            0x73ed_a753_299d_7d48,
            0,
        ];
        let d = 0xd201_0000_0001_0000u64;
        let (q, r) = ct_divrem_u64(&x, d);
        // q·d + r = x
        let mut acc = [0u64; 5];
        let mut carry: u128 = r as u128;
        for i in 0..5 {
            let t = q[i] as u128 * d as u128 + carry;
            acc[i] = t as u64;
            carry = t >> 64;
        }
        assert_eq!(acc, x);
        assert!(r < d);
    }

    #[test]
    fn wnaf_digits_reconstruct_the_scalar() {
        for k in [1u64, 2, 15, 16, 31, 0xdead_beef, u64::MAX] {
            let mut naf = [0i8; 262];
            let len = wnaf(&[k, 0, 0, 0, 0], &mut naf);
            let v = naf[..len]
                .iter()
                .rev()
                .fold(0i128, |a, &d| a * 2 + d as i128);
            assert_eq!(v, k as i128);
            assert!(
                naf[..len]
                    .iter()
                    .all(|d| *d == 0 || (d % 2 != 0 && d.abs() <= 15))
            );
        }
    }
}
