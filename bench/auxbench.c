// SPDX-License-Identifier: GPL-2.0
/*
 * auxbench: measure what auxerr costs, inside the test guest (as root).
 *
 *   auxbench ops  PHASE ROUNDS CONFIGS CASES   interleaved syscall batches
 *   auxbench lat  PHASE ROUNDS CASES           PR_AUXERR GET/INFO/FLUSH latency
 *   auxbench mem  PHASE ROUNDS TASKS           slab bytes per task
 *   auxbench conc PHASE ROUNDS CONFIGS THREADS denying threads, throughput
 *   auxbench count CASE CONFIG OPS             one batch for bench/insn-count
 *
 * CONFIGS is a comma list of off, on (kernel.auxerr.enabled), rule (off,
 * plus audit rules catching the same failures) and base (an unpatched
 * kernel: nothing to switch).  CASES is a comma list of the case names
 * below.  Every measurement is printed as one line
 *
 *   S,PHASE,CASE,CONFIG,ROUND,NS_PER_OP
 *
 * which bench/analyze turns into medians, spreads and ratios.  The timed
 * work runs in worker processes that have dropped to nobody (65534) with
 * no groups or capabilities; this process stays root to switch the
 * configuration between batches, so that no configuration change ever
 * happens inside a timed region.  Within a round every configuration runs
 * every case once; the order of the configurations is reversed from one
 * round to the next, so that drift hits all of them alike.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/auxerr.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#define NOBODY 65534
#define DIR_ "/tmp/auxbench"
#define F_OK_ DIR_ "/allowed"	/* 0644 root: opened and stat'ed */
#define F_SECRET DIR_ "/secret"	/* 0600 root: open denied (dac) */
#define F_MINE DIR_ "/mine"	/* nobody's: chown to root denied (cap) */
#define D_NOBODY DIR_ "/nobody"	/* nobody's: mkdir/rmdir, mounts in a user ns */
#define SYSCTL "/proc/sys/kernel/auxerr/"
/* The system call the seccomp worker's filter answers with EPERM. */
#define SECCOMP_NR __NR_getpgid

/* The audit rules of the "rule" configuration. */
static const char *const audit_rules[] = {
	"-a always,exit -F arch=b64 -S openat -F exit=-EACCES -k auxbench",
	"-a always,exit -F arch=b64 -S chown -F exit=-EPERM -k auxbench",
	"-a always,exit -F arch=b64 -S getpgid -F exit=-EPERM -k auxbench",
};

static double batch_ms = 20;	/* aim for batches this long */

/*
 * The time stamp counter, read in user space: the guest kernel has no
 * fine clock source (refined-jiffies: 4 ms steps, and clock_gettime()
 * becomes a system call), while TCG's TSC follows the host's clock.
 * Ratios need no unit; ns_per_tick converts for the absolute figures.
 */
static double ns_per_tick = 1;

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

static double now_ns(void)
{
	return rdtsc() * ns_per_tick;
}

static double mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* TSC ticks against CLOCK_MONOTONIC over @ms, once, in the parent. */
static void calibrate_tsc(int ms)
{
	double m0 = mono_ns(), m1;
	uint64_t t0 = rdtsc(), t1;

	usleep(ms * 1000);
	m1 = mono_ns();
	t1 = rdtsc();
	ns_per_tick = (m1 - m0) / (double)(t1 - t0);
	printf("%s%.6f\n", getenv("AUXERR_IN_GUEST") ? "I,ns_per_tick," : "", ns_per_tick);
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* ---- the cases (run in a worker) ---- */

enum worker_kind { WK_OK, WK_DENY, WK_SECCOMP };

struct bcase {
	const char *name;
	enum worker_kind worker;
	long (*run)(long iters);	/* returns ns for iters operations */
};

static long c_getpid(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		syscall(SYS_getpid);
	return now_ns() - t;
}

static long c_open(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++) {
		int fd = open(F_OK_, O_RDONLY);

		if (fd < 0)
			die("open " F_OK_);
		close(fd);
	}
	return now_ns() - t;
}

static long c_stat(long n)
{
	struct stat st;
	double t = now_ns();

	for (long i = 0; i < n; i++)
		if (stat(F_OK_, &st))
			die("stat " F_OK_);
	return now_ns() - t;
}

