// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The AppArmor part of a remedy: which file defines the profile that
 * refused (so that the rule line can go where root keeps local changes,
 * the local/ file the profile includes, or else into the profile's own
 * block), and whether an explicit deny rule refuses the path (a deny
 * rule wins over every allow rule: an added rule alone would do
 * nothing).
 *
 * This is the one place where a remedy reads the system: the profile
 * files under /etc/apparmor.d (world-readable on Debian), or under
 * $AUXERR_APPARMOR_DIR.  The parsing is deliberately small: a line that
 * opens a profile, braces, include lines and deny rules; what it does not
 * understand it does not match.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "apparmor-account.h"

/* AppArmor's globbing: * (not /), ** (anything), ? (one, not /),
 * {a,b} alternatives; @{var} and [...] do not match (not understood).
 * Backtracking is bounded in depth and in calls (@steps): a pattern with
 * many stars against a long path must not take exponential time, so past
 * the budget a rule simply does not match. */
#define GLOB_MAX_STEPS 100000ul

static int glob_match(const char *p, const char *s, int depth,
		      unsigned long *steps)
{
	if (depth > 32 || ++*steps > GLOB_MAX_STEPS)
		return 0;
	for (;;) {
		switch (*p) {
		case '\0':
			return *s == '\0';
		case '*':
			if (p[1] == '*') {
				for (const char *t = s;; t++) {
					if (glob_match(p + 2, t, depth + 1, steps))
						return 1;
					if (!*t)
						return 0;
				}
			}
			for (const char *t = s;; t++) {
				if (glob_match(p + 1, t, depth + 1, steps))
					return 1;
				if (!*t || *t == '/')
					return 0;
			}
		case '?':
			if (!*s || *s == '/')
				return 0;
			p++;
			s++;
			break;
		case '{': {
			/* each alternative, followed by the rest */
			const char *end = p + 1, *alt = p + 1;
			int level = 0;

			for (; *end; end++) {
				if (*end == '{')
					level++;
				else if (*end == '}' && level-- == 0)
					break;
			}
			if (!*end)
				return 0;
			level = 0;
			for (const char *q = p + 1; q <= end; q++) {
				if (*q == '{')
					level++;
				else if (*q == '}' && q != end)
					level--;
				if ((q == end || (*q == ',' && level == 0))) {
					size_t n = (size_t)(q - alt);
					size_t rest = strlen(end + 1);
					char *np = malloc(n + rest + 1);
					int ok;

					if (!np)
						return 0;
					memcpy(np, alt, n);
					memcpy(np + n, end + 1, rest + 1);
					ok = glob_match(np, s, depth + 1, steps);
					free(np);
					if (ok)
						return 1;
					alt = q + 1;
				}
			}
			return 0;
		}
		case '@':
		case '[':
			return 0;
		case '\\':
			if (p[1])
				p++;
			/* fall through */
		default:
			if (*p != *s)
				return 0;
			p++;
			s++;
		}
	}
}

int auxerr__apparmor_glob(const char *pat, const char *s)
{
	unsigned long steps = 0;

	return glob_match(pat, s, 0, &steps);
}

/* the next word of @*line (a "quoted" one without its quotes) into @w */
static int word(const char **line, char *w, size_t len)
{
	const char *s = *line;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return 0;
	if (*s == '"') {
		for (s++; *s && *s != '"'; s++)
			if (n + 1 < len)
				w[n++] = *s;
		if (*s)
			s++;
	} else {
		for (; *s && *s != ' ' && *s != '\t'; s++)
			if (n + 1 < len)
				w[n++] = *s;
	}
	w[n] = '\0';
	*line = s;
	return 1;
}

/* does the line (without leading blanks) open the profile @name? */
static int opens_profile(const char *line, const char *name)
{
	char w[4096];
	const char *s = line;
	int keyword;

	if (!strchr(line, '{') || !word(&s, w, sizeof(w)))
		return 0;
	keyword = strcmp(w, "profile") == 0;
	if (keyword && !word(&s, w, sizeof(w)))
		return 0;
	if (!keyword && w[0] != '/')
		return 0;	/* a rule, a hat (^x) or something else */
	for (;;) {
		size_t n = strlen(w);

		if (n && w[n - 1] == '{')
			w[--n] = '\0';
		if (strcmp(w, name) == 0)
			return 1;
		/* the attachment, for a "profile NAME /attach {" line */
		if (!keyword || !word(&s, w, sizeof(w)) || w[0] != '/')
			return 0;
		keyword = 0;
	}
}

