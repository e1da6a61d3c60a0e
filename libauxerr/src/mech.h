/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The mechanism table: one entry per mechanism= the kernel writes, each
 * in its own file under mech/, with its decode, its sentence and its
 * remedy.  auxerr_explain() and auxerr_record_remedy() look the entry up
 * and hand it the same decoded facts (facts.h), so the sentence and the
 * remedy cannot disagree about the object.  docs/adding-a-mechanism.md
 * says what a new one touches.
 *
 * Also here: the helpers more than one mechanism builds with, the
 * sentence's (explain.c) and the remedy's (remedy.c).
 */
#ifndef AUXERR_MECH_H
#define AUXERR_MECH_H

#include "auxerr-shared.h"
#include "facts.h"
#include "internal.h"
#include "text.h"

/* the remedy being built (the public struct auxerr_remedy) */
struct auxerr_remedy {
	enum auxerr_remedy_kind kind;
	char *text;		/* one sentence, never NULL */
	char *command;		/* a shell command line, or NULL */
	char *who;		/* the party that can make the change, or NULL */
	char *weakens;		/* what the change also allows, or NULL */
	long long uid;		/* the uid of @who, -1 if not one user */
	int oom;
};

struct auxerr_mech {
	const char *name;	/* mechanism= */
	/* optional: adjust the common facts (the object, the name shown) */
	void (*decode)(struct auxerr_facts *f);
	/* the sentence after "<syscall> <name>: " */
	void (*sentence)(struct auxerr_buf *b, const struct auxerr_facts *f);
	void (*remedy)(struct auxerr_remedy *m, const struct auxerr_facts *f);
};

/* the entry for @name, NULL for a mechanism not known here (mech/table.c,
 * which lists every mechanism's entry, auxerr__mech_NAME in mech/NAME.c) */
AUXERR_HIDDEN const struct auxerr_mech *auxerr__mech(const char *name);

/* ---- parts more than one mechanism shares -------------------------- */

/* dac.c, also for path: the class's clause and the ACL-entry remedy */
AUXERR_HIDDEN void auxerr__dac_clause(struct auxerr_buf *b,
				      const struct auxerr_facts *f, int dir);
AUXERR_HIDDEN void auxerr__dac_remedy(struct auxerr_remedy *m,
				      const struct auxerr_facts *f, int dir);
/* dac-other-file.c: dac with fd_name=, another file than the one
 * written refused (a cgroup's common ancestor) */
