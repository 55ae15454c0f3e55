//! Circuits proved by ark-groth16, for the Groth16 vectors (`src/bin/groth16_vectors.rs`) and the
//! `groth16_*` benchmark rows: a multiplier, a MiMCSponge preimage and one with many public
//! inputs, written directly as R1CS constraints with ark-relations (no gadget library).

use ark_ec::pairing::Pairing;
use ark_ff::PrimeField;
use ark_groth16::Groth16;
use ark_relations::lc;
use ark_relations::r1cs::{
    ConstraintSynthesizer, ConstraintSystemRef, LinearCombination, SynthesisError, Variable,
};
use ark_snark::SNARK;
use ark_std::rand::SeedableRng;
use ark_std::rand::rngs::StdRng;

/// `a·b = c`, `a` and `b` private, `c` public.
#[derive(Clone)]
pub struct Multiplier<F> {
    /// The factors.
    pub a: F,
    /// The factors.
    pub b: F,
}

impl<F: PrimeField> ConstraintSynthesizer<F> for Multiplier<F> {
    fn generate_constraints(self, cs: ConstraintSystemRef<F>) -> Result<(), SynthesisError> {
        let a = cs.new_witness_variable(|| Ok(self.a))?;
        let b = cs.new_witness_variable(|| Ok(self.b))?;
        let c = cs.new_input_variable(|| Ok(self.a * self.b))?;
        cs.enforce_constraint(lc!() + a, lc!() + b, lc!() + c)
    }
}

/// circomlib's MiMCSponge round constants for a field: `c₀ = 0`, `cᵢ = Keccak-256ⁱ⁺¹("mimcsponge")
/// mod r`, `c₂₁₉ = 0` (on BN254 exactly circomlib's; on another field the same recipe).
pub fn mimc_sponge_constants<F: PrimeField>() -> Vec<F> {
    use tiny_keccak::{Hasher, Keccak};
    let keccak = |d: &[u8]| {
        let mut k = Keccak::v256();
        k.update(d);
        let mut o = [0u8; 32];
        k.finalize(&mut o);
        o
    };
    let mut h = keccak(b"mimcsponge");
    let mut c = vec![F::zero()];
    for _ in 1..220 {
        h = keccak(&h);
        c.push(F::from_be_bytes_mod_order(&h));
    }
    c[219] = F::zero();
    c
}

/// MiMCSponge with one input, key 0 and one output, natively (the witness of [`MimcPreimage`]).
pub fn mimc_sponge_1<F: PrimeField>(x: F) -> F {
    let c = mimc_sponge_constants::<F>();
    let (mut xl, mut xr) = (x, F::zero());
    for (i, ci) in c.iter().enumerate() {
        let t = xl + ci;
        let t5 = t.square().square() * t;
        if i < 219 {
            (xl, xr) = (xr + t5, xl);
        } else {
            xr += t5;
        }
    }
    xl
}

/// Knowledge of `x` with MiMCSponge(x) = `hash` (public), 220 rounds of `t⁵` (660 constraints).
#[derive(Clone)]
pub struct MimcPreimage<F> {
    /// The preimage.
    pub x: F,
}

impl<F: PrimeField> ConstraintSynthesizer<F> for MimcPreimage<F> {
    fn generate_constraints(self, cs: ConstraintSystemRef<F>) -> Result<(), SynthesisError> {
        let c = mimc_sponge_constants::<F>();
        let x = cs.new_witness_variable(|| Ok(self.x))?;
        // Each half as a linear combination and its value.
        let (mut l, mut lv): (LinearCombination<F>, F) = (lc!() + x, self.x);
        let (mut r, mut rv): (LinearCombination<F>, F) = (lc!(), F::zero());
        for (i, ci) in c.iter().enumerate() {
            let t = l.clone() + (*ci, Variable::One);
            let tv = lv + ci;
            let t2v = tv.square();
            let t2 = cs.new_witness_variable(|| Ok(t2v))?;
            cs.enforce_constraint(t.clone(), t.clone(), lc!() + t2)?;
            let t4v = t2v.square();
            let t4 = cs.new_witness_variable(|| Ok(t4v))?;
            cs.enforce_constraint(lc!() + t2, lc!() + t2, lc!() + t4)?;
            let t5v = t4v * tv;
            let t5 = cs.new_witness_variable(|| Ok(t5v))?;
            cs.enforce_constraint(lc!() + t4, t, lc!() + t5)?;
            if i < 219 {
                (l, lv, r, rv) = (r + t5, rv + t5v, l, lv);
            } else {
                (r, rv) = (r + t5, rv + t5v);
            }
        }
        let _ = (r, rv);
        let hash = cs.new_input_variable(|| Ok(lv))?;
        cs.enforce_constraint(l, lc!() + Variable::One, lc!() + hash)
    }
}

/// `n` public inputs `xᵢ` and the public output `Σ xᵢ²` (n + 1 public inputs, n + 1 constraints).
#[derive(Clone)]
pub struct ManyInputs<F> {
    /// The inputs.
    pub x: Vec<F>,
}

impl<F: PrimeField> ConstraintSynthesizer<F> for ManyInputs<F> {
    fn generate_constraints(self, cs: ConstraintSystemRef<F>) -> Result<(), SynthesisError> {
        let mut sum = lc!();
        let mut sv = F::zero();
        for xi in &self.x {
            let x = cs.new_input_variable(|| Ok(*xi))?;
            let s = cs.new_witness_variable(|| Ok(xi.square()))?;
            cs.enforce_constraint(lc!() + x, lc!() + x, lc!() + s)?;
            sum = sum + s;
            sv += xi.square();
        }
        let out = cs.new_input_variable(|| Ok(sv))?;
        cs.enforce_constraint(sum, lc!() + Variable::One, lc!() + out)
    }
}

/// The public inputs of a [`ManyInputs`] instance.
pub fn many_inputs_public<F: PrimeField>(x: &[F]) -> Vec<F> {
    let mut v = x.to_vec();
    v.push(x.iter().map(|v| v.square()).sum());
    v
}

/// A key pair for `circuit`'s shape, from a seeded generator (the setup's toxic waste is
/// deterministic: test vectors and benchmarks only).
pub fn setup<E: Pairing, C: ConstraintSynthesizer<E::ScalarField>>(
    circuit: C,
    seed: u64,
) -> (ark_groth16::ProvingKey<E>, ark_groth16::VerifyingKey<E>) {
    let mut rng = StdRng::seed_from_u64(seed);
    Groth16::<E>::circuit_specific_setup(circuit, &mut rng).expect("setup")
}

/// A proof of `circuit` (seeded randomisers).
pub fn prove<E: Pairing, C: ConstraintSynthesizer<E::ScalarField>>(
    pk: &ark_groth16::ProvingKey<E>,
    circuit: C,
    seed: u64,
) -> ark_groth16::Proof<E> {
    let mut rng = StdRng::seed_from_u64(seed);
    Groth16::<E>::prove(pk, circuit, &mut rng).expect("prove")
}
