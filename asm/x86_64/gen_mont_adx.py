#!/usr/bin/env python3
"""Generates crates/ctt-bigint/src/backend/generated/mont_adx.rs: Montgomery multiplication and squaring for 4 and 6 limbs
with MULX/ADCX/ADOX (BMI2 + ADX), as Rust `asm!` blocks (Intel syntax) inside `#[inline(always)]`
functions, included by crates/ctt-bigint/src/backend/x86_64_adx.rs.

    python3 asm/x86_64/gen_mont_adx.py > crates/ctt-bigint/src/backend/generated/mont_adx.rs

Why inline asm rather than `global_asm!` functions: a call costs a push/pop of six callee-saved
registers, a zeroed output buffer and a copy back, about 10 % of a 6-limb multiplication. Inline,
the compiler allocates around the block and keeps the result in registers (Constantine's choice).

Algorithm: CIOS with the "no-carry" shortcut (El Housni–Botrel, eprint 2022/1400, Alg. 2), valid
when the top limb of p is below 2^63 - 1. Per word b[i]:
  product row   t[0..N] += a * b[i]      low halves on ADOX (OF), high halves on ADCX (CF)
  reduction     m = t[0] * n0;  t = (t + m * p) / 2^64   low halves on ADCX, high on ADOX
Two independent flag chains let one MULX issue per cycle (Constantine `limbs_asm_mul_mont_x86_adx_bmi2.nim`). The division by
2^64 is free: the register holding t[0] (now zero) is renamed to be the next top word, so no
`mov` shuffles the accumulator. Operands a, b and p are read straight from memory by MULX.

Bound: with t < 2p before a row, t + a*b[i] + m*p < 2^64 * 2p + 2p, so after the shift t < 2p,
which fits N words because p < 2^(64N-1). Hence neither chain can carry out of word N, and one
conditional subtraction (CMOV, no branch) finishes.

Full-width moduli (4 limbs, top bit set: secp256k1, P-256) get their own product and square
(`kernel_lines_full`): plain CIOS with the two extra words t[n], t[n+1], on the same flag chains,
and a final subtraction over n + 1 words.  P-256 has a Montgomery reduction shaped by its
modulus (`special_fn`); secp256k1's pseudo-Mersenne p is kept in plain form (the unit radix of
ctt-bigint's `montgomery::UNIT_RADIX_N0`) and reduced by folding (`crandall_fn`).

Registers: Rust reserves rbx, rbp and rsp, which leaves 13: the accumulator takes N+1, MULX's
destinations two, rdx one, the pointers a, b, p three (13 for N = 6). n0 arrives in the register
of the last accumulator word (free until the first row ends) and is pushed to the stack, where
IMUL reads it (4 limbs leave registers spare: it moves to r13 instead). The result leaves in registers; the caller stores it.
"""

import sys

ACC_POOL = ["r8", "r9", "r10", "r11", "r12", "r13", "r14"]
LO, HI = "rax", "r15"
N0_SPARE = "r13"  # free in the 4-limb kernels
N0_FULL = "r14"  # free in the 4-limb full-width kernels (which use r8..r13 for t[0..5])
A, B, P = "rsi", "rdi", "rcx"
# Term counts of the Fp2 sums of products (Fp6 coefficients and sparse line products take 3).
FP2_SUMPROD_TERMS = (2, 3)


def kernel_lines(n, reduce=True):
    """The instruction lines of one n-limb product; returns (lines, result registers).
    With reduce=False the final conditional subtraction is left out (result < 2p, see nonred)."""
    out = []
    emit = out.append
    acc = ACC_POOL[: n + 1]
    lo, hi = LO, HI
    # n0 comes in acc[n] (written first by the last MULX of row 0): park it in a spare register
    # (4 limbs leave two), else on the stack.
    n0_at = N0_SPARE if n == 4 else "qword ptr [rsp]"
    emit(f"mov {N0_SPARE}, {acc[n]}" if n == 4 else f"push {acc[n]}")
    t = list(acc)
    for i in range(n):
        emit(f"mov rdx, qword ptr [{B} + {8 * i}]")
        if i == 0:
            # t = a * b[0]: a single CF chain, nothing to accumulate yet.
            emit(f"xor {lo:s}, {lo:s}")
            emit(f"mulx {t[1]}, {t[0]}, qword ptr [{A}]")
            for j in range(1, n):
                emit(f"mulx {t[j + 1]}, {lo}, qword ptr [{A} + {8 * j}]")
                emit(f"adcx {t[j]}, {lo}")
            emit(f"adc {t[n]}, 0")
        else:
            # t[n] is the recycled register: zero it, which also clears CF and OF.
            emit(f"xor {t[n]}, {t[n]}")
            for j in range(n):
                emit(f"mulx {hi}, {lo}, qword ptr [{A} + {8 * j}]")
                emit(f"adox {t[j]}, {lo}")
                emit(f"adcx {t[j + 1]}, {hi}")
            emit(f"mov {lo:s}, 0")
            emit(f"adox {t[n]}, {lo}")
        # reduction: m = t0 * n0; t = (t + m * p) >> 64
        emit(f"mov rdx, {t[0]}")
        emit(f"imul rdx, {n0_at}")
        emit(f"xor {lo}, {lo}")
        emit(f"mulx {hi}, {lo}, qword ptr [{P}]")
        emit(f"adcx {lo}, {t[0]}")
        emit(f"adox {t[1]}, {hi}")
        for j in range(1, n):
            emit(f"mulx {hi}, {lo}, qword ptr [{P} + {8 * j}]")
            emit(f"adcx {t[j]}, {lo}")
            emit(f"adox {t[j + 1]}, {hi}")
        emit(f"mov {lo:s}, 0")
        emit(f"adcx {t[n]}, {lo}")
        # Rename: t[1..n] becomes t[0..n-1]; the old t[0] register is the next top word.
        t = t[1:] + t[:1]
    if n != 4:
        emit(f"add rsp, 8")
    if not reduce:
        return out, t[:n]
    # final subtraction: r = t - p if t >= p (CMOV, no branch)
    scratch = [LO, "rdx", HI, A, B, t[n]][:n]
    for j in range(n):
        emit(f"mov {scratch[j]}, {t[j]}")
        op = "sub" if j == 0 else "sbb"
        emit(f"{op} {scratch[j]}, qword ptr [{P} + {8 * j}]")
    for j in range(n):
        emit(f"cmovnc {t[j]}, {scratch[j]}")
    return out, t[:n]


def kernel_lines_full(n):
    """The instruction lines of one n-limb product for a modulus WITHOUT a spare bit (top limb up to
    2^64 - 1): plain CIOS (Koç–Acar–Kaliski 1996) with the two extra accumulator words, on the same
    two flag chains. Returns (lines, result registers, top register).

    Bound: t < 2p before each row, so t + a*b[i] < p*2^64 + 2p may exceed 2^(64(n+1)): the product
    row can carry into word n + 1 (t[n+1]), and after the reduction and shift t < 2p < 2^(64n+1),
    i.e. n words plus a top bit (t[n]). The final subtraction compares the n + 1 words with p."""
    out = []
    emit = out.append
    t = ACC_POOL[: n + 2]
    lo, hi = LO, HI
    n0_at = N0_FULL
    for i in range(n):
        emit(f"mov rdx, qword ptr [{B} + {8 * i}]")
        if i == 0:
            emit(f"xor {lo}, {lo}")
            emit(f"mulx {t[1]}, {t[0]}, qword ptr [{A}]")
            for j in range(1, n):
                emit(f"mulx {t[j + 1]}, {lo}, qword ptr [{A} + {8 * j}]")
                emit(f"adcx {t[j]}, {lo}")
            emit(f"adc {t[n]}, 0")
            emit(f"xor {t[n + 1]}, {t[n + 1]}")
        else:
            # t[n+1] is the recycled register: zero it, which also clears CF and OF.
            emit(f"xor {t[n + 1]}, {t[n + 1]}")
            for j in range(n):
                emit(f"mulx {hi}, {lo}, qword ptr [{A} + {8 * j}]")
                emit(f"adox {t[j]}, {lo}")
                emit(f"adcx {t[j + 1]}, {hi}")
            # OF is owed to t[n], CF to t[n+1]; t[n] += OF may owe OF to t[n+1] again.
            emit(f"mov {lo}, 0")
            emit(f"adox {t[n]}, {lo}")
            emit(f"adcx {t[n + 1]}, {lo}")
            emit(f"adox {t[n + 1]}, {lo}")
        # reduction: m = t0 * n0; t = (t + m * p) >> 64 (IMUL writes the flags: clear them after)
        emit(f"mov rdx, {t[0]}")
        emit(f"imul rdx, {n0_at}")
        emit(f"xor {lo}, {lo}")
        emit(f"mulx {hi}, {lo}, qword ptr [{P}]")
        emit(f"adcx {lo}, {t[0]}")
        emit(f"adox {t[1]}, {hi}")
        for j in range(1, n):
            emit(f"mulx {hi}, {lo}, qword ptr [{P} + {8 * j}]")
            emit(f"adcx {t[j]}, {lo}")
            emit(f"adox {t[j + 1]}, {hi}")
        emit(f"mov {lo}, 0")
        emit(f"adcx {t[n]}, {lo}")
        emit(f"adcx {t[n + 1]}, {lo}")
        emit(f"adox {t[n + 1]}, {lo}")
        # Rename: t[1..n+1] becomes t[0..n]; the old t[0] register is the next t[n+1].
        t = t[1:] + t[:1]
    # final subtraction on n + 1 words: r = t - p if t >= p (CMOV, no branch)
    scratch = [LO, "rdx", HI, A, B][:n]
    for j in range(n):
        emit(f"mov {scratch[j]}, {t[j]}")
        op = "sub" if j == 0 else "sbb"
        emit(f"{op} {scratch[j]}, qword ptr [{P} + {8 * j}]")
    emit(f"sbb {t[n]}, 0")
    for j in range(n):
        emit(f"cmovnc {t[j]}, {scratch[j]}")
    return out, t[:n]


