//! Malformed keys, proofs and inputs in every format are typed errors, never panics: wrong
//! lengths, coordinates ≥ p, bad flags, points off the curve or outside the subgroup, scalars
//! ≥ r, non-canonical decimal strings, wrong protocol or curve, counts that disagree.

use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{Field, PrimeField};
use ctt_groth16::codec::arkworks::{
    g1_from_bytes, g2_from_bytes, public_inputs_from_arkworks_bytes,
};
use ctt_groth16::codec::decimal::{fe_from_decimal, fe_to_decimal, scalar_from_decimal};
use ctt_groth16::codec::snarkjs::public_inputs_from_json;
use ctt_groth16::{Compress, Groth16Error, Proof, VerifyingKey};
use ctt_pairing::bls12_381::Bls12_381;
use ctt_pairing::bn254::Bn254;
use serde_json::{Value, json};
use std::path::PathBuf;

type E = Groth16Error;

fn snarkjs(curve: &str, file: &str) -> Value {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors/groth16/snarkjs")
        .join(curve)
        .join("multiplier")
        .join(file);
    serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap()
}

const BN_P: &str = "21888242871839275222246405745257275088696311157297823662689037894645226208583";
const BN_R: &str = "21888242871839275222246405745257275088548364400416034343698204186575808495617";

#[test]
fn decimal_strings() {
    type F = ctt_field::bn254::Fp;
    type R = ctt_field::bn254::Fr;
    assert_eq!(fe_from_decimal::<F>("0"), Ok(F::ZERO));
    assert_eq!(fe_from_decimal::<F>("42"), Ok(F::from_u64(42)));
    for bad in ["", "-1", "+1", "01", "1 ", " 1", "0x1", "1e3", "１", BN_P] {
        assert_eq!(fe_from_decimal::<F>(bad), Err(E::NonCanonical), "{bad:?}");
    }
    assert_eq!(fe_from_decimal::<F>(&"9".repeat(200)), Err(E::NonCanonical));
    assert_eq!(scalar_from_decimal::<R>(BN_R), Err(E::ScalarOutOfRange));
    assert_eq!(
        scalar_from_decimal::<R>(&"9".repeat(78)),
        Err(E::ScalarOutOfRange)
    );
    assert_eq!(scalar_from_decimal::<R>("007"), Err(E::NonCanonical));
    let m = -R::ONE;
    assert_eq!(scalar_from_decimal::<R>(&fe_to_decimal(&m)), Ok(m));
    assert_eq!(fe_to_decimal(&R::ZERO), "0");
}

fn set(v: &mut Value, path: &[&str], idx: &[usize], x: Value) {
    let mut t = v;
    for p in path {
        t = &mut t[*p];
    }
    for i in idx {
        t = &mut t[*i];
    }
    *t = x;
}

/// A file, the path and index of the field to change, its new value, the expected error.
type Mutation = (Value, &'static [&'static str], &'static [usize], Value, E);

