// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_record_damage(): what a parsed event lacks that every event the
 * kernel writes has.  An audit pipeline meets damaged events in practice
 * (a full disk, a truncated or rotated log, a line cut by auditd's own
 * limits); libauxerr still explains what the intact records say, and
 * this names what the sentence could not know, so that no writer has to
 * choose between dropping the event and passing "?" off as a fact.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

/*
 * The SYSCALL fields that the kernel's audit_log_exit() and both auxerr
 * backends always write; key=, tty=, ses= and subj= are left out because
 * a configuration may leave them empty or drop them.
 */
static const char *const syscall_fields[] = {
	"arch", "syscall", "success", "exit", "a0", "a1", "a2", "a3",
	"items", "ppid", "pid", "auid", "uid", "gid", "euid", "suid",
	"fsuid", "egid", "sgid", "fsgid", "comm", "exe",
};

/* a raw value with a double quote anywhere but at both of its ends:
 * what is left of a quoted string cut in the middle */
static int broken_quote(const char *v)
{
	size_t n = strlen(v);
	const char *q = memchr(v, '"', n);

	if (!q)
		return 0;
	if (n < 2 || v[0] != '"' || v[n - 1] != '"')
		return 1;
	return memchr(v + 1, '"', n - 2) != NULL;
}

static void add_field(struct auxerr_buf *b, unsigned *n, const char *name)
{
	auxerr__buf_str(b, (*n)++ ? ", " : "");
	auxerr__buf_str(b, name);
}

static char *describe(const struct auxerr_record *r)
{
	struct auxerr_buf b = { 0 };
	unsigned missing = 0, odd = 0;

	for (size_t i = 0; i < sizeof(syscall_fields) / sizeof(*syscall_fields); i++)
		if (!auxerr_record_field(r, "SYSCALL", syscall_fields[i])) {
			if (!missing)
				auxerr__buf_str(&b, _("the SYSCALL record lacks "));
			add_field(&b, &missing, syscall_fields[i]);
		}
	for (unsigned i = 0; i < r->nrecs; i++) {
		const struct rec *c = &r->recs[i];

		for (unsigned j = 0; j < c->nfields; j++) {
			if (!broken_quote(c->fields[j].raw))
				continue;
			if (!odd) {
				if (missing)
					auxerr__buf_str(&b, "; ");
				auxerr__buf_printf(&b, _("the %s record has a value cut short or run together: "),
						   c->type_name[0] ? c->type_name : "?");
			}
			add_field(&b, &odd, c->fields[j].name);
		}
		if (odd)
			break;	/* the first damaged record says enough */
	}
	if (!missing && !odd)
		return NULL;
	if (b.oom) {
		free(b.s);
		errno = ENOMEM;
		return NULL;
	}
	return b.s;
}

AUXERR_API const char *auxerr_record_damage(const struct auxerr_record *rec)
{
	struct auxerr_record *r = (struct auxerr_record *)rec;
	int saved = errno;

	if (!rec) {
		errno = EINVAL;
		return NULL;
	}
	if (!r->damage_known) {
		errno = 0;
		r->damage = describe(r);
		if (!r->damage && errno == ENOMEM)
			return NULL;	/* try again next time */
		r->damage_known = 1;
	}
	errno = r->damage ? saved : ENOENT;
	return r->damage;
}