/* An anonymous page mapped and unmapped: the checks of mmap() pass */
static long c_mmap(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++) {
		void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			       -1, 0);

		if (p == MAP_FAILED)
			die("mmap");
		munmap(p, 4096);
	}
	return now_ns() - t;
}

/*
 * mprotect() back and forth on the middle page of three PROT_NONE ones:
 * its checks pass, and the page never merges with a neighbour, so every
 * call does the same work
 */
static long c_mprotect(long n)
{
	char *p = mmap(NULL, 3 * 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	double t;

	if (p == MAP_FAILED)
		die("mmap");
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (mprotect(p + 4096, 4096,
			     (i & 1) ? PROT_READ : PROT_READ | PROT_WRITE))
			die("mprotect");
	t = now_ns() - t;
	munmap(p, 3 * 4096);
	return t;
}

/*
 * fcntl(F_GETFL) and F_SETFL of the flags it returned on an open file:
 * the checks of F_SETFL (O_DIRECT, the open family's) pass
 */
static long c_fcntl(long n)
{
	int fd = open(F_OK_, O_RDONLY);
	double t;

	if (fd < 0)
		die("open " F_OK_);
	t = now_ns();
	for (long i = 0; i < n; i++) {
		int fl = fcntl(fd, F_GETFL);

		if (fl < 0 || fcntl(fd, F_SETFL, fl))
			die("fcntl");
	}
	t = now_ns() - t;
	close(fd);
	return t;
}

/* pipe2() and the close of both ends: two descriptors from alloc_fd() */
static long c_pipe(long n)
{
	double t = now_ns();
	int p[2];

	for (long i = 0; i < n; i++) {
		if (pipe2(p, 0))
			die("pipe2");
		close(p[0]);
		close(p[1]);
	}
	return now_ns() - t;
}

/* An AF_UNIX datagram socket made and closed */
static long c_socket(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++) {
		int fd = socket(AF_UNIX, SOCK_DGRAM, 0);

		if (fd < 0)
			die("socket");
		close(fd);
	}
	return now_ns() - t;
}

/*
 * open() with every descriptor below the soft RLIMIT_NOFILE taken: EMFILE,
 * which the fdlimit family notes.  The limit is lowered to the lowest
 * free descriptor for the batch only.
 */
static long c_emfile_open(long n)
{
	struct rlimit was, rl;
	int fd = dup(0);
	double t;

	if (fd < 0 || close(fd) || getrlimit(RLIMIT_NOFILE, &was))
		die("dup");
	rl = was;
	rl.rlim_cur = fd;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		die("setrlimit");
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (open(F_OK_, O_RDONLY) >= 0 || errno != EMFILE) {
			fprintf(stderr, "auxbench: open did not fail with EMFILE\n");
			exit(1);
		}
	t = now_ns() - t;
	if (setrlimit(RLIMIT_NOFILE, &was))
		die("setrlimit");
	return t;
}

/* mkdir() then rmdir(): the removal that umount's family checks for a mount point */
static long c_mkdir_rmdir(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		if (mkdir(D_NOBODY "/d", 0755) || rmdir(D_NOBODY "/d"))
			die("mkdir/rmdir " D_NOBODY "/d");
	return now_ns() - t;
}

/*
 * pwrite(), fallocate() and truncate() of nobody's file: the write,
 * allocate and truncate paths whose swap file and running program checks
 * the vfsop family notes, each of which succeeds here
 */
static long c_write_truncate(long n)
{
	static int fd = -1;
	double t;

	if (fd < 0) {
		fd = open(F_MINE, O_WRONLY);
		if (fd < 0)
			die("open " F_MINE);
	}
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (pwrite(fd, "x", 1, 0) != 1 || fallocate(fd, 0, 0, 4096) ||
		    truncate(F_MINE, 0))
			die("write/fallocate/truncate " F_MINE);
	return now_ns() - t;
}

/*
 * inotify_add_watch() and inotify_rm_watch() of nobody's file: the path
 * whose fs.inotify.max_user_watches check the notify family notes, which
 * passes here
 */
static long c_inotify_watch(long n)
{
	static int fd = -1;
	double t;

	if (fd < 0) {
		fd = inotify_init1(IN_CLOEXEC);
		if (fd < 0)
			die("inotify_init1");
	}
	t = now_ns();
	for (long i = 0; i < n; i++) {
		int wd = inotify_add_watch(fd, F_MINE, IN_MODIFY);

		if (wd < 0 || inotify_rm_watch(fd, wd))
			die("inotify_add_watch/rm_watch " F_MINE);
	}
	return now_ns() - t;
}

