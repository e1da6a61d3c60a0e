// SPDX-License-Identifier: GPL-2.0-only
/*
 * What each of auxerr-bpfd's noting programs gives, what this kernel left
 * out and why, and the status lines that say so (parts.h,
 * docs/bpf-backend.md, "Loading").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "auxerr.h"
#include "parts.h"

/* What each noting program gives (struct part; docs/bpf-backend.md,
 * "How it notes") */
const struct part parts[] = {
	{ "dac", "dac", NULL, { "generic_permission" }, 0 },
	{ "dac", "path", NULL, { "generic_permission" }, 0 },
	{ "proc_sys", "dac", "/proc/sys files", { "proc_sys_permission" }, 0 },
	{ "cap", "cap", NULL, { "security_capable" }, 0 },
	{ "inet_bind_x", "cap", "policy= of bind() (IPv4)", { "__inet_bind" }, 0 },
	{ "inet6_bind_x", "cap", "policy= of bind() (IPv6)", { "__inet6_bind" }, 0 },
	{ "syslog_x", "cap", "policy= of syslog()", { "do_syslog" }, 0 },
	{ "oom_adj_x", "cap", "policy= of oom_score_adj", { "oom_score_adj_write" }, 0 },
	{ "owner_x", "cap", "owner_op= of chmod, chown, chgrp, utimes", { "setattr_prepare" }, 0 },
	{ "mlock_x", "cap", "rlimit= of mlock()", { "__x64_sys_mlock" }, 0 },
	{ "mlock2_x", "cap", "rlimit= of mlock2()", { "__x64_sys_mlock2" }, 0 },
	{ "mlockall_x", "cap", "rlimit= of mlockall()", { "__x64_sys_mlockall" }, 0 },
	{ "uffd_x", "cap", "policy= of userfaultfd()", { "__x64_sys_userfaultfd" }, 0 },
	{ "mmap_min_x", "cap", "vm.mmap_min_addr", { "cap_mmap_addr" }, 0 },
	{ "nnp_x", "cap", "policy=no_new_privs of seccomp filters", { "do_seccomp" }, 0 },
	{ "sysctl_write_x", "cap", "sysctl_write=", { "proc_sys_call_handler" }, 0 },
	{ "bpf_x", "cap", "policy= of bpf()", { "__x64_sys_bpf" }, 0 },
	{ "perf_tp_x", "cap", "policy= of perf_event_open()", { "__x64_sys_perf_event_open" }, 0 },
	{ "userns_unshare_x", "cap", "policy= of unshare(CLONE_NEWUSER)", { "__x64_sys_unshare" }, 0 },
	{ "userns_clone_x", "cap", "policy= of clone(CLONE_NEWUSER)", { "__x64_sys_clone" }, 0 },
	{ "userns_clone3_x", "cap", "policy= of clone3(CLONE_NEWUSER)", { "__x64_sys_clone3" }, 0 },
	{ "apparmor_file_open_x", "lsm-apparmor", "file_open", { "apparmor_file_open" }, 0 },
	{ "apparmor_file_permission_x", "lsm-apparmor", "file_permission", { "apparmor_file_permission" }, 0 },
	{ "apparmor_path_mknod_x", "lsm-apparmor", "path_mknod", { "apparmor_path_mknod" }, 0 },
	{ "apparmor_path_chown_x", "lsm-apparmor", "path_chown", { "apparmor_path_chown" }, 0 },
	{ "apparmor_capable_x", "lsm-apparmor", "capable", { "apparmor_capable" }, 0 },
	{ "apparmor_task_kill_x", "lsm-apparmor", "task_kill", { "apparmor_task_kill" }, 0 },
	{ "apparmor_path_unlink_x", "lsm-apparmor", "path_unlink", { "apparmor_path_unlink" }, 0 },
	{ "apparmor_path_rmdir_x", "lsm-apparmor", "path_rmdir", { "apparmor_path_rmdir" }, 0 },
	{ "apparmor_path_rename_x", "lsm-apparmor", "path_rename", { "apparmor_path_rename" }, 0 },
	{ "apparmor_path_link_x", "lsm-apparmor", "path_link", { "apparmor_path_link" }, 0 },
	{ "apparmor_path_symlink_x", "lsm-apparmor", "path_symlink", { "apparmor_path_symlink" }, 0 },
	{ "apparmor_path_mkdir_x", "lsm-apparmor", "path_mkdir", { "apparmor_path_mkdir" }, 0 },
	{ "apparmor_path_truncate_x", "lsm-apparmor", "path_truncate", { "apparmor_path_truncate" }, 0 },
	{ "apparmor_path_chmod_x", "lsm-apparmor", "path_chmod", { "apparmor_path_chmod" }, 0 },
	/* AppArmor's own record (AVC) of a file denial: logged, or quiet by
	 * the profile's mode (aa_audit), or by its rules' quiet bits
	 * (aa_audit_file) */
	{ "aa_audit_x", "lsm-apparmor", "AppArmor's record (AVC)", { "aa_audit" }, 0 },
	{ "aa_audit_file_x", "lsm-apparmor", "AppArmor's record (AVC) of a denial its rules keep quiet",
	  { "aa_audit_file" }, 0 },
	/* its stand-in where fexit cannot take its ten arguments (before
	 * 6.6); attached only without it (kprobe_stand_ins()) */
	{ "aa_audit_file_entry", NULL, NULL, { "aa_audit_file" }, 0 },
	{ "hook_file_open_x", "lsm-landlock", "file_open", { "hook_file_open" }, 0 },
	{ "hook_file_truncate_x", "lsm-landlock", "file_truncate", { "hook_file_truncate" }, 602 },
	{ "hook_file_ioctl_x", "lsm-landlock", "file_ioctl", { "hook_file_ioctl" }, 610 },
	{ "hook_path_mknod_x", "lsm-landlock", "path_mknod", { "hook_path_mknod" }, 0 },
	{ "hook_path_mkdir_x", "lsm-landlock", "path_mkdir", { "hook_path_mkdir" }, 0 },
	{ "hook_ptrace_access_check_x", "lsm-landlock", "ptrace_access_check",
	  { "hook_ptrace_access_check" }, 0 },
	/* the signal scope: Landlock ABI 6 */
	{ "hook_task_kill_x", "lsm-landlock", "task_kill", { "hook_task_kill" }, 612 },
	{ "hook_path_unlink_x", "lsm-landlock", "path_unlink", { "hook_path_unlink" }, 0 },
	{ "hook_path_rmdir_x", "lsm-landlock", "path_rmdir", { "hook_path_rmdir" }, 0 },
	{ "hook_path_rename_x", "lsm-landlock", "path_rename", { "hook_path_rename" }, 0 },
	{ "hook_path_link_x", "lsm-landlock", "path_link", { "hook_path_link" }, 0 },
	{ "hook_path_symlink_x", "lsm-landlock", "path_symlink", { "hook_path_symlink" }, 0 },
	/* the truncate right: Landlock ABI 3 */
	{ "hook_path_truncate_x", "lsm-landlock", "path_truncate", { "hook_path_truncate" }, 602 },
	{ "hook_sb_mount_x", "lsm-landlock", "sb_mount", { "hook_sb_mount" }, 0 },
	{ "ll_walk", "lsm-landlock", "blockers=, layer=, layers=, the object",
	  { "is_access_to_paths_allowed" }, 0 },
	/* ll_walk's stand-ins where fexit cannot take its eight arguments
	 * (before 6.6); attached only without it (ll_kprobes()) */
	{ "ll_walk_entry", NULL, NULL, { "is_access_to_paths_allowed", "check_access_path_dual" }, 0 },
	{ "ll_walk_ret", NULL, NULL, { "is_access_to_paths_allowed", "check_access_path_dual" }, 0 },
	{ "yama_x", "lsm-yama", NULL, { "yama_ptrace_access_check" }, 0 },
	{ "seccomp", "seccomp", NULL, { "__secure_computing" }, 0 },
	{ "rofs_want", "mount", "ro (mnt_want_write)", { "mnt_want_write" }, 0 },
	{ "rofs_get", "mount", "ro (writes to open files)",
	  { "mnt_get_write_access", "__mnt_want_write" }, 0 },
	{ "noexec", "mount", "noexec", { "path_noexec" }, 0 },
	{ "mayopen", "mount", "nodev", { "may_open" }, 0 },
	{ "mayopen", "inode", "open", { "may_open" }, 0 },
	{ "mayopen", "filetype", NULL, { "may_open" }, 0 },
	{ "memfd_x", "sysctl", "vm.memfd_noexec", { "__x64_sys_memfd_create" }, 0 },
	{ "io_uring_x", "sysctl", "kernel.io_uring_disabled", { "__x64_sys_io_uring_setup" }, 0 },
	{ "truncate", "inode", "truncate", { "vfs_truncate" }, 0 },
	{ "setattr", "inode", "chmod, chown, utimes", { "notify_change" }, 0 },
	{ "maydelete", "inode", "unlink, rmdir, rename", { "may_delete" }, 0 },
	{ "sticky", "sticky", NULL, { "__check_sticky" }, 0 },
	{ "ptrace", "ptrace", NULL, { "__ptrace_may_access" }, 0 },
	{ "protected_x", "protected", "symlinks, fifos, regular", { "audit_log_path_denied" }, 0 },
	{ "linkat_x", "protected", "hardlinks", { "may_linkat" }, 0 },
	{ "signal_x", "signal", NULL, { "check_kill_permission" }, 0 },
	{ "cap", "signal", NULL, { "security_capable" }, 0 },	/* its CAP_KILL note */
	{ "ping", "ping", NULL, { "ping_init_sock" }, 0 },
	{ "ipcperms_x", "ipc", "op=access", { "ipcperms" }, 0 },
	{ "ipcctl_x", "ipc", "op=ctl (ipcrm, IPC_SET)", { "ipcctl_obtain_check" }, 0 },
	{ "key_x", "key", NULL, { "key_task_permission" }, 0 },
};

