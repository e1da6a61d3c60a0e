// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=hidepid: procfs hidepid= closed a process's /proc directory.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * The /proc mount the refused directory is in, from the object's path
 * ("/tmp/p/812/status" with opid 812: "/tmp/p"); "/proc" when the path
 * does not tell.
 */
static char *proc_mount(int *oom, const struct auxerr_facts *f,
			const char *opid)
{
	char *path = auxerr__xstrdup(oom, f->object.path);
	size_t n = opid ? strlen(opid) : 0;

	for (char *p = path; n && p && (p = strchr(p, '/')); p++)
		if (p > path && strncmp(p + 1, opid, n) == 0 &&
		    (p[n + 1] == '/' || p[n + 1] == '\0')) {
			*p = '\0';
			return path;
		}
	free(path);
	return auxerr__xstrdup(oom, "/proc");
}

/* hidepid=: "1 (noaccess)", "4 (ptraceable)" */
static const char *hidepid_word(const char *v)
{
	if (v && strcmp(v, "1") == 0)
		return "noaccess";
	if (v && strcmp(v, "2") == 0)
		return "invisible";
	if (v && strcmp(v, "4") == 0)
		return "ptraceable";
	return NULL;
}

/* procfs hidepid= refused a process's /proc directory */
static void hidepid_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *hp = auxerr__aux(r, "hidepid"), *gid = auxerr__aux(r, "proc_gid");
	const char *opid = auxerr__aux(r, "opid"), *word = hidepid_word(hp);
	char *mnt = proc_mount(&b->oom, f, opid);

	if (!mnt) {
		b->oom = 1;
		return;
	}
	if (!opid)
		opid = "?";
	if (word)
		auxerr__buf_printf(b, _("%s is mounted with hidepid=%s (%s): "), mnt, hp, word);
	else
		auxerr__buf_printf(b, _("%s is mounted with hidepid=%s: "), mnt, hp ? hp : "?");
	if (hp && strcmp(hp, "4") == 0)
		auxerr__buf_printf(b, _("you may not ptrace process %s, so its /proc directory is closed to you"),
			  opid);
	else
		auxerr__buf_printf(b, _("process %s is not yours and you may not ptrace it, so its /proc directory is closed to you"),
			  opid);
	if (gid && *gid && strcmp(gid, "-1") != 0)
		auxerr__buf_printf(b, _(" (members of group %s may see all processes)"), gid);
	free(mnt);
}

/*
 * hidepid= on /proc: the process's owner sees it; the least loosening
 * is the mount's gid= for one user: the group it names, else a group
 * the caller is in (its own fsgid, which in_group_p() checks).
 */
static void hidepid_remedy(struct auxerr_remedy *m,
			   const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *opid = auxerr__aux(r, "opid"), *hp = auxerr__aux(r, "hidepid");
	unsigned long gid, fsuid, fsgid;
	int have_gid = auxerr__num(auxerr__aux(r, "proc_gid"), 10, &gid);
	char *mnt = proc_mount(&m->oom, f, opid);
	char *qmnt = mnt ? auxerr__quoted(&m->oom, mnt) : NULL;
	char *me = auxerr__id_num(&f->subject.fsuid, &fsuid) ?
		auxerr__user_label(&m->oom, fsuid) : NULL;
	struct auxerr_buf b = { 0 };

	if (!opid)
		opid = "?";
	if (!hp || !*hp)
		hp = "1";
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (have_gid && gid <= 0xfffffffeUL) {
		int named = 0;
		char *user = auxerr__id_num(&f->subject.fsuid, &fsuid) ?
			auxerr__user_word(&m->oom, fsuid, &named) : NULL;

		if (user && named)
			m->command = auxerr__xprintf(&m->oom, "usermod -a -G %lu %s", gid, user);
		auxerr__buf_printf(&b, _("With hidepid=%s on %s, the /proc directory of process %s is open to its owner, to processes that may ptrace it and to members of group %lu: the owner of process %s or root can look at it; failing that, root can add the caller (%s) to group %lu, from its next login"),
				   hp, qmnt ? qmnt : "/proc", opid, gid, opid,
				   me ? me : "?", gid);
		m->weakens = auxerr__xprintf(&m->oom, _("the caller (%s) may then read the /proc directory of every process (command lines, ids, status), which hidepid hides from other users"),
				     me ? me : "?");
		free(user);
	} else if (auxerr__id_num(&f->subject.fsgid, &fsgid)) {
		if (qmnt)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,hidepid=%s,gid=%lu %s",
					     hp, fsgid, qmnt);
		auxerr__buf_printf(&b, _("With hidepid=%s on %s and no gid= exempted, the /proc directory of process %s is open only to its owner and to processes that may ptrace it: the owner of process %s or root can look at it; failing that, root can exempt a group the caller is in, its group %lu"),
				   hp, qmnt ? qmnt : "/proc", opid, opid, fsgid);
		m->weakens = auxerr__xprintf(&m->oom, _("every member of group %lu may then read the /proc directory of every process (command lines, ids, status), which hidepid hides from other users"),
				     fsgid);
	} else {
		auxerr__buf_printf(&b, _("With hidepid=%s on %s, the /proc directory of process %s is open only to its owner and to processes that may ptrace it: the owner of process %s or root can look at it"),
				   hp, qmnt ? qmnt : "/proc", opid, opid);
	}
	auxerr__remedy_say(m, &b);
	free(mnt);
	free(qmnt);
	free(me);
}

const struct auxerr_mech auxerr__mech_hidepid = {
	.name = "hidepid",
	.sentence = hidepid_sentence,
	.remedy = hidepid_remedy,
};
