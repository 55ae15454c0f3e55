//! Batch verification of many (public key, message, signature) sets with one final
//! exponentiation, by a random linear combination (ethresear.ch "Fast verification of multiple
//! BLS signatures", #5407; Bellare–Garay–Rabin 1998 small exponents):
//!
//! `∏ᵢ e(rᵢ·PKᵢ, H(mᵢ)) · e(−P1, Σᵢ rᵢ·σᵢ) = 1`
//!
//! with independent nonzero 64-bit `rᵢ`. If some set is invalid, the product is one with
//! probability at most 2⁻⁶⁴ over the choice of the `rᵢ` (the check fails unless a nonzero
//! combination of discrete logs vanishes, which fixes one `rᵢ`). Cost: n + 1 Miller pairs in
//! shared loops, one final exponentiation, n 64-bit multiplications in G1, and the signature
//! sum by **interleaved** double-and-add over width-4 NAFs (Straus): 64 G2 doublings shared by
//! a block of signatures plus about 16 additions per signature, instead of n separate G2
//! multiplications.
//! As blst's `verify_multiple_aggregate_signatures` with `rand_bits = 64`.
//!
//! The `rᵢ` are derived from caller randomness: `rᵢ = first 8 bytes (little-endian) of
//! SHA-256(randomness ‖ LE64(i))`, replaced by 1 if zero. The randomness must be unpredictable to
//! whoever produced the signatures (fresh from a CSPRNG per call); the derivation only makes the
//! serial and parallel versions use the same `rᵢ`. Everything is public, so variable time.
//!
//! Empty input: `Err(EmptyInput)` — blst answers `BLST_VERIFY_FAIL` for it; either way it is
//! not a valid batch.

use crate::verify::{PAIRS, PairAccumulator, g2_to_affine_vartime, hash_to_g2, is_one, neg_g1};
use crate::{BlsError, DST, PublicKey, Signature};
use ctt_curves::bls12_381::{G1Affine, G1Projective, G2Affine, G2Projective};
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_hash::Sha256;
use ctt_pairing::bls12_381::MillerLoopResult;

/// One signature to check: a public key (aggregate it first for many signers of one message),
/// the message and the signature.
#[derive(Clone, Copy, Debug)]
pub struct SignatureSet<'a> {
    /// The signer's public key.
    pub public_key: PublicKey,
    /// The signed message.
    pub message: &'a [u8],
    /// The signature.
    pub signature: Signature,
}

impl<'a> SignatureSet<'a> {
    /// A set from its parts.
    pub fn new(public_key: PublicKey, message: &'a [u8], signature: Signature) -> Self {
        SignatureSet {
            public_key,
            message,
            signature,
        }
    }
}

/// The blinding scalar of set `index`: 64 bits of SHA-256(randomness ‖ LE64(index)), nonzero.
pub(crate) fn blinding_scalar(randomness: &[u8; 32], index: usize) -> u64 {
    let mut h = Sha256::new();
    h.update(randomness);
    h.update(&(index as u64).to_le_bytes());
    let d = h.finalize();
    let r = u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]]);
    r.max(1)
}

