//! ctt-field: prime-field and Fp2 arithmetic, constant-time inversion, square roots (the
//! `p ≡ 3 mod 4` exponentiation and the constant-time Tonelli–Shanks of the scalar fields),
//! fixed-window `pow` with secret base and exponent, and selection.
//!
//! Fields: BLS12-381 `Fp` (6 limbs) and `Fr`, BN254 `Fp` and `Fr` (4 limbs), the full-width
//! (no spare bit) secp256k1 and P-256 `Fp` and `Fr`, `Fp2` over the two pairing base fields. Inputs below p come from the fixed seed (plus 0, 1, p−1); the oracle is num-bigint on
//! the canonical integers (`to_bigint`, taken before marking or after declassifying).

use super::{Case, Kind, declassify, expect_eq, from_big, reveal, samples, to_big};
use crate::valgrind::secret;
use ctt_field::fp::{Fp, FpParams};
use ctt_field::tower::Fp2;
use ctt_field::{ConditionallySelectable, ConstantTimeEq, CtOption};
use ctt_field::{Field, SqrtField, bls12_381, bn254, p256, secp256k1};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// The cases of this module.
pub const CASES: &[Case] = &[
    Case {
        name: "field-arith",
        kind: Kind::Real,
        about: "Fp/Fr mul, square, add, sub, neg, double (BLS12-381, BN254, secp256k1, P-256)",
        run: arith,
    },
    Case {
        name: "field-invert",
        kind: Kind::Real,
        about: "Fp/Fr invert() -> CtOption (constant-time safegcd), zero included",
        run: invert,
    },
    Case {
        name: "field-sqrt",
        kind: Kind::Real,
        about: "Fp/Fr sqrt() -> CtOption: p = 3 mod 4 and constant-time Tonelli-Shanks (Fr)",
        run: sqrt,
    },
    Case {
        name: "field-pow",
        kind: Kind::Real,
        about: "Field::pow(&[u64]) with secret base and secret exponent",
        run: pow,
    },
    Case {
        name: "field-fp2",
        kind: Kind::Real,
        about: "Fp2 mul, square, invert, sqrt (BLS12-381 and BN254)",
        run: fp2,
    },
    Case {
        name: "field-select",
        kind: Kind::Real,
        about: "Fp / Fp2 conditional_select, ct_eq, is_zero; CtOption<Fp>::unwrap_or",
        run: select,
    },
];

/// Random inputs per field on top of 0, 1, p−1.
const RANDOM: usize = 2;

/// Elements of `Fp<P, N>` from the shared sample set (edge values first).
fn elements<P: FpParams<N>, const N: usize>(seed: u64) -> Vec<Fp<P, N>> {
    samples(&P::MODULUS, seed, RANDOM)
        .iter()
        .map(|x| Fp::from_bigint(x).unwrap())
        .collect()
}

/// The canonical integer of a (public) element.
fn big<P: FpParams<N>, const N: usize>(x: &Fp<P, N>) -> BigUint {
    to_big(&x.to_bigint())
}

/// The element of a reduced integer.
fn elem<P: FpParams<N>, const N: usize>(x: &BigUint) -> Fp<P, N> {
    Fp::from_bigint(&from_big(&(x % to_big(&P::MODULUS)))).unwrap()
}

/// `x` is a square mod `p` (Euler), zero included.
fn is_square(x: &BigUint, p: &BigUint) -> bool {
    x.is_zero() || x.modpow(&((p - 1u8) >> 1u32), p).is_one()
}

fn check_arith<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let xs = elements::<P, N>(seed);
    for (i, a) in xs.iter().enumerate() {
        let b = xs[(i + 1) % xs.len()];
        let (ab, bb) = (big(a), big(&b));
        let want: [Fp<P, N>; 6] = [
            elem(&(&ab * &bb)),
            elem(&(&ab * &ab)),
            elem(&(&ab + &bb)),
            elem(&(&ab + &pb - &bb)),
            elem(&(&pb - &ab)),
            elem(&(&ab << 1u32)),
        ];
        let (mut sa, mut sb) = (*a, b);
        secret(&mut sa);
        secret(&mut sb);
        let mut got = [sa * sb, sa.square(), sa + sb, sa - sb, -sa, sa.double()];
        declassify(P::NAME, &mut got)?;
        expect_eq(P::NAME, got, want)?;
    }
    Ok(())
}

