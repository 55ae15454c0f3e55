#!/usr/bin/env python3
"""Generates crates/ctt-bigint/src/backend/generated/mont_arm64.s: Montgomery multiplication and squaring for 4 and 6 limbs
on ARMv8-A (AArch64) with MUL/UMULH and ADDS/ADCS/ADC carry chains, for Rust's `global_asm!`.

    python3 asm/aarch64/gen_mont_arm64.py > crates/ctt-bigint/src/backend/generated/mont_arm64.s

Algorithm: CIOS, one row per word b[i] (Koc-Acar-Kaliski 1996), in the shape Constantine uses on
ARM64 (`limbs_asm_mul_mont_arm64.nim`): AArch64 has a single carry flag, so instead of two
interleaved flag chains (x86 ADCX/ADOX) each row runs its chains one after the other:

  product row    t[0..N] = t[0..N-1] + a * b[i]
                   lo chain:  t[j] += lo(a[j] b[i])  (j = 0..N-1), t[N] = hi(a[N-1] b[i]) + C
                   hi chain:  t[j+1] += hi(a[j] b[i]) (j = 0..N-2), t[N] += C
  reduction row  m = t[0] * n0;  t = (t + m * p) / 2^64
                   lo chain:  C = (t[0] != 0) via `subs xzr, t0, #1` (t[0] + lo(m p[0]) is 0 mod
                              2^64 and carries exactly when t[0] != 0, as in blst; saves a MUL),
                              t[j] += lo(m p[j]) (j = 1..N-1), t[N] += hi(m p[N-1]) + C
                   hi chain:  t[j+1] += hi(m p[j]) (j = 0..N-2), t[N] += C
                 then the registers are renamed: t[1..N] become t[0..N-1] and the old t[0]
                 register (now zero) becomes the next row's top word, so no MOV shifts t.
Row 0 multiplies straight into t (no additions). MUL/UMULH do not touch the flags, so they are
software-pipelined into the free slots of the chains through a few rotating temporaries, and
`m` is computed as soon as t[0] is final (right after the first ADDS of the product row).

Bound (the spare-bit condition of the no-carry CIOS, eprint 2022/1400): with a, b < p and
p < 2^(64N-1), t < 2p at the start of every row; then t + a*b[i] + m*p < 2^65 p <= 2^(64(N+1)),
so no chain carries out of word N, and after the shift t < 2p fits N words: the (N+2)-th word of
plain CIOS and the carry between rows are dropped. One conditional subtraction (SUBS/SBCS then
CSEL, no branch) finishes. The dispatcher checks the stronger p[N-1] < 2^63 - 1 for every backend.

a and p live in registers for the whole kernel (31 GPRs); b[i] is loaded once per row by LDR,
one row ahead. Squaring is the multiplication with b = a, which reads b[i] from the a registers
(no load at all): a separate squaring does not pay once the reduction dominates (Constantine's measurement, `limbs_montgomery.nim`).

Constant time: straight-line code, no branch, no data-dependent address; CSEL for the final
subtraction.

ABI: AAPCS64 (every AArch64 OS). mul: (x0 = r, x1 = a, x2 = b, x3 = p, x4 = n0);
sqr: (x0 = r, x1 = a, x2 = p, x3 = n0). Callee-saved x19-x28 are saved and restored when used;
x18 (platform register) and x29/x30 are not touched; no stack beyond the saved registers.
r may alias a or b: it is written only after the last read.

Assembler-neutral text (GNU as and LLVM for ELF, Mach-O and COFF): only `.text`, `.globl`,
`.p2align`, labels and `//` comments; no `.type`/`.size`. Symbols carry no platform prefix; the
Rust side links them with `#[link_name = "\\x01..."]`.
"""

import sys

CALLEE_SAVED = [f"x{i}" for i in range(19, 29)]


class Kernel:
    def __init__(self, n, square):
        self.n = n
        self.square = square
        self.lines = []

    def emit(self, s):
        self.lines.append("    " + s)


