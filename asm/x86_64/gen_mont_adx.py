#!/usr/bin/env python3
"""Generates asm/x86_64/mont_adx.rs: Montgomery multiplication and squaring for 4 and 6 limbs
with MULX/ADCX/ADOX (BMI2 + ADX), as Rust `asm!` blocks (Intel syntax) inside `#[inline(always)]`
functions, included by crates/ctt-bigint/src/backend/x86_64_adx.rs.

    python3 asm/x86_64/gen_mont_adx.py > asm/x86_64/mont_adx.rs

Why inline asm rather than `global_asm!` functions: a call costs a push/pop of six callee-saved
registers, a zeroed output buffer and a copy back, about 10 % of a 6-limb multiplication. Inline,
the compiler allocates around the block and keeps the result in registers (Constantine's choice).

Algorithm: CIOS with the "no-carry" shortcut (El Housni–Botrel, eprint 2022/1400, Alg. 2), valid
when the top limb of p is below 2^63 - 1. Per word b[i]:
  product row   t[0..N] += a * b[i]      low halves on ADOX (OF), high halves on ADCX (CF)
  reduction     m = t[0] * n0;  t = (t + m * p) / 2^64   low halves on ADCX, high on ADOX
Two independent flag chains let one MULX issue per cycle (PERF.md section 1.2). The division by
2^64 is free: the register holding t[0] (now zero) is renamed to be the next top word, so no
`mov` shuffles the accumulator. Operands a, b and p are read straight from memory by MULX.

Bound: with t < 2p before a row, t + a*b[i] + m*p < 2^64 * 2p + 2p, so after the shift t < 2p,
which fits N words because p < 2^(64N-1). Hence neither chain can carry out of word N, and one
conditional subtraction (CMOV, no branch) finishes.

Registers: Rust reserves rbx, rbp and rsp, which leaves 13: the accumulator takes N+1, MULX's
destinations two, rdx one, the pointers a, b, p three (13 for N = 6). n0 arrives in the register
of the last accumulator word (free until the first row ends) and is pushed to the stack, where
IMUL reads it. The result leaves in registers; the caller stores it.
"""

import sys

ACC_POOL = ["r8", "r9", "r10", "r11", "r12", "r13", "r14"]
LO, HI = "rax", "r15"
A, B, P = "rsi", "rdi", "rcx"


def kernel_lines(n):
    """The instruction lines of one n-limb product; returns (lines, result registers)."""
    out = []
    emit = out.append
    acc = ACC_POOL[: n + 1]
    lo, hi = LO, HI
    # n0 comes in acc[n] (written first by the last MULX of row 0): park it on the stack.
    emit(f"push {acc[n]}")
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
        emit(f"imul rdx, qword ptr [rsp]")
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
    emit(f"add rsp, 8")
    # final subtraction: r = t - p if t >= p (CMOV, no branch)
    scratch = [LO, "rdx", HI, A, B, t[n]][:n]
    for j in range(n):
        emit(f"mov {scratch[j]}, {t[j]}")
        op = "sub" if j == 0 else "sbb"
        emit(f"{op} {scratch[j]}, qword ptr [{P} + {8 * j}]")
    for j in range(n):
        emit(f"cmovnc {t[j]}, {scratch[j]}")
    return out, t[:n]


def kernel_fn(n, square):
    lines, result = kernel_lines(n)
    name = f"{'sqr' if square else 'mul'}_mont_{n}"
    args = f"a: &[u64; {n}], p: &[u64; {n}], n0: u64" if square else f"a: &[u64; {n}], b: &[u64; {n}], p: &[u64; {n}], n0: u64"
    bptr = "a.as_ptr()" if square else "b.as_ptr()"
    acc = ACC_POOL[: n + 1]
    body = [f"/// `{'a²' if square else 'a·b'}·2^(-{64 * n}) mod p` for operands `< p`, `p[{n - 1}] < 2^63 − 1`.",
            "///",
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
    for o in ops:
        body.append(f"            {o},")
    body.append("            options(readonly),")
    body.append("        );")
    body.append("    }")
    body.append(f"    [{', '.join(f'r{j}' for j in range(n))}]")
    body.append("}")
    return "\n".join(body)


def main():
    parts = [
        "// Generated by asm/x86_64/gen_mont_adx.py; do not edit by hand.",
        "// Montgomery mul/sqr, no-carry CIOS with MULX/ADCX/ADOX, 4 and 6 limbs, as inline asm.",
        "",
    ]
    for n in (4, 6):
        parts.append(kernel_fn(n, square=False))
        parts.append("")
        parts.append(kernel_fn(n, square=True))
        parts.append("")
    sys.stdout.write("\n".join(parts))


if __name__ == "__main__":
    main()
