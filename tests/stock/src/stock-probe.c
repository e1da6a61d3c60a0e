// SPDX-License-Identifier: GPL-2.0
/*
 * stock-probe: make one denied system call, then show what libauxerr
 * fetches for it (whichever backend answers: on a stock kernel, the BPF
 * backend).
 *
 *   stock-probe ACTION ARGS...
 *
 * Actions: open PATH, openw PATH (for writing), exec PATH, chown PATH UID,
 * fchmod PATH MODE (open PATH to read, then fchmod() of that descriptor to
 * the octal MODE), mkdir PATH, unlink PATH, rename FROM TO,
 * creat PATH (openat O_WRONLY|O_CREAT), linkat FROM TO,
 * kill PID SIG, tgkill PID SIG (tgkill(PID, PID, SIG)), llkill PID SIG
 * (kill() from a Landlock domain that scopes signals, ABI 6; "abi=" the
 * kernel's Landlock ABI, below 6 unsandboxed), llunlink PATH (unlink()
 * from a Landlock domain that allows removing no file), mmaplow ADDR (an anonymous
 * MAP_FIXED page at ADDR, e.g. below vm.mmap_min_addr), ping inet|inet6
 * (socket() of an ICMP echo socket: SOCK_DGRAM, IPPROTO_ICMP or
 * IPPROTO_ICMPV6), semop ID (semop() of +1 on semaphore 0 of the set ID,
 * IPC_NOWAIT), shmrm KEY (shmctl(IPC_RMID) of the segment KEY), connect
 * PATH (connect() of a unix stream socket to PATH, the address's length
 * up to PATH's NUL),
 * landlock DIR PATH (allow only reading beneath DIR, then open PATH for
 * reading and writing), seccomp NR ERRNO PATH (a filter failing syscall NR with ERRNO,
 * then open PATH), clear (clear, then get), flush PATH (open, then
 * get_last_audit_record(AUXERR_FLUSH) twice: prints "flush=ERRNO",
 * "serial=", "flushed=", "age_after=", "flush2=ERRNO", and nothing else),
 * hold PATH, holdw PATH (open it to read, to write; print "tid= serial=",
 * then wait to be killed), holdfchmod PATH MODE (the same after fchmod,
 * its descriptor open), holdwrite PATH TEXT (open PATH to write, write
 * TEXT, the descriptor left open), holdcreat PATH (open PATH with O_CREAT:
 * these two print "tid=" only, and the records stay unread),
 * perf kernel|cpu|user (perf_event_open() of a software counter: of this
 * process counting the kernel too, of CPU 0 for every process, of this
 * process in user space only), userns unshare|clone|clone3 (a new user
 * namespace),
 * holdkill PID SIG, holdping inet|inet6 (the
 * same after kill, after socket() of an ICMP echo socket),
 * llsandbox DIR PATH STALE, scsandbox PATH STALE (a sandbox that refuses
 * the iterator too: Landlock reading beneath /etc, /usr and DIR only, then
 * open PATH to write; a seccomp filter failing every openat with EPERM,
 * then open PATH; STALE 1: then a call failing with the same errno that
 * nothing notes; at the end "iterator=ERRNO", the sandbox's answer to
 * the iterator's open, and "abi=" for Landlock; STALE 2: FLUSH first,
 * "flush=ERRNO"),
 * ownraw TID SLOT (a hand-made OWN request: "reply=ERRNO"),
 * flushraw TID SERIAL (a hand-made request to the flush service:
 * "reply=ERRNO"), timedraw TID SERIAL (the same, and "ms=" the time to
 * its answer), lastraw ENV PIDFD_TID TID (a hand-made LAST request:
 * "reply=ERRNO", or "open=ERRNO" when ENV does not open), badraw (a
 * request with no known magic: "reply=ERRNO"), selfraw PATH (this
 * thread's own FLUSH and OWN requests, held and not: see selfraw()),
 * lenraw N (a FLUSH request of this thread padded or cut to N bytes:
 * "reply=ERRNO"), idle N SECS (N connections to the service that
 * ask nothing, for SECS seconds: see idle()), stopped PATH (a seccomp sandbox refuses the iterator, the
 * open of PATH is refused; "strerror=", "strerror_ms=": auxerr_strerror()
 * asks the service, which the test has stopped); in these ERRNO is the
 * errno's name (EPERM), or 0; timedflush PATH (open, then one
 * get_last_audit_record(AUXERR_FLUSH): "flush=ERRNO flush_ms=MS"),
 * wantraw [wait] (a WANT request: "reply=ERRNO", its first answer, or with
 * wait each answer until the final one), waitfresh PATH (open PATH,
 * print "serial=", then at each SIGUSR1 "fresh=yes|no age=N": the
 * freshness rule's verdict on that record, with AUXERR_MAX_AGE as set).
 * execafter PATH UID PROG ARGS... (open PATH to write, print "errno=N"
 * and "before=MECHANISM" (the record the thread then holds, "none"),
 * then, UID not -1, setresgid() and setresuid() to UID, and execve()
 * PROG), fusestall MOUNTPOINT (as root: see fusestall()), stopthread
 * TID SECS (as root: see stopthread()), records
 * (what the thread finds after such an execve:
 * "iterator_bytes=N", the bytes its read of the records iterator gave,
 * and "record=none errno=N" or the event text of get_last_audit_record()).
 * Output: "errno=N", then "fresh=SLOT" (the record libauxerr takes for
 * that errno, -1 none), "age=N",
 * "strerror=..." (auxerr_strerror()), the event text of
 * get_last_audit_record(), then "explain=..." (auxerr_explain()), "remedy="
 * and "remedy_who=" (auxerr_record_remedy()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <linux/fuse.h>
#include <linux/perf_event.h>
#include <linux/sched.h>

#include <auxerr.h>

static int landlock(const char *dir)
{
	struct landlock_ruleset_attr ra = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE |
				     LANDLOCK_ACCESS_FS_WRITE_FILE,
	};
	struct landlock_path_beneath_attr pb = {
		.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	int rs = (int)syscall(SYS_landlock_create_ruleset, &ra, sizeof(ra), 0);

	if (rs < 0)
		return -1;
	/* the backend's iterator stays readable: the sandboxed thread
	 * reads its records from it (docs/bpf-backend.md) */
	pb.parent_fd = open("/sys/fs/bpf/auxerr", O_PATH | O_CLOEXEC);
	if (pb.parent_fd < 0 ||
	    syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0))
		return -1;
	close(pb.parent_fd);
	pb.parent_fd = open(dir, O_PATH | O_CLOEXEC);
	if (pb.parent_fd < 0 ||
	    syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_landlock_restrict_self, rs, 0))
		return -1;
	close(pb.parent_fd);
	close(rs);
	return 0;
}

