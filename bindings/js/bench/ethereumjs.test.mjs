// @ethereumjs/evm on ctt: an EVM created with ctt's EVMBLSInterface and EVMBN254Interface and a
// Common whose customCrypto.kzg is ctt's KZG runs the precompile vectors (BN254 0x06-0x08,
// KZG point evaluation 0x0a, EIP-2537 0x0b-0x11) as calls to the precompile addresses: the
// same output and gas as the vectors, and the failure vectors fail. Dev-only (npm packages in
// this folder's package.json): cd bindings/js/bench && npm install && node --test ethereumjs.test.mjs
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM } from '@ethereumjs/evm';
import { bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { CttBLS, CttBN254, kzg } from '../ctt.js';

const require = createRequire(import.meta.url);
const vectors = (f) => require(`../../../tests/vectors/${f}`);

const SUCCESS = [
  ['geth-precompiles/bn256Add.json', 0x06],
  ['geth-precompiles/bn256ScalarMul.json', 0x07],
  ['geth-precompiles/bn256Pairing.json', 0x08],
  ['geth-precompiles/pointEvaluation.json', 0x0a],
  ['geth-precompiles/blsG1Add.json', 0x0b],
  ['geth-precompiles/blsG1MultiExp.json', 0x0c],
  ['geth-precompiles/blsG2Add.json', 0x0d],
  ['geth-precompiles/blsG2MultiExp.json', 0x0e],
  ['geth-precompiles/blsPairing.json', 0x0f],
  ['geth-precompiles/blsMapG1.json', 0x10],
  ['geth-precompiles/blsMapG2.json', 0x11],
];
const FAILURE = [
  ['geth-precompiles/fail-blsG1Add.json', 0x0b],
  ['geth-precompiles/fail-blsG1MultiExp.json', 0x0c],
  ['geth-precompiles/fail-blsG2Add.json', 0x0d],
  ['geth-precompiles/fail-blsG2MultiExp.json', 0x0e],
  ['geth-precompiles/fail-blsPairing.json', 0x0f],
  ['geth-precompiles/fail-blsMapG1.json', 0x10],
  ['geth-precompiles/fail-blsMapG2.json', 0x11],
];

const address = (a) => createAddressFromString('0x' + a.toString(16).padStart(40, '0'));

async function evm() {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, customCrypto: { kzg } });
  return createEVM({ common, bls: new CttBLS(), bn254: new CttBN254() });
}

test('precompile vectors through @ethereumjs/evm on ctt', async () => {
  const e = await evm();
  let n = 0;
  for (const [file, a] of SUCCESS) {
    for (const v of vectors(file)) {
      const r = await e.runCall({ to: address(a), data: hexToBytes('0x' + v.Input), gasLimit: 1_000_000_000n });
      const what = `${file} ${v.Name}`;
      assert.equal(r.execResult.exceptionError, undefined, what);
      assert.equal(bytesToHex(r.execResult.returnValue), '0x' + v.Expected, what);
      assert.equal(r.execResult.executionGasUsed, BigInt(v.Gas), what);
      n++;
    }
  }
  for (const [file, a] of FAILURE) {
    for (const v of vectors(file)) {
      const r = await e.runCall({ to: address(a), data: hexToBytes('0x' + v.Input), gasLimit: 1_000_000_000n });
      assert.notEqual(r.execResult.exceptionError, undefined, `${file} ${v.Name}`);
      n++;
    }
  }
  assert.ok(n > 300, `only ${n} calls`);
});
