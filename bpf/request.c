// SPDX-License-Identifier: GPL-2.0-only
/*
 * The flush service's request parser (bpf/serve.c reads, this decides):
 * one message of any user on /run/auxerr/flush, a root daemon's input.
 * No I/O, so that tests/fuzz/fuzz_request.c can run it on any bytes.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "request.h"

/* the thread id of a request: pid_t's range, never 0 */
static int tid_ok(__u32 tid)
{
	return tid >= 1 && tid <= INT_MAX;
}

int auxb_request_parse(const void *data, size_t have, size_t len,
		       unsigned nfds, int ctrunc, struct auxb_request *req)
{
	__u32 magic;

	memset(req, 0, sizeof(*req));
	/* a message cut by the receive buffer is never exactly a request */
	if (have > len || len < sizeof(magic) || have < len || ctrunc)
		return EINVAL;
	memcpy(&magic, data, sizeof(magic));
	switch (magic) {
	case AUXB_FLUSH_MAGIC: {
		struct auxb_flush_req f;

		if (len != sizeof(f) || nfds)
			return EINVAL;
		memcpy(&f, data, sizeof(f));
		if (!tid_ok(f.tid))
			return EINVAL;
		req->kind = AUXB_REQ_FLUSH;
		req->tid = (int)f.tid;
		req->serial = f.serial;
		return 0;
	}
	case AUXB_LAST_MAGIC: {
		struct auxb_last_req l;

		/* the environ file and the thread's pidfd */
		if (len != sizeof(l) || nfds != 2)
			return EINVAL;
		memcpy(&l, data, sizeof(l));
		if (!tid_ok(l.tid))
			return EINVAL;
		req->kind = AUXB_REQ_LAST;
		req->tid = (int)l.tid;
		return 0;
	}
	case AUXB_OWN_MAGIC: {
		struct auxb_own_req o;

		if (len != sizeof(o) || nfds)
			return EINVAL;
		memcpy(&o, data, sizeof(o));
		if (!tid_ok(o.tid) || o.pad)
			return EINVAL;
		req->kind = AUXB_REQ_OWN;
		req->tid = (int)o.tid;
		req->slot = o.slot;
		return 0;
	}
	case AUXB_WANT_MAGIC: {
		struct auxb_want_req w;

		if (len != sizeof(w) || nfds)
			return EINVAL;
		memcpy(&w, data, sizeof(w));
		if (w.pad)
			return EINVAL;
		req->kind = AUXB_REQ_WANT;
		return 0;
	}
	}
	return EINVAL;
}
