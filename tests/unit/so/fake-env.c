/*
 * Test only, never installed: linked into a copy of the preload shim
 * (libauxerr-preload-fake.so) so that the shim can be tried with real
 * programs on a host without auxerr.  The "kernel" holds one record, the
 * file named by AUXERR_FAKE_RECORD, always fresh (age 0).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

static char text[65536];
static size_t text_len;
static struct auxerr_info info;

static long env_prctl(int op, unsigned long slot, void *ptr, unsigned long len)
{
	if (slot != 0 || text_len == 0) {
		errno = slot < AUXERR_DEPTH_MAX ? ENOENT : EINVAL;
		return -1;
	}
	switch (op) {
	case PR_AUXERR_GET:
		if (!ptr && !len)
			return (long)text_len;
		if (len < text_len) {
			errno = ERANGE;
			return -1;
		}
		memcpy(ptr, text, text_len);
		return (long)text_len;
	case PR_AUXERR_INFO:
		memcpy(ptr, &info, len < sizeof(info) ? len : sizeof(info));
		return (long)(len < sizeof(info) ? len : sizeof(info));
	case PR_AUXERR_FLUSH:
	case PR_AUXERR_CLEAR:
		return 0;
	}
	errno = EINVAL;
	return -1;
}

__attribute__((constructor)) static void install(void)
{
	const char *f = getenv("AUXERR_FAKE_RECORD");
	int saved = errno, fd;
	ssize_t n;

	if (!f || (fd = open(f, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return;
	text_len = (size_t)n;
	text[n] = '\0';
	const char *p = strstr(text, "msg=audit(");
	if (p && (p = strchr(p, ':')))
		info.serial = strtoull(p + 1, NULL, 10);
	p = strstr(text, " exit=-");
	if (p)
		info.error = atoi(p + 7);
	info.text_len = (unsigned)text_len;
	auxerr__prctl = env_prctl;
	errno = saved;
}
