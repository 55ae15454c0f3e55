// ctt — constant-time Ethereum cryptography for JavaScript: the glue over ctt.wasm.
//
// This file holds no cryptography: it checks argument types and lengths, copies bytes into the
// module's linear memory, calls one exported function (bindings/js/rust: ctt-kzg, ctt-peerdas,
// ctt-bls, ctt-precompiles and ctt-groth16 compiled to wasm32-unknown-unknown) and copies the
// result out.
// Every function is synchronous once the module has loaded (top-level await below); every bad
// input throws a CttError whose `code` names the failure.

const wasmUrl = new URL('./ctt.wasm', import.meta.url);

async function wasmBytes() {
  if (typeof process === 'object' && process.versions && process.versions.node) {
    const { readFile } = await import('node:fs/promises');
    return readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`ctt: cannot fetch ${wasmUrl}: ${response.status}`);
  return response.arrayBuffer();
}

const { instance } = await WebAssembly.instantiate(await wasmBytes(), {});
const w = instance.exports;

/** The error every function throws on bad input: `code` is a stable name such as
 * `INVALID_HEX`, `INVALID_LENGTH`, `INVALID_COMMITMENT` or `POINT_NOT_ON_CURVE`. */
export class CttError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'CttError';
    this.code = code;
  }
}

function output() {
  return new Uint8Array(w.memory.buffer, w.cttjs_out_ptr() >>> 0, w.cttjs_out_len() >>> 0).slice();
}

// The module's status codes: number -> [name, message], from the module itself.
const CODES = new Map();
w.cttjs_error_table();
for (const line of new TextDecoder().decode(output()).split('\n')) {
  if (!line) continue;
  const [n, name, message] = line.split('\t');
  CODES.set(Number(n), [name, message]);
}

function fail(code) {
  const [name, message] = CODES.get(code) || ['INTERNAL', `unknown status ${code}`];
  return new CttError(name, message);
}

function argError(what, message) {
  return new CttError('INVALID_ARGUMENT', `${what}: ${message}`);
}

function checkBytes(x, len, what) {
  if (!(x instanceof Uint8Array)) throw argError(what, 'expected a Uint8Array');
  if (len !== undefined && x.length !== len) {
    throw new CttError('INVALID_LENGTH', `${what}: expected ${len} bytes, got ${x.length}`);
  }
  return x;
}

function checkList(xs, what) {
  if (!Array.isArray(xs)) throw argError(what, 'expected an array');
  return xs;
}

/** Input buffers of one call in the module's memory, freed (and wiped) together. */
class Call {
  constructor() {
    this.buffers = [];
  }

  alloc(len) {
    const ptr = w.cttjs_alloc(len) >>> 0; // usize: an i32 on the wire
    if (ptr === 0) throw new CttError('OUT_OF_MEMORY', 'the wasm memory cannot grow');
    this.buffers.push([ptr, len]);
    return ptr;
  }

  /** One byte string; `len` when its length is fixed. */
  bytes(x, len, what) {
    checkBytes(x, len, what);
    const ptr = this.alloc(x.length);
    new Uint8Array(w.memory.buffer, ptr, x.length).set(x);
    return ptr;
  }

  /** A list of byte strings of `len` bytes each, concatenated. */
  items(xs, len, what) {
    checkList(xs, what);
    xs.forEach((x, i) => checkBytes(x, len, `${what}[${i}]`));
    const ptr = this.alloc(xs.length * len);
    const mem = new Uint8Array(w.memory.buffer, ptr, xs.length * len);
    xs.forEach((x, i) => mem.set(x, i * len));
    return ptr;
  }

  /** A list of byte strings of any length: [pointer to the concatenation, total, pointer to
   * the little-endian u32 lengths]. */
  messages(xs, what) {
    checkList(xs, what);
    xs.forEach((x, i) => checkBytes(x, undefined, `${what}[${i}]`));
    const total = xs.reduce((n, x) => n + x.length, 0);
    const ptr = this.alloc(total);
    const lens = this.alloc(4 * xs.length);
    const mem = new Uint8Array(w.memory.buffer, ptr, total);
    const view = new DataView(w.memory.buffer, lens, 4 * xs.length);
    let at = 0;
    xs.forEach((x, i) => {
      mem.set(x, at);
      at += x.length;
      view.setUint32(4 * i, x.length, true);
    });
    return [ptr, total, lens];
  }

