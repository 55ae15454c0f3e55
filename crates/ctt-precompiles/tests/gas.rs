//! Prices per fork for every precompile, activation by fork, and MODEXP's pricing edge cases
//! (zero lengths, lengths beyond the input, huge declared lengths, EIP-7823's bound).

use ctt_precompiles::{Fork, PrecompileError, PrecompileId, gas_cost, run};

const FORKS: [Fork; 7] = [
    Fork::Homestead,
    Fork::Byzantium,
    Fork::Istanbul,
    Fork::Berlin,
    Fork::Cancun,
    Fork::Prague,
    Fork::Osaka,
];

#[test]
fn activation_by_fork() {
    for id in PrecompileId::ALL {
        assert_eq!(PrecompileId::from_address(id.address()), Some(id));
        for fork in FORKS {
            let active = PrecompileId::active_at(id.address(), fork).is_some();
            assert_eq!(active, fork >= id.since(), "{id} on {fork:?}");
            if !active {
                assert_eq!(
                    run(id.address(), &[], u64::MAX, fork),
                    Err(PrecompileError::NotActive)
                );
                assert_eq!(
                    gas_cost(id.address(), &[], fork),
                    Err(PrecompileError::NotActive)
                );
            }
        }
    }
    // Nothing else is a precompile.
    for address in [0, 0x12, 0x13, 0xff, 0x101, 0x0100_0000] {
        assert_eq!(
            run(address, &[], u64::MAX, Fork::Osaka),
            Err(PrecompileError::NotActive)
        );
    }
    assert_eq!(
        PrecompileId::Bls12PairingCheck.to_string(),
        "BLS12_PAIRING_CHECK"
    );
    assert_eq!(PrecompileId::Identity.name(), "ID");
}

