//! Batch subgroup check of many public points: random subset sums, each checked exactly.
//!
//! Checking n points one by one costs n endomorphism tests (on BLS12-381 G1 about 126
//! doublings each). Here `TRIALS` = 128 pseudo-random subsets `S_t` of the points are summed
//! (`Σ_{i ∈ S_t} P_i`, about 64 additions per point, batch-affine with one inversion per level
//! of a pairwise tree) and only the 128 sums get the exact test. A point outside the subgroup
//! has a non-zero component `T` in the cofactor part of the group; a random subset sum of
//! those components is zero with probability at most 1/2 whatever the other points are
//! (flipping the membership of one offending point changes the sum by its non-zero `T`), so
//! all 128 trials pass with probability at most 2^−128. Points in the subgroup always pass: the
//! check never rejects a valid batch, and when a trial fails the points are tested one by one,
//! so a rejection is exact and names the first offending point. The same batch method is
//! gnark-crypto's `IsInSubGroupBatch` (with 64 trials).
//!
//! The subsets are derived from a caller's seed, which must bind the points (e.g. a
//! Fiat–Shamir hash of their encodings): `SHA-256(DST ‖ seed ‖ i)` gives point i its 128
//! membership bits. An adversary choosing the points sees the subsets only after fixing them,
//! so each attempt succeeds with probability at most 2^−128.
//!
//! Below [`BATCH_MIN_POINTS`] points the fixed cost of 128 exact tests does not pay, and every
//! point is tested exactly.

use crate::MsmCurve;
use crate::batch_affine::add_vectors_vartime;
use alloc::vec::Vec;
use ctt_curves::AffineRepr;
use ctt_curves::sw::Affine;

/// Trials: the false-accept bound is 2^−TRIALS.
pub const TRIALS: usize = 128;

/// From this many points on, the batch method is used.
pub const BATCH_MIN_POINTS: usize = 256;

/// Domain separation of the subset derivation.
const DST: &[u8] = b"CTT_SUBGROUP_BATCH_V1";

/// Trials summed per pass (memory: about `CHUNK·n/2` affine points at a time).
const CHUNK: usize = 16;

/// The index of the first point outside the prime-order subgroup, `None` if all are in it
/// (false `None` with probability at most 2^−128 over the seed; see the module docs). The
/// points must be on the curve (decoded).
pub fn first_outside_subgroup_vartime<G: MsmCurve>(
    points: &[G::Affine],
    seed: &[u8; 32],
) -> Option<usize> {
    check::<G>(points, seed, false)
}

/// As [`first_outside_subgroup_vartime`], the trials (and, on failure, the exact tests) on
/// the current rayon pool.
#[cfg(any(feature = "parallel", test))]
pub fn first_outside_subgroup_vartime_parallel<G: MsmCurve>(
    points: &[G::Affine],
    seed: &[u8; 32],
) -> Option<usize> {
    check::<G>(points, seed, true)
}

fn check<G: MsmCurve>(points: &[G::Affine], seed: &[u8; 32], parallel: bool) -> Option<usize> {
    let outside = |p: &G::Affine| !p.is_torsion_free().to_bool_vartime();
    let exact = || -> Option<usize> {
        #[cfg(any(feature = "parallel", test))]
        if parallel {
            use rayon::prelude::*;
            return points.par_iter().position_first(outside);
        }
        points.iter().position(outside)
    };
    if points.len() < BATCH_MIN_POINTS {
        return exact();
    }
    let sw = G::as_sw(points);
    let masks: Vec<u128> = (0..sw.len()).map(|i| membership(seed, i)).collect();
    let chunk_passes = |first: usize| trials_pass(sw, &masks, first..(first + CHUNK).min(TRIALS));
    let firsts: Vec<usize> = (0..TRIALS).step_by(CHUNK).collect();
    #[cfg(any(feature = "parallel", test))]
    let all_pass = if parallel {
        use rayon::prelude::*;
        firsts.par_iter().all(|&f| chunk_passes(f))
    } else {
        firsts.iter().all(|&f| chunk_passes(f))
    };
    #[cfg(not(any(feature = "parallel", test)))]
    let all_pass = {
        let _ = parallel;
        firsts.iter().all(|&f| chunk_passes(f))
    };
    // A failing trial means some point is outside: find the first one exactly.
    if all_pass { None } else { exact() }
}

/// Whether the subset sums of the given trials are all in the subgroup.
fn trials_pass<C: ctt_curves::sw::SwCurveConfig>(
    points: &[Affine<C>],
    masks: &[u128],
    trials: core::ops::Range<usize>,
) -> bool {
    let mut lists: Vec<Vec<Affine<C>>> = trials
        .map(|t| {
            points
                .iter()
                .zip(masks)
                .filter(|(_, m)| (**m >> t) & 1 == 1)
                .map(|(p, _)| *p)
                .collect()
        })
        .collect();
    sum_lists(&mut lists);
    lists.iter().all(|l| {
        let sum = l.first().copied().unwrap_or(Affine::IDENTITY);
        sum.is_torsion_free().to_bool_vartime()
    })
}

/// Point i's 128 subset-membership bits.
fn membership(seed: &[u8; 32], i: usize) -> u128 {
    let mut h = ctt_hash::Sha256::new();
    h.update(DST);
    h.update(seed);
    h.update(&(i as u64).to_le_bytes());
    let d = h.finalize();
    u128::from_le_bytes(d[..16].try_into().expect("16 bytes"))
}

/// Replaces each list by its sum (a list of at most one point), all lists together: each level
/// adds neighbours pairwise with one shared inversion.
fn sum_lists<C: ctt_curves::sw::SwCurveConfig>(lists: &mut [Vec<Affine<C>>]) {
    let mut sums = Vec::new();
    let mut terms = Vec::new();
    while lists.iter().any(|l| l.len() > 1) {
        sums.clear();
        terms.clear();
        for l in lists.iter() {
            for pair in l.chunks_exact(2) {
                sums.push(pair[0]);
                terms.push(pair[1]);
            }
        }
        add_vectors_vartime(&mut sums, &terms);
        let mut it = sums.iter();
        for l in lists.iter_mut() {
            let odd = (l.len() % 2 == 1).then(|| l[l.len() - 1]);
            let half = l.len() / 2;
            l.clear();
            l.extend(it.by_ref().take(half).copied());
            l.extend(odd);
        }
    }
}
