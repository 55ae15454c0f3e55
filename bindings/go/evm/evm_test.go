package evm

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

const vectorsDir = "../../../tests/vectors"

// The vector files, their precompile and the forks whose prices they follow (as the Rust C-ABI
// test bindings/c/tests/c_abi.rs, with every fork of the same prices).
var successFiles = []struct {
	file    string
	address uint64
	forks   []Fork
}{
	{"geth-precompiles/ecRecover.json", 0x01, []Fork{Homestead, Byzantium, Istanbul, Berlin, Cancun, Prague, Osaka}},
	{"geth-precompiles/modexp.json", 0x05, []Fork{Byzantium, Istanbul}},
	{"geth-precompiles/modexp_eip2565.json", 0x05, []Fork{Berlin, Cancun, Prague}},
	{"geth-precompiles/modexp_eip7883.json", 0x05, []Fork{Osaka}},
	{"geth-precompiles/bn256Add.json", 0x06, []Fork{Istanbul, Berlin, Cancun, Prague, Osaka}},
	{"geth-precompiles/bn256ScalarMul.json", 0x07, []Fork{Istanbul, Berlin, Cancun, Prague, Osaka}},
	{"geth-precompiles/bn256Pairing.json", 0x08, []Fork{Istanbul, Berlin, Cancun, Prague, Osaka}},
	{"geth-precompiles/blake2F.json", 0x09, []Fork{Istanbul, Berlin, Cancun, Prague, Osaka}},
	{"geth-precompiles/pointEvaluation.json", 0x0a, []Fork{Cancun, Prague, Osaka}},
	{"geth-precompiles/blsG1Add.json", 0x0b, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsG1Mul.json", 0x0c, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsG1MultiExp.json", 0x0c, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsG2Add.json", 0x0d, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsG2Mul.json", 0x0e, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsG2MultiExp.json", 0x0e, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsPairing.json", 0x0f, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsMapG1.json", 0x10, []Fork{Prague, Osaka}},
	{"geth-precompiles/blsMapG2.json", 0x11, []Fork{Prague, Osaka}},
	{"geth-precompiles/p256Verify.json", 0x100, []Fork{Osaka}},
	{"eip-2537/add_G1_bls.json", 0x0b, []Fork{Prague, Osaka}},
	{"eip-2537/add_G2_bls.json", 0x0d, []Fork{Prague, Osaka}},
	{"eip-2537/mul_G1_bls.json", 0x0c, []Fork{Prague, Osaka}},
	{"eip-2537/msm_G1_bls.json", 0x0c, []Fork{Prague, Osaka}},
	{"eip-2537/mul_G2_bls.json", 0x0e, []Fork{Prague, Osaka}},
	{"eip-2537/pairing_check_bls.json", 0x0f, []Fork{Prague, Osaka}},
	{"eip-2537/map_fp_to_G1_bls.json", 0x10, []Fork{Prague, Osaka}},
	{"eip-2537/map_fp2_to_G2_bls.json", 0x11, []Fork{Prague, Osaka}},
}

var failureFiles = []struct {
	file    string
	address uint64
	forks   []Fork
}{
	{"geth-precompiles/fail-blake2f.json", 0x09, []Fork{Istanbul, Osaka}},
	{"geth-precompiles/fail-blsG1Add.json", 0x0b, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsG1Mul.json", 0x0c, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsG1MultiExp.json", 0x0c, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsG2Add.json", 0x0d, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsG2Mul.json", 0x0e, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsG2MultiExp.json", 0x0e, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsPairing.json", 0x0f, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsMapG1.json", 0x10, []Fork{Prague, Osaka}},
	{"geth-precompiles/fail-blsMapG2.json", 0x11, []Fork{Prague, Osaka}},
	{"eip-2537/fail-add_G1_bls.json", 0x0b, []Fork{Prague, Osaka}},
	{"eip-2537/fail-add_G2_bls.json", 0x0d, []Fork{Prague, Osaka}},
	{"eip-2537/fail-mul_G1_bls.json", 0x0c, []Fork{Prague, Osaka}},
	{"eip-2537/fail-msm_G1_bls.json", 0x0c, []Fork{Prague, Osaka}},
	{"eip-2537/fail-mul_G2_bls.json", 0x0e, []Fork{Prague, Osaka}},
	{"eip-2537/fail-msm_G2_bls.json", 0x0e, []Fork{Prague, Osaka}},
	{"eip-2537/fail-pairing_check_bls.json", 0x0f, []Fork{Prague, Osaka}},
	{"eip-2537/fail-map_fp_to_G1_bls.json", 0x10, []Fork{Prague, Osaka}},
	{"eip-2537/fail-map_fp2_to_G2_bls.json", 0x11, []Fork{Prague, Osaka}},
}

type vector struct {
	Name          string
	Input         string
	Expected      string
	ExpectedError string
	Gas           uint64
}

func readVectors(t testing.TB, file string) []vector {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(vectorsDir, file))
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(vs) == 0 {
		t.Fatalf("%s: no vectors", file)
	}
	return vs
}

func hexDecode(s string) ([]byte, error) { return hex.DecodeString(s) }

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every file of the two vector directories is in one of the tables.
func TestEveryVectorFileListed(t *testing.T) {
	listed := map[string]bool{}
	for _, f := range successFiles {
		listed[f.file] = true
	}
	for _, f := range failureFiles {
		listed[f.file] = true
	}
	for _, dir := range []string{"geth-precompiles", "eip-2537"} {
		files, _ := filepath.Glob(filepath.Join(vectorsDir, dir, "*.json"))
		if len(files) == 0 {
			t.Fatalf("%s: no files", dir)
		}
		for _, f := range files {
			if name := dir + "/" + filepath.Base(f); !listed[name] {
				t.Errorf("%s is not tested", name)
			}
		}
	}
}

// Every success vector: the output and exact gas through RunPrecompile and the geth-shaped
// contract; one gas less is out of gas (all of it consumed).
func TestSuccessVectors(t *testing.T) {
	n := 0
	for _, f := range successFiles {
		for _, v := range readVectors(t, f.file) {
			input, want := unhex(t, v.Input), unhex(t, v.Expected)
			for _, fork := range f.forks {
				n++
				out, gas, err := RunPrecompile(f.address, input, v.Gas, fork)
				if err != nil || !bytes.Equal(out, want) || gas != v.Gas {
					t.Errorf("%s %s on %v: gas %d (want %d), %v, output %x", f.file, v.Name, fork, gas, v.Gas, err, out)
					continue
				}
				if v.Gas > 0 {
					out, gas, err = RunPrecompile(f.address, input, v.Gas-1, fork)
					if err != ErrOutOfGas || gas != v.Gas-1 || out != nil {
						t.Errorf("%s %s on %v: one gas short: %d %v", f.file, v.Name, fork, gas, err)
					}
				}
				c, ok := NewContract(f.address, fork)
				if !ok {
					t.Fatalf("no contract %#x on %v", f.address, fork)
				}
				if g := c.RequiredGas(input); g != v.Gas {
					t.Errorf("%s %s on %v: RequiredGas %d, want %d", f.file, v.Name, fork, g, v.Gas)
				}
				if out, err := c.Run(input); err != nil || !bytes.Equal(out, want) {
					t.Errorf("%s %s on %v: Run %x %v", f.file, v.Name, fork, out, err)
				}
				// The output is sized from the input alone (one call, one allocation; ecrecover
				// and P256VERIFY answer empty when the signature fails); a buffer too small
				// takes the second call.
				if size := outputSize(f.address, input); size != len(want) && len(want) != 0 && len(want) <= modexpPredictedMax {
					t.Errorf("%s %s: outputSize %d, output %d bytes", f.file, v.Name, size, len(want))
				}
				if len(want) > 0 {
					out, gas, err := callSized(f.address, input, v.Gas, fork, len(want)-1)
					if err != nil || !bytes.Equal(out, want) || gas != v.Gas {
						t.Errorf("%s %s on %v: from a short buffer: %x %d %v", f.file, v.Name, fork, out, gas, err)
					}
				}
			}
		}
	}
	if n < 1400 {
		t.Errorf("only %d vectors", n)
	}
	t.Logf("%d vector runs", n)
}

// Every failure vector fails, consuming all the gas given, other than by running out of gas.
func TestFailureVectors(t *testing.T) {
	n := 0
	for _, f := range failureFiles {
		for _, v := range readVectors(t, f.file) {
			input := unhex(t, v.Input)
			for _, fork := range f.forks {
				n++
				out, gas, err := RunPrecompile(f.address, input, math.MaxUint64, fork)
				var e *Error
				if err == nil || !errors.As(err, &e) || e.Code < 17 || gas != math.MaxUint64 || out != nil {
					t.Errorf("%s %s on %v: %x %d %v", f.file, v.Name, fork, out, gas, err)
				}
				c, _ := NewContract(f.address, fork)
				if out, err := c.Run(input); err == nil || out != nil {
					t.Errorf("%s %s on %v: Run accepts", f.file, v.Name, fork)
				}
			}
		}
	}
	t.Logf("%d vector runs", n)
}

func TestContractsPerFork(t *testing.T) {
	want := map[Fork]int{Homestead: 4, Byzantium: 8, Istanbul: 9, Berlin: 9, Cancun: 10, Prague: 17, Osaka: 18}
	for fork, n := range want {
		m := Contracts(fork)
		if len(m) != n || len(Addresses(fork)) != n {
			t.Errorf("%v: %d contracts, want %d", fork, len(m), n)
		}
		for addr, c := range m {
			a, ok := AddressFromBytes(addr)
			if !ok || c.Name() != names[a] || c.(*Contract).Address() != a || c.(*Contract).Fork() != fork {
				t.Errorf("%v: %x: %s", fork, addr, c.Name())
			}
		}
	}
	if _, ok := NewContract(0x0a, Berlin); ok {
		t.Error("point evaluation on Berlin")
	}
	if _, ok := NewContract(0x100, Prague); ok {
		t.Error("P256VERIFY on Prague")
	}
	if _, ok := NewContract(0x01, Fork(7)); ok {
		t.Error("fork 7")
	}
	if _, ok := NewContract(0x12, Osaka); ok {
		t.Error("0x12")
	}
	var nilContract *Contract
	if nilContract.Name() != "" || nilContract.RequiredGas(nil) != 0 || nilContract.Address() != 0 || nilContract.Fork() != 0 {
		t.Error("nil contract")
	}
	if _, err := nilContract.Run(nil); err != ErrBadArgs {
		t.Errorf("nil contract: %v", err)
	}
	if a, ok := AddressFromBytes(AddressBytes(0x100)); !ok || a != 0x100 {
		t.Error("address round trip")
	}
	if _, ok := AddressFromBytes([20]byte{1}); ok {
		t.Error("a 160-bit address")
	}
}

func TestNotActiveAndBadArgs(t *testing.T) {
	out, gas, err := RunPrecompile(0x0a, nil, 100000, Berlin)
	if err != ErrNotActive || gas != 100000 || out != nil {
		t.Errorf("not active: %v %d", err, gas)
	}
	if _, _, err := RunPrecompile(0x12, []byte{1}, 100000, Osaka); err != ErrNotActive {
		t.Errorf("0x12: %v", err)
	}
	if _, _, err := RunPrecompile(0x01, nil, 100000, Fork(99)); err != ErrBadArgs {
		t.Errorf("fork 99: %v", err)
	}
	if _, err := RequiredGas(0x0a, nil, Berlin); err != ErrNotActive {
		t.Errorf("gas, not active: %v", err)
	}
	if ErrOutOfGas.Error() == "" || ErrPointNotOnCurve.Error() == ErrOutOfGas.Error() {
		t.Error("error strings")
	}
	// the identity of an empty input
	out, gas, err = RunPrecompile(IdentityAddress, nil, 15, Osaka)
	if err != nil || gas != 15 || len(out) != 0 {
		t.Errorf("identity: %x %d %v", out, gas, err)
	}
	// a MODEXP output larger than 256 bytes
	input := make([]byte, 96+1+1+300)
	input[31], input[63], input[94], input[95] = 1, 1, 0x01, 0x2c // base 1, exp 1, mod 300 bytes
	input[96], input[97] = 3, 1
	input[len(input)-1] = 7
	out, _, err = RunPrecompile(ModexpAddress, input, 1<<40, Osaka)
	if err == nil {
		if len(out) != 300 || out[299] != 3 {
			t.Errorf("modexp 300 bytes: %x", out)
		}
	} else if err != ErrModexpInputTooLarge {
		t.Errorf("modexp 300 bytes: %v", err)
	}
	out, _, err = RunPrecompile(ModexpAddress, input, 1<<40, Berlin)
	if err != nil || len(out) != 300 || out[299] != 3 {
		t.Errorf("modexp 300 bytes on Berlin: %x %v", out, err)
	}
	// a modulus length no block can pay for: refused, not allocated
	huge := make([]byte, 96)
	huge[64+4] = 1 // 2^216 bytes
	if out, _, err := RunPrecompile(ModexpAddress, huge, math.MaxUint64, Berlin); err == nil {
		t.Errorf("huge modulus: %d bytes", len(out))
	}
	c, _ := NewContract(ModexpAddress, Berlin)
	if _, err := c.Run(huge); err == nil {
		t.Error("huge modulus: Run accepts")
	}
}

// Every precompile of every fork on nil, empty, random and truncated input of every length up to
// twice its largest fixed size: an answer or an error, never a crash.
// A MODEXP header claiming a huge modulus allocates nothing before the call prices it.
func TestModexpOutputNotAllocatedBeforePricing(t *testing.T) {
	input := make([]byte, 96)
	input[64+28] = 0x04 // modulus length 2^26 bytes
	if n := outputSize(ModexpAddress, input); n != 0 {
		t.Fatalf("outputSize %d for an unpriced 64 MiB modulus", n)
	}
	allocs := testing.AllocsPerRun(10, func() {
		if _, _, err := RunPrecompile(ModexpAddress, input, 1_000_000, Osaka); err == nil {
			t.Fatal("a 64 MiB modulus ran on Osaka")
		}
	})
	if allocs > 2 {
		t.Errorf("%v allocations for a rejected call", allocs)
	}
}

func TestRandomAndTruncatedInput(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	max := 2 * 960 // pairing inputs; 2x the largest fixed-size input (BLS12-381 pairing pair 384)
	step := 1
	if testing.Short() {
		step = 7
	}
	for fork := Homestead; fork <= Osaka; fork++ {
		for _, a := range Addresses(fork) {
			c, _ := NewContract(a, fork)
			c.RequiredGas(nil)
			c.Run(nil)
			RunPrecompile(a, nil, 0, fork)
			RunPrecompile(a, []byte{}, math.MaxUint64, fork)
			if fork != Osaka && fork != Homestead {
				continue
			}
			buf := make([]byte, max)
			r.Read(buf)
			for n := 0; n <= max; n += step {
				in := buf[:n]
				g := c.RequiredGas(in)
				out, gas, err := RunPrecompile(a, in, g, fork)
				if err == nil && gas != g {
					t.Errorf("%#x len %d: gas %d, priced %d", a, n, gas, g)
				}
				if err != nil && gas != g {
					t.Errorf("%#x len %d: failed call used %d of %d", a, n, gas, g)
				}
				if err != nil && out != nil {
					t.Errorf("%#x len %d: output with an error", a, n)
				}
			}
		}
	}
}
