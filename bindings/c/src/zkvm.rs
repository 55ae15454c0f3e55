//! The zkVM accelerator interface (`include/zkvm_accelerators.h`, the eth-act standard's names,
//! types and signatures) over `ctt_precompiles::zkvm`. Every function returns `ZKVM_EOK` (0) or
//! `ZKVM_EFAIL` (−1). The standard says a NULL pointer SHOULD panic; a panic must not cross a C
//! ABI, so NULL (and unaligned) pointers are `ZKVM_EFAIL` here, as is any input that fails the
//! checks of the operation's EIP (see the header).

use crate::ptr::{self, guard};
use ctt_precompiles::zkvm::{
    self, Bls12G1MsmPair, Bls12G2MsmPair, Bls12PairingPair, Bn254PairingPair,
};

/// `zkvm_status`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum zkvm_status {
    /// Success.
    ZKVM_EOK = 0,
    /// Failure: a NULL or unaligned pointer, or input the operation rejects.
    ZKVM_EFAIL = -1,
}

use zkvm_status::{ZKVM_EFAIL as EFAIL, ZKVM_EOK as EOK};

/// The standard's fixed-size byte types: `N` bytes, 8-byte aligned.
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct Bytes<const N: usize> {
    /// The bytes.
    pub data: [u8; N],
}

/// Runs `f` (which reads the inputs) and writes its value to `out`.
fn produce<T>(out: *mut T, f: impl FnOnce() -> Option<T>) -> zkvm_status {
    guard(EFAIL, || {
        // SAFETY: the header's contract: NULL or a writable, aligned `T`.
        let Some(out) = (unsafe { ptr::out(out) }) else {
            return EFAIL;
        };
        match f() {
            Some(v) => {
                out.write(v);
                EOK
            }
            None => EFAIL,
        }
    })
}

/// `*p`, or `None` for NULL or unaligned.
///
/// # Safety
/// The header's contract: NULL or a valid `T`.
unsafe fn get<'a, T>(p: *const T) -> Option<&'a T> {
    // SAFETY: the caller's contract.
    unsafe { ptr::reference(p) }
}

/// `len` bytes at `data` (NULL allowed for 0).
///
/// # Safety
/// The header's contract.
unsafe fn bytes<'a>(data: *const u8, len: usize) -> Option<&'a [u8]> {
    // SAFETY: the caller's contract.
    unsafe { ptr::slice(data, len as u64) }
}

macro_rules! hash_fn {
    ($(#[$doc:meta])* $name:ident => $f:path) => {
        $(#[$doc])*
        #[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(data: *const u8, len: usize, output: *mut Bytes<32>) -> zkvm_status {
            // SAFETY: the header's contract.
            produce(output, || Some(Bytes { data: $f(unsafe { bytes(data, len) }?) }))
        }
    };
}

hash_fn!(
    /// Keccak-256.
    zkvm_keccak256 => zkvm::keccak256
);
hash_fn!(
    /// SHA-256 (precompile 0x02).
    zkvm_sha256 => zkvm::sha256
);
hash_fn!(
    /// RIPEMD-160 after 12 zero bytes (precompile 0x03).
    zkvm_ripemd160 => zkvm::ripemd160
);

/// A verification: `*verified` on success.
fn verification(verified: *mut bool, f: impl FnOnce() -> Option<bool>) -> zkvm_status {
    produce(verified, f)
}

/// secp256k1 ECDSA verification.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_secp256k1_verify(
    msg: *const Bytes<32>,
    sig: *const Bytes<64>,
    pubkey: *const Bytes<64>,
    verified: *mut bool,
) -> zkvm_status {
    verification(verified, || {
        // SAFETY: the header's contract.
        let (m, s, k) = unsafe { (get(msg)?, get(sig)?, get(pubkey)?) };
        zkvm::secp256k1_verify(&m.data, &s.data, &k.data).ok()
    })
}

