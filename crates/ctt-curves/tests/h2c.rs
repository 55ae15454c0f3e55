//! RFC 9380 hash-to-curve for BLS12-381 against the official vectors: the four suites of RFC 9380
//! Appendix J.9–J.10 (hash_to_field outputs `u`, map_to_curve outputs `Q0`/`Q1` before cofactor
//! clearing, final points `P`), the EIP-2537 and go-ethereum MAP_FP_TO_G1 / MAP_FP2_TO_G2 vectors,
//! and structural checks (isogeny images on the curve, maps land in the subgroup).

use ctt_curves::bls12_381::{G1Projective, G2Projective};
use ctt_curves::h2c::hash_to_field;
use ctt_curves::{CurveError, CurveGroup};
use ctt_field::bls12_381::{Fp, Fp2};
use ctt_field::{Field, PrimeField, Rng};
use serde_json::Value;

fn vectors_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

fn load(rel: &str) -> Value {
    let path = vectors_dir().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("valid JSON")
}

/// `0x…` hex (any length ≤ 48 bytes) to a canonical Fp.
fn fp_hex(s: &str) -> Fp {
    let b = hex::decode(s.trim_start_matches("0x")).expect("hex");
    let mut repr = [0u8; 48];
    repr[48 - b.len()..].copy_from_slice(&b);
    Option::from(Fp::from_bytes_be(&repr)).expect("canonical")
}

/// The RFC JSON writes an Fp2 element as `"0x<c0>,0x<c1>"`.
fn fp2_hex(s: &str) -> Fp2 {
    let (c0, c1) = s.split_once(',').expect("c0,c1");
    Fp2::new(fp_hex(c0), fp_hex(c1))
}

fn affine_g1(p: &G1Projective) -> (Fp, Fp) {
    let a = p.to_affine();
    assert!(!bool::from(a.infinity));
    (a.x, a.y)
}

fn affine_g2(p: &G2Projective) -> (Fp2, Fp2) {
    let a = p.to_affine();
    assert!(!bool::from(a.infinity));
    (a.x, a.y)
}

fn check_g1(p: &G1Projective, v: &Value, what: &str) {
    let (x, y) = affine_g1(p);
    assert_eq!(x, fp_hex(v["x"].as_str().unwrap()), "{what}.x");
    assert_eq!(y, fp_hex(v["y"].as_str().unwrap()), "{what}.y");
}

fn check_g2(p: &G2Projective, v: &Value, what: &str) {
    let (x, y) = affine_g2(p);
    assert_eq!(x, fp2_hex(v["x"].as_str().unwrap()), "{what}.x");
    assert_eq!(y, fp2_hex(v["y"].as_str().unwrap()), "{what}.y");
}

const SUITE_DIR: &str = "hash-to-curve";

#[test]
fn g1_hash_to_curve_ro() {
    let d = load(&format!("{SUITE_DIR}/BLS12381G1_XMD:SHA-256_SSWU_RO_.json"));
    let dst = d["dst"].as_str().unwrap().as_bytes();
    let vs = d["vectors"].as_array().unwrap();
    assert!(!vs.is_empty());
    for v in vs {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let mut u = [Fp::ZERO; 2];
        hash_to_field(msg, dst, &mut u).unwrap();
        for (i, ui) in u.iter().enumerate() {
            assert_eq!(
                *ui,
                fp_hex(v["u"][i].as_str().unwrap()),
                "u[{i}] for {msg:?}"
            );
        }
        check_g1(&G1Projective::map_to_curve_uncleared(&u[0]), &v["Q0"], "Q0");
        check_g1(&G1Projective::map_to_curve_uncleared(&u[1]), &v["Q1"], "Q1");
        let p = G1Projective::hash_to_curve(msg, dst).unwrap();
        check_g1(&p, &v["P"], "P");
        assert!(bool::from(p.is_torsion_free()));
    }
}

#[test]
fn g1_encode_to_curve_nu() {
    let d = load(&format!("{SUITE_DIR}/BLS12381G1_XMD:SHA-256_SSWU_NU_.json"));
    let dst = d["dst"].as_str().unwrap().as_bytes();
    for v in d["vectors"].as_array().unwrap() {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let mut u = [Fp::ZERO; 1];
        hash_to_field(msg, dst, &mut u).unwrap();
        assert_eq!(u[0], fp_hex(v["u"][0].as_str().unwrap()), "u for {msg:?}");
        check_g1(&G1Projective::map_to_curve_uncleared(&u[0]), &v["Q"], "Q");
        check_g1(
            &G1Projective::encode_to_curve(msg, dst).unwrap(),
            &v["P"],
            "P",
        );
        check_g1(&G1Projective::map_to_curve(&u[0]), &v["P"], "map_to_curve");
    }
}

