//! Field layer: BLS12-381 Fp and Fr, BN254 Fp.
//!
//! Our side calls ctt-bigint's dispatched Montgomery kernels directly (`backend::mont_mul` /
//! `mont_sqr`), i.e. exactly the code the field types will run per multiplication. Inputs are
//! uniform in `[0, p)`, handed to the peers as big-endian bytes, and to our kernel after
//! conversion into the Montgomery domain; every builder checks that all contenders compute the
//! same field element before anything is timed.

use crate::peers::blst as b;
use crate::registry::{Bench, Op, Setup, assert_agree, cycle};
use ark_ff::{BigInteger, Field, PrimeField};
use ctt_bigint::BigInt;
use ctt_bigint::backend::{mont_mul, mont_sqr};
use ctt_bigint::inversion::ModInverter;
use ctt_bigint::montgomery::{mont_n0, mont_r2, mont_redc};

/// Inputs per routine: large enough to defeat branch-history learning, small enough for L1.
const INPUTS: usize = 256;

/// A Montgomery modulus with its constants.
struct Modulus<const N: usize> {
    p: BigInt<N>,
    n0: u64,
    r2: BigInt<N>,
}

impl<const N: usize> Modulus<N> {
    const fn new(hex: &str) -> Self {
        let p = BigInt::from_hex(hex);
        Modulus {
            n0: mont_n0(p.0[0]),
            r2: mont_r2(&p),
            p,
        }
    }

    /// A uniform element: (canonical big-endian bytes, Montgomery form).
    fn random<const BYTES: usize>(&self, s: &mut Setup) -> ([u8; BYTES], BigInt<N>) {
        let x = s.rng.below(&self.p);
        let mut be = [0u8; BYTES];
        x.to_bytes_be(&mut be);
        (be, mont_mul(&x, &self.r2, &self.p, self.n0))
    }

    /// Canonical big-endian bytes of a Montgomery-form value.
    fn to_be(&self, m: &BigInt<N>) -> Vec<u8> {
        let mut be = vec![0u8; 8 * N];
        mont_redc(m, &self.p, self.n0).to_bytes_be(&mut be);
        be
    }
}

static BLS_P: Modulus<6> = Modulus::new(
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
);
static BLS_P_INV: ModInverter<6> = ModInverter::new(&BLS_P.p);
static BLS_R: Modulus<4> =
    Modulus::new("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
static BN_P: Modulus<4> =
    Modulus::new("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");

/// Registers the field operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("bls12_381_fp_mul", bls12_381_fp_mul));
    ops.push(Op::single("bls12_381_fp_sqr", bls12_381_fp_sqr));
    ops.push(Op::single("bls12_381_fp_inv", bls12_381_fp_inv));
    ops.push(Op::single(
        "bls12_381_fp_inv_vartime",
        bls12_381_fp_inv_vartime,
    ));
    ops.push(Op::single("bls12_381_fr_mul", bls12_381_fr_mul));
    ops.push(Op::single("bn254_fp_mul", bn254_fp_mul));
}

fn ark_be<F: PrimeField>(x: &F) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// `INPUTS` pairs of BLS12-381 Fp elements as (ours, blst, arkworks).
type FpPairs = (
    Vec<[BigInt<6>; 2]>,
    Vec<[b::blst_fp; 2]>,
    Vec<[ark_bls12_381::Fq; 2]>,
);

fn bls_fp_pairs(s: &mut Setup) -> FpPairs {
    let (mut ours, mut blst, mut ark) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..INPUTS {
        let (xb, xm) = BLS_P.random::<48>(s);
        let (yb, ym) = BLS_P.random::<48>(s);
        ours.push([xm, ym]);
        blst.push([b::fp_from_be(&xb), b::fp_from_be(&yb)]);
        ark.push([
            ark_bls12_381::Fq::from_be_bytes_mod_order(&xb),
            ark_bls12_381::Fq::from_be_bytes_mod_order(&yb),
        ]);
    }
    (ours, blst, ark)
}

fn bls12_381_fp_mul(s: &mut Setup) -> Bench {
    let (ours, blst, ark) = bls_fp_pairs(s);
    let m = &BLS_P;
    assert_agree(
        "bls12_381_fp_mul",
        &[
            (
                "ours",
                m.to_be(&mont_mul(&ours[0][0], &ours[0][1], &m.p, m.n0)),
            ),
            (
                "blst",
                b::fp_to_be(&b::fp_mul(&blst[0][0], &blst[0][1])).to_vec(),
            ),
            ("arkworks", ark_be(&(ark[0][0] * ark[0][1]))),
        ],
    );
    Bench {
        ours: cycle(ours, |[x, y]| mont_mul(x, y, &BLS_P.p, BLS_P.n0)),
        peers: vec![
            ("blst", cycle(blst, |[x, y]| b::fp_mul(x, y))),
            ("arkworks", cycle(ark, |[x, y]| *x * y)),
        ],
    }
}

