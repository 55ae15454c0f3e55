//! Batch subgroup check of many public points: random small combinations, each checked exactly.
//!
//! Checking n points one by one costs n endomorphism tests (on BLS12-381 G1 about 126
//! doublings each). Here `TRIALS` = 81 pseudo-random combinations `S_t = Σᵢ c_{t,i}·Pᵢ` with
//! coefficients uniform in {0, 1, 2} are formed and only the 81 sums get the exact test. A point
//! outside the subgroup has a non-zero component `T` in the cofactor part of the group; fix every
//! coefficient but its own: of the values 0, 1, 2 of its coefficient at most one cancels the
//! rest, since they are distinct modulo the order of `T` (at least 3: the cofactors of the four
//! groups here are odd — BLS12-381 G1 `0x396c…aaab`, G2 `0x5d54…8e5`, BN254 G1 1, G2
//! `36x⁴ + 36x³ + 30x² + 6x + 1`). So a trial passes with probability at most 1/3, and all 81
//! with at most `3^−81 < 2^−128`. Points in the subgroup always pass: the check never rejects a
//! valid batch, and when a trial fails the points are tested one by one, so a rejection is
//! exact and names the first offending point. (Binary subsets, as gnark-crypto's
//! `IsInSubGroupBatch`, catch a cofactor component with probability 1/2 per trial and need 128
//! trials for the same bound; three values need 81 exact tests.)
//!
//! The sums share work: the points are taken in groups of three, each group's 27 combinations
//! `aP + bQ + cR` (`a, b, c ∈ {0, 1, 2}`) are formed once (26 affine additions, batched over all
//! groups), and each trial adds one combination per group. With `n` points: `26n/3` additions for
//! the tables and `81·n/3` for the trials, all affine with one shared inversion per level of a
//! pairwise tree.
//!
//! The coefficients are derived from a caller's seed, which must bind the points (e.g. a
//! Fiat–Shamir hash of their encodings): SHA-256 of `DST ‖ seed ‖ i ‖ block` gives point i its 81
//! trits (a byte below 243 gives five). An adversary choosing the points sees the coefficients
//! only after fixing them, so each attempt succeeds with probability at most 2^−128.
//!
//! Below [`BATCH_MIN_POINTS`] points the fixed cost of 81 exact tests does not pay, and every
//! point is tested exactly.

use crate::MsmCurve;
use crate::batch_affine::add_vectors_vartime;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::AffineRepr;
use ctt_curves::sw::{Affine, SwCurveConfig};

/// Trials: the false-accept bound is `3^−TRIALS` (< 2^−128).
pub const TRIALS: usize = 81;

/// From this many points on, the batch method is used.
pub const BATCH_MIN_POINTS: usize = 112;

/// Domain separation of the coefficient derivation.
const DST: &[u8] = b"CTT_SUBGROUP_BATCH_TERNARY_V1";

/// Points per group and combinations per group (`3^GROUP`).
const GROUP: usize = 3;
const COMBOS: usize = 27;

/// Trials summed per pass (memory: about `CHUNK·n/3` affine points at a time).
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
    let combos = group_combinations(sw);
    let index = trial_index(seed, sw.len());
    let chunk_passes =
        |first: usize| trials_pass(&combos, &index, first..(first + CHUNK).min(TRIALS));
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

/// For `n` points, `index[g·TRIALS + t]`: the combination of group g that trial t adds (the
/// index `a + 3b + 9c` of [`group_combinations`] for the group's coefficients; 0 adds nothing).
fn trial_index(seed: &[u8; 32], n: usize) -> Vec<u8> {
    let mut index = vec![0u8; n.div_ceil(GROUP) * TRIALS];
    for i in 0..n {
        let (g, weight) = (i / GROUP, [1u8, 3, 9][i % GROUP]);
        for (t, c) in coefficients(seed, i).iter().enumerate() {
            index[g * TRIALS + t] += c * weight;
        }
    }
    index
}

/// Per group of three points `(P, Q, R)` (the last one padded with the identity), the 27
/// combinations `aP + bQ + cR` at index `a + 3b + 9c`: built a point at a time, each level adding
/// `P` and `2P` to the combinations so far, all groups in one batch per level.
fn group_combinations<C: SwCurveConfig>(points: &[Affine<C>]) -> Vec<Affine<C>> {
    let groups = points.len().div_ceil(GROUP);
    let at = |i: usize| points.get(i).copied().unwrap_or(Affine::IDENTITY);
    let mut combos = vec![Affine::<C>::IDENTITY; groups * COMBOS];
    let (mut sums, mut terms) = (Vec::new(), Vec::new());
    for (level, weight) in [1usize, 3, 9].into_iter().enumerate() {
        let singles: Vec<Affine<C>> = (0..groups).map(|g| at(GROUP * g + level)).collect();
        let mut doubles = singles.clone();
        add_vectors_vartime(&mut doubles, &singles);
        sums.clear();
        terms.clear();
        for g in 0..groups {
            for term in [singles[g], doubles[g]] {
                sums.extend_from_slice(&combos[g * COMBOS..g * COMBOS + weight]);
                terms.extend(core::iter::repeat_n(term, weight));
            }
        }
        add_vectors_vartime(&mut sums, &terms);
        for g in 0..groups {
            let out = &sums[2 * weight * g..2 * weight * (g + 1)];
            combos[g * COMBOS + weight..g * COMBOS + 3 * weight].copy_from_slice(out);
        }
    }
    combos
}