/* a deny rule refusing @path with one of the letters of @mask */
static int deny_matches(const char *line, const char *path, const char *mask)
{
	char w[4096], perms[64];
	const char *s = line;
	int deny = 0;

	while (word(&s, w, sizeof(w))) {
		if (strcmp(w, "audit") == 0 || strcmp(w, "owner") == 0 ||
		    strcmp(w, "file") == 0)
			continue;
		if (strcmp(w, "deny") == 0) {
			deny = 1;
			continue;
		}
		break;
	}
	if (!deny || (w[0] != '/' && w[0] != '@') || !path)
		return 0;
	if (!word(&s, perms, sizeof(perms)))
		return 0;
	if (!auxerr__apparmor_glob(w, path))
		return 0;
	if (!mask || !*mask)
		return 1;
	for (const char *m = mask; *m; m++) {
		/* create and delete are w in a rule */
		char c = (*m == 'c' || *m == 'd') ? 'w' : *m;

		if (strchr(perms, c))
			return 1;
	}
	return 0;
}

static int braces(const char *line)
{
	int d = 0;

	for (const char *s = line; *s && *s != '#'; s++)
		d += (*s == '{') - (*s == '}');
	return d;
}

static char *trimmed(const char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return strndup(s, n);
}

/* 1 when @file defines the profile (and *@p is filled), 0 if not,
 * -1 on allocation failure */
static int scan(const char *dir, const char *file, const char *profile,
		const char *path, const char *mask,
		struct auxerr_apparmor_profile *p)
{
	FILE *f = fopen(file, "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned no = 0;
	int depth = 0, in = 0, inside_at = 0, rc = 0;

	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0) {
		const char *s = line;

		no++;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#' && strncmp(s, "#include", 8) != 0)
			continue;
		if (!in && opens_profile(s, profile)) {
			in = 1;
			inside_at = depth;
			p->file = strdup(file);
			if (!p->file) {
				rc = -1;
				break;
			}
			rc = 1;
		} else if (in && (strncmp(s, "include", 7) == 0 ||
				  strncmp(s, "#include", 8) == 0) &&
			   !p->local && depth == inside_at + 1) {
			const char *lt = strstr(s, "<local/"), *gt;

			if (lt && (gt = strchr(lt, '>'))) {
				if (asprintf(&p->local, "%s/%.*s", dir,
					     (int)(gt - lt - 1), lt + 1) < 0) {
					p->local = NULL;
					rc = -1;
					break;
				}
			}
		} else if (in && !p->deny_line && depth == inside_at + 1 &&
			   deny_matches(s, path, mask)) {
			p->deny_line = no;
			p->deny_rule = trimmed(s);
			if (!p->deny_rule) {
				rc = -1;
				break;
			}
		}
		depth += braces(s);
		if (in && depth <= inside_at) {
			p->close_line = no;
			break;
		}
	}
	free(line);
	fclose(f);
	if (rc == 1 && !p->close_line)
		rc = 0;	/* never closed: not a profile we understand */
	if (rc != 1)
		auxerr__apparmor_free(p);
	return rc;
}

static int regular_entry(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

int auxerr__apparmor_find(const char *profile, const char *path,
			  const char *mask, struct auxerr_apparmor_profile *p)
{
	const char *dir = secure_getenv("AUXERR_APPARMOR_DIR");
	struct dirent **names = NULL;
	int n, rc = 0;

	memset(p, 0, sizeof(*p));
	if (!dir || !*dir)
		dir = "/etc/apparmor.d";
	if (!profile || !*profile || strstr(profile, "//")) {
		errno = ENOENT;
		return -1;
	}
	n = scandir(dir, &names, regular_entry, alphasort);
	if (n < 0) {
		errno = ENOENT;
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char *file = NULL;
		struct stat st;

		if (rc == 0 &&
		    asprintf(&file, "%s/%s", dir, names[i]->d_name) >= 0 &&
		    stat(file, &st) == 0 && S_ISREG(st.st_mode))
			rc = scan(dir, file, profile, path, mask, p);
		free(file);
		free(names[i]);
	}
	free(names);
	if (rc == 1)
		return 0;
	errno = rc < 0 ? ENOMEM : ENOENT;
	return -1;
}

void auxerr__apparmor_free(struct auxerr_apparmor_profile *p)
{
	if (!p)
		return;
	free(p->file);
	free(p->local);
	free(p->deny_rule);
	memset(p, 0, sizeof(*p));
}
