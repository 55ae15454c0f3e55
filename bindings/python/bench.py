#!/usr/bin/env python3
"""Benchmark of the ctt Python package: one process, one thread (except the scaling section).

    python bench.py [--quick] [--json out.json]

Sections (each skips the peers that are not installed; ``pip install ckzg py_ecc
py_arkworks_bls12381 milagro-bls-binding`` brings them):

1. KZG / PeerDAS: every function of ``ctt.kzg`` against ``ckzg`` (c-kzg-4844's binding), both
   with ``precompute = 8`` (ckzg from the text setup, ctt from the embedded one).
2. BLS: Sign, Verify and FastAggregateVerify of 128 keys against py_ecc, py_arkworks_bls12381
   (driven as the consensus specs drive it: decode, hash to G2, one pairing check) and
   milagro_bls_binding.
3. Binding overhead: the same operation timed in a Rust loop (``ctt._ctt.timing``) and through
   the Python API.
4. Scaling: the same calls from one and from two Python threads (the GIL is released).

Times are the best of several rounds of a loop of at least ``MIN_TIME`` seconds (one call for the
slow pure-Python py_ecc), peers interleaved with ctt round by round, so that a busy machine
slows both alike.
"""

import argparse
import json
import os
import platform
import random
import statistics
import threading
import time

import ctt
import ctt.bls as cbls
import ctt.kzg as ckzg_ctt
from ctt._ctt import timing

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
HERE = os.path.dirname(os.path.abspath(__file__))
SETUP_TXT = os.path.join(HERE, "..", "..", "crates", "ctt-kzg", "data", "trusted_setup.txt")

MIN_TIME = 0.3
ROUNDS = 3


def per_call(f, min_time):
    """Seconds per call of f(), looping for at least min_time."""
    n, t0 = 0, time.perf_counter()
    while True:
        f()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= min_time:
            return dt / n


def compare(fns, rounds=ROUNDS, min_time=None):
    """Best per-call time of each function, measured round-robin."""
    min_time = MIN_TIME if min_time is None else min_time
    best = {k: float("inf") for k in fns}
    for f in fns.values():
        f()  # warm up
    for _ in range(rounds):
        for k, f in fns.items():
            best[k] = min(best[k], per_call(f, min_time))
    return best


def try_import(name):
    try:
        return __import__(name, fromlist=["_"])
    except Exception:  # noqa: BLE001 - any failure means "not available"
        return None


def fmt(s):
    if s is None:
        return "–"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def rand_blob(rng):
    return b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(4096))


def kzg_inputs(rng, n_batch):
    ts = ckzg_ctt.load_mainnet_trusted_setup(8)
    blobs = [rand_blob(rng) for _ in range(n_batch)]
    blob = blobs[0]
    coms = [ckzg_ctt.blob_to_kzg_commitment(b, ts) for b in blobs]
    proofs = [ckzg_ctt.compute_blob_kzg_proof(b, c, ts) for b, c in zip(blobs, coms)]
    z = rng.randrange(R).to_bytes(32, "big")
    proof, y = ckzg_ctt.compute_kzg_proof(blob, z, ts)
    cells, cproofs = ckzg_ctt.compute_cells_and_kzg_proofs(blob, ts)
    idx = sorted(rng.sample(range(128), 64))
    return {
        "blob_to_kzg_commitment": (blob,),
        "compute_kzg_proof": (blob, z),
        "compute_blob_kzg_proof": (blob, coms[0]),
        "verify_kzg_proof": (coms[0], z, y, proof),
        "verify_blob_kzg_proof": (blob, coms[0], proofs[0]),
        "verify_blob_kzg_proof_batch": (b"".join(blobs), b"".join(coms), b"".join(proofs)),
        "compute_cells": (blob,),
        "compute_cells_and_kzg_proofs": (blob,),
        "recover_cells_and_kzg_proofs": (idx, [cells[i] for i in idx]),
        "verify_cell_kzg_proof_batch": ([coms[0]] * 128, list(range(128)), cells, cproofs),
    }


