"""The GIL is released: calls from two Python threads overlap in time. Each worker records the
wall-clock interval of each call; with the GIL held the intervals of the two threads would never
overlap (and the pair would take twice one thread's time on two cores)."""

import os
import threading
import time

import pytest

import ctt.bls as bls
import ctt.kzg as ckzg
from ctt.curves import bls12_381 as B


def overlapping(fn, threads=2, calls=4, seconds=0.5):
    """Pairs of calls of the two threads that overlapped in time. Each thread makes at least
    `calls` calls and goes on for `seconds` (a busy machine may not schedule both at once)."""
    spans = [[] for _ in range(threads)]
    barrier = threading.Barrier(threads)

    def work(i):
        barrier.wait()
        end = time.perf_counter() + seconds
        while len(spans[i]) < calls or time.perf_counter() < end:
            t0 = time.perf_counter()
            fn()
            spans[i].append((t0, time.perf_counter()))

    ts = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    # Count the pairs of calls of different threads that overlap in time.
    n = 0
    for a0, a1 in spans[0]:
        for b0, b1 in spans[1]:
            n += a0 < b1 and b0 < a1
    return n


@pytest.fixture(scope="module")
def blob(ts):
    import random

    rng = random.Random(1)
    r = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
    return b"".join(rng.randrange(r).to_bytes(32, "big") for _ in range(4096))


def test_kzg_calls_overlap(ts, blob):
    assert overlapping(lambda: ckzg.blob_to_kzg_commitment(blob, ts)) > 0
    assert overlapping(lambda: ckzg.compute_cells(blob, ts), calls=2) > 0


def test_bls_calls_overlap():
    sk = bls.KeyGen(b"\x03" * 32)
    pk, sig = bls.SkToPk(sk), bls.Sign(sk, b"msg")
    assert overlapping(lambda: bls.Verify(pk, b"msg", sig), calls=6) > 0
    assert overlapping(lambda: bls.Sign(sk, b"msg"), calls=6) > 0


def test_curves_calls_overlap():
    g = B.G2.generator()
    assert overlapping(lambda: g * 0x1234567890ABCDEF1234567890ABCDEF, calls=8) > 0


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs two cores")
def test_two_threads_finish_sooner(ts, blob):
    """Two threads doing 2n calls take less than the 2n calls in one thread (a loose bound;
    bench.py measures the real scaling). Skipped when other processes keep the cores busy."""
    if os.getloadavg()[0] > (os.cpu_count() or 1) - 0.5:
        pytest.skip(f"machine busy (load {os.getloadavg()[0]:.1f}): a timing test would measure the others")
    n = 6
    best = min(_ratio(ts, blob, n) for _ in range(3))
    assert best < 0.9, best


def _ratio(ts, blob, n):
    def one():
        for _ in range(n):
            ckzg.blob_to_kzg_commitment(blob, ts)

    t0 = time.perf_counter()
    one()
    one()
    serial = time.perf_counter() - t0
    t0 = time.perf_counter()
    ths = [threading.Thread(target=one) for _ in range(2)]
    for t in ths:
        t.start()
    for t in ths:
        t.join()
    parallel = time.perf_counter() - t0
    return parallel / serial
