//go:build ctt_pkgconfig && !ctt_renamed

package ckzg4844

// With -tags ctt_pkgconfig: libctt installed by bindings/c/install.sh, found by pkg-config
// (statically linked).

// #cgo pkg-config: --static ctt
import "C"
