//! Differential: the trusted-setup loaders of ctt-kzg against c-kzg 2.x's, on the mainnet setup
//! with fuzzed changes.
//!
//! * `KzgSettings::from_trusted_setup_bytes` against `c_kzg::KzgSettings::load_trusted_setup`
//!   (same layout): a point's bit flipped, its flag bits rewritten, input bytes written over it,
//!   two points swapped, the identity, the other sign, a section shortened or lengthened. Both
//!   accept or both reject; when both accept (an unchanged or still-valid setup, such as two
//!   swapped points), a commitment and a proof under each setup must agree.
//! * `KzgSettings::from_trusted_setup_text` (and `trusted_setup_binary_from_text`, the same
//!   validation) against `parse_kzg_trusted_setup`: white space inserted, characters replaced or
//!   dropped, hex case, `0x`, the counts, lines swapped, trailing text. ctt reads the text as
//!   white-space separated tokens, c-kzg line by line, so ctt accepts more layouts by design:
//!   c-kzg accepting implies ctt accepting, and ctt must accept exactly when c-kzg accepts the
//!   same tokens one per line.
//! * `PeerDasSettings::new` and `KzgSettings::mainnet_with_precompute`: the table parameters are
//!   accepted exactly under the documented rule (`2 ≤ b ≤ 20`, `t` a multiple of `b`,
//!   `b ≤ t ≤ 512`).
//!
//! c-kzg's loader checks the curve equation of the setup points but not their subgroup; ctt
//! checks both, so a setup with a point outside the subgroup is accepted by c-kzg alone, which
//! the target allows only after finding such a point with blst.
//!
//! A load validates 8 257 points (both libraries), so executions take about a second.
#![no_main]

#[path = "common.rs"]
mod common;

use common::Reader;
use ctt_kzg::{
    BYTES_PER_BLOB, FIELD_ELEMENTS_PER_BLOB, KzgError, KzgSettings, NUM_G2_POINTS, Precompute,
};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

const N: usize = FIELD_ELEMENTS_PER_BLOB;

/// The mainnet setup as c-kzg's `load_trusted_setup` takes it: compressed G1 monomial, G1
/// Lagrange (natural order) and G2 monomial points, concatenated per section.
fn mainnet_sections() -> &'static [Vec<u8>; 3] {
    static S: OnceLock<[Vec<u8>; 3]> = OnceLock::new();
    S.get_or_init(|| {
        let s = KzgSettings::mainnet();
        let monomial: Vec<u8> = s
            .g1_monomial()
            .iter()
            .flat_map(|p| p.to_compressed())
            .collect();
        let brp = s.g1_lagrange_brp();
        let bits = N.trailing_zeros();
        let lagrange: Vec<u8> = (0..N)
            .flat_map(|i| brp[i.reverse_bits() >> (usize::BITS - bits)].to_compressed())
            .collect();
        let g2: Vec<u8> = s
            .g2_monomial()
            .iter()
            .flat_map(|p| p.to_compressed())
            .collect();
        [monomial, lagrange, g2]
    })
}

/// The same setup in c-kzg's text format (counts, Lagrange, G2, monomial; a point per line).
fn mainnet_text() -> &'static str {
    static T: OnceLock<String> = OnceLock::new();
    T.get_or_init(|| {
        let [monomial, lagrange, g2] = mainnet_sections();
        let mut t = format!("{N}\n{NUM_G2_POINTS}\n");
        for p in lagrange
            .chunks(48)
            .chain(g2.chunks(96))
            .chain(monomial.chunks(48))
        {
            t.push_str(&hex::encode(p));
            t.push('\n');
        }
        t
    })
}

fn blob(r: &mut Reader) -> Box<[u8; BYTES_PER_BLOB]> {
    let mut b: Box<[u8; BYTES_PER_BLOB]> = vec![0u8; BYTES_PER_BLOB]
        .into_boxed_slice()
        .try_into()
        .unwrap();
    for _ in 0..3 {
        let i = (r.u16() as usize) % N;
        b[32 * i + 31] = r.u8();
    }
    b
}

/// Whether some point of the sections is on the curve but outside the prime-order subgroup
/// (blst). c-kzg's loader checks only the curve equation (`blst_p1_uncompress`, no `in_g1`), ctt
/// also the subgroup, so such a setup is one that c-kzg accepts and ctt rightly refuses.
fn has_point_outside_subgroup([monomial, lagrange, g2]: &[Vec<u8>; 3]) -> bool {
    let g1_outside = |b: &[u8]| {
        let mut p = blst::blst_p1_affine::default();
        unsafe {
            blst::blst_p1_uncompress(&mut p, b.as_ptr()) == blst::BLST_ERROR::BLST_SUCCESS
                && !blst::blst_p1_affine_in_g1(&p)
        }
    };
    let g2_outside = |b: &[u8]| {
        let mut p = blst::blst_p2_affine::default();
        unsafe {
            blst::blst_p2_uncompress(&mut p, b.as_ptr()) == blst::BLST_ERROR::BLST_SUCCESS
                && !blst::blst_p2_affine_in_g2(&p)
        }
    };
    monomial.chunks_exact(48).any(g1_outside)
        || lagrange.chunks_exact(48).any(g1_outside)
        || g2.chunks_exact(96).any(g2_outside)
}

