// SPDX-License-Identifier: GPL-2.0
/*
 * auxerr-stress: many tasks denying, fetching and reading auxerr at once
 * (tests/guest/t-stress.sh runs it; make check-debug on the debug kernel).
 *
 *   auxerr-stress [-t SECONDS] [-j N] [-F] [-A] MODE ARGS...
 *
 * Each mode prints "PASS mode: figures" or "FAIL mode: what and the first
 * mismatch" lines and exits non-zero when a check failed.
 *
 *   threads FILE        N threads of one process deny (open FILE: EACCES,
 *                       dac; chown FILE: EPERM, cap) and check, each time,
 *                       that INFO and GET give that thread's own denial:
 *                       errno, syscall, mechanism, serial, age, text; no
 *                       partial copy on ERANGE; CLEAR, age, FLUSH once.
 *   forkstorm FILE      N processes fork children that must not inherit a
 *                       record, deny, then exit, exit while a thread
 *                       denies, or exec exec-check
 *   exec-check FILE     (exec'ed) no record survived the exec
 *   procread [--foreign]
 *                       N threads read every /proc/P/auxerr and
 *                       /proc/P/task/T/auxerr; as root all must be
 *                       readable and well formed; with --foreign (another
 *                       user) every other process's file must be refused
 *   depth               set kernel.auxerr.depth at random, 1..16, and
 *                       check that 0 and 17 are refused
 *   signal FILE         a SIGUSR1 handler that is itself denied: what the
 *                       handler and the interrupted code see, for the
 *                       current kernel.auxerr.depth; then signals sent at
 *                       random by another thread
 *   setuid COPY FILE    COPY is a set-user-ID-root copy of this program:
 *                       no record survives exec of it (from the main
 *                       thread and from another thread), and the invoking
 *                       user cannot read the records of the set-user-ID
 *                       process
 *   setuid-check, setuid-victim RFD HFD   (exec'ed through COPY)
 *
 * -A: audit is enabled, so some FLUSH of the threads mode must succeed
 * (and a second FLUSH of the same record give EALREADY).
 * -F: fault-injection run: t-stress.sh has set failslab to fail, at random,
 * the allocations made under auxerr's own functions (a stack trace filter
 * on kernel/auxerr's text). A record may then be missing or unrenderable
 * (ENOENT, an older record, ENOMEM), but the denied system call's own
 * errno must never change, and the kernel must stay sane. At least one
 * injected failure must have been seen, or the run proved nothing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/auxerr.h>

#define DEPTH_SYSCTL "/proc/sys/kernel/auxerr/depth"
#define MAX_JOBS 64

static int seconds = 5, jobs = 4, faulty, audit_on;
static double deadline;
static const char *prog = "auxerr-stress";
static pid_t my_pid;

/* ---- reporting: each line in one write, as several tasks share stdout */

static void say(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	if (write(1, line, n) < 0)
		_exit(3);
}

/* A check that counts its failures and remembers the first one. */
struct check {
	const char *name;
	atomic_ulong fails;
	pthread_mutex_t lock;
	char first[512];
};

#define CHECK(n) { .name = (n), .lock = PTHREAD_MUTEX_INITIALIZER }

static void failf(struct check *c, const char *fmt, ...)
{
	va_list ap;

	if (atomic_fetch_add(&c->fails, 1) == 0) {
		pthread_mutex_lock(&c->lock);
		va_start(ap, fmt);
		vsnprintf(c->first, sizeof(c->first), fmt, ap);
		va_end(ap);
		pthread_mutex_unlock(&c->lock);
	}
}

/* Print the verdict; returns 1 when the check failed. */
static int report(struct check *c, const char *figures)
{
	unsigned long f = atomic_load(&c->fails);

	if (f) {
		say("FAIL %s: %lu failure(s), first: %s", c->name, f, c->first);
		return 1;
	}
	say("PASS %s: %s", c->name, figures);
	return 0;
}

static void die(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	say("FAIL %s: %s", prog, msg);
	exit(1);
}

/* ---- time and randomness */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool time_up(void)
{
	return now() >= deadline;
}

static uint32_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 16);
}

static uint64_t seed(void)
{
	return (uint64_t)now() * 1000003u ^ (uint64_t)syscall(SYS_gettid) << 20 ^ 0x9e3779b97f4a7c15ull;
}

/* ---- the auxerr ABI */

static long aux(int op, unsigned long slot, void *ptr, unsigned long len)
{
	long r = prctl(PR_AUXERR, op, slot, (unsigned long)ptr, len);

	return r < 0 ? -errno : r;
}

static long aux_info(unsigned int slot, struct auxerr_info *info)
{
	memset(info, 0, sizeof(*info));
	return aux(PR_AUXERR_INFO, slot, info, sizeof(*info));
}

