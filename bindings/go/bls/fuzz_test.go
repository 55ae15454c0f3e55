package bls

import (
	"bytes"
	"testing"
)

// FuzzDecode: any bytes given as a secret key, public key or signature decode or fail with an
// error; what decodes re-encodes to the same bytes and verifies or not without an error.
func FuzzDecode(f *testing.F) {
	sk, _ := KeyGen(bytes.Repeat([]byte{7}, 32), nil)
	pk, _ := sk.PublicKey()
	sig, _ := sk.Sign([]byte("seed"))
	f.Add(sk.Bytes(), pk.Bytes(), sig.Bytes(), []byte("seed"))
	f.Add([]byte{}, []byte{0xc0}, make([]byte, 96), []byte(nil))
	id := make([]byte, 96)
	id[0] = 0xc0
	f.Add(make([]byte, 32), make([]byte, 48), id, []byte("x"))
	f.Fuzz(func(t *testing.T, skb, pkb, sigb, msg []byte) {
		if s, err := SecretKeyFromBytes(skb); err == nil {
			if !bytes.Equal(s.Bytes(), skb) {
				t.Fatal("secret key round trip")
			}
			if _, err := s.Sign(msg); err != nil {
				t.Fatal(err)
			}
		}
		p, errP := PublicKeyFromBytes(pkb)
		if errP == nil && !bytes.Equal(p.Bytes(), pkb) {
			t.Fatal("public key round trip")
		}
		s, errS := SignatureFromBytes(sigb)
		if errS == nil && !bytes.Equal(s.Bytes(), sigb) {
			t.Fatal("signature round trip")
		}
		if errP == nil && errS == nil {
			if _, err := Verify(p, msg, s); err != nil {
				t.Fatalf("verify of decoded values: %v", err)
			}
			if _, err := BatchVerify([]SignatureSet{{p, msg, s}}); err != nil {
				t.Fatalf("batch of decoded values: %v", err)
			}
		}
	})
}
