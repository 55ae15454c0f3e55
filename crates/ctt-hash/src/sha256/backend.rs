//! SHA-256 compression backends, chosen once at run time.
//!
//! - [`Backend::Portable`]: the `const fn` Rust rounds of [`super`] (FIPS 180-4 §6.2.2); always
//!   built, always tested, the reference for the others.
//! - [`Backend::X86ShaNi`] (x86-64): the SHA extensions — `SHA256RNDS2`, `SHA256MSG1`,
//!   `SHA256MSG2` with SSSE3 `PSHUFB`/`PALIGNR` and SSE4.1 `PBLENDW` — used when CPUID reports SHA
//!   (leaf 7, EBX bit 29), SSSE3 (leaf 1, ECX bit 9) and SSE4.1 (leaf 1, ECX bit 19).
//! - [`Backend::Aarch64Sha2`] (AArch64): the Armv8 Cryptographic Extension's `SHA256H`,
//!   `SHA256H2`, `SHA256SU0`, `SHA256SU1`, used when the build targets feature `sha2`
//!   (`-C target-feature=+sha2`, Apple targets) or, with feature `std`, when
//!   `is_aarch64_feature_detected!("sha2")` says the CPU has it. Without `std` an AArch64 Linux
//!   binary cannot ask the kernel (that needs `getauxval`), so it falls back to the portable code.
//!
//! Both hardware kernels take many 64-byte blocks per call and keep the chaining state in vector
//! registers from the first block to the last. The x86-64 instruction schedule (while the two
//! `SHA256RNDS2` of rounds 4i…4i+3 run, `SHA256MSG2` completes the message words of the next four
//! rounds and `SHA256MSG1` starts those three groups ahead) is the one of Intel's white paper: S. Gulley, V. Gopal, K. Yap, W. Feghali, J. Guilford,
//! G. Wolrich, "Intel SHA Extensions: New Instructions Supporting the Secure Hash Algorithm on
//! Intel Architecture Processors", Intel, July 2013.
//!
//! Selection: the CPU is probed once (CPUID needs no `std`), the answer is cached in an atomic and
//! every call reads it (one load, one predictable branch), as in `ctt-bigint`'s backends. Feature
//! `force-portable` pins the portable path (valgrind-based tooling, tests of the reference);
//! [`force`] lets benchmarks pick any backend the CPU supports, and [`sha256_on`] /
//! [`compress_blocks_on`] run one backend explicitly, which is how the tests compare them.
//!
//! Constant time: the SHA instructions, like the portable rounds, take time independent of the
//! data; which backend runs depends on the CPU only.
//!
//! This module is the only place in `ctt-hash` where `unsafe` is allowed (the crate denies it):
//! calls into `#[target_feature]` functions, which are sound only on CPUs with those features,
//! and the unaligned vector loads and stores of the kernels (CPUID itself is a safe intrinsic).
//! Every `unsafe` block has a `// SAFETY:` comment.
#![allow(unsafe_code)]

use super::{BLOCK_LEN, DIGEST_LEN};
use core::sync::atomic::{AtomicU8, Ordering};

/// A SHA-256 compression implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Portable Rust (FIPS 180-4 §6.2.2 as written).
    Portable,
    /// x86-64 SHA extensions (SHA-NI) with SSSE3 and SSE4.1.
    X86ShaNi,
    /// AArch64 SHA-2 instructions (Armv8 Cryptographic Extension, feature `sha2`).
    Aarch64Sha2,
}

/// Every backend, for tests and benchmarks that try each one the CPU supports.
pub const ALL: [Backend; 3] = [Backend::Portable, Backend::X86ShaNi, Backend::Aarch64Sha2];

/// Why a backend cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub Backend);

impl core::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "SHA-256 backend {:?} is not supported by this CPU or build",
            self.0
        )
    }
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const X86_SHA_NI: u8 = 2;
const AARCH64_SHA2: u8 = 3;

static SELECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

