// Package bls is Ethereum's BLS signatures over libctt: the ciphersuite
// BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_ as the consensus specifications use it (public keys
// in G1, 48 bytes; signatures in G2, 96 bytes; compressed), KeyGen and EIP-2333 key derivation,
// proofs of possession, and batch verification of many (public key, message, signature) sets.
//
// Values of the types PublicKey and Signature are validated when they are made (decoded,
// canonical, on the curve, in the subgroup; a public key is not the identity); a SecretKey is
// nonzero and below the group order. Functions that take or make a secret key are constant time
// in it (libctt's guarantee); SecretKey.Zeroize wipes one.
//
// Every function may be called from any number of goroutines at once.
package bls

// #include <stdlib.h>
// #include <string.h>
// #include "ctt_bls.h"
import "C"

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"unsafe"
)

// Sizes of the encodings.
const (
	SecretKeyLength = C.CTT_BLS_SECRET_KEY_BYTES
	PublicKeyLength = C.CTT_BLS_PUBLIC_KEY_BYTES
	SignatureLength = C.CTT_BLS_SIGNATURE_BYTES
)

// Errors: libctt's CTT_BLS_RET codes.
var (
	ErrBadArgs           = errors.New("bls: bad arguments")
	ErrInvalidSecretKey  = errors.New("bls: invalid secret key (zero, or not below the group order)")
	ErrIKMTooShort       = errors.New("bls: key material shorter than 32 bytes")
	ErrInvalidPublicKey  = errors.New("bls: invalid public key (encoding, not on the curve or not in the subgroup)")
	ErrIdentityPublicKey = errors.New("bls: public key is the identity")
	ErrInvalidSignature  = errors.New("bls: invalid signature (encoding, not on the curve or not in the subgroup)")
	ErrEmptyInput        = errors.New("bls: empty list")
	ErrInternal          = errors.New("bls: internal error")
	ErrThreads           = errors.New("bls: threads could not be started")
	// ErrLength: a byte slice or list of the wrong length (checked in Go).
	ErrLength = errors.New("bls: wrong length")
	// ErrNil: a nil key or signature.
	ErrNil = errors.New("bls: nil key or signature")
)

func errorOf(ret C.CTT_BLS_RET) error {
	switch ret {
	case C.CTT_BLS_OK:
		return nil
	case C.CTT_BLS_BADARGS:
		return ErrBadArgs
	case C.CTT_BLS_INVALID_SECRET_KEY:
		return ErrInvalidSecretKey
	case C.CTT_BLS_IKM_TOO_SHORT:
		return ErrIKMTooShort
	case C.CTT_BLS_INVALID_PUBLIC_KEY:
		return ErrInvalidPublicKey
	case C.CTT_BLS_IDENTITY_PUBLIC_KEY:
		return ErrIdentityPublicKey
	case C.CTT_BLS_INVALID_SIGNATURE:
		return ErrInvalidSignature
	case C.CTT_BLS_EMPTY_INPUT:
		return ErrEmptyInput
	case C.CTT_BLS_ERROR:
		return ErrInternal
	case C.CTT_BLS_THREADS:
		return ErrThreads
	}
	return fmt.Errorf("bls: unexpected return code %d from libctt", int(ret))
}

func bytesPtr(s []byte) *C.uint8_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&s[0]))
}

// ---------------------------------------------------------------------------------------------
// Keys

// SecretKey is a BLS secret key: 32 bytes big-endian, nonzero and below r.
type SecretKey struct {
	b [SecretKeyLength]byte
}

// PublicKey is a KeyValidate'd public key (compressed G1 point, not the identity). It keeps the
// key decoded as well (libctt's ctt_bls_public_key), so that verifications skip the
// decompression and the subgroup check: decode keys once (PublicKeyFromBytes) and reuse them.
type PublicKey struct {
	b       [PublicKeyLength]byte
	d       C.ctt_bls_public_key
	decoded bool // d holds b decoded: false only for an aggregate that is the identity
}

// Signature is a validated signature (compressed G2 point of the subgroup; the identity is one).
type Signature struct {
	b [SignatureLength]byte
}

func (sk *SecretKey) ptr() *C.uint8_t { return (*C.uint8_t)(unsafe.Pointer(&sk.b[0])) }
func (pk *PublicKey) ptr() *C.uint8_t { return (*C.uint8_t)(unsafe.Pointer(&pk.b[0])) }
func (s *Signature) ptr() *C.uint8_t  { return (*C.uint8_t)(unsafe.Pointer(&s.b[0])) }

