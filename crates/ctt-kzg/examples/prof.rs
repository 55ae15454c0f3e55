use ctt_curves::AffineRepr;
use ctt_field::{Field, PrimeField};
use ctt_kzg::*;
use std::time::Instant;
fn main() {
    let what = std::env::args().nth(1).unwrap_or("verify".into());
    let reps: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(200);
    let s = KzgSettings::mainnet();
    s.build_tables();
    let mut blob = Box::new([0u8; BYTES_PER_BLOB]);
    let mut x: u64 = 1;
    for c in blob.chunks_exact_mut(32) {
        for b in c[1..].iter_mut() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            *b = (x >> 33) as u8;
        }
    }
    let c = s.blob_to_kzg_commitment(&blob).unwrap();
    let p = s.compute_blob_kzg_proof(&blob, &c).unwrap();
    let z = [7u8; 32];
    let (pz, y) = s.compute_kzg_proof(&blob, &z).unwrap();
    let t = Instant::now();
    for _ in 0..reps {
        match what.as_str() {
            "verify" => assert!(s.verify_blob_kzg_proof(&blob, &c, &p).unwrap()),
            "verify_kzg" => assert!(s.verify_kzg_proof(&c, &z, &y, &pz).unwrap()),
            "commit" => {
                std::hint::black_box(s.blob_to_kzg_commitment(&blob).unwrap());
            }
            "decode" => {
                std::hint::black_box(ctt_curves::bls12_381::G1Affine::from_compressed(&c).unwrap());
            }
            "msm2" => {
                let pt = ctt_curves::bls12_381::G1Affine::from_compressed(&c).unwrap();
                std::hint::black_box(
                    ctt_msm::msm_vartime::<ctt_curves::bls12_381::G1Projective>(
                        &[pt, pt],
                        &[
                            Fr::from_u64(12345678) * Fr::from_u64(987654321987),
                            -Fr::from_u64(3) * Fr::from_u64(98765432198),
                        ],
                    )
                    .unwrap(),
                );
            }
            "pairing2" => {
                let pt = ctt_curves::bls12_381::G1Affine::from_compressed(&c).unwrap();
                let q = ctt_curves::bls12_381::G2Affine::generator();
                std::hint::black_box(ctt_pairing::bls12_381::pairing_check(&[(pt, q), (pt, -q)]));
            }
            "challenge" => {
                std::hint::black_box(compute_challenge(&blob, &c));
            }
            _ => panic!(),
        }
    }
    println!("{what}: {:?} per op", t.elapsed() / reps as u32);
}

#[allow(dead_code)]
fn parts() {}
