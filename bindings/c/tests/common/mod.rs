//! Shared by the C-ABI integration tests: compiling the C programs of `tests/c/` against
//! `include/` and `libctt.a`, running them, and writing the line files they read.
//!
//! Environment knobs, for CI's extra runs of the same programs:
//! * `CTT_C_TEST_WRAPPER`: a command to run each program under (`valgrind --error-exitcode=99 …`);
//! * `CTT_C_TEST_CFLAGS`: extra compiler flags (`-fsanitize=address`), `CC` the compiler;
//! * `CTT_C_TEST_QUICK=1`, for slow wrappers: every fifth vector of each operation (every
//!   function and path still runs), the KZG vectors once (the embedded setup without cell
//!   tables) instead of twice, and `bad_input` without its two full setup loads;
//!   `CTT_C_TEST_SAMPLE=N` makes it every N-th (valgrind: each KZG vector is a 4096-point MSM
//!   at ~50× its native time).

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn vectors() -> PathBuf {
    crate_dir().join("../../tests/vectors")
}

pub fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ctt-c-tests")
}

/// `libctt.a` from the build this test was built by: `target/<profile>/deps/libctt.a`. The
/// library's staticlib, cdylib and rlib come out of one rustc run, and cargo names them without
/// a hash suffix, so that path holds the staticlib of the last build of `ctt-ffi`: this test's
/// own, or a later one from the same sources (a source change makes this test's build compile
/// the library again). The uplifted `target/<profile>/libctt.a` is not it: cargo refreshes
/// that link only when a command builds the package's library itself, so after a
/// workspace-wide `cargo test` it can be stale. Building the library here instead, with
/// `cargo build -p ctt-ffi`, would compile every crate a second time whenever the selection that
/// built this test unified other features (the workspace's `default`s).
pub fn libctt() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("target/<profile>/deps");
    let lib = deps.join("libctt.a");
    assert!(
        lib.exists(),
        "{} not built (cargo builds it with this test)",
        lib.display()
    );
    lib
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

/// With `CTT_C_TEST_QUICK=1`, every [`stride`]-th line of each group (lines with the same
/// `key`), starting with the first; otherwise all.
pub fn sample(lines: Vec<String>, key: impl Fn(&str) -> String) -> Vec<String> {
    if !quick() {
        return lines;
    }
    let stride = stride();
    let mut seen = std::collections::HashMap::<String, usize>::new();
    lines
        .into_iter()
        .filter(|l| {
            let n = seen.entry(key(l)).or_default();
            *n += 1;
            (*n - 1).is_multiple_of(stride)
        })
        .collect()
}

/// The quick runs' sampling stride: `CTT_C_TEST_SAMPLE` (a positive integer), else 5.
pub fn stride() -> usize {
    let value = std::env::var("CTT_C_TEST_SAMPLE").ok();
    match value.as_deref().map(str::parse::<usize>) {
        None => 5,
        Some(Ok(n)) if n >= 1 => n,
        Some(_) => panic!("CTT_C_TEST_SAMPLE must be a positive integer: {value:?}"),
    }
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
