// Package ckzg4844 is EIP-4844 (blobs) and EIP-7594 (PeerDAS cells) KZG over libctt, with the
// API of c-kzg-4844's Go binding (github.com/ethereum/c-kzg-4844/v2/bindings/go): the same
// package name, exported names, types, signatures, size constants and errors, so a caller
// switches by changing its import path.
//
// Additions: LoadMainnetTrustedSetup (the mainnet setup embedded in libctt, no file) and
// *Parallel twins of the batch and cell functions with a thread count.
//
// Differences (all where c-kzg's binding panics): loading a setup while one is loaded, calling a
// function with no setup loaded, freeing with none loaded, or a setup file that cannot be opened
// return an error wrapping ErrBadArgs instead of panicking. Every function may be called from
// any number of goroutines at once; loading and freeing wait for calls in progress.
package ckzg4844

// #include <stdio.h>
// #include <stdlib.h>
// #ifdef CTT_CKZG_RENAMED
// #include "ckzg_renamed.h"
// #endif
// #include "ctt_kzg.h"
import "C"

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

// Sizes, as c-kzg's.
const (
	BytesPerBlob         = C.BYTES_PER_BLOB
	BytesPerCell         = C.BYTES_PER_CELL
	BytesPerCommitment   = C.BYTES_PER_COMMITMENT
	BytesPerFieldElement = C.BYTES_PER_FIELD_ELEMENT
	BytesPerProof        = C.BYTES_PER_PROOF
	CellsPerExtBlob      = C.CELLS_PER_EXT_BLOB
	FieldElementsPerBlob = C.FIELD_ELEMENTS_PER_BLOB
	FieldElementsPerCell = C.FIELD_ELEMENTS_PER_CELL
)

// Byte types, as c-kzg's.
type (
	Bytes32       [32]byte
	Bytes48       [48]byte
	KZGCommitment Bytes48
	KZGProof      Bytes48
	Blob          [BytesPerBlob]byte
	Cell          [BytesPerCell]byte
)

// Errors, as c-kzg's: the library's return codes C_KZG_BADARGS, C_KZG_ERROR and C_KZG_MALLOC.
var (
	ErrBadArgs = errors.New("bad arguments")
	ErrError   = errors.New("unexpected error")
	ErrMalloc  = errors.New("malloc failed")
)

var (
	errNotLoaded     = fmt.Errorf("%w: trusted setup isn't loaded", ErrBadArgs)
	errAlreadyLoaded = fmt.Errorf("%w: trusted setup is already loaded", ErrBadArgs)
)

// The process's settings: C memory (libctt checks alignment; Go memory holding the C pointers
// libctt stores would be allowed but C memory keeps it simple), guarded by mu: calls hold the
// read lock, loading and freeing the write lock.
var (
	mu       sync.RWMutex
	loaded   bool
	settings = (*C.KZGSettings)(C.calloc(1, C.sizeof_KZGSettings))
)

func makeErrorFromRet(ret C.C_KZG_RET) error {
	switch ret {
	case C.C_KZG_BADARGS:
		return ErrBadArgs
	case C.C_KZG_ERROR:
		return ErrError
	case C.C_KZG_MALLOC:
		return ErrMalloc
	}
	return fmt.Errorf("unexpected error from libctt: %v", ret)
}

// acquire takes the read lock if a setup is loaded; release with mu.RUnlock.
func acquire() error {
	mu.RLock()
	if !loaded {
		mu.RUnlock()
		return errNotLoaded
	}
	return nil
}

// Pointers to the first element of slices (nil for empty slices: libctt accepts NULL with a
// count of 0).

func blobsPtr(s []Blob) *C.Blob {
	if len(s) == 0 {
		return nil
	}
	return (*C.Blob)(unsafe.Pointer(&s[0]))
}

func bytes48Ptr(s []Bytes48) *C.Bytes48 {
	if len(s) == 0 {
		return nil
	}
	return (*C.Bytes48)(unsafe.Pointer(&s[0]))
}

func cellsPtr(s []Cell) *C.Cell {
	if len(s) == 0 {
		return nil
	}
	return (*C.Cell)(unsafe.Pointer(&s[0]))
}

