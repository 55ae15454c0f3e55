// bindings/js/demo/demo.mjs — the demo page's script: loads ctt.js (and so ctt.wasm), runs one
// check per row (a blob commitment, its cell proofs, a BLS signature, the pairing precompiles,
// Groth16 proofs, MiMC), times each, and runs the same call in kzg-wasm and @noble/curves when
// they load. When done, `#status[data-state]` is "passed" or "failed" and `window.demo` holds
// the rows; `window.ctt` is the module (the browser test runs vectors through it).
const VECTORS = new URL('../../../tests/vectors/', import.meta.url);
const getJson = async (rel) => {
  const r = await fetch(new URL(rel, VECTORS));
  if (!r.ok) throw new Error(`${rel}: HTTP ${r.status}`);
  return r.json();
};

const status = document.getElementById('status');
const tbody = document.querySelector('#results tbody');
const rows = [];
window.demo = { rows, done: false };

const fmt = (ms) => (ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(0)} µs`);
/** "next (first)" of a timing, or "-". */
function cellText(t) {
  if (!t) return '-';
  return t.first > 1.5 * t.next && t.first - t.next > 5 ? `${fmt(t.next)} (${fmt(t.first)})` : fmt(t.next);
}

/** Runs `f` (async allowed): its value, the first call's time and the median of the next
 * calls (up to 9 within ~300 ms, at least one: a single call is too noisy to show). */
async function timed(f) {
  let t = performance.now();
  const value = await f();
  const first = performance.now() - t;
  const times = [];
  const start = performance.now();
  while (times.length === 0 || (times.length < 9 && performance.now() - start < 300)) {
    t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { value, first, next: times[times.length >> 1] };
}

function addRow(name, ok, times, detail = '') {
  rows.push({ name, ok, detail, times: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, v && { first: v.first, next: v.next }])) });
  const tr = document.createElement('tr');
  const cells = [name, ok ? 'pass' : `FAIL ${detail}`, cellText(times.ctt), cellText(times.kzgWasm), cellText(times.noble)];
  cells.forEach((text, i) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (i === 1) td.className = ok ? 'pass' : 'fail';
    if (i > 1) td.className = 't';
    tr.append(td);
  });
  tbody.append(tr);
}

/** Runs one check; an exception is a failed row, not the end of the page. */
async function check(name, f) {
  status.textContent = `running: ${name}…`;
  await new Promise((r) => setTimeout(r, 0)); // let the page paint between checks
  try {
    await f();
  } catch (e) {
    addRow(name, false, {}, `${e.name}: ${e.message}`);
  }
}

// ------------------------------------------------------------------ loading
let t = performance.now();
const ctt = await import('../ctt.js');
const loadCtt = { first: performance.now() - t, next: performance.now() - t };
window.ctt = ctt;

const peerNotes = [];
let kw = null;
let noble = null;
t = performance.now();
try {
  const { loadKZG } = await import('../bench/node_modules/kzg-wasm/dist/browser/index.js');
  kw = await loadKZG(0);
  peerNotes.push(`kzg-wasm loaded in ${fmt(performance.now() - t)} (mainnet setup, precompute 0)`);
} catch (e) {
  peerNotes.push(`kzg-wasm not loaded: ${e.message}`);
}
try {
  const [{ bls12_381 }, { bn254 }] = await Promise.all([import('@noble/curves/bls12-381.js'), import('@noble/curves/bn254.js')]);
  noble = { bls12_381, bn254 };
  peerNotes.push('@noble/curves loaded');
} catch (e) {
  peerNotes.push(`@noble/curves not loaded: ${e.message}`);
}
document.getElementById('peers').textContent = peerNotes.join('; ');
addRow('load ctt.js + ctt.wasm', typeof ctt.kzg.blobToKzgCommitment === 'function', { ctt: loadCtt });

const { kzg, bls, runPrecompile, hexToBytes, bytesToHex } = ctt;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ------------------------------------------------------------------ KZG and PeerDAS
let seed = 0x12345678;
const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 0xff;
const blob = bytesToHex(new Uint8Array(131072).map((_, i) => (i % 32 === 0 ? 0 : rand())));
let commitment;

await check('blob_to_kzg_commitment', async () => {
  const ours = await timed(() => kzg.blobToKzgCommitment(blob));
  commitment = ours.value;
  const peer = kw && (await timed(() => kw.blobToKZGCommitment(blob)));
  const ok = /^0x[0-9a-f]{96}$/.test(commitment) && (!peer || peer.value.toLowerCase() === commitment);
  addRow('blob_to_kzg_commitment', ok, { ctt: ours, kzgWasm: peer }, 'commitment differs from kzg-wasm');
});

let cells;
let proofs;
await check('compute_cells_and_kzg_proofs', async () => {
  const ours = await timed(() => kzg.computeCellsAndProofs(blob));
  [cells, proofs] = ours.value;
  const peer = kw && (await timed(() => kw.computeCellsAndKZGProofs(blob)));
  const peerProofs = peer && (peer.value.proofs || peer.value[1]).map((p) => p.toLowerCase());
  const ok = cells.length === 128 && proofs.length === 128 && (!peer || same(peerProofs, proofs));
  addRow('compute_cells_and_kzg_proofs', ok, { ctt: ours, kzgWasm: peer }, 'proofs differ from kzg-wasm');
});

await check('verify_cell_kzg_proof_batch (128)', async () => {
  const all = Array.from({ length: 128 }, (_, i) => i);
  const cms = all.map(() => commitment);
  const ours = await timed(() => kzg.verifyCellKzgProofBatch(cms, all, cells, proofs));
  const changed = cells.slice();
  changed[5] = changed[5].slice(0, -2) + (changed[5].endsWith('00') ? '01' : '00');
  const rejected = kzg.verifyCellKzgProofBatch(cms, all, changed, proofs) === false;
  const peer = kw && (await timed(() => kw.verifyCellKZGProofBatch(cms, all, cells, proofs, all.length)));
  const ok = ours.value === true && rejected && (!peer || peer.value === true);
  addRow('verify_cell_kzg_proof_batch (128)', ok, { ctt: ours, kzgWasm: peer }, 'valid proofs refused or a changed cell accepted');
});

// ------------------------------------------------------------------ BLS
await check('BLS sign and verify', async () => {
  const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
  const msg = new TextEncoder().encode('ctt demo message');
  const sk = bls.keyGen(new Uint8Array(32).fill(7));
  const pk = bls.skToPk(sk);
  const sig = bls.sign(sk, msg);
  const ours = await timed(() => bls.verify(pk, msg, sig));
  const wrong = bls.verify(pk, new TextEncoder().encode('another message'), sig) === false;
  let peer = null;
  let agree = true;
  if (noble) {
    const n = noble.bls12_381.longSignatures;
    agree = bytesToHex(n.Signature.toBytes(n.sign(n.hash(msg, DST), sk))) === bytesToHex(sig);
    peer = await timed(() => n.verify(sig, n.hash(msg, DST), pk));
    agree &&= peer.value === true;
  }
  addRow('BLS verify', ours.value === true && wrong && agree, { ctt: ours, noble: peer }, 'verification or agreement with noble failed');
});

// ------------------------------------------------------------------ precompiles
await check('bn254 pairing precompile (0x08)', async () => {
  const v = (await getJson('geth-precompiles/bn256Pairing.json')).find((c) => c.Name === 'jeff1');
  const input = hexToBytes(v.Input);
  const ours = await timed(() => runPrecompile(0x08, input));
  let peer = null;
  if (noble) {
    const { bn254 } = noble;
    const x = (o) => BigInt(bytesToHex(input.subarray(o, o + 32)));
    peer = await timed(() => {
      const pairs = [0, 192].map((o) => {
        const Q = bn254.G2.Point.fromAffine({
          x: bn254.fields.Fp2.create({ c0: x(o + 96), c1: x(o + 64) }),
          y: bn254.fields.Fp2.create({ c0: x(o + 160), c1: x(o + 128) }),
        });
        Q.assertValidity();
        return { g1: bn254.G1.Point.fromAffine({ x: x(o), y: x(o + 32) }), g2: Q };
      });
      return bn254.fields.Fp12.eql(bn254.pairingBatch(pairs), bn254.fields.Fp12.ONE);
    });
  }
  const expected = BigInt('0x' + v.Expected) === 1n;
  const ok = bytesToHex(ours.value.output) === '0x' + v.Expected && ours.value.gasUsed === BigInt(v.Gas) && (!peer || peer.value === expected);
  addRow('bn254 pairing precompile (0x08, 2 pairs)', ok, { ctt: ours, noble: peer }, 'output or gas differs');
});

await check('bls12-381 pairing precompile (0x0f)', async () => {
  const v = (await getJson('eip-2537/pairing_check_bls.json'))[1];
  const ours = await timed(() => runPrecompile(0x0f, hexToBytes(v.Input)));
  const ok = bytesToHex(ours.value.output) === '0x' + v.Expected && ours.value.gasUsed === BigInt(v.Gas);
  addRow('bls12-381 pairing precompile (0x0f, 2 pairs)', ok, { ctt: ours }, 'output or gas differs');
});

// ------------------------------------------------------------------ Groth16 and MiMC
for (const curve of ['bn128', 'bls12381']) {
  await check(`Groth16 ${curve}`, async () => {
    const dir = `groth16/snarkjs/${curve}/multiplier/`;
    const [vk, proof, pub] = await Promise.all(['verification_key', 'proof_0', 'public_0'].map((f) => getJson(`${dir}${f}.json`)));
    const ours = await timed(() => ctt.groth16Verify(vk, proof, pub));
    const changed = ctt.groth16Verify(vk, proof, [String(BigInt(pub[0]) + 1n)]) === false;
    addRow(`Groth16 verify ${curve} (snarkjs multiplier)`, ours.value === true && changed, { ctt: ours }, 'valid proof refused or changed input accepted');
  });
}

await check('MiMCSponge', async () => {
  const v = (await getJson('groth16/mimc/circomlibjs.json')).sponge.find((c) => c.inputs.length === 2 && c.outputs.length === 1);
  const ours = await timed(() => ctt.mimcSponge.multiHash(v.inputs, v.k, 1));
  addRow('MiMCSponge multiHash (circomlibjs vector)', ours.value === BigInt(v.outputs[0]), { ctt: ours }, 'hash differs');
});

const failed = rows.filter((r) => !r.ok).length;
status.dataset.state = failed === 0 ? 'passed' : 'failed';
status.textContent = failed === 0 ? `all ${rows.length} checks passed` : `${failed} of ${rows.length} checks failed`;
window.demo.done = true;
