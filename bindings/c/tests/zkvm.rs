//! The zkVM accelerator interface on the official vectors: every geth and EIP-2537 precompile
//! vector (and the KZG point-evaluation and Keccak vectors), converted here from the EVM's
//! encodings to the standard's (unpadded BLS12-381 coordinates, fixed-size structs, the public
//! key instead of the address), then run twice: through the Rust module
//! (`ctt_precompiles::zkvm`) in this file, and through the C interface (`zkvm_accelerators.h`)
//! by `tests/c/zkvm_vectors.c`, which reads the same cases as lines.
//!
//! An EVM vector that the standard's types cannot express (an input of the wrong length, EIP-2537
//! padding bytes that are not zero, a `v` other than 27/28) is counted and skipped; every other
//! failure vector must fail here too.

mod common;

use common::{compile, read_json, run, vectors, vectors_run, write_lines};
use ctt_precompiles::zkvm::{
    self, Bls12G1MsmPair, Bls12G2MsmPair, Bls12PairingPair, Bn254PairingPair,
};
use serde_json::Value;

/// What a case must give.
#[derive(Clone, Debug, PartialEq)]
enum Want {
    Bytes(Vec<u8>),
    Bool(bool),
    /// `false`, or a failure (P256VERIFY's empty output covers both).
    FalseOrFail,
    /// A public key whose Keccak-256 ends with this address.
    Address([u8; 20]),
    Fail,
}

/// One call of the interface: the function's name, its arguments in the standard's encodings
/// (fixed-size byte strings, or lists of them, or numbers), and the answer.
#[derive(Clone, Debug)]
struct Case {
    name: String,
    function: &'static str,
    args: Vec<Arg>,
    want: Want,
}

#[derive(Clone, Debug)]
enum Arg {
    Bytes(Vec<u8>),
    List(Vec<Vec<u8>>),
    Number(u64),
}

impl Arg {
    fn bytes(&self) -> &[u8] {
        match self {
            Arg::Bytes(b) => b,
            _ => panic!("not bytes"),
        }
    }
    fn list(&self) -> &[Vec<u8>] {
        match self {
            Arg::List(l) => l,
            _ => panic!("not a list"),
        }
    }
    fn number(&self) -> u64 {
        match self {
            Arg::Number(n) => *n,
            _ => panic!("not a number"),
        }
    }
    fn array<const N: usize>(&self) -> [u8; N] {
        self.bytes().try_into().expect("fixed size")
    }
    /// The line-file field (see tests/c/common.h).
    fn field(&self) -> String {
        match self {
            Arg::Bytes(b) if b.is_empty() => "-".into(),
            Arg::Bytes(b) => hex::encode(b),
            Arg::List(l) if l.is_empty() => "-".into(),
            Arg::List(l) => l.iter().map(hex::encode).collect::<Vec<_>>().join(","),
            Arg::Number(n) => n.to_string(),
        }
    }
}

impl Want {
    fn field(&self) -> String {
        match self {
            Want::Bytes(b) if b.is_empty() => "-".into(),
            Want::Bytes(b) => hex::encode(b),
            Want::Bool(b) => b.to_string(),
            Want::FalseOrFail => "false_or_fail".into(),
            Want::Address(a) => format!("address:{}", hex::encode(a)),
            Want::Fail => "fail".into(),
        }
    }
}

fn hex_of(c: &Value, key: &str) -> Vec<u8> {
    hex::decode(c[key].as_str().unwrap()).unwrap()
}

fn padded<const N: usize>(input: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = input.len().min(N);
    out[..n].copy_from_slice(&input[..n]);
    out
}

/// EIP-2537's 64-byte coordinates without their 16 zero bytes; `None` if a padding byte is not
/// zero (the standard's types cannot carry it).
fn unpad(padded: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for fp in padded.chunks(64) {
        if fp.len() != 64 || fp[..16].iter().any(|b| *b != 0) {
            return None;
        }
        out.extend_from_slice(&fp[16..]);
    }
    Some(out)
}

