/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An SELinux denial in words: the sentence and the remedy built from an
 * event's AVC record (mech/lsm-selinux.c, SELinux's mechanism file).  Not
 * installed, not exported.
 */
#ifndef AUXERR_SELINUX_ACCOUNT_H
#define AUXERR_SELINUX_ACCOUNT_H

#include "internal.h"

enum auxerr_selinux_remedy_kind {
	AUXERR_SELINUX_REMEDY_NONE,	/* nothing here can say (no analysis) */
	AUXERR_SELINUX_REMEDY_BOOLEAN,	/* setsebool */
	AUXERR_SELINUX_REMEDY_MODULE,	/* a local module of one rule (allow
					 * or roleallow) */
	AUXERR_SELINUX_REMEDY_LABEL,	/* a constraint: a label or a level,
					 * no command */
};

struct auxerr_selinux_account {
	char *sentence;	/* "SELinux's policy does not let the domain ..." */
	enum auxerr_selinux_remedy_kind kind;
	char *remedy;	/* the remedy's text, or NULL */
	char *command;	/* root's command, or NULL */
	char *weakens;	/* what the command loosens, or NULL */
	int hidden;	/* tcontext=?: the object's label is hidden from the
			 * caller (kernel.auxerr.lsm_detail 1) */
	int silent;	/* the sentence already says no audit record was
			 * written (a dontaudit rule) */
};

/*
 * The account of the SELinux denial in @r's AVC record (type AVC, 1400;
 * seresult=denied).  0 and *@a filled, or -1 with errno: ENOENT (the event
 * has no SELinux denial), EINVAL, ENOMEM.  When the policy installed where
 * this runs cannot analyse the denial (no policy, a policy this process
 * may not read, or another policy that does not know its contexts), the
 * sentence restates the AVC and says which, and kind is
 * AUXERR_SELINUX_REMEDY_NONE.  With the record's system call, the
 * remedy's rule gives every permission the call needs that the policy
 * lacks, not only the denied one.
 */
AUXERR_HIDDEN int auxerr__selinux_account(const struct auxerr_record *r,
					  struct auxerr_selinux_account *a);
/* The same from the AVC's fields (@perms as in auxerr__selinux_why()) */
AUXERR_HIDDEN int auxerr__selinux_account_avc(const char *scontext,
					      const char *tcontext,
					      const char *tclass,
					      const char *perms, int permissive,
					      struct auxerr_selinux_account *a);
AUXERR_HIDDEN void auxerr__selinux_account_free(struct auxerr_selinux_account *a);

#endif