def kernel_fn_full(n, square):
    lines, result = kernel_lines_full(n)
    name = f"{'sqr' if square else 'mul'}_mont_{n}_full"
    args = f"a: &[u64; {n}], p: &[u64; {n}], n0: u64" if square else f"a: &[u64; {n}], b: &[u64; {n}], p: &[u64; {n}], n0: u64"
    bptr = "a.as_ptr()" if square else "b.as_ptr()"
    acc = ACC_POOL[: n + 2]
    body = [f"/// `{'a²' if square else 'a·b'}·2^(-{64 * n}) mod p` for operands `< p` and any odd `p < 2^{64 * n}` (no spare",
            "/// bit needed): CIOS with the two extra accumulator words.",
            "///",
            "/// # Safety",
            "/// The CPU supports BMI2 and ADX.",
            "#[inline(always)]",
            f"pub(crate) unsafe fn {name}({args}) -> [u64; {n}] {{"]
    body.append(f"    let ({', '.join(f'r{j}' for j in range(n))}): ({', '.join('u64' for _ in range(n))});")
    body.append("    // SAFETY: reads n limbs at a, b and p (valid references); no stack use;")
    body.append("    // writes only the registers declared below.")
    body.append("    unsafe {")
    body.append("        core::arch::asm!(")
    for l in lines:
        body.append(f'            "{l}",')
    ops = []
    ops.append(f'inout("{A}") a.as_ptr() => _')
    ops.append(f'inout("{B}") {bptr} => _')
    ops.append(f'in("{P}") p.as_ptr()')
    ops.append(f'in("{N0_FULL}") n0')
    for reg in acc:
        res = f"r{result.index(reg)}" if reg in result else "_"
        ops.append(f'out("{reg}") {res}')
    ops += [f'out("{LO}") _', f'out("{HI}") _', 'out("rdx") _']
    for o in ops:
        body.append(f"            {o},")
    body.append("            options(pure, readonly, nostack),")
    body.append("        );")
    body.append("    }")
    body.append(f"    [{', '.join(f'r{j}' for j in range(n))}]")
    body.append("}")
    return "\n".join(body)


def spare_bit_dispatch_rows(lines, n, square, result):
    """`dispatch_rows` for the spare-bit product and square: the fallback is
    `extern "C" fn(out, a, [b,] p, n0)`, so b (in B) moves to rdx, p to rdx (square) or stays in
    rcx, and n0 (in acc[n]) to r8 (rcx for the square)."""
    acc = ACC_POOL[: n + 1]
    out = ["cmp byte ptr [rip + {selected}], {adx}", "jne 3f"] + lines + ["jmp 4f", "3:"]
    if square:
        out += [f"mov rdx, {P}", f"mov rcx, {acc[n]}"]
    else:
        out += [f"mov rdx, {B}", f"mov r8, {acc[n]}"]
    out += [f"sub rsp, {8 * n}", "mov rdi, rsp", "call {fallback}"]
    out += [f"mov {r}, qword ptr [rsp + {8 * i}]" for i, r in enumerate(result)]
    out += [f"add rsp, {8 * n}", "4:"]
    return out


def kernel_fn(n, square, reduce=True, dispatched=False):
    lines, result = kernel_lines(n, reduce)
    name = f"{'sqr' if square else 'mul'}_mont_{n}" + ("" if reduce else "_nonred")
    args = f"a: &[u64; {n}], p: &[u64; {n}], n0: u64" if square else f"a: &[u64; {n}], b: &[u64; {n}], p: &[u64; {n}], n0: u64"
    bptr = "a.as_ptr()" if square else "b.as_ptr()"
    acc = ACC_POOL[: n + 1]
    if reduce:
        doc = [f"/// `{'a²' if square else 'a·b'}·2^(-{64 * n}) mod p` for operands `< p`, `p[{n - 1}] < 2^63 − 1`."]
    else:
        doc = [f"/// `{'a²' if square else 'a·b'}·2^(-{64 * n})` modulo p, result `< 2p`, for operands `< 2p` and",
               f"/// `p[{n - 1}] < 2^62` (4p < R): the no-carry CIOS without its final subtraction. Invariant",
               "/// t < a + p < 3p < R before every row, and at the end t = (a·b + M·p)/R < 4p²/R + p < 2p."]
    if dispatched:
        fallback = f"crate::backend::x86_64_adx::mont_{'sqr' if square else 'mul'}_fallback::<{n}>"
        lines = spare_bit_dispatch_rows(lines, n, square, result)
        body = doc + ["///",
                "/// Runs the kernel when the selected backend is x86-64 ADX (so the CPU has BMI2 and ADX),",
                f"/// otherwise `mont_{'sqr' if square else 'mul'}_fallback` (see `dispatch_rows`).",
                "#[inline(always)]",
                f"pub(crate) fn {name}_dispatched({args}) -> [u64; {n}] {{"]
        body.append(f"    let ({', '.join(f'r{j}' for j in range(n))}): ({', '.join('u64' for _ in range(n))});")
        body.append("    // SAFETY: the ADX instructions run only when the selected backend is x86-64 ADX, which")
        body.append("    // is only selected on a CPU with BMI2 and ADX; reads n limbs at a, b and p and SELECTED;")
        body.append("    // the call follows the C ABI (its clobbers declared, the stack aligned).")
        body.append("    unsafe {")
    else:
        body = doc + ["///",
                "/// # Safety",
                "/// The CPU supports BMI2 and ADX.",
                "#[inline(always)]",
                f"pub(crate) unsafe fn {name}({args}) -> [u64; {n}] {{"]
        body.append(f"    let ({', '.join(f'r{j}' for j in range(n))}): ({', '.join('u64' for _ in range(n))});")
        body.append("    // SAFETY: reads n limbs at a, b and p (valid references); pushes and pops one word;")
        body.append("    // writes only the registers declared below.")
        body.append("    unsafe {")
    body.append("        core::arch::asm!(")
    for l in lines:
        body.append(f'            "{l}",')
    # operands
    ops = []
    ops.append(f'inout("{A}") a.as_ptr() => _')
    ops.append(f'inout("{B}") {bptr} => _')
    ops.append(f'in("{P}") p.as_ptr()')
    for reg in acc:
        res = f"r{result.index(reg)}" if reg in result else "_"
        if reg == acc[n]:
            ops.append(f'inout("{reg}") n0 => {res}')
        else:
            ops.append(f'out("{reg}") {res}')
    ops += [f'out("{LO}") _', f'out("{HI}") _', 'out("rdx") _']
    if n == 4:
        ops.append(f'out("{N0_SPARE}") _')
    if dispatched:
        ops += ["selected = sym crate::backend::SELECTED", "adx = const crate::backend::X86_ADX",
                f"fallback = sym {fallback}", 'clobber_abi("C")']
    for o in ops:
        body.append(f"            {o},")
    body.append("            options(readonly),")
    body.append("        );")
    body.append("    }")
    body.append(f"    [{', '.join(f'r{j}' for j in range(n))}]")
    body.append("}")
    return "\n".join(body)