/* Write @text to the /proc file @path, or die */
static void proc_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    close(fd))
		die(path);
}

/*
 * mount() of a tmpfs then umount(), as nobody in a user and mount
 * namespace of its own (made on the first batch): a rootless
 * container's unmount, which succeeds
 */
static long c_mount_umount(long n)
{
	static int in_ns;
	char map[32];
	double t;

	if (!in_ns) {
		/* dropping to nobody left /proc/self root's: make it ours */
		if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) ||
		    unshare(CLONE_NEWUSER | CLONE_NEWNS))
			die("unshare");
		proc_write("/proc/self/setgroups", "deny");
		snprintf(map, sizeof(map), "0 %d 1", NOBODY);
		proc_write("/proc/self/uid_map", map);
		proc_write("/proc/self/gid_map", map);
		in_ns = 1;
	}
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (mount("tmpfs", D_NOBODY, "tmpfs", 0, NULL) ||
		    umount2(D_NOBODY, 0))
			die("mount/umount " D_NOBODY);
	return now_ns() - t;
}

/* open() with O_CREAT | O_DIRECTORY: EINVAL, which the open family notes */
static long c_einval_open(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		if (open(F_OK_, O_CREAT | O_DIRECTORY, 0600) >= 0 ||
		    errno != EINVAL) {
			fprintf(stderr, "auxbench: O_CREAT | O_DIRECTORY did not fail with EINVAL\n");
			exit(1);
		}
	return now_ns() - t;
}

/* mmap() of length 0: EINVAL, which the vm family notes */
static long c_einval_mmap(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		if (mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) !=
		    MAP_FAILED || errno != EINVAL) {
			fprintf(stderr, "auxbench: mmap of length 0 did not fail with EINVAL\n");
			exit(1);
		}
	return now_ns() - t;
}

static void deny_open(void)
{
	if (open(F_SECRET, O_RDONLY) >= 0 || errno != EACCES) {
		fprintf(stderr, "auxbench: open %s was not denied with EACCES\n", F_SECRET);
		exit(1);
	}
}

static long c_deny_open(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		deny_open();
	return now_ns() - t;
}

static long c_deny_chown(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		if (syscall(SYS_chown, F_MINE, 0, -1) == 0 || errno != EPERM) {
			fprintf(stderr, "auxbench: chown was not denied with EPERM\n");
			exit(1);
		}
	return now_ns() - t;
}

static long c_deny_seccomp(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++)
		if (syscall(SECCOMP_NR, 0) != -1 || errno != EPERM) {
			fprintf(stderr, "auxbench: seccomp filter did not answer EPERM\n");
			exit(1);
		}
	return now_ns() - t;
}

/*
 * getpid while the task holds a young record (fewer than AUXERR_AGE_MAX
 * system calls old): each batch of 100 follows one denial, which is not
 * timed.
 */
static long c_getpid_young(long n)
{
	double sum = 0;

	for (long done = 0; done < n; done += 100) {
		deny_open();
		double t = now_ns();

		for (int i = 0; i < 100; i++)
			syscall(SYS_getpid);
		sum += now_ns() - t;
	}
	return sum;
}

static char textbuf[65536];

static long c_get(long n)
{
	double t;

	deny_open();
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (prctl(PR_AUXERR, PR_AUXERR_GET, 0, textbuf, sizeof(textbuf)) <= 0)
			die("PR_AUXERR_GET");
	return now_ns() - t;
}

static long c_info(long n)
{
	struct auxerr_info info;
	double t;

	deny_open();
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (prctl(PR_AUXERR, PR_AUXERR_INFO, 0, &info, sizeof(info)) <= 0)
			die("PR_AUXERR_INFO");
	return now_ns() - t;
}

static ssize_t (*lib_get)(char *buf, size_t len, unsigned int flags);

static long c_lib_get(long n)
{
	double t;

	deny_open();
	t = now_ns();
	for (long i = 0; i < n; i++)
		if (lib_get(textbuf, sizeof(textbuf), 0) <= 0)
			die("get_last_audit_record");
	return now_ns() - t;
}

