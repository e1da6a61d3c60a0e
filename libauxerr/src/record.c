// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Parsed records: the event text goes through libauparse (AUSOURCE_BUFFER);
 * this file only copies what auparse found into an opaque record.
 *
 * What libauparse 3.0.9 (Debian 12) does with the AUXERR record, found by
 * experiment (tests/unit checks the parts we rely on):
 *  - "type=UNKNOWN[1340]" parses as a record of type 1340
 *    (audit_name_to_msg_type("UNKNOWN[1340]") == 1340), but
 *    auparse_get_type_name() returns NULL for it; we call it "AUXERR".
 *  - Its fields are interpreted by field name, as in any record:
 *    perm=4 -> "read", mode=0100600 -> "file,600", ouid=0 -> "root",
 *    capability=0 -> "chown"; unknown names (class, granted, userns...)
 *    come back unchanged.
 *  - The kernel avoids names auparse would misread (syscall=, hook=,
 *    data=: docs/stock-tools.md).  Facts auparse has no name for are
 *    interpreted here: seccomp's nr= as a system call name (with the
 *    record's arch=, else the SYSCALL record's), the sticky directory's
 *    dir_mode= and dir_ouid= as auparse interprets mode= and ouid=.
 *  - auparse_init() reads /etc/audit/auditd.conf and opens /var/log/audit
 *    (for its end-of-event timeout), which are denials for a normal user:
 *    see state_for().
 *  - auparse_init(AUSOURCE_BUFFER, NULL) crashes; the buffer must be a NUL
 *    terminated string.  Lines it cannot parse (bad msg=audit(...) stamp,
 *    e.g. a millisecond part that is not 3 digits) are dropped silently, so
 *    we compare the number of records with the number of lines.
 *  - String fields it does not know (component=, mnt_point=, sb=) are not
 *    decoded: a quoted value keeps its quotes, a hex one stays hex.  We let
 *    auparse decode them as the cwd= of a one-line CWD record: those
 *    names whether quoted or hex, any other name when quoted.
 *  - Several events in one buffer come back as several events; we want
 *    exactly one.
 *  - It is not thread-safe: interpretation uses global state (its .bss is
 *    20 KiB: buffers, the uid/gid name caches).  Every use of auparse here
 *    holds auparse_lock, which fork() leaves unlocked in the child.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <auparse.h>
#include <libaudit.h>

#include "internal.h"

/* The AUXERR record type: provisional, not yet in <linux/audit.h> */
#ifdef AUDIT_AUXERR
#define AUXERR_RECORD_TYPE AUDIT_AUXERR
#else
#define AUXERR_RECORD_TYPE 1340
#endif

static pthread_mutex_t auparse_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void lock_prepare(void)
{
	pthread_mutex_lock(&auparse_lock);
}

static void lock_release(void)
{
	pthread_mutex_unlock(&auparse_lock);
}

static void register_atfork(void)
{
	pthread_atfork(lock_prepare, lock_release, lock_release);
}

/*
 * One auparse state for the process, refilled with auparse_new_buffer().
 * auparse_init() reads /etc/audit/auditd.conf and opens /var/log/audit:
 * for an unprivileged caller those are denials (EACCES) the kernel keeps,
 * and in a ring of depth 1 that would replace the very record being
 * explained.  So the state is made once, in a short-lived helper thread,
 * whose denials go to its own ring and die with it.
 */
static auparse_state_t *shared_au;	/* under auparse_lock */

static void *make_state(void *arg)
{
	*(auparse_state_t **)arg =
		auparse_init(AUSOURCE_BUFFER, "type=CWD msg=audit(1.000:1): cwd=\"/\"\n");
	return NULL;
}

static auparse_state_t *state_for(const char *text, size_t len)
{
	if (!shared_au) {
		auparse_state_t *au = NULL;
		sigset_t all, old;
		pthread_t t;

		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old);
		if (pthread_create(&t, NULL, make_state, &au) == 0)
			pthread_join(t, NULL);
		else
			make_state(&au);	/* no threads: here, then */
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		shared_au = au;
		if (!au)
			return NULL;
	}
	if (auparse_new_buffer(shared_au, text, len) != 0)
		return NULL;
	auparse_set_escape_mode(shared_au, AUPARSE_ESC_TTY);
	return shared_au;
}

