/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The decode step: a parsed record turned, once, into the typed facts
 * that every mechanism's sentence and remedy read (facts.c).  What is
 * decoded here is what more than one mechanism needs: who asked (the
 * subject) and what it was refused (the object).  A mechanism's own
 * fields are decoded in its own file (mech/).
 */
#ifndef AUXERR_FACTS_H
#define AUXERR_FACTS_H

#include "internal.h"

/* a number field: @text as the record writes it (NULL: absent), @ok
 * when it is a whole number, then @v */
struct auxerr_num {
	const char *text;
	unsigned long v;
	int ok;
};

/* @n's value into *@v; 1 when it is a number */
static inline int auxerr__id_num(const struct auxerr_num *n, unsigned long *v)
{
	*v = n->v;
	return n->ok;
}

/* who asked: the SYSCALL record's ids, the capability the AUXERR record
 * names, the user namespace it was needed in */
struct auxerr_subject {
	struct auxerr_num uid, euid, suid, fsuid, gid, egid, fsgid;
	const char *egid_name;	/* auparse's name for egid, NULL: none */
	struct auxerr_num cap;	/* capability= */
	const char *cap_name;	/* "chown", NULL when auparse has no name */
	char *CAP;		/* "CAP_CHOWN", NULL when no name */
	const char *userns, *userns_level, *userns_owner;
	int in_child_userns;	/* needed in a user namespace below the
				 * initial one */
	int probe;		/* a weak note: may not be what failed */
};

/* what was refused: the PATH item of the AUXERR object, and its owner
 * and mode and its directory's as the AUXERR record gives them */
struct auxerr_object {
	int item;		/* the PATH item, -1: none */
	int parent_item;	/* that item is the PARENT of a create/delete */
	const char *name;	/* its name as auparse shows it, NULL: none */
	char *path;		/* absolute and normalized, NULL: unknown */
	char *dir;		/* the directory @path is in, NULL: unknown */
	int is_dir;		/* mode= is a directory's */
	struct auxerr_num ouid, ogid, mode;
	char mode_bits[8];	/* "0640", "?" */
	struct auxerr_num dir_ouid, dir_mode;
	char dir_mode_bits[8];	/* "1777", "?" */
};

struct auxerr_facts {
	const struct auxerr_record *rec;
	const char *syscall;	/* its name */
	const char *mechanism;
	/* the name the sentence opens with ("open /srv/x: ..."): the
	 * object's, or what the mechanism's decode chose */
	const char *shown_name;
	struct auxerr_subject subject;
	struct auxerr_object object;
	int oom;		/* an allocation failed while decoding */
};

/*
 * Decode @r into @f (then the mechanism's own decode, mech.h); 0, or -1
 * with errno ENOMEM (@f then needs auxerr__facts_free() all the same).
 */
AUXERR_HIDDEN int auxerr__facts_decode(struct auxerr_facts *f,
				       const struct auxerr_record *r);
AUXERR_HIDDEN void auxerr__facts_free(struct auxerr_facts *f);

/* for a mechanism's decode: the object's path is @path (taken), its
 * directory follows */
AUXERR_HIDDEN void auxerr__facts_set_path(struct auxerr_facts *f, char *path);

/*
 * @name (as the kernel wrote it, decoded) as an absolute, normalized path:
 * as is, or joined to the CWD record's directory when the call takes
 * relative names from there; NULL when it cannot be known.
 */
AUXERR_HIDDEN char *auxerr__absolute(int *oom, const struct auxerr_record *r,
				     const char *name);

#endif
