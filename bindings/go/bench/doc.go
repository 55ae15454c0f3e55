// Package bench holds the differential tests and benchmarks of ctt's Go bindings against the Go
// libraries Ethereum clients use today: c-kzg-4844's Go binding and go-eth-kzg (KZG), blst's Go
// binding (BLS), go-ethereum's core/vm precompiled contracts (gnark-crypto underneath).
//
// A module of its own, so the bindings' own tests download nothing. It links c-kzg-4844 and
// libctt into one program, which needs libctt with its c-kzg-named symbols renamed:
//
//	make -C .. lib-renamed                      # target/release/libctt_renamed.a
//	go test -tags ctt_renamed .                 # the differential tests
//	go test -tags ctt_renamed -run '^$' -bench . -cpu 1
package bench

import "unsafe"

func unsafePointer[T any](p *T) unsafe.Pointer { return unsafe.Pointer(p) }
