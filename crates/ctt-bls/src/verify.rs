//! Verification: `Verify` (draft §2.7 CoreVerify), `FastAggregateVerify` (§3.3.4),
//! `AggregateVerify` (§3.3.3 — the proof-of-possession scheme, so messages need not be
//! distinct), `PopVerify` (§3.3.3) and Ethereum's `eth_fast_aggregate_verify`.
//!
//! Each check is one product of pairings compared with one: `e(PK, H(m)) · e(−P1, σ) = 1` with
//! **one** multi-Miller loop over all pairs and **one** final exponentiation.
//! Inputs are public, so the data-dependent shortcuts (variable-time inversion, branches on the
//! identity) are fine here. Public keys and signatures arrive decoded and subgroup-checked (see
//! [`crate::keys`]); what remains of KeyValidate is the identity check.

use crate::aggregate::sum_public_keys;
use crate::{BlsError, DST, POP_DST, PublicKey, Signature};
use ctt_curves::bls12_381::{G1Affine, G2Affine, G2Projective};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::Field;
use ctt_pairing::bls12_381::{MillerLoopResult, final_exponentiation, multi_miller_loop};

/// Pairs per multi-Miller loop call: 32 keeps the stack buffers near 20 KB, and the affine
/// variable-time loop gains little beyond (aggregate_verify of 60 sets: 0.92x blst's time with 16
/// pairs per call, 0.90x with 32; per pair 112 us at 16, 104 us at 64).
pub(crate) const PAIRS: usize = 32;

/// `H(msg)` for the signature suite, in projective form.
pub(crate) fn hash_to_g2(msg: &[u8], dst: &[u8]) -> G2Projective {
    // hash_to_curve fails only for an empty DST; both DSTs of this crate are constants.
    G2Projective::hash_to_curve(msg, dst).expect("the ciphersuite DSTs are non-empty")
}

/// Affine form with a variable-time inversion (public points).
pub(crate) fn g2_to_affine_vartime(p: &G2Projective) -> G2Affine {
    match p.z.invert_vartime() {
        Some(zinv) => G2Affine::new_unchecked(p.x * zinv, p.y * zinv),
        None => G2Affine::IDENTITY,
    }
}

/// Whether a Miller-loop value raises to one.
pub(crate) fn is_one(f: &MillerLoopResult) -> bool {
    final_exponentiation(f).is_identity().to_bool_vartime()
}

/// Collects Miller-loop pairs on the stack and runs a multi-Miller loop per full chunk, so any
/// number of pairs costs no allocation and shares the Fp12 squarings within each chunk.
pub(crate) struct PairAccumulator {
    pairs: [(G1Affine, G2Affine); PAIRS],
    len: usize,
    f: Option<MillerLoopResult>,
}

impl PairAccumulator {
    pub(crate) fn new() -> Self {
        PairAccumulator {
            pairs: [(G1Affine::IDENTITY, G2Affine::IDENTITY); PAIRS],
            len: 0,
            f: None,
        }
    }

