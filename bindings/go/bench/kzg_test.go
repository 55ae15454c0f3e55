package bench

import (
	"fmt"
	"math/rand"
	"os"
	"testing"

	gokzg "github.com/crate-crypto/go-eth-kzg"
	ctt "github.com/ctt-crypto/ctt/bindings/go/ckzg4844"
	ckzg "github.com/ethereum/c-kzg-4844/v2/bindings/go"
	blst "github.com/supranational/blst/bindings/go"
)

const trustedSetupText = "../../../crates/ctt-kzg/data/trusted_setup.txt"

var goKZG *gokzg.Context

func TestMain(m *testing.M) {
	// One thread for every library unless a benchmark says otherwise.
	blst.SetMaxProcs(1)
	if err := ctt.LoadMainnetTrustedSetup(8); err != nil {
		fmt.Fprintln(os.Stderr, "ctt:", err)
		os.Exit(1)
	}
	if err := ckzg.LoadTrustedSetupFile(trustedSetupText, 8); err != nil {
		fmt.Fprintln(os.Stderr, "c-kzg:", err)
		os.Exit(1)
	}
	var err error
	if goKZG, err = gokzg.NewContext4096Secure(); err != nil {
		fmt.Fprintln(os.Stderr, "go-eth-kzg:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// randomBlob is a blob of random canonical field elements.
func randomBlob(r *rand.Rand) *ctt.Blob {
	var blob ctt.Blob
	for i := 0; i < ctt.FieldElementsPerBlob; i++ {
		r.Read(blob[i*32+1 : i*32+32])
		blob[i*32] = byte(r.Intn(0x73))
	}
	return &blob
}

func randomScalar(r *rand.Rand) ctt.Bytes32 {
	var z ctt.Bytes32
	r.Read(z[1:])
	z[0] = byte(r.Intn(0x73))
	return z
}

// kzgCase is one blob with its commitment, proofs and cells (computed by ctt, checked against
// the others in the differential test).
type kzgCase struct {
	blob       *ctt.Blob
	commitment ctt.KZGCommitment
	proof      ctt.KZGProof
	z, y       ctt.Bytes32
	zProof     ctt.KZGProof
	cells      [ctt.CellsPerExtBlob]ctt.Cell
	cellProofs [ctt.CellsPerExtBlob]ctt.KZGProof
}

func newKZGCase(tb testing.TB, r *rand.Rand) *kzgCase {
	c := &kzgCase{blob: randomBlob(r), z: randomScalar(r)}
	var err error
	if c.commitment, err = ctt.BlobToKZGCommitment(c.blob); err != nil {
		tb.Fatal(err)
	}
	if c.proof, err = ctt.ComputeBlobKZGProof(c.blob, ctt.Bytes48(c.commitment)); err != nil {
		tb.Fatal(err)
	}
	if c.zProof, c.y, err = ctt.ComputeKZGProof(c.blob, c.z); err != nil {
		tb.Fatal(err)
	}
	if c.cells, c.cellProofs, err = ctt.ComputeCellsAndKZGProofs(c.blob); err != nil {
		tb.Fatal(err)
	}
	return c
}

func ckzgBlob(b *ctt.Blob) *ckzg.Blob   { return (*ckzg.Blob)(b) }
func gokzgBlob(b *ctt.Blob) *gokzg.Blob { return (*gokzg.Blob)(b) }

// ---------------------------------------------------------------------------------------------
// Differential: ctt against c-kzg-4844 and go-eth-kzg on random blobs and cells

func TestKZGDifferential(t *testing.T) {
	r := rand.New(rand.NewSource(4844))
	n := 6
	if testing.Short() {
		n = 2
	}
	for i := 0; i < n; i++ {
		c := newKZGCase(t, r)
		// commitments
		cc, err := ckzg.BlobToKZGCommitment(ckzgBlob(c.blob))
		gc, err2 := goKZG.BlobToKZGCommitment(gokzgBlob(c.blob), 1)
		if err != nil || err2 != nil || cc != ckzg.KZGCommitment(c.commitment) || gc != gokzg.KZGCommitment(c.commitment) {
			t.Fatalf("blob %d: commitments differ (%v %v)", i, err, err2)
		}
		// blob proofs
		cp, err := ckzg.ComputeBlobKZGProof(ckzgBlob(c.blob), ckzg.Bytes48(c.commitment))
		gp, err2 := goKZG.ComputeBlobKZGProof(gokzgBlob(c.blob), gc, 1)
		if err != nil || err2 != nil || cp != ckzg.KZGProof(c.proof) || gp != gokzg.KZGProof(c.proof) {
			t.Fatalf("blob %d: blob proofs differ (%v %v)", i, err, err2)
		}
		// proofs at a point
		czp, cy, err := ckzg.ComputeKZGProof(ckzgBlob(c.blob), ckzg.Bytes32(c.z))
		gzp, gy, err2 := goKZG.ComputeKZGProof(gokzgBlob(c.blob), gokzg.Scalar(c.z), 1)
		if err != nil || err2 != nil || czp != ckzg.KZGProof(c.zProof) || cy != ckzg.Bytes32(c.y) ||
			gzp != gokzg.KZGProof(c.zProof) || gy != gokzg.Scalar(c.y) {
			t.Fatalf("blob %d: proofs at z differ (%v %v)", i, err, err2)
		}
		// verification, valid and tampered, agreeing
		for _, tamper := range []bool{false, true} {
			y := c.y
			if tamper {
				y[31] ^= 1
			}
			ok, err := ctt.VerifyKZGProof(ctt.Bytes48(c.commitment), c.z, y, ctt.Bytes48(c.zProof))
			cok, _ := ckzg.VerifyKZGProof(ckzg.Bytes48(c.commitment), ckzg.Bytes32(c.z), ckzg.Bytes32(y), ckzg.Bytes48(c.zProof))
			gerr := goKZG.VerifyKZGProof(gc, gokzg.Scalar(c.z), gokzg.Scalar(y), gzp)
			if err != nil || ok != !tamper || cok != ok || (gerr == nil) != ok {
				t.Fatalf("blob %d: verify_kzg_proof (tampered %v): ctt %v %v, c-kzg %v, go-eth-kzg %v", i, tamper, ok, err, cok, gerr)
			}
		}
		// cells and their proofs
		ccells, cproofs, err := ckzg.ComputeCellsAndKZGProofs(ckzgBlob(c.blob))
		gcells, gproofs, err2 := goKZG.ComputeCellsAndKZGProofs(gokzgBlob(c.blob), 1)
		if err != nil || err2 != nil {
			t.Fatal(err, err2)
		}
		for j := 0; j < ctt.CellsPerExtBlob; j++ {
			if ccells[j] != ckzg.Cell(c.cells[j]) || *gcells[j] != gokzg.Cell(c.cells[j]) {
				t.Fatalf("blob %d: cell %d differs", i, j)
			}
			if cproofs[j] != ckzg.KZGProof(c.cellProofs[j]) || gproofs[j] != gokzg.KZGProof(c.cellProofs[j]) {
				t.Fatalf("blob %d: cell proof %d differs", i, j)
			}
		}
		// recovery from a random half (and a bit more)
		perm := r.Perm(ctt.CellsPerExtBlob)[:64+r.Intn(32)]
		idx := make([]uint64, 0, len(perm))
		for j := 0; j < ctt.CellsPerExtBlob; j++ {
			for _, p := range perm {
				if p == j {
					idx = append(idx, uint64(j))
				}
			}
		}
		some := make([]ctt.Cell, len(idx))
		someC := make([]ckzg.Cell, len(idx))
		someG := make([]*gokzg.Cell, len(idx))
		for k, j := range idx {
			some[k] = c.cells[j]
			someC[k] = ckzg.Cell(c.cells[j])
			g := gokzg.Cell(c.cells[j])
			someG[k] = &g
		}
		rc, rp, err := ctt.RecoverCellsAndKZGProofs(idx, some)
		crc, crp, err2 := ckzg.RecoverCellsAndKZGProofs(idx, someC)
		grc, grp, err3 := goKZG.RecoverCellsAndComputeKZGProofs(idx, someG, 1)
		if err != nil || err2 != nil || err3 != nil || rc != c.cells || rp != c.cellProofs {
			t.Fatalf("blob %d: recovery %v %v %v", i, err, err2, err3)
		}
		for j := range rc {
			if crc[j] != ckzg.Cell(rc[j]) || crp[j] != ckzg.KZGProof(rp[j]) || *grc[j] != gokzg.Cell(rc[j]) || grp[j] != gokzg.KZGProof(rp[j]) {
				t.Fatalf("blob %d: recovered cell %d differs", i, j)
			}
		}
		// cell verification of a random subset, valid and with one cell tampered
		commitments := make([]ctt.Bytes48, len(idx))
		proofs := make([]ctt.Bytes48, len(idx))
		gcom := make([]gokzg.KZGCommitment, len(idx))
		gpr := make([]gokzg.KZGProof, len(idx))
		for k, j := range idx {
			commitments[k] = ctt.Bytes48(c.commitment)
			proofs[k] = ctt.Bytes48(c.cellProofs[j])
			gcom[k] = gc
			gpr[k] = gokzg.KZGProof(c.cellProofs[j])
		}
		for _, tamper := range []bool{false, true} {
			cells := append([]ctt.Cell(nil), some...)
			if tamper {
				cells[r.Intn(len(cells))][r.Intn(ctt.BytesPerCell-1)+1] ^= 1
			}
			cellsC := make([]ckzg.Cell, len(cells))
			cellsG := make([]*gokzg.Cell, len(cells))
			for k := range cells {
				cellsC[k] = ckzg.Cell(cells[k])
				g := gokzg.Cell(cells[k])
				cellsG[k] = &g
			}
			ok, err := ctt.VerifyCellKZGProofBatch(commitments, idx, cells, proofs)
			commitmentsC := *(*[]ckzg.Bytes48)(unsafePointer(&commitments))
			proofsC := *(*[]ckzg.Bytes48)(unsafePointer(&proofs))
			cok, cerr := ckzg.VerifyCellKZGProofBatch(commitmentsC, idx, cellsC, proofsC)
			gerr := goKZG.VerifyCellKZGProofBatch(gcom, idx, cellsG, gpr)
			// a tampered byte may leave the field (an error) or not (false): all agree on "not valid"
			valid := err == nil && ok
			if valid == tamper || (cerr == nil && cok) != valid || (gerr == nil) != valid {
				t.Fatalf("blob %d: cell batch (tampered %v): ctt %v %v, c-kzg %v %v, go-eth-kzg %v", i, tamper, ok, err, cok, cerr, gerr)
			}
		}
	}
	// batch verification of blobs
	cases := []*kzgCase{newKZGCase(t, r), newKZGCase(t, r), newKZGCase(t, r)}
	blobs, commitments, proofs := batchOf(cases)
	ok, err := ctt.VerifyBlobKZGProofBatch(blobs, commitments, proofs)
	cok, cerr := ckzg.VerifyBlobKZGProofBatch(ckzgBlobs(blobs), ckzgBytes48(commitments), ckzgBytes48(proofs))
	gerr := goKZG.VerifyBlobKZGProofBatch(gokzgBlobs(blobs), gokzgCommitments(commitments), gokzgProofs(proofs))
	if !ok || err != nil || !cok || cerr != nil || gerr != nil {
		t.Fatalf("blob batch: %v %v, %v %v, %v", ok, err, cok, cerr, gerr)
	}
	proofs[1] = proofs[0]
	ok, err = ctt.VerifyBlobKZGProofBatch(blobs, commitments, proofs)
	cok, _ = ckzg.VerifyBlobKZGProofBatch(ckzgBlobs(blobs), ckzgBytes48(commitments), ckzgBytes48(proofs))
	gerr = goKZG.VerifyBlobKZGProofBatch(gokzgBlobs(blobs), gokzgCommitments(commitments), gokzgProofs(proofs))
	if ok || err != nil || cok || gerr == nil {
		t.Fatalf("blob batch with a wrong proof: %v %v, %v, %v", ok, err, cok, gerr)
	}
}

func batchOf(cases []*kzgCase) ([]ctt.Blob, []ctt.Bytes48, []ctt.Bytes48) {
	blobs := make([]ctt.Blob, len(cases))
	commitments := make([]ctt.Bytes48, len(cases))
	proofs := make([]ctt.Bytes48, len(cases))
	for i, c := range cases {
		blobs[i] = *c.blob
		commitments[i] = ctt.Bytes48(c.commitment)
		proofs[i] = ctt.Bytes48(c.proof)
	}
	return blobs, commitments, proofs
}

func ckzgBlobs(b []ctt.Blob) []ckzg.Blob { return *(*[]ckzg.Blob)(unsafePointer(&b)) }
func ckzgBytes48(b []ctt.Bytes48) []ckzg.Bytes48 {
	return *(*[]ckzg.Bytes48)(unsafePointer(&b))
}
func gokzgBlobs(b []ctt.Blob) []*gokzg.Blob {
	out := make([]*gokzg.Blob, len(b))
	for i := range b {
		out[i] = (*gokzg.Blob)(&b[i])
	}
	return out
}
func gokzgCommitments(b []ctt.Bytes48) []gokzg.KZGCommitment {
	out := make([]gokzg.KZGCommitment, len(b))
	for i := range b {
		out[i] = gokzg.KZGCommitment(b[i])
	}
	return out
}
func gokzgProofs(b []ctt.Bytes48) []gokzg.KZGProof {
	out := make([]gokzg.KZGProof, len(b))
	for i := range b {
		out[i] = gokzg.KZGProof(b[i])
	}
	return out
}

// ---------------------------------------------------------------------------------------------
// Benchmarks: the same inputs for the three libraries, one thread (run with -cpu 1)

var benchCase *kzgCase

func kzgBench(b *testing.B) *kzgCase {
	if benchCase == nil {
		benchCase = newKZGCase(b, rand.New(rand.NewSource(1)))
	}
	return benchCase
}

func BenchmarkBlobToKZGCommitment(b *testing.B) {
	c := kzgBench(b)
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.BlobToKZGCommitment(c.blob)
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.BlobToKZGCommitment(ckzgBlob(c.blob))
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.BlobToKZGCommitment(gokzgBlob(c.blob), 1)
		}
	})
}

