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


# ---------------------------------------------------------------------------------------------
# Full-width 4-limb moduli (no spare bit: P-256, secp256k1's n) and secp256k1's p in the unit
# radix. Separated operand scanning: the 8-limb product in registers, then either four
# Montgomery reduction rows (SOS, Koc-Acar-Kaliski 1996) with the top carry kept in a ninth word,
# or two folds by 2^256 = c (mod p) for p = 2^256 - c. Straight-line code, one carry chain at a
# time; the multiplications are not software-pipelined (these moduli serve public-data ECDSA
# and the plain representation's products; the spare-bit kernels above carry the pairing work).

FW_A = ["x4", "x5", "x6", "x7"]
FW_B = ["x8", "x9", "x10", "x11"]
FW_T = ["x12", "x13", "x14", "x15", "x16", "x17", "x19", "x20", "x21"]
FW_LO, FW_HI = "x22", "x23"
FW_SAVED = ["x19", "x20", "x21", "x22", "x23", "x24"]  # x24 keeps the pairs even


def fw_prologue(k, a_ptr, b_ptr, pre=()):
    """Saves the callee-saved registers, runs `pre` (moves out of the registers a and b are
    loaded into), loads a and b."""
    frame = 8 * len(FW_SAVED)
    for idx in range(0, len(FW_SAVED), 2):
        x, y = FW_SAVED[idx], FW_SAVED[idx + 1]
        if idx == 0:
            k.emit(f"stp {x}, {y}, [sp, #-{frame}]!")
        else:
            k.emit(f"stp {x}, {y}, [sp, #{8 * idx}]")
    for line in pre:
        k.emit(line)
    k.emit(f"ldp {FW_A[0]}, {FW_A[1]}, [{a_ptr}]")
    k.emit(f"ldp {FW_A[2]}, {FW_A[3]}, [{a_ptr}, #16]")
    k.emit(f"ldp {FW_B[0]}, {FW_B[1]}, [{b_ptr}]")
    k.emit(f"ldp {FW_B[2]}, {FW_B[3]}, [{b_ptr}, #16]")


def fw_epilogue(k, r, out):
    frame = 8 * len(FW_SAVED)
    k.emit(f"stp {out[0]}, {out[1]}, [{r}]")
    k.emit(f"stp {out[2]}, {out[3]}, [{r}, #16]")
    for idx in range(len(FW_SAVED) - 2, -1, -2):
        x, y = FW_SAVED[idx], FW_SAVED[idx + 1]
        if idx == 0:
            k.emit(f"ldp {x}, {y}, [sp], #{frame}")
        else:
            k.emit(f"ldp {x}, {y}, [sp, #{8 * idx}]")
    k.emit("ret")


def fw_text(name, comment, k):
    """The kernel's assembly text (label, comments, body) and its instruction count."""
    head = [".p2align 5", f".globl {name}", f"{name}:", f"    // {comment}",
            f"    // {len(k.lines)} instructions, straight-line"]
    return "\n".join(head + k.lines) + "\n", len(k.lines)


def fw_product(k):
    """t[0..8] = a*b, row by row: t[i+j] += lo(a[j] b[i]) on one chain (its carry into the new
    word t[i+4]), then t[i+j+1] += hi(a[j] b[i]) on a second (which cannot carry out of t[i+4]:
    the partial product is below 2^(64(i+5)))."""
    t, a, b, lo, hi = FW_T, FW_A, FW_B, FW_LO, FW_HI
    for i in range(4):
        if i == 0:
            for j in range(4):
                k.emit(f"mul {t[j]}, {a[j]}, {b[0]}")
            k.emit(f"umulh {t[4]}, {a[3]}, {b[0]}")
            for j in range(3):
                k.emit(f"umulh {lo}, {a[j]}, {b[0]}")
                k.emit(f"{'adds' if j == 0 else 'adcs'} {t[j + 1]}, {t[j + 1]}, {lo}")
            k.emit(f"adc {t[4]}, {t[4]}, xzr")
            continue
        for j in range(4):
            k.emit(f"mul {lo}, {a[j]}, {b[i]}")
            k.emit(f"{'adds' if j == 0 else 'adcs'} {t[i + j]}, {t[i + j]}, {lo}")
        k.emit(f"cset {t[i + 4]}, cs")
        for j in range(4):
            k.emit(f"umulh {hi}, {a[j]}, {b[i]}")
            k.emit(f"{'adds' if j == 0 else 'adcs'} {t[i + j + 1]}, {t[i + j + 1]}, {hi}")


