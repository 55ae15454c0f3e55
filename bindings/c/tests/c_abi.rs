//! The C test programs of `tests/c/` (see `common/mod.rs` for how they are compiled and run)
//! on the official vectors of `tests/vectors`, which this file converts from JSON into the line
//! files the programs read (`tests/c/common.h` describes the format): KZG and PeerDAS through
//! `ckzg.h`, BLS through `ctt_bls.h`, the precompiles through `ctt_evm.h`, the bad-input matrix,
//! and a check that every header compiles alone and every declared function links.

mod common;

use common::*;
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Every EIP-4844 / EIP-7594 vector as a line: operation, case name, inputs, output.
fn kzg_vector_lines() -> Vec<String> {
    const HANDLERS: [(&str, &[&str]); 12] = [
        ("blob_to_kzg_commitment", &["blob"]),
        ("compute_kzg_proof", &["blob", "z"]),
        ("compute_blob_kzg_proof", &["blob", "commitment"]),
        ("verify_kzg_proof", &["commitment", "z", "y", "proof"]),
        ("verify_blob_kzg_proof", &["blob", "commitment", "proof"]),
        (
            "verify_blob_kzg_proof_batch",
            &["blobs", "commitments", "proofs"],
        ),
        ("compute_challenge", &["blob", "commitment"]),
        ("compute_cells", &["blob"]),
        ("compute_cells_and_kzg_proofs", &["blob"]),
        ("recover_cells_and_kzg_proofs", &["cell_indices", "cells"]),
        (
            "verify_cell_kzg_proof_batch",
            &["commitments", "cell_indices", "cells", "proofs"],
        ),
        (
            "compute_verify_cell_kzg_proof_batch_challenge",
            &[
                "commitments",
                "commitment_indices",
                "cell_indices",
                "cosets_evals",
                "proofs",
            ],
        ),
    ];
    let root = vectors().join("cryptography-specs/kzg");
    let mut lines = Vec::new();
    for (handler, keys) in HANDLERS {
        let cases = spec_cases(&root.join(handler));
        assert!(!cases.is_empty(), "{handler}: no vectors");
        for (name, case) in cases {
            let mut line = format!("{handler} {name}");
            for key in keys {
                let v = &case["input"][key];
                let v = if *key == "cosets_evals" {
                    cosets_to_cells(v)
                } else {
                    v.clone()
                };
                write!(line, " {}", field(&v)).unwrap();
            }
            write!(line, " {}", field(&case["output"])).unwrap();
            lines.push(line);
        }
    }
    lines
}

#[test]
fn kzg_vectors_through_ckzg_h() {
    let all = kzg_vector_lines();
    assert!(all.len() >= 200, "{} KZG vectors", all.len());
    let lines = sample(all, |l| fields(l, 1));
    let file = write_lines("kzg_vectors.txt", &lines);
    let exe = compile("kzg_vectors", &["kzg_vectors.c"]);
    // The embedded setup with the fastest tables and the text file with none; quick: the
    // embedded setup without tables (building them under valgrind takes minutes).
    let runs = if quick() {
        vec![("mainnet", "0")]
    } else {
        vec![("mainnet", "8"), ("file", "0")]
    };
    for (setup, precompute) in runs {
        let setup_path = match setup {
            "mainnet" => PathBuf::from("mainnet"),
            _ => trusted_setup_txt(),
        };
        let out = run(&exe, &[&file, &setup_path, Path::new(precompute)]);
        assert_eq!(vectors_run(&out), lines.len());
    }
}