static int seccomp(int nr, int err)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (unsigned)err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 4, .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/*
 * A sandbox that refuses the backend's iterator, so that libauxerr asks
 * the service (request OWN): Landlock reading only beneath /etc, /usr and
 * DIR (the explanation reads /etc/passwd) and writing nowhere, with the
 * scopes of Landlock ABI 6 (abstract unix sockets, signals) when the
 * kernel has them; or a seccomp filter failing every openat with EPERM.
 * Prints "abi=N" for Landlock (after the denial, at the end).
 */
static int ll_abi;

static int landlock_strict(const char *dir)
{
	struct {	/* struct landlock_ruleset_attr of ABI 6 */
		__u64 handled_access_fs, handled_access_net, scoped;
	} ra = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE |
				     LANDLOCK_ACCESS_FS_WRITE_FILE,
	};
	struct landlock_path_beneath_attr pb = {
		.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	const char *dirs[] = { "/etc", "/usr", dir };
	size_t size = sizeof(ra.handled_access_fs);
	int rs;

	ll_abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0,
			      LANDLOCK_CREATE_RULESET_VERSION);
	if (ll_abi >= 6) {
		ra.scoped = 0x1 | 0x2;	/* ABSTRACT_UNIX_SOCKET, SIGNAL */
		size = sizeof(ra);
	}
	rs = (int)syscall(SYS_landlock_create_ruleset, &ra, size, 0);
	if (rs < 0)
		return -1;
	for (int i = 0; i < 3; i++) {
		pb.parent_fd = open(dirs[i], O_PATH | O_CLOEXEC);
		if (pb.parent_fd < 0 ||
		    syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0))
			return -1;
		close(pb.parent_fd);
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_landlock_restrict_self, rs, 0))
		return -1;
	close(rs);
	return 0;
}

/*
 * A Landlock domain that handles no file access and scopes signals
 * (LANDLOCK_SCOPE_SIGNAL, ABI 6): a signal to a process outside it is
 * refused (EPERM), its records stay readable.  A kernel with an older ABI
 * has no such scope: nothing is restricted.  ll_abi is set.
 */
static int landlock_signal_scope(void)
{
	struct {	/* struct landlock_ruleset_attr of ABI 6 */
		__u64 handled_access_fs, handled_access_net, scoped;
	} ra = { .scoped = 0x2 };	/* LANDLOCK_SCOPE_SIGNAL */
	int rs;

	ll_abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0,
			      LANDLOCK_CREATE_RULESET_VERSION);
	if (ll_abi < 6)
		return 0;
	rs = (int)syscall(SYS_landlock_create_ruleset, &ra, sizeof(ra), 0);
	if (rs < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_landlock_restrict_self, rs, 0))
		return -1;
	close(rs);
	return 0;
}

/* the follow-up of the stale trap: a call that fails with @err and that
 * this backend notes nothing for (t-stale's eacces and eperm; execve() of
 * a directory, t-stale's own, is noted since filetype) */
static void stale_call(int err)
{
	if (err == EACCES) {
		int p[2];

		/* a mapping of a descriptor not open for reading (a pipe's
		 * write end): do_mmap()'s own check */
		if (pipe(p) == 0)
			mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, p[1], 0);
	} else {
		setpgid(0, 999999);	/* no such group: no capability asked */
	}
}

/* the service's answer as the errno's name ("EPERM"), or "0" */
static void put_reply(const char *what, int reply)
{
	const char *name = reply > 0 ? strerrorname_np(reply) : NULL;

	if (name)
		printf("%s=%s\n", what, name);
	else
		printf("%s=%d\n", what, reply);
}

/* send the request @req of @len bytes to the service (bpf/auxerr.h
 * AUXB_FLUSH_SOCK) and receive its answer into @ans: the answer's
 * length, or -1 (perror @who) when it could not be asked or the answer
 * is shorter than the __s32 reply */
static ssize_t ask(const char *who, const void *req, size_t len, char *ans,
		   size_t alen)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX,
				  .sun_path = "/run/auxerr/flush" };
	int s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	ssize_t n = -1;

	if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    send(s, req, len, 0) != (ssize_t)len ||
	    (n = recv(s, ans, alen, 0)) < 4) {
		perror(who);
		n = -1;
	}
	if (s >= 0)
		close(s);
	return n;
}

/* the reply of an answer from ask(), -1 if there was none */
static int reply_of(const char *ans, ssize_t n)
{
	int reply;

	if (n < 4)
		return -1;
	memcpy(&reply, ans, sizeof(reply));
	return reply;
}

/* a hand-made OWN request (bpf/auxerr.h): TID and SLOT; returns the
 * service's reply, -1 if it could not be asked; the answer's header line
 * ("#slot=N serial= ...") into @hdr */
static int own_req(unsigned tid, unsigned slot, char *hdr, size_t hlen)
{
	struct { unsigned magic, tid, slot, pad; } req = { 0x4155584f, tid, slot, 0 };
	static char ans[4 + 256 + 16384 + 1];
	ssize_t n = ask("ownraw", &req, sizeof(req), ans, sizeof(ans) - 1);

	hdr[0] = '\0';
	if (n > 4) {
		ans[n] = '\0';
		snprintf(hdr, hlen, "%.*s", (int)strcspn(ans + 4, "\n"), ans + 4);
	}
	return reply_of(ans, n);
}

