//! The official BLS vectors, one runner per handler: ethereum/bls12-381-tests (`sign`, `verify`,
//! `aggregate`, `fast_aggregate_verify`, `aggregate_verify`, `batch_verify`, `hash_to_G2`,
//! `deserialization_G1`, `deserialization_G2`) and ethereum/cryptography-specs
//! (`eth_aggregate_pubkeys`, `eth_fast_aggregate_verify`), stored under `tests/vectors/`.
//!
//! Mapping of the vectors' outputs onto `Result<bool, BlsError>`: `true` must be `Ok(true)`;
//! `false` is either a decoding error of an input (bytes → `PublicKey`/`Signature`), an `Err` of
//! the function (identity key, empty list) or `Ok(false)`; `null` (no output) is an `Err`.
//! Cases whose inputs are all well formed must give exactly `Ok(false)`, which the runners check
//! by name (`wrong_pubkey`, `extra_pubkey`) and by counting, so that a runner cannot pass by
//! rejecting everything. The parallel twins are run on a 2-thread pool and must answer the same.

mod support;
use support::TestPool;

use ctt_bls::*;
use ctt_curves::CurveGroup;
use ctt_curves::bls12_381::{G1Affine, G2Projective};
use serde_json::Value;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// `(case name, data)` of every case of a bls12-381-tests handler (file per case).
fn cases(handler: &str) -> Vec<(String, Value)> {
    let dir = root().join("bls12-381-tests").join(handler);
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let p = e.unwrap().path();
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (
                name,
                serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap(),
            )
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!v.is_empty(), "no cases in {handler}");
    v
}

/// Cases of a cryptography-specs handler (directory per case with `data.json`).
fn spec_cases(handler: &str) -> Vec<(String, Value)> {
    let dir = root().join("cryptography-specs/bls").join(handler);
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            p.is_dir().then(|| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let data = std::fs::read(p.join("data.json")).unwrap();
                (name, serde_json::from_slice(&data).unwrap())
            })
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!v.is_empty(), "no cases in {handler}");
    v
}

fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("hex string");
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).expect("hex")
}

fn pks(v: &Value) -> Result<Vec<PublicKey>, BlsError> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| PublicKey::from_bytes(&bytes(x)))
        .collect()
}

fn sigs(v: &Value) -> Result<Vec<Signature>, BlsError> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| Signature::from_bytes(&bytes(x)))
        .collect()
}

fn msgs(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().unwrap().iter().map(bytes).collect()
}

/// `fast_aggregate_verify` and its parallel twin.
type FastAggregateVerify = fn(&[PublicKey], &[u8], &Signature) -> Result<bool, BlsError>;
/// `aggregate_verify` and its parallel twin.
type AggregateVerify = fn(&[PublicKey], &[&[u8]], &Signature) -> Result<bool, BlsError>;

fn pool() -> TestPool {
    TestPool::new(2)
}

/// Tallies of how false/null outcomes arose, so a runner cannot pass by rejecting everything.
#[derive(Default, Debug)]
struct Tally {
    valid: usize,
    not_verified: usize,
    rejected: usize,
}

/// Checks one verification outcome against the vector's boolean.
fn check(name: &str, expected: bool, got: Result<bool, BlsError>, t: &mut Tally) {
    if expected {
        assert_eq!(got, Ok(true), "{name}");
        t.valid += 1;
    } else {
        assert_ne!(got, Ok(true), "{name}");
        if name.contains("wrong_pubkey") || name.contains("extra_pubkey") {
            assert_eq!(
                got,
                Ok(false),
                "{name}: well-formed inputs must give Ok(false)"
            );
        }
        match got {
            Ok(_) => t.not_verified += 1,
            Err(_) => t.rejected += 1,
        }
    }
}

