//! Bad-input matrix for ctt-kzg: the seven EIP-4844 functions (and the parallel twins) on
//! systematically malformed input answer the documented `KzgError`, never panic and never
//! accept; the setup loaders reject malformed setups with typed errors.
//!
//! - Blobs with a non-canonical element (r, r + 1, 2^255, 2^256 − 1) as the first, a middle
//!   and the last element, through every function that takes a blob (`compute_challenge`,
//!   which hashes bytes as given, must still answer a canonical challenge).
//! - `z`, `y` ≥ r (same values).
//! - Commitments and proofs: every bad compressed-G1 class — wrong flag combinations on a
//!   valid point and on the identity's zero bytes, the identity with each single other bit
//!   set, x ≥ p with either sign, x with no y, points outside G1 (random ones and the
//!   3-torsion points) — in each position of every function, and the well-formed neighbours
//!   (the identity, a valid point with either sign) as controls.
//! - The batch: every combination of slice lengths up to 2 (mismatch is `LengthMismatch`,
//!   empty is `Ok(true)`), bad entries at each index.
//! - Setups: malformed counts, truncations, trailing tokens, bad hex tokens, bad points in
//!   each section; wrong byte lengths and bad points for the byte loader; unreadable files;
//!   out-of-range table parameters.

mod support;
use support::TestPool;

use ctt_curves::AffineRepr;
use ctt_field::{Field, PrimeField, Rng, SqrtField};
use ctt_kzg::*;
use std::sync::OnceLock;

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

fn s() -> &'static KzgSettings {
    KzgSettings::mainnet()
}

