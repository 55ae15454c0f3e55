//! SHA-256 (FIPS 180-4) against the NIST examples, the NIST CAVP byte-oriented vectors
//! (`tests/vectors/sha2/`, see `tests/vectors/MANIFEST.md`) and streaming-versus-one-shot properties.
//! The vectors run on the dispatched path and on every compression backend this CPU supports
//! (`tests/sha256_backends.rs` compares the backends on random messages).

use ctt_hash::sha256::backend::{self, Backend};
use ctt_hash::sha256::{Sha256, sha256};

/// The backends this CPU can run (always including the portable one).
fn supported_backends() -> Vec<Backend> {
    backend::ALL
        .into_iter()
        .filter(|&b| backend::is_supported(b))
        .collect()
}
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

/// The `Len`/`Msg`/`MD` records of a CAVP `.rsp` file (comments and `[L = 32]` headers skipped).
/// `Msg` holds `Len / 8` bytes; for `Len = 0` it is the placeholder `00`.
fn read_rsp(rel: &str) -> Vec<(Vec<u8>, [u8; 32])> {
    let text = std::fs::read_to_string(vector_path(rel)).unwrap();
    let mut records = Vec::new();
    let mut len_bits = None;
    let mut msg = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.starts_with('[') {
            continue;
        }
        let (key, value) = line
            .split_once(" = ")
            .unwrap_or_else(|| panic!("bad line {line:?}"));
        match key {
            "Len" => len_bits = Some(value.parse::<usize>().unwrap()),
            "Msg" => msg = Some(unhex(value)),
            "MD" => {
                let len_bits = len_bits.take().expect("MD without Len");
                assert_eq!(len_bits % 8, 0, "bit-oriented record");
                let mut m = msg.take().expect("MD without Msg");
                m.truncate(len_bits / 8);
                assert_eq!(m.len(), len_bits / 8);
                records.push((m, unhex(value).try_into().unwrap()));
            }
            _ => panic!("unknown key {key:?}"),
        }
    }
    records
}

fn check_rsp(rel: &str, expected_records: usize) {
    let records = read_rsp(rel);
    assert_eq!(records.len(), expected_records, "{rel}: record count");
    for (i, (msg, md)) in records.iter().enumerate() {
        assert_eq!(
            &sha256(msg),
            md,
            "{rel} record {i} (Len = {})",
            msg.len() * 8
        );
        // The same message fed in 7-byte pieces.
        let mut h = Sha256::new();
        msg.chunks(7).for_each(|c| h.update(c));
        assert_eq!(&h.finalize(), md, "{rel} record {i}, streamed");
        for b in supported_backends() {
            assert_eq!(
                &backend::sha256_on(b, msg).unwrap(),
                md,
                "{rel} record {i} (Len = {}) on {b:?}",
                msg.len() * 8
            );
        }
    }
}

#[test]
fn cavp_short_msg() {
    check_rsp("sha2/SHA256ShortMsg.rsp", 44);
}

#[test]
fn cavp_long_msg() {
    check_rsp("sha2/SHA256LongMsg.rsp", 43);
}

/// FIPS 180-2 Appendix B (also NIST's "SHA-256 example" documents).
#[test]
fn nist_examples() {
    let cases: [(&[u8], &str); 4] = [
        (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        // B.2: the 448-bit message (padding spills into a second block).
        (
            b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        ),
        // The 896-bit message of the SHA-384/512 examples.
        (
            b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        ),
    ];
    for (msg, md) in cases {
        assert_eq!(
            sha256(msg).to_vec(),
            unhex(md),
            "{:?}",
            core::str::from_utf8(msg)
        );
        for b in supported_backends() {
            assert_eq!(
                backend::sha256_on(b, msg).unwrap().to_vec(),
                unhex(md),
                "{:?} on {b:?}",
                core::str::from_utf8(msg)
            );
        }
    }
}

/// FIPS 180-2 Appendix B.3: one million repetitions of 'a', absorbed 1000 bytes at a time.
#[test]
fn nist_million_a() {
    let chunk = [b'a'; 1000];
    let mut h = Sha256::new();
    for _ in 0..1000 {
        h.update(&chunk);
    }
    let expected = unhex("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    assert_eq!(h.finalize().to_vec(), expected);
    let million_a = vec![b'a'; 1_000_000];
    for b in supported_backends() {
        assert_eq!(
            backend::sha256_on(b, &million_a).unwrap().to_vec(),
            expected,
            "{b:?}"
        );
    }
}

/// Every message length 0…200 (all padding cases: 55, 56, 63, 64 bytes …) streamed byte by byte
/// equals one-shot, and `finalize_reset` leaves a fresh hasher.
#[test]
fn padding_boundaries_and_reset() {
    let data: Vec<u8> = (0..200u32).map(|i| (i * 31 + 7) as u8).collect();
    let mut h = Sha256::new();
    for n in 0..=data.len() {
        data[..n]
            .iter()
            .for_each(|b| h.update(core::slice::from_ref(b)));
        assert_eq!(h.finalize_reset(), sha256(&data[..n]), "length {n}");
    }
    assert_eq!(Sha256::default().finalize(), sha256(b""));
    assert_eq!(h.finalize(), sha256(b""));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Splitting a message into random pieces does not change the digest.
    #[test]
    fn streaming_equals_one_shot(
        msg in proptest::collection::vec(any::<u8>(), 0..600),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(msg.len() + 1)).collect();
        cuts.sort_unstable();
        let mut h = Sha256::new();
        let mut start = 0;
        for &c in cuts.iter().chain([msg.len()].iter()) {
            h.update(&msg[start..c]);
            start = c;
        }
        prop_assert_eq!(h.finalize(), sha256(&msg));
    }

    /// A cloned prefix state continues like the original.
    #[test]
    fn clone_of_prefix(
        prefix in proptest::collection::vec(any::<u8>(), 0..150),
        a in proptest::collection::vec(any::<u8>(), 0..150),
        b in proptest::collection::vec(any::<u8>(), 0..150),
    ) {
        let mut base = Sha256::new();
        base.update(&prefix);
        let mut ha = base.clone();
        let mut hb = base;
        ha.update(&a);
        hb.update(&b);
        prop_assert_eq!(ha.finalize(), sha256(&[&prefix[..], &a[..]].concat()));
        prop_assert_eq!(hb.finalize(), sha256(&[&prefix[..], &b[..]].concat()));
    }
}
