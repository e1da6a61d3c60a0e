// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Who made a sandbox (creator_pid= creator_comm= creator_exe=), for
 * Landlock and seccomp alike.
 */
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * Who made the sandbox, as the record names it: creator_exe=, else
 * creator_comm= (auparse's reading: a name with control characters comes
 * out escaped); creator_pid=, where 0 means not visible here.
 */
struct maker {
	const char *who;	/* NULL: not named */
	const char *pid;	/* NULL: not given */
	int hidden;		/* pid 0 */
};

static struct maker maker(const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *exe = auxerr__aux(r, "creator_exe") ? auxerr__auxi(r, "creator_exe") : NULL;
	const char *comm = auxerr__aux(r, "creator_comm") ? auxerr__auxi(r, "creator_comm") : NULL;
	struct maker k;

	k.who = exe && *exe ? exe : comm && *comm ? comm : NULL;
	k.pid = auxerr__aux(r, "creator_pid");
	k.hidden = k.pid && strcmp(k.pid, "0") == 0;
	return k;
}

/*
 * ", created by /usr/bin/sandboxer (pid 812),", the comm when there is
 * no exe, "a process not visible here" for pid 0; @installed: "installed
 * by" (seccomp).  Nothing when the record does not say.
 */
void auxerr__creator_clause(struct auxerr_buf *b, const struct auxerr_facts *f,
			    int installed)
{
	struct maker k = maker(f);

	if (!k.pid && !k.who)
		return;
	auxerr__buf_str(b, installed ? _(", installed by ") : _(", created by "));
	if (k.hidden && k.who)
		auxerr__buf_printf(b, _("%s (a process not visible here)"), k.who);
	else if (k.hidden)
		auxerr__buf_str(b, _("a process not visible here"));
	else if (k.who && k.pid)
		auxerr__buf_printf(b, _("%s (pid %s)"), k.who, k.pid);
	else if (k.who)
		auxerr__buf_str(b, k.who);
	else
		auxerr__buf_printf(b, _("a process (pid %s)"), k.pid);
	auxerr__buf_str(b, ",");
}

/* "/usr/bin/bwrap (pid 812)", "/usr/bin/bwrap", "pid 812", or NULL */
char *auxerr__sandbox_maker(int *oom, const struct auxerr_facts *f)
{
	struct maker k = maker(f);
	const char *pid = k.hidden ? NULL : k.pid;

	if (k.who && pid)
		return auxerr__xprintf(oom, _("%s (pid %s)"), k.who, pid);
	if (k.who)
		return auxerr__xstrdup(oom, k.who);
	if (pid)
		return auxerr__xprintf(oom, _("pid %s"), pid);
	return NULL;
}

/* "the sandboxing program", with its maker when the record names it */
char *auxerr__sandbox_who(int *oom, const char *made_by)
{
	if (made_by)
		return auxerr__xprintf(oom, _("the sandboxing program (%s)"), made_by);
	return auxerr__xstrdup(oom, _("the sandboxing program"));
}