fn encode(b: Backend) -> u8 {
    match b {
        Backend::Portable => PORTABLE,
        Backend::X86ShaNi => X86_SHA_NI,
        Backend::Aarch64Sha2 => AARCH64_SHA2,
    }
}

/// Whether this CPU (and build) can run `b`. Ignores `force-portable`, so tests can still compare
/// every backend the CPU has.
pub fn is_supported(b: Backend) -> bool {
    match b {
        Backend::Portable => true,
        Backend::X86ShaNi => {
            #[cfg(target_arch = "x86_64")]
            {
                x86_64_sha_ni::cpu_supports()
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                false
            }
        }
        Backend::Aarch64Sha2 => {
            #[cfg(target_arch = "aarch64")]
            {
                aarch64_sha2::cpu_supports()
            }
            #[cfg(not(target_arch = "aarch64"))]
            {
                false
            }
        }
    }
}

/// The best backend for this CPU, honouring `force-portable`.
pub fn detect() -> Backend {
    if cfg!(feature = "force-portable") {
        Backend::Portable
    } else if is_supported(Backend::X86ShaNi) {
        Backend::X86ShaNi
    } else if is_supported(Backend::Aarch64Sha2) {
        Backend::Aarch64Sha2
    } else {
        Backend::Portable
    }
}

#[inline(always)]
fn selected_code() -> u8 {
    let s = SELECTED.load(Ordering::Relaxed);
    if s != UNKNOWN {
        return s;
    }
    select_slow()
}

#[cold]
#[inline(never)]
fn select_slow() -> u8 {
    let s = encode(detect());
    SELECTED.store(s, Ordering::Relaxed);
    s
}

/// The backend that [`super::sha256`] and [`super::Sha256`] use.
pub fn active() -> Backend {
    match selected_code() {
        X86_SHA_NI => Backend::X86ShaNi,
        AARCH64_SHA2 => Backend::Aarch64Sha2,
        _ => Backend::Portable,
    }
}

/// Makes every later call use `b` (for benchmarks that measure each backend). Every backend
/// computes the same function, so concurrent callers stay correct.
pub fn force(b: Backend) -> Result<(), Unsupported> {
    if !is_supported(b) || (cfg!(feature = "force-portable") && b != Backend::Portable) {
        return Err(Unsupported(b));
    }
    SELECTED.store(encode(b), Ordering::Relaxed);
    Ok(())
}

/// Absorbs whole blocks into `state` on the active backend: the one entry point of the hashers.
#[inline]
pub(crate) fn compress_blocks(state: &mut [u32; 8], blocks: &[[u8; BLOCK_LEN]]) {
    #[cfg(target_arch = "x86_64")]
    if selected_code() == X86_SHA_NI {
        // SAFETY: X86_SHA_NI is only ever stored in SELECTED after `is_supported` saw SHA, SSSE3
        // and SSE4.1 in CPUID (SSE2 is part of x86-64), the features the kernel is compiled for.
        unsafe { x86_64_sha_ni::compress_blocks(state, blocks) };
        return;
    }
    #[cfg(target_arch = "aarch64")]
    if selected_code() == AARCH64_SHA2 {
        // SAFETY: AARCH64_SHA2 is only ever stored in SELECTED after `is_supported` found the
        // `sha2` feature (at compile time or from the OS), the feature the kernel is compiled for.
        unsafe { aarch64_sha2::compress_blocks(state, blocks) };
        return;
    }
    super::compress_blocks_portable(state, blocks);
}

/// Absorbs whole blocks into `state` on backend `b` (the multi-block kernel, whatever the state).
pub fn compress_blocks_on(
    b: Backend,
    state: &mut [u32; 8],
    blocks: &[[u8; BLOCK_LEN]],
) -> Result<(), Unsupported> {
    if !is_supported(b) {
        return Err(Unsupported(b));
    }
    // SAFETY: `is_supported(b)` was just checked.
    unsafe { compress_blocks_on_unchecked(b, state, blocks) };
    Ok(())
}

