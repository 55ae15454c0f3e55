//! Curve layer: BLS12-381 G1/G2 and BN254 G1 addition, doubling, constant-time scalar
//! multiplication and checked decompression, against blst and arkworks.
//!
//! Points cross between libraries as canonical encodings (ZCash compressed for BLS12-381, affine
//! coordinates for arkworks), and every builder checks that all contenders agree on the first
//! input before timing. Scalar multiplication inputs are uniform scalars; our side is the
//! constant-time `mul` (blst's `p1_mult` is constant time too; arkworks' `*` is variable time).

use crate::peers::blst_curve as b;
use crate::registry::{Bench, Op, Setup, contender};
use ark_ec::{AffineRepr as _, CurveGroup as _};
use ark_ff::{BigInteger, PrimeField as _};
use ark_serialize::CanonicalDeserialize;
use ctt_curves::{AffineRepr, CurveGroup, bls12_381 as c381, bn254 as cbn};
use ctt_field::{Field, PrimeField};

/// Inputs per routine.
const INPUTS: usize = 64;

/// Registers the curve operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("bls12_381_g1_add", g1_add));
    ops.push(Op::single("bls12_381_g1_double", g1_double));
    ops.push(Op::single("bls12_381_g1_scalar_mul", g1_scalar_mul));
    ops.push(Op::single("bls12_381_g2_add", g2_add));
    ops.push(Op::single("bls12_381_g2_scalar_mul", g2_scalar_mul));
    ops.push(Op::single("bls12_381_g1_decompress_checked", g1_decompress));
    ops.push(Op::single("bls12_381_g2_decompress_checked", g2_decompress));
    ops.push(Op::single("bls12_381_hash_to_g1", hash_to_g1));
    ops.push(Op::single("bls12_381_hash_to_g2", hash_to_g2));
    ops.push(Op::single("bn254_g1_add", bn_g1_add));
    ops.push(Op::single("bn254_g1_scalar_mul", bn_g1_scalar_mul));
}

fn fr381(s: &mut Setup) -> ctt_field::bls12_381::Fr {
    ctt_field::bls12_381::Fr::random(&mut s.rng)
}

fn g1(s: &mut Setup) -> c381::G1Projective {
    c381::G1Projective::generator().mul(&fr381(s))
}

fn g2(s: &mut Setup) -> c381::G2Projective {
    c381::G2Projective::generator().mul(&fr381(s))
}

pub(crate) fn c1(p: &c381::G1Projective) -> Vec<u8> {
    p.to_affine().to_compressed().to_vec()
}

pub(crate) fn c2(p: &c381::G2Projective) -> Vec<u8> {
    p.to_affine().to_compressed().to_vec()
}

fn blst1(p: &c381::G1Projective) -> b::blst_p1 {
    b::p1_from_compressed(&p.to_affine().to_compressed())
}

fn blst2(p: &c381::G2Projective) -> b::blst_p2 {
    b::p2_from_compressed(&p.to_affine().to_compressed())
}

fn ark1(p: &c381::G1Projective) -> ark_bls12_381::G1Projective {
    ark_bls12_381::G1Affine::deserialize_compressed(&p.to_affine().to_compressed()[..])
        .expect("valid")
        .into()
}

fn ark2(p: &c381::G2Projective) -> ark_bls12_381::G2Projective {
    ark_bls12_381::G2Affine::deserialize_compressed(&p.to_affine().to_compressed()[..])
        .expect("valid")
        .into()
}

pub(crate) fn ark1_out(p: &ark_bls12_381::G1Projective) -> Vec<u8> {
    let a = p.into_affine();
    let fp = |v: &ark_bls12_381::Fq| {
        let bytes: [u8; 48] = v.into_bigint().to_bytes_be().try_into().expect("48 bytes");
        ctt_field::bls12_381::Fp::from_bytes_be(&bytes).unwrap()
    };
    match a.xy() {
        Some((x, y)) => c381::G1Affine::new_unchecked(fp(&x), fp(&y))
            .to_compressed()
            .to_vec(),
        None => c381::G1Affine::identity().to_compressed().to_vec(),
    }
}

pub(crate) fn ark2_out(p: &ark_bls12_381::G2Projective) -> Vec<u8> {
    let a = p.into_affine();
    let fp = |v: &ark_bls12_381::Fq| {
        let bytes: [u8; 48] = v.into_bigint().to_bytes_be().try_into().expect("48 bytes");
        ctt_field::bls12_381::Fp::from_bytes_be(&bytes).unwrap()
    };
    let fp2 = |v: &ark_bls12_381::Fq2| ctt_field::bls12_381::Fp2::new(fp(&v.c0), fp(&v.c1));
    match a.xy() {
        Some((x, y)) => c381::G2Affine::new_unchecked(fp2(&x), fp2(&y))
            .to_compressed()
            .to_vec(),
        None => c381::G2Affine::identity().to_compressed().to_vec(),
    }
}