def bench_kzg(inputs, n_batch, results):
    peer = try_import("ckzg")
    ours = ckzg_ctt.load_mainnet_trusted_setup(8)
    theirs = peer.load_trusted_setup(SETUP_TXT, 8) if peer else None
    print("\n## KZG / PeerDAS (precompute 8)\n")
    print("| function | ctt | ckzg | ctt / ckzg |")
    print("|---|---:|---:|---:|")
    for name, args in inputs.items():
        fns = {"ctt": lambda a=args, n=name: getattr(ckzg_ctt, n)(*a, ours)}
        if peer:
            fns["ckzg"] = lambda a=args, n=name: getattr(peer, n)(*a, theirs)
            assert fns["ckzg"]() == fns["ctt"](), name
        t = compare(fns)
        label = name + (f" ({n_batch} blobs)" if name == "verify_blob_kzg_proof_batch" else "")
        label += " (64 of 128)" if name == "recover_cells_and_kzg_proofs" else ""
        label += " (128 cells)" if name == "verify_cell_kzg_proof_batch" else ""
        ratio = t["ctt"] / t["ckzg"] if peer else None
        print(f"| `{label}` | {fmt(t['ctt'])} | {fmt(t.get('ckzg'))} | {f'{ratio:.2f}×' if ratio else '–'} |", flush=True)
        results["kzg"][name] = {"ctt": t["ctt"], "ckzg": t.get("ckzg"), "ratio": ratio}


def arkworks_api(ark):
    """BLS on py_arkworks_bls12381's curve API, as the consensus specs' bls.py drives it."""
    G1, G2, GT, Scalar = ark.G1Point, ark.G2Point, ark.GT, ark.Scalar
    neg_g1 = G1() * Scalar(R - 1)

    def sign(sk, msg):
        return (G2.hash_to_curve(msg, DST) * Scalar(sk)).to_compressed_bytes()

    def verify(pk, msg, sig):
        p = G1.from_compressed_bytes(bytes(pk))
        s = G2.from_compressed_bytes(bytes(sig))
        return GT.pairing_check([p, neg_g1], [G2.hash_to_curve(msg, DST), s])

    def fast_aggregate_verify(pks, msg, sig):
        agg = G1.identity()
        for pk in pks:
            agg = agg + G1.from_compressed_bytes(bytes(pk))
        s = G2.from_compressed_bytes(bytes(sig))
        return GT.pairing_check([agg, neg_g1], [G2.hash_to_curve(msg, DST), s])

    return sign, verify, fast_aggregate_verify


def bench_bls(rng, quick, results):
    sks = [rng.randrange(1, R) for _ in range(128)]
    pks = [cbls.SkToPk(k) for k in sks]
    msg = b"\x42" * 32
    sigs = [cbls.Sign(k, msg) for k in sks]
    agg = cbls.Aggregate(sigs)
    sk, pk, sig = sks[0], pks[0], sigs[0]
    impls = {"ctt": (cbls.Sign, cbls.Verify, cbls.FastAggregateVerify)}
    versions = {}
    ark = try_import("py_arkworks_bls12381")
    if ark:
        impls["py_arkworks_bls12381"] = arkworks_api(ark)
    mil = try_import("milagro_bls_binding")
    if mil:
        b32 = lambda k: k.to_bytes(32, "big")  # noqa: E731
        impls["milagro_bls_binding"] = (
            lambda k, m: mil.Sign(b32(k), m),
            mil.Verify,
            mil.FastAggregateVerify,
        )
    pyecc = try_import("py_ecc.bls")
    if pyecc:
        P = pyecc.G2ProofOfPossession
        impls["py_ecc"] = (P.Sign, P.Verify, P.FastAggregateVerify)
    for name in impls:
        if name == "ctt":
            continue
        mod = name.split(".")[0]
        try:
            from importlib.metadata import version

            versions[name] = version(mod.replace("_", "-") if mod != "py_arkworks_bls12381" else mod)
        except Exception:  # noqa: BLE001
            versions[name] = "?"
    results["bls_versions"] = versions
    ops = [
        ("Sign", 0, (sk, msg), sig),
        ("Verify", 1, (pk, msg, sig), True),
        ("FastAggregateVerify (128 keys)", 2, (pks, msg, agg), True),
    ]
    names = list(impls)
    print("\n## BLS (one thread)\n")
    print("| operation | " + " | ".join(names) + " | ctt / arkworks | ctt / py_ecc |")
    print("|---" * (len(names) + 3) + "|")
    for label, i, args, want in ops:
        for n in names:
            got = impls[n][i](*args)
            assert got == want or (i == 0 and bytes(got) == want), (label, n)
        fast = {n: (lambda f=impls[n][i], a=args: f(*a)) for n in names if n != "py_ecc"}
        t = compare(fast)
        if "py_ecc" in impls and not (quick and i == 2):
            f = impls["py_ecc"][i]
            t0 = time.perf_counter()
            f(*args)
            t["py_ecc"] = time.perf_counter() - t0
        ark_r = t["ctt"] / t["py_arkworks_bls12381"] if "py_arkworks_bls12381" in t else None
        ecc_r = t["ctt"] / t["py_ecc"] if "py_ecc" in t else None
        cells = " | ".join(fmt(t.get(n)) for n in names)
        print(
            f"| {label} | {cells} | {f'{ark_r:.2f}×' if ark_r else '–'} | {f'{ecc_r:.4f}×' if ecc_r else '–'} |",
            flush=True,
        )
        results["bls"][label] = t


