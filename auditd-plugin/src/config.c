// SPDX-License-Identifier: GPL-2.0-or-later
/* audisp-auxerr: the configuration file (see audisp-auxerr(8)) */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <syslog.h>

#include "plugin.h"

void plugin_config_defaults(struct plugin_config *c)
{
	memset(c, 0, sizeof(*c));
	c->output = OUTPUT_SYSLOG;
	c->format = FORMAT_TEXT;
	c->facility = LOG_AUTHPRIV;
	c->priority = LOG_INFO;
	c->file_mode = 0640;
}

struct name_value {
	const char *name;
	int value;
};

static const struct name_value facilities[] = {
	{ "LOG_AUTH", LOG_AUTH }, { "LOG_AUTHPRIV", LOG_AUTHPRIV },
	{ "LOG_DAEMON", LOG_DAEMON }, { "LOG_SYSLOG", LOG_SYSLOG },
	{ "LOG_USER", LOG_USER }, { "LOG_LOCAL0", LOG_LOCAL0 },
	{ "LOG_LOCAL1", LOG_LOCAL1 }, { "LOG_LOCAL2", LOG_LOCAL2 },
	{ "LOG_LOCAL3", LOG_LOCAL3 }, { "LOG_LOCAL4", LOG_LOCAL4 },
	{ "LOG_LOCAL5", LOG_LOCAL5 }, { "LOG_LOCAL6", LOG_LOCAL6 },
	{ "LOG_LOCAL7", LOG_LOCAL7 }, { NULL, 0 }
};

static const struct name_value priorities[] = {
	{ "LOG_EMERG", LOG_EMERG }, { "LOG_ALERT", LOG_ALERT },
	{ "LOG_CRIT", LOG_CRIT }, { "LOG_ERR", LOG_ERR },
	{ "LOG_WARNING", LOG_WARNING }, { "LOG_NOTICE", LOG_NOTICE },
	{ "LOG_INFO", LOG_INFO }, { "LOG_DEBUG", LOG_DEBUG }, { NULL, 0 }
};

static int lookup(const struct name_value *t, const char *name, int *out)
{
	for (; t->name; t++) {
		/* "LOG_INFO" or "info" */
		if (strcasecmp(name, t->name) == 0 ||
		    strcasecmp(name, t->name + 4) == 0) {
			*out = t->value;
			return 0;
		}
	}
	return -1;
}

__attribute__((format(printf, 3, 4)))
static int error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

int plugin_config_parse(struct plugin_config *c, FILE *f, const char *name,
			char *err, size_t errlen)
{
	char buf[4200];
	unsigned lineno = 0;
	int have_file = 0;

	plugin_config_defaults(c);
	while (fgets(buf, sizeof(buf), f)) {
		char *nl = strchr(buf, '\n'), *key, *val, *eq, *end;

		lineno++;
		if (!nl && !feof(f))
			return error(err, errlen, "%s:%u: line too long or NUL byte",
				     name, lineno);
		if (nl)
			*nl = '\0';
		key = trim(buf);
		if (*key == '\0' || *key == '#')
			continue;
		eq = strchr(key, '=');
		if (!eq)
			return error(err, errlen, "%s:%u: expected 'key = value'",
				     name, lineno);
		*eq = '\0';
		key = trim(key);
		val = trim(eq + 1);
		if (*val == '\0')
			return error(err, errlen, "%s:%u: %s: empty value", name,
				     lineno, key);
		if (strcmp(key, "output") == 0) {
			if (strcmp(val, "syslog") == 0)
				c->output = OUTPUT_SYSLOG;
			else if (strcmp(val, "file") == 0)
				c->output = OUTPUT_FILE;
			else
				return error(err, errlen,
					     "%s:%u: output must be syslog or file",
					     name, lineno);
		} else if (strcmp(key, "format") == 0) {
			if (strcmp(val, "text") == 0)
				c->format = FORMAT_TEXT;
			else if (strcmp(val, "json") == 0)
				c->format = FORMAT_JSON;
			else
				return error(err, errlen,
					     "%s:%u: format must be text or json",
					     name, lineno);
		} else if (strcmp(key, "file") == 0) {
			if (val[0] != '/')
				return error(err, errlen,
					     "%s:%u: file must be an absolute path",
					     name, lineno);
			if (strlen(val) >= sizeof(c->file))
				return error(err, errlen, "%s:%u: file name too long",
					     name, lineno);
			strcpy(c->file, val);
			have_file = 1;
		} else if (strcmp(key, "facility") == 0) {
			if (lookup(facilities, val, &c->facility) < 0)
				return error(err, errlen, "%s:%u: unknown facility %s",
					     name, lineno, val);
		} else if (strcmp(key, "priority") == 0) {
			if (lookup(priorities, val, &c->priority) < 0)
				return error(err, errlen, "%s:%u: unknown priority %s",
					     name, lineno, val);
		} else if (strcmp(key, "file_mode") == 0) {
			unsigned long m;

			errno = 0;
			m = strtoul(val, &end, 8);
			if (errno || *end || m > 0666)
				return error(err, errlen,
					     "%s:%u: file_mode must be octal, at most 0666",
					     name, lineno);
			c->file_mode = (unsigned)m;
		} else {
			return error(err, errlen, "%s:%u: unknown option %s", name,
				     lineno, key);
		}
	}
	if (ferror(f))
		return error(err, errlen, "%s: %s", name, strerror(errno));
	if (c->output == OUTPUT_FILE && !have_file)
		return error(err, errlen, "%s: output = file needs file = PATH", name);
	return 0;
}

int plugin_config_load(struct plugin_config *c, const char *path,
		       int missing_ok, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");
	int rc;

	if (!f) {
		if (errno == ENOENT && missing_ok) {
			plugin_config_defaults(c);
			return 0;
		}
		return error(err, errlen, "%s: %s", path, strerror(errno));
	}
	rc = plugin_config_parse(c, f, path, err, errlen);
	fclose(f);
	return rc;
}