/// Checks the sets' keys (KeyValidate's identity test; decoding did the rest).
pub(crate) fn validate_sets(sets: &[SignatureSet<'_>]) -> Result<(), BlsError> {
    if sets.is_empty() {
        return Err(BlsError::EmptyInput);
    }
    for s in sets {
        s.public_key.validate()?;
    }
    Ok(())
}

/// The Miller loops of `(rᵢ·PKᵢ, H(mᵢ))` for a run of consecutive sets starting at index
/// `first`, plus the `extra` pair if given (the signature pair, so that it shares a loop).
pub(crate) fn miller_part(
    sets: &[SignatureSet<'_>],
    first: usize,
    randomness: &[u8; 32],
    extra: Option<(G1Affine, G2Affine)>,
) -> MillerLoopResult {
    let mut acc = PairAccumulator::new();
    if let Some((p, q)) = extra {
        acc.push(p, q);
    }
    for (b, block) in sets.chunks(PAIRS).enumerate() {
        let n = block.len();
        let mut pk = [G1Projective::identity(); PAIRS];
        let mut h = [G2Projective::identity(); PAIRS];
        for (k, s) in block.iter().enumerate() {
            let r = blinding_scalar(randomness, first + b * PAIRS + k);
            pk[k] = s.public_key.0.to_group().mul_bigint_vartime(&[r]);
            h[k] = hash_to_g2(s.message, DST);
        }
        let mut pka = [G1Affine::IDENTITY; PAIRS];
        let mut ha = [G2Affine::IDENTITY; PAIRS];
        G1Projective::batch_normalize(&pk[..n], &mut pka[..n]);
        G2Projective::batch_normalize(&h[..n], &mut ha[..n]);
        for k in 0..n {
            acc.push(pka[k], ha[k]);
        }
    }
    acc.finish()
}

/// `Σ rᵢ·σᵢ` over a run of consecutive sets starting at index `first`, by one shared
/// double-and-add over the scalars' width-4 NAFs (Straus), block by block: each signature gets
/// a table `σ, 3σ, 5σ, 7σ` (one doubling, three additions, normalised with one inversion per
/// block), and the 64-bit scalars have about 13 nonzero digits, so a set costs about 16 G2
/// additions instead of 32 for plain binary and 64 doublings plus 32 additions for a separate
/// multiplication.
pub(crate) fn signature_part(
    sets: &[SignatureSet<'_>],
    first: usize,
    randomness: &[u8; 32],
) -> G2Projective {
    let mut sum = G2Projective::identity();
    for (b, block) in sets.chunks(PAIRS).enumerate() {
        let n = block.len();
        let mut digits = [[0i8; NAF_LEN]; PAIRS];
        let mut top = 0;
        for (k, d) in digits.iter_mut().enumerate().take(n) {
            top = top.max(wnaf4(blinding_scalar(randomness, first + b * PAIRS + k), d));
        }
        // odd[3k + j] = (2j + 3)·σₖ for j = 0, 1, 2; σₖ itself is already affine.
        let mut odd = [G2Projective::identity(); 3 * PAIRS];
        for (k, s) in block.iter().enumerate() {
            let p = s.signature.0;
            let twice = p.to_group().double();
            odd[3 * k] = twice.add_affine(&p);
            odd[3 * k + 1] = odd[3 * k] + twice;
            odd[3 * k + 2] = odd[3 * k + 1] + twice;
        }
        let mut odd_affine = [G2Affine::IDENTITY; 3 * PAIRS];
        G2Projective::batch_normalize(&odd[..3 * n], &mut odd_affine[..3 * n]);
        let table = |k: usize, m: i8| -> G2Affine {
            let j = (m.unsigned_abs() / 2) as usize; // 1 → σ, 3 → odd[0], 5 → odd[1], 7 → odd[2]
            let p = if j == 0 {
                block[k].signature.0
            } else {
                odd_affine[3 * k + j - 1]
            };
            if m < 0 { -p } else { p }
        };
        let mut acc = G2Projective::identity();
        for i in (0..top).rev() {
            acc = acc.double();
            for (k, d) in digits.iter().enumerate().take(n) {
                if d[i] != 0 {
                    acc = acc.add_affine(&table(k, d[i]));
                }
            }
        }
        sum += acc;
    }
    sum
}

/// Digits of a width-4 NAF of a 64-bit scalar (at most 65 of them).
const NAF_LEN: usize = 65;

/// Writes the width-4 NAF of `k` (digits in {0, ±1, ±3, ±5, ±7}, least significant first, any
/// two nonzero digits at least 4 apart) and returns its length.
fn wnaf4(k: u64, digits: &mut [i8; NAF_LEN]) -> usize {
    let mut k = k as i128;
    let mut len = 0;
    while k != 0 {
        if k & 1 == 1 {
            let m = (k & 15) as i8;
            let d = if m >= 8 { m - 16 } else { m };
            digits[len] = d;
            k -= d as i128;
        }
        k >>= 1;
        len += 1;
    }
    len
}

/// The signature pair `(−P1, Σ rᵢ·σᵢ)`.
pub(crate) fn signature_pair(sig_sum: &G2Projective) -> (G1Affine, G2Affine) {
    (neg_g1(), g2_to_affine_vartime(sig_sum))
}

/// Verifies many signature sets at once (see the module documentation): `Ok(true)` only if,
/// with overwhelming probability, every set verifies.
///
/// # Errors
///
/// [`BlsError::EmptyInput`], [`BlsError::IdentityPublicKey`].
pub fn batch_verify(sets: &[SignatureSet<'_>], randomness: &[u8; 32]) -> Result<bool, BlsError> {
    validate_sets(sets)?;
    let sig_sum = signature_part(sets, 0, randomness);
    let f = miller_part(sets, 0, randomness, Some(signature_pair(&sig_sum)));
    Ok(is_one(&f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    /// The NAF represents the scalar, with digits odd, below 8 in magnitude and spaced by 4.
    #[test]
    fn wnaf4_represents_the_scalar() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in [0u64, 1, 7, 8, 15, 16, u64::MAX, u64::MAX - 7, 1 << 63] {
            for k in [k, x] {
                let mut d = [0i8; NAF_LEN];
                let len = wnaf4(k, &mut d);
                let value: i128 = (0..len).map(|i| (d[i] as i128) << i).sum();
                assert_eq!(value, k as i128);
                let nonzero: Vec<usize> = (0..len).filter(|&i| d[i] != 0).collect();
                assert!(nonzero.iter().all(|&i| d[i] % 2 != 0 && d[i].abs() < 8));
                assert!(nonzero.windows(2).all(|w| w[1] - w[0] >= 4));
                x = x.rotate_left(17).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            }
        }
    }

    /// The Straus sum equals the sum of separate multiplications.
    #[test]
    fn signature_part_equals_separate_multiplications() {
        let keys: Vec<crate::SecretKey> = (0..20u8)
            .map(|i| crate::SecretKey::key_gen(&[i + 1; 32], b"").unwrap())
            .collect();
        let sets: Vec<SignatureSet<'_>> = keys
            .iter()
            .map(|k| SignatureSet::new(k.sk_to_pk(), b"m", k.sign(&[1, 2, 3])))
            .collect();
        let randomness = [9u8; 32];
        let want = sets
            .iter()
            .enumerate()
            .fold(G2Projective::identity(), |acc, (i, s)| {
                acc + s
                    .signature
                    .0
                    .to_group()
                    .mul_bigint_vartime(&[blinding_scalar(&randomness, 3 + i)])
            });
        assert_eq!(signature_part(&sets, 3, &randomness), want);
    }
}