/// The arguments of one EVM input for `function`, or `None` if the standard cannot express it.
fn convert(function: &str, input: &[u8]) -> Option<Vec<Arg>> {
    let b = |s: &[u8]| Arg::Bytes(s.to_vec());
    let records = |len: usize, f: &dyn Fn(&[u8]) -> Option<Vec<u8>>| -> Option<Arg> {
        if !input.len().is_multiple_of(len) {
            return None;
        }
        Some(Arg::List(input.chunks(len).map(f).collect::<Option<_>>()?))
    };
    Some(match function {
        "bn254_g1_add" => {
            let i = padded::<128>(input);
            vec![b(&i[..64]), b(&i[64..])]
        }
        "bn254_g1_mul" => {
            let i = padded::<96>(input);
            vec![b(&i[..64]), b(&i[64..])]
        }
        "bn254_pairing" => vec![records(192, &|r| Some(r.to_vec()))?],
        "blake2f" => {
            if input.len() != 213 {
                return None;
            }
            let rounds = u32::from_be_bytes(input[..4].try_into().unwrap()) as u64;
            vec![
                Arg::Number(rounds),
                b(&input[4..68]),
                b(&input[68..196]),
                b(&input[196..212]),
                Arg::Number(input[212] as u64),
            ]
        }
        "kzg_point_eval" => {
            if input.len() != 192 {
                return None;
            }
            vec![
                b(&input[96..144]),
                b(&input[32..64]),
                b(&input[64..96]),
                b(&input[144..]),
            ]
        }
        "bls12_g1_add" | "bls12_g2_add" => {
            let point = if function == "bls12_g1_add" { 128 } else { 256 };
            if input.len() != 2 * point {
                return None;
            }
            vec![
                Arg::Bytes(unpad(&input[..point])?),
                Arg::Bytes(unpad(&input[point..])?),
            ]
        }
        "bls12_g1_msm" | "bls12_g2_msm" => {
            let point = if function == "bls12_g1_msm" { 128 } else { 256 };
            vec![records(point + 32, &|r| {
                let mut t = unpad(&r[..point])?;
                t.extend_from_slice(&r[point..]);
                Some(t)
            })?]
        }
        "bls12_pairing" => vec![records(384, &|r| unpad(r))?],
        "bls12_map_fp_to_g1" if input.len() == 64 => vec![Arg::Bytes(unpad(input)?)],
        "bls12_map_fp2_to_g2" if input.len() == 128 => vec![Arg::Bytes(unpad(input)?)],
        "bls12_map_fp_to_g1" | "bls12_map_fp2_to_g2" => return None,
        "secp256r1_verify" => {
            if input.len() != 160 {
                return None;
            }
            vec![b(&input[..32]), b(&input[32..96]), b(&input[96..])]
        }
        "secp256k1_ecrecover" => {
            let i = padded::<128>(input);
            let v = &i[32..64];
            if v[..31].iter().any(|x| *x != 0) || !matches!(v[31], 27 | 28) {
                return None;
            }
            vec![b(&i[..32]), b(&i[64..128]), Arg::Number(v[31] as u64 - 27)]
        }
        "modexp" => {
            let word = |k: usize| -> Option<usize> {
                let w = padded::<32>(input.get(32 * k..).unwrap_or(&[]));
                (w[..24].iter().all(|x| *x == 0))
                    .then(|| u64::from_be_bytes(w[24..].try_into().unwrap()) as usize)
                    .filter(|n| *n <= 4096)
            };
            let (bl, el, ml) = (word(0)?, word(1)?, word(2)?);
            let body = input.get(96..).unwrap_or(&[]);
            let mut data = body.to_vec();
            data.resize(bl + el + ml, 0);
            vec![b(&data[..bl]), b(&data[bl..bl + el]), b(&data[bl + el..])]
        }
        _ => unreachable!("{function}"),
    })
}

/// The answer the standard gives for an EVM vector's expected output.
fn want(function: &str, expected: &[u8]) -> Want {
    match function {
        "bn254_pairing" | "bls12_pairing" | "kzg_point_eval" => {
            Want::Bool(expected.last() == Some(&1))
        }
        "secp256r1_verify" if expected.is_empty() => Want::FalseOrFail,
        "secp256r1_verify" => Want::Bool(true),
        "secp256k1_ecrecover" if expected.is_empty() => Want::Fail,
        "secp256k1_ecrecover" => Want::Address(expected[12..].try_into().unwrap()),
        f if f.starts_with("bls12_") => Want::Bytes(unpad(expected).expect("EIP-2537 output")),
        _ => Want::Bytes(expected.to_vec()),
    }
}

