//! Properties beyond the vectors: random openings verify (inside and outside the domain) and
//! wrong ones do not, the parallel twins equal the serial functions, every table size gives the
//! same bytes, and the embedded setup is exactly the validated mainnet text.

mod support;
use support::TestPool;

use ctt_curves::bls12_381::G1Affine;
use ctt_field::{Field, PrimeField, Rng};
use ctt_kzg::*;

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

fn random_blob(rng: &mut SplitMix) -> Box<Blob> {
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    for chunk in blob.chunks_exact_mut(32) {
        chunk.copy_from_slice(&Fr::random(rng).to_bytes_be());
    }
    blob
}

fn settings() -> &'static KzgSettings {
    KzgSettings::mainnet()
}

#[test]
fn random_openings_verify_and_wrong_ones_do_not() {
    let s = settings();
    let mut rng = SplitMix(1);
    let roots = s.roots_of_unity_brp();
    for i in 0..3 {
        let blob = random_blob(&mut rng);
        let c = s.blob_to_kzg_commitment(&blob).unwrap();
        // A random point, and points of the domain (the 0/0 case of the quotient).
        let zs = [Fr::random(&mut rng), roots[i * 7], roots[4095 - i]];
        for z in zs {
            let zb = z.to_bytes_be();
            let (proof, y) = s.compute_kzg_proof(&blob, &zb).unwrap();
            assert!(s.verify_kzg_proof(&c, &zb, &y, &proof).unwrap());
            let wrong_y = (Fr::from_bytes_be(&y).unwrap() + Fr::ONE).to_bytes_be();
            assert!(!s.verify_kzg_proof(&c, &zb, &wrong_y, &proof).unwrap());
            let other_z = (z + Fr::ONE).to_bytes_be();
            assert!(!s.verify_kzg_proof(&c, &other_z, &y, &proof).unwrap());
        }
        let proof = s.compute_blob_kzg_proof(&blob, &c).unwrap();
        assert!(s.verify_blob_kzg_proof(&blob, &c, &proof).unwrap());
        let mut other = blob.clone();
        other[31] ^= 1;
        assert!(!s.verify_blob_kzg_proof(&other, &c, &proof).unwrap());
    }
}

#[test]
fn a_value_in_the_domain_is_the_blob_element() {
    let s = settings();
    let mut rng = SplitMix(2);
    let blob = random_blob(&mut rng);
    let roots = s.roots_of_unity_brp();
    for i in [0usize, 1, 2048, 4095] {
        let (_, y) = s.compute_kzg_proof(&blob, &roots[i].to_bytes_be()).unwrap();
        assert_eq!(&y[..], &blob[32 * i..32 * (i + 1)]);
    }
}

#[test]
fn batches_verify_and_one_bad_proof_fails_the_batch() {
    let s = settings();
    let mut rng = SplitMix(3);
    let n = 5;
    let blobs: Vec<Blob> = (0..n).map(|_| *random_blob(&mut rng)).collect();
    let cs: Vec<Bytes48> = blobs
        .iter()
        .map(|b| s.blob_to_kzg_commitment(b).unwrap())
        .collect();
    let ps: Vec<Bytes48> = blobs
        .iter()
        .zip(&cs)
        .map(|(b, c)| s.compute_blob_kzg_proof(b, c).unwrap())
        .collect();
    let pool = TestPool::new(3);
    for k in 0..=n {
        assert!(
            s.verify_blob_kzg_proof_batch(&blobs[..k], &cs[..k], &ps[..k])
                .unwrap()
        );
        assert!(
            pool.install(|| s.verify_blob_kzg_proof_batch_parallel(
                &blobs[..k],
                &cs[..k],
                &ps[..k]
            ))
            .unwrap()
        );
    }
    // Swap two proofs: each is a valid point, the batch must fail.
    let mut swapped = ps.clone();
    swapped.swap(1, 3);
    assert!(
        !s.verify_blob_kzg_proof_batch(&blobs, &cs, &swapped)
            .unwrap()
    );
    assert!(
        !pool
            .install(|| s.verify_blob_kzg_proof_batch_parallel(&blobs, &cs, &swapped))
            .unwrap()
    );
    assert_eq!(
        s.verify_blob_kzg_proof_batch(&blobs, &cs[..n - 1], &ps),
        Err(KzgError::LengthMismatch)
    );
    assert_eq!(
        s.verify_blob_kzg_proof_batch(&blobs, &cs, &ps[..n - 1]),
        Err(KzgError::LengthMismatch)
    );
    // The parallel twins of commitments and proofs equal the serial functions.
    let pcs = pool.install(|| s.blobs_to_kzg_commitments_parallel(&blobs).unwrap());
    assert_eq!(pcs, cs);
    let pps = pool.install(|| s.compute_blob_kzg_proofs_parallel(&blobs, &cs).unwrap());
    assert_eq!(pps, ps);
    assert_eq!(
        s.compute_blob_kzg_proofs_parallel(&blobs, &cs[1..]),
        Err(KzgError::LengthMismatch)
    );
}

