// The official vectors of tests/vectors (MANIFEST.md), read from the repository.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CttError } from '../ctt.js';

export const VECTORS = fileURLToPath(new URL('../../../tests/vectors/', import.meta.url));

export function readJson(rel) {
  return JSON.parse(readFileSync(join(VECTORS, rel), 'utf8'));
}

/** [case name, data] of every case folder (`<dir>/<case>/data.json`) or file (`<dir>/*.json`). */
export function cases(dir) {
  const out = [];
  for (const name of readdirSync(join(VECTORS, dir)).sort()) {
    const path = join(dir, name);
    if (statSync(join(VECTORS, path)).isDirectory()) out.push([name, readJson(join(path, 'data.json'))]);
    else if (name.endsWith('.json')) out.push([name.slice(0, -5), readJson(path)]);
  }
  if (out.length === 0) throw new Error(`${dir}: no vectors`);
  return out;
}

/** Runs `f`; compares with `output`, or expects a CttError when `output` is null. */
export function check(output, f, map = (x) => x) {
  if (output === null) {
    assert.throws(f, CttError);
  } else {
    assert.deepEqual(map(f()), output);
  }
}

