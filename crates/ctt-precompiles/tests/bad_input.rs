//! Bad-input matrix for the precompiles, through `ctt_precompiles::run`.
//!
//! - Every precompile address on every fork, every input length from 0 to twice the nominal
//!   one (the variable-length ones also around the multiples of their record up to 4 records):
//!   `NotActive` before the precompile's fork, then the class go-ethereum defines — the exact
//!   error, or success with the output of an independent model (zero-extension for ecrecover,
//!   MODEXP and the BN254 add/mul, exact lengths for EIP-2537, EIP-4844, BLAKE2 F and
//!   P256VERIFY, whole records for the pairings and MSMs). Every success is priced by
//!   `gas_cost`, succeeds with exactly that gas and is `OutOfGas` one unit below; every
//!   failure is an error whatever the gas (and consumes it all, per the crate's contract).
//! - 0x06–0x08: coordinates ≥ p (p, p + 1, 2^256 − 1) in each coordinate of each point,
//!   off-curve points, the identity with each single bit set, G2 points off the twist and
//!   outside the subgroup (also beside an identity G1 point), scalars ≥ r (reduced, as EIP-196).
//! - 0x0b–0x11: every padding byte of every field element of every point slot, values ≥ p (p,
//!   p + 1, 2^381 − 1, 2^384 − 1), off-curve points, points outside the subgroup (accepted by
//!   the additions, rejected by the MSMs and the pairing), scalars ≥ r; the maps' field
//!   elements likewise.
//! - 0x0a: every byte of the versioned hash, z and y ≥ r, every class of malformed commitment
//!   and proof, a wrong y.
//! - 0x01 and 0x100: every value of v's last byte and a non-zero byte in each of its other
//!   31, r and s in {0, n, n + 1, p, 2^256 − 1}, P-256 keys with coordinates ≥ p or off the
//!   curve (empty output, never a failure).

use ctt_curves::ecdsa::{p256_verify, secp256k1_recover_address};
use ctt_curves::sw::{Affine, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveGroup, bls12_381 as bls, bn254, p256, secp256k1};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use ctt_precompiles::{Fork, PrecompileError, PrecompileId, gas_cost, kzg_to_versioned_hash, run};
use num_bigint::BigUint;

type E = PrecompileError;
type Res = Result<Vec<u8>, PrecompileError>;

const FORKS: [Fork; 7] = [
    Fork::Homestead,
    Fork::Byzantium,
    Fork::Istanbul,
    Fork::Berlin,
    Fork::Cancun,
    Fork::Prague,
    Fork::Osaka,
];