#[test]
fn malformed_inputs_are_typed_errors() {
    let s = settings();
    let mut rng = SplitMix(4);
    let blob = random_blob(&mut rng);
    let c = s.blob_to_kzg_commitment(&blob).unwrap();
    let proof = s.compute_blob_kzg_proof(&blob, &c).unwrap();
    // r itself, and 2^256 − 1, are not canonical.
    let r = {
        let mut b = [0u8; 32];
        for (i, limb) in Fr::MODULUS_LIMBS.iter().enumerate() {
            b[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
        }
        b
    };
    for bad in [r, [0xff; 32]] {
        let mut b = blob.clone();
        b[32 * 100..32 * 101].copy_from_slice(&bad);
        assert_eq!(
            s.blob_to_kzg_commitment(&b),
            Err(KzgError::InvalidFieldElement)
        );
        assert_eq!(
            s.verify_blob_kzg_proof(&b, &c, &proof),
            Err(KzgError::InvalidFieldElement)
        );
        assert_eq!(
            s.compute_kzg_proof(&blob, &bad),
            Err(KzgError::InvalidFieldElement)
        );
        assert_eq!(
            s.verify_kzg_proof(&c, &bad, &[0; 32], &proof),
            Err(KzgError::InvalidFieldElement)
        );
        assert_eq!(
            s.verify_kzg_proof(&c, &[0; 32], &bad, &proof),
            Err(KzgError::InvalidFieldElement)
        );
    }
    // Points: uncompressed flag, identity with junk, off-curve x, a curve point outside G1.
    let mut uncompressed = c;
    uncompressed[0] &= 0x7f;
    let mut junk_identity = [0u8; 48];
    junk_identity[0] = 0xc0;
    junk_identity[47] = 1;
    let outside = point_outside_subgroup();
    for bad in [uncompressed, junk_identity, [0xff; 48], outside] {
        assert_eq!(
            s.verify_blob_kzg_proof(&blob, &bad, &proof),
            Err(KzgError::InvalidCommitment)
        );
        assert_eq!(
            s.verify_blob_kzg_proof(&blob, &c, &bad),
            Err(KzgError::InvalidProof)
        );
        assert_eq!(
            s.compute_blob_kzg_proof(&blob, &bad),
            Err(KzgError::InvalidCommitment)
        );
        assert_eq!(
            s.verify_kzg_proof(&c, &[0; 32], &[0; 32], &bad),
            Err(KzgError::InvalidProof)
        );
    }
    // The identity is a valid commitment and proof (well formed, so Ok(false) here).
    let mut identity = [0u8; 48];
    identity[0] = 0xc0;
    assert_eq!(s.verify_blob_kzg_proof(&blob, &identity, &proof), Ok(false));
    assert_eq!(s.verify_blob_kzg_proof(&blob, &c, &identity), Ok(false));
}

/// A compressed point on the curve but outside the prime-order subgroup.
fn point_outside_subgroup() -> Bytes48 {
    for x in 1u64.. {
        let mut b = [0u8; 48];
        b[40..].copy_from_slice(&x.to_be_bytes());
        b[0] |= 0x80;
        if G1Affine::from_compressed_unchecked(&b).is_ok() && G1Affine::from_compressed(&b).is_err()
        {
            return b;
        }
    }
    unreachable!()
}

#[test]
fn every_table_size_gives_the_same_bytes() {
    let mut rng = SplitMix(5);
    let blob = random_blob(&mut rng);
    let z = Fr::random(&mut rng).to_bytes_be();
    let want_c = settings().blob_to_kzg_commitment(&blob).unwrap();
    let want_p = settings().compute_kzg_proof(&blob, &z).unwrap();
    let mut without_tables = 0;
    for p in [
        Precompute::None,
        Precompute::Tables { t: 64, b: 8 },
        Precompute::Tables { t: 16, b: 16 },
    ] {
        let s = KzgSettings::mainnet_with_precompute(p).unwrap();
        assert_eq!(s.precompute(), p);
        assert_eq!(s.blob_to_kzg_commitment(&blob).unwrap(), want_c, "{p:?}");
        assert_eq!(s.compute_kzg_proof(&blob, &z).unwrap(), want_p, "{p:?}");
        // The setup's 8192 G1 points (104 bytes each) at least, and the tables on top.
        if p == Precompute::None {
            without_tables = s.memory_bytes();
            assert!(without_tables > 8192 * 100);
        } else {
            assert!(s.memory_bytes() > without_tables + 4096 * 100, "{p:?}");
        }
    }
    for bad in [
        Precompute::Tables { t: 12, b: 8 },
        Precompute::Tables { t: 8, b: 1 },
        Precompute::Tables { t: 1024, b: 8 },
    ] {
        assert_eq!(
            KzgSettings::mainnet_with_precompute(bad).unwrap_err(),
            KzgError::InvalidPrecompute
        );
    }
}

const TEXT: &str = include_str!("../data/trusted_setup.txt");

#[test]
fn embedded_setup_is_generated_from_the_text() {
    assert_eq!(
        hex::encode(ctt_hash::sha256(TEXT.as_bytes())),
        "d39b9f2d047cc9dca2de58f264b6a09448ccd34db967881a6713eacacf0f26b7",
        "data/trusted_setup.txt is the Ethereum mainnet setup"
    );
    let binary = trusted_setup_binary_from_text(TEXT).unwrap();
    assert!(
        binary == include_bytes!("../data/trusted_setup.bin"),
        "data/trusted_setup.bin is stale: run `cargo run --release -p ctt-kzg --example gen_mainnet_setup`"
    );
    let parsed = KzgSettings::from_trusted_setup_text(TEXT).unwrap();
    let m = KzgSettings::mainnet();
    assert!(parsed.g1_monomial() == m.g1_monomial());
    assert!(parsed.g1_lagrange_brp() == m.g1_lagrange_brp());
    assert!(parsed.g2_monomial() == m.g2_monomial());
    assert_eq!(parsed.g1_monomial().len(), FIELD_ELEMENTS_PER_BLOB);
    assert_eq!(parsed.g2_monomial().len(), NUM_G2_POINTS);
}

#[test]
fn setup_from_bytes_and_file_equal_the_text() {
    let m = KzgSettings::mainnet();
    let g1 = |pts: &[G1Affine]| {
        pts.iter()
            .flat_map(|p| p.to_compressed())
            .collect::<Vec<u8>>()
    };
    let mut lagrange = m.g1_lagrange_brp().to_vec();
    domain::bit_reversal_permutation(&mut lagrange);
    let g2: Vec<u8> = m
        .g2_monomial()
        .iter()
        .flat_map(|p| p.to_compressed())
        .collect();
    let s =
        KzgSettings::from_trusted_setup_bytes(&g1(m.g1_monomial()), &g1(&lagrange), &g2).unwrap();
    assert!(s.g1_lagrange_brp() == m.g1_lagrange_brp());
    assert!(s.g1_monomial() == m.g1_monomial());
    assert!(s.g2_monomial() == m.g2_monomial());
    // Wrong sizes.
    let mono = g1(m.g1_monomial());
    let lag = g1(&lagrange);
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&mono[48..], &lag, &g2).unwrap_err(),
        KzgError::TrustedSetupPointCount
    );
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&mono, &lag[1..], &g2).unwrap_err(),
        KzgError::TrustedSetupPointCount
    );
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&mono, &lag, &g2[..96 * 64]).unwrap_err(),
        KzgError::TrustedSetupPointCount
    );
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&[], &lag, &g2).unwrap_err(),
        KzgError::TrustedSetupPointCount
    );
    // The monomial points given as the Lagrange section: c-kzg's check rejects that.
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&mono, &mono, &g2).unwrap_err(),
        KzgError::TrustedSetupNotLagrange
    );
    // A multiple of 4096 bytes that is not 4096 points.
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&[mono.clone(), mono.clone()].concat(), &lag, &g2)
            .unwrap_err(),
        KzgError::TrustedSetupPointCount
    );
    // In the target directory: the one place a wasip1 test can also write (no /tmp, no pid).
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ctt-kzg-setup.txt");
    std::fs::write(&path, TEXT).unwrap();
    let f = KzgSettings::load_trusted_setup_file(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(f.g1_lagrange_brp() == m.g1_lagrange_brp());
    assert_eq!(
        KzgSettings::load_trusted_setup_file(path).unwrap_err(),
        KzgError::Io
    );
}