/// The text's sections as bytes (for a text c-kzg parsed).
fn text_sections(normalised: &str) -> [Vec<u8>; 3] {
    let mut lines = normalised.lines().skip(2).map(|l| hex::decode(l).unwrap());
    let lagrange: Vec<u8> = lines.by_ref().take(N).flatten().collect();
    let g2: Vec<u8> = lines.by_ref().take(NUM_G2_POINTS).flatten().collect();
    let monomial: Vec<u8> = lines.flatten().collect();
    [monomial, lagrange, g2]
}

/// Both setups accepted: they must commit and prove alike.
fn same_settings(ours: &KzgSettings, theirs: &c_kzg::KzgSettings, r: &mut Reader) {
    let b = blob(r);
    let c = ours.blob_to_kzg_commitment(&b).unwrap();
    let tc = theirs
        .blob_to_kzg_commitment(&c_kzg::Blob::new(*b))
        .unwrap();
    assert_eq!(c, *tc.to_bytes(), "commitment under the loaded setups");
    let mut z = [0u8; 32];
    z[31] = r.u8();
    let (proof, y) = ours.compute_kzg_proof(&b, &z).unwrap();
    let (tp, ty) = theirs
        .compute_kzg_proof(&c_kzg::Blob::new(*b), &c_kzg::Bytes32::new(z))
        .unwrap();
    assert_eq!(
        (proof, y),
        (*tp.to_bytes(), *ty),
        "proof under the loaded setups"
    );
    assert_eq!(
        ours.verify_kzg_proof(&c, &z, &y, &proof).unwrap(),
        theirs
            .verify_kzg_proof(&tc.to_bytes(), &c_kzg::Bytes32::new(z), &ty, &tp.to_bytes())
            .unwrap(),
        "verification under the loaded setups"
    );
}

/// One change to the byte sections.
fn change_bytes(r: &mut Reader, sections: &mut [Vec<u8>; 3]) {
    let s = (r.u8() % 3) as usize;
    let (size, count) = if s == 2 { (96, NUM_G2_POINTS) } else { (48, N) };
    let i = r.u16() as usize % count;
    let at = i * size;
    let sec = &mut sections[s];
    match r.u8() % 8 {
        0 => {
            let bit = r.u16() as usize % (8 * size);
            sec[at + bit / 8] ^= 1 << (bit % 8);
        }
        1 => sec[at] = (sec[at] & 0x1f) | (r.u8() & 0xe0),
        2 => {
            let raw = r.bytes(size);
            sec[at..at + raw.len()].copy_from_slice(raw);
        }
        3 => {
            let j = r.u16() as usize % count;
            for k in 0..size {
                sec.swap(at + k, j * size + k);
            }
        }
        4 => {
            sec[at..at + size].fill(0);
            sec[at] = 0xc0;
        }
        5 => {
            let k = 1 + r.u8() as usize % size;
            if r.u8() & 1 == 0 {
                sec.truncate(sec.len() - k);
            } else {
                sec.extend(std::iter::repeat_n(r.u8(), k));
            }
        }
        6 => sec[at] ^= 0x20, // the other point with this x
        _ => {}
    }
}

