// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The opaque record: what auparse found in one event (parse.c), copied,
 * and the getters of <auxerr.h> on it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

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
		free(rec->damage);
		free(rec);
	}
	errno = saved;
}

int auxerr__type_matches(const struct rec *c, const char *type)
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
		if (!auxerr__type_matches(c, type))
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
		n += auxerr__type_matches(&rec->recs[i], type);
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

/* The kernel's INFO flag when fetched; otherwise what the text says: the
 * kernel renders superseded=yes in a record it has marked, when read */
AUXERR_API int auxerr_record_is_superseded(const struct auxerr_record *rec)
{
	const char *p;

	if (rec == NULL)
		return 0;
#ifdef AUXERR_INFO_SUPERSEDED
	if (rec->has_info && (rec->flags & AUXERR_INFO_SUPERSEDED))
		return 1;
#endif
	p = auxerr_record_field(rec, "AUXERR", "superseded");
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
