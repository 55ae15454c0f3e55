//! `msm_tune`: times ctt-msm with forced plans (window size, accumulator, split) to choose the
//! window table of `ctt_msm::pippenger` by measurement rather than by a cost model.
//!
//! ```text
//! cargo run --release -p ctt-benches --bin msm_tune -- g1|g2|bn|bn2 LOG2_N_MIN LOG2_N_MAX [C_MIN C_MAX [split|nosplit]]
//! cargo run --release -p ctt-benches --bin msm_tune -- par g1|g2|bn LOG2_N THREADS
//! cargo run --release -p ctt-benches --bin msm_tune -- pre LOG2_N
//! cargo run --release -p ctt-benches --bin msm_tune -- prof g1|g2|bn LOG2_N REPS
//! ```
//! For each n it prints the time of every plan (minimum of several runs, thread CPU time).

use ctt_benches::rng::SplitMix64;
use ctt_curves::{CurveGroup, bls12_381 as c381, bn254 as cbn};
use ctt_field::Field;
use ctt_msm::Accumulator;
use ctt_msm::{Algorithm, MsmCurve, Plan, msm_vartime_with_plan};
use std::time::Duration;

/// CPU time of this thread (the machine is shared: wall time counts other tenants' work).
#[allow(unsafe_code)]
fn cpu_now() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn time<G: MsmCurve>(p: &[G::Affine], k: &[G::Scalar], plan: Plan) -> Duration {
    let mut best = Duration::MAX;
    let mut total = Duration::ZERO;
    let mut runs = 0;
    while runs < 3 || (total < Duration::from_millis(300) && runs < 15) {
        let t = cpu_now();
        std::hint::black_box(msm_vartime_with_plan::<G>(p, k, plan).unwrap());
        let e = cpu_now() - t;
        best = best.min(e);
        total += e;
        runs += 1;
    }
    best
}

fn run<G: MsmCurve>(lo: u32, hi: u32, cmin: u32, cmax: u32, splits: &[bool]) {
    let mut rng = SplitMix64::for_op(7, "tune", None);
    for lg in lo..=hi {
        let n = 1usize << lg;
        let q = G::generator().mul(&G::Scalar::random(&mut rng));
        let mut proj = Vec::with_capacity(n);
        let mut acc = G::generator().mul(&G::Scalar::random(&mut rng));
        for _ in 0..n {
            proj.push(acc);
            acc += q;
        }
        let mut p = vec![G::Affine::default(); n];
        G::batch_normalize(&proj, &mut p);
        let k: Vec<G::Scalar> = (0..n).map(|_| G::Scalar::random(&mut rng)).collect();
        let auto = Plan::choose::<G::Config>(n);
        let mut results = Vec::new();
        let mut plans = vec![auto];
        for &split in splits {
            if n <= 128 {
                plans.push(Plan {
                    split,
                    algo: Algorithm::Straus,
                });
            }
            for c in cmin..=cmax {
                for acc in [
                    Accumulator::Xyzz,
                    Accumulator::BatchAffine,
                    Accumulator::BatchAffineShared,
                ] {
                    if (acc == Accumulator::BatchAffine && c < 7)
                        || (acc == Accumulator::Xyzz && c > 12)
                        || (acc == Accumulator::BatchAffineShared && c > 10)
                    {
                        continue;
                    }
                    plans.push(Plan {
                        split,
                        algo: Algorithm::Pippenger { c, acc },
                    });
                }
            }
        }
        for plan in plans {
            let t = time::<G>(&p, &k, plan);
            results.push((t, plan));
            eprintln!("n=2^{lg} {plan:?}: {t:?}");
        }
        let auto_t = results[0].0;
        results.sort_by_key(|r| r.0);
        println!(
            "n=2^{lg}: best {:?} {:?}; auto {:?} {:?} ({:.2}×)",
            results[0].1,
            results[0].0,
            auto,
            auto_t,
            auto_t.as_secs_f64() / results[0].0.as_secs_f64()
        );
    }
}

/// CPU time of the whole process (all threads).
#[allow(unsafe_code)]
fn process_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0);
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Wall time of the serial and the parallel MSM on pools of 1…`threads` threads (minimum of
/// several runs): the parallel speed-up.
fn par<G: MsmCurve>(lg: u32, threads: usize) {
    let mut rng = SplitMix64::for_op(7, "tune", None);
    let n = 1usize << lg;
    let q = G::generator().mul(&G::Scalar::random(&mut rng));
    let mut proj = Vec::with_capacity(n);
    let mut acc = G::generator().mul(&G::Scalar::random(&mut rng));
    for _ in 0..n {
        proj.push(acc);
        acc += q;
    }
    let mut p = vec![G::Affine::default(); n];
    G::batch_normalize(&proj, &mut p);
    let k: Vec<G::Scalar> = (0..n).map(|_| G::Scalar::random(&mut rng)).collect();
    let wall = |f: &dyn Fn()| {
        (0..5)
            .map(|_| {
                let t = std::time::Instant::now();
                f();
                t.elapsed()
            })
            .min()
            .unwrap()
    };
    let serial = if threads == 0 {
        Duration::from_secs(1)
    } else {
        wall(&|| {
            std::hint::black_box(ctt_msm::msm_vartime::<G>(&p, &k).unwrap());
        })
    };
    println!("n=2^{lg}: serial {serial:?}");
    for t in 2..=threads.max(2) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .unwrap();
        let par = wall(&|| {
            pool.install(|| {
                std::hint::black_box(ctt_msm::msm_vartime_parallel::<G>(&p, &k).unwrap())
            });
        });
        let cpu0 = process_cpu();
        pool.install(|| std::hint::black_box(ctt_msm::msm_vartime_parallel::<G>(&p, &k).unwrap()));
        let cpu = process_cpu() - cpu0;
        println!(
            "n=2^{lg}: {t} threads {par:?} ({:.2}× serial); CPU time of one run, all threads: {cpu:?}",
            serial.as_secs_f64() / par.as_secs_f64()
        );
    }
}