func BenchmarkComputeKZGProof(b *testing.B) {
	c := kzgBench(b)
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.ComputeKZGProof(c.blob, c.z)
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.ComputeKZGProof(ckzgBlob(c.blob), ckzg.Bytes32(c.z))
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.ComputeKZGProof(gokzgBlob(c.blob), gokzg.Scalar(c.z), 1)
		}
	})
}

func BenchmarkComputeBlobKZGProof(b *testing.B) {
	c := kzgBench(b)
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.ComputeBlobKZGProof(c.blob, ctt.Bytes48(c.commitment))
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.ComputeBlobKZGProof(ckzgBlob(c.blob), ckzg.Bytes48(c.commitment))
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.ComputeBlobKZGProof(gokzgBlob(c.blob), gokzg.KZGCommitment(c.commitment), 1)
		}
	})
}

func BenchmarkVerifyKZGProof(b *testing.B) {
	c := kzgBench(b)
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.VerifyKZGProof(ctt.Bytes48(c.commitment), c.z, c.y, ctt.Bytes48(c.zProof))
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.VerifyKZGProof(ckzg.Bytes48(c.commitment), ckzg.Bytes32(c.z), ckzg.Bytes32(c.y), ckzg.Bytes48(c.zProof))
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.VerifyKZGProof(gokzg.KZGCommitment(c.commitment), gokzg.Scalar(c.z), gokzg.Scalar(c.y), gokzg.KZGProof(c.zProof))
		}
	})
}

