//! Keccak-256 (original Keccak padding, as in the EVM) against the Keccak team's round-3 KATs
//! `ShortMsgKAT_256` and `LongMsgKAT_256` (byte-aligned records, `tests/vectors/keccak/`, see
//! `tests/vectors/MANIFEST.md`), one-shot and streamed in random splits, plus streaming
//! properties.

use ctt_hash::keccak::{Keccak256, RATE, keccak_f1600, keccak256};
use proptest::prelude::*;

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd-length hex {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn vector_path(rel: &str) -> String {
    format!("{}/../../tests/vectors/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// A small deterministic generator for the chunk splits (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545f4914f6cdd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `msg` fed to a streaming hasher in random pieces (lengths 0…2·RATE).
fn streamed(msg: &[u8], rng: &mut Rng) -> [u8; 32] {
    let mut h = Keccak256::new();
    let mut rest = msg;
    while !rest.is_empty() {
        let n = rng.below(2 * RATE + 1).min(rest.len());
        h.update(&rest[..n]);
        rest = &rest[n..];
    }
    h.finalize()
}

fn check_kat(rel: &str, expected_records: usize) {
    let text = std::fs::read_to_string(vector_path(rel)).unwrap();
    let records: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(records.len(), expected_records, "{rel}: record count");
    let mut rng = Rng(0x243f6a8885a308d3);
    for (i, r) in records.iter().enumerate() {
        let len_bits = r["len_bits"].as_u64().unwrap() as usize;
        assert_eq!(len_bits % 8, 0, "{rel} record {i}: not byte-aligned");
        let msg = unhex(r["msg"].as_str().unwrap());
        assert_eq!(msg.len() * 8, len_bits, "{rel} record {i}: length");
        let md = unhex(r["md"].as_str().unwrap());
        assert_eq!(
            keccak256(&msg).to_vec(),
            md,
            "{rel} record {i} (Len = {len_bits})"
        );
        for split in 0..3 {
            assert_eq!(
                streamed(&msg, &mut rng).to_vec(),
                md,
                "{rel} record {i} (Len = {len_bits}), random split {split}"
            );
        }
    }
}

#[test]
fn kat_short_msg() {
    check_kat("keccak/ShortMsgKAT_256.json", 171);
}

#[test]
fn kat_long_msg() {
    check_kat("keccak/LongMsgKAT_256.json", 44);
}

/// The digest every Ethereum developer knows: keccak256 of the empty string (the code hash of an
/// account without code), by every entry point.
#[test]
fn empty_string() {
    let expected = unhex("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    assert_eq!(keccak256(b"").to_vec(), expected);
    assert_eq!(Keccak256::new().finalize().to_vec(), expected);
    assert_eq!(Keccak256::default().finalize().to_vec(), expected);
    let mut h = Keccak256::new();
    h.update(b"");
    assert_eq!(h.finalize_reset().to_vec(), expected);
    assert_eq!(h.finalize().to_vec(), expected);
}

/// The padding is Keccak's `0x01 … 0x80`, not SHA3-256's `0x06 … 0x80`: the same sponge with the
/// FIPS 202 padding byte gives SHA3-256(""), which must differ from ours (FIPS 202 Appendix A
/// value, checked here against the permutation to show the two paddings are told apart).
#[test]
fn not_sha3_padding() {
    let mut state = [0u64; 25];
    state[0] ^= 0x06;
    state[RATE / 8 - 1] ^= 0x80 << 56;
    keccak_f1600(&mut state);
    let sha3: Vec<u8> = state[..4].iter().flat_map(|l| l.to_le_bytes()).collect();
    assert_eq!(
        sha3,
        unhex("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a")
    );
    assert_ne!(keccak256(b"").to_vec(), sha3);
}

/// Every length 0…3·RATE + 1 (the 0x81 single padding byte at 135, empty last block at 136, …)
/// streamed byte by byte equals one-shot, and `finalize_reset` leaves a fresh hasher.
#[test]
fn padding_boundaries_and_reset() {
    let data: Vec<u8> = (0..3 * RATE as u32 + 2)
        .map(|i| (i * 31 + 7) as u8)
        .collect();
    let mut h = Keccak256::new();
    for n in 0..=data.len() {
        data[..n]
            .iter()
            .for_each(|b| h.update(core::slice::from_ref(b)));
        assert_eq!(h.finalize_reset(), keccak256(&data[..n]), "length {n}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Splitting a message into random pieces does not change the digest.
    #[test]
    fn streaming_equals_one_shot(
        msg in proptest::collection::vec(any::<u8>(), 0..700),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(msg.len() + 1)).collect();
        cuts.sort_unstable();
        let mut h = Keccak256::new();
        let mut start = 0;
        for &c in cuts.iter().chain([msg.len()].iter()) {
            h.update(&msg[start..c]);
            start = c;
        }
        prop_assert_eq!(h.finalize(), keccak256(&msg));
    }

    /// A cloned prefix state continues like the original.
    #[test]
    fn clone_of_prefix(
        prefix in proptest::collection::vec(any::<u8>(), 0..300),
        a in proptest::collection::vec(any::<u8>(), 0..300),
        b in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let mut base = Keccak256::new();
        base.update(&prefix);
        let mut ha = base.clone();
        let mut hb = base;
        ha.update(&a);
        hb.update(&b);
        prop_assert_eq!(ha.finalize(), keccak256(&[&prefix[..], &a[..]].concat()));
        prop_assert_eq!(hb.finalize(), keccak256(&[&prefix[..], &b[..]].concat()));
    }
}
