package ctt

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// include/ holds copies of libctt's headers (so the module builds outside the workspace): they
// must be the workspace's.
func TestHeadersMatchLibctt(t *testing.T) {
	if _, err := os.Stat("../c/include"); err != nil {
		t.Skip("not in the ctt workspace")
	}
	for _, h := range []string{"ckzg.h", "ctt_kzg.h", "ctt_bls.h", "ctt_evm.h"} {
		ours, err := os.ReadFile(filepath.Join("include", h))
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := os.ReadFile(filepath.Join("../c/include", h))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ours, theirs) {
			t.Errorf("include/%s differs from bindings/c/include/%s: run go generate", h, h)
		}
	}
}
