"""Bad input raises the documented exception and never crashes: wrong types, lengths and counts,
non-canonical field elements, points off the curve or outside the subgroup, for every function.
The ckzg messages and classes are those of ckzg 2.1.8 (checked against the wheel: ValueError for
the shape of the arguments, RuntimeError for what the library refuses, TypeError for keywords)."""

import pytest

import ctt.bls as bls
import ctt.evm as evm
import ctt.kzg as ckzg
from conftest import TRUSTED_SETUP_TXT

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
BLOB = bytes(ckzg.BYTES_PER_BLOB)
G1_INF = b"\xc0" + bytes(47)
Z = bytes(32)
NON_CANONICAL = R.to_bytes(32, "big")
BAD_BLOB = NON_CANONICAL + bytes(ckzg.BYTES_PER_BLOB - 32)
NOT_ON_CURVE = b"\x80" + bytes(46) + b"\x05"  # compressed x = 5: no point
CELL = bytes(ckzg.BYTES_PER_CELL)


def raises(exc, msg, f, *args, **kw):
    with pytest.raises(Exception) as e:
        f(*args, **kw)
    assert type(e.value) is exc, (type(e.value), e.value)
    if msg is not None:
        assert str(e.value) == msg


def test_kzg_types_and_counts(ts):
    m = "expected bytes and trusted setup"
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, BLOB)
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, BLOB, ts, ts)
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, bytearray(BLOB), ts)
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, memoryview(BLOB), ts)
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, "x", ts)
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, BLOB, "ts")
    raises(ValueError, m, ckzg.blob_to_kzg_commitment, BLOB, None)
    raises(TypeError, None, ckzg.blob_to_kzg_commitment, blob=BLOB, s=ts)
    raises(ValueError, "expected bytes, bytes, trusted setup", ckzg.compute_kzg_proof, BLOB, 0, ts)
    raises(ValueError, "expected bytes, bytes, bytes, bytes, trusted setup", ckzg.verify_kzg_proof, G1_INF, Z, Z, G1_INF)
    raises(ValueError, "expected list, list, trusted setup", ckzg.recover_cells_and_kzg_proofs, (0,), [CELL], ts)
    raises(ValueError, "expected list, list, list, list, trusted setup", ckzg.verify_cell_kzg_proof_batch, [], [], [], (), ts)

    class Sub(bytes):
        pass

    assert ckzg.blob_to_kzg_commitment(Sub(BLOB), ts) == G1_INF  # a bytes subclass is bytes


