// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * dac with fd_name=: a call on a file descriptor refused by the
 * permissions of another file than the descriptor's.  Writing a pid to a
 * cgroup's cgroup.procs (or cgroup.threads) moves a process there only if
 * the writer may also write the cgroup.procs of the common ancestor of
 * the process's cgroup and the destination: in a delegated cgroup that
 * ancestor's file is the one that refuses, not the one written.  The
 * PATH record names the file that refused (absent when the caller's
 * mount does not show it), fd_name= the file written.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static const char *base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;

	return s ? s + 1 : path;
}

/* @path is a cgroup's file that moves a process or a thread there */
static int is_cgroup_move(const char *path)
{
	const char *b = base_name(path);

	return b && (strcmp(b, "cgroup.procs") == 0 ||
		     strcmp(b, "cgroup.threads") == 0);
}

int auxerr__dac_other_file(const struct auxerr_facts *f)
{
	return auxerr__aux(f->rec, "fd_name") != NULL;
}

void auxerr__dac_other_file_decode(struct auxerr_facts *f)
{
	const char *written = auxerr__auxi(f->rec, "fd_name");

	if (written)
		f->shown_name = written;
}

void auxerr__dac_other_file_sentence(struct auxerr_buf *b,
				     const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *written = auxerr__auxi(r, "fd_name");
	const char *path = f->object.path;

	if (is_cgroup_move(written)) {
		if (path)
			auxerr__buf_printf(b, _("moving a process to another cgroup takes write permission on the cgroup.procs of the common ancestor of its cgroup and the destination, and the file that refused is %s, that common ancestor's, not the one written: mode %s %s:%s; "),
					   path, f->object.mode_bits,
					   auxerr__id_name(r, "ouid"),
					   auxerr__id_name(r, "ogid"));
		else
			auxerr__buf_printf(b, _("moving a process to another cgroup takes write permission on the cgroup.procs of the common ancestor of its cgroup and the destination, and that common ancestor's file refused, not the one written; it lies outside the cgroups the caller's mount shows: mode %s %s:%s; "),
					   f->object.mode_bits,
					   auxerr__id_name(r, "ouid"),
					   auxerr__id_name(r, "ogid"));
	} else {
		auxerr__buf_printf(b, _("denied by the permissions of another file than the one the call was given: %s, mode %s %s:%s; "),
				   path ? path : _("(path unknown)"),
				   f->object.mode_bits,
				   auxerr__id_name(r, "ouid"),
				   auxerr__id_name(r, "ogid"));
	}
	auxerr__dac_clause(b, f, f->object.is_dir);
}

/*
 * The owner of the common ancestor delegates its cgroup.procs to the
 * caller too (chown: cgroupfs takes no ACL), as cgroup delegation does;
 * or the caller moves its processes only within a subtree it was
 * delegated, whose top is then the common ancestor.
 */
static void cgroup_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	unsigned long ouid, fsuid;
	int named, *oom = &m->oom;
	char *uword = NULL, *qpath = NULL, *qdir = NULL;
	struct auxerr_buf b = { 0 };

	if (!auxerr__id_num(&f->object.ouid, &ouid) ||
	    !auxerr__id_num(&f->subject.fsuid, &fsuid)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record lacks the facts a remedy needs (ouid, fsuid)"));
		auxerr__remedy_say(m, &b);
		return;
	}
	uword = auxerr__user_word(oom, fsuid, &named);
	if (f->object.path)
		qpath = auxerr__quoted(oom, f->object.path);
	if (f->object.dir)
		qdir = auxerr__quoted(oom, f->object.dir);
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
			   auxerr__owner_who(oom, ouid, 0), (long long)ouid);
	if (qpath && uword)
		m->command = auxerr__xprintf(oom, "chown %s %s", uword, qpath);
	auxerr__buf_printf(&b, _("%s can delegate to uid %lu the cgroup.procs of the common ancestor %s as well, so that the user may move its processes between the cgroups below it; or the user moves a process only between cgroups of one subtree delegated to it whole"),
			   m->who ? m->who : "?", fsuid,
			   qdir ? qdir : _("(path unknown)"));
	m->weakens = auxerr__xprintf(oom, _("uid %lu may then move its processes into and out of every cgroup below %s, not only those delegated to it, and so out of the limits set on them"),
				     fsuid, qdir ? qdir : _("the common ancestor"));
	auxerr__remedy_say(m, &b);
	free(uword);
	free(qpath);
	free(qdir);
}

void auxerr__dac_other_file_remedy(struct auxerr_remedy *m,
				   const struct auxerr_facts *f)
{
	if (is_cgroup_move(auxerr__auxi(f->rec, "fd_name"))) {
		cgroup_remedy(m, f);
		return;
	}
	auxerr__dac_remedy(m, f, f->object.is_dir);
}
