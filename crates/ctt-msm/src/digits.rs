//! Scalars as public little-endian words, and their signed-digit (Booth) recoding.
//!
//! A c-bit window value above `2^(c−1)` becomes `value − 2^c` and carries one into the next
//! window, so digits lie in `[−2^(c−1), 2^(c−1)]`: half the buckets, negation is free on the
//! points (blst `booth_encode`, gnark "saves us half of the buckets"). With `b` scalar bits there
//! are `⌈(b + 1)/c⌉` windows: the extra bit absorbs the last carry.

use ctt_field::PrimeField;

/// A scalar's canonical value, little-endian 64-bit words (every scalar field here is ≤ 256 bits).
pub type Words = [u64; 4];

/// The canonical value of a scalar field element.
pub fn scalar_words<F: PrimeField>(k: &F) -> Words {
    let bytes = k.to_bytes_le();
    let mut w = [0u64; 4];
    for (i, chunk) in bytes.as_ref().chunks(8).enumerate().take(4) {
        let mut buf = [0u8; 8];
        buf[..chunk.len()].copy_from_slice(chunk);
        w[i] = u64::from_le_bytes(buf);
    }
    w
}

/// Bits `[pos, pos + c)` of `k` (zero past the end), `c ≤ 32`.
#[inline]
pub fn bits_at(k: &Words, pos: u32, c: u32) -> u64 {
    let limb = (pos / 64) as usize;
    let off = pos % 64;
    if limb >= 4 {
        return 0;
    }
    let mut v = k[limb] >> off;
    if off + c > 64 && limb + 1 < 4 {
        v |= k[limb + 1] << (64 - off);
    }
    v & ((1u64 << c) - 1)
}

/// Number of signed c-bit windows for `bits`-bit scalars.
pub fn num_windows(bits: u32, c: u32) -> usize {
    (bits + 1).div_ceil(c) as usize
}

/// Widths of the [`num_windows`]`(bits, c)` windows for `bits`-bit scalars, balanced: they
/// differ by at most one bit (the wider ones at the bottom) and add up to exactly `bits + 1`.
/// Against `c` bits everywhere this leaves no short top window, whose few buckets collide in
/// the batch-affine scheduler, and it shrinks the bucket reductions (2^(width − 1) buckets
/// per window): at 128-bit scalars and c = 11, 9 windows of 11 bits and 3 of 10 bits instead
/// of 11 of 11 bits and one of 8.
pub fn window_widths(bits: u32, c: u32) -> alloc::vec::Vec<u32> {
    let windows = num_windows(bits, c) as u32;
    let (base, wide) = ((bits + 1) / windows, (bits + 1) % windows);
    (0..windows).map(|w| base + u32::from(w < wide)).collect()
}

/// Signed c-bit digits of every scalar, window-major: `out[w·n + i]` is digit `w` of scalar `i`
/// (`out.len() = windows·n`). `Σ_w out[w·n + i]·2^(c·w) = k_i`.
pub fn recode_signed(scalars: &[Words], c: u32, windows: usize, out: &mut [i32]) {
    recode_signed_widths(scalars, &alloc::vec![c; windows], out);
}

/// Signed digits of every scalar for windows of the given widths (each 1…32 bits, the top one
/// with a bit to spare for the last carry), window-major: `out[w·n + i]` is digit `w` of
/// scalar `i`, in `[−2^(width_w − 1), 2^(width_w − 1)]`, and `Σ_w out[w·n + i]·2^(pos_w) = k_i`
/// with `pos_w` the sum of the widths below `w`.
pub fn recode_signed_widths(scalars: &[Words], widths: &[u32], out: &mut [i32]) {
    let n = scalars.len();
    debug_assert_eq!(out.len(), widths.len() * n);
    if n == 0 {
        return;
    }
    // Window-outer order: every pass reads the scalars and writes one row sequentially (a
    // scalar-outer loop would write with a stride of n and miss the cache at every digit).
    let mut carries = alloc::vec![0u8; n];
    let mut pos = 0;
    for (row, &c) in out.chunks_exact_mut(n).zip(widths) {
        let half = 1i64 << (c - 1);
        let full = 1i64 << c;
        for ((k, d), cy) in scalars.iter().zip(row.iter_mut()).zip(carries.iter_mut()) {
            let v = bits_at(k, pos, c) as i64 + *cy as i64;
            let neg = v > half;
            *d = (v - if neg { full } else { 0 }) as i32;
            *cy = neg as u8;
        }
        pos += c;
    }
    debug_assert!(carries.iter().all(|&c| c == 0), "window count too small");
}

