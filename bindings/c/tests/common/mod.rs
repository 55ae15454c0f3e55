//! Shared by the C-ABI integration tests: compiling the C programs of `tests/c/` against
//! `include/` and `libctt.a`, running them, and writing the line files they read.
//!
//! Environment knobs, for CI's extra runs of the same programs:
//! * `CTT_C_TEST_WRAPPER`: a command to run each program under (`valgrind --error-exitcode=99 …`);
//! * `CTT_C_TEST_CFLAGS`: extra compiler flags (`-fsanitize=address`), `CC` the compiler;
//! * `CTT_C_TEST_QUICK=1`, for slow wrappers: every fifth vector of each operation (every
//!   function and path still runs), the KZG vectors once (the embedded setup without cell
//!   tables) instead of twice, and `bad_input` without its two full setup loads.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn vectors() -> PathBuf {
    crate_dir().join("../../tests/vectors")
}

pub fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ctt-c-tests")
}

/// `libctt.a`, brought up to date by `cargo build -p ctt-ffi --lib` on this test's target dir
/// and profile (`--profile test`, whose output directory is `debug`, or `--release`): `cargo
/// test` compiles the library's crate types but leaves only the rlib's name uplifted, so
/// `target/<profile>/libctt.a` can be stale without this (the build itself is a no-op when the
/// test's own build already made the same artifact).
pub fn libctt() -> PathBuf {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let exe = std::env::current_exe().expect("test binary path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>/deps");
        let mut target_dir = profile_dir.parent().expect("target dir").to_path_buf();
        let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        cmd.args(["build", "--quiet", "-p", "ctt-ffi", "--lib"]);
        let target = env!("CTT_FFI_TARGET");
        if target_dir.file_name().is_some_and(|d| d == target) {
            // target/<triple>/<profile>: a cross build.
            cmd.args(["--target", target]);
            target_dir.pop();
        }
        // The profile `cargo test` built this test's dependencies with (`test`, or `release`
        // under `--release`): with `-p ctt-ffi` alone the build is then a no-op, and after a
        // workspace-wide `cargo test` it makes the artifacts a later `cargo test -p ctt-ffi`
        // finds up to date (the `dev` profile would compile the library a second time).
        if profile_dir.file_name().is_some_and(|p| p == "release") {
            cmd.arg("--release");
        } else {
            cmd.args(["--profile", "test"]);
        }
        cmd.arg("--target-dir").arg(&target_dir);
        let status = cmd.status().expect("running cargo");
        assert!(status.success(), "cargo build -p ctt-ffi failed");
        let lib = profile_dir.join("libctt.a");
        assert!(lib.exists(), "{} not built", lib.display());
        lib
    })
    .clone()
}

/// Compiles `sources` (in tests/c) into an executable linked against libctt.a.
pub fn compile(name: &str, sources: &[&str]) -> PathBuf {
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
pub fn run(exe: &Path, args: &[&Path]) -> String {
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
pub fn field(v: &Value) -> String {
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
pub fn cosets_to_cells(v: &Value) -> Value {
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

pub fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The cases of one directory of per-case folders holding `data.json`, sorted by name.
pub fn spec_cases(dir: &Path) -> Vec<(String, Value)> {
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
pub fn sample(lines: Vec<String>, key: impl Fn(&str) -> String) -> Vec<String> {
    if !quick() {
        return lines;
    }
    let mut seen = std::collections::HashMap::<String, usize>::new();
    lines
        .into_iter()
        .filter(|l| {
            let n = seen.entry(key(l)).or_default();
            *n += 1;
            (*n - 1).is_multiple_of(5)
        })
        .collect()
}

/// The first `n` space-separated fields of a line.
pub fn fields(line: &str, n: usize) -> String {
    line.split(' ').take(n).collect::<Vec<_>>().join(" ")
}

/// Writes `lines` to a file in the scratch directory.
pub fn write_lines(name: &str, lines: &[String]) -> PathBuf {
    std::fs::create_dir_all(scratch()).unwrap();
    let path = scratch().join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The "N vectors" line of a program's output.
pub fn vectors_run(stdout: &str) -> usize {
    stdout
        .lines()
        .find_map(|l| l.strip_suffix(" vectors")?.parse().ok())
        .expect("a vector count")
}

pub fn trusted_setup_txt() -> PathBuf {
    crate_dir().join("../../crates/ctt-kzg/data/trusted_setup.txt")
}

pub fn quick() -> bool {
    std::env::var("CTT_C_TEST_QUICK").is_ok_and(|v| v == "1")
}
