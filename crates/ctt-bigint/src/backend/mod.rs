//! Montgomery kernels, one implementation per instruction set, chosen once at run time.
//!
//! - [`portable`]: the `const fn` Rust code of [`crate::montgomery`]; always built, always tested,
//!   the reference for the others.
//! - [`x86_64_adx`]: MULX/ADCX/ADOX assembly for 4- and 6-limb moduli with a spare bit, and a
//!   full-width product and square for 4-limb moduli without one (secp256k1, P-256)
//!   (`asm/x86_64/`), used when CPUID leaf 7 reports BMI2 and ADX.
//! - [`radix29`]: Rust kernels in radix 2^29 with deferred carries for WebAssembly, which has no
//!   64×64→128-bit product; always built and tested, chosen at compile time for
//!   `target_family = "wasm"` (no run-time choice: one backend per wasm build).
//! - `aarch64` (built on AArch64 only): MUL/UMULH + ADDS/ADCS assembly for 4- and 6-limb moduli
//!   with a spare bit, 4-limb moduli without one (a full-width Montgomery product) and secp256k1's
//!   p in the unit radix (a folding product) (`asm/aarch64/`), used on every AArch64 CPU (base
//!   ARMv8-A instructions only).
//!
//! Full-width moduli (no spare bit) have x86-64 kernels for the product, the square and the
//! modular addition and subtraction (and secp256k1's pseudo-Mersenne p, in the unit radix of
//! [`crate::montgomery::UNIT_RADIX_N0`], a product and square reduced by folding); the wide and Fp2 kernels (which only the towers of the
//! spare-bit fields use) fall back to portable code for them. The choice is a
//! constant property of the modulus, resolved at compile time.
//!
//! Every kernel takes the modulus and `n0` as arguments (as blst's `mul_mont_384(ret, a, b, p, n0)`),
//! so one kernel serves every field of its size. The CPU is probed once; the answer is cached in an
//! atomic and read (one load, one predictable branch) on each call. Feature `force-portable` pins
//! the portable path; `force-adx` pins the assembly without probing (valgrind hides ADX from CPUID).
//! [`force`] lets tests and benchmarks pick any backend the CPU supports.
//!
//! This module is the only place in the workspace where `unsafe` is allowed.
#![allow(unsafe_code)]

use crate::BigInt;
use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "aarch64")]
pub mod aarch64;
pub mod portable;
pub mod radix29;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_adx;

/// A Montgomery kernel implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Portable Rust.
    Portable,
    /// x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX).
    X86_64Adx,
    /// AArch64 (ARMv8-A) MUL/UMULH with ADDS/ADCS carry chains.
    Aarch64,
}

/// Why a backend cannot be forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub Backend);

impl core::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "backend {:?} is not supported by this CPU or build",
            self.0
        )
    }
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
/// Also read by the x86-64 kernels that test the backend inside their asm block.
pub(crate) const X86_ADX: u8 = 2;
const AARCH64: u8 = 3;

/// The selected backend's code (`UNKNOWN` until the first dispatched call); read by the
/// `_dispatched` x86-64 kernels from their asm block.
pub(crate) static SELECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

fn encode(b: Backend) -> u8 {
    match b {
        Backend::Portable => PORTABLE,
        Backend::X86_64Adx => X86_ADX,
        Backend::Aarch64 => AARCH64,
    }
}

/// Whether this CPU (and build) can run `b`.
pub fn is_supported(b: Backend) -> bool {
    match b {
        Backend::Portable => true,
        Backend::X86_64Adx => {
            #[cfg(target_arch = "x86_64")]
            {
                x86_64_adx::cpu_supports()
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                false
            }
        }
        Backend::Aarch64 => {
            #[cfg(target_arch = "aarch64")]
            {
                aarch64::cpu_supports()
            }
            #[cfg(not(target_arch = "aarch64"))]
            {
                false
            }
        }
    }
}

/// The best backend for this CPU, honouring the `force-*` features.
pub fn detect() -> Backend {
    if cfg!(feature = "force-portable") {
        Backend::Portable
    } else if is_supported(Backend::X86_64Adx) {
        Backend::X86_64Adx
    } else if is_supported(Backend::Aarch64) {
        Backend::Aarch64
    } else {
        Backend::Portable
    }
}

