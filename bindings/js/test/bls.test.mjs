// Ethereum BLS vectors (bls12-381-tests; cryptography-specs/bls, altair) through the JS API.
// A `false` output is `false` or a CttError (an input that does not decode, an identity key, an
// empty list); cases whose inputs all decode must answer exactly `false` (checked by counting,
// so that rejecting everything cannot pass); a null output is a CttError. hash_to_G2 is
// internal to the scheme and has no API here (sign's vectors cover it).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CttError, bls, hexToBytes } from '../ctt.js';
import { cases } from './vectors.mjs';

const b = (h) => hexToBytes(h);
const hex = (x) => '0x' + Buffer.from(x).toString('hex');

/** The answer: true, false, or 'error' (a CttError). */
function answer(f) {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof CttError, `not a CttError: ${e}`);
    assert.equal(typeof e.code, 'string');
    return 'error';
  }
}

/** Checks a verification case; returns 1 when it answered exactly `false`. */
function verification(name, output, f) {
  const got = answer(f);
  if (output === true) assert.equal(got, true, name);
  else assert.notEqual(got, true, name);
  return got === false ? 1 : 0;
}

describe('sign', () => {
  for (const [name, { input, output }] of cases('bls12-381-tests/sign')) {
    test(name, () => {
      if (output === null) {
        assert.throws(() => bls.sign(b(input.privkey), b(input.message)), CttError);
      } else {
        assert.equal(hex(bls.sign(b(input.privkey), b(input.message))), output);
        // and the signature verifies under the key's public key
        const pk = bls.skToPk(b(input.privkey));
        assert.equal(bls.verify(pk, b(input.message), b(output)), true);
      }
    });
  }
});

test('verify', () => {
  let exactFalse = 0;
  for (const [name, { input, output }] of cases('bls12-381-tests/verify')) {
    exactFalse += verification(name, output, () =>
      bls.verify(b(input.pubkey), b(input.message), b(input.signature)),
    );
  }
  assert.ok(exactFalse >= 6, `only ${exactFalse} well-formed false cases answered false`);
});

describe('aggregate', () => {
  for (const [name, { input, output }] of cases('bls12-381-tests/aggregate')) {
    test(name, () => {
      if (output === null) assert.throws(() => bls.aggregate(input.map(b)), CttError);
      else assert.equal(hex(bls.aggregate(input.map(b))), output);
    });
  }
});

test('fast_aggregate_verify', () => {
  let exactFalse = 0;
  for (const [name, { input, output }] of cases('bls12-381-tests/fast_aggregate_verify')) {
    exactFalse += verification(name, output, () =>
      bls.fastAggregateVerify(input.pubkeys.map(b), b(input.message), b(input.signature)),
    );
  }
  assert.ok(exactFalse >= 2, `only ${exactFalse} well-formed false cases answered false`);
});

test('aggregate_verify', () => {
  for (const [name, { input, output }] of cases('bls12-381-tests/aggregate_verify')) {
    verification(name, output, () =>
      bls.aggregateVerify(input.pubkeys.map(b), input.messages.map(b), b(input.signature)),
    );
  }
});

test('batch_verify', () => {
  for (const [name, { input, output }] of cases('bls12-381-tests/batch_verify')) {
    const sets = input.pubkeys.map((pk, i) => ({
      publicKey: b(pk),
      message: b(input.messages[i]),
      signature: b(input.signatures[i]),
    }));
    verification(name, output, () => bls.batchVerify(sets));
  }
});

test('deserialization_G1: public keys', () => {
  for (const [name, { input, output }] of cases('bls12-381-tests/deserialization_G1')) {
    const got = answer(() => bls.validatePublicKey(b(input.pubkey)));
    if (output === false) assert.equal(got, 'error', name);
    else if (name.includes('infinity')) {
      // decodes as a point, but KeyValidate rejects the identity as a public key
      assert.throws(() => bls.validatePublicKey(b(input.pubkey)), { code: 'IDENTITY_PUBLIC_KEY' });
    } else assert.equal(got, undefined, name);
  }
});

test('deserialization_G2: signatures', () => {
  for (const [name, { input, output }] of cases('bls12-381-tests/deserialization_G2')) {
    const got = answer(() => bls.validateSignature(b(input.signature)));
    assert.equal(got, output ? undefined : 'error', name);
  }
});

describe('eth_aggregate_pubkeys', () => {
  for (const [name, { input, output }] of cases('cryptography-specs/bls/eth_aggregate_pubkeys')) {
    test(name, () => {
      if (output === null) assert.throws(() => bls.ethAggregatePublicKeys(input.map(b)), CttError);
      else assert.equal(hex(bls.ethAggregatePublicKeys(input.map(b))), output);
    });
  }
});

test('eth_fast_aggregate_verify', () => {
  for (const [name, { input, output }] of cases('cryptography-specs/bls/eth_fast_aggregate_verify')) {
    verification(name, output, () =>
      bls.ethFastAggregateVerify(input.pubkeys.map(b), b(input.message), b(input.signature)),
    );
  }
});

test('keys: KeyGen, EIP-2333, proof of possession, round trips', () => {
  const ikm = new Uint8Array(32).fill(42);
  const sk = bls.keyGen(ikm);
  assert.equal(sk.length, 32);
  assert.deepEqual(bls.keyGen(ikm), sk);
  const pk = bls.skToPk(sk);
  bls.validatePublicKey(pk);
  const msg = new TextEncoder().encode('ctt');
  const sig = bls.sign(sk, msg);
  bls.validateSignature(sig);
  assert.equal(bls.verify(pk, msg, sig), true);
  assert.equal(bls.verify(pk, new Uint8Array([1]), sig), false);
  assert.equal(bls.popVerify(pk, bls.popProve(sk)), true);
  assert.equal(bls.popVerify(pk, sig), false);
  // EIP-2333's first test case
  const seed = b(
    '0xc55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
  );
  const master = bls.deriveMasterSk(seed);
  assert.equal(
    BigInt(hex(master)),
    6083874454709270928345386274498605044986640685124978867557563392430687146096n,
  );
  assert.equal(
    BigInt(hex(bls.deriveChildSk(master, 0))),
    20397789859736650942317412262472558107875392172444076792671091975210932703118n,
  );
  // many signers of one message; a batch of distinct messages
  const sks = [1, 2, 3, 4].map((i) => bls.keyGen(new Uint8Array(32).fill(i)));
  const pks = sks.map(bls.skToPk);
  const agg = bls.aggregate(sks.map((s) => bls.sign(s, msg)));
  assert.equal(bls.fastAggregateVerify(pks, msg, agg), true);
  assert.equal(bls.verify(bls.aggregatePublicKeys(pks), msg, agg), true);
  const msgs = sks.map((_, i) => new Uint8Array([i, i, i]));
  const sigs = sks.map((s, i) => bls.sign(s, msgs[i]));
  assert.equal(bls.aggregateVerify(pks, msgs, bls.aggregate(sigs)), true);
  const sets = pks.map((pk, i) => ({ publicKey: pk, message: msgs[i], signature: sigs[i] }));
  assert.equal(bls.batchVerify(sets), true);
  sets[2] = { ...sets[2], signature: sigs[1] };
  assert.equal(bls.batchVerify(sets), false);
});