#[test]
fn malformed_setup_texts_are_typed_errors() {
    let lines: Vec<&str> = TEXT.lines().collect();
    let with = |i: usize, new: &str| {
        let mut l = lines.clone();
        l[i] = new;
        l.join("\n")
    };
    let err = |t: &str| KzgSettings::from_trusted_setup_text(t).unwrap_err();
    assert_eq!(err(""), KzgError::TrustedSetupFormat);
    assert_eq!(err(&with(0, "4095")), KzgError::TrustedSetupPointCount);
    assert_eq!(err(&with(1, "64")), KzgError::TrustedSetupPointCount);
    assert_eq!(err(&with(0, "x")), KzgError::TrustedSetupFormat);
    // A point too short, a non-hex character, a truncated file, a trailing token.
    assert_eq!(err(&with(2, &lines[2][2..])), KzgError::TrustedSetupFormat);
    let bad_hex = format!("{}g", &lines[2][..95]);
    assert_eq!(err(&with(2, &bad_hex)), KzgError::TrustedSetupFormat);
    let truncated = lines[..lines.len() - 1].join("\n");
    assert_eq!(err(&truncated), KzgError::TrustedSetupPointCount);
    assert_eq!(err(&format!("{TEXT}\n00")), KzgError::TrustedSetupFormat);
    // Points: x ≥ p, not on the curve, outside the subgroup (first and last G1 point, a G2 point).
    let outside = hex::encode(point_outside_subgroup());
    let too_big = format!("9f{}", "ff".repeat(47));
    assert_eq!(err(&with(2, &too_big)), KzgError::TrustedSetupInvalidPoint);
    assert_eq!(err(&with(2, &outside)), KzgError::TrustedSetupInvalidPoint);
    let last = lines.len() - 1;
    assert_eq!(
        err(&with(last, &outside)),
        KzgError::TrustedSetupInvalidPoint
    );
    let g2_line = 2 + FIELD_ELEMENTS_PER_BLOB;
    assert_eq!(lines[g2_line].len(), 192);
    let bad_g2 = format!("{}{}", &lines[g2_line][..190], "00");
    assert_eq!(
        err(&with(g2_line, &bad_g2)),
        KzgError::TrustedSetupInvalidPoint
    );
}