#[inline(always)]
pub(crate) fn selected_code() -> u8 {
    let s = SELECTED.load(Ordering::Relaxed);
    if s != UNKNOWN {
        return s;
    }
    select_slow()
}

#[cold]
fn select_slow() -> u8 {
    let s = encode(detect());
    SELECTED.store(s, Ordering::Relaxed);
    s
}

/// The backend every dispatched call uses.
pub fn active() -> Backend {
    match selected_code() {
        X86_ADX => Backend::X86_64Adx,
        AARCH64 => Backend::Aarch64,
        _ => Backend::Portable,
    }
}

/// Makes every later call use `b` (for tests and benchmarks that measure each backend).
/// Results are identical whichever backend runs, so concurrent callers stay correct.
pub fn force(b: Backend) -> Result<(), Unsupported> {
    if !is_supported(b) || (cfg!(feature = "force-portable") && b != Backend::Portable) {
        return Err(Unsupported(b));
    }
    SELECTED.store(encode(b), Ordering::Relaxed);
    Ok(())
}

/// Whether the assembly kernel for `N` limbs and modulus `p` may be used: 4 or 6 limbs and a
/// spare bit (the kernels use the no-carry CIOS). Folds to a constant when `p` is a constant.
#[inline(always)]
const fn asm_shape<const N: usize>(p: &BigInt<N>) -> bool {
    (N == 4 || N == 6) && crate::montgomery::has_spare_bit(p)
}

/// Whether the full-width assembly kernel applies: 4 limbs without a spare bit (top limb
/// `≥ 2^63 − 1`: secp256k1, P-256). Folds to a constant when `p` is a constant, so the spare-bit
/// fields never see the extra branch.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
const fn asm_full_shape<const N: usize>(p: &BigInt<N>) -> bool {
    N == 4 && !crate::montgomery::has_spare_bit(p)
}