fn le(k: &ctt_field::bls12_381::Fr) -> [u8; 32] {
    k.to_bytes_le()
}

fn ark_fr(k: &ctt_field::bls12_381::Fr) -> ark_bls12_381::Fr {
    ark_bls12_381::Fr::from_le_bytes_mod_order(&k.to_bytes_le())
}

fn g1_add(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS).map(|_| [g1(s), g1(s)]).collect();
    let ours = contender("ours", x.clone(), |[a, b]| *a + b, c1);
    let bl = contender(
        "blst",
        x.iter().map(|[a, c]| [blst1(a), blst1(c)]).collect(),
        |[a, c]| b::p1_add(a, c),
        b::p1_compress,
    );
    let ar = contender(
        "arkworks",
        x.iter().map(|[a, c]| [ark1(a), ark1(c)]).collect(),
        |[a, c]| *a + c,
        ark1_out,
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn g1_double(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS).map(|_| g1(s)).collect();
    let ours = contender("ours", x.clone(), |a| a.double(), c1);
    let bl = contender(
        "blst",
        x.iter().map(blst1).collect(),
        b::p1_double,
        b::p1_compress,
    );
    let ar = contender(
        "arkworks",
        x.iter().map(ark1).collect(),
        |a| {
            let mut t = *a;
            ark_ec::AdditiveGroup::double_in_place(&mut t);
            t
        },
        ark1_out,
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn g1_scalar_mul(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS).map(|_| (g1(s), fr381(s))).collect();
    let ours = contender("ours", x.clone(), |(p, k)| p.mul(k), c1);
    let bl = contender(
        "blst",
        x.iter().map(|(p, k)| (blst1(p), le(k))).collect(),
        |(p, k)| b::p1_mult(p, k),
        b::p1_compress,
    );
    let ar = contender(
        "arkworks",
        x.iter().map(|(p, k)| (ark1(p), ark_fr(k))).collect(),
        |(p, k)| *p * k,
        ark1_out,
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn g2_add(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS).map(|_| [g2(s), g2(s)]).collect();
    let ours = contender("ours", x.clone(), |[a, b]| *a + b, c2);
    let bl = contender(
        "blst",
        x.iter().map(|[a, c]| [blst2(a), blst2(c)]).collect(),
        |[a, c]| b::p2_add(a, c),
        b::p2_compress,
    );
    let ar = contender(
        "arkworks",
        x.iter().map(|[a, c]| [ark2(a), ark2(c)]).collect(),
        |[a, c]| *a + c,
        ark2_out,
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn g2_scalar_mul(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS).map(|_| (g2(s), fr381(s))).collect();
    let ours = contender("ours", x.clone(), |(p, k)| p.mul(k), c2);
    let bl = contender(
        "blst",
        x.iter().map(|(p, k)| (blst2(p), le(k))).collect(),
        |(p, k)| b::p2_mult(p, k),
        b::p2_compress,
    );
    let ar = contender(
        "arkworks",
        x.iter().map(|(p, k)| (ark2(p), ark_fr(k))).collect(),
        |(p, k)| *p * k,
        ark2_out,
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn g1_decompress(s: &mut Setup) -> Bench {
    let x: Vec<[u8; 48]> = (0..INPUTS)
        .map(|_| g1(s).to_affine().to_compressed())
        .collect();
    let ours = contender(
        "ours",
        x.clone(),
        |e| c381::G1Affine::from_compressed(e),
        |r| r.as_ref().expect("valid").to_compressed().to_vec(),
    );
    let bl = contender("blst", x.clone(), b::p1_decompress_checked, |r| {
        b::p1_affine_compress(r.as_ref().expect("valid"))
    });
    let ar = contender(
        "arkworks",
        x,
        |e| ark_bls12_381::G1Affine::deserialize_compressed(&e[..]),
        |r| ark1_out(&(*r.as_ref().expect("valid")).into()),
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn g2_decompress(s: &mut Setup) -> Bench {
    let x: Vec<[u8; 96]> = (0..INPUTS)
        .map(|_| g2(s).to_affine().to_compressed())
        .collect();
    let ours = contender(
        "ours",
        x.clone(),
        |e| c381::G2Affine::from_compressed(e),
        |r| r.as_ref().expect("valid").to_compressed().to_vec(),
    );
    let bl = contender("blst", x.clone(), b::p2_decompress_checked, |r| {
        b::p2_affine_compress(r.as_ref().expect("valid"))
    });
    let ar = contender(
        "arkworks",
        x,
        |e| ark_bls12_381::G2Affine::deserialize_compressed(&e[..]),
        |r| ark2_out(&(*r.as_ref().expect("valid")).into()),
    );
    Bench::checked(s, ours, vec![bl, ar])
}

fn bn_g1(s: &mut Setup) -> cbn::G1Projective {
    cbn::G1Projective::generator().mul(&ctt_field::bn254::Fr::random(&mut s.rng))
}

pub(crate) fn bn_out(p: &cbn::G1Projective) -> Vec<u8> {
    p.to_affine().to_evm_bytes().to_vec()
}

fn bn_ark(p: &cbn::G1Projective) -> ark_bn254::G1Projective {
    let a = p.to_affine();
    let fq = |v: &ctt_field::bn254::Fp| ark_bn254::Fq::from_be_bytes_mod_order(&v.to_bytes_be());
    ark_bn254::G1Affine::new_unchecked(fq(&a.x), fq(&a.y)).into()
}

pub(crate) fn bn_ark_out(p: &ark_bn254::G1Projective) -> Vec<u8> {
    let a = p.into_affine();
    let mut out = vec![0u8; 64];
    if let Some((x, y)) = a.xy() {
        out[..32].copy_from_slice(&x.into_bigint().to_bytes_be());
        out[32..].copy_from_slice(&y.into_bigint().to_bytes_be());
    }
    out
}

fn bn_g1_add(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS).map(|_| [bn_g1(s), bn_g1(s)]).collect();
    let ours = contender("ours", x.clone(), |[a, b]| *a + b, bn_out);
    let ar = contender(
        "arkworks",
        x.iter().map(|[a, c]| [bn_ark(a), bn_ark(c)]).collect(),
        |[a, c]| *a + c,
        bn_ark_out,
    );
    let sb = contender(
        "substrate-bn",
        x.iter().map(|[a, c]| [sbn(a), sbn(c)]).collect(),
        |[a, c]| *a + *c,
        sbn_out,
    );
    Bench::checked(s, ours, vec![ar, sb])
}

fn bn_g1_scalar_mul(s: &mut Setup) -> Bench {
    let x: Vec<_> = (0..INPUTS)
        .map(|_| (bn_g1(s), ctt_field::bn254::Fr::random(&mut s.rng)))
        .collect();
    let ours = contender("ours", x.clone(), |(p, k)| p.mul(k), bn_out);
    let ar = contender(
        "arkworks",
        x.iter()
            .map(|(p, k)| {
                (
                    bn_ark(p),
                    ark_bn254::Fr::from_le_bytes_mod_order(&k.to_bytes_le()),
                )
            })
            .collect(),
        |(p, k)| *p * k,
        bn_ark_out,
    );
    let sb = contender(
        "substrate-bn",
        x.iter()
            .map(|(p, k)| {
                (
                    sbn(p),
                    substrate_bn::Fr::from_slice(&k.to_bytes_be()).expect("canonical"),
                )
            })
            .collect(),
        |(p, k)| *p * *k,
        sbn_out,
    );
    Bench::checked(s, ours, vec![ar, sb])
}

/// The domain separation tag of the BLS signature ciphersuite (what Ethereum hashes with).
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// 32-byte messages (block roots, as consensus clients sign).
fn messages(s: &mut Setup) -> Vec<[u8; 32]> {
    (0..INPUTS)
        .map(|_| {
            let mut m = [0u8; 32];
            for c in m.chunks_mut(8) {
                c.copy_from_slice(&s.rng.next_u64().to_le_bytes());
            }
            m
        })
        .collect()
}

fn hash_to_g1(s: &mut Setup) -> Bench {
    let x = messages(s);
    let ours = contender(
        "ours",
        x.clone(),
        |m| c381::G1Projective::hash_to_curve(m, DST).expect("valid DST"),
        c1,
    );
    let bl = contender("blst", x, |m| b::hash_to_g1(m, DST), b::p1_compress);
    Bench::checked(s, ours, vec![bl])
}

fn hash_to_g2(s: &mut Setup) -> Bench {
    let x = messages(s);
    let ours = contender(
        "ours",
        x.clone(),
        |m| c381::G2Projective::hash_to_curve(m, DST).expect("valid DST"),
        c2,
    );
    let bl = contender("blst", x, |m| b::hash_to_g2(m, DST), b::p2_compress);
    Bench::checked(s, ours, vec![bl])
}

/// Our BN254 G1 point as a substrate-bn point (through big-endian coordinates).
fn sbn(p: &cbn::G1Projective) -> substrate_bn::G1 {
    let a = p.to_affine();
    let fq = |v: &ctt_field::bn254::Fp| {
        substrate_bn::Fq::from_slice(&v.to_bytes_be()).expect("canonical")
    };
    substrate_bn::AffineG1::new(fq(&a.x), fq(&a.y))
        .expect("on curve")
        .into()
}

/// A substrate-bn point in the EVM encoding.
fn sbn_out(p: &substrate_bn::G1) -> Vec<u8> {
    let mut out = vec![0u8; 64];
    if let Some(a) = substrate_bn::AffineG1::from_jacobian(*p) {
        a.x().to_big_endian(&mut out[..32]).expect("32 bytes");
        a.y().to_big_endian(&mut out[32..]).expect("32 bytes");
    }
    out
}
