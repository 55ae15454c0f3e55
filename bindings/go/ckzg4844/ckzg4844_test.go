package ckzg4844

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

const (
	vectorsDir       = "../../../tests/vectors/cryptography-specs/kzg"
	trustedSetupText = "../../../crates/ctt-kzg/data/trusted_setup.txt"
)

func TestMain(m *testing.M) {
	if err := LoadMainnetTrustedSetup(8); err != nil {
		fmt.Fprintln(os.Stderr, "loading the mainnet setup:", err)
		os.Exit(1)
	}
	code := m.Run()
	FreeTrustedSetup()
	os.Exit(code)
}

// withSetup runs f with another setup loaded, then restores the mainnet setup.
func withSetup(t *testing.T, load func() error, f func()) {
	t.Helper()
	FreeTrustedSetup()
	defer func() {
		FreeTrustedSetup()
		if err := LoadMainnetTrustedSetup(8); err != nil {
			t.Fatal(err)
		}
	}()
	if err := load(); err != nil {
		t.Fatal(err)
	}
	f()
}

type vector struct {
	Input  map[string]json.RawMessage `json:"input"`
	Output json.RawMessage            `json:"output"`
}

// cases reads every data.json of one handler, sorted by case name.
func cases(t *testing.T, handler string) map[string]vector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(vectorsDir, handler, "*", "data.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no vectors (%v)", handler, err)
	}
	out := map[string]vector{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v vector
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(filepath.Dir(f))] = v
	}
	return out
}