__attribute__((destructor)) static void drop_state(void)
{
	if (shared_au && pthread_mutex_trylock(&auparse_lock) == 0) {
		auparse_destroy(shared_au);
		shared_au = NULL;
		pthread_mutex_unlock(&auparse_lock);
	}
}

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
};

static void free_recs(struct auxerr_record *r)
{
	for (unsigned i = 0; i < r->nrecs; i++) {
		struct rec *c = &r->recs[i];
		for (unsigned j = 0; j < c->nfields; j++) {
			free(c->fields[j].name);
			free(c->fields[j].raw);
			free(c->fields[j].interp);
		}
		free(c->fields);
		free(c->type_name);
	}
	free(r->recs);
}

AUXERR_API void auxerr_record_free(struct auxerr_record *rec)
{
	int saved = errno;

	if (rec) {
		free_recs(rec);
		free(rec->text);
		free(rec->explanation);
		free(rec);
	}
	errno = saved;
}

static int type_matches(const struct rec *c, const char *type)
{
	if (type == NULL)
		return 1;
	if (strcmp(c->type_name, type) == 0)
		return 1;
	return c->type == AUXERR_RECORD_TYPE &&
	       strcmp(type, "UNKNOWN[1340]") == 0;
}

static const struct field *find(const struct auxerr_record *r,
				const char *type, unsigned nth,
				const char *name)
{
	if (r == NULL || name == NULL)
		return NULL;
	for (unsigned i = 0; i < r->nrecs; i++) {
		const struct rec *c = &r->recs[i];
		if (!type_matches(c, type))
			continue;
		const struct field *hit = NULL;
		for (unsigned j = 0; j < c->nfields && !hit; j++)
			if (strcmp(c->fields[j].name, name) == 0)
				hit = &c->fields[j];
		if (type == NULL && hit)
			return hit;
		if (type != NULL) {
			if (nth == 0)
				return hit;
			nth--;
		}
	}
	return NULL;
}

AUXERR_API const char *auxerr_record_field_nth(const struct auxerr_record *rec,
					       const char *type, unsigned nth,
					       const char *name,
					       int interpreted)
{
	const struct field *f = find(rec, type, nth, name);

	if (f == NULL) {
		errno = rec && name ? ENOENT : EINVAL;
		return NULL;
	}
	return interpreted ? f->interp : f->raw;
}

AUXERR_API const char *auxerr_record_field(const struct auxerr_record *rec,
					   const char *type, const char *name)
{
	return auxerr_record_field_nth(rec, type, 0, name, 0);
}

AUXERR_API const char *auxerr_record_interpret(const struct auxerr_record *rec,
					       const char *type,
					       const char *name)
{
	return auxerr_record_field_nth(rec, type, 0, name, 1);
}

AUXERR_API unsigned auxerr_record_count(const struct auxerr_record *rec,
					const char *type)
{
	unsigned n = 0;

	for (unsigned i = 0; rec && i < rec->nrecs; i++)
		n += type_matches(&rec->recs[i], type);
	return n;
}

AUXERR_API int auxerr_record_errno(const struct auxerr_record *rec)
{
	return rec ? rec->error : 0;
}

AUXERR_API long auxerr_record_syscall(const struct auxerr_record *rec)
{
	return rec ? rec->syscall : -1;
}

AUXERR_API const char *auxerr_record_syscall_name(const struct auxerr_record *rec)
{
	return rec && rec->syscall_name ? rec->syscall_name : "?";
}

AUXERR_API unsigned auxerr_record_arch(const struct auxerr_record *rec)
{
	return rec ? rec->arch : 0;
}

AUXERR_API const char *auxerr_record_mechanism(const struct auxerr_record *rec)
{
	return rec && rec->mechanism ? rec->mechanism : "";
}

AUXERR_API unsigned long long auxerr_record_serial(const struct auxerr_record *rec)
{
	return rec ? rec->serial : 0;
}

AUXERR_API struct timespec auxerr_record_time(const struct auxerr_record *rec)
{
	struct timespec z = { 0, 0 };

	return rec ? rec->time : z;
}

AUXERR_API int auxerr_record_age(const struct auxerr_record *rec)
{
	if (rec == NULL || !rec->has_info) {
		errno = rec ? ENODATA : EINVAL;
		return -1;
	}
	return (int)rec->age;
}