#[test]
fn g2_hash_to_curve_ro() {
    let d = load(&format!("{SUITE_DIR}/BLS12381G2_XMD:SHA-256_SSWU_RO_.json"));
    let dst = d["dst"].as_str().unwrap().as_bytes();
    let vs = d["vectors"].as_array().unwrap();
    assert!(!vs.is_empty());
    for v in vs {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let mut u = [Fp2::ZERO; 2];
        hash_to_field(msg, dst, &mut u).unwrap();
        for (i, ui) in u.iter().enumerate() {
            assert_eq!(
                *ui,
                fp2_hex(v["u"][i].as_str().unwrap()),
                "u[{i}] for {msg:?}"
            );
        }
        check_g2(&G2Projective::map_to_curve_uncleared(&u[0]), &v["Q0"], "Q0");
        check_g2(&G2Projective::map_to_curve_uncleared(&u[1]), &v["Q1"], "Q1");
        let p = G2Projective::hash_to_curve(msg, dst).unwrap();
        check_g2(&p, &v["P"], "P");
        assert!(bool::from(p.is_torsion_free()));
    }
}

#[test]
fn g2_encode_to_curve_nu() {
    let d = load(&format!("{SUITE_DIR}/BLS12381G2_XMD:SHA-256_SSWU_NU_.json"));
    let dst = d["dst"].as_str().unwrap().as_bytes();
    for v in d["vectors"].as_array().unwrap() {
        let msg = v["msg"].as_str().unwrap().as_bytes();
        let mut u = [Fp2::ZERO; 1];
        hash_to_field(msg, dst, &mut u).unwrap();
        assert_eq!(u[0], fp2_hex(v["u"][0].as_str().unwrap()), "u for {msg:?}");
        check_g2(&G2Projective::map_to_curve_uncleared(&u[0]), &v["Q"], "Q");
        check_g2(
            &G2Projective::encode_to_curve(msg, dst).unwrap(),
            &v["P"],
            "P",
        );
        check_g2(&G2Projective::map_to_curve(&u[0]), &v["P"], "map_to_curve");
    }
}

// ---- EIP-2537 MAP_FP_TO_G1 / MAP_FP2_TO_G2 ----------------------------------------------------
// Test-local decoding of the 64-byte padded encoding (the EVM codec lives in another module).

/// Why a precompile input is rejected, mirroring the geth error strings of the fail- vectors.
#[derive(Debug, PartialEq)]
enum Reject {
    Length,
    TopBytes,
    NonCanonical,
}

/// A 64-byte EIP-2537 field element: 16 zero bytes, then 48 big-endian bytes `< p`.
fn decode_fp64(b: &[u8]) -> Result<Fp, Reject> {
    if b.len() != 64 {
        return Err(Reject::Length);
    }
    if b[..16].iter().any(|&x| x != 0) {
        return Err(Reject::TopBytes);
    }
    let repr: [u8; 48] = b[16..].try_into().unwrap();
    Option::from(Fp::from_bytes_be(&repr)).ok_or(Reject::NonCanonical)
}

fn decode_fp2_128(b: &[u8]) -> Result<Fp2, Reject> {
    if b.len() != 128 {
        return Err(Reject::Length);
    }
    Ok(Fp2::new(decode_fp64(&b[..64])?, decode_fp64(&b[64..])?))
}

fn encode_fp64(x: &Fp, out: &mut Vec<u8>) {
    out.extend_from_slice(&[0u8; 16]);
    out.extend_from_slice(&x.to_bytes_be());
}

fn map_g1_precompile(input: &[u8]) -> Result<Vec<u8>, Reject> {
    let u = decode_fp64(input)?;
    let (x, y) = affine_g1(&G1Projective::map_to_curve(&u));
    let mut out = Vec::with_capacity(128);
    encode_fp64(&x, &mut out);
    encode_fp64(&y, &mut out);
    Ok(out)
}

fn map_g2_precompile(input: &[u8]) -> Result<Vec<u8>, Reject> {
    let u = decode_fp2_128(input)?;
    let (x, y) = affine_g2(&G2Projective::map_to_curve(&u));
    let mut out = Vec::with_capacity(256);
    for c in [x.c0, x.c1, y.c0, y.c1] {
        encode_fp64(&c, &mut out);
    }
    Ok(out)
}

fn expected_reject(msg: &str) -> Reject {
    match msg {
        "invalid input length" => Reject::Length,
        "invalid field element top bytes" => Reject::TopBytes,
        "invalid fp.Element encoding" => Reject::NonCanonical,
        other => panic!("unknown expected error {other:?}"),
    }
}

fn run_precompile_file(rel: &str, f: fn(&[u8]) -> Result<Vec<u8>, Reject>) -> usize {
    let cases = load(rel);
    let cases = cases.as_array().unwrap();
    assert!(!cases.is_empty(), "{rel}");
    for c in cases {
        let name = c["Name"].as_str().unwrap();
        let input = hex::decode(c["Input"].as_str().unwrap()).unwrap();
        match (c.get("Expected"), c.get("ExpectedError")) {
            (Some(exp), _) => {
                let out = f(&input).unwrap_or_else(|e| panic!("{rel} {name}: rejected {e:?}"));
                assert_eq!(hex::encode(out), exp.as_str().unwrap(), "{rel} {name}");
            }
            (None, Some(err)) => {
                let got = f(&input).expect_err(name);
                assert_eq!(got, expected_reject(err.as_str().unwrap()), "{rel} {name}");
            }
            _ => panic!("{rel} {name}: neither Expected nor ExpectedError"),
        }
    }
    cases.len()
}