func names(m map[string]vector) []string {
	n := make([]string, 0, len(m))
	for k := range m {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// decode decodes a JSON value into v; false if it does not decode (a hex string of the wrong
// length, for example: the vector then expects an error).
func decode(raw json.RawMessage, v any) bool {
	return json.Unmarshal(raw, v) == nil
}

func isNull(raw json.RawMessage) bool { return strings.TrimSpace(string(raw)) == "null" }

// checkBool compares a verification's result with a vector's output (true, false or null).
func checkBool(t *testing.T, name string, got bool, err error, want json.RawMessage) {
	t.Helper()
	if isNull(want) {
		if err == nil {
			t.Errorf("%s: want an error, got %v", name, got)
		}
		return
	}
	var w bool
	if !decode(want, &w) {
		t.Fatalf("%s: bad output", name)
	}
	if err != nil || got != w {
		t.Errorf("%s: got %v, %v; want %v", name, got, err, w)
	}
}

func runVectors(t *testing.T, parallelToo bool) {
	total := 0
	t.Run("blob_to_kzg_commitment", func(t *testing.T) {
		cs := cases(t, "blob_to_kzg_commitment")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			var want KZGCommitment
			if !decode(v.Input["blob"], &blob) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			got, err := BlobToKZGCommitment(&blob)
			if isNull(v.Output) {
				if err == nil {
					t.Errorf("%s: want an error", name)
				}
				continue
			}
			decode(v.Output, (*Bytes48)(&want))
			if err != nil || got != want {
				t.Errorf("%s: got %x, %v", name, got, err)
			}
		}
	})
	t.Run("compute_kzg_proof", func(t *testing.T) {
		cs := cases(t, "compute_kzg_proof")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			var z Bytes32
			if !decode(v.Input["blob"], &blob) || !decode(v.Input["z"], &z) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			proof, y, err := ComputeKZGProof(&blob, z)
			if isNull(v.Output) {
				if err == nil {
					t.Errorf("%s: want an error", name)
				}
				continue
			}
			var out []string
			decode(v.Output, &out)
			var wantProof Bytes48
			var wantY Bytes32
			if wantProof.UnmarshalText([]byte(out[0])) != nil || wantY.UnmarshalText([]byte(out[1])) != nil {
				t.Fatalf("%s: bad output", name)
			}
			if err != nil || Bytes48(proof) != wantProof || y != wantY {
				t.Errorf("%s: got %x %x, %v", name, proof, y, err)
			}
		}
	})
	t.Run("compute_blob_kzg_proof", func(t *testing.T) {
		cs := cases(t, "compute_blob_kzg_proof")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			var commitment Bytes48
			if !decode(v.Input["blob"], &blob) || !decode(v.Input["commitment"], &commitment) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			proof, err := ComputeBlobKZGProof(&blob, commitment)
			if isNull(v.Output) {
				if err == nil {
					t.Errorf("%s: want an error", name)
				}
				continue
			}
			var want Bytes48
			decode(v.Output, &want)
			if err != nil || Bytes48(proof) != want {
				t.Errorf("%s: got %x, %v", name, proof, err)
			}
		}
	})
	t.Run("verify_kzg_proof", func(t *testing.T) {
		cs := cases(t, "verify_kzg_proof")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var commitment, proof Bytes48
			var z, y Bytes32
			if !decode(v.Input["commitment"], &commitment) || !decode(v.Input["z"], &z) ||
				!decode(v.Input["y"], &y) || !decode(v.Input["proof"], &proof) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			ok, err := VerifyKZGProof(commitment, z, y, proof)
			checkBool(t, name, ok, err, v.Output)
		}
	})
	t.Run("verify_blob_kzg_proof", func(t *testing.T) {
		cs := cases(t, "verify_blob_kzg_proof")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			var commitment, proof Bytes48
			if !decode(v.Input["blob"], &blob) || !decode(v.Input["commitment"], &commitment) ||
				!decode(v.Input["proof"], &proof) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			ok, err := VerifyBlobKZGProof(&blob, commitment, proof)
			checkBool(t, name, ok, err, v.Output)
		}
	})
	t.Run("verify_blob_kzg_proof_batch", func(t *testing.T) {
		cs := cases(t, "verify_blob_kzg_proof_batch")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blobs []Blob
			var commitments, proofs []Bytes48
			if !decode(v.Input["blobs"], &blobs) || !decode(v.Input["commitments"], &commitments) ||
				!decode(v.Input["proofs"], &proofs) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			ok, err := VerifyBlobKZGProofBatch(blobs, commitments, proofs)
			checkBool(t, name, ok, err, v.Output)
			if parallelToo {
				for _, threads := range []uint32{0, 1, 2} {
					ok2, err2 := VerifyBlobKZGProofBatchParallel(blobs, commitments, proofs, threads)
					if ok2 != ok || (err == nil) != (err2 == nil) {
						t.Errorf("%s: parallel (%d threads) %v %v, serial %v %v", name, threads, ok2, err2, ok, err)
					}
				}
				if len(blobs) == len(commitments) {
					// The batch fails as a whole if one element fails.
					cs, err1 := BlobsToKZGCommitmentsParallel(blobs, 2)
					ps, err2 := ComputeBlobKZGProofsParallel(blobs, commitments, 2)
					var bad1, bad2 bool
					for i := range blobs {
						c, e1 := BlobToKZGCommitment(&blobs[i])
						p, e2 := ComputeBlobKZGProof(&blobs[i], commitments[i])
						bad1 = bad1 || e1 != nil
						bad2 = bad2 || e2 != nil
						if e1 == nil && err1 == nil && cs[i] != c {
							t.Errorf("%s: BlobsToKZGCommitmentsParallel differs at %d", name, i)
						}
						if e2 == nil && err2 == nil && ps[i] != p {
							t.Errorf("%s: ComputeBlobKZGProofsParallel differs at %d", name, i)
						}
					}
					if bad1 != (err1 != nil) || bad2 != (err2 != nil) {
						t.Errorf("%s: parallel errors %v %v, serial %v %v", name, err1, err2, bad1, bad2)
					}
				}
			}
		}
	})
	t.Run("compute_challenge", func(t *testing.T) {
		cs := cases(t, "compute_challenge")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			var commitment Bytes48
			if !decode(v.Input["blob"], &blob) || !decode(v.Input["commitment"], &commitment) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			got, err := computeChallenge(&blob, commitment)
			if isNull(v.Output) {
				if err == nil {
					t.Errorf("%s: want an error", name)
				}
				continue
			}
			var want Bytes32
			decode(v.Output, &want)
			if err != nil || got != want {
				t.Errorf("%s: got %x, %v", name, got, err)
			}
		}
	})
	checkCells := func(t *testing.T, name string, gotCells []Cell, gotProofs []KZGProof, err error, want json.RawMessage, withProofs bool) {
		t.Helper()
		if isNull(want) {
			if err == nil {
				t.Errorf("%s: want an error", name)
			}
			return
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		var wantCells []Cell
		var wantProofs []Bytes48
		if withProofs {
			var pair [2]json.RawMessage
			if !decode(want, &pair) || !decode(pair[0], &wantCells) || !decode(pair[1], &wantProofs) {
				t.Fatalf("%s: bad output", name)
			}
		} else if !decode(want, &wantCells) {
			t.Fatalf("%s: bad output", name)
		}
		for i := range wantCells {
			if gotCells[i] != wantCells[i] {
				t.Errorf("%s: cell %d differs", name, i)
			}
		}
		for i := range wantProofs {
			if Bytes48(gotProofs[i]) != wantProofs[i] {
				t.Errorf("%s: proof %d differs", name, i)
			}
		}
	}
	t.Run("compute_cells", func(t *testing.T) {
		cs := cases(t, "compute_cells")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			if !decode(v.Input["blob"], &blob) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			cells, err := ComputeCells(&blob)
			checkCells(t, name, cells[:], nil, err, v.Output, false)
		}
	})
	t.Run("compute_cells_and_kzg_proofs", func(t *testing.T) {
		cs := cases(t, "compute_cells_and_kzg_proofs")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var blob Blob
			if !decode(v.Input["blob"], &blob) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			cells, proofs, err := ComputeCellsAndKZGProofs(&blob)
			checkCells(t, name, cells[:], proofs[:], err, v.Output, true)
			if parallelToo {
				cells, proofs, err := ComputeCellsAndKZGProofsParallel(&blob, 2)
				checkCells(t, name+" (parallel)", cells[:], proofs[:], err, v.Output, true)
			}
		}
	})
	t.Run("recover_cells_and_kzg_proofs", func(t *testing.T) {
		cs := cases(t, "recover_cells_and_kzg_proofs")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var indices []uint64
			var cells []Cell
			if !decode(v.Input["cell_indices"], &indices) || !decode(v.Input["cells"], &cells) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			rc, rp, err := RecoverCellsAndKZGProofs(indices, cells)
			checkCells(t, name, rc[:], rp[:], err, v.Output, true)
			rc2, err2 := RecoverCells(indices, cells)
			if (err == nil) != (err2 == nil) || (err == nil && rc2 != rc) {
				t.Errorf("%s: RecoverCells differs", name)
			}
			if parallelToo {
				rc, rp, err := RecoverCellsAndKZGProofsParallel(indices, cells, 2)
				checkCells(t, name+" (parallel)", rc[:], rp[:], err, v.Output, true)
			}
		}
	})
	t.Run("verify_cell_kzg_proof_batch", func(t *testing.T) {
		cs := cases(t, "verify_cell_kzg_proof_batch")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var commitments, proofs []Bytes48
			var indices []uint64
			var cells []Cell
			if !decode(v.Input["commitments"], &commitments) || !decode(v.Input["cell_indices"], &indices) ||
				!decode(v.Input["cells"], &cells) || !decode(v.Input["proofs"], &proofs) {
				if !isNull(v.Output) {
					t.Errorf("%s: undecodable input, output not null", name)
				}
				continue
			}
			ok, err := VerifyCellKZGProofBatch(commitments, indices, cells, proofs)
			checkBool(t, name, ok, err, v.Output)
			if parallelToo {
				ok2, err2 := VerifyCellKZGProofBatchParallel(commitments, indices, cells, proofs, 2)
				if ok2 != ok || (err == nil) != (err2 == nil) {
					t.Errorf("%s: parallel %v %v, serial %v %v", name, ok2, err2, ok, err)
				}
			}
		}
	})
	t.Run("compute_verify_cell_kzg_proof_batch_challenge", func(t *testing.T) {
		cs := cases(t, "compute_verify_cell_kzg_proof_batch_challenge")
		for _, name := range names(cs) {
			v := cs[name]
			total++
			var commitments, proofs []Bytes48
			var commitmentIndices, cellIndices []uint64
			var cosets [][]Bytes32
			if !decode(v.Input["commitments"], &commitments) || !decode(v.Input["commitment_indices"], &commitmentIndices) ||
				!decode(v.Input["cell_indices"], &cellIndices) || !decode(v.Input["cosets_evals"], &cosets) ||
				!decode(v.Input["proofs"], &proofs) {
				t.Fatalf("%s: undecodable input", name)
			}
			cells := make([]Cell, len(cosets))
			for i, coset := range cosets {
				if len(coset) != FieldElementsPerCell {
					t.Fatalf("%s: coset of %d elements", name, len(coset))
				}
				for j, e := range coset {
					copy(cells[i][j*BytesPerFieldElement:], e[:])
				}
			}
			got, err := computeVerifyCellKZGProofBatchChallenge(commitments, commitmentIndices, cellIndices, cells, proofs)
			var want Bytes32
			if !decode(v.Output, &want) {
				t.Fatalf("%s: bad output", name)
			}
			if err != nil || got != want {
				t.Errorf("%s: got %x, %v", name, got, err)
			}
		}
	})
	if total < 200 {
		t.Errorf("only %d vectors", total)
	}
	t.Logf("%d vectors", total)
}

