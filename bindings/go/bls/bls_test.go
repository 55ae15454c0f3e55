package bls

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

const vectorsDir = "../../../tests/vectors"

// ---------------------------------------------------------------------------------------------
// Vector reading

type vector struct {
	Input  json.RawMessage `json:"input"`
	Output json.RawMessage `json:"output"`
}

type namedVector struct {
	name string
	v    vector
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// testVectors reads bls12-381-tests/<handler>/*.json.
func testVectors(t *testing.T, handler string) []namedVector {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(vectorsDir, "bls12-381-tests", handler, "*.json"))
	if len(files) == 0 {
		t.Fatalf("%s: no vectors", handler)
	}
	sort.Strings(files)
	out := make([]namedVector, 0, len(files))
	for _, f := range files {
		var v vector
		readJSON(t, f, &v)
		out = append(out, namedVector{strings.TrimSuffix(filepath.Base(f), ".json"), v})
	}
	return out
}

// specVectors reads cryptography-specs/bls/<handler>/*/data.json.
func specVectors(t *testing.T, handler string) []namedVector {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(vectorsDir, "cryptography-specs", "bls", handler, "*", "data.json"))
	if len(files) == 0 {
		t.Fatalf("%s: no vectors", handler)
	}
	sort.Strings(files)
	out := make([]namedVector, 0, len(files))
	for _, f := range files {
		var v vector
		readJSON(t, f, &v)
		out = append(out, namedVector{filepath.Base(filepath.Dir(f)), v})
	}
	return out
}

func unhex(s string) ([]byte, bool) {
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	return b, err == nil
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, ok := unhex(s)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return b
}

func isNull(raw json.RawMessage) bool { return strings.TrimSpace(string(raw)) == "null" }

func wantBool(t *testing.T, name string, raw json.RawMessage) bool {
	t.Helper()
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("%s: output %s", name, raw)
	}
	return b
}

// decodeKeys decodes public keys; false if any does not decode or validate.
func decodeKeys(hexes []string) ([]*PublicKey, bool) {
	pks := make([]*PublicKey, len(hexes))
	for i, h := range hexes {
		b, ok := unhex(h)
		if !ok {
			return nil, false
		}
		pk, err := PublicKeyFromBytes(b)
		if err != nil {
			return nil, false
		}
		pks[i] = pk
	}
	return pks, true
}

func decodeSig(h string) (*Signature, bool) {
	b, ok := unhex(h)
	if !ok {
		return nil, false
	}
	s, err := SignatureFromBytes(b)
	return s, err == nil
}

// check compares a verification with the vector's output: true must be (true, nil); false is
// (false, nil) or an error.
func check(t *testing.T, name string, got bool, err error, want bool) {
	t.Helper()
	if got && err != nil {
		t.Errorf("%s: true with an error", name)
	}
	if (got && err == nil) != want {
		t.Errorf("%s: got %v, %v; want %v", name, got, err, want)
	}
}

var total int
var totalMu sync.Mutex

func count(n int) {
	totalMu.Lock()
	total += n
	totalMu.Unlock()
}

// ---------------------------------------------------------------------------------------------
// The vectors

func TestSignVectors(t *testing.T) {
	vs := testVectors(t, "sign")
	for _, nv := range vs {
		var in struct{ Privkey, Message string }
		json.Unmarshal(nv.v.Input, &in)
		msg := mustHex(t, in.Message)
		sk, err := SecretKeyFromBytes(mustHex(t, in.Privkey))
		if err != nil {
			if !isNull(nv.v.Output) {
				t.Errorf("%s: %v", nv.name, err)
			}
			continue
		}
		if isNull(nv.v.Output) {
			t.Errorf("%s: key accepted", nv.name)
			continue
		}
		var out string
		json.Unmarshal(nv.v.Output, &out)
		sig, err := sk.Sign(msg)
		if err != nil || !bytes.Equal(sig.Bytes(), mustHex(t, out)) {
			t.Errorf("%s: %v %v", nv.name, sig, err)
			continue
		}
		pk, err := sk.PublicKey()
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := Verify(pk, msg, sig); !ok || err != nil {
			t.Errorf("%s: own signature: %v %v", nv.name, ok, err)
		}
	}
	count(len(vs))
}