#define NPARTS (sizeof(parts) / sizeof(parts[0]))
const size_t nparts = NPARTS;

/* the mechanisms' lines, in this order */
static const char *const mechs[] = {
	"dac", "path", "cap", "lsm-apparmor", "lsm-landlock", "lsm-yama", "seccomp",
	"mount", "inode", "sticky", "ptrace", "protected", "signal", "ping", "ipc",
	"filetype", "sysctl", "key",
};

/*
 * Fields that need a kernel symbol (a __ksym __weak of auxerr.bpf.c,
 * resolved from /proc/kallsyms: 0 without it) or a structure member: the
 * mechanism's line, the field, what is printed without it.
 */
struct need {
	const char *mech;
	const char *field;
	const char *syms[4];	/* kallsyms names, all needed */
	const char *type, *members[3];	/* or one of these members */
	const char *without;
	int since;		/* the symbols' kernel (parts' since): none before */
};

static const struct need needs[] = {
	{ "dac", "the name of a kernfs file that refused (fd_name=)", { "kernfs_sops" }, NULL,
	  { NULL }, "left out", 0 },
	{ "lsm-yama", "ptrace_scope=", { "ptrace_scope" }, NULL, { NULL }, "left out", 0 },
	{ "cap", "policy=kernel.dmesg_restrict", { "dmesg_restrict" }, NULL, { NULL }, "left out", 0 },
	{ "cap", "policy=vm.unprivileged_userfaultfd", { "sysctl_unprivileged_userfaultfd" }, NULL,
	  { NULL }, "left out", 0 },
	{ "cap", "vm.mmap_min_addr", { "dac_mmap_min_addr" }, NULL, { NULL }, "not noted", 0 },
	{ "cap", "policy=kernel.unprivileged_bpf_disabled", { "sysctl_unprivileged_bpf_disabled" },
	  NULL, { NULL }, "left out", 0 },
	{ "cap", "policy=kernel.perf_event_paranoid", { "sysctl_perf_event_paranoid" }, NULL,
	  { NULL }, "left out", 0 },
	{ "cap", "policy=kernel.unprivileged_userns_clone", { "unprivileged_userns_clone" }, NULL,
	  { NULL }, "left out", 0 },
	{ "sysctl", "kernel.io_uring_disabled", { "sysctl_io_uring_disabled", "sysctl_io_uring_group" },
	  NULL, { NULL }, "not noted", 606 },
	{ "protected", "level=", { "sysctl_protected_symlinks", "sysctl_protected_hardlinks",
				   "sysctl_protected_fifos", "sysctl_protected_regular" },
	  NULL, { NULL }, "the level the refusal implies", 0 },
	{ "protected", "dir_ouid=", { NULL }, "nameidata", { "dir_vfsuid", "dir_uid" }, "0", 0 },
	{ "lsm-apparmor", "subj=", { "apparmor_blob_sizes", "apparmor_enabled" }, NULL, { NULL },
	  "left out (of every mechanism's record)", 0 },
};

