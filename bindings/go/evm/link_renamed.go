//go:build ctt_renamed

package evm

// With -tags ctt_renamed (the benchmarks and differential tests in bench/, which link c-kzg-4844
// into the same program): links target/release/libctt_renamed.a, libctt.a with its c-kzg-named
// symbols prefixed by ctt_ (make lib-renamed), so both libraries can live in one process.

// #cgo CFLAGS: -I${SRCDIR}/../include -DCTT_CKZG_RENAMED
// #cgo LDFLAGS: -L${SRCDIR}/../../../target/release -l:libctt_renamed.a -lpthread -ldl -lm -lrt -lutil -lgcc_s
import "C"
