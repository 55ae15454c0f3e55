//! snarkjs' JSON files (`snarkjs groth16 setup/prove`, `zkey export verificationkey`):
//! `verification_key.json`, `proof.json` and `public.json` (feature `serde`).
//!
//! Numbers are decimal strings. Points are projective triples as snarkjs prints them: G1
//! `[x, y, z]`, G2 `[[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]]` (real part first). snarkjs
//! always normalises, so `z = 1` is a finite affine point and `z = 0` with `(x, y) = (0, 1)` is the
//! identity; any other `z` is refused as non-canonical rather than guessed at. `protocol` must
//! be `"groth16"` and `curve` (when present) the curve asked for (`"bn128"`, `"bls12381"`);
//! `nPublic` (when present) must equal the number of `IC` points minus one. `vk_alphabeta_12`
//! is ignored: `e(α, β)` is recomputed by [`crate::VerifyingKey::prepare`].

use super::decimal::{fe_from_decimal, fe_to_decimal, scalar_from_decimal};
use crate::engine::{Fq, Fq2, Fr, G1Affine, G2Affine, Groth16Curve};
use crate::error::Groth16Error;
use crate::keys::{Proof, VerifyingKey, check_point};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use ctt_curves::sw::Affine;
use ctt_field::Field;
use serde_json::Value;

fn str_of(v: &Value) -> Result<&str, Groth16Error> {
    v.as_str().ok_or(Groth16Error::Json)
}

fn array_of(v: &Value, len: usize) -> Result<&[Value], Groth16Error> {
    let a = v.as_array().ok_or(Groth16Error::Json)?;
    if a.len() != len {
        return Err(Groth16Error::InvalidLength);
    }
    Ok(a)
}

fn fq<C: Groth16Curve>(v: &Value) -> Result<Fq<C>, Groth16Error> {
    fe_from_decimal(str_of(v)?)
}

fn fq2<C: Groth16Curve>(v: &Value) -> Result<Fq2<C>, Groth16Error> {
    let a = array_of(v, 2)?;
    Ok(Fq2::<C> {
        c0: fq::<C>(&a[0])?,
        c1: fq::<C>(&a[1])?,
    })
}

/// `(x, y, z)` with `z ∈ {0, 1}` to an affine point, curve and subgroup checked.
fn affine<S: ctt_curves::sw::SwCurveConfig>(
    x: S::Base,
    y: S::Base,
    z: S::Base,
) -> Result<Affine<S>, Groth16Error> {
    if z == S::Base::ZERO {
        return if x == S::Base::ZERO && y == S::Base::ONE {
            Ok(Affine::IDENTITY)
        } else {
            Err(Groth16Error::NonCanonical)
        };
    }
    if z != S::Base::ONE {
        return Err(Groth16Error::NonCanonical);
    }
    let p = Affine::new_unchecked(x, y);
    check_point(&p)?;
    Ok(p)
}

/// A G1 point `[x, y, z]`.
pub fn g1_from_value<C: Groth16Curve>(v: &Value) -> Result<G1Affine<C>, Groth16Error> {
    let a = array_of(v, 3)?;
    affine::<C::G1>(fq::<C>(&a[0])?, fq::<C>(&a[1])?, fq::<C>(&a[2])?)
}

/// A G2 point `[[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]]`.
pub fn g2_from_value<C: Groth16Curve>(v: &Value) -> Result<G2Affine<C>, Groth16Error> {
    let a = array_of(v, 3)?;
    affine::<C::G2>(fq2::<C>(&a[0])?, fq2::<C>(&a[1])?, fq2::<C>(&a[2])?)
}