// Every official EIP-4844 and EIP-7594 vector on the embedded mainnet setup with its fastest
// tables, the parallel twins against the serial functions.
func TestVectorsMainnetSetup(t *testing.T) {
	runVectors(t, true)
}

// Every vector again on the text setup, loaded from its file without tables.
func TestVectorsSetupFile(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	withSetup(t, func() error { return LoadTrustedSetupFile(trustedSetupText, 0) }, func() {
		runVectors(t, false)
	})
}

// ---------------------------------------------------------------------------------------------
// Setup handling and bad input

func TestLoadTwiceAndNotLoaded(t *testing.T) {
	if err := LoadMainnetTrustedSetup(0); !errors.Is(err, ErrBadArgs) {
		t.Errorf("second load: %v", err)
	}
	if err := LoadTrustedSetupFile(trustedSetupText, 0); !errors.Is(err, ErrBadArgs) {
		t.Errorf("second load: %v", err)
	}
	withSetup(t, func() error { return nil }, func() {
		var blob Blob
		if _, err := BlobToKZGCommitment(&blob); !errors.Is(err, ErrBadArgs) {
			t.Errorf("not loaded: %v", err)
		}
		if _, err := VerifyKZGProof(Bytes48{}, Bytes32{}, Bytes32{}, Bytes48{}); !errors.Is(err, ErrBadArgs) {
			t.Errorf("not loaded: %v", err)
		}
		if _, _, err := ComputeCellsAndKZGProofs(&blob); !errors.Is(err, ErrBadArgs) {
			t.Errorf("not loaded: %v", err)
		}
		FreeTrustedSetup() // twice: nothing
		if err := LoadTrustedSetupFile("/nonexistent/trusted_setup.txt", 0); !errors.Is(err, ErrBadArgs) {
			t.Errorf("missing file: %v", err)
		}
		if err := LoadMainnetTrustedSetup(16); !errors.Is(err, ErrBadArgs) {
			t.Errorf("precompute 16: %v", err)
		}
		if err := LoadTrustedSetup(nil, nil, nil, 0); !errors.Is(err, ErrBadArgs) {
			t.Errorf("empty setup: %v", err)
		}
		if err := LoadTrustedSetup(make([]byte, 48*4096), make([]byte, 48*4095), make([]byte, 96*65), 0); !errors.Is(err, ErrBadArgs) {
			t.Errorf("short setup: %v", err)
		}
	})
}

