// SPDX-License-Identifier: GPL-2.0
/*
 * stock-bench: what a system call costs, for tests/stock/bench.
 *
 *   stock-bench CASE OPS
 *
 * CASE: getpid (a success, by a thread that never had a denial),
 * open (open and close of $STOCK_BENCH_OK, a readable file four
 * directories deep: the permission checks of a path walk that succeed),
 * build (what a build does most: per call, stat() of the OK file, of its
 * directory and of a missing sibling (ENOENT), then open, read and close
 * of the OK file; the time per such group), forkexec (fork, execve of
 * $STOCK_BENCH_SELF noop in the child, wait: OPS/500 of them; the time
 * per one; the bench copies this static program to tmpfs, so that the
 * exec reads nothing from the host: guest instructions only),
 * getpid-noted (the same by a thread that has a record: the BPF backend's
 * exit program then finds its storage and counts the call), deny (an open
 * of FILE refused by its mode bits: every call noted and kept), with
 * FILE=$STOCK_BENCH_FILE.  Prints the nanoseconds per call.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *file = getenv("STOCK_BENCH_FILE");
	long ops;
	double t0, t1;

	if (argc == 2 && !strcmp(argv[1], "noop"))
		return 0;	/* forkexec's child */
	if (argc != 3 || (ops = atol(argv[2])) <= 0 || !file) {
		fprintf(stderr, "usage: STOCK_BENCH_FILE=F [STOCK_BENCH_OK=F] stock-bench getpid|getpid-noted|open|deny|build|forkexec OPS\n");
		return 2;
	}
	if (!strcmp(argv[1], "getpid-noted") && open(file, O_RDONLY) >= 0) {
		fprintf(stderr, "stock-bench: %s is readable\n", file);
		return 2;
	}
	if (!strcmp(argv[1], "deny")) {
		t0 = now();
		for (long i = 0; i < ops; i++)
			if (open(file, O_RDONLY) >= 0)
				return 2;
		t1 = now();
	} else if (!strcmp(argv[1], "open")) {
		const char *ok = getenv("STOCK_BENCH_OK");
		if (!ok)
			return 2;
		t0 = now();
		for (long i = 0; i < ops; i++) {
			int fd = open(ok, O_RDONLY);
			if (fd < 0)
				return 2;
			close(fd);
		}
		t1 = now();
	} else if (!strcmp(argv[1], "build")) {
		const char *ok = getenv("STOCK_BENCH_OK");
		char dir[4096], missing[4096], buf[64];
		struct stat st;

		if (!ok || strlen(ok) >= sizeof(dir) - 16)
			return 2;
		strcpy(dir, ok);
		*strrchr(dir, '/') = '\0';
		snprintf(missing, sizeof(missing), "%s/missing.h", dir);
		t0 = now();
		for (long i = 0; i < ops; i++) {
			int fd;

			if (stat(ok, &st) || stat(dir, &st) || !stat(missing, &st))
				return 2;
			fd = open(ok, O_RDONLY);
			if (fd < 0 || read(fd, buf, sizeof(buf)) < 0)
				return 2;
			close(fd);
		}
		t1 = now();
	} else if (!strcmp(argv[1], "forkexec")) {
		const char *self = getenv("STOCK_BENCH_SELF");

		if (!self)
			return 2;
		ops = ops / 500 > 0 ? ops / 500 : 1;
		t0 = now();
		for (long i = 0; i < ops; i++) {
			int status;
			pid_t p = fork();

			if (p == 0) {
				char *const av[] = { "stock-bench", "noop", NULL };

				execve(self, av, av + 2);
				_exit(127);
			}
			if (p < 0 || waitpid(p, &status, 0) != p || status)
				return 2;
		}
		t1 = now();
	} else if (!strncmp(argv[1], "getpid", 6)) {
		t0 = now();
		for (long i = 0; i < ops; i++)
			syscall(SYS_getpid);
		t1 = now();
	} else {
		return 2;
	}
	printf("%.0f\n", (t1 - t0) / (double)ops);
	return 0;
}