#[test]
fn snarkjs_files() {
    let vk = snarkjs("bn128", "verification_key.json");
    let proof = snarkjs("bn128", "proof_0.json");
    assert!(VerifyingKey::<Bn254>::from_snarkjs_value(&vk).is_ok());
    assert!(Proof::<Bn254>::from_snarkjs_value(&proof).is_ok());
    // Another curve's files, or another curve asked for.
    assert_eq!(
        Proof::<Bls12_381>::from_snarkjs_value(&proof),
        Err(E::WrongCurve)
    );
    assert_eq!(
        VerifyingKey::<Bn254>::from_snarkjs_value(&snarkjs("bls12381", "verification_key.json")),
        Err(E::WrongCurve)
    );
    let cases: Vec<Mutation> = vec![
        (
            proof.clone(),
            &["protocol"],
            &[],
            json!("plonk"),
            E::WrongProtocol,
        ),
        (proof.clone(), &["pi_a"], &[0], json!(BN_P), E::NonCanonical),
        (proof.clone(), &["pi_a"], &[0], json!("1"), E::NotOnCurve),
        (proof.clone(), &["pi_a"], &[0], json!(12), E::Json),
        (proof.clone(), &["pi_a"], &[2], json!("2"), E::NonCanonical),
        (
            proof.clone(),
            &["pi_a"],
            &[],
            json!(["1", "2"]),
            E::InvalidLength,
        ),
        (proof.clone(), &["pi_b"], &[1, 0], json!("5"), E::NotOnCurve),
        (
            proof.clone(),
            &["pi_b"],
            &[2, 1],
            json!("1"),
            E::NonCanonical,
        ),
        (proof.clone(), &["pi_c"], &[1], json!("01"), E::NonCanonical),
        (vk.clone(), &["nPublic"], &[], json!(2), E::InvalidLength),
        (vk.clone(), &["IC"], &[], json!([]), E::InvalidLength),
        (
            vk.clone(),
            &["vk_gamma_2"],
            &[0, 0],
            json!("1"),
            E::NotOnCurve,
        ),
        (vk.clone(), &["vk_alpha_1"], &[], Value::Null, E::Json),
    ];
    for (mut v, path, idx, x, want) in cases {
        set(&mut v, path, idx, x.clone());
        let got = if v.get("pi_a").is_some() || path == ["protocol"] {
            Proof::<Bn254>::from_snarkjs_value(&v).map(|_| ())
        } else {
            VerifyingKey::<Bn254>::from_snarkjs_value(&v).map(|_| ())
        };
        assert_eq!(got, Err(want), "{path:?}{idx:?} = {x}");
    }
    let mut no_proto = proof.clone();
    no_proto.as_object_mut().unwrap().remove("protocol");
    assert_eq!(
        Proof::<Bn254>::from_snarkjs_value(&no_proto),
        Err(E::WrongProtocol)
    );
    assert_eq!(Proof::<Bn254>::from_snarkjs_json("{"), Err(E::Json));
    // The identity is accepted in snarkjs' form only.
    let mut id = proof.clone();
    id["pi_c"] = json!(["0", "1", "0"]);
    assert!(
        Proof::<Bn254>::from_snarkjs_value(&id)
            .unwrap()
            .c()
            .is_identity()
            .to_bool_vartime()
    );
    id["pi_c"] = json!(["5", "1", "0"]);
    assert_eq!(
        Proof::<Bn254>::from_snarkjs_value(&id),
        Err(E::NonCanonical)
    );
    // public.json
    assert_eq!(
        public_inputs_from_json::<Bn254>(&format!("[\"{BN_R}\"]")),
        Err(E::ScalarOutOfRange)
    );
    assert_eq!(public_inputs_from_json::<Bn254>("[1]"), Err(E::Json));
    assert_eq!(public_inputs_from_json::<Bn254>("{}"), Err(E::Json));
    assert_eq!(public_inputs_from_json::<Bn254>("[]"), Ok(vec![]));
}

/// A BN254 G2 point on the twist but outside the order-r subgroup (the twist has a large
/// cofactor): x = 1 + u·k for the first k with x³ + b' a square.
fn bn254_g2_off_subgroup() -> ctt_curves::bn254::G2Affine {
    use ctt_field::SqrtField;
    use ctt_field::bn254::{Fp, Fp2};
    for k in 1u64.. {
        let x = Fp2::new(Fp::ONE, Fp::from_u64(k));
        let rhs = x.square() * x
            + <ctt_curves::bn254::G2Config as ctt_curves::sw::SwCurveConfig>::COEFF_B;
        if let Some(y) = rhs.sqrt().into_option() {
            let p = ctt_curves::bn254::G2Affine::new_unchecked(x, y);
            if !p.is_torsion_free().to_bool_vartime() {
                return p;
            }
        }
    }
    unreachable!()
}