// A blob whose field elements are all below r.
func randomBlob(r *rand.Rand) *Blob {
	var blob Blob
	for i := 0; i < FieldElementsPerBlob; i++ {
		r.Read(blob[i*32+1 : i*32+32])
		blob[i*32] = byte(r.Intn(0x73))
	}
	return &blob
}

func TestBadInput(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	blob := randomBlob(r)
	commitment, err := BlobToKZGCommitment(blob)
	if err != nil {
		t.Fatal(err)
	}
	proof, err := ComputeBlobKZGProof(blob, Bytes48(commitment))
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := VerifyBlobKZGProof(blob, Bytes48(commitment), Bytes48(proof)); !ok || err != nil {
		t.Fatalf("verify: %v %v", ok, err)
	}

	// nil blobs
	if _, err := BlobToKZGCommitment(nil); err != ErrBadArgs {
		t.Error(err)
	}
	if _, _, err := ComputeKZGProof(nil, Bytes32{}); err != ErrBadArgs {
		t.Error(err)
	}
	if _, err := ComputeBlobKZGProof(nil, Bytes48{}); err != ErrBadArgs {
		t.Error(err)
	}
	if _, err := VerifyBlobKZGProof(nil, Bytes48{}, Bytes48{}); err != ErrBadArgs {
		t.Error(err)
	}
	if _, err := ComputeCells(nil); err != ErrBadArgs {
		t.Error(err)
	}
	if _, _, err := ComputeCellsAndKZGProofs(nil); err != ErrBadArgs {
		t.Error(err)
	}
	if _, _, err := ComputeCellsAndKZGProofsParallel(nil, 2); err != ErrBadArgs {
		t.Error(err)
	}

	// a field element >= r
	bad := *blob
	copy(bad[32*7:32*8], []byte{0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
		0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01})
	if _, err := BlobToKZGCommitment(&bad); err != ErrBadArgs {
		t.Errorf("r in a blob: %v", err)
	}
	if _, _, err := ComputeCellsAndKZGProofs(&bad); err != ErrBadArgs {
		t.Errorf("r in a blob: %v", err)
	}

	// tampered proof and commitment: false, or an error if no longer a point
	for i := 0; i < 48; i++ {
		p := Bytes48(proof)
		p[i] ^= 1 << uint(i%8)
		if ok, _ := VerifyBlobKZGProof(blob, Bytes48(commitment), p); ok {
			t.Errorf("tampered proof byte %d verifies", i)
		}
		c := Bytes48(commitment)
		c[i] ^= 1 << uint(i%8)
		if ok, _ := VerifyBlobKZGProof(blob, c, Bytes48(proof)); ok {
			t.Errorf("tampered commitment byte %d verifies", i)
		}
	}

	// mismatched lengths, nil slices
	if _, err := VerifyBlobKZGProofBatch([]Blob{*blob}, nil, nil); err != ErrBadArgs {
		t.Error(err)
	}
	if _, err := VerifyBlobKZGProofBatch([]Blob{*blob}, []Bytes48{Bytes48(commitment)}, []Bytes48{}); err != ErrBadArgs {
		t.Error(err)
	}
	if ok, err := VerifyBlobKZGProofBatch(nil, nil, nil); !ok || err != nil {
		t.Errorf("empty batch: %v %v", ok, err)
	}
	if ok, err := VerifyBlobKZGProofBatchParallel(nil, nil, nil, 2); !ok || err != nil {
		t.Errorf("empty batch: %v %v", ok, err)
	}
	if _, err := ComputeBlobKZGProofsParallel([]Blob{*blob}, nil, 0); err != ErrBadArgs {
		t.Error(err)
	}
	if out, err := BlobsToKZGCommitmentsParallel(nil, 0); len(out) != 0 || err != nil {
		t.Error(out, err)
	}

	cells, proofs, err := ComputeCellsAndKZGProofs(blob)
	if err != nil {
		t.Fatal(err)
	}
	commitments := make([]Bytes48, CellsPerExtBlob)
	indices := make([]uint64, CellsPerExtBlob)
	proofBytes := make([]Bytes48, CellsPerExtBlob)
	for i := range indices {
		commitments[i] = Bytes48(commitment)
		indices[i] = uint64(i)
		proofBytes[i] = Bytes48(proofs[i])
	}
	if ok, err := VerifyCellKZGProofBatch(commitments, indices, cells[:], proofBytes); !ok || err != nil {
		t.Fatalf("cells: %v %v", ok, err)
	}
	if _, err := VerifyCellKZGProofBatch(commitments[:1], indices, cells[:], proofBytes); err != ErrBadArgs {
		t.Error(err)
	}
	if _, err := VerifyCellKZGProofBatch(nil, nil, nil, proofBytes); err != ErrBadArgs {
		t.Error(err)
	}
	if ok, err := VerifyCellKZGProofBatch(nil, nil, nil, nil); !ok || err != nil {
		t.Errorf("empty: %v %v", ok, err)
	}
	// a cell index out of range
	indices[5] = CellsPerExtBlob
	if _, err := VerifyCellKZGProofBatch(commitments, indices, cells[:], proofBytes); err != ErrBadArgs {
		t.Errorf("index 128: %v", err)
	}
	indices[5] = 5
	// a tampered cell
	tampered := cells
	tampered[3][100] ^= 1
	if ok, _ := VerifyCellKZGProofBatch(commitments, indices, tampered[:], proofBytes); ok {
		t.Error("tampered cell verifies")
	}

	// recovery from half the cells, and refusals
	half := make([]uint64, 0, 64)
	halfCells := make([]Cell, 0, 64)
	for i := 0; i < CellsPerExtBlob; i += 2 {
		half = append(half, uint64(i))
		halfCells = append(halfCells, cells[i])
	}
	rc, rp, err := RecoverCellsAndKZGProofs(half, halfCells)
	if err != nil || rc != cells || rp != proofs {
		t.Errorf("recovery: %v", err)
	}
	if _, _, err := RecoverCellsAndKZGProofs(half[:63], halfCells[:63]); err != ErrBadArgs {
		t.Errorf("63 cells: %v", err)
	}
	if _, _, err := RecoverCellsAndKZGProofs(half, halfCells[:63]); err != ErrBadArgs {
		t.Errorf("mismatched: %v", err)
	}
	if _, _, err := RecoverCellsAndKZGProofs(nil, nil); err != ErrBadArgs {
		t.Errorf("nil: %v", err)
	}
	dup := append([]uint64(nil), half...)
	dup[1] = dup[0]
	if _, _, err := RecoverCellsAndKZGProofs(dup, halfCells); err != ErrBadArgs {
		t.Errorf("repeated index: %v", err)
	}
	if _, err := RecoverCells(dup, halfCells); err != ErrBadArgs {
		t.Errorf("repeated index: %v", err)
	}
}

