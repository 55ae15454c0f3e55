//! circomlib's MiMC hashes against circomlibjs' outputs (`tests/vectors/groth16/mimc/`, written
//! by `tools/groth16-vectors/mimc_vectors.mjs`), and the round constants re-derived from their
//! seeds with Keccak-256.

use ctt_field::PrimeField;
use ctt_field::bn254::Fr;
use ctt_groth16::codec::decimal::{fe_to_decimal, scalar_from_decimal};
use ctt_groth16::mimc::constants::{MIMC_SPONGE_CONSTANTS, MIMC7_CONSTANTS};
use ctt_groth16::mimc::{mimc_feistel, mimc_sponge, mimc7, mimc7_multi};
use ctt_hash::keccak256;
use num_bigint::BigUint;
use serde_json::Value;
use std::path::PathBuf;

fn vectors() -> Value {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/groth16/mimc/circomlibjs.json");
    serde_json::from_slice(&std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .unwrap()
}

fn fr(v: &Value) -> Fr {
    scalar_from_decimal(v.as_str().unwrap()).unwrap()
}

fn frs(v: &Value) -> Vec<Fr> {
    v.as_array().unwrap().iter().map(fr).collect()
}

/// circomlibjs' derivation: `h = Keccak-256(seed)`, then `cᵢ = (h ← Keccak-256(h)) mod r` for
/// i ≥ 1, `c₀ = 0` (and for MiMCSponge the last constant 0 too).
fn derive(seed: &str, rounds: usize, last_zero: bool) -> Vec<Fr> {
    let r = BigUint::from_bytes_be(&(-Fr::from_u64(1)).to_bytes_be()) + 1u32;
    let mut h = keccak256(seed.as_bytes());
    let mut c = vec![Fr::from_u64(0)];
    for _ in 1..rounds {
        h = keccak256(&h);
        let v = BigUint::from_bytes_be(&h) % &r;
        c.push(scalar_from_decimal(&v.to_string()).unwrap());
    }
    if last_zero {
        c[rounds - 1] = Fr::from_u64(0);
    }
    c
}

#[test]
fn constants_rederived_from_the_seeds() {
    assert_eq!(
        derive("mimcsponge", 220, true),
        MIMC_SPONGE_CONSTANTS.to_vec()
    );
    assert_eq!(derive("mimc", 91, false), MIMC7_CONSTANTS.to_vec());
    let v = vectors();
    assert_eq!(frs(&v["sponge_constants"]), MIMC_SPONGE_CONSTANTS.to_vec());
    assert_eq!(frs(&v["mimc7_constants"]), MIMC7_CONSTANTS.to_vec());
    assert_eq!(fe_to_decimal(&-Fr::from_u64(1)), {
        let r: BigUint = v["r"].as_str().unwrap().parse().unwrap();
        (r - 1u32).to_string()
    });
}

#[test]
fn feistel_matches_circomlibjs() {
    let v = vectors();
    let cases = v["feistel"].as_array().unwrap();
    assert!(cases.len() >= 40);
    for c in cases {
        let (l, r) = mimc_feistel(&fr(&c["xl"]), &fr(&c["xr"]), &fr(&c["k"]));
        assert_eq!(vec![l, r], frs(&c["out"]), "{c}");
    }
}

#[test]
fn sponge_matches_circomlibjs() {
    let v = vectors();
    let cases = v["sponge"].as_array().unwrap();
    assert!(cases.len() >= 50);
    for c in cases {
        let want = frs(&c["outputs"]);
        let mut out = vec![Fr::from_u64(0); want.len()];
        mimc_sponge(&frs(&c["inputs"]), &fr(&c["k"]), &mut out);
        assert_eq!(out, want, "{c}");
    }
}

#[test]
fn mimc7_matches_circomlibjs() {
    let v = vectors();
    let single = v["mimc7"].as_array().unwrap();
    let multi = v["mimc7_multi"].as_array().unwrap();
    assert!(single.len() >= 16 && multi.len() >= 20);
    for c in single {
        assert_eq!(mimc7(&fr(&c["x"]), &fr(&c["k"])), fr(&c["out"]), "{c}");
    }
    for c in multi {
        assert_eq!(
            mimc7_multi(&frs(&c["inputs"]), &fr(&c["k"])),
            fr(&c["out"]),
            "{c}"
        );
    }
}

/// A changed input, key or round constant changes the output (the tests above cannot pass on
/// a function that ignores its arguments).
#[test]
fn every_argument_matters() {
    let (a, b, k) = (Fr::from_u64(5), Fr::from_u64(6), Fr::from_u64(7));
    let h = mimc_feistel(&a, &b, &k);
    assert_ne!(h, mimc_feistel(&b, &a, &k));
    assert_ne!(h, mimc_feistel(&a, &b, &a));
    assert_ne!(mimc7(&a, &k), mimc7(&b, &k));
    assert_ne!(mimc7(&a, &k), mimc7(&a, &b));
}