def add_fn(n):
    """r = a + b mod p for a, b < p, p with a spare bit: a + b < 2p fits n words, so the
    comparison with p is the borrow of (a + b) - p alone; CMOV keeps whichever is reduced."""
    lines = []
    for j in range(n):
        op = "add" if j == 0 else "adc"
        lines.append(f"{op} {{r{j}}}, qword ptr [{{b}} + {8 * j}]")
    # scratch: s0..s(n-2) plus the b pointer register, free once b is read.
    sc = [f"{{s{j}}}" for j in range(n - 1)] + ["{b}"]
    for j in range(n):
        lines.append(f"mov {sc[j]}, {{r{j}}}")
        op = "sub" if j == 0 else "sbb"
        lines.append(f"{op} {sc[j]}, qword ptr [{{p}} + {8 * j}]")
    for j in range(n):
        lines.append(f"cmovnc {{r{j}}}, {sc[j]}")
    return asm_fn(f"add_mod_{n}", n, "a: &[u64; {n}], b: &[u64; {n}], p: &[u64; {n}]".format(n=n),
                  "`(a + b) mod p` for `a, b < p`, `p[{}] < 2^63`.".format(n - 1), lines,
                  ["b = inout(reg) b.as_ptr() => _", "p = in(reg) p.as_ptr()"], n - 1)


def add_full_fn(n):
    """r = a + b mod p for a, b < p and any p < 2^(64n) (no spare bit): a + b < 2p may carry out of
    n words, so the carry joins the comparison: (c:r) - p borrows iff a + b < p; CMOV keeps the
    reduced value."""
    lines = ["xor {c}, {c}"]
    for j in range(n):
        op = "add" if j == 0 else "adc"
        lines.append(f"{op} {{r{j}}}, qword ptr [{{b}} + {8 * j}]")
    lines.append("adc {c}, 0")
    sc = [f"{{s{j}}}" for j in range(n - 1)] + ["{b}"]
    for j in range(n):
        lines.append(f"mov {sc[j]}, {{r{j}}}")
        op = "sub" if j == 0 else "sbb"
        lines.append(f"{op} {sc[j]}, qword ptr [{{p}} + {8 * j}]")
    lines.append("sbb {c}, 0")
    for j in range(n):
        lines.append(f"cmovnc {{r{j}}}, {sc[j]}")
    return asm_fn(f"add_mod_{n}_full", n, "a: &[u64; {n}], b: &[u64; {n}], p: &[u64; {n}]".format(n=n),
                  "`(a + b) mod p` for `a, b < p`, any odd `p` (the carry out of the top limb is kept).", lines,
                  ["b = inout(reg) b.as_ptr() => _", "p = in(reg) p.as_ptr()", "c = out(reg) _"], n - 1)


def sub_fn(n):
    """r = a - b mod p for a, b < p: subtract; meanwhile load p into registers (MOV keeps the
    flags); turn the borrow into a mask with SBB; mask p; add it back (blst's __sub_mod_384 shape).
    The last limb of p is loaded into the p pointer's own register, so 6 limbs need 13 registers."""
    lines = []
    pc = [f"{{s{j}}}" for j in range(n - 1)] + ["{p}"]
    for j in range(n):
        op = "sub" if j == 0 else "sbb"
        lines.append(f"{op} {{r{j}}}, qword ptr [{{b}} + {8 * j}]")
        lines.append(f"mov {pc[j]}, qword ptr [{{p}} + {8 * j}]")
    lines.append("sbb {b}, {b}")  # b = borrow ? all ones : 0
    for j in range(n):
        lines.append(f"and {pc[j]}, {{b}}")
    for j in range(n):
        op = "add" if j == 0 else "adc"
        lines.append(f"{op} {{r{j}}}, {pc[j]}")
    return asm_fn(f"sub_mod_{n}", n, "a: &[u64; {n}], b: &[u64; {n}], p: &[u64; {n}]".format(n=n),
                  "`(a - b) mod p` for `a, b < p`.", lines,
                  ["b = inout(reg) b.as_ptr() => _", "p = inout(reg) p.as_ptr() => _"], n - 1)


def asm_fn(name, n, args, doc, lines, extra_ops, n_scratch):
    body = [f"/// {doc}",
            "///",
            "/// # Safety",
            "/// None beyond the references' validity; `unsafe` only because it is inline assembly.",
            "#[inline(always)]",
            f"pub(crate) unsafe fn {name}({args}) -> [u64; {n}] {{"]
    body.append(f"    let [{', '.join(f'mut r{j}' for j in range(n))}] = *a;")
    body.append("    // SAFETY: reads n limbs at b and p (valid references); writes only declared registers.")
    body.append("    unsafe {")
    body.append("        core::arch::asm!(")
    for l in lines:
        body.append(f'            "{l}",')
    for j in range(n):
        body.append(f"            r{j} = inout(reg) r{j},")
    for j in range(n_scratch):
        body.append(f"            s{j} = out(reg) _,")
    for o in extra_ops:
        body.append(f"            {o},")
    body.append("            options(pure, readonly, nostack),")
    body.append("        );")
    body.append("    }")
    body.append(f"    [{', '.join(f'r{j}' for j in range(n))}]")
    body.append("}")
    return "\n".join(body)


def mul_wide_fn(n):
    """(lo, hi) = a*b, the full 2n-limb product, no reduction (the SOS first half; Koç–Acar–Kaliski 1996).
    Row i adds a*b[i] into an (n+1)-word window with the two flag chains of the CIOS product row;
    the window's lowest word is then final: it is stored to lo[i] and its register renamed to
    be the next window's top word. The last window's n upper words are hi, left in registers.
    Registers (n = 6): window 7, MULX lo/hi 2, rdx, pointers a, b, lo 3: 13."""
    out = []
    emit = out.append
    acc = ACC_POOL[: n + 1]
    lo, hi = LO, HI
    OUT = P  # rcx (the modulus pointer elsewhere) carries the output pointer
    t = list(acc)
    for i in range(n):
        emit(f"mov rdx, qword ptr [{B} + {8 * i}]")
        if i == 0:
            emit(f"xor {lo}, {lo}")
            emit(f"mulx {t[1]}, {t[0]}, qword ptr [{A}]")
            for j in range(1, n):
                emit(f"mulx {t[j + 1]}, {lo}, qword ptr [{A} + {8 * j}]")
                emit(f"adcx {t[j]}, {lo}")
            emit(f"adc {t[n]}, 0")
        else:
            emit(f"xor {t[n]}, {t[n]}")
            for j in range(n):
                emit(f"mulx {hi}, {lo}, qword ptr [{A} + {8 * j}]")
                emit(f"adox {t[j]}, {lo}")
                emit(f"adcx {t[j + 1]}, {hi}")
            emit(f"mov {lo}, 0")
            emit(f"adox {t[n]}, {lo}")
        emit(f"mov qword ptr [{OUT} + {8 * i}], {t[0]}")
        t = t[1:] + t[:1]
    result = t[:n]
    body = [f"/// `a·b` as a {2 * n}-limb integer: the low {n} limbs are written to `lo`, the high {n} returned.",
            "/// No reduction and no precondition on the operands.",
            "///",
            "/// # Safety",
            "/// The CPU supports BMI2 and ADX.",
            "#[inline(always)]",
            f"pub(crate) unsafe fn mul_wide_{n}(a: &[u64; {n}], b: &[u64; {n}], lo: &mut [u64; {n}]) -> [u64; {n}] {{",
            f"    let ({', '.join(f'r{j}' for j in range(n))}): ({', '.join('u64' for _ in range(n))});",
            f"    // SAFETY: reads n limbs at a and b, writes n limbs at lo (valid references); writes only",
            "    // the registers declared below.",
            "    unsafe {",
            "        core::arch::asm!("]
    for l in out:
        body.append(f'            "{l}",')
    ops = [f'in("{A}") a.as_ptr()', f'in("{B}") b.as_ptr()', f'in("{OUT}") lo.as_mut_ptr()']
    for reg in acc:
        res = f"r{result.index(reg)}" if reg in result else "_"
        ops.append(f'out("{reg}") {res}')
    ops += [f'out("{LO}") _', f'out("{HI}") _', 'out("rdx") _']
    for o in ops:
        body.append(f"            {o},")
    body.append("            options(nostack),")
    body.append("        );")
    body.append("    }")
    body.append(f"    [{', '.join(f'r{j}' for j in range(n))}]")
    body.append("}")
    return "\n".join(body)


