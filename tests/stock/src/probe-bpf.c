// SPDX-License-Identifier: GPL-2.0
/*
 * probe-bpf: the guest suite's own probe (tests/guest/src/probe.c, built
 * unchanged from that source) for the BPF backend on a stock kernel.
 *
 * The probe asks the kernel with prctl(PR_AUXERR, ...), which a stock
 * kernel does not know.  Here its PR_AUXERR calls go to libauxerr's one
 * entry to the kernel, auxerr__call(): the real prctl first, then, on a
 * kernel without it, the BPF backend's pinned iterator (raw.c), as
 * get_last_audit_record() does.  Every other prctl() is the real one.
 * So tests/guest/t-auxerr-mechanisms.sh runs as it is on both backends
 * (make check-stock).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/auxerr.h>

/* libauxerr's (hidden: linked from libauxerr.a) */
long auxerr__call(int op, unsigned long slot, void *ptr, unsigned long len);

static long probe_prctl(int option, unsigned long a2, unsigned long a3,
			unsigned long a4, unsigned long a5)
{
	if (option == PR_AUXERR)
		return auxerr__call((int)a2, a3, (void *)a4, a5);
	return syscall(SYS_prctl, option, a2, a3, a4, a5);
}

#define prctl(o, a, b, c, d) probe_prctl((o), (unsigned long)(a), \
	(unsigned long)(b), (unsigned long)(c), (unsigned long)(d))

#include "../../guest/src/probe.c"
