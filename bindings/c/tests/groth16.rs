//! Groth16 verification and MiMC through `ctt_groth16.h` (`tests/c/groth16_vectors.c`), on the
//! vectors of `tests/vectors/groth16`: every ark-groth16 and snarkjs proof (valid: true; with
//! another proof's inputs: false; A and C swapped: false), malformed keys, proofs and inputs
//! (their error codes), and every circomlibjs MiMCSponge and MultiMiMC7 output.

mod common;

use common::{compile, read_json, run, sample, vectors, vectors_run, write_lines};
use serde_json::Value;

const CIRCUITS: [&str; 3] = ["multiplier", "mimc_preimage", "many_inputs"];

/// A decimal BN254 scalar as 32 big-endian bytes in hex.
fn word(v: &Value) -> String {
    let d = v.as_str().unwrap();
    let mut b = [0u8; 32];
    for c in d.bytes() {
        let mut carry = u32::from(c - b'0');
        for x in b.iter_mut().rev() {
            let t = u32::from(*x) * 10 + carry;
            *x = t as u8;
            carry = t >> 8;
        }
    }
    hex::encode(b)
}

fn list(v: &Value) -> String {
    let items: Vec<String> = v.as_array().unwrap().iter().map(word).collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

fn arkworks_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for (curve, id) in [("bn254", 0), ("bls12_381", 1)] {
        // The previous circuit's inputs, and how many there are.
        let mut other_inputs = (String::new(), 0);
        for circuit in CIRCUITS {
            let v = read_json(&vectors().join(format!("groth16/arkworks/{curve}/{circuit}.json")));
            let p = v["proofs"].as_array().unwrap();
            for (form, c) in [("compressed", 1), ("uncompressed", 0)] {
                let vk = v[format!("vk_{form}")].as_str().unwrap();
                let line = |proof: &str, inputs: &str, want: &str| {
                    format!("arkworks {id} {c} {vk} {proof} {inputs} {want}")
                };
                let (p0, p1) = (p[0][form].as_str().unwrap(), p[1][form].as_str().unwrap());
                let (i0, i1) = (
                    p[0]["public_inputs"].as_str().unwrap(),
                    p[1]["public_inputs"].as_str().unwrap(),
                );
                lines.push(line(p0, i0, "true"));
                lines.push(line(p1, i1, "true"));
                if c == 0 {
                    // The bad cases once per circuit, on the compressed form.
                    continue;
                }
                lines.push(line(p0, i1, "false"));
                let half = p0.len() / 2;
                lines.push(line(&p0[..half], i0, "3"));
                if !other_inputs.0.is_empty() && other_inputs.1 != v["num_public_inputs"] {
                    lines.push(line(p0, &other_inputs.0, "5"));
                }
                let mut bad = i0.to_string();
                bad.replace_range(16..18, "ff");
                bad.replace_range(bad.len() - 2.., "ff");
                lines.push(line(p0, &bad, "4"));
                lines.push(format!(
                    "arkworks {id} {c} {} {p0} {i0} 2",
                    &vk[..vk.len() - 2]
                ));
            }
            other_inputs = (
                p[0]["public_inputs"].as_str().unwrap().to_string(),
                v["num_public_inputs"].as_u64().unwrap(),
            );
        }
    }
    lines
}

fn snarkjs_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for (curve, id) in [("bn128", 0), ("bls12381", 1)] {
        for circuit in CIRCUITS {
            let d = vectors().join(format!("groth16/snarkjs/{curve}/{circuit}"));
            let file = |n: &str| hex::encode(std::fs::read(d.join(n)).unwrap());
            let vk = file("verification_key.json");
            let (p0, p1) = (file("proof_0.json"), file("proof_1.json"));
            let (i0, i1) = (file("public_0.json"), file("public_1.json"));
            lines.push(format!("snarkjs {id} {vk} {p0} {i0} true"));
            lines.push(format!("snarkjs {id} {vk} {p1} {i1} true"));
            lines.push(format!("snarkjs {id} {vk} {p0} {i1} false"));
            lines.push(format!("snarkjs {id} {vk} {} {i0} 3", hex::encode("{}")));
            lines.push(format!(
                "snarkjs {id} {vk} {p0} {} 4",
                hex::encode("[\"x\"]")
            ));
            lines.push(format!("snarkjs {id} {} {p0} {i0} 2", hex::encode("[]")));
        }
    }
    lines
}

fn mimc_lines() -> Vec<String> {
    let v = read_json(&vectors().join("groth16/mimc/circomlibjs.json"));
    let mut lines = Vec::new();
    for c in v["sponge"].as_array().unwrap() {
        lines.push(format!(
            "mimc_sponge {} {} {}",
            word(&c["k"]),
            list(&c["inputs"]),
            list(&c["outputs"])
        ));
    }
    for c in v["mimc7_multi"].as_array().unwrap() {
        lines.push(format!(
            "mimc7_multi {} {} {}",
            word(&c["k"]),
            list(&c["inputs"]),
            word(&c["out"])
        ));
    }
    lines
}

#[test]
fn groth16_and_mimc_through_ctt_groth16_h() {
    let mut lines = arkworks_lines();
    lines.extend(snarkjs_lines());
    lines.extend(mimc_lines());
    assert!(lines.len() >= 150, "{} lines", lines.len());
    // Under valgrind or AddressSanitizer (CTT_C_TEST_QUICK): a sample of the lines, as one group.
    let lines = sample(lines, |_| String::new());
    let file = write_lines("groth16_vectors.txt", &lines);
    let exe = compile("groth16_vectors", &["groth16_vectors.c"]);
    let out = run(&exe, &[&file]);
    assert_eq!(vectors_run(&out), lines.len());
}
