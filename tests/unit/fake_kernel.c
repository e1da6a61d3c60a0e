#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "fake_kernel.h"

#define DEPTH 4

struct slot {
	char *text;
	size_t len;
	struct auxerr_info info;
	int flushed;
};

static struct slot ring[DEPTH];
static int nslots, present = 1, flush_err;
int fake_flush_calls, fake_get_calls;
int fake_get_ages;
const char *fake_get_pushes;

static long fake_prctl(int op, unsigned long s, void *ptr, unsigned long len)
{
	if (!present) {
		errno = EINVAL;
		return -1;
	}
	if (op == PR_AUXERR_CLEAR) {
		fake_reset(1);
		return 0;
	}
	if (s >= AUXERR_DEPTH_MAX) {
		errno = EINVAL;
		return -1;
	}
	if ((int)s >= nslots) {
		errno = ENOENT;
		return -1;
	}
	struct slot *sl = &ring[s];
	switch (op) {
	case PR_AUXERR_GET:
		fake_get_calls++;
		if (ptr == NULL && len == 0)
			return (long)sl->len;
		if (len < sl->len) {
			errno = ERANGE;
			return -1;
		}
		memcpy(ptr, sl->text, sl->len);
		long n = (long)sl->len;
		/* the library's own work after a fetch, as a kernel sees it */
		for (int i = 0; i < fake_get_ages; i++)
			fake_syscall();
		if (fake_get_pushes) {
			const char *f = fake_get_pushes;
			fake_get_pushes = NULL;
			fake_push_fixture(f, 0);
		}
		return n;
	case PR_AUXERR_INFO:
		if (len < AUXERR_INFO_SIZE_VER0) {
			errno = EINVAL;
			return -1;
		}
		sl->info.flags = sl->flushed ? (sl->info.flags | AUXERR_INFO_FLUSHED) :
					       sl->info.flags;
		memcpy(ptr, &sl->info, len < sizeof(sl->info) ? len : sizeof(sl->info));
		return (long)(len < sizeof(sl->info) ? len : sizeof(sl->info));
	case PR_AUXERR_FLUSH:
		fake_flush_calls++;
		if (flush_err) {
			errno = flush_err;
			return -1;
		}
		if (sl->flushed) {
			errno = EALREADY;
			return -1;
		}
		sl->flushed = 1;
		return 0;
	}
	errno = EINVAL;
	return -1;
}

void fake_install(void)
{
	auxerr__prctl = fake_prctl;
	auxerr__reset();
	fake_reset(1);
}

void fake_uninstall(void)
{
	fake_reset(1);
	auxerr__prctl = auxerr__real_prctl;
	auxerr__reset();
}

void fake_reset(int p)
{
	for (int i = 0; i < nslots; i++)
		free(ring[i].text);
	memset(ring, 0, sizeof(ring));
	nslots = 0;
	present = p;
	flush_err = 0;
	fake_flush_calls = fake_get_calls = 0;
	fake_get_ages = 0;
	fake_get_pushes = NULL;
	auxerr__reset();
}

int fake_push_text(const char *text, unsigned long long serial, int error,
		   unsigned flags)
{
	if (nslots == DEPTH) {
		free(ring[DEPTH - 1].text);
		nslots--;
	}
	memmove(&ring[1], &ring[0], sizeof(ring[0]) * (size_t)nslots);
	nslots++;
	memset(&ring[0], 0, sizeof(ring[0]));
	ring[0].text = strdup(text);
	ring[0].len = strlen(text);
	ring[0].info.serial = serial;
	ring[0].info.time_sec = 1764745710;
	ring[0].info.time_nsec = 123456789;
	ring[0].info.error = error;
	ring[0].info.flags = flags;
	ring[0].info.text_len = (unsigned)ring[0].len;
	return 0;
}

/* Audit serials only grow, as the kernel's do: each pushed fixture gets
 * the next one, rewritten into its text. */
static unsigned long long next_serial = 1000;

unsigned long long fake_next_serial(void)
{
	return next_serial++;
}

unsigned long long fake_push_fixture(const char *name, unsigned flags)
{
	size_t len;
	char *t = read_fixture(name, &len);
	const char *p;
	char old[32], new[32];
	unsigned long long serial = 0;
	int error = 0;

	if (!t)
		return 0;
	p = strstr(t, "msg=audit(");
	if (p && (p = strchr(p, ':')))
		serial = strtoull(p + 1, NULL, 10);
	p = strstr(t, " exit=-");
	if (p)
		error = atoi(p + 7);
	snprintf(old, sizeof(old), ":%llu)", serial);
	serial = next_serial++;
	snprintf(new, sizeof(new), ":%llu)", serial);
	/* the new serial has at least as many digits as any fixture's */
	char *out = malloc(len * 2 + 1), *o = out;
	for (const char *q = t; *q;) {
		if (strncmp(q, old, strlen(old)) == 0) {
			o += sprintf(o, "%s", new);
			q += strlen(old);
		} else {
			*o++ = *q++;
		}
	}
	*o = '\0';
	fake_push_text(out, serial, error, flags);
	free(out);
	free(t);
	return serial;
}

void fake_syscall(void)
{
	for (int i = 0; i < nslots; i++)
		if (ring[i].info.age < AUXERR_AGE_MAX)
			ring[i].info.age++;
}

void fake_set_age(unsigned slot, unsigned age)
{
	ring[slot].info.age = age;
}

void fake_flush_result(int err)
{
	flush_err = err;
}

char *read_fixture(const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "fixtures/%s.txt", name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}
