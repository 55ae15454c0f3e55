//! 0x0b–0x11: the BLS12-381 precompiles of EIP-2537 (Prague).
//!
//! Encodings (ctt-curves' EIP-2537 codec): a field element takes 64 bytes, 16 zero bytes then
//! 48 big-endian bytes below p; G1 is `x ‖ y` (128 bytes), G2 `x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1`
//! (256 bytes), all zeros for the identity. Every point is checked on its curve; the MSM and
//! pairing inputs also in the prime-order subgroup (the additions do not ask for it). Scalars
//! are 32-byte big-endian integers of any value. Inputs have exact lengths: 256 / 512 bytes for
//! the additions, a positive multiple of 160 / 288 for the MSMs and of 384 for the pairing check,
//! 64 / 128 for the maps. Outputs are points in the same encoding, or a 32-byte 0/1 word.

use crate::PrecompileError;
#[cfg(feature = "alloc")]
use crate::bn254::bool_word;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use ctt_curves::bls12_381::{G1Affine, G1Projective, G2Affine, G2Projective};
use ctt_field::PrimeField;
#[cfg(feature = "alloc")]
use ctt_field::bls12_381::Fr;
use ctt_field::bls12_381::{Fp, Fp2};

/// G1ADD gas.
pub const G1_ADD_GAS: u64 = 375;
/// G2ADD gas.
pub const G2_ADD_GAS: u64 = 600;
/// MAP_FP_TO_G1 gas.
pub const MAP_FP_TO_G1_GAS: u64 = 5_500;
/// MAP_FP2_TO_G2 gas.
pub const MAP_FP2_TO_G2_GAS: u64 = 23_800;
/// G1MSM gas per pair before the discount (the price of one scalar multiplication).
pub const G1_MSM_BASE_GAS: u64 = 12_000;
/// G2MSM gas per pair before the discount.
pub const G2_MSM_BASE_GAS: u64 = 22_500;
/// Pairing check: this much per pair …
pub const PAIRING_PER_PAIR_GAS: u64 = 32_600;
/// … plus this much per call.
pub const PAIRING_BASE_GAS: u64 = 37_700;

/// EIP-2537's G1MSM discounts in thousandths, for k = 1…128 pairs (the last one for larger k).
pub const G1_MSM_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665,
    661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615,
    613, 611, 609, 608, 606, 604, 603, 601, 599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585,
    584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563,
    562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545,
    544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529,
    528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// EIP-2537's G2MSM discounts in thousandths, for k = 1…128 pairs (the last one for larger k).
pub const G2_MSM_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704,
    699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632,
    629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593,
    592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568,
    567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549,
    548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534,
    533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

const FP_LEN: usize = 64;
const G1_LEN: usize = 2 * FP_LEN;
const G2_LEN: usize = 4 * FP_LEN;
const SCALAR_LEN: usize = 32;
const G1_PAIR_LEN: usize = G1_LEN + SCALAR_LEN;
const G2_PAIR_LEN: usize = G2_LEN + SCALAR_LEN;
const PAIRING_PAIR_LEN: usize = G1_LEN + G2_LEN;

/// `k` whole records of `record` bytes, `k ≥ 1`, nothing left over.
fn records(input: &[u8], record: usize) -> Result<usize, PrecompileError> {
    if input.is_empty() || !input.len().is_multiple_of(record) {
        return Err(PrecompileError::InvalidInputLength);
    }
    Ok(input.len() / record)
}

/// `k · base · discount(k) / 1000`.
fn msm_gas(k: usize, base: u64, discount: &[u16; 128]) -> u64 {
    let d = discount[k.min(discount.len()) - 1] as u64;
    (k as u64).saturating_mul(base).saturating_mul(d) / 1000
}

/// G1MSM gas for `input` (an error for a length that is not a positive multiple of 160).
pub fn g1_msm_gas(input: &[u8]) -> Result<u64, PrecompileError> {
    Ok(msm_gas(
        records(input, G1_PAIR_LEN)?,
        G1_MSM_BASE_GAS,
        &G1_MSM_DISCOUNT,
    ))
}

