//! Instructions executed by one call of each zkVM accelerator function (`ctt_precompiles::zkvm`,
//! what libctt exports as `zkvm_accelerators.h`) and by the crates zkVM guests use today for the
//! same work where one builds here: substrate-bn (BN254), zkcrypto's bls12_381, k256, p256, and
//! the RustCrypto / tiny-keccak hashes. Each contender does the whole job the interface does:
//! decode and validate the bytes (the checks the EIP demands), compute, encode the result.
//!
//! `zkvm_icount list` prints `FUNCTION IMPL` lines; `zkvm_icount run FUNCTION IMPL` makes the
//! inputs, calls the contender once to warm up (one-time set-up such as decoding the embedded
//! KZG setup is not the call's cost), then once inside `measured`, the only function
//! `benches/zkvm_icount.sh` tells callgrind to count. Under valgrind ctt runs its portable
//! field code (valgrind's CPUID hides ADX), as a RISC-V guest does.
//!
//! `zkvm_icount memory FUNCTION IMPL` prints the memory the measured call needs: its stack depth
//! (the call runs on a fresh thread whose stack pages start zeroed; the lowest byte written below
//! the caller's frame marks the depth) and its peak heap (a counting allocator, reset before the
//! call).

use ctt_curves::CurveGroup;
use ctt_field::PrimeField;
use ctt_precompiles::zkvm::{
    self, Bls12G1MsmPair, Bls12G2MsmPair, Bls12PairingPair, Bn254PairingPair,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The heap in use and its peak since the last reset.
struct Counting {
    current: AtomicUsize,
    peak: AtomicUsize,
}

// SAFETY: forwards to the system allocator unchanged; only counts.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = self.current.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        self.peak.fetch_max(now, Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.current.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static HEAP: Counting = Counting {
    current: AtomicUsize::new(0),
    peak: AtomicUsize::new(0),
};

/// Set by `memory`: `count` then measures memory instead of leaving the count to callgrind.
static MEMORY: AtomicBool = AtomicBool::new(false);

/// The one call callgrind counts.
#[inline(never)]
fn measured<T>(f: &dyn Fn() -> T) -> T {
    black_box(f())
}

/// Warm up, then the counted call (or, under `memory`, the call whose memory is measured).
fn count<T>(f: impl Fn() -> T + Sync) {
    black_box(f());
    if !MEMORY.load(Ordering::Relaxed) {
        black_box(measured(&f));
        return;
    }
    const STACK: usize = 4 << 20;
    let (stack, heap) = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, || {
                let marker = 0u8;
                let top = black_box(&marker) as *const u8 as usize;
                let base = HEAP.current.load(Ordering::Relaxed);
                HEAP.peak.store(base, Ordering::Relaxed);
                black_box(measured(&f));
                let heap = HEAP.peak.load(Ordering::Relaxed) - base;
                // Scan up from well inside the mapping (1 MiB below the top) to the first
                // written word: the deepest the call reached.
                let mut addr = top - (1 << 20);
                while addr < top {
                    // SAFETY: [top − 1 MiB, top) lies inside this thread's 4 MiB stack mapping.
                    #[allow(unsafe_code)]
                    let word = unsafe { core::ptr::read_volatile(addr as *const u64) };
                    if word != 0 {
                        break;
                    }
                    addr += 8;
                }
                (top - addr, heap)
            })
            .expect("a thread")
            .join()
            .expect("the call")
    });
    println!("{stack} {heap}");
}

const TABLE: &[(&str, &[&str])] = &[
    ("keccak256", &["ctt", "tiny-keccak"]),
    ("sha256", &["ctt", "sha2"]),
    ("ripemd160", &["ctt", "ripemd"]),
    ("secp256k1_ecrecover", &["ctt", "k256"]),
    ("secp256k1_verify", &["ctt", "k256"]),
    ("secp256r1_verify", &["ctt", "p256"]),
    ("modexp", &["ctt", "aurora-engine-modexp"]),
    ("bn254_g1_add", &["ctt", "substrate-bn"]),
    ("bn254_g1_mul", &["ctt", "substrate-bn"]),
    ("bn254_pairing", &["ctt", "substrate-bn"]),
    ("blake2f", &["ctt"]),
    ("kzg_point_eval", &["ctt"]),
    ("bls12_g1_add", &["ctt", "bls12_381"]),
    ("bls12_g2_add", &["ctt", "bls12_381"]),
    ("bls12_g1_msm", &["ctt", "bls12_381"]),
    ("bls12_g2_msm", &["ctt", "bls12_381"]),
    ("bls12_pairing", &["ctt", "bls12_381"]),
    ("bls12_map_fp_to_g1", &["ctt"]),
    ("bls12_map_fp2_to_g2", &["ctt"]),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("list") => {
            for (f, impls) in TABLE {
                for i in *impls {
                    println!("{f} {i}");
                }
            }
        }
        Some("run") if args.len() == 4 => run(&args[2], &args[3]),
        Some("memory") if args.len() == 4 => {
            MEMORY.store(true, Ordering::Relaxed);
            run(&args[2], &args[3])
        }
        _ => {
            eprintln!("usage: zkvm_icount list | zkvm_icount run|memory FUNCTION IMPL");
            std::process::exit(2);
        }
    }
}