#[test]
fn arkworks_points_bn254() {
    let g1 = ctt_curves::bn254::G1Affine::generator();
    let mut out = Vec::new();
    ctt_groth16::codec::arkworks::g1_to_bytes::<Bn254>(&g1, Compress::Yes, &mut out);
    assert_eq!(g1_from_bytes::<Bn254>(&out, Compress::Yes), Ok(g1));
    assert_eq!(
        g1_from_bytes::<Bn254>(&out[..31], Compress::Yes),
        Err(E::InvalidLength)
    );
    // Both flags set; infinity with stray bits; x ≥ p.
    let mut b = out.clone();
    b[31] |= 0xc0;
    assert_eq!(
        g1_from_bytes::<Bn254>(&b, Compress::Yes),
        Err(E::NonCanonical)
    );
    let mut inf = vec![0u8; 32];
    inf[31] = 0x40;
    assert!(
        g1_from_bytes::<Bn254>(&inf, Compress::Yes)
            .unwrap()
            .is_identity()
            .to_bool_vartime()
    );
    inf[0] = 1;
    assert_eq!(
        g1_from_bytes::<Bn254>(&inf, Compress::Yes),
        Err(E::NonCanonical)
    );
    let mut big = vec![0xffu8; 32];
    big[31] = 0x3f;
    assert_eq!(
        g1_from_bytes::<Bn254>(&big, Compress::Yes),
        Err(E::NonCanonical)
    );
    // Uncompressed with the sign flag disagreeing with y, and y moved off the curve.
    let mut u = Vec::new();
    ctt_groth16::codec::arkworks::g1_to_bytes::<Bn254>(&g1, Compress::No, &mut u);
    let mut b = u.clone();
    b[63] ^= 0x80;
    assert_eq!(
        g1_from_bytes::<Bn254>(&b, Compress::No),
        Err(E::NonCanonical)
    );
    let mut b = u.clone();
    b[32] ^= 1;
    assert_eq!(g1_from_bytes::<Bn254>(&b, Compress::No), Err(E::NotOnCurve));
    // An x with no point (x³ + 3 not a square).
    let mut x = 1u8;
    loop {
        let mut b = vec![0u8; 32];
        b[0] = x;
        match g1_from_bytes::<Bn254>(&b, Compress::Yes) {
            Err(e) => {
                assert_eq!(e, E::NotOnCurve);
                break;
            }
            Ok(_) => x += 1,
        }
    }
    // G2 outside the subgroup, in both forms.
    let q = bn254_g2_off_subgroup();
    for c in [Compress::Yes, Compress::No] {
        let mut b = Vec::new();
        ctt_groth16::codec::arkworks::g2_to_bytes::<Bn254>(&q, c, &mut b);
        assert_eq!(g2_from_bytes::<Bn254>(&b, c), Err(E::NotInSubgroup));
    }
    // Keys and proofs: truncated, extended, a lying vector length.
    let g2 = ctt_curves::bn254::G2Affine::generator();
    let vk = VerifyingKey::<Bn254>::new(g1, g2, g2, g2, vec![g1, g1]).unwrap();
    let bytes = vk.to_arkworks_bytes(Compress::Yes);
    assert_eq!(
        VerifyingKey::<Bn254>::from_arkworks_bytes(&bytes, Compress::Yes),
        Ok(vk.clone())
    );
    for n in [0, 31, bytes.len() - 1] {
        assert_eq!(
            VerifyingKey::<Bn254>::from_arkworks_bytes(&bytes[..n], Compress::Yes),
            Err(E::InvalidLength)
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        VerifyingKey::<Bn254>::from_arkworks_bytes(&longer, Compress::Yes),
        Err(E::InvalidLength)
    );
    let mut lying = bytes.clone();
    lying[32 + 3 * 64] = 3;
    assert_eq!(
        VerifyingKey::<Bn254>::from_arkworks_bytes(&lying, Compress::Yes),
        Err(E::InvalidLength)
    );
    let mut empty = bytes[..32 + 3 * 64].to_vec();
    empty.extend_from_slice(&0u64.to_le_bytes());
    assert_eq!(
        VerifyingKey::<Bn254>::from_arkworks_bytes(&empty, Compress::Yes),
        Err(E::EmptyInputCommitments)
    );
    assert_eq!(
        VerifyingKey::<Bn254>::new(g1, g2, g2, g2, vec![]),
        Err(E::EmptyInputCommitments)
    );
    assert_eq!(
        VerifyingKey::<Bn254>::new(g1, q, g2, g2, vec![g1]),
        Err(E::NotInSubgroup)
    );
    assert_eq!(Proof::<Bn254>::new(g1, q, g1), Err(E::NotInSubgroup));
    assert_eq!(
        Proof::<Bn254>::from_arkworks_bytes(&[0u8; 127], Compress::Yes),
        Err(E::InvalidLength)
    );
    // Scalars ≥ r.
    let mut s = 1u64.to_le_bytes().to_vec();
    s.extend_from_slice(&[0xff; 32]);
    assert_eq!(
        public_inputs_from_arkworks_bytes::<Bn254>(&s),
        Err(E::ScalarOutOfRange)
    );
    assert_eq!(
        public_inputs_from_arkworks_bytes::<Bn254>(&s[..20]),
        Err(E::InvalidLength)
    );
}

#[test]
fn arkworks_points_bls12_381() {
    let g1 = ctt_curves::bls12_381::G1Affine::generator();
    let b = g1.to_compressed();
    assert_eq!(g1_from_bytes::<Bls12_381>(&b, Compress::Yes), Ok(g1));
    let mut bad = b;
    bad[0] &= 0x7f; // compression flag cleared on a compressed encoding
    assert!(g1_from_bytes::<Bls12_381>(&bad, Compress::Yes).is_err());
    assert_eq!(
        g1_from_bytes::<Bls12_381>(&b[..47], Compress::Yes),
        Err(E::InvalidLength)
    );
    let u = ctt_curves::bls12_381::G2Affine::generator().to_uncompressed();
    let mut off = u;
    off[191] ^= 1;
    assert_eq!(
        g2_from_bytes::<Bls12_381>(&off, Compress::No),
        Err(E::NotOnCurve)
    );
}

#[test]
fn calldata() {
    use ctt_groth16::bn254::{proof_from_calldata, proof_to_calldata};
    let g1 = ctt_curves::bn254::G1Affine::generator();
    let g2 = ctt_curves::bn254::G2Affine::generator();
    let p = Proof::<Bn254>::new(g1, g2, (g1.to_group().double()).to_affine()).unwrap();
    let x = vec![ctt_field::bn254::Fr::from_u64(9)];
    let cd = proof_to_calldata(&p, &x);
    assert_eq!(proof_from_calldata(&cd), Ok((p, x)));
    assert_eq!(proof_from_calldata(&cd[..255]), Err(E::InvalidLength));
    assert_eq!(
        proof_from_calldata(&cd[..cd.len() - 1]),
        Err(E::InvalidLength)
    );
    let mut r = cd.clone();
    r[256..].fill(0xff);
    assert_eq!(proof_from_calldata(&r), Err(E::ScalarOutOfRange));
    let mut q = cd.clone();
    q[64..192].copy_from_slice(&bn254_g2_off_subgroup().to_evm_bytes());
    assert_eq!(proof_from_calldata(&q), Err(E::NotInSubgroup));
    let mut swapped = cd.clone();
    // EIP-197 order: the imaginary part first; swapping c0/c1 leaves the twist.
    swapped[64..96].copy_from_slice(&cd[96..128]);
    swapped[96..128].copy_from_slice(&cd[64..96]);
    assert!(proof_from_calldata(&swapped).is_err());
    let mut c = cd.clone();
    c[0..32].fill(0xff);
    assert_eq!(proof_from_calldata(&c), Err(E::NonCanonical));
}
