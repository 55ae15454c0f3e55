//! Encodings: the zkcrypto serialization vectors (i·G for i = 0…699), the Ethereum
//! deserialization_G1/G2 vectors, every malformed-flag case, and EVM/EIP-2537 round trips and
//! rejections.

use ctt_curves::bls12_381::{G1Affine, G1Projective, G2Affine, G2Projective};
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveError, CurveGroup, bls12_381, bn254};
use ctt_field::{Field, Rng, SqrtField};
use std::path::PathBuf;

fn vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

struct SplitMix(u64);
impl Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A point on the curve that is (with overwhelming probability) outside the subgroup.
fn off_subgroup<C: SwCurveConfig>(seed: u64) -> Affine<C> {
    let mut rng = SplitMix(seed);
    loop {
        let x = C::Base::random(&mut rng);
        if let Some(y) = (x.square() * x + C::COEFF_B).sqrt().into_option() {
            let p = Affine::<C>::new_unchecked(x, y);
            assert!(!bool::from(p.is_torsion_free()));
            return p;
        }
    }
}

fn records(name: &str, size: usize) -> Vec<Vec<u8>> {
    let data = std::fs::read(vectors().join("zkcrypto-bls12_381").join(name)).expect("vector file");
    assert_eq!(data.len() % size, 0);
    data.chunks(size).map(|c| c.to_vec()).collect()
}

#[test]
fn zkcrypto_g1_vectors() {
    let comp = records("g1_compressed_valid_test_vectors.dat", 48);
    let uncomp = records("g1_uncompressed_valid_test_vectors.dat", 96);
    assert_eq!(comp.len(), 700);
    let mut acc = G1Projective::identity();
    for (c, u) in comp.iter().zip(&uncomp) {
        let a = acc.to_affine();
        assert_eq!(&a.to_compressed()[..], &c[..]);
        assert_eq!(&a.to_uncompressed()[..], &u[..]);
        assert_eq!(G1Affine::from_compressed(c).unwrap(), a);
        assert_eq!(G1Affine::from_uncompressed(u).unwrap(), a);
        acc += G1Projective::generator();
    }
}

#[test]
fn zkcrypto_g2_vectors() {
    let comp = records("g2_compressed_valid_test_vectors.dat", 96);
    let uncomp = records("g2_uncompressed_valid_test_vectors.dat", 192);
    assert_eq!(comp.len(), 700);
    let mut acc = G2Projective::identity();
    for (c, u) in comp.iter().zip(&uncomp) {
        let a = acc.to_affine();
        assert_eq!(&a.to_compressed()[..], &c[..]);
        assert_eq!(&a.to_uncompressed()[..], &u[..]);
        assert_eq!(G2Affine::from_compressed(c).unwrap(), a);
        assert_eq!(G2Affine::from_uncompressed(u).unwrap(), a);
        acc += G2Projective::generator();
    }
}

fn ethereum_cases(dir: &str, key: &str, decode: impl Fn(&[u8]) -> bool) -> usize {
    let mut n = 0;
    for entry in std::fs::read_dir(vectors().join("bls12-381-tests").join(dir)).unwrap() {
        let path = entry.unwrap().path();
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let input = v["input"][key].as_str().unwrap().trim_start_matches("0x");
        let expect = v["output"].as_bool().unwrap();
        let got = hex::decode(input).map(|b| decode(&b)).unwrap_or(false);
        assert_eq!(got, expect, "{}", path.display());
        n += 1;
    }
    n
}

#[test]
fn ethereum_deserialization_vectors() {
    let n1 = ethereum_cases("deserialization_G1", "pubkey", |b| {
        G1Affine::from_compressed(b).is_ok()
    });
    let n2 = ethereum_cases("deserialization_G2", "signature", |b| {
        G2Affine::from_compressed(b).is_ok()
    });
    assert!(n1 >= 10 && n2 >= 10, "{n1} {n2}");
}

