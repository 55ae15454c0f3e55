//! Many independent MSMs computed together.
//!
//! A small MSM (tens of points) spends a large share of its batch-affine additions' cost on
//! the inversions: its buckets are few, so its batches are short (≈ 100 additions per
//! inversion at n = 64 on BLS12-381 G1, and ≈ 40 in the running sums of its reduction). The
//! additions of independent MSMs are independent of each other, so here every MSM's windows
//! get their own buckets in one batch-affine scheduler, and both the accumulation and the
//! reduction's running sums share each inversion among all of them (batches of hundreds). The
//! work per MSM is otherwise that of [`crate::msm_vartime`]: the same split, window and
//! recoding. FK20 (128 MSMs of 64 points per blob) is the user this was written for.

use crate::batch_affine::BatchAffine;
use crate::curves::MsmConfig;
use crate::digits::{recode_signed_widths, window_widths};
use crate::pippenger::{Algorithm, Plan, combine_widths, msm_with_plan, prepare, window_buckets};
use crate::xyzz::Xyzz;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::sw::Affine;
use ctt_field::PrimeField;

/// Buckets of one shared scheduler at most (2^18 affine points, 27 MiB on BLS12-381 G1):
/// more MSMs than fit are done in chunks.
const MAX_SHARED_BUCKETS: usize = 1 << 18;

/// `[Σ_i scalars[m][i]·points[m][i]]` for every m (lengths already checked), serially.
pub fn msm_many<C: MsmConfig>(points: &[&[Affine<C>]], scalars: &[&[C::Scalar]]) -> Vec<Xyzz<C>> {
    let n_max = points.iter().map(|p| p.len()).max().unwrap_or(0);
    let plan = Plan::choose::<C>(n_max);
    let c = match plan.algo {
        // Straus has no buckets to share, and MSMs with windows from `BATCH_AFFINE_MIN_C` on
        // have long batches of their own.
        Algorithm::Pippenger { c, .. } if c < C::BATCH_AFFINE_MIN_C => c,
        _ => {
            return points
                .iter()
                .zip(scalars)
                .map(|(p, k)| msm_with_plan(p, k, Plan::choose::<C>(p.len())))
                .collect();
        }
    };
    let buckets_per_msm = window_widths(C::Scalar::NUM_BITS, c).len() * window_buckets(c);
    let chunk = (MAX_SHARED_BUCKETS / buckets_per_msm).max(1);
    points
        .chunks(chunk)
        .zip(scalars.chunks(chunk))
        .flat_map(|(p, k)| shared(p, k, plan.split, c))
        .collect()
}

/// The MSMs with one scheduler over all their windows' buckets.
fn shared<C: MsmConfig>(
    points: &[&[Affine<C>]],
    scalars: &[&[C::Scalar]],
    split: bool,
    c: u32,
) -> Vec<Xyzz<C>> {
    let prepared: Vec<_> = points
        .iter()
        .zip(scalars)
        .map(|(p, k)| prepare(p, k, split))
        .collect();
    // Every MSM has the same bit bound (same curve, same split), hence the same windows.
    let Some(bits) = prepared.first().map(|p| p.bits) else {
        return Vec::new();
    };
    let widths = window_widths(bits, c);
    let windows = widths.len();
    let per = window_buckets(c);

    // All points in one array; MSM m's window w owns buckets [(m·W + w)·per, … + per).
    let total: usize = prepared.iter().map(|p| p.points.len()).sum();
    let mut all_points: Vec<Affine<C>> = Vec::with_capacity(total);
    let mut digits: Vec<i32> = Vec::new();
    let mut groups = Vec::with_capacity(prepared.len());
    for p in &prepared {
        let n = p.points.len();
        let start = all_points.len();
        all_points.extend_from_slice(&p.points);
        let mut d = vec![0i32; windows * n];
        recode_signed_widths(&p.scalars, &widths, &mut d);
        digits.extend_from_slice(&d);
        groups.push((start, n));
    }
    let mut ba = BatchAffine::<C>::new_shared(prepared.len() * windows * per);
    ba.accumulate_groups(&all_points, &digits, &groups, windows, per);
    let ranges: Vec<(usize, usize)> = (0..prepared.len())
        .flat_map(|m| {
            widths
                .iter()
                .enumerate()
                .map(move |(w, &width)| ((m * windows + w) * per, window_buckets(width)))
        })
        .collect();
    let sums = ba.reduce_windows(&ranges);
    sums.chunks(windows)
        .map(|s| combine_widths(s, &widths))
        .collect()
}