/// secp256k1 public-key recovery (precompile 0x01, returning the key).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_secp256k1_ecrecover(
    msg: *const Bytes<32>,
    sig: *const Bytes<64>,
    recid: u8,
    output: *mut Bytes<64>,
) -> zkvm_status {
    produce(output, || {
        // SAFETY: the header's contract.
        let (m, s) = unsafe { (get(msg)?, get(sig)?) };
        let data = zkvm::secp256k1_ecrecover(&m.data, &s.data, recid).ok()?;
        Some(Bytes { data })
    })
}

/// Modular exponentiation (precompile 0x05); `output` holds `mod_len` bytes.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_modexp(
    base: *const u8,
    base_len: usize,
    exp: *const u8,
    exp_len: usize,
    modulus: *const u8,
    mod_len: usize,
    output: *mut u8,
) -> zkvm_status {
    guard(EFAIL, || {
        // SAFETY: the header's contract.
        let (Some(b), Some(e), Some(m)) = (unsafe {
            (
                bytes(base, base_len),
                bytes(exp, exp_len),
                bytes(modulus, mod_len),
            )
        }) else {
            return EFAIL;
        };
        let mut result = vec![0u8; mod_len];
        if zkvm::modexp(b, e, m, &mut result).is_err() {
            return EFAIL;
        }
        if mod_len > 0 {
            // SAFETY: the header's contract: `output` holds `mod_len` writable bytes.
            match unsafe { ptr::out_slice(output, mod_len as u64) } {
                Some(out) => out.write(&result),
                None => return EFAIL,
            }
        }
        EOK
    })
}

/// A function of two points (or a point and a scalar) into a point.
macro_rules! binary_fn {
    ($(#[$doc:meta])* $name:ident($a:literal, $b:literal) -> $out:literal => $f:path) => {
        $(#[$doc])*
        #[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(
            p1: *const Bytes<$a>,
            p2: *const Bytes<$b>,
            result: *mut Bytes<$out>,
        ) -> zkvm_status {
            produce(result, || {
                // SAFETY: the header's contract.
                let (a, b) = unsafe { (get(p1)?, get(p2)?) };
                Some(Bytes { data: $f(&a.data, &b.data).ok()? })
            })
        }
    };
}

binary_fn!(
    /// BN254 G1 addition (0x06).
    zkvm_bn254_g1_add(64, 64) -> 64 => zkvm::bn254_g1_add
);
binary_fn!(
    /// BN254 G1 scalar multiplication (0x07).
    zkvm_bn254_g1_mul(64, 32) -> 64 => zkvm::bn254_g1_mul
);
binary_fn!(
    /// BLS12-381 G1 addition (0x0b).
    zkvm_bls12_g1_add(96, 96) -> 96 => zkvm::bls12_g1_add
);
binary_fn!(
    /// BLS12-381 G2 addition (0x0d).
    zkvm_bls12_g2_add(192, 192) -> 192 => zkvm::bls12_g2_add
);

/// BN254 pairing check (0x08): `num_pairs = 0` verifies.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_bn254_pairing(
    pairs: *const Bn254PairingPair,
    num_pairs: usize,
    verified: *mut bool,
) -> zkvm_status {
    verification(verified, || {
        // SAFETY: the header's contract.
        let pairs = unsafe { ptr::slice(pairs, num_pairs as u64) }?;
        zkvm::bn254_pairing(pairs).ok()
    })
}

/// BLAKE2b compression function F (0x09), in place on `h`.
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_blake2f(
    rounds: u32,
    h: *mut Bytes<64>,
    m: *const Bytes<128>,
    t: *const Bytes<16>,
    f: u8,
) -> zkvm_status {
    guard(EFAIL, || {
        // SAFETY: the header's contract.
        let (Some(h_in), Some(m), Some(t)) = (unsafe { (get(h.cast_const()), get(m), get(t)) })
        else {
            return EFAIL;
        };
        let mut state = h_in.data;
        if zkvm::blake2f(rounds, &mut state, &m.data, &t.data, f).is_err() {
            return EFAIL;
        }
        // SAFETY: `h` was checked above (non-NULL, aligned); writable by the header's contract.
        match unsafe { ptr::out(h) } {
            Some(out) => out.write(Bytes { data: state }),
            None => return EFAIL,
        }
        EOK
    })
}