AUXERR_API int auxerr_record_is_weak(const struct auxerr_record *rec)
{
	const char *p;

	if (rec == NULL)
		return 0;
	if (rec->has_info)
		return !!(rec->flags & AUXERR_INFO_WEAK);
	p = auxerr_record_field(rec, "AUXERR", "probe");
	return p && strcmp(p, "yes") == 0;
}

AUXERR_API int auxerr_record_is_flushed(const struct auxerr_record *rec)
{
	return rec && rec->has_info && (rec->flags & AUXERR_INFO_FLUSHED);
}

AUXERR_API const char *auxerr_record_text(const struct auxerr_record *rec)
{
	return rec ? rec->text : NULL;
}

void auxerr__record_set_info(struct auxerr_record *rec,
			     const struct auxerr_info *info)
{
	rec->has_info = 1;
	rec->age = info->age;
	rec->flags = info->flags;
	rec->time.tv_sec = (time_t)info->time_sec;
	rec->time.tv_nsec = (long)info->time_nsec;
	if (info->error > 0)
		rec->error = info->error;
}

int auxerr__aux_field_at(const struct auxerr_record *rec, unsigned i,
			 const char **name, const char **value)
{
	for (unsigned k = 0; k < rec->nrecs; k++) {
		const struct rec *c = &rec->recs[k];
		if (c->type != AUXERR_RECORD_TYPE)
			continue;
		if (i >= c->nfields)
			return -1;
		*name = c->fields[i].name;
		*value = c->fields[i].interp;
		return 0;
	}
	return -1;
}

void auxerr__record_set_explanation(struct auxerr_record *rec, char *s)
{
	free(rec->explanation);
	rec->explanation = s;
}

/* ---- parsing -------------------------------------------------------- */

static int bad_byte(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c != '\n' && (c < 0x20 || c > 0x7e))
			return 1;
	}
	return 0;
}

/* a proctitle= value as the kernel writes it: hex, quoted or (null) */
static int proctitle_ok(const char *v, size_t n)
{
	if (n == 6 && memcmp(v, "(null)", 6) == 0)
		return 1;
	if (n && v[0] == '"')
		return 1;
	if (n % 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)v[i]))
			return 0;
	return 1;
}

/*
 * Lines that libauparse 3.0.9 (Debian 12) mishandles, found by fuzzing
 * (tests/fuzz/); no kernel writes them, so they are refused before auparse
 * sees them:
 *  - a second cwd= in one record: the first value leaks (fixed in audit
 *    3.1.1 by 3f0cf4e1);
 *  - a proctitle= value that is neither hex (of even length) nor quoted
 *    nor "(null)", e.g. "(null)2F78" or "0000y=1": print_proctitle() turns
 *    NULs into spaces up to half the length of the raw value, past the end
 *    of what au_unescape() decoded, and the string it returns has no end
 *    (a heap overflow, read and write; the code is the same in audit 4);
 *  - a record without a field that has a value ("type= msg=audit(...):"):
 *    its empty field array leaks (nvlist_clear() skips empty lists).  The
 *    line starts with "type="; a value there makes one field.
 * The field names as auparse's parse_up_record() makes them: the line
 * split at spaces, a "msg='" and then a '(' in front dropped, empty values
 * skipped.
 */
static int auparse_hazard(const char *s, size_t n)
{
	const char *end = s + n;
	unsigned cwds = 0;

	if (n <= 5 || s[5] == ' ')
		return 1;
	while (s < end) {
		const char *sp = memchr(s, ' ', (size_t)(end - s));
		const char *te = sp ? sp : end, *t = s;

		if (te - t >= 5 && memcmp(t, "msg='", 5) == 0)
			t += 5;
		if (t < te && *t == '(')
			t++;
		if (te - t > 4 && memcmp(t, "cwd=", 4) == 0)
			cwds++;
		if (te - t > 10 && memcmp(t, "proctitle=", 10) == 0 &&
		    !proctitle_ok(t + 10, (size_t)(te - t - 10)))
			return 1;
		s = te + 1;
	}
	return cwds > 1;
}

