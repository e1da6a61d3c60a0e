// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr last: a thread's kept records, from /proc/PID/task/TID/auxerr
 * (newest first; reading takes ptrace read access to the thread)
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char last_usage[] =
"Usage: auxerr last [-p PID] [-t TID] [-n N] [--raw|--json]\n"
"Show the latest denial kept for a thread, from /proc/PID/task/TID/auxerr.\n"
"  -p, --pid PID    the process (default: auxerr's parent, the shell);\n"
"                   without -t its main thread (/proc/PID/auxerr)\n"
"  -t, --tid TID    the thread TID (of PID, or of any process)\n"
"  -n, --count N    show the N newest records (default 1, 0: all kept)\n"
"      --raw        the event text as the kernel keeps it\n"
"      --json       one JSON object per record and line (docs/json-format.md)\n"
"Exit status: 0 shown, 1 no record, 2 usage, 4 kernel without auxerr,\n"
"5 no such process or no access, 6 other failure.\n";

static int parse_id(const char *s, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0 || v > 0x7fffffff)
		return -1;
	*out = v;
	return 0;
}

/* Read the whole /proc file; -1 with errno */
int read_proc_records(pid_t pid, pid_t tid, char **buf, size_t *len)
{
	char path[64];
	size_t cap = 4096, n = 0;
	char *b;
	int fd;

	if (tid > 0)
		snprintf(path, sizeof(path), "/proc/%d/task/%d/auxerr",
			 pid > 0 ? pid : tid, tid);
	else
		snprintf(path, sizeof(path), "/proc/%d/auxerr", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	b = malloc(cap);
	if (!b) {
		close(fd);
		return -1;
	}
	for (;;) {
		ssize_t r;

		if (n == cap) {
			char *nb = realloc(b, cap * 2);

			if (!nb)
				goto fail;
			b = nb;
			cap *= 2;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	*buf = b;
	*len = n;
	return 0;
fail:
	{
		int e = errno;

		free(b);
		close(fd);
		errno = e;
	}
	return -1;
}

static int kernel_has_auxerr(void)
{
	return access("/proc/sys/kernel/auxerr", F_OK) == 0;
}

int cmd_last(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pid", required_argument, NULL, 'p' },
		{ "tid", required_argument, NULL, 't' },
		{ "count", required_argument, NULL, 'n' },
		{ "raw", no_argument, NULL, 'r' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum out_mode mode = OUT_TEXT;
	long pid = -1, tid = -1, count = 1, shown = 0;
	struct ev_meta m = { .source = "proc" };
	size_t len, off = 0;
	char *buf;
	int c, rc = EX_OK;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+p:t:n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (parse_id(optarg, &pid) || !pid)
				goto bad_id;
			break;
		case 't':
			if (parse_id(optarg, &tid) || !tid)
				goto bad_id;
			break;
		case 'n':
			if (parse_id(optarg, &count) || count > 1000) {
				fprintf(stderr, "auxerr last: bad count '%s'\n", optarg);
				return EX_USAGE;
			}
			break;
		case 'r':
			if (mode == OUT_JSON)
				goto excl;
			mode = OUT_RAW;
			break;
		case 'j':
			if (mode == OUT_RAW)
				goto excl;
			mode = OUT_JSON;
			break;
		case 'h':
			fputs(last_usage, stdout);
			return EX_OK;
		default:
			fputs(last_usage, stderr);
			return EX_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "auxerr last: unexpected argument '%s'\n", argv[optind]);
		return EX_USAGE;
	}
	if (pid < 0 && tid < 0)
		pid = getppid();
	if (read_proc_records(pid, tid, &buf, &len)) {
		int e = errno;

		if (e == ENOENT && !kernel_has_auxerr()) {
			fprintf(stderr, "auxerr last: this kernel does not keep denials (no /proc/sys/kernel/auxerr)\n");
			return EX_NOSUPPORT;
		}
		if (tid > 0)
			fprintf(stderr, "auxerr last: thread %ld%s: %s\n", tid,
				pid > 0 ? " of that process" : "", strerror(e));
		else
			fprintf(stderr, "auxerr last: process %ld: %s\n", pid, strerror(e));
		return e == ENOENT || e == ESRCH || e == EACCES || e == EPERM ?
			EX_ACCESS : EX_FAIL;
	}
	m.pid = pid > 0 ? pid : -1;
	m.tid = tid > 0 ? tid : (pid > 0 ? pid : -1);
	while (off < len && (count == 0 || shown < count)) {
		size_t n = event_first_len(buf + off, len - off);

		if (event_print(stdout, mode, buf + off, n, &m)) {
			fprintf(stderr, "auxerr last: cannot parse the kept record: %s\n",
				strerror(errno));
			rc = EX_FAIL;
		}
		shown++;
		off += n;
	}
	free(buf);
	if (!shown) {
		if (!kernel_has_auxerr()) {
			fprintf(stderr, "auxerr last: this kernel does not keep denials\n");
			return EX_NOSUPPORT;
		}
		fprintf(stderr, "auxerr last: no denial kept for %s %ld\n",
			tid > 0 ? "thread" : "process", tid > 0 ? tid : pid);
		return EX_NONE;
	}
	if (fflush(stdout) || ferror(stdout))
		return EX_FAIL;
	return rc;
bad_id:
	fprintf(stderr, "auxerr last: bad process or thread id '%s'\n", optarg);
	return EX_USAGE;
excl:
	fprintf(stderr, "auxerr last: --raw and --json exclude each other\n");
	return EX_USAGE;
}