func u64Ptr(s []uint64) *C.uint64_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.uint64_t)(unsafe.Pointer(&s[0]))
}

func bytesPtr(s []byte) *C.uint8_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&s[0]))
}

///////////////////////////////////////////////////////////////////////////////
// Text (hex) decoding
///////////////////////////////////////////////////////////////////////////////

func unmarshalHex(dst []byte, input []byte) error {
	input = bytes.TrimPrefix(input, []byte("0x"))
	if len(input) != 2*len(dst) {
		return ErrBadArgs
	}
	_, err := hex.Decode(dst, input)
	return err
}

// UnmarshalText decodes hex, with or without 0x.
func (b *Bytes32) UnmarshalText(input []byte) error { return unmarshalHex(b[:], input) }

// UnmarshalText decodes hex, with or without 0x.
func (b *Bytes48) UnmarshalText(input []byte) error { return unmarshalHex(b[:], input) }

// UnmarshalText decodes hex, with or without 0x.
func (b *Blob) UnmarshalText(input []byte) error { return unmarshalHex(b[:], input) }

// UnmarshalText decodes hex, with or without 0x.
func (c *Cell) UnmarshalText(input []byte) error { return unmarshalHex(c[:], input) }

///////////////////////////////////////////////////////////////////////////////
// Trusted setup
///////////////////////////////////////////////////////////////////////////////

// LoadTrustedSetup loads a setup from its points (c-kzg's load_trusted_setup): g1 monomial and
// Lagrange points 48 bytes each, g2 monomial points 96 bytes each, concatenated. precompute
// (0-15) sizes the tables of the cell proofs: 0 none, 8 and above the fastest.
func LoadTrustedSetup(g1MonomialBytes, g1LagrangeBytes, g2MonomialBytes []byte, precompute uint) error {
	mu.Lock()
	defer mu.Unlock()
	if loaded {
		return errAlreadyLoaded
	}
	ret := C.load_trusted_setup(
		settings,
		bytesPtr(g1MonomialBytes), C.uint64_t(len(g1MonomialBytes)),
		bytesPtr(g1LagrangeBytes), C.uint64_t(len(g1LagrangeBytes)),
		bytesPtr(g2MonomialBytes), C.uint64_t(len(g2MonomialBytes)),
		C.uint64_t(precompute))
	if ret != C.C_KZG_OK {
		return makeErrorFromRet(ret)
	}
	loaded = true
	return nil
}

// LoadTrustedSetupFile loads a setup from a file in c-kzg's text format (trusted_setup.txt).
func LoadTrustedSetupFile(trustedSetupFile string, precompute uint) error {
	mu.Lock()
	defer mu.Unlock()
	if loaded {
		return errAlreadyLoaded
	}
	path := C.CString(trustedSetupFile)
	defer C.free(unsafe.Pointer(path))
	mode := C.CString("r")
	defer C.free(unsafe.Pointer(mode))
	fp := C.fopen(path, mode)
	if fp == nil {
		return fmt.Errorf("%w: cannot open trusted setup file %q", ErrBadArgs, trustedSetupFile)
	}
	ret := C.load_trusted_setup_file(settings, fp, C.uint64_t(precompute))
	C.fclose(fp)
	if ret != C.C_KZG_OK {
		return makeErrorFromRet(ret)
	}
	loaded = true
	return nil
}

// LoadMainnetTrustedSetup loads the Ethereum mainnet setup embedded in libctt (no file, no
// parsing). precompute as LoadTrustedSetup.
func LoadMainnetTrustedSetup(precompute uint) error {
	mu.Lock()
	defer mu.Unlock()
	if loaded {
		return errAlreadyLoaded
	}
	ret := C.ctt_kzg_load_mainnet(settings, C.uint64_t(precompute))
	if ret != C.C_KZG_OK {
		return makeErrorFromRet(ret)
	}
	loaded = true
	return nil
}

// FreeTrustedSetup releases the loaded setup (nothing if none is loaded; c-kzg panics there).
func FreeTrustedSetup() {
	mu.Lock()
	defer mu.Unlock()
	if !loaded {
		return
	}
	C.free_trusted_setup(settings)
	loaded = false
}