/// Montgomery product `a·b·R⁻¹ mod p` (inputs `< p`) on the active backend; the plain
/// `a·b mod p` for `n0 =` [`UNIT_RADIX_N0`](crate::montgomery::UNIT_RADIX_N0) (a pseudo-Mersenne
/// `p`, any inputs below `2^(64N)`).
#[inline(always)]
pub fn mont_mul<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    if n0 == crate::montgomery::UNIT_RADIX_N0 {
        // The backend test is inside the kernel's asm block (see `dispatch_rows` in the
        // generator): the result stays in registers whichever path runs.
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if x86_64_adx::has_crandall_kernel(p) {
            return x86_64_adx::crandall_mul_dispatched(a, b);
        }
        #[cfg(target_arch = "aarch64")]
        if aarch64::has_crandall_kernel(p) && selected_code() == AARCH64 {
            // SAFETY: the kernel's modulus shape (N = 4, p = 2^256 − c) was just checked.
            return unsafe { aarch64::crandall_mul_unchecked(a, b, p) };
        }
        return portable_mul_outlined(a, b, p, n0);
    }
    #[cfg(target_family = "wasm")]
    if radix29::applies(p) {
        return wasm_mul_outlined(a, b, p, n0);
    }
    // P-256's kernel tests the backend inside its asm block, as the folding kernel above.
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if x86_64_adx::is_p256(p) {
        return x86_64_adx::p256_mul_dispatched(a, b);
    }
    #[cfg(target_arch = "x86_64")]
    if asm_full_shape(p) && selected_code() == X86_ADX {
        // SAFETY: X86_ADX is only selected when the CPU has BMI2 and ADX; N = 4 was checked.
        return unsafe { x86_64_adx::mont_mul_full_unchecked(a, b, p, n0) };
    }
    #[cfg(target_arch = "aarch64")]
    if asm_full_shape(p) && selected_code() == AARCH64 {
        // SAFETY: every AArch64 CPU runs the kernel; N = 4 was checked.
        return unsafe { aarch64::mont_mul_full_unchecked(a, b, p, n0) };
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if asm_shape(p) {
        return x86_64_adx::mont_mul_dispatched(a, b, p, n0);
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(p) && selected_code() == AARCH64 {
        // SAFETY: the AArch64 kernels run on every AArch64 CPU, and `asm_shape` checked their
        // preconditions.
        return unsafe { aarch64::mont_mul_unchecked(a, b, p, n0) };
    }
    portable_mul_outlined(a, b, p, n0)
}

/// Montgomery square `a²·R⁻¹ mod p` (input `< p`) on the active backend; `a² mod p` for the
/// unit radix, as in [`mont_mul`].
#[inline(always)]
pub fn mont_sqr<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    if n0 == crate::montgomery::UNIT_RADIX_N0 {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        if x86_64_adx::has_crandall_kernel(p) {
            return x86_64_adx::crandall_sqr_dispatched(a);
        }
        #[cfg(target_arch = "aarch64")]
        if aarch64::has_crandall_kernel(p) && selected_code() == AARCH64 {
            // SAFETY: as in `mont_mul`.
            return unsafe { aarch64::crandall_mul_unchecked(a, a, p) };
        }
        return portable_sqr_outlined(a, p, n0);
    }
    #[cfg(target_family = "wasm")]
    if radix29::applies(p) {
        return wasm_sqr_outlined(a, p, n0);
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if x86_64_adx::is_p256(p) {
        return x86_64_adx::p256_sqr_dispatched(a);
    }
    #[cfg(target_arch = "x86_64")]
    if asm_full_shape(p) && selected_code() == X86_ADX {
        // SAFETY: as in `mont_mul`.
        return unsafe { x86_64_adx::mont_sqr_full_unchecked(a, p, n0) };
    }
    #[cfg(target_arch = "aarch64")]
    if asm_full_shape(p) && selected_code() == AARCH64 {
        // SAFETY: as in `mont_mul`.
        return unsafe { aarch64::mont_mul_full_unchecked(a, a, p, n0) };
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if asm_shape(p) {
        return x86_64_adx::mont_sqr_dispatched(a, p, n0);
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(p) && selected_code() == AARCH64 {
        // SAFETY: as in `mont_mul`.
        return unsafe { aarch64::mont_sqr_unchecked(a, p, n0) };
    }
    portable_sqr_outlined(a, p, n0)
}

/// Unreduced Montgomery product on the active backend: for `a, b < 2p` and `4p < R`
/// ([`crate::montgomery::has_two_spare_bits`], which the caller must guarantee), a value
/// `≡ a·b·R⁻¹ (mod p)` below `2p`. For exponentiation chains that reduce once at the end
/// ([`crate::montgomery::reduce_once`]). The AArch64 backend runs the portable code.
#[inline(always)]
pub fn mont_mul_nonred<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    debug_assert!(crate::montgomery::has_two_spare_bits(p));
    #[cfg(target_family = "wasm")]
    if radix29::applies(p) {
        return wasm_mul_nonred_outlined(a, b, p, n0);
    }
    #[cfg(target_arch = "x86_64")]
    if asm_shape(p) && crate::montgomery::has_two_spare_bits(p) && selected_code() == X86_ADX {
        // SAFETY: as in `mont_mul`; the kernel's extra condition 4p < R was just checked.
        return unsafe { x86_64_adx::mont_mul_nonred_unchecked(a, b, p, n0) };
    }
    portable_mul_nonred_outlined(a, b, p, n0)
}

/// The double-width product `a·b = hi·R + lo` as `(lo, hi)`, no reduction, on the active
/// backend (no precondition). The AArch64 backend runs the portable code.
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &BigInt<N>, b: &BigInt<N>) -> (BigInt<N>, BigInt<N>) {
    #[cfg(target_arch = "x86_64")]
    if (N == 4 || N == 6) && selected_code() == X86_ADX {
        // SAFETY: X86_ADX is only selected when the CPU has BMI2 and ADX; N was checked.
        return unsafe { x86_64_adx::mul_wide_unchecked(a, b) };
    }
    crate::montgomery::mul_wide(a, b)
}

/// Montgomery reduction of the double-width `hi·R + lo` for `hi < p` (a value below `p·R`),
/// fully reduced: `(hi·R + lo)·R⁻¹ mod p`, on the active backend. Needs a spare bit in `p`.
#[inline(always)]
pub fn redc_wide<const N: usize>(
    lo: &BigInt<N>,
    hi: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(p) && selected_code() == X86_ADX {
        // SAFETY: as in `mont_mul`.
        return unsafe { x86_64_adx::redc_wide_unchecked(lo, hi, p, n0) };
    }
    portable_redc_wide_outlined(lo, hi, p, n0)
}

/// Fp2 product `(a0 + a1·u)(b0 + b1·u)` with `u² = −1` (operands `< p`), fully reduced, on the
/// active backend. x86-64 ADX: one assembly block (Karatsuba, 3 double-width products, 2
/// reductions, temporaries on the stack). AArch64: Karatsuba on its Montgomery kernels (it has no
/// wide kernels). Portable: [`portable::fp2_mul`].
#[inline(always)]
pub fn fp2_mul<const N: usize>(
    a: &[BigInt<N>; 2],
    b: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(p) && selected_code() == X86_ADX {
        // SAFETY: as in `mont_mul` (the kernel needs the spare bit that `asm_shape` checked).
        return unsafe { x86_64_adx::fp2_mul_unchecked(a, b, p, n0) };
    }
    #[cfg(target_family = "wasm")]
    if radix29::applies(p) {
        return wasm_fp2_mul_outlined(a, b, p, n0);
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(p) && selected_code() == AARCH64 {
        let v0 = mont_mul(&a[0], &b[0], p, n0);
        let v1 = mont_mul(&a[1], &b[1], p, n0);
        let s = mont_mul(&add_mod(&a[0], &a[1], p), &add_mod(&b[0], &b[1], p), p, n0);
        return [sub_mod(&v0, &v1, p), sub_mod(&sub_mod(&s, &v0, p), &v1, p)];
    }
    portable_fp2_mul_outlined(a, b, p, n0)
}

/// Fp2 square `(a0 + a1·u)²` with `u² = −1` (operand `< p`), fully reduced, on the active
/// backend: `[(a0 + a1)(a0 − a1), 2·a0·a1]`, 2 Montgomery products (one assembly block on
/// x86-64 ADX when `4p < R`; see [`portable::fp2_sqr`] for the bounds).
#[inline(always)]
pub fn fp2_sqr<const N: usize>(a: &[BigInt<N>; 2], p: &BigInt<N>, n0: u64) -> [BigInt<N>; 2] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(p) && crate::montgomery::has_two_spare_bits(p) && selected_code() == X86_ADX {
        // SAFETY: as in `mont_mul`; the kernel's extra condition 4p < R was just checked.
        return unsafe { x86_64_adx::fp2_sqr_unchecked(a, p, n0) };
    }
    #[cfg(target_family = "wasm")]
    if radix29::applies(p) {
        return wasm_fp2_sqr_outlined(a, p, n0);
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(p) && selected_code() == AARCH64 {
        // The same formula on the AArch64 Montgomery kernels (the no-carry kernel accepts one
        // operand below 2p when 4p < R, as the portable one).
        let d = sub_mod(&a[0], &a[1], p);
        if !crate::montgomery::has_two_spare_bits(p) {
            let s = add_mod(&a[0], &a[1], p);
            let c = mont_mul(&a[0], &a[1], p, n0);
            return [mont_mul(&s, &d, p, n0), add_mod(&c, &c, p)];
        }
        let s = a[0].wrapping_add(&a[1]);
        let t = a[0].wrapping_add(&a[0]);
        return [mont_mul(&s, &d, p, n0), mont_mul(&t, &a[1], p, n0)];
    }
    portable_fp2_sqr_outlined(a, p, n0)
}

/// Whether [`fp2_sum_of_products`] with `k` terms is built on the fused kernel: x86-64 (without
/// `force-portable`), `k` ∈ {2, 3} and `2k·p < R`. Elsewhere (AArch64, portable) the sum is `k`
/// Fp2 products and additions, so callers choosing between formulas (the towers) keep their
/// Karatsuba forms there. A compile-time answer on purpose: checking the selected backend at
/// run time in the tower made the BLS12-381 Miller loop 14 % slower (code layout); an x86-64
/// CPU without ADX (before 2014) still gets correct results, through the fallback.
#[inline(always)]
pub const fn fp2_sum_of_products_is_fused<const N: usize>(p: &BigInt<N>, k: usize) -> bool {
    cfg!(target_arch = "x86_64")
        && !cfg!(feature = "force-portable")
        && asm_shape(p)
        && (k == 2 || k == 3)
        && crate::montgomery::fp2_sum_of_products_fits(p, k as u64)
}

/// `Σ x_k·y_k` in Fp2 (`u² = −1`, operands `< p`), fully reduced, on the active backend. x86-64
/// ADX, `K` ∈ {2, 3} and `2K·p < R` ([`crate::montgomery::fp2_sum_of_products_fits`]): one
/// assembly block that accumulates the `3K` Karatsuba products in double width and reduces twice
/// (instead of `2K` reductions and `2(K − 1)` modular additions). Elsewhere: [`fp2_mul`] per term
/// and modular additions ([`portable::fp2_sum_of_products`]; AArch64 on its kernels).
#[inline(always)]
pub fn fp2_sum_of_products<const N: usize, const K: usize>(
    x: &[[BigInt<N>; 2]; K],
    y: &[[BigInt<N>; 2]; K],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    #[cfg(target_arch = "x86_64")]
    if asm_shape(p)
        && (K == 2 || K == 3)
        && crate::montgomery::fp2_sum_of_products_fits(p, K as u64)
        && selected_code() == X86_ADX
    {
        // SAFETY: as in `mont_mul`; the kernel's bound 2K·p < R was just checked.
        return unsafe { x86_64_adx::fp2_sum_of_products_unchecked(x, y, p, n0) };
    }
    // The towers do not ask for fused sums on wasm (`fp2_sum_of_products_is_fused`); the few
    // direct callers get the wasm Fp2 kernel per term.
    #[cfg(target_family = "wasm")]
    if radix29::applies(p) {
        return fp2_sum_of_products_by_terms(x, y, p, n0);
    }
    #[cfg(target_arch = "aarch64")]
    if asm_shape(p) && selected_code() == AARCH64 {
        return fp2_sum_of_products_by_terms(x, y, p, n0);
    }
    portable_fp2_sum_of_products_outlined(x, y, p, n0)
}

/// `Σ x_k·y_k` as one dispatched [`fp2_mul`] per term and modular additions: the sum on
/// backends without a fused kernel for it (AArch64, WebAssembly).
#[cfg(any(target_arch = "aarch64", target_family = "wasm"))]
#[inline(always)]
fn fp2_sum_of_products_by_terms<const N: usize, const K: usize>(
    x: &[[BigInt<N>; 2]; K],
    y: &[[BigInt<N>; 2]; K],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    let mut acc = fp2_mul(&x[0], &y[0], p, n0);
    for k in 1..K {
        let t = fp2_mul(&x[k], &y[k], p, n0);
        acc = [add_mod(&acc[0], &t[0], p), add_mod(&acc[1], &t[1], p)];
    }
    acc
}

/// `(a + b) mod p` (inputs `< p`) on the active backend. Measured dead end (BLS12-381, AMD
/// EPYC): taking the assembly whenever the shape allows, without the backend check (it needs no
/// ADX), made the Fp12 product 0.99 → 0.95× blst and the final exponentiation 0.91 → 0.87×, but
/// the Miller loop 0.98 → 1.10× (the Fp12 square's additions ran ~2.6× slower inside the loop):
/// layout-sensitive, not kept. Keeping the check but calling the portable fallback out of line
/// was worse everywhere (final exponentiation 0.88 → 1.0× blst).
#[inline(always)]
pub fn add_mod<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    #[cfg(target_arch = "x86_64")]
    if asm_full_shape(p) && selected_code() == X86_ADX {
        // SAFETY: plain x86-64 instructions on valid references; N = 4 checked.
        return unsafe { x86_64_adx::add_mod_full_unchecked(a, b, p) };
    }
    #[cfg(target_arch = "x86_64")]
    if asm_shape(p) && selected_code() == X86_ADX {
        // SAFETY: plain x86-64 instructions on valid references; shape checked.
        return unsafe { x86_64_adx::add_mod_unchecked(a, b, p) };
    }
    crate::montgomery::add_mod(a, b, p)
}

/// `(a − b) mod p` (inputs `< p`) on the active backend.
#[inline(always)]
pub fn sub_mod<const N: usize>(a: &BigInt<N>, b: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    #[cfg(target_arch = "x86_64")]
    if (asm_shape(p) || asm_full_shape(p)) && selected_code() == X86_ADX {
        // SAFETY: as in `add_mod`.
        return unsafe { x86_64_adx::sub_mod_unchecked(a, b, p) };
    }
    crate::montgomery::sub_mod(a, b, p)
}

/// `(−a) mod p` (input `< p`) on the active backend.
#[inline(always)]
pub fn neg_mod<const N: usize>(a: &BigInt<N>, p: &BigInt<N>) -> BigInt<N> {
    sub_mod(&BigInt::ZERO, a, p)
}

/// The portable fallback behind the dispatcher, kept out of line: the unrolled 6-limb CIOS is
/// ~300 instructions, and inlining it beside the assembly at every multiplication site of the
/// towers would multiply code size for a path that machines with a kernel never take.
#[inline(never)]
fn portable_mul_outlined<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    portable::mont_mul(a, b, p, n0)
}