/* ownraw TID SLOT: "reply=ERRNO" (the errno's name) */
static int ownraw(unsigned tid, unsigned slot)
{
	char hdr[256];
	int reply = own_req(tid, slot, hdr, sizeof(hdr));

	if (reply < 0)
		return 2;
	put_reply("reply", reply);
	return 0;
}

/* what libauxerr sends the flush service (bpf/auxerr.h), made by hand:
 * any tid and serial, to show the service believes neither; returns the
 * reply, -1 if the service could not be asked */
static int flush_req(unsigned tid, unsigned long long serial)
{
	struct { unsigned magic, tid; unsigned long long serial; } req = {
		0x41555846, tid, serial };
	char ans[4];

	return reply_of(ans, ask("flushraw", &req, sizeof(req), ans, sizeof(ans)));
}

/* flushraw TID SERIAL: "reply=ERRNO" (the errno's name) */
static int flushraw(unsigned tid, unsigned long long serial)
{
	int reply = flush_req(tid, serial);

	if (reply < 0)
		return 2;
	put_reply("reply", reply);
	return 0;
}

/* timedraw TID SERIAL: flushraw, and "ms=" how long the service took to
 * answer it (from the connect to the answer: the process's own start
 * left out) */
static long long now_ms(void);

static int timedraw(unsigned tid, unsigned long long serial)
{
	long long t0 = now_ms();
	int reply = flush_req(tid, serial);

	if (reply < 0)
		return 2;
	put_reply("reply", reply);
	printf("ms=%lld\n", now_ms() - t0);
	return 0;
}

/* badraw: a request of OWN's size with no known magic: "reply=ERRNO" */
static int badraw(void)
{
	struct { unsigned magic, tid, slot, pad; } req = {
		0x41555858 /* "AUXX" */, (unsigned)syscall(SYS_gettid), 0, 0 };
	char ans[4];
	int reply = reply_of(ans, ask("badraw", &req, sizeof(req), ans, sizeof(ans)));

	if (reply < 0)
		return 2;
	put_reply("reply", reply);
	return 0;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* lenraw N: this thread's FLUSH request (serial 1) as N bytes, cut or
 * padded with zeros: "reply=ERRNO" */
static int lenraw(size_t n)
{
	struct { unsigned magic, tid; unsigned long long serial; } req = {
		0x41555846, (unsigned)syscall(SYS_gettid), 1 };
	char *msg = calloc(1, n + 1), ans[4];
	int big = (int)n + 4096, reply;
	struct sockaddr_un sa = { .sun_family = AF_UNIX,
				  .sun_path = "/run/auxerr/flush" };
	int s = socket(AF_UNIX, SOCK_SEQPACKET, 0);

	if (!msg || s < 0)
		return 2;
	memcpy(msg, &req, n < sizeof(req) ? n : sizeof(req));
	/* room for a message longer than the default send buffer's */
	setsockopt(s, SOL_SOCKET, SO_SNDBUFFORCE, &big, sizeof(big));
	setsockopt(s, SOL_SOCKET, SO_SNDBUF, &big, sizeof(big));
	if (connect(s, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    send(s, msg, n, 0) != (ssize_t)n || recv(s, ans, sizeof(ans), 0) != 4) {
		perror("lenraw");
		return 2;
	}
	memcpy(&reply, ans, sizeof(reply));
	put_reply("reply", reply);
	close(s);
	free(msg);
	return 0;
}

/*
 * idle N SECS: N connections to the service that ask nothing, for SECS
 * seconds: each one the service closes is replaced at once, so that this
 * user always holds about N idle connections.  Prints "held=H refused=R"
 * after the first N (R: those the service answered at once instead of
 * keeping them, the answer as "refused_reply=ERRNO"), then at the end
 * "closed=C answered=A closed_min_ms= closed_max_ms=": how many the
 * service closed without an answer, or answered, and the least and most
 * time from a connect to its close.
 */
static int idle(int n, int secs)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX,
				  .sun_path = "/run/auxerr/flush" };
	struct pollfd *p = calloc((size_t)n, sizeof(*p));
	long long *since = calloc((size_t)n, sizeof(*since)), end, lo = -1, hi = -1;
	int h = 0, refused = 0, reply = 0, closed = 0, answered = 0;

	if (!p || !since)
		return 2;
	for (int i = 0; i < n; i++) {
		p[i].fd = socket(AF_UNIX, SOCK_SEQPACKET, 0);
		p[i].events = POLLIN;
		since[i] = now_ms();
		if (p[i].fd < 0 || connect(p[i].fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
			perror("idle");
			return 2;
		}
	}
	/* a refusal is an answer at once; a held connection stays silent */
	usleep(300000);
	for (int i = 0; i < n; i++) {
		struct pollfd q = { .fd = p[i].fd, .events = POLLIN };
		int r;

		if (poll(&q, 1, 0) == 1 && recv(p[i].fd, &r, sizeof(r), 0) == sizeof(r)) {
			refused++;
			reply = r;
			close(p[i].fd);
			p[i].fd = -1;
		} else {
			h++;
		}
	}
	printf("held=%d refused=%d\n", h, refused);
	put_reply("refused_reply", reply);
	fflush(stdout);
	end = now_ms() + secs * 1000LL;
	while (now_ms() < end) {
		int k = poll(p, (nfds_t)n, (int)(end - now_ms()));

		for (int i = 0; k > 0 && i < n; i++) {
			long long t;
			int r;

			if (p[i].fd < 0 || !p[i].revents)
				continue;
			t = now_ms() - since[i];
			if (recv(p[i].fd, &r, sizeof(r), MSG_DONTWAIT) > 0)
				answered++;
			else
				closed++;
			lo = lo < 0 || t < lo ? t : lo;
			hi = t > hi ? t : hi;
			close(p[i].fd);
			p[i].fd = socket(AF_UNIX, SOCK_SEQPACKET, 0);
			since[i] = now_ms();
			if (p[i].fd >= 0 &&
			    connect(p[i].fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
				close(p[i].fd);
				p[i].fd = -1;
			}
		}
	}
	printf("closed=%d answered=%d closed_min_ms=%lld closed_max_ms=%lld\n",
	       closed, answered, lo, hi);
	return 0;
}

/* wantraw [wait]: a WANT request (bpf/auxerr.h): "reply=ERRNO", its
 * first answer; with wait, every answer until the one that is not
 * EINPROGRESS (the service is still attaching) */
static int wantraw(int wait)
{
	struct { unsigned magic, pad; } req = { 0x41555857, 0 };
	struct sockaddr_un sa = { .sun_family = AF_UNIX,
				  .sun_path = "/run/auxerr/flush" };
	int s = socket(AF_UNIX, SOCK_SEQPACKET, 0), reply;
	char ans[4];

	if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    send(s, &req, sizeof(req), 0) != (ssize_t)sizeof(req)) {
		perror("wantraw");
		return 2;
	}
	do {
		if (recv(s, ans, sizeof(ans), 0) != (ssize_t)sizeof(ans)) {
			perror("wantraw");
			return 2;
		}
		reply = reply_of(ans, sizeof(ans));
		put_reply("reply", reply);
	} while (wait && reply == EINPROGRESS);
	close(s);
	return 0;
}

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1 = 1;
}

