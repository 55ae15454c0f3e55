// Groth16 verification on every vector of tests/vectors/groth16 (snarkjs 0.7.6 and ark-groth16
// 0.5 proofs, both curves): each valid proof verifies; changed inputs, swapped proofs and
// changed points are rejected (false when still well-formed, a CttError when not).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CttError, groth16Verify, groth16VerifyArkworks, hexToBytes } from '../ctt.js';
import { VECTORS, readJson } from './vectors.mjs';

// Base-field and scalar-field moduli, to build values just out of range.
const MODULI = {
  bn128: {
    p: 21888242871839275222246405745257275088696311157297823662689037894645226208583n,
    r: 21888242871839275222246405745257275088548364400416034343698204186575808495617n,
  },
  bls12381: {
    p: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn,
    r: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n,
  },
};

const clone = (x) => structuredClone(x);
const throwsCode = (f, code) => assert.throws(f, (e) => e instanceof CttError && e.code === code);
/** Never `true`: false, or a CttError for input that no longer decodes. */
function rejected(f) {
  // a CttError is an answer too: a changed byte may leave the curve or the subgroup
  try {
    assert.equal(f(), false);
  } catch (e) {
    if (!(e instanceof CttError)) throw e;
  }
}

const SNARKJS = join(VECTORS, 'groth16/snarkjs');
for (const curve of readdirSync(SNARKJS).sort()) {
  for (const circuit of readdirSync(join(SNARKJS, curve)).sort()) {
    const dir = `groth16/snarkjs/${curve}/${circuit}/`;
    const vk = readJson(dir + 'verification_key.json');
    const proofs = [0, 1].map((i) => readJson(`${dir}proof_${i}.json`));
    const publics = [0, 1].map((i) => readJson(`${dir}public_${i}.json`));
    const { p, r } = MODULI[curve];

    describe(`snarkjs ${curve} ${circuit}`, () => {
      test('valid proofs verify (decimal strings and bigints)', () => {
        assert.equal(vk.curve, curve);
        for (const i of [0, 1]) {
          assert.equal(groth16Verify(vk, proofs[i], publics[i]), true);
          assert.equal(groth16Verify(vk, proofs[i], publics[i].map(BigInt)), true);
        }
      });

      test('changed public inputs and swapped proofs are false', () => {
        for (const i of [0, 1]) {
          for (let j = 0; j < publics[i].length; j += Math.max(1, publics[i].length >> 2)) {
            const s = publics[i].slice();
            s[j] = ((BigInt(s[j]) + 1n) % r).toString();
            assert.equal(groth16Verify(vk, proofs[i], s), false, `input ${j}`);
          }
          assert.equal(groth16Verify(vk, proofs[1 - i], publics[i]), false);
        }
        const swapped = clone(proofs[0]);
        [swapped.pi_a, swapped.pi_c] = [swapped.pi_c, swapped.pi_a];
        assert.equal(groth16Verify(vk, swapped, publics[0]), false);
        const negated = clone(proofs[0]);
        negated.pi_a[1] = (p - BigInt(negated.pi_a[1])).toString();
        assert.equal(groth16Verify(vk, negated, publics[0]), false);
      });

      test('changed keys are rejected', () => {
        const gd = clone(vk);
        [gd.vk_gamma_2, gd.vk_delta_2] = [gd.vk_delta_2, gd.vk_gamma_2];
        assert.equal(groth16Verify(gd, proofs[0], publics[0]), false);
        const ai = clone(vk);
        [ai.vk_alpha_1, ai.IC[0]] = [ai.IC[0], ai.vk_alpha_1];
        assert.equal(groth16Verify(ai, proofs[0], publics[0]), false);
        const k = clone(vk);
        k.IC[1][1] = (p - BigInt(k.IC[1][1])).toString();
        assert.equal(groth16Verify(k, proofs[0], publics[0]), false);
      });

      test('malformed input throws', () => {
        const [proof, pub] = [proofs[0], publics[0]];
        throwsCode(() => groth16Verify(vk, proof, pub.slice(1)), 'WRONG_INPUT_COUNT');
        throwsCode(() => groth16Verify(vk, proof, [...pub, '1']), 'WRONG_INPUT_COUNT');
        throwsCode(() => groth16Verify(vk, proof, [r.toString(), ...pub.slice(1)]), 'INVALID_FIELD_ELEMENT');
        for (const bad of ['-1', '0x1', '01', '', ' 1', '1e3']) {
          throwsCode(() => groth16Verify(vk, proof, [bad, ...pub.slice(1)]), 'NON_CANONICAL_ENCODING');
        }
        throwsCode(() => groth16Verify(vk, proof, [1, ...pub.slice(1)]), 'MALFORMED_JSON');
        const big = clone(proof);
        big.pi_a[0] = (BigInt(big.pi_a[0]) + p).toString();
        throwsCode(() => groth16Verify(vk, big, pub), 'NON_CANONICAL_ENCODING');
        const off = clone(proof);
        off.pi_a[1] = ((BigInt(off.pi_a[1]) + 1n) % p).toString();
        throwsCode(() => groth16Verify(vk, off, pub), 'POINT_NOT_ON_CURVE');
        const offG2 = clone(proof);
        offG2.pi_b[0][0] = ((BigInt(offG2.pi_b[0][0]) + 1n) % p).toString();
        assert.throws(() => groth16Verify(vk, offG2, pub), (e) => e instanceof CttError && /POINT_NOT/.test(e.code));
        const z = clone(proof);
        z.pi_c[2] = '2';
        throwsCode(() => groth16Verify(vk, z, pub), 'NON_CANONICAL_ENCODING');
        throwsCode(() => groth16Verify({ ...vk, protocol: 'plonk' }, proof, pub), 'WRONG_PROTOCOL');
        throwsCode(() => groth16Verify({ ...vk, curve: 'secp256k1' }, proof, pub), 'UNKNOWN_CURVE');
        const other = curve === 'bn128' ? 'bls12381' : 'bn128';
        throwsCode(() => groth16Verify(vk, { ...proof, curve: other }, pub), 'WRONG_CURVE');
        throwsCode(() => groth16Verify({ ...vk, nPublic: vk.nPublic + 1 }, proof, pub), 'INVALID_LENGTH');
        const missing = clone(vk);
        delete missing.vk_delta_2;
        throwsCode(() => groth16Verify(missing, proof, pub), 'MALFORMED_JSON');
        throwsCode(() => groth16Verify(vk, { ...proof, pi_a: proof.pi_a.slice(0, 2) }, pub), 'INVALID_LENGTH');
        throwsCode(() => groth16Verify(JSON.stringify(vk), proof, pub), 'INVALID_ARGUMENT');
        throwsCode(() => groth16Verify(vk, proof, 'x'), 'INVALID_ARGUMENT');
      });
    });
  }
}