/// One-shot SHA-256 of `data` on backend `b`, with the same padding code as [`super::sha256`].
pub fn sha256_on(b: Backend, data: &[u8]) -> Result<[u8; DIGEST_LEN], Unsupported> {
    if !is_supported(b) {
        return Err(Unsupported(b));
    }
    // (The CPU is probed once, here: CPUID can cost microseconds under a hypervisor.)
    Ok(super::sha256_with(data, |state, blocks| {
        // SAFETY: `is_supported(b)` was checked above.
        unsafe { compress_blocks_on_unchecked(b, state, blocks) }
    }))
}

/// [`compress_blocks_on`] without the support check.
///
/// # Safety
/// `is_supported(b)`.
unsafe fn compress_blocks_on_unchecked(
    b: Backend,
    state: &mut [u32; 8],
    blocks: &[[u8; BLOCK_LEN]],
) {
    match b {
        Backend::Portable => super::compress_blocks_portable(state, blocks),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the caller checked `is_supported`: CPUID reports SHA, SSSE3 and SSE4.1.
        Backend::X86ShaNi => unsafe { x86_64_sha_ni::compress_blocks(state, blocks) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: the caller checked `is_supported`: the CPU has the `sha2` feature.
        Backend::Aarch64Sha2 => unsafe { aarch64_sha2::compress_blocks(state, blocks) },
        _ => unreachable!("is_supported is false for other architectures' backends"),
    }
}

/// x86-64 SHA extensions. Lanes are numbered from the least significant: `abef` holds
/// (F, E, B, A) in lanes 0…3, `cdgh` holds (H, G, D, C), the layout `SHA256RNDS2` works in.
#[cfg(target_arch = "x86_64")]
mod x86_64_sha_ni {
    use super::super::{BLOCK_LEN, K};
    use core::arch::x86_64::*;

    /// SHA (CPUID.(EAX=7,ECX=0):EBX bit 29), SSSE3 (CPUID.1:ECX bit 9) and SSE4.1
    /// (CPUID.1:ECX bit 19); SSE2 is architectural on x86-64. `__cpuid` is a safe intrinsic
    /// (CPUID exists on every x86-64 CPU); leaf 0 gives the highest standard leaf, so leaf 7 is
    /// only queried where it is defined.
    pub(super) fn cpu_supports() -> bool {
        // Miri cannot execute CPUID: there the kernel runs when the build enables its features
        // (`RUSTFLAGS="-C target-feature=+sha,+ssse3,+sse4.1" cargo +nightly miri test`).
        if cfg!(miri) {
            return cfg!(all(
                target_feature = "sha",
                target_feature = "ssse3",
                target_feature = "sse4.1"
            ));
        }
        let max_leaf = __cpuid(0).eax;
        if max_leaf < 7 {
            return false;
        }
        let ecx1 = __cpuid(1).ecx;
        let ebx7 = __cpuid_count(7, 0).ebx;
        let ssse3 = (ecx1 >> 9) & 1 == 1;
        let sse41 = (ecx1 >> 19) & 1 == 1;
        let sha = (ebx7 >> 29) & 1 == 1;
        ssse3 && sse41 && sha
    }

    /// The multi-block compression function.
    ///
    /// # Safety
    /// The CPU supports SHA, SSE2, SSSE3 and SSE4.1 ([`cpu_supports`]).
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    // The schedule updates of rounds4!(13…15) sit in branches that fold away, but liveness
    // analysis does not know that and calls their assignments dead.
    #[allow(unused_assignments)]
    pub(super) unsafe fn compress_blocks(state: &mut [u32; 8], blocks: &[[u8; BLOCK_LEN]]) {
        if blocks.is_empty() {
            return;
        }
        // PSHUFB mask reversing the bytes of each 32-bit lane: the message words are big-endian.
        let bswap = _mm_set_epi64x(0x0c0d_0e0f_0809_0a0b, 0x0405_0607_0001_0203);

        let sp = state.as_mut_ptr().cast::<__m128i>();
        // SAFETY: `state` is 8 u32 = two 16-byte vectors; `loadu` has no alignment requirement.
        let (dcba, hgfe) = unsafe { (_mm_loadu_si128(sp), _mm_loadu_si128(sp.add(1))) };
        // (A, B, C, D), (E, F, G, H) in lanes 0…3 → the (F, E, B, A), (H, G, D, C) of SHA256RNDS2.
        let cdab = _mm_shuffle_epi32(dcba, 0xb1);
        let efgh = _mm_shuffle_epi32(hgfe, 0x1b);
        let mut abef = _mm_alignr_epi8(cdab, efgh, 8);
        let mut cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

        for block in blocks {
            let (abef_in, cdgh_in) = (abef, cdgh);
            let bp = block.as_ptr().cast::<__m128i>();
            // SAFETY: `block` is 64 bytes = four 16-byte vectors; `loadu` is unaligned.
            let mut m: [__m128i; 4] = unsafe {
                [
                    _mm_shuffle_epi8(_mm_loadu_si128(bp), bswap),
                    _mm_shuffle_epi8(_mm_loadu_si128(bp.add(1)), bswap),
                    _mm_shuffle_epi8(_mm_loadu_si128(bp.add(2)), bswap),
                    _mm_shuffle_epi8(_mm_loadu_si128(bp.add(3)), bswap),
                ]
            };

            // Rounds 4i … 4i+3 with the message quarter m[i mod 4] = W₄ᵢ…W₄ᵢ₊₃, scheduled as in
            // Gulley et al. (2013): while these rounds run, SHA256MSG2 completes the quarter of
            // the next group (i + 1, for 3 ≤ i ≤ 14) and SHA256MSG1 starts the quarter of group
            // i + 3 (for 1 ≤ i ≤ 12). `i` is a literal, so the conditions and indices fold away
            // and `m` lives in four registers.
            macro_rules! rounds4 {
                ($i:literal) => {{
                    let cur = m[$i % 4];
                    // W₄ᵢ…W₄ᵢ₊₃ + K₄ᵢ…K₄ᵢ₊₃ (a constant vector from K).
                    let k = _mm_set_epi32(
                        K[4 * $i + 3] as i32,
                        K[4 * $i + 2] as i32,
                        K[4 * $i + 1] as i32,
                        K[4 * $i] as i32,
                    );
                    let wk = _mm_add_epi32(cur, k);
                    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
                    if (3..=14).contains(&$i) {
                        // Wₜ₋₁₆ + σ₀(Wₜ₋₁₅) (from MSG1) + Wₜ₋₇, then + σ₁(Wₜ₋₂) (MSG2).
                        let w7 = _mm_alignr_epi8(cur, m[($i + 3) % 4], 4);
                        let next = _mm_add_epi32(m[($i + 1) % 4], w7);
                        m[($i + 1) % 4] = _mm_sha256msg2_epu32(next, cur);
                    }
                    abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));
                    if (1..=12).contains(&$i) {
                        m[($i + 3) % 4] = _mm_sha256msg1_epu32(m[($i + 3) % 4], cur);
                    }
                }};
            }
            rounds4!(0);
            rounds4!(1);
            rounds4!(2);
            rounds4!(3);
            rounds4!(4);
            rounds4!(5);
            rounds4!(6);
            rounds4!(7);
            rounds4!(8);
            rounds4!(9);
            rounds4!(10);
            rounds4!(11);
            rounds4!(12);
            rounds4!(13);
            rounds4!(14);
            rounds4!(15);

            abef = _mm_add_epi32(abef, abef_in);
            cdgh = _mm_add_epi32(cdgh, cdgh_in);
        }

        // Back to (A, B, C, D), (E, F, G, H).
        let feba = _mm_shuffle_epi32(abef, 0x1b);
        let dchg = _mm_shuffle_epi32(cdgh, 0xb1);
        let dcba = _mm_blend_epi16(feba, dchg, 0xf0);
        let hgfe = _mm_alignr_epi8(dchg, feba, 8);
        // SAFETY: as for the loads: two unaligned 16-byte stores into the 32-byte `state`.
        unsafe {
            _mm_storeu_si128(sp, dcba);
            _mm_storeu_si128(sp.add(1), hgfe);
        }
    }
}

