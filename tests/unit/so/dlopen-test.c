/*
 * libauxerr.so loads with dlopen() in a process whose static TLS surplus
 * is spent, and its async-signal-safe calls allocate nothing, even in a
 * thread created after the dlopen (where dynamic TLS would be allocated on
 * first use).
 *
 *   dlopen-test LIBDIR TESTDIR
 *
 * LIBDIR holds libauxerr.so.1 and libauxerr-preload.so; TESTDIR the test
 * libraries built from tls-lib.c: ie-N.so (N bytes of initial-exec TLS,
 * N = 4096 ... 16), ie-probe.so (16 bytes, initial-exec) and gd.so
 * (dynamic TLS).  Output ends with "N passed, N failed".
 *
 * The program replaces malloc and friends (forwarding to glibc's
 * __libc_* functions) to count the allocations made while a window is
 * open: the dynamic linker's own TLS allocation goes through them too.
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "auxerr.h"

/* ---- counting allocator ------------------------------------------- */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static atomic_int counting, allocs;

static void count(void)
{
	if (atomic_load_explicit(&counting, memory_order_relaxed))
		atomic_fetch_add(&allocs, 1);
}

void *malloc(size_t n)
{
	count();
	return __libc_malloc(n);
}

void *calloc(size_t a, size_t b)
{
	count();
	return __libc_calloc(a, b);
}

void *realloc(void *p, size_t n)
{
	count();
	return __libc_realloc(p, n);
}

void *memalign(size_t al, size_t n)
{
	count();
	return __libc_memalign(al, n);
}

void *aligned_alloc(size_t al, size_t n)
{
	count();
	return __libc_memalign(al, n);
}

int posix_memalign(void **p, size_t al, size_t n)
{
	count();
	*p = __libc_memalign(al, n);
	return *p ? 0 : ENOMEM;
}

void free(void *p)
{
	__libc_free(p);
}

/* ---- checks --------------------------------------------------------- */
static int pass, fail;

static void check(int ok, const char *what)
{
	if (ok)
		pass++;
	else
		fail++;
	printf("  %-5s %s\n", ok ? "ok" : "FAIL", what);
	fflush(stdout);
}

static const char *libdir, *testdir;

static void *load(const char *dir, const char *name, char *err, size_t len)
{
	char path[4096];
	void *h;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h && err)
		snprintf(err, len, "%s", dlerror());
	return h;
}

/* libauxerr's entry points, from dlsym */
static ssize_t (*p_get_last)(char *, size_t, unsigned);
static ssize_t (*p_get_record)(unsigned, char *, size_t, unsigned);
static int (*p_clear)(void);
static int (*p_save)(struct auxerr_state *);
static void (*p_restore)(const struct auxerr_state *);
static const char *(*p_strerror)(int);
static void *(*p_gd_touch)(void);

/* The async-signal-safe calls, from a signal handler */
static volatile sig_atomic_t handler_ran, handler_errno_ok;

static void handler(int sig)
{
	struct auxerr_state st;
	char buf[256];
	(void)sig;

	p_save(&st);
	p_get_last(NULL, 0, 0);
	p_get_last(buf, sizeof(buf), 0);
	p_get_record(0, buf, sizeof(buf), 0);
	p_clear();
	errno = ENOENT;		/* the handler's own errno */
	p_restore(&st);
	handler_errno_ok = errno == EACCES;
	handler_ran = 1;
}

/* in a thread: @arg 0 the control (gd.so's dynamic TLS, first access),
 * 1 the handler calling libauxerr's async-signal-safe functions */
static void *thread_main(void *arg)
{
	long what = (long)arg;
	long n;

	atomic_store(&allocs, 0);
	atomic_store(&counting, 1);
	if (what == 0) {
		p_gd_touch();
	} else {
		errno = EACCES;
		raise(SIGUSR1);
	}
	atomic_store(&counting, 0);
	n = atomic_load(&allocs);
	return (void *)n;
}

static long in_thread(long what)
{
	pthread_t t;
	void *r = NULL;

	if (pthread_create(&t, NULL, thread_main, (void *)what) != 0)
		return -1;
	pthread_join(t, &r);
	return (long)r;
}

static void *strerror_thread(void *arg)
{
	(void)arg;
	return (void *)(long)(strcmp(p_strerror(EACCES), strerror(EACCES)) == 0);
}

