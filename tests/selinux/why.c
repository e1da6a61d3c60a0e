// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * selinux-why POLICY < EVENT: the AVC record of an audit event (as audit.log
 * or `ausearch --raw` writes it), read with libauparse, analysed by
 * libauxerr's audit2why (src/selinux.c) against POLICY.  Prints:
 *   scontext=... tcontext=... tclass=... perms=... verdict=NAME [booleans=NAME:VALUE,...]
 *   sentence: the SELinux sentence of the event (src/mech/lsm-selinux.c)
 *   command: the remedy's command, when there is one
 * The guest test (t-selinux.sh) compares it field by field with what it
 * expects of tests/selinux/auxerr_test.cil.
 */
#include <auparse.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selinux-account.h"
#include "selinux.h"

static const char *const verdicts[] = {
	[AUXERR_SELINUX_ALLOWED] = "allowed",
	[AUXERR_SELINUX_TE_RULE] = "te_rule",
	[AUXERR_SELINUX_DONTAUDIT] = "dontaudit",
	[AUXERR_SELINUX_BOOLEAN] = "boolean",
	[AUXERR_SELINUX_CONSTRAINT] = "constraint",
	[AUXERR_SELINUX_RBAC] = "rbac",
};

static char *field(auparse_state_t *au, const char *name)
{
	const char *v;

	auparse_first_field(au);
	if (!auparse_find_field(au, name) || !(v = auparse_get_field_str(au)))
		return NULL;
	return strdup(v);
}

int main(int argc, char **argv)
{
	char *text = NULL, *scon, *tcon, *tclass, *perms;
	struct auxerr_selinux_why why;
	size_t len = 0;
	auparse_state_t *au;
	FILE *in;

	if (argc != 2) {
		fprintf(stderr, "usage: selinux-why POLICY < EVENT\n");
		return 2;
	}
	in = open_memstream(&text, &len);
	for (int c; in && (c = getchar()) != EOF;)
		fputc(c, in);
	if (!in || fclose(in) != 0) {
		perror("selinux-why: reading the event");
		return 1;
	}
	au = auparse_init(AUSOURCE_BUFFER, text);
	if (!au || auparse_next_event(au) <= 0) {
		fprintf(stderr, "selinux-why: no audit event on standard input\n");
		return 1;
	}
	do {
		if (auparse_get_type(au) == 1400)
			break;
	} while (auparse_next_record(au) > 0);
	if (auparse_get_type(au) != 1400) {
		fprintf(stderr, "selinux-why: the event has no AVC record\n");
		return 1;
	}
	scon = field(au, "scontext");
	tcon = field(au, "tcontext");
	tclass = field(au, "tclass");
	perms = field(au, "seperms");
	if (!scon || !tcon || !tclass || !perms) {
		fprintf(stderr, "selinux-why: the AVC lacks scontext, tcontext, tclass or its permissions\n");
		return 1;
	}
	if (auxerr__selinux_why(argv[1], scon, tcon, tclass, perms, &why) < 0) {
		fprintf(stderr, "selinux-why: %s\n", strerror(errno));
		return 1;
	}
	printf("scontext=%s tcontext=%s tclass=%s perms=%s verdict=%s", scon,
	       tcon, tclass, perms, verdicts[why.verdict]);
	for (size_t i = 0; i < why.nbooleans; i++)
		printf("%s%s:%d", i ? "," : " booleans=", why.booleans[i].name,
		       why.booleans[i].value);
	printf("\n");
	auxerr__selinux_why_free(&why);

	struct auxerr_selinux_account account;
	char *permissive = field(au, "permissive");

	setenv("AUXERR_SELINUX_POLICY", argv[1], 1);
	if (auxerr__selinux_account_avc(scon, tcon, tclass, perms,
					permissive && strcmp(permissive, "1") == 0,
					&account) < 0) {
		fprintf(stderr, "selinux-why: no account of the event: %s\n",
			strerror(errno));
		return 1;
	}
	printf("sentence: %s\n", account.sentence);
	if (account.command)
		printf("command: %s\n", account.command);
	auxerr__selinux_account_free(&account);
	free(permissive);
	auparse_destroy(au);
	free(scon);
	free(tcon);
	free(tclass);
	free(perms);
	free(text);
	return 0;
}
