// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=path: search permission on a directory of the path walk.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * component= is the prefix of the name the caller gave (absolute, or
 * relative to the working directory), or, inside a symlink, the
 * directory's own name: only when it is a prefix of the PATH name is it
 * taken as the object's path.  The sentence opens with the whole name.
 */
static void path_decode(struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *given = auxerr_record_field_nth(r, "PATH", 0, "name", 1);
	char *c = auxerr__decode(&f->oom, auxerr__aux(r, "component"));
	char *name = auxerr__decode(&f->oom, auxerr_record_field_nth(r, "PATH", 0,
								     "name", 0));
	const char *use = NULL;

	if (c && c[0] == '/')
		use = c;
	else if (c && name) {
		size_t n = strlen(c);

		if (strncmp(name, c, n) == 0 && (name[n] == '/' || !name[n]))
			use = c;
	}
	auxerr__facts_set_path(f, use ? auxerr__absolute(&f->oom, r, use) : NULL);
	f->object.is_dir = 1;
	if (given)
		f->shown_name = given;
	free(c);
	free(name);
}

static void path_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const char *c = auxerr__auxi(f->rec, "component");

	auxerr__buf_printf(b, _("denied by the permissions of directory %s: mode %s %s:%s; "),
			   c ? c : "?", f->object.mode_bits,
			   auxerr__id_name(f->rec, "ouid"),
			   auxerr__id_name(f->rec, "ogid"));
	auxerr__dac_clause(b, f, 1);
}

/* search permission on a directory of the walk: as dac's, for that
 * directory */
static void path_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	auxerr__dac_remedy(m, f, 1);
}

const struct auxerr_mech auxerr__mech_path = {
	.name = "path",
	.decode = path_decode,
	.sentence = path_sentence,
	.remedy = path_remedy,
};