/// A prime field's modulus, big-endian, in `LEN` bytes.
fn modulus_be<F: PrimeField, const LEN: usize>() -> [u8; LEN] {
    let mut out = [0u8; LEN];
    for (i, limb) in F::MODULUS_LIMBS.iter().enumerate() {
        out[LEN - 8 * (i + 1)..LEN - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    out
}

/// `x + k·2^(8·shift)` on big-endian bytes (no overflow in the uses here).
fn add_shifted<const LEN: usize>(mut x: [u8; LEN], k: u8, shift: usize) -> [u8; LEN] {
    let mut carry = k as u16;
    for b in x.iter_mut().rev().skip(shift) {
        let v = *b as u16 + carry;
        *b = v as u8;
        carry = v >> 8;
    }
    assert_eq!(carry, 0);
    x
}

fn add<const LEN: usize>(x: [u8; LEN], k: u8) -> [u8; LEN] {
    add_shifted(x, k, 0)
}

/// 32-byte values ≥ r.
fn non_canonical_scalars() -> [[u8; 32]; 4] {
    let r = modulus_be::<Fr, 32>();
    let mut top = [0u8; 32];
    top[0] = 0x80;
    assert!(r[0] < 0x80);
    [r, add(r, 1), top, [0xff; 32]]
}

fn zero_blob() -> Box<Blob> {
    vec![0u8; BYTES_PER_BLOB]
        .into_boxed_slice()
        .try_into()
        .unwrap()
}

/// The identity's compressed encoding: a valid commitment and proof (of the zero polynomial).
fn identity() -> Bytes48 {
    let mut b = [0u8; 48];
    b[0] = 0xc0;
    b
}

fn with_flags(mut b: Bytes48, flags: u8) -> Bytes48 {
    b[0] = (b[0] & 0x1f) | (flags << 5);
    b
}

/// Every class of malformed compressed G1 encoding, with a label.
fn bad_g1() -> &'static [(String, Bytes48)] {
    static BAD: OnceLock<Vec<(String, Bytes48)>> = OnceLock::new();
    BAD.get_or_init(|| {
        use ctt_curves::CurveGroup;
        use ctt_curves::bls12_381::G1Config;
        use ctt_curves::sw::{Affine, SwCurveConfig};
        type Fp = ctt_field::bls12_381::Fp;
        let mut v = Vec::new();
        let g = G1Affine::generator().to_compressed();
        for flags in [0b000u8, 0b001, 0b010, 0b011, 0b110, 0b111] {
            v.push((
                format!("generator, flags {flags:03b}"),
                with_flags(g, flags),
            ));
        }
        for flags in [0b000u8, 0b001, 0b010, 0b011, 0b100, 0b101, 0b111] {
            v.push((
                format!("zeros, flags {flags:03b}"),
                with_flags([0; 48], flags),
            ));
        }
        for bit in 3..384 {
            let mut b = identity();
            b[bit / 8] |= 0x80 >> (bit % 8);
            v.push((format!("identity with bit {bit}"), b));
        }
        let p = modulus_be::<Fp, 48>();
        let mut max = [0xffu8; 48];
        max[0] = 0x1f; // 2^381 − 1
        let p_2_64 = add_shifted(p, 1, 8);
        assert!(p_2_64 > p && p_2_64 < max);
        for x in [p, add(p, 1), p_2_64, max] {
            for flags in [0b100u8, 0b101] {
                v.push((format!("x ≥ p, flags {flags:03b}"), with_flags(x, flags)));
            }
        }
        let no_y = (0u64..)
            .map(Fp::from_u64)
            .filter(|x| !bool::from((x.square() * *x + G1Config::COEFF_B).is_square()))
            .take(4);
        for x in no_y {
            for flags in [0b100u8, 0b101] {
                v.push((
                    format!("x with no y, flags {flags:03b}"),
                    with_flags(x.to_bytes_be(), flags),
                ));
            }
        }
        let mut rng = SplitMix(4844);
        let mut outside = vec![Affine::<G1Config>::new_unchecked(Fp::ZERO, Fp::from_u64(2))];
        while outside.len() < 4 {
            let x = Fp::random(&mut rng);
            if let Some(y) = (x.square() * x + G1Config::COEFF_B).sqrt().into_option() {
                outside.push(Affine::new_unchecked(x, y));
            }
        }
        for q in outside {
            let rq = q.to_group().mul_bigint_vartime(Fr::MODULUS_LIMBS);
            assert!(!bool::from(rq.is_identity()), "outside the subgroup");
            v.push(("outside G1".into(), q.to_compressed()));
            v.push(("outside G1, negated".into(), (-q).to_compressed()));
        }
        v
    })
}

#[test]
fn bad_g1_classes_are_complete() {
    // 6 + 7 flag patterns, 381 junk bits, 4·2 x ≥ p, 4·2 no y, 4·2 outside.
    assert_eq!(bad_g1().len(), 6 + 7 + 381 + 8 + 8 + 8);
    // Every one is rejected by the decoder the KZG functions use.
    for (what, b) in bad_g1() {
        assert!(G1Affine::from_compressed(b).is_err(), "{what}");
    }
}

#[test]
fn non_canonical_blob_elements() {
    let pool = TestPool::new(2);
    let s = s();
    let id = identity();
    let zero = zero_blob();
    // Controls: the zero blob opens to zero everywhere, with the identity as commitment and proof.
    assert_eq!(s.verify_blob_kzg_proof(&zero, &id, &id), Ok(true));
    let mut n = 0;
    for value in non_canonical_scalars() {
        for index in [0, FIELD_ELEMENTS_PER_BLOB / 2, FIELD_ELEMENTS_PER_BLOB - 1] {
            let mut blob = zero_blob();
            blob[32 * index..32 * (index + 1)].copy_from_slice(&value);
            let bad = Err(KzgError::InvalidFieldElement);
            assert_eq!(
                blob_to_polynomial(&blob).err(),
                Some(KzgError::InvalidFieldElement)
            );
            assert_eq!(s.blob_to_kzg_commitment(&blob), bad.map(|()| id));
            assert_eq!(
                s.compute_kzg_proof(&blob, &[0; 32]),
                bad.map(|()| (id, [0; 32]))
            );
            assert_eq!(s.compute_blob_kzg_proof(&blob, &id), bad.map(|()| id));
            assert_eq!(s.verify_blob_kzg_proof(&blob, &id, &id), bad.map(|()| true));
            // In a batch, at each index.
            let blobs = [*blob, *zero];
            let rev = [*zero, *blob];
            for b in [&blobs[..1], &blobs[..], &rev[..]] {
                let c = vec![id; b.len()];
                assert_eq!(s.verify_blob_kzg_proof_batch(b, &c, &c), bad.map(|()| true));
                assert_eq!(
                    pool.install(|| s.verify_blob_kzg_proof_batch_parallel(b, &c, &c)),
                    bad.map(|()| true)
                );
                assert_eq!(
                    pool.install(|| s.compute_blob_kzg_proofs_parallel(b, &c)),
                    bad.map(|()| vec![])
                );
                assert_eq!(
                    pool.install(|| s.blobs_to_kzg_commitments_parallel(b)),
                    bad.map(|()| vec![])
                );
                n += 4;
            }
            // The challenge hashes the bytes as given and is always a canonical element.
            let z = compute_challenge(&blob, &id);
            assert!(bool::from(Fr::from_bytes_be(&z).is_some()));
            n += 6;
        }
    }
    assert_eq!(n, 4 * 3 * (6 + 3 * 4));
}

#[test]
fn z_and_y_not_below_r() {
    let s = s();
    let id = identity();
    let zero = zero_blob();
    // Controls: p(z) = 0 for the zero polynomial at any canonical z, including r − 1.
    let r_minus_1 = (-Fr::ONE).to_bytes_be();
    for z in [[0u8; 32], r_minus_1] {
        assert_eq!(s.verify_kzg_proof(&id, &z, &[0; 32], &id), Ok(true));
        assert_eq!(
            s.verify_kzg_proof(&id, &z, &Fr::ONE.to_bytes_be(), &id),
            Ok(false)
        );
    }
    let mut n = 0;
    for bad in non_canonical_scalars() {
        let e = Err(KzgError::InvalidFieldElement);
        assert_eq!(s.compute_kzg_proof(&zero, &bad), e.map(|()| (id, [0; 32])));
        assert_eq!(
            s.verify_kzg_proof(&id, &bad, &[0; 32], &id),
            e.map(|()| true)
        );
        assert_eq!(
            s.verify_kzg_proof(&id, &[0; 32], &bad, &id),
            e.map(|()| true)
        );
        assert_eq!(s.verify_kzg_proof(&id, &bad, &bad, &id), e.map(|()| true));
        n += 4;
    }
    assert_eq!(n, 16);
}

#[test]
fn malformed_commitments_and_proofs() {
    let pool = TestPool::new(2);
    let s = s();
    let id = identity();
    let zero = zero_blob();
    let z = [0u8; 32];
    // Controls: well-formed points are no error (the generator, either sign, is the wrong
    // commitment for the zero blob: `Ok(false)`).
    let g = G1Affine::generator().to_compressed();
    for c in [with_flags(g, 0b100), with_flags(g, 0b101)] {
        assert_eq!(s.verify_kzg_proof(&c, &z, &z, &id), Ok(false));
        assert_eq!(s.verify_kzg_proof(&id, &z, &z, &c), Ok(false));
        assert_eq!(s.verify_blob_kzg_proof(&zero, &c, &id), Ok(false));
        assert_eq!(s.verify_blob_kzg_proof(&zero, &id, &c), Ok(false));
    }
    let mut n = 0;
    let commitment = Err(KzgError::InvalidCommitment);
    let proof = Err(KzgError::InvalidProof);
    let blobs = [*zero.clone(), *zero];
    // The second position of a batch costs the first blob's opening: every class but the
    // single junk bits goes there, and every 32nd junk bit.
    let second = |i: usize| !(13..394).contains(&i) || (i - 13).is_multiple_of(32);
    let mut seconds = 0;
    for (k, (what, bad)) in bad_g1().iter().enumerate() {
        let bad = *bad;
        assert_eq!(
            s.verify_kzg_proof(&bad, &z, &z, &id),
            commitment.map(|()| true),
            "{what}"
        );
        assert_eq!(
            s.verify_kzg_proof(&id, &z, &z, &bad),
            proof.map(|()| true),
            "{what}"
        );
        assert_eq!(
            s.compute_blob_kzg_proof(&blobs[0], &bad),
            commitment.map(|()| id),
            "{what}"
        );
        assert_eq!(
            s.verify_blob_kzg_proof(&blobs[0], &bad, &id),
            commitment.map(|()| true),
            "{what}"
        );
        assert_eq!(
            s.verify_blob_kzg_proof(&blobs[0], &id, &bad),
            proof.map(|()| true),
            "{what}"
        );
        n += 5;
        // In a batch of two, at each index, as commitment and as proof.
        for i in 0..2 {
            if i == 1 && !second(k) {
                continue;
            }
            seconds += i;
            let mut c = [id, id];
            c[i] = bad;
            let ok = [id, id];
            for (cs, ps, want) in [(&c, &ok, commitment), (&ok, &c, proof)] {
                assert_eq!(
                    s.verify_blob_kzg_proof_batch(&blobs, cs, ps),
                    want.map(|()| true),
                    "{what}"
                );
                assert_eq!(
                    pool.install(|| s.verify_blob_kzg_proof_batch_parallel(&blobs, cs, ps)),
                    want.map(|()| true),
                    "{what}"
                );
                n += 2;
            }
        }
        // A single pair: a good one beside it would compute a proof (an MSM) in parallel.
        assert_eq!(
            pool.install(|| s.compute_blob_kzg_proofs_parallel(&blobs[..1], &[bad])),
            commitment.map(|()| vec![]),
            "{what}"
        );
        n += 1;
    }
    assert_eq!(seconds, 13 + 12 + 24);
    assert_eq!(n, bad_g1().len() * (5 + 4 + 1) + 4 * seconds);
}

#[test]
fn batch_lengths() {
    let s = s();
    let id = identity();
    let blobs = [*zero_blob(), *zero_blob()];
    let points = [id, id];
    let mut n = 0;
    for nb in 0..=2 {
        for nc in 0..=2 {
            for np in 0..=2 {
                let got = s.verify_blob_kzg_proof_batch(&blobs[..nb], &points[..nc], &points[..np]);
                let par = s.verify_blob_kzg_proof_batch_parallel(
                    &blobs[..nb],
                    &points[..nc],
                    &points[..np],
                );
                // Equal lengths: zero blobs with identity commitments and proofs all verify
                // (and nothing at all is a valid batch).
                let want = if nb == nc && nc == np {
                    Ok(true)
                } else {
                    Err(KzgError::LengthMismatch)
                };
                assert_eq!(got, want, "{nb} {nc} {np}");
                assert_eq!(par, want, "{nb} {nc} {np}");
                n += 2;
            }
            if nb != nc {
                assert_eq!(
                    s.compute_blob_kzg_proofs_parallel(&blobs[..nb], &points[..nc]),
                    Err(KzgError::LengthMismatch)
                );
                n += 1;
            }
        }
    }
    assert_eq!(s.compute_blob_kzg_proofs_parallel(&[], &[]), Ok(vec![]));
    assert_eq!(s.blobs_to_kzg_commitments_parallel(&[]), Ok(vec![]));
    // The msm helper: mismatched slices.
    assert_eq!(
        g1_lincomb_vartime(&[G1Affine::generator()], &[], false).err(),
        Some(KzgError::LengthMismatch)
    );
    assert_eq!(
        g1_lincomb_vartime(&[], &[Fr::ONE], true).err(),
        Some(KzgError::LengthMismatch)
    );
    assert_eq!(n, 27 * 2 + 6);
}

const TEXT: &str = include_str!("../data/trusted_setup.txt");

fn text_err(t: &str) -> KzgError {
    KzgSettings::from_trusted_setup_text(t).expect_err("malformed setup accepted")
}

/// The setup text with line `i` replaced.
fn with_line(i: usize, new: &str) -> String {
    let mut l: Vec<&str> = TEXT.lines().collect();
    l[i] = new;
    l.join("\n")
}

#[test]
fn malformed_setup_text() {
    use KzgError::{
        TrustedSetupFormat as Format, TrustedSetupInvalidPoint as Invalid,
        TrustedSetupPointCount as Count,
    };
    let lines: Vec<&str> = TEXT.lines().collect();
    assert_eq!(lines.len(), 2 + 4096 + 65 + 4096);
    let (g1, g2, mono) = (2, 2 + 4096, 2 + 4096 + 65);
    let mut n = 0;
    // Counts.
    for (text, want) in [
        (String::new(), Format),
        ("   \n\t".into(), Format),
        ("4096".into(), Format),
        ("4096 65".into(), Count),
        (lines[..g2].join("\n"), Count),
        (lines[..mono].join("\n"), Count),
        (lines[..lines.len() - 1].join("\n"), Count),
        (format!("{TEXT}\n{}", lines[g1]), Format),
        (format!("{TEXT} 00"), Format),
    ] {
        assert_eq!(text_err(&text), want, "{:?}", &text[..text.len().min(20)]);
        n += 1;
    }
    for (line, value, want) in [
        (0, "0", Count),
        (0, "4095", Count),
        (0, "4097", Count),
        (0, "8192", Count),
        (0, "-4096", Format),
        (0, "4096.0", Format),
        (0, "0x1000", Format),
        (0, "x", Format),
        (1, "0", Count),
        (1, "64", Count),
        (1, "66", Count),
        (1, "sixty-five", Format),
    ] {
        assert_eq!(
            text_err(&with_line(line, value)),
            want,
            "line {line} = {value}"
        );
        n += 1;
    }
    // Hex tokens: wrong lengths and bad characters, in each section.
    for line in [g1, g2, mono, lines.len() - 1] {
        let t = lines[line];
        let mut bad = vec![
            t[..t.len() - 1].to_string(),
            t[..t.len() - 2].to_string(),
            format!("{t}0"),
            format!("{t}00"),
            format!("0X{t}"),
            format!("0x0x{t}"),
        ];
        // Bad characters at both ends and the middle (in the first G1 and G2 points only: each
        // case costs a full parse).
        let positions = if line == g1 || line == g2 {
            vec![0, t.len() / 2, t.len() - 1]
        } else {
            vec![]
        };
        for pos in positions {
            for c in ['g', '-', 'é'] {
                let mut s = t.to_string();
                s.replace_range(pos..pos + 1, &c.to_string());
                bad.push(s);
            }
        }
        for b in bad {
            assert_eq!(text_err(&with_line(line, &b)), Format, "line {line}: {b}");
            n += 1;
        }
    }
    // Bad points (the text is parsed whole before any point is decoded, so each case costs a
    // full parse; the byte loader below takes every class): one of each class in the first
    // G1 point, and two in the monomial section (whose errors come after the Lagrange and G2
    // sections are decoded).
    let classes = bad_g1();
    let sample = [0, 5, 6, 12, 13, 200, 393, 394, 401, 402, 410, 417];
    for i in sample {
        let (what, b) = &classes[i];
        assert_eq!(text_err(&with_line(g1, &hex::encode(b))), Invalid, "{what}");
        n += 1;
    }
    for (line, i) in [(mono, 100), (lines.len() - 1, 411)] {
        assert_eq!(
            text_err(&with_line(line, &hex::encode(classes[i].1))),
            Invalid,
            "line {line}"
        );
        n += 1;
    }
    // G2: an x with a flag error, x ≥ p in the real part, and x = 1 (no y, or a y outside G2).
    let g2_line = lines[g2];
    let mut flags = hex::decode(g2_line).unwrap();
    flags[0] &= 0x7f;
    let mut big = hex::decode(g2_line).unwrap();
    big[48..].copy_from_slice(&[0xff; 48]);
    big[48] = 0x1f;
    let mut one = vec![0u8; 96];
    one[0] = 0x80;
    one[95] = 1;
    for b in [flags, big, one] {
        assert_ne!(hex::encode(&b), g2_line);
        assert_eq!(text_err(&with_line(g2, &hex::encode(&b))), Invalid);
        n += 1;
    }
    assert_eq!(n, 9 + 12 + 4 * 6 + 2 * 9 + 12 + 2 + 3);
}

/// The mainnet setup as c-kzg's byte arrays: G1 monomial, G1 Lagrange (natural order), G2.
fn setup_bytes() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let m = KzgSettings::mainnet();
    let mut lagrange = m.g1_lagrange_brp().to_vec();
    domain::bit_reversal_permutation(&mut lagrange);
    let g1 = |pts: &[G1Affine]| {
        pts.iter()
            .flat_map(|p| p.to_compressed())
            .collect::<Vec<u8>>()
    };
    let g2: Vec<u8> = m
        .g2_monomial()
        .iter()
        .flat_map(|p| p.to_compressed())
        .collect();
    (g1(m.g1_monomial()), g1(&lagrange), g2)
}

