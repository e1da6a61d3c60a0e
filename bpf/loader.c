// SPDX-License-Identifier: GPL-2.0-only
/*
 * auxerr-bpfd: load the BPF backend (auxerr.bpf.c) and pin it, then exit.
 *
 *   auxerr-bpfd [--depth N] [--exit-kretprobe]
 *                             load, attach, pin under /sys/fs/bpf/auxerr
 *                             (the exit program: the sys_exit tracepoint,
 *                             or a kretprobe.multi on the system calls)
 *   auxerr-bpfd --on-demand [--depth N]
 *                             load, but attach only the iterators: the
 *                             noting programs are pinned unattached under
 *                             links/progs, and the flush service attaches
 *                             them while someone wants records (request
 *                             WANT: auxerr run), so that nothing is paid
 *                             on the success path the rest of the time
 *   auxerr-bpfd --unload      remove the pins (the programs go with them)
 *   auxerr-bpfd --serve       the flush service (serve.c), once loaded
 *   auxerr-bpfd --status      what is noted on this kernel (the status pin)
 *
 * Run as root once per boot.  Pinned: records (the iterator every thread
 * reads its own records from, mode 0444), clear (reading it drops the
 * reader's records, 0444), hold and release (a flush's own calls are not
 * counted, 0444), the links of the noting programs, the records' map
 * (notes, for the flush service) and the read-only data (rodata: the
 * depth, for the service's LAST) under links/ (0700).
 *
 * Every noting program is optional: one this kernel cannot take (its
 * function absent from the kernel's BTF, refused by the verifier or by a
 * CO-RE relocation, or not attachable) is left out with a message saying
 * why, and loses its mechanism or the part of it that program notes
 * (parts.c); the rest loads.  Only the iterators, the exit
 * program and the exec program (without which records would outlive an
 * execve()) are required.  What was left out is pinned as the status
 * iterator (0444), one line per mechanism: live, partial (what is
 * missing, and why) or unavailable (why).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "auxerr.skel.h"
#include "parts.h"
#include "serve.h"

#define DIR_ "/sys/fs/bpf/auxerr"
#define BPF_FS_MAGIC 0xcafe4a11

static int unload(void)
{
	const char *files[] = { DIR_ "/records", DIR_ "/clear", DIR_ "/hold",
				DIR_ "/release", AUXB_STATUS_PIN };
	DIR *d = opendir(DIR_ "/links");
	struct dirent *e;
	char p[512];

	DIR *pd = opendir(AUXB_PROGS_DIR);

	if (pd) {
		while ((e = readdir(pd))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), AUXB_PROGS_DIR "/%s", e->d_name);
			unlink(p);
		}
		closedir(pd);
		rmdir(AUXB_PROGS_DIR);
	}
	if (d) {
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), DIR_ "/links/%s", e->d_name);
			unlink(p);
		}
		closedir(d);
		rmdir(DIR_ "/links");
	}
	for (unsigned i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(files[i]);
	if (rmdir(DIR_) < 0 && errno != ENOENT) {
		perror("auxerr-bpfd: " DIR_);
		return 1;
	}
	return 0;
}

/*
 * The system call functions the exit program (sys_ret) returns from: all
 * the traceable __x64_sys_* (ftrace's list) but these, which fail with none of the
 * errnos the backend notes (EPERM, EACCES, EROFS; no capability or LSM
 * check either), so that they run no program (docs/bpf-backend.md,
 * "Cost").  rt_sigreturn is not a return
 * of its own (it restores the interrupted code's registers).
 */
static const char *const no_exit[] = {
	"getpid", "getppid", "gettid", "getuid", "geteuid", "getgid",
	"getegid", "getresuid", "getresgid", "getgroups", "getpgrp",
	"sched_yield", "umask", "time", "gettimeofday", "times", "sysinfo",
	"uname", "newuname", "getrusage", "getitimer", "alarm", "pause",
	"nanosleep", "clock_gettime", "clock_getres", "clock_nanosleep",
	"getcpu", "getrandom", "set_tid_address", "rt_sigprocmask",
	"rt_sigreturn", "rt_sigpending", "exit", "exit_group", "brk",
	"getcwd", "set_robust_list",
};

#define FILTER_FUNCS "/sys/kernel/tracing/available_filter_functions"

