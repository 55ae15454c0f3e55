"""Every EIP-4844 and EIP-7594 vector of tests/vectors/cryptography-specs/kzg through ctt.kzg,
called as ckzg's tests call ckzg (tests.py of c-kzg-4844's Python binding): an exception for a
null output, the exact bytes or verdict otherwise. The invalid cases must raise the ckzg
exception for their kind: ValueError for a malformed argument (wrong length), RuntimeError for
input the library rejects."""

import pytest

import ctt.kzg as ckzg
from conftest import VECTORS, TRUSTED_SETUP_TXT, hexb, load_json

KZG = VECTORS / "cryptography-specs" / "kzg"


def cases(handler, minimum):
    dirs = sorted(p for p in (KZG / handler).iterdir() if p.is_dir())
    assert len(dirs) >= minimum, handler
    return [(d.name, load_json(d / "data.json")) for d in dirs]


def check_raises(name, f, *args):
    with pytest.raises((ValueError, RuntimeError)) as e:
        f(*args)
    # ckzg's exact classes: ValueError only for argument shape (wrong byte lengths, list lengths).
    assert type(e.value) in (ValueError, RuntimeError), name
    return e.value


def test_blob_to_kzg_commitment(ts):
    for name, c in cases("blob_to_kzg_commitment", 5):
        blob = hexb(c["input"]["blob"])
        if c["output"] is None:
            check_raises(name, ckzg.blob_to_kzg_commitment, blob, ts)
        else:
            assert ckzg.blob_to_kzg_commitment(blob, ts) == hexb(c["output"]), name


def test_compute_kzg_proof(ts):
    for name, c in cases("compute_kzg_proof", 10):
        blob, z = hexb(c["input"]["blob"]), hexb(c["input"]["z"])
        if c["output"] is None:
            check_raises(name, ckzg.compute_kzg_proof, blob, z, ts)
        else:
            proof, y = ckzg.compute_kzg_proof(blob, z, ts)
            assert (proof, y) == (hexb(c["output"][0]), hexb(c["output"][1])), name


def test_compute_blob_kzg_proof(ts):
    for name, c in cases("compute_blob_kzg_proof", 5):
        blob, com = hexb(c["input"]["blob"]), hexb(c["input"]["commitment"])
        if c["output"] is None:
            check_raises(name, ckzg.compute_blob_kzg_proof, blob, com, ts)
        else:
            assert ckzg.compute_blob_kzg_proof(blob, com, ts) == hexb(c["output"]), name


def test_verify_kzg_proof(ts):
    for name, c in cases("verify_kzg_proof", 20):
        i = c["input"]
        args = [hexb(i[k]) for k in ("commitment", "z", "y", "proof")]
        if c["output"] is None:
            check_raises(name, ckzg.verify_kzg_proof, *args, ts)
        else:
            assert ckzg.verify_kzg_proof(*args, ts) is c["output"], name


def test_verify_blob_kzg_proof(ts):
    for name, c in cases("verify_blob_kzg_proof", 10):
        i = c["input"]
        args = [hexb(i[k]) for k in ("blob", "commitment", "proof")]
        if c["output"] is None:
            check_raises(name, ckzg.verify_blob_kzg_proof, *args, ts)
        else:
            assert ckzg.verify_blob_kzg_proof(*args, ts) is c["output"], name


def test_verify_blob_kzg_proof_batch(ts):
    for name, c in cases("verify_blob_kzg_proof_batch", 5):
        i = c["input"]
        args = [b"".join(map(hexb, i[k])) for k in ("blobs", "commitments", "proofs")]
        if c["output"] is None:
            check_raises(name, ckzg.verify_blob_kzg_proof_batch, *args, ts)
        else:
            assert ckzg.verify_blob_kzg_proof_batch(*args, ts) is c["output"], name


def test_compute_cells(ts):
    for name, c in cases("compute_cells", 3):
        blob = hexb(c["input"]["blob"])
        if c["output"] is None:
            check_raises(name, ckzg.compute_cells, blob, ts)
        else:
            assert ckzg.compute_cells(blob, ts) == [hexb(x) for x in c["output"]], name


def test_compute_cells_and_kzg_proofs(ts):
    for name, c in cases("compute_cells_and_kzg_proofs", 3):
        blob = hexb(c["input"]["blob"])
        if c["output"] is None:
            check_raises(name, ckzg.compute_cells_and_kzg_proofs, blob, ts)
        else:
            cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, ts)
            assert cells == [hexb(x) for x in c["output"][0]], name
            assert proofs == [hexb(x) for x in c["output"][1]], name


def test_recover_cells_and_kzg_proofs(ts):
    for name, c in cases("recover_cells_and_kzg_proofs", 5):
        idx, cells = c["input"]["cell_indices"], [hexb(x) for x in c["input"]["cells"]]
        if c["output"] is None:
            check_raises(name, ckzg.recover_cells_and_kzg_proofs, idx, cells, ts)
        else:
            got = ckzg.recover_cells_and_kzg_proofs(idx, cells, ts)
            assert got == ([hexb(x) for x in c["output"][0]], [hexb(x) for x in c["output"][1]]), name


def test_verify_cell_kzg_proof_batch(ts):
    for name, c in cases("verify_cell_kzg_proof_batch", 10):
        i = c["input"]
        args = (
            [hexb(x) for x in i["commitments"]],
            i["cell_indices"],
            [hexb(x) for x in i["cells"]],
            [hexb(x) for x in i["proofs"]],
        )
        if c["output"] is None:
            check_raises(name, ckzg.verify_cell_kzg_proof_batch, *args, ts)
        else:
            assert ckzg.verify_cell_kzg_proof_batch(*args, ts) is c["output"], name


def test_compute_challenge():
    for name, c in cases("compute_challenge", 3):
        i = c["input"]
        assert ckzg.compute_challenge(hexb(i["blob"]), hexb(i["commitment"])) == hexb(c["output"]), name


def test_compute_verify_cell_kzg_proof_batch_challenge():
    for name, c in cases("compute_verify_cell_kzg_proof_batch_challenge", 3):
        i = c["input"]
        cells = [b"".join(hexb(v) for v in evals) for evals in i["cosets_evals"]]
        got = ckzg.compute_verify_cell_kzg_proof_batch_challenge(
            [hexb(x) for x in i["commitments"]],
            i["commitment_indices"],
            i["cell_indices"],
            cells,
            [hexb(x) for x in i["proofs"]],
        )
        assert got == hexb(c["output"]), name


def test_text_setup_matches_embedded(ts):
    """load_trusted_setup (c-kzg's text file, no FK20 tables) gives the same answers."""
    s = ckzg.load_trusted_setup(str(TRUSTED_SETUP_TXT), 0)
    for name, c in cases("compute_cells_and_kzg_proofs", 3)[:2]:
        blob = hexb(c["input"]["blob"])
        try:
            want = ckzg.compute_cells_and_kzg_proofs(blob, ts)
        except (ValueError, RuntimeError):
            continue
        assert ckzg.compute_cells_and_kzg_proofs(blob, s) == want, name
    for name, c in cases("blob_to_kzg_commitment", 5):
        if c["output"] is not None:
            assert ckzg.blob_to_kzg_commitment(hexb(c["input"]["blob"]), s) == hexb(c["output"]), name