def redc_wide_fn(n):
    """r = (hi*2^(64n) + lo) * 2^(-64n) mod p for hi < p, p[n-1] < 2^63 - 1 (blst's
    __mulx_by_1_mont_384 followed by the addition of the high half).
    n reduction rows on lo alone: u = (lo + M*p) / 2^(64n) <= p, each row's window fitting
    n+1 words as in the CIOS reduction row; then u + hi < 2p (no carry out, spare bit), and one
    conditional subtraction. lo arrives in the window registers, n0 in a register (no stack)."""
    out = []
    emit = out.append
    acc = ACC_POOL[: n + 1]
    lo, hi = LO, HI
    N0 = "rdi"
    HP = "rsi"
    t = list(acc)
    for i in range(n):
        emit(f"mov rdx, {t[0]}")
        emit(f"imul rdx, {N0}")
        emit(f"xor {t[n]}, {t[n]}")
        emit(f"mulx {hi}, {lo}, qword ptr [{P}]")
        emit(f"adcx {lo}, {t[0]}")
        emit(f"adox {t[1]}, {hi}")
        for j in range(1, n):
            emit(f"mulx {hi}, {lo}, qword ptr [{P} + {8 * j}]")
            emit(f"adcx {t[j]}, {lo}")
            emit(f"adox {t[j + 1]}, {hi}")
        emit(f"mov {lo}, 0")
        emit(f"adcx {t[n]}, {lo}")
        t = t[1:] + t[:1]
    # u = t[0..n] (t[n] is free); add hi
    for j in range(n):
        op = "add" if j == 0 else "adc"
        emit(f"{op} {t[j]}, qword ptr [{HP} + {8 * j}]")
    scratch = [LO, "rdx", HI, N0, t[n], HP][:n]
    for j in range(n):
        emit(f"mov {scratch[j]}, {t[j]}")
        op = "sub" if j == 0 else "sbb"
        emit(f"{op} {scratch[j]}, qword ptr [{P} + {8 * j}]")
    for j in range(n):
        emit(f"cmovnc {t[j]}, {scratch[j]}")
    result = t[:n]
    body = [f"/// `(hi·2^{64 * n} + lo)·2^(-{64 * n}) mod p` for `hi < p` (the value is below `p·2^{64 * n}`),",
            f"/// `p[{n - 1}] < 2^63 − 1`: Montgomery reduction of a double-width value, fully reduced.",
            "///",
            "/// # Safety",
            "/// The CPU supports BMI2 and ADX.",
            "#[inline(always)]",
            f"pub(crate) unsafe fn redc_wide_{n}(lo: &[u64; {n}], hi: &[u64; {n}], p: &[u64; {n}], n0: u64) -> [u64; {n}] {{",
            f"    let [{', '.join(f'mut r{j}' for j in range(n))}] = *lo;",
            "    // SAFETY: reads n limbs at hi and p (valid references); writes only the registers",
            "    // declared below.",
            "    unsafe {",
            "        core::arch::asm!("]
    for l in out:
        body.append(f'            "{l}",')
    ops = [f'inout("{HP}") hi.as_ptr() => _', f'in("{P}") p.as_ptr()', f'inout("{N0}") n0 => _']
    for k, reg in enumerate(acc):
        res = f"r{result.index(reg)}" if reg in result else "_"
        if k < n:
            ops.append(f'inout("{reg}") r{k} => {res}')
        else:
            ops.append(f'out("{reg}") {res}')
    ops += [f'out("{LO}") _', f'out("{HI}") _', 'out("rdx") _']
    for o in ops:
        body.append(f"            {o},")
    body.append("            options(pure, readonly, nostack),")
    body.append("        );")
    body.append("    }")
    body.append(f"    [{', '.join(f'r{j}' for j in range(n))}]")
    body.append("}")
    return "\n".join(body)


# ---------------------------------------------------------------------------------------------
# Fused Fp2 kernels (Aranha et al., eprint 2010/526; blst `mul_mont_384x`): one asm block per Fp2 product or square, temporaries
# in a stack frame, no call and no Rust glue between the sub-steps.

def mem(base, off):
    return f"qword ptr [{base} + {off}]"


def wide_rows(n, a_at, b_at, lo_at, regs=None, hi=HI):
    """The rows of mul_wide_fn with operand addresses a_at(j), b_at(i) and lo stores lo_at(i);
    returns (lines, registers of the high half). With lo_at None the low words stay in registers
    instead: regs (2n of them) holds the whole product, word k in regs[k]."""
    out = []
    emit = out.append
    keep = lo_at is None
    t = list(regs[: n + 1]) if keep else list(ACC_POOL[: n + 1])
    lo = LO
    for i in range(n):
        emit(f"mov rdx, {b_at(i)}")
        if i == 0:
            emit(f"xor {lo}, {lo}")
            emit(f"mulx {t[1]}, {t[0]}, {a_at(0)}")
            for j in range(1, n):
                emit(f"mulx {t[j + 1]}, {lo}, {a_at(j)}")
                emit(f"adcx {t[j]}, {lo}")
            emit(f"adc {t[n]}, 0")
        else:
            emit(f"xor {t[n]}, {t[n]}")
            for j in range(n):
                emit(f"mulx {hi}, {lo}, {a_at(j)}")
                emit(f"adox {t[j]}, {lo}")
                emit(f"adcx {t[j + 1]}, {hi}")
            emit(f"mov {lo}, 0")
            emit(f"adox {t[n]}, {lo}")
        if keep:
            t = t[1:] + list(regs[i + n + 1 : i + n + 2])
        else:
            emit(f"mov {lo_at(i)}, {t[0]}")
            t = t[1:] + t[:1]
    return out, t[:n]


def redc_rows(n, src, n0_at, out_reg_load, out_at):
    """Montgomery reduction of the 2n-limb value at src(k) (k < 2n; its high half below p),
    fully reduced, stored to out_at(j). As redc_wide_fn, with n0 read from memory and the
    output pointer reloaded (out_reg_load) into a register freed by the final subtraction."""
    out = []
    emit = out.append
    t = list(ACC_POOL[: n + 1])
    lo, hi = LO, HI
    for j in range(n):
        emit(f"mov {t[j]}, {src(j)}")
    for i in range(n):
        emit(f"mov rdx, {t[0]}")
        emit(f"imul rdx, {n0_at}")
        emit(f"xor {t[n]}, {t[n]}")
        emit(f"mulx {hi}, {lo}, qword ptr [{P}]")
        emit(f"adcx {lo}, {t[0]}")
        emit(f"adox {t[1]}, {hi}")
        for j in range(1, n):
            emit(f"mulx {hi}, {lo}, qword ptr [{P} + {8 * j}]")
            emit(f"adcx {t[j]}, {lo}")
            emit(f"adox {t[j + 1]}, {hi}")
        emit(f"mov {lo}, 0")
        emit(f"adcx {t[n]}, {lo}")
        t = t[1:] + t[:1]
    for j in range(n):
        op = "add" if j == 0 else "adc"
        emit(f"{op} {t[j]}, {src(n + j)}")
    out += final_sub(n, t, [LO, "rdx", HI, A, B, t[n]])
    out += store(n, t, out_reg_load, out_at)
    return out


def final_sub(n, t, scratch):
    """t = t - p if t >= p, with CMOV (t < 2p)."""
    out = []
    for j in range(n):
        out.append(f"mov {scratch[j]}, {t[j]}")
        op = "sub" if j == 0 else "sbb"
        out.append(f"{op} {scratch[j]}, qword ptr [{P} + {8 * j}]")
    for j in range(n):
        out.append(f"cmovnc {t[j]}, {scratch[j]}")
    return out


def store(n, t, out_reg_load, out_at):
    out = [f"mov {LO}, {out_reg_load}"]
    for j in range(n):
        out.append(f"mov {out_at(j)}, {t[j]}")
    return out


def cios_rows(n, a_at, b_at, n0_at, reduce=True):
    """The no-carry CIOS rows of kernel_lines with operand addresses a_at(j), b_at(i) and n0 in
    memory; returns (lines, result registers). Operands: one below 2p, the other below p."""
    out = []
    emit = out.append
    t = list(ACC_POOL[: n + 1])
    lo, hi = LO, HI
    for i in range(n):
        emit(f"mov rdx, {b_at(i)}")
        if i == 0:
            emit(f"xor {lo}, {lo}")
            emit(f"mulx {t[1]}, {t[0]}, {a_at(0)}")
            for j in range(1, n):
                emit(f"mulx {t[j + 1]}, {lo}, {a_at(j)}")
                emit(f"adcx {t[j]}, {lo}")
            emit(f"adc {t[n]}, 0")
        else:
            emit(f"xor {t[n]}, {t[n]}")
            for j in range(n):
                emit(f"mulx {hi}, {lo}, {a_at(j)}")
                emit(f"adox {t[j]}, {lo}")
                emit(f"adcx {t[j + 1]}, {hi}")
            emit(f"mov {lo}, 0")
            emit(f"adox {t[n]}, {lo}")
        emit(f"mov rdx, {t[0]}")
        emit(f"imul rdx, {n0_at}")
        emit(f"xor {lo}, {lo}")
        emit(f"mulx {hi}, {lo}, qword ptr [{P}]")
        emit(f"adcx {lo}, {t[0]}")
        emit(f"adox {t[1]}, {hi}")
        for j in range(1, n):
            emit(f"mulx {hi}, {lo}, qword ptr [{P} + {8 * j}]")
            emit(f"adcx {t[j]}, {lo}")
            emit(f"adox {t[j + 1]}, {hi}")
        emit(f"mov {lo}, 0")
        emit(f"adcx {t[n]}, {lo}")
        t = t[1:] + t[:1]
    return out, t