/* lines in the text, each of which must start with "type=" */
static int count_lines(const char *text, size_t len, unsigned *lines)
{
	unsigned n = 0;
	size_t i = 0;

	while (i < len) {
		if (len - i < 5 || memcmp(text + i, "type=", 5) != 0)
			return -1;
		const char *nl = memchr(text + i, '\n', len - i);
		if (nl == NULL)
			return -1;	/* truncated: every record ends in \n */
		if (auparse_hazard(text + i, (size_t)(nl - (text + i))))
			return -1;
		i = (size_t)(nl - text) + 1;
		n++;
	}
	*lines = n;
	return 0;
}

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

static int copy_record(auparse_state_t *au, struct rec *c)
{
	unsigned n = auparse_get_num_fields(au);
	const char *tn = auparse_get_type_name(au);

	c->type = auparse_get_type(au);
	if (c->type == AUXERR_RECORD_TYPE)
		tn = "AUXERR";
	c->type_name = dup_or_empty(tn);
	if (!c->type_name)
		return -1;
	if (n == 0 || auparse_first_field(au) <= 0)
		return 0;
	c->fields = calloc(n, sizeof(*c->fields));
	if (!c->fields)
		return -1;
	do {
		struct field *f = &c->fields[c->nfields];
		if (c->nfields >= n)
			break;
		c->nfields++;
		f->name = dup_or_empty(auparse_get_field_name(au));
		f->raw = dup_or_empty(auparse_get_field_str(au));
		f->interp = dup_or_empty(auparse_interpret_field(au));
		if (!f->name || !f->raw || !f->interp)
			return -1;
	} while (auparse_next_field(au) > 0);
	return 0;
}

/*
 * A value as auparse interprets field @as: "cwd" decodes a string that
 * auparse does not know by name (component=, mnt_point=), "mode" and
 * "ouid" give dir_mode= and dir_ouid= the interpretation of their
 * namesakes.  A one-line record of that field, so that no decoding is
 * done by hand here.  NULL if it does not work out.
 */
static char *interpret_as(const char *as, const char *raw)
{
	char line[8192];
	char *out = NULL;
	int n = snprintf(line, sizeof(line),
			 "type=CWD msg=audit(1.000:1): %s=%s\n", as, raw);

	if (n < 0 || (size_t)n >= sizeof(line) || strpbrk(raw, " \n"))
		return NULL;
	auparse_state_t *au = state_for(line, (size_t)n);
	if (!au)
		return NULL;
	if (auparse_next_event(au) > 0 && auparse_find_field(au, as)) {
		const char *v = auparse_interpret_field(au);
		if (v)
			out = strdup(v);
	}
	return out;
}

/* the field auparse should interpret an AUXERR field @name as, or NULL */
static const char *interpret_like(const char *name)
{
	static const struct {
		const char *name, *as;
	} like[] = {
		{ "component", "cwd" },
		{ "mnt_point", "cwd" },
		{ "sb", "cwd" },
		{ "dir_mode", "mode" },
		{ "dir_ouid", "ouid" },
	};
	for (size_t i = 0; i < sizeof(like) / sizeof(like[0]); i++)
		if (strcmp(name, like[i].name) == 0)
			return like[i].as;
	return NULL;
}

/* the corrections described at the top of this file */
static int fix_interpretations(struct auxerr_record *r)
{
	for (unsigned i = 0; i < r->nrecs; i++) {
		struct rec *c = &r->recs[i];
		if (c->type != AUXERR_RECORD_TYPE)
			continue;
		unsigned arch = r->arch;
		for (unsigned j = 0; j < c->nfields; j++) {
			if (strcmp(c->fields[j].name, "arch") == 0) {
				char *end;
				unsigned long a = strtoul(c->fields[j].raw, &end, 16);
				if (!*end && a <= UINT32_MAX)
					arch = (unsigned)a;
			}
		}
		for (unsigned j = 0; j < c->nfields; j++) {
			struct field *f = &c->fields[j];
			const char *as;
			char *v = NULL;
			if (strcmp(f->name, "nr") == 0) {
				char *end;
				long nr = strtol(f->raw, &end, 10);
				int mach = audit_elf_to_machine(arch);
				const char *s = (*end || mach < 0) ? NULL :
					audit_syscall_to_name((int)nr, mach);
				if (!s)
					continue;
				v = strdup(s);
			} else if (strcmp(f->raw, f->interp) == 0 &&
				   ((as = interpret_like(f->name)) ||
				    (f->raw[0] == '"' && (as = "cwd")))) {
				/* known names, and any other quoted string */
				v = interpret_as(as, f->raw);
				if (!v)
					continue;
			} else {
				continue;
			}
			if (!v)
				return -1;
			free(f->interp);
			f->interp = v;
		}
	}
	return 0;
}