#[test]
fn sign() {
    let mut n = 0;
    for (name, c) in cases("sign") {
        let sk = SecretKey::from_bytes(&bytes(&c["input"]["privkey"]));
        let msg = bytes(&c["input"]["message"]);
        if c["output"].is_null() {
            assert_eq!(sk.err(), Some(BlsError::InvalidSecretKey), "{name}");
            continue;
        }
        let sk = sk.unwrap();
        let sig = sk.sign(&msg);
        assert_eq!(sig.to_bytes().to_vec(), bytes(&c["output"]), "{name}");
        // The signature verifies under the key's own public key.
        assert_eq!(verify(&sk.sk_to_pk(), &msg, &sig), Ok(true), "{name}");
        n += 1;
    }
    assert!(n >= 6, "{n} cases");
}

#[test]
fn verify_handler() {
    let mut t = Tally::default();
    for (name, c) in cases("verify") {
        let i = &c["input"];
        let got = PublicKey::from_bytes(&bytes(&i["pubkey"])).and_then(|pk| {
            let sig = Signature::from_bytes(&bytes(&i["signature"]))?;
            verify(&pk, &bytes(&i["message"]), &sig)
        });
        check(&name, c["output"].as_bool().unwrap(), got, &mut t);
    }
    assert!(
        t.valid >= 7 && t.not_verified >= 6 && t.rejected >= 1,
        "{t:?}"
    );
}

#[test]
fn aggregate_handler() {
    let mut n = 0;
    for (name, c) in cases("aggregate") {
        let got = sigs(&c["input"]).and_then(|s| aggregate(&s));
        if c["output"].is_null() {
            assert!(got.is_err(), "{name}");
        } else {
            assert_eq!(
                got.unwrap().to_bytes().to_vec(),
                bytes(&c["output"]),
                "{name}"
            );
            n += 1;
        }
    }
    assert!(n >= 3, "{n} cases");
}

#[test]
fn fast_aggregate_verify_handler() {
    let pool = pool();
    let mut t = Tally::default();
    for (name, c) in cases("fast_aggregate_verify") {
        let i = &c["input"];
        let msg = bytes(&i["message"]);
        let run = |f: FastAggregateVerify| {
            pks(&i["pubkeys"]).and_then(|pks| {
                let sig = Signature::from_bytes(&bytes(&i["signature"]))?;
                f(&pks, &msg, &sig)
            })
        };
        let got = run(fast_aggregate_verify);
        assert_eq!(
            pool.install(|| run(fast_aggregate_verify_parallel)),
            got,
            "{name}"
        );
        check(&name, c["output"].as_bool().unwrap(), got, &mut t);
    }
    assert!(
        t.valid >= 2 && t.not_verified >= 2 && t.rejected >= 2,
        "{t:?}"
    );
}

#[test]
fn aggregate_verify_handler() {
    let pool = pool();
    let mut t = Tally::default();
    for (name, c) in cases("aggregate_verify") {
        let i = &c["input"];
        let m = msgs(&i["messages"]);
        let m: Vec<&[u8]> = m.iter().map(|x| x.as_slice()).collect();
        let run = |f: AggregateVerify| {
            pks(&i["pubkeys"]).and_then(|pks| {
                let sig = Signature::from_bytes(&bytes(&i["signature"]))?;
                f(&pks, &m, &sig)
            })
        };
        let got = run(aggregate_verify);
        assert_eq!(
            pool.install(|| run(aggregate_verify_parallel)),
            got,
            "{name}"
        );
        check(&name, c["output"].as_bool().unwrap(), got, &mut t);
    }
    assert!(t.valid >= 1 && t.rejected >= 2, "{t:?}");
}

#[test]
fn batch_verify_handler() {
    let pool = pool();
    let mut t = Tally::default();
    for (name, c) in cases("batch_verify") {
        let i = &c["input"];
        let m = msgs(&i["messages"]);
        let decoded = pks(&i["pubkeys"]).and_then(|p| Ok((p, sigs(&i["signatures"])?)));
        let expected = c["output"].as_bool().unwrap();
        // Several randomness values: the answer may not depend on them.
        for seed in [0u8, 1, 0xff] {
            let randomness = [seed; 32];
            let got = decoded.clone().and_then(|(p, s)| {
                let sets: Vec<_> = (0..p.len())
                    .map(|k| SignatureSet::new(p[k], &m[k], s[k]))
                    .collect();
                let serial = batch_verify(&sets, &randomness);
                let parallel = pool.install(|| batch_verify_parallel(&sets, &randomness));
                assert_eq!(serial, parallel, "{name}");
                serial
            });
            check(&name, expected, got, &mut t);
        }
    }
    assert!(
        t.valid >= 3 && t.not_verified >= 3 && t.rejected >= 3,
        "{t:?}"
    );
}