def fp2_fn(name, n, doc, lines, frame, square):
    args = (f"out: &mut core::mem::MaybeUninit<[[u64; {n}]; 2]>, a: &[[u64; {n}]; 2], "
            + ("" if square else f"b: &[[u64; {n}]; 2], ") + f"p: &[u64; {n}], n0: u64")
    body = doc + ["///",
            "/// # Safety",
            "/// The CPU supports BMI2 and ADX. On return `out` is initialised.",
            "#[inline(always)]",
            f"pub(crate) unsafe fn {name}({args}) {{",
            "    // SAFETY: reads 2n limbs at a (and b) and n at p, writes all 2n limbs of out (valid",
            f"    // references); uses {frame} bytes of stack below rsp, released before the block ends;",
            "    // writes only the registers declared below.",
            "    unsafe {",
            "        core::arch::asm!("]
    for l in lines:
        body.append(f'            "{l}",')
    ops = [f'inout("{A}") a.as_ptr() => _', f'inout("{B}") b.as_ptr() => _' if not square else f'out("{B}") _', f'in("{P}") p.as_ptr()',
           f'inout("{LO}") out.as_mut_ptr() => _', f'inout("rdx") n0 => _']
    ops += [f'out("{r}") _' for r in ACC_POOL] + [f'out("{HI}") _']
    for o in ops:
        body.append(f"            {o},")
    body.append("        );")
    body.append("    }")
    body.append("}")
    return "\n".join(body)


def fp2_mul_fn(n):
    """(c0, c1) = (a0 b0 - a1 b1, (a0 + a1)(b0 + b1) - a0 b0 - a1 b1), each Montgomery-reduced
    once: 3 double-width products (SOS first half), double-width subtractions, 2 reductions.
    Bounds (p has a spare bit, 2p < R): a0 + a1, b0 + b1 < 2p fit n words; v0, v1 < p^2;
    c1 = a0 b1 + a1 b0 < 2p^2 < pR; c0 = v0 - v1 (+ pR on a borrow, branch-free) < pR; both
    are valid inputs of the reduction (high half below p)."""
    W = 8 * n
    SA, SB = 16, 16 + W
    V0, V1, S, C = 16 + 2 * W, 16 + 4 * W, 16 + 6 * W, 16 + 8 * W
    frame = 16 + 10 * W
    sp = lambda off: mem("rsp", off)
    lines = [f"sub rsp, {frame}", f"mov {sp(0)}, rdx", f"mov {sp(8)}, {LO}"]
    acc = ACC_POOL
    # sa = a0 + a1, sb = b0 + b1 (no reduction)
    for src, dst in ((A, SA), (B, SB)):
        for j in range(n):
            lines.append(f"mov {acc[j]}, {mem(src, 8 * j)}")
            lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {mem(src, W + 8 * j)}")
        for j in range(n):
            lines.append(f"mov {sp(dst + 8 * j)}, {acc[j]}")
    # v0 and v1, stored as 2n limbs each; then c0 = v0 - v1 and its reduction before the third
    # product s: the serial reduction chain overlaps the independent s rows out of order
    # (as in fp2_sumprod_fn).
    def product(a_at, b_at, dst):
        rows, hi = wide_rows(n, a_at, b_at, lambda i: sp(dst + 8 * i))
        return rows + [f"mov {sp(dst + W + 8 * j)}, {hi[j]}" for j in range(n)]
    lines += product(lambda j: mem(A, 8 * j), lambda i: mem(B, 8 * i), V0)
    lines += product(lambda j: mem(A, W + 8 * j), lambda i: mem(B, W + 8 * i), V1)
    # c0 = v0 - v1 into C: low half stored, high half in acc registers
    for k in range(n):
        lines.append(f"mov {LO}, {sp(V0 + 8 * k)}")
        lines.append(f"{'sub' if k == 0 else 'sbb'} {LO}, {sp(V1 + 8 * k)}")
        lines.append(f"mov {sp(C + 8 * k)}, {LO}")
    for j in range(n):
        lines.append(f"mov {acc[j]}, {sp(V0 + W + 8 * j)}")
        lines.append(f"sbb {acc[j]}, {sp(V1 + W + 8 * j)}")
    # borrow -> mask; add (p AND mask) to the high half (p*R on a borrow)
    mask = LO
    free = ["rdx", HI, A, B, acc[n]] if n == 6 else ["rdx", HI, A, B][: n - 1]
    free = free[: n - 1]
    lines.append(f"sbb {mask}, {mask}")
    for j in range(n - 1):
        lines.append(f"mov {free[j]}, {mem(P, 8 * j)}")
        lines.append(f"and {free[j]}, {mask}")
    lines.append(f"and {mask}, {mem(P, 8 * (n - 1))}")
    masked = free + [mask]
    for j in range(n):
        lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {masked[j]}")
    for j in range(n):
        lines.append(f"mov {sp(C + W + 8 * j)}, {acc[j]}")
    lines += redc_rows(n, lambda k: sp(C + 8 * k), sp(0), sp(8), lambda j: mem(LO, 8 * j))
    lines += product(lambda j: sp(SA + 8 * j), lambda i: sp(SB + 8 * i), S)
    # c1 = s - v0 - v1 in place (non-negative: no borrow out)
    for v in (V0, V1):
        for k in range(2 * n):
            lines.append(f"mov {LO}, {sp(S + 8 * k)}")
            lines.append(f"{'sub' if k == 0 else 'sbb'} {LO}, {sp(v + 8 * k)}")
            lines.append(f"mov {sp(S + 8 * k)}, {LO}")
    lines += redc_rows(n, lambda k: sp(S + 8 * k), sp(0), sp(8), lambda j: mem(LO, W + 8 * j))
    lines.append(f"add rsp, {frame}")
    doc = [f"/// Fp2 product `(a0 + a1·u)(b0 + b1·u)` with `u² = −1`, Montgomery form, {n} limbs: Karatsuba",
           "/// with 3 double-width products and 2 reductions in one block. Operands `< p`, `p` with a",
           f"/// spare bit (`p[{n - 1}] < 2^63 − 1`); result fully reduced."]
    return fp2_fn(f"fp2_mul_{n}", n, doc, lines, frame, False)


def fp2_sqr_fn(n):
    """(c0, c1) = ((a0 + a1)(a0 - a1), 2 a0 a1): two no-carry CIOS products. a0 + a1 and 2 a0 stay
    unreduced (< 2p); with 4p < R every CIOS row keeps t < 3p < R and the result is < 2p before
    its final subtraction (as for mont_mul_nonred), so both outputs are fully reduced."""
    W = 8 * n
    S, D, T, A1 = 16, 16 + W, 16 + 2 * W, 16 + 3 * W
    frame = 16 + 4 * W
    sp = lambda off: mem("rsp", off)
    acc = ACC_POOL
    lines = [f"sub rsp, {frame}", f"mov {sp(0)}, rdx", f"mov {sp(8)}, {LO}"]
    # s = a0 + a1 (unreduced); keep a copy of a1 in the frame
    for j in range(n):
        lines.append(f"mov {acc[j]}, {mem(A, W + 8 * j)}")
        lines.append(f"mov {sp(A1 + 8 * j)}, {acc[j]}")
    for j in range(n):
        lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {mem(A, 8 * j)}")
    for j in range(n):
        lines.append(f"mov {sp(S + 8 * j)}, {acc[j]}")
    # t = 2 a0 (unreduced)
    for j in range(n):
        lines.append(f"mov {acc[j]}, {mem(A, 8 * j)}")
    for j in range(n):
        lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {acc[j]}")
    for j in range(n):
        lines.append(f"mov {sp(T + 8 * j)}, {acc[j]}")
    # d = a0 - a1 mod p: subtract, borrow -> mask, add p AND mask
    for j in range(n):
        lines.append(f"mov {acc[j]}, {mem(A, 8 * j)}")
        lines.append(f"{'sub' if j == 0 else 'sbb'} {acc[j]}, {sp(A1 + 8 * j)}")
    mask = B
    free = [HI, LO, "rdx", A, acc[n]][: n - 1]
    lines.append(f"sbb {mask}, {mask}")
    for j in range(n - 1):
        lines.append(f"mov {free[j]}, {mem(P, 8 * j)}")
        lines.append(f"and {free[j]}, {mask}")
    lines.append(f"and {mask}, {mem(P, 8 * (n - 1))}")
    masked = free + [mask]
    for j in range(n):
        lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {masked[j]}")
    for j in range(n):
        lines.append(f"mov {sp(D + 8 * j)}, {acc[j]}")
    for a_off, b_off, out_off in ((S, D, 0), (T, A1, W)):
        rows, t = cios_rows(n, lambda j, o=a_off: sp(o + 8 * j), lambda i, o=b_off: sp(o + 8 * i), sp(0))
        lines += rows
        lines += final_sub(n, t, [LO, "rdx", HI, A, B, t[n]])
        lines += store(n, t, sp(8), lambda j, o=out_off: mem(LO, o + 8 * j))
    lines.append(f"add rsp, {frame}")
    doc = [f"/// Fp2 square `(a0 + a1·u)²` with `u² = −1`, Montgomery form, {n} limbs:",
           "/// `[(a0 + a1)(a0 − a1), 2·a0·a1]`, two CIOS products in one block. Operand `< p`, `4p < R`",
           f"/// (`p[{n - 1}] < 2^62`); result fully reduced."]
    return fp2_fn(f"fp2_sqr_{n}", n, doc, lines, frame, True)