/// A deterministic scalar below r (of BN254 or BLS12-381: the top byte kept small).
fn scalar(seed: u8) -> [u8; 32] {
    let mut k = [0u8; 32];
    for (i, b) in k.iter_mut().enumerate() {
        *b = seed.wrapping_mul(31).wrapping_add(i as u8).wrapping_mul(97);
    }
    k[0] &= 0x1f;
    k
}

fn bn_g1(seed: u8) -> [u8; 64] {
    let k = ctt_field::bn254::Fr::from_bytes_be_mod_order(&scalar(seed));
    ctt_curves::bn254::G1Projective::generator()
        .mul(&k)
        .to_affine()
        .to_evm_bytes()
}

/// EIP-2537 coordinates without their padding (the zkVM encoding).
fn unpad<const N: usize>(padded: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, i) in out.chunks_exact_mut(48).zip(padded.chunks_exact(64)) {
        o.copy_from_slice(&i[16..]);
    }
    out
}

fn bls_g1(seed: u8) -> [u8; 96] {
    let k = ctt_field::bls12_381::Fr::from_bytes_be_mod_order(&scalar(seed));
    let p = ctt_curves::bls12_381::G1Projective::generator()
        .mul(&k)
        .to_affine();
    unpad(&p.to_eip2537_bytes())
}

fn bls_g2(seed: u8) -> [u8; 192] {
    let k = ctt_field::bls12_381::Fr::from_bytes_be_mod_order(&scalar(seed));
    let p = ctt_curves::bls12_381::G2Projective::generator()
        .mul(&k)
        .to_affine();
    unpad(&p.to_eip2537_bytes())
}

/// The zkVM G2 encoding (`x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1`) in zkcrypto's uncompressed order
/// (`x.c1 ‖ x.c0 ‖ y.c1 ‖ y.c0`).
fn zk_g2_bytes(p: &[u8; 192]) -> [u8; 192] {
    let mut out = [0u8; 192];
    for k in 0..2 {
        out[96 * k..96 * k + 48].copy_from_slice(&p[96 * k + 48..96 * k + 96]);
        out[96 * k + 48..96 * k + 96].copy_from_slice(&p[96 * k..96 * k + 48]);
    }
    out
}

/// A big-endian scalar as zkcrypto's (little-endian, below r).
fn zk_scalar(k: &[u8; 32]) -> bls12_381::Scalar {
    let mut le = *k;
    le.reverse();
    bls12_381::Scalar::from_bytes(&le).unwrap()
}