static struct bpf_link *attach_exit(struct bpf_program *prog)
{
	LIBBPF_OPTS(bpf_kprobe_multi_opts, o, .retprobe = true);
	static char names[1024][64];
	static const char *syms[1024];
	char line[256], name[200];
	size_t n = 0;
	FILE *f = fopen(FILTER_FUNCS, "re");

	if (!f && mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0)
		f = fopen(FILTER_FUNCS, "re");
	if (!f) {
		perror("auxerr-bpfd: " FILTER_FUNCS);
		return NULL;
	}
	while (fgets(line, sizeof(line), f) && n < 1024) {
		int skip = 0;

		if (sscanf(line, "%199s", name) != 1 ||
		    strncmp(name, "__x64_sys_", 10) ||
		    strlen(name) >= sizeof(names[0]))
			continue;
		for (size_t i = 0; i < sizeof(no_exit) / sizeof(no_exit[0]); i++)
			skip |= !strcmp(name + 10, no_exit[i]);
		for (size_t i = 0; i < n && !skip; i++)
			skip = !strcmp(names[i], name);
		if (skip)
			continue;
		strcpy(names[n], name);
		syms[n] = names[n];
		n++;
	}
	fclose(f);
	o.syms = syms;
	o.cnt = n;
	return bpf_program__attach_kprobe_multi_opts(prog, NULL, &o);
}

/* the number of arguments of kernel function @fn (in BTF), -1 if unknown */
static int func_args(const struct btf *vmlinux, const char *fn)
{
	int id = btf__find_by_name_kind(vmlinux, fn, BTF_KIND_FUNC);
	const struct btf_type *t = id < 0 ? NULL : btf__type_by_id(vmlinux, id);

	t = t ? btf__type_by_id(vmlinux, t->type) : NULL;
	return t && btf_is_func_proto(t) ? btf_vlen(t) : -1;
}

/*
 * Open the skeleton for this kernel: each fexit program's target is the
 * first of its functions in the kernel's BTF; one without any is left out.
 */
static struct auxerr_bpf *open_for_kernel(const struct btf *vmlinux, unsigned depth,
					  int kretprobe, int version)
{
	struct auxerr_bpf *skel = auxerr_bpf__open();
	struct bpf_program *prog;

	if (!skel)
		return NULL;
	skel->rodata->depth = depth;
	skel->rodata->exit_kretprobe = kretprobe;
	bpf_program__set_autoload(skel->progs.sys_exit, !kretprobe);
	bpf_program__set_autoload(skel->progs.sys_ret, kretprobe);
	bpf_object__for_each_program(prog, skel->obj) {
		const char *name = bpf_program__name(prog);
		const struct part *p = NULL;
		const char *fn = NULL;
		char why[160];

		p = parts_of(name);
		if (!p)
			continue;
		if (parts_left_out(name)) {
			bpf_program__set_autoload(prog, false);
			continue;
		}
		for (int k = 0; k < 3 && p->funcs[k] && !fn; k++)
			if (btf__find_by_name_kind(vmlinux, p->funcs[k], BTF_KIND_FUNC) >= 0)
				fn = p->funcs[k];
		if (!fn) {
			if (p->since && version < p->since) {
				fprintf(stderr, "auxerr-bpfd: no %s in this kernel (Linux %d.%d and later): "
					"nothing of that kind to note\n", p->funcs[0],
					p->since / 100, p->since % 100);
				parts_leave_out(name, "-");
			} else {
				snprintf(why, sizeof(why), "no %s%s%s in this kernel's BTF", p->funcs[0],
					 p->funcs[1] ? " or " : "", p->funcs[1] ? p->funcs[1] : "");
				parts_leave_out(name, why);
			}
			bpf_program__set_autoload(prog, false);
			continue;
		}
		if (!strncmp(bpf_program__section_name(prog), "fexit/", 6) &&
		    version < 606 && func_args(vmlinux, fn) > 6) {
			/* x86-64 trampolines take six arguments before 6.6:
			 * the kernel would refuse it at load time */
			snprintf(why, sizeof(why), "%s has %d arguments, more than fexit takes before Linux 6.6",
				 fn, func_args(vmlinux, fn));
			parts_leave_out(name, why);
			bpf_program__set_autoload(prog, false);
			continue;
		}
		if (strcmp(fn, p->funcs[0]) &&
		    !strncmp(bpf_program__section_name(prog), "fexit/", 6))
			bpf_program__set_attach_target(prog, 0, fn);
	}
	/* Landlock's walk returns an int before 6.2 (check_access_path_dual()) */
	skel->rodata->ll_walk_int =
		btf__find_by_name_kind(vmlinux, "is_access_to_paths_allowed", BTF_KIND_FUNC) < 0;
	return skel;
}

