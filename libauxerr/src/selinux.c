// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Why SELinux denied an access, from the policy itself: audit2why's
 * analysis (policycoreutils' audit2why module) in C.  The access vector is
 * recomputed with libsepol from the binary policy; a type enforcement
 * denial is then retried with each boolean flipped, to name the booleans
 * that would allow it.
 *
 * libsepol's shared library does not export the calls that install a
 * policy database libsepol can both compute on and change booleans in
 * (sepol_set_policydb(), sepol_set_sidtab()), so, like audit2why, this
 * file is linked with libsepol's static archive.  Its state is global:
 * every call holds one lock.  libselinux is only asked where the installed
 * policy lives, and is loaded for that alone, so that a program linked
 * with libauxerr (or preloading its shim) does not load it.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sepol/booleans.h>
#include <sepol/debug.h>
#include <sepol/handle.h>
#include <sepol/policydb.h>
#include <sepol/policydb/policydb.h>
#include <sepol/policydb/services.h>
#include <sepol/policydb/sidtab.h>

#include "selinux.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The policy loaded last, kept while its file is unchanged */
static struct {
	sepol_policydb_t *db;
	sepol_handle_t *handle;
	sidtab_t sidtab;
	char path[PATH_MAX];
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	off_t size;
} loaded;

static void unload(void)
{
	if (!loaded.db)
		return;
	sepol_sidtab_shutdown(&loaded.sidtab);
	sepol_sidtab_destroy(&loaded.sidtab);
	sepol_policydb_free(loaded.db);
	sepol_handle_destroy(loaded.handle);
	loaded.db = NULL;
	loaded.handle = NULL;
	loaded.path[0] = '\0';
}

__attribute__((destructor)) static void selinux_fini(void)
{
	unload();
}

/* audit2why's choice: the installed policy of the highest version */
static int installed_policy(char *path, size_t len)
{
	const char *(*binary_policy_path)(void);
	const char *base = NULL;
	int vers = sepol_policy_kern_vers_max();
	char unreadable[PATH_MAX] = "";
	void *libselinux;

	libselinux = dlopen("libselinux.so.1", RTLD_LAZY | RTLD_LOCAL);
	if (libselinux) {
		binary_policy_path = (const char *(*)(void))
			dlsym(libselinux, "selinux_binary_policy_path");
		if (binary_policy_path)
			base = binary_policy_path();
	}
	if (!base) {
		if (libselinux)
			dlclose(libselinux);
		errno = ENOENT;
		return -1;
	}
	for (; vers > 0; vers--) {
		if ((size_t)snprintf(path, len, "%s.%d", base, vers) >= len) {
			dlclose(libselinux);
			errno = ENAMETOOLONG;
			return -1;
		}
		if (access(path, R_OK) == 0)
			break;
		/* there, but not ours to read: a confined domain's lot */
		if (errno == EACCES && !unreadable[0])
			snprintf(unreadable, sizeof(unreadable), "%s", path);
	}
	/* base points into libselinux's memory: keep it loaded until here */
	dlclose(libselinux);
	if (vers > 0)
		return 0;
	if (unreadable[0]) {
		snprintf(path, len, "%s", unreadable);
		errno = EACCES;
		return -1;
	}
	errno = ENOENT;
	return -1;
}

/* @policy, else $AUXERR_SELINUX_POLICY, else the installed policy */
static const char *policy_path(const char *policy, char *path, size_t len)
{
	if (!policy)
		policy = secure_getenv("AUXERR_SELINUX_POLICY");
	if (policy && *policy)
		return policy;
	if (installed_policy(path, len) < 0)
		return NULL;
	return path;
}

static int load(const char *path)
{
	sepol_policy_file_t *pf = NULL;
	sepol_policydb_t *db = NULL;
	sepol_handle_t *handle = NULL;
	struct stat st;
	FILE *fp;
	int err;

	fp = fopen(path, "re");
	if (!fp)
		return -1;
	if (fstat(fileno(fp), &st) < 0)
		goto fail;
	if (loaded.db && strcmp(loaded.path, path) == 0 &&
	    loaded.dev == st.st_dev && loaded.ino == st.st_ino &&
	    loaded.size == st.st_size &&
	    loaded.mtime.tv_sec == st.st_mtim.tv_sec &&
	    loaded.mtime.tv_nsec == st.st_mtim.tv_nsec) {
		fclose(fp);
		return 0;
	}
	if (strlen(path) >= sizeof(loaded.path)) {
		errno = ENAMETOOLONG;
		goto fail;
	}
	handle = sepol_handle_create();
	if (!handle || sepol_policy_file_create(&pf) < 0 ||
	    sepol_policydb_create(&db) < 0) {
		errno = ENOMEM;
		goto fail;
	}
	sepol_msg_set_callback(handle, NULL, NULL);
	sepol_policy_file_set_fp(pf, fp);
	sepol_policy_file_set_handle(pf, handle);
	if (sepol_policydb_read(db, pf) < 0) {
		errno = EINVAL;	/* not a binary policy libsepol can read */
		goto fail;
	}
	sepol_policy_file_free(pf);
	fclose(fp);

	unload();
	loaded.db = db;
	loaded.handle = handle;
	if (sepol_sidtab_init(&loaded.sidtab) < 0) {
		sepol_policydb_free(db);
		sepol_handle_destroy(handle);
		loaded.db = NULL;
		loaded.handle = NULL;
		errno = ENOMEM;
		return -1;
	}
	sepol_set_policydb(&db->p);
	sepol_set_sidtab(&loaded.sidtab);
	strcpy(loaded.path, path);
	loaded.dev = st.st_dev;
	loaded.ino = st.st_ino;
	loaded.size = st.st_size;
	loaded.mtime = st.st_mtim;
	return 0;

fail:
	err = errno;
	sepol_policy_file_free(pf);
	sepol_policydb_free(db);
	if (handle)
		sepol_handle_destroy(handle);
	fclose(fp);
	errno = err;
	return -1;
}

static int access_vector(sepol_security_class_t tclass, const char *perms,
			 sepol_access_vector_t *av)
{
	char *copy = strdup(perms), *save = NULL, *perm;
	int found = 0;

	if (!copy)
		return -1;
	*av = 0;
	for (perm = strtok_r(copy, " \t,{}", &save); perm;
	     perm = strtok_r(NULL, " \t,{}", &save)) {
		sepol_access_vector_t bit;

		if (sepol_string_to_av_perm(tclass, perm, &bit) < 0 || !bit) {
			free(copy);
			errno = EINVAL;
			return -1;
		}
		*av |= bit;
		found = 1;
	}
	free(copy);
	if (!found) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

struct decision {
	sepol_security_id_t ssid, tsid;
	sepol_security_class_t tclass;
	sepol_access_vector_t av;
};

/* Whether the access is allowed with the booleans as they are now */
static int allowed(const struct decision *d)
{
	struct sepol_av_decision avd;
	unsigned int reason = 0;

	if (sepol_compute_av_reason(d->ssid, d->tsid, d->tclass, d->av, &avd,
				    &reason) < 0)
		return -1;
	return reason == 0;
}

/* Give boolean @name the value @value; -1 when libsepol refuses */
static int set_boolean(const char *name, int value)
{
	sepol_bool_key_t *key = NULL;
	sepol_bool_t *boolean = NULL;
	int rc = -1;

	if (sepol_bool_key_create(loaded.handle, name, &key) < 0)
		goto out;
	if (sepol_bool_query(loaded.handle, loaded.db, key, &boolean) < 0 ||
	    !boolean)
		goto out;
	sepol_bool_set_value(boolean, value);
	rc = sepol_bool_set(loaded.handle, loaded.db, key, boolean);
out:
	sepol_bool_free(boolean);
	sepol_bool_key_free(key);
	return rc;
}

struct boolean_list {
	size_t n;
	struct auxerr_selinux_boolean *b;
};

static int collect(const sepol_bool_t *boolean, void *arg)
{
	struct boolean_list *all = arg;
	struct auxerr_selinux_boolean *b;

	b = realloc(all->b, (all->n + 1) * sizeof(*b));
	if (!b)
		return -1;
	all->b = b;
	b[all->n].name = strdup(sepol_bool_get_name(boolean));
	if (!b[all->n].name)
		return -1;
	b[all->n].value = sepol_bool_get_value(boolean);
	all->n++;
	return 0;
}

static void free_booleans(struct boolean_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->b[i].name);
	free(l->b);
	l->b = NULL;
	l->n = 0;
}

/*
 * The booleans each of which, flipped alone, allows the access (audit2why
 * names these; a combination of several is not searched).  Every boolean
 * is put back before returning.
 */
static int booleans_that_allow(const struct decision *d,
			       struct auxerr_selinux_why *why)
{
	struct boolean_list all = { 0 }, found = { 0 };
	int rc = -1;

	if (sepol_bool_iterate(loaded.handle, loaded.db, collect, &all) < 0)
		goto out;
	for (size_t i = 0; i < all.n; i++) {
		int ok;

		if (set_boolean(all.b[i].name, !all.b[i].value) < 0)
			goto out;
		ok = allowed(d);
		if (set_boolean(all.b[i].name, all.b[i].value) < 0 || ok < 0)
			goto out;
		if (!ok)
			continue;
		struct auxerr_selinux_boolean *b;

		b = realloc(found.b, (found.n + 1) * sizeof(*b));
		if (!b)
			goto out;
		found.b = b;
		b[found.n].name = strdup(all.b[i].name);
		if (!b[found.n].name)
			goto out;
		b[found.n].value = !all.b[i].value;
		found.n++;
	}
	why->booleans = found.b;
	why->nbooleans = found.n;
	found.b = NULL;
	found.n = 0;
	rc = 0;
out:
	free_booleans(&all);
	free_booleans(&found);
	if (rc < 0 && !errno)
		errno = ENOMEM;
	return rc;
}

static int analyse(const char *scontext, const char *tcontext,
		   const char *tclass, const char *perms,
		   struct auxerr_selinux_why *why)
{
	struct sepol_av_decision avd;
	struct decision d;
	unsigned int reason = 0;
	char *text = NULL;

	if (sepol_context_to_sid(scontext, strlen(scontext) + 1, &d.ssid) < 0 ||
	    sepol_context_to_sid(tcontext, strlen(tcontext) + 1, &d.tsid) < 0 ||
	    sepol_string_to_security_class(tclass, &d.tclass) < 0) {
		errno = EINVAL;
		return -1;
	}
	if (access_vector(d.tclass, perms, &d.av) < 0)
		return -1;
	if (sepol_compute_av_reason_buffer(d.ssid, d.tsid, d.tclass, d.av,
					   &avd, &reason, &text, 0) < 0) {
		free(text);
		errno = EINVAL;
		return -1;
	}
	/* audit2why's order: type enforcement first, then constraints, RBAC */
	if (!reason) {
		why->verdict = AUXERR_SELINUX_ALLOWED;
	} else if (reason & SEPOL_COMPUTEAV_TE) {
		if (booleans_that_allow(&d, why) < 0) {
			free(text);
			return -1;
		}
		if (why->nbooleans)
			why->verdict = AUXERR_SELINUX_BOOLEAN;
		else if (d.av & ~avd.auditdeny)
			why->verdict = AUXERR_SELINUX_DONTAUDIT;
		else
			why->verdict = AUXERR_SELINUX_TE_RULE;
	} else if (reason & SEPOL_COMPUTEAV_CONS) {
		why->verdict = AUXERR_SELINUX_CONSTRAINT;
		why->constraint = text;
		text = NULL;
	} else if (reason & SEPOL_COMPUTEAV_RBAC) {
		why->verdict = AUXERR_SELINUX_RBAC;
	} else {
		/* a bounds violation: audit2why has no verdict for it either */
		free(text);
		errno = EINVAL;
		return -1;
	}
	free(text);
	return 0;
}

int auxerr__selinux_why(const char *policy, const char *scontext,
			const char *tcontext, const char *tclass,
			const char *perms, struct auxerr_selinux_why *why)
{
	char path[PATH_MAX];
	int rc, err;

	if (!scontext || !tcontext || !tclass || !perms || !why) {
		errno = EINVAL;
		return -1;
	}
	memset(why, 0, sizeof(*why));
	policy = policy_path(policy, path, sizeof(path));
	if (!policy)
		return -1;
	pthread_mutex_lock(&lock);
	sepol_debug(0);	/* libsepol would print to stderr on a bad context */
	errno = 0;
	rc = load(policy);
	if (rc == 0)
		rc = analyse(scontext, tcontext, tclass, perms, why);
	err = errno;
	pthread_mutex_unlock(&lock);
	if (rc < 0) {
		auxerr__selinux_why_free(why);
		errno = err ? err : EINVAL;
	}
	return rc;
}

/* @perms less those the policy allows now, in their order */
static int not_allowed(const char *scontext, const char *tcontext,
		       const char *tclass, const char *perms, char **out)
{
	char *copy = strdup(perms), *save = NULL, *perm, *p;
	struct decision d;

	if (!copy || !(*out = calloc(1, strlen(perms) + 1))) {
		free(copy);
		errno = ENOMEM;
		return -1;
	}
	if (sepol_context_to_sid(scontext, strlen(scontext) + 1, &d.ssid) < 0 ||
	    sepol_context_to_sid(tcontext, strlen(tcontext) + 1, &d.tsid) < 0 ||
	    sepol_string_to_security_class(tclass, &d.tclass) < 0)
		goto invalid;
	p = *out;
	for (perm = strtok_r(copy, " \t,{}", &save); perm;
	     perm = strtok_r(NULL, " \t,{}", &save)) {
		int ok;

		if (access_vector(d.tclass, perm, &d.av) < 0)
			goto invalid;
		ok = allowed(&d);
		if (ok < 0)
			goto invalid;
		if (!ok)
			p += sprintf(p, "%s%s", p == *out ? "" : " ", perm);
	}
	free(copy);
	return 0;
invalid:
	free(copy);
	free(*out);
	*out = NULL;
	errno = EINVAL;
	return -1;
}

int auxerr__selinux_not_allowed(const char *policy, const char *scontext,
				const char *tcontext, const char *tclass,
				const char *perms, char **out)
{
	char path[PATH_MAX];
	int rc, err;

	if (!scontext || !tcontext || !tclass || !perms || !out) {
		errno = EINVAL;
		return -1;
	}
	*out = NULL;
	policy = policy_path(policy, path, sizeof(path));
	if (!policy)
		return -1;
	pthread_mutex_lock(&lock);
	sepol_debug(0);
	errno = 0;
	rc = load(policy);
	if (rc == 0)
		rc = not_allowed(scontext, tcontext, tclass, perms, out);
	err = errno;
	pthread_mutex_unlock(&lock);
	if (rc < 0)
		errno = err ? err : EINVAL;
	return rc;
}

void auxerr__selinux_why_free(struct auxerr_selinux_why *why)
{
	if (!why)
		return;
	for (size_t i = 0; i < why->nbooleans; i++)
		free(why->booleans[i].name);
	free(why->booleans);
	free(why->constraint);
	memset(why, 0, sizeof(*why));
}