/// See [`portable_mul_outlined`].
#[inline(never)]
fn portable_sqr_outlined<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    portable::mont_sqr(a, p, n0)
}

/// See [`portable_mul_outlined`].
#[inline(never)]
fn portable_mul_nonred_outlined<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    portable::mont_mul_nonred(a, b, p, n0)
}

/// See [`portable_mul_outlined`].
#[inline(never)]
fn portable_redc_wide_outlined<const N: usize>(
    lo: &BigInt<N>,
    hi: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    portable::redc_wide(lo, hi, p, n0)
}

/// See [`portable_mul_outlined`].
#[inline(never)]
fn portable_fp2_mul_outlined<const N: usize>(
    a: &[BigInt<N>; 2],
    b: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    portable::fp2_mul(a, b, p, n0)
}

/// See [`portable_mul_outlined`].
#[inline(never)]
fn portable_fp2_sqr_outlined<const N: usize>(
    a: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    portable::fp2_sqr(a, p, n0)
}

/// See [`portable_mul_outlined`].
#[inline(never)]
fn portable_fp2_sum_of_products_outlined<const N: usize, const K: usize>(
    x: &[[BigInt<N>; 2]; K],
    y: &[[BigInt<N>; 2]; K],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    portable::fp2_sum_of_products(x, y, p, n0)
}