/// The EVM vector files and the interface function each one exercises.
const FILES: &[(&str, &str)] = &[
    ("geth-precompiles/ecRecover.json", "secp256k1_ecrecover"),
    ("geth-precompiles/modexp.json", "modexp"),
    ("geth-precompiles/modexp_eip2565.json", "modexp"),
    ("geth-precompiles/modexp_eip7883.json", "modexp"),
    ("geth-precompiles/bn256Add.json", "bn254_g1_add"),
    ("geth-precompiles/bn256ScalarMul.json", "bn254_g1_mul"),
    ("geth-precompiles/bn256Pairing.json", "bn254_pairing"),
    ("geth-precompiles/blake2F.json", "blake2f"),
    ("geth-precompiles/fail-blake2f.json", "blake2f"),
    ("geth-precompiles/pointEvaluation.json", "kzg_point_eval"),
    ("geth-precompiles/blsG1Add.json", "bls12_g1_add"),
    ("geth-precompiles/fail-blsG1Add.json", "bls12_g1_add"),
    ("geth-precompiles/blsG1Mul.json", "bls12_g1_msm"),
    ("geth-precompiles/fail-blsG1Mul.json", "bls12_g1_msm"),
    ("geth-precompiles/blsG1MultiExp.json", "bls12_g1_msm"),
    ("geth-precompiles/fail-blsG1MultiExp.json", "bls12_g1_msm"),
    ("geth-precompiles/blsG2Add.json", "bls12_g2_add"),
    ("geth-precompiles/fail-blsG2Add.json", "bls12_g2_add"),
    ("geth-precompiles/blsG2Mul.json", "bls12_g2_msm"),
    ("geth-precompiles/fail-blsG2Mul.json", "bls12_g2_msm"),
    ("geth-precompiles/blsG2MultiExp.json", "bls12_g2_msm"),
    ("geth-precompiles/fail-blsG2MultiExp.json", "bls12_g2_msm"),
    ("geth-precompiles/blsPairing.json", "bls12_pairing"),
    ("geth-precompiles/fail-blsPairing.json", "bls12_pairing"),
    ("geth-precompiles/blsMapG1.json", "bls12_map_fp_to_g1"),
    ("geth-precompiles/fail-blsMapG1.json", "bls12_map_fp_to_g1"),
    ("geth-precompiles/blsMapG2.json", "bls12_map_fp2_to_g2"),
    ("geth-precompiles/fail-blsMapG2.json", "bls12_map_fp2_to_g2"),
    ("geth-precompiles/p256Verify.json", "secp256r1_verify"),
    ("eip-2537/add_G1_bls.json", "bls12_g1_add"),
    ("eip-2537/fail-add_G1_bls.json", "bls12_g1_add"),
    ("eip-2537/add_G2_bls.json", "bls12_g2_add"),
    ("eip-2537/fail-add_G2_bls.json", "bls12_g2_add"),
    ("eip-2537/mul_G1_bls.json", "bls12_g1_msm"),
    ("eip-2537/fail-mul_G1_bls.json", "bls12_g1_msm"),
    ("eip-2537/msm_G1_bls.json", "bls12_g1_msm"),
    ("eip-2537/fail-msm_G1_bls.json", "bls12_g1_msm"),
    ("eip-2537/mul_G2_bls.json", "bls12_g2_msm"),
    ("eip-2537/fail-mul_G2_bls.json", "bls12_g2_msm"),
    ("eip-2537/fail-msm_G2_bls.json", "bls12_g2_msm"),
    ("eip-2537/pairing_check_bls.json", "bls12_pairing"),
    ("eip-2537/fail-pairing_check_bls.json", "bls12_pairing"),
    ("eip-2537/map_fp_to_G1_bls.json", "bls12_map_fp_to_g1"),
    ("eip-2537/fail-map_fp_to_G1_bls.json", "bls12_map_fp_to_g1"),
    ("eip-2537/map_fp2_to_G2_bls.json", "bls12_map_fp2_to_g2"),
    (
        "eip-2537/fail-map_fp2_to_G2_bls.json",
        "bls12_map_fp2_to_g2",
    ),
];

