//! The zkVM interface (`ctt_precompiles::zkvm`) on bad points in every argument position: a point
//! off its curve, a coordinate equal to the modulus (non-canonical), a point on the curve outside
//! the prime-order subgroup, and the identity (valid everywhere). Each function must answer as
//! its EIP demands: the additions accept points outside the subgroup (EIP-2537 checks the curve
//! only there; BN254 G1 has no other points), the MSMs, pairings and BN254 G2 refuse them. The
//! vectors (bindings/c/tests/zkvm.rs) cover the good inputs.

use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{Field, PrimeField, SqrtField};
use ctt_precompiles::zkvm::{
    self, Bls12G1MsmPair, Bls12G2MsmPair, Bls12PairingPair, Bn254PairingPair,
};

fn be<const N: usize, F: PrimeField>(x: &F) -> [u8; N] {
    let b = x.to_bytes_be();
    let b = b.as_ref();
    let mut out = [0u8; N];
    out[N - b.len()..].copy_from_slice(b);
    out
}

fn concat<const N: usize>(parts: &[&[u8]]) -> [u8; N] {
    parts.concat().try_into().expect("length")
}

/// The field modulus p as `N` big-endian bytes (`p − 1 + 1`: a non-canonical coordinate).
fn modulus<const N: usize, F: PrimeField>() -> [u8; N] {
    let mut b: [u8; N] = be(&(-F::ONE));
    // p − 1 is even, so adding one only touches the last byte.
    b[N - 1] += 1;
    b
}

// ---- BN254 ----------------------------------------------------------------------------------

type BnFp = ctt_field::bn254::Fp;
type BnFp2 = ctt_field::bn254::Fp2;

fn bn_g1_good() -> [u8; 64] {
    ctt_curves::bn254::G1Projective::generator()
        .mul(&ctt_field::bn254::Fr::from_u64(5))
        .to_affine()
        .to_evm_bytes()
}

fn bn_g2_good() -> [u8; 128] {
    ctt_curves::bn254::G2Projective::generator()
        .to_affine()
        .to_evm_bytes()
}

fn bn_fp2_bytes(x: &BnFp2) -> [u8; 64] {
    concat(&[&be::<32, _>(&x.c1), &be::<32, _>(&x.c0)])
}

/// A point of the twist `y² = x³ + b'` outside the order-r subgroup (b' read off the generator).
fn bn_g2_outside_subgroup() -> [u8; 128] {
    let g = ctt_curves::bn254::G2Projective::generator().to_affine();
    let b = g.y.square() - g.x.square() * g.x;
    for i in 1u64.. {
        let x = BnFp2::new(BnFp::from_u64(i), BnFp::ONE);
        if let Some(y) = (x.square() * x + b).sqrt().into_option() {
            let bytes = concat(&[&bn_fp2_bytes(&x), &bn_fp2_bytes(&y)]);
            let p =
                ctt_curves::bn254::G2Affine::from_evm_bytes_on_curve(&bytes).expect("on the twist");
            if !p.is_torsion_free().to_bool_vartime() {
                return bytes;
            }
        }
    }
    unreachable!()
}

