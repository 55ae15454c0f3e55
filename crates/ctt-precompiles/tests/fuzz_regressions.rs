//! Findings of the differential fuzz targets (fuzz/), minimised, one test each. A test marked
//! `#[ignore]` is an open finding: it fails until the library is fixed, and the fix removes the
//! `ignore` (run them with `cargo test -p ctt-precompiles --test fuzz_regressions -- --ignored`).

use ctt_precompiles::{Fork, Output, run};

/// MODEXP whose base and modulus lengths are both zero and whose exponent length does not fit 64
/// bits (here 2^64). The price is `complexity(0) · iterations = 0` (with the 200-gas floor from
/// Berlin), so the call is paid for and, as EIP-198 has it (geth, revm), returns empty output
/// without reading the exponent. Found by `precompiles_vs_revm` (Byzantium, gas 30M): ctt
/// returned `ModexpInputTooLarge` on every fork before Osaka (Osaka's EIP-7823 length bound
/// rejects it first, in both). Fixed: the early return comes before the exponent length is read.
#[test]
fn modexp_zero_base_and_modulus_with_exponent_length_beyond_64_bits() {
    let mut input = [0u8; 96];
    input[32 + 23] = 1; // exp_len = 2^64
    for (fork, gas) in [
        (Fork::Byzantium, 0),
        (Fork::Istanbul, 0),
        (Fork::Berlin, 200),
        (Fork::Cancun, 200),
        (Fork::Prague, 200),
    ] {
        assert_eq!(
            run(0x05, &input, 30_000_000, fork),
            Ok(Output {
                gas_used: gas,
                bytes: vec![]
            }),
            "{fork:?}"
        );
    }
    assert!(run(0x05, &input, 30_000_000, Fork::Osaka).is_err());
}
