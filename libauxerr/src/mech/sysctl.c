// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=sysctl: a sysctl that forbids a call to every caller, with no
 * capability that would override it (vm.memfd_noexec), or to all but the
 * members of a group (kernel.io_uring_disabled and, with policy_gid=,
 * kernel.io_uring_group).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* MFD_EXEC and MFD_NOEXEC_SEAL, memfd_create()'s flags (a1) */
#define MFD_NOEXEC_SEAL_ 0x0008UL
#define MFD_EXEC_ 0x0010UL

static int is_memfd_noexec(const char *policy)
{
	return policy && strcmp(policy, "vm.memfd_noexec") == 0;
}

static int is_io_uring_disabled(const char *policy)
{
	return policy && strcmp(policy, "kernel.io_uring_disabled") == 0;
}

/* kernel.io_uring_group's gid from policy_gid=; 0 when it names none */
static int io_uring_group(const struct auxerr_facts *f, unsigned long *gid)
{
	const char *g = auxerr__aux(f->rec, "policy_gid");

	return g && g[0] != '-' && auxerr__num(g, 10, gid);
}

/* "group 4242" or "group games (20)" */
static char *group_words(int *oom, unsigned long gid)
{
	char tmp[1024];
	const char *name = auxerr__group_name(gid, tmp, sizeof(tmp));

	if (name)
		return auxerr__xprintf(oom, _("group %s (%lu)"), name, gid);
	return auxerr__xprintf(oom, _("group %lu"), gid);
}

static void io_uring_sentence(struct auxerr_buf *b, const struct auxerr_facts *f,
			      const char *value)
{
	unsigned long gid;
	char *g;

	if (!value || strcmp(value, "1") != 0) {
		auxerr__buf_printf(b, _("denied by kernel.io_uring_disabled = %s: io_uring is disabled for every process, whatever its privileges"),
				   value ? value : "?");
		return;
	}
	if (io_uring_group(f, &gid)) {
		g = group_words(&b->oom, gid);
		auxerr__buf_printf(b, _("denied by kernel.io_uring_disabled = 1: only a process with CAP_SYS_ADMIN or a member of %s, which kernel.io_uring_group names, may create an io_uring, and uid %s is neither"),
				   g ? g : "?", auxerr__id_said(&f->subject.fsuid));
		free(g);
	} else {
		auxerr__buf_printf(b, _("denied by kernel.io_uring_disabled = 1: only a process with CAP_SYS_ADMIN may create an io_uring (kernel.io_uring_group names no group), and uid %s lacks it"),
				   auxerr__id_said(&f->subject.fsuid));
	}
}

/*
 * Value 1 with a group: root runs the program in that group for one run
 * (setpriv --groups=), or makes the user a member from its next login;
 * the group's other members already have io_uring.  Otherwise: root lowers
 * the sysctl, which opens io_uring to every process.
 */
static void io_uring_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f,
			    const char *value)
{
	struct auxerr_buf b = { 0 };
	unsigned long gid, euid, egid;
	char *g = NULL, *wrap = NULL, *user = NULL;
	int named = 0;

	if (value && strcmp(value, "1") == 0 && io_uring_group(f, &gid) &&
	    auxerr__id_num(&f->subject.euid, &euid) &&
	    auxerr__id_num(&f->subject.egid, &egid)) {
		g = group_words(&m->oom, gid);
		user = auxerr__user_word(&m->oom, euid, &named);
		wrap = auxerr__xprintf(&m->oom, "setpriv --reuid=%lu --regid=%lu --groups=%lu --inh-caps=-all --",
				       euid, egid, gid);
		m->command = wrap ? auxerr__program_command(&m->oom, f, NULL, wrap) : NULL;
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("root")), 0);
		auxerr__buf_printf(&b, _("Members of %s may create an io_uring: root can run the program again as uid %lu in that group, for one run; or make the user a member of it, from its next login (usermod -aG %lu %s)"),
				   g ? g : "?", euid, gid,
				   user ? user : "USER");
		m->weakens = auxerr__xprintf(&m->oom, _("the program gets io_uring, whose attack surface kernel.io_uring_disabled limits, and whatever else %s may use"),
					     g ? g : "?");
		auxerr__remedy_say(m, &b);
		free(g);
		free(wrap);
		free(user);
		return;
	}
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY,
			   auxerr__xstrdup(&m->oom, _("root")), 0);
	m->command = auxerr__xstrdup(&m->oom, "sysctl -w kernel.io_uring_disabled=0");
	auxerr__buf_printf(&b, _("Only root can allow io_uring again: lowering kernel.io_uring_disabled from %s to 0 allows it to every process; 1, with kernel.io_uring_group set to a group of the user's, would allow it to that group only"),
			   value ? value : "?");
	m->weakens = auxerr__xstrdup(&m->oom, _("every process may then create an io_uring, whose attack surface kernel.io_uring_disabled closed"));
	auxerr__remedy_say(m, &b);
}

static void sysctl_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const char *policy = auxerr__aux(f->rec, "policy");
	const char *value = auxerr__aux(f->rec, "policy_value");
	unsigned long flags;

	if (is_memfd_noexec(policy)) {
		auxerr__buf_printf(b, _("denied by vm.memfd_noexec = %s: a memfd must be created with MFD_NOEXEC_SEAL (never executable)"),
				   value ? value : "?");
		if (auxerr__num(auxerr__sys(f->rec, "a1"), 16, &flags) &&
		    (flags & MFD_EXEC_))
			auxerr__buf_str(b, _(", and the program asked for MFD_EXEC"));
		else
			auxerr__buf_str(b, _(", and the program did not ask for it"));
		auxerr__buf_str(b, _("; no capability overrides it"));
		return;
	}
	if (is_io_uring_disabled(policy)) {
		io_uring_sentence(b, f, value);
		return;
	}
	auxerr__buf_printf(b, _("denied by the sysctl %s = %s, which forbids it to every process, whatever its privileges"),
			   policy ? policy : "?", value ? value : "?");
}

static void sysctl_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const char *policy = auxerr__aux(f->rec, "policy");
	const char *value = auxerr__aux(f->rec, "policy_value");
	struct auxerr_buf b = { 0 };

	if (is_io_uring_disabled(policy)) {
		io_uring_remedy(m, f, value);
		return;
	}
	if (!is_memfd_noexec(policy)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("Only root can change the sysctl %s, which forbids the call to every process"),
				   policy ? policy : "?");
		auxerr__remedy_say(m, &b);
		return;
	}
	/*
	 * The program's own change comes first and weakens nothing; root's
	 * lowering of the sysctl is the command, with its cost.  A pid
	 * namespace cannot go below its parent's value: in a container, the
	 * host's root must.
	 */
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY,
			   auxerr__xstrdup(&m->oom, _("root")), 0);
	m->command = auxerr__xstrdup(&m->oom, "sysctl -w vm.memfd_noexec=1");
	auxerr__buf_printf(&b, _("A program that does not execute its memfd passes MFD_NOEXEC_SEAL to memfd_create() and needs no change of the system; for one that must, root can lower vm.memfd_noexec from %s to 1 (MFD_EXEC allowed when asked for), in the initial pid namespace: a pid namespace cannot go below its parent's value"),
			   value ? value : "?");
	m->weakens = auxerr__xstrdup(&m->oom, _("every process may then create executable memfds again, so that code can be run from memory without a file on disk, which vm.memfd_noexec = 2 forbade"));
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_sysctl = {
	.name = "sysctl",
	.sentence = sysctl_sentence,
	.remedy = sysctl_remedy,
};
