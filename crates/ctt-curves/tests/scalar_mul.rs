//! Constant-time scalar multiplication (the GLV/GLS ladders of `mul`) against Constantine's
//! SageMath vectors for BLS12-381 and BN254 G1/G2, and against the variable-time wNAF on scalars
//! built to stress the ladder: small and structured sub-scalars (zero top windows, so that the
//! accumulator is the identity for a long stretch), scalars near r (sub-scalars near their upper
//! bound), powers of two, and combinations `n + m·λ` of the endomorphism's eigenvalue with small
//! coefficients of both signs, where the accumulator and a table entry meet (equal or opposite).

use ctt_curves::sw::{Affine, Projective, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup, bls12_381, bn254};
use ctt_field::{Field, PrimeField};
use serde_json::Value;

fn load(rel: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/constantine")
        .join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("valid JSON")
}

/// `0x…` hex to a canonical prime-field element (rejecting values ≥ the modulus).
fn prime_hex<F: PrimeField>(s: &str) -> F {
    let mut h = s.trim_start_matches("0x").to_string();
    if h.len() % 2 == 1 {
        h.insert(0, '0');
    }
    let b = hex::decode(&h).expect("hex");
    let f = F::from_bytes_be_mod_order(&b);
    let back = f.to_bytes_be();
    let back = back.as_ref();
    let skip = back.len() - b.len().min(back.len());
    assert!(
        back[..skip].iter().all(|&x| x == 0) && back[skip..] == b[b.len() - (back.len() - skip)..],
        "non-canonical {s}"
    );
    f
}

/// Coordinates as the vectors write them: a hex string (Fp) or `{c0, c1}` (Fp2).
trait FromJson: Sized {
    fn from_json(v: &Value) -> Self;
}
impl<F: PrimeField> FromJson for F {
    fn from_json(v: &Value) -> Self {
        prime_hex(v.as_str().expect("hex string"))
    }
}
macro_rules! fp2_from_json {
    ($fp2:ty) => {
        impl FromJson for Fp2Wrap<$fp2> {
            fn from_json(v: &Value) -> Self {
                Fp2Wrap(<$fp2>::new(
                    prime_hex(v["c0"].as_str().unwrap()),
                    prime_hex(v["c1"].as_str().unwrap()),
                ))
            }
        }
    };
}
struct Fp2Wrap<T>(T);
fp2_from_json!(ctt_field::bls12_381::Fp2);
fp2_from_json!(ctt_field::bn254::Fp2);

fn point<C: SwCurveConfig>(v: &Value, coord: impl Fn(&Value) -> C::Base) -> Projective<C> {
    let a = Affine::<C>::new_unchecked(coord(&v["x"]), coord(&v["y"]));
    assert!(
        bool::from(a.is_on_curve()),
        "{}: vector point off the curve",
        C::NAME
    );
    a.to_group()
}

fn run_vectors<C: SwCurveConfig>(file: &str, coord: impl Fn(&Value) -> C::Base + Copy) -> usize {
    let d = load(file);
    let mut n = 0;
    for v in d["vectors"].as_array().unwrap() {
        let p = point::<C>(&v["P"], coord);
        let q = point::<C>(&v["Q"], coord);
        let k: C::Scalar = prime_hex(v["scalar"].as_str().unwrap());
        assert_eq!(p.mul(&k), q, "{file} id {}: mul", v["id"]);
        assert_eq!(p.mul_vartime(&k), q, "{file} id {}: mul_vartime", v["id"]);
        n += 1;
    }
    n
}

#[test]
fn constantine_vectors() {
    for bits in ["32bit", "64bit", "128bit", "255bit"] {
        let f = format!("tv_BLS12_381_scalar_mul_G1_{bits}.json");
        assert!(run_vectors::<bls12_381::G1Config>(&f, ctt_field::bls12_381::Fp::from_json) > 0);
        let f = format!("tv_BLS12_381_scalar_mul_G2_{bits}.json");
        let fp2 = |v: &Value| Fp2Wrap::<ctt_field::bls12_381::Fp2>::from_json(v).0;
        assert!(run_vectors::<bls12_381::G2Config>(&f, fp2) > 0);
    }
    for bits in ["32bit", "64bit", "128bit", "254bit"] {
        let f = format!("tv_BN254_Snarks_scalar_mul_G1_{bits}.json");
        assert!(run_vectors::<bn254::G1Config>(&f, ctt_field::bn254::Fp::from_json) > 0);
        let f = format!("tv_BN254_Snarks_scalar_mul_G2_{bits}.json");
        let fp2 = |v: &Value| Fp2Wrap::<ctt_field::bn254::Fp2>::from_json(v).0;
        assert!(run_vectors::<bn254::G2Config>(&f, fp2) > 0);
    }
}

/// `[k]P` by the ladder against wNAF for every `k = Σ c_j·λ^j` with `c` from `coeffs`.
fn check_combinations<C: SwCurveConfig>(p: &Projective<C>, lambda: C::Scalar, coeffs: &[Vec<i64>]) {
    for c in coeffs {
        let mut k = C::Scalar::ZERO;
        for &cj in c.iter().rev() {
            let m = C::Scalar::from_u64(cj.unsigned_abs());
            k = k * lambda + if cj < 0 { -m } else { m };
        }
        assert_eq!(
            p.mul(&k),
            p.mul_vartime(&k),
            "{}: coefficients {c:?}",
            C::NAME
        );
    }
}

