// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr last: a thread's kept records, from /proc/PID/task/TID/auxerr
 * (newest first; reading takes ptrace read access to the thread), or on a
 * stock kernel from the BPF backend's service (read_bpf_records())
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <linux/types.h>

#include "cli.h"
#include "auxerr-shared.h"
#include "../bpf/auxerr.h"

#ifndef PIDFD_THREAD
#define PIDFD_THREAD O_EXCL
#endif

static const char last_usage[] =
"Usage: auxerr last [-p PID] [-t TID] [-n N] [--raw|--json]\n"
"Show the latest denial kept for a thread, from /proc/PID/task/TID/auxerr\n"
"(on a stock kernel, from the BPF backend's service, auxerr-bpfd --serve).\n"
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

/* the BPF backend of a stock kernel is loaded (docs/bpf-backend.md) */
static int bpf_backend(void)
{
	return access("/sys/fs/bpf/auxerr/records", F_OK) == 0;
}

/* the process of thread @tid (/proc/TID/status's Tgid), or -1 */
static pid_t tgid_of(pid_t tid)
{
	char path[64], line[256];
	FILE *f;
	long v = -1;

	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %ld", &v) == 1)
			break;
	fclose(f);
	return (pid_t)v;
}

/*
 * On the BPF backend, another thread's records come from its root
 * service (auxerr-bpfd --serve, request LAST in bpf/auxerr.h): the BPF
 * iterator shows a reader only its own.  This process opens
 * /proc/PID/task/TID/environ, so that the kernel makes the same ptrace
 * read check (PTRACE_MODE_READ_FSCREDS) as the series'
 * /proc/PID/task/TID/auxerr, and passes that descriptor and a pidfd of
 * the thread; the service checks both and answers with the records as
 * type 2340 message text, which libauxerr's expander turns back into the
 * event text.  Same contract as read_proc_records().
 */
static int read_bpf_records(pid_t pid, pid_t tid, char **buf, size_t *len)
{
	struct auxb_last_req req = { .magic = AUXB_LAST_MAGIC };
	union {
		char buf[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr align;
	} cm;
	struct iovec iov = { .iov_base = &req, .iov_len = sizeof(req) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cm.buf, .msg_controllen = sizeof(cm.buf) };
	struct iovec aiov;
	struct msghdr amh = { .msg_iov = &aiov, .msg_iovlen = 1 };
	struct auxerr_buf out = { 0 };
	struct cmsghdr *h;
	char path[64], *ans = NULL, *p, *end;
	int fds[2] = { -1, -1 }, err = 0;
	__s32 reply;
	ssize_t n;

	if (tid <= 0)
		tid = pid;
	if (pid <= 0 && (pid = tgid_of(tid)) <= 0) {
		errno = ESRCH;
		return -1;
	}
	snprintf(path, sizeof(path), "/proc/%d/task/%d/environ", pid, tid);
	fds[0] = open(path, O_RDONLY | O_CLOEXEC);
	if (fds[0] < 0)
		return -1;	/* the kernel's answer: EACCES, ENOENT */
	fds[1] = (int)syscall(SYS_pidfd_open, tid, PIDFD_THREAD);
	/* before 6.9 (no PIDFD_THREAD) a thread-group leader's pidfd */
	if (fds[1] < 0 && errno == EINVAL)
		fds[1] = (int)syscall(SYS_pidfd_open, tid, 0);
	ans = malloc(sizeof(reply) + AUXB_LAST_MAX);
	if (fds[1] < 0 || !ans) {
		err = fds[1] < 0 ? ESRCH : ENOMEM;
		goto out;
	}
	req.tid = (__u32)tid;
	memset(&cm, 0, sizeof(cm));
	h = CMSG_FIRSTHDR(&mh);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(h), fds, sizeof(fds));
	aiov.iov_base = ans;
	aiov.iov_len = sizeof(reply) + AUXB_LAST_MAX;
	n = auxerr__service_ask(&mh, &amh);
	if (n < 0) {
		/* ETIMEDOUT: a service that does not answer (stopped) */
		err = errno == ETIMEDOUT ? ETIMEDOUT : EOPNOTSUPP;
		goto out;
	}
	if (n < (ssize_t)sizeof(reply)) {
		err = EPROTO;
		goto out;
	}
	memcpy(&reply, ans, sizeof(reply));
	if (reply) {
		err = reply > 0 ? reply : EPROTO;
		goto out;
	}
	/* "#slot=..." then the record's 2340 text, per record */
	for (p = ans + sizeof(reply), end = ans + n; p < end;) {
		char *eol = memchr(p, '\n', (size_t)(end - p)), *ev, *line;
		const char *why = NULL;
		size_t ln;
		int r;

		if (!eol)
			eol = end;
		if (*p == '#') {
			p = eol + 1;
			continue;
		}
		ln = (size_t)(eol - p);
		line = malloc(ln + 64);
		if (!line) {
			err = ENOMEM;
			goto out;
		}
		r = snprintf(line, 64, "type=UNKNOWN[2340] msg=audit(0.000:0): msg='");
		memcpy(line + r, p, ln);
		memcpy(line + r + ln, "'", 2);
		r = auxerr__usermsg_expand(line, (size_t)r + ln + 1, &ev, &why);
		free(line);
		if (r != 1) {
			err = EPROTO;
			goto out;
		}
		auxerr__buf_str(&out, ev);
		auxerr__buf_str(&out, "\n");
		free(ev);
		p = eol + 1;
	}
	if (out.oom)
		err = ENOMEM;
out:
	close(fds[0]);
	if (fds[1] >= 0)
		close(fds[1]);
	free(ans);
	if (err) {
		free(out.s);
		errno = err;
		return -1;
	}
	*buf = out.s ? out.s : calloc(1, 1);
	*len = out.len;
	return *buf ? 0 : -1;
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

	getopt_reset();
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
	if (!kernel_has_auxerr() && bpf_backend() ?
	    read_bpf_records(pid, tid, &buf, &len) :
	    read_proc_records(pid, tid, &buf, &len)) {
		int e = errno;

		if (e == EOPNOTSUPP) {
			fprintf(stderr, "auxerr last: the BPF backend's service (auxerr-bpfd --serve) does not answer\n");
			return EX_NOSUPPORT;
		}
		if (e == ETIMEDOUT) {
			fprintf(stderr, "auxerr last: the BPF backend's service (auxerr-bpfd --serve, %s) did not answer within %d s: is it stopped?\n",
				AUXB_FLUSH_SOCK, AUXERR_SERVICE_MS / 1000);
			return EX_FAIL;
		}
		if (e == ENOENT && !kernel_has_auxerr() && !bpf_backend()) {
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

		int r = event_print(stdout, mode, buf + off, n, &m);

		if (r) {
			/* written with why when r > 0; either way a failure */
			fprintf(stderr, "auxerr last: cannot parse the kept record: %s\n",
				r < 0 ? strerror(errno) : auxerr__parse_failure());
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