/* Why each program was left out ("" while it is in) */
static char why_out[NPARTS][160];
static char why_load[160];		/* the last failed load's reason */
static char failed_prog[64];		/* ... and its program */
static char *status_buf;		/* parts_status()'s */
static size_t status_size, status_n;

/* append to @buf (of @size, @n used so far), cut at its end */
static void append(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*n >= size - 1)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *n, size - *n, fmt, ap);
	va_end(ap);
	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

#define say(...) append(status_buf, status_size, &status_n, __VA_ARGS__)

/*
 * libbpf's messages: a program the kernel refused is named in "prog
 * 'NAME': failed to load"; the reason is the verifier log's last line
 * before its end, or a CO-RE relocation that failed.
 */
static char last_log_line[160];
static int in_log;

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char line[1024], *p, *nl;

	if (level == LIBBPF_DEBUG)
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	for (p = line; *p; p = nl ? nl + 1 : p + strlen(p)) {
		char name[64];

		nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		if (strstr(p, "-- BEGIN PROG LOAD LOG --"))
			in_log = 1;
		else if (strstr(p, "-- END PROG LOAD LOG --"))
			in_log = 0;
		else if (in_log && *p)
			snprintf(last_log_line, sizeof(last_log_line), "%.150s", p);
		else if (strstr(p, "failed to resolve CO-RE relocation"))
			snprintf(last_log_line, sizeof(last_log_line), "%.150s",
				 strstr(p, "failed to resolve CO-RE relocation"));
		if (sscanf(p, "libbpf: prog '%63[^']': failed to load", name) == 1) {
			snprintf(failed_prog, sizeof(failed_prog), "%s", name);
			snprintf(why_load, sizeof(why_load), "refused by the kernel: %.130s",
				 last_log_line[0] ? last_log_line : "(no log)");
		}
		if (!nl)
			break;
	}
	return 0;
}