fn arith() -> Result<(), String> {
    check_arith::<bls12_381::FpConfig, 6>(101)?;
    check_arith::<bls12_381::FrConfig, 4>(102)?;
    check_arith::<bn254::FpConfig, 4>(103)?;
    check_arith::<bn254::FrConfig, 4>(104)?;
    check_arith::<secp256k1::FpConfig, 4>(105)?;
    check_arith::<secp256k1::FrConfig, 4>(106)?;
    check_arith::<p256::FpConfig, 4>(107)?;
    check_arith::<p256::FrConfig, 4>(108)
}

fn check_invert<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    for a in elements::<P, N>(seed) {
        let ab = big(&a);
        let want = (!ab.is_zero()).then(|| elem::<P, N>(&ab.modpow(&(&pb - 2u8), &pb)));
        let mut sa = a;
        secret(&mut sa);
        let mut got: CtOption<Fp<P, N>> = sa.invert();
        declassify("invert", &mut got)?;
        expect_eq("invert", got.into_option(), want)?;
    }
    Ok(())
}

fn invert() -> Result<(), String> {
    check_invert::<bls12_381::FpConfig, 6>(111)?;
    check_invert::<bls12_381::FrConfig, 4>(112)?;
    check_invert::<bn254::FpConfig, 4>(113)?;
    check_invert::<bn254::FrConfig, 4>(114)?;
    check_invert::<secp256k1::FpConfig, 4>(115)?;
    check_invert::<secp256k1::FrConfig, 4>(116)?;
    check_invert::<p256::FpConfig, 4>(117)?;
    check_invert::<p256::FrConfig, 4>(118)
}

fn check_sqrt<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let mut xs = elements::<P, N>(seed);
    // A square and a non-residue (the generator), so both outcomes occur.
    xs.push(xs[3].square());
    xs.push(Fp::from_bigint(&ctt_bigint::BigInt::from_u64(P::GENERATOR)).unwrap());
    for a in xs {
        let ab = big(&a);
        let mut sa = a;
        secret(&mut sa);
        let mut got = sa.sqrt();
        declassify("sqrt", &mut got)?;
        let root = got.into_option();
        expect_eq("sqrt is_some", root.is_some(), is_square(&ab, &pb))?;
        if let Some(r) = root {
            expect_eq("sqrt squared", big(&r).modpow(&2u8.into(), &pb), ab)?;
        }
    }
    Ok(())
}

fn sqrt() -> Result<(), String> {
    check_sqrt::<bls12_381::FpConfig, 6>(121)?;
    check_sqrt::<bls12_381::FrConfig, 4>(122)?;
    check_sqrt::<bn254::FpConfig, 4>(123)?;
    check_sqrt::<bn254::FrConfig, 4>(124)?;
    check_sqrt::<secp256k1::FpConfig, 4>(125)?;
    check_sqrt::<secp256k1::FrConfig, 4>(126)?;
    check_sqrt::<p256::FpConfig, 4>(127)?;
    check_sqrt::<p256::FrConfig, 4>(128)
}

fn check_pow<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let mut rng = super::Rng::new(seed);
    for a in elements::<P, N>(seed).into_iter().skip(2).take(2) {
        // Two-word exponents: the length is public, the words are secret.
        let e = [rng.next_u64(), rng.next_u64()];
        let eb = BigUint::from(e[0]) | (BigUint::from(e[1]) << 64u32);
        let want: Fp<P, N> = elem(&big(&a).modpow(&eb, &pb));
        let (mut sa, mut se) = (a, e);
        secret(&mut sa);
        secret(&mut se);
        let mut got = sa.pow(&se);
        declassify("pow", &mut got)?;
        expect_eq("pow", got, want)?;
    }
    Ok(())
}

fn pow() -> Result<(), String> {
    check_pow::<bls12_381::FpConfig, 6>(131)?;
    check_pow::<bls12_381::FrConfig, 4>(132)?;
    check_pow::<bn254::FpConfig, 4>(133)?;
    check_pow::<secp256k1::FpConfig, 4>(134)?;
    check_pow::<p256::FrConfig, 4>(135)
}

