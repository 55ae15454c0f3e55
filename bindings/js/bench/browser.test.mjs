// bindings/js/bench/browser.test.mjs — the demo page (../demo/) in headless Chromium: Debian's
// /usr/bin/chromium driven by playwright-core (no browser download), the page served by
// ../demo/serve.mjs on 127.0.0.1. It waits for the page's checks, asserts that each passed and
// that kzg-wasm and @noble/curves ran next to ctt, writes a screenshot (its path is printed), then
// runs a subset of the official vectors inside the page through the page's ctt module: EIP-4844
// (every case), EIP-7594 cell batch verification, BLS sign/verify/aggregate/fast_aggregate_verify,
// and every go-ethereum and EIP-2537 precompile vector (output, gas, failures) on its last fork.
//     cd bindings/js/bench && npm ci && node --test browser.test.mjs
// CHROMIUM overrides the browser path; SCREENSHOT_DIR the screenshot's folder (default: a temp dir).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../demo/serve.mjs';
import { cases, readJson } from '../test/vectors.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server;
let context;
let page;
let profile;
const pageErrors = [];

before(async () => {
  server = await startServer(0);
  profile = mkdtempSync(join(tmpdir(), 'ctt-chromium-'));
  // a persistent context is how playwright takes a fresh --user-data-dir
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1100, height: 760 },
  });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const url = `http://127.0.0.1:${server.address().port}/bindings/js/demo/`;
  await page.goto(url);
  await page.waitForFunction(() => window.demo && window.demo.done, null, { timeout: 240_000, polling: 250 });
});

after(async () => {
  await context?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('the demo page: every check passed, peers ran, screenshot', async () => {
  const rows = await page.evaluate(() => window.demo.rows);
  const state = await page.getAttribute('#status', 'data-state');
  const dir = process.env.SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), 'ctt-demo-'));
  const shot = join(dir, 'ctt-demo.png');
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`screenshot: ${shot}`);
  for (const r of rows) console.log(`  ${r.ok ? 'pass' : 'FAIL'} ${r.name} ${JSON.stringify(r.times)}`);
  assert.deepEqual(pageErrors, []);
  assert.ok(rows.length >= 10, `only ${rows.length} rows`);
  assert.deepEqual(rows.filter((r) => !r.ok).map((r) => `${r.name}: ${r.detail}`), []);
  assert.equal(state, 'passed');
  const peers = await page.textContent('#peers');
  assert.doesNotMatch(peers, /not loaded/, peers);
  assert.ok(rows.some((r) => r.times.kzgWasm), 'no kzg-wasm timing');
  assert.ok(rows.some((r) => r.times.noble), 'no @noble/curves timing');
});

// ------------------------------------------------------------------ vectors in the page
// Each case: [suite, name, function, args (hex strings and lists of them), expected]. The page
// decodes hex for the byte APIs; `expected` is the output, or null for "throws a CttError", or
// 'not-true' (BLS: false, or a CttError for input that does not decode).
const KZG = 'cryptography-specs/kzg/';
const kzgCases = [
  ['blob_to_kzg_commitment', 'kzg.blobToKzgCommitment', (i) => [i.blob]],
  ['compute_kzg_proof', 'kzg.computeKzgProof', (i) => [i.blob, i.z]],
  ['compute_blob_kzg_proof', 'kzg.computeBlobProof', (i) => [i.blob, i.commitment]],
  ['verify_kzg_proof', 'kzg.verifyProof', (i) => [i.commitment, i.z, i.y, i.proof]],
  ['verify_blob_kzg_proof', 'kzg.verifyBlobProof', (i) => [i.blob, i.commitment, i.proof]],
  ['verify_blob_kzg_proof_batch', 'kzg.verifyBlobProofBatch', (i) => [i.blobs, i.commitments, i.proofs]],
  ['verify_cell_kzg_proof_batch', 'kzg.verifyCellKzgProofBatch', (i) => [i.commitments, i.cell_indices, i.cells, i.proofs]],
].flatMap(([dir, fn, args]) => cases(KZG + dir).map(([name, { input, output }]) => [dir, name, fn, args(input), output]));

