// tools/wasi-run.mjs — run a wasm32-wasip1 program (a cargo test binary) under Node's WASI.
//
//     node --no-warnings tools/wasi-run.mjs program.wasm [args...]
//
// cargo uses it as the runner of the wasm32-wasip1 target (tools/wasm-build sets
// CARGO_TARGET_WASM32_WASIP1_RUNNER). The program gets the arguments, the environment and the
// directories of WASI_PREOPENS (colon-separated, default: the current directory), each
// preopened at its own absolute path so paths built from CARGO_MANIFEST_DIR resolve unchanged.
// The exit status is the program's (libtest: 101 when a test fails); a trap (a panic under
// panic=abort, an out-of-bounds access) prints V8's error and exits 134.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node tools/wasi-run.mjs program.wasm [args...]');
  process.exit(2);
}
const preopens = {};
for (const dir of (process.env.WASI_PREOPENS || process.cwd()).split(':')) {
  if (dir) preopens[dir] = dir;
}
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: process.env,
  preopens,
  returnOnExit: true,
});
try {
  const module = await WebAssembly.compile(await readFile(program));
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  process.exitCode = wasi.start(instance);
} catch (e) {
  console.error(`wasi-run: ${program}: ${e && e.stack ? e.stack : e}`);
  process.exitCode = 134;
}
