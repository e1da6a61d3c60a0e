// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The other process of a signal or task refusal: its owner as the
 * record gives it, and the caller's ids.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* "uid 1000" or "uid 1000 (euid 0)" */
void auxerr__caller_ids(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const char *uid = f->subject.uid.text;
	const char *euid = f->subject.euid.text;

	auxerr__buf_printf(b, _("uid %s"), uid ? uid : "?");
	if (uid && euid && strcmp(uid, euid) != 0)
		auxerr__buf_printf(b, _(" (euid %s)"), euid);
}

/* "process 812 belongs to another user (root)" and the hidden case */
void auxerr__target_owner(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *opid = auxerr__aux(r, "opid");
	const char *ouid = auxerr__aux(r, "ouid"), *osuid = auxerr__aux(r, "osuid");
	const char *oruid = auxerr__aux(r, "oruid");
	const char *ids = auxerr__aux(r, "ids");
	const char *caller = f->subject.uid.text;

	if (!opid)
		opid = "?";
	if (!ouid && ids && strcmp(ids, "hidden") == 0)
		auxerr__buf_printf(b, _("process %s belongs to another user, whose ids are hidden from the caller"),
			  opid);
	else if (ouid && oruid && strcmp(ouid, oruid) != 0)
		/* task: ouid= the effective uid, oruid= the real one */
		auxerr__buf_printf(b, _("process %s belongs to another user (real uid %s, effective uid %s)"),
			  opid, auxerr__id_name(r, "oruid"), auxerr__id_name(r, "ouid"));
	else if (ouid && oruid && osuid && strcmp(ouid, osuid) != 0)
		auxerr__buf_printf(b, _("process %s belongs to another user (uid %s, saved uid %s)"),
			  opid, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "osuid"));
	else if (ouid && oruid && auxerr__aux(r, "ogid") && caller &&
		 strcmp(caller, ouid) == 0)
		/* prlimit64: the user ids match, the group ids do not */
		auxerr__buf_printf(b, _("process %s has the caller's user ids but other group ids (real gid %s, effective gid %s, saved gid %s)"),
			  opid, auxerr__aux(r, "orgid") ? auxerr__aux(r, "orgid") : "?",
			  auxerr__aux(r, "ogid"), auxerr__aux(r, "osgid") ? auxerr__aux(r, "osgid") : "?");
	else if (ouid && osuid && strcmp(ouid, osuid) != 0)
		auxerr__buf_printf(b, _("process %s belongs to another user (real uid %s, saved uid %s)"),
			  opid, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "osuid"));
	else if (ouid)
		auxerr__buf_printf(b, _("process %s belongs to another user (%s)"),
			  opid, auxerr__id_name(r, "ouid"));
	else
		auxerr__buf_printf(b, _("process %s belongs to another user"), opid);
}

/* "the owner of process 812 (uid 0, root)" and its uid; root when the
 * ids are hidden or the owner is root */
char *auxerr__process_owner(int *oom, const struct auxerr_facts *f,
			   const char *opid, long long *uid)
{
	unsigned long ouid;
	char *l, *s;

	if (!auxerr__id_num(&f->object.ouid, &ouid) || ouid == 0) {
		*uid = 0;
		return auxerr__xstrdup(oom, _("root"));
	}
	*uid = (long long)ouid;
	l = auxerr__user_label(oom, ouid);
	s = auxerr__xprintf(oom, _("the owner of process %s (%s) or root"), opid,
		    l ? l : "?");
	free(l);
	return s;
}
