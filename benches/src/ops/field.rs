//! Field layer: BLS12-381 Fp and Fr, BN254 Fp, through ctt-field's types as users call them.
//!
//! Inputs are uniform field elements from the seeded generator (`Field::random`), handed to each
//! peer as canonical big-endian bytes; every builder checks that all contenders compute the same
//! element on the first input before anything is timed.

use crate::peers::blst as b;
use crate::registry::{Bench, Contender, Op, Setup, contender};
use ark_ff::{BigInteger, Field as _};
use ctt_field::{Field, PrimeField, SqrtField, bls12_381, bn254};

/// Inputs per routine: large enough to defeat branch-history learning, small enough for L1.
pub const INPUTS: usize = 256;

/// Registers the field operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("bls12_381_fp_mul", bls12_381_fp_mul));
    ops.push(Op::single("bls12_381_fp_sqr", bls12_381_fp_sqr));
    ops.push(Op::single("bls12_381_fp_inv", bls12_381_fp_inv));
    ops.push(Op::single(
        "bls12_381_fp_inv_vartime",
        bls12_381_fp_inv_vartime,
    ));
    ops.push(Op::single("bls12_381_fp_sqrt", bls12_381_fp_sqrt));
    ops.push(Op::single("bls12_381_fr_mul", bls12_381_fr_mul));
    ops.push(Op::single("bn254_fp_mul", bn254_fp_mul));
    ops.push(Op::single("secp256k1_fp_mul", secp256k1_fp_mul));
    ops.push(Op::single("secp256k1_fp_sqr", secp256k1_fp_sqr));
}

/// `INPUTS` pairs of random elements.
pub fn pairs<F: Field>(s: &mut Setup) -> Vec<[F; 2]> {
    (0..INPUTS)
        .map(|_| [F::random(&mut s.rng), F::random(&mut s.rng)])
        .collect()
}

/// Our element as canonical big-endian bytes.
pub fn be<F: PrimeField>(x: &F) -> Vec<u8> {
    x.to_bytes_be().as_ref().to_vec()
}

/// An arkworks element as canonical big-endian bytes.
pub fn ark_be<F: ark_ff::PrimeField>(x: &F) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// Our element converted to an arkworks one through big-endian bytes.
pub fn to_ark<F: PrimeField, A: ark_ff::PrimeField>(x: &F) -> A {
    A::from_be_bytes_mod_order(x.to_bytes_be().as_ref())
}

/// Our BLS12-381 Fp element as a blst one.
pub fn to_blst_fp(x: &bls12_381::Fp) -> b::blst_fp {
    b::fp_from_be(&x.to_bytes_be())
}

/// Each pair converted element-wise by `f`.
fn map2<T, U>(v: &[[T; 2]], f: impl Fn(&T) -> U) -> Vec<[U; 2]> {
    v.iter().map(|[x, y]| [f(x), f(y)]).collect()
}

fn blst_be(x: &b::blst_fp) -> Vec<u8> {
    b::fp_to_be(x).to_vec()
}

type Fq = ark_bls12_381::Fq;

fn bls12_381_fp_mul(s: &mut Setup) -> Bench {
    let x = pairs::<bls12_381::Fp>(s);
    let ours = contender("ours", x.clone(), |[a, b]| *a * b, be);
    let peers = vec![
        contender(
            "blst",
            map2(&x, to_blst_fp),
            |[x, y]| b::fp_mul(x, y),
            blst_be,
        ),
        contender(
            "arkworks",
            map2(&x, to_ark::<_, Fq>),
            |[a, b]| *a * b,
            ark_be,
        ),
    ];
    Bench::checked(s, ours, peers)
}

fn bls12_381_fp_sqr(s: &mut Setup) -> Bench {
    let x = pairs::<bls12_381::Fp>(s);
    let ours = contender("ours", x.clone(), |[a, _]| a.square(), be);
    let peers = vec![
        contender("blst", map2(&x, to_blst_fp), |[x, _]| b::fp_sqr(x), blst_be),
        contender(
            "arkworks",
            map2(&x, to_ark::<_, Fq>),
            |[a, _]| a.square(),
            ark_be,
        ),
    ];
    Bench::checked(s, ours, peers)
}

/// Random elements are nonzero with overwhelming probability; `unwrap` in the check says so.
fn bls12_381_fp_inv(s: &mut Setup) -> Bench {
    let x = pairs::<bls12_381::Fp>(s);
    let ours = contender("ours", x.clone(), |[a, _]| a.invert(), |r| be(&r.unwrap()));
    let peers = vec![
        contender(
            "blst",
            map2(&x, to_blst_fp),
            |[x, _]| b::fp_inverse(x),
            blst_be,
        ),
        // arkworks has only a variable-time inversion (binary extended Euclid).
        contender(
            "arkworks",
            map2(&x, to_ark::<_, Fq>),
            |[a, _]| a.inverse(),
            |r| ark_be(&r.unwrap()),
        ),
    ];
    Bench::checked(s, ours, peers)
}

