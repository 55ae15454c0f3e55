// Package evm is every EVM precompiled contract (0x01-0x11 and 0x100, P256VERIFY) over libctt,
// with exact gas and failures per fork, in the shape of go-ethereum's vm.PrecompiledContract
// (RequiredGas, Run, Name) without importing go-ethereum, so geth or Erigon can install these
// contracts in their precompile maps; and RunPrecompile, one call with a gas limit.
//
// Every function may be called from any number of goroutines at once.
package evm

// #include <stdlib.h>
// #include "ctt_evm.h"
//
// // The out-parameters of the short calls stay on the stack: libctt keeps no pointer past a
// // call and calls no Go code (Go 1.24's annotations: one heap allocation per call less).
// #cgo noescape ctt_evm_precompile
// #cgo nocallback ctt_evm_precompile
// #cgo noescape ctt_evm_precompile_gas
// #cgo nocallback ctt_evm_precompile_gas
import "C"

import (
	"errors"
	"math"
	"sort"
	"unsafe"
)

// Fork selects the precompiles and prices of a hard fork: pass the newest fork at or before the
// block's (London and Shanghai price as Berlin, Paris as Berlin, and so on).
type Fork uint32

// Forks that changed the set of precompiles or their prices.
const (
	Homestead Fork = C.CTT_FORK_HOMESTEAD // ecrecover, SHA-256, RIPEMD-160, identity
	Byzantium Fork = C.CTT_FORK_BYZANTIUM // MODEXP, BN254 add, mul, pairing
	Istanbul  Fork = C.CTT_FORK_ISTANBUL  // BLAKE2F, BN254 repriced
	Berlin    Fork = C.CTT_FORK_BERLIN    // MODEXP repriced (EIP-2565)
	Cancun    Fork = C.CTT_FORK_CANCUN    // KZG point evaluation
	Prague    Fork = C.CTT_FORK_PRAGUE    // BLS12-381 (EIP-2537)
	Osaka     Fork = C.CTT_FORK_OSAKA     // P256VERIFY, MODEXP repriced and bounded
)

// Aliases: forks that kept the precompiles of the fork before them.
const (
	Frontier         = Homestead
	TangerineWhistle = Homestead
	SpuriousDragon   = Homestead
	Constantinople   = Byzantium
	Petersburg       = Byzantium
	MuirGlacier      = Istanbul
	London           = Berlin
	ArrowGlacier     = Berlin
	GrayGlacier      = Berlin
	Paris            = Berlin
	Shanghai         = Berlin
)

var forkNames = [...]string{"Homestead", "Byzantium", "Istanbul", "Berlin", "Cancun", "Prague", "Osaka"}

func (f Fork) String() string {
	if int(f) < len(forkNames) {
		return forkNames[f]
	}
	return "Fork(unknown)"
}

// Errors: libctt's CTT_EVM_RET codes, each one error value (compare with == or errors.Is); the
// text is libctt's description.
var (
	ErrBadArgs                  = codeError(C.CTT_EVM_BADARGS)
	ErrInternal                 = codeError(C.CTT_EVM_ERROR)
	ErrOutOfGas                 = codeError(C.CTT_EVM_OUT_OF_GAS)
	ErrNotActive                = codeError(C.CTT_EVM_NOT_ACTIVE)
	ErrInvalidInputLength       = codeError(C.CTT_EVM_INVALID_INPUT_LENGTH)
	ErrInvalidPadding           = codeError(C.CTT_EVM_INVALID_PADDING)
	ErrNonCanonicalFieldElement = codeError(C.CTT_EVM_NON_CANONICAL_FIELD_ELEMENT)
	ErrPointNotOnCurve          = codeError(C.CTT_EVM_POINT_NOT_ON_CURVE)
	ErrPointNotInSubgroup       = codeError(C.CTT_EVM_POINT_NOT_IN_SUBGROUP)
	ErrInvalidFinalFlag         = codeError(C.CTT_EVM_INVALID_FINAL_FLAG)
	ErrModexpInputTooLarge      = codeError(C.CTT_EVM_MODEXP_INPUT_TOO_LARGE)
	ErrKZGVersionedHashMismatch = codeError(C.CTT_EVM_KZG_VERSIONED_HASH_MISMATCH)
	ErrKZGVerificationFailed    = codeError(C.CTT_EVM_KZG_VERIFICATION_FAILED)
	// ErrOutputTooLarge: Run or RunPrecompile was asked for an output over MaxOutput bytes (a
	// MODEXP modulus that no gas limit of a real block pays for).
	ErrOutputTooLarge = errors.New("precompile output too large")
)

// MaxOutput bounds the output Run and RunPrecompile allocate (only MODEXP outputs exceed 256
// bytes: the modulus length).
const MaxOutput = 1 << 26

// Error is a libctt failure code.
type Error struct {
	Code uint32
	text string
}

func (e *Error) Error() string { return e.text }

var errorsByCode = map[uint32]*Error{}

func codeError(code uint32) *Error {
	e := &Error{Code: code, text: C.GoString(C.ctt_evm_error_string(C.uint32_t(code)))}
	errorsByCode[code] = e
	return e
}

