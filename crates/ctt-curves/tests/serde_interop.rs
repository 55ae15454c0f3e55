//! Feature `serde`: the affine points as their byte encodings (hex strings in JSON), decoded with
//! every check.

use ctt_curves::{AffineRepr, CurveGroup, bls12_381, bn254};
use ctt_field::PrimeField;

fn round_trip<P>(p: P, encoded: &[u8])
where
    P: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
{
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"0x{}\"", hex::encode(encoded)));
    assert_eq!(serde_json::from_str::<P>(&json).unwrap(), p);
    // Without the prefix, upper case, and as a byte sequence.
    let bare = format!("\"{}\"", hex::encode_upper(encoded));
    assert_eq!(serde_json::from_str::<P>(&bare).unwrap(), p);
    // Wrong lengths and bad digits are refused.
    let short = format!("\"0x{}\"", hex::encode(&encoded[1..]));
    assert!(serde_json::from_str::<P>(&short).is_err());
    let long = format!("\"0x{}00\"", hex::encode(encoded));
    assert!(serde_json::from_str::<P>(&long).is_err());
    let bad = format!("\"0x{}zz\"", hex::encode(&encoded[1..]));
    assert!(serde_json::from_str::<P>(&bad).is_err());
    assert!(serde_json::from_str::<P>("42").is_err());
}

fn rejected<P: serde::de::DeserializeOwned + core::fmt::Debug>(bytes: &[u8]) {
    let json = format!("\"0x{}\"", hex::encode(bytes));
    assert!(serde_json::from_str::<P>(&json).is_err(), "{json}");
}

#[test]
fn bls12_381_points() {
    let p = bls12_381::G1Projective::generator()
        .mul(&ctt_field::bls12_381::Fr::from_u64(7))
        .to_affine();
    round_trip(p, &p.to_compressed());
    round_trip(
        bls12_381::G1Affine::IDENTITY,
        &bls12_381::G1Affine::IDENTITY.to_compressed(),
    );
    let q = bls12_381::G2Projective::generator()
        .mul(&ctt_field::bls12_381::Fr::from_u64(7))
        .to_affine();
    round_trip(q, &q.to_compressed());
    // Bad flags (uncompressed bit pattern), non-canonical x, no such x, a non-zero identity.
    let mut b = p.to_compressed();
    b[0] &= 0x7f;
    rejected::<bls12_381::G1Affine>(&b);
    rejected::<bls12_381::G1Affine>(&[0xff; 48]);
    let mut id = bls12_381::G1Affine::IDENTITY.to_compressed();
    id[47] = 1;
    rejected::<bls12_381::G1Affine>(&id);
    rejected::<bls12_381::G2Affine>(&[0xff; 96]);
    // x = 4 + 0·u... every flipped last byte of a valid encoding decodes to another x: either no
    // point, or a point the subgroup check refuses (G2 has a huge cofactor), never `q` itself.
    let mut b = q.to_compressed();
    b[95] ^= 1;
    if let Ok(other) =
        serde_json::from_str::<bls12_381::G2Affine>(&format!("\"0x{}\"", hex::encode(b)))
    {
        assert_ne!(other, q);
        assert!(bool::from(other.is_torsion_free()));
    }
}

#[test]
fn bls12_381_off_subgroup_refused() {
    // x = 0 on G1: y² = 4, y = 2 — on the curve, of order 3, outside the subgroup.
    let mut b = [0u8; 48];
    b[0] = 0x80; // compressed, sign 0: y = 2 is the smaller root
    let p = bls12_381::G1Affine::from_compressed_unchecked(&b).unwrap();
    assert!(!bool::from(p.is_torsion_free()));
    rejected::<bls12_381::G1Affine>(&b);
}

