// EIP-7594 vectors (cryptography-specs/kzg, fulu) through ethereumjs' KZG interface. A null
// output means malformed input: the call must throw a CttError.
// compute_verify_cell_kzg_proof_batch_challenge is internal to the spec and has no API here.
import { describe, test } from 'node:test';
import { kzg } from '../ctt.js';
import { cases, check } from './vectors.mjs';

const DIR = 'cryptography-specs/kzg/';

describe('compute_cells', () => {
  for (const [name, { input, output }] of cases(DIR + 'compute_cells')) {
    test(name, () => check(output, () => kzg.computeCells(input.blob)));
  }
});

describe('compute_cells_and_kzg_proofs', () => {
  for (const [name, { input, output }] of cases(DIR + 'compute_cells_and_kzg_proofs')) {
    test(name, () => check(output, () => kzg.computeCellsAndProofs(input.blob)));
  }
});

describe('recover_cells_and_kzg_proofs', () => {
  for (const [name, { input, output }] of cases(DIR + 'recover_cells_and_kzg_proofs')) {
    test(name, () => check(output, () => kzg.recoverCellsAndProofs(input.cell_indices, input.cells)));
  }
});

describe('verify_cell_kzg_proof_batch', () => {
  for (const [name, { input, output }] of cases(DIR + 'verify_cell_kzg_proof_batch')) {
    test(name, () =>
      check(output, () =>
        kzg.verifyCellKzgProofBatch(input.commitments, input.cell_indices, input.cells, input.proofs),
      ),
    );
  }
});
