"""Shared fixtures: the vector directory and the settings."""

import json
import os
import pathlib

import pytest

# The repository's vectors (tests/vectors, see its MANIFEST.md); CTT_VECTORS overrides.
VECTORS = pathlib.Path(
    os.environ.get("CTT_VECTORS", pathlib.Path(__file__).resolve().parents[3] / "tests" / "vectors")
)
TRUSTED_SETUP_TXT = pathlib.Path(__file__).resolve().parents[3] / "crates" / "ctt-kzg" / "data" / "trusted_setup.txt"


def load_json(path):
    with open(path) as f:
        return json.load(f)


def hexb(s):
    """Bytes of a hex string with or without 0x."""
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)


@pytest.fixture(scope="session")
def ts():
    import ctt.kzg

    return ctt.kzg.load_mainnet_trusted_setup()
