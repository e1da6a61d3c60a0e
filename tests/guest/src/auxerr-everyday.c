// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr-everyday: one everyday system call, then what libauxerr makes of
 * the record the kernel kept for it (tests/guest/t-everyday.sh).
 *
 *   auxerr-everyday ACTION ARGS...
 *
 * Actions: open PATH r|w|creat, link OLD NEW, rename OLD NEW, rmdir PATH,
 * unlink PATH, umount PATH [cd] (umount2() with no flag; with "cd", from
 * inside PATH: a chdir() into it first), mount SOURCE TARGET FSTYPE
 * OPTIONS (mount(2), no flag), kill PID SIG,
 * setpriority PID PRIO, bind PORT (127.0.0.1), chmod PATH OCTAL (the chmod
 * system call itself), syslog (read the kernel log), setpgid PGID,
 * stat PATH (newfstatat), write PATH TEXT (open, then the write(2) that is
 * noted), bpf (load a one-instruction socket filter), prlimit PID (set its
 * RLIMIT_NOFILE to 64:64), setaffinity PID (to CPU 0), capset PP PI PE
 * [PID] (capset(2) of the sets in hex, of PID, default 0: the caller),
 * ambient CAP [inh] (prctl PR_CAP_AMBIENT_RAISE of capability number CAP;
 * with "inh", first a capset() adding it to the inheritable set, which
 * must succeed), securebits N (PR_SET_SECUREBITS), keepcaps N
 * (PR_SET_KEEPCAPS), tracepoint ID (perf_event_open of tracepoint ID with
 * raw samples, for this process, user space only), seccomp-nnp
 * prctl|seccomp [PATH] (install a seccomp filter that allows every call,
 * by prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER) or
 * seccomp(SECCOMP_SET_MODE_FILTER), without setting no_new_privs; after
 * the call, "status.NoNewPrivs=", "status.Seccomp=" and
 * "status.Seccomp_filters=" from /proc/self/status, and when it succeeded
 * and PATH is given, "after.errno=" of opening PATH for reading under the
 * filter and "after.mechanism=" of its record), shmat KEY (shmget() of
 * the existing key, then shmat() of it read-only), msgsnd KEY (msgget()
 * of the existing key, then msgsnd() of one byte, IPC_NOWAIT); both print
 * "ipc.id=" the id the get returned (its errno is the result when it
 * fails), ping inet|inet6 (socket() of an ICMP echo socket,
 * SOCK_DGRAM with IPPROTO_ICMP or IPPROTO_ICMPV6), uffd [user]
 * (userfaultfd(O_CLOEXEC), with "user" | UFFD_USER_MODE_ONLY), uffd-dev
 * (open /dev/userfaultfd, then ioctl USERFAULTFD_IOC_NEW with O_CLOEXEC:
 * the system call of the one that failed), mmap LEN PROT FLAGS OFFSET
 * [PATH r|w|rw] (numbers as strtoul reads them, 0x allowed; anonymous
 * without PATH), mprotect PROT [PATH] (of a fresh private anonymous page,
 * or of a MAP_SHARED page of PATH opened read-only), mremap NEWLEN FLAGS
 * (of a fresh one-page mapping), exec PATH (execve() with no argument),
 * swapon PATH (flags 0), truncate PATH (to 0), ftruncate PATH (opened
 * O_WRONLY | O_APPEND, then ftruncate to 0), utimes PATH (utimensat to 1 s), sendto ADDR PORT
 * [so_broadcast] (one byte from a new UDP socket, with SO_BROADCAST set
 * when asked), udp-connect ADDR PORT [so_broadcast] (connect() of one),
 * memfd exec|seal|none (memfd_create with MFD_EXEC, MFD_NOEXEC_SEAL or no
 * flag), connect-unix PATH (a stream socket to that file), mlock BYTES (of
 * a new anonymous mapping), mlockall (MCL_CURRENT), ptrace PID
 * (PTRACE_ATTACH), keyread SERIAL (keyctl KEYCTL_READ of that key),
 * keyupdate SERIAL (KEYCTL_UPDATE of it with one byte),
 * io_uring (io_uring_setup() of a 4-entry ring, closed at once),
 * unshare FLAGS (unshare(2) of those flags, strtoul's number),
 * chroot PATH,
 * openflags PATH FLAGS MODE (openat() with those flags and mode, numbers
 * as strtoul reads them), openat2 PATH FLAGS RESOLVE MODE SIZE (openat2()
 * with that struct open_how and size, 0: its own), fcntl ON CMD ARG
 * (fcntl() of a descriptor ON: "status" /proc/self/status read-only,
 * "pipe" the read end of a pipe holding 8 KiB, "memfd" a memfd made
 * without MFD_ALLOW_SEALING), fill HOW SOFT HARD N (set RLIMIT_NOFILE's
 * soft and hard values, "-" to keep one, then make descriptors until a
 * call fails or N were made: HOW is open (openat of /dev/null), pipe
 * (pipe2), socket (an AF_UNIX datagram socket), dupfd (fcntl F_DUPFD of
 * 0 from 3), or dup2 (one dup2() of 0 to the soft limit plus 4); the
 * descriptors made are closed again before the record is read, so that
 * the library has its own), fillfs write|fallocate|create PATH N (fill a
 * filesystem until a call fails: write PATH a page at a time, N pages at
 * most; fallocate N pages of PATH at offset 0 in one call; create files
 * PATH/f0, PATH/f1... with openat(O_CREAT | O_EXCL), N at most;
 * "fillfs.made=" how many pages or files were made), inotify DIR N
 * (inotify_init1(), then inotify_add_watch() of DIR/f0, DIR/f1... until
 * one fails, N at most), inotify-init N (inotify_init1() until it fails,
 * N at most); both print "notify.made=" how many were made.
 *
 *   auxerr-everyday ipcmk shm|msg KEY MODE
 *   auxerr-everyday ipcset shm|msg KEY MODE
 *
 * create (IPC_CREAT|IPC_EXCL) a shared memory segment of one page or a
 * message queue with key KEY and MODE (octal), or set the mode of the
 * existing one with IPC_SET; "errno=" and "ipc.id=" (util-linux's ipcmk
 * chooses the key itself, and nothing sets the mode of an existing one).
 *
 *   auxerr-everyday fuse-serve MOUNTPOINT UID GID
 *
 * mounts a FUSE file system on MOUNTPOINT (as root: user_id=UID,
 * group_id=GID, no allow_other) and serves it until killed: an empty
 * directory owned by UID:GID (INIT, GETATTR, LOOKUP: ENOENT, the rest
 * ENOSYS), so that its owner's calls succeed.
 *
 * Output, written at the end (so that printing makes no system call in
 * between): "errno=N" (0: the call succeeded), then, when the newest
 * record is the call's (errno and system call match): "mechanism=",
 * "sys.NAME=raw" for the SYSCALL record's syscall, exit, a0, a1, a2, uid,
 * "f.NAME=raw" for every AUXERR field, "count.TYPE=N" and
 * "f.TYPE.NAME=raw" for the ANOM_LINK, ANOM_CREAT and SOCKADDR records,
 * "count.PATH=N" and the first PATH name interpreted, "i.PATH.name=",
 * "sentence=", and the remedy: "remedy.kind= .text= .command= .who= .uid=
 * .weakens=" (a missing one as "-").  "record=none" when no record is the
 * call's.
 */
#include <arpa/inet.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/fuse.h>
#include <linux/openat2.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include <linux/userfaultfd.h>
#include <sys/prctl.h>
#include <sys/inotify.h>
#include <sys/ipc.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include <auxerr.h>

static char out[1 << 16];
static size_t used;

__attribute__((format(printf, 1, 2)))
static void put(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out + used, sizeof(out) - used, fmt, ap);
	va_end(ap);
	if (n > 0)
		used += (size_t)n < sizeof(out) - used ? (size_t)n : sizeof(out) - used - 1;
}

