//! Verifying keys, their prepared form, and proofs (Groth, EUROCRYPT 2016, §3.2: a proof is
//! `(A, C) ∈ G1²`, `B ∈ G2`; the key is `[α]₁, [β]₂, [γ]₂, [δ]₂` and the input commitments
//! `ICᵢ = [(β·uᵢ(τ) + α·vᵢ(τ) + wᵢ(τ))/γ]₁`, arkworks' `gamma_abc_g1`, snarkjs' `IC`).
//!
//! Every constructor validates its points (on the curve, in the prime-order subgroup), so a
//! value of these types is always well formed and verification never re-checks it. Identity
//! points are accepted: a proof with one simply fails to verify, as in snarkjs and arkworks.

use crate::engine::{G1Affine, G2Affine, Groth16Curve};
use crate::error::Groth16Error;
use alloc::vec::Vec;
use ctt_curves::AffineRepr;
use ctt_curves::sw::SwCurveConfig;
use ctt_pairing::gt::{Gt, pairing};
use ctt_pairing::prepared::G2Prepared;

/// Checks a point: on the curve and in the prime-order subgroup (variable time: public data).
pub(crate) fn check_point<S: SwCurveConfig>(
    p: &ctt_curves::sw::Affine<S>,
) -> Result<(), Groth16Error> {
    if !p.is_on_curve().to_bool_vartime() {
        return Err(Groth16Error::NotOnCurve);
    }
    if !p.is_torsion_free().to_bool_vartime() {
        return Err(Groth16Error::NotInSubgroup);
    }
    Ok(())
}

/// A Groth16 verifying key for a circuit with `ic.len() − 1` public inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyingKey<C: Groth16Curve> {
    pub(crate) alpha_g1: G1Affine<C>,
    pub(crate) beta_g2: G2Affine<C>,
    pub(crate) gamma_g2: G2Affine<C>,
    pub(crate) delta_g2: G2Affine<C>,
    pub(crate) ic: Vec<G1Affine<C>>,
}

impl<C: Groth16Curve> VerifyingKey<C> {
    /// A key from its points, each checked (curve, subgroup); `ic` must hold at least `IC₀`.
    ///
    /// # Errors
    ///
    /// [`Groth16Error::NotOnCurve`], [`Groth16Error::NotInSubgroup`],
    /// [`Groth16Error::EmptyInputCommitments`].
    pub fn new(
        alpha_g1: G1Affine<C>,
        beta_g2: G2Affine<C>,
        gamma_g2: G2Affine<C>,
        delta_g2: G2Affine<C>,
        ic: Vec<G1Affine<C>>,
    ) -> Result<Self, Groth16Error> {
        if ic.is_empty() {
            return Err(Groth16Error::EmptyInputCommitments);
        }
        check_point(&alpha_g1)?;
        for q in [&beta_g2, &gamma_g2, &delta_g2] {
            check_point(q)?;
        }
        for p in &ic {
            check_point(p)?;
        }
        Ok(VerifyingKey {
            alpha_g1,
            beta_g2,
            gamma_g2,
            delta_g2,
            ic,
        })
    }

    /// A key from points its decoder has already checked.
    pub(crate) fn from_checked(
        alpha_g1: G1Affine<C>,
        beta_g2: G2Affine<C>,
        gamma_g2: G2Affine<C>,
        delta_g2: G2Affine<C>,
        ic: Vec<G1Affine<C>>,
    ) -> Result<Self, Groth16Error> {
        if ic.is_empty() {
            return Err(Groth16Error::EmptyInputCommitments);
        }
        Ok(VerifyingKey {
            alpha_g1,
            beta_g2,
            gamma_g2,
            delta_g2,
            ic,
        })
    }

