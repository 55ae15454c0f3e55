//! Single-proof verification (Groth, EUROCRYPT 2016, §3.2): a proof `(A, B, C)` for public inputs
//! `x₁ … xₗ` is accepted when
//!
//! `e(A, B) = e(α, β) · e(IC, γ) · e(C, δ)`, with `IC = IC₀ + Σⱼ xⱼ·ICⱼ`,
//!
//! computed as one multi-Miller loop of three pairs, `e(A, B) · e(IC, −γ) · e(C, −δ)`, one final
//! exponentiation, and a comparison with the precomputed `e(α, β)`. `−γ` and `−δ` replay their
//! prepared lines; `B` is prepared on the spot (the same doubling and addition steps the loop
//! would do). `IC` is an MSM over the key's points.
//!
//! Everything here is public (keys, proofs, inputs), so the code is variable time.

use crate::engine::{Fr, G1Projective, Groth16Curve};
use crate::error::Groth16Error;
use crate::keys::{PreparedVerifyingKey, Proof, VerifyingKey};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_pairing::gt::final_exponentiation;
use ctt_pairing::prepared::{G2Prepared, multi_miller_loop_prepared};

/// Checks the number of public inputs against the key.
pub(crate) fn check_input_count<C: Groth16Curve>(
    vk: &VerifyingKey<C>,
    n: usize,
) -> Result<(), Groth16Error> {
    let expected = vk.num_public_inputs();
    if n != expected {
        return Err(Groth16Error::WrongInputCount { expected, got: n });
    }
    Ok(())
}

/// `IC₀ + Σⱼ xⱼ·ICⱼ` by one MSM (public data, variable time).
///
/// # Errors
///
/// [`Groth16Error::WrongInputCount`].
pub fn prepare_inputs_vartime<C: Groth16Curve>(
    vk: &VerifyingKey<C>,
    public_inputs: &[Fr<C>],
) -> Result<G1Projective<C>, Groth16Error> {
    check_input_count(vk, public_inputs.len())?;
    let sum: G1Projective<C> = ctt_msm::msm_vartime(&vk.ic[1..], public_inputs)?;
    Ok(sum.add_affine(&vk.ic[0]))
}

/// Verifies a Groth16 proof: `Ok(true)` when it is valid for these public inputs, `Ok(false)`
/// when it is not. The proof and key are valid points by construction (their decoders and
/// constructors check curve and subgroup).
///
/// Cost: an MSM over `ℓ` points, the line computation of `B`, a 3-pair Miller loop (two pairs
/// replayed) and one final exponentiation.
///
/// # Errors
///
/// [`Groth16Error::WrongInputCount`] when the number of inputs differs from the key's.
pub fn verify<C: Groth16Curve>(
    pvk: &PreparedVerifyingKey<C>,
    proof: &Proof<C>,
    public_inputs: &[Fr<C>],
) -> Result<bool, Groth16Error> {
    let ic = prepare_inputs_vartime(&pvk.vk, public_inputs)?.to_affine();
    let b = G2Prepared::new_raw(&proof.b);
    let f = multi_miller_loop_prepared::<C>(&[
        (proof.a, &b),
        (ic, &pvk.neg_gamma),
        (proof.c, &pvk.neg_delta),
    ]);
    Ok(final_exponentiation(&f) == pvk.alpha_beta)
}

/// The verification equation as four plain pairings, `e(A, B) = e(α, β)·e(IC, γ)·e(C, δ)`,
/// without prepared points or MSM: the reference twin [`verify`] is tested against.
pub fn verify_naive_vartime<C: Groth16Curve>(
    vk: &VerifyingKey<C>,
    proof: &Proof<C>,
    public_inputs: &[Fr<C>],
) -> Result<bool, Groth16Error> {
    use ctt_pairing::gt::pairing;
    check_input_count(vk, public_inputs.len())?;
    let mut ic = vk.ic[0].to_group();
    for (p, x) in vk.ic[1..].iter().zip(public_inputs) {
        ic += p.to_group().mul_vartime(x);
    }
    let lhs = pairing::<C>(&proof.a, &proof.b);
    let rhs = pairing::<C>(&vk.alpha_g1, &vk.beta_g2)
        * pairing::<C>(&ic.to_affine(), &vk.gamma_g2)
        * pairing::<C>(&proof.c, &vk.delta_g2);
    Ok(lhs == rhs)
}