/// The binary paths of the helper: a byte string and a sequence of bytes.
#[test]
fn bytes_and_sequences() {
    use ctt_curves::serde_interop::deserialize_bytes;
    use serde::de::value::{BytesDeserializer, Error, SeqDeserializer};
    let b: Vec<u8> = (0u8..48).collect();
    let got = deserialize_bytes::<_, 48>(BytesDeserializer::<Error>::new(&b)).unwrap();
    assert_eq!(got.to_vec(), b);
    assert!(deserialize_bytes::<_, 47>(BytesDeserializer::<Error>::new(&b)).is_err());
    let got =
        deserialize_bytes::<_, 48>(SeqDeserializer::<_, Error>::new(b.iter().copied())).unwrap();
    assert_eq!(got.to_vec(), b);
    assert!(
        deserialize_bytes::<_, 49>(SeqDeserializer::<_, Error>::new(b.iter().copied())).is_err()
    );
    assert!(
        deserialize_bytes::<_, 47>(SeqDeserializer::<_, Error>::new(b.iter().copied())).is_err()
    );
}

#[test]
fn bn254_points() {
    let p = bn254::G1Projective::generator()
        .mul(&ctt_field::bn254::Fr::from_u64(11))
        .to_affine();
    round_trip(p, &p.to_evm_bytes());
    round_trip(bn254::G1Affine::IDENTITY, &[0u8; 64]);
    let q = bn254::G2Projective::generator()
        .mul(&ctt_field::bn254::Fr::from_u64(11))
        .to_affine();
    round_trip(q, &q.to_evm_bytes());
    // (1, 3) is off the curve; coordinates ≥ p are refused.
    let mut b = [0u8; 64];
    b[31] = 1;
    b[63] = 3;
    rejected::<bn254::G1Affine>(&b);
    rejected::<bn254::G1Affine>(&[0xff; 64]);
    rejected::<bn254::G2Affine>(&[0xff; 128]);
    let mut b = q.to_evm_bytes();
    b[127] ^= 1;
    rejected::<bn254::G2Affine>(&b);
}

/// The `with` module for plain arrays (KZG commitments and proofs are `[u8; 48]`).
#[test]
fn arrays_through_the_with_module() {
    use ctt_curves::serde_interop::bytes;
    let commitment = [0xa5u8; 48];
    let mut out = Vec::new();
    bytes::serialize(&commitment, &mut serde_json::Serializer::new(&mut out)).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text, format!("\"0x{}\"", "a5".repeat(48)));
    let mut de = serde_json::Deserializer::from_str(&text);
    let back: [u8; 48] = bytes::deserialize(&mut de).unwrap();
    assert_eq!(back, commitment);
    let mut de = serde_json::Deserializer::from_str(&text);
    assert!(bytes::deserialize::<_, 32>(&mut de).is_err());
}

/// The `with` module takes arrays of any length (a blob-sized one here): human-readable
/// serialisation once stopped at 256 bytes with a panic.
#[test]
fn arrays_longer_than_256_bytes() {
    use ctt_curves::serde_interop::bytes;
    for len in [255usize, 256, 257, 1000] {
        let data: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
        let mut out = Vec::new();
        match len {
            1000 => {
                let a: [u8; 1000] = data.clone().try_into().unwrap();
                bytes::serialize(&a, &mut serde_json::Serializer::new(&mut out)).unwrap();
                let text = String::from_utf8(out).unwrap();
                assert_eq!(text, format!("\"0x{}\"", hex::encode(&data)));
                let mut de = serde_json::Deserializer::from_str(&text);
                let back: [u8; 1000] = bytes::deserialize(&mut de).unwrap();
                assert_eq!(back, a);
            }
            _ => {
                ctt_curves::serde_interop::serialize_bytes(
                    &data,
                    &mut serde_json::Serializer::new(&mut out),
                )
                .unwrap();
                let text = String::from_utf8(out).unwrap();
                assert_eq!(text, format!("\"0x{}\"", hex::encode(&data)));
            }
        }
    }
}