#[test]
fn malformed_bls12_381_encodings() {
    let g = G1Affine::generator().to_compressed();
    // Every flag pattern other than the valid one is rejected.
    for flags in 0u8..8 {
        let mut b = g;
        b[0] = (b[0] & 0x1f) | (flags << 5);
        let r = G1Affine::from_compressed(&b);
        match flags {
            0b100 | 0b101 => {} // compressed, finite, either sign: decodes (maybe the negation)
            0b110 => assert_eq!(r, Err(CurveError::InvalidIdentity)), // infinity with x bits
            _ => assert!(r.is_err(), "flags {flags:03b} accepted"),
        }
    }
    // The identity: exactly 0xc0 then zeros; a sign bit or a stray bit is an error.
    let mut inf = [0u8; 48];
    inf[0] = 0xc0;
    assert_eq!(G1Affine::from_compressed(&inf), Ok(G1Affine::identity()));
    inf[0] = 0xe0;
    assert_eq!(
        G1Affine::from_compressed(&inf),
        Err(CurveError::InvalidFlags)
    );
    inf[0] = 0xc0;
    inf[47] = 1;
    assert_eq!(
        G1Affine::from_compressed(&inf),
        Err(CurveError::InvalidIdentity)
    );
    // Lengths.
    assert_eq!(
        G1Affine::from_compressed(&g[..47]),
        Err(CurveError::InvalidLength)
    );
    assert_eq!(
        G1Affine::from_compressed(&[0u8; 49]),
        Err(CurveError::InvalidLength)
    );
    assert_eq!(
        G2Affine::from_compressed(&[0u8; 48]),
        Err(CurveError::InvalidLength)
    );
    // x = p and an x with no y.
    let p = hex::decode("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab").unwrap();
    let mut b = [0u8; 48];
    b.copy_from_slice(&p);
    b[0] |= 0x80;
    assert_eq!(G1Affine::from_compressed(&b), Err(CurveError::NonCanonical));
    // The first small x with no y on the curve must be NotOnCurve.
    let x = (1u8..).find(|x| {
        let f = <ctt_field::bls12_381::Fp as ctt_field::PrimeField>::from_u64(*x as u64);
        !bool::from((f.square() * f + bls12_381::G1Config::COEFF_B).is_square())
    });
    let mut no_y = [0u8; 48];
    no_y[0] = 0x80;
    no_y[47] = x.unwrap();
    assert_eq!(
        G1Affine::from_compressed_unchecked(&no_y),
        Err(CurveError::NotOnCurve)
    );
    // Off-subgroup points: the checked decoders refuse, the unchecked accept.
    let q = off_subgroup::<bls12_381::G1Config>(1);
    assert_eq!(
        G1Affine::from_compressed(&q.to_compressed()),
        Err(CurveError::NotInSubgroup)
    );
    assert_eq!(
        G1Affine::from_compressed_unchecked(&q.to_compressed()),
        Ok(q)
    );
    assert_eq!(
        G1Affine::from_uncompressed(&q.to_uncompressed()),
        Err(CurveError::NotInSubgroup)
    );
    let q2 = off_subgroup::<bls12_381::G2Config>(2);
    assert_eq!(
        G2Affine::from_compressed(&q2.to_compressed()),
        Err(CurveError::NotInSubgroup)
    );
    assert_eq!(
        G2Affine::from_compressed_unchecked(&q2.to_compressed()),
        Ok(q2)
    );
    assert_eq!(
        G2Affine::from_uncompressed_unchecked(&q2.to_uncompressed()),
        Ok(q2)
    );
    // Uncompressed: off-curve y, sign bit set, compressed bit set.
    let mut u = G1Affine::generator().to_uncompressed();
    u[95] ^= 1;
    assert_eq!(G1Affine::from_uncompressed(&u), Err(CurveError::NotOnCurve));
    let mut u = G1Affine::generator().to_uncompressed();
    u[0] |= 0x20;
    assert_eq!(
        G1Affine::from_uncompressed(&u),
        Err(CurveError::InvalidFlags)
    );
    u[0] |= 0x80;
    assert_eq!(
        G1Affine::from_uncompressed(&u),
        Err(CurveError::InvalidFlags)
    );
}

