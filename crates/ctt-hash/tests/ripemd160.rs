//! RIPEMD-160 against the vectors of the RIPEMD-160 home page (`tests/vectors/ripemd160/`, the
//! pyca/cryptography formatting; see `tests/vectors/MANIFEST.md`), the million-'a' vector of the
//! same page, and streaming-versus-one-shot properties.

use ctt_hash::ripemd160::{BLOCK_LEN, Ripemd160, ripemd160};
use proptest::prelude::*;

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd-length hex {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The `Len`/`Msg`/`MD` records (comment lines skipped); `Msg` holds `Len / 8` bytes, `00` for
/// `Len = 0`.
fn read_vectors() -> Vec<(Vec<u8>, Vec<u8>)> {
    let path = format!(
        "{}/../../tests/vectors/ripemd160/ripevectors.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut records = Vec::new();
    let (mut len_bits, mut msg) = (None, None);
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(" = ").expect("key = value");
        match key {
            "Len" => len_bits = Some(value.parse::<usize>().unwrap()),
            "Msg" => msg = Some(unhex(value)),
            "MD" => {
                let len_bits = len_bits.take().expect("MD without Len");
                assert_eq!(len_bits % 8, 0);
                let mut m = msg.take().expect("MD without Msg");
                m.truncate(len_bits / 8);
                assert_eq!(m.len() * 8, len_bits);
                records.push((m, unhex(value)));
            }
            _ => panic!("unknown key {key:?}"),
        }
    }
    records
}

#[test]
fn homepage_vectors() {
    let records = read_vectors();
    assert_eq!(records.len(), 6, "record count");
    for (i, (msg, md)) in records.iter().enumerate() {
        assert_eq!(ripemd160(msg).to_vec(), *md, "record {i}");
        for piece in [1, 3, 7, 64, 65] {
            let mut h = Ripemd160::new();
            msg.chunks(piece).for_each(|c| h.update(c));
            assert_eq!(
                h.finalize().to_vec(),
                *md,
                "record {i}, {piece}-byte pieces"
            );
        }
    }
}

/// The home page's last vector: one million repetitions of 'a'.
#[test]
fn million_a() {
    let expected = unhex("52783243c1697bdbe16d37f97f68f08325dc1528");
    assert_eq!(ripemd160(&vec![b'a'; 1_000_000]).to_vec(), expected);
    let chunk = [b'a'; 1000];
    let mut h = Ripemd160::new();
    for _ in 0..1000 {
        h.update(&chunk);
    }
    assert_eq!(h.finalize().to_vec(), expected);
}

/// Every length 0…3·64 + 1 (padding spilling into a second block from 56 bytes on) streamed
/// byte by byte equals one-shot, and `finalize_reset` leaves a fresh hasher.
#[test]
fn padding_boundaries_and_reset() {
    let data: Vec<u8> = (0..3 * BLOCK_LEN as u32 + 2)
        .map(|i| (i * 31 + 7) as u8)
        .collect();
    let mut h = Ripemd160::new();
    for n in 0..=data.len() {
        data[..n]
            .iter()
            .for_each(|b| h.update(core::slice::from_ref(b)));
        assert_eq!(h.finalize_reset(), ripemd160(&data[..n]), "length {n}");
    }
    assert_eq!(Ripemd160::default().finalize(), ripemd160(b""));
    assert_eq!(h.finalize(), ripemd160(b""));
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
        let mut h = Ripemd160::new();
        let mut start = 0;
        for &c in cuts.iter().chain([msg.len()].iter()) {
            h.update(&msg[start..c]);
            start = c;
        }
        prop_assert_eq!(h.finalize(), ripemd160(&msg));
    }

    /// A cloned prefix state continues like the original.
    #[test]
    fn clone_of_prefix(
        prefix in proptest::collection::vec(any::<u8>(), 0..150),
        a in proptest::collection::vec(any::<u8>(), 0..150),
    ) {
        let mut base = Ripemd160::new();
        base.update(&prefix);
        let mut ha = base.clone();
        ha.update(&a);
        base.update(&[]);
        prop_assert_eq!(ha.finalize(), ripemd160(&[&prefix[..], &a[..]].concat()));
        prop_assert_eq!(base.finalize(), ripemd160(&prefix));
    }
}
