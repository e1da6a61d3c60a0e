// SPDX-License-Identifier: GPL-2.0-only
/*
 * /init of the stock kernel's initramfs (scripts/stock-kernel): Debian's
 * kernels have 9p (and 6.1 virtio too) as modules, so this loads them
 * (unpacked next to this program as /m/NAME.ko, in the order /m/order
 * lists them, one name a line: modprobe's, dependencies first), mounts
 * the host root the way tests/vm/run asks (root=/dev/root, rootflags=...
 * on the command line), moves it onto / and execs the init= program,
 * just as the patched kernel, which has 9p built in, does by itself.
 * Linked statically: the initramfs holds nothing else.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "stock initramfs: %s: %s\n", what, strerror(errno));
	sync();
	/* PID 1 must not exit; the harness's timeout ends the guest */
	for (;;)
		pause();
}

/* The value of KEY= on the kernel command line, or NULL */
static char *cmdline_arg(const char *cmdline, const char *key)
{
	size_t k = strlen(key);

	for (const char *p = cmdline; *p;) {
		while (*p == ' ' || *p == '\n')
			p++;
		const char *end = p + strcspn(p, " \n");
		if ((size_t)(end - p) > k && !strncmp(p, key, k) && p[k] == '=')
			return strndup(p + k + 1, (size_t)(end - p) - k - 1);
		p = end;
	}
	return NULL;
}

int main(void)
{
	static char cmdline[4096], order[4096];

	mkdir("/dev", 0755);
	if (mount("devtmpfs", "/dev", "devtmpfs", 0, NULL) == 0) {
		int fd = open("/dev/console", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
			if (fd > 2)
				close(fd);
		}
	}
	mkdir("/proc", 0755);
	if (mount("proc", "/proc", "proc", 0, NULL) < 0)
		die("mount /proc");
	int cfd = open("/proc/cmdline", O_RDONLY);
	if (cfd < 0 || read(cfd, cmdline, sizeof(cmdline) - 1) < 0)
		die("/proc/cmdline");
	close(cfd);

	int ofd = open("/m/order", O_RDONLY | O_CLOEXEC);
	ssize_t olen = ofd < 0 ? -1 : read(ofd, order, sizeof(order) - 1);
	if (olen <= 0)
		die("/m/order");
	close(ofd);
	for (char *name = strtok(order, "\n"); name; name = strtok(NULL, "\n")) {
		char path[96];
		snprintf(path, sizeof(path), "/m/%s.ko", name);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			die(path);
		if (syscall(SYS_finit_module, fd, "", 0) < 0 && errno != EEXIST)
			die(path);
		close(fd);
	}

	char *root = cmdline_arg(cmdline, "root");
	char *fstype = cmdline_arg(cmdline, "rootfstype");
	char *flags = cmdline_arg(cmdline, "rootflags");
	char *init = cmdline_arg(cmdline, "init");
	if (!root || !fstype || !init) {
		errno = EINVAL;
		die("root=, rootfstype= and init= are needed");
	}
	unsigned long mflags = MS_RDONLY;
	if (strstr(cmdline, " rw ") || strstr(cmdline, " rw\n"))
		mflags = 0;
	mkdir("/newroot", 0755);
	if (mount(root, "/newroot", fstype, mflags, flags) < 0)
		die("mount the root");
	umount2("/proc", MNT_DETACH);
	umount2("/dev", MNT_DETACH);
	if (chdir("/newroot") < 0 || mount(".", "/", NULL, MS_MOVE, NULL) < 0 ||
	    chroot(".") < 0 || chdir("/") < 0)
		die("switch to the root");
	char *argv[] = { init, NULL };
	execv(init, argv);
	die(init);
}
