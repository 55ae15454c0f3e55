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

/// MODEXP with `Bl = 42775`, an exponent length near 2^255 and `Ml = 0`, given `u64::MAX` gas on
/// Berlin. The price saturates at `u64::MAX`, so the call is paid for, and with a zero-length
/// modulus the result is empty without reading the operands (go-ethereum: `LeftPadBytes(…, 0)`).
/// Found by `precompiles_vs_revm` when revm-precompile 43 (the oracle) panicked on it
/// (`right_pad_vec`: capacity overflow); ctt must answer, not allocate the declared lengths.
#[test]
fn modexp_zero_modulus_with_huge_exponent_length_and_all_the_gas() {
    let mut input = vec![0u8; 96];
    input[30..32].copy_from_slice(&42775u16.to_be_bytes());
    input[32] = 0x9e;
    input[33..45].copy_from_slice(&[
        0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51, 1, 0, 0,
    ]);
    let gas = ctt_precompiles::gas_cost(0x05, &input, Fork::Berlin).unwrap();
    assert_eq!(gas, u64::MAX);
    assert_eq!(
        run(0x05, &input, u64::MAX, Fork::Berlin),
        Ok(Output {
            gas_used: u64::MAX,
            bytes: vec![]
        })
    );
    // One gas short: out of gas.
    assert!(run(0x05, &input, u64::MAX - 1, Fork::Berlin).is_err());
}
