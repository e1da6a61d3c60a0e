// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=space: a limit on a filesystem's space failed the call
 * (kernel/auxerr/space.c).  ENOSPC of a tmpfs is its blocks
 * (check=tmpfs_blocks: value= bytes in use, limit= its size=), its inodes
 * (tmpfs_inodes: nr_inodes=) or an fallocate() larger than the whole size
 * (tmpfs_size); dev= names the filesystem, which this library looks up in
 * /proc/self/mountinfo for the mount point the sentence and the remedy
 * name.  EDQUOT is a disk quota: check=TYPE_quota_WHAT_LIMIT (user, group
 * or project; blocks or inodes; hard, or soft past its grace), qid= its
 * id, value= what the usage would have become and limit= the limit, both
 * absent when the caller may not read the quota.
 */
#include <libaudit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* @v bytes as people write sizes: "16 KiB", "64 MiB", "4097 bytes" */
static char *size_text(int *oom, unsigned long v)
{
	static const char *const units[] = { "GiB", "MiB", "KiB" };

	for (int i = 0; i < 3; i++) {
		unsigned long u = 1UL << (10 * (3 - i));

		if (v && v % u == 0)
			return auxerr__xprintf(oom, "%lu %s", v / u, units[i]);
	}
	return auxerr__xprintf(oom, "%lu bytes", v);
}

/* @s as /proc/self/mountinfo writes it, octal escapes decoded, in place */
static void unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = '\0';
}

/*
 * The mount point of the filesystem dev= names (hex "MAJ:MIN"), its root
 * mounted: the first such in this process's mount namespace; NULL when
 * there is none (a record read elsewhere, the filesystem unmounted since)
 */
static char *mount_point(int *oom, const char *dev)
{
	unsigned long maj, min;
	char want[64], *line = NULL, *found = NULL;
	size_t cap = 0;
	const char *colon;
	FILE *mi;

	if (!dev || !(colon = strchr(dev, ':')))
		return NULL;
	{
		char majs[32];
		size_t n = (size_t)(colon - dev);

		if (n == 0 || n >= sizeof(majs))
			return NULL;
		memcpy(majs, dev, n);
		majs[n] = '\0';
		if (!auxerr__num(majs, 16, &maj) || !auxerr__num(colon + 1, 16, &min))
			return NULL;
	}
	snprintf(want, sizeof(want), "%lu:%lu", maj, min);
	mi = fopen("/proc/self/mountinfo", "re");
	if (!mi)
		return NULL;
	while (!found && getline(&line, &cap, mi) > 0) {
		char *save = NULL, *field[5];
		int n = 0;

		for (char *t = strtok_r(line, " ", &save); t && n < 5;
		     t = strtok_r(NULL, " ", &save))
			field[n++] = t;
		if (n < 5 || strcmp(field[2], want) || strcmp(field[3], "/"))
			continue;
		unescape(field[4]);
		found = auxerr__xstrdup(oom, field[4]);
	}
	free(line);
	fclose(mi);
	return found;
}

/* "the tmpfs on /tmp", "the tmpfs" */
static void the_fs(struct auxerr_buf *b, const char *fstype, const char *mnt)
{
	if (mnt)
		auxerr__buf_printf(b, _("the %s on %s"), fstype ? fstype : _("filesystem"), mnt);
	else
		auxerr__buf_printf(b, _("the %s"), fstype ? fstype : _("filesystem"));
}

struct space {
	const char *check, *qid;
	unsigned long v, l;
	int v_ok, l_ok;
	char *fstype, *mnt;
	/* a quota's parts, parsed from check= */
	char qtype[16], what[16], hard[8];
};

static void space_read(int *oom, const struct auxerr_facts *f, struct space *s)
{
	const struct auxerr_record *r = f->rec;
	const char *v = auxerr__aux(r, "value"), *l = auxerr__aux(r, "limit");

	memset(s, 0, sizeof(*s));
	s->check = auxerr__aux(r, "check");
	if (!s->check)
		s->check = "";
	s->qid = auxerr__aux(r, "qid");
	s->v_ok = v && auxerr__num(v, 10, &s->v);
	s->l_ok = l && auxerr__num(l, 10, &s->l);
	s->fstype = auxerr__decode(oom, auxerr__aux(r, "fstype"));
	s->mnt = mount_point(oom, auxerr__aux(r, "dev"));
	if (s->qid && sscanf(s->check, "%15[a-z]_quota_%15[a-z]_%7[a-z]",
			     s->qtype, s->what, s->hard) != 3)
		s->qtype[0] = '\0';
	if (strcmp(s->qtype, "user") && strcmp(s->qtype, "group") &&
	    strcmp(s->qtype, "project"))
		s->qtype[0] = '\0';
	if ((strcmp(s->what, "blocks") && strcmp(s->what, "inodes")) ||
	    (strcmp(s->hard, "hard") && strcmp(s->hard, "soft")))
		s->qtype[0] = '\0';
}

static void space_free(struct space *s)
{
	free(s->fstype);
	free(s->mnt);
}

