//! The MSM driver: endomorphism split, choice of algorithm and window, recoding, windows (serial
//! or on the rayon pool), and the final Horner combination `Σ_w 2^(c·w)·S_w` (c doublings per
//! window).

use crate::buckets::{Accumulator, window_sum};
use crate::curves::MsmConfig;
pub use crate::curves::{WINDOWS_FP, WINDOWS_FP2};
use crate::digits::{Words, recode_signed_widths, window_widths};
use crate::straus::straus;
use crate::xyzz::Xyzz;
use alloc::borrow::Cow;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_field::PrimeField;

/// How one MSM is computed; [`Plan::choose`] picks it from n, and tests and the tuning
/// benchmarks can force any plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Use the curve's endomorphism split (ignored for curves without one).
    pub split: bool,
    /// The algorithm.
    pub algo: Algorithm,
}

/// The algorithm of a [`Plan`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Interleaved wNAF (small n).
    Straus,
    /// Pippenger with window `c` and the given bucket accumulator.
    Pippenger {
        /// Window size in bits (2…20).
        c: u32,
        /// Bucket representation.
        acc: Accumulator,
    },
}

impl Plan {
    /// The plan for `n` points on curve `C` with full-width scalars.
    pub fn choose<C: MsmConfig>(n: usize) -> Plan {
        let split = C::SPLIT.is_some();
        Self::choose_for_terms::<C>(n, if split { 2 * n } else { n }, split)
    }

    /// The plan for these scalars: as [`Plan::choose`], but a scalar already as short as the
    /// endomorphism split's halves (the random 64- or 128-bit coefficients of batch
    /// verification) stays whole, so the window is chosen for the terms actually bucketed, and
    /// without any long scalar there is no split at all.
    pub fn choose_for_words<C: MsmConfig>(words: &[Words]) -> Plan {
        let n = words.len();
        let long = C::SPLIT.map_or(0, |s| {
            words.iter().filter(|k| word_bits(k) > s.bits).count()
        });
        Self::choose_for_terms::<C>(n, n + long, long > 0)
    }

    fn choose_for_terms<C: MsmConfig>(n: usize, m: usize, split: bool) -> Plan {
        if n <= C::STRAUS_MAX_N {
            return Plan {
                split,
                algo: Algorithm::Straus,
            };
        }
        let c = window_for(C::WINDOWS, m);
        Plan {
            split,
            algo: Algorithm::Pippenger {
                c,
                acc: accumulator_for::<C>(c),
            },
        }
    }
}

/// The window size for `m` bucketed points from a table of `(bit length of m, c)`.
pub fn window_for(table: &[(u32, u32)], m: usize) -> u32 {
    let lg = usize::BITS - m.max(1).leading_zeros();
    table.iter().find(|(l, _)| lg <= *l).map_or(13, |&(_, c)| c)
}

/// The accumulator for window `c` on curve `C`.
pub fn accumulator_for<C: MsmConfig>(c: u32) -> Accumulator {
    if c >= C::BATCH_AFFINE_MIN_C {
        Accumulator::BatchAffine
    } else if c >= C::SHARED_BATCH_MIN_C {
        Accumulator::BatchAffineShared
    } else {
        Accumulator::Xyzz
    }
}

/// Points and scalars after the optional split, with the scalars' bit bound.
struct Prepared<'a, C: SwCurveConfig> {
    points: Cow<'a, [Affine<C>]>,
    scalars: Vec<Words>,
    bits: u32,
}

