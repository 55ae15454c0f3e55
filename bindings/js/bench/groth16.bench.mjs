// bindings/js/bench/groth16.bench.mjs — ctt.wasm's groth16Verify against snarkjs.groth16.verify,
// and its MiMC against circomlibjs', in one Node process on the same inputs (the snarkjs
// vectors of tests/vectors/groth16). Every result is checked before it is timed. Both sides
// decode the JSON objects and prepare the key inside every call. Prints a markdown table.
//     cd bindings/js/bench && npm install && node groth16.bench.mjs
import { readFileSync } from 'node:fs';
import { groth16Verify, mimc7, mimcSponge } from '../ctt.js';
import * as snarkjs from 'snarkjs';
import { buildMimc7, buildMimcSponge } from 'circomlibjs';

const VECTORS = new URL('../../../tests/vectors/groth16/snarkjs/', import.meta.url);
const json = (rel) => JSON.parse(readFileSync(new URL(rel, VECTORS), 'utf8'));

/** Median time (ms) of `f` (sync or async) over runs totalling about `budget` ms, after a
 * warm-up call. */
async function time(f, budget = 2000) {
  await f();
  const times = [];
  const start = performance.now();
  while (times.length < 5 || (performance.now() - start < budget && times.length < 2000)) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

const rows = [];
async function bench(op, ours, peerName, peer) {
  const [a, b] = [await time(ours), await time(peer)];
  rows.push([op, a, peerName, b]);
  console.error(op, a.toFixed(4), peerName, b.toFixed(4));
}

function check(what, a, b) {
  if (a !== b) throw new Error(`${what}: ${a} against ${b}`);
}

// ------------------------------------------------------------------ Groth16
for (const [curve, circuit, inputs] of [
  ['bn128', 'multiplier', 1],
  ['bn128', 'many_inputs', 101],
  ['bls12381', 'multiplier', 1],
  ['bls12381', 'many_inputs', 101],
]) {
  const dir = `${curve}/${circuit}/`;
  const [vk, proof, pub] = [json(dir + 'verification_key.json'), json(dir + 'proof_0.json'), json(dir + 'public_0.json')];
  const bad = [...pub];
  bad[0] = String(BigInt(bad[0]) + 1n);
  check(`${dir} ctt valid`, groth16Verify(vk, proof, pub), true);
  check(`${dir} ctt changed`, groth16Verify(vk, proof, bad), false);
  check(`${dir} snarkjs valid`, await snarkjs.groth16.verify(vk, pub, proof), true);
  check(`${dir} snarkjs changed`, await snarkjs.groth16.verify(vk, bad, proof), false);
  const label = `${curve} (${inputs} public input${inputs > 1 ? 's' : ''})`;
  // ctt keeps the last key prepared: a new key (here: a changing extra member, so that the JSON
  // text differs) is decoded, checked and prepared in the call, as snarkjs does every call
  let n = 0;
  await bench(
    `groth16 verify ${label}, a new key each call`,
    () => groth16Verify({ ...vk, call: n++ }, proof, pub),
    'snarkjs',
    () => snarkjs.groth16.verify(vk, pub, proof),
  );
  await bench(
    `groth16 verify ${label}, the same key`,
    () => groth16Verify(vk, proof, pub),
    'snarkjs',
    () => snarkjs.groth16.verify(vk, pub, proof),
  );
}

// ------------------------------------------------------------------ MiMC
const sponge = await buildMimcSponge();
const m7 = await buildMimc7();
const big = (F, x) => F.toObject(x);
const xs = [1n, 2n];
check('sponge', mimcSponge.multiHash(xs, 0n, 1), big(sponge.F, sponge.multiHash(xs, 0n, 1)));
const perm = sponge.hash(3n, 4n, 5n);
const ours = mimcSponge.hash(3n, 4n, 5n);
check('feistel', ours.xL, big(sponge.F, perm.xL));
check('feistel', ours.xR, big(sponge.F, perm.xR));
check('mimc7', mimc7.multiHash(xs, 0n), big(m7.F, m7.multiHash(xs, 0n)));
await bench('MiMCSponge multiHash (2 inputs, 1 output)', () => mimcSponge.multiHash(xs, 0n, 1), 'circomlibjs', () => sponge.multiHash(xs, 0n, 1));
await bench('MiMCSponge hash (one 220-round permutation)', () => mimcSponge.hash(3n, 4n, 5n), 'circomlibjs', () => sponge.hash(3n, 4n, 5n));
await bench('MiMC7 multiHash (2 inputs)', () => mimc7.multiHash(xs, 0n), 'circomlibjs', () => m7.multiHash(xs, 0n));

const fmt = (ms) => (ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);
console.log('| operation | ctt | peer | peer time | ctt/peer |\n|---|---:|---|---:|---:|');
for (const [op, a, peer, b] of rows) console.log(`| ${op} | ${fmt(a)} | ${peer} | ${fmt(b)} | ${(a / b).toFixed(3)} |`);
process.exit(0); // snarkjs' curves keep worker threads alive