mod arbitrary_bytes {
    //! Arbitrary bytes never panic: every function answers `Err` or `Ok(bool)`.
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn verify_kzg_proof_never_panics(
            c in proptest::array::uniform32(any::<u8>()),
            c_tail in proptest::array::uniform16(any::<u8>()),
            p in proptest::array::uniform32(any::<u8>()),
            p_tail in proptest::array::uniform16(any::<u8>()),
            z in proptest::array::uniform32(any::<u8>()),
            y in proptest::array::uniform32(any::<u8>()),
            flags in 0u8..8,
        ) {
            let mut commitment = [0u8; 48];
            commitment[..32].copy_from_slice(&c);
            commitment[32..].copy_from_slice(&c_tail);
            let mut proof = [0u8; 48];
            proof[..32].copy_from_slice(&p);
            proof[32..].copy_from_slice(&p_tail);
            // Steer the flag bits so that decoding gets past the first check some of the time.
            commitment[0] = (commitment[0] & 0x1f) | (flags << 5);
            proof[0] = (proof[0] & 0x1f) | 0x80;
            let s = settings();
            let _ = s.verify_kzg_proof(&commitment, &z, &y, &proof);
            let _ = s.compute_blob_kzg_proof(&[0u8; BYTES_PER_BLOB], &commitment);
        }
    }
}