#[test]
fn sign_flag_selects_the_root() {
    let mut rng = SplitMix(5);
    for _ in 0..20 {
        let p = G2Projective::generator()
            .mul(&ctt_field::bls12_381::Fr::random(&mut rng))
            .to_affine();
        let n = -p;
        assert_eq!(G2Affine::from_compressed(&p.to_compressed()), Ok(p));
        assert_eq!(G2Affine::from_compressed(&n.to_compressed()), Ok(n));
        assert_ne!(p.to_compressed(), n.to_compressed());
        let q = G1Projective::generator()
            .mul(&ctt_field::bls12_381::Fr::random(&mut rng))
            .to_affine();
        assert_eq!(G1Affine::from_compressed(&(-q).to_compressed()), Ok(-q));
    }
}

#[test]
fn evm_encodings() {
    // BN254 round trips, identity, rejections.
    let g1 = bn254::G1Affine::generator();
    assert_eq!(bn254::G1Affine::from_evm_bytes(&g1.to_evm_bytes()), Ok(g1));
    assert_eq!(
        bn254::G1Affine::from_evm_bytes(&[0u8; 64]),
        Ok(bn254::G1Affine::identity())
    );
    let mut bad = g1.to_evm_bytes();
    bad[63] ^= 1;
    assert_eq!(
        bn254::G1Affine::from_evm_bytes(&bad),
        Err(CurveError::NotOnCurve)
    );
    let mut big = [0xffu8; 64];
    big[32..].copy_from_slice(&g1.to_evm_bytes()[32..]);
    assert_eq!(
        bn254::G1Affine::from_evm_bytes(&big),
        Err(CurveError::NonCanonical)
    );
    assert_eq!(
        bn254::G1Affine::from_evm_bytes(&[0u8; 63]),
        Err(CurveError::InvalidLength)
    );
    let g2 = bn254::G2Affine::generator();
    assert_eq!(bn254::G2Affine::from_evm_bytes(&g2.to_evm_bytes()), Ok(g2));
    assert_eq!(
        bn254::G2Affine::from_evm_bytes(&[0u8; 128]),
        Ok(bn254::G2Affine::identity())
    );
    let q = off_subgroup::<bn254::G2Config>(3);
    assert_eq!(
        bn254::G2Affine::from_evm_bytes(&q.to_evm_bytes()),
        Err(CurveError::NotInSubgroup)
    );
    // EIP-2537.
    let b1 = G1Affine::generator();
    assert_eq!(G1Affine::from_eip2537_bytes(&b1.to_eip2537_bytes()), Ok(b1));
    let mut padded = b1.to_eip2537_bytes();
    padded[0] = 1;
    assert_eq!(
        G1Affine::from_eip2537_bytes(&padded),
        Err(CurveError::NonCanonical)
    );
    let b2 = G2Affine::generator();
    assert_eq!(G2Affine::from_eip2537_bytes(&b2.to_eip2537_bytes()), Ok(b2));
    let q1 = off_subgroup::<bls12_381::G1Config>(4);
    assert_eq!(
        G1Affine::from_eip2537_bytes(&q1.to_eip2537_bytes()),
        Err(CurveError::NotInSubgroup)
    );
    assert_eq!(
        G1Affine::from_eip2537_bytes_on_curve(&q1.to_eip2537_bytes()),
        Ok(q1)
    );
    let q2 = off_subgroup::<bls12_381::G2Config>(6);
    assert_eq!(
        G2Affine::from_eip2537_bytes_on_curve(&q2.to_eip2537_bytes()),
        Ok(q2)
    );
    assert_eq!(
        G2Affine::from_eip2537_bytes(&[0u8; 256]),
        Ok(G2Affine::identity())
    );
}
