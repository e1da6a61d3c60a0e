// SPDX-License-Identifier: GPL-2.0
/*
 * probe: make one system call, then report what auxerr kept for it.
 *
 *   probe [-d] [-f] ACTION ARGS... [-- ACTION ARGS...]
 *
 * Actions: open PATH [r|w|rw|creat|trunc], chown PATH UID, mkdir PATH,
 * stat PATH, unlink PATH, rename FROM TO, exec PATH, mmapx PATH (map it
 * executable), bind PORT (TCP, 127.0.0.1), setexec CONTEXT (write the
 * next execve's SELinux context to /proc/thread-self/attr/exec), ptrace PID (attach), handle PATH (name_to_handle_at, then
 * open_by_handle_at), getpid, nothing;
 * seccomp NR ERRNO (stack a filter failing syscall NR with ERRNO),
 * landlock DIR (restrict file access to beneath DIR),
 * landlock-nonnp (landlock_restrict_self without no_new_privs),
 * undumpable-wait (become non-dumpable, print the pid, sleep 30 s).
 * Output, per action: "errno=N" (0 on success); after the last action,
 * for each slot: "slot=N" then the INFO fields and the event text;
 * "none" when there is no record. -f flushes slot 0 and prints
 * "flush=RESULT" (twice with -f -f). -d: how many slots to show (default 1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stddef.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/auxerr.h>

static int install_seccomp(int nr, int err)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err & SECCOMP_RET_DATA)),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(insns) / sizeof(insns[0]),
		.filter = insns,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return errno;
	return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) ? errno : 0;
}

#define LL_FS_ALL (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | \
	LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR | \
	LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE | \
	LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | \
	LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK | \
	LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK | \
	LANDLOCK_ACCESS_FS_MAKE_SYM | LANDLOCK_ACCESS_FS_TRUNCATE)

/* Restrict file access to beneath @dir; @nnp: set no_new_privs first.
 * The rights are those this kernel's Landlock knows (ABI 3 added
 * TRUNCATE, Linux 6.2; the stock-kernel suite runs on 6.1 too). */
static int install_landlock(const char *dir, int nnp)
{
	struct landlock_ruleset_attr attr = { .handled_access_fs = LL_FS_ALL };
	struct landlock_path_beneath_attr beneath = { .allowed_access = LL_FS_ALL };
	int ruleset, err = 0;
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0,
			   LANDLOCK_CREATE_RULESET_VERSION);

	if (abi >= 1 && abi < 3) {
		attr.handled_access_fs &= ~(__u64)LANDLOCK_ACCESS_FS_TRUNCATE;
		beneath.allowed_access &= ~(__u64)LANDLOCK_ACCESS_FS_TRUNCATE;
	}

	ruleset = syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (ruleset < 0)
		return errno;
	if (dir) {
		beneath.parent_fd = open(dir, O_PATH | O_CLOEXEC);
		if (beneath.parent_fd < 0 ||
		    syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH,
			    &beneath, 0))
			err = errno;
		close(beneath.parent_fd);
	}
	if (!err && nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		err = errno;
	if (!err && syscall(SYS_landlock_restrict_self, ruleset, 0))
		err = errno;
	close(ruleset);
	return err;
}