// KeyGen derives a secret key from at least 32 bytes of secret key material and optional key
// information (draft-irtf-cfrg-bls-signature-05 §2.3).
func KeyGen(ikm, keyInfo []byte) (*SecretKey, error) {
	sk := new(SecretKey)
	ret := C.ctt_bls_keygen(sk.ptr(), bytesPtr(ikm), C.size_t(len(ikm)), bytesPtr(keyInfo), C.size_t(len(keyInfo)))
	if ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return sk, nil
}

// GenerateKey makes a secret key from 32 bytes of the operating system's randomness.
func GenerateKey() (*SecretKey, error) {
	var ikm [32]byte
	if _, err := rand.Read(ikm[:]); err != nil {
		return nil, err
	}
	sk, err := KeyGen(ikm[:], nil)
	wipe(ikm[:])
	return sk, err
}

// DeriveMasterSK is EIP-2333's derive_master_SK(seed), seed at least 32 bytes.
func DeriveMasterSK(seed []byte) (*SecretKey, error) {
	sk := new(SecretKey)
	ret := C.ctt_bls_derive_master_sk(sk.ptr(), bytesPtr(seed), C.size_t(len(seed)))
	if ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return sk, nil
}

// DeriveChildSK is EIP-2333's derive_child_SK(parent, index).
func (sk *SecretKey) DeriveChildSK(index uint32) (*SecretKey, error) {
	if sk == nil {
		return nil, ErrNil
	}
	child := new(SecretKey)
	ret := C.ctt_bls_derive_child_sk(child.ptr(), sk.ptr(), C.uint32_t(index))
	if ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return child, nil
}

// SecretKeyFromBytes decodes and validates a 32-byte big-endian secret key (copied).
func SecretKeyFromBytes(b []byte) (*SecretKey, error) {
	if len(b) != SecretKeyLength {
		return nil, ErrLength
	}
	sk := new(SecretKey)
	copy(sk.b[:], b)
	if ret := C.ctt_bls_secret_key_validate(sk.ptr()); ret != C.CTT_BLS_OK {
		sk.Zeroize()
		return nil, errorOf(ret)
	}
	return sk, nil
}

// Bytes is the key's 32-byte big-endian encoding (a copy the caller should wipe).
func (sk *SecretKey) Bytes() []byte {
	if sk == nil {
		return nil
	}
	out := make([]byte, SecretKeyLength)
	copy(out, sk.b[:])
	return out
}

// Zeroize wipes the key: every later use fails with ErrInvalidSecretKey.
func (sk *SecretKey) Zeroize() {
	if sk == nil {
		return
	}
	// memset in C: the compiler cannot drop a store it cannot see through.
	C.memset(unsafe.Pointer(&sk.b[0]), 0, C.size_t(len(sk.b)))
}

func wipe(b []byte) {
	if len(b) > 0 {
		C.memset(unsafe.Pointer(&b[0]), 0, C.size_t(len(b)))
	}
}

// PublicKey is SkToPk.
func (sk *SecretKey) PublicKey() (*PublicKey, error) {
	if sk == nil {
		return nil, ErrNil
	}
	pk := new(PublicKey)
	if ret := C.ctt_bls_sk_to_pk(pk.ptr(), sk.ptr()); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return pk.decode()
}

// decode fills the decoded form from the encoding (KeyValidate).
func (pk *PublicKey) decode() (*PublicKey, error) {
	if ret := C.ctt_bls_public_key_decode(&pk.d, pk.ptr()); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	pk.decoded = true
	return pk, nil
}

// decodedForm is the key's decoded form, or the error KeyValidate gives its encoding (the
// identity, from an aggregate of cancelling keys; a zero PublicKey{} is not a valid encoding).
func (pk *PublicKey) decodedForm() (*C.ctt_bls_public_key, error) {
	if pk == nil {
		return nil, ErrNil
	}
	if !pk.decoded {
		if err := errorOf(C.ctt_bls_public_key_validate(pk.ptr())); err != nil {
			return nil, err
		}
		return nil, ErrInvalidPublicKey
	}
	return &pk.d, nil
}