  /** Little-endian u32s (cell indices). */
  u32s(xs, what, code) {
    checkList(xs, what);
    const ptr = this.alloc(4 * xs.length);
    const view = new DataView(w.memory.buffer, ptr, 4 * xs.length);
    xs.forEach((x, i) => {
      if (!Number.isInteger(x) || x < 0 || x > 0xffffffff) {
        throw new CttError(code, `${what}[${i}]: not an integer in [0, 2^32)`);
      }
      view.setUint32(4 * i, x, true);
    });
    return ptr;
  }

  /** Calls the export `name`; its output on success, a CttError otherwise. */
  run(name, ...args) {
    const code = w[name](...args);
    if (code !== 0) throw fail(code);
    return output();
  }

  free() {
    for (const [ptr, len] of this.buffers) w.cttjs_free(ptr, len);
    this.buffers = [];
  }
}

/** Runs `f` with a fresh Call, always freeing its buffers. */
function call(f) {
  const c = new Call();
  try {
    return f(c);
  } finally {
    c.free();
  }
}

/** Runs `f` whose output is secret: copies it out, then wipes the module's copy. */
function secretCall(f) {
  try {
    return call(f);
  } finally {
    w.cttjs_out_clear();
  }
}

const isTrue = (out) => out[0] === 1;

function split(out, size, count) {
  const parts = [];
  for (let i = 0; i < count; i++) parts.push(out.slice(i * size, (i + 1) * size));
  return parts;
}

// ------------------------------------------------------------------------- hex

/** Value of each ASCII hex digit, −1 for every other code below 128. */
const HEX_VALUE = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) t[65 + i] = t[97 + i] = 10 + i;
  return t;
})();

/** Bytes of a hex string (`0x` prefix optional); `len` when the length is fixed. One pass over
 * the character codes with a table: a blob's 262,144 digits in ~0.3 ms, where a regular
 * expression and `parseInt` per byte took ~4 ms (most of `verifyBlobProof`'s JS time). */
export function hexToBytes(s, len, what = 'hex') {
  if (typeof s !== 'string') throw new CttError('INVALID_HEX', `${what}: expected a hex string`);
  const start = s.startsWith('0x') ? 2 : 0;
  const digits = s.length - start;
  if (digits % 2 !== 0) throw new CttError('INVALID_HEX', `${what}: not an even-length hex string`);
  const out = new Uint8Array(digits / 2);
  for (let i = 0, j = start; i < out.length; i++, j += 2) {
    const a = s.charCodeAt(j);
    const b = s.charCodeAt(j + 1);
    const hi = a < 128 ? HEX_VALUE[a] : -1;
    const lo = b < 128 ? HEX_VALUE[b] : -1;
    if ((hi | lo) < 0) throw new CttError('INVALID_HEX', `${what}: not a hex string`);
    out[i] = (hi << 4) | lo;
  }
  if (len !== undefined && out.length !== len) {
    throw new CttError('INVALID_LENGTH', `${what}: expected ${len} bytes, got ${out.length}`);
  }
  return out;
}

/** ASCII codes of the 16 lowercase hex digits. */
const HEX_CODES = new TextEncoder().encode('0123456789abcdef');
const ASCII = new TextDecoder();

/** `0x`-prefixed lowercase hex of bytes: the digits' codes written into one buffer and decoded
 * once (a string concatenation per byte took ~2 ms for a blob). */
export function bytesToHex(b) {
  const codes = new Uint8Array(2 + 2 * b.length);
  codes[0] = 48; // '0'
  codes[1] = 120; // 'x'
  for (let i = 0, j = 2; i < b.length; i++, j += 2) {
    codes[j] = HEX_CODES[b[i] >> 4];
    codes[j + 1] = HEX_CODES[b[i] & 15];
  }
  return ASCII.decode(codes);
}

// ------------------------------------------------------------------------- KZG and PeerDAS

export const BYTES_PER_BLOB = 131072;
export const BYTES_PER_COMMITMENT = 48;
export const BYTES_PER_PROOF = 48;
export const BYTES_PER_FIELD_ELEMENT = 32;
export const BYTES_PER_CELL = 2048;
export const CELLS_PER_EXT_BLOB = 128;