/// The BLS vectors: ethereum/bls12-381-tests and the consensus specs' altair extensions.
fn bls_vector_lines() -> Vec<String> {
    let mut lines = Vec::new();
    let root = vectors().join("bls12-381-tests");
    let handlers: [(&str, &[&str]); 9] = [
        ("sign", &["privkey", "message"]),
        ("verify", &["pubkey", "message", "signature"]),
        ("aggregate", &[]),
        (
            "fast_aggregate_verify",
            &["pubkeys", "message", "signature"],
        ),
        ("aggregate_verify", &["pubkeys", "messages", "signature"]),
        ("batch_verify", &["pubkeys", "messages", "signatures"]),
        ("deserialization_G1", &["pubkey"]),
        ("deserialization_G2", &["signature"]),
        ("hash_to_G2", &[]),
    ];
    for (handler, keys) in handlers {
        if handler == "hash_to_G2" {
            // No C function hashes to G2 on its own (Sign does, and is covered above).
            continue;
        }
        let mut files: Vec<_> = std::fs::read_dir(root.join(handler))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{handler}: no vectors");
        for f in files {
            let case = read_json(&f);
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            let mut line = format!("{handler} {name}");
            if keys.is_empty() {
                write!(line, " {}", field(&case["input"])).unwrap();
            }
            for key in keys {
                write!(line, " {}", field(&case["input"][key])).unwrap();
            }
            write!(line, " {}", field(&case["output"])).unwrap();
            lines.push(line);
        }
    }
    let spec = vectors().join("cryptography-specs/bls");
    for (name, case) in spec_cases(&spec.join("eth_aggregate_pubkeys")) {
        lines.push(format!(
            "eth_aggregate_pubkeys {name} {} {}",
            field(&case["input"]),
            field(&case["output"])
        ));
    }
    for (name, case) in spec_cases(&spec.join("eth_fast_aggregate_verify")) {
        let i = &case["input"];
        lines.push(format!(
            "eth_fast_aggregate_verify {name} {} {} {} {}",
            field(&i["pubkeys"]),
            field(&i["message"]),
            field(&i["signature"]),
            field(&case["output"])
        ));
    }
    lines
}

#[test]
fn bls_vectors_through_ctt_bls_h() {
    let lines = bls_vector_lines();
    let file = write_lines("bls_vectors.txt", &lines);
    let exe = compile("bls_vectors", &["bls_vectors.c"]);
    let out = run(&exe, &[&file]);
    assert_eq!(vectors_run(&out), lines.len());
    assert!(lines.len() >= 80, "{} BLS vectors", lines.len());
}

/// Every precompile vector file, the precompile's address and the forks to run it on (as the
/// ctt-precompiles vector tests do), in the header's fork numbers.
const EVM_SUCCESS: &[(&str, u64, &[u32])] = &[
    ("geth-precompiles/ecRecover.json", 0x01, &[0, 6]),
    ("geth-precompiles/modexp.json", 0x05, &[1]),
    ("geth-precompiles/modexp_eip2565.json", 0x05, &[3]),
    ("geth-precompiles/modexp_eip7883.json", 0x05, &[6]),
    ("geth-precompiles/bn256Add.json", 0x06, &[6]),
    ("geth-precompiles/bn256ScalarMul.json", 0x07, &[6]),
    ("geth-precompiles/bn256Pairing.json", 0x08, &[6]),
    ("geth-precompiles/blake2F.json", 0x09, &[2, 6]),
    ("geth-precompiles/pointEvaluation.json", 0x0a, &[4, 6]),
    ("geth-precompiles/blsG1Add.json", 0x0b, &[5]),
    ("geth-precompiles/blsG1Mul.json", 0x0c, &[5]),
    ("geth-precompiles/blsG1MultiExp.json", 0x0c, &[5]),
    ("geth-precompiles/blsG2Add.json", 0x0d, &[5]),
    ("geth-precompiles/blsG2Mul.json", 0x0e, &[5]),
    ("geth-precompiles/blsG2MultiExp.json", 0x0e, &[5]),
    ("geth-precompiles/blsPairing.json", 0x0f, &[5]),
    ("geth-precompiles/blsMapG1.json", 0x10, &[5]),
    ("geth-precompiles/blsMapG2.json", 0x11, &[5]),
    ("geth-precompiles/p256Verify.json", 0x100, &[6]),
    ("eip-2537/add_G1_bls.json", 0x0b, &[6]),
    ("eip-2537/add_G2_bls.json", 0x0d, &[6]),
    ("eip-2537/mul_G1_bls.json", 0x0c, &[6]),
    ("eip-2537/msm_G1_bls.json", 0x0c, &[6]),
    ("eip-2537/mul_G2_bls.json", 0x0e, &[6]),
    ("eip-2537/pairing_check_bls.json", 0x0f, &[6]),
    ("eip-2537/map_fp_to_G1_bls.json", 0x10, &[6]),
    ("eip-2537/map_fp2_to_G2_bls.json", 0x11, &[6]),
];

