/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef AUXERR_BPF_REQUEST_H
#define AUXERR_BPF_REQUEST_H

#include <stddef.h>
#include <linux/types.h>

#include "auxerr.h"

/* What one message on the flush service's socket asks (bpf/request.c) */
enum auxb_request_kind {
	AUXB_REQ_FLUSH = 1,
	AUXB_REQ_LAST,
	AUXB_REQ_OWN,
	AUXB_REQ_WANT,
};

struct auxb_request {
	enum auxb_request_kind kind;
	int tid;			/* FLUSH, OWN, LAST: the thread named */
	unsigned long long serial;	/* FLUSH */
	unsigned slot;			/* OWN */
};	/* WANT has no field */

/*
 * Decide what one message asks, from its bytes alone (no I/O): @data holds
 * the first min(@len, @have) bytes of a message whose real length is @len
 * (recvmsg()'s MSG_TRUNC answer), which came with @nfds descriptors
 * (@ctrunc: the kernel dropped some).  A message is a request only when
 * its length is exactly its magic's structure's, with the descriptors
 * that request takes, a thread id in 1..INT_MAX (not WANT's) and zero
 * padding.
 * Returns 0 and fills @req, or EINVAL.
 */
int auxb_request_parse(const void *data, size_t have, size_t len,
		       unsigned nfds, int ctrunc, struct auxb_request *req);

#endif