static int pin(struct bpf_link *l, const char *path, mode_t mode)
{
	if (bpf_link__pin(l, path) < 0 || chmod(path, mode) < 0) {
		fprintf(stderr, "auxerr-bpfd: pin %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * A kprobe at the entry of @fn (and with @ret, a kretprobe at its
 * return) standing in for fexit program @part where fexit cannot take
 * the function (more than six arguments: x86-64 trampolines take six
 * before 6.6, so Debian 12's 6.1), pinned as links/NAME; then nothing of
 * @part is lost.  @on_demand: they are attached once, to see that they
 * attach, then detached, and the programs pinned for the service as
 * AUXB_PROGS_DIR/kprobe:FUNC:NAME and kretprobe:FUNC:NAME (it attaches
 * them while records are wanted).
 */
static void stand_in(const char *part, const char *fn, struct bpf_program *entry,
		     struct bpf_program *ret, int on_demand)
{
	struct bpf_link *in = NULL, *out = NULL;
	const char *n_in = bpf_program__name(entry), *n_out = ret ? bpf_program__name(ret) : NULL;
	char why[160], path[256];
	int err;

	if (parts_left_out(n_in) || (ret && parts_left_out(n_out)))
		return;
	in = bpf_program__attach_kprobe(entry, false, fn);
	if (in && ret)
		out = bpf_program__attach_kprobe(ret, true, fn);
	if (in && (out || !ret) && on_demand) {
		bpf_link__destroy(in);
		bpf_link__destroy(out);
		snprintf(path, sizeof(path), AUXB_PROGS_DIR "/kprobe:%s:%s", fn, n_in);
		err = bpf_program__pin(entry, path) < 0;

		if (!err && ret) {
			snprintf(path, sizeof(path), AUXB_PROGS_DIR "/kretprobe:%s:%s", fn, n_out);
			err = bpf_program__pin(ret, path) < 0;
		}
		if (err) {
			snprintf(why, sizeof(why), "no fexit, and %s not pinned (%s)", fn,
				 strerror(errno));
			parts_set_why(part, why);
			fprintf(stderr, "auxerr-bpfd: %s: %s\n", part, why);
			return;
		}
	} else {
		err = !in || (ret && !out);
		if (!err) {
			snprintf(path, sizeof(path), DIR_ "/links/%s", n_in);
			err = pin(in, path, 0600);
		}
		if (!err && ret) {
			snprintf(path, sizeof(path), DIR_ "/links/%s", n_out);
			err = pin(out, path, 0600);
		}
		if (err) {
			snprintf(why, sizeof(why), "no fexit, and no kprobe on %s (%s)", fn,
				 parts_attach_error(errno));
			parts_set_why(part, why);
			fprintf(stderr, "auxerr-bpfd: %s: %s\n", part, why);
			return;
		}
	}
	parts_put_back(part);
	fprintf(stderr, "auxerr-bpfd: %s: %s on %s instead\n", part,
		ret ? "a kprobe and a kretprobe" : "a kprobe", fn);
}

/* the fexit programs that have kprobe stand-ins, where this kernel left
 * them out: Landlock's path walk (is_access_to_paths_allowed(),
 * check_access_path_dual() before 6.2) and aa_audit_file() */
static void kprobe_stand_ins(struct auxerr_bpf *skel, const struct btf *vmlinux, int on_demand)
{
	static const char *const walk[] = { "is_access_to_paths_allowed",
					    "check_access_path_dual" };

	if (parts_left_out("ll_walk")) {
		for (size_t i = 0; i < 2; i++)
			if (btf__find_by_name_kind(vmlinux, walk[i], BTF_KIND_FUNC) >= 0) {
				stand_in("ll_walk", walk[i], skel->progs.ll_walk_entry,
					 skel->progs.ll_walk_ret, on_demand);
				break;
			}
	}
	if (parts_left_out("aa_audit_file_x") &&
	    btf__find_by_name_kind(vmlinux, "aa_audit_file", BTF_KIND_FUNC) >= 0 &&
	    func_args(vmlinux, "aa_audit_file") == 10)
		stand_in("aa_audit_file_x", "aa_audit_file", skel->progs.aa_audit_file_entry,
			 NULL, on_demand);
}

/* auxerr-bpfd --status: the status pin, as the loader wrote it */
static int show_status(void)
{
	char buf[AUXB_STATUS_MAX];
	size_t n;
	FILE *f = fopen(AUXB_STATUS_PIN, "re");

	if (!f) {
		fprintf(stderr, "auxerr-bpfd: %s: %s%s\n", AUXB_STATUS_PIN, strerror(errno),
			errno == ENOENT ? " (not loaded)" : "");
		return 3;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	fwrite(buf, 1, n, stdout);
	return fflush(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct auxerr_bpf *skel;
	struct bpf_program *prog;
	struct btf *vmlinux;
	struct bpf_link *links_status = NULL;
	static char status_buf[AUXB_STATUS_MAX];
	size_t status_n;
	const char *failed;
	struct statfs sfs;
	struct timespec rt, bt;
	unsigned depth = 1;
	int err, kretprobe = 0, on_demand = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--unload"))
			return unload();
		if (!strcmp(argv[i], "--exit-kretprobe")) {
			kretprobe = 1;
			continue;
		}
		if (!strcmp(argv[i], "--on-demand")) {
			on_demand = 1;
			continue;
		}
		if (!strcmp(argv[i], "--serve") && argc == 2)
			return auxerr_bpf_serve(DIR_ "/links/notes");
		if (!strcmp(argv[i], "--status") && argc == 2)
			return show_status();
		if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
			depth = (unsigned)atoi(argv[++i]);
			if (depth < 1 || depth > 16) {
				fprintf(stderr, "auxerr-bpfd: --depth 1..16\n");
				return 2;
			}
			continue;
		}
		fprintf(stderr, "usage: auxerr-bpfd [--depth N] [--exit-kretprobe | --on-demand] | --unload | --serve | --status\n");
		return 2;
	}
	if (kretprobe && on_demand) {
		/* the service attaches tracing programs only */
		fprintf(stderr, "auxerr-bpfd: --on-demand uses the sys_exit tracepoint, not --exit-kretprobe\n");
		return 2;
	}
	if (access(DIR_ "/records", F_OK) == 0) {
		fprintf(stderr, "auxerr-bpfd: already loaded (%s)\n", DIR_);
		return 0;
	}
	if (statfs("/sys/fs/bpf", &sfs) < 0 || sfs.f_type != BPF_FS_MAGIC) {
		if (mount("bpf", "/sys/fs/bpf", "bpf", 0, "mode=0755") < 0) {
			perror("auxerr-bpfd: mount bpffs on /sys/fs/bpf");
			return 1;
		}
	}
	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		perror("auxerr-bpfd: the kernel's BTF");
		return 1;
	}
	/* a program the kernel refuses is left out and the rest loaded again */
	parts_watch_libbpf();
	for (int tries = 0;; tries++) {
		skel = open_for_kernel(vmlinux, depth, kretprobe, parts_kernel_version());
		if (!skel) {
			perror("auxerr-bpfd: open");
			return 1;
		}
		parts_forget_failure();
		err = auxerr_bpf__load(skel);
		if (!err)
			break;
		failed = parts_failed_prog();
		if (!failed[0] || parts_required(failed) || parts_left_out(failed) ||
		    tries > (int)nparts) {
			fprintf(stderr, "auxerr-bpfd: load: %s\n", strerror(-err));
			if (failed[0])
				fprintf(stderr, "auxerr-bpfd: %s (required): %s\n", failed,
					parts_failed_why()[0] ? parts_failed_why() : "refused");
			return 1;
		}
		parts_leave_out(failed, parts_failed_why());
		auxerr_bpf__destroy(skel);
	}
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_BOOTTIME, &bt);
	skel->bss->realtime_offset = (rt.tv_sec - bt.tv_sec) * 1000000000LL +
				     (rt.tv_nsec - bt.tv_nsec);

	if (mkdir(DIR_, 0755) < 0 || chmod(DIR_, 0755) < 0 ||
	    mkdir(DIR_ "/links", 0700) < 0 ||
	    (on_demand && mkdir(AUXB_PROGS_DIR, 0700) < 0)) {
		perror("auxerr-bpfd: mkdir " DIR_);
		return 1;
	}
	bpf_object__for_each_program(prog, skel->obj) {
		const char *name = bpf_program__name(prog);
		struct bpf_link *l;
		char path[256];
		int iter = !strncmp(bpf_program__section_name(prog), "iter/", 5);

		if (!bpf_program__autoload(prog) || !strncmp(name, "ll_walk_", 8) ||
		    !strcmp(name, "aa_audit_file_entry"))
			continue;	/* (stand-ins: kprobe_stand_ins()) */
		l = strcmp(name, "sys_ret") ? bpf_program__attach(prog) : attach_exit(prog);
		if (!l && !parts_required(name)) {
			char why[160];

			snprintf(why, sizeof(why), "not attachable (%s)", parts_attach_error(errno));
			parts_leave_out(name, why);
			continue;
		}
		if (!l) {
			fprintf(stderr, "auxerr-bpfd: attach %s: %s\n", name, strerror(errno));
			unload();
			return 1;
		}
		/* on demand too, exec_drop stays attached: records kept while
		 * attached must not outlive an execve() made while detached */
		if (on_demand && !iter && strcmp(name, "exec_drop")) {
			/* the service attaches it while records are wanted; it
			 * was attached once above, and detached again, so that
			 * what this kernel refuses is in the status already */
			bpf_link__destroy(l);
			snprintf(path, sizeof(path), AUXB_PROGS_DIR "/%s", name);
			if (bpf_program__pin(prog, path) < 0 || chmod(path, 0600) < 0) {
				fprintf(stderr, "auxerr-bpfd: pin %s: %s\n", path, strerror(errno));
				unload();
				return 1;
			}
			continue;
		}
		if (iter && !strcmp(name, "status")) {
			links_status = l;
			continue;	/* pinned once the status is written */
		}
		if (iter) {
			snprintf(path, sizeof(path), DIR_ "/%s",
				 !strcmp(name, "dump") ? "records" : name);
			err = pin(l, path, 0444);
		} else {
			snprintf(path, sizeof(path), DIR_ "/links/%s", name);
			err = pin(l, path, 0600);
		}
		if (err) {
			unload();
			return 1;
		}
	}
	/* the thread records, for the flush service (root only: links/) */
	if (bpf_map__pin(skel->maps.notes, DIR_ "/links/notes") < 0 ||
	    chmod(DIR_ "/links/notes", 0600) < 0) {
		perror("auxerr-bpfd: pin " DIR_ "/links/notes");
		unload();
		return 1;
	}
	/* the depth, for the service's LAST (what the iterator shows) */
	if (bpf_map__pin(skel->maps.rodata, AUXB_RODATA_PIN) < 0 ||
	    chmod(AUXB_RODATA_PIN, 0600) < 0) {
		perror("auxerr-bpfd: pin " AUXB_RODATA_PIN);
		unload();
		return 1;
	}
	/* the attach period, for the service (--on-demand bumps it) */
	if (bpf_map__pin(skel->maps.period, AUXB_PERIOD_PIN) < 0 ||
	    chmod(AUXB_PERIOD_PIN, 0600) < 0) {
		perror("auxerr-bpfd: pin " AUXB_PERIOD_PIN);
		unload();
		return 1;
	}
	kprobe_stand_ins(skel, vmlinux, on_demand);
	status_n = parts_status(vmlinux, kretprobe ? "kretprobe.multi" : "sys_exit tracepoint",
				status_buf, sizeof(status_buf));
	btf__free(vmlinux);
	memcpy(skel->bss->status_text, status_buf, status_n);
	skel->bss->status_len = status_n;
	if (!links_status || pin(links_status, AUXB_STATUS_PIN, 0444)) {
		unload();
		return 1;
	}
	/* say what this kernel does not give */
	for (char *p = status_buf, *nl; *p && (nl = strchr(p, '\n')); p = nl + 1) {
		const char *sp = memchr(p, ' ', (size_t)(nl - p));

		if (sp && (!strncmp(sp, " partial: ", 10) || !strncmp(sp, " unavailable: ", 14)))
			fprintf(stderr, "auxerr-bpfd: %.*s\n", (int)(nl - p), p);
	}
	printf("auxerr-bpfd: loaded%s, depth %u: " DIR_ "/records\n",
	       on_demand ? " on demand (attached while wanted: auxerr-bpfd --serve)" : "",
	       depth);
	return 0;
}