///////////////////////////////////////////////////////////////////////////////
// EIP-4844
///////////////////////////////////////////////////////////////////////////////

// BlobToKZGCommitment is blob_to_kzg_commitment.
func BlobToKZGCommitment(blob *Blob) (KZGCommitment, error) {
	if blob == nil {
		return KZGCommitment{}, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return KZGCommitment{}, err
	}
	defer mu.RUnlock()
	var commitment KZGCommitment
	ret := C.blob_to_kzg_commitment(
		(*C.KZGCommitment)(unsafe.Pointer(&commitment)),
		(*C.Blob)(unsafe.Pointer(blob)),
		settings)
	if ret != C.C_KZG_OK {
		return KZGCommitment{}, makeErrorFromRet(ret)
	}
	return commitment, nil
}

// ComputeKZGProof is compute_kzg_proof: the proof of the blob's polynomial at z, and its value y.
func ComputeKZGProof(blob *Blob, zBytes Bytes32) (KZGProof, Bytes32, error) {
	if blob == nil {
		return KZGProof{}, Bytes32{}, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return KZGProof{}, Bytes32{}, err
	}
	defer mu.RUnlock()
	var proof KZGProof
	var y Bytes32
	ret := C.compute_kzg_proof(
		(*C.KZGProof)(unsafe.Pointer(&proof)),
		(*C.Bytes32)(unsafe.Pointer(&y)),
		(*C.Blob)(unsafe.Pointer(blob)),
		(*C.Bytes32)(unsafe.Pointer(&zBytes)),
		settings)
	if ret != C.C_KZG_OK {
		return KZGProof{}, Bytes32{}, makeErrorFromRet(ret)
	}
	return proof, y, nil
}

// ComputeBlobKZGProof is compute_blob_kzg_proof.
func ComputeBlobKZGProof(blob *Blob, commitmentBytes Bytes48) (KZGProof, error) {
	if blob == nil {
		return KZGProof{}, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return KZGProof{}, err
	}
	defer mu.RUnlock()
	var proof KZGProof
	ret := C.compute_blob_kzg_proof(
		(*C.KZGProof)(unsafe.Pointer(&proof)),
		(*C.Blob)(unsafe.Pointer(blob)),
		(*C.Bytes48)(unsafe.Pointer(&commitmentBytes)),
		settings)
	if ret != C.C_KZG_OK {
		return KZGProof{}, makeErrorFromRet(ret)
	}
	return proof, nil
}

// VerifyKZGProof is verify_kzg_proof.
func VerifyKZGProof(commitmentBytes Bytes48, zBytes, yBytes Bytes32, proofBytes Bytes48) (bool, error) {
	if err := acquire(); err != nil {
		return false, err
	}
	defer mu.RUnlock()
	var result C.bool
	ret := C.verify_kzg_proof(
		&result,
		(*C.Bytes48)(unsafe.Pointer(&commitmentBytes)),
		(*C.Bytes32)(unsafe.Pointer(&zBytes)),
		(*C.Bytes32)(unsafe.Pointer(&yBytes)),
		(*C.Bytes48)(unsafe.Pointer(&proofBytes)),
		settings)
	if ret != C.C_KZG_OK {
		return false, makeErrorFromRet(ret)
	}
	return bool(result), nil
}

// VerifyBlobKZGProof is verify_blob_kzg_proof.
func VerifyBlobKZGProof(blob *Blob, commitmentBytes, proofBytes Bytes48) (bool, error) {
	if blob == nil {
		return false, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return false, err
	}
	defer mu.RUnlock()
	var result C.bool
	ret := C.verify_blob_kzg_proof(
		&result,
		(*C.Blob)(unsafe.Pointer(blob)),
		(*C.Bytes48)(unsafe.Pointer(&commitmentBytes)),
		(*C.Bytes48)(unsafe.Pointer(&proofBytes)),
		settings)
	if ret != C.C_KZG_OK {
		return false, makeErrorFromRet(ret)
	}
	return bool(result), nil
}

