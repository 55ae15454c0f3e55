//! ECDSA: Wycheproof secp256k1/SHA-256 (P1363 signatures), go-ethereum's ecRecover and
//! p256Verify precompile vectors, signatures made here with num-bigint (recovery returns the
//! signer's key for the right recovery id, verification accepts exactly the valid ones), range
//! edges of r, s and the recovery id, and arbitrary inputs (no panic).

use ctt_curves::ecdsa::{
    EcdsaError, p256_verify, secp256k1_recover, secp256k1_recover_address, secp256k1_verify,
};
use ctt_curves::sw::SwCurveConfig;
use ctt_curves::{AffineRepr, CurveGroup, p256, secp256k1};
use ctt_field::{Field, PrimeField};
use num_bigint::BigUint;
use proptest::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

fn vectors(rel: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(rel);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn b32(s: &[u8]) -> [u8; 32] {
    s.try_into().unwrap()
}

fn modulus<F: PrimeField>() -> BigUint {
    let mut b = Vec::new();
    for l in F::MODULUS_LIMBS {
        b.extend_from_slice(&l.to_le_bytes());
    }
    BigUint::from_bytes_le(&b)
}

fn be32(x: &BigUint) -> [u8; 32] {
    let b = x.to_bytes_be();
    let mut out = [0u8; 32];
    out[32 - b.len()..].copy_from_slice(&b);
    out
}

/// Wycheproof ecdsa_secp256k1_sha256_p1363: every "valid" signature verifies, every "invalid"
/// one is rejected (Err or Ok(false)); signatures that are not 64 bytes are invalid by format.
#[test]
fn wycheproof_secp256k1_p1363() {
    let v = vectors("wycheproof/ecdsa_secp256k1_sha256_p1363_test.json");
    let (mut valid, mut invalid) = (0, 0);
    for group in v["testGroups"].as_array().unwrap() {
        let key = hex::decode(group["publicKey"]["uncompressed"].as_str().unwrap()).unwrap();
        for t in group["tests"].as_array().unwrap() {
            let msg = hex::decode(t["msg"].as_str().unwrap()).unwrap();
            let sig = hex::decode(t["sig"].as_str().unwrap()).unwrap();
            let result = t["result"].as_str().unwrap();
            let hash = ctt_hash::sha256(&msg);
            let ok = sig.len() == 64
                && matches!(
                    secp256k1_verify(&hash, &b32(&sig[..32]), &b32(&sig[32..]), &key),
                    Ok(true)
                );
            match result {
                "valid" => {
                    assert!(ok, "tcId {} should verify", t["tcId"]);
                    valid += 1;
                }
                "invalid" => {
                    assert!(!ok, "tcId {} should fail ({})", t["tcId"], t["comment"]);
                    invalid += 1;
                }
                other => panic!("unexpected result {other}"),
            }
            // The compressed key gives the same answer.
            if sig.len() == 64 {
                let a = secp256k1::Affine::from_sec1_bytes(&key).unwrap();
                let c = a.to_sec1_compressed();
                let okc = matches!(
                    secp256k1_verify(&hash, &b32(&sig[..32]), &b32(&sig[32..]), &c),
                    Ok(true)
                );
                assert_eq!(ok, okc);
            }
        }
    }
    assert_eq!((valid, invalid), (112, 56));
}

/// go-ethereum ecRecover: input `hash ‖ v ‖ r ‖ s` (v a 32-byte big-endian 27/28), output
/// `0^12 ‖ address` or empty: the exact address through `secp256k1_recover_address`, the
/// recovered key also verifying the signature.
#[test]
fn geth_ecrecover() {
    let v = vectors("geth-precompiles/ecRecover.json");
    let mut n = 0;
    for case in v.as_array().unwrap() {
        let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
        let expected = case["Expected"].as_str().unwrap();
        let mut buf = [0u8; 128];
        let len = input.len().min(128);
        buf[..len].copy_from_slice(&input[..len]);
        let hash = b32(&buf[..32]);
        let v_word = &buf[32..64];
        let (r, s) = (b32(&buf[64..96]), b32(&buf[96..128]));
        let v_ok = v_word[..31].iter().all(|&b| b == 0) && (v_word[31] == 27 || v_word[31] == 28);
        let got = if v_ok {
            secp256k1_recover(&hash, &r, &s, v_word[31] - 27).ok()
        } else {
            None
        };
        match got {
            Some(key) => {
                assert_eq!(
                    expected.len(),
                    64,
                    "{}: recovered but geth fails",
                    case["Name"]
                );
                let mut sec1 = [4u8; 65];
                sec1[1..].copy_from_slice(&key);
                assert_eq!(secp256k1_verify(&hash, &r, &s, &sec1), Ok(true));
                let address = secp256k1_recover_address(&hash, &r, &s, v_word[31] - 27).unwrap();
                assert_eq!(hex::encode(address), expected[24..], "{}", case["Name"]);
                assert_eq!(&expected[..24], "000000000000000000000000");
            }
            None => assert_eq!(expected, "", "{}: geth recovers", case["Name"]),
        }
        n += 1;
    }
    assert_eq!(n, 4);
}

/// go-ethereum p256Verify (EIP-7951): input `hash ‖ r ‖ s ‖ qx ‖ qy`, output 1 (32 bytes) or
/// empty.
#[test]
fn geth_p256_verify() {
    let v = vectors("geth-precompiles/p256Verify.json");
    let (mut ones, mut empties) = (0, 0);
    for case in v.as_array().unwrap() {
        let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
        let expected = case["Expected"].as_str().unwrap();
        assert_eq!(input.len(), 160);
        let w = |i: usize| b32(&input[32 * i..32 * (i + 1)]);
        let ok = matches!(p256_verify(&w(0), &w(1), &w(2), &w(3), &w(4)), Ok(true));
        if expected.is_empty() {
            assert!(!ok, "{} should fail", case["Name"]);
            empties += 1;
        } else {
            assert_eq!(expected, format!("{:064x}", 1));
            assert!(ok, "{} should verify", case["Name"]);
            ones += 1;
        }
    }
    assert_eq!((ones, empties), (383, 140));
}

/// A signature `(r, s)` and recovery id on `hash` under secret `d` with nonce `k`, computed with
/// num-bigint (the reference), or `None` when r or s is zero.
fn sign<C: SwCurveConfig>(
    hash: &[u8; 32],
    d: &BigUint,
    k: &BigUint,
) -> Option<([u8; 32], [u8; 32], u8)>
where
    C::Base: PrimeField<Repr = [u8; 32]>,
    C::Scalar: PrimeField<Repr = [u8; 32]>,
{
    let n = modulus::<C::Scalar>();
    let kk = C::Scalar::from_bytes_be_mod_order(&k.to_bytes_be());
    let big_r = ctt_curves::sw::Projective::<C>::generator()
        .mul(&kk)
        .to_affine();
    let rx = BigUint::from_bytes_be(&big_r.x.to_bytes_be());
    let r = &rx % &n;
    let e = BigUint::from_bytes_be(hash) % &n;
    let s = k.modinv(&n)? * (&e + &r * d) % &n;
    if r == BigUint::from(0u8) || s == BigUint::from(0u8) {
        return None;
    }
    let id = u8::from(bool::from(big_r.y.is_odd())) | if rx >= n { 2 } else { 0 };
    Some((be32(&r), be32(&s), id))
}

fn public_key<C: SwCurveConfig>(d: &BigUint) -> ctt_curves::sw::Affine<C>
where
    C::Base: PrimeField<Repr = [u8; 32]>,
{
    ctt_curves::sw::Projective::<C>::generator()
        .mul(&C::Scalar::from_bytes_be_mod_order(&d.to_bytes_be()))
        .to_affine()
}

fn check_sign_verify_recover(hash: [u8; 32], d: BigUint, k: BigUint) {
    // secp256k1.
    let n = modulus::<ctt_field::secp256k1::Fr>();
    let (d, k) = (&d % &n, &k % &n);
    if d != BigUint::from(0u8)
        && k != BigUint::from(0u8)
        && let Some((r, s, id)) = sign::<secp256k1::Config>(&hash, &d, &k)
    {
        let q = public_key::<secp256k1::Config>(&d);
        let u = q.to_sec1_uncompressed();
        assert_eq!(secp256k1_verify(&hash, &r, &s, &u), Ok(true));
        // The high-s twin verifies too (no low-s rule).
        let s_hi = be32(&(&n - BigUint::from_bytes_be(&s)));
        assert_eq!(secp256k1_verify(&hash, &r, &s_hi, &u), Ok(true));
        let mut h2 = hash;
        h2[31] ^= 1;
        assert_eq!(secp256k1_verify(&h2, &r, &s, &u), Ok(false));
        if id < 2 {
            let key = secp256k1_recover(&hash, &r, &s, id).unwrap();
            assert_eq!(&key[..], &u[1..]);
            // The other parity recovers a different key (or fails), and s ↔ n − s flips it.
            assert_ne!(secp256k1_recover(&hash, &r, &s, id ^ 1).ok(), Some(key));
            assert_eq!(secp256k1_recover(&hash, &r, &s_hi, id ^ 1).unwrap(), key);
        }
    }
    // P-256.
    let n = modulus::<ctt_field::p256::Fr>();
    let (d, k) = (&d % &n, &k % &n);
    if d != BigUint::from(0u8)
        && k != BigUint::from(0u8)
        && let Some((r, s, _)) = sign::<p256::Config>(&hash, &d, &k)
    {
        let q = public_key::<p256::Config>(&d);
        let u = q.to_sec1_uncompressed();
        let (qx, qy) = (b32(&u[1..33]), b32(&u[33..]));
        assert_eq!(p256_verify(&hash, &r, &s, &qx, &qy), Ok(true));
        let mut h2 = hash;
        h2[0] ^= 0x80;
        assert_eq!(p256_verify(&h2, &r, &s, &qx, &qy), Ok(false));
        let mut r2 = r;
        r2[31] ^= 1;
        assert!(!matches!(p256_verify(&hash, &r2, &s, &qx, &qy), Ok(true)));
    }
}

#[test]
fn range_edges() {
    let nk = modulus::<ctt_field::secp256k1::Fr>();
    let np = modulus::<ctt_field::p256::Fr>();
    let hash = [7u8; 32];
    let d = BigUint::from(123456789u64);
    let (r, s, id) = sign::<secp256k1::Config>(&hash, &d, &BigUint::from(987654321u64)).unwrap();
    let key = public_key::<secp256k1::Config>(&d).to_sec1_uncompressed();
    let zero = [0u8; 32];
    let n_bytes = be32(&nk);
    let ones = [0xffu8; 32];
    for bad in [zero, n_bytes, ones] {
        assert_eq!(
            secp256k1_recover(&hash, &bad, &s, id),
            Err(EcdsaError::InvalidR)
        );
        assert_eq!(
            secp256k1_recover(&hash, &r, &bad, id),
            Err(EcdsaError::InvalidS)
        );
        assert_eq!(
            secp256k1_verify(&hash, &bad, &s, &key),
            Err(EcdsaError::InvalidR)
        );
        assert_eq!(
            secp256k1_verify(&hash, &r, &bad, &key),
            Err(EcdsaError::InvalidS)
        );
    }
    for bad_id in [2u8, 3, 4, 27, 28, 255] {
        assert_eq!(
            secp256k1_recover(&hash, &r, &s, bad_id),
            Err(EcdsaError::InvalidRecoveryId)
        );
    }
    // r = n − 1 and s = n − 1 are in range (whatever the outcome, no range error).
    let nm1 = be32(&(&nk - 1u8));
    assert!(!matches!(
        secp256k1_recover(&hash, &nm1, &nm1, 0),
        Err(EcdsaError::InvalidR | EcdsaError::InvalidS)
    ));
    // r = 5: x = 5 has no point on secp256k1 (x³ + 7 = 132 is a non-residue mod p).
    let mut five = [0u8; 32];
    five[31] = 5;
    assert_eq!(
        secp256k1_recover(&hash, &five, &s, 0),
        Err(EcdsaError::NoPointForR)
    );
    // Recovery that lands on the identity: e = s·r mod n... with u1·G + u2·R = O for
    // R = (r, y): choose hash e such that e ≡ s·k_R where R = [k_R]G, i.e. sR = eG.
    let k_r = BigUint::from(1000u32);
    let big_r = public_key::<secp256k1::Config>(&k_r);
    let rx = BigUint::from_bytes_be(&big_r.x.to_bytes_be());
    assert!(rx < nk);
    let s_val = BigUint::from(77u32);
    let e = &s_val * &k_r % &nk;
    let id_r = u8::from(bool::from(big_r.y.is_odd()));
    assert_eq!(
        secp256k1_recover(&be32(&e), &be32(&rx), &be32(&s_val), id_r),
        Err(EcdsaError::RecoveredIdentity)
    );
    // P-256 ranges and keys.
    let (r, s, _) = sign::<p256::Config>(&hash, &d, &BigUint::from(55u32)).unwrap();
    let u = public_key::<p256::Config>(&d).to_sec1_uncompressed();
    let (qx, qy) = (b32(&u[1..33]), b32(&u[33..]));
    for bad in [zero, be32(&np), ones] {
        assert_eq!(
            p256_verify(&hash, &bad, &s, &qx, &qy),
            Err(EcdsaError::InvalidR)
        );
        assert_eq!(
            p256_verify(&hash, &r, &bad, &qx, &qy),
            Err(EcdsaError::InvalidS)
        );
    }
    assert!(matches!(
        p256_verify(&hash, &r, &s, &zero, &zero),
        Err(EcdsaError::InvalidPublicKey(_))
    ));
    let p = modulus::<ctt_field::p256::Fp>();
    assert!(matches!(
        p256_verify(&hash, &r, &s, &be32(&p), &qy),
        Err(EcdsaError::InvalidPublicKey(
            ctt_curves::CurveError::NonCanonical
        ))
    ));
    let mut qy2 = qy;
    qy2[31] ^= 1;
    assert!(matches!(
        p256_verify(&hash, &r, &s, &qx, &qy2),
        Err(EcdsaError::InvalidPublicKey(
            ctt_curves::CurveError::NotOnCurve
        ))
    ));
}

/// The `r + n` branch of the x-coordinate check: a point `R` with `n ≤ x(R) < p` (x = n + t for
/// the first t ≥ 1 on the curve), and a key built so that `[e/s]G + [r/s]Q = R` for
/// `r = x(R) − n`: `Q = [s/r](R − [e/s]G)`. The signature must verify (and `r + 1` must not).
fn check_large_x<C: SwCurveConfig>(
    verify: impl Fn(
        &[u8; 32],
        &[u8; 32],
        &[u8; 32],
        &ctt_curves::sw::Affine<C>,
    ) -> Result<bool, EcdsaError>,
) where
    C::Base: PrimeField<Repr = [u8; 32]>,
    C::Scalar: PrimeField<Repr = [u8; 32]>,
{
    use ctt_curves::sw::{Affine, Projective};
    let n = modulus::<C::Scalar>();
    let p = modulus::<C::Base>();
    let mut t = 1u32;
    let big_r = loop {
        let x = &n + t;
        assert!(x < p);
        let xf = C::Base::from_bytes_be(&be32(&x)).unwrap();
        if let Some(a) =
            Affine::<C>::from_x_and_parity(&xf, ctt_bigint::Choice::FALSE).into_option()
        {
            break a;
        }
        t += 1;
    };
    let r = BigUint::from(t);
    let (e, s) = (BigUint::from(0x1234_5678u32), BigUint::from(0x9abc_def0u32));
    let sc = |v: &BigUint| C::Scalar::from_bytes_be_mod_order(&v.to_bytes_be());
    let u1 = sc(&e) * sc(&s).invert().unwrap();
    let g = Projective::<C>::generator();
    let q = (big_r.to_group() - g.mul(&u1)).mul(&(sc(&s) * sc(&r).invert().unwrap()));
    let q = q.to_affine();
    assert_eq!(verify(&be32(&e), &be32(&r), &be32(&s), &q), Ok(true));
    assert_eq!(
        verify(&be32(&e), &be32(&(&r + 1u8)), &be32(&s), &q),
        Ok(false)
    );
}

#[test]
fn x_at_least_n() {
    check_large_x::<secp256k1::Config>(|h, r, s, q| {
        secp256k1_verify(h, r, s, &q.to_sec1_uncompressed())
    });
    check_large_x::<p256::Config>(|h, r, s, q| {
        let u = q.to_sec1_uncompressed();
        p256_verify(h, r, s, &b32(&u[1..33]), &b32(&u[33..]))
    });
}

#[test]
fn neighbouring_r_fails() {
    let hash = [3u8; 32];
    let d = BigUint::from(42u32);
    let (r, s, _) = sign::<secp256k1::Config>(&hash, &d, &BigUint::from(4242u32)).unwrap();
    let key = public_key::<secp256k1::Config>(&d).to_sec1_uncompressed();
    assert_eq!(secp256k1_verify(&hash, &r, &s, &key), Ok(true));
    let rb = BigUint::from_bytes_be(&r);
    for r2 in [&rb + 1u8, &rb - 1u8] {
        assert_eq!(secp256k1_verify(&hash, &be32(&r2), &s, &key), Ok(false));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_signatures(hash in any::<[u8; 32]>(), d in any::<[u8; 32]>(), k in any::<[u8; 32]>()) {
        check_sign_verify_recover(hash, BigUint::from_bytes_be(&d), BigUint::from_bytes_be(&k));
    }

    /// Arbitrary bytes never panic, and any key recovered verifies the signature.
    #[test]
    fn arbitrary_inputs(hash in any::<[u8; 32]>(), r in any::<[u8; 32]>(), s in any::<[u8; 32]>(),
                        id in 0u8..4, x in any::<[u8; 32]>(), y in any::<[u8; 32]>()) {
        if let Ok(key) = secp256k1_recover(&hash, &r, &s, id) {
            let mut sec1 = [4u8; 65];
            sec1[1..].copy_from_slice(&key);
            prop_assert_eq!(secp256k1_verify(&hash, &r, &s, &sec1), Ok(true));
        }
        let mut c = [2u8; 33];
        c[1..].copy_from_slice(&x);
        let _ = secp256k1_verify(&hash, &r, &s, &c);
        let _ = p256_verify(&hash, &r, &s, &x, &y);
        // Small r and s (in range): exercised without range errors.
        let mut r1 = [0u8; 32];
        r1[31] = r[0] | 1;
        let _ = secp256k1_recover(&hash, &r1, &r1, id & 1);
    }
}
