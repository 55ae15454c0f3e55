//! Per-curve MSM data: which curves have an endomorphism split worth using, and how it splits.
//!
//! BLS12-381 G1 (GLV, Gallant–Lambert–Vanstone 2001): `φ(x, y) = (βx, y)` acts as `−z²`, so with
//! `k = q·z² + r` (vartime division by the public |z| twice, as the constant-time split in
//! ctt-curves), `[k]P = [r]P + [q](βx, −y)` with `q, r < 2^128`: n points with 255-bit scalars
//! become 2n points with 128-bit scalars, which halves the windows (and so the bucket reductions
//! and the doublings) for one Fp multiplication per point.
//!
//! BN254 G1 (GLV with a lattice basis): `φ(x, y) = (βx, y)` acts as `λ`, and Babai rounding
//! against the short basis `(2x₀ + 1, −(6x₀² + 2x₀))`, `(6x₀² + 4x₀ + 1, 2x₀ + 1)` (the basis of
//! the constant-time split in ctt-curves) gives `k = k₀ + k₁·λ` with signed `|k₀|, |k₁| < 2^127`;
//! a negative half negates its point (`[−k]P = [k](−P)`, free in affine coordinates).
//!
//! Not split: G2 on both curves (a 4-way GLS split quadruples the point count; no anchor uses it
//! in MSM, PERF §6.4).

use crate::digits::Words;
use ctt_bigint::BigInt;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{bls12_381, bn254};

/// An endomorphism split: `k ↦ (±k₀, ±k₁)` with `[k]P = [±k₀]P + [±k₁]map(P)` and
/// `k₀, k₁ < 2^bits`.
#[derive(Clone, Copy)]
pub struct Split<C: SwCurveConfig> {
    /// Bit length bound of the two sub-scalars.
    pub bits: u32,
    /// The scalar decomposition (public data, variable time): the magnitudes `[k₀, k₁]` and
    /// whether each half is negative (its point is then negated).
    pub split: fn(&Words) -> ([Words; 2], [bool; 2]),
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
    /// Smallest window from which each window gets its own batch-affine scheduler (in the serial
    /// driver; below it, down to [`Self::SHARED_BATCH_MIN_C`], one scheduler serves all windows).
    const BATCH_AFFINE_MIN_C: u32 = 9;
    /// Smallest window (below [`Self::BATCH_AFFINE_MIN_C`]) from which one batch-affine
    /// scheduler over all windows' buckets beats XYZZ buckets.
    const SHARED_BATCH_MIN_C: u32 = 4;
    /// Window sizes: `(bit length of m, c)` for m bucketed points (2n after a split).
    const WINDOWS: &'static [(u32, u32)] = WINDOWS_FP;
}

/// Measured window sizes over Fp (`msm_tune`, BLS12-381 G1 and BN254 G1, both with the GLV
/// split; the table in the crate banner): `(largest bit length of m, c)`. Past 2^14 points the window stays at 13: larger
/// bucket arrays (≥ 8192 × 104 bytes) no longer fit the 1 MB L2 cache and lose more than the
/// fewer windows gain.
pub const WINDOWS_FP: &[(u32, u32)] = &[
    (6, 5),
    (7, 6),
    (8, 6),
    (9, 7),
    (10, 8),
    (11, 9),
    (13, 10),
    (14, 11),
    (15, 12),
    (u32::MAX, 13),
];

/// Measured window sizes over Fp2 (BLS12-381 and BN254 G2, no split): the all-window scheduler
/// up to c = 8 (n ≤ 256), per-window batch-affine buckets from c = 9, and one bit less than over
/// Fp for large m (the buckets are twice as large).
pub const WINDOWS_FP2: &[(u32, u32)] = &[
    (5, 4),
    (6, 5),
    (7, 6),
    (8, 7),
    (9, 8),
    (11, 9),
    (13, 10),
    (15, 11),
    (u32::MAX, 12),
];

