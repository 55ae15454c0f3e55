// circomlib's MiMCSponge and MiMC7 against circomlibjs 0.1.7's outputs
// (tests/vectors/groth16/mimc/circomlibjs.json), and bad field elements.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CttError, mimc7, mimcSponge } from '../ctt.js';
import { readJson } from './vectors.mjs';

const V = readJson('groth16/mimc/circomlibjs.json');
const R = BigInt(V.r);
const big = (xs) => xs.map(BigInt);
const throwsCode = (f, code) => assert.throws(f, (e) => e instanceof CttError && e.code === code);

describe('mimcSponge', () => {
  test(`hash (the Feistel permutation): ${V.feistel.length} vectors`, () => {
    for (const { xl, xr, k, out } of V.feistel) {
      assert.deepEqual(mimcSponge.hash(BigInt(xl), BigInt(xr), BigInt(k)), { xL: BigInt(out[0]), xR: BigInt(out[1]) });
      assert.deepEqual(mimcSponge.hash(xl, xr, k), { xL: BigInt(out[0]), xR: BigInt(out[1]) });
    }
  });
  test(`multiHash: ${V.sponge.length} vectors`, () => {
    for (const { inputs, k, outputs } of V.sponge) {
      const got = mimcSponge.multiHash(big(inputs), BigInt(k), outputs.length);
      assert.deepEqual(got, outputs.length === 1 ? BigInt(outputs[0]) : big(outputs));
      if (outputs.length === 1 && k === '0') assert.equal(mimcSponge.multiHash(inputs), BigInt(outputs[0]));
    }
  });
});

describe('mimc7', () => {
  test(`hash: ${V.mimc7.length} vectors`, () => {
    for (const { x, k, out } of V.mimc7) assert.equal(mimc7.hash(BigInt(x), k), BigInt(out));
  });
  test(`multiHash: ${V.mimc7_multi.length} vectors`, () => {
    for (const { inputs, k, out } of V.mimc7_multi) {
      assert.equal(mimc7.multiHash(inputs, BigInt(k)), BigInt(out));
      if (k === '0') assert.equal(mimc7.multiHash(big(inputs)), BigInt(out));
    }
  });
});

test('numbers, decimal strings and bigints are the same element', () => {
  assert.equal(mimc7.hash(5, 7), mimc7.hash('5', 7n));
  assert.equal(mimcSponge.multiHash([1, '2', 3n]), mimcSponge.multiHash([1n, 2n, 3n]));
});

test('bad field elements throw', () => {
  for (const bad of [R, R + 1n, (1n << 256n) - 1n, 1n << 256n, -1n, -1, String(R)]) {
    throwsCode(() => mimc7.hash(bad, 0n), 'INVALID_FIELD_ELEMENT');
    throwsCode(() => mimcSponge.multiHash([0n, bad]), 'INVALID_FIELD_ELEMENT');
    throwsCode(() => mimcSponge.hash(0n, 0n, bad), 'INVALID_FIELD_ELEMENT');
  }
  for (const bad of ['0x1', '-1', '01', '', 1.5, 2 ** 53, null, undefined, [1], {}]) {
    throwsCode(() => mimc7.hash(bad, 0n), 'INVALID_ARGUMENT');
    throwsCode(() => mimc7.multiHash([bad]), 'INVALID_ARGUMENT');
  }
  throwsCode(() => mimcSponge.multiHash([1n], 0n, 0), 'INVALID_ARGUMENT');
  throwsCode(() => mimcSponge.multiHash(1n), 'INVALID_ARGUMENT');
});