/// KZG point evaluation (0x0a, without the versioned hash).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_kzg_point_eval(
    commitment: *const Bytes<48>,
    z: *const Bytes<32>,
    y: *const Bytes<32>,
    proof: *const Bytes<48>,
    verified: *mut bool,
) -> zkvm_status {
    verification(verified, || {
        // SAFETY: the header's contract.
        let (c, z, y, p) = unsafe { (get(commitment)?, get(z)?, get(y)?, get(proof)?) };
        zkvm::kzg_point_eval(&c.data, &z.data, &y.data, &p.data).ok()
    })
}

/// BLS12-381 G1 MSM (0x0c).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_bls12_g1_msm(
    pairs: *const Bls12G1MsmPair,
    num_pairs: usize,
    result: *mut Bytes<96>,
) -> zkvm_status {
    produce(result, || {
        // SAFETY: the header's contract.
        let pairs = unsafe { ptr::slice(pairs, num_pairs as u64) }?;
        Some(Bytes {
            data: zkvm::bls12_g1_msm(pairs).ok()?,
        })
    })
}

/// BLS12-381 G2 MSM (0x0e).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_bls12_g2_msm(
    pairs: *const Bls12G2MsmPair,
    num_pairs: usize,
    result: *mut Bytes<192>,
) -> zkvm_status {
    produce(result, || {
        // SAFETY: the header's contract.
        let pairs = unsafe { ptr::slice(pairs, num_pairs as u64) }?;
        Some(Bytes {
            data: zkvm::bls12_g2_msm(pairs).ok()?,
        })
    })
}

/// BLS12-381 pairing check (0x0f).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_bls12_pairing(
    pairs: *const Bls12PairingPair,
    num_pairs: usize,
    verified: *mut bool,
) -> zkvm_status {
    verification(verified, || {
        // SAFETY: the header's contract.
        let pairs = unsafe { ptr::slice(pairs, num_pairs as u64) }?;
        zkvm::bls12_pairing(pairs).ok()
    })
}

/// BLS12-381 map of an Fp element to G1 (0x10).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_bls12_map_fp_to_g1(
    field_element: *const Bytes<48>,
    result: *mut Bytes<96>,
) -> zkvm_status {
    produce(result, || {
        // SAFETY: the header's contract.
        let u = unsafe { get(field_element) }?;
        Some(Bytes {
            data: zkvm::bls12_map_fp_to_g1(&u.data).ok()?,
        })
    })
}

/// BLS12-381 map of an Fp2 element to G2 (0x11).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_bls12_map_fp2_to_g2(
    field_element: *const Bytes<96>,
    result: *mut Bytes<192>,
) -> zkvm_status {
    produce(result, || {
        // SAFETY: the header's contract.
        let u = unsafe { get(field_element) }?;
        Some(Bytes {
            data: zkvm::bls12_map_fp2_to_g2(&u.data).ok()?,
        })
    })
}

/// P-256 ECDSA verification (0x100).
#[cfg_attr(feature = "export-symbols", unsafe(no_mangle))]
pub unsafe extern "C" fn zkvm_secp256r1_verify(
    msg: *const Bytes<32>,
    sig: *const Bytes<64>,
    pubkey: *const Bytes<64>,
    verified: *mut bool,
) -> zkvm_status {
    verification(verified, || {
        // SAFETY: the header's contract.
        let (m, s, k) = unsafe { (get(msg)?, get(sig)?, get(pubkey)?) };
        zkvm::secp256r1_verify(&m.data, &s.data, &k.data).ok()
    })
}
