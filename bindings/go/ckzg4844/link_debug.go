//go:build ctt_debug && !ctt_pkgconfig && !ctt_renamed

package ckzg4844

// With -tags ctt_debug: links libctt.a from the workspace's dev build (cargo build -p ctt-ffi,
// which cargo test also makes), no release build needed.

// #cgo CFLAGS: -I${SRCDIR}/../include
// #cgo LDFLAGS: -L${SRCDIR}/../../../target/debug -l:libctt.a -lpthread -ldl -lm -lrt -lutil -lgcc_s
import "C"