/// G2MSM gas for `input` (an error for a length that is not a positive multiple of 288).
pub fn g2_msm_gas(input: &[u8]) -> Result<u64, PrecompileError> {
    Ok(msm_gas(
        records(input, G2_PAIR_LEN)?,
        G2_MSM_BASE_GAS,
        &G2_MSM_DISCOUNT,
    ))
}

/// Pairing-check gas for `input` (an error for a length that is not a positive multiple of 384).
pub fn pairing_gas(input: &[u8]) -> Result<u64, PrecompileError> {
    let k = records(input, PAIRING_PAIR_LEN)? as u64;
    Ok(PAIRING_BASE_GAS + PAIRING_PER_PAIR_GAS * k)
}

/// Every 64-byte field element of `bytes` has its 16 padding bytes zero.
fn check_padding(bytes: &[u8]) -> Result<(), PrecompileError> {
    if bytes
        .chunks(FP_LEN)
        .all(|fp| fp[..16].iter().all(|b| *b == 0))
    {
        Ok(())
    } else {
        Err(PrecompileError::InvalidPadding)
    }
}

pub(crate) fn g1_on_curve(bytes: &[u8]) -> Result<G1Affine, PrecompileError> {
    check_padding(bytes)?;
    Ok(G1Affine::from_eip2537_bytes_on_curve(bytes)?)
}

pub(crate) fn g2_on_curve(bytes: &[u8]) -> Result<G2Affine, PrecompileError> {
    check_padding(bytes)?;
    Ok(G2Affine::from_eip2537_bytes_on_curve(bytes)?)
}

#[cfg(feature = "alloc")]
pub(crate) fn g1_in_subgroup(bytes: &[u8]) -> Result<G1Affine, PrecompileError> {
    check_padding(bytes)?;
    Ok(G1Affine::from_eip2537_bytes(bytes)?)
}

#[cfg(feature = "alloc")]
pub(crate) fn g2_in_subgroup(bytes: &[u8]) -> Result<G2Affine, PrecompileError> {
    check_padding(bytes)?;
    Ok(G2Affine::from_eip2537_bytes(bytes)?)
}

pub(crate) fn fp(bytes: &[u8]) -> Result<Fp, PrecompileError> {
    check_padding(bytes)?;
    let mut b = [0u8; 48];
    b.copy_from_slice(&bytes[16..]);
    Fp::from_bytes_be(&b)
        .into_option()
        .ok_or(PrecompileError::NonCanonicalFieldElement)
}

#[cfg(feature = "alloc")]
fn exact(input: &[u8], len: usize) -> Result<(), PrecompileError> {
    if input.len() == len {
        Ok(())
    } else {
        Err(PrecompileError::InvalidInputLength)
    }
}

#[cfg(feature = "alloc")]
pub(crate) fn g1_add_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    exact(input, 2 * G1_LEN)?;
    let p = g1_on_curve(&input[..G1_LEN])?;
    let q = g1_on_curve(&input[G1_LEN..])?;
    Ok(p.add_vartime(&q).to_eip2537_bytes().to_vec())
}

#[cfg(feature = "alloc")]
pub(crate) fn g2_add_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    exact(input, 2 * G2_LEN)?;
    let p = g2_on_curve(&input[..G2_LEN])?;
    let q = g2_on_curve(&input[G2_LEN..])?;
    Ok(p.add_vartime(&q).to_eip2537_bytes().to_vec())
}

/// The MSM's points (decoded with `point`) and scalars (reduced modulo r: every point is in
/// the subgroup of order r by then).
#[cfg(feature = "alloc")]
fn msm_terms<A>(
    input: &[u8],
    record: usize,
    point: impl Fn(&[u8]) -> Result<A, PrecompileError>,
) -> Result<(Vec<A>, Vec<Fr>), PrecompileError> {
    records(input, record)?;
    let point_len = record - SCALAR_LEN;
    input
        .chunks_exact(record)
        .map(|r| {
            Ok((
                point(&r[..point_len])?,
                Fr::from_bytes_be_mod_order(&r[point_len..]),
            ))
        })
        .collect::<Result<Vec<_>, PrecompileError>>()
        .map(|terms| terms.into_iter().unzip())
}