/* A denial and the FLUSH of its record; bench/analyze subtracts deny_open. */
static long c_deny_flush(long n)
{
	double t = now_ns();

	for (long i = 0; i < n; i++) {
		deny_open();
		if (prctl(PR_AUXERR, PR_AUXERR_FLUSH, 0, 0, 0))
			die("PR_AUXERR_FLUSH");
	}
	return now_ns() - t;
}

/* Concurrency: `conc_threads` threads each deny n times, at the same time. */
static int conc_threads = 1;
static pthread_barrier_t conc_barrier;

static void *conc_thread(void *arg)
{
	long n = (long)arg;

	pthread_barrier_wait(&conc_barrier);
	for (long i = 0; i < n; i++)
		deny_open();
	return NULL;
}

/* Returns the wall time for conc_threads * n denials. */
static long c_conc(long n)
{
	pthread_t th[64];
	double t;
	int i;

	pthread_barrier_init(&conc_barrier, NULL, conc_threads + 1);
	for (i = 0; i < conc_threads; i++)
		if (pthread_create(&th[i], NULL, conc_thread, (void *)n))
			die("pthread_create");
	pthread_barrier_wait(&conc_barrier);
	t = now_ns();
	for (i = 0; i < conc_threads; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&conc_barrier);
	return now_ns() - t;
}

static const struct bcase cases[] = {
	{ "getpid", WK_OK, c_getpid },
	{ "open_close", WK_OK, c_open },
	{ "stat", WK_OK, c_stat },
	{ "mmap_munmap", WK_OK, c_mmap },
	{ "mprotect", WK_OK, c_mprotect },
	{ "fcntl", WK_OK, c_fcntl },
	{ "pipe", WK_OK, c_pipe },
	{ "socket", WK_OK, c_socket },
	{ "mkdir_rmdir", WK_OK, c_mkdir_rmdir },
	{ "mount_umount", WK_OK, c_mount_umount },
	{ "write_truncate", WK_OK, c_write_truncate },
	{ "inotify_watch", WK_OK, c_inotify_watch },
	{ "einval_mmap", WK_DENY, c_einval_mmap },
	{ "einval_open", WK_DENY, c_einval_open },
	{ "emfile_open", WK_DENY, c_emfile_open },
	{ "deny_open", WK_DENY, c_deny_open },
	{ "deny_chown", WK_DENY, c_deny_chown },
	{ "deny_seccomp", WK_SECCOMP, c_deny_seccomp },
	{ "getpid_young", WK_DENY, c_getpid_young },
	{ "get", WK_DENY, c_get },
	{ "info", WK_DENY, c_info },
	{ "lib_get", WK_DENY, c_lib_get },
	{ "deny_flush", WK_DENY, c_deny_flush },
	{ "conc", WK_DENY, c_conc },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static const struct bcase *find_case(const char *name)
{
	for (size_t i = 0; i < NCASES; i++)
		if (!strcmp(cases[i].name, name))
			return &cases[i];
	fprintf(stderr, "auxbench: unknown case %s\n", name);
	exit(2);
}

/* ---- workers: unprivileged processes that run batches on command ---- */

struct cmd {
	int cas;		/* index into cases[], -1 = exit */
	int threads;
	int show;		/* print the kept record after the batch */
	int mark;		/* bracket the batch for bench/insn-count */
	long iters;
};

struct worker {
	pid_t pid;
	int to, from;
};

static struct worker workers[3];

static void drop_privileges(void)
{
	if (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
	    setresuid(NOBODY, NOBODY, NOBODY))
		die("drop privileges");
}

static void install_seccomp(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SECCOMP_NR, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		die("seccomp");
}

static void worker_loop(int in, int out)
{
	struct cmd c;
	long ns;

	while (read(in, &c, sizeof(c)) == sizeof(c) && c.cas >= 0) {
		conc_threads = c.threads;
		/* A personality query: bench/insn-plugin's marker */
		if (c.mark)
			syscall(SYS_personality, 0xffffffffUL);
		ns = cases[c.cas].run(c.iters);
		if (c.mark)
			syscall(SYS_personality, 0xffffffffUL);
		if (c.show) {
			long n = prctl(PR_AUXERR, PR_AUXERR_GET, 0, textbuf, sizeof(textbuf) - 1);

			if (n < 0) {
				printf("I,mech_%s,none\n", cases[c.cas].name);
			} else {
				const char *m;

				textbuf[n] = 0;
				m = strstr(textbuf, "mechanism=");
				printf("I,mech_%s,%.*s\n%s", cases[c.cas].name,
				       m ? (int)strcspn(m + 10, " \n") : 4, m ? m + 10 : "none",
				       getenv("AUXBENCH_SHOW_TEXT") ? textbuf : "");
			}
			fflush(stdout);
		}
		/* Start every batch with no record and the exit work bit clear. */
		prctl(PR_AUXERR, PR_AUXERR_CLEAR, 0, 0, 0);
		if (write(out, &ns, sizeof(ns)) != sizeof(ns))
			die("worker write");
	}
	exit(0);
}

static struct worker *get_worker(enum worker_kind kind)
{
	struct worker *w = &workers[kind];
	int a[2], b[2];

	if (w->pid)
		return w;
	if (pipe(a) || pipe(b))
		die("pipe");
	w->pid = fork();
	if (w->pid < 0)
		die("fork");
	if (w->pid == 0) {
		close(a[1]);
		close(b[0]);
		drop_privileges();
		if (kind == WK_SECCOMP)
			install_seccomp();
		worker_loop(a[0], b[1]);
	}
	close(a[0]);
	close(b[1]);
	w->to = a[1];
	w->from = b[0];
	return w;
}

static void stop_workers(void)
{
	struct cmd c = { .cas = -1 };

	for (int i = 0; i < 3; i++) {
		if (!workers[i].pid)
			continue;
		if (write(workers[i].to, &c, sizeof(c)) != sizeof(c))
			die("write");
		waitpid(workers[i].pid, NULL, 0);
		close(workers[i].to);
		close(workers[i].from);
		workers[i].pid = 0;
	}
}

static int show_record, mark_batch;

static long run_batch(const struct bcase *bc, long iters, int threads)
{
	struct worker *w = get_worker(bc->worker);
	struct cmd c = { .cas = bc - cases, .threads = threads, .iters = iters,
			 .show = show_record, .mark = mark_batch };
	long ns;

	if (write(w->to, &c, sizeof(c)) != sizeof(c) ||
	    read(w->from, &ns, sizeof(ns)) != sizeof(ns)) {
		fprintf(stderr, "auxbench: worker for %s died\n", bc->name);
		exit(1);
	}
	return ns;
}

/* ---- configurations ---- */

static int write_file(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok ? 0 : -1;
}

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	return 0;
}