function sameLength(lists, what) {
  if (lists.some((l) => checkList(l, what).length !== lists[0].length)) {
    throw new CttError('LENGTH_MISMATCH', `${what}: the lists differ in length`);
  }
}

function cellsAndProofs(out) {
  const cells = split(out, BYTES_PER_CELL, CELLS_PER_EXT_BLOB);
  const proofs = split(out.subarray(CELLS_PER_EXT_BLOB * BYTES_PER_CELL), BYTES_PER_PROOF, CELLS_PER_EXT_BLOB);
  return [cells, proofs];
}

/** EIP-4844 and EIP-7594 on the embedded mainnet trusted setup, on bytes, with the PeerDAS
 * settings of `handle` (0: the shared default tables). */
const makeKzgBytes = (handle) => ({
  blobToKzgCommitment(blob) {
    return call((c) => c.run('cttjs_blob_to_kzg_commitment', c.bytes(blob, BYTES_PER_BLOB, 'blob')));
  },
  /** [proof, y]: the opening of the blob's polynomial at z. */
  computeKzgProof(blob, z) {
    const out = call((c) =>
      c.run('cttjs_compute_kzg_proof', c.bytes(blob, BYTES_PER_BLOB, 'blob'), c.bytes(z, 32, 'z')),
    );
    return [out.slice(0, 48), out.slice(48)];
  },
  computeBlobProof(blob, commitment) {
    return call((c) =>
      c.run(
        'cttjs_compute_blob_kzg_proof',
        c.bytes(blob, BYTES_PER_BLOB, 'blob'),
        c.bytes(commitment, 48, 'commitment'),
      ),
    );
  },
  verifyProof(commitment, z, y, proof) {
    return isTrue(
      call((c) =>
        c.run(
          'cttjs_verify_kzg_proof',
          c.bytes(commitment, 48, 'commitment'),
          c.bytes(z, 32, 'z'),
          c.bytes(y, 32, 'y'),
          c.bytes(proof, 48, 'proof'),
        ),
      ),
    );
  },
  verifyBlobProof(blob, commitment, proof) {
    return isTrue(
      call((c) =>
        c.run(
          'cttjs_verify_blob_kzg_proof',
          c.bytes(blob, BYTES_PER_BLOB, 'blob'),
          c.bytes(commitment, 48, 'commitment'),
          c.bytes(proof, 48, 'proof'),
        ),
      ),
    );
  },
  verifyBlobProofBatch(blobs, commitments, proofs) {
    sameLength([blobs, commitments, proofs], 'verifyBlobProofBatch');
    return isTrue(
      call((c) =>
        c.run(
          'cttjs_verify_blob_kzg_proof_batch',
          blobs.length,
          c.items(blobs, BYTES_PER_BLOB, 'blobs'),
          c.items(commitments, 48, 'commitments'),
          c.items(proofs, 48, 'proofs'),
        ),
      ),
    );
  },
  computeCells(blob) {
    const out = call((c) => c.run('cttjs_compute_cells', handle, c.bytes(blob, BYTES_PER_BLOB, 'blob')));
    return split(out, BYTES_PER_CELL, CELLS_PER_EXT_BLOB);
  },
  computeCellsAndProofs(blob) {
    return cellsAndProofs(
      call((c) => c.run('cttjs_compute_cells_and_kzg_proofs', handle, c.bytes(blob, BYTES_PER_BLOB, 'blob'))),
    );
  },
  recoverCellsAndProofs(indices, cells) {
    sameLength([indices, cells], 'recoverCellsAndProofs');
    return cellsAndProofs(
      call((c) =>
        c.run(
          'cttjs_recover_cells_and_kzg_proofs',
          handle,
          indices.length,
          c.u32s(indices, 'indices', 'INVALID_CELL_INDEX'),
          c.items(cells, BYTES_PER_CELL, 'cells'),
        ),
      ),
    );
  },
  verifyCellKzgProofBatch(commitments, indices, cells, proofs) {
    sameLength([commitments, indices, cells, proofs], 'verifyCellKzgProofBatch');
    return isTrue(
      call((c) =>
        c.run(
          'cttjs_verify_cell_kzg_proof_batch',
          handle,
          cells.length,
          c.items(commitments, 48, 'commitments'),
          c.u32s(indices, 'indices', 'INVALID_CELL_INDEX'),
          c.items(cells, BYTES_PER_CELL, 'cells'),
          c.items(proofs, 48, 'proofs'),
        ),
      ),
    );
  },
});

