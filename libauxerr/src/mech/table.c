// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The mechanism table (mech.h): every mechanism= libauxerr explains.
 * mech-list.h is made at build time from the entries mech/NAME.c define
 * (libauxerr/mech-list), so no list here grows with a new mechanism.  A
 * mechanism not here gets the generic sentence ("denied by the mechanism
 * "X"" and its facts) and no remedy.
 */
#include <string.h>

#include "mech-list.h"
#include "mech.h"

/* X(NAME): the entry auxerr__mech_NAME of mech/NAME.c */
#define DECLARE(n) extern const struct auxerr_mech auxerr__mech_##n;
AUXERR_MECHANISMS(DECLARE)

#define ENTRY(n) &auxerr__mech_##n,
static const struct auxerr_mech *const mechanisms[] = { AUXERR_MECHANISMS(ENTRY) };

const struct auxerr_mech *auxerr__mech(const char *name)
{
	for (size_t i = 0; i < sizeof(mechanisms) / sizeof(mechanisms[0]); i++)
		if (strcmp(name, mechanisms[i]->name) == 0)
			return mechanisms[i];
	return NULL;
}
