//! The EIP-4844 functions (the deneb `polynomial-commitments` spec, now in
//! ethereum/cryptography-specs), as methods of [`KzgSettings`] with c-kzg-4844's names and
//! argument order.
//!
//! Everything here handles public data (blobs, commitments, proofs), so variable-time code is
//! used throughout: batch inversion, MSMs, pairing checks.
//!
//! Verification uses the spec's pairing equation rearranged so that both G2 points are fixed:
//! `e(π, [τ − z]₂) = e(C − [y]₁, [1]₂)` is the same as `e([y]₁ − C − [z]π, [1]₂) · e(π, [τ]₂) = 1`,
//! so the G1 side is a 2-point MSM, no G2 scalar multiplication is needed, and the two G2
//! points' Miller-loop lines are precomputed once in the settings
//! ([`ctt_pairing::bls12_381::G2Prepared`]).

use crate::batch_coefficients;
use crate::eval::{Opening, evaluate};
use crate::{
    Blob, Bytes32, Bytes48, FIAT_SHAMIR_PROTOCOL_DOMAIN, FIELD_ELEMENTS_PER_BLOB, KzgCommitment,
    KzgError, KzgProof, KzgSettings, RANDOM_CHALLENGE_KZG_BATCH_DOMAIN,
};
use alloc::vec::Vec;
use ctt_curves::bls12_381::{G1Affine, G1Projective};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::bls12_381::Fr;
use ctt_field::{Field, PrimeField};
use ctt_hash::Sha256;
use ctt_pairing::bls12_381::pairing_check_prepared;

/// Domain separation of [`batch_coefficients`] in `verify_blob_kzg_proof_batch`.
const BATCH_COEFFICIENTS_DOMAIN: &[u8] = b"CTT_KZG_BLOB_BATCH_COEFFICIENTS_V1";

/// A blob's 4096 field elements (the evaluations at the bit-reversed roots of unity), each
/// checked canonical (`< r`): the spec's `blob_to_polynomial`.
pub fn blob_to_polynomial(blob: &Blob) -> Result<Vec<Fr>, KzgError> {
    let (elements, _) = blob.as_chunks::<32>();
    elements.iter().map(bytes_to_bls_field).collect()
}

/// A canonical 32-byte big-endian field element.
pub(crate) fn bytes_to_bls_field(b: &Bytes32) -> Result<Fr, KzgError> {
    Fr::from_bytes_be(b)
        .into_option()
        .ok_or(KzgError::InvalidFieldElement)
}

/// A commitment: a compressed G1 point in the subgroup, or the identity.
pub(crate) fn bytes_to_commitment(b: &Bytes48) -> Result<G1Affine, KzgError> {
    G1Affine::from_compressed(b).map_err(|_| KzgError::InvalidCommitment)
}

/// A proof: a compressed G1 point in the subgroup, or the identity.
pub(crate) fn bytes_to_proof(b: &Bytes48) -> Result<G1Affine, KzgError> {
    G1Affine::from_compressed(b).map_err(|_| KzgError::InvalidProof)
}

/// The spec's `compute_challenge`, serialised: `hash_to_bls_field(FSBLOBVERIFY_V1_ ‖ 4096 as 16
/// bytes ‖ blob ‖ commitment)` as 32 big-endian bytes. It hashes the bytes as given (the spec
/// calls it on validated inputs only).
pub fn compute_challenge(blob: &Blob, commitment: &Bytes48) -> Bytes32 {
    challenge(blob, commitment).to_bytes_be()
}

/// [`compute_challenge`] as a field element.
pub(crate) fn challenge(blob: &Blob, commitment: &Bytes48) -> Fr {
    let mut h = Sha256::new();
    h.update(FIAT_SHAMIR_PROTOCOL_DOMAIN);
    h.update(&(FIELD_ELEMENTS_PER_BLOB as u128).to_be_bytes());
    h.update(blob);
    h.update(commitment);
    Fr::from_bytes_be_mod_order(&h.finalize())
}

/// The per-blob work of blob verification: the decoded commitment and proof, the challenge `z`
/// and `y = p(z)`.
pub(crate) struct BlobOpening {
    pub(crate) commitment: G1Affine,
    pub(crate) proof: G1Affine,
    pub(crate) z: Fr,
    pub(crate) y: Fr,
}

impl BlobOpening {
    pub(crate) fn new(
        s: &KzgSettings,
        blob: &Blob,
        commitment: &Bytes48,
        proof: &Bytes48,
    ) -> Result<Self, KzgError> {
        let c = bytes_to_commitment(commitment)?;
        let poly = blob_to_polynomial(blob)?;
        let pi = bytes_to_proof(proof)?;
        let z = challenge(blob, commitment);
        let y = evaluate(&poly, s.roots_of_unity_brp(), z);
        Ok(BlobOpening {
            commitment: c,
            proof: pi,
            z,
            y,
        })
    }
}

