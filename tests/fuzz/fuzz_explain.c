// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness: `auxerr explain FILE`, the CLI's audit log reader.
 *
 * The input is the FILE: an audit log or `ausearch --raw` output, line by
 * line.  It is written to a memfd and cmd_explain() itself reads it by
 * name (/proc/self/fd/N), in text, --json or --raw mode (chosen by a hash
 * of the input).  Also the helpers `auxerr last` uses on event texts.
 * Links tools/explain.c and tools/event.c and libauxerr, no copies.
 * Run with -close_fd_mask=3: the command prints to stdout and stderr.
 */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"

const char *progname = "auxerr";	/* main.c's */

static int fd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fd = memfd_create("auxerr-explain-input", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const modes[] = { NULL, "--json", "--raw", NULL };
	uint32_t h = fuzz_hash(data, size);
	char *argv[4];
	int argc = 0, rc;
	size_t off = 0, n;

	if (ftruncate(fd, 0) < 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();

	argv[argc++] = (char *)"explain";
	if (modes[h & 3])
		argv[argc++] = (char *)modes[h & 3];
	argv[argc++] = path;
	argv[argc] = NULL;
	rc = cmd_explain(argc, argv);
	if (rc != EX_OK && rc != EX_NONE && rc != EX_BADINPUT)
		fuzz_fail("auxerr explain: exit %d", rc);

	/* `auxerr last`: the stamp and first event of a text */
	while (off < size) {
		const char *t = (const char *)data + off, *s;
		size_t sl;

		s = event_stamp(t, size - off, &sl);
		if (s)
			(void)stamp_serial(s, sl);
		n = event_first_len(t, size - off);
		if (n == 0 || n > size - off)
			fuzz_fail("event_first_len %zu of %zu", n, size - off);
		off += n;
	}
	return 0;
}
