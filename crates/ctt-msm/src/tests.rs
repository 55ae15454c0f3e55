//! Every path against the naive twin, on all four groups: proptest over small sizes with edge
//! cases mixed in, forced plans (Straus, XYZZ and batch-affine Pippenger, with and without the
//! split), serial against parallel, and the precomputed tables.

use crate::buckets::Accumulator;
use crate::*;
use alloc::vec::Vec;
use ctt_curves::CurveGroup;
use ctt_curves::{AffineRepr, bls12_381, bn254};
use ctt_field::{Field, PrimeField, Rng};
use proptest::prelude::*;

/// SplitMix64, enough for test inputs.
struct Sm(u64);
impl Rng for Sm {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A random scalar below `2^bits` (`bits ≤ 192`).
fn short_scalar<F: PrimeField + Field>(rng: &mut Sm, bits: u32) -> F {
    let mut le = F::ZERO.to_bytes_le();
    for (i, b) in le.as_mut().iter_mut().enumerate().take(24) {
        let byte = (rng.next_u64() & 0xff) as u8;
        let keep = bits.saturating_sub(8 * i as u32).min(8);
        *b = if keep == 0 {
            0
        } else {
            byte & (0xff >> (8 - keep))
        };
    }
    F::from_bytes_le(&le).unwrap()
}

/// Random inputs of size n with edge cases chosen by `edges` bits: identity points, zero
/// scalars, repeated points, negated points (so that buckets cancel), scalar −1, tiny scalars,
/// and (bit 64) short scalars, below `2^B` for a `B` around the split's 127/128 bits or a word
/// boundary (the automatic plan then skips the split and shortens the windows), with bit 128
/// only every other one (mixed lengths: the short ones stay whole, the long ones are split).
fn inputs<G: MsmCurve>(n: usize, seed: u64, edges: u8) -> (Vec<G::Affine>, Vec<G::Scalar>) {
    let mut rng = Sm(seed);
    let short_bits = [1, 2, 63, 64, 65, 126, 127, 128, 129][(seed % 9) as usize];
    let distinct = if edges & 4 != 0 { 3.min(n.max(1)) } else { n };
    let base: Vec<G::Affine> = (0..distinct.max(1))
        .map(|_| (G::generator().mul_vartime(&G::Scalar::random(&mut rng))).to_affine())
        .collect();
    let mut pts = Vec::with_capacity(n);
    let mut ks = Vec::with_capacity(n);
    for i in 0..n {
        let r = rng.next_u64();
        let mut p = base[i % base.len()];
        if edges & 1 != 0 && r.is_multiple_of(7) {
            p = G::Affine::identity();
        }
        if edges & 8 != 0 && r.is_multiple_of(3) {
            p = -p;
        }
        let k = match (edges, r >> 60) {
            (e, 0 | 1) if e & 2 != 0 => G::Scalar::ZERO,
            (e, 2) if e & 16 != 0 => -G::Scalar::ONE,
            (e, 3 | 4) if e & 16 != 0 => G::Scalar::from_u64(r & 0xff),
            _ if edges & 32 != 0 => G::Scalar::from_u64(1 + (r & 3)),
            _ if edges & 64 != 0 && (edges & 128 == 0 || i % 2 == 0) => {
                short_scalar(&mut rng, short_bits)
            }
            _ => G::Scalar::random(&mut rng),
        };
        pts.push(p);
        ks.push(k);
    }
    (pts, ks)
}

fn plans() -> Vec<Plan> {
    let mut v = Vec::new();
    for split in [false, true] {
        v.push(Plan {
            split,
            algo: Algorithm::Straus,
        });
        for (c, acc) in [
            (2, Accumulator::Xyzz),
            (5, Accumulator::Xyzz),
            (3, Accumulator::BatchAffine),
            (9, Accumulator::BatchAffine),
            (11, Accumulator::BatchAffine),
            (2, Accumulator::BatchAffineShared),
            (3, Accumulator::BatchAffineShared),
            (6, Accumulator::BatchAffineShared),
        ] {
            v.push(Plan {
                split,
                algo: Algorithm::Pippenger { c, acc },
            });
        }
    }
    v
}

/// A pool of `threads` threads; none on WebAssembly (wasip1 cannot spawn threads: the parallel
/// drivers then run on rayon's global pool, which falls back to the current thread there).
fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    if cfg!(target_family = "wasm") {
        return None;
    }
    Some(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap(),
    )
}

/// `f` on `pool` (on the global pool without one).
fn install<R: Send>(pool: &Option<rayon::ThreadPool>, f: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(p) => p.install(f),
        None => f(),
    }
}

