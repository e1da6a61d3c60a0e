// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the flush service's request parser
 * (auxb_request_parse(), bpf/request.c), the input of a root daemon that
 * every local user can reach (auxerr-bpfd --serve, /run/auxerr/flush).
 *
 * The input's first byte frames the message as recvmsg() hands it over:
 * bits 0-1 the number of descriptors that came with it (0-3), bit 2
 * MSG_CTRUNC, bit 3 the service's own receive buffer (the message's first
 * 32 bytes and its real length, as bpf/serve.c reads it) instead of the
 * whole message.  The rest is the message.  Besides the sanitizers, the
 * harness checks what the service relies on: 0 or EINVAL and nothing
 * else; a request accepted only at exactly its structure's length, with
 * exactly its descriptors, never cut or with descriptors dropped; its
 * fields the message's own bytes (encoded back, they give the message);
 * a thread id in 1..INT_MAX (none for WANT); the answer the same for
 * the same bytes.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "request.h"

#include "fuzz.h"

/* bpf/serve.c's receive buffer */
#define SERVE_BUF (sizeof(struct auxb_flush_req) + sizeof(struct auxb_own_req))

/* the message a request stands for, encoded back; its length */
static size_t encode(const struct auxb_request *r, unsigned char *out)
{
	switch (r->kind) {
	case AUXB_REQ_FLUSH: {
		struct auxb_flush_req f = { AUXB_FLUSH_MAGIC, (__u32)r->tid, r->serial };

		memcpy(out, &f, sizeof(f));
		return sizeof(f);
	}
	case AUXB_REQ_LAST: {
		struct auxb_last_req l = { AUXB_LAST_MAGIC, (__u32)r->tid };

		memcpy(out, &l, sizeof(l));
		return sizeof(l);
	}
	case AUXB_REQ_OWN: {
		struct auxb_own_req o = { AUXB_OWN_MAGIC, (__u32)r->tid, r->slot, 0 };

		memcpy(out, &o, sizeof(o));
		return sizeof(o);
	}
	case AUXB_REQ_WANT: {
		struct auxb_want_req w = { AUXB_WANT_MAGIC, 0 };

		memcpy(out, &w, sizeof(w));
		return sizeof(w);
	}
	}
	fuzz_fail("request kind %d accepted", (int)r->kind);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct auxb_request req, again;
	unsigned char back[SERVE_BUF];
	unsigned nfds, ctrunc;
	size_t len, have, n;
	int err;

	if (size < 1)
		return 0;
	nfds = data[0] & 3;
	ctrunc = (data[0] >> 2) & 1;
	len = size - 1;
	have = (data[0] & 8) && len > SERVE_BUF ? SERVE_BUF : len;
	data++;

	err = auxb_request_parse(data, have, len, nfds, (int)ctrunc, &req);
	if (err != 0 && err != EINVAL)
		fuzz_fail("errno %d, not 0 or EINVAL", err);
	if (auxb_request_parse(data, have, len, nfds, (int)ctrunc, &again) != err ||
	    memcmp(&req, &again, sizeof(req)))
		fuzz_fail("two answers to one message");
	if (err)
		return 0;
	if (ctrunc || have != len)
		fuzz_fail("a message cut or with descriptors dropped accepted");
	if (req.kind == AUXB_REQ_WANT ? req.tid != 0 : req.tid < 1 || req.tid > INT_MAX)
		fuzz_fail("thread id %d accepted", req.tid);
	if (nfds != (req.kind == AUXB_REQ_LAST ? 2u : 0u))
		fuzz_fail("kind %d with %u descriptors accepted", (int)req.kind, nfds);
	n = encode(&req, back);
	if (n != len || memcmp(back, data, n))
		fuzz_fail("kind %d of %zu bytes is not the message's own %zu bytes",
			  (int)req.kind, n, len);
	return 0;
}