def kernel(name, n, square, ntemps=4):
    k = Kernel(n, square)
    out = []

    # ---------------------------------------------------------------- registers
    r = "x0"
    a_ptr = "x1"
    if square:
        p_ptr, n0, b_ptr = "x2", "x3", None
        fixed = {r, n0}  # live for the whole kernel
        freed = [a_ptr, p_ptr]  # free once a and p are in registers
        pool = [f"x{i}" for i in range(4, 18)]
    else:
        b_ptr, p_ptr, n0 = "x2", "x3", "x4"
        fixed = {r, b_ptr, n0}
        freed = [a_ptr, p_ptr]
        pool = [f"x{i}" for i in range(5, 18)]
    # a and p are loaded first, so they may not use the pointer registers; everything written
    # after the loads may.
    take = iter(pool)
    a = [next(take) for _ in range(n)]
    p = [next(take) for _ in range(n)]
    rest = list(take) + freed + CALLEE_SAVED
    rest_it = iter(rest)
    t = [next(rest_it) for _ in range(n + 1)]
    m = next(rest_it)
    bi = None if square else next(rest_it)
    temps = [next(rest_it) for _ in range(ntemps)]
    used = set(a) | set(p) | set(t) | {m} | set(temps) | ({bi} if bi else set())
    assert not (used & fixed) and "x18" not in used and len(used) == len(set(used))
    saved = [x for x in CALLEE_SAVED if x in used]
    if len(saved) % 2:
        saved.append(CALLEE_SAVED[len(saved)])  # keep pairs (and sp 16-byte aligned)
    frame = 8 * len(saved)

    out.append(".p2align 5")
    out.append(f".globl {name}")
    out.append(f"{name}:")
    kind = "square" if square else "product"
    out.append(f"    // Montgomery {kind}, {n} limbs: r = a{'^2' if square else '*b'} * 2^-{64 * n} mod p")

    # ---------------------------------------------------------------- prologue
    for idx in range(0, len(saved), 2):
        x, y = saved[idx], saved[idx + 1]
        if idx == 0:
            k.emit(f"stp {x}, {y}, [sp, #-{frame}]!")
        else:
            k.emit(f"stp {x}, {y}, [sp, #{8 * idx}]")
    for j in range(0, n, 2):
        k.emit(f"ldp {a[j]}, {a[j + 1]}, [{a_ptr}" + (f", #{8 * j}]" if j else "]"))
    for j in range(0, n, 2):
        k.emit(f"ldp {p[j]}, {p[j + 1]}, [{p_ptr}" + (f", #{8 * j}]" if j else "]"))
    if not square:
        k.emit(f"ldr {bi}, [{b_ptr}]")

    # ---------------------------------------------------------------- the schedule
    # A step is a flag-chain instruction (the "consumer"), optionally fed by one MUL/UMULH
    # (the "producer") that writes a rotating temporary. Producers are emitted in order, as far
    # ahead of their consumers as the temporaries and their inputs allow; consumers (and thus
    # the carry flag) keep program order.
    steps = []  # dicts: prod=(op, x, y) or None, need=("m", row) / ("b", row) / None,
    #                    cons=format string with {T}, after=[instructions after the consumer]

    def b_reg(i):
        return a[i] if square else bi

    tt = list(t)  # current naming of t[0..n]
    for i in range(n):
        bb = b_reg(i)
        need_b = None if square else ("b", i)
        if i == 0:
            # t[j] = lo(a[j] b[0]) straight into t; m as soon as t[0] exists.
            for j in range(n):
                after = [f"mul {m}, {tt[0]}, {n0}"] if j == 0 else []
                steps.append(dict(prod=None, need=None, cons=f"mul {tt[j]}, {a[j]}, {bb}", after=after,
                                  reads_b=None if square else 0))
            # hi chain: t[j+1] += hi(a[j] b[0]); t[n] = hi(a[n-1] b[0]) + C
            for j in range(n - 1):
                op = "adds" if j == 0 else "adcs"
                steps.append(dict(prod=("umulh", a[j], bb), need=need_b,
                                  cons=f"{op} {tt[j + 1]}, {tt[j + 1]}, {{T}}", after=[]))
            steps.append(dict(prod=("umulh", a[n - 1], bb), need=need_b,
                              cons=f"adc {tt[n]}, {{T}}, xzr", after=[]))
        else:
            # lo chain
            for j in range(n):
                op = "adds" if j == 0 else "adcs"
                after = [f"mul {m}, {tt[0]}, {n0}"] if j == 0 else []
                steps.append(dict(prod=("mul", a[j], bb), need=need_b,
                                  cons=f"{op} {tt[j]}, {tt[j]}, {{T}}", after=after))
            steps.append(dict(prod=("umulh", a[n - 1], bb), need=need_b,
                              cons=f"adc {tt[n]}, {{T}}, xzr", after=[]))
            # hi chain
            for j in range(n - 1):
                op = "adds" if j == 0 else "adcs"
                steps.append(dict(prod=("umulh", a[j], bb), need=need_b,
                                  cons=f"{op} {tt[j + 1]}, {tt[j + 1]}, {{T}}", after=[]))
            steps.append(dict(prod=None, need=None, cons=f"adc {tt[n]}, {tt[n]}, xzr", after=[]))
        # reduction: lo chain
        need_m = ("m", i)
        steps.append(dict(prod=None, need=None, cons=f"subs xzr, {tt[0]}, #1", after=[]))
        for j in range(1, n):
            steps.append(dict(prod=("mul", m, p[j]), need=need_m,
                              cons=f"adcs {tt[j]}, {tt[j]}, {{T}}", after=[]))
        steps.append(dict(prod=("umulh", m, p[n - 1]), need=need_m,
                          cons=f"adc {tt[n]}, {tt[n]}, {{T}}", after=[]))
        # reduction: hi chain
        for j in range(n - 1):
            op = "adds" if j == 0 else "adcs"
            steps.append(dict(prod=("umulh", m, p[j]), need=need_m,
                              cons=f"{op} {tt[j + 1]}, {tt[j + 1]}, {{T}}", after=[]))
        steps.append(dict(prod=None, need=None, cons=f"adc {tt[n]}, {tt[n]}, xzr", after=[]))
        # t /= 2^64: rename
        tt = tt[1:] + tt[:1]
        # mark where row i's `mul m` happens, so producers needing ("m", i) wait for it
        for s in steps:
            if s["after"] and s["after"][0].startswith(f"mul {m},") and "row" not in s:
                s["row"] = i

    # Every instruction that reads bi in row i (its producers, and row 0's direct MULs); the next
    # b[i+1] is loaded as soon as the last of them has been emitted, one row ahead of its use.
    b_readers = {}
    for idx, s in enumerate(steps):
        if s["need"] and s["need"][0] == "b":
            b_readers.setdefault(s["need"][1], set()).add(("prod", idx))
        if s.get("reads_b") is not None:
            b_readers.setdefault(s["reads_b"], set()).add(("cons", idx))

    available = {("b", 0)}
    prod_idx = [idx for idx, s in enumerate(steps) if s["prod"]]
    temp_of = {idx: temps[q % ntemps] for q, idx in enumerate(prod_idx)}
    emitted_prod = set()
    next_p = 0  # index into prod_idx of the next producer to emit
    consumed_prod = 0  # number of producers whose consumer was emitted

    def done_reading_b(key):
        for row, readers in b_readers.items():
            if key in readers:
                readers.discard(key)
                if not readers and row + 1 < n:
                    k.emit(f"ldr {bi}, [{b_ptr}, #{8 * (row + 1)}]")
                    available.add(("b", row + 1))

    def pump():
        nonlocal next_p
        while next_p < len(prod_idx):
            idx = prod_idx[next_p]
            s = steps[idx]
            if next_p - consumed_prod >= ntemps:
                return  # every temporary is in flight
            if s["need"] and s["need"] not in available:
                return
            op, x, y = s["prod"]
            k.emit(f"{op} {temp_of[idx]}, {x}, {y}")
            emitted_prod.add(idx)
            next_p += 1
            done_reading_b(("prod", idx))

    for idx, s in enumerate(steps):
        pump()
        if s["prod"]:
            assert idx in emitted_prod, "producer must precede its consumer"
            k.emit(s["cons"].format(T=temp_of[idx]))
            consumed_prod += 1
        else:
            k.emit(s["cons"])
        done_reading_b(("cons", idx))
        for extra in s["after"]:
            k.emit(extra)
            if extra.startswith(f"mul {m},"):
                available.add(("m", s["row"]))
    assert next_p == len(prod_idx)

    # ---------------------------------------------------------------- final subtraction
    # t < 2p < 2^(64N): r = t - p when that does not borrow (C = 1), else t.
    s = a  # the a registers are free now (also for squaring: the last b[i] was consumed)
    for j in range(n):
        op = "subs" if j == 0 else "sbcs"
        k.emit(f"{op} {s[j]}, {tt[j]}, {p[j]}")
    for j in range(n):
        k.emit(f"csel {s[j]}, {tt[j]}, {s[j]}, lo")
    for j in range(0, n, 2):
        k.emit(f"stp {s[j]}, {s[j + 1]}, [{r}" + (f", #{8 * j}]" if j else "]"))

    # ---------------------------------------------------------------- epilogue
    for idx in range(len(saved) - 2, -1, -2):
        x, y = saved[idx], saved[idx + 1]
        if idx == 0:
            k.emit(f"ldp {x}, {y}, [sp], #{frame}")
        else:
            k.emit(f"ldp {x}, {y}, [sp, #{8 * idx}]")
    k.emit("ret")

    body = k.lines
    out.append(f"    // {len(body)} instructions, straight-line")
    return "\n".join(out + body) + "\n", len(body)


def main():
    parts = [
        "// Generated by asm/aarch64/gen_mont_arm64.py; do not edit by hand.",
        "// Montgomery mul/sqr for AArch64 (AAPCS64), 4 and 6 limbs: CIOS with one carry chain at a",
        "// time (MUL/UMULH + ADDS/ADCS/ADC), spare-bit bound, CSEL final subtraction.",
        ".text",
        "",
    ]
    counts = []
    for n in (4, 6):
        for square in (False, True):
            name = f"ctt_{'sqr' if square else 'mul'}_mont_{n}_arm64"
            text, count = kernel(name, n, square)
            parts.append(text)
            counts.append((name, count))
    sys.stdout.write("\n".join(parts))
    for name, count in counts:
        print(f"{name}: {count} instructions", file=sys.stderr)


if __name__ == "__main__":
    main()
