//! EIP-4844 KZG: `kzg_setup_load`, `blob_to_kzg_commitment`, `compute_kzg_proof`,
//! `compute_blob_kzg_proof`, `verify_kzg_proof`, `verify_blob_kzg_proof` and
//! `verify_blob_kzg_proof_batch` (n = 1, 4, 16, 64), against c-kzg 2.x (its embedded mainnet
//! setup, precompute 0) and rust_eth_kzg (`DASContext` without precomputation; built without its
//! `multithreaded` feature, so serial). rust_eth_kzg is compiled in only with the package feature
//! `rust-eth-kzg`, which builds blst (under both c-kzg and rust_eth_kzg) in its `portable` mode,
//! ADX chosen by CPUID at run time (c-kzg's own default):
//!
//! ```text
//! cargo run --release -p ctt-benches --no-default-features --features rust-eth-kzg \
//!     --bin compare -- kzg_setup_load blob_to_kzg compute_ verify_kzg verify_blob
//! ```
//!
//! Ours runs on [`KzgSettings::mainnet`] with its default fixed-base tables (built before timing;
//! their memory is printed once per run). `kzg_setup_load` times making the settings from the
//! embedded data: ours decodes the embedded binary form (what the first `mainnet()` call does;
//! the tables are built later, on first use), c-kzg validates its embedded compressed points
//! (`load_trusted_setup`, what its `ethereum_kzg_settings` does once), rust_eth_kzg builds its
//! `DASContext` from its embedded setup (its 4844 and PeerDAS contexts).
//!
//! With `--threads N > 1` ours runs `verify_blob_kzg_proof_batch_parallel` on the runner's pool;
//! the peers stay serial (c-kzg has no parallel API; rust_eth_kzg is built serial). Blobs are
//! uniform field elements; commitments and proofs are computed by ours and every contender must
//! agree on the first input.

// Without rust_eth_kzg the peer lists get no second push.
#![cfg_attr(not(feature = "rust-eth-kzg"), allow(unused_mut))]

use crate::registry::{Bench, Op, Setup, contender};
use ctt_field::{Field, PrimeField};
use ctt_kzg::{BYTES_PER_BLOB, Blob, Bytes48, KzgSettings, Precompute};
#[cfg(feature = "rust-eth-kzg")]
use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};
use std::sync::OnceLock;

/// Instances per (operation, size).
const INPUTS: usize = 2;

/// Registers the KZG operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("kzg_setup_load", setup_load));
    ops.push(Op::single("blob_to_kzg_commitment", commitment));
    ops.push(Op::single("compute_kzg_proof", compute_kzg_proof));
    ops.push(Op::single("compute_blob_kzg_proof", compute_blob_kzg_proof));
    ops.push(Op::single("verify_kzg_proof", verify_kzg_proof));
    ops.push(Op::single("verify_blob_kzg_proof", verify_blob_kzg_proof));
    for n in [1, 4, 16, 64] {
        ops.push(Op {
            name: "verify_blob_kzg_proof_batch",
            size: Some(n),
            build: verify_batch,
        });
    }
}

/// Ours, with the default tables built (and their memory reported once).
fn ours() -> &'static KzgSettings {
    let s = KzgSettings::mainnet();
    static REPORTED: OnceLock<()> = OnceLock::new();
    REPORTED.get_or_init(|| {
        eprintln!(
            "ctt-kzg: {:?}, {:.1} MiB held by the settings (setup points, domain and tables)",
            s.precompute(),
            s.memory_bytes() as f64 / (1 << 20) as f64
        );
    });
    s
}

fn ckzg() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

#[cfg(feature = "rust-eth-kzg")]
fn eth_kzg() -> &'static DASContext {
    static CTX: OnceLock<DASContext> = OnceLock::new();
    CTX.get_or_init(|| DASContext::new(&TrustedSetup::default(), UsePrecomp::No))
}

fn random_blob(s: &mut Setup) -> Box<Blob> {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&ctt_field::bls12_381::Fr::random(&mut s.rng).to_bytes_be());
    }
    blob
}

fn random_z(s: &mut Setup) -> [u8; 32] {
    ctt_field::bls12_381::Fr::random(&mut s.rng).to_bytes_be()
}

fn ck_blob(b: &Blob) -> Box<c_kzg::Blob> {
    Box::new(c_kzg::Blob::new(*b))
}

fn ck48(b: &Bytes48) -> c_kzg::Bytes48 {
    c_kzg::Bytes48::new(*b)
}

/// A blob with its commitment and its blob proof (computed by ours).
struct Instance {
    blob: Box<Blob>,
    commitment: Bytes48,
    proof: Bytes48,
}