static int do_action(char **argv, int *used)
{
	const char *a = argv[0];
	int fd, err, flags = O_RDONLY;
	struct stat st;

	*used = 1;
	if (!strcmp(a, "open")) {
		*used = 2;
		if (argv[2] && strcmp(argv[2], "--")) {
			(*used)++;
			if (!strcmp(argv[2], "w"))
				flags = O_WRONLY;
			else if (!strcmp(argv[2], "rw"))
				flags = O_RDWR;
			else if (!strcmp(argv[2], "creat"))
				flags = O_WRONLY | O_CREAT;
			else if (!strcmp(argv[2], "trunc"))
				flags = O_WRONLY | O_TRUNC;
			else if (strcmp(argv[2], "r"))
				(*used)--;
		}
		fd = open(argv[1], flags, 0644);
		if (fd < 0)
			return errno;
		close(fd);
		return 0;
	}
	if (!strcmp(a, "chown")) {
		*used = 3;
		return chown(argv[1], atoi(argv[2]), -1) ? errno : 0;
	}
	if (!strcmp(a, "bind")) {	/* a TCP socket to 127.0.0.1:PORT */
		struct sockaddr_in sin = { .sin_family = AF_INET,
			.sin_addr.s_addr = htonl(INADDR_LOOPBACK) };

		*used = 2;
		sin.sin_port = htons(atoi(argv[1]));
		fd = socket(AF_INET, SOCK_STREAM, 0);
		if (fd < 0)
			return errno;
		err = bind(fd, (struct sockaddr *)&sin, sizeof(sin)) ? errno : 0;
		close(fd);
		return err;
	}
	if (!strcmp(a, "setexec")) {	/* the next execve's SELinux context */
		*used = 2;
		fd = open("/proc/thread-self/attr/exec", O_WRONLY);
		if (fd < 0)
			return errno;
		err = write(fd, argv[1], strlen(argv[1])) < 0 ? errno : 0;
		close(fd);
		return err;
	}
	if (!strcmp(a, "mkdir")) {
		*used = 2;
		return mkdir(argv[1], 0755) ? errno : 0;
	}
	if (!strcmp(a, "stat")) {
		*used = 2;
		return stat(argv[1], &st) ? errno : 0;
	}
	if (!strcmp(a, "unlink")) {
		*used = 2;
		return unlink(argv[1]) ? errno : 0;
	}
	if (!strcmp(a, "rename")) {
		*used = 3;
		return rename(argv[1], argv[2]) ? errno : 0;
	}
	if (!strcmp(a, "exec")) {
		char *args[] = { argv[1], NULL };

		*used = 2;
		execv(argv[1], args);
		return errno;
	}
	if (!strcmp(a, "mmapx")) {
		void *p;

		*used = 2;
		fd = open(argv[1], O_RDONLY);
		if (fd < 0)
			return errno;
		p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
		err = p == MAP_FAILED ? errno : 0;
		close(fd);
		return err;
	}
	if (!strcmp(a, "handle")) {
		struct file_handle *fh = malloc(sizeof(*fh) + MAX_HANDLE_SZ);
		int mount_id, mount_fd;

		*used = 2;
		if (!fh)
			return ENOMEM;
		fh->handle_bytes = MAX_HANDLE_SZ;
		if (name_to_handle_at(AT_FDCWD, argv[1], fh, &mount_id, 0)) {
			fprintf(stderr, "probe: name_to_handle_at %s: %s\n", argv[1],
				strerror(errno));
			exit(2);
		}
		/* Any directory of the mount; not O_PATH, which fdget() refuses */
		mount_fd = open(dirname(strdup(argv[1])), O_RDONLY | O_DIRECTORY);
		if (mount_fd < 0) {
			fprintf(stderr, "probe: open the directory of %s: %s\n", argv[1],
				strerror(errno));
			exit(2);
		}
		fd = open_by_handle_at(mount_fd, fh, O_RDONLY);
		err = fd < 0 ? errno : 0;
		if (fd >= 0)
			close(fd);
		close(mount_fd);
		free(fh);
		return err;
	}
	if (!strcmp(a, "ptrace")) {
		pid_t pid = atoi(argv[1]);

		*used = 2;
		if (ptrace(PTRACE_ATTACH, pid, 0, 0))
			return errno;
		waitpid(pid, NULL, __WALL);
		ptrace(PTRACE_DETACH, pid, 0, 0);
		return 0;
	}
	if (!strcmp(a, "seccomp")) {
		*used = 3;
		return install_seccomp(atoi(argv[1]), atoi(argv[2]));
	}
	if (!strcmp(a, "landlock")) {
		*used = 2;
		return install_landlock(argv[1], 1);
	}
	if (!strcmp(a, "landlock-nonnp"))
		return install_landlock(NULL, 0);
	if (!strcmp(a, "undumpable-wait")) {
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
		printf("pid=%d\n", getpid());
		fflush(stdout);
		sleep(30);
		return 0;
	}
	if (!strcmp(a, "getpid")) {
		getpid();
		return 0;
	}
	if (!strcmp(a, "nothing"))
		return 0;
	fprintf(stderr, "probe: unknown action %s\n", a);
	exit(2);
}

int main(int argc, char **argv)
{
	int depth = 1, flush = 0, i = 1, slot, err, used;
	static char text[65536];
	struct auxerr_info info;
	long n;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-d") && i + 1 < argc)
			depth = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-f"))
			flush++;
		else
			break;
	}
	while (i < argc) {
		err = do_action(&argv[i], &used);
		printf("errno=%d\n", err);
		i += used;
		if (i < argc && !strcmp(argv[i], "--"))
			i++;
	}
	while (flush-- > 0) {
		n = prctl(PR_AUXERR, PR_AUXERR_FLUSH, 0, 0, 0);
		printf("flush=%s\n", n ? strerror(errno) : "ok");
	}
	for (slot = 0; slot < depth; slot++) {
		memset(&info, 0, sizeof(info));
		n = prctl(PR_AUXERR, PR_AUXERR_INFO, slot, &info, sizeof(info));
		if (n < 0) {
			printf("slot=%d none %s\n", slot, strerror(errno));
			continue;
		}
		printf("slot=%d serial=%llu error=%d syscall=%d arch=%x mechanism=%u age=%u flags=%u text_len=%u\n",
		       slot, (unsigned long long)info.serial, info.error,
		       info.syscall, info.arch, info.mechanism, info.age,
		       info.flags, info.text_len);
		n = prctl(PR_AUXERR, PR_AUXERR_GET, slot, text, sizeof(text));
		if (n < 0) {
			printf("get-error=%s\n", strerror(errno));
			continue;
		}
		fwrite(text, 1, n, stdout);
	}
	return 0;
}
