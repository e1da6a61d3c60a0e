// SPDX-License-Identifier: GPL-2.0
/*
 * probe: make one system call, then report what auxerr kept for it.
 *
 *   probe [-d] [-f] ACTION ARGS... [-- ACTION ARGS...]
 *
 * Actions: open PATH [r|w|rw|creat], chown PATH UID, mkdir PATH, stat PATH,
 * unlink PATH, getpid, probe-cap (a NOAUDIT capability probe via
 * setpriority of a negative nice), nothing.
 * Output, per action: "errno=N" (0 on success); after the last action,
 * for each slot: "slot=N" then the INFO fields and the event text;
 * "none" when there is no record. -f flushes slot 0 and prints
 * "flush=RESULT" (twice with -f -f). -d: how many slots to show (default 1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/auxerr.h>

static int do_action(char **argv, int *used)
{
	const char *a = argv[0];
	int fd, flags = O_RDONLY;
	struct stat st;

	*used = 1;
	if (!strcmp(a, "open")) {
		*used = 2;
		if (argv[2] && strcmp(argv[2], "--")) {
			(*used)++;
			if (!strcmp(argv[2], "w"))
				flags = O_WRONLY;
			else if (!strcmp(argv[2], "rw"))
				flags = O_RDWR;
			else if (!strcmp(argv[2], "creat"))
				flags = O_WRONLY | O_CREAT;
		}
		fd = open(argv[1], flags, 0644);
		if (fd < 0)
			return errno;
		close(fd);
		return 0;
	}
	if (!strcmp(a, "chown")) {
		*used = 3;
		return chown(argv[1], atoi(argv[2]), -1) ? errno : 0;
	}
	if (!strcmp(a, "mkdir")) {
		*used = 2;
		return mkdir(argv[1], 0755) ? errno : 0;
	}
	if (!strcmp(a, "stat")) {
		*used = 2;
		return stat(argv[1], &st) ? errno : 0;
	}
	if (!strcmp(a, "unlink")) {
		*used = 2;
		return unlink(argv[1]) ? errno : 0;
	}
	if (!strcmp(a, "getpid")) {
		getpid();
		return 0;
	}
	if (!strcmp(a, "nothing"))
		return 0;
	fprintf(stderr, "probe: unknown action %s\n", a);
	exit(2);
}

int main(int argc, char **argv)
{
	int depth = 1, flush = 0, i = 1, slot, err, used;
	static char text[65536];
	struct auxerr_info info;
	long n;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-d") && i + 1 < argc)
			depth = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-f"))
			flush++;
		else
			break;
	}
	while (i < argc) {
		err = do_action(&argv[i], &used);
		printf("errno=%d\n", err);
		i += used;
		if (i < argc && !strcmp(argv[i], "--"))
			i++;
	}
	while (flush-- > 0) {
		n = prctl(PR_AUXERR, PR_AUXERR_FLUSH, 0, 0, 0);
		printf("flush=%s\n", n ? strerror(errno) : "ok");
	}
	for (slot = 0; slot < depth; slot++) {
		memset(&info, 0, sizeof(info));
		n = prctl(PR_AUXERR, PR_AUXERR_INFO, slot, &info, sizeof(info));
		if (n < 0) {
			printf("slot=%d none %s\n", slot, strerror(errno));
			continue;
		}
		printf("slot=%d serial=%llu error=%d syscall=%d arch=%x mechanism=%u age=%u flags=%u text_len=%u\n",
		       slot, (unsigned long long)info.serial, info.error,
		       info.syscall, info.arch, info.mechanism, info.age,
		       info.flags, info.text_len);
		n = prctl(PR_AUXERR, PR_AUXERR_GET, slot, text, sizeof(text));
		if (n < 0) {
			printf("get-error=%s\n", strerror(errno));
			continue;
		}
		fwrite(text, 1, n, stdout);
	}
	return 0;
}
