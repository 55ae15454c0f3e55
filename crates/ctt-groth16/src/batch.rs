//! Batch verification of many proofs of one circuit by a random linear combination (Bellare,
//! Garay, Rabin, EUROCRYPT 1998, the small-exponents test). Raising proof i's equation
//! `e(Aᵢ, Bᵢ) = e(α, β)·e(ICᵢ, γ)·e(Cᵢ, δ)` to an independent random `rᵢ` and multiplying all of
//! them gives
//!
//! `∏ᵢ e(rᵢ·Aᵢ, Bᵢ) · e(−(Σᵢ rᵢ)·α, β) · e(Σᵢ rᵢ·ICᵢ, −γ) · e(Σᵢ rᵢ·Cᵢ, −δ) = 1`:
//!
//! n + 3 Miller pairs (the last three replay the key's prepared lines) and one final
//! exponentiation, instead of 3n pairs and n final exponentiations. `Σᵢ rᵢ·ICᵢ` folds into one
//! MSM over the key's points, `IC₀·Σᵢ rᵢ + Σⱼ ICⱼ·(Σᵢ rᵢ·xᵢⱼ)`, and `Σᵢ rᵢ·Cᵢ` is one MSM over
//! the proofs' `C`.
//!
//! Soundness: the `rᵢ` are 128-bit, so if some proof is invalid the product is one with
//! probability at most 2⁻¹²⁸ over their choice (the combination vanishes only if a nonzero
//! linear form in the `rᵢ` does, which fixes one of them). They are derived from the caller's
//! randomness as the first 16 bytes (little-endian) of SHA-256(randomness ‖ LE64(i)), replaced
//! by 1 if zero; the randomness must be unpredictable to whoever produced the proofs (fresh from
//! a CSPRNG per call). The derivation makes the serial and parallel versions use the same rᵢ.
//!
//! Public data throughout, variable time.

use crate::engine::{Fr, G1Affine, G1Projective, Groth16Curve};
use crate::error::Groth16Error;
use crate::keys::{PreparedVerifyingKey, Proof};
use crate::verify::check_input_count;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::sw::scalar_mul::mul_vartime;
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{Field, PrimeField};
use ctt_hash::Sha256;
use ctt_pairing::affine_loop::multi_miller_loop_vartime;
use ctt_pairing::gt::{MillerLoopResult, final_exponentiation};
use ctt_pairing::prepared::multi_miller_loop_prepared;

/// One proof of a batch with its public inputs.
#[derive(Clone, Copy, Debug)]
pub struct BatchItem<'a, C: Groth16Curve> {
    /// The proof.
    pub proof: &'a Proof<C>,
    /// Its public inputs, as many as the key expects.
    pub public_inputs: &'a [Fr<C>],
}

impl<'a, C: Groth16Curve> BatchItem<'a, C> {
    /// An item from its parts.
    pub fn new(proof: &'a Proof<C>, public_inputs: &'a [Fr<C>]) -> Self {
        BatchItem {
            proof,
            public_inputs,
        }
    }
}

/// The blinding scalar of item `index`: 128 bits of SHA-256(randomness ‖ LE64(index)), nonzero.
pub(crate) fn blinding_scalar(randomness: &[u8; 32], index: usize) -> u128 {
    let mut h = Sha256::new();
    h.update(randomness);
    h.update(&(index as u64).to_le_bytes());
    let d = h.finalize();
    let mut b = [0u8; 16];
    b.copy_from_slice(&d[..16]);
    u128::from_le_bytes(b).max(1)
}

/// A 128-bit integer as a scalar (r > 2¹²⁸ on both curves).
pub(crate) fn to_scalar<C: Groth16Curve>(r: u128) -> Fr<C> {
    let mut repr = Fr::<C>::ZERO.to_bytes_le();
    repr.as_mut()[..16].copy_from_slice(&r.to_le_bytes());
    Fr::<C>::from_bytes_le(&repr).unwrap()
}

/// Checks the batch: non-empty, every item with the key's number of inputs.
pub(crate) fn validate<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    items: &[BatchItem<'_, C>],
) -> Result<(), Groth16Error> {
    if items.is_empty() {
        return Err(Groth16Error::EmptyBatch);
    }
    for it in items {
        check_input_count(&pvk.vk, it.public_inputs.len())?;
    }
    Ok(())
}