def crandall_kernel(name):
    """r = a*b mod p for p = 2^256 - c (x3 = c, any c < 2^64; a, b any 256-bit values), the
    folds of the x86-64 `crandall_fn`: u = L + H*c (top word u4 <= c), v = u mod 2^256 + u4*c
    (carry k), s = v mod 2^256 + c (carry k2), result s if k + k2 > 0 else v."""
    k = Kernel(4, False)
    r, c = "x0", "x3"
    t, lo, hi = FW_T, FW_LO, FW_HI
    fw_prologue(k, "x1", "x2")
    fw_product(k)
    # fold 1: lo chain t[j] += lo(t[4+j] c), top = hi(t[7] c) + C; hi chain t[j+1] += hi(t[4+j] c)
    top = FW_B[0]  # b is consumed
    k.emit(f"umulh {top}, {t[7]}, {c}")
    for j in range(4):
        k.emit(f"mul {lo}, {t[4 + j]}, {c}")
        k.emit(f"{'adds' if j == 0 else 'adcs'} {t[j]}, {t[j]}, {lo}")
    k.emit(f"adc {top}, {top}, xzr")
    for j in range(3):
        k.emit(f"umulh {hi}, {t[4 + j]}, {c}")
        k.emit(f"{'adds' if j == 0 else 'adcs'} {t[j + 1]}, {t[j + 1]}, {hi}")
    k.emit(f"adc {top}, {top}, xzr")
    # fold 2
    k.emit(f"mul {lo}, {top}, {c}")
    k.emit(f"umulh {hi}, {top}, {c}")
    k.emit(f"adds {t[0]}, {t[0]}, {lo}")
    k.emit(f"adcs {t[1]}, {t[1]}, {hi}")
    k.emit(f"adcs {t[2]}, {t[2]}, xzr")
    k.emit(f"adcs {t[3]}, {t[3]}, xzr")
    k.emit(f"cset {top}, cs")
    # s = v + c; select
    s = FW_A  # a is consumed
    k.emit(f"adds {s[0]}, {t[0]}, {c}")
    for j in range(1, 4):
        k.emit(f"adcs {s[j]}, {t[j]}, xzr")
    k.emit(f"adc {top}, {top}, xzr")
    k.emit(f"cmp {top}, #0")
    for j in range(4):
        k.emit(f"csel {s[j]}, {s[j]}, {t[j]}, ne")
    fw_epilogue(k, r, s)
    return fw_text(name, "r = a*b mod p for p = 2^256 - c (x3 = c): product, then two folds by 2^256 = c", k)


def full_width_kernel(name):
    """r = a*b*2^-256 mod p for a 4-limb odd p without a spare bit (x3 = p, x4 = n0; a, b < p):
    the product, four Montgomery rows t += m*p*2^(64i) with m = t[i]*n0 (a lo chain, then a hi
    chain, each rippling its carry to the ninth word: T + M*p < p^2 + 2^256*p < 2^513), then
    t[4..9] < 2p minus p unless that borrows."""
    k = Kernel(4, False)
    r, p_ptr, n0 = "x0", "x3", "x24"
    t, lo, hi = FW_T, FW_LO, FW_HI
    fw_prologue(k, "x1", "x2", pre=[f"mov {n0}, x4"])
    fw_product(k)
    p = FW_A  # a is consumed
    m = FW_B[0]  # so is b
    k.emit(f"ldp {p[0]}, {p[1]}, [{p_ptr}]")
    k.emit(f"ldp {p[2]}, {p[3]}, [{p_ptr}, #16]")
    k.emit(f"mov {t[8]}, xzr")
    for i in range(4):
        k.emit(f"mul {m}, {t[i]}, {n0}")
        for chain, op in ((0, "mul"), (1, "umulh")):
            for j in range(4):
                k.emit(f"{op} {lo}, {m}, {p[j]}")
                k.emit(f"{'adds' if j == 0 else 'adcs'} {t[i + j + chain]}, {t[i + j + chain]}, {lo}")
            for w in range(i + 4 + chain, 8):
                k.emit(f"adcs {t[w]}, {t[w]}, xzr")
            k.emit(f"adc {t[8]}, {t[8]}, xzr")
    s = [FW_B[1], FW_B[2], FW_B[3], "x2"]  # b's registers and pointer are free
    for j in range(4):
        k.emit(f"{'subs' if j == 0 else 'sbcs'} {s[j]}, {t[4 + j]}, {p[j]}")
    k.emit(f"sbcs {t[8]}, {t[8]}, xzr")
    for j in range(4):
        k.emit(f"csel {s[j]}, {t[4 + j]}, {s[j]}, lo")
    fw_epilogue(k, r, s)
    return fw_text(name, "Montgomery product, 4 limbs, no spare bit: r = a*b * 2^-256 mod p (x3 = p, x4 = n0)", k)


def main():
    parts = [
        "// Generated by asm/aarch64/gen_mont_arm64.py; do not edit by hand.",
        "// Montgomery mul/sqr for AArch64 (AAPCS64), 4 and 6 limbs: CIOS with one carry chain at a",
        "// time (MUL/UMULH + ADDS/ADCS/ADC), spare-bit bound, CSEL final subtraction; the 4-limb",
        "// full-width (no spare bit) Montgomery product (SOS) and the folding product for",
        "// p = 2^256 - c (secp256k1's p in the unit radix).",
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
    for name, gen in (("ctt_mul_mont_4_full_arm64", full_width_kernel),
                      ("ctt_mul_crandall_4_arm64", crandall_kernel)):
        text, count = gen(name)
        parts.append(text)
        counts.append((name, count))
    sys.stdout.write("\n".join(parts))
    for name, count in counts:
        print(f"{name}: {count} instructions", file=sys.stderr)


if __name__ == "__main__":
    main()