/* The "fill" action (see the top): make descriptors until a call fails */
static long fill(const char *how, const char *soft, const char *hard,
		 long max, long *nr)
{
	static int fds[16384];
	struct rlimit rl;
	long ret = 0, n = 0, made = 0;
	int e = 0, p[2];

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return -1;
	if (strcmp(soft, "-"))
		rl.rlim_cur = strtoul(soft, NULL, 0);
	if (strcmp(hard, "-"))
		rl.rlim_max = strtoul(hard, NULL, 0);
	/* (not when both are kept: a hard limit above fs.nr_open, which root
	 * may have lowered since, cannot be set again) */
	if ((strcmp(soft, "-") || strcmp(hard, "-")) &&
	    setrlimit(RLIMIT_NOFILE, &rl))
		return -1;
	*nr = !strcmp(how, "pipe") ? SYS_pipe2 :
	      !strcmp(how, "socket") ? SYS_socket :
	      !strcmp(how, "dupfd") ? SYS_fcntl :
	      !strcmp(how, "dup2") ? SYS_dup2 : SYS_openat;
	if (*nr == SYS_dup2)
		return syscall(SYS_dup2, 0, (long)rl.rlim_cur + 4);
	for (n = 0; n < max && made + 2 <= (long)(sizeof(fds) / sizeof(fds[0])); n++) {
		if (*nr == SYS_pipe2) {
			ret = syscall(SYS_pipe2, p, 0);
			if (ret == 0) {
				fds[made++] = p[0];
				ret = p[1];
			}
		} else if (*nr == SYS_socket) {
			ret = syscall(SYS_socket, AF_UNIX, SOCK_DGRAM, 0);
		} else if (*nr == SYS_fcntl) {
			ret = syscall(SYS_fcntl, 0, F_DUPFD, 3);
		} else {
			ret = syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY, 0);
		}
		if (ret < 0) {
			e = errno;
			break;
		}
		fds[made++] = (int)ret;
	}
	put("fill.made=%ld\n", made);
	while (made > 0)
		close(fds[--made]);
	if (ret < 0) {
		errno = e;
		return -1;
	}
	return 0;
}