int main(int argc, char **argv)
{
	char err[1024], what[2048];
	static const int sizes[] = { 4096, 2048, 1024, 512, 256, 128, 64, 32, 16 };
	int spent = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: dlopen-test LIBDIR TESTDIR\n");
		return 2;
	}
	libdir = argv[1];
	testdir = argv[2];
	printf("dlopen-test (GLIBC_TUNABLES=%s)\n",
	       getenv("GLIBC_TUNABLES") ? getenv("GLIBC_TUNABLES") : "");

	/* spend the static TLS surplus: initial-exec libraries, greedily */
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char name[32];
		snprintf(name, sizeof(name), "ie-%d.so", sizes[i]);
		if (load(testdir, name, NULL, 0))
			spent += sizes[i];
	}
	printf("  (initial-exec test libraries took %d bytes of static TLS)\n", spent);
	/* proof that it is spent: one more initial-exec library fails */
	void *probe = load(testdir, "ie-probe.so", err, sizeof(err));
	snprintf(what, sizeof(what), "an initial-exec library no longer loads: %s",
		 probe ? "it loaded" : err);
	check(!probe && strstr(err, "static TLS"), what);

	/* libauxerr loads all the same */
	void *lib = load(libdir, "libauxerr.so.1", err, sizeof(err));
	snprintf(what, sizeof(what), "dlopen(libauxerr.so.1): %s", lib ? "loaded" : err);
	check(lib != NULL, what);
	void *pre = load(libdir, "libauxerr-preload.so", err, sizeof(err));
	snprintf(what, sizeof(what), "dlopen(libauxerr-preload.so): %s", pre ? "loaded" : err);
	check(pre != NULL, what);
	void *gd = load(testdir, "gd.so", err, sizeof(err));
	check(gd != NULL, "dlopen(gd.so), the dynamic TLS control");
	if (!lib || !gd)
		goto out;

	p_get_last = (ssize_t (*)(char *, size_t, unsigned))dlsym(lib, "get_last_audit_record");
	p_get_record = (ssize_t (*)(unsigned, char *, size_t, unsigned))dlsym(lib, "auxerr_get_record");
	p_clear = (int (*)(void))dlsym(lib, "auxerr_clear");
	p_save = (int (*)(struct auxerr_state *))dlsym(lib, "auxerr_state_save");
	p_restore = (void (*)(const struct auxerr_state *))dlsym(lib, "auxerr_state_restore");
	p_strerror = (const char *(*)(int))dlsym(lib, "auxerr_strerror");
	p_gd_touch = (void *(*)(void))dlsym(gd, "tls_touch");
	check(p_get_last && p_get_record && p_clear && p_save && p_restore &&
	      p_strerror && p_gd_touch, "dlsym finds the entry points");
	if (!(p_get_last && p_get_record && p_clear && p_save && p_restore &&
	      p_strerror && p_gd_touch))
		goto out;

	/* the library works: no record (ENOSYS without auxerr, ENOENT or a
	 * record with it), auxerr_strerror() is strerror() without a record */
	errno = 0;
	ssize_t r = p_get_last(NULL, 0, 0);
	snprintf(what, sizeof(what), "get_last_audit_record(NULL, 0, 0) = %zd, errno %d",
		 r, r < 0 ? errno : 0);
	check(r > 0 || errno == ENOSYS || errno == ENOENT, what);
	p_clear();
	check(strcmp(p_strerror(EACCES), strerror(EACCES)) == 0,
	      "auxerr_strerror(EACCES) in the main thread");
	pthread_t t;
	void *same = NULL;
	pthread_create(&t, NULL, strerror_thread, NULL);
	pthread_join(t, &same);
	check(same != NULL, "auxerr_strerror(EACCES) in a new thread (dynamic TLS)");

	/* the control: dynamic TLS is allocated on a thread's first access,
	 * and this program sees that allocation */
	long n = in_thread(0);
	snprintf(what, sizeof(what),
		 "control: a new thread's first access to gd.so's dynamic TLS allocates (%ld allocations)", n);
	check(n > 0, what);

	/* the async-signal-safe calls allocate nothing from a handler in a
	 * new thread (the first libauxerr call that thread makes) */
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	for (int i = 0; i < 2; i++) {
		handler_ran = handler_errno_ok = 0;
		n = in_thread(1);
		snprintf(what, sizeof(what),
			 "new thread %d: save, get_last_audit_record, auxerr_get_record, "
			 "auxerr_clear, restore from a signal handler: %ld allocations", i + 1, n);
		check(handler_ran && n == 0, what);
		check(handler_errno_ok, "auxerr_state_restore() restored errno");
	}
	/* and in the main thread */
	handler_ran = 0;
	atomic_store(&allocs, 0);
	atomic_store(&counting, 1);
	errno = EACCES;
	raise(SIGUSR1);
	atomic_store(&counting, 0);
	snprintf(what, sizeof(what), "main thread, from a signal handler: %d allocations",
		 atomic_load(&allocs));
	check(handler_ran && atomic_load(&allocs) == 0, what);
out:
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