def wide_sum_rows(n, pairs, lo_at):
    """Sum of double-width products sum_k a_k * b_k (pairs of operand-address functions
    (a_at, b_at)), no reduction: per word i, one row per product into the same n + 1 registers,
    then the low word is stored to lo_at(i). Before round i, t < sum_k a_k, so each round fits
    n + 1 words when sum_k a_k < 2^(64n). Returns (lines, registers of the high half)."""
    out = []
    emit = out.append
    t = list(ACC_POOL[: n + 1])
    lo, hi = LO, HI
    for i in range(n):
        for idx, (a_at, b_at) in enumerate(pairs):
            emit(f"mov rdx, {b_at(i)}")
            if i == 0 and idx == 0:
                emit(f"xor {lo}, {lo}")
                emit(f"mulx {t[1]}, {t[0]}, {a_at(0)}")
                for j in range(1, n):
                    emit(f"mulx {t[j + 1]}, {lo}, {a_at(j)}")
                    emit(f"adcx {t[j]}, {lo}")
                emit(f"adc {t[n]}, 0")
            else:
                emit(f"xor {t[n]}, {t[n]}" if idx == 0 else f"xor {lo}, {lo}")
                for j in range(n):
                    emit(f"mulx {hi}, {lo}, {a_at(j)}")
                    emit(f"adox {t[j]}, {lo}")
                    emit(f"adcx {t[j + 1]}, {hi}")
                emit(f"mov {lo}, 0")
                emit(f"adox {t[n]}, {lo}")
        emit(f"mov {lo_at(i)}, {t[0]}")
        t = t[1:] + t[:1]
    return out, t[:n]


def fp2_sumprod_fn(n, k):
    """sum_k x_k * y_k in Fp2 (u^2 = -1), one block: with A = sum x_k0 y_k0, B = sum x_k1 y_k1,
    S = sum (x_k0 + x_k1)(y_k0 + y_k1) as double-width sums (operand sums unreduced, < 2p),
    c0 = A - B (+ p*R on a borrow) and c1 = S - A - B = sum x_k0 y_k1 + x_k1 y_k0, then two
    reductions. Bounds for operands < p and 2K p < R: A, B < K p^2 < p R, so c0 < p R; c1 < 2K p^2
    < p R (both valid reduction inputs); S < 4K p^2 and the row sums (< 2K p) fit."""
    W = 8 * n
    SX, SY = 16, 16 + k * W
    VA = 16 + 2 * k * W
    VB, VS, VC = VA + 2 * W, VA + 4 * W, VA + 6 * W
    frame = VA + 8 * W
    sp = lambda off: mem("rsp", off)
    acc = ACC_POOL
    lines = [f"sub rsp, {frame}", f"mov {sp(0)}, rdx", f"mov {sp(8)}, {LO}"]
    for src, dst in ((A, SX), (B, SY)):
        for kk in range(k):
            for j in range(n):
                lines.append(f"mov {acc[j]}, {mem(src, 2 * kk * W + 8 * j)}")
                lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {mem(src, (2 * kk + 1) * W + 8 * j)}")
            for j in range(n):
                lines.append(f"mov {sp(dst + kk * W + 8 * j)}, {acc[j]}")
    sums = (
        ([(lambda j, kk=kk: mem(A, 2 * kk * W + 8 * j), lambda i, kk=kk: mem(B, 2 * kk * W + 8 * i)) for kk in range(k)], VA),
        ([(lambda j, kk=kk: mem(A, (2 * kk + 1) * W + 8 * j), lambda i, kk=kk: mem(B, (2 * kk + 1) * W + 8 * i)) for kk in range(k)], VB),
        ([(lambda j, kk=kk: sp(SX + kk * W + 8 * j), lambda i, kk=kk: sp(SY + kk * W + 8 * i)) for kk in range(k)], VS),
    )
    def wide_sum(pairs, dst):
        rows, hi = wide_sum_rows(n, pairs, lambda i: sp(dst + 8 * i))
        out = rows
        for j in range(n):
            out.append(f"mov {sp(dst + W + 8 * j)}, {hi[j]}")
        return out
    # Order: A and B, then c0 = A - B and its reduction, then S, c1 and its reduction. The
    # reduction rows are one serial chain (IMUL -> MULX -> carries); issued before the
    # independent S rows, out-of-order execution overlaps them (measured faster than all
    # products first).
    lines += wide_sum(sums[0][0], VA)
    lines += wide_sum(sums[1][0], VB)
    # c0 = A - B into C: low half stored, high half in registers, p*R added on a borrow
    for kk in range(n):
        lines.append(f"mov {LO}, {sp(VA + 8 * kk)}")
        lines.append(f"{'sub' if kk == 0 else 'sbb'} {LO}, {sp(VB + 8 * kk)}")
        lines.append(f"mov {sp(VC + 8 * kk)}, {LO}")
    for j in range(n):
        lines.append(f"mov {acc[j]}, {sp(VA + W + 8 * j)}")
        lines.append(f"sbb {acc[j]}, {sp(VB + W + 8 * j)}")
    mask = LO
    free = (["rdx", HI, A, B, acc[n]] if n == 6 else ["rdx", HI, A, B])[: n - 1]
    lines.append(f"sbb {mask}, {mask}")
    for j in range(n - 1):
        lines.append(f"mov {free[j]}, {mem(P, 8 * j)}")
        lines.append(f"and {free[j]}, {mask}")
    lines.append(f"and {mask}, {mem(P, 8 * (n - 1))}")
    masked = free + [mask]
    for j in range(n):
        lines.append(f"{'add' if j == 0 else 'adc'} {acc[j]}, {masked[j]}")
    for j in range(n):
        lines.append(f"mov {sp(VC + W + 8 * j)}, {acc[j]}")
    lines += redc_rows(n, lambda kk: sp(VC + 8 * kk), sp(0), sp(8), lambda j: mem(LO, 8 * j))
    lines += wide_sum(sums[2][0], VS)  # reads only the operand sums in the frame
    # c1 = S - A - B in place (non-negative: no borrow out)
    for v in (VA, VB):
        for kk in range(2 * n):
            lines.append(f"mov {LO}, {sp(VS + 8 * kk)}")
            lines.append(f"{'sub' if kk == 0 else 'sbb'} {LO}, {sp(v + 8 * kk)}")
            lines.append(f"mov {sp(VS + 8 * kk)}, {LO}")
    lines += redc_rows(n, lambda kk: sp(VS + 8 * kk), sp(0), sp(8), lambda j: mem(LO, W + 8 * j))
    lines.append(f"add rsp, {frame}")
    doc = [f"/// `Σ x_k·y_k` over {k} Fp2 products (`u² = −1`), Montgomery form, {n} limbs: three double-width",
           f"/// sums ({3 * k} products), double-width subtractions, 2 reductions in one block. Operands `< p`,",
           f"/// `{2 * k}·p < 2^{64 * n}`; result fully reduced (bounds: `fp2_sumprod_fn` in the generator)."]
    args = (f"out: &mut core::mem::MaybeUninit<[[u64; {n}]; 2]>, x: &[[[u64; {n}]; 2]; {k}], "
            f"y: &[[[u64; {n}]; 2]; {k}], p: &[u64; {n}], n0: u64")
    body = doc + ["///",
            "/// # Safety",
            "/// The CPU supports BMI2 and ADX. On return `out` is initialised.",
            "#[inline(always)]",
            f"pub(crate) unsafe fn fp2_sumprod_{n}_{k}({args}) {{",
            "    // SAFETY: reads 2Kn limbs at x and y and n at p, writes all 2n limbs of out (valid",
            f"    // references); uses {frame} bytes of stack below rsp, released before the block ends;",
            "    // writes only the registers declared below.",
            "    unsafe {",
            "        core::arch::asm!("]
    for l in lines:
        body.append(f'            "{l}",')
    ops = [f'inout("{A}") x.as_ptr() => _', f'inout("{B}") y.as_ptr() => _', f'in("{P}") p.as_ptr()',
           f'inout("{LO}") out.as_mut_ptr() => _', f'inout("rdx") n0 => _']
    ops += [f'out("{r}") _' for r in ACC_POOL] + [f'out("{HI}") _']
    for o in ops:
        body.append(f"            {o},")
    body.append("        );")
    body.append("    }")
    body.append("}")
    return "\n".join(body)


