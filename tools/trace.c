// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr trace: run CMD and print each denial as it happens
 *
 * How: CMD runs under ptrace (PTRACE_SEIZE with PTRACE_O_TRACESYSGOOD),
 * stopping at each system call exit, as strace does.  At an exit stop
 * whose return value is an error (PTRACE_GET_SYSCALL_INFO), auxerr reads
 * the thread's newest kept record from /proc/PID/task/TID/auxerr and
 * prints it if its serial differs from the last one seen for that thread.
 * The kernel keeps the record before the exit stop is reported (the auxerr
 * exit work runs ahead of ptrace_report_syscall_exit()), and keeps one
 * only when the call returns the errno the denial noted, so a new serial
 * at an error exit is that call's denial.  Reading the record is done by
 * the tracer, so the tracee's own ring, ages and errno are not touched.
 *
 * Why not something lighter: the kernel has no notification for a new
 * record, and polling /proc would miss records once more denials than
 * kernel.auxerr.depth happen between two polls, and could not name the
 * thread's call live.  ptrace is what every user already has for their
 * own processes; the cost (two stops per system call) is strace's.
 *
 * -f follows children and threads (PTRACE_O_TRACEFORK, VFORK, CLONE).
 * Without -f only CMD's first thread is traced.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

static const char trace_usage[] =
"Usage: auxerr trace [-f] [-o FILE] [--json] [--] CMD [ARGS]\n"
"Run CMD under ptrace and print each denial live: the system call, its\n"
"error and the explanation (to standard error, or to FILE).\n"
"  -f, --follow     also trace the children and threads CMD creates\n"
"  -o, --output FILE  write the denials to FILE instead of standard error\n"
"      --json       one JSON object per denial and line (docs/json-format.md)\n"
"Exit status: CMD's (128+N when killed by signal N); 126/127 CMD could not\n"
"be executed/found; 2 usage; 6 tracing failed.\n";

struct thread {
	pid_t tid;
	unsigned long long serial;	/* last record seen */
};

static struct thread *threads;
static size_t nthreads, capthreads;

static struct thread *thread_get(pid_t tid, int create)
{
	size_t i;

	for (i = 0; i < nthreads; i++)
		if (threads[i].tid == tid)
			return &threads[i];
	if (!create)
		return NULL;
	if (nthreads == capthreads) {
		size_t cap = capthreads ? capthreads * 2 : 16;
		struct thread *t = realloc(threads, cap * sizeof(*t));

		if (!t)
			return NULL;
		threads = t;
		capthreads = cap;
	}
	threads[nthreads].tid = tid;
	threads[nthreads].serial = 0;
	return &threads[nthreads++];
}

static void thread_del(pid_t tid)
{
	struct thread *t = thread_get(tid, 0);

	if (t)
		*t = threads[--nthreads];
}

/* The serial of @tid's newest record, 0 if none; the text in *@buf */
static unsigned long long newest(pid_t tid, char **buf, size_t *len)
{
	const char *s;
	size_t n;

	*buf = NULL;
	if (read_proc_records(0, tid, buf, len))
		return 0;
	s = event_stamp(*buf, *len, &n);
	if (!s) {
		free(*buf);
		*buf = NULL;
		return 0;
	}
	*len = event_first_len(*buf, *len);
	return stamp_serial(s, n);
}

static void note_thread(pid_t tid)
{
	struct thread *t = thread_get(tid, 0);
	char *buf;
	size_t len;

	if (t)
		return;
	t = thread_get(tid, 1);
	if (t) {
		t->serial = newest(tid, &buf, &len);
		free(buf);
	}
}

static void syscall_exit(pid_t tid, FILE *out, enum out_mode mode)
{
	struct __ptrace_syscall_info info;
	struct thread *t;
	unsigned long long serial;
	char *buf;
	size_t len;

	memset(&info, 0, sizeof(info));
	if (ptrace(PTRACE_GET_SYSCALL_INFO, tid, sizeof(info), &info) <= 0)
		return;
	if (info.op != PTRACE_SYSCALL_INFO_EXIT || !info.exit.is_error)
		return;
	t = thread_get(tid, 1);
	if (!t)
		return;
	serial = newest(tid, &buf, &len);
	if (serial && serial != t->serial) {
		struct ev_meta m = { .source = "trace", .pid = -1, .tid = tid,
				     .ret = info.exit.rval };

		t->serial = serial;
		/* an unparsed record is written with why (1); -1: not at all */
		if (event_print(out, mode, buf, len, &m) < 0)
			fprintf(out, "[pid %d] a record auxerr cannot print: %s\n",
				tid, strerror(errno));
		fflush(out);
	}
	free(buf);
}