func TestVerifyVectors(t *testing.T) {
	vs := testVectors(t, "verify")
	for _, nv := range vs {
		var in struct{ Pubkey, Message, Signature string }
		json.Unmarshal(nv.v.Input, &in)
		want := wantBool(t, nv.name, nv.v.Output)
		pks, okPk := decodeKeys([]string{in.Pubkey})
		sig, okSig := decodeSig(in.Signature)
		if !okPk || !okSig {
			if want {
				t.Errorf("%s: undecodable input of a valid vector", nv.name)
			}
			continue
		}
		ok, err := Verify(pks[0], mustHex(t, in.Message), sig)
		check(t, nv.name, ok, err, want)
	}
	count(len(vs))
}

func TestAggregateVectors(t *testing.T) {
	vs := testVectors(t, "aggregate")
	for _, nv := range vs {
		var in []string
		json.Unmarshal(nv.v.Input, &in)
		sigs := make([]*Signature, 0, len(in))
		decoded := true
		for _, h := range in {
			s, ok := decodeSig(h)
			decoded = decoded && ok
			sigs = append(sigs, s)
		}
		if !decoded {
			if !isNull(nv.v.Output) {
				t.Errorf("%s: undecodable input of a valid vector", nv.name)
			}
			continue
		}
		agg, err := AggregateSignatures(sigs)
		if isNull(nv.v.Output) {
			if err == nil {
				t.Errorf("%s: want an error", nv.name)
			}
			continue
		}
		var out string
		json.Unmarshal(nv.v.Output, &out)
		if err != nil || !bytes.Equal(agg.Bytes(), mustHex(t, out)) {
			t.Errorf("%s: %v %v", nv.name, agg, err)
		}
	}
	count(len(vs))
}

func TestEthAggregatePubkeysVectors(t *testing.T) {
	vs := specVectors(t, "eth_aggregate_pubkeys")
	for _, nv := range vs {
		var in []string
		json.Unmarshal(nv.v.Input, &in)
		pks, decoded := decodeKeys(in)
		if !decoded {
			if !isNull(nv.v.Output) {
				t.Errorf("%s: undecodable input of a valid vector", nv.name)
			}
			continue
		}
		agg, err := AggregatePublicKeys(pks)
		if isNull(nv.v.Output) {
			if err == nil {
				t.Errorf("%s: want an error", nv.name)
			}
			continue
		}
		var out string
		json.Unmarshal(nv.v.Output, &out)
		if err != nil || !bytes.Equal(agg.Bytes(), mustHex(t, out)) {
			t.Errorf("%s: %v %v", nv.name, agg, err)
		}
	}
	count(len(vs))
}

func fastAggregateVectors(t *testing.T, vs []namedVector, eth bool) {
	for _, nv := range vs {
		var in struct {
			Pubkeys   []string
			Message   string
			Signature string
		}
		json.Unmarshal(nv.v.Input, &in)
		want := wantBool(t, nv.name, nv.v.Output)
		pks, okPk := decodeKeys(in.Pubkeys)
		sig, okSig := decodeSig(in.Signature)
		if !okPk || !okSig {
			if want {
				t.Errorf("%s: undecodable input of a valid vector", nv.name)
			}
			continue
		}
		var ok bool
		var err error
		if eth {
			ok, err = EthFastAggregateVerify(pks, mustHex(t, in.Message), sig)
		} else {
			ok, err = FastAggregateVerify(pks, mustHex(t, in.Message), sig)
		}
		check(t, nv.name, ok, err, want)
	}
	count(len(vs))
}

func TestFastAggregateVerifyVectors(t *testing.T) {
	fastAggregateVectors(t, testVectors(t, "fast_aggregate_verify"), false)
}

func TestEthFastAggregateVerifyVectors(t *testing.T) {
	fastAggregateVectors(t, specVectors(t, "eth_fast_aggregate_verify"), true)
}

func TestAggregateVerifyVectors(t *testing.T) {
	vs := testVectors(t, "aggregate_verify")
	for _, nv := range vs {
		var in struct {
			Pubkeys   []string
			Messages  []string
			Signature string
		}
		json.Unmarshal(nv.v.Input, &in)
		want := wantBool(t, nv.name, nv.v.Output)
		pks, okPk := decodeKeys(in.Pubkeys)
		sig, okSig := decodeSig(in.Signature)
		if !okPk || !okSig {
			if want {
				t.Errorf("%s: undecodable input of a valid vector", nv.name)
			}
			continue
		}
		msgs := make([][]byte, len(in.Messages))
		for i, m := range in.Messages {
			msgs[i] = mustHex(t, m)
		}
		ok, err := AggregateVerify(pks, msgs, sig)
		check(t, nv.name, ok, err, want)
	}
	count(len(vs))
}

