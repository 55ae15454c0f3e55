//! Writes `tests/vectors/groth16/arkworks/<curve>/<circuit>.json`: ark-groth16 0.5 keys and
//! proofs for three circuits (`ctt_benches::groth16_circuits`) on BN254 and BLS12-381, in
//! arkworks' canonical serialisation, compressed and uncompressed, with the public inputs (the
//! arkworks `Vec<Fr>` serialisation and decimal strings). Every proof is verified by
//! ark-groth16 before it is written.
//!
//! `cargo run --release -p ctt-benches --bin groth16_vectors [OUT_DIR]`

use ark_ec::pairing::Pairing;
use ark_ff::{BigInteger, PrimeField, UniformRand};
use ark_groth16::Groth16;
use ark_relations::r1cs::ConstraintSynthesizer;
use ark_serialize::CanonicalSerialize;
use ark_snark::SNARK;
use ark_std::rand::SeedableRng;
use ark_std::rand::rngs::StdRng;
use ctt_benches::groth16_circuits::{
    ManyInputs, MimcPreimage, Multiplier, many_inputs_public, mimc_sponge_1, prove, setup,
};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn ser<T: CanonicalSerialize>(v: &T, compressed: bool) -> String {
    let mut out = Vec::new();
    if compressed {
        v.serialize_compressed(&mut out).unwrap();
    } else {
        v.serialize_uncompressed(&mut out).unwrap();
    }
    hex::encode(out)
}

fn dec<F: PrimeField>(x: &F) -> String {
    num_bigint::BigUint::from_bytes_be(&x.into_bigint().to_bytes_be()).to_string()
}

/// Sets up `circuits[0]`'s shape and proves every instance.
fn case<E: Pairing, C: ConstraintSynthesizer<E::ScalarField> + Clone>(
    circuits: &[(C, Vec<E::ScalarField>, Value)],
    seed: u64,
) -> Value {
    let (pk, vk) = setup::<E, C>(circuits[0].0.clone(), seed);
    let pvk = Groth16::<E>::process_vk(&vk).unwrap();
    let proofs: Vec<Value> = circuits
        .iter()
        .enumerate()
        .map(|(i, (c, public, extra))| {
            let proof = prove::<E, C>(&pk, c.clone(), seed + 1 + i as u64);
            assert!(Groth16::<E>::verify_with_processed_vk(&pvk, public, &proof).unwrap());
            json!({
                "compressed": ser(&proof, true),
                "uncompressed": ser(&proof, false),
                "public_inputs": ser(public, true),
                "public_decimal": public.iter().map(dec).collect::<Vec<_>>(),
                "witness": extra,
            })
        })
        .collect();
    json!({
        "generator": "ark-groth16 0.5.0 (ark-relations 0.5.1, ark-serialize 0.5)",
        "vk_compressed": ser(&vk, true),
        "vk_uncompressed": ser(&vk, false),
        "num_public_inputs": circuits[0].1.len(),
        "proofs": proofs,
    })
}

fn curve<E: Pairing>(name: &str, out: &Path, seed: u64) {
    let dir = out.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let f = |v: u64| E::ScalarField::from(v);
    let mut rng = StdRng::seed_from_u64(seed);
    let big = E::ScalarField::rand(&mut rng);
    let write = |file: &str, v: Value| {
        std::fs::write(
            dir.join(file),
            serde_json::to_string_pretty(&v).unwrap() + "\n",
        )
        .unwrap();
    };

    let mul: Vec<_> = [(f(3), f(11)), (big, f(7) + big)]
        .into_iter()
        .map(|(a, b)| {
            let w = json!({"a": dec(&a), "b": dec(&b)});
            (Multiplier { a, b }, vec![a * b], w)
        })
        .collect();
    write("multiplier.json", case::<E, _>(&mul, seed + 10));

    let mimc: Vec<_> = [f(1), big]
        .into_iter()
        .map(|x| {
            let w = json!({"x": dec(&x)});
            (MimcPreimage { x }, vec![mimc_sponge_1(x)], w)
        })
        .collect();
    write("mimc_preimage.json", case::<E, _>(&mimc, seed + 20));

    let many: Vec<_> = (0..2u64)
        .map(|k| {
            let x: Vec<_> = (0..100u64)
                .map(|i| f((i + 1) * 7919 * (k + 1) + i * i))
                .collect();
            let public = many_inputs_public(&x);
            (ManyInputs { x }, public, Value::Null)
        })
        .collect();
    write("many_inputs.json", case::<E, _>(&many, seed + 30));
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/groth16/arkworks")
        });
    curve::<ark_bn254::Bn254>("bn254", &out, 1000);
    curve::<ark_bls12_381::Bls12_381>("bls12_381", &out, 2000);
    println!("written under {}", out.display());
}
