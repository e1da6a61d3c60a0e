// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=unknown (census mode): the call failed and nothing noted why.
 */
#include <libaudit.h>

#include "mech.h"
#include "text.h"

static void unknown_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	int e = auxerr_record_errno(r);
	const char *name = e > 0 ? audit_errno_to_name(e) : NULL;

	if (name)
		auxerr__buf_printf(b, _("the kernel gave no reason for this %s"), name);
	else
		auxerr__buf_printf(b, "%s", _("the kernel gave no reason for this error"));
}

static void unknown_remedy(struct auxerr_remedy *m,
			   const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	int e = auxerr_record_errno(r);
	const char *name = e > 0 ? audit_errno_to_name(e) : NULL;
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
	auxerr__buf_printf(&b, _("No remedy: the kernel gave no reason for this %s"),
		   name ? name : _("error"));
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_unknown = {
	.name = "unknown",
	.sentence = unknown_sentence,
	.remedy = unknown_remedy,
};