# ---------------------------------------------------------------------------------------------
# Special-form full-width moduli: the same Montgomery product a*b*2^-256 mod p (so the field's
# representation, constants and every other kernel stay as they are), with the reduction rows
# specialised to the modulus' shape. Separated operand scanning: the 8-limb product (or square)
# stays in registers, then four reduction rounds (Koc-Acar-Kaliski 1996, SOS).
SPECIAL_T = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]
SPECIAL_HI = "rcx"
P256_P3 = 0xFFFFFFFF00000001


def special_product_rows(t):
    """t[0..8] = a*b (rdx, rax and rcx scratch; a at rsi, b at rdi): wide_rows with the low
    words kept in registers."""
    lines, _ = wide_rows(4, lambda j: f"qword ptr [{A} + {8 * j}]",
                         lambda i: f"qword ptr [{B} + {8 * i}]", None, regs=t, hi=SPECIAL_HI)
    return lines


def special_square_rows(t):
    """t[0..8] = a^2 (a at rsi): the six cross products once, doubled, plus the four squares
    (10 MULX instead of 16)."""
    out = []
    emit = out.append
    lo, hi = LO, SPECIAL_HI
    a = lambda j: f"qword ptr [{A} + {8 * j}]"
    # cross products a_i*a_j (i < j) at word i + j
    emit(f"mov rdx, {a(0)}")
    emit(f"mulx {t[2]}, {t[1]}, {a(1)}")
    emit(f"mulx {t[3]}, {lo}, {a(2)}")
    emit(f"add {t[2]}, {lo}")
    emit(f"mulx {t[4]}, {lo}, {a(3)}")
    emit(f"adc {t[3]}, {lo}")
    emit(f"adc {t[4]}, 0")
    emit(f"mov rdx, {a(1)}")
    emit(f"xor {t[5]}, {t[5]}")  # clears CF and OF
    emit(f"mulx {hi}, {lo}, {a(2)}")
    emit(f"adcx {t[3]}, {lo}")
    emit(f"adox {t[4]}, {hi}")
    emit(f"mulx {hi}, {lo}, {a(3)}")
    emit(f"adcx {t[4]}, {lo}")
    emit(f"adox {t[5]}, {hi}")
    emit(f"mov {lo}, 0")
    emit(f"adcx {t[5]}, {lo}")  # word 5 < 2^64: neither chain carries out of it
    emit(f"mov rdx, {a(2)}")
    emit(f"mulx {t[6]}, {lo}, {a(3)}")
    emit(f"add {t[5]}, {lo}")
    emit(f"adc {t[6]}, 0")
    # double the cross products (words 1..6, carry into word 7), then add the squares
    emit(f"xor {t[7]}, {t[7]}")
    for j in range(1, 7):
        emit(f"adox {t[j]}, {t[j]}")
    emit(f"adox {t[7]}, {t[7]}")
    emit(f"mov rdx, {a(0)}")
    emit(f"mulx {hi}, {t[0]}, rdx")
    emit(f"adcx {t[1]}, {hi}")
    for j in range(1, 4):
        emit(f"mov rdx, {a(j)}")
        emit(f"mulx {hi}, {lo}, rdx")
        emit(f"adcx {t[2 * j]}, {lo}")
        emit(f"adcx {t[2 * j + 1]}, {hi}")
    return out


def p256_reduce_rows(t):
    """Montgomery reduction for P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1, on t[0..8]
    (Gueron-Krasnov, "Fast prime field elliptic-curve cryptography with 256-bit primes", J.
    Cryptographic Engineering 2015). -p^-1 = 1 mod 2^64, so each round's multiplier is the
    word itself, m = t[i], and t + m*p*2^(64i) needs one MULX: m*p[0] = m*2^64 - m cancels t[i]
    and, with m*p[1]*2^64 = m*(2^32 - 1)*2^64, leaves m*2^96; p[2] = 0; m*p[3] at word i + 3.
    Each round's carry out of word i + 4 is kept in the register of t[i] (free once m is read)
    and added to the next round's high product word (which is at most p[3] - 1, so no carry).
    Ends with t[4..8] + 2^256*t[3] = (a*b + M*p)/2^256 < 2p, then one conditional subtraction."""
    out = []
    emit = out.append
    lo, hi = LO, SPECIAL_HI
    K, SH = A, B  # p[3]; m >> 32
    emit(f"mov {K}, {P256_P3:#x}")
    for i in range(4):
        emit(f"mov rdx, {t[i]}")
        emit(f"mulx {hi}, {lo}, {K}")
        emit(f"mov {SH}, rdx")
        emit(f"shr {SH}, 32")
        emit(f"shl {t[i]}, 32")
        if i > 0:
            emit(f"add {hi}, {t[i - 1]}")
        emit(f"add {t[i + 1]}, {t[i]}")
        emit(f"adc {t[i + 2]}, {SH}")
        emit(f"adc {t[i + 3]}, {lo}")
        emit(f"adc {t[i + 4]}, {hi}")
        emit(f"mov {t[i]}, 0")
        emit(f"adc {t[i]}, 0")
    # t[4..8] + 2^256*t[3] < 2p: subtract p (p[0] = 2^64 - 1 as a sign-extended immediate,
    # p[1] = 2^32 - 1 in ecx, p[2] = 0, p[3] in K) and keep the difference if it did not borrow.
    top = t[3]
    s = [t[0], t[1], t[2], SH]
    emit(f"mov ecx, {0xFFFFFFFF:#x}")
    emit(f"mov {s[0]}, {t[4]}")
    emit(f"sub {s[0]}, -1")
    emit(f"mov {s[1]}, {t[5]}")
    emit(f"sbb {s[1]}, rcx")
    emit(f"mov {s[2]}, {t[6]}")
    emit(f"sbb {s[2]}, 0")
    emit(f"mov {s[3]}, {t[7]}")
    emit(f"sbb {s[3]}, {K}")
    emit(f"sbb {top}, 0")
    for j in range(4):
        emit(f"cmovnc {t[4 + j]}, {s[j]}")
    return out


def dispatch_rows(rows, square, result):
    """The kernel behind a test of the selected backend: the rows when it is x86-64 ADX, else a
    call to the fallback (`extern "C" fn(out, a[, b])`: out at rdi, a at rsi, b at rdx), whose
    four result words are then loaded into the kernel's result registers. One asm block, so the
    caller gets the result in registers on both paths (with the test outside the asm, the two
    paths meet in memory, and the compiler's 16-byte copies of that memory then wait on the four
    8-byte stores: store-to-load forwarding fails). The stack stays 16-byte aligned at the call
    (the block does not use `nostack`, so it starts aligned)."""
    out = ["cmp byte ptr [rip + {selected}], {adx}", "jne 3f"] + rows + ["jmp 4f", "3:"]
    if not square:
        out.append("mov rdx, rdi")
    out += ["sub rsp, 32", "mov rdi, rsp", "call {fallback}"]
    out += [f"mov {r}, qword ptr [rsp + {8 * i}]" for i, r in enumerate(result)]
    out += ["add rsp, 32", "4:"]
    return out