/* waitfresh PATH: see the top */
static int waitfresh(const char *path)
{
	struct auxerr_state st;
	struct sigaction sa = { .sa_handler = on_usr1 };
	int r, e;

	sigaction(SIGUSR1, &sa, NULL);
	r = open(path, O_RDONLY);
	e = r < 0 ? errno : 0;
	errno = e;
	auxerr_state_save(&st);
	printf("serial=%llu\n", st.serial);
	fflush(stdout);
	for (;;) {
		while (!usr1)
			pause();
		usr1 = 0;
		errno = e;
		auxerr_state_save(&st);
		printf("fresh=%s age=%d\n", st.serial ? "yes" : "no",
		       st.serial ? (int)st.age : -1);
		fflush(stdout);
	}
	return 0;
}

/* prctl(PR_AUXERR, HOLD / RELEASE): the markers libauxerr wraps its own
 * requests in (bpf/auxerr.h AUXB_PR_HOLD); a stock kernel answers EINVAL */
static void mark(unsigned long op)
{
	syscall(SYS_prctl, 0x41555845ul, op, 0ul, 0ul, 0ul);
}

/*
 * selfraw PATH: the service's answers to this very thread's own requests
 * (bpf/serve.c flush() and own(), after peer_thread() accepted the
 * thread): open PATH (denied: a record), then FLUSH of a serial it does
 * not have, FLUSH and OWN while not held, OWN held (slot 0 and one past
 * the deepest ring), FLUSH held, and that FLUSH again.  Prints
 * "errno=", "serial=" (the record's, from the iterator), then each reply
 * by the errno's name, and "own_held_hdr=" (OWN's header line).
 */
static int selfraw(const char *path)
{
	unsigned tid = (unsigned)syscall(SYS_gettid);
	int e, r[7];
	unsigned long long serial;
	struct auxerr_record *rec;
	char hdr[256];

	e = open(path, O_RDONLY) < 0 ? errno : 0;
	rec = auxerr_record_fetch(0);
	serial = rec ? auxerr_record_serial(rec) : 0;
	auxerr_record_free(rec);
	r[0] = flush_req(tid, ~0ull);
	r[1] = flush_req(tid, serial);
	r[2] = own_req(tid, 0, hdr, sizeof(hdr));
	mark(0x484f4c44ul);	/* HOLD */
	r[3] = own_req(tid, 0, hdr, sizeof(hdr));
	{
		char beyond[256];

		r[4] = own_req(tid, 16 /* AUXB_DEPTH_MAX */, beyond, sizeof(beyond));
	}
	r[5] = flush_req(tid, serial);
	r[6] = flush_req(tid, serial);
	mark(0x52454c53ul);	/* RELEASE */
	printf("errno=%d\nserial=%llu\n", e, serial);
	put_reply("flush_unknown_serial", r[0]);
	put_reply("flush_not_held", r[1]);
	put_reply("own_not_held", r[2]);
	put_reply("own_held", r[3]);
	printf("own_held_hdr=%s\n", r[3] == 0 ? hdr : "");
	put_reply("own_beyond_depth", r[4]);
	put_reply("flush_held", r[5]);
	put_reply("flush_again", r[6]);
	return 0;
}

/* a hand-made LAST request (bpf/auxerr.h): the descriptor of ENV, a
 * pidfd of PIDFD_TID, and TID in the request; prints "reply=ERRNO" */
static int lastraw(const char *env, int pidfd_tid, unsigned tid)
{
	struct { unsigned magic, tid; } req = { 0x4155584c, tid };
	struct sockaddr_un sa = { .sun_family = AF_UNIX,
				  .sun_path = "/run/auxerr/flush" };
	union {
		char buf[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr align;
	} cm;
	struct iovec iov = { .iov_base = &req, .iov_len = sizeof(req) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cm.buf, .msg_controllen = sizeof(cm.buf) };
	static char ans[4 + (1 << 17)];
	struct cmsghdr *h;
	int fds[2], reply, s;

	fds[0] = open(env, O_RDONLY);
	if (fds[0] < 0) {
		put_reply("open", errno);
		return 0;
	}
	fds[1] = (int)syscall(SYS_pidfd_open, pidfd_tid, O_EXCL /* PIDFD_THREAD */);
	if (fds[1] < 0 && errno == EINVAL)	/* before 6.9: a leader's */
		fds[1] = (int)syscall(SYS_pidfd_open, pidfd_tid, 0);
	memset(&cm, 0, sizeof(cm));
	h = CMSG_FIRSTHDR(&mh);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(h), fds, sizeof(fds));
	s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	if (fds[1] < 0 || s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    sendmsg(s, &mh, 0) != sizeof(req) || recv(s, ans, sizeof(ans), 0) < 4) {
		perror("lastraw");
		return 2;
	}
	memcpy(&reply, ans, sizeof(reply));
	put_reply("reply", reply);
	return 0;
}