#[test]
fn eth_aggregate_pubkeys_handler() {
    let mut n = 0;
    for (name, c) in spec_cases("eth_aggregate_pubkeys") {
        let got = pks(&c["input"]).and_then(|p| eth_aggregate_pubkeys(&p));
        if c["output"].is_null() {
            assert!(got.is_err(), "{name}");
        } else {
            assert_eq!(
                got.unwrap().to_bytes().to_vec(),
                bytes(&c["output"]),
                "{name}"
            );
            n += 1;
        }
    }
    assert!(n >= 2, "{n} cases");
}

#[test]
fn eth_fast_aggregate_verify_handler() {
    let mut t = Tally::default();
    for (name, c) in spec_cases("eth_fast_aggregate_verify") {
        let i = &c["input"];
        let got = pks(&i["pubkeys"]).and_then(|pks| {
            let sig = Signature::from_bytes(&bytes(&i["signature"]))?;
            eth_fast_aggregate_verify(&pks, &bytes(&i["message"]), &sig)
        });
        check(&name, c["output"].as_bool().unwrap(), got, &mut t);
    }
    assert!(
        t.valid >= 3 && t.not_verified >= 2 && t.rejected >= 2,
        "{t:?}"
    );
}

#[test]
fn hash_to_g2_handler() {
    // The generator of bls12-381-tests uses the RFC 9380 test suite's DST here.
    const DST: &[u8] = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    for (name, c) in cases("hash_to_G2") {
        let msg = c["input"]["msg"].as_str().unwrap().as_bytes();
        let p = G2Projective::hash_to_curve(msg, DST).unwrap().to_affine();
        // The uncompressed encoding is x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0; the vector gives "c0,c1".
        let mut want = Vec::new();
        for coord in ["x", "y"] {
            let s = c["output"][coord].as_str().unwrap();
            let (c0, c1) = s.split_once(',').unwrap();
            want.extend(bytes(&Value::from(c1)));
            want.extend(bytes(&Value::from(c0)));
        }
        assert_eq!(p.to_uncompressed().to_vec(), want, "{name}");
    }
}

#[test]
fn deserialization_g1_handler() {
    let (mut ok, mut identity) = (0, 0);
    for (name, c) in cases("deserialization_G1") {
        let b = bytes(&c["input"]["pubkey"]);
        let got = PublicKey::from_bytes(&b);
        if !c["output"].as_bool().unwrap() {
            assert!(got.is_err(), "{name}");
        } else if G1Affine::from_compressed(&b).is_ok_and(|p| p.infinity.to_bool_vartime()) {
            // The vector checks point decoding, where the identity is valid; KeyValidate then
            // rejects it as a public key.
            assert_eq!(got, Err(BlsError::IdentityPublicKey), "{name}");
            identity += 1;
        } else {
            assert_eq!(got.unwrap().to_bytes().to_vec(), b, "{name}");
            ok += 1;
        }
    }
    assert_eq!((ok, identity), (0, 1));
}

#[test]
fn deserialization_g2_handler() {
    let mut ok = 0;
    for (name, c) in cases("deserialization_G2") {
        let b = bytes(&c["input"]["signature"]);
        let got = Signature::from_bytes(&b);
        if c["output"].as_bool().unwrap() {
            assert_eq!(got.unwrap().to_bytes().to_vec(), b, "{name}");
            ok += 1;
        } else {
            assert!(got.is_err(), "{name}");
        }
    }
    assert_eq!(ok, 1);
}
