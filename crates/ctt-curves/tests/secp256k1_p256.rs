//! secp256k1 and P-256 groups: known multiples of the generators (SEC/NIST values), the group
//! law against an independent num-bigint affine implementation, constant-time and variable-time
//! scalar multiplication against double-and-add, the secp256k1 GLV endomorphism and split, the
//! Straus double-scalar products, and SEC1 encodings with their errors.

use ctt_curves::sw::glv::GlvBasis;
use ctt_curves::sw::vartime::JacobianVar;
use ctt_curves::sw::{Affine, CoeffA, Projective, SwCurveConfig};
use ctt_curves::{AffineRepr, CurveError, CurveGroup, p256, secp256k1};
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use num_bigint::{BigInt as SBig, BigUint, Sign};
use proptest::prelude::*;

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

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 32,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn big<F: PrimeField>(x: &F) -> BigUint {
    BigUint::from_bytes_be(x.to_bytes_be().as_ref())
}

fn modulus<F: PrimeField>() -> BigUint {
    let mut b = Vec::new();
    for l in F::MODULUS_LIMBS {
        b.extend_from_slice(&l.to_le_bytes());
    }
    BigUint::from_bytes_le(&b)
}

fn hex_big(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap()
}

/// Independent affine arithmetic with num-bigint (the reference): `None` is the identity.
type RefPoint = Option<(BigUint, BigUint)>;

fn ref_add<C: SwCurveConfig>(p1: &RefPoint, p2: &RefPoint) -> RefPoint
where
    C::Base: PrimeField,
{
    let p = modulus::<C::Base>();
    let a = match C::COEFF_A {
        CoeffA::Zero => BigUint::from(0u8),
        CoeffA::MinusThree => &p - 3u8,
    };
    let (Some((x1, y1)), Some((x2, y2))) = (p1, p2) else {
        return p1.clone().or(p2.clone());
    };
    let lambda = if x1 == x2 {
        if (y1 + y2) % &p == BigUint::from(0u8) {
            return None;
        }
        (x1 * x1 * 3u8 + &a) * (y1 * 2u8).modinv(&p).unwrap() % &p
    } else {
        (y2 + &p - y1) * ((x2 + &p - x1) % &p).modinv(&p).unwrap() % &p
    };
    let x3 = (&lambda * &lambda + &p * 2u8 - x1 - x2) % &p;
    let y3 = (&lambda * ((x1 + &p - &x3) % &p) + &p - y1) % &p;
    Some((x3, y3))
}

fn ref_mul<C: SwCurveConfig>(k: &BigUint, pt: &RefPoint) -> RefPoint
where
    C::Base: PrimeField,
{
    let mut acc: RefPoint = None;
    for i in (0..k.bits()).rev() {
        acc = ref_add::<C>(&acc, &acc);
        if k.bit(i) {
            acc = ref_add::<C>(&acc, pt);
        }
    }
    acc
}

fn to_ref<C: SwCurveConfig>(p: &Projective<C>) -> RefPoint
where
    C::Base: PrimeField,
{
    let a = p.to_affine();
    if a.is_identity().to_bool_vartime() {
        None
    } else {
        Some((big(&a.x), big(&a.y)))
    }
}

/// A curve's `[u1]G + [u2]Q`.
type DoubleMul<C> = fn(
    &<C as SwCurveConfig>::Scalar,
    &<C as SwCurveConfig>::Scalar,
    &JacobianVar<C>,
) -> JacobianVar<C>;

fn scalar_from_big<F: PrimeField>(k: &BigUint) -> F {
    F::from_bytes_be_mod_order(&k.to_bytes_be())
}

/// Known multiples `[k]G` (SEC 2 for secp256k1 2G/3G; NIST's P-256 point-multiplication test
/// values, k = 2, 3, 112233445566778899).
#[test]
fn known_generator_multiples() {
    fn check<C: SwCurveConfig>(k: u64, x: &str, y: &str)
    where
        C::Base: PrimeField,
    {
        let g = Projective::<C>::generator();
        let got = g.mul(&C::Scalar::from_u64(k)).to_affine();
        assert_eq!(big(&got.x), hex_big(x), "{} [{k}]G x", C::NAME);
        assert_eq!(big(&got.y), hex_big(y), "{} [{k}]G y", C::NAME);
        let got = g.mul_vartime(&C::Scalar::from_u64(k)).to_affine();
        assert_eq!(big(&got.x), hex_big(x));
        assert_eq!(big(&got.y), hex_big(y));
    }
    use p256::Config as P;
    use secp256k1::Config as K;
    check::<K>(
        2,
        "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
        "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a",
    );
    check::<K>(
        3,
        "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
        "388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672",
    );
    check::<P>(
        2,
        "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978",
        "07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1",
    );
    check::<P>(
        3,
        "5ecbe4d1a6330a44c8f7ef951d4bf165e6c6b721efada985fb41661bc6e7fd6c",
        "8734640c4998ff7e374b06ce1a64a2ecd82ab036384fb83d9a79b127a27d5032",
    );
    check::<P>(
        112233445566778899,
        "339150844ec15234807fe862a86be77977dbfb3ae3d96f4c22795513aeaab82f",
        "b1c14ddfdc8ec1b2583f51e85a5eb3a155840f2034730e9b5ada38b674336a21",
    );
}

