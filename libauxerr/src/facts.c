// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The decode step (facts.h): the subject and the object of a record,
 * read once, so that the sentence and the remedy of a denial speak of the
 * same party and the same file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "facts.h"
#include "mech.h"
#include "text.h"

static void number(struct auxerr_num *n, const char *text, int base)
{
	n->text = text;
	n->ok = auxerr__num(text, base, &n->v);
	if (!n->ok)
		n->v = 0;
}

static int is_parent_item(const struct auxerr_record *r, unsigned i)
{
	const char *nt = auxerr_record_field_nth(r, "PATH", i, "nametype", 0);

	return nt && strcmp(nt, "PARENT") == 0;
}

/*
 * The PATH item the denial concerns: the one with the AUXERR object's
 * inode (a directory whose permissions refused a create or delete: the
 * PARENT item); else the first item that is not the parent directory of
 * a create or delete, else the first name at all.  -1 when none.
 */
static int object_item(const struct auxerr_record *r)
{
	const char *ino = auxerr__aux(r, "inode");
	unsigned n = auxerr_record_count(r, "PATH");

	for (int pass = 0; pass < 3; pass++)
		for (unsigned i = 0; i < n; i++) {
			const char *nm = auxerr_record_field_nth(r, "PATH", i,
								 "name", 0);
			const char *pi = auxerr_record_field_nth(r, "PATH", i,
								 "inode", 0);

			if (!nm || !*nm || strcmp(nm, "(null)") == 0)
				continue;
			if (pass == 0 && !(ino && pi && strcmp(pi, ino) == 0))
				continue;
			if (pass == 1 && is_parent_item(r, i))
				continue;
			return (int)i;
		}
	return -1;
}

/*
 * Whether a relative name of this system call is relative to the working
 * directory: the *at() calls (and statx, open_tree, ...) take it relative
 * to their dirfd, a0 (a1 for symlinkat), known only when that is
 * AT_FDCWD.  (creat and stat end in "at" too: hence the list.)
 */
static int relative_to_cwd(const struct auxerr_record *r)
{
	static const char *const dirfd_calls[] = {
		"openat", "openat2", "mkdirat", "mknodat", "fchownat",
		"futimesat", "newfstatat", "fstatat64", "unlinkat", "renameat",
		"renameat2", "linkat", "readlinkat", "fchmodat", "fchmodat2",
		"faccessat", "faccessat2", "utimensat", "execveat",
		"name_to_handle_at", "statx", "open_tree", "mount_setattr",
		"fspick", "move_mount", "symlinkat", NULL
	};
	const char *sc = auxerr_record_syscall_name(r);
	const char *fd;
	int i;

	for (i = 0; dirfd_calls[i]; i++)
		if (strcmp(sc, dirfd_calls[i]) == 0)
			break;
	if (!dirfd_calls[i])
		return 1;
	fd = auxerr__sys(r, strcmp(sc, "symlinkat") == 0 ? "a1" : "a0");
	/* AT_FDCWD (-100) as audit writes a register */
	return fd && (strcmp(fd, "ffffff9c") == 0 ||
		      strcmp(fd, "ffffffffffffff9c") == 0);
}

/*
 * Drop what names nothing in an absolute path: repeated slashes, "."
 * components, trailing slashes (audit names a parent directory "/d/").
 * ".." stays: through a symlink it is not the lexical parent.
 */
static void normalize(char *p)
{
	char *w = p;
	const char *s = p;

	while (*s) {
		if (*s == '/') {
			while (s[0] == '/' || (s[0] == '.' && (s[1] == '/' || !s[1]) &&
					       s[-1] == '/'))
				s++;
			*w++ = '/';
			continue;
		}
		*w++ = *s++;
	}
	*w = '\0';
	while (w - p > 1 && w[-1] == '/')
		*--w = '\0';
}

char *auxerr__absolute(int *oom, const struct auxerr_record *r,
		       const char *name)
{
	char *p, *cwd;

	if (!name || !*name)
		return NULL;
	if (name[0] == '/') {
		p = auxerr__xstrdup(oom, name);
	} else {
		if (!relative_to_cwd(r))
			return NULL;
		cwd = auxerr__decode(oom, auxerr_record_field(r, "CWD", "cwd"));
		if (!cwd || cwd[0] != '/') {
			free(cwd);
			return NULL;
		}
		/*
		 * The CWD record is the directory's real path (no symbolic
		 * link in it): the name's leading ".." are its parents, so
		 * "../../x" becomes a path the named party can use as is.
		 * A ".." after another component of the name stays.
		 */
		for (;;) {
			size_t up = strncmp(name, "../", 3) == 0 ? 3 :
				    strcmp(name, "..") == 0 ? 2 : 0;
			char *slash;

			if (strncmp(name, "./", 2) == 0) {
				name += 2;
				continue;
			}
			if (!up)
				break;
			slash = strrchr(cwd, '/');
			if (slash == cwd)
				cwd[1] = '\0';		/* "/.." is "/" */
			else if (slash)
				*slash = '\0';
			name += up;
			while (*name == '/')
				name++;
		}
		p = *name ? auxerr__xprintf(oom, "%s/%s", cwd, name) :
			    auxerr__xstrdup(oom, cwd);
		free(cwd);
	}
	if (p)
		normalize(p);
	return p;
}