// Sign signs msg.
func (sk *SecretKey) Sign(msg []byte) (*Signature, error) {
	if sk == nil {
		return nil, ErrNil
	}
	sig := new(Signature)
	if ret := C.ctt_bls_sign(sig.ptr(), sk.ptr(), bytesPtr(msg), C.size_t(len(msg))); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return sig, nil
}

// PopProve is the proof of possession of the key.
func (sk *SecretKey) PopProve() (*Signature, error) {
	if sk == nil {
		return nil, ErrNil
	}
	sig := new(Signature)
	if ret := C.ctt_bls_pop_prove(sig.ptr(), sk.ptr()); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return sig, nil
}

// PublicKeyFromBytes decodes a compressed public key and runs KeyValidate: ErrInvalidPublicKey
// or ErrIdentityPublicKey if it fails.
func PublicKeyFromBytes(b []byte) (*PublicKey, error) {
	if len(b) != PublicKeyLength {
		return nil, ErrLength
	}
	pk := new(PublicKey)
	copy(pk.b[:], b)
	return pk.decode()
}

// Bytes is the 48-byte compressed encoding.
func (pk *PublicKey) Bytes() []byte {
	if pk == nil {
		return nil
	}
	return append([]byte(nil), pk.b[:]...)
}

// Array is the 48-byte compressed encoding as an array.
func (pk *PublicKey) Array() (a [PublicKeyLength]byte) {
	if pk != nil {
		a = pk.b
	}
	return a
}

// String is the encoding in hex with 0x.
func (pk *PublicKey) String() string {
	if pk == nil {
		return "<nil>"
	}
	return "0x" + hex.EncodeToString(pk.b[:])
}

// Equal compares encodings.
func (pk *PublicKey) Equal(o *PublicKey) bool { return pk != nil && o != nil && pk.b == o.b }

// SignatureFromBytes decodes a compressed signature and checks that it is in the subgroup:
// ErrInvalidSignature if not.
func SignatureFromBytes(b []byte) (*Signature, error) {
	if len(b) != SignatureLength {
		return nil, ErrLength
	}
	sig := new(Signature)
	copy(sig.b[:], b)
	if ret := C.ctt_bls_signature_validate(sig.ptr()); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return sig, nil
}

// Bytes is the 96-byte compressed encoding.
func (s *Signature) Bytes() []byte {
	if s == nil {
		return nil
	}
	return append([]byte(nil), s.b[:]...)
}

// Array is the 96-byte compressed encoding as an array.
func (s *Signature) Array() (a [SignatureLength]byte) {
	if s != nil {
		a = s.b
	}
	return a
}

// String is the encoding in hex with 0x.
func (s *Signature) String() string {
	if s == nil {
		return "<nil>"
	}
	return "0x" + hex.EncodeToString(s.b[:])
}

// Equal compares encodings.
func (s *Signature) Equal(o *Signature) bool { return s != nil && o != nil && s.b == o.b }

// ---------------------------------------------------------------------------------------------
// Aggregation

func pubkeyArray(pks []*PublicKey) ([][PublicKeyLength]byte, error) {
	out := make([][PublicKeyLength]byte, len(pks))
	for i, pk := range pks {
		if pk == nil {
			return nil, ErrNil
		}
		out[i] = pk.b
	}
	return out, nil
}

// decodedArray gathers the keys' decoded forms into one array for libctt (104 bytes a key).
func decodedArray(pks []*PublicKey) ([]C.ctt_bls_public_key, error) {
	out := make([]C.ctt_bls_public_key, len(pks))
	for i, pk := range pks {
		d, err := pk.decodedForm()
		if err != nil {
			return nil, err
		}
		out[i] = *d
	}
	return out, nil
}

func decodedPtr(a []C.ctt_bls_public_key) *C.ctt_bls_public_key {
	if len(a) == 0 {
		return nil
	}
	return &a[0]
}

func pubkeysPtr(a [][PublicKeyLength]byte) *[PublicKeyLength]C.uint8_t {
	if len(a) == 0 {
		return nil
	}
	return (*[PublicKeyLength]C.uint8_t)(unsafe.Pointer(&a[0]))
}

func sigsPtr(a [][SignatureLength]byte) *[SignatureLength]C.uint8_t {
	if len(a) == 0 {
		return nil
	}
	return (*[SignatureLength]C.uint8_t)(unsafe.Pointer(&a[0]))
}

