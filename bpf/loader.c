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
 *
 * Run as root once per boot.  Pinned: records (the iterator every thread
 * reads its own records from, mode 0444), clear (reading it drops the
 * reader's records, 0444), hold and release (a flush's own calls are not
 * counted, 0444), the links of the noting programs, the records' map
 * (notes, for the flush service) and the read-only data (rodata: the
 * depth, for the service's LAST) under links/ (0700).  The fexit programs whose function this kernel lacks are
 * not loaded (a message names them).
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
#include "serve.h"

#define DIR_ "/sys/fs/bpf/auxerr"
#define BPF_FS_MAGIC 0xcafe4a11

static int unload(void)
{
	const char *files[] = { DIR_ "/records", DIR_ "/clear", DIR_ "/hold",
				DIR_ "/release" };
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

static int pin(struct bpf_link *l, const char *path, mode_t mode)
{
	if (bpf_link__pin(l, path) < 0 || chmod(path, mode) < 0) {
		fprintf(stderr, "auxerr-bpfd: pin %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct auxerr_bpf *skel;
	struct bpf_program *prog;
	struct btf *vmlinux;
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
		if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
			depth = (unsigned)atoi(argv[++i]);
			if (depth < 1 || depth > 16) {
				fprintf(stderr, "auxerr-bpfd: --depth 1..16\n");
				return 2;
			}
			continue;
		}
		fprintf(stderr, "usage: auxerr-bpfd [--depth N] [--exit-kretprobe | --on-demand] | --unload | --serve\n");
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
	skel = auxerr_bpf__open();
	if (!skel) {
		perror("auxerr-bpfd: open");
		return 1;
	}
	skel->rodata->depth = depth;
	skel->rodata->exit_kretprobe = kretprobe;
	bpf_program__set_autoload(skel->progs.sys_exit, !kretprobe);
	bpf_program__set_autoload(skel->progs.sys_ret, kretprobe);
	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		perror("auxerr-bpfd: the kernel's BTF");
		return 1;
	}
	bpf_object__for_each_program(prog, skel->obj) {
		const char *sec = bpf_program__section_name(prog);
		if (strncmp(sec, "fexit/", 6))
			continue;
		if (btf__find_by_name_kind(vmlinux, sec + 6, BTF_KIND_FUNC) < 0) {
			fprintf(stderr, "auxerr-bpfd: no %s in this kernel: not noted\n", sec + 6);
			bpf_program__set_autoload(prog, false);
		}
	}
	btf__free(vmlinux);
	err = auxerr_bpf__load(skel);
	if (err) {
		fprintf(stderr, "auxerr-bpfd: load: %s\n", strerror(-err));
		return 1;
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

		if (!bpf_program__autoload(prog))
			continue;
		if (on_demand && !iter) {
			/* the service attaches it while records are wanted */
			snprintf(path, sizeof(path), AUXB_PROGS_DIR "/%s", name);
			if (bpf_program__pin(prog, path) < 0 || chmod(path, 0600) < 0) {
				fprintf(stderr, "auxerr-bpfd: pin %s: %s\n", path, strerror(errno));
				unload();
				return 1;
			}
			continue;
		}
		l = strcmp(name, "sys_ret") ? bpf_program__attach(prog) : attach_exit(prog);
		if (!l) {
			fprintf(stderr, "auxerr-bpfd: attach %s: %s\n", name, strerror(errno));
			unload();
			return 1;
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
	printf("auxerr-bpfd: loaded%s, depth %u: " DIR_ "/records\n",
	       on_demand ? " on demand (attached while wanted: auxerr-bpfd --serve)" : "",
	       depth);
	return 0;
}