static int flush(const char *path)
{
	static char text[16384];
	struct auxerr_record *rec;
	struct auxerr_state st;
	int r = open(path, O_RDONLY), e = r < 0 ? errno : 0, f, f2;

	errno = e;
	f = get_last_audit_record(text, sizeof(text), AUXERR_FLUSH) < 0 ? errno : 0;
	/* the flush did not age the record (before anything allocates) */
	errno = e;
	auxerr_state_save(&st);
	rec = auxerr_record_fetch(0);
	f2 = get_last_audit_record(text, sizeof(text), AUXERR_FLUSH) < 0 ? errno : 0;
	printf("errno=%d\nflush=%d\n", e, f);
	printf("serial=%llu\nflushed=%s\n", rec ? auxerr_record_serial(rec) : 0,
	       rec && auxerr_record_is_flushed(rec) ? "yes" : "no");
	printf("age_after=%d\nflush2=%d\n", st.serial ? (int)st.age : -1, f2);
	auxerr_record_free(rec);
	return 0;
}

/* flushthread PATH: flush PATH's denial from a second thread, one that is
 * not the process's first (the service needs that thread's own pidfd) */
static void *flush_thread(void *path)
{
	flush(path);
	return NULL;
}

static int flushthread(const char *path)
{
	pthread_t t;

	if (pthread_create(&t, NULL, flush_thread, (void *)path))
		return 2;
	pthread_join(t, NULL);
	return 0;
}

/* after the denial: print "tid= serial=" and wait to be killed */
static int hold_record(void)
{
	struct auxerr_record *rec;

	rec = auxerr_record_fetch(0);
	printf("tid=%ld serial=%llu\n", (long)syscall(SYS_gettid),
	       rec ? auxerr_record_serial(rec) : 0);
	fflush(stdout);
	for (;;)
		pause();
	return 0;
}

/* print "tid=", then wait to be killed, the records unread: the
 * service, not the iterator, is then the first to render them */
static int hold_unread(void)
{
	printf("tid=%ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	for (;;)
		pause();
	return 0;
}

static int hold(const char *path, int flags)
{
	int r = open(path, flags);

	(void)r;
	return hold_record();
}

/* reply to FUSE request @unique: @err (negative) or @len bytes of @body */
static void fuse_reply(int fd, uint64_t unique, int err, const void *body, size_t len)
{
	char buf[sizeof(struct fuse_out_header) + 256];
	struct fuse_out_header *h = (void *)buf;

	if (err || len > 256)
		len = 0;
	h->len = (uint32_t)(sizeof(*h) + len);
	h->error = err;
	h->unique = unique;
	if (len)
		memcpy(buf + sizeof(*h), body, len);
	if (write(fd, buf, h->len) < 0)
		perror("fusestall: write");
}

static void fuse_file_attr(struct fuse_attr *a, uint64_t ino)
{
	memset(a, 0, sizeof(*a));
	a->ino = ino;
	a->mode = ino == 1 ? S_IFDIR | 0755 : S_IFREG | 0644;
	a->nlink = ino == 1 ? 2 : 1;
	a->size = ino == 1 ? 0 : 4096;
}

/*
 * fusestall MOUNTPOINT (root): a FUSE file system whose one file, f,
 * opens, and then never answers a request about it (its attributes are
 * never cached: every stat() asks): a stat() of an open f waits for as
 * long as this process lives.  Prints "ready" once mounted; serves until
 * killed, which aborts the waiting requests.
 */
static int fusestall(const char *mnt)
{
	static char req[FUSE_MIN_READ_BUFFER + 65536];
	char opts[128];
	int fd = open("/dev/fuse", O_RDWR), opened = 0;

	if (fd < 0) {
		perror("fusestall: /dev/fuse");
		return 2;
	}
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fd);
	if (mount("auxerr-stall", mnt, "fuse", MS_NOSUID | MS_NODEV, opts) < 0) {
		perror("fusestall: mount");
		return 2;
	}
	printf("ready\n");
	fflush(stdout);
	for (;;) {
		ssize_t n = read(fd, req, sizeof(req));
		struct fuse_in_header *in = (void *)req;

		if (n < 0 && (errno == EINTR || errno == ENOENT))
			continue;
		if (n < (ssize_t)sizeof(*in))
			return 0;	/* unmounted */
		if (in->opcode == FUSE_INIT) {
			struct fuse_init_out o;

			memset(&o, 0, sizeof(o));
			o.major = FUSE_KERNEL_VERSION;
			o.minor = FUSE_KERNEL_MINOR_VERSION;
			o.max_write = 4096;
			o.max_readahead = 4096;
			fuse_reply(fd, in->unique, 0, &o, sizeof(o));
		} else if (in->opcode == FUSE_LOOKUP && !strcmp(req + sizeof(*in), "f")) {
			struct fuse_entry_out o;

			memset(&o, 0, sizeof(o));
			o.nodeid = 2;
			o.generation = 1;
			fuse_file_attr(&o.attr, 2);
			fuse_reply(fd, in->unique, 0, &o, sizeof(o));
		} else if (in->opcode == FUSE_GETATTR && (in->nodeid == 1 || !opened)) {
			struct fuse_attr_out o;

			memset(&o, 0, sizeof(o));
			fuse_file_attr(&o.attr, in->nodeid);
			fuse_reply(fd, in->unique, 0, &o, sizeof(o));
		} else if (in->opcode == FUSE_GETATTR) {
			continue;	/* f is open: never answered */
		} else if (in->opcode == FUSE_OPEN) {
			struct fuse_open_out o = { .fh = 1 };

			opened = 1;
			fuse_reply(fd, in->unique, 0, &o, sizeof(o));
		} else if (in->opcode == FUSE_LOOKUP) {
			fuse_reply(fd, in->unique, -ENOENT, NULL, 0);
		} else if (in->opcode == FUSE_FORGET || in->opcode == FUSE_BATCH_FORGET) {
			continue;	/* no reply */
		} else {
			fuse_reply(fd, in->unique, -ENOSYS, NULL, 0);
		}
	}
}