static void set_sysctl(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), SYSCTL "%s", name);
	if (write_file(path, val)) {
		fprintf(stderr, "auxbench: cannot set %s=%s: %m\n", path, val);
		exit(1);
	}
}

static int rules_present;

static void auditctl(const char *args)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "auditctl %s >/dev/null", args);
	if (system(cmd)) {
		fprintf(stderr, "auxbench: %s failed\n", cmd);
		exit(1);
	}
}

static void set_rules(int on)
{
	if (on == rules_present)
		return;
	if (on) {
		for (size_t i = 0; i < sizeof(audit_rules) / sizeof(audit_rules[0]); i++)
			auditctl(audit_rules[i]);
	} else {
		auditctl("-D");
		/* Let kauditd and auditd drain what the rules produced. */
		usleep(300000);
	}
	rules_present = on;
}

static void set_config(const char *cfg)
{
	if (!strcmp(cfg, "base"))
		return;
	if (!strcmp(cfg, "on")) {
		set_rules(0);
		set_sysctl("enabled", "1");
	} else if (!strcmp(cfg, "off")) {
		set_rules(0);
		set_sysctl("enabled", "0");
	} else if (!strcmp(cfg, "rule")) {
		if (access(SYSCTL "enabled", F_OK) == 0)
			set_sysctl("enabled", "0");
		set_rules(1);
	} else {
		fprintf(stderr, "auxbench: unknown configuration %s\n", cfg);
		exit(2);
	}
}

/* ---- fixtures ---- */

static void setup_files(void)
{
	int fd;

	mkdir(DIR_, 0755);
	chmod(DIR_, 0755);
	fd = open(F_OK_, O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || close(fd) || chmod(F_OK_, 0644))
		die(F_OK_);
	fd = open(F_SECRET, O_CREAT | O_WRONLY, 0600);
	if (fd < 0 || close(fd) || chmod(F_SECRET, 0600))
		die(F_SECRET);
	fd = open(F_MINE, O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || close(fd) || chown(F_MINE, NOBODY, NOBODY))
		die(F_MINE);
	mkdir(D_NOBODY, 0755);
	if (chown(D_NOBODY, NOBODY, NOBODY))
		die(D_NOBODY);
}