def test_kzg_lengths(ts):
    raises(ValueError, "expected blobs to be BYTES_PER_BLOB bytes", ckzg.blob_to_kzg_commitment, BLOB[:-1], ts)
    raises(ValueError, "expected z to be BYTES_PER_FIELD_ELEMENT bytes", ckzg.compute_kzg_proof, BLOB, Z[:-1], ts)
    raises(ValueError, "expected commitment to be BYTES_PER_COMMITMENT bytes", ckzg.compute_blob_kzg_proof, BLOB, G1_INF + b"\0", ts)
    raises(ValueError, "expected y to be BYTES_PER_FIELD_ELEMENT bytes", ckzg.verify_kzg_proof, G1_INF, Z, b"", G1_INF, ts)
    raises(ValueError, "expected proof to be BYTES_PER_PROOF bytes", ckzg.verify_blob_kzg_proof, BLOB, G1_INF, b"", ts)
    raises(ValueError, "expected blobs to be a multiple of BYTES_PER_BLOB bytes", ckzg.verify_blob_kzg_proof_batch, BLOB + b"\0", b"", b"", ts)
    raises(ValueError, "expected same number of blobs/commitments/proofs", ckzg.verify_blob_kzg_proof_batch, BLOB, b"", b"", ts)
    raises(ValueError, "expected same number of cell_indices and cells", ckzg.recover_cells_and_kzg_proofs, [0, 1], [CELL], ts)
    raises(ValueError, "expected cell to be BYTES_PER_CELL bytes", ckzg.recover_cells_and_kzg_proofs, [0], [CELL[:-1]], ts)
    raises(ValueError, "expected cell to be bytes", ckzg.recover_cells_and_kzg_proofs, [0], [bytearray(CELL)], ts)
    raises(ValueError, "expected cell index to be an integer", ckzg.recover_cells_and_kzg_proofs, [1.0], [CELL], ts)
    raises(ValueError, "failed to convert cell index to uint64_t", ckzg.recover_cells_and_kzg_proofs, [-1], [CELL], ts)
    raises(ValueError, "failed to convert cell index to uint64_t", ckzg.recover_cells_and_kzg_proofs, [2**64], [CELL], ts)
    raises(ValueError, "expected same number of commitments and cells", ckzg.verify_cell_kzg_proof_batch, [], [0], [CELL], [G1_INF], ts)
    raises(ValueError, "expected same number of column indices and cells", ckzg.verify_cell_kzg_proof_batch, [G1_INF], [], [CELL], [G1_INF], ts)
    raises(ValueError, "expected same number of proofs and cells", ckzg.verify_cell_kzg_proof_batch, [G1_INF], [0], [CELL], [], ts)
    raises(ValueError, "expected commitment to be BYTES_PER_COMMITMENT bytes", ckzg.verify_cell_kzg_proof_batch, [b""], [0], [CELL], [G1_INF], ts)
    raises(ValueError, "expected column index to be an integer", ckzg.verify_cell_kzg_proof_batch, [G1_INF], ["0"], [CELL], [G1_INF], ts)
    raises(ValueError, "expected proof to be bytes", ckzg.verify_cell_kzg_proof_batch, [G1_INF], [0], [CELL], [None], ts)


def test_kzg_library_refusals(ts):
    raises(RuntimeError, "blob_to_kzg_commitment failed", ckzg.blob_to_kzg_commitment, BAD_BLOB, ts)
    raises(RuntimeError, "compute_kzg_proof failed", ckzg.compute_kzg_proof, BLOB, NON_CANONICAL, ts)
    raises(RuntimeError, "compute_blob_kzg_proof failed", ckzg.compute_blob_kzg_proof, BLOB, NOT_ON_CURVE, ts)
    raises(RuntimeError, "verify_kzg_proof failed", ckzg.verify_kzg_proof, G1_INF, NON_CANONICAL, Z, G1_INF, ts)
    raises(RuntimeError, "verify_kzg_proof failed", ckzg.verify_kzg_proof, NOT_ON_CURVE, Z, Z, G1_INF, ts)
    raises(RuntimeError, "verify_blob_kzg_proof failed", ckzg.verify_blob_kzg_proof, BAD_BLOB, G1_INF, G1_INF, ts)
    raises(RuntimeError, "verify_blob_kzg_proof_batch failed", ckzg.verify_blob_kzg_proof_batch, BLOB, G1_INF, bytes(48), ts)
    raises(RuntimeError, "compute_cells failed", ckzg.compute_cells, BAD_BLOB, ts)
    raises(RuntimeError, "compute_cells_and_kzg_proofs failed", ckzg.compute_cells_and_kzg_proofs, BAD_BLOB, ts)
    raises(RuntimeError, "recover_cells_and_kzg_proofs failed", ckzg.recover_cells_and_kzg_proofs, [0], [CELL], ts)
    cells = [CELL] * 64
    raises(RuntimeError, "recover_cells_and_kzg_proofs failed", ckzg.recover_cells_and_kzg_proofs, list(range(63, -1, -1)), cells, ts)
    raises(RuntimeError, "recover_cells_and_kzg_proofs failed", ckzg.recover_cells_and_kzg_proofs, [0] * 64, cells, ts)
    raises(RuntimeError, "recover_cells_and_kzg_proofs failed", ckzg.recover_cells_and_kzg_proofs, list(range(1, 65)) [:-1] + [128], cells, ts)
    raises(RuntimeError, "verify_cell_kzg_proof_batch failed", ckzg.verify_cell_kzg_proof_batch, [G1_INF], [128], [CELL], [G1_INF], ts)
    raises(RuntimeError, "verify_cell_kzg_proof_batch failed", ckzg.verify_cell_kzg_proof_batch, [G1_INF], [0], [NON_CANONICAL + CELL[32:]], [G1_INF], ts)
    # Empty batches are valid, as in c-kzg.
    assert ckzg.verify_blob_kzg_proof_batch(b"", b"", b"", ts) is True
    assert ckzg.verify_cell_kzg_proof_batch([], [], [], [], ts) is True


