//! MODEXP (EIP-198): one row per input of go-ethereum's `modexp_eip2565.json` vectors (a superset
//! of `modexp.json`: the EIP examples, nagydani 64…1024-byte moduli with exponents 3 and 0x10001,
//! and the even-modulus and exponent-heavy cases), named `modexp_<Name>`. Contenders:
//! `ctt_bigint::modexp`, aurora-engine-modexp (revm-precompile's default backend) and GMP's
//! `mpz_powm` (the system libgmp, see [`crate::peers::gmp`]). Each call starts from the big-endian
//! byte strings and returns the modulus-length result, as the precompile needs; the input header
//! is parsed before timing. Every contender must reproduce the vector's `Expected` bytes.

use crate::registry::{Bench, Op, Setup, contender};
use serde_json::Value;
use std::sync::OnceLock;

/// The vectors, embedded so that the runner needs no files at run time.
const VECTORS: &str = include_str!("../../../tests/vectors/geth-precompiles/modexp_eip2565.json");

/// One vector: name, (base, exponent, modulus) and the expected output.
struct Case {
    name: &'static str,
    base: Vec<u8>,
    exp: Vec<u8>,
    modulus: Vec<u8>,
    expected: Vec<u8>,
}

/// EIP-198 input: three 32-byte lengths, then the numbers, zero-padded past the end.
fn parse(input: &[u8]) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let byte = |i: usize| input.get(i).copied().unwrap_or(0);
    let read = |from: usize, len: usize| (from..from + len).map(byte).collect::<Vec<u8>>();
    let length = |i: usize| {
        let word = read(32 * i, 32);
        u64::from_be_bytes(word[24..].try_into().unwrap()) as usize
    };
    let (bl, el, ml) = (length(0), length(1), length(2));
    (read(96, bl), read(96 + bl, el), read(96 + bl + el, ml))
}

fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let v: Value = serde_json::from_str(VECTORS).expect("modexp vectors");
        v.as_array()
            .expect("a JSON array")
            .iter()
            .map(|c| {
                let input = hex::decode(c["Input"].as_str().unwrap()).unwrap();
                let (base, exp, modulus) = parse(&input);
                Case {
                    name: Box::leak(
                        format!("modexp_{}", c["Name"].as_str().unwrap()).into_boxed_str(),
                    ),
                    base,
                    exp,
                    modulus,
                    expected: hex::decode(c["Expected"].as_str().unwrap()).unwrap(),
                }
            })
            .collect()
    })
}

/// Registers one operation per vector.
pub fn register(ops: &mut Vec<Op>) {
    for c in cases() {
        ops.push(Op::single(c.name, build));
    }
}

fn build(s: &mut Setup) -> Bench {
    let case = cases()
        .iter()
        .find(|c| c.name == s.name)
        .expect("registered case");
    let input = vec![(case.base.clone(), case.exp.clone(), case.modulus.clone())];
    let id = |v: &Vec<u8>| v.clone();
    let ours = contender(
        "ours",
        input.clone(),
        |(b, e, m)| ctt_bigint::modexp(b, e, m),
        id,
    );
    assert_eq!(
        ours.check, case.expected,
        "{}: ours against the vector",
        case.name
    );
    let ml = case.modulus.len();
    let aurora = contender(
        "aurora",
        input.clone(),
        |(b, e, m)| aurora_engine_modexp::modexp(b, e, m),
        // aurora returns the value without padding (revm pads it to the modulus length).
        move |v: &Vec<u8>| {
            let mut out = vec![0u8; ml.saturating_sub(v.len())];
            out.extend_from_slice(&v[v.len().saturating_sub(ml)..]);
            out
        },
    );
    let gmp = contender(
        "gmp",
        input,
        |(b, e, m)| crate::peers::gmp::modexp(b, e, m),
        id,
    );
    Bench::checked(s, ours, vec![aurora, gmp])
}
