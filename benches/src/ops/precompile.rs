//! EVM precompiles: `ctt_precompiles::run` against revm-precompile 43's built-in set on Osaka
//! (its backends as a node builds them: blst with its ADX assembly, c-kzg, libsecp256k1,
//! aurora-engine-modexp, the `p256` crate), each on the same inputs, which must give the same
//! output and gas. Rows are named `precompile_<name>`; the size column is the number of pairs
//! of the MSM and pairing rows. Throughput in MGas/s is `gas / time`: the gas of each row's input
//! is printed once when it is built.
//!
//! Inputs: the go-ethereum vectors in `tests/vectors/` where they exist (the first case of the
//! file named below), otherwise valid points generated here (random multiples of the
//! generators) with random scalars.

use crate::registry::{Bench, Op, Setup, contender};
use ctt_curves::CurveGroup;
use ctt_field::{Field, PrimeField};
use ctt_precompiles::{Fork, run};
use revm_precompile::{PrecompileSpecId, Precompiles, u64_to_address};

/// Registers the precompile operations.
pub fn register(ops: &mut Vec<Op>) {
    for name in [
        "precompile_ecrecover",
        "precompile_sha256",
        "precompile_ripemd160",
        "precompile_identity",
        "precompile_modexp",
        "precompile_bn254_add",
        "precompile_bn254_mul",
        "precompile_blake2f",
        "precompile_point_evaluation",
        "precompile_bls12_g1add",
        "precompile_bls12_g2add",
        "precompile_bls12_map_fp_to_g1",
        "precompile_bls12_map_fp2_to_g2",
        "precompile_p256verify",
    ] {
        ops.push(Op::single(name, build));
    }
    for (name, sizes) in [
        ("precompile_bn254_pairing", &[1usize, 2, 4][..]),
        ("precompile_bls12_g1msm", &[1, 8, 128]),
        ("precompile_bls12_g2msm", &[1, 8, 128]),
        ("precompile_bls12_pairing_check", &[1, 2, 4]),
    ] {
        for &n in sizes {
            ops.push(Op {
                name,
                size: Some(n),
                build,
            });
        }
    }
}

/// Every input of a vector file.
fn vector(file: &str) -> Vec<Vec<u8>> {
    let path = format!(
        "{}/../tests/vectors/geth-precompiles/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON array");
    cases
        .iter()
        .map(|c| hex::decode(c["Input"].as_str().expect("Input")).expect("hex"))
        .collect()
}

fn bls_g1(s: &mut Setup) -> [u8; 128] {
    use ctt_curves::bls12_381::G1Projective;
    let k = ctt_field::bls12_381::Fr::random(&mut s.rng);
    G1Projective::generator()
        .mul_vartime(&k)
        .to_affine()
        .to_eip2537_bytes()
}

fn bls_g2(s: &mut Setup) -> [u8; 256] {
    use ctt_curves::bls12_381::G2Projective;
    let k = ctt_field::bls12_381::Fr::random(&mut s.rng);
    G2Projective::generator()
        .mul_vartime(&k)
        .to_affine()
        .to_eip2537_bytes()
}

fn scalar(s: &mut Setup) -> [u8; 32] {
    ctt_field::bls12_381::Fr::random(&mut s.rng).to_bytes_be()
}

fn bn_pair(s: &mut Setup) -> Vec<u8> {
    use ctt_curves::bn254::{G1Projective, G2Projective};
    let a = ctt_field::bn254::Fr::random(&mut s.rng);
    let b = ctt_field::bn254::Fr::random(&mut s.rng);
    let mut v = G1Projective::generator()
        .mul_vartime(&a)
        .to_affine()
        .to_evm_bytes()
        .to_vec();
    v.extend_from_slice(
        &G2Projective::generator()
            .mul_vartime(&b)
            .to_affine()
            .to_evm_bytes(),
    );
    v
}

