// JS against native: the file CTT_JS_DIFFERENTIAL names (written by rust/examples/differential.rs
// from a seed: pseudo-random blobs, keys, messages and precompile inputs with what the library
// computed natively; ci.sh generates it first) replayed through ctt.wasm. Every answer must be
// byte-identical. Without the variable the test is skipped (and says so); with it, a missing
// file fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { bls, bytesToHex, hexToBytes, kzg, runPrecompile } from '../ctt.js';

const FILE = process.env.CTT_JS_DIFFERENTIAL;
const skip = FILE ? false : 'CTT_JS_DIFFERENTIAL is not set (ci.sh sets it)';
const doc = FILE ? JSON.parse(readFileSync(FILE, 'utf8')) : null;
const b = (hex) => hexToBytes(hex);

test('KZG: commitments, blob proofs, proofs at z, verification', { skip }, () => {
  assert.ok(doc.kzg.blobs.length >= 2);
  for (const c of doc.kzg.blobs) {
    assert.equal(kzg.blobToKzgCommitment(c.blob), c.commitment);
    assert.equal(kzg.computeBlobProof(c.blob, c.commitment), c.proof);
    assert.deepEqual(kzg.computeKzgProof(c.blob, c.z), [c.zProof, c.y]);
    assert.equal(kzg.verifyBlobProof(c.blob, c.commitment, c.proof), true);
    assert.equal(kzg.verifyProof(c.commitment, c.z, c.y, c.zProof), true);
  }
});

test('PeerDAS: the cells and cell proofs of one blob', { skip }, () => {
  const [cells, proofs] = kzg.computeCellsAndProofs(doc.kzg.blobs[0].blob);
  assert.equal(cells.length, 128);
  assert.deepEqual(cells, doc.kzg.cells);
  assert.deepEqual(proofs, doc.kzg.cellProofs);
});

test('BLS: keys, signatures, aggregate, verification', { skip }, () => {
  const { bls: d } = doc;
  const msg = b(d.message);
  d.secretKeys.forEach((sk, i) => {
    assert.equal(bytesToHex(bls.skToPk(b(sk))), d.publicKeys[i]);
    assert.equal(bytesToHex(bls.sign(b(sk), msg)), d.signatures[i]);
  });
  assert.equal(bytesToHex(bls.aggregate(d.signatures.map(b))), d.aggregate);
  assert.equal(bls.verify(b(d.publicKeys[0]), msg, b(d.signatures[0])), d.verify);
  assert.equal(bls.verify(b(d.publicKeys[0]), b(d.otherMessage), b(d.signatures[0])), d.verifyOther);
  assert.equal(bls.fastAggregateVerify(d.publicKeys.map(b), msg, b(d.aggregate)), d.fastAggregateVerify);
  assert.deepEqual([d.verify, d.verifyOther, d.fastAggregateVerify], [true, false, true]);
});

test('precompiles: output and gas (failures fail)', { skip }, () => {
  assert.ok(doc.precompiles.length >= 10);
  for (const c of doc.precompiles) {
    const what = `0x${c.address.toString(16)} ${c.input.slice(0, 20)}…`;
    if ('error' in c) {
      assert.throws(() => runPrecompile(c.address, b(c.input)), { name: 'CttError' }, what);
      continue;
    }
    const { output, gasUsed } = runPrecompile(c.address, b(c.input));
    assert.equal(bytesToHex(output), c.output, what);
    assert.equal(gasUsed.toString(), c.gas, what);
  }
  // both pairing answers occur: e(P, G2)·e(−P, G2) = 1 and a product that is not 1
  const pairings = doc.precompiles.filter((c) => c.address === 8).map((c) => BigInt(c.output));
  assert.deepEqual(pairings, [1n, 0n]);
});