/// Every case, and how many EVM vectors could not be expressed.
fn cases() -> (Vec<Case>, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    for (file, function) in FILES {
        let failing = file.contains("/fail-");
        for c in read_json(&vectors().join(file)).as_array().unwrap() {
            let name = c["Name"].as_str().unwrap_or("?").replace(' ', "_");
            let Some(args) = convert(function, &hex_of(c, "Input")) else {
                skipped += 1;
                continue;
            };
            let want = if failing {
                Want::Fail
            } else {
                want(function, &hex_of(c, "Expected"))
            };
            out.push(Case {
                name,
                function,
                args,
                want,
            });
        }
    }
    // ecrecover's keys verify their signatures, and not another hash's.
    let recovered: Vec<Case> = out
        .iter()
        .filter(|c| c.function == "secp256k1_ecrecover" && matches!(c.want, Want::Address(_)))
        .cloned()
        .collect();
    for c in recovered {
        let key = zkvm::secp256k1_ecrecover(
            &c.args[0].array(),
            &c.args[1].array(),
            c.args[2].number() as u8,
        )
        .expect("recoverable");
        let mut other = c.args[0].array::<32>();
        other[0] ^= 1;
        for (msg, ok) in [(c.args[0].array::<32>(), true), (other, false)] {
            out.push(Case {
                name: format!("{}_verify_{ok}", c.name),
                function: "secp256k1_verify",
                args: vec![
                    Arg::Bytes(msg.to_vec()),
                    c.args[1].clone(),
                    Arg::Bytes(key.to_vec()),
                ],
                want: Want::Bool(ok),
            });
        }
    }
    // The Keccak-256 known answers; SHA-256 and RIPEMD-160 of "" and "abc" (FIPS 180-4 and the
    // RIPEMD-160 page).
    for c in read_json(&vectors().join("keccak/ShortMsgKAT_256.json"))
        .as_array()
        .unwrap()
    {
        out.push(Case {
            name: format!("keccak_{}", c["len_bits"]),
            function: "keccak256",
            args: vec![Arg::Bytes(hex_of(c, "msg"))],
            want: Want::Bytes(hex_of(c, "md")),
        });
    }
    let known = [
        (
            "sha256",
            "",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        ),
        (
            "sha256",
            "abc",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ),
        (
            "ripemd160",
            "",
            "0000000000000000000000009c1185a5c5e9fc54612808977ee8f548b2258d31",
        ),
        (
            "ripemd160",
            "abc",
            "0000000000000000000000008eb208f7e05d987a9b044a8e98c6b087f15a0bfc",
        ),
    ];
    for (function, msg, digest) in known {
        out.push(Case {
            name: format!("{function}_{msg}"),
            function,
            args: vec![Arg::Bytes(msg.as_bytes().to_vec())],
            want: Want::Bytes(hex::decode(digest).unwrap()),
        });
    }
    (out, skipped)
}

fn g1_pairs(l: &[Vec<u8>]) -> Vec<Bls12G1MsmPair> {
    l.iter()
        .map(|t| Bls12G1MsmPair {
            point: t[..96].try_into().unwrap(),
            scalar: t[96..].try_into().unwrap(),
        })
        .collect()
}

fn g2_pairs(l: &[Vec<u8>]) -> Vec<Bls12G2MsmPair> {
    l.iter()
        .map(|t| Bls12G2MsmPair {
            point: t[..192].try_into().unwrap(),
            scalar: t[192..].try_into().unwrap(),
        })
        .collect()
}

/// A case's answer through the Rust module: bytes, a bool, or `None` for a failure.
enum Got {
    Bytes(Vec<u8>),
    Bool(bool),
    Fail,
}

