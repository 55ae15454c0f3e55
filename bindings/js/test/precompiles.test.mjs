// go-ethereum's and EIP-2537's precompile vectors through runPrecompile on every fork where the
// precompile exists with that price (exact output and gas; one gas short is OUT_OF_GAS), the
// failure vectors (a CttError), and the BLS12-381 and BN254 ones through ethereumjs'
// EVMBLSInterface and EVMBN254Interface (CttBLS, CttBN254).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CttBLS, CttBN254, CttError, hexToBytes, precompileGas, runPrecompile } from '../ctt.js';
import { VECTORS, readJson } from './vectors.mjs';

const FROM_BYZANTIUM = ['byzantium', 'istanbul', 'berlin', 'cancun', 'prague', 'osaka'];
const FROM_ISTANBUL = FROM_BYZANTIUM.slice(1);
const PRAGUE = ['prague', 'osaka'];

// file, address, forks (the files priced for one fork range list only those)
const SUCCESS = [
  ['geth-precompiles/ecRecover.json', 0x01, ['homestead', ...FROM_BYZANTIUM]],
  ['geth-precompiles/modexp.json', 0x05, ['byzantium', 'istanbul']],
  ['geth-precompiles/modexp_eip2565.json', 0x05, ['berlin', 'cancun', 'prague']],
  ['geth-precompiles/modexp_eip7883.json', 0x05, ['osaka']],
  ['geth-precompiles/bn256Add.json', 0x06, FROM_ISTANBUL],
  ['geth-precompiles/bn256ScalarMul.json', 0x07, FROM_ISTANBUL],
  ['geth-precompiles/bn256Pairing.json', 0x08, FROM_ISTANBUL],
  ['geth-precompiles/blake2F.json', 0x09, FROM_ISTANBUL],
  ['geth-precompiles/pointEvaluation.json', 0x0a, ['cancun', ...PRAGUE]],
  ['geth-precompiles/blsG1Add.json', 0x0b, PRAGUE],
  ['geth-precompiles/blsG1Mul.json', 0x0c, PRAGUE],
  ['geth-precompiles/blsG1MultiExp.json', 0x0c, PRAGUE],
  ['geth-precompiles/blsG2Add.json', 0x0d, PRAGUE],
  ['geth-precompiles/blsG2Mul.json', 0x0e, PRAGUE],
  ['geth-precompiles/blsG2MultiExp.json', 0x0e, PRAGUE],
  ['geth-precompiles/blsPairing.json', 0x0f, PRAGUE],
  ['geth-precompiles/blsMapG1.json', 0x10, PRAGUE],
  ['geth-precompiles/blsMapG2.json', 0x11, PRAGUE],
  ['geth-precompiles/p256Verify.json', 0x100, ['osaka']],
  ['eip-2537/add_G1_bls.json', 0x0b, PRAGUE],
  ['eip-2537/add_G2_bls.json', 0x0d, PRAGUE],
  ['eip-2537/mul_G1_bls.json', 0x0c, PRAGUE],
  ['eip-2537/msm_G1_bls.json', 0x0c, PRAGUE],
  ['eip-2537/mul_G2_bls.json', 0x0e, PRAGUE],
  ['eip-2537/pairing_check_bls.json', 0x0f, PRAGUE],
  ['eip-2537/map_fp_to_G1_bls.json', 0x10, PRAGUE],
  ['eip-2537/map_fp2_to_G2_bls.json', 0x11, PRAGUE],
];

const FAILURE = [
  ['geth-precompiles/fail-blake2f.json', 0x09, ['istanbul', 'osaka']],
  ['geth-precompiles/fail-blsG1Add.json', 0x0b, PRAGUE],
  ['geth-precompiles/fail-blsG1Mul.json', 0x0c, PRAGUE],
  ['geth-precompiles/fail-blsG1MultiExp.json', 0x0c, PRAGUE],
  ['geth-precompiles/fail-blsG2Add.json', 0x0d, PRAGUE],
  ['geth-precompiles/fail-blsG2Mul.json', 0x0e, PRAGUE],
  ['geth-precompiles/fail-blsG2MultiExp.json', 0x0e, PRAGUE],
  ['geth-precompiles/fail-blsPairing.json', 0x0f, PRAGUE],
  ['geth-precompiles/fail-blsMapG1.json', 0x10, PRAGUE],
  ['geth-precompiles/fail-blsMapG2.json', 0x11, PRAGUE],
  ['eip-2537/fail-add_G1_bls.json', 0x0b, PRAGUE],
  ['eip-2537/fail-add_G2_bls.json', 0x0d, PRAGUE],
  ['eip-2537/fail-mul_G1_bls.json', 0x0c, PRAGUE],
  ['eip-2537/fail-msm_G1_bls.json', 0x0c, PRAGUE],
  ['eip-2537/fail-mul_G2_bls.json', 0x0e, PRAGUE],
  ['eip-2537/fail-msm_G2_bls.json', 0x0e, PRAGUE],
  ['eip-2537/fail-pairing_check_bls.json', 0x0f, PRAGUE],
  ['eip-2537/fail-map_fp_to_G1_bls.json', 0x10, PRAGUE],
  ['eip-2537/fail-map_fp2_to_G2_bls.json', 0x11, PRAGUE],
];

