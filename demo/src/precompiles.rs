//! The EVM precompiles (ctt-precompiles): bytes in, output and gas out, per fork — ecrecover
//! of a freshly made signature, SHA-256, MODEXP priced on three forks, a BN254 pairing check,
//! an EIP-2537 G1 MSM and a KZG point evaluation on the mainnet setup, and the failures the EVM
//! expects (all gas consumed).

use crate::{SplitMix, check, hex};
use ctt_curves::CurveGroup;
use ctt_field::{Field, PrimeField};
use ctt_precompiles::{Fork, PrecompileError, PrecompileId, gas_cost, run};
use std::time::Instant;

/// Runs the tour; exits through `check` on a wrong answer.
pub fn tour(rng: &mut SplitMix) {
    println!("\nEVM precompiles (ctt-precompiles), Osaka unless said");

    // SHA-256 at 0x02: 60 + 12 gas per word.
    let out = run(0x02, b"abc", 1_000, Fork::Osaka).expect("sha256");
    check(
        "0x02 SHA-256(\"abc\") = ba7816bf…, 72 gas",
        out.gas_used == 72 && hex(&out.bytes).starts_with("ba7816bf"),
    );

    // ecrecover of a made-up secp256k1 signature: sign with the group law directly
    // (k·G, s = k⁻¹(h + r·d)), then recover the signer's address through 0x01.
    use ctt_curves::secp256k1;
    use ctt_field::secp256k1::Fr;
    let d = Fr::random(rng);
    let k = Fr::random(rng);
    let h = Fr::random(rng).to_bytes_be();
    let big_r = secp256k1::Projective::generator()
        .mul_vartime(&k)
        .to_affine();
    let r = Fr::from_bytes_be_mod_order(&big_r.x.to_bytes_be());
    let s = k.invert_vartime().expect("k ≠ 0") * (Fr::from_bytes_be_mod_order(&h) + r * d);
    let v = 27 + (big_r.y.to_bytes_be()[31] & 1);
    let mut input = h.to_vec();
    input.extend_from_slice(&[0u8; 31]);
    input.push(v);
    input.extend_from_slice(&r.to_bytes_be());
    input.extend_from_slice(&s.to_bytes_be());
    let start = Instant::now();
    let out = run(0x01, &input, 3_000, Fork::Osaka).expect("ecrecover never fails");
    let took = start.elapsed();
    let public = secp256k1::Projective::generator()
        .mul_vartime(&d)
        .to_affine();
    let mut key = public.x.to_bytes_be().to_vec();
    key.extend_from_slice(&public.y.to_bytes_be());
    let address = &ctt_hash::keccak256(&key)[12..];
    check(
        &format!(
            "0x01 ecrecover gives the signer's address 0x{} ({took:.0?})",
            hex(address)
        ),
        out.bytes.len() == 32 && &out.bytes[12..] == address,
    );
    input[63] = 29;
    check(
        "  v = 29: empty output, gas still charged",
        run(0x01, &input, 3_000, Fork::Osaka).map(|o| (o.gas_used, o.bytes.len()))
            == Ok((3_000, 0)),
    );

    // MODEXP at 0x05: 3^(p−1) mod p for secp256k1's p, priced on three forks.
    let p = hex_bytes("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
    let e = hex_bytes("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e");
    let mut input = Vec::new();
    for len in [1u8, 32, 32] {
        input.extend_from_slice(&[0u8; 31]);
        input.push(len);
    }
    input.push(3);
    input.extend_from_slice(&e);
    input.extend_from_slice(&p);
    let prices: Vec<u64> = [Fork::Byzantium, Fork::Berlin, Fork::Osaka]
        .iter()
        .map(|f| gas_cost(0x05, &input, *f).expect("priced"))
        .collect();
    let out = run(0x05, &input, 10_000, Fork::Osaka).expect("modexp");
    check(
        &format!(
            "0x05 MODEXP 3^(p−1) mod p = 1 (Fermat); gas {} / {} / {} on Byzantium / Berlin / Osaka",
            prices[0], prices[1], prices[2]
        ),
        out.bytes[31] == 1
            && out.bytes[..31].iter().all(|b| *b == 0)
            && prices == [13_056, 1_360, 4_080],
    );

    // BN254 pairing check at 0x08: e(aP, bQ) · e(−abP, Q) = 1.
    use ctt_curves::bn254;
    let a = ctt_field::bn254::Fr::random(rng);
    let b = ctt_field::bn254::Fr::random(rng);
    let g1 = bn254::G1Projective::generator();
    let g2 = bn254::G2Projective::generator();
    let mut input = g1.mul_vartime(&a).to_affine().to_evm_bytes().to_vec();
    input.extend_from_slice(&g2.mul_vartime(&b).to_affine().to_evm_bytes());
    input.extend_from_slice(&(-g1.mul_vartime(&(a * b))).to_affine().to_evm_bytes());
    input.extend_from_slice(&g2.to_affine().to_evm_bytes());
    let start = Instant::now();
    let out = run(
        PrecompileId::Bn254Pairing.address(),
        &input,
        200_000,
        Fork::Osaka,
    )
    .expect("pairing");
    check(
        &format!(
            "0x08 BN254 pairing check of 2 pairs holds, {} gas ({:.0?})",
            out.gas_used,
            start.elapsed()
        ),
        out.bytes[31] == 1 && out.gas_used == 113_000,
    );

    // EIP-2537 G1 MSM at 0x0c with 64 pairs, against the sum computed by the group law.
    use ctt_curves::bls12_381;
    let mut input = Vec::new();
    let mut want = bls12_381::G1Projective::identity();
    for _ in 0..64 {
        let p = bls12_381::G1Projective::generator()
            .mul_vartime(&ctt_field::bls12_381::Fr::random(rng));
        let k = ctt_field::bls12_381::Fr::random(rng);
        want += p.mul_vartime(&k);
        input.extend_from_slice(&p.to_affine().to_eip2537_bytes());
        input.extend_from_slice(&k.to_bytes_be());
    }
    let start = Instant::now();
    let out = run(0x0c, &input, 10_000_000, Fork::Prague).expect("msm");
    check(
        &format!(
            "0x0c BLS12-381 G1 MSM of 64 pairs equals the naive sum, {} gas ({:.1?})",
            out.gas_used,
            start.elapsed()
        ),
        out.bytes == want.to_affine().to_eip2537_bytes(),
    );
    input[0] = 1; // a padding byte
    check(
        "  a non-zero padding byte fails the call",
        run(0x0c, &input, 10_000_000, Fork::Prague) == Err(PrecompileError::InvalidPadding),
    );

    // KZG point evaluation at 0x0a: a proof of p(z) = y made by ctt-kzg.
    let settings = ctt_kzg::KzgSettings::mainnet();
    let mut blob = Box::new([0u8; ctt_kzg::BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&ctt_field::bls12_381::Fr::random(rng).to_bytes_be());
    }
    let commitment = settings
        .blob_to_kzg_commitment(&blob)
        .expect("canonical blob");
    let z = ctt_field::bls12_381::Fr::random(rng).to_bytes_be();
    let (proof, y) = settings.compute_kzg_proof(&blob, &z).expect("canonical z");
    let mut input = ctt_precompiles::kzg_to_versioned_hash(&commitment).to_vec();
    input.extend_from_slice(&z);
    input.extend_from_slice(&y);
    input.extend_from_slice(&commitment);
    input.extend_from_slice(&proof);
    let start = Instant::now();
    let out = run(0x0a, &input, 50_000, Fork::Cancun).expect("point evaluation");
    check(
        &format!(
            "0x0a KZG point evaluation accepts the proof, returns 4096 ‖ r ({:.1?})",
            start.elapsed()
        ),
        out.bytes.len() == 64 && out.bytes[30] == 0x10,
    );
    input[64] ^= 1; // another y
    check(
        "  a wrong y fails the call",
        run(0x0a, &input, 50_000, Fork::Cancun) == Err(PrecompileError::KzgVerificationFailed),
    );
    check(
        "  and on Shanghai-era forks there is no precompile at 0x0a",
        run(0x0a, &input, 50_000, Fork::Berlin) == Err(PrecompileError::NotActive),
    );
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}
