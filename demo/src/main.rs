//! `cargo run --release -p ctt-demo`: a tour of what the stack can do today (fields, curves,
//! pairings, MSM, BLS signatures, EIP-4844 KZG and EIP-7594 PeerDAS on the embedded mainnet setup), with the answers
//! checked as it goes (it exits non-zero if any check fails).

use ctt_bigint::backend;
use ctt_curves::{AffineRepr, CurveGroup};
use ctt_field::{ExtensionField, Field, PrimeField, Rng, SqrtField, bls12_381, bn254};
use std::time::Instant;

mod bls;
mod kzg;
mod msm;
mod precompiles;

/// SplitMix64, seeded from the clock: the demo shows fresh values each run.
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

fn check(what: &str, ok: bool) {
    println!("  [{}] {what}", if ok { "ok" } else { "FAILED" });
    if !ok {
        std::process::exit(1);
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Times `f` over `n` runs and returns nanoseconds per run.
fn time<T>(n: u32, mut f: impl FnMut() -> T) -> f64 {
    let start = Instant::now();
    for _ in 0..n {
        std::hint::black_box(f());
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

fn main() {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1);
    let mut rng = SplitMix(seed);

    println!(
        "ctt demo — Montgomery backend selected at run time: {:?}",
        backend::active()
    );

    println!("\nBLS12-381 base field (381-bit p, 6 limbs)");
    let a = bls12_381::Fp::random(&mut rng);
    let b = bls12_381::Fp::random(&mut rng);
    println!("  a = 0x{}", hex(&a.to_bytes_be()));
    let c = a * b;
    check(
        "a·b decodes back from its canonical big-endian bytes",
        bls12_381::Fp::from_bytes_be(&c.to_bytes_be()).into_option() == Some(c),
    );
    let inv = a.invert().unwrap();
    check(
        "a · a⁻¹ = 1 (constant-time safegcd inversion)",
        a * inv == bls12_381::Fp::ONE,
    );
    check(
        "constant-time and variable-time inversions agree",
        a.invert_vartime() == Some(inv),
    );
    let sq = a.square();
    let root = sq.sqrt().unwrap();
    check("√(a²) = ±a", root == a || root == -a);
    let mut modulus_bytes = [0u8; 48];
    modulus_bytes.copy_from_slice(&hex_to_bytes("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"));
    check(
        "the encoding of p itself is rejected as non-canonical",
        bool::from(bls12_381::Fp::from_bytes_be(&modulus_bytes).is_none()),
    );

    println!(
        "\nBLS12-381 scalar field (2-adicity {})",
        bls12_381::Fr::TWO_ADICITY
    );
    let w = bls12_381::Fr::ROOT_OF_UNITY;
    check(
        "ROOT_OF_UNITY^(2^32) = 1",
        (0..32).fold(w, |x, _| x.square()) == bls12_381::Fr::ONE,
    );
    let s = bls12_381::Fr::random(&mut rng).square();
    check(
        "Tonelli–Shanks square root of a random square",
        s.sqrt().unwrap().square() == s,
    );

    println!("\nTowers: Fp2 → Fp6 → Fp12 (Frobenius constants derived at compile time)");
    let x = bls12_381::Fp12::random(&mut rng);
    check(
        "BLS12-381 Fp12: x · x⁻¹ = 1",
        x * x.invert().unwrap() == bls12_381::Fp12::ONE,
    );
    check(
        "BLS12-381 Fp12: Frobenius¹² = identity",
        x.frobenius_map(12) == x
            && (1..12).fold(x, |y, _| y.frobenius_map(1)).frobenius_map(1) == x,
    );
    let y = bn254::Fp12::random(&mut rng);
    check(
        "BN254 Fp12: conjugate = Frobenius⁶",
        y.conjugate() == y.frobenius_map(6),
    );
    let z = bls12_381::Fp2::random(&mut rng).square();
    check(
        "BLS12-381 Fp2 square root (as G2 decompression needs)",
        z.sqrt().unwrap().square() == z,
    );

    println!(
        "\nCurves: BLS12-381 G1/G2 and BN254 (complete formulas, GLV/GLS constant-time scalar multiplication)"
    );
    let dst = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    let h = ctt_curves::bls12_381::G2Projective::hash_to_curve(b"hello, ethereum", dst)
        .unwrap_or_default();
    println!(
        "  hash_to_G2(\"hello, ethereum\") = 0x{}…",
        &hex(&h.to_affine().to_compressed())[..32]
    );
    check(
        "the hashed point is on the twist and in G2 (ψ(P) = [z]P)",
        bool::from(h.is_on_curve() & h.is_torsion_free()),
    );
    let sk = bls12_381::Fr::random(&mut rng);
    let sig = h.mul(&sk).to_affine();
    let pk = ctt_curves::bls12_381::G1Projective::generator()
        .mul(&sk)
        .to_affine();
    check(
        "[sk]·H(m) round-trips through its 96-byte compressed encoding",
        ctt_curves::bls12_381::G2Affine::from_compressed(&sig.to_compressed()) == Ok(sig),
    );
    check(
        "[sk]·G1 round-trips through its 48-byte compressed encoding",
        ctt_curves::bls12_381::G1Affine::from_compressed(&pk.to_compressed()) == Ok(pk),
    );
    let mut bad = pk.to_compressed();
    bad[0] &= 0x7f;
    check(
        "a compressed key with its C flag cleared is rejected with a typed error",
        ctt_curves::bls12_381::G1Affine::from_compressed(&bad).is_err(),
    );
    let k2 = bls12_381::Fr::random(&mut rng);
    let g = ctt_curves::bls12_381::G1Projective::generator();
    check(
        "constant-time GLV and variable-time wNAF agree",
        g.mul(&k2) == g.mul_vartime(&k2),
    );
    let bn = ctt_curves::bn254::G1Affine::generator();
    check(
        "BN254 G1 generator round-trips through its 64-byte EVM encoding",
        ctt_curves::bn254::G1Affine::from_evm_bytes(&bn.to_evm_bytes()) == Ok(bn),
    );

    println!(
        "\nPairings: optimal ate on BLS12-381 and BN254 (multi-Miller loop, cyclotomic final exponentiation)"
    );
    let (p1, q1) = (
        ctt_curves::bls12_381::G1Affine::generator(),
        ctt_curves::bls12_381::G2Affine::generator(),
    );
    let e = ctt_pairing::bls12_381::pairing(&p1, &q1);
    check(
        "e(G1, G2) is not the identity",
        !bool::from(e.is_identity()),
    );
    let ka = bls12_381::Fr::random(&mut rng);
    let lhs = ctt_pairing::bls12_381::pairing(&g.mul(&ka).to_affine(), &q1);
    check(
        "e([a]G1, G2) = e(G1, G2)^a (bilinearity)",
        lhs == e.pow(&ka),
    );
    check(
        "BLS-style check e(pk, H(m)) · e(−G1, sig) = 1 holds for the signature above",
        ctt_pairing::bls12_381::pairing_check(&[(pk, h.to_affine()), (-p1, sig)]),
    );
    check(
        "… and fails for another message",
        !ctt_pairing::bls12_381::pairing_check(&[(pk, h.double().to_affine()), (-p1, sig)]),
    );
    let (bp, bq) = (
        ctt_curves::bn254::G1Affine::generator(),
        ctt_curves::bn254::G2Affine::generator(),
    );
    check(
        "BN254 pairing check e(P, Q) · e(−P, Q) = 1 (the EVM precompile's question)",
        ctt_pairing::bn254::pairing_check(&[(bp, bq), (-bp, bq)]),
    );

    msm::tour(&mut rng);
    bls::tour(&mut rng);
    kzg::tour(&mut rng);
    kzg::peerdas_tour(&mut rng);
    precompiles::tour(&mut rng);

    println!(
        "\nTimings on this machine (single thread, rough; see benches/ for the real comparison)"
    );
    let (p, q) = (a, b);
    println!(
        "  bls12_381 Fp mul      {:8.1} ns",
        time(200_000, || std::hint::black_box(p) * q)
    );
    println!(
        "  bls12_381 Fp inverse  {:8.1} ns",
        time(20_000, || std::hint::black_box(p).invert())
    );
    println!(
        "  bls12_381 Fp sqrt     {:8.1} ns",
        time(5_000, || std::hint::black_box(sq).sqrt())
    );
    let (u, v) = (x, bls12_381::Fp12::random(&mut rng));
    println!(
        "  bls12_381 Fp12 mul    {:8.1} ns",
        time(20_000, || std::hint::black_box(u) * v)
    );
    let (m, n) = (bn254::Fp::random(&mut rng), bn254::Fp::random(&mut rng));
    println!(
        "  bn254 Fp mul          {:8.1} ns",
        time(200_000, || std::hint::black_box(m) * n)
    );
    println!(
        "  bls12_381 G1 mul (ct)  {:8.1} µs",
        time(200, || g.mul(&k2)) / 1000.0
    );
    println!(
        "  bls12_381 hash_to_G2   {:8.1} µs",
        time(200, || ctt_curves::bls12_381::G2Projective::hash_to_curve(
            b"x", dst
        )) / 1000.0
    );
    println!(
        "  bls12_381 pairing      {:8.1} µs",
        time(100, || ctt_pairing::bls12_381::pairing(&p1, &q1)) / 1000.0
    );
    let sk = ctt_bls::SecretKey::key_gen(&[7u8; 32], b"").expect("32 bytes");
    let (bpk, bsig) = (sk.sk_to_pk(), sk.sign(b"x"));
    println!(
        "  BLS sign               {:8.1} µs",
        time(50, || sk.sign(b"x")) / 1000.0
    );
    println!(
        "  BLS verify             {:8.1} µs",
        time(50, || ctt_bls::verify(&bpk, b"x", &bsig)) / 1000.0
    );
    println!("\nAll checks passed.");
}

fn hex_to_bytes(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or(0))
        .collect()
}
