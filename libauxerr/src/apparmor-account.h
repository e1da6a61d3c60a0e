/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where an AppArmor profile is defined, for the remedy of a denial it
 * made (apparmor-account.c).  Not installed, not exported.
 */
#ifndef AUXERR_APPARMOR_ACCOUNT_H
#define AUXERR_APPARMOR_ACCOUNT_H

#include "internal.h"

struct auxerr_apparmor_profile {
	char *file;		/* the file under the directory defining it */
	char *local;		/* the local/ file its block includes, or NULL */
	unsigned close_line;	/* the line of the block's closing brace */
	unsigned deny_line;	/* a deny rule refusing @path, 0 if none */
	char *deny_rule;	/* that rule, trimmed, or NULL */
};

/*
 * Find the file that defines the AppArmor profile @profile (a
 * "profile NAME" line, or a profile named or attached by the path
 * @profile) among the regular files directly in $AUXERR_APPARMOR_DIR,
 * else /etc/apparmor.d; in its block, the local/ include file and a
 * "deny" rule matching @path (AppArmor globs * ** ? {a,b}) with a
 * permission of @mask (AppArmor's letters, "rw").  @path and @mask may
 * be NULL.  0 and *@p filled, or -1 with errno: ENOENT (no file defines
 * it, or a child profile "a//b"), ENOMEM.
 */
AUXERR_HIDDEN int auxerr__apparmor_find(const char *profile, const char *path,
					const char *mask,
					struct auxerr_apparmor_profile *p);
AUXERR_HIDDEN void auxerr__apparmor_free(struct auxerr_apparmor_profile *p);

/* AppArmor's glob @pat matches @s (tests) */
AUXERR_HIDDEN int auxerr__apparmor_glob(const char *pat, const char *s);

#endif