/* The "fillfs" action (see the top): fill a filesystem until a call fails */
static long fillfs(const char *how, const char *path, long max, long *nr)
{
	static char page[65536];
	long pg = sysconf(_SC_PAGESIZE), ret = 0, n = 0;
	char name[4096];
	int fd, e;

	if (pg <= 0 || pg > (long)sizeof(page))
		return -1;
	if (!strcmp(how, "create")) {
		*nr = SYS_openat;
		for (n = 0; n < max; n++) {
			snprintf(name, sizeof(name), "%s/f%ld", path, n);
			ret = syscall(SYS_openat, AT_FDCWD, name,
				      O_WRONLY | O_CREAT | O_EXCL, 0644);
			if (ret < 0)
				break;
			close((int)ret);
		}
	} else {
		fd = open(path, O_WRONLY | O_CREAT, 0644);
		if (fd < 0)
			return -1;
		if (!strcmp(how, "fallocate")) {
			*nr = SYS_fallocate;
			ret = syscall(SYS_fallocate, fd, 0, 0L, max * pg);
			n = ret < 0 ? 0 : max;
		} else {
			*nr = SYS_write;
			for (n = 0; n < max; n++) {
				ret = syscall(SYS_write, fd, page, pg);
				if (ret < 0)
					break;
			}
		}
		e = errno;
		close(fd);
		errno = e;
	}
	e = errno;
	put("fillfs.made=%ld\n", n);
	errno = e;
	return ret < 0 ? -1 : 0;
}

/* The "inotify" and "inotify-init" actions (see the top) */
static long notify_fill(const char *dir, long max, long *nr)
{
	char name[4096];
	long n, ret = 0;
	int fd = -1, e;

	if (dir) {
		fd = inotify_init1(IN_CLOEXEC);
		if (fd < 0)
			return -1;
	}
	*nr = dir ? SYS_inotify_add_watch : SYS_inotify_init1;
	for (n = 0; n < max; n++) {
		if (dir) {
			snprintf(name, sizeof(name), "%s/f%ld", dir, n);
			ret = syscall(SYS_inotify_add_watch, fd, name, IN_MODIFY);
		} else {
			ret = syscall(SYS_inotify_init1, IN_CLOEXEC);
		}
		if (ret < 0)
			break;
	}
	e = errno;
	put("notify.made=%ld\n", n);
	errno = e;
	return ret < 0 ? -1 : 0;
}