fn call(c: &Case) -> Got {
    let a = &c.args;
    let bytes = |r: Result<Vec<u8>, _>| r.map_or(Got::Fail, Got::Bytes);
    let boolean = |r: Result<bool, _>| r.map_or(Got::Fail, Got::Bool);
    match c.function {
        "keccak256" => Got::Bytes(zkvm::keccak256(a[0].bytes()).to_vec()),
        "sha256" => Got::Bytes(zkvm::sha256(a[0].bytes()).to_vec()),
        "ripemd160" => Got::Bytes(zkvm::ripemd160(a[0].bytes()).to_vec()),
        "secp256k1_verify" => boolean(zkvm::secp256k1_verify(
            &a[0].array(),
            &a[1].array(),
            &a[2].array(),
        )),
        "secp256k1_ecrecover" => bytes(
            zkvm::secp256k1_ecrecover(&a[0].array(), &a[1].array(), a[2].number() as u8)
                .map(|k| k.to_vec()),
        ),
        "secp256r1_verify" => boolean(zkvm::secp256r1_verify(
            &a[0].array(),
            &a[1].array(),
            &a[2].array(),
        )),
        "modexp" => {
            let mut out = vec![0u8; a[2].bytes().len()];
            bytes(zkvm::modexp(a[0].bytes(), a[1].bytes(), a[2].bytes(), &mut out).map(|_| out))
        }
        "bn254_g1_add" => {
            bytes(zkvm::bn254_g1_add(&a[0].array(), &a[1].array()).map(|p| p.to_vec()))
        }
        "bn254_g1_mul" => {
            bytes(zkvm::bn254_g1_mul(&a[0].array(), &a[1].array()).map(|p| p.to_vec()))
        }
        "bn254_pairing" => {
            let pairs: Vec<Bn254PairingPair> = a[0]
                .list()
                .iter()
                .map(|p| Bn254PairingPair {
                    g1: p[..64].try_into().unwrap(),
                    g2: p[64..].try_into().unwrap(),
                })
                .collect();
            boolean(zkvm::bn254_pairing(&pairs))
        }
        "blake2f" => {
            let mut h = a[1].array::<64>();
            let r = zkvm::blake2f(
                a[0].number() as u32,
                &mut h,
                &a[2].array(),
                &a[3].array(),
                a[4].number() as u8,
            );
            bytes(r.map(|_| h.to_vec()))
        }
        "kzg_point_eval" => boolean(zkvm::kzg_point_eval(
            &a[0].array(),
            &a[1].array(),
            &a[2].array(),
            &a[3].array(),
        )),
        "bls12_g1_add" => {
            bytes(zkvm::bls12_g1_add(&a[0].array(), &a[1].array()).map(|p| p.to_vec()))
        }
        "bls12_g2_add" => {
            bytes(zkvm::bls12_g2_add(&a[0].array(), &a[1].array()).map(|p| p.to_vec()))
        }
        "bls12_g1_msm" => bytes(zkvm::bls12_g1_msm(&g1_pairs(a[0].list())).map(|p| p.to_vec())),
        "bls12_g2_msm" => bytes(zkvm::bls12_g2_msm(&g2_pairs(a[0].list())).map(|p| p.to_vec())),
        "bls12_pairing" => {
            let pairs: Vec<Bls12PairingPair> = a[0]
                .list()
                .iter()
                .map(|p| Bls12PairingPair {
                    g1: p[..96].try_into().unwrap(),
                    g2: p[96..].try_into().unwrap(),
                })
                .collect();
            boolean(zkvm::bls12_pairing(&pairs))
        }
        "bls12_map_fp_to_g1" => bytes(zkvm::bls12_map_fp_to_g1(&a[0].array()).map(|p| p.to_vec())),
        "bls12_map_fp2_to_g2" => {
            bytes(zkvm::bls12_map_fp2_to_g2(&a[0].array()).map(|p| p.to_vec()))
        }
        f => unreachable!("{f}"),
    }
}

fn agrees(want: &Want, got: &Got) -> bool {
    match (want, got) {
        (Want::Bytes(w), Got::Bytes(g)) => w == g,
        (Want::Bool(w), Got::Bool(g)) => w == g,
        (Want::FalseOrFail, Got::Bool(false) | Got::Fail) => true,
        (Want::Address(a), Got::Bytes(key)) => zkvm::keccak256(key)[12..] == a[..],
        (Want::Fail, Got::Fail) => true,
        _ => false,
    }
}

#[test]
fn every_vector_through_the_rust_module() {
    let (cases, skipped) = cases();
    let mut failures = Vec::new();
    for c in &cases {
        if !agrees(&c.want, &call(c)) {
            failures.push(format!("{} {}", c.function, c.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed: {failures:?}",
        failures.len(),
        cases.len()
    );
    let functions: std::collections::BTreeSet<_> = cases.iter().map(|c| c.function).collect();
    assert_eq!(functions.len(), 19, "{functions:?}");
    let fails = cases.iter().filter(|c| c.want == Want::Fail).count();
    println!(
        "{} cases ({fails} failures), {skipped} EVM vectors not expressible",
        cases.len()
    );
    assert!(
        cases.len() > 1500 && fails >= 50,
        "{} cases, {fails} failures",
        cases.len()
    );
}

#[test]
fn every_vector_through_the_c_interface() {
    let (cases, _) = cases();
    let lines: Vec<String> = cases
        .iter()
        .map(|c| {
            let args: Vec<String> = c.args.iter().map(Arg::field).collect();
            format!(
                "{} {} {} {}",
                c.function,
                c.name,
                args.join(" "),
                c.want.field()
            )
        })
        .collect();
    let lines = common::sample(lines, |l| common::fields(l, 1));
    let file = write_lines("zkvm_vectors.txt", &lines);
    let exe = compile("zkvm_vectors", &["zkvm_vectors.c"]);
    let out = run(&exe, &[&file]);
    assert_eq!(vectors_run(&out), lines.len());
}
