// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lsm=landlock: the sandbox's missing access rights and its layer.
 */
#include <stdlib.h>

#include "mech.h"
#include "text.h"

void auxerr__landlock_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *blockers = auxerr__auxi(r, "blockers");
	const char *layer = auxerr__aux(r, "layer"), *layers = auxerr__aux(r, "layers");
	const char *domain = auxerr__aux(r, "domain");
	const char *path = f->object.name;

	static const char *const used[] = { "lsm", NULL };

	if (domain || auxerr__aux(r, "creator_pid")) {
		/* the domain and its maker (Landlock's own audit, 6.15) */
		if (domain)
			auxerr__buf_printf(b, _("Landlock domain %s"), domain);
		else
			auxerr__buf_printf(b, "%s", _("the Landlock sandbox"));
		if (layer && layers)
			auxerr__buf_printf(b, _(" (layer %s of %s)"), layer, layers);
		auxerr__creator_clause(b, f, 0);
		if (!blockers || !*blockers) {
			auxerr__buf_printf(b, "%s", _(" does not allow this access"));
			auxerr__facts_list(b, f, used);
			return;
		}
		auxerr__buf_printf(b, "%s", _(" does not allow "));
		auxerr__word_list(b, blockers);
		if (path)
			auxerr__buf_printf(b, _(" on %s"), path);
		return;
	}
	if (!blockers || !*blockers) {
		auxerr__buf_printf(b, "%s", _("denied by Landlock"));
		auxerr__facts_list(b, f, used);
		return;
	}
	auxerr__buf_printf(b, "%s", _("denied by Landlock: the sandbox does not allow "));
	auxerr__word_list(b, blockers);
	if (layer && layers)
		auxerr__buf_printf(b, _(" (layer %s of %s)"), layer, layers);
}

/* " (domain 1a2b3c, layer 2 of 2)" / " (layer 2 of 2)" / "" */
static void landlock_layer(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *layer = auxerr__aux(r, "layer"), *layers = auxerr__aux(r, "layers");
	const char *domain = auxerr__aux(r, "domain");

	if (domain && layer && layers)
		auxerr__buf_printf(b, _(" (domain %s, layer %s of %s)"), domain, layer, layers);
	else if (domain)
		auxerr__buf_printf(b, _(" (domain %s)"), domain);
	else if (layer && layers)
		auxerr__buf_printf(b, _(" (layer %s of %s)"), layer, layers);
}

void auxerr__landlock_remedy(struct auxerr_remedy *m,
			    const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *blockers = auxerr_record_interpret(r, "AUXERR", "blockers");
	const char *path = f->object.path;
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	struct auxerr_buf b = { 0 };

	char *made_by = auxerr__sandbox_maker(&m->oom, f);

	auxerr__remedy_set(m, AUXERR_REMEDY_SANDBOX, auxerr__sandbox_who(&m->oom, made_by), -1);
	auxerr__buf_str(&b, _("Only the program that made the Landlock sandbox"));
	landlock_layer(&b, f);
	if (made_by)
		auxerr__buf_printf(&b, ", %s,", made_by);
	free(made_by);
	auxerr__buf_printf(&b, _(" can allow %s"), blockers && *blockers ? blockers :
		   _("this access"));
	if (qpath)
		auxerr__buf_printf(&b, _(" on %s"), qpath);
	auxerr__buf_str(&b, _(": its ruleset must grant it, or the program must run outside that sandbox"));
	auxerr__remedy_say(m, &b);
	free(qpath);
}
