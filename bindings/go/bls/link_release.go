//go:build !ctt_debug && !ctt_pkgconfig && !ctt_renamed

package bls

// Links libctt.a from the workspace's release build (cargo build --release -p ctt-ffi, or make
// -C bindings/go lib). Library directories in CGO_LDFLAGS come first on the link line, so
// CGO_LDFLAGS="-L/some/dir" links /some/dir/libctt.a instead.

// #cgo CFLAGS: -I${SRCDIR}/../include
// #cgo LDFLAGS: -L${SRCDIR}/../../../target/release -l:libctt.a -lpthread -ldl -lm -lrt -lutil -lgcc_s
import "C"