func BenchmarkVerifyBlobKZGProof(b *testing.B) {
	c := kzgBench(b)
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.VerifyBlobKZGProof(c.blob, ctt.Bytes48(c.commitment), ctt.Bytes48(c.proof))
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.VerifyBlobKZGProof(ckzgBlob(c.blob), ckzg.Bytes48(c.commitment), ckzg.Bytes48(c.proof))
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.VerifyBlobKZGProof(gokzgBlob(c.blob), gokzg.KZGCommitment(c.commitment), gokzg.KZGProof(c.proof))
		}
	})
}

func BenchmarkVerifyBlobKZGProofBatch(b *testing.B) {
	r := rand.New(rand.NewSource(2))
	for _, n := range []int{6} {
		cases := make([]*kzgCase, n)
		for i := range cases {
			cases[i] = newKZGCase(b, r)
		}
		blobs, commitments, proofs := batchOf(cases)
		b.Run(fmt.Sprintf("n=%d/lib=ctt", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ctt.VerifyBlobKZGProofBatch(blobs, commitments, proofs)
			}
		})
		b.Run(fmt.Sprintf("n=%d/lib=c-kzg", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ckzg.VerifyBlobKZGProofBatch(ckzgBlobs(blobs), ckzgBytes48(commitments), ckzgBytes48(proofs))
			}
		})
		gb, gc, gp := gokzgBlobs(blobs), gokzgCommitments(commitments), gokzgProofs(proofs)
		b.Run(fmt.Sprintf("n=%d/lib=go-eth-kzg", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				goKZG.VerifyBlobKZGProofBatch(gb, gc, gp)
			}
		})
	}
}

