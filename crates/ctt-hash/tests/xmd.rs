//! `expand_message_xmd` (RFC 9380 §5.3.1, SHA-256) against the RFC's vectors
//! (`tests/vectors/hash-to-curve/`, see `tests/vectors/MANIFEST.md`), its error cases, long DSTs
//! (§5.3.3) checked against Python's hashlib, and a naive allocating twin.

use ctt_hash::sha256::sha256;
use ctt_hash::{HashError, expand_message_xmd, expand_message_xmd_parts};
use proptest::prelude::*;
use serde_json::Value;

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd-length hex {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The RFC's definition written out literally: build msg_prime and every b_i in memory.
fn xmd_naive(msg: &[u8], dst: &[u8], len_in_bytes: usize) -> Vec<u8> {
    let dst: Vec<u8> = if dst.len() > 255 {
        sha256(&[b"H2C-OVERSIZE-DST-", dst].concat()).to_vec()
    } else {
        dst.to_vec()
    };
    let dst_prime = [&dst[..], &[dst.len() as u8]].concat();
    let l_i_b_str = (len_in_bytes as u16).to_be_bytes();
    let msg_prime = [&[0u8; 64][..], msg, &l_i_b_str, &[0], &dst_prime].concat();
    let b_0 = sha256(&msg_prime);
    let mut b = vec![sha256(&[&b_0[..], &[1], &dst_prime].concat())];
    for i in 2..=len_in_bytes.div_ceil(32) {
        let x: Vec<u8> = b_0
            .iter()
            .zip(b.last().unwrap())
            .map(|(p, q)| p ^ q)
            .collect();
        b.push(sha256(&[&x[..], &[i as u8], &dst_prime].concat()));
    }
    let mut out = b.concat();
    out.truncate(len_in_bytes);
    out
}

fn run_rfc_file(name: &str, expected_tests: usize) {
    let path = format!(
        "{}/../../tests/vectors/hash-to-curve/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(json["hash"], "SHA256");
    let dst = json["DST"].as_str().unwrap().as_bytes();
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), expected_tests, "{name}: test count");
    for (i, t) in tests.iter().enumerate() {
        let msg = t["msg"].as_str().unwrap().as_bytes();
        let len = usize::from_str_radix(
            t["len_in_bytes"].as_str().unwrap().trim_start_matches("0x"),
            16,
        )
        .unwrap();
        let expected = unhex(t["uniform_bytes"].as_str().unwrap());
        assert_eq!(expected.len(), len);

        // DST_prime as the RFC prints it: the DST itself, or its §5.3.3 hash when longer than 255.
        let dst_prime = unhex(t["DST_prime"].as_str().unwrap());
        let reduced = if dst.len() > 255 {
            sha256(&[b"H2C-OVERSIZE-DST-", dst].concat()).to_vec()
        } else {
            dst.to_vec()
        };
        assert_eq!(
            dst_prime,
            [&reduced[..], &[reduced.len() as u8]].concat(),
            "{name} #{i}: DST_prime"
        );

        let mut out = vec![0u8; len];
        expand_message_xmd(msg, dst, &mut out).unwrap();
        assert_eq!(out, expected, "{name} #{i}");

        // The same message in three pieces (some empty for short messages).
        let (a, rest) = msg.split_at(msg.len() / 3);
        let (b, c) = rest.split_at(rest.len() / 2);
        let mut out = vec![0u8; len];
        expand_message_xmd_parts(&[a, b, c], dst, &mut out).unwrap();
        assert_eq!(out, expected, "{name} #{i}, in parts");

        assert_eq!(
            xmd_naive(msg, dst, len),
            expected,
            "{name} #{i}, naive twin"
        );
    }
}

/// RFC 9380 Appendix K.1, DST of 38 bytes.
#[test]
fn rfc9380_sha256_dst38() {
    run_rfc_file("expand_message_xmd_SHA256_38.json", 7);
}

/// RFC 9380 Appendix K.1, DST of 256 bytes (hashed per §5.3.3).
#[test]
fn rfc9380_sha256_dst256() {
    run_rfc_file("expand_message_xmd_SHA256_256.json", 7);
}

const DST: &[u8] = b"QUUX-V01-CS02-with-expander-SHA256-128";