#[test]
fn malformed_setup_bytes() {
    use KzgError::{TrustedSetupInvalidPoint as Invalid, TrustedSetupPointCount as Count};
    let (mono, lag, g2) = setup_bytes();
    let g1_len = 4096 * 48;
    let g2_len = 65 * 96;
    let mut n = 0;
    // Every length from 0 to twice the right one, for each argument (sub-slices of a
    // doubled buffer: no copies).
    let err =
        |a: &[u8], b: &[u8], c: &[u8]| KzgSettings::from_trusted_setup_bytes(a, b, c).unwrap_err();
    let (mono2, lag2, g22) = (
        [&mono[..], &mono[..]].concat(),
        [&lag[..], &lag[..]].concat(),
        [&g2[..], &g2[..]].concat(),
    );
    for len in (0..=2 * g1_len).filter(|l| *l != g1_len) {
        assert_eq!(err(&mono2[..len], &lag, &g2), Count, "monomial {len}");
        assert_eq!(err(&mono, &lag2[..len], &g2), Count, "lagrange {len}");
        n += 2;
    }
    for len in (0..=2 * g2_len).filter(|l| *l != g2_len) {
        assert_eq!(err(&mono, &lag, &g22[..len]), Count, "g2 {len}");
        n += 1;
    }
    // Bad points: every class as the first Lagrange point (decoded first), samples elsewhere.
    for (what, b) in bad_g1() {
        let mut l = lag.clone();
        l[..48].copy_from_slice(b);
        assert_eq!(
            KzgSettings::from_trusted_setup_bytes(&mono, &l, &g2).unwrap_err(),
            Invalid,
            "{what}"
        );
        n += 1;
    }
    // The last monomial point (decoded after every other point) with x ≥ p.
    let (what, b) = &bad_g1()[400];
    let mut m = mono.clone();
    m[g1_len - 48..].copy_from_slice(b);
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&m, &lag, &g2).unwrap_err(),
        Invalid,
        "monomial: {what}"
    );
    n += 1;
    let mut bad_g2 = g2.clone();
    bad_g2[96 * 64] &= 0x7f; // the last G2 point without its compression flag
    assert_eq!(
        KzgSettings::from_trusted_setup_bytes(&mono, &lag, &bad_g2).unwrap_err(),
        Invalid
    );
    n += 1;
    assert_eq!(n, 2 * 2 * g1_len + 2 * g2_len + bad_g1().len() + 1 + 1);
}

