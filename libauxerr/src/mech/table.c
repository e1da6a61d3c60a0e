// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The mechanism table (mech.h): every mechanism= libauxerr explains, in
 * the order of the kernel's enum auxerr_mechanism.  A mechanism not here
 * gets the generic sentence ("denied by the mechanism "X"" and its
 * facts) and no remedy.
 */
#include <string.h>

#include "mech.h"

static const struct auxerr_mech *const mechanisms[] = {
	&auxerr__mech_dac,
	&auxerr__mech_path,
	&auxerr__mech_cap,
	&auxerr__mech_lsm,
	&auxerr__mech_seccomp,
	&auxerr__mech_mount,
	&auxerr__mech_inode,
	&auxerr__mech_sticky,
	&auxerr__mech_ptrace,
	&auxerr__mech_protected,
	&auxerr__mech_signal,
	&auxerr__mech_unknown,
	&auxerr__mech_task,
	&auxerr__mech_hidepid,
	&auxerr__mech_fuse,
	&auxerr__mech_device,
	&auxerr__mech_capset,
	&auxerr__mech_ipc,
	&auxerr__mech_ping,
};

const struct auxerr_mech *auxerr__mech(const char *name)
{
	for (size_t i = 0; i < sizeof(mechanisms) / sizeof(mechanisms[0]); i++)
		if (strcmp(name, mechanisms[i]->name) == 0)
			return mechanisms[i];
	return NULL;
}
