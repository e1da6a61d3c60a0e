// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness: auxerr(1)'s argument parsers.
 *
 * The input is an argument vector, arguments separated by NUL bytes; the
 * first byte picks the command: last, explain or status (run and trace
 * execute their argument, so they are not fuzzed).  An explain FILE is
 * always the harness's memfd, holding the bytes of the last argument, so
 * that no argument makes it read an arbitrary file; stdin is /dev/null.  Each
 * command runs twice on its own copies of the arguments and must return
 * the same exit status, one its help documents.
 * Links tools/{last,explain,event,status}.c and libauxerr, no copies.
 * Run with -close_fd_mask=3: the commands print to stdout and stderr.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"

const char *progname = "auxerr";	/* main.c's */

#define MAX_ARGS 12

static int fd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);

	(void)argc;
	(void)argv;
	if (null < 0 || dup2(null, 0) < 0)
		abort();
	close(null);
	fd = memfd_create("auxerr-cli-input", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
		int max_rc;
	} cmds[] = {
		{ "last", cmd_last, EX_FAIL },
		{ "explain", cmd_explain, EX_FAIL },
		{ "status", cmd_status, EX_FAIL },
	};
	char *copy, *argv[MAX_ARGS + 2], *p, *end;
	int argc = 0, rc;
	unsigned which;

	if (size < 1)
		return 0;
	which = data[0] % 3;
	copy = malloc(size);
	if (!copy)
		abort();
	memcpy(copy, data + 1, size - 1);
	copy[size - 1] = '\0';
	end = copy + size - 1;
	/* explain's FILE holds the last argument's bytes */
	{
		const uint8_t *last = data + 1, *nul;
		size_t n = size - 1;

		while ((nul = memchr(last, 0, n))) {
			n -= (size_t)(nul + 1 - last);
			last = nul + 1;
		}
		if (ftruncate(fd, 0) < 0 ||
		    (n && pwrite(fd, last, n, 0) != (ssize_t)n))
			abort();
	}

	argv[argc++] = (char *)cmds[which].name;
	for (p = copy; p < end && argc <= MAX_ARGS; p += strlen(p) + 1) {
		/* explain's FILE: the memfd, never a name from the input */
		if (which == 1 && p[0] != '-')
			argv[argc++] = path;
		else
			argv[argc++] = p;
	}
	argv[argc] = NULL;
	/* twice, from fresh copies: what one parse leaves behind (getopt's
	 * place in a half-read "-abc") must not reach into the next one's
	 * arguments, and both must agree */
	for (int round = 0, first = -1; round < 2; round++) {
		char *again[MAX_ARGS + 2];

		for (int i = 0; i <= argc; i++)
			again[i] = argv[i] && argv[i] != path && i ?
				   strdup(argv[i]) : argv[i];
		rc = cmds[which].fn(argc, again);
		for (int i = 1; i < argc; i++)
			if (again[i] != path)
				free(again[i]);
		if (rc < 0 || rc > cmds[which].max_rc)
			fuzz_fail("auxerr %s: exit %d, not one its help documents",
				  cmds[which].name, rc);
		if (round && rc != first)
			fuzz_fail("auxerr %s: exit %d, then %d on the same arguments",
				  cmds[which].name, first, rc);
		first = rc;
	}
	free(copy);
	return 0;
}
