// EIP-4844 vectors (cryptography-specs/kzg, deneb) through ethereumjs' KZG interface (hex) and
// its Uint8Array twin. A null output means the input is malformed: the call must throw a
// CttError. compute_challenge is internal to the spec and has no API here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hexToBytes, kzg, kzgBytes } from '../ctt.js';
import { cases, check } from './vectors.mjs';

const DIR = 'cryptography-specs/kzg/';

const hex = (b) => '0x' + Buffer.from(b).toString('hex');

describe('blob_to_kzg_commitment', () => {
  for (const [name, { input, output }] of cases(DIR + 'blob_to_kzg_commitment')) {
    test(name, () => check(output, () => kzg.blobToKzgCommitment(input.blob)));
  }
});

describe('compute_kzg_proof', () => {
  for (const [name, { input, output }] of cases(DIR + 'compute_kzg_proof')) {
    test(name, () => check(output, () => kzg.computeKzgProof(input.blob, input.z)));
  }
});

describe('compute_blob_kzg_proof', () => {
  for (const [name, { input, output }] of cases(DIR + 'compute_blob_kzg_proof')) {
    test(name, () => check(output, () => kzg.computeBlobProof(input.blob, input.commitment)));
  }
});

describe('verify_kzg_proof', () => {
  for (const [name, { input, output }] of cases(DIR + 'verify_kzg_proof')) {
    test(name, () => {
      check(output, () => kzg.verifyProof(input.commitment, input.z, input.y, input.proof));
      // the bytes twin agrees where the hex decodes at the right lengths
      const bytes = () =>
        kzgBytes.verifyProof(
          hexToBytes(input.commitment, 48),
          hexToBytes(input.z, 32),
          hexToBytes(input.y, 32),
          hexToBytes(input.proof, 48),
        );
      check(output, bytes);
    });
  }
});

describe('verify_blob_kzg_proof', () => {
  for (const [name, { input, output }] of cases(DIR + 'verify_blob_kzg_proof')) {
    test(name, () => check(output, () => kzg.verifyBlobProof(input.blob, input.commitment, input.proof)));
  }
});

describe('verify_blob_kzg_proof_batch', () => {
  for (const [name, { input, output }] of cases(DIR + 'verify_blob_kzg_proof_batch')) {
    test(name, () =>
      check(output, () => kzg.verifyBlobProofBatch(input.blobs, input.commitments, input.proofs)),
    );
  }
});

test('the bytes twin of blob_to_kzg_commitment and compute_blob_kzg_proof', () => {
  const [, { input, output }] = cases(DIR + 'compute_blob_kzg_proof').find(([, c]) => c.output !== null);
  const proof = kzgBytes.computeBlobProof(hexToBytes(input.blob), hexToBytes(input.commitment));
  assert.equal(hex(proof), output);
  assert.ok(proof instanceof Uint8Array);
});
