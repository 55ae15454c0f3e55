//! One window of Pippenger's bucket method: accumulate each point into the bucket of its digit,
//! then weight the buckets with the running-sum trick (Bernstein–Doumen–Lange–Oosterwijk, eprint
//! 2012/549 §4): `Σ_b (b + 1)·B_b` with `2·(number of buckets)` additions and no multiplication.
//!
//! Two accumulators: XYZZ buckets with mixed additions (8M + 2S each, no inversion; best for
//! small windows, where few additions land in each bucket), and batch-affine buckets
//! (`batch_affine`, ≈ 5M + 1S per addition; best for c ≥ 9, see the crate banner). A third,
//! all windows' batch-affine buckets in one scheduler (c = 6…8 over Fp), needs every window at
//! once and so lives in the serial driver (`pippenger::msm_with_plan`); here it is XYZZ.
//!
//! Bucket ranges: a window may be split into ranges `[lo, hi)` of bucket indices (bucket `b`
//! holds digit `±(b + 1)`) handled by different threads; each range returns
//! `Σ_{b ∈ [lo, hi)} (b + 1)·B_b`, so the ranges of one window simply add up.

use crate::batch_affine::BatchAffine;
use crate::xyzz::Xyzz;
use alloc::vec;
use ctt_curves::sw::{Affine, SwCurveConfig};

/// Which accumulator a window uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accumulator {
    /// XYZZ buckets, mixed additions.
    Xyzz,
    /// Affine buckets, additions batched with one inversion per batch.
    BatchAffine,
    /// Affine buckets of all windows in one scheduler (small windows: a batch spreads over
    /// every window's buckets instead of conflicting within one window's few); where windows
    /// are handled one at a time (bucket ranges, parallel tasks) it is [`Self::Xyzz`], which
    /// beats per-window batch-affine buckets at these window sizes.
    BatchAffineShared,
}

/// `Σ_{b ∈ [lo, hi)} (b + 1)·B_b` where `B_b = Σ_{i : |d_i| = b + 1} sign(d_i)·P_i`.
pub fn window_sum<C: SwCurveConfig>(
    points: &[Affine<C>],
    digits: &[i32],
    lo: usize,
    hi: usize,
    acc: Accumulator,
) -> Xyzz<C> {
    debug_assert_eq!(points.len(), digits.len());
    match acc {
        Accumulator::Xyzz | Accumulator::BatchAffineShared => {
            let mut buckets = vec![Xyzz::<C>::IDENTITY; hi - lo];
            for (p, &d) in points.iter().zip(digits) {
                if d == 0 {
                    continue;
                }
                let b = d.unsigned_abs() as usize - 1;
                if b < lo || b >= hi {
                    continue;
                }
                if d > 0 {
                    buckets[b - lo].add_affine(p);
                } else {
                    buckets[b - lo].sub_affine(p);
                }
            }
            reduce_xyzz(&buckets, lo)
        }
        Accumulator::BatchAffine => {
            let mut ba = BatchAffine::<C>::new(hi - lo);
            ba.accumulate(points, digits, lo, hi);
            ba.reduce(lo)
        }
    }
}

/// Running-sum weighting of XYZZ buckets whose first index is `lo`.
fn reduce_xyzz<C: SwCurveConfig>(buckets: &[Xyzz<C>], lo: usize) -> Xyzz<C> {
    let mut running = Xyzz::IDENTITY;
    let mut total = Xyzz::IDENTITY;
    for b in buckets.iter().rev() {
        running.add(b);
        total.add(&running);
    }
    weight_offset(total, &running, lo)
}

/// The running sum gives `Σ (b − lo + 1)·B_b`; add `lo·Σ B_b` for the true weights.
pub fn weight_offset<C: SwCurveConfig>(mut total: Xyzz<C>, sum: &Xyzz<C>, lo: usize) -> Xyzz<C> {
    if lo > 0 {
        total.add(&sum.mul_u64(lo as u64));
    }
    total
}

/// Splits `0..buckets` into `parts` contiguous ranges of near-equal size.
#[cfg(any(feature = "parallel", test))]
pub fn bucket_ranges(buckets: usize, parts: usize) -> vec::Vec<(usize, usize)> {
    let parts = parts.clamp(1, buckets);
    (0..parts)
        .map(|p| (p * buckets / parts, (p + 1) * buckets / parts))
        .collect()
}