/** EIP-4844 and EIP-7594 on the embedded mainnet trusted setup, on bytes. */
export const kzgBytes = makeKzgBytes(0);

const hexList = (xs, len, what) => checkList(xs, what).map((x, i) => hexToBytes(x, len, `${what}[${i}]`));
const hexes = (xs) => xs.map(bytesToHex);

/** ethereumjs' `KZG` interface over a bytes object of makeKzgBytes. */
const makeKzg = (kzgBytes) => ({
  blobToKzgCommitment(blob) {
    return bytesToHex(kzgBytes.blobToKzgCommitment(hexToBytes(blob, BYTES_PER_BLOB, 'blob')));
  },
  computeBlobProof(blob, commitment) {
    return bytesToHex(
      kzgBytes.computeBlobProof(hexToBytes(blob, BYTES_PER_BLOB, 'blob'), hexToBytes(commitment, 48, 'commitment')),
    );
  },
  verifyProof(polynomialKZG, z, y, KZGProof) {
    return kzgBytes.verifyProof(
      hexToBytes(polynomialKZG, 48, 'commitment'),
      hexToBytes(z, 32, 'z'),
      hexToBytes(y, 32, 'y'),
      hexToBytes(KZGProof, 48, 'proof'),
    );
  },
  verifyBlobProofBatch(blobs, expectedKZGCommitments, KZGProofs) {
    sameLength([blobs, expectedKZGCommitments, KZGProofs], 'verifyBlobProofBatch');
    return kzgBytes.verifyBlobProofBatch(
      hexList(blobs, BYTES_PER_BLOB, 'blobs'),
      hexList(expectedKZGCommitments, 48, 'commitments'),
      hexList(KZGProofs, 48, 'proofs'),
    );
  },
  computeCells(blob) {
    return hexes(kzgBytes.computeCells(hexToBytes(blob, BYTES_PER_BLOB, 'blob')));
  },
  computeCellsAndProofs(blob) {
    const [cells, proofs] = kzgBytes.computeCellsAndProofs(hexToBytes(blob, BYTES_PER_BLOB, 'blob'));
    return [hexes(cells), hexes(proofs)];
  },
  recoverCellsAndProofs(indices, cells) {
    const [c, p] = kzgBytes.recoverCellsAndProofs(indices, hexList(cells, BYTES_PER_CELL, 'cells'));
    return [hexes(c), hexes(p)];
  },
  verifyCellKzgProofBatch(commitments, indices, cells, proofs) {
    sameLength([commitments, indices, cells, proofs], 'verifyCellKzgProofBatch');
    return kzgBytes.verifyCellKzgProofBatch(
      hexList(commitments, 48, 'commitments'),
      indices,
      hexList(cells, BYTES_PER_CELL, 'cells'),
      hexList(proofs, 48, 'proofs'),
    );
  },
  /** Not in ethereumjs' interface: [proof, y] of the blob's polynomial at z. */
  computeKzgProof(blob, z) {
    return hexes(kzgBytes.computeKzgProof(hexToBytes(blob, BYTES_PER_BLOB, 'blob'), hexToBytes(z, 32, 'z')));
  },
  /** Not in ethereumjs' interface: one blob proof. */
  verifyBlobProof(blob, commitment, proof) {
    return kzgBytes.verifyBlobProof(
      hexToBytes(blob, BYTES_PER_BLOB, 'blob'),
      hexToBytes(commitment, 48, 'commitment'),
      hexToBytes(proof, 48, 'proof'),
    );
  },
});

/** ethereumjs' `KZG` interface (@ethereumjs/util kzg.ts): hex strings, synchronous, on the
 * embedded mainnet setup. Pass it as `customCrypto.kzg` of a `Common`. */
export const kzg = makeKzg(kzgBytes);

// Frees the module's settings when a loadKzg() object is collected without free().
const settingsRegistry = new FinalizationRegistry((handle) => w.cttjs_das_settings_free(handle));