#[test]
fn bn254_bad_points_in_every_position() {
    let good = bn_g1_good();
    let off_curve: [u8; 64] = concat(&[&be::<32, _>(&BnFp::ONE), &be::<32, _>(&BnFp::ONE)]);
    let non_canonical: [u8; 64] = concat(&[&modulus::<32, BnFp>(), &good[32..]]);
    let zero = [0u8; 64];
    let k = [7u8; 32];
    for bad in [off_curve, non_canonical] {
        assert!(zkvm::bn254_g1_add(&bad, &good).is_err());
        assert!(zkvm::bn254_g1_add(&good, &bad).is_err());
        assert!(zkvm::bn254_g1_mul(&bad, &k).is_err());
        let pair = Bn254PairingPair {
            g1: bad,
            g2: bn_g2_good(),
        };
        assert!(zkvm::bn254_pairing(&[pair]).is_err());
    }
    // The identity, in each position.
    assert_eq!(zkvm::bn254_g1_add(&zero, &good), Ok(good));
    assert_eq!(zkvm::bn254_g1_add(&good, &zero), Ok(good));
    assert_eq!(zkvm::bn254_g1_mul(&zero, &k), Ok(zero));
    assert_eq!(zkvm::bn254_g1_mul(&good, &[0u8; 32]), Ok(zero));
    let id_pairs = [
        Bn254PairingPair {
            g1: zero,
            g2: bn_g2_good(),
        },
        Bn254PairingPair {
            g1: good,
            g2: [0u8; 128],
        },
    ];
    assert_eq!(zkvm::bn254_pairing(&id_pairs), Ok(true));
    // G2: off the twist, non-canonical, outside the subgroup.
    let g2 = bn_g2_good();
    let mut off_twist = g2;
    off_twist[127] ^= 1;
    let non_canonical_g2: [u8; 128] = concat(&[&modulus::<32, BnFp>(), &g2[32..]]);
    for bad in [off_twist, non_canonical_g2, bn_g2_outside_subgroup()] {
        let pair = Bn254PairingPair { g1: good, g2: bad };
        assert!(zkvm::bn254_pairing(&[pair]).is_err());
        let first = Bn254PairingPair { g1: good, g2 };
        assert!(zkvm::bn254_pairing(&[first, pair]).is_err(), "second pair");
    }
}

// ---- BLS12-381 ------------------------------------------------------------------------------

type Fp = ctt_field::bls12_381::Fp;
type Fp2 = ctt_field::bls12_381::Fp2;

fn unpad<const N: usize>(padded: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, i) in out.chunks_exact_mut(48).zip(padded.chunks_exact(64)) {
        o.copy_from_slice(&i[16..]);
    }
    out
}

fn g1_good(k: u64) -> [u8; 96] {
    let p = ctt_curves::bls12_381::G1Projective::generator()
        .mul(&ctt_field::bls12_381::Fr::from_u64(k))
        .to_affine();
    unpad(&p.to_eip2537_bytes())
}

fn g2_good(k: u64) -> [u8; 192] {
    let p = ctt_curves::bls12_381::G2Projective::generator()
        .mul(&ctt_field::bls12_381::Fr::from_u64(k))
        .to_affine();
    unpad(&p.to_eip2537_bytes())
}

/// A point of `y² = x³ + 4` outside the order-r subgroup.
fn g1_outside_subgroup() -> [u8; 96] {
    for i in 1u64.. {
        let x = Fp::from_u64(i);
        if let Some(y) = (x.square() * x + Fp::from_u64(4)).sqrt().into_option() {
            let bytes: [u8; 96] = concat(&[&be::<48, _>(&x), &be::<48, _>(&y)]);
            let padded: [u8; 128] = concat(&[&[0; 16], &bytes[..48], &[0; 16], &bytes[48..]]);
            let p = ctt_curves::bls12_381::G1Affine::from_eip2537_bytes_on_curve(&padded).unwrap();
            if !p.is_torsion_free().to_bool_vartime() {
                return bytes;
            }
        }
    }
    unreachable!()
}

/// A point of `y² = x³ + 4(1 + u)` outside the order-r subgroup.
fn g2_outside_subgroup() -> [u8; 192] {
    let b = Fp2::new(Fp::from_u64(4), Fp::from_u64(4));
    for i in 1u64.. {
        let x = Fp2::new(Fp::from_u64(i), Fp::ONE);
        if let Some(y) = (x.square() * x + b).sqrt().into_option() {
            let bytes: [u8; 192] = concat(&[
                &be::<48, _>(&x.c0),
                &be::<48, _>(&x.c1),
                &be::<48, _>(&y.c0),
                &be::<48, _>(&y.c1),
            ]);
            let mut padded = Vec::new();
            for c in bytes.chunks(48) {
                padded.extend_from_slice(&[0; 16]);
                padded.extend_from_slice(c);
            }
            let p = ctt_curves::bls12_381::G2Affine::from_eip2537_bytes_on_curve(&padded).unwrap();
            if !p.is_torsion_free().to_bool_vartime() {
                return bytes;
            }
        }
    }
    unreachable!()
}