int parts_kernel_version(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	if (uname(&u) == 0)
		sscanf(u.release, "%d.%d", &major, &minor);
	return major * 100 + minor;
}

/* @name is a kernel symbol with an address in /proc/kallsyms */
static int in_kallsyms(const char *name)
{
	char line[512], sym[256];
	unsigned long long addr;
	int found = 0;
	FILE *f = fopen("/proc/kallsyms", "re");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%llx %*s %255s", &addr, sym) == 2 && addr &&
			!strcmp(sym, name);
	fclose(f);
	return found;
}

static int has_member(const struct btf *btf, const char *type, const char *member)
{
	int id = btf__find_by_name_kind(btf, type, BTF_KIND_STRUCT);
	const struct btf_type *t;
	const struct btf_member *m;

	if (id < 0)
		return 0;
	t = btf__type_by_id(btf, id);
	m = btf_members(t);
	for (unsigned i = 0; i < btf_vlen(t); i++, m++)
		if (!strcmp(btf__name_by_offset(btf, m->name_off), member))
			return 1;
	return 0;
}

/* @lsm is active on this boot: 1, 0, or -1 when unknown */
static int lsm_active(const char *lsm)
{
	char list[512] = "", *tok, *save;
	FILE *f = fopen("/sys/kernel/security/lsm", "re");

	if (!f)
		return -1;
	if (!fgets(list, sizeof(list), f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	list[strcspn(list, "\n")] = 0;
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strcmp(tok, lsm))
			return 1;
	return 0;
}

size_t parts_status(const struct btf *btf, const char *exit_prog, char *buf, size_t size)
{
	struct utsname u;

	status_buf = buf;
	status_size = size;
	status_n = 0;
	buf[0] = 0;
	uname(&u);
	say("kernel %s\n", u.release);
	say("exit %s\n", exit_prog);
	for (size_t m = 0; m < sizeof(mechs) / sizeof(mechs[0]); m++) {
		char missing[AUXB_STATUS_MAX / 4] = "", whole[200] = "";
		size_t mn = 0;
		int present = 0, any = 0, active = -1;

		if (!strncmp(mechs[m], "lsm-", 4))
			active = lsm_active(mechs[m] + 4);
		for (size_t i = 0; i < NPARTS; i++) {
			if (!parts[i].mech || strcmp(parts[i].mech, mechs[m]))
				continue;
			any = 1;
			if (!why_out[i][0]) {
				present = 1;
				continue;
			}
			if (!why_out[i][0] || !strcmp(why_out[i], "-"))
				continue;	/* not in this kernel's version */
			if (!parts[i].gives)
				snprintf(whole, sizeof(whole), "%.160s", why_out[i]);
			else
				append(missing, sizeof(missing), &mn, "%s%s: %s", mn ? "; " : "",
				       parts[i].gives, why_out[i]);
		}
		for (size_t i = 0; i < sizeof(needs) / sizeof(needs[0]); i++) {
			const struct need *n = &needs[i];
			char why[160] = "";

			if (strcmp(n->mech, mechs[m]) ||
			    (n->since && parts_kernel_version() < n->since))
				continue;
			for (int k = 0; k < 4 && n->syms[k] && !why[0]; k++)
				if (!in_kallsyms(n->syms[k]))
					snprintf(why, sizeof(why), "no %s in /proc/kallsyms", n->syms[k]);
			if (n->type) {
				int found = 0;
				for (int k = 0; k < 3 && n->members[k]; k++)
					found |= has_member(btf, n->type, n->members[k]);
				if (!found)
					snprintf(why, sizeof(why), "no %s.%s in this kernel's BTF",
						 n->type, n->members[0]);
			}
			if (why[0])
				append(missing, sizeof(missing), &mn, "%s%s %s: %s", mn ? "; " : "",
				       n->field, n->without, why);
		}
		if (!any)
			continue;
		if (active == 0)
			say("%s unavailable: %s is not an active LSM on this boot (/sys/kernel/security/lsm)\n",
			    mechs[m], mechs[m] + 4);
		else if (whole[0] || !present)
			say("%s unavailable: %s\n", mechs[m], whole[0] ? whole : missing);
		else if (missing[0])
			say("%s partial: %s\n", mechs[m], missing);
		else
			say("%s live\n", mechs[m]);
	}
	return status_n;
}

/* the kernel's ENOTSUPP (524), which user space has no name for, is a
 * trampoline that cannot take the function (more than six arguments
 * before 6.6, a struct passed by value) */
const char *parts_attach_error(int e)
{
	return e == 524 ? "ENOTSUPP: no trampoline for this function" : strerror(e);
}

int parts_required(const char *name)
{
	static const char *const req[] = { "dump", "clear", "hold", "release", "status",
					   "sys_exit", "sys_ret", "exec_drop" };

	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++)
		if (!strcmp(name, req[i]))
			return 1;
	return 0;
}