const hex = (x) => Buffer.from(x).toString('hex');

test('every precompile vector file is listed', () => {
  const listed = new Set([...SUCCESS, ...FAILURE].map(([f]) => f));
  for (const dir of ['geth-precompiles', 'eip-2537']) {
    for (const f of readdirSync(join(VECTORS, dir))) {
      if (f.endsWith('.json')) assert.ok(listed.has(`${dir}/${f}`), `${dir}/${f} is not tested`);
    }
  }
});

test('success vectors: output, exact gas, one gas short', () => {
  let n = 0;
  for (const [file, address, forks] of SUCCESS) {
    for (const v of readJson(file)) {
      const input = hexToBytes(v.Input);
      for (const fork of forks) {
        const what = `${file} ${v.Name} on ${fork}`;
        const { output, gasUsed } = runPrecompile(address, input, { fork, gasLimit: BigInt(v.Gas) });
        assert.equal(hex(output), v.Expected, what);
        assert.equal(gasUsed, BigInt(v.Gas), what);
        assert.equal(precompileGas(address, input, { fork }), BigInt(v.Gas), what);
        if (v.Gas > 0) {
          assert.throws(() => runPrecompile(address, input, { fork, gasLimit: BigInt(v.Gas) - 1n }), {
            name: 'CttError',
            code: 'OUT_OF_GAS',
          });
        }
        n++;
      }
    }
  }
  assert.ok(n >= 1400, `only ${n} vector runs`);
});

test('failure vectors throw a CttError', () => {
  let n = 0;
  for (const [file, address, forks] of FAILURE) {
    for (const v of readJson(file)) {
      const input = hexToBytes(v.Input);
      for (const fork of forks) {
        assert.throws(() => runPrecompile(address, input, { fork }), (e) => {
          assert.ok(e instanceof CttError, `${file} ${v.Name}: ${e}`);
          assert.notEqual(e.code, 'INTERNAL');
          return true;
        });
        n++;
      }
    }
  }
  assert.ok(n >= 200, `only ${n} failure runs`);
});

test("ethereumjs' EVMBLSInterface and EVMBN254Interface on the vectors", () => {
  const blsI = new CttBLS();
  blsI.init();
  const bn = new CttBN254();
  const methods = {
    0x06: (i) => bn.add(i),
    0x07: (i) => bn.mul(i),
    0x08: (i) => bn.pairing(i),
    0x0b: (i) => blsI.addG1(i),
    0x0c: (i) => blsI.msmG1(i),
    0x0d: (i) => blsI.addG2(i),
    0x0e: (i) => blsI.msmG2(i),
    0x0f: (i) => blsI.pairingCheck(i),
    0x10: (i) => blsI.mapFPtoG1(i),
    0x11: (i) => blsI.mapFP2toG2(i),
  };
  let n = 0;
  for (const [file, address] of SUCCESS) {
    if (!methods[address]) continue;
    for (const v of readJson(file)) {
      assert.equal(hex(methods[address](hexToBytes(v.Input))), v.Expected, `${file} ${v.Name}`);
      n++;
    }
  }
  for (const [file, address] of FAILURE) {
    if (!methods[address]) continue;
    for (const v of readJson(file)) {
      assert.throws(() => methods[address](hexToBytes(v.Input)), CttError, `${file} ${v.Name}`);
      n++;
    }
  }
  assert.ok(n >= 500, `only ${n} calls`);
});

test('inactive precompiles and unknown forks', () => {
  assert.throws(() => runPrecompile(0x0b, new Uint8Array(256), { fork: 'cancun' }), { code: 'NOT_ACTIVE' });
  assert.throws(() => runPrecompile(0x12, new Uint8Array(0)), { code: 'NOT_ACTIVE' });
  assert.throws(() => runPrecompile(0x01, new Uint8Array(0), { fork: 'shanghai' }), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => runPrecompile(-1, new Uint8Array(0)), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => runPrecompile(0x02, 'abc'), { code: 'INVALID_ARGUMENT' });
  // identity and SHA-256 of nothing
  assert.equal(hex(runPrecompile(0x04, new Uint8Array([1, 2, 3])).output), '010203');
  assert.equal(
    hex(runPrecompile(0x02, new Uint8Array(0)).output),
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  );
});