fn run(function: &str, imp: &str) {
    let data: Vec<u8> = (0..64u8).collect();
    match (function, imp) {
        ("keccak256", "ctt") => count(|| zkvm::keccak256(&data)),
        ("keccak256", _) => count(|| {
            use tiny_keccak::Hasher;
            let mut h = tiny_keccak::Keccak::v256();
            h.update(&data);
            let mut out = [0u8; 32];
            h.finalize(&mut out);
            out
        }),
        ("sha256", "ctt") => count(|| zkvm::sha256(&data)),
        ("sha256", _) => count(|| {
            use sha2::Digest;
            sha2::Sha256::digest(&data)
        }),
        ("ripemd160", "ctt") => count(|| zkvm::ripemd160(&data)),
        ("ripemd160", _) => count(|| {
            use ripemd::Digest;
            ripemd::Ripemd160::digest(&data)
        }),
        ("secp256k1_ecrecover" | "secp256k1_verify", _) => secp256k1(function, imp),
        ("secp256r1_verify", _) => secp256r1(imp),
        ("modexp", "ctt") => {
            let (b, e, m) = modexp_inputs();
            count(|| {
                let mut out = [0u8; 64];
                zkvm::modexp(&b, &e, &m, &mut out).unwrap();
                out
            })
        }
        ("modexp", _) => {
            let (b, e, m) = modexp_inputs();
            count(|| aurora_engine_modexp::modexp(&b, &e, &m))
        }
        (f, "ctt") if f.starts_with("bn254") => bn254_ctt(f),
        (f, _) if f.starts_with("bn254") => bn254_substrate(f),
        ("blake2f", _) => {
            let (m, t) = ([7u8; 128], [1u8; 16]);
            count(|| {
                let mut h = [3u8; 64];
                zkvm::blake2f(12, &mut h, &m, &t, 1).unwrap();
                h
            })
        }
        ("kzg_point_eval", _) => {
            let k = ctt_kzg::KzgSettings::mainnet();
            let mut blob = vec![0u8; ctt_kzg::BYTES_PER_BLOB];
            for (i, b) in blob.iter_mut().enumerate() {
                *b = if i % 32 == 0 { 0 } else { i as u8 };
            }
            let blob: &ctt_kzg::Blob = blob.as_slice().try_into().unwrap();
            let c = k.blob_to_kzg_commitment(blob).unwrap();
            let z = scalar(5);
            let (p, y) = k.compute_kzg_proof(blob, &z).unwrap();
            count(|| zkvm::kzg_point_eval(&c, &z, &y, &p).unwrap())
        }
        (f, "ctt") if f.starts_with("bls12") => bls12_ctt(f),
        (f, _) if f.starts_with("bls12") => bls12_zkcrypto(f),
        _ => {
            eprintln!("unknown contender {function} {imp}");
            std::process::exit(2);
        }
    }
}

fn modexp_inputs() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    // A 512-bit modulus and exponent: an RSA-style verification's size.
    let b: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(13)).collect();
    let e: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(29) | 1).collect();
    let mut m: Vec<u8> = (0..64u8)
        .map(|i| i.wrapping_mul(71).wrapping_add(5))
        .collect();
    m[0] |= 0x80;
    m[63] |= 1;
    (b, e, m)
}

fn secp256k1(function: &str, imp: &str) {
    use k256::ecdsa::signature::hazmat::PrehashVerifier;
    let sk = k256::ecdsa::SigningKey::from_slice(&scalar(9)).unwrap();
    let hash = scalar(11);
    let (sig, recid) = sk.sign_prehash_recoverable(&hash).unwrap();
    let sig_bytes: [u8; 64] = sig.to_bytes().into();
    let point = sk.verifying_key().to_encoded_point(false);
    let key: [u8; 64] = point.as_bytes()[1..].try_into().unwrap();
    match (function, imp) {
        ("secp256k1_ecrecover", "ctt") => {
            count(|| zkvm::secp256k1_ecrecover(&hash, &sig_bytes, recid.to_byte()).unwrap())
        }
        ("secp256k1_ecrecover", _) => count(|| {
            let sig = k256::ecdsa::Signature::from_slice(&sig_bytes).unwrap();
            let vk = k256::ecdsa::VerifyingKey::recover_from_prehash(&hash, &sig, recid).unwrap();
            vk.to_encoded_point(false)
        }),
        (_, "ctt") => count(|| zkvm::secp256k1_verify(&hash, &sig_bytes, &key).unwrap()),
        _ => count(|| {
            let mut sec1 = [4u8; 65];
            sec1[1..].copy_from_slice(&key);
            let vk = k256::ecdsa::VerifyingKey::from_sec1_bytes(&sec1).unwrap();
            let sig = k256::ecdsa::Signature::from_slice(&sig_bytes).unwrap();
            vk.verify_prehash(&hash, &sig).is_ok()
        }),
    }
}

fn secp256r1(imp: &str) {
    use p256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
    let sk = p256::ecdsa::SigningKey::from_slice(&scalar(9)).unwrap();
    let hash = scalar(11);
    let sig: p256::ecdsa::Signature = sk.sign_prehash(&hash).unwrap();
    let sig_bytes: [u8; 64] = sig.to_bytes().into();
    let point = sk.verifying_key().to_encoded_point(false);
    let key: [u8; 64] = point.as_bytes()[1..].try_into().unwrap();
    if imp == "ctt" {
        count(|| zkvm::secp256r1_verify(&hash, &sig_bytes, &key).unwrap());
    } else {
        count(|| {
            let mut sec1 = [4u8; 65];
            sec1[1..].copy_from_slice(&key);
            let vk = p256::ecdsa::VerifyingKey::from_sec1_bytes(&sec1).unwrap();
            let sig = p256::ecdsa::Signature::from_slice(&sig_bytes).unwrap();
            vk.verify_prehash(&hash, &sig).is_ok()
        });
    }
}

