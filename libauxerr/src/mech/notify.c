// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=notify: a per-user limit of inotify or fanotify failed the
 * call (kernel/auxerr/notify.c).  ENOSPC of inotify_add_watch() is no full
 * disk but fs.inotify.max_user_watches (check=inotify_watches: value= the
 * user's watches, limit= the limit), EMFILE of inotify_init() is
 * fs.inotify.max_user_instances (inotify_instances: limit= only), not
 * RLIMIT_NOFILE; fanotify's marks and groups likewise (fanotify_marks,
 * fanotify_groups).  Every process of the user counts together.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static const struct {
	const char *check, *sysctl, *what;
} limits[] = {
	{ "inotify_watches", "fs.inotify.max_user_watches", "inotify watches" },
	{ "inotify_instances", "fs.inotify.max_user_instances", "inotify instances" },
	{ "fanotify_marks", "fs.fanotify.max_user_marks", "fanotify marks" },
	{ "fanotify_groups", "fs.fanotify.max_user_groups", "fanotify groups" },
};

static int limit_of(const char *check)
{
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
		if (!strcmp(check, limits[i].check))
			return (int)i;
	return -1;
}

/* "this user has 8192 inotify watches, the limit fs.inotify.max_user_watches" */
static int notify_clause(struct auxerr_buf *b, const struct auxerr_check *x)
{
	int i = limit_of(x->check);

	if (i < 0)
		return 0;
	if (x->v_ok)
		auxerr__buf_printf(b, _("this user has %s %s, the limit %s (%s), counted over all of its processes"),
				   x->value, _(limits[i].what), limits[i].sysctl, x->limit);
	else
		auxerr__buf_printf(b, _("this user has as many %s as the limit %s (%s) allows, counted over all of its processes"),
				   _(limits[i].what), limits[i].sysctl, x->limit);
	auxerr__buf_str(b, i % 2 ? _(" (not RLIMIT_NOFILE)") : _(" (no disk is full)"));
	return 1;
}

static void notify_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	auxerr__check_sentence(b, f, notify_clause,
			       _("the limits of inotify and fanotify"));
}

static int no_fix(struct auxerr_buf *b, const struct auxerr_check *x)
{
	(void)b;
	(void)x;
	return 0;
}

/* root's sysctl, twice the limit, after finding who holds them */
static void notify_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const char *c = auxerr__aux(f->rec, "check");
	const char *limit = auxerr__aux(f->rec, "limit");
	struct auxerr_buf b = { 0 };
	unsigned long l;
	int i = c ? limit_of(c) : -1;

	if (i < 0 || !limit || !auxerr__num(limit, 10, &l) || l > (1UL << 40)) {
		auxerr__check_remedy(m, f, no_fix);
		return;
	}
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
			   auxerr__xstrdup(&m->oom, _("root")), 0);
	m->command = auxerr__xprintf(&m->oom, "sysctl -w %s=%lu", limits[i].sysctl,
				     l ? 2 * l : 8192);
	auxerr__buf_printf(&b, _("Only root can raise %s above %s (sysctl, /etc/sysctl.d); first see which of the user's programs hold the %s (ls -l /proc/*/fd | grep %s): one that leaks them fills any limit"),
			   limits[i].sysctl, limit, _(limits[i].what),
			   i < 2 ? "inotify" : "fanotify");
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_notify = {
	.name = "notify",
	.sentence = notify_sentence,
	.remedy = notify_remedy,
};
