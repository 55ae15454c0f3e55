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
//! Soundness: if some proof is invalid, the product is one with probability at most 1/|S| over
//! the choice of the `rᵢ` from a set S (the combination vanishes only if a nonzero linear form in
//! the `rᵢ` does, which fixes one of them). Here S has 2¹²⁸ elements: `rᵢ = aᵢ + bᵢ·λ (mod r)`
//! with 64-bit `aᵢ, bᵢ` and `λ` the eigenvalue of the G1 endomorphism `φ(x, y) = (βx, y)`. The
//! map `(a, b) ↦ a + b·λ` is injective on 64-bit pairs: a collision would be a nonzero vector of
//! the lattice `{(x, y) : x + y·λ ≡ 0 (mod r)}` with both entries below 2⁶⁴, but that lattice's
//! reduced basis (the GLV basis; Gallant–Lambert–Vanstone, CRYPTO 2001) has determinant r and
//! two nearly orthogonal vectors of ~2¹²⁷, so every nonzero vector has an entry of ~2¹²⁶ or more.
//! The split costs nothing and halves the blinding: `rᵢ·Aᵢ = aᵢ·Aᵢ + bᵢ·φ(Aᵢ)`, one 64-bit
//! Straus ladder over `Aᵢ` and `φ(Aᵢ)`, and `Σᵢ rᵢ·Cᵢ` is an MSM of 64-bit scalars over the `Cᵢ`
//! and `φ(Cᵢ)`. (The proofs' points are in the group of order r, where φ acts as λ: `Proof::new`
//! and every decoder check it.) `(aᵢ, bᵢ)` are the two little-endian halves of the first 16 bytes
//! of SHA-256(randomness ‖ LE64(i)), `(1, 0)` if both are zero; the randomness must be
//! unpredictable to whoever produced the proofs (fresh from a CSPRNG per call). The derivation
//! makes the serial and parallel versions use the same `rᵢ`.
//!
//! Public data throughout, variable time.

use crate::engine::{Fr, G1Affine, G1Projective, Groth16Curve};
use crate::error::Groth16Error;
use crate::keys::{PreparedVerifyingKey, Proof};
use crate::verify::check_input_count;
use alloc::vec;
use alloc::vec::Vec;
use ctt_bigint::Choice;
use ctt_curves::sw::scalar_mul::mul_glv_vartime;
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

/// Item `i`'s blinding scalar `r = a + b·λ (mod r)` with its 64-bit halves `[a, b]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blinding<C: Groth16Curve> {
    pub(crate) halves: [u64; 2],
    pub(crate) scalar: Fr<C>,
}

/// Item `index`'s blinding (module documentation): 128 bits of SHA-256(randomness ‖
/// LE64(index)) as `[a, b]`, `[1, 0]` in place of `[0, 0]`.
pub(crate) fn blinding<C: Groth16Curve>(randomness: &[u8; 32], index: usize) -> Blinding<C> {
    let mut h = Sha256::new();
    h.update(randomness);
    h.update(&(index as u64).to_le_bytes());
    let d = h.finalize();
    let word = |k: usize| u64::from_le_bytes(core::array::from_fn(|i| d[8 * k + i]));
    let halves = match [word(0), word(1)] {
        [0, 0] => [1, 0],
        h => h,
    };
    let scalar = Fr::<C>::from_u64(halves[0]) + Fr::<C>::from_u64(halves[1]) * C::G1_ENDO_LAMBDA;
    Blinding { halves, scalar }
}

/// `φ(P) = (βx, y)` on an affine G1 point (the identity stays the identity).
pub(crate) fn endo<C: Groth16Curve>(p: &G1Affine<C>) -> G1Affine<C> {
    if p.is_identity().to_bool_vartime() {
        return *p;
    }
    G1Affine::<C>::new_unchecked(p.x * C::G1_ENDO_BETA, p.y)
}