/* execafter PATH UID PROG ARGS...: a refused open, then execve() */
/*
 * stopthread TID SECS: stop the one thread TID (a ptrace stop: SIGSTOP
 * would stop its whole process) for SECS seconds, then let it go on;
 * prints "stopped=TID" once it is stopped and "resumed=TID" after.  As
 * root: the test's way of making one thread of the flush service slow.
 */
static int stopthread(int tid, int secs)
{
	int st;

	if (ptrace(PTRACE_SEIZE, tid, NULL, NULL) ||
	    ptrace(PTRACE_INTERRUPT, tid, NULL, NULL) ||
	    waitpid(tid, &st, __WALL) != tid) {
		perror("stopthread");
		return 1;
	}
	printf("stopped=%d\n", tid);
	fflush(stdout);
	sleep((unsigned)secs);
	if (ptrace(PTRACE_DETACH, tid, NULL, NULL)) {
		perror("stopthread: detach");
		return 1;
	}
	printf("resumed=%d\n", tid);
	return 0;
}

static int execafter(char **argv)
{
	struct auxerr_record *rec;
	int r = open(argv[2], O_WRONLY), e = r < 0 ? errno : 0;
	uid_t uid = (uid_t)atoi(argv[3]);

	rec = auxerr_record_fetch(0);
	printf("errno=%d\nbefore=%s\n", e, rec ? auxerr_record_mechanism(rec) : "none");
	fflush(stdout);
	auxerr_record_free(rec);
	if (atoi(argv[3]) != -1 &&
	    (setresgid(uid, uid, uid) < 0 || setresuid(uid, uid, uid) < 0)) {
		perror("setresuid");
		return 2;
	}
	execv(argv[4], argv + 4);
	perror("execv");
	return 2;
}