// AggregateSignatures is Aggregate: the sum of one or more signatures.
func AggregateSignatures(sigs []*Signature) (*Signature, error) {
	a := make([][SignatureLength]byte, len(sigs))
	for i, s := range sigs {
		if s == nil {
			return nil, ErrNil
		}
		a[i] = s.b
	}
	out := new(Signature)
	if ret := C.ctt_bls_aggregate_signatures(out.ptr(), sigsPtr(a), C.size_t(len(a))); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	return out, nil
}

// AggregatePublicKeys is eth_aggregate_pubkeys: the sum of one or more public keys.
func AggregatePublicKeys(pks []*PublicKey) (*PublicKey, error) {
	a, err := pubkeyArray(pks)
	if err != nil {
		return nil, err
	}
	out := new(PublicKey)
	if ret := C.ctt_bls_aggregate_public_keys(out.ptr(), pubkeysPtr(a), C.size_t(len(a))); ret != C.CTT_BLS_OK {
		return nil, errorOf(ret)
	}
	if _, err := out.decode(); err != nil && err != ErrIdentityPublicKey {
		return nil, err
	}
	return out, nil // the identity (keys that cancel) is a valid aggregate; it verifies nothing
}

// ---------------------------------------------------------------------------------------------
// Verification: (true, nil) valid; (false, nil) a well-formed signature that does not verify;
// (false, err) malformed input (a nil key, an empty list, lists of different lengths).

func verifyResult(ret C.CTT_BLS_RET, ok C.bool) (bool, error) {
	if ret != C.CTT_BLS_OK {
		return false, errorOf(ret)
	}
	return bool(ok), nil
}

// Verify checks sig on msg under pk.
func Verify(pk *PublicKey, msg []byte, sig *Signature) (bool, error) {
	if pk == nil || sig == nil {
		return false, ErrNil
	}
	d, err := pk.decodedForm()
	if err != nil {
		return false, err
	}
	var ok C.bool
	ret := C.ctt_bls_verify_decoded(&ok, d, bytesPtr(msg), C.size_t(len(msg)), sig.ptr())
	return verifyResult(ret, ok)
}

// PopVerify checks a proof of possession of pk.
func PopVerify(pk *PublicKey, proof *Signature) (bool, error) {
	if pk == nil || proof == nil {
		return false, ErrNil
	}
	var ok C.bool
	ret := C.ctt_bls_pop_verify(&ok, pk.ptr(), proof.ptr())
	return verifyResult(ret, ok)
}

// FastAggregateVerify checks an aggregate signature of one or more signers on one message.
func FastAggregateVerify(pks []*PublicKey, msg []byte, sig *Signature) (bool, error) {
	return fastAggregateVerify(pks, msg, sig, false)
}

// EthFastAggregateVerify is the consensus specifications' eth_fast_aggregate_verify: as
// FastAggregateVerify, except that no signers with the identity signature (0xc0 followed by
// zeros) is valid.
func EthFastAggregateVerify(pks []*PublicKey, msg []byte, sig *Signature) (bool, error) {
	return fastAggregateVerify(pks, msg, sig, true)
}

func fastAggregateVerify(pks []*PublicKey, msg []byte, sig *Signature, eth bool) (bool, error) {
	if sig == nil {
		return false, ErrNil
	}
	a, err := decodedArray(pks)
	if err != nil {
		return false, err
	}
	var ok C.bool
	var ret C.CTT_BLS_RET
	if eth {
		ret = C.ctt_bls_eth_fast_aggregate_verify_decoded(&ok, decodedPtr(a), C.size_t(len(a)), bytesPtr(msg), C.size_t(len(msg)), sig.ptr())
	} else {
		ret = C.ctt_bls_fast_aggregate_verify_decoded(&ok, decodedPtr(a), C.size_t(len(a)), bytesPtr(msg), C.size_t(len(msg)), sig.ptr())
	}
	return verifyResult(ret, ok)
}

