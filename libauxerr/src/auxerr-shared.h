/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What libauxerr shares with its own programs, auxerr(1) and
 * audisp-auxerr, beyond <auxerr.h>.
 *
 * These calls are in libauxerr.a, which both programs link, and hidden in
 * libauxerr.so: they are the project's internal interface, not an ABI (no
 * symbol in libauxerr.map).  Why not a public AUXERR_1.1 node: their shape
 * follows what the two programs need (line numbers for error messages,
 * drop counters, the JSON schema's version), and a public call is
 * forever; one that proves useful to others can be promoted later.
 * Needs only libc and libauparse headers (not <linux/auxerr.h>).
 */
#ifndef AUXERR_SHARED_H
#define AUXERR_SHARED_H

#include <stddef.h>

#define AUXERR_SHARED __attribute__((visibility("hidden")))

/*
 * Non-zero for a record line (without its '\n') that libauparse 3.0.9
 * must not see: it leaks or overflows on it (auparse.c).  No kernel
 * writes such a line.  Every line libauxerr or its programs hand to
 * libauparse passes this test first.
 */
AUXERR_SHARED int auxerr__auparse_hazard(const char *line, size_t n);

#endif