fn group_structure<C: SwCurveConfig>()
where
    C::Base: PrimeField,
{
    let g = Projective::<C>::generator();
    assert!(bool::from(g.is_on_curve()));
    assert!(bool::from(g.to_affine().is_on_curve()));
    assert!(bool::from(g.is_torsion_free()));
    let n = modulus::<C::Scalar>();
    // [n]G = O, [n − 1]G = −G.
    assert!(bool::from(
        g.mul_bigint_vartime(&n.to_u64_digits()).is_identity()
    ));
    let nm1 = C::Scalar::ZERO - C::Scalar::ONE;
    assert_eq!(g.mul(&nm1), -g);
    assert_eq!(g.mul_vartime(&nm1), -g);
    assert!(bool::from(g.mul(&C::Scalar::ZERO).is_identity()));
    // Complete formulas at the exceptional inputs.
    let id = Projective::<C>::identity();
    assert_eq!(g + id, g);
    assert_eq!(id + g, g);
    assert_eq!(g + g, g.double());
    let g2 = g;
    assert!(bool::from((g - g2).is_identity()));
    assert!(bool::from(id.double().is_identity()));
    assert_eq!(g.add_affine(&g.to_affine()), g.double());
    assert!(bool::from(g.add_affine(&(-g).to_affine()).is_identity()));
    assert_eq!(id.add_affine(&g.to_affine()), g);
    assert_eq!(g.add_affine(&Affine::<C>::identity()), g);
    // An off-curve point is detected.
    let mut bad = g.to_affine();
    bad.y += C::Base::ONE;
    assert!(!bool::from(bad.is_on_curve()));
    assert!(!bool::from(bad.to_group().is_on_curve()));
    // Batch normalisation with an identity in the middle.
    let pts = [g, id, g.double(), g.double() + g];
    let mut out = [Affine::<C>::identity(); 4];
    Projective::batch_normalize(&pts, &mut out);
    for (p, a) in pts.iter().zip(out) {
        assert_eq!(p.to_affine(), a);
    }
}

#[test]
fn group_structure_both_curves() {
    group_structure::<secp256k1::Config>();
    group_structure::<p256::Config>();
}

fn random_scalar<F: PrimeField>(rng: &mut SplitMix) -> F {
    F::random(rng)
}

