//! `*_parallel` twins on the caller's rayon pool (`pool.install(..)` selects it; no hidden pool).
//!
//! Each splits the work into one run of consecutive inputs per worker, computes the partial
//! Miller-loop products (and, for batches, the partial blinded signature sums), merges them by
//! Fp12 multiplication (and G2 addition), and pays the final exponentiation once. They answer
//! exactly as the serial functions: same validation, same blinding scalars (which depend only on
//! the randomness and the set's index), same equation.

use crate::aggregate::sum_public_keys;
use crate::batch::{SignatureSet, miller_part, signature_pair, signature_part, validate_sets};
use crate::verify::{
    PairAccumulator, g2_to_affine_vartime, hash_to_g2, is_one, miller_pk_msgs, neg_g1,
    validate_pairs,
};
use crate::{BlsError, DST, PublicKey, Signature};
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::G2Projective;
use ctt_pairing::bls12_381::{MillerLoopResult, multi_miller_loop};
use rayon::prelude::*;

/// Inputs per worker: one run per thread of the current pool.
fn run_len(n: usize) -> usize {
    n.div_ceil(rayon::current_num_threads().max(1)).max(1)
}

fn one() -> MillerLoopResult {
    multi_miller_loop(&[])
}

/// [`crate::batch_verify`] on the current rayon pool: the blinded signature sum and then the
/// Miller loops split by runs of sets, merged in Fp12, one final exponentiation.
///
/// # Errors
///
/// As [`crate::batch_verify`].
pub fn batch_verify_parallel(
    sets: &[SignatureSet<'_>],
    randomness: &[u8; 32],
) -> Result<bool, BlsError> {
    validate_sets(sets)?;
    let run = run_len(sets.len());
    let sig_sum = sets
        .par_chunks(run)
        .enumerate()
        .map(|(i, part)| signature_part(part, i * run, randomness))
        .reduce(G2Projective::identity, |a, b| a + b);
    let pair = signature_pair(&sig_sum);
    let f = sets
        .par_chunks(run)
        .enumerate()
        .map(|(i, part)| miller_part(part, i * run, randomness, (i == 0).then_some(pair)))
        .reduce(one, |a, b| a * b);
    Ok(is_one(&f))
}

/// [`crate::aggregate_verify`] on the current rayon pool: hashing and Miller loops split by runs
/// of (key, message) pairs.
///
/// # Errors
///
/// As [`crate::aggregate_verify`].
pub fn aggregate_verify_parallel(
    public_keys: &[PublicKey],
    msgs: &[&[u8]],
    signature: &Signature,
) -> Result<bool, BlsError> {
    let pks = validate_pairs(public_keys, msgs)?;
    let run = run_len(pks.len());
    let f = pks
        .par_chunks(run)
        .zip(msgs.par_chunks(run))
        .enumerate()
        .map(|(i, (pk, m))| {
            let mut acc = PairAccumulator::new();
            if i == 0 {
                acc.push(neg_g1(), signature.0);
            }
            miller_pk_msgs(&mut acc, pk, m);
            acc.finish()
        })
        .reduce(one, |a, b| a * b);
    Ok(is_one(&f))
}

/// [`crate::fast_aggregate_verify`] on the current rayon pool: one task hashes the message,
/// sums the keys and runs the Miller loop of `(apk, H(m))`, while the other runs the loop of
/// `(−P1, σ)`; the two loops are merged in Fp12 before the one final exponentiation.
///
/// # Errors
///
/// As [`crate::fast_aggregate_verify`].
pub fn fast_aggregate_verify_parallel(
    public_keys: &[PublicKey],
    msg: &[u8],
    signature: &Signature,
) -> Result<bool, BlsError> {
    let (key_side, sig_side) = rayon::join(
        || -> Result<Option<MillerLoopResult>, BlsError> {
            let (apk, h) = rayon::join(
                || sum_public_keys(public_keys),
                || g2_to_affine_vartime(&hash_to_g2(msg, DST)),
            );
            let apk = apk?;
            if apk.is_identity().to_bool_vartime() {
                return Ok(None);
            }
            Ok(Some(multi_miller_loop(&[(apk.to_affine(), h)])))
        },
        || multi_miller_loop(&[(neg_g1(), signature.0)]),
    );
    Ok(match key_side? {
        Some(f) => is_one(&(f * sig_side)),
        None => false,
    })
}