/// Drops the terms that contribute nothing (identity points, zero scalars) — so that the
/// bucket loops never need to look at a point's identity flag — and applies the split.
fn prepare<'a, C: MsmConfig>(
    points: &'a [Affine<C>],
    mut words: Vec<Words>,
    split: bool,
) -> Prepared<'a, C> {
    let all_live = points
        .iter()
        .zip(&words)
        .all(|(p, k)| !p.infinity.to_bool_vartime() && *k != [0; 4]);
    let points: Cow<'a, [Affine<C>]> = if all_live {
        Cow::Borrowed(points)
    } else {
        let (pts, ks): (Vec<Affine<C>>, Vec<Words>) = points
            .iter()
            .zip(&words)
            .filter(|(p, k)| !p.infinity.to_bool_vartime() && **k != [0; 4])
            .map(|(p, k)| (*p, *k))
            .unzip();
        words = ks;
        Cow::Owned(pts)
    };
    match C::SPLIT {
        Some(s) if split => {
            // A scalar already below 2^bits stays one term; a longer one becomes two halves.
            let n = points.len();
            let mut pts = Vec::with_capacity(2 * n);
            let mut ks = Vec::with_capacity(2 * n);
            for (p, k) in points.iter().zip(&words) {
                if word_bits(k) <= s.bits {
                    pts.push(*p);
                    ks.push(*k);
                    continue;
                }
                let ([k0, k1], [neg0, neg1]) = (s.split)(k);
                // A negative half: [−k]P = [k](−P).
                for (q, half, neg) in [(*p, k0, neg0), ((s.map)(p), k1, neg1)] {
                    pts.push(if neg { -q } else { q });
                    ks.push(half);
                }
            }
            Prepared {
                points: Cow::Owned(pts),
                scalars: ks,
                bits: s.bits,
            }
        }
        _ => Prepared {
            points,
            bits: max_bits(&words).max(1),
            scalars: words,
        },
    }
}

/// The canonical words of the scalars.
pub fn scalars_to_words<F: PrimeField>(scalars: &[F]) -> Vec<Words> {
    scalars.iter().map(crate::digits::scalar_words).collect()
}

/// The bit length of a scalar (0 for zero).
pub fn word_bits(k: &Words) -> u32 {
    ctt_bigint::BigInt(*k).num_bits_vartime()
}

/// The bit length of the largest scalar (0 when all are zero).
pub fn max_bits(words: &[Words]) -> u32 {
    word_bits(&words.iter().fold([0u64; 4], |acc, w| {
        [acc[0] | w[0], acc[1] | w[1], acc[2] | w[2], acc[3] | w[3]]
    }))
}

/// Serial MSM with a given plan.
pub fn msm_with_plan<C: MsmConfig>(
    points: &[Affine<C>],
    scalars: &[C::Scalar],
    plan: Plan,
) -> Xyzz<C> {
    msm_words_with_plan(points, scalars_to_words(scalars), plan)
}

/// Serial MSM over canonical scalar words with a given plan (the plan's split must be off
/// unless the scalars are field elements below the group order, which words from
/// [`scalars_to_words`] are).
pub fn msm_words_with_plan<C: MsmConfig>(
    points: &[Affine<C>],
    words: Vec<Words>,
    plan: Plan,
) -> Xyzz<C> {
    let (c, acc) = match plan.algo {
        Algorithm::Straus => {
            let split = if plan.split { C::SPLIT } else { None };
            let bits = if split.is_some() {
                C::Scalar::NUM_BITS
            } else {
                max_bits(&words).max(1)
            };
            return straus(points, &words, bits, split);
        }
        Algorithm::Pippenger { c, acc } => (c, acc),
    };
    let p = prepare(points, words, plan.split);
    let n = p.points.len();
    let widths = window_widths(p.bits, c);
    let windows = widths.len();
    let mut digits = vec![0i32; windows * n];
    recode_signed_widths(&p.scalars, &widths, &mut digits);
    if acc == Accumulator::BatchAffineShared {
        let per = 1 << (c - 1);
        let mut ba = crate::batch_affine::BatchAffine::<C>::new_shared(windows * per);
        ba.accumulate_windows(&p.points, &digits, per);
        let ranges: Vec<(usize, usize)> = (0..windows)
            .map(|w| (w * per, window_buckets(widths[w])))
            .collect();
        let sums = ba.reduce_windows(&ranges);
        return combine_widths(&sums, &widths);
    }
    let sums: Vec<Xyzz<C>> = (0..windows)
        .map(|w| {
            let hi = window_buckets(widths[w]);
            window_sum(&p.points, &digits[w * n..(w + 1) * n], 0, hi, acc)
        })
        .collect();
    combine_widths(&sums, &widths)
}

/// Buckets of a window of `width` bits: its signed digits are at most `2^(width − 1)` in
/// absolute value (the widths of `window_widths` leave the top window a bit for the carry).
pub fn window_buckets(width: u32) -> usize {
    1 << (width - 1)
}

