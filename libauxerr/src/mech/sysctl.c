// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=sysctl: a sysctl that forbids a call to every caller, with no
 * capability that would override it (vm.memfd_noexec).
 */
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
	auxerr__buf_printf(b, _("denied by the sysctl %s = %s, which forbids it to every process, whatever its privileges"),
			   policy ? policy : "?", value ? value : "?");
}

static void sysctl_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const char *policy = auxerr__aux(f->rec, "policy");
	const char *value = auxerr__aux(f->rec, "policy_value");
	struct auxerr_buf b = { 0 };

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