/// Whether the sums of the given trials are all in the subgroup.
fn trials_pass<C: SwCurveConfig>(
    combos: &[Affine<C>],
    index: &[u8],
    trials: core::ops::Range<usize>,
) -> bool {
    let groups = combos.len() / COMBOS;
    let mut lists: Vec<Vec<Affine<C>>> = trials
        .map(|t| {
            (0..groups)
                .filter_map(|g| match index[g * TRIALS + t] {
                    0 => None,
                    k => Some(combos[g * COMBOS + k as usize]),
                })
                .collect()
        })
        .collect();
    sum_lists(&mut lists);
    lists.iter().all(|l| {
        let sum = l.first().copied().unwrap_or(Affine::IDENTITY);
        sum.is_torsion_free().to_bool_vartime()
    })
}

/// Point i's 81 coefficients in {0, 1, 2}: base-3 digits of the SHA-256 output bytes below 243
/// (five each; the others are skipped, so every digit is uniform), over as many blocks as needed.
fn coefficients(seed: &[u8; 32], i: usize) -> [u8; TRIALS] {
    let mut out = [0u8; TRIALS];
    let mut n = 0;
    for block in 0u64.. {
        let mut h = ctt_hash::Sha256::new();
        h.update(DST);
        h.update(seed);
        h.update(&(i as u64).to_le_bytes());
        h.update(&block.to_le_bytes());
        for mut b in h.finalize().into_iter().filter(|&b| b < 243) {
            for _ in 0..5 {
                if n == TRIALS {
                    return out;
                }
                out[n] = b % 3;
                b /= 3;
                n += 1;
            }
        }
    }
    unreachable!("the block counter does not run out")
}

/// Replaces each list by its sum (a list of at most one point), all lists together: each level
/// adds neighbours pairwise with one shared inversion.
fn sum_lists<C: SwCurveConfig>(lists: &mut [Vec<Affine<C>>]) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use ctt_curves::CurveGroup;
    use ctt_curves::bls12_381::{G1Affine, G1Projective};
    use ctt_field::bls12_381::Fr;
    use ctt_field::{Field, PrimeField};

    fn points(n: u64) -> Vec<G1Affine> {
        (1..=n)
            .map(|i| {
                G1Projective::generator()
                    .mul_vartime(&Fr::from_u64(i * i + 17))
                    .to_affine()
            })
            .collect()
    }

    /// Every combination of every group, the padded last group included, against projective
    /// arithmetic.
    #[test]
    fn group_combinations_are_the_small_combinations() {
        for n in [1u64, 2, 3, 7, 8] {
            let pts = points(n);
            let combos = group_combinations(&pts);
            assert_eq!(combos.len(), (n as usize).div_ceil(3) * COMBOS);
            for (g, group) in combos.chunks(COMBOS).enumerate() {
                for (k, combo) in group.iter().enumerate() {
                    let mut want = G1Projective::identity();
                    for (level, c) in [k % 3, k / 3 % 3, k / 9].into_iter().enumerate() {
                        if let Some(p) = pts.get(3 * g + level) {
                            want += p.to_group().mul_vartime(&Fr::from_u64(c as u64));
                        }
                    }
                    assert_eq!(
                        combo.to_group(),
                        want,
                        "n = {n}, group {g}, combination {k}"
                    );
                }
            }
        }
    }

    /// The trials themselves (not only the exact fallback): all pass on subgroup points, and a
    /// point outside makes some chunk fail. The coefficients are uniform-looking digits.
    #[test]
    fn trials_pass_exactly_on_the_subgroup() {
        let seed = [3u8; 32];
        let mut pts = points(20);
        let all = |pts: &[G1Affine]| {
            let (combos, index) = (group_combinations(pts), trial_index(&seed, pts.len()));
            (0..TRIALS)
                .step_by(CHUNK)
                .all(|f| trials_pass(&combos, &index, f..(f + CHUNK).min(TRIALS)))
        };
        assert!(all(&pts));
        let t3 = G1Affine::new_unchecked(
            ctt_field::bls12_381::Fp::ZERO,
            ctt_field::bls12_381::Fp::from_u64(2),
        );
        pts[13] = (pts[13].to_group() + t3.to_group()).to_affine();
        assert!(!all(&pts));

        let c = coefficients(&seed, 0);
        assert!(c.iter().all(|&d| d < 3));
        for d in 0..3 {
            assert!(c.iter().filter(|&&x| x == d).count() > 10, "digit {d} rare");
        }
        assert_ne!(coefficients(&seed, 1), c);
    }
}