static long act(int argc, char **argv, long *nr)
{
	const char *a = argv[1];

	if (!strcmp(a, "open") && argc == 4) {
		int fl = !strcmp(argv[3], "w") ? O_WRONLY :
			 !strcmp(argv[3], "creat") ? O_WRONLY | O_CREAT : O_RDONLY;
		*nr = SYS_openat;
		return syscall(SYS_openat, AT_FDCWD, argv[2], fl, 0644);
	}
	if (!strcmp(a, "link") && argc == 4) {
		*nr = SYS_linkat;
		return syscall(SYS_linkat, AT_FDCWD, argv[2], AT_FDCWD, argv[3], 0);
	}
	if (!strcmp(a, "rename") && argc == 4) {
		*nr = SYS_renameat2;
		return syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD, argv[3], 0);
	}
	if (!strcmp(a, "rmdir") && argc == 3) {
		*nr = SYS_rmdir;
		return syscall(SYS_rmdir, argv[2]);
	}
	if (!strcmp(a, "unlink") && argc == 3) {
		*nr = SYS_unlinkat;
		return syscall(SYS_unlinkat, AT_FDCWD, argv[2], 0);
	}
	if (!strcmp(a, "umount") && (argc == 3 || (argc == 4 && !strcmp(argv[3], "cd")))) {
		*nr = SYS_umount2;
		if (argc == 4 && chdir(argv[2]))
			return -1;
		return syscall(SYS_umount2, argv[2], 0);
	}
	if (!strcmp(a, "mount") && argc == 6) {
		*nr = SYS_mount;
		return syscall(SYS_mount, argv[2], argv[3], argv[4], 0L, argv[5]);
	}
	if (!strcmp(a, "kill") && argc == 4) {
		*nr = SYS_kill;
		return syscall(SYS_kill, atoi(argv[2]), atoi(argv[3]));
	}
	if (!strcmp(a, "setpriority") && argc == 4) {
		*nr = SYS_setpriority;
		return syscall(SYS_setpriority, PRIO_PROCESS, atoi(argv[2]), atoi(argv[3]));
	}
	if (!strcmp(a, "bind") && argc == 3) {
		struct sockaddr_in sa = { .sin_family = AF_INET };
		int fd = socket(AF_INET, SOCK_STREAM, 0);

		sa.sin_port = htons((unsigned short)atoi(argv[2]));
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		*nr = SYS_bind;
		return syscall(SYS_bind, fd, &sa, sizeof(sa));
	}
	if (!strcmp(a, "chmod") && argc == 4) {
		*nr = SYS_chmod;
		return syscall(SYS_chmod, argv[2], (mode_t)strtoul(argv[3], NULL, 8));
	}
	if (!strcmp(a, "syslog") && argc == 2) {
		static char buf[4096];

		*nr = SYS_syslog;
		return syscall(SYS_syslog, 3, buf, (int)sizeof(buf));
	}
	if (!strcmp(a, "setpgid") && argc == 3) {
		*nr = SYS_setpgid;
		return syscall(SYS_setpgid, 0, atoi(argv[2]));
	}
	if (!strcmp(a, "prlimit") && argc == 3) {
		struct rlimit rl = { 64, 64 };

		*nr = SYS_prlimit64;
		return syscall(SYS_prlimit64, atoi(argv[2]), RLIMIT_NOFILE, &rl, NULL);
	}
	if (!strcmp(a, "setaffinity") && argc == 3) {
		unsigned long mask = 1;

		*nr = SYS_sched_setaffinity;
		return syscall(SYS_sched_setaffinity, atoi(argv[2]), sizeof(mask), &mask);
	}
	if (!strcmp(a, "mmap") && (argc == 6 || argc == 8)) {
		int fd = -1;

		if (argc == 8) {
			int flags = !strcmp(argv[7], "w") ? O_WRONLY :
				    !strcmp(argv[7], "rw") ? O_RDWR : O_RDONLY;

			fd = open(argv[6], flags);
			if (fd < 0) {
				*nr = SYS_openat;
				return -1;
			}
		}
		*nr = SYS_mmap;
		return syscall(SYS_mmap, 0UL, strtoul(argv[2], NULL, 0),
			       strtoul(argv[3], NULL, 0), strtoul(argv[4], NULL, 0),
			       fd, strtoul(argv[5], NULL, 0));
	}
	if (!strcmp(a, "mprotect") && (argc == 3 || argc == 4)) {
		int fd = argc == 4 ? open(argv[3], O_RDONLY) : -1;
		void *p = mmap(NULL, 4096, PROT_READ,
			       fd < 0 ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED,
			       fd, 0);

		*nr = SYS_mprotect;
		if (p == MAP_FAILED)
			return -1;
		return syscall(SYS_mprotect, p, 4096UL, strtoul(argv[2], NULL, 0));
	}
	if (!strcmp(a, "mremap") && argc == 4) {
		void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			       -1, 0);

		*nr = SYS_mremap;
		if (p == MAP_FAILED)
			return -1;
		return syscall(SYS_mremap, p, 4096UL, strtoul(argv[2], NULL, 0),
			       strtoul(argv[3], NULL, 0), 0UL);
	}
	if (!strcmp(a, "inotify") && argc == 4)
		return notify_fill(argv[2], atol(argv[3]), nr);
	if (!strcmp(a, "inotify-init") && argc == 3)
		return notify_fill(NULL, atol(argv[2]), nr);
	if (!strcmp(a, "fillfs") && argc == 5)
		return fillfs(argv[2], argv[3], atol(argv[4]), nr);
	if (!strcmp(a, "fill") && argc == 6)
		return fill(argv[2], argv[3], argv[4], atol(argv[5]), nr);
	if (!strcmp(a, "openflags") && argc == 5) {
		*nr = SYS_openat;
		return syscall(SYS_openat, AT_FDCWD, argv[2],
			       (int)strtoul(argv[3], NULL, 0),
			       (mode_t)strtoul(argv[4], NULL, 0));
	}
	if (!strcmp(a, "openat2") && argc == 7) {
		struct open_how how = {
			.flags = strtoull(argv[3], NULL, 0),
			.resolve = strtoull(argv[4], NULL, 0),
			.mode = strtoull(argv[5], NULL, 0),
		};
		size_t size = strtoul(argv[6], NULL, 0);

		*nr = SYS_openat2;
		return syscall(SYS_openat2, AT_FDCWD, argv[2], &how,
			       size ? size : sizeof(how));
	}
	if (!strcmp(a, "fcntl") && argc == 5) {
		static char page[4096];
		int fd = -1, p[2];

		if (!strcmp(argv[2], "status")) {
			fd = open("/proc/self/status", O_RDONLY);
		} else if (!strcmp(argv[2], "pipe") && !pipe(p) &&
			   write(p[1], page, sizeof(page)) == sizeof(page) &&
			   write(p[1], page, sizeof(page)) == sizeof(page)) {
			fd = p[0];
		} else if (!strcmp(argv[2], "memfd")) {
			fd = syscall(SYS_memfd_create, "everyday", 0);
		}
		*nr = SYS_fcntl;
		if (fd < 0)
			return -1;
		return syscall(SYS_fcntl, fd, (int)strtoul(argv[3], NULL, 0),
			       strtoul(argv[4], NULL, 0));
	}
	if (!strcmp(a, "exec") && argc == 3) {
		char *const args[] = { argv[2], NULL };

		*nr = SYS_execve;
		return syscall(SYS_execve, argv[2], args, args + 1);
	}
	if (!strcmp(a, "stat") && argc == 3) {
		struct stat st;

		*nr = SYS_newfstatat;
		return syscall(SYS_newfstatat, AT_FDCWD, argv[2], &st, 0);
	}
	if (!strcmp(a, "write") && argc == 4) {
		int fd = open(argv[2], O_WRONLY);

		if (fd < 0) {
			*nr = SYS_openat;
			return -1;
		}
		*nr = SYS_write;
		return syscall(SYS_write, fd, argv[3], strlen(argv[3]));
	}
	if (!strcmp(a, "capset") && (argc == 5 || argc == 6)) {
		struct __user_cap_header_struct h = {
			.version = _LINUX_CAPABILITY_VERSION_3,
			.pid = argc == 6 ? atoi(argv[5]) : 0,
		};
		struct __user_cap_data_struct d[2];
		unsigned long long pp = strtoull(argv[2], NULL, 16);
		unsigned long long pi = strtoull(argv[3], NULL, 16);
		unsigned long long pe = strtoull(argv[4], NULL, 16);

		d[0].permitted = (unsigned)pp;
		d[1].permitted = (unsigned)(pp >> 32);
		d[0].inheritable = (unsigned)pi;
		d[1].inheritable = (unsigned)(pi >> 32);
		d[0].effective = (unsigned)pe;
		d[1].effective = (unsigned)(pe >> 32);
		*nr = SYS_capset;
		return syscall(SYS_capset, &h, d);
	}
	if (!strcmp(a, "ambient") && (argc == 3 || argc == 4)) {
		int cap = atoi(argv[2]);

		if (argc == 4) {
			struct __user_cap_header_struct h = {
				.version = _LINUX_CAPABILITY_VERSION_3,
			};
			struct __user_cap_data_struct d[2];

			if (syscall(SYS_capget, &h, d) < 0) {
				perror("auxerr-everyday: capget");
				exit(2);
			}
			d[cap / 32].inheritable |= 1u << (cap % 32);
			if (syscall(SYS_capset, &h, d) < 0) {
				perror("auxerr-everyday: capset inheritable");
				exit(2);
			}
		}
		*nr = SYS_prctl;
		return syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0);
	}
	if (!strcmp(a, "securebits") && argc == 3) {
		*nr = SYS_prctl;
		return syscall(SYS_prctl, PR_SET_SECUREBITS, strtoul(argv[2], NULL, 0), 0, 0, 0);
	}
	if (!strcmp(a, "keepcaps") && argc == 3) {
		*nr = SYS_prctl;
		return syscall(SYS_prctl, PR_SET_KEEPCAPS, strtoul(argv[2], NULL, 0), 0, 0, 0);
	}
	if (!strcmp(a, "tracepoint") && argc == 3) {
		struct perf_event_attr pa;

		memset(&pa, 0, sizeof(pa));
		pa.size = sizeof(pa);
		pa.type = PERF_TYPE_TRACEPOINT;
		pa.config = strtoull(argv[2], NULL, 10);
		pa.sample_type = PERF_SAMPLE_RAW;
		pa.sample_period = 1;
		pa.exclude_kernel = 1;
		pa.exclude_hv = 1;
		pa.disabled = 1;
		*nr = SYS_perf_event_open;
		return syscall(SYS_perf_event_open, &pa, 0, -1, -1, 0);
	}
	if (!strcmp(a, "seccomp-nnp") && (argc == 3 || argc == 4)) {
		/* a filter that allows every system call */
		static struct sock_filter allow[] = {
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		};
		static struct sock_fprog prog = { .len = 1, .filter = allow };

		if (!strcmp(argv[2], "prctl")) {
			*nr = SYS_prctl;
			return syscall(SYS_prctl, PR_SET_SECCOMP, SECCOMP_MODE_FILTER,
				       &prog, 0, 0);
		}
		if (!strcmp(argv[2], "seccomp")) {
			*nr = SYS_seccomp;
			return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
		}
	}
	if (!strcmp(a, "ping") && argc == 3) {
		/* an ICMP echo socket: net.ipv4.ping_group_range decides */
		int v6 = !strcmp(argv[2], "inet6");

		*nr = SYS_socket;
		return syscall(SYS_socket, v6 ? AF_INET6 : AF_INET, SOCK_DGRAM,
			       v6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP);
	}
	if (!strcmp(a, "uffd") && (argc == 2 || argc == 3)) {
		/* kernel faults too (vm.unprivileged_userfaultfd or
		 * CAP_SYS_PTRACE), or "user": UFFD_USER_MODE_ONLY */
		int user = argc == 3 && !strcmp(argv[2], "user");

		*nr = SYS_userfaultfd;
		return syscall(SYS_userfaultfd,
			       O_CLOEXEC | (user ? UFFD_USER_MODE_ONLY : 0));
	}
	if (!strcmp(a, "uffd-dev") && argc == 2) {
		/* /dev/userfaultfd, then USERFAULTFD_IOC_NEW for kernel
		 * faults too: its mode decides, not the sysctl */
		long fd;

		*nr = SYS_openat;
		fd = syscall(SYS_openat, AT_FDCWD, "/dev/userfaultfd",
			     O_RDWR | O_CLOEXEC);
		if (fd < 0)
			return fd;
		*nr = SYS_ioctl;
		return syscall(SYS_ioctl, fd, USERFAULTFD_IOC_NEW, O_CLOEXEC);
	}
	if ((!strcmp(a, "shmat") || !strcmp(a, "msgsnd")) && argc == 3) {
		key_t key = (key_t)strtoul(argv[2], NULL, 0);
		int shm = !strcmp(a, "shmat");
		long id;

		*nr = shm ? SYS_shmget : SYS_msgget;
		id = shm ? syscall(SYS_shmget, key, 0, 0) :
			   syscall(SYS_msgget, key, 0);
		if (id < 0)
			return id;
		put("ipc.id=%ld\n", id);
		if (shm) {
			long at;

			*nr = SYS_shmat;
			at = syscall(SYS_shmat, id, NULL, SHM_RDONLY);
			if (at == -1)
				return -1;
			syscall(SYS_shmdt, at);
			return 0;
		} else {
			struct { long type; char text[1]; } m = { 1, { 'x' } };

			*nr = SYS_msgsnd;
			return syscall(SYS_msgsnd, id, &m, 1, IPC_NOWAIT);
		}
	}
	if (!strcmp(a, "bpf") && argc == 2) {
		/* r0 = 0; exit: a socket filter that drops everything */
		struct bpf_insn insn[2] = {
			{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 },
			{ .code = BPF_JMP | BPF_EXIT },
		};
		union bpf_attr attr;
		long fd;

		memset(&attr, 0, sizeof(attr));
		attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
		attr.insn_cnt = 2;
		attr.insns = (unsigned long)insn;
		attr.license = (unsigned long)"GPL";
		*nr = SYS_bpf;
		fd = syscall(SYS_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
		return fd;
	}
	if (!strcmp(a, "swapon") && argc == 3) {
		*nr = SYS_swapon;
		return syscall(SYS_swapon, argv[2], 0);
	}
	if (!strcmp(a, "truncate") && argc == 3) {
		*nr = SYS_truncate;
		return syscall(SYS_truncate, argv[2], 0L);
	}
	if (!strcmp(a, "ftruncate") && argc == 3) {
		int fd = open(argv[2], O_WRONLY | O_APPEND);

		if (fd < 0) {
			*nr = SYS_openat;
			return -1;
		}
		*nr = SYS_ftruncate;
		return syscall(SYS_ftruncate, fd, 0L);
	}
	if (!strcmp(a, "utimes") && argc == 3) {
		struct timespec ts[2] = { { 1, 0 }, { 1, 0 } };

		*nr = SYS_utimensat;
		return syscall(SYS_utimensat, AT_FDCWD, argv[2], ts, 0);
	}
	if ((!strcmp(a, "sendto") || !strcmp(a, "udp-connect")) &&
	    (argc == 4 || argc == 5)) {
		struct sockaddr_in sa = { .sin_family = AF_INET };
		int one = 1;
		int fd = socket(AF_INET, SOCK_DGRAM, 0);

		sa.sin_port = htons((unsigned short)atoi(argv[3]));
		inet_pton(AF_INET, argv[2], &sa.sin_addr);
		if (argc == 5 && !strcmp(argv[4], "so_broadcast"))
			setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one));
		if (!strcmp(a, "udp-connect")) {
			*nr = SYS_connect;
			return syscall(SYS_connect, fd, &sa, sizeof(sa));
		}
		*nr = SYS_sendto;
		return syscall(SYS_sendto, fd, "x", 1, 0, &sa, sizeof(sa));
	}
	if (!strcmp(a, "connect-unix") && argc == 3) {
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);

		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", argv[2]);
		*nr = SYS_connect;
		return syscall(SYS_connect, fd, &sa, sizeof(sa));
	}
	if (!strcmp(a, "memfd") && argc == 3) {
		unsigned int fl = !strcmp(argv[2], "exec") ? 0x10U :
				  !strcmp(argv[2], "seal") ? 0x8U : 0;

		*nr = SYS_memfd_create;
		return syscall(SYS_memfd_create, "auxerr", fl);
	}
	if (!strcmp(a, "keyread") && argc == 3) {
		char buf[64];

		*nr = SYS_keyctl;
		return syscall(SYS_keyctl, 11 /* KEYCTL_READ */,
			       strtol(argv[2], NULL, 10), buf, sizeof(buf), 0);
	}
	if (!strcmp(a, "keyupdate") && argc == 3) {
		*nr = SYS_keyctl;
		return syscall(SYS_keyctl, 2 /* KEYCTL_UPDATE */,
			       strtol(argv[2], NULL, 10), "y", 1, 0);
	}
	if (!strcmp(a, "unshare") && argc == 3) {
		*nr = SYS_unshare;
		return syscall(SYS_unshare, strtoul(argv[2], NULL, 0));
	}
	if (!strcmp(a, "chroot") && argc == 3) {
		*nr = SYS_chroot;
		return syscall(SYS_chroot, argv[2]);
	}
	if (!strcmp(a, "io_uring") && argc == 2) {
		char params[120] = { 0 };	/* struct io_uring_params */
		long fd;

		*nr = SYS_io_uring_setup;
		fd = syscall(SYS_io_uring_setup, 4, params);
		if (fd >= 0)
			close((int)fd);
		return fd < 0 ? -1 : 0;
	}
	if (!strcmp(a, "mlock") && argc == 3) {
		size_t len = strtoul(argv[2], NULL, 0);
		void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		*nr = SYS_mlock;
		return syscall(SYS_mlock, p, len);
	}
	if (!strcmp(a, "mlockall") && argc == 2) {
		*nr = SYS_mlockall;
		return syscall(SYS_mlockall, MCL_CURRENT);
	}
	if (!strcmp(a, "ptrace") && argc == 3) {
		*nr = SYS_ptrace;
		return syscall(SYS_ptrace, PTRACE_ATTACH, atoi(argv[2]), 0, 0);
	}
	fprintf(stderr, "auxerr-everyday: bad action\n");
	exit(2);
}

