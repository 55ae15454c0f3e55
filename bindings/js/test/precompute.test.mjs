// loadKzg({ precompute }): the PeerDAS (FK20) table size chosen at setup as c-kzg's
// `precompute` (0-15). Allowed sizes give the bytes of the official vector and of the default
// `kzg`; sizes outside 0-15 and non-integers throw; a freed object throws.
//
// Each settings object builds its own FK20 data and tables on first use (~8 s each in wasm), so
// all 16 values take ~75 s: CTT_JS_ALL_PRECOMPUTE=1 runs them all; by default (CI, ~25 s) one of
// each kind: 0 (no tables), 7 (smaller tables), 8 and 15 (the default tables, shared).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CttError, kzg, loadKzg } from '../ctt.js';
import { cases } from './vectors.mjs';

const throwsCode = (f, code) => assert.throws(f, (e) => e instanceof CttError && e.code === code);

// one valid blob of the EIP-7594 vectors, with its cells and proofs
const [, { input, output }] = cases('cryptography-specs/kzg/compute_cells_and_kzg_proofs').find(([, c]) => c.output !== null);
const commitment = kzg.blobToKzgCommitment(input.blob);
const all = Array.from({ length: 128 }, (_, i) => i);
const half = all.filter((i) => i % 2 === 1);

const SIZES = process.env.CTT_JS_ALL_PRECOMPUTE === '1' ? Array.from({ length: 16 }, (_, i) => i) : [0, 7, 8, 15];

test(`precompute ${SIZES.join(', ')}: the same cells and proofs`, () => {
  assert.deepEqual(kzg.computeCellsAndProofs(input.blob), output);
  for (const precompute of SIZES) {
    const s = loadKzg({ precompute });
    assert.equal(s.precompute, precompute);
    try {
      assert.deepEqual(s.computeCellsAndProofs(input.blob), output, `precompute ${precompute}`);
      assert.equal(s.blobToKzgCommitment(input.blob), commitment);
      if (precompute === 0 || precompute === 7) {
        // recovery runs FK20 as well; verification takes the same settings
        assert.deepEqual(s.recoverCellsAndProofs(half, half.map((i) => output[0][i])), output);
        const [cells, proofs] = output;
        assert.equal(s.verifyCellKzgProofBatch(all.map(() => commitment), all, cells, proofs), true);
        const [c, p] = s.bytes.computeCellsAndProofs(Uint8Array.from(Buffer.from(input.blob.slice(2), 'hex')));
        assert.equal('0x' + Buffer.from(p[127]).toString('hex'), proofs[127]);
        assert.equal(c.length, 128);
      }
    } finally {
      s.free();
    }
  }
});

test('the default is precompute 8 and is what kzg uses', () => {
  assert.equal(loadKzg().precompute, 8);
  assert.deepEqual(loadKzg().computeCells(input.blob), kzg.computeCells(input.blob));
});

test('bad sizes throw', () => {
  for (const bad of [-1, 16, 255, 2 ** 32, -(2 ** 40)]) throwsCode(() => loadKzg({ precompute: bad }), 'INVALID_PRECOMPUTE');
  for (const bad of [1.5, NaN, Infinity, '8', null, 8n]) throwsCode(() => loadKzg({ precompute: bad }), 'INVALID_ARGUMENT');
});

test('a freed object throws INVALID_SETTINGS; the others keep working', () => {
  const a = loadKzg({ precompute: 0 });
  const b = loadKzg({ precompute: 0 });
  a.free();
  a.free(); // twice is harmless
  throwsCode(() => a.computeCells(input.blob), 'INVALID_SETTINGS');
  throwsCode(() => a.bytes.verifyCellKzgProofBatch([], [], [], []), 'INVALID_SETTINGS');
  assert.deepEqual(b.computeCells(input.blob), output[0]);
  b.free();
});