/// The MSM that gives `Σᵢ rᵢ·Cᵢ`: points `Cᵢ` and `φ(Cᵢ)` with scalars `aᵢ` and `bᵢ`.
pub(crate) fn c_msm_terms<C: Groth16Curve>(
    items: &[BatchItem<'_, C>],
    blind: &[Blinding<C>],
) -> (Vec<G1Affine<C>>, Vec<Fr<C>>) {
    let points = items.iter().map(|it| it.proof.c);
    let points = points
        .clone()
        .chain(points.map(|c| endo::<C>(&c)))
        .collect();
    let scalars = (0..2)
        .flat_map(|k| blind.iter().map(move |b| Fr::<C>::from_u64(b.halves[k])))
        .collect();
    (points, scalars)
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
    blind: &[Blinding<C>],
) -> Vec<Fr<C>> {
    let mut s = vec![Fr::<C>::ZERO; pvk.vk.ic.len()];
    for (it, b) in items.iter().zip(blind) {
        let ri = &b.scalar;
        s[0] += *ri;
        for (sj, x) in s[1..].iter_mut().zip(it.public_inputs) {
            *sj += *ri * *x;
        }
    }
    s
}

/// `∏ e(rᵢ·Aᵢ, Bᵢ)` over a run of consecutive items with their blindings: `rᵢ·Aᵢ = aᵢ·Aᵢ +
/// bᵢ·φ(Aᵢ)` by one Straus ladder of 64 doublings over `Aᵢ` and `φ(Aᵢ)` (width-5 NAF each), the
/// pairs through the affine Miller loop with one batched inversion per step
/// ([`multi_miller_loop_vartime`]).
pub(crate) fn proof_pairs<C: Groth16Curve>(
    items: &[BatchItem<'_, C>],
    blind: &[Blinding<C>],
) -> MillerLoopResult<C> {
    let blinded: Vec<G1Projective<C>> = items
        .iter()
        .zip(blind)
        .map(|(it, b)| {
            let halves = b.halves.map(|h| [h, 0, 0, 0, 0]);
            let a = it.proof.a.to_group();
            mul_glv_vartime(&a, &b.scalar, &halves, [Choice::FALSE; 2], &C::G1_ENDO_BETA)
        })
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
    let blind: Vec<Blinding<C>> = (0..items.len()).map(|i| blinding(randomness, i)).collect();
    let s = input_scalars(pvk, items, &blind);
    let ic_sum: G1Projective<C> = ctt_msm::msm_vartime(&pvk.vk.ic, &s)?;
    let (cs, cs_scalars) = c_msm_terms(items, &blind);
    let c_sum: G1Projective<C> = ctt_msm::msm_vartime(&cs, &cs_scalars)?;
    let f = proof_pairs(items, &blind) * key_pairs(pvk, &s[0], &ic_sum, &c_sum);
    Ok(final_exponentiation(&f).is_identity().to_bool_vartime())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ctt_pairing::bls12_381::Bls12_381;
    use ctt_pairing::bn254::Bn254;

    /// Points `[k]G` for a few scalars spread over the field (and the identity).
    fn points<C: Groth16Curve>() -> Vec<G1Affine<C>> {
        let g = G1Projective::<C>::generator();
        let mut out = vec![G1Affine::<C>::IDENTITY];
        let mut k = Fr::<C>::from_u64(0x9e37_79b9_7f4a_7c15);
        for _ in 0..6 {
            out.push(g.mul_vartime(&k).to_affine());
            k = k.square() + Fr::<C>::ONE;
        }
        out
    }

    fn endomorphism_acts_as_lambda<C: Groth16Curve>() {
        let l = C::G1_ENDO_LAMBDA;
        assert!(bool::from((l.square() + l + Fr::<C>::ONE).is_zero()));
        for p in points::<C>() {
            assert_eq!(endo::<C>(&p), p.to_group().mul_vartime(&l).to_affine());
        }
    }

    #[test]
    fn endomorphism_acts_as_lambda_on_both_curves() {
        endomorphism_acts_as_lambda::<Bn254>();
        endomorphism_acts_as_lambda::<Bls12_381>();
    }

    /// The split blinding gives the products and the MSM of the unsplit scalar.
    fn split_blinding_matches_the_scalar<C: Groth16Curve>() {
        let pts = points::<C>();
        let blind: Vec<Blinding<C>> = (0..pts.len()).map(|i| blinding(&[3u8; 32], i)).collect();
        let mut want_c = G1Projective::<C>::IDENTITY;
        for (p, b) in pts.iter().zip(&blind) {
            let [a, bh] = b.halves;
            assert_eq!(
                b.scalar,
                Fr::<C>::from_u64(a) + Fr::<C>::from_u64(bh) * C::G1_ENDO_LAMBDA
            );
            let halves = b.halves.map(|h| [h, 0, 0, 0, 0]);
            let got = mul_glv_vartime(
                &p.to_group(),
                &b.scalar,
                &halves,
                [Choice::FALSE; 2],
                &C::G1_ENDO_BETA,
            );
            assert_eq!(
                got.to_affine(),
                p.to_group().mul_vartime(&b.scalar).to_affine()
            );
            want_c += p.to_group().mul_vartime(&b.scalar);
        }
        // Σ rᵢ·Cᵢ through the split MSM, the Cᵢ being the points (the identity among them).
        let proofs: Vec<Proof<C>> = pts
            .iter()
            .map(|c| Proof::new(AffineRepr::generator(), AffineRepr::generator(), *c).unwrap())
            .collect();
        let no_inputs: [Fr<C>; 0] = [];
        let items: Vec<BatchItem<'_, C>> = proofs
            .iter()
            .map(|p| BatchItem::new(p, &no_inputs))
            .collect();
        let (cs, scalars) = c_msm_terms(&items, &blind);
        let got: G1Projective<C> = ctt_msm::msm_vartime(&cs, &scalars).unwrap();
        assert_eq!(got.to_affine(), want_c.to_affine());
    }

    #[test]
    fn split_blinding_matches_the_scalar_on_both_curves() {
        split_blinding_matches_the_scalar::<Bn254>();
        split_blinding_matches_the_scalar::<Bls12_381>();
    }
}