/// The MSM scalars of the key's input points: `(Σᵢ rᵢ, Σᵢ rᵢ·xᵢ₁, …, Σᵢ rᵢ·xᵢₗ)`.
pub(crate) fn input_scalars<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    items: &[BatchItem<'_, C>],
    r: &[Fr<C>],
) -> Vec<Fr<C>> {
    let mut s = vec![Fr::<C>::ZERO; pvk.vk.ic.len()];
    for (it, ri) in items.iter().zip(r) {
        s[0] += *ri;
        for (sj, x) in s[1..].iter_mut().zip(it.public_inputs) {
            *sj += *ri * *x;
        }
    }
    s
}

/// `∏ e(rᵢ·Aᵢ, Bᵢ)` over a run of consecutive items whose blinding scalars are `r`: the
/// products `rᵢ·Aᵢ` by width-5 wNAF over the scalars' 128 bits (the curve's GLV split would
/// turn them into two ~127-bit halves), the pairs through the affine Miller loop with one
/// batched inversion per step ([`multi_miller_loop_vartime`]).
pub(crate) fn proof_pairs<C: Groth16Curve>(
    items: &[BatchItem<'_, C>],
    r: &[u128],
) -> MillerLoopResult<C> {
    let blinded: Vec<G1Projective<C>> = items
        .iter()
        .zip(r)
        .map(|(it, ri)| mul_vartime(&it.proof.a.to_group(), &to_scalar::<C>(*ri)))
        .collect();
    let mut affine = vec![G1Affine::<C>::IDENTITY; blinded.len()];
    G1Projective::<C>::batch_normalize(&blinded, &mut affine);
    let pairs: Vec<_> = affine
        .into_iter()
        .zip(items)
        .map(|(a, it)| (a, it.proof.b))
        .collect();
    multi_miller_loop_vartime::<C>(&pairs)
}

/// The three key-side pairs `e(−(Σ rᵢ)·α, β) · e(Σ rᵢ·ICᵢ, −γ) · e(Σ rᵢ·Cᵢ, −δ)` on prepared lines.
pub(crate) fn key_pairs<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    r_sum: &Fr<C>,
    ic_sum: &G1Projective<C>,
    c_sum: &G1Projective<C>,
) -> MillerLoopResult<C> {
    let alpha = -pvk.vk.alpha_g1.to_group().mul_vartime(r_sum);
    let mut g1 = [G1Affine::<C>::IDENTITY; 3];
    G1Projective::<C>::batch_normalize(&[alpha, *ic_sum, *c_sum], &mut g1);
    multi_miller_loop_prepared::<C>(&[
        (g1[0], &pvk.beta),
        (g1[1], &pvk.neg_gamma),
        (g1[2], &pvk.neg_delta),
    ])
}

/// Verifies many proofs of one circuit at once (see the module documentation): `Ok(true)` only
/// if, with overwhelming probability, every proof verifies; `Ok(false)` if any does not.
///
/// `randomness` must be fresh and unpredictable to the provers (32 bytes from a CSPRNG).
///
/// # Errors
///
/// [`Groth16Error::EmptyBatch`]; [`Groth16Error::WrongInputCount`] when an item's input count
/// differs from the key's.
pub fn verify_batch<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    items: &[BatchItem<'_, C>],
    randomness: &[u8; 32],
) -> Result<bool, Groth16Error> {
    validate(pvk, items)?;
    let r: Vec<u128> = (0..items.len())
        .map(|i| blinding_scalar(randomness, i))
        .collect();
    let rf: Vec<Fr<C>> = r.iter().map(|ri| to_scalar::<C>(*ri)).collect();
    let s = input_scalars(pvk, items, &rf);
    let ic_sum: G1Projective<C> = ctt_msm::msm_vartime(&pvk.vk.ic, &s)?;
    let cs: Vec<G1Affine<C>> = items.iter().map(|it| it.proof.c).collect();
    let c_sum: G1Projective<C> = ctt_msm::msm_vartime(&cs, &rf)?;
    let f = proof_pairs(items, &r) * key_pairs(pvk, &s[0], &ic_sum, &c_sum);
    Ok(final_exponentiation(&f).is_identity().to_bool_vartime())
}
