//! # ctt-msm
//!
//! Multi-scalar multiplication `Σ [k_i] P_i` for BLS12-381 G1/G2 and BN254 G1/G2, **variable
//! time by contract**: points and scalars are public (KZG commitments, verification, the EVM
//! precompiles). Never pass secret scalars here.
//!
//! ```
//! use ctt_curves::CurveGroup;
//! use ctt_curves::bls12_381::{G1Affine, G1Projective};
//! use ctt_field::bls12_381::Fr;
//! use ctt_field::PrimeField;
//! use ctt_msm::{PrecomputedMsm, msm_naive_vartime, msm_vartime};
//!
//! // 100 public points and scalars.
//! let points: Vec<G1Affine> = (1..=100u64)
//!     .map(|i| G1Projective::generator().mul_vartime(&Fr::from_u64(i)).to_affine())
//!     .collect();
//! let scalars: Vec<Fr> = (1..=100u64).map(|i| Fr::from_u64(i * i + 7)).collect();
//! let sum: G1Projective = msm_vartime(&points, &scalars)?;
//! assert_eq!(sum, msm_naive_vartime(&points, &scalars)?);
//! // Fixed bases: tables once (stride t = 16, window b = 8), then every MSM over them.
//! let tables = PrecomputedMsm::<G1Projective>::new(&points, 16, 8)?;
//! assert_eq!(tables.msm_vartime(&scalars)?, sum);
//! # Ok::<(), ctt_msm::MsmError>(())
//! ```
//!
//! * [`msm_vartime`]: chooses the algorithm from n and the largest scalar's bit length
//!   ([`Plan::choose_for_words`]):
//!   - n ≤ 16 (BN254 G1: ≤ 32): interleaved wNAF ([`straus`]);
//!   - larger: Pippenger's bucket method (Bernstein–Doumen–Lange–Oosterwijk, eprint 2012/549 §4)
//!     with signed (Booth) digits over balanced windows (widths differ by at most one bit,
//!     [`digits::window_widths`]), and batch-affine buckets with Montgomery's trick
//!     (`batch_affine`): for windows up to 8 bits one scheduler over the buckets of all windows
//!     at once ([`Accumulator::BatchAffineShared`]: a window of 8…128 buckets alone conflicts
//!     too often to fill a batch), reduced by affine running sums batched across the windows;
//!     from 9 bits on one scheduler per window, reduced through row and column sums;
//!   - on G1 of both curves the GLV split first turns n points with 254/255-bit scalars into 2n
//!     points with 127/128-bit scalars ([`curves`]; BN254 by lattice rounding, signed halves).
//!     A scalar already that short (the random 64- or 128-bit coefficients of batch
//!     verification) stays one term; without any long scalar there is no split, and the
//!     windows cover only the scalars' bit length.
//! * `msm_vartime_parallel` (feature `parallel`): the same on the caller's rayon pool, over
//!   (window × bucket range) tasks — see `pippenger::msm_with_plan_parallel` for the partition.
//! * [`PrecomputedMsm`]: fixed bases with Herold-style tables, parameters `(t, b)`.
//! * [`msm_naive_vartime`]: the reference twin, `Σ [k_i] P_i` one multiplication at a time.
//!
//! **Window sizes** (measured with `benches/src/bin/msm_tune.rs`, thread CPU time, AMD EPYC Zen 5;
//! m = points actually bucketed, 2n on G1 after the GLV split, n on G2):
//!
//! | n | c on G1 of both curves (m = 2n) | c on G2 of both curves (m = n) |
//! |---|---|---|
//! | ≤ 16 | Straus (BN254 G1 up to 32, where the two tie) | Straus |
//! | 17–31 | 5 (all-window scheduler) | 4 (all-window scheduler) |
//! | 32 | 6 (all-window) | 5 (all-window) |
//! | 64 | 6 (all-window) | 6 (all-window) |
//! | 128 | 7 (all-window) | 7 (all-window) |
//! | 256 | 8 (all-window) | 8 (all-window) |
//! | 512 | 9 (per window from here) | 9 (per window from here) |
//! | 1024 | 10 | 9 |
//! | 2048 | 10 | 10 |
//! | 4096 | 11 | 10 |
//! | 8192 | 12 | 11 |
//! | 16384 | 13 | 11 |
//! | ≥ 32768 | 13 | 12 |
//!
//! Past c = 13 (4096 buckets × 104 bytes ≈ 426 KB over Fp) the buckets leave the L2 cache and
//! larger windows measure slower although they do fewer additions. With balanced widths, c = 13
//! and c = 14 give the same 10 windows of 12–13 bits at 128-bit scalars. The GLV split pays up to
//! about 2^14 points and is neutral at 2^16 (BLS12-381: 335 against 338 ms; BN254: 54 against
//! 57 ms at 2^14, 194 against 193 ms at 2^16), so it stays on for G1. The all-window scheduler
//! with its batched running-sum reduction beats Straus from n = 32 (BLS12-381 G1: 557 against
//! 633 µs; G2: 1.61 against 1.76 ms) and XYZZ buckets at every window up to 8 bits; the parallel
//! driver, which hands out single windows, uses XYZZ buckets at these window sizes.
//!
//! The curve types are the generic short-Weierstrass ones of ctt-curves; [`MsmCurve`] connects a
//! [`CurveGroup`] to its coordinates (implemented for every `sw::Projective<C>` whose `C`
//! implements [`curves::MsmConfig`], i.e. the four groups above).
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod batch_affine;
mod buckets;
pub mod curves;
pub mod digits;
pub mod pippenger;
pub mod precomputed;
pub mod straus;
pub mod subgroup;
pub mod xyzz;