#[test]
fn eip2537_map_fp_to_g1() {
    run_precompile_file("eip-2537/map_fp_to_G1_bls.json", map_g1_precompile);
    run_precompile_file("eip-2537/fail-map_fp_to_G1_bls.json", map_g1_precompile);
    run_precompile_file("geth-precompiles/blsMapG1.json", map_g1_precompile);
}

#[test]
fn eip2537_map_fp2_to_g2() {
    run_precompile_file("eip-2537/map_fp2_to_G2_bls.json", map_g2_precompile);
    run_precompile_file("eip-2537/fail-map_fp2_to_G2_bls.json", map_g2_precompile);
    run_precompile_file("geth-precompiles/blsMapG2.json", map_g2_precompile);
}

// ---- structural checks ------------------------------------------------------------------------

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

/// Random inputs and the exceptional ones: the isogeny image is on E (this pins every isogeny
/// coefficient: a wrong one moves the image off the curve), and the cleared point is in the subgroup.
#[test]
fn maps_land_on_the_curve_and_in_the_subgroup() {
    let mut rng = SplitMix(0x4832_4332);
    let mut g1_inputs = vec![Fp::ZERO, Fp::ONE, -Fp::ONE];
    let mut g2_inputs = vec![Fp2::ZERO, Fp2::ONE, -Fp2::ONE, Fp2::new(Fp::ZERO, Fp::ONE)];
    for _ in 0..16 {
        g1_inputs.push(Fp::random(&mut rng));
        g2_inputs.push(Fp2::random(&mut rng));
    }
    for u in &g1_inputs {
        let q = G1Projective::map_to_curve_uncleared(u);
        assert!(
            bool::from(q.is_on_curve()),
            "G1 isogeny image off the curve for {u:?}"
        );
        assert!(!bool::from(q.is_identity()));
        let p = G1Projective::map_to_curve(u);
        assert!(bool::from(p.is_on_curve() & p.is_torsion_free()));
        // u and −u share x and have opposite y (the sign is sgn0(u)), unless u = 0.
        let q_neg = G1Projective::map_to_curve_uncleared(&-*u);
        if !bool::from(u.is_zero()) {
            assert_eq!(q_neg, -q);
        }
    }
    for u in &g2_inputs {
        let q = G2Projective::map_to_curve_uncleared(u);
        assert!(
            bool::from(q.is_on_curve()),
            "G2 isogeny image off the curve for {u:?}"
        );
        let p = G2Projective::map_to_curve(u);
        assert!(bool::from(p.is_on_curve() & p.is_torsion_free()));
        let q_neg = G2Projective::map_to_curve_uncleared(&-*u);
        if !bool::from(u.is_zero()) {
            assert_eq!(q_neg, -q);
        }
    }
}

/// hash_to_curve equals the sum of the two uncleared maps, cleared: checks the addition on E′
/// before the isogeny against two isogeny evaluations.
#[test]
fn hash_to_curve_is_sum_of_maps() {
    let dst = b"CTT-TEST-DST";
    for msg in [&b""[..], b"abc", &[0x5a; 300]] {
        let mut u = [Fp::ZERO; 2];
        hash_to_field(msg, dst, &mut u).unwrap();
        let sum = G1Projective::map_to_curve_uncleared(&u[0])
            + G1Projective::map_to_curve_uncleared(&u[1]);
        assert_eq!(
            G1Projective::hash_to_curve(msg, dst).unwrap(),
            sum.clear_cofactor()
        );

        let mut u = [Fp2::ZERO; 2];
        hash_to_field(msg, dst, &mut u).unwrap();
        let sum = G2Projective::map_to_curve_uncleared(&u[0])
            + G2Projective::map_to_curve_uncleared(&u[1]);
        assert_eq!(
            G2Projective::hash_to_curve(msg, dst).unwrap(),
            sum.clear_cofactor()
        );
    }
}

#[test]
fn errors() {
    assert!(matches!(
        G1Projective::hash_to_curve(b"msg", b""),
        Err(CurveError::Hash(_))
    ));
    assert!(matches!(
        G2Projective::encode_to_curve(b"msg", b""),
        Err(CurveError::Hash(_))
    ));
    let mut too_many = [Fp2::ZERO; 5];
    assert_eq!(
        hash_to_field(b"msg", b"DST", &mut too_many),
        Err(CurveError::InvalidLength)
    );
    // A DST over 255 bytes is hashed (RFC 9380 §5.3.3), not rejected.
    assert!(G1Projective::hash_to_curve(b"msg", &[b'D'; 300]).is_ok());
}
