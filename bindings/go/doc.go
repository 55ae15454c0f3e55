// Package ctt is the root of ctt's Go bindings, cgo over libctt (the C ABI in bindings/c):
//
//   - ckzg4844: EIP-4844 and EIP-7594 KZG with the API of c-kzg-4844's Go binding (a drop-in:
//     change the import path), plus the embedded mainnet setup and threaded batch functions;
//   - bls: Ethereum BLS signatures (keys, EIP-2333, sign, verify, aggregates, batch verification);
//   - evm: every EVM precompile and fork, shaped like go-ethereum's vm.PrecompiledContract.
//
// The packages link target/release/libctt.a of the ctt workspace: build it first with
// `go generate github.com/ctt-crypto/ctt/bindings/go` (or `make lib`, or
// `cargo build --release -p ctt-ffi`). See README.md for the other ways to link. The headers
// in include/ are copies of bindings/c/include's (go generate refreshes them; a test checks them),
// so the module builds from the Go module cache too.
package ctt

//go:generate cargo build --release -p ctt-ffi
//go:generate cp ../c/include/ckzg.h ../c/include/ctt_kzg.h ../c/include/ctt_bls.h ../c/include/ctt_evm.h include/