    pub(crate) fn push(&mut self, p: G1Affine, q: G2Affine) {
        self.pairs[self.len] = (p, q);
        self.len += 1;
        if self.len == PAIRS {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.len == 0 {
            return;
        }
        // Verification data is public: with `alloc`, the variable-time loop (affine with one
        // batched inversion per step from 6 pairs on, ~12 % faster per pair at 16).
        #[cfg(feature = "alloc")]
        let ml = ctt_pairing::bls12_381::multi_miller_loop_vartime(&self.pairs[..self.len]);
        #[cfg(not(feature = "alloc"))]
        let ml = multi_miller_loop(&self.pairs[..self.len]);
        self.f = Some(match self.f {
            Some(f) => f * ml,
            None => ml,
        });
        self.len = 0;
    }

    /// The product of the Miller loops of every pair pushed (one for none).
    pub(crate) fn finish(mut self) -> MillerLoopResult {
        self.flush();
        self.f.unwrap_or_else(|| multi_miller_loop(&[]))
    }
}

/// Pushes `(pkᵢ, H(msgᵢ))` for a block of at most [`PAIRS`] messages, hashing them and
/// normalising the hashes with one shared inversion.
pub(crate) fn push_hashed(acc: &mut PairAccumulator, pks: &[G1Affine], msgs: &[&[u8]], dst: &[u8]) {
    debug_assert!(pks.len() == msgs.len() && pks.len() <= PAIRS);
    let n = pks.len();
    let mut h = [G2Projective::identity(); PAIRS];
    for (hi, m) in h.iter_mut().zip(msgs) {
        *hi = hash_to_g2(m, dst);
    }
    let mut ha = [G2Affine::IDENTITY; PAIRS];
    G2Projective::batch_normalize(&h[..n], &mut ha[..n]);
    for (pk, q) in pks.iter().zip(&ha[..n]) {
        acc.push(*pk, *q);
    }
}

/// `−P1`, the negated generator of G1 that pairs with the signature.
pub(crate) fn neg_g1() -> G1Affine {
    -G1Affine::generator()
}

/// CoreVerify for a validated, non-identity key.
pub(crate) fn core_verify(pk: &G1Affine, msg: &[u8], dst: &[u8], sig: &Signature) -> bool {
    let h = g2_to_affine_vartime(&hash_to_g2(msg, dst));
    is_one(&multi_miller_loop(&[(*pk, h), (neg_g1(), sig.0)]))
}

/// `Verify(PK, message, signature)` (draft §2.7, POP ciphersuite DST).
///
/// # Errors
///
/// [`BlsError::IdentityPublicKey`] for an identity key (only an aggregate can be one).
pub fn verify(public_key: &PublicKey, msg: &[u8], signature: &Signature) -> Result<bool, BlsError> {
    Ok(core_verify(public_key.validate()?, msg, DST, signature))
}

/// `FastAggregateVerify(PK_1, …, PK_n, message, signature)` (draft §3.3.4): one verification
/// against the sum of the keys (batch-affine, see [`crate::aggregate`](mod@crate::aggregate)). Keys that sum to the
/// identity give `Ok(false)` (CoreVerify's KeyValidate of the aggregate fails).
///
/// # Errors
///
/// [`BlsError::EmptyInput`] for no keys, [`BlsError::IdentityPublicKey`].
pub fn fast_aggregate_verify(
    public_keys: &[PublicKey],
    msg: &[u8],
    signature: &Signature,
) -> Result<bool, BlsError> {
    let apk = sum_public_keys(public_keys)?;
    if apk.is_identity().to_bool_vartime() {
        return Ok(false);
    }
    Ok(core_verify(&apk.to_affine(), msg, DST, signature))
}

/// Ethereum's `eth_fast_aggregate_verify` (altair BLS extensions): as
/// [`fast_aggregate_verify`], except that no keys with the identity signature is valid
/// (`Ok(true)`), the case of an empty sync committee participation.
///
/// # Errors
///
/// As [`fast_aggregate_verify`], except for the case above.
pub fn eth_fast_aggregate_verify(
    public_keys: &[PublicKey],
    msg: &[u8],
    signature: &Signature,
) -> Result<bool, BlsError> {
    if public_keys.is_empty() && signature.is_identity() {
        return Ok(true);
    }
    fast_aggregate_verify(public_keys, msg, signature)
}

/// `AggregateVerify((PK_1, message_1), …, (PK_n, message_n), signature)` for the
/// proof-of-possession scheme (draft §3.3, which drops the basic scheme's distinct-message
/// requirement): `∏ e(PKᵢ, H(mᵢ)) · e(−P1, σ) = 1` with n + 1 pairs in shared Miller loops.
///
/// # Errors
///
/// [`BlsError::EmptyInput`], [`BlsError::LengthMismatch`], [`BlsError::IdentityPublicKey`].
pub fn aggregate_verify(
    public_keys: &[PublicKey],
    msgs: &[&[u8]],
    signature: &Signature,
) -> Result<bool, BlsError> {
    let pks = validate_pairs(public_keys, msgs)?;
    let mut acc = PairAccumulator::new();
    acc.push(neg_g1(), signature.0);
    miller_pk_msgs(&mut acc, pks, msgs);
    Ok(is_one(&acc.finish()))
}

/// The inputs' checks shared by the serial and parallel aggregate verifications.
pub(crate) fn validate_pairs<'a>(
    public_keys: &'a [PublicKey],
    msgs: &[&[u8]],
) -> Result<&'a [PublicKey], BlsError> {
    if public_keys.is_empty() {
        return Err(BlsError::EmptyInput);
    }
    if public_keys.len() != msgs.len() {
        return Err(BlsError::LengthMismatch);
    }
    for pk in public_keys {
        pk.validate()?;
    }
    Ok(public_keys)
}

/// Pushes `(PKᵢ, H(mᵢ))` for every key, in blocks of [`PAIRS`].
pub(crate) fn miller_pk_msgs(acc: &mut PairAccumulator, pks: &[PublicKey], msgs: &[&[u8]]) {
    let mut points = [G1Affine::IDENTITY; PAIRS];
    for (pk_block, msg_block) in pks.chunks(PAIRS).zip(msgs.chunks(PAIRS)) {
        for (p, pk) in points.iter_mut().zip(pk_block) {
            *p = pk.0;
        }
        push_hashed(acc, &points[..pk_block.len()], msg_block, DST);
    }
}

/// `PopVerify(PK, proof)` (draft §3.3.3): CoreVerify of the proof on the key's own encoding with
/// the proof-of-possession DST.
///
/// # Errors
///
/// [`BlsError::IdentityPublicKey`].
pub fn pop_verify(public_key: &PublicKey, proof: &Signature) -> Result<bool, BlsError> {
    let pk = public_key.validate()?;
    Ok(core_verify(pk, &public_key.to_bytes(), POP_DST, proof))
}
