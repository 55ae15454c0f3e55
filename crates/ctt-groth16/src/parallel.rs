//! The `_parallel` twin of batch verification on the caller's rayon pool (`pool.install(..)`
//! selects it; no hidden pool). Same validation, same blinding scalars (they depend only on the
//! randomness and the item's index), same equation: the answer equals [`crate::verify_batch`]'s.

use crate::batch::{
    BatchItem, Blinding, blinding, c_msm_terms, input_scalars, key_pairs, proof_pairs, validate,
};
use crate::engine::{G1Projective, Groth16Curve};
use crate::error::Groth16Error;
use crate::keys::PreparedVerifyingKey;
use alloc::vec::Vec;
use ctt_pairing::gt::{MillerLoopResult, final_exponentiation, multi_miller_loop};
use rayon::prelude::*;

/// Items per worker: one run per thread of the current pool.
fn run_len(n: usize) -> usize {
    n.div_ceil(rayon::current_num_threads().max(1)).max(1)
}

/// [`crate::verify_batch`] on the current rayon pool: the proofs' Miller loops split in runs of
/// items, the two MSMs on the pool, the Miller-loop values merged in Fp12, one final
/// exponentiation.
///
/// # Errors
///
/// As [`crate::verify_batch`].
pub fn verify_batch_parallel<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    items: &[BatchItem<'_, C>],
    randomness: &[u8; 32],
) -> Result<bool, Groth16Error> {
    validate(pvk, items)?;
    let blind: Vec<Blinding<C>> = (0..items.len())
        .into_par_iter()
        .map(|i| blinding(randomness, i))
        .collect();
    let s = input_scalars(pvk, items, &blind);
    let ic_sum: G1Projective<C> = ctt_msm::msm_vartime_parallel(&pvk.vk.ic, &s)?;
    let (cs, cs_scalars) = c_msm_terms(items, &blind);
    let c_sum: G1Projective<C> = ctt_msm::msm_vartime_parallel(&cs, &cs_scalars)?;
    let run = run_len(items.len());
    let proofs = items
        .par_chunks(run)
        .zip(blind.par_chunks(run))
        .map(|(part, rs)| proof_pairs(part, rs))
        .reduce(|| multi_miller_loop::<C>(&[]), |a, b| a * b);
    let f: MillerLoopResult<C> = proofs * key_pairs(pvk, &s[0], &ic_sum, &c_sum);
    Ok(final_exponentiation(&f).is_identity().to_bool_vartime())
}