impl MsmConfig for bls12_381::G1Config {
    /// Measured: at n = 32 Pippenger (c = 6, all-window scheduler) takes 557 µs against 633 µs
    /// for Straus; at n = 16 they tie (340 against 337 µs). BN254 G1 (a smaller field, where
    /// Straus' tables are cheaper) ties at n = 32 and keeps the default.
    const STRAUS_MAX_N: usize = 16;
    const SPLIT: Option<Split<Self>> = Some(Split {
        bits: 128,
        split: split_by_z2,
        map: minus_phi,
    });
}
impl MsmConfig for bls12_381::G2Config {
    /// Measured (BLS12-381 G2; BN254 G2 alike): at n = 32 Pippenger (c = 5, all-window
    /// scheduler) 1.61 ms against 1.76 ms for Straus, at n = 16 Straus 0.98 against 1.08 ms.
    const STRAUS_MAX_N: usize = 16;
    const WINDOWS: &'static [(u32, u32)] = WINDOWS_FP2;
}
impl MsmConfig for bn254::G1Config {
    const SPLIT: Option<Split<Self>> = Some(Split {
        bits: 127,
        split: split_bn254_vartime,
        map: phi_bn254,
    });
}
impl MsmConfig for bn254::G2Config {
    /// Measured (BLS12-381 G2; BN254 G2 alike): at n = 32 Pippenger (c = 5, all-window
    /// scheduler) 1.61 ms against 1.76 ms for Straus, at n = 16 Straus 0.98 against 1.08 ms.
    const STRAUS_MAX_N: usize = 16;
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
fn split_by_z2(k: &Words) -> ([Words; 2], [bool; 2]) {
    let z = bls12_381::Z_ABS;
    let (q1, d0) = divrem(k, z);
    let (q, d1) = divrem(&q1, z);
    let r = d1 as u128 * z as u128 + d0 as u128;
    ([[r as u64, (r >> 64) as u64, 0, 0], q], [false, false])
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

/// `(x, y) ↦ (βx, y) = φ(P)`, which acts as `[λ]` on BN254 G1.
fn phi_bn254(p: &Affine<bn254::G1Config>) -> Affine<bn254::G1Config> {
    if p.infinity.to_bool_vartime() {
        return *p;
    }
    Affine::new_unchecked(p.x * bn254::BETA, p.y)
}

/// BN254 lattice basis entries: `2x₀ + 1`, `6x₀² + 2x₀`, `6x₀² + 4x₀ + 1` (all < 2^128).
const BN_A1: u128 = 2 * bn254::X0 as u128 + 1;
const BN_B1: u128 = 6 * (bn254::X0 as u128) * (bn254::X0 as u128) + 2 * bn254::X0 as u128;
const BN_A2: u128 = BN_B1 + BN_A1;
/// `⌊2^256·(2x₀ + 1)/r⌋` and `⌊2^256·(6x₀² + 2x₀)/r⌋` (little-endian words): Babai's rounding
/// `round(k·a/r)` becomes `⌊(k·g + 2^255)/2^256⌋`, off by less than 3/4 since `k < 2^254`.
const BN_G1: [u64; 3] = [0xd91d232ec7e0b3d7, 0x2, 0];
const BN_G2: [u64; 3] = [0x7a7bd9d4391eb18d, 0x4ccef014a773d2cf, 0x2];

/// `k = k₀ + k₁·λ (mod r)` on BN254 G1 for a public `k < r`. The halves are below 2^127 in
/// absolute value, so they are computed exactly modulo 2^128 (two's complement in `u128`) from
/// the low 128 bits of `k`, `c₁`, `c₂`: `k₀ = k − c₁·(2x₀+1) − c₂·(6x₀²+4x₀+1)`,
/// `k₁ = c₁·(6x₀²+2x₀) − c₂·(2x₀+1)`.
fn split_bn254_vartime(k: &Words) -> ([Words; 2], [bool; 2]) {
    let c1 = mul_shift_round(k, &BN_G1);
    let c2 = mul_shift_round(k, &BN_G2);
    let k_lo = k[0] as u128 | (k[1] as u128) << 64;
    let k0 = k_lo
        .wrapping_sub(c1.wrapping_mul(BN_A1))
        .wrapping_sub(c2.wrapping_mul(BN_A2)) as i128;
    let k1 = c1.wrapping_mul(BN_B1).wrapping_sub(c2.wrapping_mul(BN_A1)) as i128;
    let words = |v: i128| {
        let m = v.unsigned_abs();
        [m as u64, (m >> 64) as u64, 0, 0]
    };
    ([words(k0), words(k1)], [k0 < 0, k1 < 0])
}

/// `⌊(k·g + 2^255)/2^256⌋` for `k < 2^256` and a 192-bit `g`, as a `u128` (the callers' quotients
/// are below 2^128).
fn mul_shift_round(k: &Words, g: &[u64; 3]) -> u128 {
    let prod: [u64; 7] = BigInt(*k).mul_truncated(&BigInt(*g)).0;
    let c = prod[3].overflowing_add(1 << 63).1;
    let lo = prod[4] as u128 | (prod[5] as u128) << 64;
    lo.wrapping_add(c as u128)
}