/// AArch64 SHA-2 instructions. `abcd` holds (A, B, C, D) and `efgh` (E, F, G, H) in lanes 0…3,
/// the layout of `SHA256H`/`SHA256H2`, which is also the layout of the state array.
#[cfg(target_arch = "aarch64")]
mod aarch64_sha2 {
    use super::super::{BLOCK_LEN, K};
    use core::arch::aarch64::*;

    /// The `sha2` target feature: enabled for the whole build, or (with `std`) reported by the OS.
    pub(super) fn cpu_supports() -> bool {
        if cfg!(target_feature = "sha2") {
            return true;
        }
        #[cfg(feature = "std")]
        {
            std::arch::is_aarch64_feature_detected!("sha2")
        }
        #[cfg(not(feature = "std"))]
        {
            false
        }
    }

    /// The multi-block compression function.
    ///
    /// # Safety
    /// The CPU supports the `sha2` feature ([`cpu_supports`]).
    #[target_feature(enable = "sha2")]
    // As on x86-64: the schedule updates of rounds4!(12…15) sit in branches that fold away.
    #[allow(unused_assignments)]
    pub(super) unsafe fn compress_blocks(state: &mut [u32; 8], blocks: &[[u8; BLOCK_LEN]]) {
        if blocks.is_empty() {
            return;
        }
        let sp = state.as_mut_ptr();
        // SAFETY: `state` is 8 u32 = two 4-lane vectors; `vld1q_u32` needs only u32 alignment.
        let (mut abcd, mut efgh) = unsafe { (vld1q_u32(sp), vld1q_u32(sp.add(4))) };
        for block in blocks {
            let (abcd_in, efgh_in) = (abcd, efgh);
            let bp = block.as_ptr();
            // SAFETY: `block` is 64 bytes = four 16-byte vectors; `vld1q_u8` is unaligned.
            // REV32 turns the big-endian message words into lanes.
            let mut m: [uint32x4_t; 4] = unsafe {
                [
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bp))),
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bp.add(16)))),
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bp.add(32)))),
                    vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(bp.add(48)))),
                ]
            };
            // Rounds 4i … 4i+3 with m[i mod 4] = W₄ᵢ…W₄ᵢ₊₃; for i < 12 the same register is then
            // rewritten with the quarter of group i + 4: SHA256SU0 adds σ₀(Wₜ₋₁₅) to Wₜ₋₁₆,
            // SHA256SU1 adds Wₜ₋₇ and σ₁(Wₜ₋₂).
            macro_rules! rounds4 {
                ($i:literal) => {{
                    let cur = m[$i % 4];
                    // SAFETY: K has 64 words and 4i + 3 ≤ 63.
                    let k = unsafe { vld1q_u32(K.as_ptr().add(4 * $i)) };
                    let wk = vaddq_u32(cur, k);
                    if $i < 12 {
                        let s0 = vsha256su0q_u32(cur, m[($i + 1) % 4]);
                        m[$i % 4] = vsha256su1q_u32(s0, m[($i + 2) % 4], m[($i + 3) % 4]);
                    }
                    let abcd_prev = abcd;
                    abcd = vsha256hq_u32(abcd_prev, efgh, wk);
                    efgh = vsha256h2q_u32(efgh, abcd_prev, wk);
                }};
            }
            rounds4!(0);
            rounds4!(1);
            rounds4!(2);
            rounds4!(3);
            rounds4!(4);
            rounds4!(5);
            rounds4!(6);
            rounds4!(7);
            rounds4!(8);
            rounds4!(9);
            rounds4!(10);
            rounds4!(11);
            rounds4!(12);
            rounds4!(13);
            rounds4!(14);
            rounds4!(15);

            abcd = vaddq_u32(abcd, abcd_in);
            efgh = vaddq_u32(efgh, efgh_in);
        }
        // SAFETY: two 4-lane stores into the 8-word `state`.
        unsafe {
            vst1q_u32(sp, abcd);
            vst1q_u32(sp.add(4), efgh);
        }
    }
}