/* records: what this thread finds right after its execve() */
static int records(void)
{
	static char text[16384];
	char buf[4096];
	ssize_t n, total = 0;
	int fd = open("/sys/fs/bpf/auxerr/records", O_RDONLY);

	while (fd >= 0 && (n = read(fd, buf, sizeof(buf))) > 0)
		total += n;
	if (fd >= 0)
		close(fd);
	printf("iterator_bytes=%zd\n", fd < 0 ? (ssize_t)-1 : total);
	n = get_last_audit_record(text, sizeof(text), 0);
	if (n < 0)
		printf("record=none errno=%d\n", errno);
	else
		fputs(text, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	static char text[16384];
	const char *a = argc > 1 ? argv[1] : "";
	int r = -1, e, sandbox = 0, stale = 0, flushed = -1;
	struct auxerr_state st;
	struct auxerr_record *rec;

	if (!strcmp(a, "flush") && argc == 3)
		return flush(argv[2]);
	if (!strcmp(a, "flushthread") && argc == 3)
		return flushthread(argv[2]);
	if (!strcmp(a, "hold") && argc == 3)
		return hold(argv[2], O_RDONLY);
	if (!strcmp(a, "fusestall") && argc == 3)
		return fusestall(argv[2]);
	if (!strcmp(a, "holdfchmod") && argc == 4) {
		int fd = open(argv[2], O_RDONLY);

		if (fd >= 0 && fchmod(fd, (mode_t)strtoul(argv[3], NULL, 8)) == 0)
			fprintf(stderr, "holdfchmod: allowed\n");
		return hold_record();	/* the descriptor stays open */
	}
	if (!strcmp(a, "holdw") && argc == 3)
		return hold(argv[2], O_WRONLY);
	if (!strcmp(a, "holdwrite") && argc == 4) {
		int fd = open(argv[2], O_WRONLY);

		if (fd < 0)
			perror("holdwrite: open");
		else if (write(fd, argv[3], strlen(argv[3])) >= 0)
			fprintf(stderr, "holdwrite: allowed\n");
		return hold_unread();	/* the descriptor stays open */
	}
	if (!strcmp(a, "holdcreat") && argc == 3) {
		if (open(argv[2], O_WRONLY | O_CREAT, 0644) >= 0)
			fprintf(stderr, "holdcreat: allowed\n");
		return hold_unread();
	}
	if (!strcmp(a, "holdkill") && argc == 4) {
		r = (int)syscall(SYS_kill, atoi(argv[2]), atoi(argv[3]));
		return hold_record();
	}
	if (!strcmp(a, "holdping") && argc == 3) {
		int v6 = !strcmp(argv[2], "inet6");

		r = (int)syscall(SYS_socket, v6 ? AF_INET6 : AF_INET, SOCK_DGRAM,
				 v6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP);
		return hold_record();
	}
	if (!strcmp(a, "lastraw") && argc == 5)
		return lastraw(argv[2], atoi(argv[3]), (unsigned)atoi(argv[4]));
	if (!strcmp(a, "ownraw") && argc == 4)
		return ownraw((unsigned)atoi(argv[2]), (unsigned)atoi(argv[3]));
	if (!strcmp(a, "flushraw") && argc == 4)
		return flushraw((unsigned)atoi(argv[2]), strtoull(argv[3], NULL, 10));
	if (!strcmp(a, "timedraw") && argc == 4)
		return timedraw((unsigned)atoi(argv[2]), strtoull(argv[3], NULL, 10));
	if (!strcmp(a, "badraw") && argc == 2)
		return badraw();
	if (!strcmp(a, "selfraw") && argc == 3)
		return selfraw(argv[2]);
	if (!strcmp(a, "lenraw") && argc == 3)
		return lenraw((size_t)atol(argv[2]));
	if (!strcmp(a, "timedflush") && argc == 3) {
		static char text[16384];
		long long t0;
		int f;

		r = open(argv[2], O_RDONLY);
		t0 = now_ms();
		f = get_last_audit_record(text, sizeof(text), AUXERR_FLUSH) < 0 ? errno : 0;
		t0 = now_ms() - t0;
		put_reply("flush", f);
		printf("flush_ms=%lld\n", t0);
		return 0;
	}
	if (!strcmp(a, "wantraw") && (argc == 2 || (argc == 3 && !strcmp(argv[2], "wait"))))
		return wantraw(argc == 3);
	if (!strcmp(a, "waitfresh") && argc == 3)
		return waitfresh(argv[2]);
	if (!strcmp(a, "idle") && argc == 4)
		return idle(atoi(argv[2]), atoi(argv[3]));
	if (!strcmp(a, "stopped") && argc == 3) {
		long long t0;
		const char *m;

		if (seccomp(257, EPERM)) {
			perror("seccomp");
			return 2;
		}
		r = open(argv[2], O_RDONLY);
		e = errno;
		t0 = now_ms();
		m = auxerr_strerror(e);
		t0 = now_ms() - t0;
		printf("errno=%d\nstrerror=%s\nstrerror_ms=%lld\n", r < 0 ? e : 0, m, t0);
		return 0;
	}
	if (!strcmp(a, "execafter") && argc >= 5)
		return execafter(argv);
	if (!strcmp(a, "records") && argc == 2)
		return records();
	if (!strcmp(a, "stopthread") && argc == 4)
		return stopthread(atoi(argv[2]), atoi(argv[3]));
	if (!strcmp(a, "open") && argc == 3) {
		r = open(argv[2], O_RDONLY);
	} else if (!strcmp(a, "openw") && argc == 3) {
		r = open(argv[2], O_WRONLY);
	} else if (!strcmp(a, "exec") && argc == 3) {
		char *const av[] = { argv[2], NULL };
		r = execv(argv[2], av);
	} else if (!strcmp(a, "chown") && argc == 4) {
		r = chown(argv[2], (uid_t)atoi(argv[3]), (gid_t)-1);
	} else if (!strcmp(a, "fchmod") && argc == 4) {
		/* a call on a descriptor, which stays open */
		int fd = open(argv[2], O_RDONLY);

		r = fd < 0 ? fd : fchmod(fd, (mode_t)strtoul(argv[3], NULL, 8));
	} else if (!strcmp(a, "mkdir") && argc == 3) {
		r = mkdir(argv[2], 0755);
	} else if (!strcmp(a, "landlock") && argc == 4) {
		if (landlock(argv[2])) {
			perror("landlock");
			return 2;
		}
		r = open(argv[3], O_RDWR);
	} else if (!strcmp(a, "seccomp") && argc == 5) {
		if (seccomp(atoi(argv[2]), atoi(argv[3]))) {
			perror("seccomp");
			return 2;
		}
		r = mkdir(argv[4], 0755);
	} else if (!strcmp(a, "llsandbox") && argc == 5) {
		/* llsandbox DIR PATH STALE */
		if (landlock_strict(argv[2])) {
			perror("landlock");
			return 2;
		}
		sandbox = 1;
		r = open(argv[3], O_RDWR);
		stale = atoi(argv[4]);
	} else if (!strcmp(a, "scsandbox") && argc == 4) {
		/* scsandbox PATH STALE: every openat fails with EPERM */
		if (seccomp(257, EPERM)) {
			perror("seccomp");
			return 2;
		}
		sandbox = 2;
		r = open(argv[2], O_RDONLY);
		stale = atoi(argv[3]);
	} else if (!strcmp(a, "creat") && argc == 3) {
		r = (int)syscall(SYS_openat, AT_FDCWD, argv[2], O_WRONLY | O_CREAT, 0644);
	} else if (!strcmp(a, "linkat") && argc == 4) {
		r = (int)syscall(SYS_linkat, AT_FDCWD, argv[2], AT_FDCWD, argv[3], 0);
	} else if (!strcmp(a, "rename") && argc == 4) {
		r = rename(argv[2], argv[3]);
	} else if (!strcmp(a, "unlink") && argc == 3) {
		r = unlink(argv[2]);
	} else if (!strcmp(a, "kill") && argc == 4) {
		r = (int)syscall(SYS_kill, atoi(argv[2]), atoi(argv[3]));
	} else if (!strcmp(a, "llkill") && argc == 4) {
		/* a Landlock domain that scopes signals (ABI 6), else none */
		if (landlock_signal_scope()) {
			perror("landlock");
			return 2;
		}
		printf("abi=%d\n", ll_abi);
		r = (int)syscall(SYS_kill, atoi(argv[2]), atoi(argv[3]));
	} else if (!strcmp(a, "llunlink") && argc == 3) {
		/* a Landlock domain that handles only the removal of files,
		 * and allows it nowhere: reading (the iterator) stays free */
		struct landlock_ruleset_attr ra = {
			.handled_access_fs = LANDLOCK_ACCESS_FS_REMOVE_FILE,
		};
		int rs = (int)syscall(SYS_landlock_create_ruleset, &ra, sizeof(ra), 0);

		if (rs < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    syscall(SYS_landlock_restrict_self, rs, 0)) {
			perror("landlock");
			return 2;
		}
		r = unlink(argv[2]);
	} else if (!strcmp(a, "mmaplow") && argc == 3) {
		/* MAP_FIXED: without it the kernel moves a hint below
		 * vm.mmap_min_addr up to it */
		void *m = mmap((void *)strtoul(argv[2], NULL, 0), 4096, PROT_READ,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

		r = m == MAP_FAILED ? -1 : 0;
	} else if (!strcmp(a, "tgkill") && argc == 4) {
		r = (int)syscall(SYS_tgkill, atoi(argv[2]), atoi(argv[2]), atoi(argv[3]));
	} else if (!strcmp(a, "ping") && argc == 3) {
		int v6 = !strcmp(argv[2], "inet6");

		r = (int)syscall(SYS_socket, v6 ? AF_INET6 : AF_INET, SOCK_DGRAM,
				 v6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP);
	} else if (!strcmp(a, "semop") && argc == 3) {
		/* glibc's semop() is semtimedop(): the system call itself */
		struct sembuf op = { .sem_num = 0, .sem_op = 1, .sem_flg = IPC_NOWAIT };

		r = (int)syscall(SYS_semop, atoi(argv[2]), &op, 1);
	} else if (!strcmp(a, "connect") && argc == 3) {
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);

		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", argv[2]);
		r = fd < 0 ? fd : connect(fd, (struct sockaddr *)&sa,
					  (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
						      strlen(sa.sun_path) + 1));
	} else if (!strcmp(a, "shmrm") && argc == 3) {
		int id = shmget((key_t)strtol(argv[2], NULL, 0), 0, 0);

		r = id < 0 ? id : shmctl(id, IPC_RMID, NULL);
	} else if (!strcmp(a, "perf") && argc == 3) {
		/* perf counters: "kernel" counts this process in the kernel
		 * too, "cpu" counts CPU 0 for every process, in user space
		 * only, "user" this process in user space only */
		struct perf_event_attr pa;
		int cpuwide = !strcmp(argv[2], "cpu");

		memset(&pa, 0, sizeof(pa));
		pa.size = sizeof(pa);
		pa.type = PERF_TYPE_SOFTWARE;
		pa.config = PERF_COUNT_SW_CPU_CLOCK;
		pa.disabled = 1;
		pa.exclude_kernel = strcmp(argv[2], "kernel") != 0;
		pa.exclude_hv = 1;
		r = (int)syscall(SYS_perf_event_open, &pa, cpuwide ? -1 : 0,
				 cpuwide ? 0 : -1, -1, 0);
	} else if (!strcmp(a, "userns") && argc == 3) {
		/* a new user namespace: by unshare, clone or clone3 (the
		 * child, if any, exits at once) */
		if (!strcmp(argv[2], "unshare")) {
			r = (int)syscall(SYS_unshare, CLONE_NEWUSER);
		} else if (!strcmp(argv[2], "clone")) {
			r = (int)syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, NULL, NULL, NULL, 0);
		} else {
			struct clone_args ca = { .flags = CLONE_NEWUSER, .exit_signal = SIGCHLD };

			r = (int)syscall(SYS_clone3, &ca, sizeof(ca));
		}
		if (r == 0 && strcmp(argv[2], "unshare"))
			_exit(0);
		if (r > 0)
			waitpid(r, NULL, 0);
	} else if (!strcmp(a, "ptrace") && argc == 3) {
		r = (int)ptrace(PTRACE_ATTACH, atoi(argv[2]), NULL, NULL);
	} else if (!strcmp(a, "clear") && argc == 3) {
		r = open(argv[2], O_RDONLY);
		e = errno;
		auxerr_clear();
		errno = e;
	} else {
		fprintf(stderr, "usage: stock-probe open PATH | openw PATH | exec PATH | chown PATH UID | mkdir PATH | unlink PATH | rename FROM TO | creat PATH | linkat FROM TO | kill PID SIG | llkill PID SIG | llunlink PATH | mmaplow ADDR | tgkill PID SIG | ping inet|inet6 | semop ID | shmrm KEY | connect PATH | holdkill PID SIG | holdping inet|inet6 | "
			"landlock DIR PATH | seccomp NR ERRNO PATH | llsandbox DIR PATH STALE | scsandbox PATH STALE | ownraw TID SLOT | ptrace PID | perf kernel|cpu|user | userns unshare|clone|clone3 | clear PATH | flush PATH | hold PATH | flushraw TID SERIAL | timedraw TID SERIAL | lastraw ENV PIDFD_TID TID | badraw | selfraw PATH | lenraw N | idle N SECS | stopped PATH | timedflush PATH | wantraw [wait] | waitfresh PATH | execafter PATH UID PROG ARGS... | fusestall MOUNTPOINT | records | flushthread PATH | stopthread TID SECS\n");
		return 2;
	}
	e = r < 0 ? errno : 0;
	if (stale == 2) {
		/* FLUSH from inside the sandbox (STALE 2): "flush=ERRNO" (printed
		 * after the freshness rule: the first printf ages a record),
		 * and the record is still fresh afterwards */
		errno = e;
		flushed = get_last_audit_record(text, sizeof(text), AUXERR_FLUSH) < 0 ?
			  errno : 0;
	} else if (stale && e) {
		stale_call(e);
	}
	errno = e;
	/* the freshness rule first: nothing may have aged the record */
	auxerr_state_save(&st);
	/* strerror before anything that may make a system call of its own;
	 * but under the seccomp sandbox its name lookups (/etc/group) are
	 * refused and noted, newer records: then the record first, and
	 * strerror last, as "strerror_late=" */
	int late = sandbox == 2 && stale != 1;
	const char *msg = late ? NULL : auxerr_strerror(e);
	printf("errno=%d\n", e);
	printf("fresh=%s\n", st.serial ? "yes" : "no");
	printf("age=%d\n", st.serial ? (int)st.age : -1);
	if (msg)
		printf("strerror=%s\n", msg);
	if (flushed >= 0)
		printf("flush=%d\n", flushed);
	errno = e;
	ssize_t n = get_last_audit_record(text, sizeof(text), 0);
	if (n < 0) {
		printf("record=none errno=%d\n", errno);
	} else {
		fputs(text, stdout);
	}
	rec = auxerr_record_fetch(0);
	if (rec) {
		struct auxerr_remedy *rem = auxerr_record_remedy(rec);

		printf("explain=%s\n", auxerr_explain(rec));
		if (rem)
			printf("remedy=%s\nremedy_who=%s\n", auxerr_remedy_text(rem),
			       auxerr_remedy_who(rem) ? auxerr_remedy_who(rem) : "-");
		auxerr_remedy_free(rem);
		auxerr_record_free(rec);
	}
	if (late)
		printf("strerror_late=%s\n", auxerr_strerror(e));
	if (sandbox) {
		/* the sandbox did refuse the iterator itself */
		int fd = open("/sys/fs/bpf/auxerr/records", O_RDONLY);

		printf("iterator=%d\n", fd < 0 ? errno : 0);
		if (sandbox == 1)
			printf("abi=%d\n", ll_abi);
	}
	return 0;
}