struct SplitMix(u64);
impl Rng for SplitMix {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn modulus<F: PrimeField>() -> BigUint {
    let bytes: Vec<u8> = F::MODULUS_LIMBS
        .iter()
        .flat_map(|l| l.to_le_bytes())
        .collect();
    BigUint::from_bytes_le(&bytes)
}

fn be(x: &BigUint, len: usize) -> Vec<u8> {
    let b = x.to_bytes_be();
    assert!(b.len() <= len);
    let mut out = vec![0u8; len];
    out[len - b.len()..].copy_from_slice(&b);
    out
}

fn pow2(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

fn pad<const N: usize>(input: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = input.len().min(N);
    out[..n].copy_from_slice(&input[..n]);
    out
}

fn word(b: bool) -> Vec<u8> {
    let mut w = vec![0u8; 32];
    w[31] = b as u8;
    w
}

/// `run` with an unbounded gas limit; a success is also checked against `gas_cost`: it
/// succeeds with exactly that gas (same output) and is out of gas one unit below.
fn call(address: u64, input: &[u8], fork: Fork) -> Res {
    let got = run(address, input, u64::MAX, fork);
    if let Ok(out) = &got {
        let cost = gas_cost(address, input, fork).expect("a success is priced");
        assert_eq!(out.gas_used, cost, "{address:#x} gas");
        assert_eq!(
            run(address, input, cost, fork).map(|o| o.bytes),
            Ok(out.bytes.clone())
        );
        if cost > 0 {
            assert_eq!(run(address, input, cost - 1, fork), Err(E::OutOfGas));
        }
    }
    got.map(|o| o.bytes)
}

/// A secp256k1 or P-256 signature of `hash` by `d` with nonce `k`: (r, s, y parity of R).
fn sign<C: SwCurveConfig>(hash: &[u8; 32], d: u64, k: u64) -> ([u8; 32], [u8; 32], u8)
where
    C::Base: PrimeField<Repr = [u8; 32]>,
    C::Scalar: PrimeField<Repr = [u8; 32]>,
{
    let k = C::Scalar::from_u64(k);
    let big_r = Affine::<C>::generator().to_group().mul(&k).to_affine();
    let r = C::Scalar::from_bytes_be_mod_order(&big_r.x.to_bytes_be());
    assert_eq!(r.to_bytes_be(), big_r.x.to_bytes_be());
    let e = C::Scalar::from_bytes_be_mod_order(hash);
    let s = k.invert().into_option().unwrap() * (e + r * C::Scalar::from_u64(d));
    (
        r.to_bytes_be(),
        s.to_bytes_be(),
        u8::from(bool::from(big_r.y.is_odd())),
    )
}

const HASH: [u8; 32] = [0x42; 32];
const SECRET: u64 = 0x0123_4567_89ab_cdef;

/// ecrecover's input for a valid signature, and the signer's address (from the key itself).
fn ecrecover_input() -> ([u8; 128], Vec<u8>) {
    let (r, s, id) = sign::<secp256k1::Config>(&HASH, SECRET, 0x7777_1234_5678_9999);
    let mut input = [0u8; 128];
    input[..32].copy_from_slice(&HASH);
    input[63] = 27 + id;
    input[64..96].copy_from_slice(&r);
    input[96..].copy_from_slice(&s);
    let key = secp256k1::Affine::generator()
        .to_group()
        .mul(&ctt_field::secp256k1::Fr::from_u64(SECRET))
        .to_affine();
    let mut xy = key.x.to_bytes_be().to_vec();
    xy.extend_from_slice(&key.y.to_bytes_be());
    let mut address = vec![0u8; 12];
    address.extend_from_slice(&ctt_hash::keccak256(&xy)[12..]);
    (input, address)
}

fn p256_input() -> [u8; 160] {
    let (r, s, _) = sign::<p256::Config>(&HASH, SECRET, 0x7777_1234_5678_9997);
    let key = p256::Affine::generator()
        .to_group()
        .mul(&ctt_field::p256::Fr::from_u64(SECRET))
        .to_affine();
    let mut input = [0u8; 160];
    input[..32].copy_from_slice(&HASH);
    input[32..64].copy_from_slice(&r);
    input[64..96].copy_from_slice(&s);
    input[96..128].copy_from_slice(&key.x.to_bytes_be());
    input[128..].copy_from_slice(&key.y.to_bytes_be());
    input
}

fn ecrecover_model(input: &[u8]) -> Res {
    let b = pad::<128>(input);
    let w = |i: usize| -> [u8; 32] { b[32 * i..32 * (i + 1)].try_into().unwrap() };
    let v = w(1);
    if v[..31].iter().any(|x| *x != 0) || !matches!(v[31], 27 | 28) {
        return Ok(vec![]);
    }
    Ok(
        match secp256k1_recover_address(&w(0), &w(2), &w(3), v[31] - 27) {
            Ok(a) => [vec![0u8; 12], a.to_vec()].concat(),
            Err(_) => vec![],
        },
    )
}

fn p256_model(input: &[u8]) -> Res {
    let Ok(b) = <&[u8; 160]>::try_from(input) else {
        return Ok(vec![]);
    };
    let w = |i: usize| -> [u8; 32] { b[32 * i..32 * (i + 1)].try_into().unwrap() };
    Ok(match p256_verify(&w(0), &w(1), &w(2), &w(3), &w(4)) {
        Ok(true) => word(true),
        _ => vec![],
    })
}

/// MODEXP by num-bigint on the zero-extended input (small operands only).
fn modexp_model(input: &[u8]) -> Res {
    let at = |offset: usize, len: usize| -> Vec<u8> {
        (offset..offset + len)
            .map(|i| input.get(i).copied().unwrap_or(0))
            .collect()
    };
    let len = |i: usize| -> usize {
        let w = at(32 * i, 32);
        assert!(w[..24].iter().all(|b| *b == 0));
        u64::from_be_bytes(w[24..].try_into().unwrap()) as usize
    };
    let (bl, el, ml) = (len(0), len(1), len(2));
    if bl == 0 && ml == 0 {
        return Ok(vec![]);
    }
    let base = BigUint::from_bytes_be(&at(96, bl));
    let exp = BigUint::from_bytes_be(&at(96 + bl, el));
    let m = BigUint::from_bytes_be(&at(96 + bl + el, ml));
    if m == BigUint::from(0u8) {
        return Ok(vec![0u8; ml]);
    }
    Ok(be(&base.modpow(&exp, &m), ml))
}

fn bn_error(e: ctt_curves::CurveError) -> E {
    match e {
        ctt_curves::CurveError::NonCanonical => E::NonCanonicalFieldElement,
        ctt_curves::CurveError::NotOnCurve => E::PointNotOnCurve,
        ctt_curves::CurveError::NotInSubgroup => E::PointNotInSubgroup,
        e => panic!("unexpected {e:?}"),
    }
}

fn bn_add_model(input: &[u8]) -> Res {
    let b = pad::<128>(input);
    let p = bn254::G1Affine::from_evm_bytes(&b[..64]).map_err(bn_error)?;
    let q = bn254::G1Affine::from_evm_bytes(&b[64..]).map_err(bn_error)?;
    Ok((p.to_group() + q.to_group())
        .to_affine()
        .to_evm_bytes()
        .to_vec())
}

fn bn_mul_model(input: &[u8]) -> Res {
    let b = pad::<96>(input);
    let p = bn254::G1Affine::from_evm_bytes(&b[..64]).map_err(bn_error)?;
    let k = ctt_field::bn254::Fr::from_bytes_be_mod_order(&b[64..]);
    Ok(p.to_group().mul(&k).to_affine().to_evm_bytes().to_vec())
}

/// Pairs alternate (P, Q) and (−P, Q): k whole pairs multiply to one iff k is even.
fn alternating_pairs(p: &[u8], neg_p: &[u8], q: &[u8], count: usize) -> Vec<u8> {
    (0..count)
        .flat_map(|i| {
            let first = if i % 2 == 0 { p } else { neg_p };
            [first, q].concat()
        })
        .collect()
}

fn records_model(
    input: &[u8],
    record: usize,
    empty_ok: bool,
    ok: impl Fn(usize) -> Vec<u8>,
) -> Res {
    if !input.len().is_multiple_of(record) || (input.is_empty() && !empty_ok) {
        return Err(E::InvalidInputLength);
    }
    Ok(ok(input.len() / record))
}

fn exact_model(input: &[u8], len: usize, ok: &[u8]) -> Res {
    if input.len() == len {
        Ok(ok.to_vec())
    } else {
        Err(E::InvalidInputLength)
    }
}

/// The EIP-2537 encoding of a scalar i (32 bytes).
fn scalar(i: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[24..].copy_from_slice(&i.to_be_bytes());
    s
}

/// An input's expected result.
type Model = Box<dyn Fn(&[u8]) -> Res>;

/// One precompile's matrix: content long enough for every length, lengths, model.
struct Matrix {
    id: PrecompileId,
    content: Vec<u8>,
    lengths: Vec<usize>,
    model: Model,
}

fn lengths(nominal: usize, record_multiples: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = (0..=2 * nominal).collect();
    for &m in record_multiples {
        v.extend([m - 1, m, m + 1]);
    }
    v
}

fn with_tail(mut v: Vec<u8>, total: usize) -> Vec<u8> {
    let mut i = 0u8;
    while v.len() < total {
        v.push(i.wrapping_mul(37).wrapping_add(11));
        i = i.wrapping_add(1);
    }
    v
}

fn matrices() -> Vec<Matrix> {
    use PrecompileId as P;
    let mut m = Vec::new();
    let (ecr, _) = ecrecover_input();
    m.push(Matrix {
        id: P::EcRecover,
        content: [ecr, ecr].concat(),
        lengths: lengths(128, &[]),
        model: Box::new(ecrecover_model),
    });
    let bytes: Vec<u8> = (0..=255u8).collect();
    m.push(Matrix {
        id: P::Sha256,
        content: bytes.clone(),
        lengths: (0..=256).collect(),
        model: Box::new(|i| Ok(ctt_hash::sha256(i).to_vec())),
    });
    m.push(Matrix {
        id: P::Ripemd160,
        content: bytes.clone(),
        lengths: (0..=256).collect(),
        model: Box::new(|i| Ok([vec![0u8; 12], ctt_hash::ripemd160(i).to_vec()].concat())),
    });
    m.push(Matrix {
        id: P::Identity,
        content: bytes.clone(),
        lengths: (0..=256).collect(),
        model: Box::new(|i| Ok(i.to_vec())),
    });
    // MODEXP: lengths 3, 2, 5 then base, exponent, modulus (106 bytes), then a tail.
    let mut mx = Vec::new();
    for l in [3u64, 2, 5] {
        mx.extend_from_slice(&scalar(l));
    }
    mx.extend_from_slice(&[0x01, 0x02, 0x03, 0x01, 0x01, 0xf0, 0xde, 0xbc, 0x9a, 0x79]);
    m.push(Matrix {
        id: P::ModExp,
        content: with_tail(mx, 212),
        lengths: lengths(106, &[]),
        model: Box::new(modexp_model),
    });
    let g1 = bn254::G1Affine::generator();
    let g1x2 = (g1.to_group() + g1.to_group()).to_affine();
    let add_in = [g1.to_evm_bytes(), g1x2.to_evm_bytes()].concat();
    m.push(Matrix {
        id: P::Bn254Add,
        content: [add_in.clone(), add_in].concat(),
        lengths: lengths(128, &[]),
        model: Box::new(bn_add_model),
    });
    let mul_in = [g1x2.to_evm_bytes().to_vec(), vec![0xab; 32]].concat();
    m.push(Matrix {
        id: P::Bn254Mul,
        content: [mul_in.clone(), mul_in].concat(),
        lengths: lengths(96, &[]),
        model: Box::new(bn_mul_model),
    });
    let bn_pairs = alternating_pairs(
        &g1.to_evm_bytes(),
        &(-g1).to_evm_bytes(),
        &bn254::G2Affine::generator().to_evm_bytes(),
        4,
    );
    m.push(Matrix {
        id: P::Bn254Pairing,
        content: with_tail(bn_pairs, 4 * 192 + 100),
        lengths: lengths(192, &[576, 768]),
        model: Box::new(|i| records_model(i, 192, true, |k| word(k % 2 == 0))),
    });
    // BLAKE2 F: 12 rounds, final flag 1.
    let mut b2 = with_tail(12u32.to_be_bytes().to_vec(), 213);
    b2[212] = 1;
    let b2_out = ctt_hash::blake2f(&b2).unwrap().to_vec();
    m.push(Matrix {
        id: P::Blake2F,
        content: with_tail(b2, 426),
        lengths: lengths(213, &[]),
        model: Box::new(move |i| exact_model(i, 213, &b2_out)),
    });
    // KZG point evaluation of the zero polynomial: identity commitment and proof, y = 0.
    let mut id48 = [0u8; 48];
    id48[0] = 0xc0;
    let mut kzg = kzg_to_versioned_hash(&id48).to_vec();
    kzg.extend_from_slice(&[0x11; 32]); // z
    kzg.extend_from_slice(&[0u8; 32]); // y
    kzg.extend_from_slice(&id48);
    kzg.extend_from_slice(&id48);
    let kzg_out = {
        let mut v = scalar(4096).to_vec();
        v.extend_from_slice(&be(&modulus::<ctt_field::bls12_381::Fr>(), 32));
        v
    };
    m.push(Matrix {
        id: P::KzgPointEvaluation,
        content: [kzg.clone(), kzg].concat(),
        lengths: lengths(192, &[]),
        model: Box::new(move |i| exact_model(i, 192, &kzg_out)),
    });
    // EIP-2537.
    let b1 = bls::G1Affine::generator();
    let b1x2 = (b1.to_group() + b1.to_group()).to_affine();
    let g1add = [b1.to_eip2537_bytes(), b1x2.to_eip2537_bytes()].concat();
    let g1add_out = (b1.to_group() + b1x2.to_group())
        .to_affine()
        .to_eip2537_bytes();
    m.push(Matrix {
        id: P::Bls12G1Add,
        content: [g1add.clone(), g1add].concat(),
        lengths: lengths(256, &[]),
        model: Box::new(move |i| exact_model(i, 256, &g1add_out)),
    });
    let b2g = bls::G2Affine::generator();
    let b2x2 = (b2g.to_group() + b2g.to_group()).to_affine();
    let g2add = [b2g.to_eip2537_bytes(), b2x2.to_eip2537_bytes()].concat();
    let g2add_out = (b2g.to_group() + b2x2.to_group())
        .to_affine()
        .to_eip2537_bytes();
    m.push(Matrix {
        id: P::Bls12G2Add,
        content: [g2add.clone(), g2add].concat(),
        lengths: lengths(512, &[]),
        model: Box::new(move |i| exact_model(i, 512, &g2add_out)),
    });
    // MSMs: (G, 1), (G, 2), (G, 3), (G, 4); k pairs sum to [k(k + 1)/2]G.
    let g1msm: Vec<u8> = (1..=4u64)
        .flat_map(|i| [b1.to_eip2537_bytes().to_vec(), scalar(i).to_vec()].concat())
        .collect();
    m.push(Matrix {
        id: P::Bls12G1Msm,
        content: with_tail(g1msm, 4 * 160 + 100),
        lengths: lengths(160, &[480, 640]),
        model: Box::new(move |i| {
            records_model(i, 160, false, |k| {
                let t = (k * (k + 1) / 2) as u64;
                b1.to_group()
                    .mul_bigint_vartime(&[t])
                    .to_affine()
                    .to_eip2537_bytes()
                    .to_vec()
            })
        }),
    });
    let g2msm: Vec<u8> = (1..=4u64)
        .flat_map(|i| [b2g.to_eip2537_bytes().to_vec(), scalar(i).to_vec()].concat())
        .collect();
    m.push(Matrix {
        id: P::Bls12G2Msm,
        content: with_tail(g2msm, 4 * 288 + 100),
        lengths: lengths(288, &[864, 1152]),
        model: Box::new(move |i| {
            records_model(i, 288, false, |k| {
                let t = (k * (k + 1) / 2) as u64;
                b2g.to_group()
                    .mul_bigint_vartime(&[t])
                    .to_affine()
                    .to_eip2537_bytes()
                    .to_vec()
            })
        }),
    });
    let bls_pairs = alternating_pairs(
        &b1.to_eip2537_bytes(),
        &(-b1).to_eip2537_bytes(),
        &b2g.to_eip2537_bytes(),
        4,
    );
    m.push(Matrix {
        id: P::Bls12PairingCheck,
        content: with_tail(bls_pairs, 4 * 384 + 100),
        lengths: lengths(384, &[1152, 1536]),
        model: Box::new(|i| records_model(i, 384, false, |k| word(k % 2 == 0))),
    });
    let u = ctt_field::bls12_381::Fp::from_u64(0x1234_5678);
    let v = ctt_field::bls12_381::Fp::from_u64(0x9abc_def0);
    let fp = |x: &ctt_field::bls12_381::Fp| [vec![0u8; 16], x.to_bytes_be().to_vec()].concat();
    let map1 = fp(&u);
    let map1_out = bls::G1Projective::map_to_curve(&u)
        .to_affine()
        .to_eip2537_bytes();
    m.push(Matrix {
        id: P::Bls12MapFpToG1,
        content: [map1.clone(), map1].concat(),
        lengths: lengths(64, &[]),
        model: Box::new(move |i| exact_model(i, 64, &map1_out)),
    });
    let map2 = [fp(&u), fp(&v)].concat();
    let map2_out = bls::G2Projective::map_to_curve(&ctt_field::bls12_381::Fp2::new(u, v))
        .to_affine()
        .to_eip2537_bytes();
    m.push(Matrix {
        id: P::Bls12MapFp2ToG2,
        content: [map2.clone(), map2].concat(),
        lengths: lengths(128, &[]),
        model: Box::new(move |i| exact_model(i, 128, &map2_out)),
    });
    let pv = p256_input();
    m.push(Matrix {
        id: P::P256Verify,
        content: [pv, pv].concat(),
        lengths: lengths(160, &[]),
        model: Box::new(p256_model),
    });
    m
}

#[test]
fn every_address_fork_and_length() {
    let all = matrices();
    assert_eq!(all.len(), PrecompileId::ALL.len());
    let mut cases = 0;
    let mut successes = 0;
    for mx in &all {
        let address = mx.id.address();
        // The nominal input itself is valid: the matrix exercises lengths around a success.
        let nominal_ok = mx
            .lengths
            .iter()
            .any(|&l| (mx.model)(&mx.content[..l]).is_ok_and(|o| !o.is_empty()));
        assert!(nominal_ok, "{}", mx.id);
        for fork in FORKS {
            for &len in &mx.lengths {
                let input = &mx.content[..len];
                let got = call(address, input, fork);
                let want = if fork < mx.id.since() {
                    Err(E::NotActive)
                } else {
                    (mx.model)(input)
                };
                assert_eq!(got, want, "{} on {fork:?}, length {len}", mx.id);
                successes += got.is_ok() as usize;
                cases += 1;
            }
        }
    }
    let per_fork: usize = all.iter().map(|m| m.lengths.len()).sum();
    assert_eq!(cases, 7 * per_fork);
    assert!(successes > 0);
    // The ecrecover content recovers the signer's address (checked against the key itself).
    let (input, address) = ecrecover_input();
    assert_eq!(call(0x01, &input, Fork::Osaka), Ok(address));
    assert_eq!(call(0x100, &p256_input(), Fork::Osaka), Ok(word(true)));
}

// ---------------------------------------------------------------------------------------------
// BN254: 0x06–0x08.

fn bn_non_canonical() -> Vec<Vec<u8>> {
    let p = modulus::<ctt_field::bn254::Fp>();
    [p.clone(), &p + 1u8, pow2(256) - 1u8]
        .iter()
        .map(|v| be(v, 32))
        .collect()
}

/// Malformed BN254 G1 encodings and their errors: each coordinate ≥ p, each coordinate
/// nudged, the identity with each single bit set.
fn bn_bad_g1() -> Vec<(Vec<u8>, E)> {
    let mut v = Vec::new();
    let g = bn254::G1Affine::generator()
        .to_group()
        .double()
        .to_affine()
        .to_evm_bytes();
    let p = modulus::<ctt_field::bn254::Fp>();
    for c in 0..2 {
        for bad in bn_non_canonical() {
            let mut b = g.to_vec();
            b[32 * c..32 * (c + 1)].copy_from_slice(&bad);
            v.push((b, E::NonCanonicalFieldElement));
        }
        let mut b = g.to_vec();
        b[32 * c + 31] ^= 1;
        v.push((b, E::PointNotOnCurve));
        for bit in 0..256 {
            let mut b = vec![0u8; 64];
            b[32 * c + bit / 8] = 0x80 >> (bit % 8);
            let e = if BigUint::from_bytes_be(&b[32 * c..32 * (c + 1)]) >= p {
                E::NonCanonicalFieldElement
            } else {
                E::PointNotOnCurve
            };
            v.push((b, e));
        }
    }
    v
}

/// BN254 twist points outside the subgroup.
fn bn_g2_outside(count: usize) -> Vec<bn254::G2Affine> {
    let mut rng = SplitMix(197);
    let mut out = Vec::new();
    while out.len() < count {
        let x = ctt_field::bn254::Fp2::random(&mut rng);
        let rhs = x.square() * x + bn254::G2Config::COEFF_B;
        if let Some(y) = rhs.sqrt().into_option() {
            let q = bn254::G2Affine::new_unchecked(x, y);
            let rq = q
                .to_group()
                .mul_bigint_vartime(ctt_field::bn254::Fr::MODULUS_LIMBS);
            assert!(!bool::from(rq.is_identity()));
            out.push(q);
        }
    }
    out
}

fn bn_bad_g2() -> Vec<(Vec<u8>, E)> {
    let mut v = Vec::new();
    let g = bn254::G2Affine::generator().to_evm_bytes();
    for c in 0..4 {
        for bad in bn_non_canonical() {
            let mut b = g.to_vec();
            b[32 * c..32 * (c + 1)].copy_from_slice(&bad);
            v.push((b, E::NonCanonicalFieldElement));
        }
        let mut b = g.to_vec();
        b[32 * c + 31] ^= 1;
        v.push((b, E::PointNotOnCurve));
    }
    for q in bn_g2_outside(3) {
        v.push((q.to_evm_bytes().to_vec(), E::PointNotInSubgroup));
        v.push(((-q).to_evm_bytes().to_vec(), E::PointNotInSubgroup));
    }
    v
}

#[test]
fn bn254_bad_points_and_scalars() {
    let mut n = 0;
    let g = bn254::G1Affine::generator();
    let q2 = bn254::G2Affine::generator().to_evm_bytes();
    let bad_g1 = bn_bad_g1();
    let bad_g2 = bn_bad_g2();
    assert_eq!((bad_g1.len(), bad_g2.len()), (2 * (3 + 1 + 256), 4 * 4 + 6));
    let pair_a = [g.to_evm_bytes().to_vec(), q2.to_vec()].concat();
    let pair_b = [(-g).to_evm_bytes().to_vec(), q2.to_vec()].concat();
    for fork in [Fork::Byzantium, Fork::Istanbul, Fork::Osaka] {
        for (bad, e) in &bad_g1 {
            // ADD, in either slot; MUL; PAIRING, in the first and last pair.
            let good = g.to_evm_bytes().to_vec();
            for input in [
                [bad.clone(), good.clone()].concat(),
                [good.clone(), bad.clone()].concat(),
            ] {
                assert_eq!(call(0x06, &input, fork), Err(*e));
                n += 1;
            }
            assert_eq!(
                call(0x07, &[bad.clone(), vec![7; 32]].concat(), fork),
                Err(*e)
            );
            let pair = [bad.clone(), q2.to_vec()].concat();
            for input in [
                [pair.clone(), pair_b.clone(), pair_a.clone()].concat(),
                [pair_a.clone(), pair_b.clone(), pair.clone()].concat(),
            ] {
                assert_eq!(call(0x08, &input, fork), Err(*e));
                n += 1;
            }
            n += 1;
        }
        for (bad, e) in &bad_g2 {
            for g1 in [g.to_evm_bytes().to_vec(), vec![0u8; 64]] {
                let pair = [g1, bad.clone()].concat();
                for input in [
                    pair.clone(),
                    [pair_a.clone(), pair_b.clone(), pair.clone()].concat(),
                ] {
                    assert_eq!(call(0x08, &input, fork), Err(*e));
                    n += 1;
                }
            }
        }
        // Scalars of any 256-bit value act modulo r (EIP-196 takes the integer as is).
        let r = modulus::<ctt_field::bn254::Fr>();
        for k in [
            BigUint::from(0u8),
            r.clone(),
            &r + 1u8,
            &r + 5u8,
            pow2(256) - 1u8,
        ] {
            let input = [g.to_evm_bytes().to_vec(), be(&k, 32)].concat();
            let reduced = ctt_field::bn254::Fr::from_bytes_be_mod_order(&be(&k, 32));
            let want = g
                .to_group()
                .mul(&reduced)
                .to_affine()
                .to_evm_bytes()
                .to_vec();
            assert_eq!(call(0x07, &input, fork), Ok(want));
            n += 1;
        }
        // Controls: the pairs multiply to one; identity pairs are skipped.
        let ok = [pair_a.clone(), pair_b.clone(), vec![0u8; 192]].concat();
        assert_eq!(call(0x08, &ok, fork), Ok(word(true)));
    }
    assert_eq!(n, 3 * (bad_g1.len() * 5 + bad_g2.len() * 4 + 5));
}

// ---------------------------------------------------------------------------------------------
// EIP-2537: 0x0b–0x11.

fn bls_non_canonical() -> Vec<Vec<u8>> {
    let p = modulus::<ctt_field::bls12_381::Fp>();
    [p.clone(), &p + 1u8, pow2(381) - 1u8, pow2(384) - 1u8]
        .iter()
        .map(|v| be(v, 48))
        .collect()
}

/// On the curve, outside the subgroup: random points, and for G1 the 3-torsion point (0, 2).
fn bls_outside<C: SwCurveConfig>(seed: u64, count: usize) -> Vec<Affine<C>> {
    let mut rng = SplitMix(seed);
    let mut out = Vec::new();
    if let Some(y) = C::COEFF_B.sqrt().into_option() {
        out.push(Affine::<C>::new_unchecked(C::Base::ZERO, y));
    }
    while out.len() < count {
        let x = C::Base::random(&mut rng);
        if let Some(y) = (x.square() * x + C::COEFF_B).sqrt().into_option() {
            out.push(Affine::new_unchecked(x, y));
        }
    }
    for q in &out {
        let rq = q.to_group().mul_bigint_vartime(C::Scalar::MODULUS_LIMBS);
        assert!(!bool::from(rq.is_identity()));
    }
    out
}

/// What a malformed point in one slot should give.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bad {
    Error(E),
    /// On the curve, outside the subgroup: an error where the subgroup is checked.
    Outside,
}

/// Malformed EIP-2537 points of `fp_count` field elements: every padding byte (0x01, 0xff),
/// values ≥ p in each element, each element nudged off the curve, points outside the subgroup.
fn bls_bad_points<C: SwCurveConfig>(
    valid: &[u8],
    outside: &[Affine<C>],
    encode: fn(&Affine<C>) -> Vec<u8>,
) -> Vec<(Vec<u8>, Bad)> {
    let mut v = Vec::new();
    for fp in 0..valid.len() / 64 {
        for pos in 0..16 {
            for value in [0x01u8, 0xff] {
                let mut b = valid.to_vec();
                b[64 * fp + pos] = value;
                v.push((b, Bad::Error(E::InvalidPadding)));
            }
        }
        for bad in bls_non_canonical() {
            let mut b = valid.to_vec();
            b[64 * fp + 16..64 * (fp + 1)].copy_from_slice(&bad);
            v.push((b, Bad::Error(E::NonCanonicalFieldElement)));
        }
        let mut b = valid.to_vec();
        b[64 * fp + 63] ^= 1;
        v.push((b, Bad::Error(E::PointNotOnCurve)));
    }
    for q in outside {
        v.push((encode(q), Bad::Outside));
        v.push((encode(&-*q), Bad::Outside));
    }
    v
}

#[test]
fn eip2537_bad_points_and_field_elements() {
    let mut n = 0;
    let g1 = bls::G1Affine::generator();
    let g2 = bls::G2Affine::generator();
    let (e1, e2) = (
        g1.to_eip2537_bytes().to_vec(),
        g2.to_eip2537_bytes().to_vec(),
    );
    let out1 = bls_outside::<bls::G1Config>(2537, 3);
    let out2 = bls_outside::<bls::G2Config>(2538, 2);
    let bad1 = bls_bad_points(&e1, &out1, |p| p.to_eip2537_bytes().to_vec());
    let bad2 = bls_bad_points(&e2, &out2, |p| p.to_eip2537_bytes().to_vec());
    assert_eq!(bad1.len(), 2 * (32 + 4 + 1) + 2 * out1.len());
    assert_eq!(bad2.len(), 4 * (32 + 4 + 1) + 2 * out2.len());
    let decode1 = |b: &[u8]| bls::G1Affine::from_eip2537_bytes_on_curve(b).unwrap();
    let decode2 = |b: &[u8]| bls::G2Affine::from_eip2537_bytes_on_curve(b).unwrap();
    let s = |i: u64| scalar(i).to_vec();
    for fork in [Fork::Prague, Fork::Osaka] {
        for (bad, class) in &bad1 {
            // G1ADD in either slot: the additions check the curve only.
            for (input, p, q) in [
                ([bad.clone(), e1.clone()].concat(), bad, &e1),
                ([e1.clone(), bad.clone()].concat(), &e1, bad),
            ] {
                let want = match class {
                    Bad::Error(e) => Err(*e),
                    Bad::Outside => Ok((decode1(p).to_group() + decode1(q).to_group())
                        .to_affine()
                        .to_eip2537_bytes()
                        .to_vec()),
                };
                assert_eq!(call(0x0b, &input, fork), want);
                n += 1;
            }
            let checked = match class {
                Bad::Error(e) => Err(*e),
                Bad::Outside => Err(E::PointNotInSubgroup),
            };
            // G1MSM, first and last of three pairs; PAIRING, the G1 of the first and last pair.
            for input in [
                [bad.clone(), s(1), e1.clone(), s(2), e1.clone(), s(3)].concat(),
                [e1.clone(), s(1), e1.clone(), s(2), bad.clone(), s(3)].concat(),
                [bad.clone(), e2.clone(), e1.clone(), e2.clone()].concat(),
                [e1.clone(), e2.clone(), bad.clone(), e2.clone()].concat(),
            ] {
                let address = if input.len() == 480 { 0x0c } else { 0x0f };
                assert_eq!(call(address, &input, fork), checked);
                n += 1;
            }
        }
        for (bad, class) in &bad2 {
            for (input, p, q) in [
                ([bad.clone(), e2.clone()].concat(), bad, &e2),
                ([e2.clone(), bad.clone()].concat(), &e2, bad),
            ] {
                let want = match class {
                    Bad::Error(e) => Err(*e),
                    Bad::Outside => Ok((decode2(p).to_group() + decode2(q).to_group())
                        .to_affine()
                        .to_eip2537_bytes()
                        .to_vec()),
                };
                assert_eq!(call(0x0d, &input, fork), want);
                n += 1;
            }
            let checked = match class {
                Bad::Error(e) => Err(*e),
                Bad::Outside => Err(E::PointNotInSubgroup),
            };
            for input in [
                [bad.clone(), s(1), e2.clone(), s(2), e2.clone(), s(3)].concat(),
                [e2.clone(), s(1), e2.clone(), s(2), bad.clone(), s(3)].concat(),
                [e1.clone(), bad.clone(), e1.clone(), e2.clone()].concat(),
                [e1.clone(), e2.clone(), vec![0u8; 128], bad.clone()].concat(),
            ] {
                let address = if input.len() == 864 { 0x0e } else { 0x0f };
                assert_eq!(call(address, &input, fork), checked);
                n += 1;
            }
        }
        // Scalars ≥ r act modulo r (EIP-2537 allows any 32-byte scalar).
        let r = modulus::<ctt_field::bls12_381::Fr>();
        for k in [
            BigUint::from(0u8),
            r.clone(),
            &r + 1u8,
            &r + 9u8,
            pow2(256) - 1u8,
        ] {
            let kb = be(&k, 32);
            let reduced = ctt_field::bls12_381::Fr::from_bytes_be_mod_order(&kb);
            let w1 = g1
                .to_group()
                .mul(&reduced)
                .to_affine()
                .to_eip2537_bytes()
                .to_vec();
            let w2 = g2
                .to_group()
                .mul(&reduced)
                .to_affine()
                .to_eip2537_bytes()
                .to_vec();
            assert_eq!(call(0x0c, &[e1.clone(), kb.clone()].concat(), fork), Ok(w1));
            assert_eq!(call(0x0e, &[e2.clone(), kb.clone()].concat(), fork), Ok(w2));
            n += 2;
        }
        // The maps: every padding byte, values ≥ p, in each field element; p − 1 maps.
        let u = [0u8; 64];
        for (address, elements) in [(0x10u64, 1usize), (0x11, 2)] {
            for fp in 0..elements {
                for pos in 0..16 {
                    for value in [0x01u8, 0x80, 0xff] {
                        let mut b = u.repeat(elements);
                        b[64 * fp + pos] = value;
                        assert_eq!(call(address, &b, fork), Err(E::InvalidPadding));
                        n += 1;
                    }
                }
                for bad in bls_non_canonical() {
                    let mut b = u.repeat(elements);
                    b[64 * fp + 16..64 * (fp + 1)].copy_from_slice(&bad);
                    assert_eq!(call(address, &b, fork), Err(E::NonCanonicalFieldElement));
                    n += 1;
                }
                let mut b = u.repeat(elements);
                let p_minus_1 = modulus::<ctt_field::bls12_381::Fp>() - 1u8;
                b[64 * fp + 16..64 * (fp + 1)].copy_from_slice(&be(&p_minus_1, 48));
                assert!(call(address, &b, fork).is_ok());
                n += 1;
            }
        }
    }
    let per_fork = bad1.len() * 6 + bad2.len() * 6 + 10 + 3 * (48 + 4 + 1);
    assert_eq!(n, 2 * per_fork);
}

// ---------------------------------------------------------------------------------------------
// 0x0a, 0x01, 0x100.

/// Malformed compressed G1 encodings: flag combinations, the identity with each single bit
/// set, x ≥ p, x with no y, points outside G1.
fn bad_compressed_g1() -> Vec<[u8; 48]> {
    let mut v = Vec::new();
    let g = bls::G1Affine::generator().to_compressed();
    let with = |mut b: [u8; 48], f: u8| {
        b[0] = (b[0] & 0x1f) | (f << 5);
        b
    };
    for f in [0b000u8, 0b001, 0b010, 0b011, 0b110, 0b111] {
        v.push(with(g, f));
    }
    for f in [0b000u8, 0b001, 0b010, 0b011, 0b100, 0b101, 0b111] {
        v.push(with([0; 48], f));
    }
    for bit in 3..384 {
        let mut b = with([0; 48], 0b110);
        b[bit / 8] |= 0x80 >> (bit % 8);
        v.push(b);
    }
    let p = modulus::<ctt_field::bls12_381::Fp>();
    for x in [p.clone(), &p + 1u8, pow2(381) - 1u8] {
        let b: [u8; 48] = be(&x, 48).try_into().unwrap();
        v.push(with(b, 0b100));
        v.push(with(b, 0b101));
    }
    let mut no_y = [0u8; 48];
    no_y[47] = 5; // x = 5: no y, or a point outside G1 (either way rejected, asserted below)
    v.push(with(no_y, 0b100));
    for q in bls_outside::<bls::G1Config>(4844, 3) {
        v.push(q.to_compressed());
        v.push((-q).to_compressed());
    }
    for b in &v {
        assert!(bls::G1Affine::from_compressed(b).is_err());
    }
    v
}

#[test]
fn kzg_point_evaluation_bad_inputs() {
    let mut n = 0;
    let mut id = [0u8; 48];
    id[0] = 0xc0;
    let input = |commitment: &[u8; 48], z: &[u8], y: &[u8], proof: &[u8; 48]| -> Vec<u8> {
        [
            &kzg_to_versioned_hash(commitment)[..],
            z,
            y,
            &commitment[..],
            &proof[..],
        ]
        .concat()
    };
    let valid = input(&id, &[0x11; 32], &[0; 32], &id);
    for fork in FORKS {
        if fork < Fork::Cancun {
            assert_eq!(call(0x0a, &valid, fork), Err(E::NotActive));
            continue;
        }
        assert!(call(0x0a, &valid, fork).is_ok());
        // The versioned hash: the version byte, and every other byte.
        for (i, x) in (0..32).flat_map(|i| [(i, 0x01u8), (i, 0x80)]) {
            let mut b = valid.clone();
            b[i] ^= x;
            assert_eq!(call(0x0a, &b, fork), Err(E::KzgVersionedHashMismatch));
            n += 1;
        }
        for version in [0x00u8, 0x02, 0xff] {
            let mut b = valid.clone();
            b[0] = version;
            assert_eq!(call(0x0a, &b, fork), Err(E::KzgVersionedHashMismatch));
            n += 1;
        }
        // z, y ≥ r; a wrong y.
        let r = modulus::<ctt_field::bls12_381::Fr>();
        for bad in [r.clone(), &r + 1u8, pow2(255), pow2(256) - 1u8] {
            let bad = be(&bad, 32);
            for b in [
                input(&id, &bad, &[0; 32], &id),
                input(&id, &[0; 32], &bad, &id),
            ] {
                assert_eq!(call(0x0a, &b, fork), Err(E::KzgVerificationFailed));
                n += 1;
            }
        }
        assert_eq!(
            call(0x0a, &input(&id, &[0; 32], &scalar(1), &id), fork),
            Err(E::KzgVerificationFailed)
        );
        // Malformed commitments (with their own, matching, versioned hash) and proofs.
        for bad in bad_compressed_g1() {
            for b in [
                input(&bad, &[0; 32], &[0; 32], &id),
                input(&id, &[0; 32], &[0; 32], &bad),
            ] {
                assert_eq!(call(0x0a, &b, fork), Err(E::KzgVerificationFailed));
                n += 1;
            }
        }
        n += 1;
    }
    let bad_points = 6 + 7 + 381 + 6 + 1 + 6;
    assert_eq!(n, 3 * (64 + 3 + 8 + 1 + 2 * bad_points));
}

#[test]
fn ecrecover_and_p256verify_bad_inputs() {
    let mut n = 0;
    let (valid, address) = ecrecover_input();
    let empty: Res = Ok(vec![]);
    let nk = modulus::<ctt_field::secp256k1::Fr>();
    let pk = modulus::<ctt_field::secp256k1::Fp>();
    for fork in [Fork::Homestead, Fork::Berlin, Fork::Osaka] {
        assert_eq!(call(0x01, &valid, fork), Ok(address.clone()));
        // v: every last byte; 27 and 28 are the only candidates (the other parity recovers
        // another key, or none).
        for v in 0..=255u8 {
            let mut b = valid;
            b[63] = v;
            let got = call(0x01, &b, fork);
            match v {
                _ if v == valid[63] => assert_eq!(got, Ok(address.clone())),
                27 | 28 => assert_ne!(got, Ok(address.clone())),
                _ => assert_eq!(got, empty, "v = {v}"),
            }
            n += 1;
        }
        // A non-zero byte anywhere above v's last byte.
        for pos in 32..63 {
            for x in [0x01u8, 0x80] {
                let mut b = valid;
                b[pos] = x;
                assert_eq!(call(0x01, &b, fork), empty, "v byte {pos}");
                n += 1;
            }
        }
        for bad in [
            BigUint::from(0u8),
            nk.clone(),
            &nk + 1u8,
            pk.clone(),
            pow2(256) - 1u8,
        ] {
            for range in [64..96, 96..128] {
                let mut b = valid;
                b[range].copy_from_slice(&be(&bad, 32));
                assert_eq!(call(0x01, &b, fork), empty);
                n += 1;
            }
        }
    }
    // P256VERIFY.
    let valid = p256_input();
    let np = modulus::<ctt_field::p256::Fr>();
    let pp = modulus::<ctt_field::p256::Fp>();
    for fork in FORKS {
        if fork < Fork::Osaka {
            assert_eq!(call(0x100, &valid, fork), Err(E::NotActive));
            continue;
        }
        assert_eq!(call(0x100, &valid, fork), Ok(word(true)));
        for bad in [
            BigUint::from(0u8),
            np.clone(),
            &np + 1u8,
            pp.clone(),
            pow2(256) - 1u8,
        ] {
            for range in [32..64, 64..96] {
                let mut b = valid;
                b[range].copy_from_slice(&be(&bad, 32));
                assert_eq!(call(0x100, &b, fork), empty);
                n += 1;
            }
        }
        for bad in [pp.clone(), &pp + 1u8, pow2(256) - 1u8] {
            for range in [96..128, 128..160] {
                let mut b = valid;
                b[range].copy_from_slice(&be(&bad, 32));
                assert_eq!(call(0x100, &b, fork), empty);
                n += 1;
            }
        }
        // Off the curve (each coordinate nudged), the identity's (0, 0), a wrong hash.
        for i in [127usize, 159, 0] {
            let mut b = valid;
            b[i] ^= 1;
            assert_eq!(call(0x100, &b, fork), empty);
            n += 1;
        }
        let mut b = valid;
        b[96..].fill(0);
        assert_eq!(call(0x100, &b, fork), empty);
        n += 1;
    }
    assert_eq!(n, 3 * (256 + 62 + 10) + (10 + 6 + 3 + 1));
}
