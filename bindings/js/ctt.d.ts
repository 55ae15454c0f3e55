// Types of ctt.js. Every function is synchronous once the module is imported (it loads
// ctt.wasm with a top-level await) and throws CttError on bad input.

/** The error every function throws on bad input. */
export declare class CttError extends Error {
  readonly name: 'CttError';
  /** A stable name: INVALID_ARGUMENT, INVALID_HEX, INVALID_LENGTH, LENGTH_MISMATCH,
   * INVALID_FIELD_ELEMENT, INVALID_COMMITMENT, INVALID_PROOF, INVALID_CELL_INDEX,
   * NOT_ENOUGH_CELLS, TOO_MANY_CELLS, CELL_INDICES_NOT_ASCENDING, INVALID_PRECOMPUTE,
   * INVALID_SETTINGS, INVALID_SECRET_KEY,
   * IKM_TOO_SHORT, INVALID_PUBLIC_KEY, IDENTITY_PUBLIC_KEY, INVALID_SIGNATURE, EMPTY_INPUT,
   * OUT_OF_GAS, NOT_ACTIVE, INVALID_INPUT_LENGTH, INVALID_PADDING, NON_CANONICAL_FIELD_ELEMENT,
   * POINT_NOT_ON_CURVE, POINT_NOT_IN_SUBGROUP, INVALID_FINAL_FLAG, MODEXP_INPUT_TOO_LARGE,
   * KZG_VERSIONED_HASH_MISMATCH, KZG_VERIFICATION_FAILED, and for Groth16 INVALID_LENGTH,
   * NON_CANONICAL_ENCODING, MALFORMED_JSON, WRONG_PROTOCOL, WRONG_CURVE, UNKNOWN_CURVE,
   * WRONG_INPUT_COUNT, INVALID_VERIFYING_KEY; OUT_OF_MEMORY, BAD_ARGS, INTERNAL. */
  readonly code: string;
  constructor(code: string, message: string);
}

/** Bytes of a hex string (`0x` optional); `len` checks the length. */
export declare function hexToBytes(hex: string, len?: number, what?: string): Uint8Array;
/** `0x`-prefixed lowercase hex. */
export declare function bytesToHex(bytes: Uint8Array): string;

export declare const BYTES_PER_BLOB: 131072;
export declare const BYTES_PER_COMMITMENT: 48;
export declare const BYTES_PER_PROOF: 48;
export declare const BYTES_PER_FIELD_ELEMENT: 32;
export declare const BYTES_PER_CELL: 2048;
export declare const CELLS_PER_EXT_BLOB: 128;

/** @ethereumjs/util's `KZG` interface (kzg.ts), member for member. */
export interface KZG {
  blobToKzgCommitment(blob: string): string;
  computeBlobProof(blob: string, commitment: string): string;
  verifyProof(polynomialKZG: string, z: string, y: string, KZGProof: string): boolean;
  verifyBlobProofBatch(blobs: string[], expectedKZGCommitments: string[], KZGProofs: string[]): boolean;
  computeCells(blob: string): string[];
  computeCellsAndProofs(blob: string): [string[], string[]];
  recoverCellsAndProofs(indices: number[], cells: string[]): [string[], string[]];
  verifyCellKzgProofBatch(commitments: string[], indices: number[], cells: string[], proofs: string[]): boolean;
}

/** ethereumjs' KZG on the embedded mainnet setup, plus two functions of the spec it lacks. */
export declare const kzg: KZG & {
  /** [proof, y] of the blob's polynomial at z. */
  computeKzgProof(blob: string, z: string): [string, string];
  verifyBlobProof(blob: string, commitment: string, proof: string): boolean;
};