func errorOf(code C.CTT_EVM_RET) error {
	if e, ok := errorsByCode[uint32(code)]; ok {
		return e
	}
	return &Error{Code: uint32(code), text: C.GoString(C.ctt_evm_error_string(C.uint32_t(code)))}
}

func bytesPtr(s []byte) *C.uint8_t {
	if len(s) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&s[0]))
}

// The precompiles' addresses.
const (
	EcrecoverAddress          = 0x01
	Sha256Address             = 0x02
	Ripemd160Address          = 0x03
	IdentityAddress           = 0x04
	ModexpAddress             = 0x05
	Bn254AddAddress           = 0x06
	Bn254MulAddress           = 0x07
	Bn254PairingAddress       = 0x08
	Blake2FAddress            = 0x09
	KZGPointEvaluationAddress = 0x0a
	BLS12G1AddAddress         = 0x0b
	BLS12G1MSMAddress         = 0x0c
	BLS12G2AddAddress         = 0x0d
	BLS12G2MSMAddress         = 0x0e
	BLS12PairingCheckAddress  = 0x0f
	BLS12MapFpToG1Address     = 0x10
	BLS12MapFp2ToG2Address    = 0x11
	P256VerifyAddress         = 0x100
)

// Names, as go-ethereum's contracts' Name().
var names = map[uint64]string{
	0x01: "ECREC", 0x02: "SHA256", 0x03: "RIPEMD160", 0x04: "ID", 0x05: "MODEXP",
	0x06: "BN254_ADD", 0x07: "BN254_MUL", 0x08: "BN254_PAIRING", 0x09: "BLAKE2F",
	0x0a: "KZG_POINT_EVALUATION", 0x0b: "BLS12_G1ADD", 0x0c: "BLS12_G1MSM", 0x0d: "BLS12_G2ADD",
	0x0e: "BLS12_G2MSM", 0x0f: "BLS12_PAIRING_CHECK", 0x10: "BLS12_MAP_FP_TO_G1",
	0x11: "BLS12_MAP_FP2_TO_G2", 0x100: "P256VERIFY",
}

func allAddresses() []uint64 {
	a := make([]uint64, 0, len(names))
	for k := range names {
		a = append(a, k)
	}
	sort.Slice(a, func(i, j int) bool { return a[i] < a[j] })
	return a
}

// modexpPredictedMax bounds the MODEXP output allocated before the call: EIP-7823's 1024-byte
// limit on the modulus (Osaka). Longer moduli (earlier forks) take a second call, after the
// first has priced and run it.
const modexpPredictedMax = 1024

// outputSize is the output length of a successful call: fixed per precompile, the input's for
// the identity, the modulus length for MODEXP (read from its header, as the precompile does).
// Sizing the output exactly makes a short call one allocation of its output (none when it is
// empty); a wrong guess costs a second call (ctt_evm_precompile reports the size it needs).
func outputSize(address uint64, input []byte) int {
	switch address {
	case IdentityAddress:
		return len(input)
	case ModexpAddress:
		// The modulus length is the third 32-byte word, zero-padded on the right.
		var word [32]byte
		if len(input) > 64 {
			copy(word[:], input[64:])
		}
		for _, b := range word[:24] {
			if b != 0 {
				return 0 // over 2^64 bytes: the call fails or asks for more
			}
		}
		var n uint64
		for _, b := range word[24:] {
			n = n<<8 | uint64(b)
		}
		// Trusted up to EIP-7823's bound only: a larger length in an input the call then
		// rejects (or cannot pay for) must not allocate first; a real one asks for its size.
		if n > modexpPredictedMax {
			return 0
		}
		return int(n)
	case EcrecoverAddress, Sha256Address, Ripemd160Address, Bn254PairingAddress,
		BLS12PairingCheckAddress, P256VerifyAddress:
		return 32
	case Bn254AddAddress, Bn254MulAddress, Blake2FAddress, KZGPointEvaluationAddress:
		return 64
	case BLS12G1AddAddress, BLS12G1MSMAddress, BLS12MapFpToG1Address:
		return 128
	case BLS12G2AddAddress, BLS12G2MSMAddress, BLS12MapFp2ToG2Address:
		return 256
	}
	return 0
}

// call runs a precompile into an output of the size outputSize predicts.
func call(address uint64, input []byte, gasLimit uint64, fork Fork) ([]byte, uint64, error) {
	return callSized(address, input, gasLimit, fork, outputSize(address, input))
}

// callSized runs a precompile into an output of size bytes, then, if the precompile needs more,
// into one of the size it asks for.
func callSized(address uint64, input []byte, gasLimit uint64, fork Fork, size int) ([]byte, uint64, error) {
	var outLen C.size_t
	var gasUsed C.uint64_t
	out := make([]byte, size)
	for {
		ret := C.ctt_evm_precompile(bytesPtr(out), C.size_t(len(out)), &outLen, &gasUsed,
			C.uint64_t(address), bytesPtr(input), C.size_t(len(input)), C.uint64_t(gasLimit),
			C.uint32_t(fork))
		switch ret {
		case C.CTT_EVM_OK:
			n := int(outLen)
			return out[:n:n], uint64(gasUsed), nil
		case C.CTT_EVM_OUTPUT_TOO_SMALL:
			if uint64(outLen) > MaxOutput {
				return nil, gasLimit, ErrOutputTooLarge
			}
			out = make([]byte, outLen)
		default:
			if ret >= C.CTT_EVM_OUT_OF_GAS {
				return nil, uint64(gasUsed), errorOf(ret)
			}
			return nil, 0, errorOf(ret)
		}
	}
}