/** ethereumjs' KZG interface (plus `bytes`, its Uint8Array twin) on the mainnet setup with the
 * PeerDAS (FK20) tables chosen by c-kzg's `precompute` (0-15, as in c-kzg and kzg-wasm's
 * `loadKZG(precompute)`): 0 no tables (smallest, slowest cell proofs), 1-7 smaller tables,
 * 8-15 the default ones (shared with `kzg`, which uses them). Tables are built on the first cell
 * proof computation. Every size gives the same bytes. `free()` releases the tables now
 * (otherwise they go when the object is garbage-collected); a freed object's PeerDAS functions
 * throw INVALID_SETTINGS. */
export function loadKzg({ precompute = 8 } = {}) {
  if (!Number.isInteger(precompute)) throw argError('precompute', 'expected an integer from 0 to 15');
  if (precompute < 0 || precompute > 15) {
    throw new CttError('INVALID_PRECOMPUTE', `precompute: ${precompute} is not from 0 to 15`);
  }
  const handle = new DataView(call((c) => c.run('cttjs_das_settings_new', precompute)).buffer).getUint32(0, true);
  const bytes = makeKzgBytes(handle);
  const token = {};
  if (handle !== 0) settingsRegistry.register(bytes, handle, token);
  return Object.assign(makeKzg(bytes), {
    bytes,
    precompute,
    free() {
      settingsRegistry.unregister(token);
      w.cttjs_das_settings_free(handle);
    },
  });
}

// ------------------------------------------------------------------------- BLS signatures

/** Ethereum BLS signatures (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`): secret keys 32
 * bytes big-endian, public keys 48 and signatures 96 bytes compressed. */
export const bls = {
  keyGen(ikm, keyInfo = new Uint8Array(0)) {
    return secretCall((c) =>
      c.run('cttjs_bls_keygen', c.bytes(ikm, undefined, 'ikm'), ikm.length, c.bytes(keyInfo, undefined, 'keyInfo'), keyInfo.length),
    );
  },
  deriveMasterSk(seed) {
    return secretCall((c) => c.run('cttjs_bls_derive_master_sk', c.bytes(seed, undefined, 'seed'), seed.length));
  },
  deriveChildSk(sk, index) {
    if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) throw argError('index', 'not a u32');
    return secretCall((c) => c.run('cttjs_bls_derive_child_sk', c.bytes(sk, 32, 'secret key'), index));
  },
  skToPk(sk) {
    return call((c) => c.run('cttjs_bls_sk_to_pk', c.bytes(sk, 32, 'secret key')));
  },
  sign(sk, message) {
    return call((c) =>
      c.run('cttjs_bls_sign', c.bytes(sk, 32, 'secret key'), c.bytes(message, undefined, 'message'), message.length),
    );
  },
  verify(publicKey, message, signature) {
    return isTrue(
      call((c) =>
        c.run(
          'cttjs_bls_verify',
          c.bytes(publicKey, 48, 'public key'),
          c.bytes(message, undefined, 'message'),
          message.length,
          c.bytes(signature, 96, 'signature'),
        ),
      ),
    );
  },
  aggregate(signatures) {
    return call((c) => c.run('cttjs_bls_aggregate', checkList(signatures, 'signatures').length, c.items(signatures, 96, 'signatures')));
  },
  aggregatePublicKeys(publicKeys) {
    const n = checkList(publicKeys, 'public keys').length;
    return call((c) => c.run('cttjs_bls_aggregate_public_keys', n, c.items(publicKeys, 48, 'public keys'), 0));
  },
  /** The consensus specs' eth_aggregate_pubkeys. */
  ethAggregatePublicKeys(publicKeys) {
    const n = checkList(publicKeys, 'public keys').length;
    return call((c) => c.run('cttjs_bls_aggregate_public_keys', n, c.items(publicKeys, 48, 'public keys'), 1));
  },
  fastAggregateVerify(publicKeys, message, signature) {
    return fastAggregate(publicKeys, message, signature, 0);
  },
  /** The consensus specs' eth_fast_aggregate_verify (no signers with the identity signature
   * verifies). */
  ethFastAggregateVerify(publicKeys, message, signature) {
    return fastAggregate(publicKeys, message, signature, 1);
  },
  aggregateVerify(publicKeys, messages, signature) {
    sameLength([publicKeys, messages], 'aggregateVerify');
    return isTrue(
      call((c) => {
        const [msgs, total, lens] = c.messages(messages, 'messages');
        return c.run(
          'cttjs_bls_aggregate_verify',
          publicKeys.length,
          c.items(publicKeys, 48, 'public keys'),
          msgs,
          total,
          lens,
          c.bytes(signature, 96, 'signature'),
        );
      }),
    );
  },
  /** Many (publicKey, message, signature) sets at once, blinded by 32 bytes of
   * crypto.getRandomValues: true only if (with overwhelming probability) every set verifies. */
  batchVerify(sets) {
    checkList(sets, 'sets');
    const pks = sets.map((s) => s.publicKey);
    const messages = sets.map((s) => s.message);
    const sigs = sets.map((s) => s.signature);
    const randomness = crypto.getRandomValues(new Uint8Array(32));
    return isTrue(
      call((c) => {
        const [msgs, total, lens] = c.messages(messages, 'messages');
        return c.run(
          'cttjs_bls_batch_verify',
          sets.length,
          c.items(pks, 48, 'public keys'),
          msgs,
          total,
          lens,
          c.items(sigs, 96, 'signatures'),
          c.bytes(randomness, 32, 'randomness'),
        );
      }),
    );
  },
  popProve(sk) {
    return call((c) => c.run('cttjs_bls_pop_prove', c.bytes(sk, 32, 'secret key')));
  },
  popVerify(publicKey, proof) {
    return isTrue(
      call((c) => c.run('cttjs_bls_pop_verify', c.bytes(publicKey, 48, 'public key'), c.bytes(proof, 96, 'proof'))),
    );
  },
  /** Throws unless the bytes are a valid public key (KeyValidate). */
  validatePublicKey(publicKey) {
    call((c) => c.run('cttjs_bls_validate', c.bytes(publicKey, 48, 'public key'), 0));
  },
  /** Throws unless the bytes are a valid signature (on the curve, in the subgroup). */
  validateSignature(signature) {
    call((c) => c.run('cttjs_bls_validate', c.bytes(signature, 96, 'signature'), 1));
  },
};