#[test]
fn bls12_381_bad_points_in_every_position() {
    let (p, q) = (g1_good(3), g1_good(4));
    let (p2, q2) = (g2_good(3), g2_good(4));
    let (zero, zero2) = ([0u8; 96], [0u8; 192]);
    let off: [u8; 96] = concat(&[&be::<48, _>(&Fp::ONE), &be::<48, _>(&Fp::ONE)]);
    let non_canonical: [u8; 96] = concat(&[&modulus::<48, Fp>(), &p[48..]]);
    let mut off2 = p2;
    off2[191] ^= 1;
    let non_canonical2: [u8; 192] = concat(&[&modulus::<48, Fp>(), &p2[48..]]);
    let (outside, outside2) = (g1_outside_subgroup(), g2_outside_subgroup());
    let k = [9u8; 32];
    let g1_terms = |a: [u8; 96], b: [u8; 96]| {
        [
            Bls12G1MsmPair {
                point: a,
                scalar: k,
            },
            Bls12G1MsmPair {
                point: b,
                scalar: k,
            },
        ]
    };
    let g2_terms = |a: [u8; 192], b: [u8; 192]| {
        [
            Bls12G2MsmPair {
                point: a,
                scalar: k,
            },
            Bls12G2MsmPair {
                point: b,
                scalar: k,
            },
        ]
    };
    let pairs = |a: [u8; 96], b: [u8; 192]| [Bls12PairingPair { g1: a, g2: b }];
    // Off the curve or non-canonical: refused everywhere, in each position.
    for bad in [off, non_canonical] {
        assert!(zkvm::bls12_g1_add(&bad, &q).is_err() && zkvm::bls12_g1_add(&p, &bad).is_err());
        assert!(zkvm::bls12_g1_msm(&g1_terms(bad, q)).is_err());
        assert!(zkvm::bls12_g1_msm(&g1_terms(p, bad)).is_err());
        assert!(zkvm::bls12_pairing(&pairs(bad, p2)).is_err());
    }
    for bad in [off2, non_canonical2] {
        assert!(zkvm::bls12_g2_add(&bad, &q2).is_err() && zkvm::bls12_g2_add(&p2, &bad).is_err());
        assert!(zkvm::bls12_g2_msm(&g2_terms(bad, q2)).is_err());
        assert!(zkvm::bls12_g2_msm(&g2_terms(p2, bad)).is_err());
        assert!(zkvm::bls12_pairing(&pairs(p, bad)).is_err());
    }
    // Outside the subgroup: the additions accept it (EIP-2537), the MSMs and pairing refuse it.
    assert!(zkvm::bls12_g1_add(&outside, &q).is_ok() && zkvm::bls12_g1_add(&p, &outside).is_ok());
    assert!(zkvm::bls12_g2_add(&outside2, &q2).is_ok());
    assert!(zkvm::bls12_g2_add(&p2, &outside2).is_ok());
    assert!(zkvm::bls12_g1_msm(&g1_terms(outside, q)).is_err());
    assert!(zkvm::bls12_g1_msm(&g1_terms(p, outside)).is_err());
    assert!(zkvm::bls12_g2_msm(&g2_terms(outside2, q2)).is_err());
    assert!(zkvm::bls12_g2_msm(&g2_terms(p2, outside2)).is_err());
    assert!(zkvm::bls12_pairing(&pairs(outside, p2)).is_err());
    assert!(zkvm::bls12_pairing(&pairs(p, outside2)).is_err());
    // The identity, in each position.
    assert_eq!(zkvm::bls12_g1_add(&zero, &q), Ok(q));
    assert_eq!(zkvm::bls12_g1_add(&q, &zero), Ok(q));
    assert_eq!(zkvm::bls12_g2_add(&zero2, &q2), Ok(q2));
    assert_eq!(zkvm::bls12_g2_add(&q2, &zero2), Ok(q2));
    assert_eq!(zkvm::bls12_g1_msm(&g1_terms(zero, zero)), Ok(zero));
    assert_eq!(zkvm::bls12_g2_msm(&g2_terms(zero2, zero2)), Ok(zero2));
    assert_eq!(zkvm::bls12_pairing(&pairs(zero, p2)), Ok(true));
    assert_eq!(zkvm::bls12_pairing(&pairs(p, zero2)), Ok(true));
    // Field elements equal to p for the maps; empty inputs where EIP-2537 refuses them.
    let p_bytes = modulus::<48, Fp>();
    assert!(zkvm::bls12_map_fp_to_g1(&p_bytes).is_err());
    assert!(zkvm::bls12_map_fp2_to_g2(&concat(&[&p_bytes, &[0u8; 48]])).is_err());
    assert!(zkvm::bls12_map_fp2_to_g2(&concat(&[&[0u8; 48], &p_bytes])).is_err());
    assert!(zkvm::bls12_map_fp_to_g1(&[0u8; 48]).is_ok());
    assert!(zkvm::bls12_g1_msm(&[]).is_err() && zkvm::bls12_g2_msm(&[]).is_err());
    assert!(zkvm::bls12_pairing(&[]).is_err());
    assert_eq!(zkvm::bn254_pairing(&[]), Ok(true));
}