/* reply to FUSE request @unique: @err (negative) or @len bytes of @body */
static void fuse_reply(int fd, uint64_t unique, int err, const void *body,
		       size_t len)
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
		perror("fuse-serve: write");
}

/* fuse-serve MOUNTPOINT UID GID: see the top of this file */
static int fuse_serve(const char *mnt, unsigned uid, unsigned gid)
{
	static char req[FUSE_MIN_READ_BUFFER + 65536];
	char opts[256];
	int fd = open("/dev/fuse", O_RDWR);

	if (fd < 0) {
		perror("fuse-serve: /dev/fuse");
		return 1;
	}
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=%u,group_id=%u",
		 fd, uid, gid);
	if (mount("auxerr-fuse", mnt, "fuse", MS_NOSUID | MS_NODEV, opts) < 0) {
		perror("fuse-serve: mount");
		return 1;
	}
	for (;;) {
		ssize_t n = read(fd, req, sizeof(req));
		struct fuse_in_header *in = (void *)req;

		if (n < 0 && (errno == EINTR || errno == ENOENT))
			continue;
		if (n < (ssize_t)sizeof(*in))
			return 0;	/* unmounted (ENODEV) */
		if (in->opcode == FUSE_INIT) {
			struct fuse_init_out o;

			memset(&o, 0, sizeof(o));
			o.major = FUSE_KERNEL_VERSION;
			o.minor = FUSE_KERNEL_MINOR_VERSION;
			o.max_write = 4096;
			o.max_readahead = 4096;
			fuse_reply(fd, in->unique, 0, &o, sizeof(o));
		} else if (in->opcode == FUSE_GETATTR) {
			struct fuse_attr_out o;

			memset(&o, 0, sizeof(o));
			o.attr.ino = 1;
			o.attr.mode = S_IFDIR | 0755;
			o.attr.nlink = 2;
			o.attr.uid = uid;
			o.attr.gid = gid;
			o.attr_valid = 0;
			fuse_reply(fd, in->unique, 0, &o, sizeof(o));
		} else if (in->opcode == FUSE_LOOKUP) {
			fuse_reply(fd, in->unique, -ENOENT, NULL, 0);
		} else if (in->opcode == FUSE_FORGET || in->opcode == FUSE_BATCH_FORGET) {
			continue;	/* no reply */
		} else if (in->opcode == FUSE_DESTROY) {
			fuse_reply(fd, in->unique, 0, NULL, 0);
			return 0;
		} else {
			fuse_reply(fd, in->unique, -ENOSYS, NULL, 0);
		}
	}
}

