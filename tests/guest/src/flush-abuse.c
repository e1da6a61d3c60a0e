// SPDX-License-Identifier: GPL-2.0
/*
 * flush-abuse: deny and flush, as fast as possible, N times.
 *
 *   flush-abuse N PATH
 *
 * Each iteration opens PATH (which the caller may not read: a denial the
 * kernel keeps) and asks PR_AUXERR_FLUSH for slot 0.  Prints one line:
 *
 *   pid=P iterations=N start=T0 end=T1 elapsed=S denied=D flushed=F eagain=E other=O
 *
 * start, end: CLOCK_MONOTONIC (seconds) around the N iterations, elapsed
 * the difference;
 * denied: opens that failed with EACCES; flushed: flushes that returned 0;
 * eagain: flushes refused with EAGAIN (kernel.auxerr.flush_ratelimit);
 * other: any other result (the first such errno is printed as
 * other_errno=).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/auxerr.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long n, i, denied = 0, flushed = 0, eagain = 0, other = 0;
	int other_errno = 0;
	double t0, t1;
	char *end;

	if (argc != 3) {
		fprintf(stderr, "usage: flush-abuse N PATH\n");
		return 2;
	}
	n = strtoul(argv[1], &end, 10);
	if (*end || !n) {
		fprintf(stderr, "flush-abuse: bad N '%s'\n", argv[1]);
		return 2;
	}
	t0 = now();
	for (i = 0; i < n; i++) {
		int fd = open(argv[2], O_RDONLY);

		if (fd >= 0)
			close(fd);
		else if (errno == EACCES)
			denied++;
		if (prctl(PR_AUXERR, PR_AUXERR_FLUSH, 0, 0, 0) == 0) {
			flushed++;
		} else if (errno == EAGAIN) {
			eagain++;
		} else {
			if (!other++)
				other_errno = errno;
		}
	}
	t1 = now();
	printf("pid=%d iterations=%lu start=%.3f end=%.3f elapsed=%.3f denied=%lu flushed=%lu eagain=%lu other=%lu",
	       (int)getpid(), n, t0, t1, t1 - t0, denied, flushed, eagain,
	       other);
	if (other)
		printf(" other_errno=%d", other_errno);
	printf("\n");
	return 0;
}
