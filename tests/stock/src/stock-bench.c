// SPDX-License-Identifier: GPL-2.0
/*
 * stock-bench: what a system call costs, for tests/stock/bench.
 *
 *   stock-bench CASE OPS
 *
 * CASE: getpid (a success, by a thread that never had a denial),
 * open (open and close of $STOCK_BENCH_OK, a readable file four
 * directories deep: the permission checks of a path walk that succeed),
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
#include <sys/syscall.h>
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

	if (argc != 3 || (ops = atol(argv[2])) <= 0 || !file) {
		fprintf(stderr, "usage: STOCK_BENCH_FILE=F [STOCK_BENCH_OK=F] stock-bench getpid|getpid-noted|open|deny OPS\n");
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
