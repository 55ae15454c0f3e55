//! Safe wrappers over blst's raw C API, one per function the comparison calls.
//!
//! Build: blst 0.3.17's `build.rs` picks the x86-64 code path at build time. With neither of its
//! features `portable` / `force-adx`, it follows `-C target-cpu=` when that is in RUSTFLAGS, and
//! otherwise probes the *build host* with `is_x86_feature_detected!("adx")` and defines
//! `__ADX__` (MULX/ADCX/ADOX assembly only). `portable` builds both paths and switches on CPUID
//! at run time. So a default build on this Zen 5 host already gets the ADX path; we enable
//! `force-adx` on x86-64 as well so that the figure does not silently fall back to the MULQ path
//! when RUSTFLAGS carry a `target-cpu` without ADX (e.g. a generic `x86-64`). The runner checks
//! at start-up that the CPU has ADX (see [`ensure_cpu`]).
//!
//! Both `blst_fp_inverse` and `blst_fp_eucl_inverse` call the same constant-time
//! `ct_inverse_mod_384` (recip.c): blst has no variable-time field inversion.
#![allow(unsafe_code)]

use ::blst::*;
pub use ::blst::{blst_fp, blst_fr};

/// Stops the process with a clear message when blst's ADX build cannot run on this CPU.
pub fn ensure_cpu() {
    #[cfg(target_arch = "x86_64")]
    if !(std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2")) {
        eprintln!("blst is built with force-adx but this CPU lacks ADX/BMI2");
        std::process::exit(2);
    }
}

/// Fp from 48 big-endian bytes (reduced by blst; our inputs are already `< p`).
pub fn fp_from_be(bytes: &[u8; 48]) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: `r` is a valid output, `bytes` is 48 readable bytes.
    unsafe { blst_fp_from_bendian(&mut r, bytes.as_ptr()) };
    r
}

/// Fp to 48 big-endian bytes.
pub fn fp_to_be(a: &blst_fp) -> [u8; 48] {
    let mut out = [0u8; 48];
    // SAFETY: `out` has room for 48 bytes.
    unsafe { blst_bendian_from_fp(out.as_mut_ptr(), a) };
    out
}

/// `a · b` in Fp.
#[inline]
pub fn fp_mul(a: &blst_fp, b: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp_mul(&mut r, a, b) };
    r
}

/// `a²` in Fp.
#[inline]
pub fn fp_sqr(a: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp_sqr(&mut r, a) };
    r
}

/// `a⁻¹` in Fp, constant time (`0` maps to `0`).
#[inline]
pub fn fp_inverse(a: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp_inverse(&mut r, a) };
    r
}

/// `a⁻¹` in Fp through `blst_fp_eucl_inverse` (the same constant-time code as [`fp_inverse`]).
#[inline]
pub fn fp_eucl_inverse(a: &blst_fp) -> blst_fp {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp_eucl_inverse(&mut r, a) };
    r
}

/// A square root of `a` in Fp, if `a` is a square.
#[inline]
pub fn fp_sqrt(a: &blst_fp) -> Option<blst_fp> {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp_sqrt(&mut r, a) }.then_some(r)
}

/// Fr from 32 big-endian bytes (must be `< r`).
pub fn fr_from_be(bytes: &[u8; 32]) -> blst_fr {
    let mut s = blst_scalar::default();
    let mut r = blst_fr::default();
    // SAFETY: valid pointers; `bytes` is 32 readable bytes.
    unsafe {
        blst_scalar_from_bendian(&mut s, bytes.as_ptr());
        blst_fr_from_scalar(&mut r, &s);
    }
    r
}

/// Fr to 32 big-endian bytes.
pub fn fr_to_be(a: &blst_fr) -> [u8; 32] {
    let mut s = blst_scalar::default();
    let mut out = [0u8; 32];
    // SAFETY: valid pointers; `out` has room for 32 bytes.
    unsafe {
        blst_scalar_from_fr(&mut s, a);
        blst_bendian_from_scalar(out.as_mut_ptr(), &s);
    }
    out
}

/// `a · b` in Fr.
#[inline]
pub fn fr_mul(a: &blst_fr, b: &blst_fr) -> blst_fr {
    let mut r = blst_fr::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fr_mul(&mut r, a, b) };
    r
}

pub use ::blst::{blst_fp2, blst_fp6, blst_fp12};

/// `a · b` in Fp2.
#[inline]
pub fn fp2_mul(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp2_mul(&mut r, a, b) };
    r
}

/// A square root in Fp2, `None` for a non-square.
#[inline]
pub fn fp2_sqrt(a: &blst_fp2) -> Option<blst_fp2> {
    let mut r = blst_fp2::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp2_sqrt(&mut r, a) }.then_some(r)
}

/// `a²` in Fp2.
#[inline]
pub fn fp2_sqr(a: &blst_fp2) -> blst_fp2 {
    let mut r = blst_fp2::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp2_sqr(&mut r, a) };
    r
}

/// `a · b` in Fp12.
#[inline]
pub fn fp12_mul(a: &blst_fp12, b: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp12_mul(&mut r, a, b) };
    r
}

/// `a²` in Fp12.
#[inline]
pub fn fp12_sqr(a: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised values.
    unsafe { blst_fp12_sqr(&mut r, a) };
    r
}