fn bn_pairs() -> Vec<Bn254PairingPair> {
    // e(aG, bH) · e(−abG, H) = 1: a pairing check that holds, as verifiers run it.
    let (a, b) = (scalar(1), scalar(2));
    let fa = ctt_field::bn254::Fr::from_bytes_be_mod_order(&a);
    let fb = ctt_field::bn254::Fr::from_bytes_be_mod_order(&b);
    let g1 = ctt_curves::bn254::G1Projective::generator();
    let g2 = ctt_curves::bn254::G2Projective::generator();
    vec![
        Bn254PairingPair {
            g1: g1.mul(&fa).to_affine().to_evm_bytes(),
            g2: g2.mul(&fb).to_affine().to_evm_bytes(),
        },
        Bn254PairingPair {
            g1: (-g1.mul(&(fa * fb))).to_affine().to_evm_bytes(),
            g2: g2.to_affine().to_evm_bytes(),
        },
    ]
}

fn bn254_ctt(function: &str) {
    let (p, q, k) = (bn_g1(1), bn_g1(2), scalar(3));
    match function {
        "bn254_g1_add" => count(|| zkvm::bn254_g1_add(&p, &q).unwrap()),
        "bn254_g1_mul" => count(|| zkvm::bn254_g1_mul(&p, &k).unwrap()),
        _ => {
            let pairs = bn_pairs();
            count(|| assert!(zkvm::bn254_pairing(&pairs).unwrap()))
        }
    }
}

fn sbn_g1(b: &[u8]) -> substrate_bn::G1 {
    let fq = |s: &[u8]| substrate_bn::Fq::from_slice(s).unwrap();
    substrate_bn::AffineG1::new(fq(&b[..32]), fq(&b[32..64]))
        .unwrap()
        .into()
}

fn sbn_g2(b: &[u8]) -> substrate_bn::G2 {
    let fq = |s: &[u8]| substrate_bn::Fq::from_slice(s).unwrap();
    let x = substrate_bn::Fq2::new(fq(&b[32..64]), fq(&b[..32]));
    let y = substrate_bn::Fq2::new(fq(&b[96..128]), fq(&b[64..96]));
    substrate_bn::AffineG2::new(x, y).unwrap().into()
}

fn sbn_out(p: substrate_bn::G1) -> [u8; 64] {
    let mut out = [0u8; 64];
    if let Some(a) = substrate_bn::AffineG1::from_jacobian(p) {
        a.x().to_big_endian(&mut out[..32]).unwrap();
        a.y().to_big_endian(&mut out[32..]).unwrap();
    }
    out
}

fn bn254_substrate(function: &str) {
    let (p, q, k) = (bn_g1(1), bn_g1(2), scalar(3));
    match function {
        "bn254_g1_add" => count(|| sbn_out(sbn_g1(&p) + sbn_g1(&q))),
        "bn254_g1_mul" => count(|| sbn_out(sbn_g1(&p) * substrate_bn::Fr::from_slice(&k).unwrap())),
        _ => {
            let pairs = bn_pairs();
            count(|| {
                let decoded: Vec<_> = pairs
                    .iter()
                    .map(|p| (sbn_g1(&p.g1), sbn_g2(&p.g2)))
                    .collect();
                assert!(substrate_bn::pairing_batch(&decoded) == substrate_bn::Gt::one());
            })
        }
    }
}

fn bls_pairs() -> Vec<Bls12PairingPair> {
    let (a, b) = (scalar(1), scalar(2));
    let fa = ctt_field::bls12_381::Fr::from_bytes_be_mod_order(&a);
    let fb = ctt_field::bls12_381::Fr::from_bytes_be_mod_order(&b);
    let g1 = ctt_curves::bls12_381::G1Projective::generator();
    let g2 = ctt_curves::bls12_381::G2Projective::generator();
    let e1 =
        |p: ctt_curves::bls12_381::G1Projective| unpad::<96>(&p.to_affine().to_eip2537_bytes());
    let e2 =
        |p: ctt_curves::bls12_381::G2Projective| unpad::<192>(&p.to_affine().to_eip2537_bytes());
    vec![
        Bls12PairingPair {
            g1: e1(g1.mul(&fa)),
            g2: e2(g2.mul(&fb)),
        },
        Bls12PairingPair {
            g1: e1(-g1.mul(&(fa * fb))),
            g2: e2(g2),
        },
    ]
}

