//! Differential: the interop decoders, the byte-accepting functions behind features `serde`,
//! `ff` and `group`, against blst and num-bigint.
//!
//! * serde (JSON): `bls12_381::{G1Affine, G2Affine}`, `ctt_bls::{PublicKey, Signature}` and
//!   `bn254::{G1Affine, G2Affine}` accept exactly the JSON strings that hold the hex (with or
//!   without `0x`, either case, JSON escapes allowed) of an encoding the reference accepts —
//!   blst `uncompress` + `in_g1`/`in_g2`, `key_validate`, `sig_validate`, and for BN254 ctt's EVM
//!   decoder (fuzzed against revm in `precompiles_vs_revm`) — and nothing else (arrays, other
//!   lengths, bad digits, other JSON values); an accepted value re-encodes to the input and
//!   serialises to `"0x…"` lowercase.
//! * ff: `PrimeField::from_repr` on BLS12-381 and BN254 Fp and Fr accepts exactly the
//!   little-endian integers below the modulus (num-bigint), and `to_repr` gives them back.
//! * group: `GroupEncoding::from_bytes(_unchecked)` and `UncompressedEncoding::
//!   from_uncompressed(_unchecked)` on BLS12-381 G1/G2 against blst `uncompress`/`deserialize`
//!   with and without the subgroup check.
//!
//! Input: `kind, mode, seed material…`. Valid encodings (keys, signatures, points of the
//! subgroup) come from a key derived from the input, then `mutate` flips bits, writes input bytes
//! or flag bits, so every accept and reject path is reached.
#![no_main]

#[path = "common.rs"]
mod common;

use blst::BLST_ERROR;
use blst::min_pk as bm;
use common::{Reader, mutate};
use ctt_curves::{CurveGroup, bls12_381 as c381, bn254 as cbn};
use ctt_field::{ByteRepr, PrimeField, bls12_381 as f381, bn254 as fbn};
use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn blst_g1(b: &[u8], checked: bool) -> bool {
    let mut p = blst::blst_p1_affine::default();
    let decoded = match b.len() {
        48 => unsafe { blst::blst_p1_uncompress(&mut p, b.as_ptr()) },
        // blst's deserialize takes a compressed encoding too (flag bit 0x80); the uncompressed
        // decoders must not.
        _ if b[0] & 0x80 != 0 => return false,
        _ => unsafe { blst::blst_p1_deserialize(&mut p, b.as_ptr()) },
    };
    // blst refuses `x = 0` (the points (0, ±2), of order 3) with POINT_NOT_IN_GROUP even in its
    // unchecked decoders; the unchecked decoders of the `group` traits (zkcrypto's and ctt's)
    // check the curve equation only, so unchecked that answer counts as decoded.
    let on_curve = decoded == BLST_ERROR::BLST_SUCCESS
        || (!checked && decoded == BLST_ERROR::BLST_POINT_NOT_IN_GROUP);
    on_curve && (!checked || unsafe { blst::blst_p1_affine_in_g1(&p) })
}

fn blst_g2(b: &[u8], checked: bool) -> bool {
    let mut p = blst::blst_p2_affine::default();
    let decoded = match b.len() {
        96 => unsafe { blst::blst_p2_uncompress(&mut p, b.as_ptr()) },
        // blst's deserialize takes a compressed encoding too (flag bit 0x80); the uncompressed
        // decoders must not.
        _ if b[0] & 0x80 != 0 => return false,
        _ => unsafe { blst::blst_p2_deserialize(&mut p, b.as_ptr()) },
    };
    decoded == BLST_ERROR::BLST_SUCCESS && (!checked || unsafe { blst::blst_p2_affine_in_g2(&p) })
}

/// A JSON text for `bytes` in the form `mode` picks: the accepted hex forms, near misses (a
/// character inserted, replaced or dropped, a JSON escape, an array) or raw input text.
fn json(mode: u8, r: &mut Reader, bytes: &[u8]) -> String {
    let hex = hex::encode(bytes);
    match mode % 8 {
        0 => format!("\"0x{hex}\""),
        1 => format!("\"{hex}\""),
        2 => format!("\"0x{}\"", hex::encode_upper(bytes)),
        3 => serde_json::to_string(&bytes.to_vec()).unwrap(),
        4 => {
            // One character inserted (anywhere, the quotes included) or replaced, or dropped.
            let mut s: Vec<char> = format!("\"0x{hex}\"").chars().collect();
            let pos = r.u16() as usize % s.len();
            let c = char::from(r.u8());
            match r.u8() % 3 {
                0 => s.insert(pos, c),
                1 => s[pos] = c,
                _ => {
                    s.remove(pos);
                }
            }
            s.into_iter().collect()
        }
        5 => {
            // A hex digit written as a JSON escape (`\u0061` is `a`): still the same string.
            let pos = r.u16() as usize % hex.len();
            let c = hex.as_bytes()[pos];
            format!("\"0x{}\\u{:04x}{}\"", &hex[..pos], c, &hex[pos + 1..])
        }
        6 => format!("\"0x{hex}{}\"", char::from(b'0' + r.u8() % 10)),
        _ => String::from_utf8_lossy(r.rest()).into_owned(),
    }
}