func BenchmarkComputeCellsAndKZGProofs(b *testing.B) {
	c := kzgBench(b)
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.ComputeCellsAndKZGProofs(c.blob)
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.ComputeCellsAndKZGProofs(ckzgBlob(c.blob))
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.ComputeCellsAndKZGProofs(gokzgBlob(c.blob), 1)
		}
	})
}

func BenchmarkRecoverCellsAndKZGProofs(b *testing.B) {
	c := kzgBench(b)
	// the worst case: the 64 extension cells, none of the blob's own
	idx := make([]uint64, 64)
	cells := make([]ctt.Cell, 64)
	cellsC := make([]ckzg.Cell, 64)
	cellsG := make([]*gokzg.Cell, 64)
	for k := range idx {
		idx[k] = uint64(64 + k)
		cells[k] = c.cells[64+k]
		cellsC[k] = ckzg.Cell(cells[k])
		g := gokzg.Cell(cells[k])
		cellsG[k] = &g
	}
	b.Run("lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.RecoverCellsAndKZGProofs(idx, cells)
		}
	})
	b.Run("lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.RecoverCellsAndKZGProofs(idx, cellsC)
		}
	})
	b.Run("lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.RecoverCellsAndComputeKZGProofs(idx, cellsG, 1)
		}
	})
}

