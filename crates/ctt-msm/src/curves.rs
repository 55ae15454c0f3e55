//! Per-curve MSM data: which curves have an endomorphism split worth using, and how it splits.
//!
//! BLS12-381 G1 (GLV, Gallant–Lambert–Vanstone 2001): `φ(x, y) = (βx, y)` acts as `−z²`, so with
//! `k = q·z² + r` (vartime division by the public |z| twice, as the constant-time split in
//! ctt-curves), `[k]P = [r]P + [q](βx, −y)` with `q, r < 2^128`: n points with 255-bit scalars
//! become 2n points with 128-bit scalars, which halves the windows (and so the bucket reductions
//! and the doublings) for one Fp multiplication per point.
//!
//! Not split (see the crate banner for the measurements): BN254 G1 (its GLV needs a lattice
//! decomposition), and G2 on both curves (a 4-way GLS split quadruples the point count; no anchor
//! uses it in MSM, PERF §6.4).

use crate::digits::Words;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{bls12_381, bn254};

/// An endomorphism split: `k ↦ (k₀, k₁)` with `[k]P = [k₀]P + [k₁]map(P)` and `k₀, k₁ < 2^bits`.
#[derive(Clone, Copy)]
pub struct Split<C: SwCurveConfig> {
    /// Bit length bound of the two sub-scalars.
    pub bits: u32,
    /// The scalar decomposition (public data, variable time).
    pub split: fn(&Words) -> [Words; 2],
    /// The endomorphism applied to the second copy of each point.
    pub map: fn(&Affine<C>) -> Affine<C>,
}

/// The MSM-specific data of a curve (beyond [`SwCurveConfig`]); the defaults are the measured
/// choices for curves over Fp (see the crate banner).
pub trait MsmConfig: SwCurveConfig {
    /// The endomorphism split used for MSM, if any.
    const SPLIT: Option<Split<Self>> = None;
    /// Straus (interleaved wNAF) up to this many points, Pippenger above.
    const STRAUS_MAX_N: usize = 32;
    /// Smallest window for which batch-affine buckets beat XYZZ buckets. Over Fp2 an inversion
    /// costs relatively less (one Fp inversion plus a few multiplications, against three Fp
    /// multiplications per Fp2 multiplication), so the batch pays with fewer additions per bucket.
    const BATCH_AFFINE_MIN_C: u32 = 9;
    /// Window sizes: `(bit length of m, c)` for m bucketed points (2n after a split).
    const WINDOWS: &'static [(u32, u32)] = WINDOWS_FP;
}

/// Measured window sizes over Fp (`msm_tune`, BLS12-381 G1 and BN254 G1; the table in the crate
/// banner): `(largest bit length of m, c)`. Past 2^14 points the window stays at 13: larger
/// bucket arrays (≥ 8192 × 104 bytes) no longer fit the 1 MB L2 cache and lose more than the
/// fewer windows gain.
pub const WINDOWS_FP: &[(u32, u32)] = &[
    (6, 4),
    (8, 5),
    (9, 6),
    (10, 7),
    (11, 9),
    (13, 10),
    (14, 11),
    (15, 12),
    (u32::MAX, 13),
];

/// Measured window sizes over Fp2 (BLS12-381 G2): batch-affine buckets from c = 7, and one
/// bit less than over Fp for large m (the buckets are twice as large).
pub const WINDOWS_FP2: &[(u32, u32)] =
    &[(9, 7), (10, 8), (11, 9), (13, 10), (15, 11), (u32::MAX, 12)];

impl MsmConfig for bls12_381::G1Config {
    const SPLIT: Option<Split<Self>> = Some(Split {
        bits: 128,
        split: split_by_z2,
        map: minus_phi,
    });
}
impl MsmConfig for bls12_381::G2Config {
    const STRAUS_MAX_N: usize = 64;
    const BATCH_AFFINE_MIN_C: u32 = 7;
    const WINDOWS: &'static [(u32, u32)] = WINDOWS_FP2;
}
impl MsmConfig for bn254::G1Config {}
impl MsmConfig for bn254::G2Config {
    const STRAUS_MAX_N: usize = 64;
    const BATCH_AFFINE_MIN_C: u32 = 7;
    const WINDOWS: &'static [(u32, u32)] = WINDOWS_FP2;
}

/// `(x, y) ↦ (βx, −y) = −φ(P)`, which acts as `[z²]` on G1.
fn minus_phi(p: &Affine<bls12_381::G1Config>) -> Affine<bls12_381::G1Config> {
    if p.infinity.to_bool_vartime() {
        return *p;
    }
    Affine::new_unchecked(p.x * bls12_381::BETA, -p.y)
}

/// `k = q·z² + r` with `r < z²`: returns `[r, q]` (public `k`, so plain division).
fn split_by_z2(k: &Words) -> [Words; 2] {
    let z = bls12_381::Z_ABS;
    let (q1, d0) = divrem(k, z);
    let (q, d1) = divrem(&q1, z);
    let r = d1 as u128 * z as u128 + d0 as u128;
    [[r as u64, (r >> 64) as u64, 0, 0], q]
}

/// `(⌊k / d⌋, k mod d)` by schoolbook division with 128-by-64-bit steps.
fn divrem(k: &Words, d: u64) -> (Words, u64) {
    let mut q = [0u64; 4];
    let mut rem = 0u128;
    for i in (0..4).rev() {
        let cur = (rem << 64) | k[i] as u128;
        q[i] = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    (q, rem as u64)
}
