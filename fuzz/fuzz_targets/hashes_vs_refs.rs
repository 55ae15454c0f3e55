//! Differential: the execution-layer hashes of ctt-hash against the crates their users trust:
//! `sha256` (one shot, and streamed in fuzzed chunks) against sha2, `keccak256` against
//! tiny-keccak, `ripemd160` against ripemd, and BLAKE2b F (`blake2b_f` on a parsed block, and
//! `blake2f` on the 213-byte EIP-152 input) against revm-precompile's BLAKE2 F (its dispatching
//! `compress` and its portable one, and its precompile `run` for the input path).
//!
//! Input: `selector, chunk sizes(3)`, then the message (or the BLAKE2 F input).
#![no_main]

use ctt_hash::{Keccak256, Ripemd160, Sha256};
use libfuzzer_sys::fuzz_target;
use sha2::Digest;
use tiny_keccak::Hasher;

/// Feeds `data` to `update` in pieces whose sizes cycle through `chunks` (0 → 1).
fn streamed(data: &[u8], chunks: [u8; 3], mut update: impl FnMut(&[u8])) {
    let mut rest = data;
    let mut i = 0;
    while !rest.is_empty() {
        let n = (chunks[i % 3] as usize).max(1).min(rest.len());
        update(&rest[..n]);
        rest = &rest[n..];
        i += 1;
    }
}

fn words<const N: usize>(b: &[u8]) -> [u64; N] {
    core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let chunks: [u8; 3] = [rest.first(), rest.get(1), rest.get(2)].map(|b| b.copied().unwrap_or(0));
    let msg = rest;

    // SHA-256.
    let want: [u8; 32] = sha2::Sha256::digest(msg).into();
    assert_eq!(ctt_hash::sha256(msg), want, "sha256");
    let mut h = Sha256::new();
    streamed(msg, chunks, |p| h.update(p));
    assert_eq!(h.finalize(), want, "Sha256 streamed");

    // Keccak-256.
    let mut want = [0u8; 32];
    let mut k = tiny_keccak::Keccak::v256();
    k.update(msg);
    k.finalize(&mut want);
    assert_eq!(ctt_hash::keccak256(msg), want, "keccak256");
    let mut h = Keccak256::new();
    streamed(msg, chunks, |p| h.update(p));
    assert_eq!(h.finalize(), want, "Keccak256 streamed");

    // RIPEMD-160.
    let want: [u8; 20] = ripemd::Ripemd160::digest(msg).into();
    assert_eq!(ctt_hash::ripemd160(msg), want, "ripemd160");
    let mut h = Ripemd160::new();
    streamed(msg, chunks, |p| h.update(p));
    assert_eq!(h.finalize(), want, "Ripemd160 streamed");

    // BLAKE2b F on the block in the input (rounds bounded: the work is linear in them).
    if msg.len() >= 212 {
        let rounds = u32::from_be_bytes(msg[..4].try_into().unwrap()) % (1 << (sel % 16));
        let h0: [u64; 8] = words(&msg[4..68]);
        let m: [u64; 16] = words(&msg[68..196]);
        let t: [u64; 2] = words(&msg[196..212]);
        let f = sel & 0x80 != 0;
        let mut ours = h0;
        ctt_hash::blake2b_f(rounds, &mut ours, &m, t, f);
        let mut theirs = h0;
        revm_precompile::blake2::compress(rounds, &mut theirs, &m, &t, f);
        assert_eq!(ours, theirs, "blake2b_f vs revm's compress");
        let mut portable = h0;
        revm_precompile::blake2::compress_portable(rounds, &mut portable, &m, &t, f);
        assert_eq!(ours, portable, "blake2b_f vs revm's compress_portable");
    }
    // The EIP-152 input path: the whole message as the 213-byte input, rounds bounded.
    let mut input = msg.to_vec();
    if input.len() >= 4 && sel & 0x40 != 0 {
        let rounds = u32::from_be_bytes(input[..4].try_into().unwrap()) % (1 << 12);
        input[..4].copy_from_slice(&rounds.to_be_bytes());
    }
    if input.len() < 4 || u32::from_be_bytes(input[..4].try_into().unwrap()) <= 1 << 16 {
        let ours = ctt_hash::blake2f(&input);
        let theirs = revm_precompile::blake2::run(&input, u64::MAX);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => assert_eq!(a.to_vec(), b.bytes.to_vec(), "blake2f output"),
            (Err(_), Err(_)) => {}
            (a, b) => panic!("blake2f: ctt {a:?}, revm {b:?}"),
        }
    }
});
