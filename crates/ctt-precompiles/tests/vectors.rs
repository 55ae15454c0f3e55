//! Every go-ethereum precompile vector and every EIP-2537 vector in `tests/vectors/` through
//! [`run`]: the output bytes and the gas of each success case (and `OutOfGas` one unit of gas
//! below it), and a failure for each `fail-` case whatever the gas.

use ctt_precompiles::{Fork, PrecompileError, run};
use serde_json::Value;

fn load(path: &str) -> Vec<Value> {
    let full = format!("{}/../../tests/vectors/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    serde_json::from_str::<Vec<Value>>(&text).expect("a JSON array")
}

fn hex_field(case: &Value, key: &str) -> Vec<u8> {
    hex::decode(case[key].as_str().expect("hex string")).expect("valid hex")
}

/// The success cases of `file` at `address` on `fork`; returns how many ran.
fn successes(file: &str, address: u64, fork: Fork) -> usize {
    let cases = load(file);
    for case in &cases {
        let name = case["Name"].as_str().unwrap_or("?");
        let input = hex_field(case, "Input");
        let expected = hex_field(case, "Expected");
        let gas = case["Gas"].as_u64().expect("Gas");
        let out = run(address, &input, gas, fork)
            .unwrap_or_else(|e| panic!("{file} {name}: failed with {e:?}"));
        assert_eq!(out.bytes, expected, "{file} {name}: output");
        assert_eq!(out.gas_used, gas, "{file} {name}: gas");
        assert_eq!(
            ctt_precompiles::gas_cost(address, &input, fork),
            Ok(gas),
            "{file} {name}"
        );
        if gas > 0 {
            assert_eq!(
                run(address, &input, gas - 1, fork),
                Err(PrecompileError::OutOfGas),
                "{file} {name}: one gas short"
            );
        }
    }
    assert!(!cases.is_empty(), "{file}: no cases");
    cases.len()
}

/// The failure cases of `file`; returns how many ran.
fn failures(file: &str, address: u64, fork: Fork) -> usize {
    let cases = load(file);
    for case in &cases {
        let name = case["Name"].as_str().unwrap_or("?");
        let input = hex_field(case, "Input");
        let r = run(address, &input, u64::MAX, fork);
        assert!(
            matches!(r, Err(e) if e != PrecompileError::OutOfGas),
            "{file} {name}: expected failure ({}), got {r:?}",
            case["ExpectedError"]
        );
    }
    assert!(!cases.is_empty(), "{file}: no cases");
    cases.len()
}

#[test]
fn bn254() {
    successes("geth-precompiles/bn256Add.json", 0x06, Fork::Osaka);
    successes("geth-precompiles/bn256ScalarMul.json", 0x07, Fork::Osaka);
    successes("geth-precompiles/bn256Pairing.json", 0x08, Fork::Osaka);
}

#[test]
fn point_evaluation() {
    successes("geth-precompiles/pointEvaluation.json", 0x0a, Fork::Cancun);
    successes("geth-precompiles/pointEvaluation.json", 0x0a, Fork::Osaka);
}

#[test]
fn bls12_geth() {
    let mut n = 0;
    for (file, address) in [
        ("blsG1Add", 0x0b),
        ("blsG1Mul", 0x0c),
        ("blsG1MultiExp", 0x0c),
        ("blsG2Add", 0x0d),
        ("blsG2Mul", 0x0e),
        ("blsG2MultiExp", 0x0e),
        ("blsPairing", 0x0f),
        ("blsMapG1", 0x10),
        ("blsMapG2", 0x11),
    ] {
        n += successes(
            &format!("geth-precompiles/{file}.json"),
            address,
            Fork::Prague,
        );
        n += failures(
            &format!("geth-precompiles/fail-{file}.json"),
            address,
            Fork::Prague,
        );
    }
    assert!(n > 600);
}

#[test]
fn bls12_eip2537() {
    for (file, address) in [
        ("add_G1_bls", 0x0b),
        ("add_G2_bls", 0x0d),
        ("mul_G1_bls", 0x0c),
        ("msm_G1_bls", 0x0c),
        ("mul_G2_bls", 0x0e),
        ("pairing_check_bls", 0x0f),
        ("map_fp_to_G1_bls", 0x10),
        ("map_fp2_to_G2_bls", 0x11),
    ] {
        successes(&format!("eip-2537/{file}.json"), address, Fork::Osaka);
    }
    for (file, address) in [
        ("fail-add_G1_bls", 0x0b),
        ("fail-add_G2_bls", 0x0d),
        ("fail-mul_G1_bls", 0x0c),
        ("fail-msm_G1_bls", 0x0c),
        ("fail-mul_G2_bls", 0x0e),
        ("fail-msm_G2_bls", 0x0e),
        ("fail-pairing_check_bls", 0x0f),
        ("fail-map_fp_to_G1_bls", 0x10),
        ("fail-map_fp2_to_G2_bls", 0x11),
    ] {
        failures(&format!("eip-2537/{file}.json"), address, Fork::Osaka);
    }
}

#[test]
fn blake2f() {
    successes("geth-precompiles/blake2F.json", 0x09, Fork::Istanbul);
    successes("geth-precompiles/blake2F.json", 0x09, Fork::Osaka);
    failures("geth-precompiles/fail-blake2f.json", 0x09, Fork::Osaka);
}

#[test]
fn modexp_on_each_pricing() {
    successes("geth-precompiles/modexp.json", 0x05, Fork::Byzantium);
    successes("geth-precompiles/modexp_eip2565.json", 0x05, Fork::Berlin);
    successes("geth-precompiles/modexp_eip7883.json", 0x05, Fork::Osaka);
}

#[test]
fn ecdsa() {
    successes("geth-precompiles/ecRecover.json", 0x01, Fork::Homestead);
    successes("geth-precompiles/ecRecover.json", 0x01, Fork::Osaka);
    assert!(successes("geth-precompiles/p256Verify.json", 0x100, Fork::Osaka) > 500);
}