impl KzgSettings {
    /// The commitment to a blob: `Σ blob_i · L_i` over the bit-reversed Lagrange points.
    pub fn blob_to_kzg_commitment(&self, blob: &Blob) -> Result<KzgCommitment, KzgError> {
        let poly = blob_to_polynomial(blob)?;
        Ok(self.commit_lagrange(&poly).to_affine().to_compressed())
    }

    /// A proof that the blob's polynomial takes the value `y` at `z`; returns `(proof, y)`.
    pub fn compute_kzg_proof(
        &self,
        blob: &Blob,
        z: &Bytes32,
    ) -> Result<(KzgProof, Bytes32), KzgError> {
        let poly = blob_to_polynomial(blob)?;
        let z = bytes_to_bls_field(z)?;
        let (proof, y) = self.open(&poly, z);
        Ok((proof, y.to_bytes_be()))
    }

    /// The proof of `blob` at its Fiat–Shamir challenge, for [`KzgSettings::verify_blob_kzg_proof`].
    /// The commitment is validated but not checked to match the blob (as in the spec).
    pub fn compute_blob_kzg_proof(
        &self,
        blob: &Blob,
        commitment: &Bytes48,
    ) -> Result<KzgProof, KzgError> {
        bytes_to_commitment(commitment)?;
        let poly = blob_to_polynomial(blob)?;
        let z = challenge(blob, commitment);
        Ok(self.open(&poly, z).0)
    }

    /// Whether `proof` shows that the polynomial committed in `commitment` takes the value `y`
    /// at `z`.
    pub fn verify_kzg_proof(
        &self,
        commitment: &Bytes48,
        z: &Bytes32,
        y: &Bytes32,
        proof: &Bytes48,
    ) -> Result<bool, KzgError> {
        let c = bytes_to_commitment(commitment)?;
        let pi = bytes_to_proof(proof)?;
        let z = bytes_to_bls_field(z)?;
        let y = bytes_to_bls_field(y)?;
        Ok(self.verify_opening(&c, &z, &y, &pi))
    }

    /// Whether `proof` shows that `commitment` commits to `blob` (one opening at the blob's
    /// Fiat–Shamir challenge).
    pub fn verify_blob_kzg_proof(
        &self,
        blob: &Blob,
        commitment: &Bytes48,
        proof: &Bytes48,
    ) -> Result<bool, KzgError> {
        let o = BlobOpening::new(self, blob, commitment, proof)?;
        Ok(self.verify_opening(&o.commitment, &o.z, &o.y, &o.proof))
    }

    /// Whether every `(blob, commitment, proof)` triple verifies, by one random linear
    /// combination of the openings (the spec's `verify_kzg_proof_batch`): two MSMs and one
    /// 2-pair pairing check. An empty batch is `Ok(true)`; slices of different lengths are
    /// [`KzgError::LengthMismatch`].
    pub fn verify_blob_kzg_proof_batch(
        &self,
        blobs: &[Blob],
        commitments: &[Bytes48],
        proofs: &[Bytes48],
    ) -> Result<bool, KzgError> {
        self.verify_blobs(blobs, commitments, proofs, false)
    }

