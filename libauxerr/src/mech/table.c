// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The mechanism table (mech.h): every mechanism= libauxerr explains, in
 * the order of the kernel's enum auxerr_mechanism.  A mechanism not here
 * gets the generic sentence ("denied by the mechanism "X"" and its
 * facts) and no remedy.
 */
#include <string.h>

#include "mech.h"

/* X(NAME): the entry auxerr__mech_NAME of mech/NAME.c */
#define MECHANISMS(X) \
	X(dac) X(path) X(cap) X(lsm) X(seccomp) X(mount) X(inode) X(sticky) \
	X(ptrace) X(protected) X(signal) X(unknown) X(task) X(hidepid) \
	X(fuse) X(device) X(capset) X(ipc) X(ping) X(vm) X(exec) X(filetype) \
	X(broadcast) X(sysctl) X(key) X(open) X(vfsop) X(fdlimit)

#define DECLARE(n) extern const struct auxerr_mech auxerr__mech_##n;
MECHANISMS(DECLARE)

#define ENTRY(n) &auxerr__mech_##n,
static const struct auxerr_mech *const mechanisms[] = { MECHANISMS(ENTRY) };

const struct auxerr_mech *auxerr__mech(const char *name)
{
	for (size_t i = 0; i < sizeof(mechanisms) / sizeof(mechanisms[0]); i++)
		if (strcmp(name, mechanisms[i]->name) == 0)
			return mechanisms[i];
	return NULL;
}