/// Scalars that stress recodings: 0, 1, 2, n − 1, n − 2, (n − 1)/2, λ-adjacent, runs of bits.
fn edge_scalars<F: PrimeField>() -> Vec<BigUint> {
    let n = modulus::<F>();
    let one = BigUint::from(1u8);
    let mut v = vec![
        BigUint::from(0u8),
        one.clone(),
        BigUint::from(2u8),
        &n - 1u8,
        &n - 2u8,
        (&n - 1u8) >> 1,
        (&n + 1u8) >> 1,
        (&one << 128) - 1u8,
        &one << 128,
        &one << 129,
        (&one << 255) - 1u8,
        &one << 255,
        hex_big("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72"),
        hex_big("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
    ];
    v.iter_mut().for_each(|x| *x %= &n);
    v
}

fn check_mul<C: SwCurveConfig>(p: &Projective<C>, k: &BigUint)
where
    C::Base: PrimeField,
{
    let ks: C::Scalar = scalar_from_big(k);
    let expect = ref_mul::<C>(k, &to_ref(p));
    let ct = p.mul(&ks);
    assert_eq!(to_ref(&ct), expect, "{} ct [{k:x}]", C::NAME);
    assert_eq!(p.mul_vartime(&ks), ct, "{} vartime", C::NAME);
    assert_eq!(
        p.mul_bigint_vartime(&k.to_u64_digits()),
        ct,
        "{} naive",
        C::NAME
    );
    assert_eq!(
        ctt_curves::sw::scalar_mul::mul_ct(p, &ks),
        ct,
        "{} generic ladder",
        C::NAME
    );
}

#[test]
fn scalar_mul_edges() {
    fn run<C: SwCurveConfig>()
    where
        C::Base: PrimeField,
    {
        let mut rng = SplitMix(7);
        let g = Projective::<C>::generator();
        let p = g.mul(&random_scalar::<C::Scalar>(&mut rng));
        for k in edge_scalars::<C::Scalar>() {
            check_mul(&g, &k);
            check_mul(&p, &k);
        }
    }
    run::<secp256k1::Config>();
    run::<p256::Config>();
}

/// The GLV data re-derived: λ³ ≡ 1 (mod n), β³ ≡ 1 (mod p), φ(G) = [λ]G, the basis vectors lie
/// in the lattice with determinant n, and the rounding constants are round(2^384·b/n).
#[test]
fn secp256k1_glv_constants() {
    let n = modulus::<ctt_field::secp256k1::Fr>();
    let p = modulus::<ctt_field::secp256k1::Fp>();
    let lambda = {
        let mut b = Vec::new();
        for l in secp256k1::LAMBDA {
            b.extend_from_slice(&l.to_le_bytes());
        }
        BigUint::from_bytes_le(&b)
    };
    assert_eq!(lambda.modpow(&BigUint::from(3u8), &n), BigUint::from(1u8));
    assert_ne!(lambda, BigUint::from(1u8));
    let beta = big(&secp256k1::BETA);
    assert_eq!(beta.modpow(&BigUint::from(3u8), &p), BigUint::from(1u8));
    let g = secp256k1::Projective::generator();
    let phi_g = Projective::new_unchecked(g.x * secp256k1::BETA, g.y, g.z);
    assert_eq!(phi_g, g.mul_bigint_vartime(&lambda.to_u64_digits()));

    let basis: GlvBasis = secp256k1::GLV;
    let signed = |w: &ctt_bigint::BigInt<5>| -> SBig {
        let mut b = Vec::new();
        for l in w.0 {
            b.extend_from_slice(&l.to_le_bytes());
        }
        let u = SBig::from_bytes_le(Sign::Plus, &b);
        if w.0[4] >> 63 == 1 {
            u - (SBig::from(1u8) << 320)
        } else {
            u
        }
    };
    let (a1, b1, a2, b2) = (
        signed(&basis.a1),
        signed(&basis.b1),
        signed(&basis.a2),
        signed(&basis.b2),
    );
    let ns = SBig::from_biguint(Sign::Plus, n.clone());
    let ls = SBig::from_biguint(Sign::Plus, lambda.clone());
    assert_eq!(&a1 * &b2 - &a2 * &b1, ns, "determinant");
    assert_eq!(((&a1 + &b1 * &ls) % &ns), SBig::from(0u8));
    assert_eq!(((&a2 + &b2 * &ls) % &ns), SBig::from(0u8));
    let round = |num: SBig| -> SBig { ((num << 384) + (&ns >> 1)) / &ns };
    let g4 = |w: &ctt_bigint::BigInt<4>| {
        signed(&ctt_bigint::BigInt([w.0[0], w.0[1], w.0[2], w.0[3], 0]))
    };
    assert_eq!(g4(&basis.g1), round(b2.clone()));
    assert_eq!(g4(&basis.g2), round(-b1.clone()));
    assert_eq!(basis.shift, 384);
}

/// `k ≡ k1 + k2·λ (mod n)` with `|k1|, |k2| < 2^129`, for edge and random scalars.
fn check_split(k: &BigUint) {
    let n = modulus::<ctt_field::secp256k1::Fr>();
    let lambda = hex_big("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72");
    let mut words = [0u64; 5];
    for (i, d) in k.to_u64_digits().iter().enumerate() {
        words[i] = *d;
    }
    let ([m1, m2], [s1, s2]) = secp256k1::GLV.split(&words);
    let to_s = |m: &[u64; 5], s: bool| {
        let mut b = Vec::new();
        for l in m {
            b.extend_from_slice(&l.to_le_bytes());
        }
        let v = SBig::from_bytes_le(Sign::Plus, &b);
        if s { -v } else { v }
    };
    let k1 = to_s(&m1, s1.to_bool_vartime());
    let k2 = to_s(&m2, s2.to_bool_vartime());
    assert!(
        k1.magnitude().bits() <= 129 && k2.magnitude().bits() <= 129,
        "bound {k:x}"
    );
    let ns = SBig::from_biguint(Sign::Plus, n.clone());
    let sum = (k1 + k2 * SBig::from_biguint(Sign::Plus, lambda)) % &ns;
    let sum = if sum.sign() == Sign::Minus {
        sum + &ns
    } else {
        sum
    };
    assert_eq!(
        sum,
        SBig::from_biguint(Sign::Plus, k.clone()),
        "split {k:x}"
    );
}

#[test]
fn secp256k1_glv_split_edges() {
    for k in edge_scalars::<ctt_field::secp256k1::Fr>() {
        check_split(&k);
    }
}

/// `[u1]G + [u2]Q` by the Straus ladders against two constant-time multiplications.
fn check_double_mul<C: SwCurveConfig>(
    u1: &C::Scalar,
    u2: &C::Scalar,
    q: &Projective<C>,
    f: DoubleMul<C>,
) where
    C::Base: PrimeField,
{
    let expect = Projective::<C>::generator().mul(u1) + q.mul(u2);
    let got = f(u1, u2, &JacobianVar::from_projective(q)).to_projective();
    assert_eq!(got, expect, "{} double mul", C::NAME);
}

#[test]
fn double_mul_edges() {
    fn run<C: SwCurveConfig>(f: DoubleMul<C>)
    where
        C::Base: PrimeField,
    {
        let g = Projective::<C>::generator();
        let mut rng = SplitMix(99);
        let q = g.mul(&random_scalar::<C::Scalar>(&mut rng));
        let edges: Vec<C::Scalar> = edge_scalars::<C::Scalar>()
            .iter()
            .map(scalar_from_big)
            .collect();
        for u1 in &edges {
            for u2 in &edges {
                check_double_mul(u1, u2, &q, f);
            }
            // Q = ±G and Q = identity: the ladder meets equal and opposite points.
            check_double_mul(u1, u1, &g, f);
            check_double_mul(u1, &-*u1, &g, f);
            check_double_mul(u1, u1, &Projective::<C>::identity(), f);
        }
    }
    run::<secp256k1::Config>(secp256k1::double_mul_vartime);
    run::<p256::Config>(p256::double_mul_vartime);
}

fn sec1_roundtrip<C: SwCurveConfig>(p: &Projective<C>)
where
    C::Base: PrimeField<Repr = [u8; 32]>,
{
    let a = p.to_affine();
    let c = a.to_sec1_compressed();
    let u = a.to_sec1_uncompressed();
    assert_eq!(c[0], 2 + u8::from(bool::from(a.y.is_odd())));
    assert_eq!(u[0], 4);
    assert_eq!(&c[1..], &u[1..33]);
    assert_eq!(Affine::<C>::from_sec1_bytes(&c), Ok(a));
    assert_eq!(Affine::<C>::from_sec1_bytes(&u), Ok(a));
    assert_eq!(
        Affine::<C>::from_xy_bytes(u[1..33].try_into().unwrap(), u[33..].try_into().unwrap()),
        Ok(a)
    );
    // The other parity decodes to the negation.
    let mut c2 = c;
    c2[0] ^= 1;
    assert_eq!(Affine::<C>::from_sec1_bytes(&c2), Ok(-a));
}

fn sec1_errors<C: SwCurveConfig>()
where
    C::Base: PrimeField<Repr = [u8; 32]>,
{
    let g = Affine::<C>::generator();
    let c = g.to_sec1_compressed();
    let u = g.to_sec1_uncompressed();
    for len in [0usize, 1, 32, 34, 64, 66] {
        let v = vec![2u8; len];
        assert_eq!(
            Affine::<C>::from_sec1_bytes(&v),
            Err(CurveError::InvalidLength)
        );
    }
    for prefix in [0u8, 1, 4, 5, 6, 7, 0xff] {
        let mut b = c;
        b[0] = prefix;
        assert_eq!(
            Affine::<C>::from_sec1_bytes(&b),
            Err(CurveError::InvalidFlags)
        );
    }
    for prefix in [0u8, 2, 3, 6, 7] {
        let mut b = u;
        b[0] = prefix;
        assert_eq!(
            Affine::<C>::from_sec1_bytes(&b),
            Err(CurveError::InvalidFlags)
        );
    }
    // The identity's all-zero encodings are rejected.
    let id = Affine::<C>::identity();
    assert_eq!(id.to_sec1_compressed(), [0u8; 33]);
    assert_eq!(id.to_sec1_uncompressed(), [0u8; 65]);
    assert!(Affine::<C>::from_sec1_bytes(&[0u8; 33]).is_err());
    assert!(Affine::<C>::from_sec1_bytes(&[0u8; 65]).is_err());
    // x = p (non-canonical), and p + small.
    let p = modulus::<C::Base>();
    let mut b = c;
    b[1..].copy_from_slice(&p.to_bytes_be());
    assert_eq!(
        Affine::<C>::from_sec1_bytes(&b),
        Err(CurveError::NonCanonical)
    );
    let mut b = u;
    b[33..].copy_from_slice(&(&p + 1u8).to_bytes_be());
    assert_eq!(
        Affine::<C>::from_sec1_bytes(&b),
        Err(CurveError::NonCanonical)
    );
    // y + 1: off the curve.
    let mut b = u;
    b[64] ^= 1;
    assert_eq!(
        Affine::<C>::from_sec1_bytes(&b),
        Err(CurveError::NotOnCurve)
    );
    // An x with no y: search a few small x.
    let mut found = false;
    for x in 1u64..64 {
        let xf = C::Base::from_u64(x);
        let rhs = xf.square() * xf + C::mul_by_a(&xf) + C::COEFF_B;
        if !bool::from(rhs.is_square()) {
            let mut b = [0u8; 33];
            b[0] = 2;
            b[1..].copy_from_slice(&xf.to_bytes_be());
            assert_eq!(
                Affine::<C>::from_sec1_bytes(&b),
                Err(CurveError::NotOnCurve)
            );
            found = true;
            break;
        }
    }
    assert!(found);
}

#[test]
fn sec1_encodings() {
    let mut rng = SplitMix(3);
    for _ in 0..8 {
        let k = random_scalar::<ctt_field::secp256k1::Fr>(&mut rng);
        sec1_roundtrip(&secp256k1::Projective::generator().mul(&k));
        let k = random_scalar::<ctt_field::p256::Fr>(&mut rng);
        sec1_roundtrip(&p256::Projective::generator().mul(&k));
    }
    sec1_errors::<secp256k1::Config>();
    sec1_errors::<p256::Config>();
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_scalar_mul(seed in any::<u64>()) {
        let mut rng = SplitMix(seed);
        let k = big(&random_scalar::<ctt_field::secp256k1::Fr>(&mut rng));
        let base = secp256k1::Projective::generator().mul(&random_scalar(&mut rng));
        check_mul(&base, &k);
        check_split(&k);
        let k = big(&random_scalar::<ctt_field::p256::Fr>(&mut rng));
        let base = p256::Projective::generator().mul(&random_scalar(&mut rng));
        check_mul(&base, &k);
    }

    #[test]
    fn random_group_law(seed in any::<u64>()) {
        fn law<C: SwCurveConfig>(rng: &mut SplitMix) where C::Base: PrimeField {
            let g = Projective::<C>::generator();
            let p = g.mul(&random_scalar(rng));
            let q = g.mul(&random_scalar(rng));
            assert_eq!(to_ref(&(p + q)), ref_add::<C>(&to_ref(&p), &to_ref(&q)));
            assert_eq!(to_ref(&p.double()), ref_add::<C>(&to_ref(&p), &to_ref(&p)));
            assert_eq!(p.add_affine(&q.to_affine()), p + q);
            assert!(bool::from((p + q).is_on_curve()));
            let j = JacobianVar::from_projective(&p);
            assert_eq!(j.double().to_projective(), p.double());
            assert_eq!(j.add(&JacobianVar::from_projective(&q)).to_projective(), p + q);
            let qa = q.to_affine();
            assert_eq!(j.add_affine(&qa.x, &qa.y).to_projective(), p + q);
        }
        let mut rng = SplitMix(seed);
        law::<secp256k1::Config>(&mut rng);
        law::<p256::Config>(&mut rng);
    }

    #[test]
    fn random_double_mul(seed in any::<u64>()) {
        fn run<C: SwCurveConfig>(rng: &mut SplitMix, f: DoubleMul<C>) where C::Base: PrimeField {
            let q = Projective::<C>::generator().mul(&random_scalar(rng));
            check_double_mul(&random_scalar(rng), &random_scalar(rng), &q, f);
        }
        let mut rng = SplitMix(seed);
        run::<secp256k1::Config>(&mut rng, secp256k1::double_mul_vartime);
        run::<p256::Config>(&mut rng, p256::double_mul_vartime);
    }
}
