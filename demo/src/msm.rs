//! Multi-scalar multiplication (ctt-msm): Σ kᵢ·Pᵢ over public points and scalars, checked against
//! the naive sum of scalar multiplications, serially and on a rayon pool.

use crate::{SplitMix, check, time};
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_field::{Field, bls12_381::Fr};
use ctt_msm::{PrecomputedMsm, msm_naive_vartime, msm_vartime, msm_vartime_parallel};

/// `n` random points of G1 (random multiples of the generator) and `n` random scalars.
fn inputs(rng: &mut SplitMix, n: usize) -> (Vec<G1Affine>, Vec<Fr>) {
    let g = G1Projective::generator();
    let projective: Vec<G1Projective> = (0..n).map(|_| g.mul_vartime(&Fr::random(rng))).collect();
    let mut points = vec![G1Affine::default(); n];
    G1Projective::batch_normalize(&projective, &mut points);
    let scalars = (0..n).map(|_| Fr::random(rng)).collect();
    (points, scalars)
}

/// Runs the tour; exits through `check` on a wrong answer.
pub fn tour(rng: &mut SplitMix) {
    println!(
        "\nMulti-scalar multiplication on BLS12-381 G1 (ctt-msm, variable time: public inputs)"
    );
    for n in [8usize, 100, 1000] {
        let (points, scalars) = inputs(rng, n);
        let fast = msm_vartime::<G1Projective>(&points, &scalars);
        let naive = msm_naive_vartime::<G1Projective>(&points, &scalars);
        check(
            &format!("n = {n}: Straus/Pippenger equals the sum of {n} scalar multiplications"),
            fast.is_ok() && fast == naive,
        );
    }
    let (points, scalars) = inputs(rng, 4096);
    let serial = msm_vartime::<G1Projective>(&points, &scalars);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build();
    let parallel = pool
        .as_ref()
        .map(|p| p.install(|| msm_vartime_parallel::<G1Projective>(&points, &scalars)));
    check(
        "n = 4096: msm_vartime_parallel on a 2-thread pool equals msm_vartime",
        matches!(&parallel, Ok(r) if *r == serial),
    );
    let fixed = PrecomputedMsm::<G1Projective>::new(&points, 24, 12);
    check(
        "n = 4096: PrecomputedMsm (t = 24, b = 12) equals msm_vartime",
        matches!(&fixed, Ok(f) if f.msm_vartime(&scalars) == serial),
    );
    if let Ok(f) = &fixed {
        println!(
            "  fixed-base tables: {:.1} MiB",
            f.memory_bytes() as f64 / (1 << 20) as f64
        );
    }
    check(
        "mismatched lengths are a typed error",
        msm_vartime::<G1Projective>(&points[..3], &scalars[..2]).is_err(),
    );
    println!(
        "  n = 4096, one thread: {:.1} ms",
        time(3, || msm_vartime::<G1Projective>(&points, &scalars)) / 1e6
    );
}