#[test]
fn errors() {
    let mut buf = vec![0xaau8; 65536];
    assert_eq!(
        expand_message_xmd(b"abc", DST, &mut []),
        Err(HashError::EmptyOutput)
    );
    assert_eq!(
        expand_message_xmd(b"abc", DST, &mut buf[..8161]),
        Err(HashError::TooManyBlocks)
    );
    assert_eq!(
        expand_message_xmd(b"abc", DST, &mut buf[..65535]),
        Err(HashError::TooManyBlocks)
    );
    assert_eq!(
        expand_message_xmd(b"abc", DST, &mut buf[..65536]),
        Err(HashError::OutputLengthOverflow)
    );
    assert_eq!(
        expand_message_xmd(b"abc", b"", &mut buf[..32]),
        Err(HashError::EmptyDst)
    );
    assert_eq!(
        expand_message_xmd_parts(&[], DST, &mut []),
        Err(HashError::EmptyOutput)
    );
    assert!(buf.iter().all(|&b| b == 0xaa), "output written on error");
    assert_eq!(
        HashError::TooManyBlocks.to_string(),
        "expand_message_xmd: ell > 255 (len_in_bytes > 8160)"
    );
}

/// The extreme lengths that are accepted: 1 byte and ell = 255 blocks (values from hashlib).
#[test]
fn extreme_lengths() {
    let mut one = [0u8; 1];
    expand_message_xmd(b"abc", DST, &mut one).unwrap();
    assert_eq!(one, [0x61]);
    let mut max = vec![0u8; 8160];
    expand_message_xmd(b"abc", DST, &mut max).unwrap();
    assert_eq!(
        sha256(&max).to_vec(),
        unhex("1b5d56ee40981f529c66d3ce8475104bac0ea587e03cc24dd82bd164645916f3")
    );
}

/// DSTs of 255 (used as is), 256, 300 and 1000 bytes (hashed, §5.3.3), 100 output bytes; expected
/// values computed independently with Python's hashlib from the RFC's pseudocode.
#[test]
fn long_dst_against_hashlib() {
    let cases = [
        (
            255,
            "9506c057242d28bb346e28db41ce53cc1f3db64f52bdf9e7c22035487b2c66966c834502687905bfdfcc856c825c56c870212baf617da64cc11372a6d45dd5c183f2bda58ea409384b46d28229caf7026ee18e6a8d6df427b03745bd61955ea5514a1353",
        ),
        (
            256,
            "72354b3b7e8934db864b7453378d31a2af1ec7b27bd855974263c84fccbc67ae7e4c0b7b58aba414096455fb72050b3213e3a15777740e0541823cef227b7ffb64e81125b92ceb8c0301995713dd9fecb9cc04fcf40b2cbba23aeedd725f0feb43808f61",
        ),
        (
            300,
            "1b997b8f436cb824e3791a305bcbe338f095a40067c3fa819f9d8654bfd1061e42ade67e3ec57e113d9963809f71225076594eec6872da634c5a6913af57fba69a67ce86a142929ae6c048e948ed165261a73da02918578bebc108d667f1871c9fc9b9be",
        ),
        (
            1000,
            "6f1357f4091e62ce95255dbab62df6121170734bf72e0282ec9f94436c055fc646d1f31b499cd94e359b5fa9a4308fc99d11fbc152cba2bf63c4344b704782aea103a18455791eeb8eaa0f05ab9a982940491316a21c0c3d5d7ab632053669e890e66025",
        ),
    ];
    for (dst_len, expected) in cases {
        let dst: Vec<u8> = (0..dst_len).map(|i: usize| (i * 7 + 3) as u8).collect();
        let mut out = [0u8; 100];
        expand_message_xmd(b"ctt-hash long DST", &dst, &mut out).unwrap();
        assert_eq!(out.to_vec(), unhex(expected), "DST of {dst_len} bytes");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The streaming implementation equals the naive twin for random messages split at random
    /// points, random DSTs (including oversize ones) and random output lengths.
    #[test]
    fn equals_naive_twin(
        msg in proptest::collection::vec(any::<u8>(), 0..300),
        cut in any::<prop::sample::Index>(),
        dst in proptest::collection::vec(any::<u8>(), 1..400),
        len in 1usize..600,
    ) {
        let (a, b) = msg.split_at(cut.index(msg.len() + 1));
        let mut out = vec![0u8; len];
        expand_message_xmd_parts(&[a, b], &dst, &mut out).unwrap();
        prop_assert_eq!(out, xmd_naive(&msg, &dst, len));
    }
}
