/* Scaffolding of the unit tests on hand-written event texts
 * (hand_event.h). */
#include <errno.h>
#include <stdio.h>

#include "hand_event.h"

struct auxerr_record *hand_event(int nr, int exit_, const char *args,
				 unsigned items, unsigned id, const char *comm,
				 const char *exe, const char *aux,
				 const char *more)
{
	char text[8192];
	struct auxerr_record *r;

	snprintf(text, sizeof(text),
		 "type=SYSCALL " STAMP "arch=c000003e syscall=%d success=no exit=%d %s items=%u ppid=50 pid=64 auid=4294967295 uid=%u gid=%u euid=%u suid=%u fsuid=%u egid=%u sgid=%u fsgid=%u tty=(none) ses=4294967295 comm=\"%s\" exe=\"%s\" key=(null)\n"
		 "type=UNKNOWN[1340] " STAMP "%s\n%s",
		 nr, exit_, args, items, id, id, id, id, id, id, id, id, comm, exe,
		 aux, more);
	r = auxerr_record_parse(text, strlen(text));
	if (!r)
		fprintf(stderr, "\n  does not parse (%s):\n%s", strerror(errno), text);
	CU_ASSERT_PTR_NOT_NULL(r);
	return r;
}

void expect_sentence(struct auxerr_record *r, const char *want)
{
	if (r)
		ASSERT_STR(auxerr_explain(r), want);
}

void expect_field(struct auxerr_record *r, const char *name, const char *raw,
		  const char *interp)
{
	if (!r)
		return;
	ASSERT_STR(auxerr_record_field(r, "AUXERR", name), raw);
	if (interp)
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", name), interp);
}

void expect_absent(struct auxerr_record *r, const char *name)
{
	if (r)
		CU_ASSERT_PTR_NULL(auxerr_record_field(r, "AUXERR", name));
}

void expect_fixture(const char *name, const char *mechanism)
{
	struct auxerr_record *r = parse_fixture(name);
	struct auxerr_remedy *m;
	const char *s;

	if (!r)
		return;
	ASSERT_STR(auxerr_record_mechanism(r), mechanism);
	s = auxerr_explain(r);
	CU_ASSERT_PTR_NOT_NULL(s);
	if (s && strchr(s, '?'))
		fprintf(stderr, "\n  %s: %s\n", name, s);
	CU_ASSERT_PTR_NULL(s ? strchr(s, '?') : "");
	CU_ASSERT_PTR_NULL(s ? strstr(s, "mechanism \"") : "");
	m = auxerr_record_remedy(r);
	CU_ASSERT_PTR_NOT_NULL(m);
	if (m && strchr(auxerr_remedy_text(m), '?'))
		fprintf(stderr, "\n  %s: %s\n", name, auxerr_remedy_text(m));
	CU_ASSERT_PTR_NULL(m ? strchr(auxerr_remedy_text(m), '?') : "");
	CU_ASSERT(m && auxerr_remedy_kind(m) != AUXERR_REMEDY_NONE);
	auxerr_remedy_free(m);
	auxerr_record_free(r);
}