/// serde accepts `text` exactly when it is a JSON string holding the hex of `L` bytes that
/// `reference` accepts, with the value those bytes encode.
fn serde_matches<T: Serialize + DeserializeOwned + std::fmt::Debug, const L: usize>(
    what: &str,
    text: &str,
    reference: impl Fn(&[u8; L]) -> bool,
    encode: impl Fn(&T) -> [u8; L],
) {
    let expected: Option<[u8; L]> = serde_json::from_str::<String>(text)
        .ok()
        .and_then(|s| hex::decode(s.strip_prefix("0x").unwrap_or(&s)).ok())
        .and_then(|v| <[u8; L]>::try_from(v).ok())
        .filter(|b| reference(b));
    let ours = serde_json::from_str::<T>(text);
    match (&ours, expected) {
        (Ok(v), Some(b)) => {
            assert_eq!(encode(v), b, "{what}: decoded value of {text:?}");
            let back = serde_json::to_string(v).unwrap();
            assert_eq!(
                back,
                format!("\"0x{}\"", hex::encode(b)),
                "{what}: serialised"
            );
        }
        (Err(_), None) => {}
        (o, e) => panic!("{what}: {text:?}: ctt {o:?}, reference {e:02x?}"),
    }
}

/// `from_repr` accepts exactly the little-endian integers below the modulus, `to_repr` inverts it.
fn ff_matches<F: ff::PrimeField>(what: &str, bytes: &[u8]) {
    let mut repr = F::Repr::default();
    let n = repr.as_ref().len();
    repr.as_mut().copy_from_slice(&bytes[..n]);
    let modulus = BigUint::parse_bytes(F::MODULUS.trim_start_matches("0x").as_bytes(), 16).unwrap();
    let canonical = BigUint::from_bytes_le(repr.as_ref()) < modulus;
    let ours: Option<F> = F::from_repr(repr).into();
    assert_eq!(
        ours.is_some(),
        canonical,
        "{what}::from_repr({:02x?})",
        repr.as_ref()
    );
    if let Some(x) = ours {
        assert_eq!(x.to_repr().as_ref(), repr.as_ref(), "{what}::to_repr");
    }
}