// RunPrecompile runs the precompile at address (0x01-0x11, 0x100) on fork with gasLimit. On
// success: the output and the gas used (the precompile's price). A failure of the call (out of
// gas, malformed input, no precompile at that address on that fork) returns an error and
// gasUsed == gasLimit, as the EVM consumes all the gas of a failed call; an unknown fork is
// ErrBadArgs with gasUsed 0.
func RunPrecompile(address uint64, input []byte, gasLimit uint64, fork Fork) (output []byte, gasUsed uint64, err error) {
	return call(address, input, gasLimit, fork)
}

// RequiredGas is the price of a call without running it; an error when the call fails before it
// is priced (no precompile there on this fork, or an input length that has no price).
func RequiredGas(address uint64, input []byte, fork Fork) (uint64, error) {
	var gas C.uint64_t
	ret := C.ctt_evm_precompile_gas(&gas, C.uint64_t(address), bytesPtr(input), C.size_t(len(input)), C.uint32_t(fork))
	if ret != C.CTT_EVM_OK {
		return 0, errorOf(ret)
	}
	return uint64(gas), nil
}

// PrecompiledContract is go-ethereum's vm.PrecompiledContract interface (the same method set:
// ctt's contracts can be installed in geth's precompile maps).
type PrecompiledContract interface {
	RequiredGas(input []byte) uint64
	Run(input []byte) ([]byte, error)
	Name() string
}

// Contract is one precompile on one fork.
type Contract struct {
	address uint64
	fork    Fork
}

// NewContract is the precompile at address on fork; false if there is none.
func NewContract(address uint64, fork Fork) (*Contract, bool) {
	if _, ok := names[address]; !ok || int(fork) >= len(forkNames) {
		return nil, false
	}
	var gas C.uint64_t
	if C.ctt_evm_precompile_gas(&gas, C.uint64_t(address), nil, 0, C.uint32_t(fork)) == C.CTT_EVM_NOT_ACTIVE {
		return nil, false
	}
	return &Contract{address: address, fork: fork}, true
}

// Address is the contract's address as a number (0x01-0x11, 0x100).
func (c *Contract) Address() uint64 {
	if c == nil {
		return 0
	}
	return c.address
}

// Fork is the fork whose rules the contract follows.
func (c *Contract) Fork() Fork {
	if c == nil {
		return 0
	}
	return c.fork
}

// Name is go-ethereum's name of the precompile.
func (c *Contract) Name() string {
	if c == nil {
		return ""
	}
	return names[c.address]
}

// RequiredGas is the price of running input. An input whose length has no price (a malformed
// BLS12-381 or BN254 input, for example) is priced at 0, as go-ethereum prices malformed EIP-2537
// input: Run then fails, which consumes all the call's gas either way.
func (c *Contract) RequiredGas(input []byte) uint64 {
	if c == nil {
		return 0
	}
	g, err := RequiredGas(c.address, input, c.fork)
	if err != nil {
		return 0
	}
	return g
}

// Run runs the precompile (the caller has charged RequiredGas).
func (c *Contract) Run(input []byte) ([]byte, error) {
	if c == nil {
		return nil, ErrBadArgs
	}
	out, _, err := call(c.address, input, math.MaxUint64, c.fork)
	return out, err
}

// Contracts is every precompile of fork, keyed by its 20-byte address (convert to
// common.Address with common.Address(k)).
func Contracts(fork Fork) map[[20]byte]PrecompiledContract {
	m := map[[20]byte]PrecompiledContract{}
	for _, a := range allAddresses() {
		if c, ok := NewContract(a, fork); ok {
			m[AddressBytes(a)] = c
		}
	}
	return m
}

// Addresses lists the precompiles' addresses on fork, ascending.
func Addresses(fork Fork) []uint64 {
	var out []uint64
	for _, a := range allAddresses() {
		if _, ok := NewContract(a, fork); ok {
			out = append(out, a)
		}
	}
	return out
}

// AddressBytes is a precompile's address as 20 bytes, big-endian.
func AddressBytes(address uint64) [20]byte {
	var b [20]byte
	for i := 0; i < 8; i++ {
		b[19-i] = byte(address >> (8 * i))
	}
	return b
}

// AddressFromBytes is the number of a 20-byte address; false if above 2^64.
func AddressFromBytes(b [20]byte) (uint64, bool) {
	for _, x := range b[:12] {
		if x != 0 {
			return 0, false
		}
	}
	var a uint64
	for _, x := range b[12:] {
		a = a<<8 | uint64(x)
	}
	return a, true
}