/// Checks `protocol` (required) and `curve` (when present).
fn check_header<C: Groth16Curve>(v: &Value) -> Result<(), Groth16Error> {
    if v.get("protocol").and_then(Value::as_str) != Some("groth16") {
        return Err(Groth16Error::WrongProtocol);
    }
    if let Some(c) = v.get("curve")
        && str_of(c)? != C::SNARKJS_NAME
    {
        return Err(Groth16Error::WrongCurve);
    }
    Ok(())
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, Groth16Error> {
    v.get(name).ok_or(Groth16Error::Json)
}

fn parse(s: &str) -> Result<Value, Groth16Error> {
    serde_json::from_str(s).map_err(|_| Groth16Error::Json)
}

impl<C: Groth16Curve> VerifyingKey<C> {
    /// Decodes a parsed `verification_key.json`.
    ///
    /// # Errors
    ///
    /// [`Groth16Error::Json`], [`Groth16Error::WrongProtocol`], [`Groth16Error::WrongCurve`],
    /// [`Groth16Error::InvalidLength`] (also `nPublic` disagreeing with `IC`), and the point
    /// errors.
    pub fn from_snarkjs_value(v: &Value) -> Result<Self, Groth16Error> {
        check_header::<C>(v)?;
        let ic = field(v, "IC")?
            .as_array()
            .ok_or(Groth16Error::Json)?
            .iter()
            .map(g1_from_value::<C>)
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(n) = v.get("nPublic") {
            let n = n.as_u64().ok_or(Groth16Error::Json)?;
            if ic.is_empty() || n != (ic.len() - 1) as u64 {
                return Err(Groth16Error::InvalidLength);
            }
        }
        VerifyingKey::from_checked(
            g1_from_value::<C>(field(v, "vk_alpha_1")?)?,
            g2_from_value::<C>(field(v, "vk_beta_2")?)?,
            g2_from_value::<C>(field(v, "vk_gamma_2")?)?,
            g2_from_value::<C>(field(v, "vk_delta_2")?)?,
            ic,
        )
    }

    /// Decodes the text of a `verification_key.json`.
    ///
    /// # Errors
    ///
    /// As [`VerifyingKey::from_snarkjs_value`].
    pub fn from_snarkjs_json(s: &str) -> Result<Self, Groth16Error> {
        Self::from_snarkjs_value(&parse(s)?)
    }

    /// The key as snarkjs' `verification_key.json` (without `vk_alphabeta_12`, which snarkjs'
    /// verifier does not read).
    pub fn to_snarkjs_value(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("protocol".into(), "groth16".into());
        m.insert("curve".into(), C::SNARKJS_NAME.into());
        m.insert("nPublic".into(), (self.ic.len() - 1).into());
        m.insert("vk_alpha_1".into(), g1_to_value::<C>(&self.alpha_g1));
        m.insert("vk_beta_2".into(), g2_to_value::<C>(&self.beta_g2));
        m.insert("vk_gamma_2".into(), g2_to_value::<C>(&self.gamma_g2));
        m.insert("vk_delta_2".into(), g2_to_value::<C>(&self.delta_g2));
        m.insert(
            "IC".into(),
            Value::Array(self.ic.iter().map(g1_to_value::<C>).collect()),
        );
        Value::Object(m)
    }
}

impl<C: Groth16Curve> Proof<C> {
    /// Decodes a parsed `proof.json`.
    ///
    /// # Errors
    ///
    /// [`Groth16Error::Json`], [`Groth16Error::WrongProtocol`], [`Groth16Error::WrongCurve`],
    /// and the point errors.
    pub fn from_snarkjs_value(v: &Value) -> Result<Self, Groth16Error> {
        check_header::<C>(v)?;
        Ok(Proof {
            a: g1_from_value::<C>(field(v, "pi_a")?)?,
            b: g2_from_value::<C>(field(v, "pi_b")?)?,
            c: g1_from_value::<C>(field(v, "pi_c")?)?,
        })
    }

    /// Decodes the text of a `proof.json`.
    ///
    /// # Errors
    ///
    /// As [`Proof::from_snarkjs_value`].
    pub fn from_snarkjs_json(s: &str) -> Result<Self, Groth16Error> {
        Self::from_snarkjs_value(&parse(s)?)
    }

    /// The proof as snarkjs' `proof.json`.
    pub fn to_snarkjs_value(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.insert("pi_a".into(), g1_to_value::<C>(&self.a));
        m.insert("pi_b".into(), g2_to_value::<C>(&self.b));
        m.insert("pi_c".into(), g1_to_value::<C>(&self.c));
        m.insert("protocol".into(), "groth16".into());
        m.insert("curve".into(), C::SNARKJS_NAME.into());
        Value::Object(m)
    }
}

/// Decodes a parsed `public.json` (an array of decimal strings, each `< r`).
///
/// # Errors
///
/// [`Groth16Error::Json`], [`Groth16Error::NonCanonical`] (not a canonical decimal string),
/// [`Groth16Error::ScalarOutOfRange`].
pub fn public_inputs_from_value<C: Groth16Curve>(v: &Value) -> Result<Vec<Fr<C>>, Groth16Error> {
    v.as_array()
        .ok_or(Groth16Error::Json)?
        .iter()
        .map(|x| scalar_from_decimal::<Fr<C>>(str_of(x)?))
        .collect()
}

/// Decodes the text of a `public.json`.
///
/// # Errors
///
/// As [`public_inputs_from_value`].
pub fn public_inputs_from_json<C: Groth16Curve>(s: &str) -> Result<Vec<Fr<C>>, Groth16Error> {
    public_inputs_from_value::<C>(&parse(s)?)
}

/// Public inputs as snarkjs' `public.json`.
pub fn public_inputs_to_value<C: Groth16Curve>(x: &[Fr<C>]) -> Value {
    Value::Array(x.iter().map(|v| fe_to_decimal(v).into()).collect())
}

fn dec<F: ctt_field::PrimeField>(x: &F) -> Value {
    Value::String(fe_to_decimal(x))
}

fn g1_to_value<C: Groth16Curve>(p: &G1Affine<C>) -> Value {
    if p.infinity.to_bool_vartime() {
        return Value::Array(vec!["0".into(), "1".into(), "0".into()]);
    }
    Value::Array(vec![dec(&p.x), dec(&p.y), "1".into()])
}

fn g2_to_value<C: Groth16Curve>(p: &G2Affine<C>) -> Value {
    let pair = |a: String, b: String| Value::Array(vec![a.into(), b.into()]);
    let f = |x: &Fq2<C>| pair(fe_to_decimal(&x.c0), fe_to_decimal(&x.c1));
    if p.infinity.to_bool_vartime() {
        return Value::Array(vec![
            pair("0".into(), "0".into()),
            pair("1".into(), "0".into()),
            pair("0".into(), "0".into()),
        ]);
    }
    Value::Array(vec![f(&p.x), f(&p.y), pair("1".into(), "0".into())])
}