// VerifyBlobKZGProofBatch is verify_blob_kzg_proof_batch (an empty batch verifies).
func VerifyBlobKZGProofBatch(blobs []Blob, commitmentsBytes, proofsBytes []Bytes48) (bool, error) {
	return verifyBlobBatch(blobs, commitmentsBytes, proofsBytes, false, 0)
}

// VerifyBlobKZGProofBatchParallel is VerifyBlobKZGProofBatch on numThreads threads (0: libctt's
// shared pool, one thread per core).
func VerifyBlobKZGProofBatchParallel(blobs []Blob, commitmentsBytes, proofsBytes []Bytes48, numThreads uint32) (bool, error) {
	return verifyBlobBatch(blobs, commitmentsBytes, proofsBytes, true, numThreads)
}

func verifyBlobBatch(blobs []Blob, commitmentsBytes, proofsBytes []Bytes48, parallel bool, numThreads uint32) (bool, error) {
	if len(blobs) != len(commitmentsBytes) || len(blobs) != len(proofsBytes) {
		return false, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return false, err
	}
	defer mu.RUnlock()
	var result C.bool
	var ret C.C_KZG_RET
	if parallel {
		ret = C.ctt_verify_blob_kzg_proof_batch_parallel(&result, blobsPtr(blobs),
			bytes48Ptr(commitmentsBytes), bytes48Ptr(proofsBytes), C.uint64_t(len(blobs)),
			settings, C.uint32_t(numThreads))
	} else {
		ret = C.verify_blob_kzg_proof_batch(&result, blobsPtr(blobs),
			bytes48Ptr(commitmentsBytes), bytes48Ptr(proofsBytes), C.uint64_t(len(blobs)),
			settings)
	}
	if ret != C.C_KZG_OK {
		return false, makeErrorFromRet(ret)
	}
	return bool(result), nil
}

// BlobsToKZGCommitmentsParallel computes the commitments of many blobs on numThreads threads
// (0: libctt's shared pool).
func BlobsToKZGCommitmentsParallel(blobs []Blob, numThreads uint32) ([]KZGCommitment, error) {
	if err := acquire(); err != nil {
		return nil, err
	}
	defer mu.RUnlock()
	out := make([]KZGCommitment, len(blobs))
	if len(blobs) == 0 {
		return out, nil
	}
	ret := C.ctt_blobs_to_kzg_commitments_parallel(
		(*C.KZGCommitment)(unsafe.Pointer(&out[0])), blobsPtr(blobs), C.uint64_t(len(blobs)),
		settings, C.uint32_t(numThreads))
	if ret != C.C_KZG_OK {
		return nil, makeErrorFromRet(ret)
	}
	return out, nil
}

// ComputeBlobKZGProofsParallel computes the blob proofs of many (blob, commitment) pairs on
// numThreads threads (0: libctt's shared pool).
func ComputeBlobKZGProofsParallel(blobs []Blob, commitmentsBytes []Bytes48, numThreads uint32) ([]KZGProof, error) {
	if len(blobs) != len(commitmentsBytes) {
		return nil, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return nil, err
	}
	defer mu.RUnlock()
	out := make([]KZGProof, len(blobs))
	if len(blobs) == 0 {
		return out, nil
	}
	ret := C.ctt_compute_blob_kzg_proofs_parallel(
		(*C.KZGProof)(unsafe.Pointer(&out[0])), blobsPtr(blobs), bytes48Ptr(commitmentsBytes),
		C.uint64_t(len(blobs)), settings, C.uint32_t(numThreads))
	if ret != C.C_KZG_OK {
		return nil, makeErrorFromRet(ret)
	}
	return out, nil
}

///////////////////////////////////////////////////////////////////////////////
// EIP-7594
///////////////////////////////////////////////////////////////////////////////

