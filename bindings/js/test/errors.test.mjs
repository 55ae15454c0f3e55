// Bad input throws a CttError with a code, never a trap or a plain TypeError: wrong types, bad
// hex, wrong lengths, non-canonical field elements, points off the curve, bad indices, lists of
// different lengths. After each error the module keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BYTES_PER_BLOB, CttError, bls, bytesToHex, hexToBytes, kzg, kzgBytes, runPrecompile } from '../ctt.js';

const code = (c) => (e) => {
  assert.ok(e instanceof CttError, `not a CttError: ${e}`);
  assert.ok(e instanceof Error);
  assert.equal(e.name, 'CttError');
  assert.equal(e.code, c, `${e.code}: ${e.message}`);
  return true;
};

const zeroBlob = '0x' + '00'.repeat(BYTES_PER_BLOB);
// r, the BLS12-381 scalar field's modulus: the smallest non-canonical field element
const R = '73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001';
const G1_GENERATOR =
  '0x97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb';
const IDENTITY_G1 = '0xc0' + '00'.repeat(47);

test('hex: malformed strings', () => {
  assert.throws(() => kzg.blobToKzgCommitment('0x' + 'zz'.repeat(BYTES_PER_BLOB)), code('INVALID_HEX'));
  assert.throws(() => kzg.blobToKzgCommitment(zeroBlob + '0'), code('INVALID_HEX'));
  assert.throws(() => kzg.blobToKzgCommitment(42), code('INVALID_HEX'));
  assert.throws(() => kzg.verifyProof(IDENTITY_G1, '0x00', '0x00', IDENTITY_G1), code('INVALID_LENGTH'));
  assert.deepEqual(hexToBytes('0xAbCd'), new Uint8Array([0xab, 0xcd]));
  assert.equal(bytesToHex(new Uint8Array([0, 255])), '0x00ff');
});

test('lengths and types', () => {
  assert.throws(() => kzgBytes.blobToKzgCommitment(new Uint8Array(BYTES_PER_BLOB - 1)), code('INVALID_LENGTH'));
  assert.throws(() => kzgBytes.blobToKzgCommitment([0, 1]), code('INVALID_ARGUMENT'));
  assert.throws(() => kzgBytes.blobToKzgCommitment(undefined), code('INVALID_ARGUMENT'));
  assert.throws(() => bls.verify(new Uint8Array(47), new Uint8Array(0), new Uint8Array(96)), code('INVALID_LENGTH'));
  assert.throws(() => bls.sign(new Uint8Array(31), new Uint8Array(0)), code('INVALID_LENGTH'));
  assert.throws(() => bls.aggregate('nope'), code('INVALID_ARGUMENT'));
  assert.throws(() => kzg.verifyBlobProofBatch([zeroBlob], [], []), code('LENGTH_MISMATCH'));
  assert.throws(() => kzg.verifyCellKzgProofBatch([IDENTITY_G1], [0, 1], [], []), code('LENGTH_MISMATCH'));
});

test('non-canonical field elements', () => {
  const blob = hexToBytes(zeroBlob);
  blob.set(hexToBytes(R), 32 * 7);
  assert.throws(() => kzgBytes.blobToKzgCommitment(blob), code('INVALID_FIELD_ELEMENT'));
  assert.throws(() => kzg.verifyProof(IDENTITY_G1, '0x' + R, '0x' + '00'.repeat(32), IDENTITY_G1), code('INVALID_FIELD_ELEMENT'));
  assert.throws(() => kzg.computeKzgProof(zeroBlob, '0x' + R), code('INVALID_FIELD_ELEMENT'));
});

test('points that do not decode', () => {
  const offCurve = '0x8' + '0'.repeat(95);
  assert.throws(() => kzg.computeBlobProof(zeroBlob, offCurve), code('INVALID_COMMITMENT'));
  assert.throws(
    () => kzg.verifyProof(G1_GENERATOR, '0x' + '00'.repeat(32), '0x' + '00'.repeat(32), offCurve),
    code('INVALID_PROOF'),
  );
  const sig = new Uint8Array(96);
  assert.throws(() => bls.verify(hexToBytes(G1_GENERATOR), new Uint8Array(0), sig), code('INVALID_SIGNATURE'));
  assert.throws(() => bls.verify(hexToBytes(IDENTITY_G1), new Uint8Array(0), sig), code('IDENTITY_PUBLIC_KEY'));
  assert.throws(() => bls.skToPk(new Uint8Array(32)), code('INVALID_SECRET_KEY'));
  assert.throws(() => bls.skToPk(hexToBytes(R)), code('INVALID_SECRET_KEY'));
  assert.throws(() => bls.keyGen(new Uint8Array(31)), code('IKM_TOO_SHORT'));
  assert.throws(() => bls.aggregate([]), code('EMPTY_INPUT'));
  assert.throws(() => bls.fastAggregateVerify([], new Uint8Array(0), new Uint8Array(96)), code('INVALID_SIGNATURE'));
});

test('cell indices', () => {
  const cell = '0x' + '00'.repeat(2048);
  assert.throws(() => kzg.verifyCellKzgProofBatch([IDENTITY_G1], [128], [cell], [IDENTITY_G1]), code('INVALID_CELL_INDEX'));
  assert.throws(() => kzg.verifyCellKzgProofBatch([IDENTITY_G1], [-1], [cell], [IDENTITY_G1]), code('INVALID_CELL_INDEX'));
  assert.throws(() => kzg.verifyCellKzgProofBatch([IDENTITY_G1], [0.5], [cell], [IDENTITY_G1]), code('INVALID_CELL_INDEX'));
  assert.throws(() => kzg.recoverCellsAndProofs([0], [cell]), code('NOT_ENOUGH_CELLS'));
  const half = Array.from({ length: 64 }, (_, i) => i);
  assert.throws(() => kzg.recoverCellsAndProofs(half.reverse(), half.map(() => cell)), code('CELL_INDICES_NOT_ASCENDING'));
});

test('precompile errors', () => {
  assert.throws(() => runPrecompile(0x0b, new Uint8Array(255)), code('INVALID_INPUT_LENGTH'));
  const padded = new Uint8Array(256);
  padded[0] = 1;
  assert.throws(() => runPrecompile(0x0b, padded), code('INVALID_PADDING'));
  assert.throws(() => runPrecompile(0x09, new Uint8Array(213).fill(2)), code('INVALID_FINAL_FLAG'));
  assert.throws(() => runPrecompile(0x01, new Uint8Array(128), { gasLimit: 2999 }), code('OUT_OF_GAS'));
});

test('the module keeps working after errors', () => {
  for (let i = 0; i < 100; i++) assert.throws(() => bls.skToPk(new Uint8Array(32)), CttError);
  const sk = bls.keyGen(new Uint8Array(32).fill(9));
  const msg = new Uint8Array([1]);
  assert.equal(bls.verify(bls.skToPk(sk), msg, bls.sign(sk, msg)), true);
  assert.equal(kzg.blobToKzgCommitment(zeroBlob), IDENTITY_G1);
});