void parts_leave_out(const char *name, const char *why)
{
	int first = 1;

	for (size_t i = 0; i < NPARTS; i++) {
		if (strcmp(parts[i].prog, name) || why_out[i][0])
			continue;
		snprintf(why_out[i], sizeof(why_out[i]), "%s", why);
		if (first && strcmp(why, "-"))
			fprintf(stderr, "auxerr-bpfd: %s left out: %s\n", name, why);
		first = 0;
	}
}

int parts_left_out(const char *name)
{
	for (size_t i = 0; i < NPARTS; i++)
		if (!strcmp(parts[i].prog, name) && why_out[i][0])
			return 1;
	return 0;
}

void parts_put_back(const char *name)
{
	for (size_t i = 0; i < NPARTS; i++)
		if (!strcmp(parts[i].prog, name))
			why_out[i][0] = 0;
}

void parts_set_why(const char *name, const char *why)
{
	for (size_t i = 0; i < NPARTS; i++)
		if (!strcmp(parts[i].prog, name))
			snprintf(why_out[i], sizeof(why_out[i]), "%s", why);
}

const struct part *parts_of(const char *name)
{
	for (size_t i = 0; i < NPARTS; i++)
		if (!strcmp(parts[i].prog, name))
			return &parts[i];
	return NULL;
}

void parts_watch_libbpf(void)
{
	libbpf_set_print(libbpf_print);
}

const char *parts_failed_prog(void)
{
	return failed_prog;
}

const char *parts_failed_why(void)
{
	return why_load;
}

void parts_forget_failure(void)
{
	failed_prog[0] = why_load[0] = last_log_line[0] = 0;
}