const ARKWORKS = join(VECTORS, 'groth16/arkworks');
for (const curve of readdirSync(ARKWORKS).sort()) {
  for (const file of readdirSync(join(ARKWORKS, curve)).sort()) {
    const v = readJson(`groth16/arkworks/${curve}/${file}`);
    const name = curve === 'bn254' ? 'bn128' : 'bls12381';
    describe(`arkworks ${curve} ${file.slice(0, -5)}`, () => {
      for (const compressed of [true, false]) {
        const form = compressed ? 'compressed' : 'uncompressed';
        const vk = hexToBytes(v[`vk_${form}`]);
        test(`${form}: valid proofs verify, changed ones do not`, () => {
          v.proofs.forEach((p, i) => {
            const [proof, inputs] = [hexToBytes(p[form]), hexToBytes(p.public_inputs)];
            assert.equal(groth16VerifyArkworks(name, vk, proof, inputs, { compressed }), true);
            const other = hexToBytes(v.proofs[1 - i][form]);
            assert.equal(groth16VerifyArkworks(name, vk, other, inputs, { compressed }), false);
            // one bit of the first input's low byte (little-endian, after the 8-byte count)
            const changed = inputs.slice();
            changed[8] ^= 1;
            assert.equal(groth16VerifyArkworks(name, vk, proof, changed, { compressed }), false);
            for (const bit of [0, 9, 8 * proof.length - 1, 8 * (proof.length >> 1) + 3]) {
              const flipped = proof.slice();
              flipped[bit >> 3] ^= 1 << (bit & 7);
              rejected(() => groth16VerifyArkworks(name, vk, flipped, inputs, { compressed }));
            }
            throwsCode(
              () => groth16VerifyArkworks(name, vk, proof.subarray(1), inputs, { compressed }),
              'INVALID_LENGTH',
            );
          });
        });
      }
      test('bad arguments throw', () => {
        const [vk, p] = [hexToBytes(v.vk_compressed), v.proofs[0]];
        const [proof, inputs] = [hexToBytes(p.compressed), hexToBytes(p.public_inputs)];
        throwsCode(() => groth16VerifyArkworks('bn256', vk, proof, inputs), 'UNKNOWN_CURVE');
        throwsCode(() => groth16VerifyArkworks(name, vk, proof, inputs.subarray(0, 8)), 'INVALID_LENGTH');
        throwsCode(() => groth16VerifyArkworks(name, vk, proof, inputs, { compressed: 1 }), 'INVALID_ARGUMENT');
        throwsCode(() => groth16VerifyArkworks(name, vk, p.compressed, inputs), 'INVALID_ARGUMENT');
      });
    });
  }
}

test('alternating keys: each call answers for its own key (ctt-js keeps the last key prepared)', () => {
  const all = [];
  for (const curve of readdirSync(SNARKJS).sort()) {
    for (const circuit of readdirSync(join(SNARKJS, curve)).sort()) {
      const dir = `groth16/snarkjs/${curve}/${circuit}/`;
      all.push(['verification_key', 'proof_0', 'public_0'].map((f) => readJson(`${dir}${f}.json`)));
    }
  }
  for (const [vk, proof, pub] of all) {
    for (const [otherVk] of all) {
      if (otherVk === vk) continue;
      rejected(() => groth16Verify(otherVk, proof, pub));
      assert.equal(groth16Verify(vk, proof, pub), true);
      assert.equal(groth16Verify(structuredClone(vk), proof, pub), true);
    }
  }
});