func computeCells(blob *Blob, withProofs, parallel bool, numThreads uint32) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	var cells [CellsPerExtBlob]Cell
	var proofs [CellsPerExtBlob]KZGProof
	if blob == nil {
		return cells, proofs, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return cells, proofs, err
	}
	defer mu.RUnlock()
	proofsOut := (*C.KZGProof)(nil)
	if withProofs {
		proofsOut = (*C.KZGProof)(unsafe.Pointer(&proofs[0]))
	}
	var ret C.C_KZG_RET
	if parallel {
		ret = C.ctt_compute_cells_and_kzg_proofs_parallel((*C.Cell)(unsafe.Pointer(&cells[0])),
			proofsOut, (*C.Blob)(unsafe.Pointer(blob)), settings, C.uint32_t(numThreads))
	} else {
		ret = C.compute_cells_and_kzg_proofs((*C.Cell)(unsafe.Pointer(&cells[0])), proofsOut,
			(*C.Blob)(unsafe.Pointer(blob)), settings)
	}
	if ret != C.C_KZG_OK {
		return [CellsPerExtBlob]Cell{}, [CellsPerExtBlob]KZGProof{}, makeErrorFromRet(ret)
	}
	return cells, proofs, nil
}

// ComputeCells is compute_cells_and_kzg_proofs without the proofs: the blob's extended cells.
func ComputeCells(blob *Blob) ([CellsPerExtBlob]Cell, error) {
	cells, _, err := computeCells(blob, false, false, 0)
	return cells, err
}

// ComputeCellsAndKZGProofs is compute_cells_and_kzg_proofs.
func ComputeCellsAndKZGProofs(blob *Blob) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	return computeCells(blob, true, false, 0)
}

// ComputeCellsAndKZGProofsParallel is ComputeCellsAndKZGProofs on numThreads threads (0:
// libctt's shared pool).
func ComputeCellsAndKZGProofsParallel(blob *Blob, numThreads uint32) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	return computeCells(blob, true, true, numThreads)
}

func recoverCells(cellIndices []uint64, cells []Cell, withProofs, parallel bool, numThreads uint32) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	var outCells [CellsPerExtBlob]Cell
	var outProofs [CellsPerExtBlob]KZGProof
	if len(cellIndices) != len(cells) {
		return outCells, outProofs, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return outCells, outProofs, err
	}
	defer mu.RUnlock()
	proofsOut := (*C.KZGProof)(nil)
	if withProofs {
		proofsOut = (*C.KZGProof)(unsafe.Pointer(&outProofs[0]))
	}
	var ret C.C_KZG_RET
	if parallel {
		ret = C.ctt_recover_cells_and_kzg_proofs_parallel((*C.Cell)(unsafe.Pointer(&outCells[0])),
			proofsOut, u64Ptr(cellIndices), cellsPtr(cells), C.uint64_t(len(cells)), settings,
			C.uint32_t(numThreads))
	} else {
		ret = C.recover_cells_and_kzg_proofs((*C.Cell)(unsafe.Pointer(&outCells[0])),
			proofsOut, u64Ptr(cellIndices), cellsPtr(cells), C.uint64_t(len(cells)), settings)
	}
	if ret != C.C_KZG_OK {
		return [CellsPerExtBlob]Cell{}, [CellsPerExtBlob]KZGProof{}, makeErrorFromRet(ret)
	}
	return outCells, outProofs, nil
}

// RecoverCellsAndKZGProofs is recover_cells_and_kzg_proofs: every cell and proof of a blob from
// at least half of its cells (indices ascending, no repeats).
func RecoverCellsAndKZGProofs(cellIndices []uint64, cells []Cell) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	return recoverCells(cellIndices, cells, true, false, 0)
}

// RecoverCells is RecoverCellsAndKZGProofs without the proofs.
func RecoverCells(cellIndices []uint64, cells []Cell) ([CellsPerExtBlob]Cell, error) {
	c, _, err := recoverCells(cellIndices, cells, false, false, 0)
	return c, err
}

// RecoverCellsAndKZGProofsParallel is RecoverCellsAndKZGProofs on numThreads threads (0:
// libctt's shared pool).
func RecoverCellsAndKZGProofsParallel(cellIndices []uint64, cells []Cell, numThreads uint32) ([CellsPerExtBlob]Cell, [CellsPerExtBlob]KZGProof, error) {
	return recoverCells(cellIndices, cells, true, true, numThreads)
}