const EVM_FAILURE: &[(&str, u64, u32)] = &[
    ("geth-precompiles/fail-blake2f.json", 0x09, 6),
    ("geth-precompiles/fail-blsG1Add.json", 0x0b, 5),
    ("geth-precompiles/fail-blsG1Mul.json", 0x0c, 5),
    ("geth-precompiles/fail-blsG1MultiExp.json", 0x0c, 5),
    ("geth-precompiles/fail-blsG2Add.json", 0x0d, 5),
    ("geth-precompiles/fail-blsG2Mul.json", 0x0e, 5),
    ("geth-precompiles/fail-blsG2MultiExp.json", 0x0e, 5),
    ("geth-precompiles/fail-blsPairing.json", 0x0f, 5),
    ("geth-precompiles/fail-blsMapG1.json", 0x10, 5),
    ("geth-precompiles/fail-blsMapG2.json", 0x11, 5),
    ("eip-2537/fail-add_G1_bls.json", 0x0b, 6),
    ("eip-2537/fail-add_G2_bls.json", 0x0d, 6),
    ("eip-2537/fail-mul_G1_bls.json", 0x0c, 6),
    ("eip-2537/fail-msm_G1_bls.json", 0x0c, 6),
    ("eip-2537/fail-mul_G2_bls.json", 0x0e, 6),
    ("eip-2537/fail-msm_G2_bls.json", 0x0e, 6),
    ("eip-2537/fail-pairing_check_bls.json", 0x0f, 6),
    ("eip-2537/fail-map_fp_to_G1_bls.json", 0x10, 6),
    ("eip-2537/fail-map_fp2_to_G2_bls.json", 0x11, 6),
];

fn evm_vector_lines() -> Vec<String> {
    let name_of = |c: &Value| c["Name"].as_str().unwrap_or("?").replace(' ', "_");
    let hex_of = |c: &Value, k: &str| field(&c[k]);
    let mut lines = Vec::new();
    for (file, address, forks) in EVM_SUCCESS {
        let cases = read_json(&vectors().join(file));
        for c in cases.as_array().unwrap() {
            for fork in *forks {
                lines.push(format!(
                    "ok {} {address:#x} {fork} {} {} {}",
                    name_of(c),
                    c["Gas"].as_u64().unwrap(),
                    hex_of(c, "Input"),
                    hex_of(c, "Expected")
                ));
            }
        }
    }
    for (file, address, fork) in EVM_FAILURE {
        let cases = read_json(&vectors().join(file));
        for c in cases.as_array().unwrap() {
            lines.push(format!(
                "fail {} {address:#x} {fork} {}",
                name_of(c),
                hex_of(c, "Input")
            ));
        }
    }
    lines
}

#[test]
fn precompile_vectors_through_ctt_evm_h() {
    let all = evm_vector_lines();
    assert!(all.len() >= 1400, "{} precompile vectors", all.len());
    // Grouped by kind (ok/fail) and address.
    let lines = sample(all, |l| {
        let f: Vec<_> = l.split(' ').collect();
        format!("{} {}", f[0], f[2])
    });
    let file = write_lines("evm_vectors.txt", &lines);
    let exe = compile("evm_vectors", &["evm_vectors.c"]);
    let out = run(&exe, &[&file]);
    assert_eq!(vectors_run(&out), lines.len());
}

#[test]
fn bad_input_matrix() {
    let exe = compile("bad_input", &["bad_input.c"]);
    let out = run(&exe, &[&trusted_setup_txt()]);
    assert!(out.contains("bad_input: "), "{out}");
}

#[test]
fn every_header_compiles_alone_and_every_function_links() {
    // Each header on its own: self-contained, warning-free C99 (C11 for the zkVM standard's
    // header, which needs `_Alignas`).
    for header in [
        "ckzg.h",
        "ctt_kzg.h",
        "ctt_bls.h",
        "ctt_evm.h",
        "ctt_groth16.h",
        "ctt.h",
        "zkvm_accelerators.h",
    ] {
        let src = scratch().join(format!("only_{header}.c"));
        std::fs::create_dir_all(scratch()).unwrap();
        std::fs::write(
            &src,
            format!("#include \"{header}\"\nint main(void) {{ return 0; }}\n"),
        )
        .unwrap();
        let target = env!("CTT_FFI_TARGET");
        let compiler = cc::Build::new()
            .target(target)
            .host(target)
            .opt_level(0)
            .cargo_metadata(false)
            .get_compiler();
        let status = compiler
            .to_command()
            .arg(if header == "zkvm_accelerators.h" {
                "-std=c11"
            } else {
                "-std=c99"
            })
            .args(["-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I"])
            .arg(crate_dir().join("include"))
            .arg(&src)
            .status()
            .unwrap();
        assert!(status.success(), "{header} does not compile on its own");
    }
    let exe = compile("header_check", &["header_check.c"]);
    let out = run(&exe, &[]);
    assert!(out.contains("functions linked"), "{out}");
}
