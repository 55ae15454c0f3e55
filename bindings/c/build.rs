//! Tells the C test harness (tests/c_abi.rs) which target it compiles for.
fn main() {
    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    println!("cargo:rustc-env=CTT_FFI_TARGET={target}");
}
