//! Differential: `ctt_precompiles::run` against revm-precompile 43's own precompile set (built
//! with blst, c-kzg and libsecp256k1, as a node builds it) for every address (0x01–0x11, 0x100)
//! on every fork: the same success, output bytes and gas used; both failures otherwise, and
//! out-of-gas in one exactly when in the other. An address revm does not have on a fork must be
//! `NotActive` in ctt.
//!
//! Input: `address selector, fork selector, gas selector, (3 gas bytes), precompile input`.
#![no_main]

use ctt_precompiles::{Fork, PrecompileError, run};
use libfuzzer_sys::fuzz_target;
use revm_precompile::{PrecompileHalt, PrecompileSpecId, Precompiles, u64_to_address};

const ADDRESSES: [u64; 18] = [
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10,
    0x11, 0x100,
];

const FORKS: [(Fork, PrecompileSpecId); 7] = [
    (Fork::Homestead, PrecompileSpecId::HOMESTEAD),
    (Fork::Byzantium, PrecompileSpecId::BYZANTIUM),
    (Fork::Istanbul, PrecompileSpecId::ISTANBUL),
    (Fork::Berlin, PrecompileSpecId::BERLIN),
    (Fork::Cancun, PrecompileSpecId::CANCUN),
    (Fork::Prague, PrecompileSpecId::PRAGUE),
    (Fork::Osaka, PrecompileSpecId::OSAKA),
];

const GAS: [u64; 8] = [
    0,
    100,
    3_000,
    50_000,
    200_000,
    1_000_000,
    30_000_000,
    // More than any block supplies. Not u64::MAX: given that much gas, revm-precompile 43's
    // MODEXP prices a 2^60-byte modulus as payable (the price saturates at u64::MAX) and then
    // panics allocating it (`right_pad_vec`: capacity overflow); ctt answers with an error.
    1 << 40,
];

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let address = ADDRESSES[data[0] as usize % ADDRESSES.len()];
    // Most inputs on the latest fork, where every precompile exists.
    let (fork, spec) = FORKS[if data[1] < 128 {
        6
    } else {
        data[1] as usize % FORKS.len()
    }];
    let (mut gas, input) = match data[2] {
        g @ 0..=0x7f => (GAS[g as usize % GAS.len()], &data[3..]),
        _ if data.len() >= 6 => {
            let g = u32::from_le_bytes([data[3], data[4], data[5], 0]) as u64;
            (g, &data[6..])
        }
        _ => (GAS[6], &data[3..]),
    };
    // BLAKE2 F's work is its round count, which is its gas: bound it.
    if address == 0x09 {
        gas = gas.min(1 << 20);
    }
    let ours = run(address, input, gas, fork);
    let Some(theirs) = Precompiles::new(spec).get(&u64_to_address(address)) else {
        assert_eq!(
            ours,
            Err(PrecompileError::NotActive),
            "{address:#x} on {fork:?}"
        );
        return;
    };
    let r = theirs.execute(input, gas, 0).expect("no fatal error");
    let context = || format!("{address:#x} on {fork:?}, gas {gas}, input {}", hex(input));
    match ours {
        Ok(out) => {
            assert!(
                r.is_success(),
                "{}: ctt succeeded, revm {:?}",
                context(),
                r.status
            );
            assert_eq!(out.bytes, r.bytes.to_vec(), "{}", context());
            assert_eq!(out.gas_used, r.gas_used, "{}", context());
        }
        Err(e) => {
            assert!(
                r.is_halt(),
                "{}: ctt failed ({e:?}), revm {:?}",
                context(),
                r.status
            );
            let their_oog = matches!(r.halt_reason(), Some(PrecompileHalt::OutOfGas));
            assert_eq!(
                e == PrecompileError::OutOfGas,
                their_oog,
                "{}: {e:?} vs {:?}",
                context(),
                r.status
            );
        }
    }
});

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
