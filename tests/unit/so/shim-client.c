/*
 * Every entry point the preload shim replaces, called the way programs
 * call them; check-so runs it with and without the shim and compares.
 * Prints to stdout (strerror results) and stderr (perror/warn/error).
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <error.h>
#include <stdio.h>
#include <string.h>

extern int __xpg_strerror_r(int errnum, char *buf, size_t buflen);

int main(void)
{
	char buf[1024], tiny[8];
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	/* strerror, twice in one call, and errno kept */
	errno = EACCES;
	printf("strerror: %s | %s\n", strerror(EACCES), strerror(ENOENT));
	printf("errno kept: %d\n", errno);
	printf("strerror twice: [%s] [%s]\n", strerror(EACCES), strerror(EACCES));
	/* GNU strerror_r: may return a static string or buf */
	printf("strerror_r: %s\n", strerror_r(EACCES, buf, sizeof(buf)));
	printf("strerror_r small: %s\n", strerror_r(EACCES, tiny, sizeof(tiny)));
	printf("strerror_r unknown: %s\n", strerror_r(99999, buf, sizeof(buf)));
	/* XSI strerror_r: 0 or ERANGE, never an ERANGE the shim caused */
	r = __xpg_strerror_r(EACCES, buf, sizeof(buf));
	printf("xpg: %d %s\n", r, buf);
	r = __xpg_strerror_r(EACCES, tiny, sizeof(tiny));
	printf("xpg tiny: %d %.*s\n", r, (int)sizeof(tiny), tiny);
	/* the stderr family */
	errno = EACCES;
	perror("perror");
	errno = EACCES;
	perror(NULL);
	errno = EACCES;
	warn("warn %d", 1);
	errno = EACCES;
	warn(NULL);
	errno = ENOENT;
	warn("warn enoent");
	error(0, EACCES, "error %s", "x");
	error(0, 0, "error without errno");
	error_at_line(0, EACCES, "file.c", 7, "error_at_line");
	error_one_per_line = 1;
	error_at_line(0, EACCES, "file.c", 8, "once");
	error_at_line(0, EACCES, "file.c", 8, "once");
	printf("error_message_count: %u\n", error_message_count);
	errno = EACCES;
	err(3, "err");
}