// Many goroutines on the one setup, while another goroutine checks results.
func TestConcurrentCalls(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	blobs := []*Blob{randomBlob(r), randomBlob(r), randomBlob(r), randomBlob(r)}
	want := make([]KZGCommitment, len(blobs))
	for i, b := range blobs {
		c, err := BlobToKZGCommitment(b)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = c
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 4; i++ {
				k := (g + i) % len(blobs)
				c, err := BlobToKZGCommitment(blobs[k])
				if err != nil || c != want[k] {
					t.Errorf("goroutine %d: %v", g, err)
				}
			}
		}(g)
	}
	wg.Wait()
}

func TestUnmarshalText(t *testing.T) {
	var b Bytes32
	if err := b.UnmarshalText([]byte("0x" + strings.Repeat("ab", 32))); err != nil || b[31] != 0xab {
		t.Error(err)
	}
	if err := b.UnmarshalText([]byte(strings.Repeat("ab", 31))); err == nil {
		t.Error("short hex accepted")
	}
	if err := b.UnmarshalText([]byte(strings.Repeat("zz", 32))); err == nil {
		t.Error("bad hex accepted")
	}
	var c Bytes48
	if err := c.UnmarshalText([]byte(strings.Repeat("01", 49))); err == nil {
		t.Error("long hex accepted")
	}
	var cell Cell
	if err := cell.UnmarshalText(nil); err == nil {
		t.Error("empty cell accepted")
	}
	var blob Blob
	if err := blob.UnmarshalText([]byte("0x")); err == nil {
		t.Error("empty blob accepted")
	}
}
