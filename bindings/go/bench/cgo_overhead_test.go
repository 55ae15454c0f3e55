//go:build ctt_renamed

package bench

import (
	"testing"

	ctt "github.com/ctt-crypto/ctt/bindings/go/ckzg4844"
	"github.com/ctt-crypto/ctt/bindings/go/evm"
)

// The cgo overhead: the same libctt call made b.N times from one C loop, from Go directly (one
// cgo transition each) and through the binding (plus its Go code: argument checks, the setup's
// read lock, the output's allocation).
func BenchmarkCgoOverhead(b *testing.B) {
	if err := cLoad(); err != nil {
		b.Fatal(err)
	}
	b.Run("identity_0_bytes/from=C", func(b *testing.B) {
		if !cIdentityLoop(b.N) {
			b.Fatal("failed")
		}
	})
	b.Run("identity_0_bytes/from=Go_cgo", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			goIdentity()
		}
	})
	b.Run("identity_0_bytes/from=Go_binding", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			evm.RunPrecompile(evm.IdentityAddress, nil, 100, evm.Osaka)
		}
	})
	c := kzgBench(b)
	b.Run("verify_kzg_proof/from=C", func(b *testing.B) {
		if !cVerifyKZGProofLoop(b.N, c.commitment[:], c.z[:], c.y[:], c.zProof[:]) {
			b.Fatal("failed")
		}
	})
	b.Run("verify_kzg_proof/from=Go_binding", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.VerifyKZGProof(ctt.Bytes48(c.commitment), c.z, c.y, ctt.Bytes48(c.zProof))
		}
	})
	b.Run("blob_to_kzg_commitment/from=C", func(b *testing.B) {
		if !cBlobCommitmentLoop(b.N, c.blob[:]) {
			b.Fatal("failed")
		}
	})
	b.Run("blob_to_kzg_commitment/from=Go_binding", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ctt.BlobToKZGCommitment(c.blob)
		}
	})
}
