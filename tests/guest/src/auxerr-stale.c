// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr-stale: the stale-record trap (tests/guest/t-stale.sh).
 *
 *   auxerr-stale [--perror] MECH FOLLOWUP...
 *
 * For each FOLLOWUP: makes a denial of mechanism MECH (the fixtures under
 * /tmp/st are made by the test script as root), then a failing system
 * call FOLLOWUP that no check notes (with kernel.auxerr.census 0), then
 * asks every interface what explains the follow-up's errno, printing
 * lines FOLLOWUP.KEY=VALUE:
 *
 *   denial=SYSCALL errno=N          the denial, as it happened
 *   followup=SYSCALL errno=N        the follow-up, as it happened
 *   last_age=N                      the newest record's age (INFO), read
 *                                   with get_last_audit_record() first
 *   strerror=TEXT                   auxerr_strerror(follow-up's errno)
 *   strerror_plain=yes|no           TEXT is strerror()'s text alone
 *   last_syscall=NAME               get_last_audit_record()'s SYSCALL
 *   last_mechanism=NAME
 *   last_serial=N                   and the denial's serial, to compare
 *   denial_serial=N
 *   superseded=yes|no|unsupported   its AUXERR_INFO_SUPERSEDED flag (a
 *                                   later unnoted EPERM/EACCES), or the
 *                                   UAPI header has no such flag
 *   text_superseded=yes|no          auxerr_record_is_superseded() of the
 *                                   text get_last_audit_record() gave
 *   fetched_superseded=yes|no       the same of auxerr_record_fetch(0)
 *   proc_superseded=yes|no          the same of /proc/thread-self/auxerr
 *   cli_header=LINE                 with AUXERR_CLI=PATH in the
 *   cli_superseded_line=TEXT|none   environment, for the follow-ups that
 *   cli_json_superseded=true|false  AUXERR_CLI_FOLLOWUPS lists: `auxerr
 *                                   last -p PID`'s first line, its
 *                                   "superseded:" line, and its JSON's
 *                                   superseded member
 *
 * With --perror nothing of libauxerr is called: perror("followup-FOLLOWUP")
 * right after the follow-up, for the preload shim (LD_PRELOAD, auxerr
 * run).
 *
 * MECH: dac path cap mount inode sticky landlock seccomp ptrace protected
 *       signal task (setpriority() of pid 1), hidepid (/tmp/st/proc, a
 *       proc mounted hidepid=1), fuse (/tmp/st/fuse, a FUSE mount of uid
 *       1000), device (moves itself into the devices cgroup /sandbox at
 *       /sys/fs/cgroup/devices, whose cgroup.procs the script gave it,
 *       and opens /dev/null for writing), capset (capset(2) asking for
 *       CAP_NET_RAW in the permitted set it does not hold), nnp
 *       (prctl(PR_SET_SECCOMP) of an allow-all filter without
 *       no_new_privs: EACCES, a cap note with policy=no_new_privs), ipc
 *       (shmat() of root's 0600 shared memory segment key 0x00005ee5,
 *       which the script made: EACCES, mechanism=ipc), ping (an ICMP
 *       echo socket while net.ipv4.ping_group_range, which the script
 *       set, is "1 0": EACCES, mechanism=ping), uffd (userfaultfd(O_CLOEXEC)
 *       while vm.unprivileged_userfaultfd is 0: EPERM, a cap note with
 *       policy=vm.unprivileged_userfaultfd)
 * FOLLOWUP: enoent (openat of a missing name), eexist (mkdir of an
 *       existing directory), eperm (setpgid to a process group that does
 *       not exist: EPERM, no capability consulted), eacces (setpgid of a
 *       child that has called execve: EACCES by setpgid's own rule, no
 *       note)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/auxerr.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <auxerr.h>

static const char *denial_syscall;
static int denial_errno;

static void denied(const char *sc, long r)
{
	denial_syscall = sc;
	denial_errno = r < 0 ? errno : 0;
}

/* allow reading files beneath @path in ruleset @fd (a missing path is
 * left out: /lib64 need not exist) */
static int landlock_allow(int fd, const char *path)
{
	struct landlock_path_beneath_attr beneath = {
		.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	int r;

	beneath.parent_fd = open(path, O_PATH | O_CLOEXEC);
	if (beneath.parent_fd < 0)
		return errno == ENOENT ? 0 : -1;
	r = (int)syscall(SYS_landlock_add_rule, fd, LANDLOCK_RULE_PATH_BENEATH,
			 &beneath, 0);
	close(beneath.parent_fd);
	return r;
}

/*
 * A Landlock domain that refuses reading files except beneath the system
 * directories, /proc and the directory of the CLI (AUXERR_CLI) and of
 * this program: /tmp/st stays closed, while the follow-ups and every
 * reader of the record (the thread's /proc file, `auxerr last`, exec of
 * /bin/sleep and /bin/sh) still work inside the sandbox.
 */
static int landlock_all(void)
{
	static const char *const sys[] = {
		"/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/proc",
	};
	struct landlock_ruleset_attr attr = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	int fd = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	char dir[PATH_MAX], *slash;
	const char *cli = getenv("AUXERR_CLI");
	ssize_t n;

	if (fd < 0)
		return -1;
	for (size_t i = 0; i < sizeof(sys) / sizeof(sys[0]); i++)
		if (landlock_allow(fd, sys[i]) < 0)
			return -1;
	n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (n > 0) {
		dir[n] = '\0';
		slash = strrchr(dir, '/');
		if (slash && slash != dir)
			*slash = '\0';
		if (landlock_allow(fd, dir) < 0)
			return -1;
	}
	if (cli && strlen(cli) < sizeof(dir)) {
		strcpy(dir, cli);
		slash = strrchr(dir, '/');
		if (slash && slash != dir) {
			*slash = '\0';
			if (landlock_allow(fd, dir) < 0)
				return -1;
		}
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    syscall(SYS_landlock_restrict_self, fd, 0) < 0)
		return -1;
	close(fd);
	return 0;
}

/* a filter that answers rmdir() with EPERM (mkdir stays the eexist
 * follow-up's) */
static int seccomp_rmdir(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_rmdir, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

static int make_denial(const char *mech)
{
	long r;

	if (!strcmp(mech, "dac")) {
		r = open("/tmp/st/secret", O_RDONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "path")) {
		r = open("/tmp/st/d700/f", O_RDONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "cap")) {
		r = chown("/tmp/st/mine", 0, (gid_t)-1);
		denied("chown", r);
	} else if (!strcmp(mech, "mount")) {
		r = open("/tmp/st/ro/f", O_WRONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "inode")) {
		r = open("/tmp/st/immutable", O_WRONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "sticky")) {
		r = unlink("/tmp/st/sticky/roots");
		denied("unlink", r);
	} else if (!strcmp(mech, "landlock")) {
		static int done;

		if (!done++ && landlock_all() < 0) {
			perror("landlock");
			return -1;
		}
		r = open("/tmp/st/mine", O_RDONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "seccomp")) {
		static int done;

		if (!done++ && seccomp_rmdir() < 0) {
			perror("seccomp");
			return -1;
		}
		r = rmdir("/tmp/st/empty");
		denied("rmdir", r);
	} else if (!strcmp(mech, "ptrace")) {
		r = ptrace(PTRACE_ATTACH, 1, 0, 0);
		denied("ptrace", r);
	} else if (!strcmp(mech, "protected")) {
		/* fs.protected_symlinks: a symlink of another user in /tmp */
		r = open("/tmp/st-link", O_RDONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "signal")) {
		r = kill(1, SIGTERM);
		denied("kill", r);
	} else if (!strcmp(mech, "task")) {
		r = setpriority(PRIO_PROCESS, 1, 5);
		denied("setpriority", r);
	} else if (!strcmp(mech, "hidepid")) {
		r = open("/tmp/st/proc/1/status", O_RDONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "fuse")) {
		struct stat st;

		r = stat("/tmp/st/fuse", &st);
		denied("newfstatat", r);
	} else if (!strcmp(mech, "device")) {
		static int done;

		if (!done++) {
			FILE *f = fopen("/sys/fs/cgroup/devices/sandbox/cgroup.procs", "w");

			if (!f || fprintf(f, "%d\n", getpid()) < 0 || fclose(f)) {
				perror("cgroup.procs");
				return -1;
			}
		}
		r = open("/dev/null", O_WRONLY);
		denied("openat", r);
	} else if (!strcmp(mech, "capset")) {
		struct __user_cap_header_struct h = {
			.version = _LINUX_CAPABILITY_VERSION_3,
		};
		struct __user_cap_data_struct d[2];

		memset(d, 0, sizeof(d));
		d[0].permitted = 1u << CAP_NET_RAW;
		r = syscall(SYS_capset, &h, d);
		denied("capset", r);
	} else if (!strcmp(mech, "nnp")) {
		static struct sock_filter allow[] = {
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		};
		static struct sock_fprog prog = { .len = 1, .filter = allow };

		r = prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
		denied("prctl", r);
	} else if (!strcmp(mech, "ipc")) {
		int id = shmget(0x00005ee5, 0, 0);

		if (id < 0) {
			denied("shmget", -1);
		} else {
			r = shmat(id, NULL, SHM_RDONLY) == (void *)-1 ? -1 : 0;
			denied("shmat", r);
		}
	} else if (!strcmp(mech, "ping")) {
		r = syscall(SYS_socket, AF_INET, SOCK_DGRAM, IPPROTO_ICMP);
		denied("socket", r);
	} else if (!strcmp(mech, "uffd")) {
		r = syscall(SYS_userfaultfd, O_CLOEXEC);
		denied("userfaultfd", r);
	} else {
		fprintf(stderr, "auxerr-stale: unknown mechanism %s\n", mech);
		return -1;
	}
	if (!denial_errno) {
		fprintf(stderr, "auxerr-stale: the %s denial succeeded\n", mech);
		return -1;
	}
	return 0;
}

static pid_t exec_child;	/* the follow-up eacces's child, reaped later */

/*
 * setpgid() of a child that has called execve(): EACCES by a rule of
 * setpgid's own, which no check notes.  The child holds the write end of
 * a close-on-exec pipe, so EOF on the read end means that it has exec'd.
 */
static long setpgid_after_exec(void)
{
	char *argv[] = { "sleep", "60", NULL };
	int fds[2];
	char c;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	exec_child = fork();
	if (exec_child == 0) {
		close(fds[0]);
		execv("/bin/sleep", argv);
		_exit(127);
	}
	close(fds[1]);
	while (read(fds[0], &c, 1) > 0)
		;
	close(fds[0]);
	if (exec_child < 0)
		return -1;
	return setpgid(exec_child, exec_child);
}

static void reap_exec_child(void)
{
	if (exec_child > 0) {
		kill(exec_child, SIGKILL);
		waitpid(exec_child, NULL, 0);
		exec_child = 0;
	}
}

/* the follow-up: returns its errno (0 if it did not fail) */
static int follow_up(const char *what, const char **sc)
{
	long r;

	if (!strcmp(what, "enoent")) {
		*sc = "openat";
		r = open("/tmp/st/missing/x", O_RDONLY);
	} else if (!strcmp(what, "eexist")) {
		*sc = "mkdir";
		r = mkdir("/tmp", 0755);
	} else if (!strcmp(what, "eperm")) {
		*sc = "setpgid";
		r = setpgid(0, 999999);
	} else if (!strcmp(what, "eacces")) {
		*sc = "setpgid";
		r = setpgid_after_exec();
	} else {
		*sc = "?";
		errno = EINVAL;
		return -1;
	}
	return r < 0 ? errno : 0;
}

/* what the raw interface says about the newest record, before anything
 * else runs: only prctl(2), which does not age a record */
static void raw_last(const char *f, char *buf, size_t len)
{
	struct auxerr_info info;
	ssize_t n = get_last_audit_record(buf, len, 0);

	if (n < 0) {
		snprintf(buf, len, "none");
		printf("%s.last_age=-1\n%s.superseded=none\n", f, f);
		return;
	}
	memset(&info, 0, sizeof(info));
	if (prctl(PR_AUXERR, PR_AUXERR_INFO, 0, &info, sizeof(info)) < 0) {
		printf("%s.last_age=-1\n%s.superseded=none\n", f, f);
		return;
	}
	printf("%s.last_age=%u\n", f, info.age);
#ifdef AUXERR_INFO_SUPERSEDED
	printf("%s.superseded=%s\n", f,
	       info.flags & AUXERR_INFO_SUPERSEDED ? "yes" : "no");
#else
	printf("%s.superseded=unsupported\n", f);
#endif
}

/* @word is one of the space-separated words of @list */
static int listed(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

static const char *yes_no(int v)
{
	return v < 0 ? "?" : v ? "yes" : "no";
}

/* the mark through every other reader: a fetched record (the kernel's
 * INFO), the thread's /proc file (text alone), and `auxerr last` on this
 * process when AUXERR_CLI names the CLI */
static void every_reader(const char *f)
{
	static char text[65536], line[4096];
	struct auxerr_record *r = auxerr_record_fetch(0);
	const char *cli = getenv("AUXERR_CLI");
	const char *which = getenv("AUXERR_CLI_FOLLOWUPS");
	char cmd[512];
	ssize_t n = 0;
	FILE *p;
	int fd;

	printf("%s.fetched_superseded=%s\n", f,
	       yes_no(r ? auxerr_record_is_superseded(r) : -1));
	auxerr_record_free(r);
	fd = open("/proc/thread-self/auxerr", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, text, sizeof(text) - 1);
		close(fd);
	}
	r = n > 0 ? auxerr_record_parse(text, (size_t)n) : NULL;
	printf("%s.proc_superseded=%s\n", f,
	       yes_no(r ? auxerr_record_is_superseded(r) : -1));
	auxerr_record_free(r);
	if (!cli || !which || !listed(which, f))
		return;
	snprintf(cmd, sizeof(cmd), "%s last -p %d", cli, (int)getpid());
	p = popen(cmd, "r");
	printf("%s.cli_header=", f);
	if (p && fgets(line, sizeof(line), p))
		fputs(line, stdout);
	else
		putchar('\n');
	printf("%s.cli_superseded_line=", f);
	while (p && fgets(line, sizeof(line), p))
		if (!strncmp(line, "    superseded: ", 16))
			break;
	if (p && !strncmp(line, "    superseded: ", 16))
		fputs(line + 16, stdout);
	else
		puts("none");
	if (p)
		pclose(p);
	snprintf(cmd, sizeof(cmd), "%s last --json -p %d", cli, (int)getpid());
	p = popen(cmd, "r");
	n = p ? (ssize_t)fread(text, 1, sizeof(text) - 1, p) : 0;
	text[n > 0 ? n : 0] = '\0';
	if (p)
		pclose(p);
	printf("%s.cli_json_superseded=%s\n", f,
	       strstr(text, "\"superseded\":true,") ? "true" :
	       strstr(text, "\"superseded\":false,") ? "false" : "?");
}

int main(int argc, char **argv)
{
	int use_perror = 0, e;
	const char *sc;
	static char buf[65536];

	if (argc > 1 && !strcmp(argv[1], "--perror")) {
		use_perror = 1;
		argv++;
		argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: auxerr-stale [--perror] MECH FOLLOWUP...\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 2; i < argc; i++) {
		const char *f = argv[i];
		struct auxerr_info d;
		const char *s;

		if (make_denial(argv[1]) < 0)
			return 3;
		memset(&d, 0, sizeof(d));
		prctl(PR_AUXERR, PR_AUXERR_INFO, 0, &d, sizeof(d));
		e = follow_up(f, &sc);
		if (e <= 0)
			return 4;
		if (use_perror) {
			/* the first thing after the failure, as a program does */
			char label[64];

			snprintf(label, sizeof(label), "followup-%s", f);
			errno = e;
			perror(label);
		} else {
			raw_last(f, buf, sizeof(buf));
			s = auxerr_strerror(e);
			printf("%s.strerror=%s\n", f, s);
			printf("%s.strerror_plain=%s\n", f,
			       strcmp(s, strerror(e)) ? "no" : "yes");
			if (strcmp(buf, "none")) {
				struct auxerr_record *r = auxerr_record_parse(buf, strlen(buf));

				printf("%s.last_syscall=%s\n", f, r ? auxerr_record_syscall_name(r) : "?");
				printf("%s.last_mechanism=%s\n", f, r ? auxerr_record_mechanism(r) : "?");
				printf("%s.last_serial=%llu\n", f, r ? auxerr_record_serial(r) : 0ULL);
				printf("%s.text_superseded=%s\n", f,
				       r ? (auxerr_record_is_superseded(r) ? "yes" : "no") : "?");
				auxerr_record_free(r);
			} else {
				printf("%s.last_syscall=none\n", f);
			}
			printf("%s.denial_serial=%llu\n", f, (unsigned long long)d.serial);
			every_reader(f);
		}
		printf("%s.denial=%s errno=%d\n%s.followup=%s errno=%d\n",
		       f, denial_syscall, denial_errno, f, sc, e);
		reap_exec_child();
	}
	return 0;
}