static int split(char *s, char **out, int max)
{
	int n = 0;

	for (char *tok = strtok(s, ","); tok && n < max; tok = strtok(NULL, ","))
		out[n++] = tok;
	return n;
}

/* Iterations so that a batch of @bc in configuration @cfg lasts batch_ms. */
static long calibrate(const struct bcase *bc, const char *cfg, int threads)
{
	long n = 50, ns;

	set_config(cfg);
	for (;;) {
		ns = run_batch(bc, n, threads);
		if (ns > 2e6 || n >= 1 << 24)
			break;
		n *= 4;
	}
	n = (long)(n * (batch_ms * 1e6 / ns));
	if (n < 20)
		n = 20;
	return (n + 99) / 100 * 100;
}

/* ---- commands ---- */

static int cmd_ops(const char *phase, int rounds, char *cfgs, char *cs, int threads)
{
	char *cfg[8], *cn[NCASES];
	int ncfg = split(cfgs, cfg, 8), ncase = split(cs, cn, NCASES);
	long iters[NCASES][8];

	/*
	 * Iterations per case and configuration, so that every batch lasts
	 * about batch_ms (an audit rule makes a denial ~100x slower).
	 */
	for (int c = 0; c < ncase; c++)
		for (int k = 0; k < ncfg; k++) {
			iters[c][k] = calibrate(find_case(cn[c]), cfg[k], threads);
			fprintf(stderr, "auxbench: %s %s %s: %ld iterations per batch\n",
				phase, cn[c], cfg[k], iters[c][k]);
		}
	for (int r = 0; r < rounds; r++) {
		for (int kk = 0; kk < ncfg; kk++) {
			int k = (r & 1) ? ncfg - 1 - kk : kk;

			set_config(cfg[k]);
			for (int cc = 0; cc < ncase; cc++) {
				int c = (r & 1) ? ncase - 1 - cc : cc;
				const struct bcase *bc = find_case(cn[c]);
				long n = iters[c][k];
				long ns = run_batch(bc, n, threads);
				long ops = n * (bc->run == c_conc ? threads : 1);

				printf("S,%s,%s,%s,%d,%.1f\n", phase, cn[c], cfg[k], r,
				       (double)ns / ops);
			}
			fflush(stdout);
		}
	}
	set_rules(0);
	if (access(SYSCTL "enabled", F_OK) == 0)
		set_sysctl("enabled", "1");
	stop_workers();
	return 0;
}

static int cmd_lat(const char *phase, int rounds, char *cs)
{
	char old_rl[32] = "20";
	char cfg[] = "on";
	char *lib = strstr(cs, "lib_get");
	const char *path = getenv("AUXBENCH_LIBAUXERR");

	read_file(SYSCTL "flush_ratelimit", old_rl, sizeof(old_rl));
	/*
	 * libauxerr preloaded (LD_PRELOAD: it and libauparse want the static
	 * TLS block, which a later dlopen() may not find room in), or dlopen.
	 */
	lib_get = (ssize_t (*)(char *, size_t, unsigned int))
		dlsym(RTLD_DEFAULT, "get_last_audit_record");
	if (!lib_get && lib) {
		void *h = dlopen(path ? path : "libauxerr.so.1", RTLD_NOW);

		if (h)
			lib_get = (ssize_t (*)(char *, size_t, unsigned int))
				dlsym(h, "get_last_audit_record");
	}
	if (!lib_get && lib) {
		fprintf(stderr, "auxbench: no libauxerr (%s): get_last_audit_record not measured\n",
			dlerror());
		/* lib_get is last in the list */
		*(lib > cs ? lib - 1 : lib) = 0;
	}
	set_sysctl("flush_ratelimit", "0");
	cmd_ops(phase, rounds, cfg, cs, 1);
	old_rl[strcspn(old_rl, "\n")] = 0;
	set_sysctl("flush_ratelimit", old_rl);
	return 0;
}

/* Bytes in use by slab caches: all of them, the kmalloc-* ones, and each. */
#define MAX_CACHES 256
struct slabsnap {
	long all, kmalloc;
	int n;
	char name[MAX_CACHES][64];
	long bytes[MAX_CACHES];
};

