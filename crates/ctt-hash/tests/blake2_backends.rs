//! The BLAKE2b F backends against the portable reference: CPU detection, random h, m, t, f for
//! every round count 0…40 and long runs (1000, 12345 rounds, and counts around cycles of σ),
//! the geth `blake2F.json` vectors through every backend, and the dispatched `blake2b_f`.
//!
//! The portable reference is `backend::blake2b_f_on(Backend::Portable, …)` (itself checked against
//! a loop-per-definition F in `tests/blake2.rs`); the dispatched path runs the best backend of this
//! CPU (AVX2 on x86-64 CPUs that have it), or the portable code under feature `force-portable`.
//! Randomness is a fixed-seed SplitMix64, so every failure reproduces.

use ctt_hash::blake2::backend::{self, Backend};
use ctt_hash::blake2::{Blake2fInput, blake2b_f};

/// SplitMix64 (Steele, Lea, Flood 2014): a small deterministic generator for test data.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// One F input: h, m, t, f.
type Input = ([u64; 8], [u64; 16], [u64; 2], bool);

fn random_input(rng: &mut Rng) -> Input {
    let h = core::array::from_fn(|_| rng.next_u64());
    let m = core::array::from_fn(|_| rng.next_u64());
    let t = [rng.next_u64(), rng.next_u64()];
    (h, m, t, rng.next_u64() & 1 == 1)
}

fn supported_backends() -> Vec<Backend> {
    backend::ALL
        .into_iter()
        .filter(|&b| backend::is_supported(b))
        .collect()
}

fn on(b: Backend, rounds: u32, (h, m, t, f): &Input) -> [u64; 8] {
    let mut out = *h;
    backend::blake2b_f_on(b, rounds, &mut out, m, *t, *f).unwrap();
    out
}

/// Every supported backend and the dispatched `blake2b_f` agree with the portable F.
fn check(rounds: u32, input: &Input) {
    let want = on(Backend::Portable, rounds, input);
    for b in supported_backends() {
        assert_eq!(on(b, rounds, input), want, "{rounds} rounds on {b:?}");
    }
    let (h, m, t, f) = input;
    let mut got = *h;
    blake2b_f(rounds, &mut got, m, *t, *f);
    assert_eq!(got, want, "{rounds} rounds, dispatched");
}

/// The CPUID + XGETBV probe (no `std`) agrees with `std`'s detection, and the dispatched path
/// runs the best supported backend unless `force-portable` pins the portable one.
#[test]
fn detection() {
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        backend::is_supported(Backend::X86Avx2),
        std::arch::is_x86_feature_detected!("avx2")
    );
    #[cfg(not(target_arch = "x86_64"))]
    assert!(!backend::is_supported(Backend::X86Avx2));
    assert!(backend::is_supported(Backend::Portable));

    let expected = if cfg!(feature = "force-portable") || !backend::is_supported(Backend::X86Avx2) {
        Backend::Portable
    } else {
        Backend::X86Avx2
    };
    assert_eq!(backend::detect(), expected);
    assert_eq!(backend::active(), expected);
    std::println!("BLAKE2b backend in use: {:?}", backend::active());

    // Forcing an unsupported backend (or, under `force-portable`, any but the portable one)
    // fails; re-forcing the active one is a no-op (other tests of this binary run concurrently,
    // so the selection is not moved).
    for b in backend::ALL {
        let allowed = backend::is_supported(b)
            && (!cfg!(feature = "force-portable") || b == Backend::Portable);
        if !allowed {
            assert_eq!(backend::force(b), Err(backend::Unsupported(b)));
        }
        if !backend::is_supported(b) {
            let mut h = [0; 8];
            assert_eq!(
                backend::blake2b_f_on(b, 12, &mut h, &[0; 16], [0; 2], false),
                Err(backend::Unsupported(b))
            );
        }
    }
    assert_eq!(backend::force(expected), Ok(()));
    assert_eq!(backend::active(), expected);
}

/// Every round count 0…40 (every remainder mod 10, four cycles of σ), eight random inputs each,
/// with both flags among them.
#[test]
fn every_round_count_up_to_40() {
    let mut rng = Rng(0xb1a2_b000_0000_0001);
    for rounds in 0..=40 {
        for i in 0..8 {
            let mut input = random_input(&mut rng);
            input.3 = i % 2 == 1;
            check(rounds, &input);
        }
    }
}

/// Long runs: counts around multiples of ten and the EIP's large ones.
#[test]
fn many_rounds() {
    let mut rng = Rng(0x1000);
    for rounds in [99, 100, 101, 1000, 1009, 12345] {
        for _ in 0..3 {
            check(rounds, &random_input(&mut rng));
        }
    }
}

/// Edge inputs: all-zero and all-ones words, t with the high word set.
#[test]
fn edge_inputs() {
    for rounds in [0, 1, 12, 20] {
        for word in [0, u64::MAX] {
            for f in [false, true] {
                check(rounds, &([word; 8], [word; 16], [word, !word], f));
                check(rounds, &([word; 8], [!word; 16], [0, u64::MAX], f));
            }
        }
    }
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// geth's `blake2F.json` (EIP-152 vectors 4, 5, 7, 8: 0, 12, 1 and 8 000 000 rounds) through every
/// backend, each checked against the expected bytes.
#[test]
fn geth_vectors_on_every_backend() {
    let path = format!(
        "{}/../../tests/vectors/geth-precompiles/blake2F.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 4);
    let backends = supported_backends();
    for c in &cases {
        let name = c["Name"].as_str().unwrap();
        let input = Blake2fInput::parse(&unhex(c["Input"].as_str().unwrap())).unwrap();
        let expected = unhex(c["Expected"].as_str().unwrap());
        for &b in &backends {
            let mut h = input.h;
            backend::blake2b_f_on(b, input.rounds, &mut h, &input.m, input.t, input.f).unwrap();
            let got: Vec<u8> = h.iter().flat_map(|w| w.to_le_bytes()).collect();
            assert_eq!(got, expected, "{name} on {b:?}");
        }
    }
}