const notTrue = (o) => (o === true ? true : 'not-true');
const blsCases = [
  ...cases('bls12-381-tests/sign').map(([n, { input, output }]) => ['bls sign', n, 'bls.sign', [input.privkey, input.message], output]),
  ...cases('bls12-381-tests/verify').map(([n, { input, output }]) => [
    'bls verify', n, 'bls.verify', [input.pubkey, input.message, input.signature], notTrue(output),
  ]),
  ...cases('bls12-381-tests/aggregate').map(([n, { input, output }]) => ['bls aggregate', n, 'bls.aggregate', [input], output]),
  ...cases('bls12-381-tests/fast_aggregate_verify').map(([n, { input, output }]) => [
    'bls fast_aggregate_verify', n, 'bls.fastAggregateVerify', [input.pubkeys, input.message, input.signature], notTrue(output),
  ]),
];

const precompileCases = [
  ['geth-precompiles/ecRecover.json', 0x01, 'osaka'],
  ['geth-precompiles/modexp_eip7883.json', 0x05, 'osaka'],
  ['geth-precompiles/bn256Add.json', 0x06, 'osaka'],
  ['geth-precompiles/bn256ScalarMul.json', 0x07, 'osaka'],
  ['geth-precompiles/bn256Pairing.json', 0x08, 'osaka'],
  ['geth-precompiles/blake2F.json', 0x09, 'osaka'],
  ['geth-precompiles/pointEvaluation.json', 0x0a, 'osaka'],
  ['geth-precompiles/blsG1Add.json', 0x0b, 'osaka'],
  ['geth-precompiles/blsG1MultiExp.json', 0x0c, 'osaka'],
  ['geth-precompiles/blsG2Add.json', 0x0d, 'osaka'],
  ['geth-precompiles/blsG2MultiExp.json', 0x0e, 'osaka'],
  ['geth-precompiles/blsPairing.json', 0x0f, 'osaka'],
  ['geth-precompiles/blsMapG1.json', 0x10, 'osaka'],
  ['geth-precompiles/blsMapG2.json', 0x11, 'osaka'],
  ['geth-precompiles/p256Verify.json', 0x100, 'osaka'],
  ['eip-2537/pairing_check_bls.json', 0x0f, 'osaka'],
  ['eip-2537/msm_G1_bls.json', 0x0c, 'osaka'],
  ['geth-precompiles/fail-blsPairing.json', 0x0f, 'osaka'],
  ['geth-precompiles/fail-blsG1MultiExp.json', 0x0c, 'osaka'],
  ['eip-2537/fail-pairing_check_bls.json', 0x0f, 'osaka'],
].flatMap(([file, address, fork]) =>
  readJson(file).map((v) => [
    `precompile ${file}`,
    v.Name,
    'runPrecompile',
    [address, v.Input, fork],
    'ExpectedError' in v ? null : { output: v.Expected.toLowerCase(), gas: String(v.Gas) },
  ]),
);

/** Runs in the page: every case through `window.ctt`; the failures' descriptions. */
function runInPage(all) {
  const { ctt } = window;
  const bytes = (x) => (Array.isArray(x) ? x.map(bytes) : typeof x === 'string' ? ctt.hexToBytes(x) : x);
  const hex = (x) => (Array.isArray(x) ? x.map(hex) : x instanceof Uint8Array ? ctt.bytesToHex(x) : x);
  const call = (fn, args) => {
    if (fn === 'runPrecompile') {
      const { output, gasUsed } = ctt.runPrecompile(args[0], ctt.hexToBytes(args[1]), { fork: args[2] });
      return { output: ctt.bytesToHex(output).slice(2), gas: String(gasUsed) };
    }
    const [ns, name] = fn.split('.');
    return ns === 'bls' ? hex(ctt.bls[name](...bytes(args))) : ctt.kzg[name](...args);
  };
  const failures = [];
  for (const [suite, name, fn, args, expected] of all) {
    let got;
    try {
      got = call(fn, args);
    } catch (e) {
      got = e instanceof ctt.CttError ? null : `not a CttError: ${e}`;
    }
    const ok = expected === 'not-true' ? got !== true && typeof got !== 'string' : JSON.stringify(got) === JSON.stringify(expected);
    if (!ok) failures.push(`${suite} ${name}: got ${JSON.stringify(got)?.slice(0, 120)}`);
  }
  return failures;
}

for (const [what, list] of [
  ['EIP-4844 and EIP-7594 cell-verification vectors', kzgCases],
  ['BLS vectors', blsCases],
  ['precompile vectors', precompileCases],
]) {
  test(`${what} in the page (${list.length} cases)`, async () => {
    assert.ok(list.length > 20);
    assert.deepEqual(await page.evaluate(runInPage, list), []);
  });
}
