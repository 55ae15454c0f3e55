//! Groth16 verification against ark-groth16 0.5: `bn254_groth16_verify` and
//! `bls12_381_groth16_verify` (1, 10, 100 public inputs), `bn254_groth16_verify_batch` and
//! `bls12_381_groth16_verify_batch` (n = 16, 64 proofs of one circuit).
//!
//! Proofs come from ark-groth16 on the circuits of `crate::groth16_circuits` (1 input: the
//! multiplier; k inputs: k − 1 squares and their sum), with keys from a seeded setup; our side
//! decodes the same bytes (arkworks' compressed serialisation). Both sides verify decoded values
//! with a prepared key (ark: `verify_with_processed_vk`, which prepares `B` on the fly and folds
//! the inputs one scalar multiplication at a time). ark-groth16 has no batch verification, so
//! the batch rows time `n` verifications by each library beside our `verify_batch`
//! (`ctt-single` = n of our `verify`, the 0.2× target is against it). With
//! `--threads N > 1` our batch contender is `verify_batch_parallel` on the runner's pool.
//! Agreement check: every contender answers `true` on the first (valid) input.

use crate::groth16_circuits::{ManyInputs, Multiplier, many_inputs_public, prove, setup};
use crate::registry::{Bench, Contender, Op, Setup, contender};
use ark_ec::pairing::Pairing;
use ark_groth16::Groth16;
use ark_serialize::CanonicalSerialize;
use ark_snark::SNARK;
use ctt_groth16::codec::arkworks::public_inputs_from_arkworks_bytes;
use ctt_groth16::{
    BatchItem, Compress, Fr, Groth16Curve, PreparedVerifyingKey, Proof, VerifyingKey,
};

/// Instances per single-verification row.
const INPUTS: usize = 4;

/// Registers the Groth16 operations.
pub fn register(ops: &mut Vec<Op>) {
    for n in [1, 10, 100] {
        ops.push(Op {
            name: "bn254_groth16_verify",
            size: Some(n),
            build: verify::<ark_bn254::Bn254, ctt_pairing::bn254::Bn254>,
        });
        ops.push(Op {
            name: "bls12_381_groth16_verify",
            size: Some(n),
            build: verify::<ark_bls12_381::Bls12_381, ctt_pairing::bls12_381::Bls12_381>,
        });
    }
    for n in [16, 64] {
        ops.push(Op {
            name: "bn254_groth16_verify_batch",
            size: Some(n),
            build: batch::<ark_bn254::Bn254, ctt_pairing::bn254::Bn254>,
        });
        ops.push(Op {
            name: "bls12_381_groth16_verify_batch",
            size: Some(n),
            build: batch::<ark_bls12_381::Bls12_381, ctt_pairing::bls12_381::Bls12_381>,
        });
    }
}

fn bytes<T: CanonicalSerialize>(v: &T) -> Vec<u8> {
    let mut out = Vec::new();
    v.serialize_compressed(&mut out).unwrap();
    out
}

/// One proof with its public inputs on both sides.
struct Instance<E: Pairing, C: Groth16Curve> {
    ark: (ark_groth16::Proof<E>, Vec<E::ScalarField>),
    ours: (Proof<C>, Vec<Fr<C>>),
}

/// A circuit with `inputs` public inputs, its keys on both sides, and `count` proofs.
struct Instances<E: Pairing, C: Groth16Curve> {
    ark_pvk: ark_groth16::PreparedVerifyingKey<E>,
    pvk: PreparedVerifyingKey<C>,
    proofs: Vec<Instance<E, C>>,
}

/// The two circuit shapes.
#[derive(Clone)]
enum Circuit<F: ark_ff::PrimeField> {
    Multiplier(Multiplier<F>),
    Many(ManyInputs<F>),
}

