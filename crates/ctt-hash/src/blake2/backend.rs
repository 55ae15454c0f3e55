//! BLAKE2b compression backends, chosen once at run time.
//!
//! - [`Backend::Portable`]: the unrolled Rust rounds of [`super`] (RFC 7693 §3.2); always built,
//!   always tested, the reference for the other.
//! - [`Backend::X86Avx2`] (x86-64): the sixteen working words as four 256-bit rows, the four G
//!   of a column (or diagonal) step computed at once, one in each 64-bit lane. Used when CPUID
//!   reports AVX2 (leaf 7, EBX bit 5) and AVX (leaf 1, ECX bit 28) and the OS saves the YMM
//!   registers (leaf 1, ECX bit 27 OSXSAVE; XCR0 bits 1 and 2).
//!
//! The row-vectorised G is the one of the BLAKE2 paper's SIMD discussion (J.-P. Aumasson,
//! S. Neves, Z. Wilcox-O'Hearn, C. Winnerlein, "BLAKE2: simpler, smaller, fast as MD5", ACNS
//! 2013) and of S. Neves's AVX2 code ("Implementing BLAKE with AVX, AVX2, and XOP",
//! S. Neves, J.-P. Aumasson, IACR ePrint 2012/275): rows a = v0…v3, b = v4…v7, c = v8…v11,
//! d = v12…v15; between the column and the diagonal step three rows are rotated by whole lanes
//! (`VPERMQ`) so that the diagonals line up. Here row b stays put and a, c, d move: b is the last
//! value G produces, so its successor step can start as soon as it is ready while the three
//! permutations, whose inputs were ready earlier, overlap the end of the step. Rotations by 32,
//! 24 and 16 bits are byte shuffles (`VPSHUFD`, `VPSHUFB`), by 63 a shift and an add. The message
//! words of each step are gathered from σ\[r mod 10\] as constants, in the lane order the step
//! needs, inside the rounds (they do not depend on the state, so they fill idle issue slots of
//! the latency-bound rounds).
//!
//! Selection: the CPU is probed once (CPUID needs no `std`; XGETBV is entered only when CPUID
//! reports OSXSAVE), the answer is cached in an atomic and every call reads it, as in
//! `sha256::backend`. Feature `force-portable` pins the portable path; [`force`] lets benchmarks
//! pick any backend the CPU supports, and [`blake2b_f_on`] runs one backend explicitly, which is
//! how the tests compare them.
//!
//! Constant time: vector additions, XORs, shifts and fixed shuffles take time independent of the
//! data; the flag `f` enters as a mask; the work depends only on `rounds`, which is public. Which
//! backend runs depends on the CPU only.
//!
//! Besides `sha256::backend`, this module is the one place in `ctt-hash` where `unsafe` is allowed
//! (the crate denies it): the call into the `#[target_feature]` kernel, which is sound only on
//! CPUs with AVX2, XGETBV, and the unaligned vector loads and stores of the kernel. Every `unsafe`
//! block has a `// SAFETY:` comment.
#![allow(unsafe_code)]

use core::sync::atomic::{AtomicU8, Ordering};

/// A BLAKE2b F implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Portable Rust (RFC 7693 §3.2 with every message index a constant).
    Portable,
    /// x86-64 AVX2, one 256-bit row per four working words.
    X86Avx2,
}

/// Every backend, for tests and benchmarks that try each one the CPU supports.
pub const ALL: [Backend; 2] = [Backend::Portable, Backend::X86Avx2];

/// Why a backend cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported(pub Backend);

impl core::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "BLAKE2b backend {:?} is not supported by this CPU or build",
            self.0
        )
    }
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const X86_AVX2: u8 = 2;

static SELECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

fn encode(b: Backend) -> u8 {
    match b {
        Backend::Portable => PORTABLE,
        Backend::X86Avx2 => X86_AVX2,
    }
}

/// Whether this CPU (and build) can run `b`. Ignores `force-portable`, so tests can still compare
/// every backend the CPU has.
pub fn is_supported(b: Backend) -> bool {
    match b {
        Backend::Portable => true,
        Backend::X86Avx2 => {
            #[cfg(target_arch = "x86_64")]
            {
                x86_64_avx2::cpu_supports()
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                false
            }
        }
    }
}

