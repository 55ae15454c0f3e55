#!/usr/bin/env python3
"""Writes the seed corpora fuzz/seeds/<target>/ from tests/vectors (and a few synthetic inputs),
in each target's input layout, and the dictionaries fuzz/dicts/<target>.dict (flag bytes, moduli,
padding) (see the doc comment at the top of each fuzz_targets/*.rs).
Deterministic; run from anywhere: `python3 fuzz/make_seeds.py`. A few dozen files per target."""
import base64, glob, hashlib, json, os, re, shutil

ROOT = os.path.dirname(os.path.abspath(__file__))
VEC = os.path.join(ROOT, "..", "tests", "vectors")
OUT = os.path.join(ROOT, "seeds")


def h(s):
    s = s[2:] if s.startswith("0x") else s
    return bytes.fromhex(s)


def write(target, items, limit=40):
    d = os.path.join(OUT, target)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    seen = set()
    for data in items:
        if data in seen:
            continue
        seen.add(data)
        with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
        if len(seen) >= limit:
            break
    print(f"{target}: {len(seen)} seeds")


def geth(name):
    with open(os.path.join(VEC, "geth-precompiles", name)) as f:
        return json.load(f)


def spread(xs, n):
    """n items spread over the list."""
    if len(xs) <= n:
        return xs
    return [xs[i * len(xs) // n] for i in range(n)]


# precompiles_vs_revm: address index, fork selector (< 128: Osaka), gas selector (6: 30M), input.
ADDR = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x100]
FILES = {
    0x01: ["ecRecover.json"], 0x05: ["modexp.json", "modexp_eip7883.json"], 0x06: ["bn256Add.json"],
    0x07: ["bn256ScalarMul.json"], 0x08: ["bn256Pairing.json"], 0x09: ["blake2F.json", "fail-blake2f.json"],
    0x0a: ["pointEvaluation.json"], 0x0b: ["blsG1Add.json", "fail-blsG1Add.json"],
    0x0c: ["blsG1MultiExp.json", "fail-blsG1MultiExp.json"], 0x0d: ["blsG2Add.json", "fail-blsG2Add.json"],
    0x0e: ["blsG2MultiExp.json", "fail-blsG2MultiExp.json"], 0x0f: ["blsPairing.json", "fail-blsPairing.json"],
    0x10: ["blsMapG1.json", "fail-blsMapG1.json"], 0x11: ["blsMapG2.json", "fail-blsMapG2.json"],
    0x100: ["p256Verify.json"],
}
items = []
for a, files in FILES.items():
    inputs = [h(c["Input"]) for f in files for c in geth(f)]
    inputs = [i for i in inputs if len(i) <= 2000]
    for i in spread(inputs, 3):
        items.append(bytes([ADDR.index(a), 0, 6]) + i)
items += [bytes([ADDR.index(2), 0, 6]) + b"abc", bytes([ADDR.index(3), 0, 6]) + b"abc",
          bytes([ADDR.index(4), 200, 6]) + b"abc"]
write("precompiles_vs_revm", items, limit=60)

# decoders_vs_blst: decoder (format % 3, 0x10 unchecked, 0x20 G2), source 0 (raw), mutation 0.
items = []
for g, flag in (("G1", 0x00), ("G2", 0x20)):
    for f in sorted(glob.glob(os.path.join(VEC, "bls12-381-tests", f"deserialization_{g}", "*.json"))):
        with open(f) as fh:
            c = json.load(fh)
        key = "pubkey" if g == "G1" else "signature"
        items.append(bytes([flag, 0, 0]) + h(c["input"][key]))
for c in geth("blsG1Add.json")[:2]:
    items.append(bytes([0x02, 0, 0]) + h(c["Input"])[:128])
for c in geth("blsG2Add.json")[:2]:
    items.append(bytes([0x22, 0, 0]) + h(c["Input"])[:256])
# Hash-to-curve and decompressed-x sources in every format.
for d in range(3):
    for g in (0, 0x20):
        items.append(bytes([d | g, 1, 0]) + b"seed")
        items.append(bytes([d | g | 0x10, 2, 0]) + bytes(range(1, 49)))
write("decoders_vs_blst", items, limit=60)

# hashes_vs_refs: selector, then the message (the first 3 message bytes are the chunk sizes).
items = []
with open(os.path.join(VEC, "sha2", "SHA256ShortMsg.rsp")) as f:
    msgs = re.findall(r"Len = (\d+)\s+Msg = ([0-9a-f]+)", f.read())
for bits, m in spread(msgs, 8):
    items.append(bytes([0]) + bytes.fromhex(m)[: int(bits) // 8])
for c in geth("blake2F.json"):
    items.append(bytes([0x4c]) + h(c["Input"]))
items += [bytes([0x0c]) + bytes(212), bytes([0x8c]) + bytes(range(256)) * 2]
write("hashes_vs_refs", items)

# modexp_vs_num_bigint: len_b, len_e, len_m, modulus shape, base shape, base, exp, modulus.
items = []
for c in geth("modexp.json") + geth("modexp_eip2565.json"):
    i = h(c["Input"])
    lb, le, lm = (int.from_bytes(i[k * 32:(k + 1) * 32], "big") for k in range(3))
    if max(lb, le, lm) > 255:
        continue
    body = i[96:] + bytes(lb + le + lm)
    items.append(bytes([lb, le, lm, 0, 0]) + body[: lb + le + lm])
items += [bytes([32, 32, 32, 2, 1]) + bytes(range(96)), bytes([8, 1, 64, 3, 0]) + bytes(73),
          bytes([64, 64, 64, 4, 3]) + bytes(range(192))]
write("modexp_vs_num_bigint", items)

# ecdsa_vs_k256: curve (0 secp256k1, 1 P-256), mode (0 raw, 1 signed), mutation, then bytes.
items = []
for c in spread(geth("ecRecover.json"), 8):
    i = h(c["Input"]).ljust(128, b"\0")
    hh, v, r, s = i[:32], i[32:64], i[64:96], i[96:128]
    items.append(bytes([0, 0, 0]) + hh + r + s + bytes([(v[31] - 27) % 256]))
for c in spread(geth("p256Verify.json"), 10):
    items.append(bytes([1, 0, 0]) + h(c["Input"]))
for mut in range(8):
    items.append(bytes([0, 1 | (mut & 1) << 1, mut]) + bytes(range(1, 33)) + bytes(range(40, 72)) + b"\x05\x07")
    items.append(bytes([1, 1, mut]) + bytes(range(1, 33)) + bytes(range(40, 72)) + b"\x05\x07")
write("ecdsa_vs_k256", items)

# kzg_vs_ckzg: op, then (kind, seed, npatch, patches) for the blob ops, or the raw
# verify_kzg_proof inputs for op 2.
items = []
for d in spread(sorted(glob.glob(os.path.join(VEC, "cryptography-specs", "kzg", "verify_kzg_proof", "*", "data.json"))), 12):
    with open(d) as f:
        c = json.load(f)["input"]
    items.append(bytes([2]) + h(c["commitment"]) + h(c["z"]) + h(c["y"]) + h(c["proof"]))
for op in (0, 1, 3, 4):
    for kind in range(4):
        items.append(bytes([op, kind]) + (7 + kind).to_bytes(8, "little") + bytes([0]) + bytes(range(32)) + bytes([1, 0, 0]))
items.append(bytes([0, 0]) + bytes(8) + bytes([1, 5, 0]) + b"\xff" * 32)
items.append(bytes([4, 2, 0]) + bytes(8) + bytes([0, 1]) + bytes(8) + bytes([0, 1, 1, 0]))
write("kzg_vs_ckzg", items)

# peerdas_vs_ckzg: op (% 8: 1 proofs, 2 recovery, 3-6 cell batch, 0/7 cells), then its fields.
items = [bytes([0, 0]) + (5).to_bytes(8, "little"), bytes([7, 1]) + (6).to_bytes(8, "little"),
         bytes([0, 2]) + bytes(8) + (3).to_bytes(2, "little") + b"\xff" * 32,
         bytes([1, 0]) + (9).to_bytes(8, "little")]
for n in range(5):
    items.append(bytes([3, n]) + bytes(sum(([k % 4, 17 * k] for k in range(n)), [])) + bytes([0, 0]))
for which in range(6):
    items.append(bytes([4, 2, 0, 5, 1, 9, which, 1]) + bytes(range(40)))
items.append(bytes([2, 0]) + b"\xff" * 8 + bytes(8) + bytes([0, 0]))          # first 64 cells
items.append(bytes([2, 1]) + b"\x55" * 16 + bytes([1, 3, 7]) + b"\xaa" * 32)  # every other cell, one changed
items.append(bytes([2, 2]) + b"\xff" * 16 + bytes([3, 5]))                    # all cells, one repeated
items.append(bytes([2, 3]) + b"\x0f" * 16 + bytes([2, 9]))                    # swapped indices
items.append(bytes([2, 0]) + b"\x01" * 16)                                    # too few cells
# Not a codeword (one canonical element changed): 90 cells, then all 128 (the spec truncates).
items.append(bytes([2, 2]) + b"\xff" * 11 + bytes([3, 0, 0, 0, 0, 1, 0x71, 0, 0, 0, 0x80, 5]))
items.append(bytes([2, 2]) + b"\xff" * 16 + bytes([1, 23, 0, 0, 0, 0x80, 5]))
write("peerdas_vs_ckzg", items)

# The BLS targets: decode_verify takes pk(48) sig(96) sk(32) msg; the others a 32-byte IKM first.
items = []
for f in sorted(glob.glob(os.path.join(VEC, "bls12-381-tests", "verify", "*.json")))[:12]:
    with open(f) as fh:
        c = json.load(fh)["input"]
    items.append(h(c["pubkey"]) + h(c["signature"]) + bytes(32) + h(c["message"]))
write("decode_verify", items)
write("verify_vs_blst", [bytes(range(32)) + bytes([m, 7]) + b"message" for m in range(8)])
write("batch_verify_vs_blst", [bytes([n, c]) + bytes(range(32)) + b"messages" for n in range(8) for c in range(4)][:32])


# Dictionaries: encoding flag bytes, field and group moduli (and their neighbours), EIP-2537 padding.
BLS_P = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
BLS_R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
BN_P = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47
BN_R = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001
K1_P = 2**256 - 2**32 - 977
K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141
P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
G1C = h("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")
ID48 = b"\xc0" + bytes(47)


def be(x, n):
    return x.to_bytes(n, "big")


# msm_vs_blst: selector (0/1 MSM on G1/G2, 2/3 subgroup check), then mode, n, seed[8], and per
# point `source, scalar mode, scalar[32]` (MSM) or `n[2], seed[8], (position[2], x[48]) x 2`.
items = []
for sel in range(2):
    for n in (1, 2, 5, 17, 33, 47):
        body = b"".join(bytes([i % 4, i % 12]) + bytes([(7 * i + j) % 256 for j in range(32)]) for i in range(n))
        items.append(bytes([sel, 0x80 | n, n - 1]) + bytes(range(8)) + body)
for sel in (2, 3):
    for n in (1, 7, 255, 256, 300):
        items.append(bytes([sel, n % 2]) + n.to_bytes(2, "little") + bytes(range(8))
                     + (n // 2).to_bytes(2, "little") + bytes(range(5, 53)) + (n - 1).to_bytes(2, "little")
                     + bytes(range(9, 57)))
write("msm_vs_blst", items)
# hash_to_curve_vs_blst: mode (0/1 hash or encode on G1/G2 with bit 4 = encode, 2/3 map), DST
# length[2], DST, message; for the maps the field element bytes.
DSTS = [b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_", b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_",
        b"", b"x" * 255, b"x" * 256]
items = []
for mode in (0, 1, 0x10, 0x11):
    for d in DSTS:
        for m in (b"", b"abc", b"a" * 200):
            items.append(bytes([mode]) + len(d).to_bytes(2, "little") + d + m)
items += [bytes([2]) + be(x, 48) for x in (0, 1, BLS_P - 1)] + [bytes([3]) + be(1, 48) + be(2, 48)]
write("hash_to_curve_vs_blst", items, limit=80)
# pairing_vs_blst: n, then per pair `source of P, source of Q, seed[8]`.
items = []
for n in range(1, 7):
    for pattern in ((0, 0), (2, 1), (3, 0), (0, 2)):
        items.append(bytes([n - 1]) + b"".join(bytes([pattern[0] if i else 0, pattern[1] if i else 0])
                                               + bytes([i] * 8) for i in range(n)))
write("pairing_vs_blst", items)
# interop_vs_blst: kind (serde G1/G2/BN254 G1/G2, ff reprs, group G1/G2), JSON mode, mutation mode,
# IKM[32], then the mutation's and the JSON form's bytes.
items = [bytes([k, m, mut]) + bytes(range(32)) + bytes([5, 1, 9]) for k in range(8) for m in range(8)
         for mut in (0, 3)]
# The finding of the campaign (blst refuses (0, ±2) unchecked; fuzz/README): a group G1 case.
items.append(base64.b64decode(
    "ZSAKCipjAAAAjgAFAABuAAAAAAAAAAAA4AAAAAAAAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAegAAAAAAAAAAAAAAAAAAAAEA"
    "AAAAAAACAMz6XcA="))
write("interop_vs_blst", items, limit=129)
# setup_vs_ckzg: op (0-3 bytes loader, 4-6 text loader, 7 precompute parameters), then the changes:
# bytes `count, section, index[2], kind, ...`; text `count, position[8], kind, ...`; precompute
# `form, t[2], b`.
items = [bytes([0, 0, sec]) + (63 * sec + 1).to_bytes(2, "little") + bytes([kind, 3, 1])
         for sec in range(3) for kind in range(8)]
items += [bytes([4, 0]) + (1000 * kind + 7).to_bytes(8, "little") + bytes([kind, 1, 2]) for kind in range(10)]
items += [bytes([7, 0]) + t.to_bytes(2, "little") + bytes([b]) for t, b in ((12, 12), (10, 10), (0, 2), (513, 3),
                                                                        (20, 21), (512, 16), (8, 3))]
write("setup_vs_ckzg", items, limit=24)


def dict_file(target, entries):
    os.makedirs(os.path.join(ROOT, "dicts"), exist_ok=True)
    with open(os.path.join(ROOT, "dicts", target + ".dict"), "w") as f:
        f.write(f"# libFuzzer dictionary for {target} (written by fuzz/make_seeds.py)\n")
        for i, b in enumerate(entries):
            f.write(f'k{i}="' + "".join(f"\\x{x:02x}" for x in b) + '"\n')


flags = [bytes([b]) for b in (0x80, 0xA0, 0xC0, 0xE0, 0x40, 0x20, 0x60)]
dict_file("decoders_vs_blst", flags + [be(BLS_P, 48), be(BLS_P - 1, 48), be(BLS_P + 1, 48), bytes(16),
                                       bytes(16) + be(BLS_P, 48), G1C, ID48])
dict_file("kzg_vs_ckzg", [be(BLS_R, 32), be(BLS_R - 1, 32), be(BLS_R + 1, 32), ID48, G1C, be(BLS_P, 48)] + flags[:4])
dict_file("peerdas_vs_ckzg", [be(BLS_R, 32), be(BLS_R - 1, 32), ID48, b"\xff" * 8, bytes(8)])
dict_file("modexp_vs_num_bigint", [be(m, 48 if m.bit_length() > 256 else 32)
                                   for m in (BLS_P, BLS_R, BN_P, BN_R, K1_P, K1_N, P256_P, P256_N)]
          + [b"\xff" * 32, b"\x01" + bytes(31), b"\x80" + bytes(31)])
dict_file("ecdsa_vs_k256", [be(K1_N, 32), be(K1_N - 1, 32), be(K1_N // 2, 32), be(K1_N // 2 + 1, 32), be(K1_P, 32),
                            be(P256_N, 32), be(P256_N - 1, 32), be(P256_P, 32), b"\x02", b"\x03", b"\x04"])
dict_file("precompiles_vs_revm", [be(BN_P, 32), be(BN_R, 32), be(K1_N, 32), be(P256_N, 32), bytes(16) + be(BLS_P, 48),
                                  bytes(16), be(BLS_P, 48), b"\x00\x00\x00\x0c", be(27, 32), be(28, 32), be(32, 32),
                                  be(64, 32), be(1024, 32)])
dict_file("hashes_vs_refs", [b"\x00\x00\x00\x0c", b"\x00\x00\x00\x01", b"\xff\xff\xff\xff", b"\x80" * 8])
dict_file("msm_vs_blst", [be(BLS_R, 32), be(BLS_R - 1, 32), be(BLS_R + 1, 32), b"\xff" * 32, flags[0], flags[2]])
dict_file("hash_to_curve_vs_blst", [b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_", b"H2C-OVERSIZE-DST-",
                                    be(BLS_P - 1, 48), be(BLS_P, 48), b"\x00\xff", b"\x01\x00"])
dict_file("interop_vs_blst", [b'"0x', b'\\u00', b'"', b"0X", b"[", b"null", be(BLS_P, 48)[::-1], be(BLS_R, 32)[::-1],
                              be(BN_P, 32)[::-1], be(BN_R, 32)[::-1]] + flags[:4])