/// `(a0 + a1·u)(b0 + b1·u)` with `u² = −1`, oracle side.
fn fp2_mul_oracle<P: FpParams<N>, const N: usize>(
    a: &Fp2<Fp<P, N>>,
    b: &Fp2<Fp<P, N>>,
) -> Fp2<Fp<P, N>> {
    let pb = to_big(&P::MODULUS);
    let (a0, a1, b0, b1) = (big(&a.c0), big(&a.c1), big(&b.c0), big(&b.c1));
    Fp2::new(
        elem(&(&a0 * &b0 + &pb * &pb - &a1 * &b1)),
        elem(&(&a0 * &b1 + &a1 * &b0)),
    )
}

fn check_fp2<P: FpParams<N>, const N: usize>(seed: u64) -> Result<(), String> {
    let pb = to_big(&P::MODULUS);
    let xs = elements::<P, N>(seed);
    let n = xs.len();
    let zs: Vec<Fp2<Fp<P, N>>> = (0..n)
        .map(|i| Fp2::new(xs[i], xs[(i + 2) % n]))
        .chain([Fp2::new(xs[3], xs[4]).square(), Fp2::new(xs[4], xs[3])])
        .collect();
    for (i, a) in zs.iter().enumerate() {
        let b = zs[(i + 1) % zs.len()];
        let want_mul = fp2_mul_oracle(a, &b);
        let want_sqr = fp2_mul_oracle(a, a);
        let norm = (big(&a.c0).pow(2) + big(&a.c1).pow(2)) % &pb;
        let (mut sa, mut sb) = (*a, b);
        secret(&mut sa);
        secret(&mut sb);
        let mut prod = [sa * sb, sa.square()];
        let mut inv = sa.invert();
        let mut root = sa.sqrt();
        declassify("Fp2 mul/square", &mut prod)?;
        declassify("Fp2 invert", &mut inv)?;
        declassify("Fp2 sqrt", &mut root)?;
        expect_eq("Fp2 mul/square", prod, [want_mul, want_sqr])?;
        match inv.into_option() {
            Some(v) => expect_eq(
                "Fp2 invert",
                fp2_mul_oracle(a, &v),
                Fp2::new(Fp::ONE, Fp::ZERO),
            )?,
            None => expect_eq("Fp2 invert of zero", norm.is_zero(), true)?,
        }
        // In Fp2, a is a square iff its norm is a square in Fp.
        let root = root.into_option();
        expect_eq("Fp2 sqrt is_some", root.is_some(), is_square(&norm, &pb))?;
        if let Some(r) = root {
            expect_eq("Fp2 sqrt squared", fp2_mul_oracle(&r, &r), *a)?;
        }
    }
    Ok(())
}

fn fp2() -> Result<(), String> {
    check_fp2::<bls12_381::FpConfig, 6>(141)?;
    check_fp2::<bn254::FpConfig, 4>(142)
}

fn select() -> Result<(), String> {
    let xs = elements::<bls12_381::FpConfig, 6>(151);
    let (a, b) = (xs[3], xs[4]);
    let (a2, b2) = (Fp2::new(a, b), Fp2::new(b, a));
    for bit in [false, true] {
        let (mut sa, mut sb, mut sa2, mut sb2) = (a, b, a2, b2);
        secret(&mut sa);
        secret(&mut sb);
        secret(&mut sa2);
        secret(&mut sb2);
        let mut c = ctt_field::Choice::from(bit);
        secret(&mut c);
        let mut sel = (
            Fp::conditional_select(&sa, &sb, c),
            Fp2::conditional_select(&sa2, &sb2, c),
            CtOption::new(sa, c).unwrap_or(sb),
        );
        declassify("select", &mut sel)?;
        let flags = [
            reveal("Fp ct_eq", sa.ct_eq(&sb))?,
            reveal("Fp2 ct_eq", sa2.ct_eq(&sb2))?,
            reveal("Fp is_zero", sa.is_zero())?,
            reveal("Fp2 is_zero", sa2.is_zero())?,
        ];
        let want = if bit { (b, b2, a) } else { (a, a2, b) };
        expect_eq("select", sel, want)?;
        expect_eq("comparisons", flags, [false, false, false, false])?;
    }
    Ok(())
}