func TestBatchVerifyVectors(t *testing.T) {
	vs := testVectors(t, "batch_verify")
	for _, nv := range vs {
		var in struct {
			Pubkeys    []string
			Messages   []string
			Signatures []string
		}
		json.Unmarshal(nv.v.Input, &in)
		want := wantBool(t, nv.name, nv.v.Output)
		pks, okPk := decodeKeys(in.Pubkeys)
		sets := make([]SignatureSet, len(in.Signatures))
		decoded := okPk && len(in.Pubkeys) == len(in.Signatures) && len(in.Messages) == len(in.Signatures)
		for i, h := range in.Signatures {
			s, ok := decodeSig(h)
			decoded = decoded && ok
			sets[i].Signature = s
			if decoded {
				sets[i].PublicKey = pks[i]
				sets[i].Message = mustHex(t, in.Messages[i])
			}
		}
		if !decoded {
			if want {
				t.Errorf("%s: undecodable input of a valid vector", nv.name)
			}
			continue
		}
		ok, err := BatchVerify(sets)
		check(t, nv.name, ok, err, want)
		// the answer depends neither on the randomness nor on the threads
		for seed := byte(0); seed < 3; seed++ {
			var r [32]byte
			for i := range r {
				r[i] = seed * 0x7f
			}
			for _, threads := range []uint32{1, 2, 0} {
				ok, err := BatchVerifyWithRandomness(sets, r, threads)
				check(t, nv.name, ok, err, want)
			}
		}
		ok, err = BatchVerifyParallel(sets, 2)
		check(t, nv.name, ok, err, want)
	}
	count(len(vs))
}

func isIdentityG1(b []byte) bool {
	return len(b) == 48 && b[0] == 0xc0 && bytes.Equal(b[1:], make([]byte, 47))
}

func TestDeserializationVectors(t *testing.T) {
	g1 := testVectors(t, "deserialization_G1")
	for _, nv := range g1 {
		var in struct{ Pubkey string }
		json.Unmarshal(nv.v.Input, &in)
		want := wantBool(t, nv.name, nv.v.Output)
		b, ok := unhex(in.Pubkey)
		if !ok {
			if want {
				t.Errorf("%s: bad hex", nv.name)
			}
			continue
		}
		_, err := PublicKeyFromBytes(b)
		switch {
		case want && isIdentityG1(b):
			// a valid point, which KeyValidate then rejects as a public key
			if err != ErrIdentityPublicKey {
				t.Errorf("%s: %v", nv.name, err)
			}
		case want && err != nil, !want && err == nil:
			t.Errorf("%s: %v, want %v", nv.name, err, want)
		}
	}
	g2 := testVectors(t, "deserialization_G2")
	for _, nv := range g2 {
		var in struct{ Signature string }
		json.Unmarshal(nv.v.Input, &in)
		want := wantBool(t, nv.name, nv.v.Output)
		b, ok := unhex(in.Signature)
		if !ok {
			if want {
				t.Errorf("%s: bad hex", nv.name)
			}
			continue
		}
		_, err := SignatureFromBytes(b)
		if (err == nil) != want {
			t.Errorf("%s: %v, want %v", nv.name, err, want)
		}
	}
	count(len(g1) + len(g2))
}

// ---------------------------------------------------------------------------------------------
// Keys: EIP-2333's test cases 0-3 (seed, master_SK, child index, child_SK)

var eip2333 = []struct {
	seed, master string
	index        uint32
	child        string
}{
	{"c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
		"6083874454709270928345386274498605044986640685124978867557563392430687146096", 0,
		"20397789859736650942317412262472558107875392172444076792671091975210932703118"},
	{"3141592653589793238462643383279502884197169399375105820974944592",
		"29757020647961307431480504535336562678282505419141012933316116377660817309383", 3141592653,
		"25457201688850691947727629385191704516744796114925897962676248250929345014287"},
	{"0099FF991111002299DD7744EE3355BBDD8844115566CC55663355668888CC00",
		"27580842291869792442942448775674722299803720648445448686099262467207037398656", 4294967295,
		"29358610794459428860402234341874281240803786294062035874021252734817515685787"},
	{"d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
		"19022158461524446591288038168518313374041767046816487870552872741050760015818", 42,
		"31372231650479070279774297061823572166496564838472787488249775572789064611981"},
}

func dec32(s string) []byte {
	n, _ := new(big.Int).SetString(s, 10)
	return n.FillBytes(make([]byte, 32))
}