/// `GroupEncoding` / `UncompressedEncoding` on one BLS12-381 group against blst.
fn group_matches<G, const C: usize, const U: usize>(
    what: &str,
    bytes: &[u8],
    blst: fn(&[u8], bool) -> bool,
) where
    G: group::GroupEncoding<Repr = ByteRepr<C>>
        + group::UncompressedEncoding<Uncompressed = ByteRepr<U>>,
{
    let c: [u8; C] = bytes[..C].try_into().unwrap();
    let u: [u8; U] = bytes[..U].try_into().unwrap();
    let cases: [(&str, bool, bool); 4] = [
        (
            "from_bytes",
            G::from_bytes(&ByteRepr(c)).is_some().into(),
            blst(&c, true),
        ),
        (
            "from_bytes_unchecked",
            G::from_bytes_unchecked(&ByteRepr(c)).is_some().into(),
            blst(&c, false),
        ),
        (
            "from_uncompressed",
            G::from_uncompressed(&ByteRepr(u)).is_some().into(),
            blst(&u, true),
        ),
        (
            "from_uncompressed_unchecked",
            G::from_uncompressed_unchecked(&ByteRepr(u))
                .is_some()
                .into(),
            blst(&u, false),
        ),
    ];
    for (name, ours, theirs) in cases {
        assert_eq!(
            ours, theirs,
            "{what}::{name}: ctt {ours}, blst {theirs} on {bytes:02x?}"
        );
    }
    if let Some(p) = Option::<G>::from(G::from_bytes(&ByteRepr(c))) {
        assert_eq!(p.to_bytes().0, c, "{what}::to_bytes");
    }
    if let Some(p) = Option::<G>::from(G::from_uncompressed(&ByteRepr(u))) {
        assert_eq!(p.to_uncompressed().0, u, "{what}::to_uncompressed");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (kind, mode, mutation) = (r.u8(), r.u8(), r.u8());
    // Valid material from a key of the input: its public key (G1) and a signature (G2), in
    // both ZCash encodings; BN254 points as multiples of the generators.
    let ikm: [u8; 32] = r.array();
    let sk = ctt_bls::SecretKey::key_gen(&ikm, b"").unwrap();
    let pk = sk.sk_to_pk();
    let sig = sk.sign(&ikm);
    match kind % 8 {
        0 => {
            let mut b = pk.as_affine().to_compressed();
            mutate(mutation, &mut r, &mut b);
            let text = json(mode, &mut r, &b);
            serde_matches::<c381::G1Affine, 48>(
                "G1Affine",
                &text,
                |b| blst_g1(b, true),
                |p| p.to_compressed(),
            );
            serde_matches::<ctt_bls::PublicKey, 48>(
                "PublicKey",
                &text,
                |b| bm::PublicKey::key_validate(b).is_ok(),
                |p| p.to_bytes(),
            );
        }
        1 => {
            let mut b = sig.as_affine().to_compressed();
            mutate(mutation, &mut r, &mut b);
            let text = json(mode, &mut r, &b);
            serde_matches::<c381::G2Affine, 96>(
                "G2Affine",
                &text,
                |b| blst_g2(b, true),
                |p| p.to_compressed(),
            );
            serde_matches::<ctt_bls::Signature, 96>(
                "Signature",
                &text,
                |b| bm::Signature::sig_validate(b, false).is_ok(),
                |s| s.to_bytes(),
            );
        }
        2 => {
            let k = fbn::Fr::from_u64(u64::from_le_bytes(ikm[..8].try_into().unwrap()));
            let mut b = cbn::G1Projective::generator()
                .mul_vartime(&k)
                .to_affine()
                .to_evm_bytes();
            mutate(mutation, &mut r, &mut b);
            let text = json(mode, &mut r, &b);
            serde_matches::<cbn::G1Affine, 64>(
                "bn254::G1Affine",
                &text,
                |b| cbn::G1Affine::from_evm_bytes(b).is_ok(),
                |p| p.to_evm_bytes(),
            );
        }
        3 => {
            let k = fbn::Fr::from_u64(u64::from_le_bytes(ikm[..8].try_into().unwrap()));
            let mut b = cbn::G2Projective::generator()
                .mul_vartime(&k)
                .to_affine()
                .to_evm_bytes();
            mutate(mutation, &mut r, &mut b);
            let text = json(mode, &mut r, &b);
            serde_matches::<cbn::G2Affine, 128>(
                "bn254::G2Affine",
                &text,
                |b| cbn::G2Affine::from_evm_bytes(b).is_ok(),
                |p| p.to_evm_bytes(),
            );
        }
        4 => {
            // Field reprs: raw input, or steered to just below / at / above the modulus.
            let mut b: [u8; 48] = r.array();
            match mode % 4 {
                0 => {}
                1 => b[31] &= 0x7f,
                2 => b[47] &= 0x1f,
                _ => {
                    b[31] = 0x30 | (b[31] & 0x0f);
                    b[47] = 0x1a;
                }
            }
            ff_matches::<f381::Fp>("bls12_381::Fp", &b);
            ff_matches::<f381::Fr>("bls12_381::Fr", &b);
            ff_matches::<fbn::Fp>("bn254::Fp", &b);
            ff_matches::<fbn::Fr>("bn254::Fr", &b);
        }
        5 => {
            let mut b = pk.as_affine().to_uncompressed();
            if mode & 1 == 1 {
                b[..48].copy_from_slice(&pk.as_affine().to_compressed());
            }
            mutate(mutation, &mut r, &mut b);
            group_matches::<c381::G1Affine, 48, 96>("G1Affine", &b, blst_g1);
        }
        _ => {
            let mut b = sig.as_affine().to_uncompressed();
            if mode & 1 == 1 {
                b[..96].copy_from_slice(&sig.as_affine().to_compressed());
            }
            mutate(mutation, &mut r, &mut b);
            group_matches::<c381::G2Affine, 96, 192>("G2Affine", &b, blst_g2);
        }
    }
});
