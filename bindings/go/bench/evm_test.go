package bench

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ctt-crypto/ctt/bindings/go/evm"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

const vectorsDir = "../../../tests/vectors"

var gethForks = []struct {
	fork      evm.Fork
	contracts vm.PrecompiledContracts
}{
	{evm.Homestead, vm.PrecompiledContractsHomestead},
	{evm.Byzantium, vm.PrecompiledContractsByzantium},
	{evm.Istanbul, vm.PrecompiledContractsIstanbul},
	{evm.Berlin, vm.PrecompiledContractsBerlin},
	{evm.Cancun, vm.PrecompiledContractsCancun},
	{evm.Prague, vm.PrecompiledContractsPrague},
	{evm.Osaka, vm.PrecompiledContractsOsaka},
}

type precompileVector struct {
	Name     string
	Input    string
	Expected string
	Gas      uint64
}

// vectorFiles: the files of tests/vectors by precompile address.
var vectorFiles = map[uint64][]string{
	0x01: {"geth-precompiles/ecRecover.json"},
	0x05: {"geth-precompiles/modexp.json", "geth-precompiles/modexp_eip2565.json", "geth-precompiles/modexp_eip7883.json"},
	0x06: {"geth-precompiles/bn256Add.json"},
	0x07: {"geth-precompiles/bn256ScalarMul.json"},
	0x08: {"geth-precompiles/bn256Pairing.json"},
	0x09: {"geth-precompiles/blake2F.json", "geth-precompiles/fail-blake2f.json"},
	0x0a: {"geth-precompiles/pointEvaluation.json"},
	0x0b: {"geth-precompiles/blsG1Add.json", "geth-precompiles/fail-blsG1Add.json", "eip-2537/add_G1_bls.json", "eip-2537/fail-add_G1_bls.json"},
	0x0c: {"geth-precompiles/blsG1Mul.json", "geth-precompiles/blsG1MultiExp.json", "geth-precompiles/fail-blsG1Mul.json", "geth-precompiles/fail-blsG1MultiExp.json",
		"eip-2537/mul_G1_bls.json", "eip-2537/msm_G1_bls.json", "eip-2537/fail-mul_G1_bls.json", "eip-2537/fail-msm_G1_bls.json"},
	0x0d: {"geth-precompiles/blsG2Add.json", "geth-precompiles/fail-blsG2Add.json", "eip-2537/add_G2_bls.json", "eip-2537/fail-add_G2_bls.json"},
	0x0e: {"geth-precompiles/blsG2Mul.json", "geth-precompiles/blsG2MultiExp.json", "geth-precompiles/fail-blsG2Mul.json", "geth-precompiles/fail-blsG2MultiExp.json",
		"eip-2537/mul_G2_bls.json", "eip-2537/fail-mul_G2_bls.json", "eip-2537/fail-msm_G2_bls.json"},
	0x0f:  {"geth-precompiles/blsPairing.json", "geth-precompiles/fail-blsPairing.json", "eip-2537/pairing_check_bls.json", "eip-2537/fail-pairing_check_bls.json"},
	0x10:  {"geth-precompiles/blsMapG1.json", "geth-precompiles/fail-blsMapG1.json", "eip-2537/map_fp_to_G1_bls.json", "eip-2537/fail-map_fp_to_G1_bls.json"},
	0x11:  {"geth-precompiles/blsMapG2.json", "geth-precompiles/fail-blsMapG2.json", "eip-2537/map_fp2_to_G2_bls.json", "eip-2537/fail-map_fp2_to_G2_bls.json"},
	0x100: {"geth-precompiles/p256Verify.json"},
}

func loadVectors(tb testing.TB, file string) []precompileVector {
	raw, err := os.ReadFile(filepath.Join(vectorsDir, file))
	if err != nil {
		tb.Fatal(err)
	}
	var vs []precompileVector
	if err := json.Unmarshal(raw, &vs); err != nil {
		tb.Fatal(err)
	}
	return vs
}

