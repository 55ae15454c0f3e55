//! The assembly kernels the crate compiles (`src/backend/generated/`) are exactly what the
//! generators in the repository's `asm/` directory print. The generators are not part of the
//! published crate; in a checkout of the repository (where `asm/` sits two levels up) this
//! test runs them with `python3` and compares byte for byte. The files are text and the same
//! for every target, so the check runs on x86-64 hosts only (CI's; the AArch64 run is under
//! QEMU in a chroot without the generators' environment).
#![cfg(target_arch = "x86_64")]

use std::path::{Path, PathBuf};
use std::process::Command;

fn check(generator: &str, generated: &str) {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script: PathBuf = crate_dir.join("../..").join(generator);
    if !script.exists() {
        // A packaged copy of the crate: the generators live only in the repository.
        eprintln!(
            "skipped: {} not found (not a repository checkout)",
            script.display()
        );
        return;
    }
    let out = Command::new("python3")
        .arg(&script)
        .output()
        .expect("python3 runs the kernel generator");
    assert!(
        out.status.success(),
        "{generator} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked_in = std::fs::read(crate_dir.join(generated)).expect("generated file present");
    assert!(
        out.stdout == checked_in,
        "{generated} differs from the output of {generator}: regenerate it (see the generator's docstring)"
    );
}

#[test]
fn x86_64_kernels_match_their_generator() {
    check(
        "asm/x86_64/gen_mont_adx.py",
        "src/backend/generated/mont_adx.rs",
    );
}

#[test]
fn aarch64_kernels_match_their_generator() {
    check(
        "asm/aarch64/gen_mont_arm64.py",
        "src/backend/generated/mont_arm64.s",
    );
}

#[test]
fn wasm_kernels_match_their_generator() {
    check(
        "asm/wasm/gen_radix29.py",
        "src/backend/generated/radix29.rs",
    );
}