fn check_all<G: MsmCurve>(n: usize, seed: u64, edges: u8) {
    let (p, k) = inputs::<G>(n, seed, edges);
    let want: G = msm_naive_vartime(&p, &k).unwrap();
    assert_eq!(
        msm_vartime::<G>(&p, &k).unwrap(),
        want,
        "auto n={n} edges={edges}"
    );
    // 3 threads: whole windows as tasks; 16 threads: windows split into bucket ranges too.
    let pools = [3, 16].map(pool);
    for plan in plans() {
        assert_eq!(
            msm_vartime_with_plan::<G>(&p, &k, plan).unwrap(),
            want,
            "{plan:?}"
        );
        for pool in &pools {
            let par = install(pool, || {
                msm_vartime_parallel_with_plan::<G>(&p, &k, plan).unwrap()
            });
            assert_eq!(par, want, "parallel {plan:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn bls12_381_g1_all_paths(n in 0usize..40, seed: u64, edges: u8) {
        check_all::<bls12_381::G1Projective>(n, seed, edges);
    }

    #[test]
    fn bls12_381_g2_all_paths(n in 0usize..24, seed: u64, edges: u8) {
        check_all::<bls12_381::G2Projective>(n, seed, edges);
    }

    #[test]
    fn bn254_g1_all_paths(n in 0usize..40, seed: u64, edges: u8) {
        check_all::<bn254::G1Projective>(n, seed, edges);
    }

    #[test]
    fn bn254_g2_all_paths(n in 0usize..24, seed: u64, edges: u8) {
        check_all::<bn254::G2Projective>(n, seed, edges);
    }
}

/// Larger sizes through the automatic plan (batch-affine windows) and the parallel driver.
#[test]
fn larger_sizes_match_the_naive_twin() {
    for (n, edges) in [(700, 0u8), (600, 1 | 2 | 8 | 16), (300, 4 | 32)] {
        check_auto::<bls12_381::G1Projective>(n, 11, edges);
        check_auto::<bn254::G1Projective>(n, 12, edges);
    }
    // Short scalars (no split, windows over their bit length) at every bound of `inputs`, alone
    // and mixed with full-width ones.
    for seed in 0..9 {
        check_auto::<bls12_381::G1Projective>(150 + 40 * seed as usize, seed, 64);
        check_auto::<bn254::G1Projective>(100 + 30 * seed as usize, seed, 64 | 2);
        check_auto::<bls12_381::G1Projective>(100 + 20 * seed as usize, seed, 64 | 128);
        check_auto::<bn254::G1Projective>(120, seed, 64 | 128 | 8);
    }
    // Batch-affine windows with the row/column bucket reduction, full and sparse buckets.
    for (n, edges) in [(700, 0u8), (400, 1 | 2 | 8 | 16)] {
        let (p, k) = inputs::<bn254::G1Projective>(n, 15, edges);
        let want: bn254::G1Projective = msm_naive_vartime(&p, &k).unwrap();
        for c in [10, 12, 13] {
            let plan = Plan {
                split: false,
                algo: Algorithm::Pippenger {
                    c,
                    acc: Accumulator::BatchAffine,
                },
            };
            assert_eq!(
                msm_vartime_with_plan::<bn254::G1Projective>(&p, &k, plan).unwrap(),
                want,
                "c={c}"
            );
        }
    }
    check_auto::<bls12_381::G2Projective>(300, 13, 0);
    check_auto::<bn254::G2Projective>(200, 14, 4 | 8);
}

fn check_auto<G: MsmCurve>(n: usize, seed: u64, edges: u8) {
    let (p, k) = inputs::<G>(n, seed, edges);
    let want: G = msm_naive_vartime(&p, &k).unwrap();
    assert_eq!(
        msm_vartime::<G>(&p, &k).unwrap(),
        want,
        "n={n} edges={edges}"
    );
    for t in [2, 16] {
        assert_eq!(
            install(&pool(t), || msm_vartime_parallel::<G>(&p, &k).unwrap()),
            want
        );
    }
}

/// Pathological scheduling: every point equal with equal digits (every batch conflicts, the
/// queue overflows into the XYZZ buckets) and P + (−P) pairs in one bucket.
#[test]
fn batch_affine_conflicts() {
    type G = bls12_381::G1Projective;
    let p = G::generator().double().to_affine();
    let k = <G as CurveGroup>::Scalar::from_u64(0x1234_5678_9abc);
    let shared = Plan {
        split: false,
        algo: Algorithm::Pippenger {
            c: 6,
            acc: Accumulator::BatchAffineShared,
        },
    };
    let single = Plan {
        split: false,
        algo: Algorithm::Pippenger {
            c: 10,
            acc: Accumulator::BatchAffine,
        },
    };
    for (n, plan) in [1, 2, 3, 100, 1500]
        .into_iter()
        .flat_map(|n| [(n, single), (n, shared)])
    {
        let pts = alloc::vec![p; n];
        let ks = alloc::vec![k; n];
        let want = G::generator()
            .double()
            .mul_vartime(&k)
            .mul_vartime(&<G as CurveGroup>::Scalar::from_u64(n as u64));
        assert_eq!(
            msm_vartime_with_plan::<G>(&pts, &ks, plan).unwrap(),
            want,
            "n={n} {plan:?}"
        );
        let mixed: Vec<_> = (0..n).map(|i| if i % 2 == 0 { p } else { -p }).collect();
        let want = if n % 2 == 1 {
            G::generator().double().mul_vartime(&k)
        } else {
            G::identity()
        };
        assert_eq!(
            msm_vartime_with_plan::<G>(&mixed, &ks, plan).unwrap(),
            want,
            "n={n} ± {plan:?}"
        );
    }
}

#[test]
fn edge_cases() {
    type G = bls12_381::G1Projective;
    type Fr = ctt_field::bls12_381::Fr;
    let g = G::generator().to_affine();
    // n = 0 and 1.
    assert_eq!(msm_vartime::<G>(&[], &[]).unwrap(), G::identity());
    let k = Fr::from_u64(123_456_789);
    assert_eq!(
        msm_vartime::<G>(&[g], &[k]).unwrap(),
        G::generator().mul_vartime(&k)
    );
    // Length mismatch is a typed error, on every entry point.
    assert_eq!(msm_vartime::<G>(&[g], &[]), Err(MsmError::LengthMismatch));
    assert_eq!(
        msm_vartime_parallel::<G>(&[g, g], &[k]),
        Err(MsmError::LengthMismatch)
    );
    assert_eq!(
        msm_naive_vartime::<G>(&[], &[k]),
        Err(MsmError::LengthMismatch)
    );
    let pre = PrecomputedMsm::<G>::new(&[g], 16, 8).unwrap();
    assert_eq!(pre.msm_vartime(&[]), Err(MsmError::LengthMismatch));
    // Scalars ≥ r are reduced on construction: r + 5 and 2^256 − 1 give the MSM of their residues.
    let mut r_plus_5 = [0u8; 32];
    let mut carry = 5u16;
    let modulus = Fr::MODULUS_LIMBS;
    for i in 0..32 {
        let byte = (modulus[i / 8] >> (8 * (i % 8))) as u8 as u16 + carry;
        r_plus_5[31 - i] = byte as u8;
        carry = byte >> 8;
    }
    let big = [
        Fr::from_bytes_be_mod_order(&r_plus_5),
        Fr::from_bytes_be_mod_order(&[0xff; 32]),
    ];
    assert_eq!(big[0], Fr::from_u64(5));
    let pts = [g, G::generator().double().to_affine()];
    let want =
        G::generator().mul_vartime(&Fr::from_u64(5)) + G::generator().double().mul_vartime(&big[1]);
    assert_eq!(msm_vartime::<G>(&pts, &big).unwrap(), want);
    // All-identity points and all-zero scalars.
    let ids = [<G as CurveGroup>::Affine::identity(); 40];
    let ks = [k; 40];
    assert_eq!(msm_vartime::<G>(&ids, &ks).unwrap(), G::identity());
    assert_eq!(
        msm_vartime::<G>(&[g; 40], &[Fr::ZERO; 40]).unwrap(),
        G::identity()
    );
    // More points than the scheduler indexes is a typed error (checked before any allocation).
    let auto = Plan::choose::<bls12_381::G1Config>(MAX_POINTS + 1);
    assert_eq!(
        check(MAX_POINTS + 1, MAX_POINTS + 1, auto),
        Err(MsmError::TooManyPoints)
    );
    assert_eq!(check(MAX_POINTS, MAX_POINTS, auto), Ok(()));
    // A forced window outside 2..=20 is a typed error.
    for c in [0, 1, 21, 64] {
        let plan = Plan {
            split: false,
            algo: Algorithm::Pippenger {
                c,
                acc: Accumulator::Xyzz,
            },
        };
        assert_eq!(
            msm_vartime_with_plan::<G>(&[g], &[k], plan),
            Err(MsmError::InvalidParameters)
        );
    }
    assert_eq!(
        alloc::format!("{}", MsmError::LengthMismatch),
        "points and scalars differ in number"
    );
}

fn check_precomputed<G: MsmCurve>(n: usize, seed: u64, edges: u8, params: &[(u32, u32)]) {
    let (p, k) = inputs::<G>(n, seed, edges);
    let want: G = msm_naive_vartime(&p, &k).unwrap();
    for &(t, b) in params {
        let pre = PrecomputedMsm::<G>::new(&p, t, b).unwrap();
        assert_eq!(pre.msm_vartime(&k).unwrap(), want, "t={t} b={b} n={n}");
        assert_eq!(pre.len(), n);
        let bits = <G::Scalar as PrimeField>::NUM_BITS;
        let m = digits::num_windows(bits, b).div_ceil((t / b) as usize);
        assert!(pre.memory_bytes() >= n * m * size_of::<G::Affine>());
    }
}

#[test]
fn precomputed_matches_the_naive_twin() {
    let params = [
        (4, 4),
        (8, 4),
        (12, 6),
        (9, 9),
        (20, 10),
        (256, 8),
        (512, 16),
    ];
    check_precomputed::<bls12_381::G1Projective>(37, 21, 0, &params);
    check_precomputed::<bls12_381::G1Projective>(64, 22, 1 | 2 | 4 | 8 | 16, &params);
    check_precomputed::<bn254::G1Projective>(50, 23, 1 | 8, &params);
    check_precomputed::<bls12_381::G2Projective>(9, 24, 16, &[(6, 3), (10, 10)]);
    check_precomputed::<bn254::G2Projective>(9, 25, 2, &[(8, 8), (16, 4)]);
    check_precomputed::<bls12_381::G1Projective>(0, 26, 0, &[(8, 8)]);
    check_precomputed::<bls12_381::G1Projective>(1, 27, 0, &[(8, 8)]);
}

#[test]
fn precomputed_rejects_bad_parameters() {
    type G = bls12_381::G1Projective;
    let g = [G::generator().to_affine()];
    for (t, b) in [(8, 1), (8, 21), (4, 8), (10, 4), (0, 4), (520, 8)] {
        assert_eq!(
            PrecomputedMsm::<G>::new(&g, t, b).err(),
            Some(MsmError::InvalidParameters),
            "t={t} b={b}"
        );
    }
}

/// The BN254 G1 split: `k = ±k₀ ± k₁·λ (mod r)` with both halves below 2^127, for random
/// scalars and the extremes (0, 1, λ, r − 1, and around multiples of the lattice vectors).
#[test]
fn bn254_split_recombines_with_short_halves() {
    type Fr = ctt_field::bn254::Fr;
    let split = <bn254::G1Config as curves::MsmConfig>::SPLIT.unwrap();
    let from_words = |w: &digits::Words| {
        let mut be = [0u8; 32];
        for (i, x) in w.iter().enumerate() {
            be[24 - 8 * i..32 - 8 * i].copy_from_slice(&x.to_be_bytes());
        }
        Fr::from_bytes_be_mod_order(&be)
    };
    let lambda = from_words(&bn254::LAMBDA);
    let mut rng = Sm(99);
    let mut ks: Vec<Fr> = (0..2000).map(|_| Fr::random(&mut rng)).collect();
    ks.extend([
        Fr::ZERO,
        Fr::ONE,
        -Fr::ONE,
        lambda,
        -lambda,
        lambda + Fr::ONE,
    ]);
    let x0 = Fr::from_u64(bn254::X0);
    let a1 = x0.double() + Fr::ONE;
    let b1 = Fr::from_u64(6) * x0 * x0 + x0.double();
    for j in 0..50u64 {
        for v in [a1, b1, a1 + b1, lambda * b1] {
            ks.push(v * Fr::from_u64(j) + Fr::from_u64(j));
            ks.push(-(v * Fr::from_u64(j << 40)));
        }
    }
    for k in ks {
        let ([k0, k1], [n0, n1]) = (split.split)(&digits::scalar_words(&k));
        assert!(k0[2..] == [0, 0] && k0[1] < 1 << 63, "k0 short");
        assert!(k1[2..] == [0, 0] && k1[1] < 1 << 63, "k1 short");
        let h0 = if n0 {
            -from_words(&k0)
        } else {
            from_words(&k0)
        };
        let h1 = if n1 {
            -from_words(&k1)
        } else {
            from_words(&k1)
        };
        assert_eq!(h0 + h1 * lambda, k);
    }
}

/// Points on the curve but (almost surely) outside G1/G2: RFC 9380 `map_to_curve` without the
/// cofactor clearing.
fn off_subgroup_g1(i: u64) -> bls12_381::G1Affine {
    let u = ctt_field::bls12_381::Fp::from_u64(1000 + i);
    let p = bls12_381::G1Projective::map_to_curve_uncleared(&u).to_affine();
    assert!(!p.is_torsion_free().to_bool_vartime());
    p
}

fn off_subgroup_g2(i: u64) -> bls12_381::G2Affine {
    let u = ctt_field::bls12_381::Fp2::new(
        ctt_field::bls12_381::Fp::from_u64(7 + i),
        ctt_field::bls12_381::Fp::from_u64(3),
    );
    let p = bls12_381::G2Projective::map_to_curve_uncleared(&u).to_affine();
    assert!(!p.is_torsion_free().to_bool_vartime());
    p
}

#[test]
fn batch_subgroup_check_accepts_the_subgroup_and_finds_the_first_outsider() {
    use crate::subgroup::{BATCH_MIN_POINTS, first_outside_subgroup_vartime};
    type G1 = bls12_381::G1Projective;
    let seed = [7u8; 32];
    for n in [
        0,
        5,
        BATCH_MIN_POINTS - 1,
        BATCH_MIN_POINTS,
        BATCH_MIN_POINTS + 1,
        700,
    ] {
        let (mut pts, _) = inputs::<G1>(n, n as u64, 0);
        if n > 3 {
            // Identities, repeats and opposites are in the subgroup too.
            pts[1] = bls12_381::G1Affine::identity();
            pts[2] = pts[0];
            pts[3] = -pts[0];
        }
        assert_eq!(
            first_outside_subgroup_vartime::<G1>(&pts, &seed),
            None,
            "n = {n}"
        );
        if n == 0 {
            continue;
        }
        for (k, bad_at) in [0, n / 2, n - 1].into_iter().enumerate() {
            let mut bad = pts.clone();
            bad[bad_at] = off_subgroup_g1(k as u64);
            assert_eq!(
                first_outside_subgroup_vartime::<G1>(&bad, &seed),
                Some(bad_at),
                "n = {n}"
            );
            assert_eq!(
                first_outside_subgroup_vartime_parallel::<G1>(&bad, &seed),
                Some(bad_at)
            );
            // A bad point and its negation (their cofactor parts cancel when both are in a
            // subset), and a second one further on: still found, the first one reported.
            if bad_at + 2 < n {
                bad[bad_at + 1] = -bad[bad_at];
                bad[n - 1] = off_subgroup_g1(99);
                assert_eq!(
                    first_outside_subgroup_vartime::<G1>(&bad, &seed),
                    Some(bad_at)
                );
            }
        }
    }
    // Cofactor components of order 3 only, the smallest the ternary coefficients must catch
    // (a trial misses one with probability 1/3): G1 points plus T = (0, 2), which has order 3
    // (x = 0 on y² = x³ + 4); one such point, and two whose components T and −T cancel when
    // their coefficients are equal. Group sizes 1 and 2 at the end (n ≢ 0 mod 3) too.
    let t3 = bls12_381::G1Affine::new_unchecked(
        ctt_field::bls12_381::Fp::ZERO,
        ctt_field::bls12_381::Fp::from_u64(2),
    );
    assert!(!t3.is_torsion_free().to_bool_vartime());
    let plus_t3 = |p: &bls12_381::G1Affine, neg: bool| {
        let t = if neg { -t3 } else { t3 };
        (p.to_group() + t.to_group()).to_affine()
    };
    for n in [BATCH_MIN_POINTS + 1, BATCH_MIN_POINTS + 2, 300] {
        let (pts, _) = inputs::<G1>(n, 40 + n as u64, 0);
        for bad_at in [0, 1, n / 3, n - 1] {
            let mut bad = pts.clone();
            bad[bad_at] = plus_t3(&bad[bad_at], false);
            assert_eq!(
                first_outside_subgroup_vartime::<G1>(&bad, &seed),
                Some(bad_at),
                "n = {n}, order-3 component at {bad_at}"
            );
            if bad_at + 1 < n {
                bad[n - 1] = plus_t3(&bad[n - 1], true);
                assert_eq!(
                    first_outside_subgroup_vartime_parallel::<G1>(&bad, &seed),
                    Some(bad_at),
                    "n = {n}, components T and −T"
                );
            }
        }
    }
    // G2, above the threshold.
    type G2 = bls12_381::G2Projective;
    let (mut pts, _) = inputs::<G2>(BATCH_MIN_POINTS + 10, 3, 0);
    assert_eq!(first_outside_subgroup_vartime::<G2>(&pts, &seed), None);
    pts[100] = off_subgroup_g2(1);
    assert_eq!(first_outside_subgroup_vartime::<G2>(&pts, &seed), Some(100));
}
