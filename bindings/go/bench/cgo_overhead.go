//go:build ctt_renamed

package bench

// The same libctt calls made from C, in one loop with no cgo transition, for the cgo-overhead
// benchmarks (cgo_overhead_test.go). Links as the bindings do under -tags ctt_renamed.

// #cgo CFLAGS: -I${SRCDIR}/../include -I${SRCDIR}/../ckzg4844 -DCTT_CKZG_RENAMED
// #cgo LDFLAGS: -L${SRCDIR}/../../../target/release -l:libctt_renamed.a -lpthread -ldl -lm -lrt -lutil -lgcc_s
// #include <stdlib.h>
// #include <string.h>
// #include "ckzg_renamed.h"
// #include "ctt_kzg.h"
// #include "ctt_evm.h"
// #cgo noescape ctt_evm_precompile
// #cgo nocallback ctt_evm_precompile
//
// static KZGSettings *c_settings;
//
// static int c_load(void) {
//     c_settings = calloc(1, sizeof *c_settings);
//     return c_settings ? (int)ctt_kzg_load_mainnet(c_settings, 8) : -1;
// }
//
// static int c_identity_loop(uint64_t n) {
//     uint8_t out[32];
//     size_t out_len;
//     uint64_t gas;
//     int bad = 0;
//     for (uint64_t i = 0; i < n; i++)
//         bad |= ctt_evm_precompile(out, sizeof out, &out_len, &gas, 4, NULL, 0, 100, CTT_FORK_OSAKA);
//     return bad;
// }
//
// static int c_verify_kzg_proof_loop(uint64_t n, const uint8_t *c, const uint8_t *z,
//                                    const uint8_t *y, const uint8_t *p) {
//     Bytes48 cb, pb;
//     Bytes32 zb, yb;
//     memcpy(cb.bytes, c, 48); memcpy(pb.bytes, p, 48);
//     memcpy(zb.bytes, z, 32); memcpy(yb.bytes, y, 32);
//     int bad = 0;
//     for (uint64_t i = 0; i < n; i++) {
//         bool ok = false;
//         bad |= verify_kzg_proof(&ok, &cb, &zb, &yb, &pb, c_settings) != C_KZG_OK || !ok;
//     }
//     return bad;
// }
//
// static int c_blob_commitment_loop(uint64_t n, const uint8_t *blob) {
//     KZGCommitment out;
//     int bad = 0;
//     for (uint64_t i = 0; i < n; i++)
//         bad |= blob_to_kzg_commitment(&out, (const Blob *)blob, c_settings) != C_KZG_OK;
//     return bad;
// }
import "C"

import (
	"errors"
	"unsafe"
)

func cLoad() error {
	if C.c_load() != 0 {
		return errors.New("C: loading the mainnet setup failed")
	}
	return nil
}

func cIdentityLoop(n int) bool { return C.c_identity_loop(C.uint64_t(n)) == 0 }

func cVerifyKZGProofLoop(n int, c, z, y, p []byte) bool {
	return C.c_verify_kzg_proof_loop(C.uint64_t(n), (*C.uint8_t)(unsafe.Pointer(&c[0])),
		(*C.uint8_t)(unsafe.Pointer(&z[0])), (*C.uint8_t)(unsafe.Pointer(&y[0])),
		(*C.uint8_t)(unsafe.Pointer(&p[0]))) == 0
}

func cBlobCommitmentLoop(n int, blob []byte) bool {
	return C.c_blob_commitment_loop(C.uint64_t(n), (*C.uint8_t)(unsafe.Pointer(&blob[0]))) == 0
}

// goIdentity is one cgo call of the same function, without the binding's Go code (the
// out-parameters on the stack: the call is annotated noescape, as the binding's).
func goIdentity() bool {
	var outLen C.size_t
	var gas C.uint64_t
	return C.ctt_evm_precompile(nil, 0, &outLen, &gas, 4, nil, 0, 100, C.CTT_FORK_OSAKA) == 0
}