#[test]
fn word_priced_precompiles() {
    for (len, words) in [
        (0usize, 0u64),
        (1, 1),
        (32, 1),
        (33, 2),
        (64, 2),
        (1000, 32),
    ] {
        let input = vec![0xa5u8; len];
        for fork in FORKS {
            assert_eq!(gas_cost(0x02, &input, fork), Ok(60 + 12 * words));
            assert_eq!(gas_cost(0x03, &input, fork), Ok(600 + 120 * words));
            assert_eq!(gas_cost(0x04, &input, fork), Ok(15 + 3 * words));
        }
        let out = run(0x04, &input, 15 + 3 * words, Fork::Homestead).unwrap();
        assert_eq!(out.bytes, input);
    }
    // RIPEMD-160 of "" and of "abc", left-padded to a word.
    let out = run(0x03, b"", 600, Fork::Homestead).unwrap();
    assert_eq!(
        hex::encode(out.bytes),
        "0000000000000000000000009c1185a5c5e9fc54612808977ee8f548b2258d31"
    );
    let out = run(0x03, b"abc", 720, Fork::Homestead).unwrap();
    assert_eq!(
        hex::encode(out.bytes),
        "0000000000000000000000008eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
    );
    let out = run(0x02, b"", 60, Fork::Homestead).unwrap();
    assert_eq!(
        hex::encode(out.bytes),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
}

#[test]
fn bn254_prices() {
    let pair = [0u8; 192];
    for fork in [Fork::Byzantium, Fork::Istanbul, Fork::Osaka] {
        let istanbul = fork >= Fork::Istanbul;
        assert_eq!(
            gas_cost(0x06, &[], fork),
            Ok(if istanbul { 150 } else { 500 })
        );
        assert_eq!(
            gas_cost(0x07, &[], fork),
            Ok(if istanbul { 6_000 } else { 40_000 })
        );
        for k in 0..4u64 {
            let input = pair.repeat(k as usize);
            let want = if istanbul {
                45_000 + 34_000 * k
            } else {
                100_000 + 80_000 * k
            };
            assert_eq!(gas_cost(0x08, &input, fork), Ok(want));
            // All-zero pairs are identity pairs: the check holds.
            let out = run(0x08, &input, want, fork).unwrap();
            assert_eq!(out.bytes[31], 1);
        }
        // A ragged length is priced on its whole pairs, then fails.
        assert_eq!(
            gas_cost(0x08, &[0u8; 200], fork),
            Ok(if istanbul { 79_000 } else { 180_000 })
        );
        assert_eq!(
            run(0x08, &[0u8; 200], u64::MAX, fork),
            Err(PrecompileError::InvalidInputLength)
        );
    }
}

#[test]
fn fixed_prices() {
    assert_eq!(gas_cost(0x01, &[], Fork::Homestead), Ok(3_000));
    assert_eq!(gas_cost(0x0a, &[], Fork::Cancun), Ok(50_000));
    assert_eq!(gas_cost(0x0b, &[], Fork::Prague), Ok(375));
    assert_eq!(gas_cost(0x0d, &[], Fork::Prague), Ok(600));
    assert_eq!(gas_cost(0x10, &[], Fork::Prague), Ok(5_500));
    assert_eq!(gas_cost(0x11, &[], Fork::Prague), Ok(23_800));
    assert_eq!(gas_cost(0x100, &[], Fork::Osaka), Ok(6_900));
    // BLAKE2 F: one gas per round, read from the first four bytes of a 213-byte input.
    let mut input = [0u8; 213];
    input[..4].copy_from_slice(&0x0102_0304u32.to_be_bytes());
    assert_eq!(gas_cost(0x09, &input, Fork::Istanbul), Ok(0x0102_0304));
    assert_eq!(
        gas_cost(0x09, &input[..212], Fork::Istanbul),
        Err(PrecompileError::InvalidInputLength)
    );
    input[..4].fill(0);
    input[212] = 2;
    assert_eq!(
        run(0x09, &input, 0, Fork::Istanbul),
        Err(PrecompileError::InvalidFinalFlag)
    );
}

#[test]
fn eip2537_msm_and_pairing_prices() {
    let g1 = |k: usize| vec![0u8; 160 * k];
    let g2 = |k: usize| vec![0u8; 288 * k];
    // EIP-2537: k · base · discount(k) / 1000, the discount capped at k = 128.
    for (k, d1, d2) in [
        (1, 1000, 1000),
        (2, 949, 1000),
        (3, 848, 923),
        (128, 519, 524),
        (129, 519, 524),
        (1000, 519, 524),
    ] {
        assert_eq!(
            gas_cost(0x0c, &g1(k), Fork::Prague),
            Ok(k as u64 * 12_000 * d1 / 1000)
        );
        assert_eq!(
            gas_cost(0x0e, &g2(k), Fork::Prague),
            Ok(k as u64 * 22_500 * d2 / 1000)
        );
    }
    for k in 1..5u64 {
        assert_eq!(
            gas_cost(0x0f, &vec![0u8; 384 * k as usize], Fork::Prague),
            Ok(37_700 + 32_600 * k)
        );
    }
    for (address, bad) in [
        (0x0c, 0usize),
        (0x0c, 159),
        (0x0c, 161),
        (0x0e, 0),
        (0x0e, 287),
        (0x0f, 0),
        (0x0f, 383),
    ] {
        assert_eq!(
            gas_cost(address, &vec![0u8; bad], Fork::Prague),
            Err(PrecompileError::InvalidInputLength)
        );
    }
    // MSM of identity points: the identity.
    let out = run(0x0c, &g1(3), u64::MAX, Fork::Prague).unwrap();
    assert_eq!(out.bytes, vec![0u8; 128]);
}

/// A MODEXP input with the given header lengths followed by `body`.
fn modexp_input(base_len: u64, exp_len: u64, mod_len: u64, body: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for l in [base_len, exp_len, mod_len] {
        let mut w = [0u8; 32];
        w[24..].copy_from_slice(&l.to_be_bytes());
        v.extend_from_slice(&w);
    }
    v.extend_from_slice(body);
    v
}

#[test]
fn modexp_prices_and_edges() {
    // Empty input: all lengths zero; the floor of each pricing, empty output.
    for (fork, floor) in [
        (Fork::Byzantium, 0),
        (Fork::Berlin, 200),
        (Fork::Osaka, 500),
    ] {
        assert_eq!(gas_cost(0x05, &[], fork), Ok(floor));
        let out = run(0x05, &[], floor, fork).unwrap();
        assert!(out.bytes.is_empty());
    }
    // 3^(2^256 − 2^32 − 978) mod p (EIP-198 example 1) priced on each fork.
    let p =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
    let e =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e").unwrap();
    let mut body = vec![3u8];
    body.extend_from_slice(&e);
    body.extend_from_slice(&p);
    let input = modexp_input(1, 32, 32, &body);
    // Byzantium: 32² · 255 / 20; Berlin: max(200, 4² · 255 / 3); Osaka: max(500, 16 · 255).
    assert_eq!(gas_cost(0x05, &input, Fork::Byzantium), Ok(13_056));
    assert_eq!(gas_cost(0x05, &input, Fork::Berlin), Ok(1_360));
    assert_eq!(gas_cost(0x05, &input, Fork::Osaka), Ok(4_080));
    let out = run(0x05, &input, 13_056, Fork::Byzantium).unwrap();
    assert_eq!(out.bytes, {
        let mut one = vec![0u8; 32];
        one[31] = 1;
        one
    });
    // Modulus length zero: empty output, whatever base and exponent.
    let out = run(0x05, &modexp_input(1, 1, 0, &[7, 9]), u64::MAX, Fork::Osaka).unwrap();
    assert!(out.bytes.is_empty());
    // Declared lengths beyond the input read as zeros: here the modulus is zero, and the
    // output is its length of zero bytes.
    let out = run(0x05, &modexp_input(2, 2, 3, &[]), u64::MAX, Fork::Osaka);
    assert_eq!(out.unwrap().bytes, vec![0u8; 3]);
    let out = run(
        0x05,
        &modexp_input(0, 0, 2, &[0x01, 0x00]),
        u64::MAX,
        Fork::Osaka,
    )
    .unwrap();
    // 0^0 mod 256 = 1 (the EVM's convention).
    assert_eq!(out.bytes, vec![0x00, 0x01]);
    // A long exponent: 8 (Osaka: 16) per byte beyond 32, plus the head's bit length − 1.
    let input = modexp_input(1, 40, 1, &[2]);
    assert_eq!(gas_cost(0x05, &input, Fork::Berlin), Ok(200));
    let input = modexp_input(64, 64, 64, &[]);
    // Head zero: iterations = 8·32 + 0 = 256 (Berlin), 16·32 = 512 (Osaka).
    assert_eq!(gas_cost(0x05, &input, Fork::Berlin), Ok(8 * 8 * 256 / 3));
    assert_eq!(gas_cost(0x05, &input, Fork::Osaka), Ok(2 * 8 * 8 * 512));
    // EIP-7823: above 1024 bytes fails from Osaka, before pricing; earlier forks price it.
    for (b, e, m) in [(1025, 0, 1), (1, 1025, 1), (1, 0, 1025)] {
        let input = modexp_input(b, e, m, &[]);
        assert_eq!(
            gas_cost(0x05, &input, Fork::Osaka),
            Err(PrecompileError::ModexpInputTooLarge)
        );
        assert!(gas_cost(0x05, &input, Fork::Prague).is_ok());
    }
    assert!(gas_cost(0x05, &modexp_input(1024, 1024, 1024, &[]), Fork::Osaka).is_ok());
    // Lengths beyond 64 bits: base or modulus fail, a huge exponent is priced out of reach.
    let mut huge = modexp_input(0, 0, 0, &[]);
    huge[0] = 1; // base length 2^248
    assert_eq!(
        gas_cost(0x05, &huge, Fork::Berlin),
        Err(PrecompileError::ModexpInputTooLarge)
    );
    let mut huge_exp = modexp_input(1, 0, 1, &[]);
    huge_exp[32] = 1;
    assert_eq!(gas_cost(0x05, &huge_exp, Fork::Berlin), Ok(u64::MAX));
    assert_eq!(
        run(0x05, &huge_exp, 30_000_000, Fork::Berlin),
        Err(PrecompileError::OutOfGas)
    );
    // Even an unbounded gas limit does not allocate a 2^40-byte exponent.
    let absurd = modexp_input(1, 1 << 40, 1, &[]);
    assert_eq!(
        run(0x05, &absurd, u64::MAX, Fork::Berlin),
        Err(PrecompileError::ModexpInputTooLarge)
    );
}

/// The length bounds hold alike on 32- and 64-bit targets: the header's lengths are 64-bit
/// numbers, converted to `usize` only after the checks.
#[test]
fn modexp_length_bounds_are_the_same_on_every_target() {
    let bound = 1u64 << 28; // each operand must be shorter (modexp::MAX_OPERAND_LEN)
    for (b, e, m) in [(bound, 0, 1), (0, bound, 1), (1, 0, bound), (1 << 32, 0, 1)] {
        assert_eq!(
            run(0x05, &modexp_input(b, e, m, &[]), u64::MAX, Fork::Byzantium),
            Err(PrecompileError::ModexpInputTooLarge),
            "{b} {e} {m}"
        );
    }
    // One byte under the bound is computed (the base is all zero: the modulus 0 gives 0).
    let out = run(
        0x05,
        &modexp_input(bound - 1, 0, 1, &[]),
        u64::MAX,
        Fork::Byzantium,
    )
    .unwrap();
    assert_eq!(out.bytes, [0]);
    // A zero-length modulus answers empty before any length becomes a `usize`, even beside a
    // base of 2^40 bytes (more than a 32-bit `usize` holds) and a huge exponent length.
    for exp_len in [0, 1 << 40] {
        let input = modexp_input(1 << 40, exp_len, 0, &[]);
        let gas = gas_cost(0x05, &input, Fork::Berlin).unwrap();
        let out = run(0x05, &input, u64::MAX, Fork::Berlin).unwrap();
        assert_eq!((out.gas_used, out.bytes.len()), (gas, 0));
    }
}
