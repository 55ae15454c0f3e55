//! The native side of the JS-vs-native differential test (`test/differential.test.mjs`): from a
//! seed, pseudo-random inputs and what the library computes for them natively, as JSON (hex
//! strings, `0x`-prefixed as ctt.js writes them). The Node test replays every input through
//! ctt.wasm and requires byte-identical answers.
//!     cargo run --example differential -- <seed> <out.json>
//! (`ci.sh` runs it on the host toolchain with a fresh seed each run and prints the seed.)

use ctt_bls::{PublicKey, SecretKey, Signature};
use ctt_kzg::{BYTES_PER_BLOB, KzgSettings};
use ctt_peerdas::PeerDasSettings;
use ctt_precompiles::Fork;
use serde_json::{Value, json};

/// SplitMix64: a seeded stream of bytes, enough for test inputs (not for keys in use).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }

    /// 32 bytes below BLS12-381's r (and BN254's r): the top byte cleared.
    fn scalar(&mut self) -> [u8; 32] {
        let mut b: [u8; 32] = self.bytes(32).try_into().expect("32 bytes");
        b[0] = 0;
        b
    }
}

fn hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(2 + 2 * b.len());
    s.push_str("0x");
    for x in b {
        s.push_str(&format!("{x:02x}"));
    }
    s
}

fn blob(rng: &mut Rng) -> Box<[u8; BYTES_PER_BLOB]> {
    let mut b = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in b.chunks_mut(32) {
        chunk.copy_from_slice(&rng.scalar());
    }
    b
}

fn kzg_cases(rng: &mut Rng) -> Value {
    let kzg = KzgSettings::mainnet();
    let blobs: Vec<_> = (0..2).map(|_| blob(rng)).collect();
    let cases: Vec<Value> = blobs
        .iter()
        .map(|b| {
            let c = kzg.blob_to_kzg_commitment(b).expect("a canonical blob");
            let proof = kzg
                .compute_blob_kzg_proof(b, &c)
                .expect("a valid commitment");
            let z = rng.scalar();
            let (zp, y) = kzg.compute_kzg_proof(b, &z).expect("a canonical z");
            json!({ "blob": hex(&b[..]), "commitment": hex(&c), "proof": hex(&proof),
                    "z": hex(&z), "zProof": hex(&zp), "y": hex(&y) })
        })
        .collect();
    let (cells, proofs) = PeerDasSettings::mainnet()
        .compute_cells_and_kzg_proofs(&blobs[0])
        .expect("a canonical blob");
    json!({
        "blobs": cases,
        "cells": cells.iter().map(|c| hex(&c[..])).collect::<Vec<_>>(),
        "cellProofs": proofs.iter().map(|p| hex(p)).collect::<Vec<_>>(),
    })
}

fn bls_cases(rng: &mut Rng) -> Value {
    let msg = rng.bytes(32);
    let other = rng.bytes(32);
    let keys: Vec<SecretKey> = (0..3)
        .map(|_| SecretKey::key_gen(&rng.bytes(32), &[]).expect("32 bytes of ikm"))
        .collect();
    let pks: Vec<PublicKey> = keys.iter().map(ctt_bls::sk_to_pk).collect();
    let sigs: Vec<Signature> = keys.iter().map(|k| ctt_bls::sign(k, &msg)).collect();
    let agg = ctt_bls::aggregate(&sigs).expect("three signatures");
    let verify = |m: &[u8]| ctt_bls::verify(&pks[0], m, &sigs[0]).expect("a valid key");
    json!({
        "message": hex(&msg),
        "otherMessage": hex(&other),
        "secretKeys": keys.iter().map(|k| hex(&k.to_bytes())).collect::<Vec<_>>(),
        "publicKeys": pks.iter().map(|p| hex(&p.to_bytes())).collect::<Vec<_>>(),
        "signatures": sigs.iter().map(|s| hex(&s.to_bytes())).collect::<Vec<_>>(),
        "aggregate": hex(&agg.to_bytes()),
        "verify": verify(&msg),
        "verifyOther": verify(&other),
        "fastAggregateVerify": ctt_bls::fast_aggregate_verify(&pks, &msg, &agg).expect("valid keys"),
    })
}

/// One precompile call on Osaka with its output and gas (or its error's name).
fn call(address: u64, input: Vec<u8>) -> Value {
    match ctt_precompiles::run(address, &input, u64::MAX, Fork::Osaka) {
        Ok(o) => {
            json!({ "address": address, "input": hex(&input), "output": hex(&o.bytes), "gas": o.gas_used.to_string() })
        }
        Err(e) => json!({ "address": address, "input": hex(&input), "error": format!("{e:?}") }),
    }
}

