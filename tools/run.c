// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr run: exec CMD with libauxerr-preload.so in LD_PRELOAD
 *
 * Where the shim is looked for, first match wins:
 *   1. $AUXERR_PRELOAD, if set (must name an existing file);
 *   2. next to the auxerr binary (the build tree: build/userland/);
 *   3. ../lib next to the binary (an install: PREFIX/bin -> PREFIX/lib);
 *   4. AUXERR_LIBDIR, the LIBDIR auxerr was built for (/usr/local/lib).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <auxerr.h>
#include <linux/auxerr.h>	/* AUXERR_DEPTH_MAX */

#include "cli.h"
#include "auxerr-shared.h"

#ifndef AUXERR_LIBDIR
#define AUXERR_LIBDIR "/usr/local/lib"
#endif
#define SHIM "libauxerr-preload.so"

static const char run_usage[] =
"Usage: auxerr run [--print] [--] CMD [ARGS]\n"
"Run CMD with " SHIM " preloaded, so that its perror(), strerror(),\n"
"err() and error() messages carry the explanation of a denial.\n"
"  --print   only print the path of the shim that would be used\n"
"The shim is $AUXERR_PRELOAD, else the one next to the auxerr binary, else\n"
"../lib/" SHIM " relative to it, else " AUXERR_LIBDIR "/" SHIM ".\n"
"When CMD itself cannot be executed for want of permission, the kept\n"
"record of that execve() says why.\n"
"Exit status: CMD's; 126 CMD not executable, 127 CMD not found, 2 usage,\n"
"6 shim not found.\n";

/*
 * Where the BPF backend was loaded on demand (auxerr-bpfd --on-demand),
 * records are kept only while someone wants them: CMD and every process
 * it starts inherit the socket of a WANT request, and the service keeps
 * the backend attached until the last of them has closed it (exited).
 * Elsewhere (the series' kernel, the backend always attached, no
 * service) there is nothing to ask, and nothing is said.
 */
static void want_records(void)
{
	int s = auxerr__service_want();

	if (s < 0) {
		if (errno == ETIMEDOUT)
			fprintf(stderr, "auxerr run: the BPF backend's service (auxerr-bpfd --serve) did not answer within %d s: no records are kept for CMD\n",
				AUXERR_SERVICE_MS / 1000);
		else if (errno == ETIME)
			fprintf(stderr, "auxerr run: the BPF backend's service (auxerr-bpfd --serve) was still attaching its programs after %d s: no records are kept for CMD\n",
				AUXERR_WANT_MS / 1000);
		else if (errno != EALREADY && errno != ENOENT && errno != ECONNREFUSED)
			fprintf(stderr, "auxerr run: the BPF backend's service could not attach it: %s: no records are kept for CMD\n",
				strerror(errno));
		return;
	}
	/* inherited across the exec */
	fcntl(s, F_SETFD, 0);
}

static int find_shim(char *out, size_t len)
{
	const char *env = getenv("AUXERR_PRELOAD");
	char exe[PATH_MAX], *dir;
	ssize_t n;

	if (env && *env) {
		if (access(env, R_OK)) {
			fprintf(stderr, "auxerr run: AUXERR_PRELOAD=%s: %s\n", env,
				strerror(errno));
			return -1;
		}
		snprintf(out, len, "%s", env);
		return 0;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = 0;
		dir = dirname(exe);
		snprintf(out, len, "%s/" SHIM, dir);
		if (!access(out, R_OK))
			return 0;
		snprintf(out, len, "%s/../lib/" SHIM, dir);
		if (!access(out, R_OK)) {
			char real[PATH_MAX];

			if (realpath(out, real))
				snprintf(out, len, "%s", real);
			return 0;
		}
	}
	snprintf(out, len, "%s/" SHIM, AUXERR_LIBDIR);
	if (!access(out, R_OK))
		return 0;
	fprintf(stderr, "auxerr run: cannot find " SHIM " (next to %s, in ../lib, or in "
		AUXERR_LIBDIR "); set AUXERR_PRELOAD\n", n > 0 ? exe : "auxerr");
	return -1;
}

/* the newest serial this thread has kept before CMD is tried (0: none) */
static unsigned long long newest_serial(void)
{
	struct auxerr_record *r = auxerr_record_fetch(0);
	unsigned long long serial = r ? auxerr_record_serial(r) : 0;

	auxerr_record_free(r);
	return serial;
}

/*
 * The explanation of execvp()'s failure @err, or NULL: the newest record
 * kept after @floor of an execve() that failed with @err.  execvp() tries
 * each PATH entry and reports EACCES if any refused, so the refusal need
 * not be its last system call; the serial keeps auxerr run's own earlier
 * denials out, and a record a later unexplained EPERM or EACCES
 * superseded is not taken for the reason.
 */
static char *exec_explanation(int err, unsigned long long floor)
{
	char *text = NULL;

	for (unsigned slot = 0; slot < AUXERR_DEPTH_MAX && !text; slot++) {
		struct auxerr_record *r = auxerr_record_fetch(slot);
		const char *sys, *expl;

		if (!r)
			break;
		if (auxerr_record_serial(r) <= floor) {
			auxerr_record_free(r);
			break;
		}
		sys = auxerr_record_syscall_name(r);
		if (auxerr_record_errno(r) == err && sys &&
		    (!strcmp(sys, "execve") || !strcmp(sys, "execveat")) &&
		    !auxerr_record_is_weak(r) && !auxerr_record_is_superseded(r)) {
			expl = auxerr_explain(r);
			if (expl)
				text = strdup(expl);
		}
		auxerr_record_free(r);
	}
	return text;
}

int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "print", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char shim[PATH_MAX], *val, *why;
	unsigned long long floor;
	const char *old;
	int c, print = 0;

	getopt_reset();
	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'P':
			print = 1;
			break;
		case 'h':
			fputs(run_usage, stdout);
			return EX_OK;
		default:
			fputs(run_usage, stderr);
			return EX_USAGE;
		}
	}
	if (find_shim(shim, sizeof(shim)))
		return EX_FAIL;
	if (print) {
		puts(shim);
		return EX_OK;
	}
	if (optind >= argc) {
		fprintf(stderr, "auxerr run: no command given\n");
		fputs(run_usage, stderr);
		return EX_USAGE;
	}
	old = getenv("LD_PRELOAD");
	if (old && *old) {
		if (asprintf(&val, "%s:%s", shim, old) < 0)
			return EX_FAIL;
	} else {
		val = shim;
	}
	if (setenv("LD_PRELOAD", val, 1))
		return EX_FAIL;
	want_records();
	floor = newest_serial();
	execvp(argv[optind], argv + optind);
	c = errno;
	why = c == EACCES || c == EPERM ? exec_explanation(c, floor) : NULL;
	if (why)
		fprintf(stderr, "auxerr run: %s: %s (%s)\n", argv[optind], strerror(c), why);
	else
		fprintf(stderr, "auxerr run: %s: %s\n", argv[optind], strerror(c));
	free(why);
	return c == ENOENT || c == ENOTDIR ? EX_NOTFOUND : EX_NOEXEC;
}