/* seccomp-nnp: the thread's no_new_privs and seccomp state, then (after
 * a filter was installed) a read under it, and what auxerr says of it */
static void after_seccomp(int argc, char **argv, int e)
{
	static const char *const keys[] = {
		"NoNewPrivs:", "Seccomp:", "Seccomp_filters:", NULL
	};
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		for (const char *const *k = keys; *k; k++)
			if (!strncmp(line, *k, strlen(*k))) {
				const char *v = line + strlen(*k);

				v += strspn(v, " \t");
				put("status.%.*s=%s", (int)strlen(*k) - 1, *k, v);
			}
	if (f)
		fclose(f);
	if (!e && argc == 4) {
		long fd = syscall(SYS_openat, AT_FDCWD, argv[3], O_RDONLY);
		int ae = fd < 0 ? errno : 0;
		struct auxerr_record *r = ae ? auxerr_record_fetch(0) : NULL;

		put("after.errno=%d\n", ae);
		if (r && auxerr_record_errno(r) == ae &&
		    auxerr_record_syscall(r) == SYS_openat)
			put("after.mechanism=%s\n", auxerr_record_mechanism(r));
		auxerr_record_free(r);
		if (fd >= 0)
			close((int)fd);
	}
}

/* ipcmk/ipcset shm|msg KEY MODE: create, or IPC_SET the mode of, the
 * object; as root */