/// Width-`w` non-adjacent form of `k` (`w ≤ 7`): odd digits in `(−2^(w−1), 2^(w−1))`, at most one
/// non-zero digit in any `w` consecutive positions. `out` needs `bits + 1` entries; returns the
/// length up to the last non-zero digit.
pub fn wnaf(k: &Words, bits: u32, w: u32, out: &mut [i8]) -> usize {
    let width = 1i64 << w;
    let mut carry = 0i64;
    let mut pos = 0u32;
    let mut len = 0;
    out.iter_mut().for_each(|d| *d = 0);
    while pos <= bits {
        let window = carry + bits_at(k, pos, w) as i64;
        if window & 1 == 0 {
            pos += 1;
            continue;
        }
        let d = if window < width / 2 {
            carry = 0;
            window
        } else {
            carry = 1;
            window - width
        };
        out[pos as usize] = d as i8;
        len = pos as usize + 1;
        pos += w;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(digits: impl Iterator<Item = i64>, radix_bits: u32) -> i128 {
        let d: alloc::vec::Vec<i64> = digits.collect();
        d.iter()
            .rev()
            .fold(0i128, |acc, &x| (acc << radix_bits) + x as i128)
    }

    #[test]
    fn signed_digits_reconstruct() {
        for k in [
            0u64,
            1,
            7,
            8,
            9,
            15,
            16,
            0xffff_ffff,
            u64::MAX,
            0x8000_0000_0000_0000,
        ] {
            for c in 2..=16 {
                let words = [k, 0, 0, 0];
                let windows = num_windows(64, c);
                let mut out = alloc::vec![0i32; windows];
                recode_signed(&[words], c, windows, &mut out);
                assert!(out.iter().all(|&d| d.unsigned_abs() <= 1 << (c - 1)));
                assert_eq!(
                    value(out.iter().map(|&d| d as i64), c),
                    k as i128,
                    "{k} {c}"
                );
            }
        }
    }

    #[test]
    fn balanced_digits_reconstruct() {
        for bits in [64u32, 127, 128] {
            for c in 2..=16 {
                let widths = window_widths(bits, c);
                assert_eq!(widths.len(), num_windows(bits, c));
                assert_eq!(widths.iter().sum::<u32>(), bits + 1);
                let (lo, hi) = (widths.iter().min().unwrap(), widths.iter().max().unwrap());
                assert!(*hi <= c && hi - lo <= 1, "{widths:?}");
                for k in [
                    1u128,
                    0xffff_ffff,
                    u128::MAX >> (128 - bits),
                    0x8000 << 64,
                    0xdead_beef_1234 << 60,
                ] {
                    let k = k & (u128::MAX >> (128 - bits));
                    let words = [k as u64, (k >> 64) as u64, 0, 0];
                    let mut out = alloc::vec![0i32; widths.len()];
                    recode_signed_widths(&[words], &widths, &mut out);
                    let mut value = 0i128;
                    for (d, &w) in out.iter().zip(&widths).rev() {
                        assert!(d.unsigned_abs() <= 1 << (w - 1));
                        value = value.wrapping_shl(w).wrapping_add(*d as i128);
                    }
                    assert_eq!(value as u128, k, "{k:x} bits {bits} c {c}");
                }
            }
        }
    }

    #[test]
    fn wnaf_reconstructs() {
        for k in [1u64, 2, 15, 16, 31, 0xdead_beef, u64::MAX] {
            for w in 2..=6 {
                let mut out = [0i8; 66];
                let len = wnaf(&[k, 0, 0, 0], 64, w, &mut out);
                assert_eq!(value(out[..len].iter().map(|&d| d as i64), 1), k as i128);
                assert!(
                    out.iter()
                        .all(|d| *d == 0 || (d % 2 != 0 && d.abs() < 1 << (w - 1)))
                );
            }
        }
    }
}
