//! The SHA-256 compression backends against the portable reference: CPU detection, random
//! messages of every length 0…300 and long ones (10 KiB, the 128 KiB KZG blob, 1 MiB), one-shot on
//! each backend and streamed through the dispatched `Sha256::update` in uneven pieces, and the
//! multi-block kernels from random chaining states.
//!
//! The portable reference is `backend::sha256_on(Backend::Portable, …)`; the dispatched path
//! (`sha256`, `Sha256`) runs the best backend of this CPU (SHA-NI on x86-64 CPUs that have it,
//! the SHA-2 instructions on AArch64), or the portable code under feature `force-portable`.
//! Randomness is a fixed-seed SplitMix64, so every failure reproduces.

use ctt_hash::sha256::backend::{self, Backend};
use ctt_hash::sha256::{BLOCK_LEN, Sha256, sha256};

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

    /// Uniform in `0..n` (n > 0; the bias of the modulo is irrelevant here).
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

fn supported_backends() -> Vec<Backend> {
    backend::ALL
        .into_iter()
        .filter(|&b| backend::is_supported(b))
        .collect()
}

fn portable(msg: &[u8]) -> [u8; 32] {
    backend::sha256_on(Backend::Portable, msg).unwrap()
}

/// `msg` through `Sha256::update` in `pieces` random pieces (empty pieces included), with a clone
/// taken at a random point finishing the same message.
fn streamed(msg: &[u8], pieces: usize, rng: &mut Rng) -> ([u8; 32], [u8; 32]) {
    let mut cuts: Vec<usize> = (0..pieces).map(|_| rng.below(msg.len() + 1)).collect();
    cuts.push(msg.len());
    cuts.sort_unstable();
    let clone_at = rng.below(cuts.len());
    let mut h = Sha256::new();
    let mut clone = None;
    let mut start = 0;
    for (i, &c) in cuts.iter().enumerate() {
        h.update(&msg[start..c]);
        start = c;
        if i == clone_at {
            clone = Some((h.clone(), c));
        }
    }
    let (mut h2, from) = clone.unwrap();
    h2.update(&msg[from..]);
    (h.finalize(), h2.finalize())
}

/// The CPUID probe (no `std`) agrees with `std`'s detection, and the dispatched path runs the
/// best supported backend unless `force-portable` pins the portable one.
#[test]
fn detection() {
    #[cfg(target_arch = "x86_64")]
    {
        let std_says = std::arch::is_x86_feature_detected!("sha")
            && std::arch::is_x86_feature_detected!("ssse3")
            && std::arch::is_x86_feature_detected!("sse4.1");
        assert_eq!(backend::is_supported(Backend::X86ShaNi), std_says);
        assert!(!backend::is_supported(Backend::Aarch64Sha2));
    }
    #[cfg(target_arch = "aarch64")]
    {
        // With `std` the OS is asked; without it only the build's target features count.
        let expected = cfg!(target_feature = "sha2")
            || (cfg!(feature = "std") && std::arch::is_aarch64_feature_detected!("sha2"));
        assert_eq!(backend::is_supported(Backend::Aarch64Sha2), expected);
        assert!(!backend::is_supported(Backend::X86ShaNi));
    }
    assert!(backend::is_supported(Backend::Portable));

    let best = supported_backends()
        .into_iter()
        .find(|&b| b != Backend::Portable)
        .unwrap_or(Backend::Portable);
    let expected = if cfg!(feature = "force-portable") {
        Backend::Portable
    } else {
        best
    };
    assert_eq!(backend::detect(), expected);
    assert_eq!(backend::active(), expected);
    std::println!("SHA-256 backend in use: {:?}", backend::active());

    // Forcing an unsupported backend fails and changes nothing; re-forcing the active one is a
    // no-op (other tests of this binary run concurrently, so the selection is not moved).
    for b in backend::ALL {
        if !backend::is_supported(b) {
            assert_eq!(backend::force(b), Err(backend::Unsupported(b)));
            assert_eq!(backend::sha256_on(b, b"abc"), Err(backend::Unsupported(b)));
        }
    }
    assert_eq!(backend::force(expected), Ok(()));
    assert_eq!(backend::active(), expected);
}

/// Every length 0…300 (all padding cases, one to six blocks), three random messages each.
#[test]
fn every_length_up_to_300() {
    let mut rng = Rng(0x5a25_6000_0000_0001);
    let backends = supported_backends();
    for len in 0..=300 {
        for _ in 0..3 {
            let msg = rng.bytes(len);
            let want = portable(&msg);
            for &b in &backends {
                assert_eq!(
                    backend::sha256_on(b, &msg).unwrap(),
                    want,
                    "len {len} on {b:?}"
                );
            }
            assert_eq!(sha256(&msg), want, "len {len}, one-shot");
            let pieces = rng.below(6);
            let (got, via_clone) = streamed(&msg, pieces, &mut rng);
            assert_eq!(got, want, "len {len}, streamed in {} pieces", pieces + 1);
            assert_eq!(via_clone, want, "len {len}, streamed via a clone");
        }
    }
}

/// Long messages: 10 KiB, the 131072-byte KZG blob, 1 MiB and lengths around block boundaries,
/// one-shot on every backend and streamed in uneven pieces (0…2000 bytes, or 1…70 bytes).
#[test]
fn long_messages() {
    let mut rng = Rng(0x10_0000);
    let backends = supported_backends();
    let lengths = [
        10 * 1024,
        10 * 1024 + 1,
        131_072,
        131_072 + 55,
        131_072 + 56,
        (1 << 20) - 1,
        1 << 20,
        (1 << 20) + 63,
    ];
    for len in lengths {
        let msg = rng.bytes(len);
        let want = portable(&msg);
        for &b in &backends {
            assert_eq!(
                backend::sha256_on(b, &msg).unwrap(),
                want,
                "len {len} on {b:?}"
            );
        }
        assert_eq!(sha256(&msg), want, "len {len}, one-shot");

        for max_piece in [2000, 70] {
            let mut h = Sha256::new();
            let mut rest = &msg[..];
            while !rest.is_empty() {
                let n = rng.below(max_piece + 1).min(rest.len());
                h.update(&rest[..n]);
                rest = &rest[n..];
            }
            assert_eq!(
                h.finalize(),
                want,
                "len {len}, pieces up to {max_piece} bytes"
            );
        }
        let (got, via_clone) = streamed(&msg, 17, &mut rng);
        assert_eq!(got, want, "len {len}, 18 random pieces");
        assert_eq!(via_clone, want, "len {len}, via a clone");
    }
}

/// The multi-block kernels from random chaining states (not only H⁽⁰⁾), 0…40 blocks per call,
/// against one portable call per block.
#[test]
fn multi_block_kernels_from_random_states() {
    let mut rng = Rng(0xb10c);
    let backends = supported_backends();
    for n in 0..=40 {
        let state: [u32; 8] = core::array::from_fn(|_| rng.next_u64() as u32);
        let blocks: Vec<[u8; BLOCK_LEN]> = (0..n)
            .map(|_| rng.bytes(BLOCK_LEN).try_into().unwrap())
            .collect();
        let mut want = state;
        for block in &blocks {
            backend::compress_blocks_on(Backend::Portable, &mut want, core::slice::from_ref(block))
                .unwrap();
        }
        for &b in &backends {
            let mut got = state;
            backend::compress_blocks_on(b, &mut got, &blocks).unwrap();
            assert_eq!(got, want, "{n} blocks on {b:?}");
        }
    }
}
