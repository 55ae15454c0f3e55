//! Secret keys: EIP-2333 master and child derivation against the EIP's test cases (the master
//! key is KeyGen of draft-irtf-cfrg-bls-signature-05 with empty key_info, so this also pins
//! KeyGen), the byte encodings and their rejections, and KeyGen's input checks.

use ctt_bls::{BlsError, SecretKey};
use num_bigint::BigUint;

/// 32-byte big-endian encoding of a decimal integer.
fn dec32(s: &str) -> [u8; 32] {
    let b = BigUint::parse_bytes(s.as_bytes(), 10)
        .unwrap()
        .to_bytes_be();
    let mut out = [0u8; 32];
    out[32 - b.len()..].copy_from_slice(&b);
    out
}

/// EIP-2333 "Test Cases" 0–3: seed, master_SK, child_index, child_SK.
const EIP2333: [(&str, &str, u32, &str); 4] = [
    (
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
        "6083874454709270928345386274498605044986640685124978867557563392430687146096",
        0,
        "20397789859736650942317412262472558107875392172444076792671091975210932703118",
    ),
    (
        "3141592653589793238462643383279502884197169399375105820974944592",
        "29757020647961307431480504535336562678282505419141012933316116377660817309383",
        3141592653,
        "25457201688850691947727629385191704516744796114925897962676248250929345014287",
    ),
    (
        "0099FF991111002299DD7744EE3355BBDD8844115566CC55663355668888CC00",
        "27580842291869792442942448775674722299803720648445448686099262467207037398656",
        4294967295,
        "29358610794459428860402234341874281240803786294062035874021252734817515685787",
    ),
    (
        "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
        "19022158461524446591288038168518313374041767046816487870552872741050760015818",
        42,
        "31372231650479070279774297061823572166496564838472787488249775572789064611981",
    ),
];

#[test]
fn eip2333_master_and_child() {
    for (seed, master, index, child) in EIP2333 {
        let seed = hex::decode(seed).unwrap();
        let m = SecretKey::derive_master_sk(&seed).unwrap();
        assert_eq!(m.to_bytes(), dec32(master));
        assert_eq!(m.derive_child_sk(index).to_bytes(), dec32(child));
        // KeyGen with empty key_info is the same function.
        assert_eq!(
            SecretKey::key_gen(&seed, b"").unwrap().to_bytes(),
            dec32(master)
        );
    }
}

#[test]
fn key_gen_checks_and_separates() {
    assert_eq!(
        SecretKey::key_gen(&[1u8; 31], b"").err(),
        Some(BlsError::IkmTooShort)
    );
    assert_eq!(
        SecretKey::derive_master_sk(&[]).err(),
        Some(BlsError::IkmTooShort)
    );
    let a = SecretKey::key_gen(&[1u8; 32], b"").unwrap();
    let b = SecretKey::key_gen(&[1u8; 32], b"info").unwrap();
    let c = SecretKey::key_gen(&[2u8; 32], b"").unwrap();
    assert_ne!(a.to_bytes(), b.to_bytes());
    assert_ne!(a.to_bytes(), c.to_bytes());
    // Deterministic.
    assert_eq!(
        SecretKey::key_gen(&[1u8; 32], b"").unwrap().to_bytes(),
        a.to_bytes()
    );
}

#[test]
fn secret_key_bytes() {
    // r, the group order, big-endian.
    let r =
        hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001").unwrap();
    let mut r_minus_1 = r.clone();
    r_minus_1[31] = 0;
    let mut r_plus_1 = r.clone();
    r_plus_1[31] = 2;
    assert_eq!(
        SecretKey::from_bytes(&[0u8; 32]).err(),
        Some(BlsError::InvalidSecretKey)
    );
    assert_eq!(
        SecretKey::from_bytes(&r).err(),
        Some(BlsError::InvalidSecretKey)
    );
    assert_eq!(
        SecretKey::from_bytes(&r_plus_1).err(),
        Some(BlsError::InvalidSecretKey)
    );
    assert_eq!(
        SecretKey::from_bytes(&[0xff; 32]).err(),
        Some(BlsError::InvalidSecretKey)
    );
    assert_eq!(
        SecretKey::from_bytes(&[1u8; 31]).err(),
        Some(BlsError::InvalidLength)
    );
    assert_eq!(
        SecretKey::from_bytes(&[1u8; 33]).err(),
        Some(BlsError::InvalidLength)
    );
    let sk = SecretKey::from_bytes(&r_minus_1).unwrap();
    assert_eq!(sk.to_bytes().to_vec(), r_minus_1);
    let mut one = [0u8; 32];
    one[31] = 1;
    let sk1 = SecretKey::from_bytes(&one).unwrap();
    // SkToPk(1) is the generator of G1.
    assert_eq!(
        sk1.sk_to_pk().to_bytes().to_vec(),
        hex::decode("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb").unwrap()
    );
    assert_eq!(format!("{sk1:?}"), "SecretKey(..)");
}

/// The cache encoding: a validated key survives `to_uncompressed` → `from_trusted_uncompressed`;
/// encodings that are malformed, off the curve, non-canonical or the identity are refused; the
/// subgroup is not checked (the documented contract: only bytes from a validated key).
#[test]
fn trusted_uncompressed_round_trip_and_checks() {
    use ctt_bls::PublicKey;
    use ctt_curves::bls12_381::G1Affine;
    for i in 1u8..=8 {
        let sk = SecretKey::key_gen(&[i; 32], b"").unwrap();
        let pk = sk.sk_to_pk();
        let cached = pk.to_uncompressed();
        assert_eq!(PublicKey::from_trusted_uncompressed(&cached).unwrap(), pk);
        assert_eq!(
            PublicKey::from_bytes(&pk.to_bytes())
                .unwrap()
                .to_uncompressed(),
            cached
        );
        let mut off_curve = cached;
        off_curve[95] ^= 1;
        assert!(PublicKey::from_trusted_uncompressed(&off_curve).is_err());
        let mut compressed_flag = cached;
        compressed_flag[0] |= 0x80;
        assert!(PublicKey::from_trusted_uncompressed(&compressed_flag).is_err());
    }
    // x = p (non-canonical) with any y.
    let mut non_canonical = [0u8; 96];
    non_canonical[..48].copy_from_slice(
        &hex::decode("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab").unwrap(),
    );
    assert!(PublicKey::from_trusted_uncompressed(&non_canonical).is_err());
    let mut identity = [0u8; 96];
    identity[0] = 0x40;
    assert_eq!(
        PublicKey::from_trusted_uncompressed(&identity),
        Err(BlsError::IdentityPublicKey)
    );
    // A point on the curve outside the subgroup: refused by from_bytes, taken from the cache
    // encoding (no subgroup check, by contract).
    let outsider = (1u8..=255)
        .find_map(|x| {
            let mut c = [0u8; 48];
            c[0] = 0x80;
            c[47] = x;
            let p = G1Affine::from_compressed_unchecked(&c).ok()?;
            G1Affine::from_compressed(&c).is_err().then_some((c, p))
        })
        .expect("a small x off the subgroup");
    assert!(PublicKey::from_bytes(&outsider.0).is_err());
    assert!(PublicKey::from_trusted_uncompressed(&outsider.1.to_uncompressed()).is_ok());
}