#[test]
fn unreadable_setup_files_and_bad_tables() {
    // In the target directory: the one place a wasip1 test can also write (no /tmp, no pid).
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ctt-kzg-bad-input");
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.txt");
    let not_utf8 = dir.join("latin1.txt");
    std::fs::write(&not_utf8, [b'4', b'0', b'9', b'6', b' ', 0xe9, b'\n']).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, b"").unwrap();
    // Cut inside a point's hex token, and after a whole line.
    let lines: Vec<&str> = TEXT.lines().collect();
    let mid_token = dir.join("mid-token.txt");
    let cut = lines[..100].join("\n").len() + 1 + 10;
    std::fs::write(&mid_token, &TEXT[..cut]).unwrap();
    let whole_lines = dir.join("whole-lines.txt");
    std::fs::write(&whole_lines, lines[..100].join("\n")).unwrap();
    let load = |p: &std::path::Path| KzgSettings::load_trusted_setup_file(p).unwrap_err();
    assert_eq!(load(&missing), KzgError::Io);
    assert_eq!(load(&dir), KzgError::Io);
    assert_eq!(load(&not_utf8), KzgError::Io);
    assert_eq!(load(&empty), KzgError::TrustedSetupFormat);
    assert_eq!(load(&mid_token), KzgError::TrustedSetupFormat);
    assert_eq!(load(&whole_lines), KzgError::TrustedSetupPointCount);
    std::fs::remove_dir_all(&dir).unwrap();
    // Table parameters: window outside 2..=20, stride not a positive multiple of it or > 512.
    let mut n = 0;
    for (t, b) in [
        (0, 0),
        (2, 1),
        (0, 2),
        (1, 2),
        (3, 2),
        (21, 21),
        (10, 20),
        (514, 2),
        (13, 12),
        (1024, 8),
    ] {
        let p = Precompute::Tables { t, b };
        assert_eq!(
            KzgSettings::mainnet_with_precompute(p).unwrap_err(),
            KzgError::InvalidPrecompute,
            "{p:?}"
        );
        n += 1;
    }
    let none = KzgSettings::mainnet_with_precompute(Precompute::None).unwrap();
    assert_eq!(
        none.with_precompute(Precompute::Tables { t: 7, b: 2 })
            .unwrap_err(),
        KzgError::InvalidPrecompute
    );
    assert_eq!(n, 10);
}