    /// `[α]₁`.
    pub fn alpha_g1(&self) -> &G1Affine<C> {
        &self.alpha_g1
    }
    /// `[β]₂`.
    pub fn beta_g2(&self) -> &G2Affine<C> {
        &self.beta_g2
    }
    /// `[γ]₂`.
    pub fn gamma_g2(&self) -> &G2Affine<C> {
        &self.gamma_g2
    }
    /// `[δ]₂`.
    pub fn delta_g2(&self) -> &G2Affine<C> {
        &self.delta_g2
    }
    /// The input commitments `IC₀ … ICₗ`.
    pub fn ic(&self) -> &[G1Affine<C>] {
        &self.ic
    }
    /// The number of public inputs `ℓ` the circuit takes.
    pub fn num_public_inputs(&self) -> usize {
        self.ic.len() - 1
    }

    /// The key with its pairing-side work done once: `e(α, β)` and the Miller-loop lines of
    /// `−γ`, `−δ` (and of `β`, for batches). One pairing and four line precomputations.
    pub fn prepare(&self) -> PreparedVerifyingKey<C> {
        PreparedVerifyingKey::new(self.clone())
    }
}

/// A verifying key with `e(α, β)` in Gt and `−γ`, `−δ`, `β` as prepared G2 points: what
/// [`crate::verify`] and [`crate::verify_batch`] take. `−γ` and `−δ`, in every verification,
/// get lines normalised to a unit `y` coefficient ([`G2Prepared::new`]: dearer once, cheaper in
/// each use); `β`, once per batch, raw lines ([`G2Prepared::new_raw`]). Memory: three line
/// tables (about 17 KB each on BN254, 13 KB on BLS12-381) besides the key.
#[derive(Clone, Debug)]
pub struct PreparedVerifyingKey<C: Groth16Curve> {
    pub(crate) vk: VerifyingKey<C>,
    pub(crate) alpha_beta: Gt<C>,
    pub(crate) neg_gamma: G2Prepared<C>,
    pub(crate) neg_delta: G2Prepared<C>,
    pub(crate) beta: G2Prepared<C>,
}

impl<C: Groth16Curve> PreparedVerifyingKey<C> {
    /// Prepares a key (see [`VerifyingKey::prepare`]).
    pub fn new(vk: VerifyingKey<C>) -> Self {
        PreparedVerifyingKey {
            alpha_beta: pairing::<C>(&vk.alpha_g1, &vk.beta_g2),
            neg_gamma: G2Prepared::new(&-vk.gamma_g2),
            neg_delta: G2Prepared::new(&-vk.delta_g2),
            beta: G2Prepared::new_raw(&vk.beta_g2),
            vk,
        }
    }

    /// The key it was prepared from.
    pub fn verifying_key(&self) -> &VerifyingKey<C> {
        &self.vk
    }

    /// `e(α, β)`.
    pub fn alpha_beta(&self) -> &Gt<C> {
        &self.alpha_beta
    }
}

impl<C: Groth16Curve> From<VerifyingKey<C>> for PreparedVerifyingKey<C> {
    fn from(vk: VerifyingKey<C>) -> Self {
        PreparedVerifyingKey::new(vk)
    }
}

/// A Groth16 proof `(A, B, C)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof<C: Groth16Curve> {
    pub(crate) a: G1Affine<C>,
    pub(crate) b: G2Affine<C>,
    pub(crate) c: G1Affine<C>,
}

impl<C: Groth16Curve> Proof<C> {
    /// A proof from its points, each checked (curve, subgroup).
    ///
    /// # Errors
    ///
    /// [`Groth16Error::NotOnCurve`], [`Groth16Error::NotInSubgroup`].
    pub fn new(a: G1Affine<C>, b: G2Affine<C>, c: G1Affine<C>) -> Result<Self, Groth16Error> {
        check_point(&a)?;
        check_point(&b)?;
        check_point(&c)?;
        Ok(Proof { a, b, c })
    }

    /// `A`.
    pub fn a(&self) -> &G1Affine<C> {
        &self.a
    }
    /// `B`.
    pub fn b(&self) -> &G2Affine<C> {
        &self.b
    }
    /// `C`.
    pub fn c(&self) -> &G1Affine<C> {
        &self.c
    }
}