#[test]
fn kzg_and_ecdsa_bad_inputs() {
    let r_bytes: [u8; 32] = be(&-ctt_field::bls12_381::Fr::ONE);
    let mut r = r_bytes;
    r[31] += 1;
    let identity = {
        let mut c = [0u8; 48];
        c[0] = 0xc0;
        c
    };
    let z = [1u8; 32];
    // The identity commitment and proof are valid points: p(z) = 0 is what they open to.
    assert_eq!(
        zkvm::kzg_point_eval(&identity, &[0; 32], &[0; 32], &identity),
        Ok(true)
    );
    assert_eq!(
        zkvm::kzg_point_eval(&identity, &z, &[1; 32], &identity),
        Ok(false)
    );
    // Not points, or scalars ≥ r, in each position.
    assert!(zkvm::kzg_point_eval(&[0xff; 48], &z, &z, &identity).is_err());
    assert!(zkvm::kzg_point_eval(&identity, &z, &z, &[0xff; 48]).is_err());
    assert!(zkvm::kzg_point_eval(&identity, &r, &z, &identity).is_err());
    assert!(zkvm::kzg_point_eval(&identity, &z, &r, &identity).is_err());
    // ECDSA public keys off the curve, (0, 0), or with a coordinate ≥ p; signatures out of range.
    let sig = [1u8; 64];
    let msg = [2u8; 32];
    let off = [1u8; 64];
    let zero = [0u8; 64];
    let big = [0xffu8; 64];
    for key in [off, zero, big] {
        assert!(zkvm::secp256k1_verify(&msg, &sig, &key).is_err());
        assert!(zkvm::secp256r1_verify(&msg, &sig, &key).is_err());
    }
    assert!(
        zkvm::secp256k1_ecrecover(&msg, &[0u8; 64], 0).is_err(),
        "r = s = 0"
    );
    assert!(
        zkvm::secp256k1_ecrecover(&msg, &big, 0).is_err(),
        "r, s ≥ n"
    );
    assert!(
        zkvm::secp256k1_ecrecover(&msg, &sig, 2).is_err(),
        "recovery id 2"
    );
    let mut h = [0u8; 64];
    assert!(zkvm::blake2f(1, &mut h, &[0; 128], &[0; 16], 2).is_err());
    assert_eq!(h, [0u8; 64], "h untouched on failure");
    let mut out = [0u8; 3];
    assert!(
        zkvm::modexp(&[2], &[3], &[5, 0], &mut out).is_err(),
        "output of the wrong length"
    );
}