/** The same functions on bytes. */
export declare const kzgBytes: {
  blobToKzgCommitment(blob: Uint8Array): Uint8Array;
  computeKzgProof(blob: Uint8Array, z: Uint8Array): [Uint8Array, Uint8Array];
  computeBlobProof(blob: Uint8Array, commitment: Uint8Array): Uint8Array;
  verifyProof(commitment: Uint8Array, z: Uint8Array, y: Uint8Array, proof: Uint8Array): boolean;
  verifyBlobProof(blob: Uint8Array, commitment: Uint8Array, proof: Uint8Array): boolean;
  verifyBlobProofBatch(blobs: Uint8Array[], commitments: Uint8Array[], proofs: Uint8Array[]): boolean;
  computeCells(blob: Uint8Array): Uint8Array[];
  computeCellsAndProofs(blob: Uint8Array): [Uint8Array[], Uint8Array[]];
  recoverCellsAndProofs(indices: number[], cells: Uint8Array[]): [Uint8Array[], Uint8Array[]];
  verifyCellKzgProofBatch(
    commitments: Uint8Array[],
    indices: number[],
    cells: Uint8Array[],
    proofs: Uint8Array[],
  ): boolean;
};

/** What loadKzg returns: ethereumjs' KZG interface and its Uint8Array twin on the mainnet
 * setup with the chosen PeerDAS tables. */
export type LoadedKzg = typeof kzg & {
  readonly bytes: typeof kzgBytes;
  /** c-kzg's precompute value the object was made with. */
  readonly precompute: number;
  /** Releases the tables now; afterwards the PeerDAS functions throw INVALID_SETTINGS. */
  free(): void;
};

/** The mainnet setup with the PeerDAS (FK20) tables of c-kzg's `precompute` (0-15; default 8,
 * the tables `kzg` uses; 0 none; 1-7 smaller). Every value gives the same bytes. Throws
 * INVALID_PRECOMPUTE outside 0-15, INVALID_ARGUMENT for a non-integer. */
export declare function loadKzg(options?: { precompute?: number }): LoadedKzg;

/** One signature of a batch. */
export interface SignatureSet {
  publicKey: Uint8Array;
  message: Uint8Array;
  signature: Uint8Array;
}

/** Ethereum BLS signatures (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`): secret keys 32
 * bytes, public keys 48, signatures 96. */
export declare const bls: {
  keyGen(ikm: Uint8Array, keyInfo?: Uint8Array): Uint8Array;
  deriveMasterSk(seed: Uint8Array): Uint8Array;
  deriveChildSk(secretKey: Uint8Array, index: number): Uint8Array;
  skToPk(secretKey: Uint8Array): Uint8Array;
  sign(secretKey: Uint8Array, message: Uint8Array): Uint8Array;
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
  aggregate(signatures: Uint8Array[]): Uint8Array;
  aggregatePublicKeys(publicKeys: Uint8Array[]): Uint8Array;
  ethAggregatePublicKeys(publicKeys: Uint8Array[]): Uint8Array;
  fastAggregateVerify(publicKeys: Uint8Array[], message: Uint8Array, signature: Uint8Array): boolean;
  ethFastAggregateVerify(publicKeys: Uint8Array[], message: Uint8Array, signature: Uint8Array): boolean;
  aggregateVerify(publicKeys: Uint8Array[], messages: Uint8Array[], signature: Uint8Array): boolean;
  batchVerify(sets: SignatureSet[]): boolean;
  popProve(secretKey: Uint8Array): Uint8Array;
  popVerify(publicKey: Uint8Array, proof: Uint8Array): boolean;
  validatePublicKey(publicKey: Uint8Array): void;
  validateSignature(signature: Uint8Array): void;
};

export type Fork = 'homestead' | 'byzantium' | 'istanbul' | 'berlin' | 'cancun' | 'prague' | 'osaka';
export declare const FORKS: readonly Fork[];

export interface PrecompileOptions {
  /** Default 'osaka'. */
  fork?: Fork;
  /** Default 2^64 - 1. */
  gasLimit?: number | bigint;
}

/** Runs the precompile at `address` (0x01-0x11, 0x100). */
export declare function runPrecompile(
  address: number | bigint,
  input: Uint8Array,
  options?: PrecompileOptions,
): { output: Uint8Array; gasUsed: bigint };

/** The gas the precompile at `address` charges for `input`, without running it. */
export declare function precompileGas(
  address: number | bigint,
  input: Uint8Array,
  options?: { fork?: Fork },
): bigint;