static void slab_bytes(struct slabsnap *sn)
{
	char line[512], name[64];
	long active, num, objsize;
	FILE *f = fopen("/proc/slabinfo", "r");

	if (!f)
		die("/proc/slabinfo");
	memset(sn, 0, sizeof(*sn));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s %ld %ld %ld", name, &active, &num, &objsize) != 4)
			continue;
		sn->all += active * objsize;
		if (!strncmp(name, "kmalloc-", 8))
			sn->kmalloc += active * objsize;
		if (sn->n < MAX_CACHES) {
			snprintf(sn->name[sn->n], sizeof(sn->name[0]), "%s", name);
			sn->bytes[sn->n++] = active * objsize;
		}
	}
	fclose(f);
}

static long slab_objsize(const char *cache)
{
	char line[512], name[64];
	long active, num, objsize, r = -1;
	FILE *f = fopen("/proc/slabinfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %ld %ld %ld", name, &active, &num, &objsize) == 4 &&
		    !strcmp(name, cache))
			r = objsize;
	fclose(f);
	return r;
}

/*
 * @tasks children as nobody, each denied @denials times (0: never), then
 * parked; the slab bytes they added, per task.
 */
static void mem_once(const char *phase, const char *mode, int round, int tasks, int denials)
{
	static struct slabsnap s0, s1;
	int ready[2], hold[2];
	pid_t *pids = calloc(tasks, sizeof(pid_t));
	char c;

	if (pipe(ready) || pipe(hold))
		die("pipe");
	/* Let RCU free what the previous round's children left. */
	usleep(300000);
	slab_bytes(&s0);
	for (int i = 0; i < tasks; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			die("fork");
		if (pids[i] == 0) {
			close(ready[0]);
			close(hold[1]);
			drop_privileges();
			for (int d = 0; d < denials; d++)
				deny_open();
			if (write(ready[1], "x", 1) != 1)
				_exit(1);
			if (read(hold[0], &c, 1) < 0)
				_exit(1);
			_exit(0);
		}
	}
	close(ready[1]);
	close(hold[0]);
	for (int i = 0; i < tasks; i++)
		if (read(ready[0], &c, 1) != 1)
			die("mem child");
	usleep(100000);
	slab_bytes(&s1);
	close(hold[1]);
	for (int i = 0; i < tasks; i++)
		waitpid(pids[i], NULL, 0);
	close(ready[0]);
	free(pids);
	printf("S,%s,mem_all,%s,%d,%.1f\n", phase, mode, round,
	       (double)(s1.all - s0.all) / tasks);
	printf("S,%s,mem_kmalloc,%s,%d,%.1f\n", phase, mode, round,
	       (double)(s1.kmalloc - s0.kmalloc) / tasks);
	/* Per cache, so that the analysis can say where the bytes went. */
	for (int i = 0; i < s1.n; i++)
		for (int j = 0; j < s0.n; j++)
			if (!strcmp(s1.name[i], s0.name[j])) {
				printf("S,%s,mem:%s,%s,%d,%.1f\n", phase, s1.name[i], mode, round,
				       (double)(s1.bytes[i] - s0.bytes[j]) / tasks);
				break;
			}
}

static int cmd_mem(const char *phase, int rounds, int tasks)
{
	static const struct { const char *name; int denials; const char *depth; } modes[] = {
		{ "none", 0, "1" }, { "deny1", 1, "1" }, { "deny16", 16, "16" },
	};
	int nm = sizeof(modes) / sizeof(modes[0]);
	int patched = access(SYSCTL "enabled", F_OK) == 0;
	char old_depth[32] = "1";

	if (access("/proc/slabinfo", R_OK)) {
		printf("I,mem,no /proc/slabinfo (CONFIG_SLUB_DEBUG): not measured\n");
		return 0;
	}
	printf("M,%s,task_struct_objsize,%ld\n", phase, slab_objsize("task_struct"));
	if (!patched)
		nm = 1;
	else
		read_file(SYSCTL "depth", old_depth, sizeof(old_depth));
	if (patched)
		set_sysctl("enabled", "1");
	for (int r = 0; r < rounds; r++) {
		for (int mm = 0; mm < nm; mm++) {
			int m = (r & 1) ? nm - 1 - mm : mm;
			if (patched)
				set_sysctl("depth", modes[m].depth);
			mem_once(phase, modes[m].name, r, tasks, modes[m].denials);
			fflush(stdout);
		}
	}
	if (patched) {
		old_depth[strcspn(old_depth, "\n")] = 0;
		set_sysctl("depth", old_depth);
	}
	return 0;
}

