/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * SELinux's own answer to "why was this denied?", computed from a binary
 * policy the way audit2why computes it.  Not installed, not exported.
 */
#ifndef AUXERR_SELINUX_H
#define AUXERR_SELINUX_H

#include <stddef.h>

#include "internal.h"

enum auxerr_selinux_verdict {
	/* The policy allows the access now (another policy, or booleans
	 * changed since the denial) */
	AUXERR_SELINUX_ALLOWED,
	/* No allow rule for this domain, type, class and permission */
	AUXERR_SELINUX_TE_RULE,
	/* As TE_RULE, and a dontaudit rule keeps the denial out of the log */
	AUXERR_SELINUX_DONTAUDIT,
	/* Setting one of the booleans would allow it */
	AUXERR_SELINUX_BOOLEAN,
	/* A constraint forbids it (see constraint) */
	AUXERR_SELINUX_CONSTRAINT,
	/* The role-based rules forbid it */
	AUXERR_SELINUX_RBAC,
	/* The domain's bounds forbid it (only the kernel's answer says so) */
	AUXERR_SELINUX_BOUNDS,
};

struct auxerr_selinux_boolean {
	char *name;
	int value;	/* the value that would allow the access */
};

struct auxerr_selinux_why {
	enum auxerr_selinux_verdict verdict;
	size_t nbooleans;
	struct auxerr_selinux_boolean *booleans;
	/* booleans that would allow it whose names the reader may not know */
	size_t nhidden;
	char *constraint;	/* libsepol's account of the failed constraint */
	/* the kernel's answer, made at the denial (lsm_reason=) */
	int from_kernel;
	int mls;		/* from_kernel: a constraint on levels */
};

/*
 * Analyse the denial of @perms (permission names separated by spaces or
 * commas: an AVC's "{ read open }", auparse's "read,open") of @tclass
 * from @scontext to @tcontext against the binary policy @policy (NULL:
 * the file named by $AUXERR_SELINUX_POLICY, else the system's installed
 * policy, as audit2why finds it).  0 and *@why
 * filled, or -1 with errno: ENOENT (no policy file), EACCES (the
 * installed policy file is not this process's to read), EINVAL (a context,
 * class or permission the policy does not know: the policy is not the one
 * that decided), ENOMEM, or the error reading the policy.  Thread-safe
 * (libsepol's state is global, so calls are serialised).
 */
AUXERR_HIDDEN int auxerr__selinux_why(const char *policy, const char *scontext,
				      const char *tcontext, const char *tclass,
				      const char *perms,
				      struct auxerr_selinux_why *why);
AUXERR_HIDDEN void auxerr__selinux_why_free(struct auxerr_selinux_why *why);

/*
 * Which of @perms (as in auxerr__selinux_why()) the policy does not allow
 * now from @scontext to @tcontext for @tclass: 0 and *@out, a string of
 * permission names separated by spaces ("" when it allows them all), to
 * free(); or -1 with errno as auxerr__selinux_why().  EACCES: the
 * installed policy exists but this process may not read it.
 */
AUXERR_HIDDEN int auxerr__selinux_not_allowed(const char *policy,
					      const char *scontext,
					      const char *tcontext,
					      const char *tclass,
					      const char *perms, char **out);

#endif