def bench_overhead(inputs, rng, results):
    ts = ckzg_ctt.load_mainnet_trusted_setup(8)
    sk = rng.randrange(1, R)
    pks = [cbls.SkToPk(rng.randrange(1, R)) for _ in range(128)]
    msg = b"\x42" * 32
    sig = cbls.Sign(sk, msg)
    print("\n## Binding overhead (the same operation from Rust and through Python)\n")
    print("| operation | Rust (median) | Python call (median) | overhead |")
    print("|---|---:|---:|---:|")
    ops = [(n, a, (lambda n=n, a=a: getattr(ckzg_ctt, n)(*a, ts))) for n, a in inputs.items()]
    ops += [
        ("Sign", (sk.to_bytes(32, "big"), msg), lambda: cbls.Sign(sk, msg)),
        ("Verify", (cbls.SkToPk(sk), msg, sig), lambda: cbls.Verify(cbls.SkToPk(sk), msg, sig)),
    ]
    pk = cbls.SkToPk(sk)
    ops[-1] = ("Verify", (pk, msg, sig), lambda: cbls.Verify(pk, msg, sig))
    agg_sig = cbls.Sign(sk, msg)
    ops.append(("FastAggregateVerify", (pks, msg, agg_sig), lambda: cbls.FastAggregateVerify(pks, msg, agg_sig)))
    for name, args, py_call in ops:
        py_call()
        # Paired samples: one Python call, then one Rust-loop call, alternating, so that both see
        # the same machine; the medians are compared.
        py_t, rust_t = [], []
        deadline = time.perf_counter() + 8 * MIN_TIME * ROUNDS / 3
        while len(py_t) < 31 or (time.perf_counter() < deadline and len(py_t) < 400):
            if len(py_t) % 2:  # alternate which goes first
                rust_t.append(timing.rust_seconds(name, tuple(args), 1))
            t0 = time.perf_counter()
            py_call()
            py_t.append(time.perf_counter() - t0)
            if len(py_t) % 2:
                rust_t.append(timing.rust_seconds(name, tuple(args), 1))
        best_py, best_rust = statistics.median(py_t), statistics.median(rust_t)
        over = best_py / best_rust - 1
        print(f"| `{name}` | {fmt(best_rust)} | {fmt(best_py)} | {over * 100:+.1f} % |", flush=True)
        results["overhead"][name] = {"rust": best_rust, "python": best_py}