/* The denials: raw system calls, so that the syscall number is known. */
static int deny_open(const char *file)
{
	long fd = syscall(SYS_openat, AT_FDCWD, file, O_RDONLY);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

static int deny_chown(const char *file)
{
	return syscall(SYS_fchownat, AT_FDCWD, file, 0, 0, 0) ? errno : 0;
}

static int read_depth(void)
{
	char buf[16] = "";
	int fd = open(DEPTH_SYSCTL, O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0)
		die("cannot read %s: %s", DEPTH_SYSCTL, strerror(errno));
	close(fd);
	return atoi(buf);
}

/* Read a whole file; returns its length, or -errno (from open or read). */
static long read_all(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	long n;

	if (fd < 0)
		return -errno;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

/*
 * Is @text a well-formed list of events? Each starts with a SYSCALL line;
 * every line is "type=... msg=audit(...): ..." and ends in a newline.
 * Returns the number of events, or -1.
 */
static int events_in(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl;
	int events = 0;

	if (len && text[len - 1] != '\n')
		return -1;
	while (p < end) {
		nl = memchr(p, '\n', end - p);
		if (!nl || strncmp(p, "type=", 5) || !memmem(p, nl - p, " msg=audit(", 11))
			return -1;
		if (!strncmp(p, "type=SYSCALL ", 13))
			events++;
		else if (p == text)
			return -1;
		p = nl + 1;
	}
	return events;
}

/* ==== threads: deny and fetch in many threads of one process ==== */

static const char *target;
static struct check c_threads = CHECK("threads");
static atomic_ulong n_denials, n_fetches, n_clears, n_flushed, n_limited, n_unrecorded, n_nomem, n_deep;

struct expect {
	int error, nr, mech;
};

static void check_own_record(struct check *c, const struct expect *e,
			     unsigned long long *last_serial)
{
	static const char pattern = 0x5a;
	struct auxerr_info info;
	char buf[8192], key[64];
	long r, len;

	r = aux_info(0, &info);
	if (faulty && r == -ENOENT) {	/* not kept: allocation failed */
		atomic_fetch_add(&n_unrecorded, 1);
		return;
	}
	if (faulty && r == -ENOMEM) {	/* kept, but not renderable now */
		atomic_fetch_add(&n_nomem, 1);
		return;
	}
	if (r != sizeof(info)) {
		failf(c, "INFO slot 0 after a denial (errno %d) returned %ld", e->error, r);
		return;
	}
	/*
	 * A denial whose record could not be allocated ages the older
	 * record like any other system call, so age 0 is always this one's.
	 */
	if (faulty && info.age != 0) {
		atomic_fetch_add(&n_unrecorded, 1);
		return;
	}
	if (info.serial <= *last_serial) {
		failf(c, "serial %llu not newer than this thread's last %llu",
		      (unsigned long long)info.serial, *last_serial);
		return;
	}
	*last_serial = info.serial;
	atomic_fetch_add(&n_fetches, 1);
	if (info.error != e->error || info.syscall != e->nr ||
	    (int)info.mechanism != e->mech || info.arch != AUDIT_ARCH_X86_64 ||
	    info.age != 0 || info.text_len == 0 || info.flags != 0) {
		failf(c, "INFO error=%d syscall=%d mechanism=%u arch=%x age=%u flags=%u len=%u, "
		      "expected error=%d syscall=%d mechanism=%d age=0 flags=0",
		      info.error, info.syscall, info.mechanism, info.arch, info.age,
		      info.flags, info.text_len, e->error, e->nr, e->mech);
		return;
	}
	len = aux(PR_AUXERR_GET, 0, NULL, 0);
	if (faulty && len == -ENOMEM) {
		atomic_fetch_add(&n_nomem, 1);
		return;
	}
	if (len != info.text_len || len >= (long)sizeof(buf)) {
		failf(c, "GET length %ld, INFO text_len %u", len, info.text_len);
		return;
	}
	/* Too small: ERANGE and not one byte copied. */
	memset(buf, pattern, sizeof(buf));
	r = aux(PR_AUXERR_GET, 0, buf, len - 1);
	if (!(faulty && r == -ENOMEM)) {
		if (r != -ERANGE) {
			failf(c, "GET with %ld of %ld bytes returned %ld, not -ERANGE", len - 1, len, r);
			return;
		}
		for (r = 0; r < (long)sizeof(buf); r++)
			if (buf[r] != pattern) {
				failf(c, "GET with a short buffer wrote byte %ld", r);
				return;
			}
	}
	r = aux(PR_AUXERR_GET, 0, buf, sizeof(buf));
	if (faulty && r == -ENOMEM) {
		atomic_fetch_add(&n_nomem, 1);
		return;
	}
	if (r != len) {
		failf(c, "GET returned %ld, expected %ld", r, len);
		return;
	}
	buf[r] = '\0';
	if (events_in(buf, r) != 1) {
		failf(c, "malformed event text: %.200s", buf);
		return;
	}
	snprintf(key, sizeof(key), ":%llu): ", (unsigned long long)info.serial);
	if (!strstr(buf, key)) {
		failf(c, "text lacks the serial %s: %.200s", key, buf);
		return;
	}
	snprintf(key, sizeof(key), " syscall=%d ", e->nr);
	if (!strstr(buf, key)) {
		failf(c, "text lacks '%s': %.200s", key, buf);
		return;
	}
	snprintf(key, sizeof(key), " exit=-%d ", e->error);
	if (!strstr(buf, key)) {
		failf(c, "text lacks '%s': %.200s", key, buf);
		return;
	}
	snprintf(key, sizeof(key), " pid=%d ", my_pid);	/* no getpid(): it would age the record */
	if (!strstr(buf, key)) {
		failf(c, "text lacks '%s' (another task's record?): %.200s", key, buf);
		return;
	}
}

/* The older slots, newest first, while the depth may change under us. */
static void check_deep_slots(struct check *c)
{
	struct auxerr_info info;
	unsigned long long prev = ~0ull;
	unsigned int slot;
	long r;

	for (slot = 0; slot < AUXERR_DEPTH_MAX; slot++) {
		r = aux_info(slot, &info);
		if (r == -ENOENT || (faulty && r == -ENOMEM))
			break;
		if (r != sizeof(info)) {
			failf(c, "INFO slot %u returned %ld", slot, r);
			return;
		}
		if (info.serial >= prev) {
			failf(c, "slot %u serial %llu not older than slot %u's %llu",
			      slot, (unsigned long long)info.serial, slot - 1, prev);
			return;
		}
		if (info.error != EACCES && info.error != EPERM) {
			failf(c, "slot %u holds errno %d", slot, info.error);
			return;
		}
		prev = info.serial;
	}
	if (aux_info(AUXERR_DEPTH_MAX, &info) != -EINVAL)
		failf(c, "INFO slot %d is not EINVAL", AUXERR_DEPTH_MAX);
	atomic_fetch_add(&n_deep, 1);
}

static void *threads_worker(void *arg)
{
	struct check *c = &c_threads;
	unsigned long long last = 0;
	uint64_t s = seed() ^ (uintptr_t)arg;
	struct auxerr_info info;
	unsigned long i;
	long r;

	for (i = 1; !time_up(); i++) {
		struct expect e;
		int got;

		if (rnd(&s) % 3) {
			e = (struct expect){ EACCES, SYS_openat, AUXERR_MECH_DAC };
			got = deny_open(target);
		} else {
			e = (struct expect){ EPERM, SYS_fchownat, AUXERR_MECH_CAP };
			got = deny_chown(target);
		}
		if (got != e.error) {
			/* Even when auxerr's allocations fail: auxerr never changes an errno. */
			failf(c, "denial returned errno %d, expected %d", got, e.error);
			continue;
		}
		atomic_fetch_add(&n_denials, 1);
		check_own_record(c, &e, &last);

		if (i % 16 == 0)
			check_deep_slots(c);
		if (i % 32 == 0 && !faulty) {
			/* One system call that is not PR_AUXERR ages the record by one. */
			syscall(SYS_getppid);
			r = aux_info(0, &info);
			if (r != sizeof(info) || info.age != 1)
				failf(c, "age after one getppid: INFO %ld age %u", r, info.age);
		}
		if (i % 256 == 0 && !faulty) {
			/* Rarely, so that the audit backlog stays small. */
			long f1 = aux(PR_AUXERR_FLUSH, 0, NULL, 0), f2;

			if (f1 == 0) {
				f2 = aux(PR_AUXERR_FLUSH, 0, NULL, 0);
				r = aux_info(0, &info);
				if (f2 != -EALREADY || r != sizeof(info) ||
				    !(info.flags & AUXERR_INFO_FLUSHED))
					failf(c, "second FLUSH %ld, flags %u", f2, info.flags);
				atomic_fetch_add(&n_flushed, 1);
			} else if (f1 == -EAGAIN) {
				atomic_fetch_add(&n_limited, 1);
			} else if (f1 != -EOPNOTSUPP || audit_on) {
				failf(c, "FLUSH returned %ld", f1);
			}
		}
		if (i % 64 == 0) {
			r = aux(PR_AUXERR_CLEAR, 0, NULL, 0);
			if (r != 0)
				failf(c, "CLEAR returned %ld", r);
			r = aux_info(0, &info);
			if (r != -ENOENT)
				failf(c, "INFO after CLEAR returned %ld, not -ENOENT", r);
			if (aux(PR_AUXERR_CLEAR, 1, NULL, 0) != -EINVAL)
				failf(c, "CLEAR with a slot is not EINVAL");
			atomic_fetch_add(&n_clears, 1);
		}
	}
	return NULL;
}

static int run_threads(int argc, char **argv)
{
	pthread_t t[MAX_JOBS];
	char fig[256];
	int i;

	if (argc < 1)
		die("threads FILE");
	target = argv[0];
	if (getuid() == 0)
		die("threads must run as an unprivileged user");
	for (i = 0; i < jobs; i++)
		if (pthread_create(&t[i], NULL, threads_worker, (void *)(uintptr_t)i))
			die("pthread_create");
	for (i = 0; i < jobs; i++)
		pthread_join(t[i], NULL);
	if (!faulty && atomic_load(&n_denials) == 0)
		failf(&c_threads, "no denial at all");
	if (!faulty && audit_on && atomic_load(&n_flushed) == 0)
		failf(&c_threads, "audit is enabled, yet no FLUSH succeeded");
	snprintf(fig, sizeof(fig),
		 "%d threads, %lu denials, %lu checked records, %lu ring walks, %lu clears, %lu flushes (%lu rate-limited)%s",
		 jobs, atomic_load(&n_denials), atomic_load(&n_fetches), atomic_load(&n_deep),
		 atomic_load(&n_clears), atomic_load(&n_flushed), atomic_load(&n_limited),
		 faulty ? " (fault injection)" : "");
	if (faulty) {
		size_t l = strlen(fig);

		snprintf(fig + l, sizeof(fig) - l, ", %lu denials not kept, %lu fetches ENOMEM",
			 atomic_load(&n_unrecorded), atomic_load(&n_nomem));
		if (!atomic_load(&n_unrecorded) && !atomic_load(&n_nomem))
			failf(&c_threads, "-F: no injected failure was seen (%s)", fig);
	}
	return report(&c_threads, fig);
}

/* ==== forkstorm ==== */

/* Exit codes of the storm's children. */
enum {
	KID_OK = 0,
	KID_INHERITED = 10,	/* a forked child saw its parent's record */
	KID_NO_RECORD,		/* a denial left no record */
	KID_EXEC_KEPT,		/* a record survived exec */
	KID_EXEC_PROC,		/* /proc/self/auxerr not empty after exec */
	KID_EXEC_FAILED,
	KID_THREAD,
};

static const char *const kid_why[] = {
	[KID_INHERITED] = "a forked child inherited its parent's record",
	[KID_NO_RECORD] = "a denial left no record",
	[KID_EXEC_KEPT] = "a record survived exec",
	[KID_EXEC_PROC] = "/proc/self/auxerr was not empty after exec",
	[KID_EXEC_FAILED] = "exec failed",
	[KID_THREAD] = "pthread_create failed",
};

static int has_record(void)
{
	struct auxerr_info info;
	long r = aux_info(0, &info);

	if (faulty)
		return r == sizeof(info) || r == -ENOMEM;
	return r == sizeof(info) && info.error == EACCES;
}

static void *kid_thread(void *arg)
{
	(void)arg;
	for (;;) {
		deny_open(target);
		has_record();
	}
	return NULL;
}

/* exec-check: nothing kept across exec, and a fresh denial works. */
static int exec_check(int argc, char **argv)
{
	static char buf[65536];
	struct auxerr_info info;
	unsigned int slot;

	if (argc < 1)
		return KID_EXEC_FAILED;
	for (slot = 0; slot < AUXERR_DEPTH_MAX; slot++)
		if (aux_info(slot, &info) != -ENOENT)
			return KID_EXEC_KEPT;
	if (read_all("/proc/self/auxerr", buf, sizeof(buf)) != 0)
		return KID_EXEC_PROC;
	deny_open(argv[0]);
	return has_record() ? KID_OK : KID_NO_RECORD;
}

static struct check c_fork = CHECK("forkstorm");
static atomic_ulong n_forks, n_execs, n_thread_exits;

static void *storm_worker(void *arg)
{
	uint64_t s = seed() ^ (uintptr_t)arg;
	char *const args[] = { (char *)prog, "exec-check", (char *)target, NULL };

	while (!time_up()) {
		int how = rnd(&s) % 3, status;
		pid_t pid;

		deny_open(target);
		pid = fork();
		if (pid < 0) {
			if (!faulty)
				failf(&c_fork, "fork: %s", strerror(errno));
			continue;
		}
		if (pid == 0) {
			pthread_t t;

			if (has_record())
				_exit(KID_INHERITED);
			deny_open(target);
			if (!has_record())
				_exit(KID_NO_RECORD);
			if (how == 1) {
				if (pthread_create(&t, NULL, kid_thread, NULL))
					_exit(faulty ? KID_OK : KID_THREAD);
				usleep(rnd(&s) % 2000);
				_exit(KID_OK);	/* the thread dies with its records */
			}
			if (how == 2) {
				execv("/proc/self/exe", args);
				_exit(KID_EXEC_FAILED);
			}
			_exit(KID_OK);
		}
		if (waitpid(pid, &status, 0) != pid) {
			failf(&c_fork, "waitpid: %s", strerror(errno));
			continue;
		}
		atomic_fetch_add(&n_forks, 1);
		if (how == 1)
			atomic_fetch_add(&n_thread_exits, 1);
		if (how == 2)
			atomic_fetch_add(&n_execs, 1);
		if (!WIFEXITED(status))
			failf(&c_fork, "child killed by signal %d", WTERMSIG(status));
		else if (WEXITSTATUS(status) != KID_OK &&
			 !(faulty && WEXITSTATUS(status) == KID_NO_RECORD)) {
			int st = WEXITSTATUS(status);

			failf(&c_fork, "child (%s): %s", how == 2 ? "exec" : how == 1 ? "thread" : "exit",
			      st >= KID_INHERITED && st <= KID_THREAD ? kid_why[st] : "exit status");
		}
	}
	return NULL;
}

static int run_forkstorm(int argc, char **argv)
{
	pthread_t t[MAX_JOBS];
	char fig[256];
	int i;

	if (argc < 1)
		die("forkstorm FILE");
	target = argv[0];
	if (getuid() == 0)
		die("forkstorm must run as an unprivileged user");
	/* Forking from several threads at once, each waiting for its own child. */
	for (i = 0; i < jobs; i++)
		if (pthread_create(&t[i], NULL, storm_worker, (void *)(uintptr_t)i))
			die("pthread_create");
	for (i = 0; i < jobs; i++)
		pthread_join(t[i], NULL);
	if (atomic_load(&n_forks) == 0)
		failf(&c_fork, "no child ran");
	snprintf(fig, sizeof(fig), "%lu children: %lu exec, %lu exit with a denying thread",
		 atomic_load(&n_forks), atomic_load(&n_execs), atomic_load(&n_thread_exits));
	return report(&c_fork, fig);
}

/* ==== procread ==== */

static struct check c_proc = CHECK("procread");
static bool foreign;
static atomic_ulong n_reads, n_events, n_refused, n_gone, n_own;

/*
 * Are the events of one read newest first, each once? The file takes its
 * references to the whole ring at once; when it took them slot by slot,
 * a record kept meanwhile shifted the ring under the reader and one event
 * showed twice (found by make check-debug).
 */
static bool serials_ordered(const char *text)
{
	unsigned long long prev = ~0ull, serial;
	const char *p = text;

	while ((p = strstr(p, "type=SYSCALL msg=audit("))) {
		p = strchr(p, ':');
		if (!p || sscanf(p + 1, "%llu", &serial) != 1)
			return false;
		if (serial >= prev)
			return false;
		prev = serial;
	}
	return true;
}

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static void read_one(const char *path, pid_t pid, char *buf, size_t size)
{
	long n = read_all(path, buf, size);
	bool mine = pid == getpid();
	int ev;

	atomic_fetch_add(&n_reads, 1);
	if (n == -ENOENT || n == -ESRCH) {
		atomic_fetch_add(&n_gone, 1);
		return;
	}
	if (n == -EACCES || n == -EPERM) {
		if (!foreign || mine)
			failf(&c_proc, "%s refused (%s) to %s", path, strerror(-n),
			      mine ? "its own task" : "root");
		atomic_fetch_add(&n_refused, 1);
		return;
	}
	if (n < 0) {
		if (faulty && n == -ENOMEM)
			atomic_fetch_add(&n_nomem, 1);
		else
			failf(&c_proc, "%s: %s", path, strerror(-n));
		return;
	}
	if (foreign && !mine) {
		failf(&c_proc, "another user read %s (%ld bytes): %.120s", path, n, buf);
		return;
	}
	if (mine)
		atomic_fetch_add(&n_own, 1);
	ev = events_in(buf, n);
	if (ev < 0)
		failf(&c_proc, "%s: malformed: %.200s", path, buf);
	else
		atomic_fetch_add(&n_events, ev);
	if (ev > 1 && !serials_ordered(buf))
		failf(&c_proc, "%s: events not newest first, each once: %.300s", path, buf);
}

static void *proc_worker(void *arg)
{
	static __thread char buf[1 << 16];
	char path[128];
	struct dirent *d, *t;
	DIR *proc, *task;

	(void)arg;
	while (!time_up()) {
		if (foreign)
			deny_open("/proc/1/environ");	/* something of our own to see */
		proc = opendir("/proc");
		if (!proc) {
			if (faulty && errno == ENOMEM)
				continue;
			failf(&c_proc, "opendir /proc: %s", strerror(errno));
			return NULL;
		}
		while ((d = readdir(proc)) && !time_up()) {
			pid_t pid;

			if (!all_digits(d->d_name))
				continue;
			pid = atoi(d->d_name);
			snprintf(path, sizeof(path), "/proc/%d/auxerr", pid);
			read_one(path, pid, buf, sizeof(buf));
			snprintf(path, sizeof(path), "/proc/%d/task", pid);
			task = opendir(path);
			if (!task)
				continue;	/* gone */
			while ((t = readdir(task))) {
				if (!all_digits(t->d_name))
					continue;
				snprintf(path, sizeof(path), "/proc/%d/task/%d/auxerr",
					 pid, atoi(t->d_name));
				read_one(path, pid, buf, sizeof(buf));
			}
			closedir(task);
		}
		closedir(proc);
	}
	return NULL;
}

static int run_procread(int argc, char **argv)
{
	pthread_t t[MAX_JOBS];
	char fig[256];
	int i;

	foreign = argc >= 1 && !strcmp(argv[0], "--foreign");
	if (foreign && getuid() == 0)
		die("procread --foreign must run as an unprivileged user");
	if (!foreign && getuid() != 0)
		die("procread must run as root (or give --foreign)");
	c_proc.name = foreign ? "procread-foreign" : "procread";
	for (i = 0; i < jobs; i++)
		if (pthread_create(&t[i], NULL, proc_worker, NULL))
			die("pthread_create");
	for (i = 0; i < jobs; i++)
		pthread_join(t[i], NULL);
	if (atomic_load(&n_reads) == 0)
		failf(&c_proc, "nothing read");
	if (foreign && atomic_load(&n_own) == 0)
		failf(&c_proc, "never read its own files");
	if (foreign && atomic_load(&n_refused) == 0)
		failf(&c_proc, "no other task's file was refused");
	snprintf(fig, sizeof(fig), "%lu reads, %lu events seen, %lu refused, %lu gone meanwhile",
		 atomic_load(&n_reads), atomic_load(&n_events), atomic_load(&n_refused),
		 atomic_load(&n_gone));
	if (faulty) {
		size_t l = strlen(fig);

		snprintf(fig + l, sizeof(fig) - l, ", %lu reads ENOMEM (fault injection)",
			 atomic_load(&n_nomem));
	}
	return report(&c_proc, fig);
}

/* ==== depth ==== */

static int write_depth(int v)
{
	char buf[16];
	int fd = open(DEPTH_SYSCTL, O_WRONLY), n, err = 0;

	if (fd < 0)
		return errno;
	n = snprintf(buf, sizeof(buf), "%d\n", v);
	if (write(fd, buf, n) != n)
		err = errno;
	close(fd);
	return err;
}

static int run_depth(void)
{
	struct check c = CHECK("depth");
	uint64_t s = seed();
	unsigned long writes = 0;
	int orig = read_depth(), v, err;
	char fig[128];

	while (!time_up()) {
		v = rnd(&s) % AUXERR_DEPTH_MAX + 1;
		err = write_depth(v);
		if (err)
			failf(&c, "depth=%d: %s", v, strerror(err));
		else if ((err = read_depth()) != v)
			failf(&c, "depth reads back %d, not %d", err, v);
		writes++;
		if (writes % 64 == 0) {
			int before = read_depth();

			if (write_depth(0) != EINVAL || write_depth(AUXERR_DEPTH_MAX + 1) != EINVAL)
				failf(&c, "depth 0 or %d was not refused with EINVAL", AUXERR_DEPTH_MAX + 1);
			if (read_depth() != before)
				failf(&c, "a refused value changed the depth");
		}
		usleep(rnd(&s) % 3000);
	}
	if (write_depth(orig))
		failf(&c, "cannot restore depth %d", orig);
	snprintf(fig, sizeof(fig), "%lu changes, restored to %d", writes, orig);
	return report(&c, fig);
}

/* ==== signal ==== */

static struct check c_sig = CHECK("signal");
static volatile sig_atomic_t h_deny = 1;
static atomic_ulong h_count;
static volatile unsigned long long h_serial;
static int depth;
static pid_t my_tid;

static void handler(int sig)
{
	int saved = errno;
	struct auxerr_info info;
	long r;

	(void)sig;
	if (h_deny) {
		if (deny_chown(target) != EPERM)
			failf(&c_sig, "handler: chown was not denied with EPERM");
		r = aux_info(0, &info);
		if (r != sizeof(info) || info.error != EPERM ||
		    info.mechanism != AUXERR_MECH_CAP || info.syscall != SYS_fchownat ||
		    info.age != 0)
			failf(&c_sig, "handler: its own denial reads INFO %ld error %d mechanism %u age %u",
			      r, info.error, info.mechanism, info.age);
		h_serial = info.serial;
	} else {
		syscall(SYS_getppid);
	}
	atomic_fetch_add(&h_count, 1);
	errno = saved;
}

static void signal_self(void)
{
	syscall(SYS_tgkill, my_pid, my_tid, SIGUSR1);
}

/* The handler runs between the denial and the fetch, synchronously. */
static void signal_sync(void)
{
	struct auxerr_info outer, now0, now1;
	long r0, r1;
	int err;

	/* 1. The handler makes no denial: the outer record stays, aged. */
	h_deny = 0;
	err = deny_open(target);
	if (err != EACCES || aux_info(0, &outer) != sizeof(outer))
		failf(&c_sig, "outer denial: errno %d, no record", err);
	signal_self();	/* tgkill, getppid in the handler, rt_sigreturn */
	r0 = aux_info(0, &now0);
	if (r0 != sizeof(now0) || now0.serial != outer.serial || now0.error != EACCES ||
	    now0.age != 3)
		failf(&c_sig, "quiet handler: slot 0 INFO %ld serial %llu (outer %llu) error %d age %u (expected 3)",
		      r0, (unsigned long long)now0.serial, (unsigned long long)outer.serial,
		      now0.error, now0.age);
	else
		say("PASS signal-quiet-handler: the outer EACCES record stays, age 3 (tgkill, getppid, rt_sigreturn)");

	/* 2. The handler is denied itself (EPERM, cap). */
	h_deny = 1;
	err = deny_open(target);
	if (err != EACCES || aux_info(0, &outer) != sizeof(outer))
		failf(&c_sig, "outer denial: errno %d, no record", err);
	errno = EACCES;
	signal_self();
	if (errno != EACCES)
		failf(&c_sig, "errno changed by the handler");
	r0 = aux_info(0, &now0);
	r1 = aux_info(1, &now1);
	/*
	 * What the kernel does (documented in libauxerr's auxerr_explain(3):
	 * code in a handler saves and restores the errno-coupled state): the
	 * handler's denial is the newest record, so the errno the interrupted
	 * code holds (EACCES) no longer matches slot 0 (EPERM), and a consumer
	 * that matches errno explains nothing rather than the wrong thing; with
	 * depth >= 2 the outer record is slot 1, aged by every system call
	 * since it (the kill, the handler's kept denial, rt_sigreturn).
	 */
	if (r0 != sizeof(now0) || now0.serial != h_serial || now0.error != EPERM ||
	    now0.mechanism != AUXERR_MECH_CAP || now0.age != 1) {
		failf(&c_sig, "denied handler: slot 0 INFO %ld serial %llu (handler %llu) error %d age %u (expected EPERM, age 1)",
		      r0, (unsigned long long)now0.serial, h_serial, now0.error, now0.age);
	} else if (depth == 1 && r1 != -ENOENT) {
		failf(&c_sig, "depth 1: slot 1 INFO returned %ld", r1);
	} else if (depth >= 2 && (r1 != sizeof(now1) || now1.serial != outer.serial ||
				  now1.error != EACCES || now1.mechanism != AUXERR_MECH_DAC ||
				  now1.age != 3)) {
		failf(&c_sig, "depth %d: slot 1 INFO %ld serial %llu (outer %llu) error %d age %u (expected 3)",
		      depth, r1, (unsigned long long)now1.serial, (unsigned long long)outer.serial,
		      now1.error, now1.age);
	} else if (depth == 1) {
		say("PASS signal-denied-handler-depth1: the handler's EPERM replaces the outer EACCES record; errno (EACCES) no longer matches slot 0");
	} else {
		say("PASS signal-denied-handler-depth%d: slot 0 is the handler's EPERM (age 1), slot 1 the outer EACCES record (age 3: the handler's kept denial counts too)", depth);
	}
}

static atomic_bool sig_stop;

static void *sig_sender(void *arg)
{
	pid_t tid = *(pid_t *)arg;
	uint64_t s = seed();

	while (!atomic_load(&sig_stop)) {
		syscall(SYS_tgkill, getpid(), tid, SIGUSR1);
		usleep(rnd(&s) % 500);
	}
	return NULL;
}

/* Signals at random: every fetch is consistent with what ran before it. */
static void signal_async(void)
{
	pid_t tid = syscall(SYS_gettid);
	unsigned long loops = 0, between = 0, c0, c1;
	struct auxerr_info i0, i1;
	pthread_t t;
	char fig[160];
	long r, r1;

	h_deny = 1;
	if (pthread_create(&t, NULL, sig_sender, &tid))
		die("pthread_create");
	while (!time_up()) {
		c0 = atomic_load(&h_count);
		if (deny_open(target) != EACCES) {
			failf(&c_sig, "async: open was not denied with EACCES");
			continue;
		}
		r = aux_info(0, &i0);
		r1 = aux_info(1, &i1);	/* before c1: a later handler would shift the ring */
		c1 = atomic_load(&h_count);
		loops++;
		if (r != sizeof(i0)) {
			failf(&c_sig, "async: INFO returned %ld", r);
			continue;
		}
		if (c0 == c1) {
			/* No handler ran: it must be our open. */
			if (i0.error != EACCES || i0.syscall != SYS_openat || i0.age != 0)
				failf(&c_sig, "async: no handler ran, yet slot 0 is error %d syscall %d age %u",
				      i0.error, i0.syscall, i0.age);
			continue;
		}
		if (i0.error == EACCES && i0.syscall == SYS_openat)
			continue;	/* the handler ran before the open */
		if (i0.error != EPERM || i0.syscall != SYS_fchownat) {
			failf(&c_sig, "async: slot 0 is error %d syscall %d", i0.error, i0.syscall);
			continue;
		}
		/* The handler ran between the open and the fetch. */
		between++;
		if (c1 - c0 == 1 && depth >= 2) {
			if (r1 != sizeof(i1) || i1.error != EACCES || i1.syscall != SYS_openat ||
			    i1.serial >= i0.serial)
				failf(&c_sig, "async: after one handler, slot 1 is INFO %ld error %d syscall %d",
				      r1, i1.error, i1.syscall);
		}
	}
	atomic_store(&sig_stop, true);
	pthread_join(t, NULL);
	snprintf(fig, sizeof(fig), "depth %d: %lu denials, %lu handler runs, %lu between a denial and its fetch",
		 depth, loops, atomic_load(&h_count), between);
	c_sig.name = "signal-async";
	report(&c_sig, fig);
}

static int run_signal(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_RESTART };

	if (argc < 1)
		die("signal FILE");
	target = argv[0];
	if (getuid() == 0)
		die("signal must run as an unprivileged user");
	depth = read_depth();
	my_tid = syscall(SYS_gettid);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	signal_sync();
	if (atomic_load(&c_sig.fails))
		return report(&c_sig, "");
	signal_async();
	return atomic_load(&c_sig.fails) ? 1 : 0;
}

/* ==== setuid ==== */

static int setuid_check(void)
{
	static char buf[65536];
	struct auxerr_info info;
	unsigned int slot;
	char path[64];
	long r;

	if (geteuid() != 0 || getuid() == 0) {
		say("FAIL setuid-check: euid %d uid %d: not a set-user-ID exec (nosuid mount?)",
		    geteuid(), getuid());
		return 1;
	}
	for (slot = 0; slot < AUXERR_DEPTH_MAX; slot++) {
		r = aux_info(slot, &info);
		if (r != -ENOENT) {
			say("FAIL setuid-check: slot %u survived the set-user-ID exec (INFO %ld error %d serial %llu)",
			    slot, r, info.error, (unsigned long long)info.serial);
			return 1;
		}
	}
	if (aux(PR_AUXERR_GET, 0, NULL, 0) != -ENOENT) {
		say("FAIL setuid-check: GET found a record");
		return 1;
	}
	snprintf(path, sizeof(path), "/proc/self/task/%ld/auxerr", (long)syscall(SYS_gettid));
	if ((r = read_all("/proc/self/auxerr", buf, sizeof(buf))) != 0 ||
	    (r = read_all(path, buf, sizeof(buf))) != 0) {
		say("FAIL setuid-check: /proc/self/auxerr gives %ld after the set-user-ID exec", r);
		return 1;
	}
	return 0;
}

/* The set-user-ID process is denied too (EROFS, as root), then waits. */
static int setuid_victim(int argc, char **argv)
{
	struct auxerr_info info = { 0 };
	char c, msg[32];
	int rfd, hfd, n, fd;

	if (argc < 2)
		return 2;
	rfd = atoi(argv[0]);
	hfd = atoi(argv[1]);
	if (setuid_check())
		return 1;
	fd = syscall(SYS_openat, AT_FDCWD, "/etc/passwd", O_WRONLY);
	if (fd >= 0 || errno != EROFS || aux_info(0, &info) != sizeof(info) ||
	    info.error != EROFS) {
		say("FAIL setuid-victim: open /etc/passwd for writing as root: fd %d errno %d, record error %d",
		    fd, errno, info.error);
		return 1;
	}
	n = snprintf(msg, sizeof(msg), "%d\n", getpid());
	if (write(rfd, msg, n) != n)
		return 1;
	close(rfd);
	while (read(hfd, &c, 1) > 0)
		;
	return 0;
}

static struct check c_suid = CHECK("setuid");
static const char *suid_copy;

static void deny_some(int n)
{
	while (n--)
		deny_open(target);
}

static int wait_kid(pid_t pid, const char *what)
{
	int status;

	if (waitpid(pid, &status, 0) != pid) {
		failf(&c_suid, "%s: waitpid: %s", what, strerror(errno));
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		failf(&c_suid, "%s: status %#x (see its FAIL line)", what, status);
		return 1;
	}
	return 0;
}

static void *exec_from_thread(void *arg)
{
	char *const args[] = { (char *)suid_copy, "setuid-check", NULL };

	(void)arg;
	deny_some(2);
	if (!has_record())
		_exit(KID_NO_RECORD);
	execv(suid_copy, args);
	_exit(KID_EXEC_FAILED);
}

static int run_setuid(int argc, char **argv)
{
	char *const check_args[] = { (char *)argv[0], "setuid-check", NULL };
	struct auxerr_info info;
	char buf[256], vpath[64], rfd_s[16], hfd_s[16];
	int ready[2], hold[2];
	unsigned int slot;
	pid_t pid;
	long r;

	if (argc < 2)
		die("setuid COPY FILE");
	suid_copy = argv[0];
	target = argv[1];
	if (getuid() == 0)
		die("setuid must run as an unprivileged user");

	/* The records to lose: as many as the depth keeps. */
	deny_some(AUXERR_DEPTH_MAX);
	for (slot = 0; slot < (unsigned int)read_depth(); slot++)
		if (aux_info(slot, &info) != sizeof(info) || info.error != EACCES)
			failf(&c_suid, "before exec: slot %u has no EACCES record", slot);

	/* 1. exec from the main thread, with a full ring. */
	pid = fork();
	if (pid == 0) {
		deny_some(AUXERR_DEPTH_MAX);
		if (!has_record())
			_exit(KID_NO_RECORD);
		execv(suid_copy, check_args);
		_exit(KID_EXEC_FAILED);
	}
	if (!wait_kid(pid, "exec from the main thread"))
		say("PASS setuid-exec: no record survives a set-user-ID-root exec (ring of %d)",
		    read_depth());

	/* 2. exec from a second thread; both threads hold records. */
	pid = fork();
	if (pid == 0) {
		pthread_t t;

		deny_some(2);
		if (pthread_create(&t, NULL, exec_from_thread, NULL))
			_exit(KID_THREAD);
		pause();
		_exit(KID_EXEC_FAILED);
	}
	if (!wait_kid(pid, "exec from a second thread"))
		say("PASS setuid-exec-thread: nor across an exec from another thread (de_thread)");

	/* 3. The set-user-ID process's own record is refused to its invoker. */
	if (pipe(ready) || pipe(hold))
		die("pipe");
	snprintf(rfd_s, sizeof(rfd_s), "%d", ready[1]);
	snprintf(hfd_s, sizeof(hfd_s), "%d", hold[0]);
	pid = fork();
	if (pid == 0) {
		char *const args[] = { (char *)suid_copy, "setuid-victim", rfd_s, hfd_s, NULL };

		close(ready[0]);
		close(hold[1]);
		execv(suid_copy, args);
		_exit(KID_EXEC_FAILED);
	}
	close(ready[1]);
	close(hold[0]);
	r = read(ready[0], buf, sizeof(buf) - 1);
	if (r > 0) {
		const char *files[] = { "/proc/%d/auxerr", "/proc/%d/task/%d/auxerr" };
		int i;

		for (i = 0; i < 2; i++) {
			snprintf(vpath, sizeof(vpath), files[i], pid, pid);
			r = read_all(vpath, buf, sizeof(buf));
			if (r != -EACCES)
				failf(&c_suid, "the invoker reading %s got %ld (%s), not EACCES",
				      vpath, r, r >= 0 ? buf : strerror(-r));
		}
	} else {
		failf(&c_suid, "the set-user-ID victim did not get ready");
	}
	close(hold[1]);
	close(ready[0]);
	if (!wait_kid(pid, "set-user-ID victim") && !atomic_load(&c_suid.fails))
		say("PASS setuid-proc-refused: the invoker cannot read /proc/PID/auxerr of its set-user-ID child (EROFS record kept as root)");
	return report(&c_suid, "all set-user-ID checks");
}

/* ==== main ==== */

static void usage(void)
{
	fprintf(stderr, "usage: %s [-t SECONDS] [-j N] [-F] [-A] MODE ARGS...\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *mode;
	int opt;

	setvbuf(stdout, NULL, _IONBF, 0);
	while ((opt = getopt(argc, argv, "+t:j:FA")) != -1) {
		switch (opt) {
		case 'A':
			audit_on = 1;
			break;
		case 't':
			seconds = atoi(optarg);
			break;
		case 'j':
			jobs = atoi(optarg);
			if (jobs < 1 || jobs > MAX_JOBS)
				usage();
			break;
		case 'F':
			faulty = 1;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc)
		usage();
	mode = argv[optind];
	argc -= optind + 1;
	argv += optind + 1;
	deadline = now() + seconds;
	my_pid = getpid();

	if (!strcmp(mode, "exec-check"))
		return exec_check(argc, argv);
	if (!strcmp(mode, "setuid-check"))
		return setuid_check();
	if (!strcmp(mode, "setuid-victim"))
		return setuid_victim(argc, argv);
	if (access("/proc/sys/kernel/auxerr", F_OK))
		die("the kernel has no auxerr");
	if (!strcmp(mode, "threads"))
		return run_threads(argc, argv);
	if (!strcmp(mode, "forkstorm"))
		return run_forkstorm(argc, argv);
	if (!strcmp(mode, "procread"))
		return run_procread(argc, argv);
	if (!strcmp(mode, "depth"))
		return run_depth();
	if (!strcmp(mode, "signal"))
		return run_signal(argc, argv);
	if (!strcmp(mode, "setuid"))
		return run_setuid(argc, argv);
	usage();
	return 2;
}