function fastAggregate(publicKeys, message, signature, eth) {
  const n = checkList(publicKeys, 'public keys').length;
  return isTrue(
    call((c) =>
      c.run(
        'cttjs_bls_fast_aggregate_verify',
        n,
        c.items(publicKeys, 48, 'public keys'),
        c.bytes(message, undefined, 'message'),
        message.length,
        c.bytes(signature, 96, 'signature'),
        eth,
      ),
    ),
  );
}

// ------------------------------------------------------------------------- EVM precompiles

/** The forks that changed the precompiles, oldest first. */
export const FORKS = ['homestead', 'byzantium', 'istanbul', 'berlin', 'cancun', 'prague', 'osaka'];
const MAX_GAS = (1n << 64n) - 1n;

function forkId(fork) {
  const id = FORKS.indexOf(fork);
  if (id < 0) throw argError('fork', `unknown fork ${JSON.stringify(fork)} (one of ${FORKS.join(', ')})`);
  return id;
}

function addressOf(address) {
  if (typeof address === 'number' && Number.isSafeInteger(address) && address >= 0) return BigInt(address);
  if (typeof address === 'bigint' && address >= 0n && address <= MAX_GAS) return address;
  throw argError('address', 'expected a non-negative integer (number or bigint)');
}

function gasOf(gas) {
  const g = typeof gas === 'number' && Number.isSafeInteger(gas) ? BigInt(gas) : gas;
  if (typeof g !== 'bigint' || g < 0n || g > MAX_GAS) throw argError('gasLimit', 'expected a u64 (number or bigint)');
  return g;
}

/** Runs the precompile at `address` (0x01-0x11, 0x100) on `fork` (default 'osaka'):
 * `{ output, gasUsed }`, or a CttError (`OUT_OF_GAS`, `NOT_ACTIVE`, `POINT_NOT_ON_CURVE`, ...)
 * for a call that fails, as go-ethereum and revm fail it. */