/// All vectors of `len` coefficients from `range`.
fn grid(range: core::ops::RangeInclusive<i64>, len: usize) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|v| {
                range.clone().map(move |c| {
                    let mut w = v.clone();
                    w.push(c);
                    w
                })
            })
            .collect();
    }
    out
}

fn check_generic_scalars<C: SwCurveConfig>(p: &Projective<C>) {
    let mut ks = vec![];
    for i in 0..40u64 {
        ks.push(C::Scalar::from_u64(i));
        ks.push(-C::Scalar::from_u64(i + 1)); // r − 1 − i
    }
    let mut two_i = C::Scalar::ONE;
    for _ in 0..C::Scalar::NUM_BITS {
        ks.push(two_i);
        ks.push(two_i - C::Scalar::ONE);
        two_i = two_i.double();
    }
    for k in &ks {
        assert_eq!(p.mul(k), p.mul_vartime(k), "{}: k = {k:?}", C::NAME);
    }
    // The identity maps to the identity.
    for k in ks.iter().take(8) {
        assert!(bool::from(Projective::<C>::IDENTITY.mul(k).is_identity()));
    }
}

fn points<C: SwCurveConfig>() -> [Projective<C>; 2] {
    let g = Projective::<C>::generator();
    // A second point with Z ≠ 1, so that the table's common Z is not trivial.
    let h = g.mul_vartime(&C::Scalar::from_u64(0x1234_5678_9abc_def1));
    [g, h]
}

#[test]
fn bls12_381_g1_structured_scalars() {
    use bls12_381::{G1Config, Z_ABS};
    let z2 = ctt_field::bls12_381::Fr::from_u64(Z_ABS).square(); // φ acts as −z², the split is by z²
    for p in points::<G1Config>() {
        check_generic_scalars(&p);
        check_combinations(&p, z2, &grid(-18..=18, 2));
    }
}

#[test]
fn bls12_381_g2_structured_scalars() {
    use bls12_381::{G2Config, Z_ABS};
    let z = -ctt_field::bls12_381::Fr::from_u64(Z_ABS); // ψ acts as z; the split is in base |z|
    for p in points::<G2Config>() {
        check_generic_scalars(&p);
        check_combinations(&p, z, &grid(-2..=2, 4));
        // Digits at the top of their range: (|z| − c)·|z|^j.
        for c in 0..4u64 {
            for j in 0..4 {
                let mut k = (-z).pow(&[j]) * (-z - ctt_field::bls12_381::Fr::from_u64(c));
                assert_eq!(p.mul(&k), p.mul_vartime(&k));
                k = -k;
                assert_eq!(p.mul(&k), p.mul_vartime(&k));
            }
        }
    }
}

#[test]
fn bn254_g1_structured_scalars() {
    use bn254::{G1Config, LAMBDA};
    let lambda = ctt_field::bn254::Fr::from_bytes_be_mod_order(
        &LAMBDA
            .iter()
            .rev()
            .flat_map(|w| w.to_be_bytes())
            .collect::<Vec<u8>>(),
    );
    for p in points::<G1Config>() {
        check_generic_scalars(&p);
        check_combinations(&p, lambda, &grid(-18..=18, 2));
    }
}

#[test]
fn generic_ladder_structured_scalars() {
    for p in points::<bn254::G2Config>() {
        check_generic_scalars(&p);
    }
}

/// The ladder itself with tables chosen to make the accumulator meet a table entry: sub-scalars
/// `(a, b)` on the tables of `P` and `±P` compute `[a ± b]P`, and for instance `(48, 16)` on
/// `(P, −P)` reaches `acc = 16P` with the entry `16P` in its last window (the doubling branch),
/// `(a, a)` on `(P, −P)` ends with `acc = −entry` (the `P = −Q` branch), and zero top windows keep
/// the accumulator at the identity. Every pair below 600 (and some wider ones), against wNAF.
fn check_ladder_meetings<C: SwCurveConfig>(p: &Projective<C>) {
    use ctt_curves::sw::scalar_mul::mul_ct_split;
    let words = |x: u64| [x, 0, 0, 0, 0];
    let mut pairs = vec![];
    for a in 0..600u64 {
        for b in [a, a + 1, a.saturating_sub(1), a / 2, a / 3, 3 * a, 600 - a] {
            pairs.push((a, b));
        }
    }
    for (a, b) in [
        (48u64, 16u64),
        (16, 48),
        (32 * 1000 - 16, 32 * 999 - 16),
        (1 << 40, 1 << 40),
    ] {
        pairs.push((a, b));
    }
    for (a, b) in pairs {
        let sum = mul_ct_split(p, &[words(a), words(b)], 64, |t| [t, t]);
        assert_eq!(sum, p.mul_vartime(&C::Scalar::from_u64(a + b)), "{a} + {b}");
        let diff = mul_ct_split(p, &[words(a), words(b)], 64, |t| {
            [t, t.map(|[x, y]| [*x, -*y])]
        });
        let expect =
            p.mul_vartime(&C::Scalar::from_u64(a)) - p.mul_vartime(&C::Scalar::from_u64(b));
        assert_eq!(diff, expect, "{a} − {b}");
    }
}

#[test]
fn ladder_exceptional_additions() {
    let [_, h] = points::<bls12_381::G1Config>();
    check_ladder_meetings(&h);
    let [_, h] = points::<bls12_381::G2Config>();
    check_ladder_meetings(&h);
    let [_, h] = points::<bn254::G1Config>();
    check_ladder_meetings(&h);
}