fn instances<E: Pairing, C: Groth16Curve>(
    s: &mut Setup,
    inputs: usize,
    count: usize,
) -> Instances<E, C> {
    let seed = s.rng.next_u64();
    let f = |v: u64| E::ScalarField::from(v);
    let mut next = || f(s.rng.next_u64());
    let circuits: Vec<_> = (0..count)
        .map(|_| {
            if inputs == 1 {
                let (a, b) = (next(), next());
                (Circuit::Multiplier(Multiplier { a, b }), vec![a * b])
            } else {
                let x: Vec<_> = (0..inputs - 1).map(|_| next()).collect();
                let public = many_inputs_public(&x);
                (Circuit::Many(ManyInputs { x }), public)
            }
        })
        .collect();
    let (pk, vk) = match &circuits[0].0 {
        Circuit::Multiplier(m) => setup::<E, _>(m.clone(), seed),
        Circuit::Many(c) => setup::<E, _>(c.clone(), seed),
    };
    let ark_pvk = Groth16::<E>::process_vk(&vk).unwrap();
    let pvk = VerifyingKey::<C>::from_arkworks_bytes(&bytes(&vk), Compress::Yes)
        .unwrap()
        .prepare();
    let proofs = circuits
        .into_iter()
        .enumerate()
        .map(|(i, (circuit, public))| {
            let s = seed + 1 + i as u64;
            let proof = match circuit {
                Circuit::Multiplier(m) => prove::<E, _>(&pk, m, s),
                Circuit::Many(c) => prove::<E, _>(&pk, c, s),
            };
            let ours = Proof::<C>::from_arkworks_bytes(&bytes(&proof), Compress::Yes).unwrap();
            let ours_in = public_inputs_from_arkworks_bytes::<C>(&bytes(&public)).unwrap();
            Instance {
                ark: (proof, public),
                ours: (ours, ours_in),
            }
        })
        .collect();
    Instances {
        ark_pvk,
        pvk,
        proofs,
    }
}

fn verify<E: Pairing, C: Groth16Curve>(s: &mut Setup) -> Bench {
    let n = s.size.unwrap();
    let inst = instances::<E, C>(s, n, INPUTS);
    let pvk = inst.pvk;
    let ours_in: Vec<_> = inst.proofs.iter().map(|p| p.ours.clone()).collect();
    let ark_in: Vec<_> = inst.proofs.into_iter().map(|p| p.ark).collect();
    let ark_pvk = inst.ark_pvk;
    let ours = contender(
        "ours",
        ours_in,
        move |(p, x)| ctt_groth16::verify(&pvk, p, x).unwrap(),
        |b| vec![*b as u8],
    );
    let ark = contender(
        "arkworks",
        ark_in,
        move |(p, x)| Groth16::<E>::verify_with_processed_vk(&ark_pvk, x, p).unwrap(),
        |b| vec![*b as u8],
    );
    Bench::checked(s, ours, vec![ark])
}

fn batch<E: Pairing, C: Groth16Curve>(s: &mut Setup) -> Bench {
    let n = s.size.unwrap();
    let parallel = s.ctx.threads > 1;
    let inst = instances::<E, C>(s, 1, n);
    let pvk = std::sync::Arc::new(inst.pvk);
    let ours_in: Vec<_> = inst.proofs.iter().map(|p| p.ours.clone()).collect();
    let ark_in: Vec<_> = inst.proofs.into_iter().map(|p| p.ark).collect();
    let mut randomness = [0u8; 32];
    for c in randomness.chunks_mut(8) {
        c.copy_from_slice(&s.rng.next_u64().to_le_bytes());
    }
    let (p1, p2) = (pvk.clone(), pvk);
    let singles = ours_in.clone();
    let ours = contender(
        "ours",
        vec![ours_in],
        move |v: &Vec<(Proof<C>, Vec<Fr<C>>)>| {
            let items: Vec<BatchItem<'_, C>> =
                v.iter().map(|(p, x)| BatchItem::new(p, x)).collect();
            if parallel {
                ctt_groth16::verify_batch_parallel(&p1, &items, &randomness).unwrap()
            } else {
                ctt_groth16::verify_batch(&p1, &items, &randomness).unwrap()
            }
        },
        |b| vec![*b as u8],
    );
    let single: Contender = contender(
        "ctt-single",
        vec![singles],
        move |v: &Vec<(Proof<C>, Vec<Fr<C>>)>| {
            v.iter()
                .all(|(p, x)| ctt_groth16::verify(&p2, p, x).unwrap())
        },
        |b| vec![*b as u8],
    );
    let ark_pvk = inst.ark_pvk;
    let ark = contender(
        "arkworks",
        vec![ark_in],
        move |v: &Vec<(ark_groth16::Proof<E>, Vec<E::ScalarField>)>| {
            v.iter()
                .all(|(p, x)| Groth16::<E>::verify_with_processed_vk(&ark_pvk, x, p).unwrap())
        },
        |b| vec![*b as u8],
    );
    Bench::checked(s, ours, vec![single, ark])
}