AUXERR_HIDDEN int auxerr__dac_other_file(const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__dac_other_file_decode(struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__dac_other_file_sentence(struct auxerr_buf *b,
						   const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__dac_other_file_remedy(struct auxerr_remedy *m,
						 const struct auxerr_facts *f);
/* cap-owner.c: cap with owner_op= */
AUXERR_HIDDEN void auxerr__owner_op_sentence(struct auxerr_buf *b,
					     const struct auxerr_facts *f,
					     const char *op);
AUXERR_HIDDEN void auxerr__owner_op_remedy(struct auxerr_remedy *m,
					   const struct auxerr_facts *f,
					   const char *op);
/* the security modules behind lsm.c */
AUXERR_HIDDEN void auxerr__landlock_sentence(struct auxerr_buf *b,
					     const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__landlock_remedy(struct auxerr_remedy *m,
					   const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__yama_sentence(struct auxerr_buf *b,
					 const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__yama_remedy(struct auxerr_remedy *m,
				       const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__apparmor_sentence(struct auxerr_buf *b,
					     const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__apparmor_remedy(struct auxerr_remedy *m,
					   const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__selinux_sentence(struct auxerr_buf *b,
					    const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__selinux_remedy(struct auxerr_remedy *m,
					  const struct auxerr_facts *f);
/* sandbox.c, for landlock and seccomp: who made the sandbox */
AUXERR_HIDDEN void auxerr__creator_clause(struct auxerr_buf *b,
					  const struct auxerr_facts *f,
					  int installed);
AUXERR_HIDDEN char *auxerr__sandbox_maker(int *oom,
					  const struct auxerr_facts *f);
AUXERR_HIDDEN char *auxerr__sandbox_who(int *oom, const char *made_by);
/* process.c, for signal and task: the other process and its owner */
AUXERR_HIDDEN void auxerr__target_owner(struct auxerr_buf *b,
					const struct auxerr_facts *f);
AUXERR_HIDDEN void auxerr__caller_ids(struct auxerr_buf *b,
				      const struct auxerr_facts *f);
AUXERR_HIDDEN char *auxerr__process_owner(int *oom,
					  const struct auxerr_facts *f,
					  const char *opid, long long *uid);

/* ---- the sentence's helpers (explain.c) ---------------------------- */

/* a number field as written, "?" when absent */
static inline const char *auxerr__id_text(const struct auxerr_num *n)
{
	return n->text ? n->text : "?";
}

/* a SYSCALL id as written, "(not recorded)" when the record lacks it */
static inline const char *auxerr__id_said(const struct auxerr_num *n)
{
	return n->text ? n->text : auxerr__unrecorded();
}

/* "CAP_CHOWN", "capability 99", "an unknown capability" */
AUXERR_HIDDEN void auxerr__cap_name(struct auxerr_buf *b,
				    const struct auxerr_facts *f);
/* the capability's name, or @fallback when the record names none */
AUXERR_HIDDEN void auxerr__cap_or(struct auxerr_buf *b,
				  const struct auxerr_facts *f,
				  const char *fallback);
/* "CAP_X, and uid N does not have it" */
AUXERR_HIDDEN void auxerr__cap_and_lack(struct auxerr_buf *b,
					const struct auxerr_facts *f);
/* " (name=value, ...)" for every AUXERR fact not in @skip and not said
 * apart */
AUXERR_HIDDEN void auxerr__facts_list(struct auxerr_buf *b,
				      const struct auxerr_facts *f,
				      const char *const *skip);
/* "denied by the mechanism "X" (facts)" */
AUXERR_HIDDEN void auxerr__generic_sentence(struct auxerr_buf *b,
					    const struct auxerr_facts *f);

/* ---- the remedy's helpers (remedy.c) ------------------------------- */

/* the kind, who and the uid of @who (-1: not one user); takes @who */
AUXERR_HIDDEN void auxerr__remedy_set(struct auxerr_remedy *m,
				      enum auxerr_remedy_kind kind, char *who,
				      long long uid);
/* the text: @b as a sentence, then ": COMMAND" when there is one */
AUXERR_HIDDEN void auxerr__remedy_say(struct auxerr_remedy *m,
				      struct auxerr_buf *b);
/* "the file's owner (uid 0, root)" / "... (uid 1000, alice) or root" */
AUXERR_HIDDEN char *auxerr__owner_who(int *oom, unsigned long ouid, int dir);
/* root gives capability @cap ("sys_ptrace") to one run of the program,
 * the text after "@why: " */
AUXERR_HIDDEN void auxerr__one_capability(struct auxerr_remedy *m,
					  const struct auxerr_facts *f,
					  struct auxerr_buf *b,
					  const char *cap, const char *why);
/*
 * "cd CWD && ARGV..." from the PROCTITLE record, with "setpriv ... --"
 * before ARGV for capability @cap, or @wrap; NULL when the command line
 * may be cut or is missing.
 */
AUXERR_HIDDEN char *auxerr__program_command(int *oom,
					    const struct auxerr_facts *f,
					    const char *cap, const char *wrap);
/* what CAP_SYS_PTRACE for one run gives away (ptrace, Yama) */
#define AUXERR_SYS_PTRACE_WEAKENS \
	N_("CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included")

/* ---- the check families' shared facts (mech/check.c) --------------- */

/*
 * What every check family's record says (vm, open, vfsop: errors that
 * are not denials): check= names the check, value= and limit= what
 * decided it, fstype= the file system of the file it was about.
 */
struct auxerr_check {
	const char *check;	/* check=, "" when absent */
	const char *value, *limit;	/* as written, "?" when absent */
	unsigned long v, l;	/* their numbers where v_ok, l_ok */
	int v_ok, l_ok;
	char *fstype;		/* decoded, NULL when absent */
	char *message;		/* a file system's message= decoded, or NULL */
	const char *err;	/* "EINVAL", "the error" when unknown */
};

/* the clause after "EINVAL because " or the fix after "The program must
 * change its call: ", for @x; 0 when the family does not know the check */
typedef int (*auxerr_check_words)(struct auxerr_buf *b,
				  const struct auxerr_check *x);

/* "ERR because CLAUSE", or for a check @clause does not know (a newer
 * kernel's), "ERR because a check of @checked refused it (check C)" and
 * the record's facts */
AUXERR_HIDDEN void auxerr__check_sentence(struct auxerr_buf *b,
					  const struct auxerr_facts *f,
					  auxerr_check_words clause,
					  const char *checked);
/* "The program must change its call: FIX", or no remedy to derive */
AUXERR_HIDDEN void auxerr__check_remedy(struct auxerr_remedy *m,
					const struct auxerr_facts *f,
					auxerr_check_words fix);
/* "the file (on tmpfs)" */
AUXERR_HIDDEN void auxerr__check_the_file(struct auxerr_buf *b,
					  const struct auxerr_check *x);
/* O_RDONLY, O_WRONLY, O_RDWR for an O_ACCMODE value= */
AUXERR_HIDDEN const char *auxerr__check_accmode(const struct auxerr_check *x);

#endif