#[cfg(test)]
mod tests;

pub use buckets::Accumulator;
pub use pippenger::{Algorithm, Plan};
pub use precomputed::PrecomputedMsm;
pub use subgroup::first_outside_subgroup_vartime;
#[cfg(any(feature = "parallel", test))]
pub use subgroup::first_outside_subgroup_vartime_parallel;

use ctt_curves::CurveGroup;
use ctt_curves::sw::{Affine, Projective, SwCurveConfig};

/// A group MSM works on: a [`CurveGroup`] with access to its short-Weierstrass coordinates.
pub trait MsmCurve: CurveGroup {
    /// The curve data.
    type Config: curves::MsmConfig + SwCurveConfig<Scalar = Self::Scalar>;
    /// The points as the generic affine type.
    fn as_sw(points: &[Self::Affine]) -> &[Affine<Self::Config>];
    /// From the generic projective type.
    fn from_sw(p: Projective<Self::Config>) -> Self;
}

impl<C: curves::MsmConfig> MsmCurve for Projective<C> {
    type Config = C;
    #[inline]
    fn as_sw(points: &[Affine<C>]) -> &[Affine<C>] {
        points
    }
    #[inline]
    fn from_sw(p: Projective<C>) -> Self {
        p
    }
}

/// Errors of the MSM layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MsmError {
    /// Points and scalars differ in number.
    LengthMismatch,
    /// More points than the bucket scheduler indexes (2^31; after the GLV split 2^32 terms).
    TooManyPoints,
    /// Precomputation parameters out of range (`2 ≤ b ≤ 20`, `t` a multiple of `b`, `t ≤ 512`),
    /// or a forced Pippenger window outside `2..=20`.
    InvalidParameters,
}

impl core::fmt::Display for MsmError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            MsmError::LengthMismatch => "points and scalars differ in number",
            MsmError::InvalidParameters => "invalid precomputation parameters (t, b)",
            MsmError::TooManyPoints => "too many points (at most 2^31)",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MsmError {}

/// `Σ [scalars_i] points_i`, variable time (public inputs), on the calling thread.
///
/// The points must lie in the prime-order subgroup, as every point decoded with checks, hashed
/// or generated does (the same contract as [`CurveGroup::mul`]): on BLS12-381 G1 the GLV split
/// relies on the endomorphism acting as a scalar, which holds only there.
pub fn msm_vartime<G: MsmCurve>(
    points: &[G::Affine],
    scalars: &[G::Scalar],
) -> Result<G, MsmError> {
    msm_auto(points, scalars, pippenger::msm_words_with_plan)
}

