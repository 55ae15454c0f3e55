//! Extension fields of BLS12-381: Fp2 and Fp12 multiplication and squaring (the pairing's inner
//! arithmetic). All three libraries use the same tower (`u² = −1`, `v³ = 1 + u`, `w² = v`), so
//! elements convert coefficient by coefficient through big-endian bytes, and results compare
//! the same way.

use super::field::{INPUTS, ark_be, be, to_ark, to_blst_fp};
use crate::peers::blst as b;
use crate::registry::{Bench, Op, Setup, contender};
use ark_ff::Field as _;
use ctt_field::Field;
use ctt_field::bls12_381::{Fp2, Fp6, Fp12};

type AFq = ark_bls12_381::Fq;
type AFq2 = ark_bls12_381::Fq2;
type AFq6 = ark_bls12_381::Fq6;
type AFq12 = ark_bls12_381::Fq12;

/// Registers the extension-field operations.
pub fn register(ops: &mut Vec<Op>) {
    ops.push(Op::single("bls12_381_fp2_mul", bls12_381_fp2_mul));
    ops.push(Op::single("bls12_381_fp2_sqr", bls12_381_fp2_sqr));
    ops.push(Op::single("bls12_381_fp2_sqrt", bls12_381_fp2_sqrt));
    ops.push(Op::single("bls12_381_fp2_sum3", bls12_381_fp2_sum3));
    ops.push(Op::single("bls12_381_fp12_mul", bls12_381_fp12_mul));
    ops.push(Op::single("bls12_381_fp12_sqr", bls12_381_fp12_sqr));
}

fn blst2(x: &Fp2) -> b::blst_fp2 {
    b::blst_fp2 {
        fp: [to_blst_fp(&x.c0), to_blst_fp(&x.c1)],
    }
}
fn blst6(x: &Fp6) -> b::blst_fp6 {
    b::blst_fp6 {
        fp2: [blst2(&x.c0), blst2(&x.c1), blst2(&x.c2)],
    }
}
fn blst12(x: &Fp12) -> b::blst_fp12 {
    b::blst_fp12 {
        fp6: [blst6(&x.c0), blst6(&x.c1)],
    }
}
fn ark2(x: &Fp2) -> AFq2 {
    AFq2::new(to_ark::<_, AFq>(&x.c0), to_ark(&x.c1))
}
fn ark6(x: &Fp6) -> AFq6 {
    AFq6::new(ark2(&x.c0), ark2(&x.c1), ark2(&x.c2))
}
fn ark12(x: &Fp12) -> AFq12 {
    AFq12::new(ark6(&x.c0), ark6(&x.c1))
}

/// Coefficients in tower order (c0.c0.c0, c0.c0.c1, …), each as 48 big-endian bytes.
fn be2(x: &Fp2) -> Vec<u8> {
    [be(&x.c0), be(&x.c1)].concat()
}
fn be12(x: &Fp12) -> Vec<u8> {
    [&x.c0, &x.c1]
        .iter()
        .flat_map(|c6| [&c6.c0, &c6.c1, &c6.c2])
        .flat_map(be2)
        .collect()
}
fn blst_be2(x: &b::blst_fp2) -> Vec<u8> {
    x.fp.iter().flat_map(b::fp_to_be).collect()
}
fn blst_be12(x: &b::blst_fp12) -> Vec<u8> {
    x.fp6
        .iter()
        .flat_map(|c6| c6.fp2.iter())
        .flat_map(blst_be2)
        .collect()
}
fn ark_be2(x: &AFq2) -> Vec<u8> {
    [ark_be(&x.c0), ark_be(&x.c1)].concat()
}
fn ark_be12(x: &AFq12) -> Vec<u8> {
    [&x.c0, &x.c1]
        .iter()
        .flat_map(|c6| [&c6.c0, &c6.c1, &c6.c2])
        .flat_map(ark_be2)
        .collect()
}

fn pairs<F: Field>(s: &mut Setup) -> Vec<[F; 2]> {
    (0..INPUTS)
        .map(|_| [F::random(&mut s.rng), F::random(&mut s.rng)])
        .collect()
}
fn map2<T, U>(v: &[[T; 2]], f: impl Fn(&T) -> U) -> Vec<[U; 2]> {
    v.iter().map(|[x, y]| [f(x), f(y)]).collect()
}