fn bls12_ctt(function: &str) {
    let (p, q) = (bls_g1(1), bls_g1(2));
    let (p2, q2) = (bls_g2(1), bls_g2(2));
    match function {
        "bls12_g1_add" => count(|| zkvm::bls12_g1_add(&p, &q).unwrap()),
        "bls12_g2_add" => count(|| zkvm::bls12_g2_add(&p2, &q2).unwrap()),
        "bls12_g1_msm" => {
            let pairs = [
                Bls12G1MsmPair {
                    point: p,
                    scalar: scalar(3),
                },
                Bls12G1MsmPair {
                    point: q,
                    scalar: scalar(4),
                },
            ];
            count(|| zkvm::bls12_g1_msm(&pairs).unwrap())
        }
        "bls12_g2_msm" => {
            let pairs = [
                Bls12G2MsmPair {
                    point: p2,
                    scalar: scalar(3),
                },
                Bls12G2MsmPair {
                    point: q2,
                    scalar: scalar(4),
                },
            ];
            count(|| zkvm::bls12_g2_msm(&pairs).unwrap())
        }
        "bls12_pairing" => {
            let pairs = bls_pairs();
            count(|| assert!(zkvm::bls12_pairing(&pairs).unwrap()))
        }
        "bls12_map_fp_to_g1" => {
            let u = unpad::<48>(&[&[0u8; 16][..], &bls_g1(5)[..48]].concat());
            count(|| zkvm::bls12_map_fp_to_g1(&u).unwrap())
        }
        _ => {
            let x = bls_g1(6);
            count(|| zkvm::bls12_map_fp2_to_g2(&x).unwrap())
        }
    }
}

fn bls12_zkcrypto(function: &str) {
    use bls12_381::{G1Affine, G1Projective, G2Affine, G2Prepared, G2Projective};
    let (p, q) = (bls_g1(1), bls_g1(2));
    let (p2, q2) = (zk_g2_bytes(&bls_g2(1)), zk_g2_bytes(&bls_g2(2)));
    // EIP-2537's checks: on the curve for the additions, in the subgroup for MSMs and pairings.
    let on_curve = |b: &[u8; 96]| {
        let a = G1Affine::from_uncompressed_unchecked(b).unwrap();
        assert!(bool::from(a.is_on_curve()));
        a
    };
    let on_curve2 = |b: &[u8; 192]| {
        let a = G2Affine::from_uncompressed_unchecked(b).unwrap();
        assert!(bool::from(a.is_on_curve()));
        a
    };
    match function {
        "bls12_g1_add" => count(|| {
            G1Affine::from(G1Projective::from(on_curve(&p)) + on_curve(&q)).to_uncompressed()
        }),
        "bls12_g2_add" => count(|| {
            G2Affine::from(G2Projective::from(on_curve2(&p2)) + on_curve2(&q2)).to_uncompressed()
        }),
        "bls12_g1_msm" => {
            let (k1, k2) = (scalar(3), scalar(4));
            count(|| {
                let a = G1Affine::from_uncompressed(&p).unwrap();
                let b = G1Affine::from_uncompressed(&q).unwrap();
                G1Affine::from(a * zk_scalar(&k1) + b * zk_scalar(&k2)).to_uncompressed()
            })
        }
        "bls12_g2_msm" => {
            let (k1, k2) = (scalar(3), scalar(4));
            count(|| {
                let a = G2Affine::from_uncompressed(&p2).unwrap();
                let b = G2Affine::from_uncompressed(&q2).unwrap();
                G2Affine::from(a * zk_scalar(&k1) + b * zk_scalar(&k2)).to_uncompressed()
            })
        }
        _ => {
            let pairs = bls_pairs();
            count(|| {
                let decoded: Vec<(G1Affine, G2Prepared)> = pairs
                    .iter()
                    .map(|t| {
                        let g1 = G1Affine::from_uncompressed(&t.g1).unwrap();
                        let g2 = G2Affine::from_uncompressed(&zk_g2_bytes(&t.g2)).unwrap();
                        (g1, G2Prepared::from(g2))
                    })
                    .collect();
                let refs: Vec<(&G1Affine, &G2Prepared)> =
                    decoded.iter().map(|(a, b)| (a, b)).collect();
                let r = bls12_381::multi_miller_loop(&refs).final_exponentiation();
                assert!(r == bls12_381::Gt::identity());
            })
        }
    }
}