/// `Σ_w 2^(c·w)·sums[w]` by Horner's rule.
pub fn combine<C: SwCurveConfig>(sums: &[Xyzz<C>], c: u32) -> Xyzz<C> {
    combine_widths(sums, &vec![c; sums.len()])
}

/// `Σ_w 2^(pos_w)·sums[w]`, `pos_w` the sum of the widths below `w`, by Horner's rule.
pub fn combine_widths<C: SwCurveConfig>(sums: &[Xyzz<C>], widths: &[u32]) -> Xyzz<C> {
    let mut acc = Xyzz::IDENTITY;
    for (w, s) in sums.iter().enumerate().rev() {
        acc.add(s);
        if w > 0 {
            for _ in 0..widths[w - 1] {
                acc = acc.double();
            }
        }
    }
    acc
}

/// Parallel MSM with a given plan on the current rayon pool.
///
/// Partitioning: every (window, bucket range) pair is an independent task — windows read the
/// same points and digits and write nothing shared; a bucket range of a window sums only the
/// digits that fall into it (every task scans all of its window's digits, which is cheap next to
/// the additions). The number of ranges per window is chosen so that there are at least four
/// tasks per thread: with 2 threads and ~10–20 windows of nearly equal cost, whole windows alone
/// would leave one thread idle for up to one window at the end. Partial sums are added per
/// window, then combined serially (Horner: ~255 doublings, negligible).
#[cfg(any(feature = "parallel", test))]
pub fn msm_with_plan_parallel<C: MsmConfig>(
    points: &[Affine<C>],
    scalars: &[C::Scalar],
    plan: Plan,
) -> Xyzz<C> {
    msm_words_with_plan_parallel(points, scalars_to_words(scalars), plan)
}

/// [`msm_words_with_plan`] on the current rayon pool.
#[cfg(any(feature = "parallel", test))]
pub fn msm_words_with_plan_parallel<C: MsmConfig>(
    points: &[Affine<C>],
    words: Vec<Words>,
    plan: Plan,
) -> Xyzz<C> {
    use crate::buckets::bucket_ranges;
    use rayon::prelude::*;
    let threads = rayon::current_num_threads();
    let (c, acc) = match plan.algo {
        Algorithm::Pippenger { c, acc } if threads > 1 => (c, acc),
        _ => return msm_words_with_plan(points, words, plan),
    };
    let p = prepare(points, words, plan.split);
    let n = p.points.len();
    let widths = window_widths(p.bits, c);
    let windows = widths.len();
    let mut digits = vec![0i32; windows * n];
    // Recode in parallel over chunks of scalars (window-major output: each chunk writes its
    // own columns, gathered per window afterwards).
    let chunk = n.div_ceil(threads).max(1);
    let parts: Vec<Vec<i32>> = p
        .scalars
        .par_chunks(chunk)
        .map(|ks| {
            let mut d = vec![0i32; windows * ks.len()];
            recode_signed_widths(ks, &widths, &mut d);
            d
        })
        .collect();
    for (ci, d) in parts.iter().enumerate() {
        let len = d.len() / windows;
        for w in 0..windows {
            digits[w * n + ci * chunk..w * n + ci * chunk + len]
                .copy_from_slice(&d[w * len..(w + 1) * len]);
        }
    }
    let per_window = (4 * threads).div_ceil(windows);
    let tasks: Vec<(usize, usize, usize)> = (0..windows)
        .rev()
        .flat_map(|w| {
            bucket_ranges(window_buckets(widths[w]), per_window)
                .into_iter()
                .map(move |(lo, hi)| (w, lo, hi))
        })
        .collect();
    let partial: Vec<(usize, Xyzz<C>)> = tasks
        .par_iter()
        .map(|&(w, lo, hi)| {
            let s = window_sum(&p.points, &digits[w * n..(w + 1) * n], lo, hi, acc);
            (w, s)
        })
        .collect();
    let mut sums = vec![Xyzz::<C>::IDENTITY; windows];
    for (w, s) in partial {
        sums[w].add(&s);
    }
    combine_widths(&sums, &widths)
}