#[cfg(feature = "alloc")]
pub(crate) fn g1_msm_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    let (points, scalars) = msm_terms(input, G1_PAIR_LEN, g1_in_subgroup)?;
    Ok(g1_msm(&points, &scalars)?.to_vec())
}

#[cfg(feature = "alloc")]
pub(crate) fn g2_msm_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    let (points, scalars) = msm_terms(input, G2_PAIR_LEN, g2_in_subgroup)?;
    Ok(g2_msm(&points, &scalars)?.to_vec())
}

/// The G1 MSM of decoded terms (shared with the zkVM interface), in the EIP-2537 encoding.
#[cfg(feature = "alloc")]
pub(crate) fn g1_msm(points: &[G1Affine], scalars: &[Fr]) -> Result<[u8; 128], PrecompileError> {
    let sum: G1Projective =
        ctt_msm::msm_vartime(points, scalars).map_err(|_| PrecompileError::InvalidInputLength)?;
    Ok(sum.to_affine_vartime().to_eip2537_bytes())
}

/// The G2 MSM of decoded terms, in the EIP-2537 encoding.
#[cfg(feature = "alloc")]
pub(crate) fn g2_msm(points: &[G2Affine], scalars: &[Fr]) -> Result<[u8; 256], PrecompileError> {
    let sum: G2Projective = if let ([p], [k]) = (points, scalars) {
        // One pair: the four-dimensional GLS multiplication (64-bit digits under ψ) beats the
        // MSM's single-point path, which has no endomorphism split on G2.
        ctt_curves::CurveGroup::mul(&G2Projective::from(*p), k)
    } else {
        ctt_msm::msm_vartime(points, scalars).map_err(|_| PrecompileError::InvalidInputLength)?
    };
    Ok(sum.to_affine_vartime().to_eip2537_bytes())
}

#[cfg(feature = "alloc")]
pub(crate) fn pairing_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    records(input, PAIRING_PAIR_LEN)?;
    let pairs = input
        .chunks_exact(PAIRING_PAIR_LEN)
        .map(|pair| {
            Ok((
                g1_in_subgroup(&pair[..G1_LEN])?,
                g2_in_subgroup(&pair[G1_LEN..])?,
            ))
        })
        .collect::<Result<Vec<(G1Affine, G2Affine)>, PrecompileError>>()?;
    // Public data: the variable-time loop (affine from 6 pairs on).
    Ok(bool_word(ctt_pairing::bls12_381::pairing_check_vartime(
        &pairs,
    )))
}

#[cfg(feature = "alloc")]
pub(crate) fn map_fp_to_g1_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    exact(input, FP_LEN)?;
    Ok(map_fp_to_g1(&fp(input)?).to_vec())
}

#[cfg(feature = "alloc")]
pub(crate) fn map_fp2_to_g2_output(input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
    exact(input, 2 * FP_LEN)?;
    let u = Fp2::new(fp(&input[..FP_LEN])?, fp(&input[FP_LEN..])?);
    Ok(map_fp2_to_g2(&u).to_vec())
}

/// MAP_FP_TO_G1 of a decoded element, in the EIP-2537 encoding.
pub(crate) fn map_fp_to_g1(u: &Fp) -> [u8; 128] {
    G1Projective::map_to_curve(u)
        .to_affine_vartime()
        .to_eip2537_bytes()
}

/// MAP_FP2_TO_G2 of a decoded element, in the EIP-2537 encoding.
pub(crate) fn map_fp2_to_g2(u: &Fp2) -> [u8; 256] {
    G2Projective::map_to_curve(u)
        .to_affine_vartime()
        .to_eip2537_bytes()
}
