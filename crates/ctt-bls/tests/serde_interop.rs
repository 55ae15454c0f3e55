//! Feature `serde`: public keys and signatures as hex strings in JSON, decoded with the full
//! validation; invalid keys and signatures refused.

use ctt_bls::{PublicKey, SecretKey, Signature, verify};

fn key() -> SecretKey {
    SecretKey::key_gen(&[7u8; 32], b"").unwrap()
}

#[test]
fn round_trips() {
    let sk = key();
    let pk = sk.sk_to_pk();
    let sig = sk.sign(b"attestation");
    let pk_json = serde_json::to_string(&pk).unwrap();
    assert_eq!(pk_json, format!("\"0x{}\"", hex::encode(pk.to_bytes())));
    let sig_json = serde_json::to_string(&sig).unwrap();
    assert_eq!(sig_json, format!("\"0x{}\"", hex::encode(sig.to_bytes())));
    let pk2: PublicKey = serde_json::from_str(&pk_json).unwrap();
    let sig2: Signature = serde_json::from_str(&sig_json).unwrap();
    assert_eq!(pk2.to_bytes(), pk.to_bytes());
    assert_eq!(sig2.to_bytes(), sig.to_bytes());
    assert!(verify(&pk2, b"attestation", &sig2).unwrap());
    // Inside a structure, as an API response would carry them.
    let v: serde_json::Value = serde_json::json!({ "pubkey": pk, "signature": sig });
    assert_eq!(
        v["pubkey"],
        serde_json::Value::String(format!("0x{}", hex::encode(pk.to_bytes())))
    );
    let back: (PublicKey, Signature) =
        serde_json::from_value(serde_json::json!([v["pubkey"], v["signature"]])).unwrap();
    assert_eq!(back.0.to_bytes(), pk.to_bytes());
    assert_eq!(back.1.to_bytes(), sig.to_bytes());
}

fn refused<T: serde::de::DeserializeOwned>(bytes: &[u8]) {
    let json = format!("\"0x{}\"", hex::encode(bytes));
    assert!(serde_json::from_str::<T>(&json).is_err(), "accepted {json}");
}

#[test]
fn invalid_keys_and_signatures() {
    // The identity public key (KeyValidate refuses it), though a valid point encoding.
    let mut id = [0u8; 48];
    id[0] = 0xc0;
    refused::<PublicKey>(&id);
    // A point outside the subgroup: x = 0, y = 2 on G1 (order 3).
    let mut b = [0u8; 48];
    b[0] = 0x80;
    refused::<PublicKey>(&b);
    // Non-canonical, bad flags, wrong lengths.
    refused::<PublicKey>(&[0xff; 48]);
    let mut unc = key().sk_to_pk().to_bytes();
    unc[0] &= 0x7f;
    refused::<PublicKey>(&unc);
    refused::<PublicKey>(&[0x80; 47]);
    refused::<PublicKey>(&[0x80; 49]);
    refused::<Signature>(&[0xff; 96]);
    refused::<Signature>(&[0xc0; 96]);
    // The identity signature is a valid encoding (aggregates of nothing), accepted as a value.
    let mut id = [0u8; 96];
    id[0] = 0xc0;
    assert!(serde_json::from_str::<Signature>(&format!("\"0x{}\"", hex::encode(id))).is_ok());
    assert!(serde_json::from_str::<PublicKey>("\"0x12\"").is_err());
    assert!(serde_json::from_str::<PublicKey>("12").is_err());
}
