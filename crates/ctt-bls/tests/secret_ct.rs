//! The secret-key module calls no variable-time function: its source text (every file of
//! `src/secret/`) may not contain the `_vartime` suffix, nor the public-data conversion of a
//! `Choice` that carries it. Transitively the module relies only on functions documented as
//! constant time (listed in its banner); the valgrind harness (`tools/ctgrind`, `bls-*` cases)
//! checks the compiled code.

const SOURCES: &[(&str, &str)] = &[
    ("src/secret/mod.rs", include_str!("../src/secret/mod.rs")),
    (
        "src/secret/eip2333.rs",
        include_str!("../src/secret/eip2333.rs"),
    ),
];

#[test]
fn secret_module_calls_no_vartime_function() {
    for (file, text) in SOURCES {
        for (line_no, line) in text.lines().enumerate() {
            assert!(
                !line.contains("_vartime"),
                "{file}:{}: a variable-time call in the secret-key module: {line}",
                line_no + 1
            );
        }
    }
}

#[test]
fn every_secret_source_file_is_scanned() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/secret");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| format!("src/secret/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    on_disk.sort();
    let mut scanned: Vec<String> = SOURCES.iter().map(|(f, _)| f.to_string()).collect();
    scanned.sort();
    assert_eq!(on_disk, scanned, "add new files of src/secret/ to SOURCES");
}

// The harness's planted leaks (feature `ctgrind-planted`) belong to its second binary only: a
// build that tests the library (`--all-features`, say) must not carry them.
#[cfg(feature = "ctgrind-planted")]
compile_error!(
    "feature ctgrind-planted plants secret branches: never enable it outside tools/ctgrind"
);