func mustUnhex(tb testing.TB, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// mutate returns a variant of in: a flipped bit, a changed byte, truncated, extended, or a
// length field made large.
func mutate(r *rand.Rand, in []byte) []byte {
	out := append([]byte(nil), in...)
	switch r.Intn(5) {
	case 0:
		if len(out) > 0 {
			out[r.Intn(len(out))] ^= byte(1 << uint(r.Intn(8)))
		}
	case 1:
		if len(out) > 0 {
			out[r.Intn(len(out))] = byte(r.Intn(256))
		}
	case 2:
		if len(out) > 0 {
			out = out[:r.Intn(len(out))]
		}
	case 3:
		extra := make([]byte, 1+r.Intn(64))
		r.Read(extra)
		out = append(out, extra...)
	case 4:
		if len(out) >= 32 {
			i := r.Intn(len(out) / 32)
			out[i*32+31-r.Intn(4)] = byte(r.Intn(256))
		}
	}
	return out
}

// gethRun is go-ethereum's precompile call: price, then run; an error if out of gas.
func gethRun(p vm.PrecompiledContract, input []byte, gas uint64) ([]byte, uint64, error) {
	need := p.RequiredGas(input)
	if need > gas {
		return nil, gas, vm.ErrOutOfGas
	}
	out, err := p.Run(input)
	if err != nil {
		return nil, gas, err
	}
	return out, need, nil
}

// Differential: every precompile of every fork, ctt against go-ethereum's core/vm contracts, on
// the vectors' inputs, their mutations and random inputs: the same success, output and gas.
func TestPrecompileDifferential(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	mutations := 30
	if testing.Short() {
		mutations = 5
	}
	const gasLimit = 100_000_000
	calls := 0
	for _, gf := range gethForks {
		if len(gf.contracts) != len(evm.Addresses(gf.fork)) {
			t.Errorf("%v: geth has %d precompiles, ctt %d", gf.fork, len(gf.contracts), len(evm.Addresses(gf.fork)))
		}
		for addr, p := range gf.contracts {
			a, _ := evm.AddressFromBytes(addr)
			c, ok := evm.NewContract(a, gf.fork)
			if !ok {
				t.Errorf("%v: ctt has no %#x", gf.fork, a)
				continue
			}
			if c.Name() != p.Name() {
				t.Errorf("%#x: name %s, geth %s", a, c.Name(), p.Name())
			}
			var inputs [][]byte
			for _, f := range vectorFiles[a] {
				for _, v := range loadVectors(t, f) {
					in := mustUnhex(t, v.Input)
					inputs = append(inputs, in)
					for m := 0; m < mutations/5+1; m++ {
						inputs = append(inputs, mutate(r, in))
					}
				}
			}
			for m := 0; m < mutations; m++ {
				in := make([]byte, r.Intn(300))
				r.Read(in)
				inputs = append(inputs, in)
			}
			inputs = append(inputs, nil, []byte{})
			for _, in := range inputs {
				calls++
				want, wantGas, wantErr := gethRun(p, in, gasLimit)
				got, gotGas, err := evm.RunPrecompile(a, in, gasLimit, gf.fork)
				if (err == nil) != (wantErr == nil) {
					t.Errorf("%v %s %x: ctt %v, geth %v", gf.fork, p.Name(), in, err, wantErr)
					continue
				}
				if err == nil && (!bytes.Equal(got, want) || gotGas != wantGas) {
					t.Errorf("%v %s %x: output %x gas %d, geth %x gas %d", gf.fork, p.Name(), in, got, gotGas, want, wantGas)
				}
				if err != nil && gotGas != gasLimit {
					t.Errorf("%v %s %x: a failure used %d gas", gf.fork, p.Name(), in, gotGas)
				}
				// the geth-shaped contract agrees with geth wherever geth prices the input
				if err == nil && c.RequiredGas(in) != p.RequiredGas(in) {
					t.Errorf("%v %s %x: RequiredGas %d, geth %d", gf.fork, p.Name(), in, c.RequiredGas(in), p.RequiredGas(in))
				}
			}
		}
	}
	t.Logf("%d differential calls", calls)
}

// ---------------------------------------------------------------------------------------------
// Benchmarks in MGas/s (as go-ethereum's own precompile benchmarks report them), ctt against
// go-ethereum's contracts (gnark-crypto underneath) on the vectors' inputs.

func benchPrecompile(b *testing.B, run func([]byte) ([]byte, error), in []byte, gas uint64) {
	// warm up: the first KZG call loads a setup (go-eth-kzg's lazily, in go-ethereum)
	if _, err := run(in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := run(in); err != nil {
			b.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(gas)*float64(b.N)/elapsed.Seconds()/1e6, "mgas/s")
}

func BenchmarkPrecompiles(b *testing.B) {
	files := []struct {
		address uint64
		file    string
	}{
		{0x06, "geth-precompiles/bn256Add.json"},
		{0x07, "geth-precompiles/bn256ScalarMul.json"},
		{0x08, "geth-precompiles/bn256Pairing.json"},
		{0x0b, "geth-precompiles/blsG1Add.json"},
		{0x0c, "geth-precompiles/blsG1MultiExp.json"},
		{0x0d, "geth-precompiles/blsG2Add.json"},
		{0x0e, "geth-precompiles/blsG2MultiExp.json"},
		{0x0f, "geth-precompiles/blsPairing.json"},
		{0x10, "geth-precompiles/blsMapG1.json"},
		{0x11, "geth-precompiles/blsMapG2.json"},
		{0x0a, "geth-precompiles/pointEvaluation.json"},
		{0x01, "geth-precompiles/ecRecover.json"},
		{0x100, "geth-precompiles/p256Verify.json"},
	}
	for _, f := range files {
		vs := loadVectors(b, f.file)
		// the first vector and the one with the longest input (the largest MSM or pairing)
		pick := []precompileVector{vs[0]}
		longest := vs[0]
		for _, v := range vs {
			if len(v.Input) > len(longest.Input) {
				longest = v
			}
		}
		if longest.Name != vs[0].Name {
			pick = append(pick, longest)
		}
		c, _ := evm.NewContract(f.address, evm.Osaka)
		p := vm.PrecompiledContractsOsaka[common.Address(evm.AddressBytes(f.address))]
		for _, v := range pick {
			in := mustUnhex(b, v.Input)
			name := fmt.Sprintf("%s/%s", c.Name(), sanitize(v.Name))
			gas := c.RequiredGas(in)
			b.Run(name+"/lib=ctt", func(b *testing.B) { benchPrecompile(b, c.Run, in, gas) })
			b.Run(name+"/lib=geth", func(b *testing.B) { benchPrecompile(b, p.Run, in, gas) })
		}
	}
}

func sanitize(s string) string {
	out := []byte(s)
	for i, c := range out {
		if c == ' ' || c == '/' || c == '=' {
			out[i] = '_'
		}
	}
	return string(out)
}