/** @ethereumjs/evm's EVMBLSInterface (EIP-2537). */
export declare class CttBLS {
  init(): void;
  addG1(input: Uint8Array): Uint8Array;
  addG2(input: Uint8Array): Uint8Array;
  mapFPtoG1(input: Uint8Array): Uint8Array;
  mapFP2toG2(input: Uint8Array): Uint8Array;
  msmG1(input: Uint8Array): Uint8Array;
  msmG2(input: Uint8Array): Uint8Array;
  pairingCheck(input: Uint8Array): Uint8Array;
}

/** @ethereumjs/evm's EVMBN254Interface (EIP-196, EIP-197). */
export declare class CttBN254 {
  add(input: Uint8Array): Uint8Array;
  mul(input: Uint8Array): Uint8Array;
  pairing(input: Uint8Array): Uint8Array;
}

/** A decimal string (as snarkjs writes its JSON files) or a bigint. */
export type Decimal = string | bigint;
/** A G1 point as snarkjs prints it: projective [x, y, z], z = "1" (or the identity "0", "1", "0"). */
export type SnarkjsG1 = [Decimal, Decimal, Decimal];
/** A G2 point: [[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]]. */
export type SnarkjsG2 = [[Decimal, Decimal], [Decimal, Decimal], [Decimal, Decimal]];

/** snarkjs' verification_key.json, parsed (other members, e.g. vk_alphabeta_12, are ignored). */
export interface SnarkjsVerificationKey {
  protocol: 'groth16';
  curve: 'bn128' | 'bls12381';
  nPublic?: number;
  vk_alpha_1: SnarkjsG1;
  vk_beta_2: SnarkjsG2;
  vk_gamma_2: SnarkjsG2;
  vk_delta_2: SnarkjsG2;
  IC: SnarkjsG1[];
  [other: string]: unknown;
}

/** snarkjs' proof.json, parsed. */
export interface SnarkjsProof {
  protocol: 'groth16';
  curve?: 'bn128' | 'bls12381';
  pi_a: SnarkjsG1;
  pi_b: SnarkjsG2;
  pi_c: SnarkjsG1;
  [other: string]: unknown;
}

export declare const GROTH16_CURVES: readonly ['bn128', 'bls12381'];

/** Whether a snarkjs Groth16 proof verifies (the objects snarkjs.groth16.verify takes; the
 * order here is key, proof, public signals), on the key's curve. Throws CttError on malformed
 * input; `false` for a well-formed proof that does not verify. */
export declare function groth16Verify(
  vk: SnarkjsVerificationKey,
  proof: SnarkjsProof,
  publicSignals: Decimal[],
): boolean;

/** Whether an ark-groth16 proof verifies: arkworks' canonical serialisation of the key, the
 * proof and the public inputs (`Vec<Fr>`); compressed by default. */
export declare function groth16VerifyArkworks(
  curve: 'bn128' | 'bn254' | 'bls12381',
  vk: Uint8Array,
  proof: Uint8Array,
  publicInputs: Uint8Array,
  options?: { compressed?: boolean },
): boolean;

/** A BN254 scalar for MiMC: a bigint, a decimal string or a safe integer, below r. */
export type FieldInput = bigint | string | number;

/** circomlib's MiMCSponge (220 rounds), shaped as circomlibjs' buildMimcSponge(); outputs are
 * bigints (circomlibjs' F.toObject). */
export declare const mimcSponge: {
  hash(xL: FieldInput, xR: FieldInput, k: FieldInput): { xL: bigint; xR: bigint };
  multiHash(inputs: FieldInput[], key?: FieldInput, numOutputs?: 1): bigint;
  multiHash(inputs: FieldInput[], key: FieldInput | undefined, numOutputs: number): bigint | bigint[];
};

/** circomlib's MiMC7 (91 rounds), shaped as circomlibjs' buildMimc7(). */
export declare const mimc7: {
  hash(x: FieldInput, k: FieldInput): bigint;
  multiHash(inputs: FieldInput[], key?: FieldInput): bigint;
};