export function runPrecompile(address, input, { fork = 'osaka', gasLimit = MAX_GAS } = {}) {
  const [a, g, f] = [addressOf(address), gasOf(gasLimit), forkId(fork)];
  const output = call((c) => c.run('cttjs_precompile', a, c.bytes(input, undefined, 'input'), input.length, g, f));
  return { output, gasUsed: BigInt.asUintN(64, w.cttjs_gas_used()) };
}

/** The gas the precompile at `address` charges for `input` on `fork`, without running it. */
export function precompileGas(address, input, { fork = 'osaka' } = {}) {
  const [a, f] = [addressOf(address), forkId(fork)];
  call((c) => c.run('cttjs_precompile_gas', a, c.bytes(input, undefined, 'input'), input.length, f));
  return BigInt.asUintN(64, w.cttjs_gas_used());
}

const run = (address) => (input) => runPrecompile(address, input).output;

/** @ethereumjs/evm's EVMBLSInterface (EIP-2537): pass `new CttBLS()` as the EVM's `bls`. */
export class CttBLS {
  init() {}
  addG1(input) {
    return run(0x0b)(input);
  }
  msmG1(input) {
    return run(0x0c)(input);
  }
  addG2(input) {
    return run(0x0d)(input);
  }
  msmG2(input) {
    return run(0x0e)(input);
  }
  pairingCheck(input) {
    return run(0x0f)(input);
  }
  mapFPtoG1(input) {
    return run(0x10)(input);
  }
  mapFP2toG2(input) {
    return run(0x11)(input);
  }
}

/** @ethereumjs/evm's EVMBN254Interface (EIP-196, EIP-197): pass `new CttBN254()` as the EVM's
 * `bn254`. */
export class CttBN254 {
  add(input) {
    return run(0x06)(input);
  }
  mul(input) {
    return run(0x07)(input);
  }
  pairing(input) {
    return run(0x08)(input);
  }
}

// ------------------------------------------------------------------------- Groth16 and MiMC

/** The curves of Groth16 verification, by snarkjs' names (the index is the module's id). */
export const GROTH16_CURVES = ['bn128', 'bls12381'];

/** A snarkjs object (a parsed verification_key.json, proof.json or public.json) as JSON text
 * for the module, whose decoders check every field. snarkjs accepts its numbers as decimal
 * strings or, after `unstringifyBigInts`, as bigints: both become decimal strings here. */
