//! Aggregation: `Aggregate` of signatures (draft §2.8) and the sum of public keys used by
//! `FastAggregateVerify` (§3.3.4) and Ethereum's `eth_aggregate_pubkeys`.
//!
//! Everything here is public data, so the sums run in variable time. Public keys are summed with
//! a **batch-affine tree** (Constantine's `sum_reduce_vartime`): each level adds
//! disjoint pairs in affine coordinates, `λ = (y₂ − y₁)/(x₂ − x₁)`, `x₃ = λ² − x₁ − x₂`,
//! `y₃ = λ(x₁ − x₃) − y₁`, with every level's denominators inverted together (Montgomery's trick:
//! 3 multiplications per denominator and one inversion per level). An addition then costs about
//! 6 multiplications against 11 for the complete mixed addition. Levels stop at
//! `AFFINE_TREE_STOP` points, where one inversion would cost more than it saves, and the rest
//! is added projectively. Doubling (equal points) and cancellation (`P + (−P)`) are handled by
//! branches, which is fine for public data.

use crate::{BlsError, PublicKey, Signature};
use ctt_curves::bls12_381::{G1Affine, G1Projective, G2Projective};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::Field;
use ctt_field::bls12_381::Fp;

/// Below this many points the tree hands over to projective additions: a level of m pairs saves
/// about 5m multiplications and pays one inversion (variable time, roughly 60–100
/// multiplications), so levels pay for themselves from about 16 pairs.
const AFFINE_TREE_STOP: usize = 32;
/// Points summed per tree on the stack (no allocation; longer inputs are cut into such blocks).
const BLOCK: usize = 256;

/// `Aggregate` (draft §2.8): the sum of the signatures.
///
/// # Errors
///
/// [`BlsError::EmptyInput`] for an empty list (the draft's "n ≥ 1").
pub fn aggregate(signatures: &[Signature]) -> Result<Signature, BlsError> {
    if signatures.is_empty() {
        return Err(BlsError::EmptyInput);
    }
    let mut acc = G2Projective::identity();
    for s in signatures {
        acc = acc.add_affine(&s.0);
    }
    Ok(Signature(acc.to_affine()))
}

/// The sum of public keys, each validated (KeyValidate: none may be the identity). The result
/// is the identity when the keys cancel; the verification functions then answer `Ok(false)` or
/// reject it as a key.
///
/// # Errors
///
/// [`BlsError::EmptyInput`], [`BlsError::IdentityPublicKey`].
pub fn aggregate_public_keys(public_keys: &[PublicKey]) -> Result<PublicKey, BlsError> {
    Ok(PublicKey(sum_public_keys(public_keys)?.to_affine()))
}

/// Ethereum's `eth_aggregate_pubkeys` (altair BLS extensions): asserts a non-empty list of
/// KeyValidate'd keys and returns their sum — the same as [`aggregate_public_keys`].
///
/// # Errors
///
/// As [`aggregate_public_keys`].
pub fn eth_aggregate_pubkeys(public_keys: &[PublicKey]) -> Result<PublicKey, BlsError> {
    aggregate_public_keys(public_keys)
}

/// Validated sum of keys, projective.
pub(crate) fn sum_public_keys(public_keys: &[PublicKey]) -> Result<G1Projective, BlsError> {
    if public_keys.is_empty() {
        return Err(BlsError::EmptyInput);
    }
    if public_keys.iter().any(|pk| pk.is_identity()) {
        return Err(BlsError::IdentityPublicKey);
    }
    let mut acc = G1Projective::identity();
    let mut buf = [G1Affine::IDENTITY; BLOCK];
    for block in public_keys.chunks(BLOCK) {
        for (b, pk) in buf.iter_mut().zip(block) {
            *b = pk.0;
        }
        acc += sum_affine_vartime(&mut buf[..block.len()]);
    }
    Ok(acc)
}

/// The sum of `points` (overwritten), by the batch-affine tree.
pub(crate) fn sum_affine_vartime(points: &mut [G1Affine]) -> G1Projective {
    let mut len = points.len();
    let mut den = [Fp::ZERO; BLOCK / 2];
    let mut scratch = [Fp::ZERO; BLOCK / 2];
    while len > AFFINE_TREE_STOP {
        let pairs = len / 2;
        let den = &mut den[..pairs];
        // Denominators of each pair: x₂ − x₁, or 2y for a doubling; 1 where no division is
        // needed (an identity operand, or P + (−P)).
        for k in 0..pairs {
            let (a, b) = (&points[2 * k], &points[2 * k + 1]);
            den[k] = if a.is_identity().to_bool_vartime() || b.is_identity().to_bool_vartime() {
                Fp::ONE
            } else if a.x != b.x {
                b.x - a.x
            } else if a.y == b.y {
                a.y.double()
            } else {
                Fp::ONE
            };
        }
        Fp::batch_invert_vartime_with_scratch(den, &mut scratch[..pairs]);
        for k in 0..pairs {
            let (a, b) = (points[2 * k], points[2 * k + 1]);
            points[k] = if a.is_identity().to_bool_vartime() {
                b
            } else if b.is_identity().to_bool_vartime() {
                a
            } else if a.x != b.x {
                affine_add(&a, &b, (b.y - a.y) * den[k])
            } else if a.y == b.y {
                let x2 = a.x.square();
                affine_add(&a, &b, (x2.double() + x2) * den[k])
            } else {
                G1Affine::IDENTITY
            };
        }
        if len % 2 == 1 {
            points[pairs] = points[len - 1];
        }
        len = pairs + len % 2;
    }
    let mut acc = G1Projective::identity();
    for p in &points[..len] {
        acc = acc.add_affine(p);
    }
    acc
}

/// `a + b` given the slope `λ` of the line through them (tangent when `a = b`).
fn affine_add(a: &G1Affine, b: &G1Affine, lambda: Fp) -> G1Affine {
    let x3 = lambda.square() - a.x - b.x;
    let y3 = lambda * (a.x - x3) - a.y;
    G1Affine::new_unchecked(x3, y3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ctt_field::PrimeField;
    use ctt_field::bls12_381::Fr;
    use std::vec::Vec;

    fn point(i: u64) -> G1Affine {
        G1Projective::generator()
            .mul_vartime(&Fr::from_u64(i * 7919 + 13))
            .to_affine()
    }

    /// The tree equals naive projective addition, with duplicates (doublings) and cancelling
    /// pairs (P + (−P)) placed where the tree pairs them, at lengths around the stop size and
    /// the block size.
    #[test]
    fn tree_sum_equals_naive_sum() {
        for n in [1usize, 2, 3, 32, 33, 34, 65, 64, 100, 255, 256] {
            let mut pts: Vec<G1Affine> = (0..n as u64).map(point).collect();
            if n > 20 {
                pts[3] = pts[2]; // doubling at level 0
                pts[5] = -pts[4]; // cancellation at level 0
                pts[9] = pts[8];
                pts[11] = -pts[10];
            }
            let naive = pts
                .iter()
                .fold(G1Projective::identity(), |acc, p| acc.add_affine(p));
            let mut buf = pts.clone();
            assert_eq!(sum_affine_vartime(&mut buf), naive, "n = {n}");
        }
    }
}