/// The WebAssembly kernels ([`radix29`]), out of line for the reason of
/// [`portable_mul_outlined`]: one copy per limb count, shared by every call site.
#[cfg(target_family = "wasm")]
#[inline(never)]
fn wasm_mul_outlined<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    radix29::mont_mul(a, b, p, n0)
}

/// See [`wasm_mul_outlined`].
#[cfg(target_family = "wasm")]
#[inline(never)]
fn wasm_sqr_outlined<const N: usize>(a: &BigInt<N>, p: &BigInt<N>, n0: u64) -> BigInt<N> {
    radix29::mont_sqr(a, p, n0)
}

/// See [`wasm_mul_outlined`].
#[cfg(target_family = "wasm")]
#[inline(never)]
fn wasm_mul_nonred_outlined<const N: usize>(
    a: &BigInt<N>,
    b: &BigInt<N>,
    p: &BigInt<N>,
    n0: u64,
) -> BigInt<N> {
    radix29::mont_mul_nonred(a, b, p, n0)
}

/// See [`wasm_mul_outlined`].
#[cfg(target_family = "wasm")]
#[inline(never)]
fn wasm_fp2_mul_outlined<const N: usize>(
    a: &[BigInt<N>; 2],
    b: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    radix29::fp2_mul_with(a, b, p, |x, y| wasm_mul_outlined(x, y, p, n0))
}

/// See [`wasm_mul_outlined`].
#[cfg(target_family = "wasm")]
#[inline(never)]
fn wasm_fp2_sqr_outlined<const N: usize>(
    a: &[BigInt<N>; 2],
    p: &BigInt<N>,
    n0: u64,
) -> [BigInt<N>; 2] {
    radix29::fp2_sqr_with(a, p, |x, y| wasm_mul_outlined(x, y, p, n0))
}

/// `r[..a.len()] += a·b`, returning the carry limb, on the active backend: one row of a
/// schoolbook product for the variable-length arithmetic of MODEXP (MULX/ADCX/ADOX on x86-64
/// with ADX, portable Rust elsewhere). Its run time depends on `a.len()` only.
///
/// # Panics
/// If `r` is shorter than `a`.
#[inline]
pub fn addmul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    assert!(r.len() >= a.len(), "addmul_1: output shorter than input");
    #[cfg(target_arch = "x86_64")]
    if selected_code() == X86_ADX {
        // SAFETY: X86_ADX is only selected when the CPU has BMI2 and ADX (or `force-adx` asked
        // for it); the length precondition was asserted.
        return unsafe { x86_64_adx::addmul_1_unchecked(r, a, b) };
    }
    portable::addmul_1(r, a, b)
}