function snarkjsText(x, what) {
  if (x === null || typeof x !== 'object') throw argError(what, 'expected the parsed JSON object');
  return new TextEncoder().encode(JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Whether a snarkjs Groth16 proof verifies: the objects `snarkjs.groth16.verify(vk,
 * publicSignals, proof)` takes (note the order here: key, proof, inputs), on the curve the
 * key names (`bn128` or `bls12381`). A malformed key, proof or input (a bad decimal string, a
 * value not below its modulus, a point off the curve or outside the subgroup, a wrong number of
 * inputs) throws a CttError; a well-formed proof that does not verify is `false`. */
export function groth16Verify(vk, proof, publicSignals) {
  checkList(publicSignals, 'publicSignals');
  const [v, p, s] = [snarkjsText(vk, 'vk'), snarkjsText(proof, 'proof'), snarkjsText(publicSignals, 'publicSignals')];
  return isTrue(
    call((c) =>
      c.run(
        'cttjs_groth16_verify_snarkjs',
        c.bytes(v, undefined, 'vk'),
        v.length,
        c.bytes(p, undefined, 'proof'),
        p.length,
        c.bytes(s, undefined, 'publicSignals'),
        s.length,
      ),
    ),
  );
}

/** Whether an ark-groth16 proof verifies: arkworks' canonical serialisation (`ark-serialize`) of
 * the key, the proof and the public inputs (`Vec<Fr>`), compressed unless told otherwise;
 * `curve` is 'bn128' (also 'bn254') or 'bls12381'. */
export function groth16VerifyArkworks(curve, vk, proof, publicInputs, { compressed = true } = {}) {
  const id = GROTH16_CURVES.indexOf(curve === 'bn254' ? 'bn128' : curve);
  if (id < 0) throw new CttError('UNKNOWN_CURVE', `curve: ${JSON.stringify(curve)} (one of ${GROTH16_CURVES.join(', ')})`);
  if (typeof compressed !== 'boolean') throw argError('compressed', 'expected a boolean');
  return isTrue(
    call((c) =>
      c.run(
        'cttjs_groth16_verify_arkworks',
        id,
        compressed ? 1 : 0,
        c.bytes(vk, undefined, 'vk'),
        vk.length,
        c.bytes(proof, undefined, 'proof'),
        proof.length,
        c.bytes(publicInputs, undefined, 'publicInputs'),
        publicInputs.length,
      ),
    ),
  );
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** 32 big-endian bytes of a BN254 scalar given as a bigint, a decimal string or a safe
 * integer; the module checks that it is below r. */
function scalarBytes(x, what) {
  let v;
  if (typeof x === 'bigint') v = x;
  else if (typeof x === 'number' && Number.isSafeInteger(x)) v = BigInt(x);
  else if (typeof x === 'string' && DECIMAL.test(x)) v = BigInt(x);
  else throw argError(what, 'expected a bigint, a decimal string or a safe integer');
  if (v < 0n || v >> 256n !== 0n) throw new CttError('INVALID_FIELD_ELEMENT', `${what}: not in [0, r)`);
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

function bytesToBigint(b) {
  let v = 0n;
  for (const byte of b) v = (v << 8n) | BigInt(byte);
  return v;
}

const scalarList = (xs, what) => checkList(xs, what).map((x, i) => scalarBytes(x, `${what}[${i}]`));
const bigints = (out) => split(out, 32, out.length / 32).map(bytesToBigint);

function outputCount(n) {
  if (!Number.isInteger(n) || n < 1 || n > 0xffff) throw argError('numOutputs', 'expected an integer in [1, 65535]');
  return n;
}

/** circomlib's MiMCSponge over BN254's Fr (220 rounds, x⁵), shaped as circomlibjs'
 * `buildMimcSponge()`: field elements in as bigints, decimal strings or safe integers (each
 * below r: circomlibjs reduces larger values, this throws INVALID_FIELD_ELEMENT), out as
 * bigints (what circomlibjs' `F.toObject` gives). */
export const mimcSponge = {
  /** The Feistel permutation with key k: `{ xL, xR }`. */
  hash(xL, xR, k) {
    const [l, r, key] = [scalarBytes(xL, 'xL'), scalarBytes(xR, 'xR'), scalarBytes(k, 'k')];
    const out = call((c) => c.run('cttjs_mimc_feistel', c.bytes(l, 32, 'xL'), c.bytes(r, 32, 'xR'), c.bytes(key, 32, 'k')));
    const [outL, outR] = bigints(out);
    return { xL: outL, xR: outR };
  },
  /** The sponge of `inputs` with `key` (default 0): one bigint when `numOutputs` is 1 (the
   * default), else an array of `numOutputs` bigints, as circomlibjs returns them. */
  multiHash(inputs, key = 0n, numOutputs = 1) {
    const [xs, k, n] = [scalarList(inputs, 'inputs'), scalarBytes(key, 'key'), outputCount(numOutputs)];
    const out = bigints(
      call((c) => c.run('cttjs_mimc_sponge', xs.length, c.items(xs, 32, 'inputs'), c.bytes(k, 32, 'key'), n)),
    );
    return n === 1 ? out[0] : out;
  },
};

/** circomlib's MiMC7 over BN254's Fr (91 rounds, x⁷), shaped as circomlibjs' `buildMimc7()`;
 * the same input and output types as `mimcSponge`. */
export const mimc7 = {
  /** MiMC7 of x with key k. */
  hash(x, k) {
    const [xb, kb] = [scalarBytes(x, 'x'), scalarBytes(k, 'k')];
    return bigints(call((c) => c.run('cttjs_mimc7', c.bytes(xb, 32, 'x'), c.bytes(kb, 32, 'k'))))[0];
  },
  /** MultiMiMC7 of `inputs` with `key` (default 0). */
  multiHash(inputs, key = 0n) {
    const [xs, k] = [scalarList(inputs, 'inputs'), scalarBytes(key, 'key')];
    return bigints(call((c) => c.run('cttjs_mimc7_multi', xs.length, c.items(xs, 32, 'inputs'), c.bytes(k, 32, 'key'))))[0];
  },
};
