/*
 * ctt.h — everything libctt exports: the c-kzg-4844 interface and its extras (ckzg.h,
 * ctt_kzg.h), BLS signatures (ctt_bls.h) and the EVM precompiles (ctt_evm.h).
 * Link with -lctt (pkg-config --libs ctt).
 */
#ifndef CTT_H
#define CTT_H

#include "ctt_bls.h"
#include "ctt_evm.h"
#include "ctt_kzg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** libctt's version, a static string such as "0.1.0". */
const char *ctt_version(void);

#ifdef __cplusplus
}
#endif

#endif /* CTT_H */