// cMessages copies messages into C memory: libctt takes an array of pointers, which cgo does
// not allow to point into Go memory. Free with C.free on both results.
func cMessages(msgs [][]byte) (**C.uint8_t, *C.size_t, unsafe.Pointer) {
	n := len(msgs)
	if n == 0 {
		return nil, nil, nil
	}
	total := 0
	for _, m := range msgs {
		total += len(m)
	}
	ptrSize := C.size_t(unsafe.Sizeof((*C.uint8_t)(nil)))
	lenSize := C.size_t(unsafe.Sizeof(C.size_t(0)))
	// One allocation: pointers, lengths, then the bytes.
	block := C.malloc(C.size_t(n)*(ptrSize+lenSize) + C.size_t(total) + 1)
	if block == nil {
		return nil, nil, nil
	}
	ptrs := unsafe.Slice((**C.uint8_t)(block), n)
	lens := unsafe.Slice((*C.size_t)(unsafe.Add(block, uintptr(n)*uintptr(ptrSize))), n)
	data := unsafe.Add(block, uintptr(n)*uintptr(ptrSize+lenSize))
	off := 0
	for i, m := range msgs {
		p := unsafe.Add(data, off)
		if len(m) > 0 {
			C.memcpy(p, unsafe.Pointer(&m[0]), C.size_t(len(m)))
		}
		ptrs[i] = (*C.uint8_t)(p)
		lens[i] = C.size_t(len(m))
		off += len(m)
	}
	return &ptrs[0], &lens[0], block
}

// AggregateVerify checks an aggregate signature of n >= 1 (public key, message) pairs.
func AggregateVerify(pks []*PublicKey, msgs [][]byte, sig *Signature) (bool, error) {
	if sig == nil {
		return false, ErrNil
	}
	if len(pks) != len(msgs) {
		return false, ErrLength
	}
	a, err := decodedArray(pks)
	if err != nil {
		return false, err
	}
	ptrs, lens, block := cMessages(msgs)
	if block == nil && len(msgs) > 0 {
		return false, ErrInternal
	}
	defer C.free(block)
	var ok C.bool
	ret := C.ctt_bls_aggregate_verify_decoded(&ok, decodedPtr(a), ptrs, lens, C.size_t(len(a)), sig.ptr())
	return verifyResult(ret, ok)
}

// SignatureSet is one (public key, message, signature) of a batch.
type SignatureSet struct {
	PublicKey *PublicKey
	Message   []byte
	Signature *Signature
}

// BatchVerify checks n >= 1 independent sets at once (one multi-pairing), blinded with fresh
// randomness from the operating system: true only if every set verifies (up to a 2^-64 chance
// of a false accept). On one thread.
func BatchVerify(sets []SignatureSet) (bool, error) {
	var r [32]byte
	if _, err := rand.Read(r[:]); err != nil {
		return false, err
	}
	return batchVerify(sets, r, false, 0)
}

// BatchVerifyParallel is BatchVerify on numThreads threads (0: libctt's shared pool, one per
// core).
func BatchVerifyParallel(sets []SignatureSet, numThreads uint32) (bool, error) {
	var r [32]byte
	if _, err := rand.Read(r[:]); err != nil {
		return false, err
	}
	return batchVerify(sets, r, true, numThreads)
}

// BatchVerifyWithRandomness is BatchVerify with the caller's 32 random bytes, which whoever made
// the signatures must not be able to predict.
func BatchVerifyWithRandomness(sets []SignatureSet, randomness [32]byte, numThreads uint32) (bool, error) {
	return batchVerify(sets, randomness, numThreads != 1, numThreads)
}

func batchVerify(sets []SignatureSet, randomness [32]byte, parallel bool, numThreads uint32) (bool, error) {
	n := len(sets)
	pks := make([]C.ctt_bls_public_key, n)
	sigs := make([][SignatureLength]byte, n)
	msgs := make([][]byte, n)
	for i, s := range sets {
		if s.PublicKey == nil || s.Signature == nil {
			return false, ErrNil
		}
		d, err := s.PublicKey.decodedForm()
		if err != nil {
			return false, err
		}
		pks[i], sigs[i], msgs[i] = *d, s.Signature.b, s.Message
	}
	ptrs, lens, block := cMessages(msgs)
	if block == nil && n > 0 {
		return false, ErrInternal
	}
	defer C.free(block)
	var ok C.bool
	var ret C.CTT_BLS_RET
	r := (*C.uint8_t)(unsafe.Pointer(&randomness[0]))
	if parallel {
		ret = C.ctt_bls_batch_verify_decoded_parallel(&ok, decodedPtr(pks), ptrs, lens, sigsPtr(sigs), C.size_t(n), r, C.uint32_t(numThreads))
	} else {
		ret = C.ctt_bls_batch_verify_decoded(&ok, decodedPtr(pks), ptrs, lens, sigsPtr(sigs), C.size_t(n), r)
	}
	return verifyResult(ret, ok)
}
