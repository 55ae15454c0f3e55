//! Groth16 vectors from two independent provers (`tests/vectors/groth16/`, see MANIFEST.md):
//! ark-groth16 (arkworks' serialisation, compressed and uncompressed) and snarkjs (its JSON files
//! and, on BN254, the Solidity calldata), three circuits each (a multiplier, a MiMCSponge
//! preimage, 101 public inputs) on BN254 and BLS12-381.
//!
//! Every valid proof verifies (and the plain four-pairing twin agrees); every changed field of a
//! proof, key or input, and every single-bit change of an encoded proof, is refused (`Err`) or
//! does not verify (`Ok(false)`); batches of valid proofs verify, one bad proof anywhere fails
//! them, and the parallel twin answers as the serial one.

mod support;
use support::TestPool;

use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{Field, PrimeField};
use ctt_groth16::codec::arkworks::public_inputs_from_arkworks_bytes;
use ctt_groth16::codec::snarkjs::public_inputs_from_json;
use ctt_groth16::{
    BatchItem, Compress, Fr, G1Affine, G2Affine, Groth16Curve, Groth16Error, PreparedVerifyingKey,
    Proof, VerifyingKey, verify, verify_batch, verify_batch_parallel, verify_naive_vartime,
};
use ctt_pairing::bls12_381::Bls12_381;
use ctt_pairing::bn254::Bn254;
use serde_json::Value;
use std::path::PathBuf;

const CIRCUITS: [&str; 3] = ["multiplier", "mimc_preimage", "many_inputs"];