/// One change to the text, at a fuzzed position.
fn change_text(r: &mut Reader, t: &mut Vec<u8>) {
    let pos = (r.u64() % t.len() as u64) as usize;
    match r.u8() % 10 {
        0 => t.insert(pos, b" \t\r\n\x0c"[(r.u8() % 5) as usize]),
        1 => t[pos] = r.u8(),
        2 => {
            t.remove(pos);
        }
        3 => t[pos] = t[pos].to_ascii_uppercase(),
        4 => {
            // `0x` before the token at pos (or inside it).
            t.splice(pos..pos, *b"0x");
        }
        5 => {
            // The counts.
            let head = [
                &b"4097"[..],
                b"04096",
                b"+4096",
                b"4096 ",
                b"65\n4096",
                b"-1",
            ];
            let h = head[(r.u8() % 6) as usize];
            let second = t.iter().position(|&c| c == b'\n').map_or(0, |i| i + 1);
            let line = if r.u8() & 1 == 0 { 0 } else { second };
            let end = line
                + t[line..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .unwrap_or(t.len() - line);
            t.splice(line..end, h.iter().copied());
        }
        6 => {
            // Two whole lines swapped (a point moved).
            let lines: Vec<usize> = std::iter::once(0)
                .chain(
                    t.iter()
                        .enumerate()
                        .filter(|(_, c)| **c == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect();
            if lines.len() < 2 {
                return;
            }
            let a = r.u16() as usize % (lines.len() - 1);
            let b = r.u16() as usize % (lines.len() - 1);
            let (a, b) = (a.min(b), a.max(b));
            if a != b
                && lines[b + 1] <= t.len()
                && lines[a + 1] - lines[a] == lines[b + 1] - lines[b]
            {
                let la: Vec<u8> = t[lines[a]..lines[a + 1]].to_vec();
                let lb: Vec<u8> = t[lines[b]..lines[b + 1]].to_vec();
                t.splice(lines[a]..lines[a + 1], lb);
                t.splice(lines[b]..lines[b + 1], la);
            }
        }
        7 => t.extend_from_slice(r.bytes(8)),
        8 => {
            t.pop();
        }
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    match r.u8() % 8 {
        0..=3 => {
            let mut sections = mainnet_sections().clone();
            for _ in 0..1 + r.u8() % 2 {
                change_bytes(&mut r, &mut sections);
            }
            let [m, l, g2] = &sections;
            let ours = KzgSettings::from_trusted_setup_bytes(m, l, g2);
            let theirs = c_kzg::KzgSettings::load_trusted_setup(m, l, g2, 0);
            match (&ours, &theirs) {
                (Ok(a), Ok(b)) => same_settings(a, b, &mut r),
                (Err(_), Err(_)) => {}
                (Err(KzgError::TrustedSetupInvalidPoint), Ok(_))
                    if has_point_outside_subgroup(&sections) => {}
                (a, b) => panic!(
                    "from_trusted_setup_bytes: ctt {:?}, c-kzg {:?}",
                    a.as_ref().err(),
                    b.as_ref().err()
                ),
            }
        }
        4..=6 => {
            let mut t = mainnet_text().as_bytes().to_vec();
            for _ in 0..1 + r.u8() % 3 {
                change_text(&mut r, &mut t);
            }
            let Ok(text) = std::str::from_utf8(&t) else {
                return; // `&str` in both APIs
            };
            let binary = ctt_kzg::trusted_setup_binary_from_text(text);
            let ck = c_kzg::KzgSettings::parse_kzg_trusted_setup(text, 0);
            // The same tokens, one per line and the points' `0x` dropped: c-kzg's layout (the
            // counts keep theirs: a count is a decimal number for both).
            let normalised: String = text
                .split_ascii_whitespace()
                .enumerate()
                .map(|(i, tok)| {
                    if i < 2 {
                        tok
                    } else {
                        tok.strip_prefix("0x").unwrap_or(tok)
                    }
                })
                .collect::<Vec<_>>()
                .join("\n");
            let ck_normalised = c_kzg::KzgSettings::parse_kzg_trusted_setup(&normalised, 0);
            let outside = || {
                binary == Err(KzgError::TrustedSetupInvalidPoint)
                    && has_point_outside_subgroup(&text_sections(&normalised))
            };
            assert!(
                binary.is_ok() == ck_normalised.is_ok() || (ck_normalised.is_ok() && outside()),
                "trusted_setup_binary_from_text: ctt {:?}, c-kzg on the normalised text {:?}",
                binary.as_ref().err(),
                ck_normalised.as_ref().err()
            );
            assert!(
                ck.is_err() || binary.is_ok() || outside(),
                "c-kzg accepts a text that ctt refuses"
            );
            if binary.is_ok() && r.u8() % 4 == 0 {
                // The full loader (it also builds the tables): the same answer, the same setup.
                let s = KzgSettings::from_trusted_setup_text(text).expect("validated above");
                same_settings(&s, ck_normalised.as_ref().unwrap(), &mut r);
            }
        }
        _ => {
            let (t, b) = match r.u8() % 2 {
                0 => (u32::from(r.u16() % 600), u32::from(r.u8() % 24)),
                _ => (r.u64() as u32, (r.u64() >> 32) as u32),
            };
            let rule = (2..=20).contains(&b) && b <= t && t % b == 0 && t <= 512;
            let p = Precompute::Tables { t, b };
            let peerdas = ctt_peerdas::PeerDasSettings::new(KzgSettings::mainnet(), p);
            assert_eq!(
                peerdas.is_ok(),
                rule,
                "PeerDasSettings::new(t = {t}, b = {b})"
            );
            if !rule {
                assert!(KzgSettings::mainnet_with_precompute(p).is_err());
            }
            assert!(
                ctt_peerdas::PeerDasSettings::new(KzgSettings::mainnet(), Precompute::None).is_ok()
            );
        }
    }
});