static int ipc_make(const char *what, const char *kind, const char *keys,
		    const char *modes)
{
	key_t key = (key_t)strtoul(keys, NULL, 0);
	int mode = (int)strtoul(modes, NULL, 8);
	int shm = !strcmp(kind, "shm");
	int id;

	if (!shm && strcmp(kind, "msg")) {
		fprintf(stderr, "auxerr-everyday: shm or msg\n");
		return 2;
	}
	if (!strcmp(what, "ipcmk"))
		id = shm ? shmget(key, 4096, IPC_CREAT | IPC_EXCL | mode) :
			   msgget(key, IPC_CREAT | IPC_EXCL | mode);
	else
		id = shm ? shmget(key, 0, 0) : msgget(key, 0);
	if (id >= 0 && !strcmp(what, "ipcset")) {
		int rc;

		if (shm) {
			struct shmid_ds ds;

			rc = shmctl(id, IPC_STAT, &ds);
			ds.shm_perm.mode = (unsigned short)mode;
			if (!rc)
				rc = shmctl(id, IPC_SET, &ds);
		} else {
			struct msqid_ds ds;

			rc = msgctl(id, IPC_STAT, &ds);
			ds.msg_perm.mode = (unsigned short)mode;
			if (!rc)
				rc = msgctl(id, IPC_SET, &ds);
		}
		if (rc)
			id = -1;
	}
	printf("errno=%d\n", id < 0 ? errno : 0);
	if (id >= 0)
		printf("ipc.id=%d\n", id);
	return 0;
}

static void fields_of(const struct auxerr_record *r, const char *type)
{
	static const char *const names[] = {
		"op", "res", "saddr", "pid", "uid", "fsuid", "comm", "exe", NULL
	};
	unsigned n = auxerr_record_count(r, type);

	put("count.%s=%u\n", type, n);
	for (const char *const *p = names; n && *p; p++) {
		const char *v = auxerr_record_field(r, type, *p);

		if (v)
			put("f.%s.%s=%s\n", type, *p, v);
	}
}

/*
 * einval-then einval|ok: an mmap() of length 0 (EINVAL, noted), then
 * dup3(1, 1, 0) (EINVAL, which no check notes) or getppid(); then
 * "strerror=" what auxerr_strerror(EINVAL) says now, and "age=" of the
 * newest record
 */
static int einval_then(const char *next)
{
	struct auxerr_record *r;
	const char *msg;

	if (mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) !=
	    MAP_FAILED || errno != EINVAL)
		return 1;
	if (!strcmp(next, "einval"))
		syscall(SYS_dup3, 1, 1, 0);
	else
		syscall(SYS_getppid);
	msg = auxerr_strerror(EINVAL);
	put("strerror=%s\n", msg);
	r = auxerr_record_fetch(0);
	if (r)
		put("age=%d\n", auxerr_record_age(r));
	auxerr_record_free(r);
	fputs(out, stdout);
	return 0;
}