def bench_scaling(inputs, rng, results):
    ts = ckzg_ctt.load_mainnet_trusted_setup(8)
    sk = rng.randrange(1, R)
    pk, msg = cbls.SkToPk(sk), b"m"
    sig = cbls.Sign(sk, msg)
    ops = {
        "blob_to_kzg_commitment": lambda: ckzg_ctt.blob_to_kzg_commitment(inputs["blob_to_kzg_commitment"][0], ts),
        "compute_cells_and_kzg_proofs": lambda: ckzg_ctt.compute_cells_and_kzg_proofs(inputs["compute_cells"][0], ts),
        "verify_blob_kzg_proof": lambda: ckzg_ctt.verify_blob_kzg_proof(*inputs["verify_blob_kzg_proof"], ts),
        "bls Verify": lambda: cbls.Verify(pk, msg, sig),
    }
    print("\n## Two Python threads (throughput against one thread)\n")
    print("| operation | 1 thread | 2 threads | scaling |")
    print("|---|---:|---:|---:|")
    for name, f in ops.items():
        f()
        one = 1 / per_call(f, 1.0)
        best2 = 0.0
        for _ in range(2):
            counts = [0, 0]
            stop = time.perf_counter() + 1.0
            barrier = threading.Barrier(2)

            def work(i):
                barrier.wait()
                while time.perf_counter() < stop:
                    f()
                    counts[i] += 1

            t0 = time.perf_counter()
            threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            best2 = max(best2, sum(counts) / (time.perf_counter() - t0))
        print(f"| `{name}` | {one:.1f}/s | {best2:.1f}/s | {best2 / one:.2f}× |", flush=True)
        results["scaling"][name] = {"one": one, "two": best2}
    # What the machine gives two threads at all: the same commitment in a Rust loop (no Python
    # between calls), from one and from two threads.
    blob = inputs["blob_to_kzg_commitment"]
    one = 1 / timing.rust_seconds("blob_to_kzg_commitment", blob, 10)
    out = [0.0, 0.0]

    def rust(i):
        out[i] = timing.rust_seconds("blob_to_kzg_commitment", blob, 10)

    threads = [threading.Thread(target=rust, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    two = sum(1 / x for x in out)
    print(f"| reference: `blob_to_kzg_commitment` in a Rust loop | {one:.1f}/s | {two:.1f}/s | {two / one:.2f}× |")
    results["scaling"]["rust reference"] = {"one": one, "two": two}


def main():
    global MIN_TIME, ROUNDS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="short loops, py_ecc's FastAggregateVerify skipped")
    ap.add_argument("--json", help="write the numbers to this file")
    ap.add_argument("--only", help="comma-separated sections: kzg,bls,overhead,scaling")
    ap.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds per measurement, best kept (default {ROUNDS})")
    args = ap.parse_args()
    ROUNDS = args.rounds
    if args.quick:
        MIN_TIME, ROUNDS = 0.1, 2
    sections = set((args.only or "kzg,bls,overhead,scaling").split(","))
    rng = random.Random(4844)
    n_batch = 16
    results = {"kzg": {}, "bls": {}, "overhead": {}, "scaling": {}}
    peer_versions = {}
    for mod, dist in (("ckzg", "ckzg"), ("py_ecc", "py_ecc"), ("py_arkworks_bls12381", "py_arkworks_bls12381"), ("milagro_bls_binding", "milagro_bls_binding")):
        try:
            from importlib.metadata import version

            peer_versions[mod] = version(dist)
        except Exception:  # noqa: BLE001
            peer_versions[mod] = None
    print(f"CPU: {cpu_model()} ({os.cpu_count()} logical); load average {os.getloadavg()[0]:.2f}")
    print(f"Python {platform.python_version()}; ctt {ctt.__version__}; peers: " + ", ".join(f"{k} {v}" for k, v in peer_versions.items() if v))
    results["env"] = {"cpu": cpu_model(), "python": platform.python_version(), "peers": peer_versions}
    inputs = kzg_inputs(rng, n_batch)
    if "kzg" in sections:
        bench_kzg(inputs, n_batch, results)
    if "bls" in sections:
        bench_bls(rng, args.quick, results)
    if "overhead" in sections:
        bench_overhead(inputs, rng, results)
    if "scaling" in sections:
        bench_scaling(inputs, rng, results)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