// VerifyCellKZGProofBatch is verify_cell_kzg_proof_batch (an empty batch verifies).
func VerifyCellKZGProofBatch(commitmentsBytes []Bytes48, cellIndices []uint64, cells []Cell, proofsBytes []Bytes48) (bool, error) {
	return verifyCellBatch(commitmentsBytes, cellIndices, cells, proofsBytes, false, 0)
}

// VerifyCellKZGProofBatchParallel is VerifyCellKZGProofBatch on numThreads threads (0: libctt's
// shared pool).
func VerifyCellKZGProofBatchParallel(commitmentsBytes []Bytes48, cellIndices []uint64, cells []Cell, proofsBytes []Bytes48, numThreads uint32) (bool, error) {
	return verifyCellBatch(commitmentsBytes, cellIndices, cells, proofsBytes, true, numThreads)
}

func verifyCellBatch(commitmentsBytes []Bytes48, cellIndices []uint64, cells []Cell, proofsBytes []Bytes48, parallel bool, numThreads uint32) (bool, error) {
	if len(commitmentsBytes) != len(cells) || len(cellIndices) != len(cells) || len(proofsBytes) != len(cells) {
		return false, ErrBadArgs
	}
	if err := acquire(); err != nil {
		return false, err
	}
	defer mu.RUnlock()
	var result C.bool
	var ret C.C_KZG_RET
	if parallel {
		ret = C.ctt_verify_cell_kzg_proof_batch_parallel(&result, bytes48Ptr(commitmentsBytes),
			u64Ptr(cellIndices), cellsPtr(cells), bytes48Ptr(proofsBytes), C.uint64_t(len(cells)),
			settings, C.uint32_t(numThreads))
	} else {
		ret = C.verify_cell_kzg_proof_batch(&result, bytes48Ptr(commitmentsBytes),
			u64Ptr(cellIndices), cellsPtr(cells), bytes48Ptr(proofsBytes), C.uint64_t(len(cells)),
			settings)
	}
	if ret != C.C_KZG_OK {
		return false, makeErrorFromRet(ret)
	}
	return bool(result), nil
}

///////////////////////////////////////////////////////////////////////////////
// Internal functions (the spec's intermediate values, for the tests)
///////////////////////////////////////////////////////////////////////////////

// computeChallenge is the Fiat-Shamir challenge of a blob and its commitment.
func computeChallenge(blob *Blob, commitment Bytes48) (Bytes32, error) {
	if blob == nil {
		return Bytes32{}, ErrBadArgs
	}
	var commitmentG1 C.g1_t
	ret := C.bytes_to_kzg_commitment(&commitmentG1, (*C.Bytes48)(unsafe.Pointer(&commitment)))
	if ret != C.C_KZG_OK {
		return Bytes32{}, makeErrorFromRet(ret)
	}
	var challenge C.fr_t
	C.compute_challenge(&challenge, (*C.Blob)(unsafe.Pointer(blob)), &commitmentG1)
	var out Bytes32
	C.bytes_from_bls_field((*C.Bytes32)(unsafe.Pointer(&out)), &challenge)
	return out, nil
}

// computeVerifyCellKZGProofBatchChallenge is the challenge of verify_cell_kzg_proof_batch.
func computeVerifyCellKZGProofBatchChallenge(commitmentsBytes []Bytes48, commitmentIndices, cellIndices []uint64, cells []Cell, proofsBytes []Bytes48) (Bytes32, error) {
	if len(commitmentIndices) != len(cells) || len(cellIndices) != len(cells) || len(proofsBytes) != len(cells) {
		return Bytes32{}, ErrBadArgs
	}
	var challenge C.fr_t
	ret := C.compute_verify_cell_kzg_proof_batch_challenge(&challenge,
		bytes48Ptr(commitmentsBytes), C.uint64_t(len(commitmentsBytes)), u64Ptr(commitmentIndices),
		u64Ptr(cellIndices), cellsPtr(cells), bytes48Ptr(proofsBytes), C.uint64_t(len(cells)))
	if ret != C.C_KZG_OK {
		return Bytes32{}, makeErrorFromRet(ret)
	}
	var out Bytes32
	C.bytes_from_bls_field((*C.Bytes32)(unsafe.Pointer(&out)), &challenge)
	return out, nil
}