def register_kernel_fn(name, generics, doc, rows, square, result, extra_ops=(), fallback=None):
    """An `#[inline(always)]` function around one asm block of the 4-limb register kernels
    (`special_fn`, `crandall_fn`): a at rsi, b at rdi (none for a square), the scratch of
    SPECIAL_T, rax, rcx and rdx clobbered, the result in the registers `result`. With a
    `fallback` (a path), the `_dispatched` variant: safe to call on any x86-64 CPU, the backend
    test inside the block (`dispatch_rows`)."""
    args = "a: &[u64; 4]" if square else "a: &[u64; 4], b: &[u64; 4]"
    if fallback:
        rows = dispatch_rows(rows, square, result)
        head = doc + ["///",
                      "/// Runs the kernel when the selected backend is x86-64 ADX (so the CPU has BMI2 and ADX),",
                      f"/// otherwise `{fallback.split('::')[-1]}`.",
                      "#[inline(always)]",
                      f"pub(crate) fn {name}_dispatched{generics}({args}) -> [u64; 4] {{",
                      "    let (r0, r1, r2, r3): (u64, u64, u64, u64);",
                      "    // SAFETY: the ADX instructions run only when the selected backend is x86-64 ADX, which",
                      "    // is only selected on a CPU with BMI2 and ADX; reads four limbs at a (and b) and",
                      "    // SELECTED; the call follows the C ABI (its clobbers declared, the stack aligned).",
                      "    unsafe {",
                      "        core::arch::asm!("]
    else:
        head = doc + ["///",
                      "/// # Safety",
                      "/// The CPU supports BMI2 and ADX.",
                      "#[inline(always)]",
                      f"pub(crate) unsafe fn {name}{generics}({args}) -> [u64; 4] {{",
                      "    let (r0, r1, r2, r3): (u64, u64, u64, u64);",
                      "    // SAFETY: reads four limbs at a (and b); no stack use; writes only the registers",
                      "    // declared below.",
                      "    unsafe {",
                      "        core::arch::asm!("]
    body = head
    for l in rows:
        body.append(f'            "{l}",')
    ops = [f'inout("{A}") a.as_ptr() => _']
    ops.append(f'inout("{B}") {"0usize" if square else "b.as_ptr()"} => _')
    for reg in SPECIAL_T:
        ops.append(f'out("{reg}") {f"r{result.index(reg)}" if reg in result else "_"}')
    ops += [f'out("{LO}") _', f'out("{SPECIAL_HI}") _', 'out("rdx") _', *extra_ops]
    if fallback:
        ops += ["selected = sym crate::backend::SELECTED", "adx = const crate::backend::X86_ADX",
                f"fallback = sym {fallback}", 'clobber_abi("C")', "options(pure, readonly)"]
    else:
        ops.append("options(pure, readonly, nostack)")
    for o in ops:
        body.append(f"            {o},")
    body.append("        );")
    body.append("    }")
    body.append("    [r0, r1, r2, r3]")
    body.append("}")
    return "\n".join(body)


def special_fn(curve, square, dispatched=False):
    t = SPECIAL_T
    rows = special_square_rows(t) if square else special_product_rows(t)
    rows += p256_reduce_rows(t)
    name = f"{'sqr' if square else 'mul'}_mont_4_{curve}"
    prime = {"p256": "P-256's p = 2^256 − 2^224 + 2^192 + 2^96 − 1"}[curve]
    doc = [f"/// `{'a²' if square else 'a·b'}·2^(-256) mod p` for {prime} (operands `< p`): the",
           f"/// {'square' if square else 'product'} in registers, then a reduction specialised to the modulus (see the generator)."]
    fallback = f"crate::backend::x86_64_adx::{curve}_{'sqr' if square else 'mul'}_fallback" if dispatched else None
    return register_kernel_fn(name, "", doc, rows, square, t[4:], fallback=fallback)


# ---------------------------------------------------------------------------------------------
# Pseudo-Mersenne (Crandall) moduli p = 2^256 - c with c < 2^64 (secp256k1: c = 2^32 + 977), in
# plain representation (the unit Montgomery radix, R = 1): the 8-limb product or square in
# registers, then two folds by 2^256 = c (mod p), as libsecp256k1's `secp256k1_fe_mul`, which
# are independent multiplications instead of Montgomery's four dependent rounds.


def crandall_reduce_rows(t):
    """t[0..4] = (t[0..8] mod p) for p = 2^256 - c, c the immediate in rdx (any 64-bit c).
    Fold 1: U = L + H*c, H = t[4..8] (four independent MULX; the carries on two flag chains),
    U < 2^256 + 2^256*c, so its top word u = t[4] is at most c. Fold 2: V = U mod 2^256 + u*c,
    with k the carry out of 2^256 (V < 2^256 + c^2 + c). Then V mod p in one step: with
    S = (V mod 2^256) + c and k2 its carry, the result is S mod 2^256 if k + k2 > 0 (k = 1: V -
    2^256 + c, small, so k2 = 0; k2 = 1: V >= p and V - p = S - 2^256) and V otherwise."""
    out = []
    emit = out.append
    lo, hi, zero, top = LO, SPECIAL_HI, B, t[5]
    emit(f"xor {zero}, {zero}")
    for j in range(3):
        emit(f"mulx {hi}, {lo}, {t[4 + j]}")
        emit(f"adcx {t[j]}, {lo}")
        emit(f"adox {t[j + 1]}, {hi}")
    emit(f"mulx {t[4]}, {lo}, {t[7]}")
    emit(f"adcx {t[3]}, {lo}")
    emit(f"adox {t[4]}, {zero}")
    emit(f"adcx {t[4]}, {zero}")
    emit(f"mulx {hi}, {lo}, {t[4]}")
    emit(f"xor {top}, {top}")
    emit(f"add {t[0]}, {lo}")
    emit(f"adc {t[1]}, {hi}")
    emit(f"adc {t[2]}, 0")
    emit(f"adc {t[3]}, 0")
    emit(f"adc {top}, 0")
    s = [lo, hi, A, zero]
    emit(f"mov {s[0]}, {t[0]}")
    emit(f"add {s[0]}, rdx")
    for j in range(1, 4):
        emit(f"mov {s[j]}, {t[j]}")
        emit(f"adc {s[j]}, 0")
    emit(f"adc {top}, 0")  # ZF = 0 exactly when k + k2 > 0
    for j in range(4):
        emit(f"cmovnz {t[j]}, {s[j]}")
    return out


def crandall_fn(square, dispatched=False):
    t = SPECIAL_T
    rows = special_square_rows(t) if square else special_product_rows(t)
    rows.append("mov rdx, {c}")
    rows += crandall_reduce_rows(t)
    name = f"{'sqr' if square else 'mul'}_crandall_4"
    doc = [f"/// `{'a²' if square else 'a·b'} mod p` for `p = 2^256 − C` (`C` < 2^64, operands below 2^256, the result",
           f"/// below p): the {'square' if square else 'product'} in registers, then two folds by `2^256 ≡ C` (see the generator)."]
    fallback = f"crate::backend::x86_64_adx::crandall_{'sqr' if square else 'mul'}_fallback::<C>" if dispatched else None
    return register_kernel_fn(name, "<const C: u64>", doc, rows, square, t[:4], ["c = const C"], fallback)


def main():
    parts = [
        "// Generated by asm/x86_64/gen_mont_adx.py; do not edit by hand.",
        "// Montgomery mul/sqr (no-carry CIOS with MULX/ADCX/ADOX), its unreduced variant, the double-width\n"
        "// product and reduction, add/sub mod p, fused Fp2 mul/sqr and Fp2 sums of products, 4 and 6\n"
        "// limbs, as inline asm; the full-width (no spare bit) CIOS product, square and addition for\n"
        "// 4 limbs (the subtraction needs no spare bit and is shared); P-256's special-form Montgomery\n"
        "// product and square, and the folding product and square for p = 2^256 - c (secp256k1), each\n"
        "// also with the backend test inside the asm block (`_dispatched`).",
        "",
    ]
    for n in (4, 6):
        parts.append(kernel_fn(n, square=False))
        parts.append("")
        parts.append(kernel_fn(n, square=True))
        parts.append("")
        parts.append(kernel_fn(n, square=False, dispatched=True))
        parts.append("")
        parts.append(kernel_fn(n, square=True, dispatched=True))
        parts.append("")
        parts.append(add_fn(n))
        parts.append("")
        parts.append(sub_fn(n))
        parts.append("")
        parts.append(kernel_fn(n, square=False, reduce=False))
        parts.append("")
        parts.append(mul_wide_fn(n))
        parts.append("")
        parts.append(redc_wide_fn(n))
        parts.append("")
        parts.append(fp2_mul_fn(n))
        parts.append("")
        parts.append(fp2_sqr_fn(n))
        parts.append("")
        for k in FP2_SUMPROD_TERMS:
            parts.append(fp2_sumprod_fn(n, k))
            parts.append("")
    # Full-width 4-limb moduli (no spare bit: secp256k1, P-256).
    parts.append(kernel_fn_full(4, square=False))
    parts.append("")
    parts.append(kernel_fn_full(4, square=True))
    parts.append("")
    parts.append(add_full_fn(4))
    parts.append("")
    # Special-form full-width moduli.
    for curve in ("p256",):
        for dispatched in (False, True):
            parts.append(special_fn(curve, square=False, dispatched=dispatched))
            parts.append("")
            parts.append(special_fn(curve, square=True, dispatched=dispatched))
            parts.append("")
    # Pseudo-Mersenne moduli in the unit radix (secp256k1).
    for dispatched in (False, True):
        parts.append(crandall_fn(square=False, dispatched=dispatched))
        parts.append("")
        parts.append(crandall_fn(square=True, dispatched=dispatched))
        parts.append("")
    sys.stdout.write("\n".join(parts))


if __name__ == "__main__":
    main()
