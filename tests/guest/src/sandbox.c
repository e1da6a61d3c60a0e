// SPDX-License-Identifier: GPL-2.0
/*
 * sandbox: run a command in a small sandbox, as a sandboxing program
 * (a browser, a package builder, systemd's ProtectSystem=) would.
 *
 *   sandbox [-w DIR]... [-d SYSCALL]... [--] CMD [ARGS...]
 *
 * -w DIR      Landlock: CMD may read and execute files anywhere, but write,
 *             create, remove or rename only beneath DIR (repeatable; any -w
 *             makes the ruleset).
 * -d SYSCALL  seccomp: SYSCALL fails with EPERM (repeatable); SYSCALL is a
 *             number or one of the few names in the table below (x86_64).
 *
 * Both set no_new_privs, as they must for an unprivileged caller. Exit
 * status: CMD's; 126 when the sandbox cannot be made or CMD not executed,
 * 2 on usage errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>

#define MAX_RULES 16

static const struct { const char *name; int nr; } syscalls[] = {
	{ "open", SYS_open }, { "openat", SYS_openat },
	{ "mkdir", SYS_mkdir }, { "mkdirat", SYS_mkdirat },
	{ "rmdir", SYS_rmdir }, { "unlink", SYS_unlink },
	{ "unlinkat", SYS_unlinkat }, { "rename", SYS_rename },
	{ "renameat2", SYS_renameat2 }, { "chmod", SYS_chmod },
	{ "fchmodat", SYS_fchmodat }, { "link", SYS_link },
	{ "symlink", SYS_symlink }, { "socket", SYS_socket },
	{ "kill", SYS_kill }, { "ptrace", SYS_ptrace },
};

#define LL_READ (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | \
	LANDLOCK_ACCESS_FS_READ_DIR)
#define LL_ALL (LL_READ | LANDLOCK_ACCESS_FS_WRITE_FILE | \
	LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE | \
	LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | \
	LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK | \
	LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK | \
	LANDLOCK_ACCESS_FS_MAKE_SYM | LANDLOCK_ACCESS_FS_REFER | \
	LANDLOCK_ACCESS_FS_TRUNCATE)

static void die(const char *what)
{
	fprintf(stderr, "sandbox: %s: %s\n", what, strerror(errno));
	exit(126);
}

static int add_rule(int ruleset, const char *dir, __u64 access)
{
	struct landlock_path_beneath_attr beneath = { .allowed_access = access };
	int err = 0;

	beneath.parent_fd = open(dir, O_PATH | O_CLOEXEC);
	if (beneath.parent_fd < 0)
		return -1;
	if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH,
		    &beneath, 0))
		err = -1;
	close(beneath.parent_fd);
	return err;
}

static void landlock(char **dirs, int n)
{
	struct landlock_ruleset_attr attr = { .handled_access_fs = LL_ALL };
	int ruleset, i;

	ruleset = syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (ruleset < 0)
		die("landlock_create_ruleset");
	if (add_rule(ruleset, "/", LL_READ))
		die("landlock_add_rule /");
	for (i = 0; i < n; i++)
		if (add_rule(ruleset, dirs[i], LL_ALL))
			die(dirs[i]);
	if (syscall(SYS_landlock_restrict_self, ruleset, 0))
		die("landlock_restrict_self");
	close(ruleset);
}

static void seccomp(const int *nrs, int n)
{
	/* arch check, load nr, one JEQ per syscall, allow, deny */
	struct sock_filter insns[4 + MAX_RULES + 1];
	struct sock_fprog prog = { .filter = insns };
	int k = 0, i;

	insns[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		offsetof(struct seccomp_data, arch));
	insns[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
		AUDIT_ARCH_X86_64, 0, n + 1);
	insns[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		offsetof(struct seccomp_data, nr));
	for (i = 0; i < n; i++)
		insns[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
			nrs[i], n - i, 0);
	insns[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	insns[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
		SECCOMP_RET_ERRNO | EPERM);
	prog.len = k;
	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		die("seccomp");
}

static int syscall_nr(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	size_t i;

	if (*s && !*end && v >= 0)
		return (int)v;
	for (i = 0; i < sizeof(syscalls) / sizeof(syscalls[0]); i++)
		if (!strcmp(s, syscalls[i].name))
			return syscalls[i].nr;
	fprintf(stderr, "sandbox: unknown system call %s (give its number)\n", s);
	exit(2);
}

static void usage(void)
{
	fprintf(stderr, "usage: sandbox [-w DIR]... [-d SYSCALL]... [--] CMD [ARGS...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	char *dirs[MAX_RULES];
	int nrs[MAX_RULES], ndirs = 0, nnrs = 0, c;

	while ((c = getopt(argc, argv, "+w:d:")) != -1) {
		if (c == 'w' && ndirs < MAX_RULES)
			dirs[ndirs++] = optarg;
		else if (c == 'd' && nnrs < MAX_RULES)
			nrs[nnrs++] = syscall_nr(optarg);
		else
			usage();
	}
	if (optind >= argc || (!ndirs && !nnrs))
		usage();
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		die("no_new_privs");
	if (ndirs)
		landlock(dirs, ndirs);
	if (nnrs)
		seccomp(nrs, nnrs);
	execvp(argv[optind], &argv[optind]);
	fprintf(stderr, "sandbox: %s: %s\n", argv[optind], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
