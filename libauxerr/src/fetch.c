// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_record_fetch(): a ring slot from the kernel (PR_AUXERR_GET and
 * PR_AUXERR_INFO, raw.c), parsed (parse.c), with the kernel's INFO
 * attached.  The slot can be replaced by a newer denial between the two
 * calls; the serials tell, and the fetch is retried.
 */
#include <errno.h>
#include <stdlib.h>

#include "record.h"

AUXERR_API struct auxerr_record *auxerr_record_fetch(unsigned slot)
{
	int saved = errno;

	for (int tries = 0; tries < 4; tries++) {
		struct auxerr_info info;
		ssize_t need = auxerr_get_record(slot, NULL, 0, 0);
		if (need < 0)
			return NULL;
		if ((size_t)need > AUXERR_TEXT_MAX + 1) {
			errno = EMSGSIZE;
			return NULL;
		}
		char *buf = malloc((size_t)need);
		if (!buf) {
			errno = ENOMEM;
			return NULL;
		}
		ssize_t n = auxerr_get_record(slot, buf, (size_t)need, 0);
		if (n < 0) {
			int e = errno;
			free(buf);
			if (e == ERANGE)
				continue;	/* replaced meanwhile */
			errno = e;
			return NULL;
		}
		if (auxerr__info(slot, &info) < 0) {
			int e = errno;
			free(buf);
			errno = e;
			return NULL;
		}
		struct auxerr_record *r = auxerr_record_parse(buf, (size_t)n);
		int e = errno;
		free(buf);
		if (!r) {
			errno = e;
			return NULL;
		}
		if (r->serial != info.serial) {	/* replaced meanwhile */
			auxerr_record_free(r);
			continue;
		}
		auxerr__record_set_info(r, &info);
		errno = saved;
		return r;
	}
	errno = EAGAIN;
	return NULL;
}