fn bls12_381_fp_sqr(s: &mut Setup) -> Bench {
    let (ours, blst, ark) = bls_fp_pairs(s);
    let m = &BLS_P;
    assert_agree(
        "bls12_381_fp_sqr",
        &[
            ("ours", m.to_be(&mont_sqr(&ours[0][0], &m.p, m.n0))),
            ("blst", b::fp_to_be(&b::fp_sqr(&blst[0][0])).to_vec()),
            ("arkworks", ark_be(&ark[0][0].square())),
        ],
    );
    Bench {
        ours: cycle(ours, |[x, _]| mont_sqr(x, &BLS_P.p, BLS_P.n0)),
        peers: vec![
            ("blst", cycle(blst, |[x, _]| b::fp_sqr(x))),
            ("arkworks", cycle(ark, |[x, _]| x.square())),
        ],
    }
}

fn bls12_381_fr_mul(s: &mut Setup) -> Bench {
    let m = &BLS_R;
    let (mut ours, mut blst, mut ark) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..INPUTS {
        let (xb, xm) = m.random::<32>(s);
        let (yb, ym) = m.random::<32>(s);
        ours.push([xm, ym]);
        blst.push([b::fr_from_be(&xb), b::fr_from_be(&yb)]);
        ark.push([
            ark_bls12_381::Fr::from_be_bytes_mod_order(&xb),
            ark_bls12_381::Fr::from_be_bytes_mod_order(&yb),
        ]);
    }
    assert_agree(
        "bls12_381_fr_mul",
        &[
            (
                "ours",
                m.to_be(&mont_mul(&ours[0][0], &ours[0][1], &m.p, m.n0)),
            ),
            (
                "blst",
                b::fr_to_be(&b::fr_mul(&blst[0][0], &blst[0][1])).to_vec(),
            ),
            ("arkworks", ark_be(&(ark[0][0] * ark[0][1]))),
        ],
    );
    Bench {
        ours: cycle(ours, |[x, y]| mont_mul(x, y, &BLS_R.p, BLS_R.n0)),
        peers: vec![
            ("blst", cycle(blst, |[x, y]| b::fr_mul(x, y))),
            ("arkworks", cycle(ark, |[x, y]| *x * y)),
        ],
    }
}

fn bn254_fp_mul(s: &mut Setup) -> Bench {
    let m = &BN_P;
    let (mut ours, mut ark) = (Vec::new(), Vec::new());
    for _ in 0..INPUTS {
        let (xb, xm) = m.random::<32>(s);
        let (yb, ym) = m.random::<32>(s);
        ours.push([xm, ym]);
        ark.push([
            ark_bn254::Fq::from_be_bytes_mod_order(&xb),
            ark_bn254::Fq::from_be_bytes_mod_order(&yb),
        ]);
    }
    assert_agree(
        "bn254_fp_mul",
        &[
            (
                "ours",
                m.to_be(&mont_mul(&ours[0][0], &ours[0][1], &m.p, m.n0)),
            ),
            ("arkworks", ark_be(&(ark[0][0] * ark[0][1]))),
        ],
    );
    Bench {
        ours: cycle(ours, |[x, y]| mont_mul(x, y, &BN_P.p, BN_P.n0)),
        peers: vec![("arkworks", cycle(ark, |[x, y]| *x * y))],
    }
}

/// Inversion inputs: nonzero with overwhelming probability (checked by the agreement test).
fn bls12_381_fp_inv(s: &mut Setup) -> Bench {
    let (ours, blst, ark) = bls_fp_pairs(s);
    let m = &BLS_P;
    assert_agree(
        "bls12_381_fp_inv",
        &[
            ("ours", m.to_be(&BLS_P_INV.invert_mont(&ours[0][0]))),
            ("blst", b::fp_to_be(&b::fp_inverse(&blst[0][0])).to_vec()),
            ("arkworks", ark_be(&ark[0][0].inverse().expect("nonzero"))),
        ],
    );
    Bench {
        ours: cycle(ours, |[x, _]| BLS_P_INV.invert_mont(x)),
        peers: vec![
            ("blst", cycle(blst, |[x, _]| b::fp_inverse(x))),
            // arkworks has only a variable-time inversion (binary extended Euclid).
            ("arkworks", cycle(ark, |[x, _]| x.inverse())),
        ],
    }
}

/// Our variable-time inversion; blst has none (`blst_fp_eucl_inverse` is its constant-time
/// code), so its column shows what a blst user pays for any inversion.
fn bls12_381_fp_inv_vartime(s: &mut Setup) -> Bench {
    let (ours, blst, ark) = bls_fp_pairs(s);
    let m = &BLS_P;
    let inv = BLS_P_INV.invert_mont_vartime(&ours[0][0]).expect("nonzero");
    assert_agree(
        "bls12_381_fp_inv_vartime",
        &[
            ("ours", m.to_be(&inv)),
            (
                "blst",
                b::fp_to_be(&b::fp_eucl_inverse(&blst[0][0])).to_vec(),
            ),
            ("arkworks", ark_be(&ark[0][0].inverse().expect("nonzero"))),
        ],
    );
    Bench {
        ours: cycle(ours, |[x, _]| BLS_P_INV.invert_mont_vartime(x)),
        peers: vec![
            ("blst", cycle(blst, |[x, _]| b::fp_eucl_inverse(x))),
            ("arkworks", cycle(ark, |[x, _]| x.inverse())),
        ],
    }
}