int cmd_trace(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "follow", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum out_mode mode = OUT_TEXT;
	const char *outname = NULL;
	int c, follow = 0, sync_pipe[2], err_pipe[2], status, rc = EX_FAIL;
	long options;
	FILE *out = stderr;
	pid_t child, tid;
	ssize_t r;

	getopt_reset();
	while ((c = getopt_long(argc, argv, "+fo:h", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			follow = 1;
			break;
		case 'o':
			outname = optarg;
			break;
		case 'j':
			mode = OUT_JSON;
			break;
		case 'h':
			fputs(trace_usage, stdout);
			return EX_OK;
		default:
			fputs(trace_usage, stderr);
			return EX_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "auxerr trace: no command given\n");
		fputs(trace_usage, stderr);
		return EX_USAGE;
	}
	if (outname) {
		out = fopen(outname, "we");
		if (!out) {
			fprintf(stderr, "auxerr trace: %s: %s\n", outname, strerror(errno));
			return EX_FAIL;
		}
	}
	if (pipe2(sync_pipe, O_CLOEXEC) || pipe2(err_pipe, O_CLOEXEC)) {
		perror("auxerr trace: pipe");
		return EX_FAIL;
	}
	child = fork();
	if (child < 0) {
		perror("auxerr trace: fork");
		return EX_FAIL;
	}
	if (!child) {
		char b;
		int e;

		close(sync_pipe[1]);
		close(err_pipe[0]);
		/* wait until the tracer has seized us */
		while (read(sync_pipe[0], &b, 1) < 0 && errno == EINTR)
			;
		execvp(argv[optind], argv + optind);
		e = errno;
		if (write(err_pipe[1], &e, sizeof(e)) < 0)
			_exit(EX_FAIL);
		_exit(e == ENOENT || e == ENOTDIR ? EX_NOTFOUND : EX_NOEXEC);
	}
	close(sync_pipe[0]);
	close(err_pipe[1]);
	options = PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL;
	if (follow)
		options |= PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK |
			   PTRACE_O_TRACECLONE;
	if (ptrace(PTRACE_SEIZE, child, 0, options) ||
	    ptrace(PTRACE_INTERRUPT, child, 0, 0)) {
		fprintf(stderr, "auxerr trace: cannot trace: %s\n", strerror(errno));
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
		return EX_FAIL;
	}
	note_thread(child);
	close(sync_pipe[1]);	/* the child may exec now */

	for (;;) {
		int sig, event;

		tid = waitpid(-1, &status, __WALL);
		if (tid < 0) {
			if (errno == EINTR)
				continue;
			break;	/* ECHILD: no tracee left */
		}
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			thread_del(tid);
			if (tid == child)
				rc = WIFEXITED(status) ? WEXITSTATUS(status) :
					128 + WTERMSIG(status);
			continue;
		}
		if (!WIFSTOPPED(status))
			continue;
		note_thread(tid);
		sig = WSTOPSIG(status);
		event = (unsigned)status >> 16;
		if (sig == (SIGTRAP | 0x80)) {
			syscall_exit(tid, out, mode);
			sig = 0;
		} else if (event == PTRACE_EVENT_STOP) {
			if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
			    sig == SIGTTOU) {
				/* group-stop: stay stopped until SIGCONT */
				ptrace(PTRACE_LISTEN, tid, 0, 0);
				continue;
			}
			sig = 0;
		} else if (event) {
			sig = 0;	/* fork, vfork, clone, exec events */
		}
		ptrace(PTRACE_SYSCALL, tid, 0, sig);
	}
	r = read(err_pipe[0], &c, sizeof(c));
	close(err_pipe[0]);
	if (r == sizeof(c))
		fprintf(stderr, "auxerr trace: %s: %s\n", argv[optind], strerror(c));
	if (out != stderr && fclose(out))
		return EX_FAIL;
	free(threads);
	return rc;
}
