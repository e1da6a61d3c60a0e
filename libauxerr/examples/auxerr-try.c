// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr-try: make one system call and show what libauxerr makes of it.
 *
 *   auxerr-try open PATH [r|w|rw] | mkdir PATH | unlink PATH |
 *              chown PATH UID | stat PATH | chmod PATH MODE
 *
 * Prints "errno=N", then the record's fields as libauxerr parsed them,
 * the sentence from auxerr_explain() and the auxerr_strerror() text.
 * Exit status: 0 when a fresh record explained the errno, 1 when the call
 * failed without one, 2 on usage errors, 3 when the call succeeded.
 */
#include <auxerr.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int act(int argc, char **argv)
{
	const char *a = argv[1], *p = argv[2];
	struct stat st;
	int fd, flags = O_RDONLY;

	if (!strcmp(a, "open")) {
		if (argc > 3 && !strcmp(argv[3], "w"))
			flags = O_WRONLY;
		else if (argc > 3 && !strcmp(argv[3], "rw"))
			flags = O_RDWR;
		fd = open(p, flags);
		if (fd >= 0)
			close(fd);
		return fd < 0 ? -1 : 0;
	}
	if (!strcmp(a, "mkdir"))
		return mkdir(p, 0755);
	if (!strcmp(a, "unlink"))
		return unlink(p);
	if (!strcmp(a, "stat"))
		return stat(p, &st);
	if (!strcmp(a, "chown") && argc > 3)
		return chown(p, (uid_t)atoi(argv[3]), (gid_t)-1);
	if (!strcmp(a, "chmod") && argc > 3)
		return chmod(p, (mode_t)strtoul(argv[3], NULL, 8));
	errno = EINVAL;
	return -2;
}

int main(int argc, char **argv)
{
	struct auxerr_state st;
	struct auxerr_record *r;
	int e, rc;

	if (argc < 3) {
		fprintf(stderr, "usage: auxerr-try open PATH [r|w|rw] | mkdir PATH | unlink PATH | chown PATH UID | stat PATH | chmod PATH MODE\n");
		return 2;
	}
	rc = act(argc, argv);
	/* first thing after the failure: stdio below makes system calls */
	auxerr_state_save(&st);
	e = errno;
	if (rc == -2) {
		fprintf(stderr, "auxerr-try: bad action\n");
		return 2;
	}
	printf("errno=%d\n", rc ? e : 0);
	printf("saved: serial=%llu error=%d age=%u\n", st.serial, st.error, st.age);
	if (rc == 0)
		return 3;

	r = auxerr_record_fetch(0);
	if (r) {
		struct timespec ts = auxerr_record_time(r);
		printf("serial=%llu time=%lld.%09ld age=%d errno=%d syscall=%ld(%s) mechanism=%s weak=%d\n",
		       auxerr_record_serial(r), (long long)ts.tv_sec, ts.tv_nsec,
		       auxerr_record_age(r), auxerr_record_errno(r),
		       auxerr_record_syscall(r), auxerr_record_syscall_name(r),
		       auxerr_record_mechanism(r), auxerr_record_is_weak(r));
		printf("explain: %s\n", auxerr_explain(r));
		fputs(auxerr_record_text(r), stdout);
		auxerr_record_free(r);
	} else {
		printf("record: none (%s)\n", strerror(errno));
	}
	auxerr_state_restore(&st);
	const char *msg = auxerr_strerror(errno);
	printf("strerror: %s\n", msg);
	return strcmp(msg, strerror(e)) != 0 ? 0 : 1;
}
