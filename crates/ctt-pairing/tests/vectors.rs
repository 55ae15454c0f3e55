//! Official pairing-check vectors: EIP-2537 (`tests/vectors/eip-2537/pairing_check_bls.json`), and
//! go-ethereum's `bn256Pairing.json` (EIP-197) and `blsPairing.json` (EIP-2537), see
//! `tests/vectors/MANIFEST.md`. The byte decoding here is a test helper only (the EVM codec belongs
//! to the curve and precompile layers); malformed-input (`fail-`) vectors are theirs too.

use ctt_curves::AffineRepr;
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_field::tower::Fp2;
use ctt_field::{Field, PrimeField, SqrtField};
use ctt_pairing::{bls12_381, bn254};

fn load(rel: &str) -> Vec<(Vec<u8>, bool, String)> {
    let path = format!("{}/../../tests/vectors/{rel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let input = hex::decode(e["Input"].as_str().unwrap()).unwrap();
            let out = hex::decode(e["Expected"].as_str().unwrap()).unwrap();
            assert_eq!(out.len(), 32);
            assert!(out[..31].iter().all(|b| *b == 0) && out[31] <= 1);
            (input, out[31] == 1, e["Name"].as_str().unwrap().to_string())
        })
        .collect()
}

/// A prime-field element from a big-endian slice (shorter than Repr: left-padded).
fn fp<F: PrimeField>(bytes: &[u8]) -> F {
    let mut repr = F::from_u64(0).to_bytes_be();
    let n = repr.as_ref().len();
    assert!(bytes.len() <= n);
    repr.as_mut()[n - bytes.len()..].copy_from_slice(bytes);
    F::from_bytes_be(&repr).into_option().expect("canonical")
}

/// A validated point from coordinates; all-zero coordinates are the identity.
fn point<C: SwCurveConfig>(x: C::Base, y: C::Base) -> Affine<C>
where
    C::Base: SqrtField,
{
    if x.is_zero_vartime() && y.is_zero_vartime() {
        return Affine::identity();
    }
    let p = Affine::<C>::new_unchecked(x, y);
    assert!(p.is_on_curve().to_bool_vartime(), "not on curve");
    assert!(p.is_torsion_free().to_bool_vartime(), "not in subgroup");
    p
}

fn bls_pairs(input: &[u8]) -> Vec<(bls12_381::G1Affine, bls12_381::G2Affine)> {
    use ctt_field::bls12_381::Fp;
    assert_eq!(input.len() % 384, 0);
    // EIP-2537: each Fp is 64 bytes, the top 16 zero.
    let f = |b: &[u8]| -> Fp {
        assert!(b[..16].iter().all(|x| *x == 0));
        fp(&b[16..64])
    };
    input
        .chunks(384)
        .map(|c| {
            let p = point(f(&c[0..64]), f(&c[64..128]));
            let x = Fp2::new(f(&c[128..192]), f(&c[192..256]));
            let y = Fp2::new(f(&c[256..320]), f(&c[320..384]));
            (p, point(x, y))
        })
        .collect()
}

fn bn_pairs(input: &[u8]) -> Vec<(bn254::G1Affine, bn254::G2Affine)> {
    use ctt_field::bn254::Fp;
    assert_eq!(input.len() % 192, 0);
    let f = |b: &[u8]| -> Fp { fp(b) };
    input
        .chunks(192)
        .map(|c| {
            let p = point(f(&c[0..32]), f(&c[32..64]));
            // EIP-197: imaginary part first.
            let x = Fp2::new(f(&c[96..128]), f(&c[64..96]));
            let y = Fp2::new(f(&c[160..192]), f(&c[128..160]));
            (p, point(x, y))
        })
        .collect()
}

#[test]
fn eip2537_pairing_check() {
    for (input, expected, name) in load("eip-2537/pairing_check_bls.json") {
        assert_eq!(
            bls12_381::pairing_check(&bls_pairs(&input)),
            expected,
            "{name}"
        );
    }
}

#[test]
fn geth_bls_pairing() {
    let cases = load("geth-precompiles/blsPairing.json");
    assert!(cases.len() > 50);
    for (input, expected, name) in cases {
        assert_eq!(
            bls12_381::pairing_check(&bls_pairs(&input)),
            expected,
            "{name}"
        );
    }
}

#[test]
fn geth_bn256_pairing() {
    let cases = load("geth-precompiles/bn256Pairing.json");
    assert!(!cases.is_empty());
    for (input, expected, name) in cases {
        assert_eq!(bn254::pairing_check(&bn_pairs(&input)), expected, "{name}");
    }
}