def test_kzg_load(tmp_path):
    path = str(TRUSTED_SETUP_TXT)
    raises(ValueError, "expected string and int", ckzg.load_trusted_setup, path)
    raises(ValueError, "expected string and int", ckzg.load_trusted_setup, path.encode(), 0)
    raises(ValueError, "invalid precompute value", ckzg.load_trusted_setup, path, 1.5)
    raises(ValueError, "invalid precompute value", ckzg.load_trusted_setup, path, 2**70)
    raises(RuntimeError, "error reading trusted setup", ckzg.load_trusted_setup, str(tmp_path / "missing.txt"), 0)
    raises(RuntimeError, "error loading trusted setup", ckzg.load_trusted_setup, path, 16)
    raises(RuntimeError, "error loading trusted setup", ckzg.load_trusted_setup, path, -1)
    bad = tmp_path / "bad.txt"
    text = open(path).read().split("\n")
    text[3] = text[3][:-1] + ("0" if text[3][-1] != "0" else "1")  # one G1 point corrupted
    bad.write_text("\n".join(text))
    raises(RuntimeError, "error loading trusted setup", ckzg.load_trusted_setup, str(bad), 0)
    (tmp_path / "empty.txt").write_text("")
    raises(RuntimeError, "error loading trusted setup", ckzg.load_trusted_setup, str(tmp_path / "empty.txt"), 0)
    raises(RuntimeError, "error loading trusted setup", ckzg.load_mainnet_trusted_setup, 16)
    raises(TypeError, None, ckzg.load_mainnet_trusted_setup, "8")
    assert "mainnet" in repr(ckzg.load_mainnet_trusted_setup(0))


def test_bls_producers():
    V = bls.ValidationError
    for sk in (0, R, -1, 2**256, 1.0, b"\x01" * 32, "1", None):
        raises(V, "Invalid private key", bls.SkToPk, sk)
        raises(V, "Invalid secret key", bls.Sign, sk, b"m")
        raises(V, "Invalid private key", bls.PopProve, sk)
    for msg in ("m", bytearray(b"m"), None, 1):
        raises(V, "Invalid message", bls.Sign, 1, msg)
    raises(V, "Insufficient number of signatures. (n < 1)", bls.Aggregate, [])
    raises(V, "Invalid signature", bls.Aggregate, [bytes(95)])
    raises(V, "Invalid signature", bls.Aggregate, ["x" * 96])
    raises(ValueError, None, bls.Aggregate, [bytes(96)])  # no compression flag
    raises(V, "Insufficient number of PKs. (n < 1)", bls._AggregatePKs, [])
    raises(ValueError, None, bls._AggregatePKs, [bytes(48)])
    raises(ValueError, None, bls._AggregatePKs, [NOT_ON_CURVE])
    raises(ValueError, None, bls._AggregatePKs, ["x"])
    assert bls._AggregatePKs([G1_INF]) == G1_INF  # the identity is allowed here, as in py_ecc
    raises(V, None, bls.eth_aggregate_pubkeys, [])
    raises(V, None, bls.eth_aggregate_pubkeys, [G1_INF])
    raises(V, None, bls.KeyGen, b"\x01" * 31)
    raises(TypeError, None, bls.KeyGen, "x" * 32)
    raises(TypeError, None, bls.KeyGen, b"\x01" * 32, "info")
    raises(V, None, bls.derive_master_SK, b"\x01" * 31)
    raises(V, None, bls.derive_child_SK, 0, 1)
    raises(V, None, bls.derive_child_SK, 1, 2**32)
    raises(V, None, bls.derive_child_SK, 1, -1)
    raises(ValueError, None, bls.batch_verify, [], [], [], randomness=b"short")
    assert issubclass(V, Exception)