/// blst has no variable-time inversion (`blst_fp_eucl_inverse` runs its constant-time code), so
/// its column is what a blst user pays for any inversion.
fn bls12_381_fp_inv_vartime(s: &mut Setup) -> Bench {
    let x = pairs::<bls12_381::Fp>(s);
    let ours = contender(
        "ours",
        x.clone(),
        |[a, _]| a.invert_vartime(),
        |r| be(&r.unwrap()),
    );
    let peers = vec![
        contender(
            "blst",
            map2(&x, to_blst_fp),
            |[x, _]| b::fp_eucl_inverse(x),
            blst_be,
        ),
        contender(
            "arkworks",
            map2(&x, to_ark::<_, Fq>),
            |[a, _]| a.inverse(),
            |r| ark_be(&r.unwrap()),
        ),
    ];
    Bench::checked(s, ours, peers)
}

/// The root of `x²` that each library returns may be either sign: the check compares the
/// smaller of `r` and `−r`.
fn canonical_root(r: &bls12_381::Fp) -> Vec<u8> {
    be(r).min(be(&-*r))
}

/// Inputs are squares (as in point decompression of valid points), so every call finds a root.
fn bls12_381_fp_sqrt(s: &mut Setup) -> Bench {
    let x: Vec<[bls12_381::Fp; 2]> = pairs(s)
        .into_iter()
        .map(|[a, b]: [bls12_381::Fp; 2]| [a.square(), b])
        .collect();
    let from_be = |v: &[u8]| bls12_381::Fp::from_bytes_be(v.try_into().expect("48 bytes")).unwrap();
    let ours = contender(
        "ours",
        x.clone(),
        |[a, _]| a.sqrt(),
        |r| canonical_root(&r.unwrap()),
    );
    let blst: Contender = contender(
        "blst",
        map2(&x, to_blst_fp),
        |[x, _]| b::fp_sqrt(x),
        move |r| canonical_root(&from_be(&blst_be(&r.expect("a square")))),
    );
    let ark = contender(
        "arkworks",
        map2(&x, to_ark::<_, Fq>),
        |[a, _]| a.sqrt(),
        move |r| canonical_root(&from_be(&ark_be(&r.expect("a square")))),
    );
    Bench::checked(s, ours, vec![blst, ark])
}

fn bls12_381_fr_mul(s: &mut Setup) -> Bench {
    let x = pairs::<bls12_381::Fr>(s);
    let to_blst = |v: &bls12_381::Fr| b::fr_from_be(&v.to_bytes_be());
    let ours = contender("ours", x.clone(), |[a, b]| *a * b, be);
    let peers = vec![
        contender(
            "blst",
            map2(&x, to_blst),
            |[x, y]| b::fr_mul(x, y),
            |r| b::fr_to_be(r).to_vec(),
        ),
        contender(
            "arkworks",
            map2(&x, to_ark::<_, ark_bls12_381::Fr>),
            |[a, b]| *a * b,
            ark_be,
        ),
    ];
    Bench::checked(s, ours, peers)
}

fn bn254_fp_mul(s: &mut Setup) -> Bench {
    let x = pairs::<bn254::Fp>(s);
    let ours = contender("ours", x.clone(), |[a, b]| *a * b, be);
    let peers = vec![contender(
        "arkworks",
        map2(&x, to_ark::<_, ark_bn254::Fq>),
        |[a, b]| *a * b,
        ark_be,
    )];
    Bench::checked(s, ours, peers)
}

/// k256's field element (libsecp256k1's 5×52-bit representation, ported) from canonical bytes.
fn to_k256(x: &ctt_field::secp256k1::Fp) -> k256::FieldElement {
    let b = x.to_bytes_be();
    Option::from(k256::FieldElement::from_bytes(&b.into())).expect("canonical")
}

fn k256_be(x: &k256::FieldElement) -> Vec<u8> {
    x.normalize().to_bytes().to_vec()
}

/// secp256k1's base field (p = 2^256 − 2^32 − 977, no spare bit): ctt's folding product (plain
/// representation, 4×64) against k256's 5×52 lazy representation (the port of libsecp256k1's
/// `secp256k1_fe_mul`).
fn secp256k1_fp_mul(s: &mut Setup) -> Bench {
    let x = pairs::<ctt_field::secp256k1::Fp>(s);
    let ours = contender("ours", x.clone(), |[a, b]| *a * b, be);
    let peers = vec![contender(
        "k256",
        map2(&x, to_k256),
        |[a, b]| a * b,
        k256_be,
    )];
    Bench::checked(s, ours, peers)
}

fn secp256k1_fp_sqr(s: &mut Setup) -> Bench {
    let x = pairs::<ctt_field::secp256k1::Fp>(s);
    let ours = contender("ours", x.clone(), |[a, _]| a.square(), be);
    let peers = vec![contender(
        "k256",
        map2(&x, to_k256),
        |[a, _]| a.square(),
        k256_be,
    )];
    Bench::checked(s, ours, peers)
}