func BenchmarkVerifyCellKZGProofBatch(b *testing.B) {
	c := kzgBench(b)
	// one blob's 128 cells
	n := ctt.CellsPerExtBlob
	idx := make([]uint64, n)
	commitments := make([]ctt.Bytes48, n)
	proofs := make([]ctt.Bytes48, n)
	cellsC := make([]ckzg.Cell, n)
	cellsG := make([]*gokzg.Cell, n)
	gcom := make([]gokzg.KZGCommitment, n)
	gpr := make([]gokzg.KZGProof, n)
	for k := 0; k < n; k++ {
		idx[k] = uint64(k)
		commitments[k] = ctt.Bytes48(c.commitment)
		proofs[k] = ctt.Bytes48(c.cellProofs[k])
		cellsC[k] = ckzg.Cell(c.cells[k])
		g := gokzg.Cell(c.cells[k])
		cellsG[k] = &g
		gcom[k] = gokzg.KZGCommitment(c.commitment)
		gpr[k] = gokzg.KZGProof(c.cellProofs[k])
	}
	cells := c.cells[:]
	b.Run("n=128/lib=ctt", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.VerifyCellKZGProofBatch(commitments, idx, cells, proofs)
		}
	})
	b.Run("n=128/lib=c-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ckzg.VerifyCellKZGProofBatch(ckzgBytes48(commitments), idx, cellsC, ckzgBytes48(proofs))
		}
	})
	b.Run("n=128/lib=go-eth-kzg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goKZG.VerifyCellKZGProofBatch(gcom, idx, cellsG, gpr)
		}
	})
}
