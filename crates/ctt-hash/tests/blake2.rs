//! The BLAKE2b compression function F (RFC 7693 §3.2) with EIP-152's rounds parameter: the geth
//! precompile vectors `blake2F.json` and `fail-blake2f.json` (`tests/vectors/geth-precompiles/`,
//! the EIP-152 test vectors 0–8 in geth's format; see `tests/vectors/MANIFEST.md`) through the
//! byte-level [`blake2f`], BLAKE2b-512 built on F against RFC 7693 Appendix A and other digests,
//! and F against a loop-per-definition reference for every round count up to 45.

use ctt_hash::HashError;
use ctt_hash::blake2::{BLAKE2F_INPUT_LEN, Blake2fInput, IV, blake2b_f, blake2f};
use proptest::prelude::*;

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd-length hex {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn read_json(rel: &str) -> Vec<serde_json::Value> {
    let path = format!("{}/../../tests/vectors/{rel}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn geth_blake2f() {
    let cases = read_json("geth-precompiles/blake2F.json");
    assert_eq!(cases.len(), 4);
    for c in &cases {
        let name = c["Name"].as_str().unwrap();
        let input = unhex(c["Input"].as_str().unwrap());
        let parsed = Blake2fInput::parse(&input).unwrap();
        // geth's gas for this precompile is the round count (EIP-152, 1 gas per round).
        assert_eq!(
            u64::from(parsed.rounds),
            c["Gas"].as_u64().unwrap(),
            "{name}"
        );
        let out = blake2f(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            out.to_vec(),
            unhex(c["Expected"].as_str().unwrap()),
            "{name}"
        );
    }
}

#[test]
fn geth_fail_blake2f() {
    let cases = read_json("geth-precompiles/fail-blake2f.json");
    assert_eq!(cases.len(), 3);
    for c in &cases {
        let name = c["Name"].as_str().unwrap();
        let input = unhex(c["Input"].as_str().unwrap());
        let expected = match c["ExpectedError"].as_str().unwrap() {
            "invalid input length" => HashError::Blake2fInputLength,
            "invalid final flag" => HashError::Blake2fFinalFlag,
            other => panic!("{name}: unknown error {other:?}"),
        };
        assert_eq!(blake2f(&input), Err(expected), "{name}");
        assert_eq!(Blake2fInput::parse(&input), Err(expected), "{name}");
    }
}

/// The input checks on their own: every length but 213 fails with the length error (whatever
/// the flag byte), every flag byte but 0 and 1 with the flag error.
#[test]
fn input_checks() {
    for len in [0, 1, 212, 214, 300] {
        assert_eq!(
            blake2f(&vec![0; len]),
            Err(HashError::Blake2fInputLength),
            "{len}"
        );
        assert_eq!(
            blake2f(&vec![7; len]),
            Err(HashError::Blake2fInputLength),
            "{len}"
        );
    }
    let mut input = [0u8; BLAKE2F_INPUT_LEN];
    for flag in 0..=255u8 {
        input[212] = flag;
        match flag {
            0 | 1 => assert_eq!(Blake2fInput::parse(&input).unwrap().f, flag == 1),
            _ => assert_eq!(blake2f(&input), Err(HashError::Blake2fFinalFlag), "{flag}"),
        }
    }
}

/// EIP-152 test vector 9: 2³² − 1 rounds (minutes of work; run with `--ignored`).
#[test]
#[ignore = "2^32 - 1 rounds take minutes"]
fn eip152_vector_9_max_rounds() {
    let input = unhex(
        "ffffffff48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b61626300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000300000000000000000000000000000001",
    );
    assert_eq!(
        blake2f(&input).unwrap().to_vec(),
        unhex(
            "fc59093aafa9ab43daae0e914c57635c5402d8e3d2130eb9b3cc181de7f0ecf9b22bf99a7815ce16419e200e01846e6b5df8cc7703041bbceb571de6631d2615"
        )
    );
}

/// BLAKE2b-512 (unkeyed) of `msg`, built on [`blake2b_f`] as RFC 7693 §3.3 describes: the
/// parameter block xored into the IV, every block but the last with f = false, the last (zero
/// padded; one zero block for the empty message) with f = true, t the bytes absorbed so far.
fn blake2b_512(msg: &[u8]) -> Vec<u8> {
    let mut h = IV;
    h[0] ^= 0x0101_0040;
    let last = if msg.is_empty() {
        0
    } else {
        (msg.len() - 1) / 128
    };
    let mut t: u128 = 0;
    for i in 0..=last {
        let chunk = &msg[(128 * i).min(msg.len())..(128 * (i + 1)).min(msg.len())];
        let mut block = [0u8; 128];
        block[..chunk.len()].copy_from_slice(chunk);
        t += chunk.len() as u128;
        let m: [u64; 16] = core::array::from_fn(|j| {
            u64::from_le_bytes(block[8 * j..8 * j + 8].try_into().unwrap())
        });
        blake2b_f(12, &mut h, &m, [t as u64, (t >> 64) as u64], i == last);
    }
    h.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn blake2b_512_on_f() {
    // RFC 7693 Appendix A.
    assert_eq!(
        blake2b_512(b"abc"),
        unhex(
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"
        )
    );
    // BLAKE2b-512 of the empty string (the BLAKE2 reference package's KAT, first unkeyed entry).
    assert_eq!(
        blake2b_512(b""),
        unhex(
            "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"
        )
    );
    // Multi-block messages (non-final blocks with f = false): digests computed with CPython's
    // hashlib.blake2b, an independent implementation.
    let m300: Vec<u8> = (0..300u32).map(|i| ((i * 7 + 3) % 256) as u8).collect();
    assert_eq!(
        blake2b_512(&m300),
        unhex(
            "ec8fc8cb1343d5b8744a6971d9ae3b5463789bae1df407dadc65f7781d169a71596bc87f01691a81868f49acd6ddfbfd9874ab19eae83d40a505f6ca9db6af9f"
        )
    );
    let m256: Vec<u8> = (0..256u32).map(|i| ((i * 13 + 1) % 256) as u8).collect();
    assert_eq!(
        blake2b_512(&m256),
        unhex(
            "49a38f6679dfc59e0619fb3277cee81ee3316cb49c650b4ae38450a26269ed70324966528268defeb00dcf79622af1ca05926bf79e0735612c3a986d26cd66a4"
        )
    );
}

/// F written loop by loop from RFC 7693 §3.1–3.2 with its own copy of σ, for any round count.
fn reference_f(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
    const SIGMA: [[usize; 16]; 10] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
        [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
        [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
        [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
        [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    ];
    const LANES: [[usize; 4]; 8] = [
        [0, 4, 8, 12],
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [0, 5, 10, 15],
        [1, 6, 11, 12],
        [2, 7, 8, 13],
        [3, 4, 9, 14],
    ];
    let mut v = [0u64; 16];
    v[..8].copy_from_slice(h);
    v[8..].copy_from_slice(&IV);
    v[12] ^= t[0];
    v[13] ^= t[1];
    if f {
        v[14] = !v[14];
    }
    for i in 0..rounds as usize {
        let s = &SIGMA[i % 10];
        for (k, &[a, b, c, d]) in LANES.iter().enumerate() {
            let (x, y) = (m[s[2 * k]], m[s[2 * k + 1]]);
            v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
            v[d] = (v[d] ^ v[a]).rotate_right(32);
            v[c] = v[c].wrapping_add(v[d]);
            v[b] = (v[b] ^ v[c]).rotate_right(24);
            v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
            v[d] = (v[d] ^ v[a]).rotate_right(16);
            v[c] = v[c].wrapping_add(v[d]);
            v[b] = (v[b] ^ v[c]).rotate_right(63);
        }
    }
    for i in 0..8 {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// F equals the reference for every round count 0…45 (all remainders mod 10, several full
    /// cycles of σ) on random inputs, with either flag.
    #[test]
    fn f_equals_reference(
        h in any::<[u64; 8]>(),
        m in any::<[u64; 16]>(),
        t in any::<[u64; 2]>(),
        f in any::<bool>(),
    ) {
        for rounds in 0..=45 {
            let (mut ours, mut reference) = (h, h);
            blake2b_f(rounds, &mut ours, &m, t, f);
            reference_f(rounds, &mut reference, &m, t, f);
            prop_assert_eq!(ours, reference, "rounds {}", rounds);
        }
    }

    /// The byte-level entry point is F on the parsed words.
    #[test]
    fn bytes_equal_words(
        rounds in 0u32..40,
        h in any::<[u64; 8]>(),
        m in any::<[u64; 16]>(),
        t in any::<[u64; 2]>(),
        f in any::<bool>(),
    ) {
        let mut input = Vec::with_capacity(BLAKE2F_INPUT_LEN);
        input.extend_from_slice(&rounds.to_be_bytes());
        h.iter().chain(&m).chain(&t).for_each(|w| input.extend_from_slice(&w.to_le_bytes()));
        input.push(f as u8);
        let mut words = h;
        blake2b_f(rounds, &mut words, &m, t, f);
        let expected: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        prop_assert_eq!(blake2f(&input).unwrap().to_vec(), expected);
    }
}