    /// The batch check, the per-blob work (decoding, challenge, evaluation) and the MSMs on the
    /// rayon pool if `parallel` (and the feature is on).
    pub(crate) fn verify_blobs(
        &self,
        blobs: &[Blob],
        commitments: &[Bytes48],
        proofs: &[Bytes48],
        parallel: bool,
    ) -> Result<bool, KzgError> {
        if commitments.len() != blobs.len() || proofs.len() != blobs.len() {
            return Err(KzgError::LengthMismatch);
        }
        let open = |((b, c), p): ((&Blob, &Bytes48), &Bytes48)| BlobOpening::new(self, b, c, p);
        #[cfg(feature = "parallel")]
        if parallel {
            use rayon::prelude::*;
            let openings = blobs
                .par_iter()
                .zip(commitments)
                .zip(proofs)
                .map(open)
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(self.verify_openings(&openings, commitments, proofs, true));
        }
        let _ = parallel;
        let openings = blobs
            .iter()
            .zip(commitments)
            .zip(proofs)
            .map(open)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.verify_openings(&openings, commitments, proofs, false))
    }

    /// Opens the polynomial at `z`: the proof (a commitment to the quotient) and `y = p(z)`.
    pub(crate) fn open(&self, poly: &[Fr], z: Fr) -> (KzgProof, Fr) {
        let o = Opening::new(poly, self.roots_of_unity_brp(), z);
        let y = o.evaluate();
        let q = o.quotient(&y);
        (self.commit_lagrange(&q).to_affine().to_compressed(), y)
    }

    /// `e([y]₁ − C − [z]π, [1]₂) · e(π, [τ]₂) = 1`, on the prepared G2 points.
    pub(crate) fn verify_opening(&self, c: &G1Affine, z: &Fr, y: &Fr, proof: &G1Affine) -> bool {
        let g1 = [*proof, G1Affine::generator()];
        // Equal lengths by construction; an error must not turn into a passing check.
        let Ok(lincomb) = g1_lincomb_vartime(&g1, &[-*z, *y], false) else {
            return false;
        };
        let lhs = lincomb - c.to_group();
        pairing_check_prepared(&[(lhs.to_affine(), &self.g2), (*proof, &self.s_g2)])
    }

    /// The random linear combination of several openings (the spec's `verify_kzg_proof_batch`),
    /// with `r` from the spec's Fiat–Shamir transcript over the commitment and proof bytes:
    /// `e(−Σ cᵢπᵢ, [τ]₂) · e(Σ cᵢCᵢ + Σ cᵢzᵢπᵢ − [Σ cᵢyᵢ]₁, [1]₂) = 1`, the coefficients `cᵢ`
    /// 128-bit values expanded from `r` where the spec takes `rⁱ` ([`batch_coefficients`]:
    /// the same verdict up to 2^−128; the proofs on the left and the commitments run on short
    /// scalars).
    pub(crate) fn verify_openings(
        &self,
        openings: &[BlobOpening],
        commitments: &[Bytes48],
        proofs: &[Bytes48],
        parallel: bool,
    ) -> bool {
        match openings {
            [] => return true,
            [o] => return self.verify_opening(&o.commitment, &o.z, &o.y, &o.proof),
            _ => {}
        }
        let n = openings.len();
        let mut h = Sha256::new();
        h.update(RANDOM_CHALLENGE_KZG_BATCH_DOMAIN);
        h.update(&(FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        h.update(&(n as u64).to_be_bytes());
        for ((o, c), p) in openings.iter().zip(commitments).zip(proofs) {
            h.update(c);
            h.update(&o.z.to_bytes_be());
            h.update(&o.y.to_bytes_be());
            h.update(p);
        }
        let r = Fr::from_bytes_be_mod_order(&h.finalize());

        // Points [C_0 … C_{n−1}, π_0 … π_{n−1}, G1] with scalars [cᵢ, cᵢzᵢ, −Σ cᵢyᵢ], and the
        // proof combination Σ cᵢπᵢ.
        let mut points = Vec::with_capacity(2 * n + 1);
        let mut scalars = Vec::with_capacity(2 * n + 1);
        points.extend(openings.iter().map(|o| o.commitment));
        points.extend(openings.iter().map(|o| o.proof));
        points.push(G1Affine::generator());
        let coeffs = batch_coefficients(&r, BATCH_COEFFICIENTS_DOMAIN, n);
        let mut y_sum = Fr::ZERO;
        for (o, ci) in openings.iter().zip(&coeffs) {
            y_sum += *ci * o.y;
        }
        scalars.extend_from_slice(&coeffs);
        scalars.extend(openings.iter().zip(&coeffs).map(|(o, ci)| o.z * *ci));
        scalars.push(-y_sum);
        let (Ok(proof_sum), Ok(rest)) = (
            g1_lincomb_vartime(&points[n..2 * n], &coeffs, parallel),
            g1_lincomb_vartime(&points, &scalars, parallel),
        ) else {
            return false;
        };
        pairing_check_prepared(&[
            (-proof_sum.to_affine(), &self.s_g2),
            (rest.to_affine(), &self.g2),
        ])
    }
}

/// The spec's `g1_lincomb`: `Σ scalars_i·points_i` (variable time, public data), on the caller's
/// rayon pool when `parallel` and the feature `parallel` is on. Slices of different lengths are
/// [`KzgError::LengthMismatch`].
pub fn g1_lincomb_vartime(
    points: &[G1Affine],
    scalars: &[Fr],
    parallel: bool,
) -> Result<G1Projective, KzgError> {
    #[cfg(feature = "parallel")]
    if parallel {
        return ctt_msm::msm_vartime_parallel::<G1Projective>(points, scalars)
            .map_err(KzgError::from);
    }
    let _ = parallel;
    ctt_msm::msm_vartime::<G1Projective>(points, scalars).map_err(KzgError::from)
}
