package evm

import (
	"bytes"
	"testing"
)

// FuzzRunPrecompile: any input to any precompile on any fork is an answer or an error; the
// geth-shaped contract and RunPrecompile agree; a success costs its price. `go test` runs the
// seeds (the vectors' inputs); `go test -fuzz FuzzRunPrecompile ./evm` explores.
func FuzzRunPrecompile(f *testing.F) {
	for _, s := range successFiles {
		for i, v := range readVectors(f, s.file) {
			if i < 3 {
				f.Add(uint16(s.address), uint8(s.forks[0]), unhexF(f, v.Input))
			}
		}
	}
	for _, s := range failureFiles {
		for i, v := range readVectors(f, s.file) {
			if i < 3 {
				f.Add(uint16(s.address), uint8(s.forks[0]), unhexF(f, v.Input))
			}
		}
	}
	f.Fuzz(func(t *testing.T, address uint16, fork uint8, input []byte) {
		a := uint64(address) % 0x120
		fk := Fork(fork % 8)
		// a limit above any block's (a MODEXP of a 2 MB modulus costs 5e12 gas and minutes)
		out, gas, err := RunPrecompile(a, input, 100_000_000, fk)
		if err != nil && out != nil {
			t.Fatal("output with an error")
		}
		c, ok := NewContract(a, fk)
		if !ok {
			if err == nil {
				t.Fatalf("%#x on %v: no contract, but RunPrecompile succeeds", a, fk)
			}
			return
		}
		if err == nil && gas != c.RequiredGas(input) {
			t.Fatalf("%#x: gas %d, priced %d", a, gas, c.RequiredGas(input))
		}
		if err == ErrOutOfGas {
			return // priced above the limit (Run, which the caller has charged, would go on)
		}
		out2, err2 := c.Run(input)
		if (err == nil) != (err2 == nil) || !bytes.Equal(out, out2) {
			t.Fatalf("%#x: Run and RunPrecompile differ: %v %v", a, err, err2)
		}
	})
}

func unhexF(f *testing.F, s string) []byte {
	f.Helper()
	b, err := hexDecode(s)
	if err != nil {
		f.Fatal(err)
	}
	return b
}
