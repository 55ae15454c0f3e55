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

/// Signed c-bit digits of every scalar, window-major: `out[w·n + i]` is digit `w` of scalar `i`
/// (`out.len() = windows·n`). `Σ_w out[w·n + i]·2^(c·w) = k_i`.
pub fn recode_signed(scalars: &[Words], c: u32, windows: usize, out: &mut [i32]) {
    let n = scalars.len();
    debug_assert_eq!(out.len(), windows * n);
    if n == 0 {
        return;
    }
    let half = 1i64 << (c - 1);
    let full = 1i64 << c;
    // Window-outer order: every pass reads the scalars and writes one row sequentially (a
    // scalar-outer loop would write with a stride of n and miss the cache at every digit).
    let mut carries = alloc::vec![0u8; n];
    for (w, row) in out.chunks_exact_mut(n).enumerate().take(windows) {
        let pos = w as u32 * c;
        for ((k, d), cy) in scalars.iter().zip(row.iter_mut()).zip(carries.iter_mut()) {
            let v = bits_at(k, pos, c) as i64 + *cy as i64;
            let neg = v > half;
            *d = (v - if neg { full } else { 0 }) as i32;
            *cy = neg as u8;
        }
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