fn bls12_381_fp2_mul(s: &mut Setup) -> Bench {
    let x = pairs::<Fp2>(s);
    let ours = contender("ours", x.clone(), |[a, b]| *a * b, be2);
    let peers = vec![
        contender("blst", map2(&x, blst2), |[x, y]| b::fp2_mul(x, y), blst_be2),
        contender("arkworks", map2(&x, ark2), |[a, b]| *a * b, ark_be2),
    ];
    Bench::checked(s, ours, peers)
}

/// `Σ x_k·y_k` over 3 Fp2 products (an Fp6 product coefficient; ours: the fused kernel, one
/// double-width accumulation and 2 reductions) against arkworks' three products and two sums.
fn bls12_381_fp2_sum3(s: &mut Setup) -> Bench {
    use ctt_field::PrimeField;
    let x = pairs::<Fp2>(s);
    let fused =
        |[a, b]: &[Fp2; 2]| ctt_field::bls12_381::Fp::fp2_sum_of_products([a, b, a], [b, a, a]);
    let ours = contender("ours", x.clone(), fused, be2);
    let peers = vec![contender(
        "arkworks",
        map2(&x, ark2),
        |[a, b]| *a * b + *b * a + *a * a,
        ark_be2,
    )];
    Bench::checked(s, ours, peers)
}

fn bls12_381_fp2_sqr(s: &mut Setup) -> Bench {
    let x = pairs::<Fp2>(s);
    let ours = contender("ours", x.clone(), |[a, _]| a.square(), be2);
    let peers = vec![
        contender("blst", map2(&x, blst2), |[x, _]| b::fp2_sqr(x), blst_be2),
        contender("arkworks", map2(&x, ark2), |[a, _]| a.square(), ark_be2),
    ];
    Bench::checked(s, ours, peers)
}

/// Inputs are squares (as in G2 decompression of valid points); each library may return either
/// root, so the check compares the smaller encoding of `r` and `−r`.
fn bls12_381_fp2_sqrt(s: &mut Setup) -> Bench {
    use ctt_field::{PrimeField, SqrtField};
    let x: Vec<[Fp2; 2]> = pairs::<Fp2>(s)
        .into_iter()
        .map(|[a, b]| [a.square(), b])
        .collect();
    let canon = |r: &Fp2| be2(r).min(be2(&-*r));
    let from_be2 = |v: &[u8]| {
        let c0 = ctt_field::bls12_381::Fp::from_bytes_be(v[..48].try_into().expect("48"));
        let c1 = ctt_field::bls12_381::Fp::from_bytes_be(v[48..].try_into().expect("48"));
        Fp2::new(c0.unwrap(), c1.unwrap())
    };
    let ours = contender(
        "ours",
        x.clone(),
        |[a, _]| a.sqrt(),
        move |r| canon(&r.unwrap()),
    );
    let peers = vec![
        contender(
            "blst",
            map2(&x, blst2),
            |[x, _]| b::fp2_sqrt(x),
            move |r| canon(&from_be2(&blst_be2(&r.expect("a square")))),
        ),
        contender(
            "arkworks",
            map2(&x, ark2),
            |[a, _]| a.sqrt(),
            move |r| canon(&from_be2(&ark_be2(&r.expect("a square")))),
        ),
    ];
    Bench::checked(s, ours, peers)
}

fn bls12_381_fp12_mul(s: &mut Setup) -> Bench {
    let x = pairs::<Fp12>(s);
    let ours = contender("ours", x.clone(), |[a, b]| *a * b, be12);
    let peers = vec![
        contender(
            "blst",
            map2(&x, blst12),
            |[x, y]| b::fp12_mul(x, y),
            blst_be12,
        ),
        contender("arkworks", map2(&x, ark12), |[a, b]| *a * b, ark_be12),
    ];
    Bench::checked(s, ours, peers)
}

fn bls12_381_fp12_sqr(s: &mut Setup) -> Bench {
    let x = pairs::<Fp12>(s);
    let ours = contender("ours", x.clone(), |[a, _]| a.square(), be12);
    let peers = vec![
        contender("blst", map2(&x, blst12), |[x, _]| b::fp12_sqr(x), blst_be12),
        contender("arkworks", map2(&x, ark12), |[a, _]| a.square(), ark_be12),
    ];
    Bench::checked(s, ours, peers)
}