/// As [`msm_vartime`] with a forced [`Plan`] (tests and tuning); a Pippenger window outside
/// `2..=20` is an [`MsmError::InvalidParameters`].
pub fn msm_vartime_with_plan<G: MsmCurve>(
    points: &[G::Affine],
    scalars: &[G::Scalar],
    plan: Plan,
) -> Result<G, MsmError> {
    check(points.len(), scalars.len(), plan)?;
    if points.is_empty() {
        return Ok(G::identity());
    }
    let r = pippenger::msm_with_plan(G::as_sw(points), scalars, plan);
    Ok(G::from_sw(r.to_projective()))
}

/// `Σ [scalars_i] points_i`, variable time, on the current rayon pool (call it inside
/// `pool.install` to choose the pool). Equal to [`msm_vartime`] for every input.
#[cfg(any(feature = "parallel", test))]
pub fn msm_vartime_parallel<G: MsmCurve>(
    points: &[G::Affine],
    scalars: &[G::Scalar],
) -> Result<G, MsmError> {
    msm_auto(points, scalars, pippenger::msm_words_with_plan_parallel)
}

/// As [`msm_vartime_parallel`] with a forced [`Plan`].
#[cfg(any(feature = "parallel", test))]
pub fn msm_vartime_parallel_with_plan<G: MsmCurve>(
    points: &[G::Affine],
    scalars: &[G::Scalar],
    plan: Plan,
) -> Result<G, MsmError> {
    check(points.len(), scalars.len(), plan)?;
    if points.is_empty() {
        return Ok(G::identity());
    }
    let r = pippenger::msm_with_plan_parallel(G::as_sw(points), scalars, plan);
    Ok(G::from_sw(r.to_projective()))
}

/// Points per MSM: the batch-affine scheduler indexes points (2n after a split) with `u32`.
pub const MAX_POINTS: usize = 1 << 31;

/// A driver of [`msm_auto`]: serial or parallel Pippenger/Straus over scalar words.
type Driver<C> = fn(&[Affine<C>], alloc::vec::Vec<digits::Words>, Plan) -> xyzz::Xyzz<C>;

/// The MSM with the plan chosen from the scalars ([`Plan::choose_for_words`], always a valid
/// window), run by the serial or the parallel driver.
fn msm_auto<G: MsmCurve>(
    points: &[G::Affine],
    scalars: &[G::Scalar],
    driver: Driver<G::Config>,
) -> Result<G, MsmError> {
    check_lengths(points.len(), scalars.len())?;
    if points.is_empty() {
        return Ok(G::identity());
    }
    let words = pippenger::scalars_to_words(scalars);
    let plan = Plan::choose_for_words::<G::Config>(&words);
    let r = driver(G::as_sw(points), words, plan);
    Ok(G::from_sw(r.to_projective()))
}

/// Validates the lengths.
fn check_lengths(points: usize, scalars: usize) -> Result<(), MsmError> {
    if points != scalars {
        return Err(MsmError::LengthMismatch);
    }
    if points > MAX_POINTS {
        return Err(MsmError::TooManyPoints);
    }
    Ok(())
}

/// Validates the lengths and the plan's window.
fn check(points: usize, scalars: usize, plan: Plan) -> Result<(), MsmError> {
    check_lengths(points, scalars)?;
    match plan.algo {
        Algorithm::Pippenger { c, .. } if !(2..=20).contains(&c) => {
            Err(MsmError::InvalidParameters)
        }
        _ => Ok(()),
    }
}

/// The reference twin: `Σ [scalars_i] points_i` by one variable-time scalar multiplication per
/// point (what every fast path is tested against).
pub fn msm_naive_vartime<G: CurveGroup>(
    points: &[G::Affine],
    scalars: &[G::Scalar],
) -> Result<G, MsmError> {
    use ctt_curves::AffineRepr;
    if points.len() != scalars.len() {
        return Err(MsmError::LengthMismatch);
    }
    Ok(points
        .iter()
        .zip(scalars)
        .fold(G::identity(), |acc, (p, k)| {
            acc + p.to_group().mul_vartime(k)
        }))
}

/// The crate README's example, compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