/// The best backend for this CPU, honouring `force-portable`.
pub fn detect() -> Backend {
    if !cfg!(feature = "force-portable") && is_supported(Backend::X86Avx2) {
        Backend::X86Avx2
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

/// The backend that [`super::blake2b_f`] uses.
pub fn active() -> Backend {
    match selected_code() {
        X86_AVX2 => Backend::X86Avx2,
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

/// F on the active backend: the body of [`super::blake2b_f`].
#[inline]
pub(crate) fn blake2b_f(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
    #[cfg(target_arch = "x86_64")]
    if selected_code() == X86_AVX2 {
        // SAFETY: X86_AVX2 is only ever stored in SELECTED after `is_supported` saw AVX2 in CPUID
        // and the YMM state enabled in XCR0, the feature the kernel is compiled for.
        unsafe { x86_64_avx2::compress(rounds, h, m, t, f) };
        return;
    }
    super::blake2b_f_portable(rounds, h, m, t, f);
}

/// F with `rounds` rounds on backend `b` (see [`super::blake2b_f`] for the arguments).
pub fn blake2b_f_on(
    b: Backend,
    rounds: u32,
    h: &mut [u64; 8],
    m: &[u64; 16],
    t: [u64; 2],
    f: bool,
) -> Result<(), Unsupported> {
    match b {
        Backend::Portable => super::blake2b_f_portable(rounds, h, m, t, f),
        Backend::X86Avx2 => {
            if !is_supported(b) {
                return Err(Unsupported(b));
            }
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `is_supported(X86Avx2)` was just checked: the CPU has AVX2 and the OS
            // saves the YMM registers.
            unsafe {
                x86_64_avx2::compress(rounds, h, m, t, f)
            };
        }
    }
    Ok(())
}

/// x86-64 AVX2. Lanes are numbered from the least significant; between rounds the rows hold
/// a = (v0, v1, v2, v3), b = (v4, …, v7), c = (v8, …, v11), d = (v12, …, v15).
#[cfg(target_arch = "x86_64")]
mod x86_64_avx2 {
    use super::super::{IV, SIGMA};
    use core::arch::x86_64::*;

    /// AVX2 usable: CPUID.(EAX=7,ECX=0):EBX bit 5 (AVX2), CPUID.1:ECX bit 28 (AVX) and bit 27
    /// (OSXSAVE: the OS manages the extended state and XGETBV exists), and XCR0 bits 1 and 2 set
    /// (the OS saves the XMM and YMM registers on context switches). `__cpuid` is a safe
    /// intrinsic; leaf 0 gives the highest standard leaf, so leaf 7 is only queried where defined.
    pub(super) fn cpu_supports() -> bool {
        // Miri cannot execute CPUID or XGETBV: there the kernel runs when the build enables AVX2
        // (`RUSTFLAGS="-C target-feature=+avx2" cargo +nightly miri test`).
        if cfg!(miri) {
            return cfg!(target_feature = "avx2");
        }
        let max_leaf = __cpuid(0).eax;
        if max_leaf < 7 {
            return false;
        }
        let ecx1 = __cpuid(1).ecx;
        let osxsave = (ecx1 >> 27) & 1 == 1;
        let avx = (ecx1 >> 28) & 1 == 1;
        let avx2 = (__cpuid_count(7, 0).ebx >> 5) & 1 == 1;
        if !(osxsave && avx && avx2) {
            return false;
        }
        // SAFETY: CPUID reported OSXSAVE, so XGETBV exists and XCR0 (register 0) is readable.
        let xcr0 = unsafe { xgetbv0() };
        xcr0 & 0b110 == 0b110
    }

    /// XCR0, the extended-state mask the OS enabled.
    ///
    /// # Safety
    /// CPUID.1:ECX.OSXSAVE\[bit 27\] = 1.
    #[target_feature(enable = "xsave")]
    unsafe fn xgetbv0() -> u64 {
        // SAFETY: the caller saw OSXSAVE in CPUID: XGETBV exists and register 0 (XCR0) is valid.
        unsafe { _xgetbv(0) }
    }

    // The helpers below are macros, not functions: a `#[target_feature]` function cannot be
    // `#[inline(always)]`, and LLVM left `round` out of line, which turned σ into loads from
    // memory and the rows into stack traffic. Macros make every σ index a constant and keep the
    // four rows in registers.

    /// Rotation right by 32 bits of each 64-bit lane: swap its two 32-bit halves (`VPSHUFD`).
    macro_rules! ror32 {
        ($x:expr) => {
            _mm256_shuffle_epi32::<0b10_11_00_01>($x)
        };
    }

    /// Rotation right by 24 bits (`VPSHUFB` with the mask `$r24` of [`byte_rotation`]).
    macro_rules! ror24 {
        ($x:expr, $r24:ident) => {
            _mm256_shuffle_epi8($x, $r24)
        };
    }

    /// Rotation right by 16 bits (`VPSHUFB` with the mask `$r16` of [`byte_rotation`]).
    macro_rules! ror16 {
        ($x:expr, $r16:ident) => {
            _mm256_shuffle_epi8($x, $r16)
        };
    }

    /// Rotation right by 63 bits = left by 1: (x >> 63) | (x + x).
    macro_rules! ror63 {
        ($x:expr) => {{
            let x = $x;
            _mm256_or_si256(_mm256_srli_epi64::<63>(x), _mm256_add_epi64(x, x))
        }};
    }

    /// Two message words m\[p\], m\[q\] in lanes 0 and 1, and again in lanes 2 and 3, from the
    /// broadcast pairs `$bm[k]` = (m\[2k\], m\[2k+1\], m\[2k\], m\[2k+1\]): one 1-cycle
    /// instruction (none when (p, q) is a pair), chosen by the parities of the constants p, q.
    macro_rules! pair {
        ($bm:ident, $p:expr, $q:expr) => {{
            const P: usize = $p;
            const Q: usize = $q;
            if P / 2 == Q / 2 {
                if P < Q {
                    $bm[P / 2]
                } else {
                    _mm256_shuffle_epi32::<0b01_00_11_10>($bm[P / 2])
                }
            } else if P % 2 == 0 && Q % 2 == 0 {
                _mm256_unpacklo_epi64($bm[P / 2], $bm[Q / 2])
            } else if P % 2 == 1 && Q % 2 == 1 {
                _mm256_unpackhi_epi64($bm[P / 2], $bm[Q / 2])
            } else if P % 2 == 1 {
                // (high word of pair P/2, low word of pair Q/2).
                _mm256_alignr_epi8::<8>($bm[Q / 2], $bm[P / 2])
            } else {
                // (low word of pair P/2, high word of pair Q/2): dwords 2, 3 of each half from Q.
                _mm256_blend_epi32::<0b1100_1100>($bm[P / 2], $bm[Q / 2])
            }
        }};
    }

    /// The message words m\[σ\[i₀\]\], …, m\[σ\[i₃\]\] in lanes 0…3 (`$s` a constant row of σ,
    /// the i literals) from the broadcast pairs of [`message_pairs`]: two [`pair!`]s and a blend
    /// taking lanes 2, 3 from the second, three 1-cycle instructions. Neither gather depends on
    /// the state, so the out-of-order core runs them ahead of the rounds.
    macro_rules! gather {
        ($bm:ident, $s:expr, [$i0:literal, $i1:literal, $i2:literal, $i3:literal]) => {
            _mm256_blend_epi32::<0b1111_0000>(
                pair!($bm, $s[$i0], $s[$i1]),
                pair!($bm, $s[$i2], $s[$i3]),
            )
        };
    }

    /// The message words m\[σ\[i₀\]\], …, m\[σ\[i₃\]\] in lanes 0…3, from `$m: &[u64; 16]`:
    /// four 64-bit broadcasts from memory and three `VPBLENDD`. Broadcast loads use the load
    /// pipes and blends any vector pipe, so this leaves the two shuffle pipes to the rotations and
    /// lane permutations of the rounds, which wait on them otherwise (measured: 10.39 instead of
    /// 10.48 ns per round over 1000 rounds). For a single round [`gather!`] is shorter.
    macro_rules! gather_bcast {
        ($bm:ident, $s:expr, [$i0:literal, $i1:literal, $i2:literal, $i3:literal]) => {
            _mm256_blend_epi32::<0b1111_0000>(
                _mm256_blend_epi32::<0b0000_1100>(
                    _mm256_set1_epi64x($bm[$s[$i0]] as i64),
                    _mm256_set1_epi64x($bm[$s[$i1]] as i64),
                ),
                _mm256_blend_epi32::<0b1100_0000>(
                    _mm256_set1_epi64x($bm[$s[$i2]] as i64),
                    _mm256_set1_epi64x($bm[$s[$i3]] as i64),
                ),
            )
        };
    }

    /// Four G (RFC 7693 §3.1) side by side, one per lane, with message words `$x`, `$y`.
    macro_rules! g4 {
        ($a:ident, $b:ident, $c:ident, $d:ident, $x:expr, $y:expr, $r24:ident, $r16:ident) => {
            // a + x first: it does not wait for b, the last row the previous half produced.
            $a = _mm256_add_epi64(_mm256_add_epi64($a, $x), $b);
            $d = ror32!(_mm256_xor_si256($d, $a));
            $c = _mm256_add_epi64($c, $d);
            $b = ror24!(_mm256_xor_si256($b, $c), $r24);
            $a = _mm256_add_epi64(_mm256_add_epi64($a, $y), $b);
            $d = ror16!(_mm256_xor_si256($d, $a), $r16);
            $c = _mm256_add_epi64($c, $d);
            $b = ror63!(_mm256_xor_si256($b, $c));
        };
    }

    /// One round with the message permutation `$s` (a constant row of σ), the message words taken
    /// from `$m` by the gather macro `$gather` ([`gather!`] or [`gather_bcast!`]).
    ///
    /// Column step: lane j runs G(v_j, v_{4+j}, v_{8+j}, v_{12+j}) with m\[s\[2j\]\], m\[s\[2j+1\]\].
    /// Diagonal step: G_i is G(v_i, v_{4+(i+1)%4}, v_{8+(i+2)%4}, v_{12+(i+3)%4}) with
    /// m\[s\[8+2i\]\], m\[s\[9+2i\]\]. Row b stays, so lane j runs the G_i holding v_{4+j},
    /// i = (j+3)%4: a lane j takes v_{(j+3)%4} (a rotated up one lane), c lane j takes
    /// v_{8+(j+1)%4}, d lane j takes v_{12+(j+2)%4}, and the message words come in the order G_3,
    /// G_0, G_1, G_2.
    macro_rules! round {
        ($gather:ident, $a:ident, $b:ident, $c:ident, $d:ident, $m:ident, $s:expr, $r24:ident, $r16:ident) => {
            g4!(
                $a,
                $b,
                $c,
                $d,
                $gather!($m, $s, [0, 2, 4, 6]),
                $gather!($m, $s, [1, 3, 5, 7]),
                $r24,
                $r16
            );
            // VPERMQ's immediate names, for destination lanes 3, 2, 1, 0 (two bits each), the
            // source lane.
            $a = _mm256_permute4x64_epi64::<0b10_01_00_11>($a); // lane j ← j − 1
            $c = _mm256_permute4x64_epi64::<0b00_11_10_01>($c); // lane j ← j + 1
            $d = _mm256_permute4x64_epi64::<0b01_00_11_10>($d); // lane j ← j + 2
            g4!(
                $a,
                $b,
                $c,
                $d,
                $gather!($m, $s, [14, 8, 10, 12]),
                $gather!($m, $s, [15, 9, 11, 13]),
                $r24,
                $r16
            );
            $a = _mm256_permute4x64_epi64::<0b00_11_10_01>($a);
            $c = _mm256_permute4x64_epi64::<0b10_01_00_11>($c);
            $d = _mm256_permute4x64_epi64::<0b01_00_11_10>($d);
        };
    }

    /// The `VPSHUFB` mask rotating every 64-bit lane right by `k` bytes (byte j of a lane takes
    /// byte (j + k) mod 8), passed through [`core::hint::black_box`] so that LLVM treats it as
    /// data. Seeing a constant 16-bit rotation, LLVM rewrites it as `VPSHUFLW` + `VPSHUFHW`: two
    /// dependent shuffles on G's critical path instead of one.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn byte_rotation(k: usize) -> __m256i {
        let mut bytes = [0u8; 32];
        for (j, byte) in bytes.iter_mut().enumerate() {
            *byte = ((j & !7) + (j + k) % 8) as u8;
        }
        // SAFETY: `bytes` is 32 bytes = one vector; `loadu` has no alignment requirement.
        let mask = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
        core::hint::black_box(mask)
    }

    /// The message as eight broadcast pairs: element k is (m\[2k\], m\[2k+1\], m\[2k\], m\[2k+1\]).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn message_pairs(m: &[u64; 16]) -> [__m256i; 8] {
        let mp = m.as_ptr().cast::<__m128i>();
        // SAFETY: `m` is 16 u64 = eight 16-byte vectors; `loadu` has no alignment requirement.
        core::array::from_fn(|k| unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(mp.add(k))) })
    }

    /// F (RFC 7693 §3.2) with `rounds` rounds, round r using σ\[r mod 10\].
    ///
    /// # Safety
    /// The CPU supports AVX2 and the OS saves the YMM registers ([`cpu_supports`]).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn compress(
        rounds: u32,
        h: &mut [u64; 8],
        message: &[u64; 16],
        t: [u64; 2],
        f: bool,
    ) {
        let hp = h.as_mut_ptr().cast::<__m256i>();
        let ivp = IV.as_ptr().cast::<__m256i>();
        // SAFETY: `h` and `IV` are 8 u64 = two 32-byte vectors each; `loadu` has no alignment
        // requirement.
        let (h_lo, h_hi, iv_lo, iv_hi) = unsafe {
            (
                _mm256_loadu_si256(hp),
                _mm256_loadu_si256(hp.add(1)),
                _mm256_loadu_si256(ivp),
                _mm256_loadu_si256(ivp.add(1)),
            )
        };
        let (r24, r16) = (byte_rotation(3), byte_rotation(2));
        let (mut a, mut b, mut c) = (h_lo, h_hi, iv_lo);
        // v12 ^= t0, v13 ^= t1, v14 ^= all ones when f (a mask, no branch).
        let fmask = 0u64.wrapping_sub(f as u64);
        let mut d = _mm256_xor_si256(
            iv_hi,
            _mm256_set_epi64x(0, fmask as i64, t[1] as i64, t[0] as i64),
        );

        // Round r with σ[r] as a constant (a macro, so the unrolling does not depend on LLVM).
        macro_rules! rounds {
            ($g:ident, $m:ident; $($r:literal),*) => { $( round!($g, a, b, c, d, $m, SIGMA[$r], r24, r16); )* };
        }
        // Whole cycles of σ, ten rounds unrolled so that every message index is a constant.
        //
        // The message pointer goes through `black_box` after every cycle: otherwise LLVM hoists the
        // 40 message vectors of a cycle out of the loop, and the first round waits behind their
        // computation and spills (measured: +4 ns on 12 rounds), while inside the loop they fill
        // idle issue slots of the latency-bound rounds. The loop gathers with broadcasts (fewer
        // shuffles), the tail from the eight pairs (fewer instructions for one or two rounds).
        let mut m = message;
        for _ in 0..rounds / 10 {
            rounds!(gather_bcast, m; 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
            // After the cycle, so that the first one loads through `message` directly.
            m = core::hint::black_box(m);
        }
        // The remaining rounds % 10 (a public count), each with its σ as a constant.
        let m = message_pairs(message);
        let rest = rounds % 10;
        macro_rules! tail {
            ($m:ident; $($r:literal),*) => { $( if rest > $r { rounds!(gather, $m; $r); } )* };
        }
        tail!(m; 0, 1, 2, 3, 4, 5, 6, 7, 8);

        // b is the last row to be ready: one XOR after it.
        let lo = _mm256_xor_si256(_mm256_xor_si256(h_lo, c), a);
        let hi = _mm256_xor_si256(_mm256_xor_si256(h_hi, d), b);
        // SAFETY: as for the loads: two unaligned 32-byte stores into the 64-byte `h`.
        unsafe {
            _mm256_storeu_si256(hp, lo);
            _mm256_storeu_si256(hp.add(1), hi);
        }
    }
}
