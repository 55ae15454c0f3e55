//! Execution-layer hashes: `keccak256` (32 B, 136 B, 1 KiB) against tiny-keccak 2 (alloy's
//! default Keccak) and RustCrypto's sha3 0.12; `sha256` (64 B, 1 KiB) against RustCrypto's sha2
//! 0.11 (SHA-NI chosen at run time, as ours); `ripemd160` (64 B, 1 KiB) against RustCrypto's
//! ripemd 0.2; `blake2f` (1, 12 and 1000 rounds, the size: the per-call cost, BLAKE2b's own
//! count, the per-round cost) against revm-precompile's `blake2::compress` (its AVX2 kernel, chosen
//! at run time with its `std` feature; the portable one otherwise).
//!
//! Sizes are message bytes (rounds for `blake2f`). Messages are uniform bytes from the seeded
//! generator; every contender hashes the same messages and must agree on the first digest.

use crate::registry::{Bench, Op, Setup, contender};
use sha2::Digest as _;

/// Messages per (operation, size): enough to vary the data, few enough to stay in L1.
const INPUTS: usize = 16;

/// Registers the hash operations.
pub fn register(ops: &mut Vec<Op>) {
    let sized: [(&'static str, Builder, &[usize]); 4] = [
        ("keccak256", keccak256, &[32, 136, 1024]),
        ("sha256", sha256, &[64, 1024]),
        ("ripemd160", ripemd160, &[64, 1024]),
        ("blake2f", blake2f, &[1, 12, 1000]),
    ];
    for (name, build, sizes) in sized {
        for &n in sizes {
            ops.push(Op {
                name,
                size: Some(n),
                build,
            });
        }
    }
}

/// An operation's builder.
type Builder = fn(&mut Setup) -> Bench;

/// `INPUTS` random messages of the operation's size.
fn messages(s: &mut Setup) -> Vec<Vec<u8>> {
    let n = s.size.expect("hash operations are sized");
    (0..INPUTS)
        .map(|_| (0..n).map(|_| s.rng.next_u64() as u8).collect())
        .collect()
}

fn bytes<const N: usize>(d: &[u8; N]) -> Vec<u8> {
    d.to_vec()
}

fn keccak256(s: &mut Setup) -> Bench {
    let msgs = messages(s);
    let ours = contender("ours", msgs.clone(), |m| ctt_hash::keccak256(m), bytes);
    let tiny = contender(
        "tiny-keccak",
        msgs.clone(),
        |m| {
            use tiny_keccak::Hasher as _;
            let mut h = tiny_keccak::Keccak::v256();
            h.update(m);
            let mut out = [0u8; 32];
            h.finalize(&mut out);
            out
        },
        bytes,
    );
    let sha3 = contender(
        "sha3",
        msgs,
        |m| <[u8; 32]>::from(sha3::Keccak256::digest(m)),
        bytes,
    );
    Bench::checked(s, ours, vec![tiny, sha3])
}

fn sha256(s: &mut Setup) -> Bench {
    let msgs = messages(s);
    let ours = contender("ours", msgs.clone(), |m| ctt_hash::sha256(m), bytes);
    let sha2 = contender(
        "sha2",
        msgs,
        |m| <[u8; 32]>::from(sha2::Sha256::digest(m)),
        bytes,
    );
    Bench::checked(s, ours, vec![sha2])
}

fn ripemd160(s: &mut Setup) -> Bench {
    let msgs = messages(s);
    let ours = contender("ours", msgs.clone(), |m| ctt_hash::ripemd160(m), bytes);
    let ripemd = contender(
        "ripemd",
        msgs,
        |m| <[u8; 20]>::from(ripemd::Ripemd160::digest(m)),
        bytes,
    );
    Bench::checked(s, ours, vec![ripemd])
}

/// One F input: rounds, h, m, t, f.
type FInput = (u32, [u64; 8], [u64; 16], [u64; 2], bool);

fn blake2f(s: &mut Setup) -> Bench {
    let rounds = s.size.expect("sized") as u32;
    let inputs: Vec<FInput> = (0..INPUTS)
        .map(|i| {
            let h = core::array::from_fn(|_| s.rng.next_u64());
            let m = core::array::from_fn(|_| s.rng.next_u64());
            (rounds, h, m, [s.rng.next_u64(), 0], i % 2 == 0)
        })
        .collect();
    fn words(h: &[u64; 8]) -> Vec<u8> {
        h.iter().flat_map(|w| w.to_le_bytes()).collect()
    }
    let ours = contender(
        "ours",
        inputs.clone(),
        |&(r, mut h, m, t, f)| {
            ctt_hash::blake2b_f(r, &mut h, &m, t, f);
            h
        },
        words,
    );
    let revm = contender(
        "revm-precompile",
        inputs,
        |&(r, mut h, m, t, f)| {
            revm_precompile::blake2::compress(r, &mut h, &m, &t, f);
            h
        },
        words,
    );
    Bench::checked(s, ours, vec![revm])
}
