/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libauxerr internals of the parsed record: its layout (record.c), the
 * auparse wrapper (auparse.c), parsing (parse.c), the interpretations
 * auparse lacks (interpret.c).  Not installed, not exported.
 */
#ifndef AUXERR_RECORD_H
#define AUXERR_RECORD_H

#include <stddef.h>
#include <time.h>

#include <auparse.h>

#include "auxerr-shared.h"
#include "internal.h"

/* The AUXERR record type: provisional, not yet in <linux/audit.h> */
#ifdef AUDIT_AUXERR
#define AUXERR_RECORD_TYPE AUDIT_AUXERR
#else
#define AUXERR_RECORD_TYPE 1340
#endif

struct field {
	char *name;
	char *raw;
	char *interp;
};

struct rec {
	int type;
	char *type_name;
	unsigned nfields;
	struct field *fields;
};

struct auxerr_record {
	char *text;
	size_t text_len;
	struct rec *recs;
	unsigned nrecs;
	struct timespec time;
	unsigned long long serial;
	int error;
	long syscall;
	unsigned arch;
	const char *syscall_name;
	const char *mechanism;
	int has_info;
	unsigned age;
	unsigned flags;
	char *explanation;
	char *damage;		/* auxerr_record_damage(), once known */
	int damage_known;
};

/* auxerr_record_count()'s and the getters' notion of a record's type:
 * NULL matches any, "UNKNOWN[1340]" the AUXERR record */
AUXERR_HIDDEN int auxerr__type_matches(const struct rec *c, const char *type);

/* auparse.c: the lock around every use of libauparse */
AUXERR_HIDDEN void auxerr__auparse_lock(void);
AUXERR_HIDDEN void auxerr__auparse_unlock(void);

/* auparse.c: the shared AUSOURCE_BUFFER state, refilled with @text
 * (NUL-terminated, @len bytes); NULL on failure.  Lock held. */
AUXERR_HIDDEN auparse_state_t *auxerr__auparse_state(const char *text,
						     size_t len);

/* interpret.c: replace auparse's interpretation of the AUXERR facts it
 * has no name for; -1 on allocation failure.  Lock held. */
AUXERR_HIDDEN int auxerr__interpret_extra(struct auxerr_record *r);

#endif