fn dir(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/groth16")
        .join(sub)
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn hex_of(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

/// One valid instance: a key, a proof, its inputs.
struct Case<C: Groth16Curve> {
    name: String,
    vk: VerifyingKey<C>,
    proof: Proof<C>,
    inputs: Vec<Fr<C>>,
}

/// The arkworks cases of a curve, decoding both forms and checking they agree and round-trip.
fn arkworks_cases<C: Groth16Curve>(curve: &str) -> Vec<Case<C>> {
    let mut out = Vec::new();
    for circuit in CIRCUITS {
        let v: Value = serde_json::from_str(&read(
            dir("arkworks").join(curve).join(format!("{circuit}.json")),
        ))
        .unwrap();
        let (vkc, vku) = (hex_of(&v["vk_compressed"]), hex_of(&v["vk_uncompressed"]));
        let vk = VerifyingKey::<C>::from_arkworks_bytes(&vkc, Compress::Yes).unwrap();
        assert_eq!(
            VerifyingKey::<C>::from_arkworks_bytes(&vku, Compress::No).unwrap(),
            vk
        );
        assert_eq!(vk.to_arkworks_bytes(Compress::Yes), vkc);
        assert_eq!(vk.to_arkworks_bytes(Compress::No), vku);
        assert_eq!(
            vk.num_public_inputs() as u64,
            v["num_public_inputs"].as_u64().unwrap()
        );
        let proofs = v["proofs"].as_array().unwrap();
        assert_eq!(proofs.len(), 2);
        for (i, p) in proofs.iter().enumerate() {
            let (pc, pu) = (hex_of(&p["compressed"]), hex_of(&p["uncompressed"]));
            let proof = Proof::<C>::from_arkworks_bytes(&pc, Compress::Yes).unwrap();
            assert_eq!(
                Proof::<C>::from_arkworks_bytes(&pu, Compress::No).unwrap(),
                proof
            );
            assert_eq!(proof.to_arkworks_bytes(Compress::Yes), pc);
            assert_eq!(proof.to_arkworks_bytes(Compress::No), pu);
            let inputs =
                public_inputs_from_arkworks_bytes::<C>(&hex_of(&p["public_inputs"])).unwrap();
            let decimal: Vec<Fr<C>> = p["public_decimal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    ctt_groth16::codec::decimal::scalar_from_decimal(d.as_str().unwrap()).unwrap()
                })
                .collect();
            assert_eq!(inputs, decimal);
            out.push(Case {
                name: format!("arkworks/{curve}/{circuit}/{i}"),
                vk: vk.clone(),
                proof,
                inputs,
            });
        }
    }
    out
}

/// The snarkjs cases of a curve.
fn snarkjs_cases<C: Groth16Curve>() -> Vec<Case<C>> {
    let mut out = Vec::new();
    for circuit in CIRCUITS {
        let d = dir("snarkjs").join(C::SNARKJS_NAME).join(circuit);
        let vk =
            VerifyingKey::<C>::from_snarkjs_json(&read(d.join("verification_key.json"))).unwrap();
        for i in 0..2 {
            let proof =
                Proof::<C>::from_snarkjs_json(&read(d.join(format!("proof_{i}.json")))).unwrap();
            let inputs =
                public_inputs_from_json::<C>(&read(d.join(format!("public_{i}.json")))).unwrap();
            out.push(Case {
                name: format!("snarkjs/{}/{circuit}/{i}", C::SNARKJS_NAME),
                vk: vk.clone(),
                proof,
                inputs,
            });
        }
    }
    out
}

fn g1_add<C: Groth16Curve>(p: &G1Affine<C>) -> G1Affine<C> {
    (p.to_group() + G1Affine::<C>::generator().to_group()).to_affine()
}

fn g2_add<C: Groth16Curve>(p: &G2Affine<C>) -> G2Affine<C> {
    (p.to_group() + G2Affine::<C>::generator().to_group()).to_affine()
}

/// Valid cases verify; every one-field change of proof, input or key does not.
fn check_cases<C: Groth16Curve>(cases: &[Case<C>]) {
    assert_eq!(cases.len(), 6);
    for c in cases {
        let pvk = c.vk.prepare();
        assert_eq!(verify(&pvk, &c.proof, &c.inputs), Ok(true), "{}", c.name);
        assert_eq!(
            verify_naive_vartime(&c.vk, &c.proof, &c.inputs),
            Ok(true),
            "{}",
            c.name
        );
        let (a, b, cc) = (*c.proof.a(), *c.proof.b(), *c.proof.c());
        for bad in [
            Proof::new(g1_add::<C>(&a), b, cc).unwrap(),
            Proof::new(a, g2_add::<C>(&b), cc).unwrap(),
            Proof::new(a, b, g1_add::<C>(&cc)).unwrap(),
            Proof::new(cc, b, a).unwrap(),
            Proof::new(-a, b, cc).unwrap(),
        ] {
            assert_eq!(verify(&pvk, &bad, &c.inputs), Ok(false), "{}", c.name);
        }
        for i in 0..c.inputs.len() {
            let mut x = c.inputs.clone();
            x[i] += Fr::<C>::ONE;
            assert_eq!(
                verify(&pvk, &c.proof, &x),
                Ok(false),
                "{} input {i}",
                c.name
            );
        }
        let n = c.inputs.len();
        assert_eq!(
            verify(&pvk, &c.proof, &c.inputs[..n - 1]),
            Err(Groth16Error::WrongInputCount {
                expected: n,
                got: n - 1
            })
        );
        let mut more = c.inputs.clone();
        more.push(Fr::<C>::ZERO);
        assert!(matches!(
            verify(&pvk, &c.proof, &more),
            Err(Groth16Error::WrongInputCount { .. })
        ));
        // The key: each of α, β, γ, δ and every ICᵢ moved.
        let vk = &c.vk;
        let ic = vk.ic().to_vec();
        let mut keys = vec![
            VerifyingKey::new(
                g1_add::<C>(vk.alpha_g1()),
                *vk.beta_g2(),
                *vk.gamma_g2(),
                *vk.delta_g2(),
                ic.clone(),
            ),
            VerifyingKey::new(
                *vk.alpha_g1(),
                g2_add::<C>(vk.beta_g2()),
                *vk.gamma_g2(),
                *vk.delta_g2(),
                ic.clone(),
            ),
            VerifyingKey::new(
                *vk.alpha_g1(),
                *vk.beta_g2(),
                g2_add::<C>(vk.gamma_g2()),
                *vk.delta_g2(),
                ic.clone(),
            ),
            VerifyingKey::new(
                *vk.alpha_g1(),
                *vk.beta_g2(),
                *vk.gamma_g2(),
                g2_add::<C>(vk.delta_g2()),
                ic.clone(),
            ),
        ];
        for i in 0..ic.len() {
            let mut ic2 = ic.clone();
            ic2[i] = g1_add::<C>(&ic2[i]);
            keys.push(VerifyingKey::new(
                *vk.alpha_g1(),
                *vk.beta_g2(),
                *vk.gamma_g2(),
                *vk.delta_g2(),
                ic2,
            ));
        }
        for (k, key) in keys.into_iter().enumerate() {
            let pvk = key.unwrap().prepare();
            assert_eq!(
                verify(&pvk, &c.proof, &c.inputs),
                Ok(false),
                "{} key field {k}",
                c.name
            );
        }
    }
}

/// Every `step`-th bit of the encoded proof flipped: refused or not verifying.
fn bit_flips<C: Groth16Curve>(c: &Case<C>, compress: Compress, step: usize) {
    let pvk = c.vk.prepare();
    let bytes = c.proof.to_arkworks_bytes(compress);
    let (mut refused, mut wrong) = (0, 0);
    for bit in (0..8 * bytes.len()).step_by(step) {
        let mut b = bytes.clone();
        b[bit / 8] ^= 1 << (bit % 8);
        match Proof::<C>::from_arkworks_bytes(&b, compress) {
            Err(_) => refused += 1,
            Ok(p) => {
                assert_eq!(
                    verify(&pvk, &p, &c.inputs),
                    Ok(false),
                    "{} bit {bit}",
                    c.name
                );
                wrong += 1;
            }
        }
    }
    assert!(refused > 0 && refused + wrong == (8 * bytes.len()).div_ceil(step));
}

/// A valid proof re-randomised (A' = A/ρ, B' = ρ(B + σδ), C' = C + σA): still valid, so batches
/// can hold many distinct valid proofs.
fn rerandomise<C: Groth16Curve>(vk: &VerifyingKey<C>, p: &Proof<C>, k: u64) -> Proof<C> {
    let rho = Fr::<C>::from_u64(k + 2);
    let sigma = Fr::<C>::from_u64(3 * k + 5);
    let a = p
        .a()
        .to_group()
        .mul_vartime(&rho.invert_vartime().unwrap())
        .to_affine();
    let b = (p.b().to_group() + vk.delta_g2().to_group().mul_vartime(&sigma))
        .mul_vartime(&rho)
        .to_affine();
    let c = (p.c().to_group() + p.a().to_group().mul_vartime(&sigma)).to_affine();
    Proof::new(a, b, c).unwrap()
}

/// Batches: all valid → true, one bad anywhere → false, serial = parallel, empty → error.
fn check_batches<C: Groth16Curve>(cases: &[Case<C>]) {
    let pool = TestPool::new(2);
    for pair in cases.chunks(2) {
        let (vk, pvk): (&VerifyingKey<C>, PreparedVerifyingKey<C>) =
            (&pair[0].vk, pair[0].vk.prepare());
        let mut proofs = Vec::new();
        let mut inputs = Vec::new();
        for k in 0..9u64 {
            let c = &pair[(k % 2) as usize];
            proofs.push(if k < 2 {
                c.proof
            } else {
                rerandomise(vk, &c.proof, k)
            });
            inputs.push(c.inputs.clone());
        }
        let items: Vec<BatchItem<'_, C>> = proofs
            .iter()
            .zip(&inputs)
            .map(|(p, x)| BatchItem::new(p, x))
            .collect();
        let randomness = [7u8; 32];
        for n in [1, 2, 9] {
            assert_eq!(
                verify_batch(&pvk, &items[..n], &randomness),
                Ok(true),
                "{}",
                pair[0].name
            );
            assert_eq!(
                pool.install(|| verify_batch_parallel(&pvk, &items[..n], &randomness)),
                Ok(true)
            );
        }
        let swapped = Proof::new(*proofs[0].c(), *proofs[0].b(), *proofs[0].a()).unwrap();
        let mut wrong_inputs = inputs[0].clone();
        wrong_inputs[0] += Fr::<C>::ONE;
        for pos in 0..items.len() {
            for bad in [
                BatchItem::new(&swapped, &inputs[0]),
                BatchItem::new(&proofs[0], &wrong_inputs),
            ] {
                let mut it = items.clone();
                it[pos] = bad;
                assert_eq!(
                    verify_batch(&pvk, &it, &randomness),
                    Ok(false),
                    "{} pos {pos}",
                    pair[0].name
                );
                assert_eq!(
                    pool.install(|| verify_batch_parallel(&pvk, &it, &randomness)),
                    Ok(false)
                );
            }
        }
        assert_eq!(
            verify_batch(&pvk, &[], &randomness),
            Err(Groth16Error::EmptyBatch)
        );
        let short = [BatchItem::new(&proofs[0], &inputs[0][1..])];
        assert!(matches!(
            verify_batch(&pvk, &short, &randomness),
            Err(Groth16Error::WrongInputCount { .. })
        ));
    }
}

#[test]
fn arkworks_bn254() {
    let cases = arkworks_cases::<Bn254>("bn254");
    check_cases(&cases);
    check_batches(&cases);
    bit_flips(&cases[0], Compress::Yes, 1);
    bit_flips(&cases[1], Compress::No, 7);
    // The MiMC preimage circuit's public hash is circomlib's MiMCSponge of its witness.
    let v: Value = serde_json::from_str(&read(dir("arkworks/bn254/mimc_preimage.json"))).unwrap();
    for (p, c) in v["proofs"].as_array().unwrap().iter().zip(&cases[2..4]) {
        let x =
            ctt_groth16::codec::decimal::scalar_from_decimal(p["witness"]["x"].as_str().unwrap())
                .unwrap();
        let mut h = [ctt_field::bn254::Fr::ZERO];
        ctt_groth16::mimc::mimc_sponge(&[x], &ctt_field::bn254::Fr::ZERO, &mut h);
        assert_eq!(c.inputs, h.to_vec());
    }
}

#[test]
fn arkworks_bls12_381() {
    let cases = arkworks_cases::<Bls12_381>("bls12_381");
    check_cases(&cases);
    check_batches(&cases);
    bit_flips(&cases[0], Compress::Yes, 3);
    bit_flips(&cases[1], Compress::No, 11);
}

#[test]
fn snarkjs_bn254() {
    let cases = snarkjs_cases::<Bn254>();
    check_cases(&cases);
    check_batches(&cases);
    // snarkjs' MiMC circuit (circomlib's MiMCSponge(1, 220, 1)) on x = 1 and x = r − 1.
    for (c, x) in cases[2..4]
        .iter()
        .zip([ctt_field::bn254::Fr::ONE, -ctt_field::bn254::Fr::ONE])
    {
        let mut h = [ctt_field::bn254::Fr::ZERO];
        ctt_groth16::mimc::mimc_sponge(&[x], &ctt_field::bn254::Fr::ZERO, &mut h);
        assert_eq!(c.inputs, h.to_vec(), "{}", c.name);
    }
}

#[test]
fn snarkjs_bls12_381() {
    let cases = snarkjs_cases::<Bls12_381>();
    check_cases(&cases);
    check_batches(&cases);
}

/// snarkjs' `zkey export soliditycalldata` text, decoded as the contract's ABI words.
#[test]
fn snarkjs_calldata_bn254() {
    use ctt_groth16::bn254::{proof_from_calldata, proof_to_calldata};
    let cases = snarkjs_cases::<Bn254>();
    for c in &cases {
        let parts: Vec<&str> = c.name.split('/').collect();
        let text = read(
            dir("snarkjs/bn128")
                .join(parts[2])
                .join(format!("calldata_{}.txt", parts[3])),
        );
        let words: Vec<u8> = text
            .split(|ch: char| "[]\", \n".contains(ch))
            .filter(|w| !w.is_empty())
            .flat_map(|w| {
                let h = w.strip_prefix("0x").unwrap();
                let mut b = hex::decode(format!("{h:0>64}")).unwrap();
                b.reverse();
                b.resize(32, 0);
                b.reverse();
                b
            })
            .collect();
        let (proof, inputs) = proof_from_calldata(&words).unwrap();
        assert_eq!((proof, &inputs), (c.proof, &c.inputs), "{}", c.name);
        assert_eq!(proof_to_calldata(&proof, &inputs), words);
        assert_eq!(verify(&c.vk.prepare(), &proof, &inputs), Ok(true));
    }
}

/// The snarkjs files re-encoded by this crate decode to the same values.
#[test]
fn snarkjs_round_trip() {
    use ctt_groth16::codec::snarkjs::{public_inputs_from_value, public_inputs_to_value};
    for c in snarkjs_cases::<Bls12_381>().iter().take(2) {
        assert_eq!(
            VerifyingKey::from_snarkjs_value(&c.vk.to_snarkjs_value()).unwrap(),
            c.vk
        );
        assert_eq!(
            Proof::from_snarkjs_value(&c.proof.to_snarkjs_value()).unwrap(),
            c.proof
        );
        let v = public_inputs_to_value::<Bls12_381>(&c.inputs);
        assert_eq!(public_inputs_from_value::<Bls12_381>(&v).unwrap(), c.inputs);
    }
}