def test_bls_verifiers_never_raise():
    sk = bls.KeyGen(b"\x02" * 32)
    pk, sig = bls.SkToPk(sk), bls.Sign(sk, b"m")
    assert bls.Verify(pk, b"m", sig)
    junk = [None, 1, "x", bytearray(pk), b"", bytes(48), bytes(96), G1_INF, NOT_ON_CURVE, [pk], pk + b"\0"]
    for j in junk:
        assert bls.Verify(j, b"m", sig) is False
        assert bls.Verify(pk, j, sig) is False or j == b""
        assert bls.Verify(pk, b"m", j) is False
        assert bls.KeyValidate(j) is False
        assert bls.PopVerify(j, sig) is False and bls.PopVerify(pk, j) is False
        assert bls.FastAggregateVerify([pk, j], b"m", sig) is False
        assert bls.FastAggregateVerify(j, b"m", sig) is False or j == [pk]
        assert bls.AggregateVerify([pk], [j], sig) is False or j == b""
        assert bls.AggregateVerify(j, [b"m"], sig) is False or j == [pk]
        assert bls.eth_fast_aggregate_verify([j], b"m", sig) is False
        assert bls.batch_verify([pk], [b"m"], [j]) is False
    assert bls.FastAggregateVerify([], b"m", sig) is False
    assert bls.AggregateVerify([], [], sig) is False
    assert bls.AggregateVerify([pk, pk], [b"m"], sig) is False
    assert bls.batch_verify([], [], []) is False
    assert bls.batch_verify([pk], [b"m", b"m"], [sig]) is False
    # a signature outside the subgroup: on the curve, wrong order (cofactor-multiplied generator is in; use x=0 small-order search skipped) -- covered by the deserialization vectors


def test_evm_bad_arguments():
    raises(TypeError, None, evm.run_precompile, "1", b"", 10)
    raises(TypeError, None, evm.run_precompile, 1, "abc", 10)
    raises(OverflowError, None, evm.run_precompile, -1, b"", 10)
    raises(OverflowError, None, evm.run_precompile, 1, b"", 2**64)
    raises(ValueError, None, evm.run_precompile, 1, b"", 10, "byzantine")
    raises(ValueError, None, evm.ecrecover, b"", 27, Z, Z)
    assert evm.ecrecover(Z, 27, Z, Z) is None
    with pytest.raises(evm.PrecompileError) as e:
        evm.run_precompile(0x0B, bytes(255), 10**6)
    assert e.value.kind == "InvalidInputLength" and e.value.gas_used == 10**6
    with pytest.raises(evm.PrecompileError) as e:
        evm.run_precompile(0x13, b"", 10**6)
    assert e.value.kind == "NotActive"
    with pytest.raises(evm.PrecompileError):
        evm.gas_cost(0x0C, b"")
    # Random inputs of every length to every precompile: an answer or a PrecompileError.
    import random

    rng = random.Random(5)
    for address in list(range(1, 0x12)) + [0x100]:
        for n in list(range(0, 300, 7)) + [384, 512, 513]:
            data = bytes(rng.getrandbits(8) for _ in range(n))
            try:
                out, gas = evm.run_precompile(address, data, 10**7)
                assert isinstance(out, bytes) and 0 <= gas <= 10**7
            except evm.PrecompileError as err:
                assert err.kind