/* For bench/profile: run @case in @cfg for @secs seconds, untimed. */
static int cmd_spin(const char *cs, const char *cfg, double secs)
{
	const struct bcase *bc = find_case(cs);
	double end;

	set_config(cfg);
	printf("I,spin,%s,%s,start\n", cs, cfg);
	fflush(stdout);
	end = mono_ns() + secs * 1e9;
	while (mono_ns() < end)
		run_batch(bc, 1000, 1);
	printf("I,spin,%s,%s,end\n", cs, cfg);
	stop_workers();
	return 0;
}

/*
 * For bench/insn-count: one batch of @iters operations of @cs in @cfg,
 * bracketed by the marker system call, after a batch that warms it up.
 */
static int cmd_count(const char *cs, const char *cfg, long iters)
{
	const struct bcase *bc = find_case(cs);

	if (iters < 1) {
		fprintf(stderr, "auxbench: count needs a positive number of operations\n");
		return 2;
	}
	set_config(cfg);
	run_batch(bc, 1000, 1);
	mark_batch = 1;
	run_batch(bc, iters, 1);
	mark_batch = 0;
	printf("I,count,%s,%s,%ld\n", cs, cfg, iters);
	stop_workers();
	return 0;
}

int main(int argc, char **argv)
{
	if (getenv("AUXBENCH_BATCH_MS"))
		batch_ms = atof(getenv("AUXBENCH_BATCH_MS"));
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2)
		goto usage;
	if (!strcmp(argv[1], "tsc")) {
		/* On the host, whose clock is fine: ns per TSC tick. */
		calibrate_tsc(300);
		return 0;
	}
	if (getenv("AUXBENCH_NS_PER_TICK") && atof(getenv("AUXBENCH_NS_PER_TICK")) > 0) {
		/* TCG's TSC is the host's: trust the host's calibration. */
		ns_per_tick = atof(getenv("AUXBENCH_NS_PER_TICK"));
		printf("I,ns_per_tick,%.6f\n", ns_per_tick);
	} else {
		calibrate_tsc(400);
	}
	setup_files();
	if (!strcmp(argv[1], "ops") && argc == 6)
		return cmd_ops(argv[2], atoi(argv[3]), argv[4], argv[5], 1);
	if (!strcmp(argv[1], "conc") && argc == 6) {
		/* conc PHASE ROUNDS CONFIGS THREADS */
		int threads = atoi(argv[5]);
		char cs[] = "conc";

		if (threads < 1 || threads > 64)
			goto usage;
		return cmd_ops(argv[2], atoi(argv[3]), argv[4], cs, threads);
	}
	if (!strcmp(argv[1], "show") && argc == 4) {
		/* show CASE CONFIG: one iteration, then the record it left */
		set_config(argv[3]);
		show_record = 1;
		run_batch(find_case(argv[2]), 1, 1);
		stop_workers();
		return 0;
	}
	if (!strcmp(argv[1], "spin") && argc == 5)
		return cmd_spin(argv[2], argv[3], atof(argv[4]));
	if (!strcmp(argv[1], "count") && argc == 5)
		return cmd_count(argv[2], argv[3], atol(argv[4]));
	if (!strcmp(argv[1], "lat") && argc == 5)
		return cmd_lat(argv[2], atoi(argv[3]), argv[4]);
	if (!strcmp(argv[1], "mem") && argc == 5)
		return cmd_mem(argv[2], atoi(argv[3]), atoi(argv[4]));
usage:
	fprintf(stderr,
		"usage: auxbench tsc   (on the host: ns per TSC tick)\n"
		"       auxbench ops PHASE ROUNDS CONFIGS CASES\n"
		"       auxbench conc PHASE ROUNDS CONFIGS THREADS\n"
		"       auxbench lat PHASE ROUNDS CASES (lib_get last)\n"
		"       auxbench mem PHASE ROUNDS TASKS\n"
		"       auxbench spin CASE CONFIG SECONDS\n"
		"       auxbench count CASE CONFIG OPERATIONS\n"
		"       auxbench show CASE CONFIG\n");
	return 2;
}