/* the 4 permission digits of @mode, "0640"; "?" when it is not known */
static void mode_bits(const struct auxerr_num *mode, char out[8])
{
	if (mode->ok)
		snprintf(out, 8, "%04lo", mode->v & 07777);
	else
		strcpy(out, "?");
}

/* the directory @path is in ("/" for "/x"); NULL for "/" itself */
static char *dir_of(int *oom, const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	char *d;

	if (!slash || strcmp(path, "/") == 0)
		return NULL;
	d = strndup(path, slash == path ? 1 : (size_t)(slash - path));
	if (!d)
		*oom = 1;
	return d;
}

/* the capability's name when auparse has one ("chown") */
static const char *cap_name(const struct auxerr_record *r)
{
	const char *c = auxerr__auxi(r, "capability");
	const char *raw = auxerr__aux(r, "capability");

	if (!c || !raw || strcmp(c, raw) == 0 || strncmp(c, "unknown", 7) == 0)
		return NULL;
	for (const char *p = c; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || *p == '_' ||
		      (*p >= '0' && *p <= '9')))
			return NULL;
	return c;
}

void auxerr__facts_set_path(struct auxerr_facts *f, char *path)
{
	free(f->object.path);
	free(f->object.dir);
	f->object.path = path;
	f->object.dir = dir_of(&f->oom, path);
}

static void subject(struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	struct auxerr_subject *s = &f->subject;
	const char *lvl;

	number(&s->uid, auxerr__sys(r, "uid"), 10);
	number(&s->euid, auxerr__sys(r, "euid"), 10);
	number(&s->suid, auxerr__sys(r, "suid"), 10);
	number(&s->fsuid, auxerr__sys(r, "fsuid"), 10);
	number(&s->gid, auxerr__sys(r, "gid"), 10);
	number(&s->egid, auxerr__sys(r, "egid"), 10);
	number(&s->fsgid, auxerr__sys(r, "fsgid"), 10);
	s->egid_name = auxerr_record_interpret(r, "SYSCALL", "egid");
	number(&s->cap, auxerr__aux(r, "capability"), 10);
	s->cap_name = cap_name(r);
	s->CAP = s->cap_name ? auxerr__cap_upper(&f->oom, s->cap_name) : NULL;
	s->userns = auxerr__aux(r, "userns");
	lvl = s->userns_level = auxerr__aux(r, "userns_level");
	s->userns_owner = auxerr__aux(r, "userns_owner");
	s->in_child_userns = lvl && strcmp(lvl, "0") != 0;
	s->probe = auxerr_record_is_weak(r);
}

static void object(struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	struct auxerr_object *o = &f->object;
	char *name;

	o->item = object_item(r);
	if (o->item >= 0) {
		unsigned i = (unsigned)o->item;

		o->parent_item = is_parent_item(r, i);
		o->name = auxerr_record_field_nth(r, "PATH", i, "name", 1);
		name = auxerr__decode(&f->oom, auxerr_record_field_nth(r, "PATH", i,
								     "name", 0));
		auxerr__facts_set_path(f, auxerr__absolute(&f->oom, r, name));
		free(name);
	}
	number(&o->ouid, auxerr__aux(r, "ouid"), 10);
	number(&o->ogid, auxerr__aux(r, "ogid"), 10);
	number(&o->mode, auxerr__aux(r, "mode"), 8);
	o->is_dir = o->mode.ok && S_ISDIR((mode_t)o->mode.v);
	mode_bits(&o->mode, o->mode_bits);
	number(&o->dir_ouid, auxerr__aux(r, "dir_ouid"), 10);
	number(&o->dir_mode, auxerr__aux(r, "dir_mode"), 8);
	mode_bits(&o->dir_mode, o->dir_mode_bits);
}

int auxerr__facts_decode(struct auxerr_facts *f, const struct auxerr_record *r)
{
	const struct auxerr_mech *m;

	memset(f, 0, sizeof(*f));
	f->rec = r;
	f->syscall = auxerr_record_syscall_name(r);
	f->mechanism = auxerr_record_mechanism(r);
	subject(f);
	object(f);
	f->shown_name = f->object.name;
	m = auxerr__mech(f->mechanism);
	if (m && m->decode)
		m->decode(f);
	if (f->oom) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void auxerr__facts_free(struct auxerr_facts *f)
{
	free(f->subject.CAP);
	free(f->object.path);
	free(f->object.dir);
}