static int fill(struct auxerr_record *r, auparse_state_t *au)
{
	const au_event_t *ev = auparse_get_timestamp(au);
	unsigned n = auparse_get_num_records(au);

	if (!ev || n == 0)
		return EBADMSG;
	r->time.tv_sec = ev->sec;
	r->time.tv_nsec = (long)ev->milli * 1000000L;
	r->serial = ev->serial;
	r->recs = calloc(n, sizeof(*r->recs));
	if (!r->recs)
		return ENOMEM;
	if (auparse_first_record(au) <= 0)
		return EBADMSG;
	do {
		if (r->nrecs >= n)
			break;
		if (copy_record(au, &r->recs[r->nrecs++]) < 0)
			return ENOMEM;
	} while (auparse_next_record(au) > 0);
	return 0;
}

static int derive(struct auxerr_record *r)
{
	const char *s;
	char *end;

	if (auxerr_record_count(r, "SYSCALL") != 1 ||
	    auxerr_record_count(r, "AUXERR") != 1)
		return EBADMSG;
	s = auxerr_record_field(r, "AUXERR", "mechanism");
	if (!s || !*s)
		return EBADMSG;
	r->mechanism = s;

	s = auxerr_record_field(r, "SYSCALL", "arch");
	if (s) {
		unsigned long a = strtoul(s, &end, 16);
		if (*end == '\0' && a <= UINT32_MAX)
			r->arch = (unsigned)a;
	}
	r->syscall = -1;
	s = auxerr_record_field(r, "SYSCALL", "syscall");
	if (!s)
		return EBADMSG;
	long nr = strtol(s, &end, 10);
	if (*end || nr < 0)
		return EBADMSG;
	r->syscall = nr;
	r->syscall_name = auxerr_record_interpret(r, "SYSCALL", "syscall");

	s = auxerr_record_field(r, "SYSCALL", "exit");
	if (s) {
		long e = strtol(s, &end, 10);
		if (*end == '\0' && e < 0 && e > -4096)
			r->error = (int)-e;
	}
	return fix_interpretations(r) < 0 ? ENOMEM : 0;
}

static struct auxerr_record *parse_locked(const char *text, size_t len);

AUXERR_API struct auxerr_record *auxerr_record_parse(const char *text,
						     size_t len)
{
	struct auxerr_record *r;
	int e;

	pthread_once(&atfork_once, register_atfork);
	pthread_mutex_lock(&auparse_lock);
	r = parse_locked(text, len);
	e = errno;
	pthread_mutex_unlock(&auparse_lock);
	errno = e;
	return r;
}

static struct auxerr_record *parse_locked(const char *text, size_t len)
{
	int saved = errno, err = EBADMSG;
	unsigned lines;
	struct auxerr_record *r;
	auparse_state_t *au;

	if (text == NULL || len == 0 || len > AUXERR_TEXT_MAX ||
	    memchr(text, '\0', len) != NULL) {
		errno = EINVAL;
		return NULL;
	}
	if (bad_byte(text, len) || count_lines(text, len, &lines) < 0) {
		errno = EBADMSG;
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		errno = ENOMEM;
		return NULL;
	}
	r->text = malloc(len + 1);
	if (!r->text) {
		free(r);
		errno = ENOMEM;
		return NULL;
	}
	memcpy(r->text, text, len);
	r->text[len] = '\0';
	r->text_len = len;

	au = state_for(r->text, len);
	if (!au) {
		err = errno == ENOMEM ? ENOMEM : EBADMSG;
		goto fail;
	}
	if (auparse_next_event(au) <= 0)
		goto fail;
	err = fill(r, au);
	if (err)
		goto fail;
	err = EBADMSG;
	if (r->nrecs != lines || auparse_next_event(au) > 0)
		goto fail;
	err = derive(r);	/* may reuse the state: after the checks */
	if (err)
		goto fail;
	errno = saved;
	return r;

fail:
	auxerr_record_free(r);
	errno = err;
	return NULL;
}

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
