//! The C test programs of `tests/c/`, compiled with the system's C compiler (found by the `cc`
//! crate) against `include/` and `libctt.a`, and run on the official vectors of `tests/vectors`,
//! which this file converts from JSON into the line files the programs read (`tests/c/common.h`
//! describes the format).
//!
//! Environment knobs, for CI's extra runs of the same programs:
//! * `CTT_C_TEST_WRAPPER`: a command to run each program under (`valgrind --error-exitcode=99 …`);
//! * `CTT_C_TEST_CFLAGS`: extra compiler flags (`-fsanitize=address`), `CC` the compiler;
//! * `CTT_C_TEST_QUICK=1`, for slow wrappers: every fifth KZG and precompile vector of each
//!   operation (every function and path still runs), the KZG vectors once (the embedded setup
//!   without cell tables) instead of twice, and `bad_input` without its two full setup loads.

use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn vectors() -> PathBuf {
    crate_dir().join("../../tests/vectors")
}

fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ctt-c-tests")
}

/// `libctt.a`, built by cargo next to this test's binary (the library's crate types are built
/// together for the integration tests).
fn libctt() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps");
    let lib = profile_dir.join("libctt.a");
    assert!(lib.exists(), "{} not built", lib.display());
    lib
}

/// Compiles `sources` (in tests/c) into an executable linked against libctt.a.
fn compile(name: &str, sources: &[&str]) -> PathBuf {
    let out_dir = scratch();
    std::fs::create_dir_all(&out_dir).unwrap();
    let target = env!("CTT_FFI_TARGET");
    let compiler = cc::Build::new()
        .target(target)
        .host(target)
        .opt_level(1)
        .debug(true)
        .cargo_metadata(false)
        .warnings(true)
        .extra_warnings(true)
        .get_compiler();
    let exe = out_dir.join(name);
    let mut cmd = compiler.to_command();
    cmd.args(["-std=c11", "-Werror", "-Wno-unused-function"])
        .arg("-I")
        .arg(crate_dir().join("include"))
        .arg("-o")
        .arg(&exe);
    if let Ok(flags) = std::env::var("CTT_C_TEST_CFLAGS") {
        cmd.args(flags.split_whitespace());
    }
    for s in sources {
        cmd.arg(crate_dir().join("tests/c").join(s));
    }
    // libctt.a's own dependencies (`cargo rustc -- --print native-static-libs`).
    cmd.arg(libctt()).args([
        "-lpthread",
        "-ldl",
        "-lm",
        "-lrt",
        "-lutil",
        "-lgcc_s",
        "-lc",
    ]);
    let status = cmd.status().expect("running the C compiler");
    let args: Vec<_> = cmd.get_args().collect();
    assert!(
        status.success(),
        "compiling {name} failed: {:?} {args:?}",
        cmd.get_program()
    );
    exe
}

/// Runs a compiled program (under the wrapper, if any); asserts success and returns stdout.
fn run(exe: &Path, args: &[&Path]) -> String {
    let mut cmd = match std::env::var("CTT_C_TEST_WRAPPER") {
        Ok(w) if !w.trim().is_empty() => {
            let mut parts = w.split_whitespace();
            let mut c = Command::new(parts.next().unwrap());
            c.args(parts).arg(exe);
            c
        }
        _ => Command::new(exe),
    };
    cmd.args(args);
    let out = cmd.output().expect("running a C test program");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{} failed ({}):\n{stdout}\n{stderr}",
        exe.display(),
        out.status
    );
    print!("{stdout}");
    stdout
}

/// One field of a vector line: hex without `0x`, numbers and words as they are; `-` for an empty
/// list or empty bytes, `~` for an empty item; lists joined by `,`, lists of lists by `/`.
fn field(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            let h = s.strip_prefix("0x").unwrap_or(s).to_ascii_lowercase();
            if h.is_empty() { "-".into() } else { h }
        }
        Value::Array(a) if a.is_empty() => "-".into(),
        Value::Array(a) => {
            let sep = if a[0].is_array() { "/" } else { "," };
            a.iter()
                .map(|x| match field(x).as_str() {
                    "-" if sep == "," => "~".to_string(),
                    s => s.to_string(),
                })
                .collect::<Vec<_>>()
                .join(sep)
        }
        Value::Object(_) => panic!("no objects in vector fields"),
    }
}

/// The cells of `compute_verify_cell_kzg_proof_batch_challenge`, given as lists of field
/// elements: each cell is their concatenation.
fn cosets_to_cells(v: &Value) -> Value {
    Value::Array(
        v.as_array()
            .unwrap()
            .iter()
            .map(|coset| {
                let hex: String = coset
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e.as_str().unwrap().trim_start_matches("0x").to_string())
                    .collect();
                Value::String(hex)
            })
            .collect(),
    )
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The cases of one directory of per-case folders holding `data.json`, sorted by name.
fn spec_cases(dir: &Path) -> Vec<(String, Value)> {
    let mut cases: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|_| panic!("{} missing", dir.display()))
        .filter_map(|e| {
            let e = e.unwrap();
            let data = e.path().join("data.json");
            data.exists().then(|| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    read_json(&data),
                )
            })
        })
        .collect();
    cases.sort_by(|a, b| a.0.cmp(&b.0));
    cases
}

/// With `CTT_C_TEST_QUICK=1`, every fifth line of each group (lines with the same `key`),
/// starting with the first; otherwise all.
fn sample(lines: Vec<String>, key: impl Fn(&str) -> String) -> Vec<String> {
    if !quick() {
        return lines;
    }
    let mut seen = std::collections::HashMap::<String, usize>::new();
    lines
        .into_iter()
        .filter(|l| {
            let n = seen.entry(key(l)).or_default();
            *n += 1;
            (*n - 1) % 5 == 0
        })
        .collect()
}

/// The first `n` space-separated fields of a line.
fn fields(line: &str, n: usize) -> String {
    line.split(' ').take(n).collect::<Vec<_>>().join(" ")
}

/// Writes `lines` to a file in the scratch directory.
fn write_lines(name: &str, lines: &[String]) -> PathBuf {
    std::fs::create_dir_all(scratch()).unwrap();
    let path = scratch().join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The "N vectors" line of a program's output.
fn vectors_run(stdout: &str) -> usize {
    stdout
        .lines()
        .find_map(|l| l.strip_suffix(" vectors")?.parse().ok())
        .expect("a vector count")
}

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

fn trusted_setup_txt() -> PathBuf {
    crate_dir().join("../../crates/ctt-kzg/data/trusted_setup.txt")
}

fn quick() -> bool {
    std::env::var("CTT_C_TEST_QUICK").is_ok_and(|v| v == "1")
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
    // Each header on its own: self-contained, warning-free C99.
    for header in ["ckzg.h", "ctt_kzg.h", "ctt_bls.h", "ctt_evm.h", "ctt.h"] {
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
            .args([
                "-std=c99",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-fsyntax-only",
                "-I",
            ])
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