/// The address and inputs of an operation (a vector file's inputs are all timed in turn).
fn inputs(s: &mut Setup) -> (u64, Vec<Vec<u8>>) {
    let n = s.size.unwrap_or(1);
    let (address, one) = match s.name {
        "precompile_ecrecover" => return (0x01, vector("ecRecover.json")),
        "precompile_sha256" => (0x02, vec![0xab; 128]),
        "precompile_ripemd160" => (0x03, vec![0xab; 128]),
        "precompile_identity" => (0x04, vec![0xab; 128]),
        // nagydani-2-square style: the EIP-198 examples' first vector of the Berlin repricing.
        "precompile_modexp" => return (0x05, vector("modexp_eip2565.json")),
        "precompile_bn254_add" => return (0x06, vector("bn256Add.json")),
        "precompile_bn254_mul" => return (0x07, vector("bn256ScalarMul.json")),
        "precompile_bn254_pairing" => (0x08, (0..n).flat_map(|_| bn_pair(s)).collect()),
        "precompile_blake2f" => return (0x09, vector("blake2F.json")),
        "precompile_point_evaluation" => return (0x0a, vector("pointEvaluation.json")),
        "precompile_bls12_g1add" => (0x0b, [bls_g1(s), bls_g1(s)].concat()),
        "precompile_bls12_g1msm" => (
            0x0c,
            (0..n)
                .flat_map(|_| [bls_g1(s).to_vec(), scalar(s).to_vec()].concat())
                .collect(),
        ),
        "precompile_bls12_g2add" => (0x0d, [bls_g2(s), bls_g2(s)].concat()),
        "precompile_bls12_g2msm" => (
            0x0e,
            (0..n)
                .flat_map(|_| [bls_g2(s).to_vec(), scalar(s).to_vec()].concat())
                .collect(),
        ),
        "precompile_bls12_pairing_check" => (
            0x0f,
            (0..n)
                .flat_map(|_| [bls_g1(s).to_vec(), bls_g2(s).to_vec()].concat())
                .collect(),
        ),
        "precompile_bls12_map_fp_to_g1" => return (0x10, vector("blsMapG1.json")),
        "precompile_bls12_map_fp2_to_g2" => return (0x11, vector("blsMapG2.json")),
        "precompile_p256verify" => return (0x100, vector("p256Verify.json")),
        other => panic!("unknown precompile operation {other}"),
    };
    (address, vec![one])
}

fn build(s: &mut Setup) -> Bench {
    let (address, mut input) = inputs(s);
    // Only the inputs the precompile accepts (vector files hold a few failing cases too).
    input.retain(|i| run(address, i, u64::MAX, Fork::Osaka).is_ok_and(|o| !o.bytes.is_empty()));
    // BLAKE2 F's 8 000 000-round vector (about 90 ms a call, where every other input takes at
    // most a few milliseconds) would make the batches meaningless; its per-round speed is the
    // `blake2f` row of the hash group (1000 rounds). The bound lets G2MSM at 128 pairs (1 509 120
    // gas) through.
    input.retain(|i| {
        ctt_precompiles::gas_cost(address, i, Fork::Osaka).is_ok_and(|g| g < 4_000_000)
    });
    assert!(!input.is_empty(), "{}: no input to time", s.name);
    let gas: u64 = input
        .iter()
        .map(|i| ctt_precompiles::gas_cost(address, i, Fork::Osaka).expect("a priced input"))
        .sum();
    eprintln!(
        "{} ({:?}): {} inputs, {:.0} gas on average",
        s.name,
        s.size,
        input.len(),
        gas as f64 / input.len() as f64
    );
    let theirs = Precompiles::new(PrecompileSpecId::OSAKA)
        .get(&u64_to_address(address))
        .expect("revm has it")
        .clone();
    let out = |r: &(Vec<u8>, u64)| [r.0.clone(), r.1.to_be_bytes().to_vec()].concat();
    let ours = contender(
        "ours",
        input.clone(),
        move |i| {
            let o = run(address, i, u64::MAX, Fork::Osaka).expect("a valid input");
            (o.bytes, o.gas_used)
        },
        out,
    );
    let revm = contender(
        "revm",
        input,
        move |i| {
            let o = theirs.execute(i, u64::MAX, 0).expect("no fatal error");
            assert!(o.is_success(), "revm fails the input");
            (o.bytes.to_vec(), o.gas_used)
        },
        out,
    );
    Bench::checked(s, ours, vec![revm])
}