func TestEIP2333(t *testing.T) {
	for i, c := range eip2333 {
		seed, _ := hex.DecodeString(c.seed)
		m, err := DeriveMasterSK(seed)
		if err != nil || !bytes.Equal(m.Bytes(), dec32(c.master)) {
			t.Errorf("case %d: master %v", i, err)
			continue
		}
		// the master key is KeyGen with empty key_info
		k, err := KeyGen(seed, nil)
		if err != nil || !bytes.Equal(k.Bytes(), m.Bytes()) {
			t.Errorf("case %d: KeyGen %v", i, err)
		}
		child, err := m.DeriveChildSK(c.index)
		if err != nil || !bytes.Equal(child.Bytes(), dec32(c.child)) {
			t.Errorf("case %d: child %v", i, err)
		}
	}
	if _, err := DeriveMasterSK(make([]byte, 31)); err != ErrIKMTooShort {
		t.Errorf("short seed: %v", err)
	}
	if _, err := DeriveMasterSK(nil); err != ErrIKMTooShort {
		t.Errorf("nil seed: %v", err)
	}
	if _, err := KeyGen(make([]byte, 31), nil); err != ErrIKMTooShort {
		t.Errorf("short ikm: %v", err)
	}
	if _, err := KeyGen(make([]byte, 32), []byte("info")); err != nil {
		t.Errorf("key info: %v", err)
	}
}

// ---------------------------------------------------------------------------------------------
// Protocol and bad input

func newKey(t *testing.T, i byte) (*SecretKey, *PublicKey) {
	t.Helper()
	ikm := bytes.Repeat([]byte{i + 1}, 32)
	sk, err := KeyGen(ikm, nil)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := sk.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return sk, pk
}

func TestProtocol(t *testing.T) {
	msg := []byte("attestation")
	var sks []*SecretKey
	var pks []*PublicKey
	var sigs []*Signature
	var sets []SignatureSet
	var msgs [][]byte
	for i := byte(0); i < 8; i++ {
		sk, pk := newKey(t, i)
		sig, err := sk.Sign(msg)
		if err != nil {
			t.Fatal(err)
		}
		sks, pks, sigs = append(sks, sk), append(pks, pk), append(sigs, sig)
		m := []byte{i, 'm'}
		s, _ := sk.Sign(m)
		sets = append(sets, SignatureSet{pk, m, s})
		msgs = append(msgs, m)
	}
	agg, err := AggregateSignatures(sigs)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := FastAggregateVerify(pks, msg, agg); !ok || err != nil {
		t.Errorf("fast aggregate: %v %v", ok, err)
	}
	if ok, err := FastAggregateVerify(pks[1:], msg, agg); ok || err != nil {
		t.Errorf("fast aggregate, a signer short: %v %v", ok, err)
	}
	aggPk, err := AggregatePublicKeys(pks)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := Verify(aggPk, msg, agg); !ok || err != nil {
		t.Errorf("aggregate key: %v %v", ok, err)
	}
	setSigs := make([]*Signature, len(sets))
	for i, s := range sets {
		setSigs[i] = s.Signature
	}
	agg2, _ := AggregateSignatures(setSigs)
	if ok, err := AggregateVerify(pks, msgs, agg2); !ok || err != nil {
		t.Errorf("aggregate verify: %v %v", ok, err)
	}
	if ok, err := AggregateVerify(pks, msgs, agg); ok || err != nil {
		t.Errorf("aggregate verify, wrong signature: %v %v", ok, err)
	}
	if ok, err := BatchVerify(sets); !ok || err != nil {
		t.Errorf("batch: %v %v", ok, err)
	}
	bad := append([]SignatureSet(nil), sets...)
	bad[3].Message = []byte("other")
	if ok, err := BatchVerify(bad); ok || err != nil {
		t.Errorf("batch, a wrong message: %v %v", ok, err)
	}
	if ok, err := BatchVerifyParallel(bad, 0); ok || err != nil {
		t.Errorf("batch, a wrong message: %v %v", ok, err)
	}
	// empty messages
	e, _ := sks[0].Sign(nil)
	if ok, err := Verify(pks[0], []byte{}, e); !ok || err != nil {
		t.Errorf("empty message: %v %v", ok, err)
	}
	sets[0].Message, sets[0].Signature = nil, e
	if ok, err := BatchVerify(sets); !ok || err != nil {
		t.Errorf("batch with an empty message: %v %v", ok, err)
	}
	// proofs of possession
	proof, err := sks[2].PopProve()
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := PopVerify(pks[2], proof); !ok || err != nil {
		t.Errorf("pop: %v %v", ok, err)
	}
	if ok, err := PopVerify(pks[3], proof); ok || err != nil {
		t.Errorf("pop, other key: %v %v", ok, err)
	}
	// round trips
	pk2, err := PublicKeyFromBytes(pks[0].Bytes())
	if err != nil || !pk2.Equal(pks[0]) || pk2.Array() != pks[0].Array() || pk2.String() != pks[0].String() {
		t.Errorf("public key round trip: %v", err)
	}
	sig2, err := SignatureFromBytes(sigs[0].Bytes())
	if err != nil || !sig2.Equal(sigs[0]) || sig2.Array() != sigs[0].Array() || sig2.String() != sigs[0].String() {
		t.Errorf("signature round trip: %v", err)
	}
	sk2, err := SecretKeyFromBytes(sks[0].Bytes())
	if err != nil || !bytes.Equal(sk2.Bytes(), sks[0].Bytes()) {
		t.Errorf("secret key round trip: %v", err)
	}
	g, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	// zeroisation: the key is gone and refused
	g.Zeroize()
	if !bytes.Equal(g.Bytes(), make([]byte, 32)) {
		t.Error("zeroize left bytes")
	}
	if _, err := g.Sign(msg); err != ErrInvalidSecretKey {
		t.Errorf("sign with a wiped key: %v", err)
	}
	if _, err := g.PublicKey(); err != ErrInvalidSecretKey {
		t.Errorf("public key of a wiped key: %v", err)
	}
	var nilKey *SecretKey
	nilKey.Zeroize()
}

