/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The words every sentence and every remedy is built from, in one place:
 * record fields as numbers and as the bytes the kernel wrote, user and
 * group names, permission bits in words, shell quoting.  The text goes
 * into the one string builder (struct auxerr_buf, buf.c).  Functions that
 * return a new string set *@oom on allocation failure and return NULL.
 */
#ifndef AUXERR_TEXT_H
#define AUXERR_TEXT_H

#include <stddef.h>

#include "auxerr-shared.h"
#include "internal.h"

/* bind the "auxerr" text domain to its catalogues, once per process */
AUXERR_HIDDEN void auxerr__text_domain(void);

/* a field of the AUXERR and the SYSCALL record, as written */
static inline const char *auxerr__aux(const struct auxerr_record *r,
				      const char *name)
{
	return auxerr_record_field(r, "AUXERR", name);
}

static inline const char *auxerr__sys(const struct auxerr_record *r,
				      const char *name)
{
	return auxerr_record_field(r, "SYSCALL", name);
}

/* a field of the AUXERR record as auparse interprets it */
static inline const char *auxerr__auxi(const struct auxerr_record *r,
				       const char *name)
{
	return auxerr_record_interpret(r, "AUXERR", name);
}

/* @s as a whole number in @base (0: as strtoul reads "0x"/"0"), 1 if it
 * is one */
AUXERR_HIDDEN int auxerr__num(const char *s, int base, unsigned long *v);

/* the string built ("" when nothing was added), or NULL (and *@oom) on
 * allocation failure */
AUXERR_HIDDEN char *auxerr__buf_take(struct auxerr_buf *b, int *oom);
__attribute__((format(printf, 2, 3)))
AUXERR_HIDDEN char *auxerr__xprintf(int *oom, const char *fmt, ...);
AUXERR_HIDDEN char *auxerr__xstrdup(int *oom, const char *s);

/*
 * The bytes of an audit string value as the kernel wrote them: "quoted",
 * or hex-encoded (audit_log_n_untrustedstring()); NULL for (null), (none)
 * or an empty value.  *@len receives the length (a hex value may hold NUL
 * bytes: the PROCTITLE's argv).
 */
AUXERR_HIDDEN char *auxerr__decode_len(int *oom, const char *raw, size_t *len);
/* the same for a name: NULL also when it holds a NUL byte or is empty */
AUXERR_HIDDEN char *auxerr__decode(int *oom, const char *raw);

/* @s as one word for the shell (quoted only when it must be) */
AUXERR_HIDDEN void auxerr__shell_word(struct auxerr_buf *b, const char *s);
AUXERR_HIDDEN char *auxerr__quoted(int *oom, const char *s);

/* a user or group name from auparse's interpretation of @field of the
 * AUXERR record, or the number if it has none; "?" when absent */
AUXERR_HIDDEN const char *auxerr__id_name(const struct auxerr_record *r,
					  const char *field);
/* the name of user @uid, kept in @tmp; NULL when it has none */
AUXERR_HIDDEN const char *auxerr__user_name(unsigned long uid, char *tmp,
					    size_t len);
/* "uid 0, root" or "uid 1234" */
AUXERR_HIDDEN char *auxerr__user_label(int *oom, unsigned long uid);
/* a user as setfacl and setpriv take it: the name, or the number;
 * *@named says which */
AUXERR_HIDDEN char *auxerr__user_word(int *oom, unsigned long uid, int *named);
/* the name of group @gid, kept in @tmp; NULL when it has none */
AUXERR_HIDDEN const char *auxerr__group_name(unsigned long gid, char *tmp,
					     size_t len);
/* "gid 65534, nogroup" or "gid 1000" */
AUXERR_HIDDEN char *auxerr__group_label(int *oom, unsigned long gid);
/* "gid 65534 (nogroup)" or "gid 1000" */
AUXERR_HIDDEN char *auxerr__group_paren(int *oom, unsigned long gid);
/* a group as chgrp and udev take it: the name, or the number */
AUXERR_HIDDEN char *auxerr__group_word(int *oom, unsigned long gid);

/* a uid the record should hold and does not (a damaged SYSCALL record) */
AUXERR_HIDDEN const char *auxerr__unrecorded(void);

/*
 * 0 when @perm names one of the permissions in @named (7: read, write,
 * execute; 6 for System V IPC: read, write); else 1, with the words for
 * what the record holds instead in @b: "permission bits 010 (octal), not
 * one of read/write" or "a permission the record does not name".
 */
AUXERR_HIDDEN int auxerr__perm_unnamed(struct auxerr_buf *b, const char *perm,
				       unsigned long named);

/*
 * The permission bits (MAY_READ 4, MAY_WRITE 2, MAY_EXEC 1) a request
 * @perm lacked: those not in @granted, or all of @perm when @granted is
 * absent or gave none of them short (a mkdir asks for write and search,
 * and a directory "other" may search lacks write only).  0 when @perm is
 * not a number.
 */
AUXERR_HIDDEN unsigned long auxerr__perm_missing(const char *perm,
						 const char *granted);
/* "read", "write and search", ... (@dir: 1 is "search", else "execute") */
AUXERR_HIDDEN void auxerr__perm_words(struct auxerr_buf *b, unsigned long v,
				      int dir);
/* the bits of perm= the record's class lacked (auxerr__perm_missing())
 * in words; perm= as written when it names none of them */
AUXERR_HIDDEN void auxerr__missing_words(struct auxerr_buf *b,
					 const struct auxerr_record *r, int dir);
/* "rwx" for the bits 4/2/1 */
AUXERR_HIDDEN void auxerr__perm_letters(char out[4], unsigned long v);

/* "a,b,c" as "a, b and c" */
AUXERR_HIDDEN void auxerr__word_list(struct auxerr_buf *b, const char *csv);

/* "CAP_CHOWN" from auparse's "chown" */
AUXERR_HIDDEN char *auxerr__cap_upper(int *oom, const char *lower);

#endif