/* the clause after "ENOSPC because "; 0 when the check is not known */
static int space_clause(struct auxerr_buf *b, int *oom, const struct space *s)
{
	char *v = NULL, *l = NULL;
	int known = 1;

	if (!strcmp(s->check, "tmpfs_blocks") && s->v_ok && s->l_ok) {
		v = size_text(oom, s->v);
		l = size_text(oom, s->l);
		the_fs(b, s->fstype, s->mnt);
		auxerr__buf_printf(b, _(" has no free block: %s of its size=%s are in use (its inodes are not the limit)"),
				   v ? v : "?", l ? l : "?");
	} else if (!strcmp(s->check, "tmpfs_inodes") && s->l_ok) {
		the_fs(b, s->fstype, s->mnt);
		auxerr__buf_printf(b, _(" has no free inode: all %lu of its nr_inodes=%lu are in use, as df -i shows (its blocks are not the limit)"),
				   s->v_ok ? s->v : s->l, s->l);
	} else if (!strcmp(s->check, "tmpfs_size") && s->v_ok && s->l_ok) {
		v = size_text(oom, s->v);
		l = size_text(oom, s->l);
		auxerr__buf_printf(b, _("the call asked for %s, more than the whole size=%s of "),
				   v ? v : "?", l ? l : "?");
		the_fs(b, s->fstype, s->mnt);
	} else if (s->qtype[0]) {
		int blocks = !strcmp(s->what, "blocks");

		auxerr__buf_printf(b, blocks ? _("%s %s's quota on space") : _("%s %s's quota on files"),
				   s->qtype, s->qid);
		if (s->fstype)
			auxerr__buf_printf(b, _(" on this %s"), s->fstype);
		if (!s->v_ok || !s->l_ok)
			auxerr__buf_str(b, !strcmp(s->hard, "hard") ?
					_(" is at its hard limit (its usage and limit are not shown: the quota is not this user's or one of its groups')") :
					_(" is past its soft limit and the grace period (its usage and limit are not shown: the quota is not this user's or one of its groups')"));
		else if (blocks) {
			v = size_text(oom, s->v);
			l = size_text(oom, s->l);
			auxerr__buf_printf(b, !strcmp(s->hard, "hard") ?
					   _(" is exhausted: the call would have brought its usage to %s, beyond its hard limit %s") :
					   _(" is exhausted: the call would have brought its usage to %s, beyond its soft limit %s, whose grace period is over"),
					   v ? v : "?", l ? l : "?");
		} else {
			auxerr__buf_printf(b, !strcmp(s->hard, "hard") ?
					   _(" is exhausted: the call would have made %lu files, beyond its hard limit %lu") :
					   _(" is exhausted: the call would have made %lu files, beyond its soft limit %lu, whose grace period is over"),
					   s->v, s->l);
		}
	} else {
		known = 0;
	}
	free(v);
	free(l);
	return known;
}

static int no_clause(struct auxerr_buf *b, const struct auxerr_check *x)
{
	(void)b;
	(void)x;
	return 0;
}

/* "ENOSPC because the tmpfs on /tmp has no free block: ..." */
static void space_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	int oom = 0, e = auxerr_record_errno(f->rec);
	const char *err = e > 0 ? audit_errno_to_name(e) : NULL;
	struct auxerr_buf clause = { 0 };
	struct space s;

	space_read(&oom, f, &s);
	if (space_clause(&clause, &oom, &s)) {
		auxerr__buf_printf(b, _("%s because %s"), err ? err : _("the error"),
				   clause.s ? clause.s : "?");
	} else {
		auxerr__check_sentence(b, f, no_clause,
				       _("the limits on a filesystem's space"));
	}
	if (oom || clause.oom)
		b->oom = 1;
	free(clause.s);
	space_free(&s);
}

/* @l doubled, or @v when that is more: a new limit that fits the call */
static unsigned long raised(const struct space *s)
{
	unsigned long twice = s->l > (1UL << 50) ? s->l : 2 * s->l;

	return s->v_ok && s->v > twice ? s->v : twice;
}

/*
 * A tmpfs's limits are its mount options, which root changes on the
 * mounted filesystem; a quota's, root's too (setquota, edquot), while
 * freeing what counts against it is anyone's who owns the files.
 */
static void space_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	struct auxerr_buf b = { 0 };
	struct space s;
	char *size = NULL;

	space_read(&m->oom, f, &s);
	if (!strcmp(s.check, "tmpfs_blocks") || !strcmp(s.check, "tmpfs_size") ||
	    !strcmp(s.check, "tmpfs_inodes")) {
		int inodes = !strcmp(s.check, "tmpfs_inodes");

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("root")), 0);
		if (s.mnt && s.l_ok)
			m->command = inodes ?
				auxerr__xprintf(&m->oom, "mount -o remount,nr_inodes=%lu %s", raised(&s), s.mnt) :
				auxerr__xprintf(&m->oom, "mount -o remount,size=%lu %s", raised(&s), s.mnt);
		if (!inodes && s.l_ok)
			size = size_text(&m->oom, raised(&s));
		if (inodes)
			auxerr__buf_str(&b, _("Remove files from the tmpfs, or root can raise its nr_inodes= on the mounted filesystem, to twice the limit"));
		else
			auxerr__buf_printf(&b, _("Remove files from the tmpfs, or root can raise its size= on the mounted filesystem, to %s (a tmpfs takes its pages from RAM and swap, only as files fill them)"),
					   size ? size : "?");
		free(size);
	} else if (s.qtype[0]) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("root")), 0);
		auxerr__buf_printf(&b, !strcmp(s.qtype, "project") ?
				   _("Remove files of project %s from the filesystem, or root can raise the project's quota (setquota -P %s ..., xfs_quota for XFS)") :
				   !strcmp(s.qtype, "group") ?
				   _("Remove files of group %s from the filesystem, or root can raise the group's quota (setquota -g %s ..., edquota -g)") :
				   _("Remove files of user %s from the filesystem (quota -s shows the usage), or root can raise the user's quota (setquota -u %s ..., edquota)"),
				   s.qid, s.qid);
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy to derive: the call must satisfy the check %s"),
				   *s.check ? s.check : "?");
	}
	auxerr__remedy_say(m, &b);
	space_free(&s);
}

const struct auxerr_mech auxerr__mech_space = {
	.name = "space",
	.sentence = space_sentence,
	.remedy = space_remedy,
};