fn instance(s: &mut Setup) -> Instance {
    let blob = random_blob(s);
    let commitment = ours().blob_to_kzg_commitment(&blob).expect("valid blob");
    let proof = ours()
        .compute_blob_kzg_proof(&blob, &commitment)
        .expect("valid blob");
    Instance {
        blob,
        commitment,
        proof,
    }
}

fn bool_out(b: &bool) -> Vec<u8> {
    vec![*b as u8]
}

fn setup_load(s: &mut Setup) -> Bench {
    // The same compressed points c-kzg embeds (its constants are private): the mainnet setup.
    let m = ours();
    let g1 = |pts: &[ctt_kzg::G1Affine]| pts.iter().flat_map(|p| p.to_compressed()).collect();
    let mut lagrange = m.g1_lagrange_brp().to_vec();
    ctt_kzg::domain::bit_reversal_permutation(&mut lagrange);
    let bytes: (Vec<u8>, Vec<u8>, Vec<u8>) = (
        g1(m.g1_monomial()),
        g1(&lagrange),
        m.g2_monomial()
            .iter()
            .flat_map(|p| p.to_compressed())
            .collect(),
    );
    let us = contender(
        "ours",
        vec![()],
        |_| KzgSettings::mainnet_with_precompute(Precompute::None).expect("embedded"),
        |_| Vec::new(),
    );
    let ck = contender(
        "c-kzg",
        vec![bytes],
        |(m, l, g2)| c_kzg::KzgSettings::load_trusted_setup(m, l, g2, 0).expect("valid"),
        |_| Vec::new(),
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        vec![()],
        |_| DASContext::new(&TrustedSetup::default(), UsePrecomp::No),
        |_| Vec::new(),
    ));
    let _ = s;
    Bench::checked(s, us, peers)
}

fn commitment(s: &mut Setup) -> Bench {
    let blobs: Vec<Box<Blob>> = (0..INPUTS).map(|_| random_blob(s)).collect();
    let ck_blobs: Vec<_> = blobs.iter().map(|b| ck_blob(b)).collect();
    let us = contender(
        "ours",
        blobs.clone(),
        |b| ours().blob_to_kzg_commitment(b).expect("valid"),
        |c| c.to_vec(),
    );
    let ck = contender(
        "c-kzg",
        ck_blobs,
        |b| ckzg().blob_to_kzg_commitment(b).expect("valid"),
        |c| c.to_bytes().into_inner().to_vec(),
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        blobs,
        |b| eth_kzg().blob_to_kzg_commitment(b).expect("valid"),
        |c| c.to_vec(),
    ));
    Bench::checked(s, us, peers)
}

fn compute_kzg_proof(s: &mut Setup) -> Bench {
    let inputs: Vec<(Box<Blob>, [u8; 32])> =
        (0..INPUTS).map(|_| (random_blob(s), random_z(s))).collect();
    let ck_inputs: Vec<_> = inputs
        .iter()
        .map(|(b, z)| (ck_blob(b), c_kzg::Bytes32::new(*z)))
        .collect();
    let us = contender(
        "ours",
        inputs.clone(),
        |(b, z)| ours().compute_kzg_proof(b, z).expect("valid"),
        |(p, y)| [&p[..], &y[..]].concat(),
    );
    let ck = contender(
        "c-kzg",
        ck_inputs,
        |(b, z)| ckzg().compute_kzg_proof(b, z).expect("valid"),
        |(p, y)| [&p.to_bytes()[..], &y[..]].concat(),
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        inputs,
        |(b, z)| eth_kzg().compute_kzg_proof(b, *z).expect("valid"),
        |(p, y)| [&p[..], &y[..]].concat(),
    ));
    Bench::checked(s, us, peers)
}

fn compute_blob_kzg_proof(s: &mut Setup) -> Bench {
    let inputs: Vec<Instance> = (0..INPUTS).map(|_| instance(s)).collect();
    let plain: Vec<(Box<Blob>, Bytes48)> = inputs
        .iter()
        .map(|i| (i.blob.clone(), i.commitment))
        .collect();
    let ck_inputs: Vec<_> = inputs
        .iter()
        .map(|i| (ck_blob(&i.blob), ck48(&i.commitment)))
        .collect();
    let us = contender(
        "ours",
        plain.clone(),
        |(b, c)| ours().compute_blob_kzg_proof(b, c).expect("valid"),
        |p| p.to_vec(),
    );
    let ck = contender(
        "c-kzg",
        ck_inputs,
        |(b, c)| ckzg().compute_blob_kzg_proof(b, c).expect("valid"),
        |p| p.to_bytes().into_inner().to_vec(),
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        plain,
        |(b, c)| eth_kzg().compute_blob_kzg_proof(b, c).expect("valid"),
        |p| p.to_vec(),
    ));
    Bench::checked(s, us, peers)
}