fn output(address: u64, input: &[u8]) -> Vec<u8> {
    ctt_precompiles::run(address, input, u64::MAX, Fork::Osaka)
        .expect("a valid input")
        .bytes
}

/// BN254's base-field modulus, big-endian (to negate a point: `y ↦ p − y`).
const BN254_P: [u8; 32] = [
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x97, 0x81, 0x6a, 0x91, 0x68, 0x71, 0xca, 0x8d, 0x3c, 0x20, 0x8c, 0x16, 0xd8, 0x7c, 0xfd, 0x47,
];

fn sub_be(a: &[u8; 32], b: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = i16::from(a[i]) - i16::from(b[i]) - borrow;
        borrow = i16::from(d < 0);
        out[i] = d.rem_euclid(256) as u8;
    }
    out
}

/// The BN254 G2 generator in EIP-197 order (x.c1, x.c0, y.c1, y.c0).
const BN254_G2: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn precompile_cases(rng: &mut Rng) -> Value {
    let mut cases = vec![call(0x02, rng.bytes(100)), call(0x03, rng.bytes(77))];
    // modexp: 32-byte base, exponent and modulus
    let mut modexp = Vec::new();
    for _ in 0..3 {
        modexp.extend_from_slice(&[0u8; 31]);
        modexp.push(32);
    }
    modexp.extend(rng.bytes(96));
    cases.push(call(0x05, modexp));
    // BN254: P = k·G, P + G, and the pairing checks e(P, G2)·e(−P, G2) = 1 and e(P, G2)·e(G, G2)
    let mut gen1 = vec![0u8; 64];
    (gen1[31], gen1[63]) = (1, 2);
    let mut mul = gen1.clone();
    mul.extend(rng.scalar());
    let p = output(0x07, &mul);
    cases.push(call(0x07, mul));
    cases.push(call(0x06, [&p[..], &gen1[..]].concat()));
    let neg_p = [&p[..32], &sub_be(&BN254_P, &p[32..])[..]].concat();
    let g2 = unhex(BN254_G2);
    cases.push(call(0x08, [&p[..], &g2, &neg_p, &g2].concat()));
    cases.push(call(0x08, [&p[..], &g2, &gen1, &g2].concat()));
    // BLS12-381 (EIP-2537): points by the map precompiles from random field elements, then
    // add, MSM of G1 and of G2, a pairing of two pairs
    let fp = |rng: &mut Rng| {
        let mut b = vec![0u8; 64];
        b[17..].copy_from_slice(&rng.bytes(47)); // top bytes zero: below p
        b
    };
    let g1: Vec<Vec<u8>> = (0..3).map(|_| output(0x10, &fp(rng))).collect();
    let g2: Vec<Vec<u8>> = (0..2)
        .map(|_| output(0x11, &[fp(rng), fp(rng)].concat()))
        .collect();
    cases.push(call(0x10, fp(rng)));
    cases.push(call(0x0b, [&g1[0][..], &g1[1]].concat()));
    let msm_g1: Vec<u8> = g1
        .iter()
        .flat_map(|p| [&p[..], &rng.scalar()].concat())
        .collect();
    cases.push(call(0x0c, msm_g1));
    let msm_g2: Vec<u8> = g2
        .iter()
        .flat_map(|p| [&p[..], &rng.scalar()].concat())
        .collect();
    cases.push(call(0x0e, msm_g2));
    cases.push(call(0x0f, [&g1[0][..], &g2[0], &g1[1], &g2[1]].concat()));
    // one malformed call: a point off the curve
    let mut off = g1[2].clone();
    off[127] ^= 1;
    cases.push(call(0x0b, [&g1[0][..], &off].concat()));
    Value::Array(cases)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, seed, out] = &args[..] else {
        eprintln!("usage: differential <seed> <out.json>");
        std::process::exit(2);
    };
    let seed: u64 = seed.parse().expect("a u64 seed");
    let mut rng = Rng(seed);
    let doc = json!({
        "seed": seed.to_string(),
        "kzg": kzg_cases(&mut rng),
        "bls": bls_cases(&mut rng),
        "precompiles": precompile_cases(&mut rng),
    });
    std::fs::write(out, serde_json::to_string(&doc).expect("JSON")).expect("writing the file");
    eprintln!("differential: seed {seed} -> {out}");
}
