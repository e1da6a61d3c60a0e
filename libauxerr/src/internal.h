/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libauxerr internals: not installed, not exported. */
#ifndef AUXERR_INTERNAL_H
#define AUXERR_INTERNAL_H

#include <linux/auxerr.h>	/* the ABI: PR_AUXERR*, struct auxerr_info */
#include <libintl.h>
#include <stddef.h>

#include "auxerr.h"

#define AUXERR_API __attribute__((visibility("default")))
#define AUXERR_HIDDEN __attribute__((visibility("hidden")))

/* gettext: the messages live in the "auxerr" text domain */
#define AUXERR_DOMAIN "auxerr"
#define _(s) dgettext(AUXERR_DOMAIN, s)
#define N_(s) (s)

/*
 * The one way the library talks to the kernel:
 * prctl(PR_AUXERR, op, slot, ptr, len).  A pointer so that the unit tests
 * can put a fake kernel behind it; it must stay async-signal-safe.
 */
typedef long (*auxerr_prctl_fn)(int op, unsigned long slot, void *ptr,
				unsigned long len);
extern AUXERR_HIDDEN auxerr_prctl_fn auxerr__prctl;
AUXERR_HIDDEN long auxerr__real_prctl(int op, unsigned long slot, void *ptr,
				      unsigned long len);
/* Forget the cached "kernel lacks auxerr" verdict (tests only) */
AUXERR_HIDDEN void auxerr__reset(void);

/* prctl with ENOSYS detection; -1 and errno on failure */
AUXERR_HIDDEN long auxerr__call(int op, unsigned long slot, void *ptr,
				unsigned long len);
AUXERR_HIDDEN int auxerr__info(unsigned slot, struct auxerr_info *info);

/*
 * The freshness rule (see <auxerr.h>): the ring slot whose record explains
 * @errnum now, or -1.  @info receives that record's INFO.
 */
AUXERR_HIDDEN int auxerr__fresh_slot(int errnum, struct auxerr_info *info);

/* Subtract the library's own system calls since @before (see raw.c) */
AUXERR_HIDDEN void auxerr__repin(const struct auxerr_info *before, int keep);
AUXERR_HIDDEN int auxerr__slot_of(unsigned long long serial);
/* Release the thread's pin at thread exit (not async-signal-safe) */
AUXERR_HIDDEN void auxerr__pin_register(void);
/* The per-thread pin slots in use, and the table's size (tests only) */
AUXERR_HIDDEN unsigned auxerr__pins_used(void);
#define AUXERR_PIN_SLOTS 256u

/* libc's own strerror text, never through an interposed strerror() */
AUXERR_HIDDEN const char *auxerr__libc_strerror(int errnum);

/*
 * The combined message "strerror text (explanation)" into @buf, or just
 * the strerror text when no fresh record matches @errnum.  Returns 1 when
 * an explanation was added.  Preserves errno.
 */
AUXERR_HIDDEN int auxerr__message(int errnum, char *buf, size_t len);

/* the same with an already chosen record (or none) */
AUXERR_HIDDEN int auxerr__message_for(int errnum, struct auxerr_record *rec,
				      char *buf, size_t len);
/* fetch the fresh record for @errnum, NULL if none (errno preserved) */
AUXERR_HIDDEN struct auxerr_record *auxerr__fresh_record(int errnum);
/* after auxerr__fresh_record() found none: 1 when the kernel marked the
 * newest record superseded by a later EPERM/EACCES that noted nothing,
 * and @errnum is that kind (the message then says no reason was given) */
AUXERR_HIDDEN int auxerr__no_reason(int errnum);

/* Internal: attach INFO data to a parsed record */
AUXERR_HIDDEN void auxerr__record_set_info(struct auxerr_record *rec,
					   const struct auxerr_info *info);

/* the @i-th field of the AUXERR record (name, interpreted value) */
AUXERR_HIDDEN int auxerr__aux_field_at(const struct auxerr_record *rec,
				       unsigned i, const char **name,
				       const char **value);
/*
 * Which security module refused, for a record of mechanism lsm: the one
 * classification auxerr_explain() and auxerr_record_remedy() dispatch on
 * (mech/lsm.c).  AppArmor and SELinux count as theirs only with their own
 * AVC record beside it; without it they are AUXERR_LSM_APPARMOR (told
 * from the task's context) and AUXERR_LSM_OTHER.
 */
enum auxerr_lsm_kind {
	AUXERR_LSM_OTHER,		/* any other module, or none named */
	AUXERR_LSM_LANDLOCK,
	AUXERR_LSM_YAMA,
	AUXERR_LSM_APPARMOR_AVC,	/* lsm=apparmor and AppArmor's AVC */
	AUXERR_LSM_SELINUX_AVC,		/* lsm=selinux and SELinux's AVC */
	AUXERR_LSM_APPARMOR,		/* lsm=apparmor, no AppArmor AVC */
};
AUXERR_HIDDEN enum auxerr_lsm_kind auxerr__lsm_kind(const struct auxerr_record *rec);

/* replace the cached explanation (takes @s) */
AUXERR_HIDDEN void auxerr__record_set_explanation(struct auxerr_record *rec,
						  char *s);

#endif