fn verify_kzg_proof(s: &mut Setup) -> Bench {
    // (commitment, z, y, proof) of random blobs at random points.
    let inputs: Vec<(Bytes48, [u8; 32], [u8; 32], Bytes48)> = (0..INPUTS)
        .map(|_| {
            let blob = random_blob(s);
            let z = random_z(s);
            let c = ours().blob_to_kzg_commitment(&blob).expect("valid");
            let (p, y) = ours().compute_kzg_proof(&blob, &z).expect("valid");
            (c, z, y, p)
        })
        .collect();
    let ck_inputs: Vec<_> = inputs
        .iter()
        .map(|(c, z, y, p)| {
            (
                ck48(c),
                c_kzg::Bytes32::new(*z),
                c_kzg::Bytes32::new(*y),
                ck48(p),
            )
        })
        .collect();
    let us = contender(
        "ours",
        inputs.clone(),
        |(c, z, y, p)| ours().verify_kzg_proof(c, z, y, p).expect("well formed"),
        bool_out,
    );
    let ck = contender(
        "c-kzg",
        ck_inputs,
        |(c, z, y, p)| ckzg().verify_kzg_proof(c, z, y, p).expect("well formed"),
        bool_out,
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        inputs,
        |(c, z, y, p)| eth_kzg().verify_kzg_proof(c, *z, *y, p).is_ok(),
        bool_out,
    ));
    Bench::checked(s, us, peers)
}

fn verify_blob_kzg_proof(s: &mut Setup) -> Bench {
    let inputs: Vec<Instance> = (0..INPUTS).map(|_| instance(s)).collect();
    let plain: Vec<(Box<Blob>, Bytes48, Bytes48)> = inputs
        .iter()
        .map(|i| (i.blob.clone(), i.commitment, i.proof))
        .collect();
    let ck_inputs: Vec<_> = inputs
        .iter()
        .map(|i| (ck_blob(&i.blob), ck48(&i.commitment), ck48(&i.proof)))
        .collect();
    let us = contender(
        "ours",
        plain.clone(),
        |(b, c, p)| ours().verify_blob_kzg_proof(b, c, p).expect("well formed"),
        bool_out,
    );
    let ck = contender(
        "c-kzg",
        ck_inputs,
        |(b, c, p)| ckzg().verify_blob_kzg_proof(b, c, p).expect("well formed"),
        bool_out,
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        plain,
        |(b, c, p)| eth_kzg().verify_blob_kzg_proof(b, c, p).is_ok(),
        bool_out,
    ));
    Bench::checked(s, us, peers)
}

/// A batch: blobs, commitments and proofs.
type Batch = (Vec<Blob>, Vec<Bytes48>, Vec<Bytes48>);

fn verify_batch(s: &mut Setup) -> Bench {
    let n = s.size.expect("sized");
    let threads = s.ctx.threads;
    // One batch (a 64-blob batch is 8 MiB per contender).
    let instances: Vec<Instance> = (0..n).map(|_| instance(s)).collect();
    let batch: Batch = (
        instances.iter().map(|i| *i.blob).collect(),
        instances.iter().map(|i| i.commitment).collect(),
        instances.iter().map(|i| i.proof).collect(),
    );
    let ck_batch: (Vec<c_kzg::Blob>, Vec<c_kzg::Bytes48>, Vec<c_kzg::Bytes48>) = (
        batch.0.iter().map(|b| c_kzg::Blob::new(*b)).collect(),
        batch.1.iter().map(ck48).collect(),
        batch.2.iter().map(ck48).collect(),
    );
    let us = contender(
        "ours",
        vec![batch.clone()],
        move |(b, c, p)| {
            if threads > 1 {
                ours().verify_blob_kzg_proof_batch_parallel(b, c, p)
            } else {
                ours().verify_blob_kzg_proof_batch(b, c, p)
            }
            .expect("well formed")
        },
        bool_out,
    );
    let ck = contender(
        "c-kzg",
        vec![ck_batch],
        |(b, c, p)| {
            ckzg()
                .verify_blob_kzg_proof_batch(b, c, p)
                .expect("well formed")
        },
        bool_out,
    );
    let mut peers = vec![ck];
    #[cfg(feature = "rust-eth-kzg")]
    peers.push(contender(
        "rust_eth_kzg",
        vec![batch],
        |(b, c, p)| {
            eth_kzg()
                .verify_blob_kzg_proof_batch(
                    b.iter().collect(),
                    c.iter().collect(),
                    p.iter().collect(),
                )
                .is_ok()
        },
        bool_out,
    ));
    Bench::checked(s, us, peers)
}