func TestBadInput(t *testing.T) {
	sk, pk := newKey(t, 1)
	sig, _ := sk.Sign([]byte("m"))
	// lengths
	for _, n := range []int{0, 1, 31, 33, 64} {
		if _, err := SecretKeyFromBytes(make([]byte, n)); err != ErrLength {
			t.Errorf("secret key of %d bytes: %v", n, err)
		}
	}
	for _, n := range []int{0, 47, 49, 96} {
		if _, err := PublicKeyFromBytes(make([]byte, n)); err != ErrLength {
			t.Errorf("public key of %d bytes: %v", n, err)
		}
	}
	for _, n := range []int{0, 48, 95, 97} {
		if _, err := SignatureFromBytes(make([]byte, n)); err != ErrLength {
			t.Errorf("signature of %d bytes: %v", n, err)
		}
	}
	if _, err := SecretKeyFromBytes(nil); err != ErrLength {
		t.Error(err)
	}
	// values
	if _, err := SecretKeyFromBytes(make([]byte, 32)); err != ErrInvalidSecretKey {
		t.Errorf("zero key: %v", err)
	}
	r, _ := hex.DecodeString("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001")
	if _, err := SecretKeyFromBytes(r); err != ErrInvalidSecretKey {
		t.Errorf("key r: %v", err)
	}
	if _, err := SecretKeyFromBytes(bytes.Repeat([]byte{0xff}, 32)); err != ErrInvalidSecretKey {
		t.Errorf("key 2^256-1: %v", err)
	}
	if _, err := PublicKeyFromBytes(make([]byte, 48)); err != ErrInvalidPublicKey {
		t.Errorf("zero public key: %v", err)
	}
	id := make([]byte, 48)
	id[0] = 0xc0
	if _, err := PublicKeyFromBytes(id); err != ErrIdentityPublicKey {
		t.Errorf("identity public key: %v", err)
	}
	if _, err := SignatureFromBytes(make([]byte, 96)); err != ErrInvalidSignature {
		t.Errorf("zero signature: %v", err)
	}
	// tampered bytes
	for i := 0; i < 48; i++ {
		b := pk.Bytes()
		b[i] ^= 1 << uint(i%8)
		if p, err := PublicKeyFromBytes(b); err == nil {
			if ok, _ := Verify(p, []byte("m"), sig); ok {
				t.Errorf("tampered public key byte %d verifies", i)
			}
		}
	}
	for i := 0; i < 96; i++ {
		b := sig.Bytes()
		b[i] ^= 1 << uint(i%8)
		if s, err := SignatureFromBytes(b); err == nil {
			if ok, _ := Verify(pk, []byte("m"), s); ok {
				t.Errorf("tampered signature byte %d verifies", i)
			}
		}
	}
	// nil keys and signatures, empty and mismatched lists
	if _, err := Verify(nil, nil, sig); err != ErrNil {
		t.Error(err)
	}
	if _, err := Verify(pk, nil, nil); err != ErrNil {
		t.Error(err)
	}
	if _, err := PopVerify(nil, sig); err != ErrNil {
		t.Error(err)
	}
	var nilKey *SecretKey
	var nilPk *PublicKey
	var nilSig *Signature
	if nilKey.Bytes() != nil || nilPk.Bytes() != nil || nilSig.Bytes() != nil || nilPk.String() != "<nil>" ||
		nilSig.String() != "<nil>" || nilPk.Array() != [48]byte{} || nilSig.Array() != [96]byte{} || nilPk.Equal(pk) || nilSig.Equal(sig) {
		t.Error("nil accessors")
	}
	if _, err := nilKey.Sign(nil); err != ErrNil {
		t.Error(err)
	}
	if _, err := nilKey.PublicKey(); err != ErrNil {
		t.Error(err)
	}
	if _, err := nilKey.PopProve(); err != ErrNil {
		t.Error(err)
	}
	if _, err := nilKey.DeriveChildSK(0); err != ErrNil {
		t.Error(err)
	}
	if _, err := AggregateSignatures(nil); err != ErrEmptyInput {
		t.Errorf("aggregate nothing: %v", err)
	}
	if _, err := AggregateSignatures([]*Signature{sig, nil}); err != ErrNil {
		t.Error(err)
	}
	if _, err := AggregatePublicKeys(nil); err != ErrEmptyInput {
		t.Errorf("aggregate no keys: %v", err)
	}
	if _, err := AggregatePublicKeys([]*PublicKey{nil}); err != ErrNil {
		t.Error(err)
	}
	// A zero PublicKey{} (never decoded, not a valid encoding) is refused by every function.
	zero := new(PublicKey)
	if _, err := Verify(zero, []byte("m"), sig); err != ErrInvalidPublicKey {
		t.Errorf("verify with a zero key: %v", err)
	}
	if _, err := FastAggregateVerify([]*PublicKey{pk, zero}, []byte("m"), sig); err != ErrInvalidPublicKey {
		t.Errorf("fast aggregate with a zero key: %v", err)
	}
	if _, err := AggregateVerify([]*PublicKey{zero}, [][]byte{[]byte("m")}, sig); err != ErrInvalidPublicKey {
		t.Errorf("aggregate verify with a zero key: %v", err)
	}
	if _, err := BatchVerify([]SignatureSet{{PublicKey: zero, Message: []byte("m"), Signature: sig}}); err != ErrInvalidPublicKey {
		t.Errorf("batch with a zero key: %v", err)
	}
	if _, err := FastAggregateVerify(nil, []byte("m"), sig); err != ErrEmptyInput {
		t.Errorf("fast aggregate of nobody: %v", err)
	}
	if _, err := FastAggregateVerify([]*PublicKey{pk, nil}, []byte("m"), sig); err != ErrNil {
		t.Error(err)
	}
	if _, err := FastAggregateVerify([]*PublicKey{pk}, []byte("m"), nil); err != ErrNil {
		t.Error(err)
	}
	if _, err := AggregateVerify([]*PublicKey{pk}, nil, sig); err != ErrLength {
		t.Errorf("mismatched lists: %v", err)
	}
	if _, err := AggregateVerify(nil, nil, sig); err != ErrEmptyInput {
		t.Errorf("aggregate verify of nothing: %v", err)
	}
	if _, err := BatchVerify(nil); err != ErrEmptyInput {
		t.Errorf("empty batch: %v", err)
	}
	if _, err := BatchVerify([]SignatureSet{{PublicKey: pk}}); err != ErrNil {
		t.Errorf("a set without a signature: %v", err)
	}
	if _, err := BatchVerifyParallel([]SignatureSet{{Signature: sig}}, 2); err != ErrNil {
		t.Errorf("a set without a key: %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	sk, pk := newKey(t, 9)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			msg := []byte{byte(g)}
			sig, err := sk.Sign(msg)
			if err != nil {
				t.Error(err)
				return
			}
			if ok, err := Verify(pk, msg, sig); !ok || err != nil {
				t.Errorf("goroutine %d: %v %v", g, ok, err)
			}
		}(g)
	}
	wg.Wait()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if testing.Verbose() {
		fmt.Printf("%d BLS vectors\n", total)
	}
	os.Exit(code)
}