/*
 * enoent-then PATH missing|ok: execve(PATH), which fails with ENOENT, then
 * an execve() of a program that does not exist (ENOENT, which no check
 * explains) or getppid(); then "strerror=" what auxerr_strerror(ENOENT)
 * says
 */
static int enoent_then(const char *path, const char *next)
{
	char *const args[] = { (char *)path, NULL };
	char *const none[] = { "/nonexistent/prog", NULL };

	if (syscall(SYS_execve, path, args, args + 1) == 0 || errno != ENOENT)
		return 1;
	if (!strcmp(next, "missing"))
		syscall(SYS_execve, none[0], none, none + 1);
	else
		syscall(SYS_getppid);
	put("strerror=%s\n", auxerr_strerror(ENOENT));
	fputs(out, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	long nr = -1, ret;
	int e;
	struct auxerr_record *r;

	if (argc < 2) {
		fprintf(stderr, "usage: auxerr-everyday ACTION ARGS...\n");
		return 2;
	}
	if ((!strcmp(argv[1], "ipcmk") || !strcmp(argv[1], "ipcset")) &&
	    argc == 5)
		return ipc_make(argv[1], argv[2], argv[3], argv[4]);
	if (!strcmp(argv[1], "fuse-serve") && argc == 5)
		return fuse_serve(argv[2], (unsigned)atoi(argv[3]),
				  (unsigned)atoi(argv[4]));
	if (!strcmp(argv[1], "einval-then") && argc == 3)
		return einval_then(argv[2]);
	if (!strcmp(argv[1], "enoent-then") && argc == 4)
		return enoent_then(argv[2], argv[3]);
	ret = act(argc, argv, &nr);
	e = ret < 0 ? errno : 0;
	put("errno=%d\n", e);
	r = e ? auxerr_record_fetch(0) : NULL;
	if (r && auxerr_record_errno(r) == e && auxerr_record_syscall(r) == nr) {
		static const char *const aux_names[] = {
			"sysctl", "level", "fsuid", "ouid", "ogid", "osuid", "mode",
			"inode", "dev", "dir_mode", "dir_ouid", "dir_inode",
			"unsafe", "sig", "opid", "ids", "capability", "op",
			"policy", "policy_value", "owner_op", "ngid", "class",
			"perm", "granted", "override", "permission",
			"oruid", "orgid", "osgid", "sysctl_write", "userns",
			"userns_level", "userns_owner", "hidepid", "proc_gid",
			"mount_uid", "mount_gid", "allow_other", "dev_type",
			"major", "minor", "access", "cgroup", "prog_id",
			"rule", "cap_pi", "cap_pp", "cap_pe", "cap_bnd", "new_pi",
			"new_pp", "new_pe", "securebits", "new_securebits",
			"cmd", "ipc_key", "ipc_id", "cuid", "cgid",
			"group_low", "group_high", "check", "arg", "value",
			"limit", "interp", "fstype", "file", "flag", "message",
			"mnt_point", "daddr", "sock_type", "protocol", "reason",
			"rlimit", "rlimit_cur", "component", "fd_name",
			"policy_gid", "key_serial", "key_type", "key_perm",
			"need", "possessed", "key_desc", "qid", NULL
		};
		static const char *const sys_names[] = {
			"syscall", "exit", "a0", "a1", "a2", "uid", NULL
		};
		struct auxerr_remedy *m = auxerr_record_remedy(r);
		const char *s;

		put("mechanism=%s\n", auxerr_record_mechanism(r));
		for (const char *const *p = sys_names; *p; p++) {
			const char *v = auxerr_record_field(r, "SYSCALL", *p);

			if (v)
				put("sys.%s=%s\n", *p, v);
		}
		for (const char *const *p = aux_names; *p; p++) {
			const char *v = auxerr_record_field(r, "AUXERR", *p);

			if (v)
				put("f.%s=%s\n", *p, v);
		}
		put("count.PATH=%u\n", auxerr_record_count(r, "PATH"));
		s = auxerr_record_interpret(r, "PATH", "name");
		if (s)
			put("i.PATH.name=%s\n", s);
		fields_of(r, "ANOM_LINK");
		fields_of(r, "ANOM_CREAT");
		fields_of(r, "SOCKADDR");
		s = auxerr_explain(r);
		put("sentence=%s\n", s ? s : "-");
		if (m) {
			put("remedy.kind=%s\n", auxerr_remedy_kind_name(auxerr_remedy_kind(m)));
			put("remedy.text=%s\n", auxerr_remedy_text(m));
			s = auxerr_remedy_command(m);
			put("remedy.command=%s\n", s ? s : "-");
			s = auxerr_remedy_who(m);
			put("remedy.who=%s\n", s ? s : "-");
			put("remedy.uid=%lld\n", auxerr_remedy_uid(m));
			s = auxerr_remedy_weakens(m);
			put("remedy.weakens=%s\n", s ? s : "-");
			auxerr_remedy_free(m);
		}
	} else if (e) {
		put("record=none\n");
	}
	auxerr_record_free(r);
	if (!strcmp(argv[1], "seccomp-nnp"))
		after_seccomp(argc, argv, e);
	fputs(out, stdout);
	return 0;
}