/// The automatic serial plan at n = 2^lg, `reps` times (a target for `perf record`).
fn prof<G: MsmCurve>(lg: u32, reps: u32) {
    let (p, k) = inputs::<G>(lg);
    let t = cpu_now();
    for _ in 0..reps {
        std::hint::black_box(ctt_msm::msm_vartime::<G>(&p, &k).unwrap());
    }
    println!("n=2^{lg}: {:?} per MSM", (cpu_now() - t) / reps);
}

/// `2^lg` random points (an arithmetic progression, normalised at once) and scalars.
fn inputs<G: MsmCurve>(lg: u32) -> (Vec<G::Affine>, Vec<G::Scalar>) {
    let mut rng = SplitMix64::for_op(7, "tune", None);
    let n = 1usize << lg;
    let q = G::generator().mul(&G::Scalar::random(&mut rng));
    let mut proj = Vec::with_capacity(n);
    let mut acc = G::generator().mul(&G::Scalar::random(&mut rng));
    for _ in 0..n {
        proj.push(acc);
        acc += q;
    }
    let mut p = vec![G::Affine::default(); n];
    G::batch_normalize(&proj, &mut p);
    let k: Vec<G::Scalar> = (0..n).map(|_| G::Scalar::random(&mut rng)).collect();
    (p, k)
}

/// Fixed-base MSM at n = 2^lg on BLS12-381 G1 for several `(t, b)`: time (thread CPU, minimum of
/// several runs) and table size, next to the variable-base MSM of the same inputs.
fn pre(lg: u32) {
    type G = c381::G1Projective;
    let mut rng = SplitMix64::for_op(7, "tune", None);
    let n = 1usize << lg;
    let q = G::generator().mul(&ctt_field::bls12_381::Fr::random(&mut rng));
    let mut proj = Vec::with_capacity(n);
    let mut acc = G::generator();
    for _ in 0..n {
        proj.push(acc);
        acc += q;
    }
    let mut p = vec![c381::G1Affine::default(); n];
    G::batch_normalize(&proj, &mut p);
    let k: Vec<_> = (0..n)
        .map(|_| ctt_field::bls12_381::Fr::random(&mut rng))
        .collect();
    let auto = Plan::choose::<c381::G1Config>(n);
    println!("n=2^{lg}: msm_vartime {:?}", time::<G>(&p, &k, auto));
    for (t, b) in [
        (64, 8),
        (32, 8),
        (16, 8),
        (24, 12),
        (12, 12),
        (11, 11),
        (10, 10),
        (13, 13),
        (14, 14),
        (15, 15),
        (16, 16),
    ] {
        let table = ctt_msm::PrecomputedMsm::<G>::new(&p, t, b).unwrap();
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let t0 = cpu_now();
            std::hint::black_box(table.msm_vartime(&k).unwrap());
            best = best.min(cpu_now() - t0);
        }
        println!(
            "n=2^{lg}: PrecomputedMsm t = {t}, b = {b}: {best:?}, {:.1} MiB",
            table.memory_bytes() as f64 / (1u64 << 20) as f64
        );
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u32| a.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (lo, hi, cmin, cmax) = (num(1, 4), num(2, 16), num(3, 2), num(4, 16));
    let splits: &[bool] = match a.get(5).map(String::as_str) {
        Some("split") => &[true],
        Some("nosplit") => &[false],
        _ => &[false, true],
    };
    if a.first().map(String::as_str) == Some("pre") {
        pre(num(1, 12));
        return;
    }
    if a.first().map(String::as_str) == Some("prof") {
        let lg = num(2, 12);
        let reps = num(3, 20);
        match a.get(1).map(String::as_str) {
            Some("g1") => prof::<c381::G1Projective>(lg, reps),
            Some("g2") => prof::<c381::G2Projective>(lg, reps),
            _ => prof::<cbn::G1Projective>(lg, reps),
        }
        return;
    }
    if a.first().map(String::as_str) == Some("par") {
        let lg = num(2, 16);
        let t = num(3, 2) as usize;
        match a.get(1).map(String::as_str) {
            Some("g1") => par::<c381::G1Projective>(lg, t),
            Some("g2") => par::<c381::G2Projective>(lg, t),
            _ => par::<cbn::G1Projective>(lg, t),
        }
        return;
    }
    match a.first().map(String::as_str) {
        Some("g1") => run::<c381::G1Projective>(lo, hi, cmin, cmax, splits),
        Some("g2") => run::<c381::G2Projective>(lo, hi, cmin, cmax, splits),
        Some("bn") => run::<cbn::G1Projective>(lo, hi, cmin, cmax, splits),
        Some("bn2") => run::<cbn::G2Projective>(lo, hi, cmin, cmax, splits),
        _ => eprintln!(
            "usage: msm_tune g1|g2|bn|bn2 LOG2_N_MIN LOG2_N_MAX [C_MIN C_MAX [split|nosplit]]"
        ),
    }
}
