// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The raw interface: prctl(PR_AUXERR, ...), the freshness rule and the
 * errno-coupled state.  Everything here is async-signal-safe: prctl(2),
 * lock-free atomics and a static table only; no allocation, no locks, no
 * stdio, and no thread-local variables: in a library loaded with dlopen()
 * a thread's first access to one allocates (glibc's __tls_get_addr), which
 * a signal handler must not do.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "internal.h"
#include "auxerr-shared.h"

/* ---- the BPF backend (bpf/, docs/bpf-backend.md) -------------------- */

/*
 * On a kernel without the series, the BPF backend's pinned task iterator
 * shows the reading thread its own records: per record a header line
 * "#slot=N serial=.. sec=.. nsec=.. error=.. syscall=.. mechanism=..
 * age=.. flags=.." and then its event text.  Reading it does not age a
 * record (the backend does not count the open, read and close of it).
 * Parsed as a stream, with no allocation: async-signal-safe.
 */
#define BPF_RECORDS "/sys/fs/bpf/auxerr/records"
#define BPF_CLEAR "/sys/fs/bpf/auxerr/clear"
/* the flush service (auxerr-bpfd --serve; bpf/auxerr.h, bpf/serve.c;
 * its client: service.c) */
#define BPF_FLUSH_MAGIC 0x41555846u
struct bpf_flush_req {
	uint32_t magic;
	uint32_t tid;
	uint64_t serial;
};
/* OWN: one's own record from the service, for a thread whose sandbox
 * refuses it the iterator (bpf/auxerr.h, struct auxb_own_req) */
#define BPF_OWN_MAGIC 0x4155584fu
#define BPF_OWN_HDR 256
struct bpf_own_req {
	uint32_t magic;
	uint32_t tid;
	uint32_t slot;
	uint32_t pad;
};
/* prctl(PR_AUXERR, HOLD / RELEASE): no kernel knows them (EINVAL); the
 * backend's exit program stops and starts counting the thread's system
 * calls at them, and HOLD undoes the count of a refused open of the
 * iterator just before it (bpf/auxerr.h, AUXB_PR_HOLD) */
#define BPF_PR_HOLD 0x484f4c44ul
#define BPF_PR_RELEASE 0x52454c53ul

static void bpf_mark(unsigned long op)
{
	syscall(SYS_prctl, PR_AUXERR, op, 0ul, 0ul, 0ul);
}

static const char *hdr_field(const char *h, const char *key)
{
	size_t k = strlen(key);

	for (const char *p = h; *p; p++) {
		if ((p == h || p[-1] == ' ' || p[-1] == '#') &&
		    !strncmp(p, key, k) && p[k] == '=')
			return p + k + 1;
	}
	return NULL;
}

static unsigned long long hdr_num(const char *h, const char *key, int *neg)
{
	const char *v = hdr_field(h, key);
	unsigned long long n = 0;

	*neg = 0;
	if (!v)
		return 0;
	if (*v == '-') {
		*neg = 1;
		v++;
	}
	while (*v >= '0' && *v <= '9')
		n = n * 10 + (unsigned long long)(*v++ - '0');
	return n;
}

static void hdr_info(const char *h, struct auxerr_info *info)
{
	int neg;

	memset(info, 0, sizeof(*info));
	info->serial = hdr_num(h, "serial", &neg);
	info->time_sec = (long long)hdr_num(h, "sec", &neg);
	info->time_nsec = (unsigned)hdr_num(h, "nsec", &neg);
	info->error = (int)hdr_num(h, "error", &neg);
	info->syscall = (int)hdr_num(h, "syscall", &neg);
	info->arch = 0xc000003eu;	/* AUDIT_ARCH_X86_64: the backend's only arch */
	info->mechanism = (unsigned)hdr_num(h, "mechanism", &neg);
	info->age = (unsigned)hdr_num(h, "age", &neg);
	info->flags = (unsigned)hdr_num(h, "flags", &neg);
}

/*
 * The iterator refused (a Landlock domain or a seccomp filter that does
 * not allow its open, a mount namespace without bpffs): ask the service
 * for record @slot of this very thread (request OWN).  Held from just
 * after the refused open to the end (prctl HOLD ... RELEASE), so neither
 * that open nor the socket calls age the record: the age in the answer
 * is the one the iterator would show.  Landlock does not mediate connect()
 * to a named unix socket.  As bpf_query(); ENOSYS also when there is no
 * service, ETIMEDOUT when it did not answer in AUXERR_SERVICE_MS.
 * Async-signal-safe (system calls only).
 */
static long bpf_own(unsigned slot, struct auxerr_info *info, char *out,
		    size_t outlen)
{
	struct bpf_own_req req;
	char hdr[BPF_OWN_HDR + 1];
	int32_t reply = EPROTO;
	struct iovec iov[3] = {
		{ .iov_base = &reply, .iov_len = sizeof(reply) },
		{ .iov_base = hdr, .iov_len = BPF_OWN_HDR },
		{ .iov_base = out, .iov_len = outlen },
	};
	struct iovec riov = { .iov_base = &req, .iov_len = sizeof(req) };
	struct msghdr mh, rmh = { .msg_iov = &riov, .msg_iovlen = 1 };
	int err = 0, neg;
	ssize_t n;

	bpf_mark(BPF_PR_HOLD);
	memset(&req, 0, sizeof(req));
	req.magic = BPF_OWN_MAGIC;
	req.tid = (uint32_t)syscall(SYS_gettid);
	req.slot = slot;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = out && outlen ? 3 : 2;
	n = auxerr__service_ask(&rmh, &mh);
	if (n < 0)
		/* no service: as if not loaded; a stopped one: ETIMEDOUT */
		err = errno == ETIMEDOUT ? ETIMEDOUT : ENOSYS;
	else if (n < (ssize_t)sizeof(reply))
		err = EPROTO;
	else if (reply)
		err = reply;
	else if (n < (ssize_t)(sizeof(reply) + BPF_OWN_HDR))
		err = EPROTO;
	bpf_mark(BPF_PR_RELEASE);
	if (err) {
		errno = err;
		return -1;
	}
	hdr[BPF_OWN_HDR] = '\0';
	hdr_info(hdr, info);
	info->text_len = (unsigned)hdr_num(hdr, "len", &neg);
	return (long)info->text_len;
}

/* Read the iterator; fill @info and copy at most @outlen bytes of the
 * text of @slot to @out.  Returns the text's length, -1 and errno
 * (ENOENT: no such record; ENOSYS: the backend is not loaded). */
static long bpf_query(unsigned slot, struct auxerr_info *info, char *out,
		      size_t outlen)
{
	char chunk[1024], hdr[256];
	size_t hl = 0, tlen = 0;
	int in_hdr = 0, bol = 1, found = 0;
	long cur = -1;
	/* the path from the stack: a seccomp filter refuses the open before
	 * the kernel reads the path, and the backend reads it then only if
	 * its page is in memory (it keeps no record of a refused open of
	 * its own iterators, which it recognizes by the path) */
	char path[sizeof(BPF_RECORDS)];
	int fd;

	memcpy(path, BPF_RECORDS, sizeof(path));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return bpf_own(slot, info, out, outlen);
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		if (n == 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			char c = chunk[i];
			if (bol && c == '#') {
				in_hdr = 1;
				hl = 0;
			}
			if (in_hdr) {
				if (c == '\n') {
					int neg;
					hdr[hl] = '\0';
					in_hdr = 0;
					cur = (long)hdr_num(hdr, "slot", &neg);
					if (cur == (long)slot) {
						found = 1;
						hdr_info(hdr, info);
					}
				} else if (hl < sizeof(hdr) - 1) {
					hdr[hl++] = c;
				}
			} else if (cur == (long)slot) {
				if (out && tlen < outlen)
					out[tlen] = c;
				tlen++;
			}
			bol = c == '\n';
		}
	}
	close(fd);
	if (!found) {
		errno = ENOENT;
		return -1;
	}
	info->text_len = (unsigned)tlen;
	return (long)tlen;
}

/* Read one of the backend's pinned iterators to its end (its open, read
 * and close are not counted) */
static int bpf_touch(const char *pin)
{
	char c, path[64];	/* from the stack, as in bpf_query() */
	int fd;

	strncpy(path, pin, sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while (read(fd, &c, 1) > 0)
		;
	close(fd);
	return 0;
}

/*
 * FLUSH: ask the flush service (a root daemon, auxerr-bpfd --serve) to
 * send the record in @slot to audit.  The service takes the caller's
 * process from the socket, not from the request, and flushes only a
 * record of one of that process's threads.  The calls in between hold and
 * release are not counted (they do not age the records).  Errors: the
 * record's (ENOENT), EALREADY, EOPNOTSUPP (no service, or audit off),
 * ETIMEDOUT (a service that did not answer in AUXERR_SERVICE_MS), the
 * service's answer.  Async-signal-safe (system calls only).
 */
static long bpf_flush(unsigned slot)
{
	struct auxerr_info info;
	struct bpf_flush_req req;
	int32_t reply = EPROTO;
	struct iovec riov = { .iov_base = &req, .iov_len = sizeof(req) };
	struct iovec aiov = { .iov_base = &reply, .iov_len = sizeof(reply) };
	struct msghdr rmh = { .msg_iov = &riov, .msg_iovlen = 1 };
	struct msghdr amh = { .msg_iov = &aiov, .msg_iovlen = 1 };
	ssize_t n;
	int err = 0;

	if (bpf_query(slot, &info, NULL, 0) < 0)
		return -1;
	if (info.flags & AUXERR_INFO_FLUSHED) {
		errno = EALREADY;
		return -1;
	}
	/* held with the prctl markers, not the hold iterator: they work
	 * under a sandbox that refuses the iterators too */
	bpf_mark(BPF_PR_HOLD);
	memset(&req, 0, sizeof(req));
	req.magic = BPF_FLUSH_MAGIC;
	req.tid = (uint32_t)syscall(SYS_gettid);
	req.serial = info.serial;
	n = auxerr__service_ask(&rmh, &amh);
	if (n < 0)
		err = errno == ETIMEDOUT ? ETIMEDOUT : EOPNOTSUPP;	/* no service */
	else
		err = n == (ssize_t)sizeof(reply) ? reply : EPROTO;
	bpf_mark(BPF_PR_RELEASE);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* prctl(PR_AUXERR, ...) as the BPF backend answers it */
static long bpf_call(int op, unsigned long slot, void *ptr, unsigned long len)
{
	struct auxerr_info info;
	long r;

	if (slot >= AUXERR_DEPTH_MAX && op != PR_AUXERR_CLEAR) {
		errno = EINVAL;
		return -1;
	}
	switch (op) {
	case PR_AUXERR_GET:
		if (!ptr) {
			if (len) {
				errno = EINVAL;
				return -1;
			}
			return bpf_query((unsigned)slot, &info, NULL, 0);
		}
		r = bpf_query((unsigned)slot, &info, ptr, len);
		if (r >= 0 && (unsigned long)r > len) {
			errno = ERANGE;
			return -1;
		}
		return r;
	case PR_AUXERR_INFO:
		if (!ptr || len < AUXERR_INFO_SIZE_VER0) {
			errno = EINVAL;
			return -1;
		}
		r = bpf_query((unsigned)slot, &info, NULL, 0);
		if (r < 0)
			return -1;
		if (len > sizeof(info))
			len = sizeof(info);
		memcpy(ptr, &info, len);
		return (long)len;
	case PR_AUXERR_CLEAR:
		if (bpf_touch(BPF_CLEAR) < 0) {
			errno = ENOSYS;
			return -1;
		}
		return 0;
	case PR_AUXERR_FLUSH:
		return bpf_flush((unsigned)slot);
	}
	errno = EINVAL;
	return -1;
}

long auxerr__real_prctl(int op, unsigned long slot, void *ptr,
			unsigned long len)
{
	return prctl(PR_AUXERR, (unsigned long)op, slot, (unsigned long)ptr,
		     len);
}

auxerr_prctl_fn auxerr__prctl = auxerr__real_prctl;

/* 0: not known yet, 1: the kernel has auxerr, -1: it has not,
 * 2: it has not, and the BPF backend answers instead */
static atomic_int support;

void auxerr__reset(void)
{
	atomic_store(&support, 0);
}

/*
 * prctl() answers EINVAL for an option it does not know, but an auxerr
 * kernel may also answer EINVAL for bad arguments.  So on EINVAL, probe
 * once with an INFO request that is valid on every auxerr kernel (slot 0,
 * the version-0 size): EINVAL again means the option is unknown.  Only
 * the verdict "missing" is final (a kernel does not grow a prctl option).
 */
long auxerr__call(int op, unsigned long slot, void *ptr, unsigned long len)
{
	int sup = atomic_load_explicit(&support, memory_order_relaxed);

	if (sup == 2)
		return bpf_call(op, slot, ptr, len);
	if (sup < 0) {
		errno = ENOSYS;
		return -1;
	}
	long r = auxerr__prctl(op, slot, ptr, len);
	if (r >= 0) {
		atomic_store_explicit(&support, 1, memory_order_relaxed);
		return r;
	}
	if (errno != EINVAL ||
	    atomic_load_explicit(&support, memory_order_relaxed) > 0)
		return r;

	struct auxerr_info probe;
	memset(&probe, 0, sizeof(probe));
	if (auxerr__prctl(PR_AUXERR_INFO, 0, &probe, sizeof(probe)) < 0 &&
	    errno == EINVAL) {
		/* no prctl: the BPF backend, if it is loaded (never behind
		 * the unit tests' fake kernels) */
		if (auxerr__prctl == auxerr__real_prctl) {
			/* (no access() first: every system call but the
			 * iterator's own ages a record) */
			long b = bpf_call(op, slot, ptr, len);
			if (b >= 0 || errno != ENOSYS) {
				atomic_store_explicit(&support, 2,
						      memory_order_relaxed);
				return b;
			}
		}
		atomic_store_explicit(&support, -1, memory_order_relaxed);
		errno = ENOSYS;
		return -1;
	}
	atomic_store_explicit(&support, 1, memory_order_relaxed);
	errno = EINVAL;
	return -1;
}

int auxerr__info(unsigned slot, struct auxerr_info *info)
{
	memset(info, 0, sizeof(*info));
	long r = auxerr__call(PR_AUXERR_INFO, slot, info, sizeof(*info));
	if (r < 0)
		return -1;
	if (r < AUXERR_INFO_SIZE_VER0) {
		errno = EPROTO;
		return -1;
	}
	return 0;
}

AUXERR_API ssize_t auxerr_get_record(unsigned slot, char *buf, size_t len,
				     unsigned flags)
{
	int saved = errno;
	long r;

	if (flags & ~AUXERR_FLUSH) {
		errno = EINVAL;
		return -1;
	}
	if (buf == NULL) {
		if (len != 0) {
			errno = EINVAL;
			return -1;
		}
		r = auxerr__call(PR_AUXERR_GET, slot, NULL, 0);
		if (r < 0)
			return -1;
		errno = saved;
		return r + 1;	/* room for the NUL */
	}
	if (len == 0) {
		/* no room even for the NUL: say why precisely */
		if (auxerr__call(PR_AUXERR_GET, slot, NULL, 0) >= 0)
			errno = ERANGE;
		return -1;
	}
	r = auxerr__call(PR_AUXERR_GET, slot, buf, len - 1);
	if (r < 0)
		return -1;
	if ((size_t)r > len - 1) {	/* a kernel that only measured */
		errno = ERANGE;
		return -1;
	}
	buf[r] = '\0';
	if (flags & AUXERR_FLUSH) {
		if (auxerr__call(PR_AUXERR_FLUSH, slot, NULL, 0) < 0 &&
		    errno != EALREADY)
			return -1;
	}
	errno = saved;
	return r;
}

AUXERR_API ssize_t get_last_audit_record(char *buf, size_t len,
					 unsigned flags)
{
	return auxerr_get_record(0, buf, len, flags);
}

AUXERR_API int auxerr_clear(void)
{
	int saved = errno;

	if (auxerr__call(PR_AUXERR_CLEAR, 0, NULL, 0) < 0)
		return -1;
	errno = saved;
	return 0;
}

/* ---- the freshness rule ------------------------------------------- */

static atomic_uint max_age = AUXERR_DEFAULT_MAX_AGE;
static atomic_int max_age_init;

static unsigned get_max_age(void)
{
	/* The first call reads AUXERR_MAX_AGE; getenv is async-signal-safe
	 * in practice (no allocation) as long as nobody calls setenv. */
	if (!atomic_load_explicit(&max_age_init, memory_order_acquire)) {
		const char *e = getenv("AUXERR_MAX_AGE");
		if (e && *e >= '0' && *e <= '9') {
			unsigned v = 0;
			while (*e >= '0' && *e <= '9' && v <= AUXERR_AGE_MAX)
				v = v * 10 + (unsigned)(*e++ - '0');
			if (*e == '\0' && v < AUXERR_AGE_MAX)
				atomic_store(&max_age, v);
		}
		atomic_store_explicit(&max_age_init, 1, memory_order_release);
	}
	return atomic_load_explicit(&max_age, memory_order_relaxed);
}

AUXERR_API unsigned auxerr_max_age(void)
{
	return get_max_age();
}

AUXERR_API unsigned auxerr_set_max_age(unsigned age)
{
	unsigned old = get_max_age();

	if (age >= AUXERR_AGE_MAX)
		age = AUXERR_AGE_MAX - 1;	/* 255 means "saturated" */
	atomic_store(&max_age, age);
	return old;
}

/*
 * The thread's link between its errno and a record, set by
 * auxerr_state_restore():
 * @serial/@error/@delta: the pinned record; its effective age is its
 *	current age minus @delta (the calls made between save and restore)
 * @floor: records with a serial up to @floor (the newest one at restore
 *	time) that are not pinned are not fresh: they were made by the code
 *	that ran between save and restore (audit serials only grow)
 */
struct pin {
	unsigned long long serial;
	unsigned long long floor;
	int error;
	unsigned delta;
};

/*
 * Each thread's pin lives in a static table, found by the thread's
 * pthread_self() (a load from the thread pointer; no system call, which
 * would age the record).  Not thread-local storage: the library must load
 * with dlopen() in any process (no initial-exec TLS, which needs the
 * static TLS surplus), and a thread's first access to dynamic TLS
 * allocates, which auxerr_state_save()/auxerr_state_restore() in a signal
 * handler must not do.
 *
 * A thread claims a free slot with a compare-and-swap (open addressing
 * from a hash of its id; a slot is never emptied, only marked released,
 * so a thread finds its own slot before the first never-used one).  Only
 * the owner thread (or a signal handler interrupting it) touches the pin.
 * A slot is released at thread exit by a thread-specific-data destructor,
 * registered from the library's non-async-signal-safe entry points only
 * (pin_register()).  A slot left by a thread that never registered (it
 * only saved and restored in signal handlers) is taken over by the next
 * thread with the same id, which is harmless: its pinned serial is not in
 * the new thread's ring, and its floor is older than the new thread's
 * records.
 *
 * When the table is full, the thread has no pin: nothing can be pinned
 * and auxerr_state_restore() raises a process-wide floor instead, so that
 * the records made between save and restore are never taken for the
 * program's (an explanation may be missed, never a wrong one given).
 */
#define PIN_SLOTS AUXERR_PIN_SLOTS
#define PIN_FREE ((uintptr_t)0)		/* never used: ends a search */
#define PIN_RELEASED ((uintptr_t)1)	/* free again, the search goes on */

struct pin_slot {
	_Atomic uintptr_t owner;
	struct pin pin;
};
static struct pin_slot pins[PIN_SLOTS];
static _Atomic unsigned long long floor_all;	/* see above */
static pthread_key_t pin_key;
static atomic_int pin_key_ok;

static void pin_release(void *p)
{
	struct pin_slot *ps = p;

	memset(&ps->pin, 0, sizeof(ps->pin));
	atomic_store_explicit(&ps->owner, PIN_RELEASED, memory_order_release);
}

__attribute__((constructor)) static void pin_init(void)
{
	if (pthread_key_create(&pin_key, pin_release) == 0)
		atomic_store(&pin_key_ok, 1);
}

/* dlclose(): no destructor may point into the unmapped library */
__attribute__((destructor)) static void pin_fini(void)
{
	if (atomic_exchange(&pin_key_ok, 0))
		pthread_key_delete(pin_key);
}

static unsigned pin_hash(uintptr_t self)
{
	unsigned long long h = (unsigned long long)self * 0x9e3779b97f4a7c15ull;

	return (unsigned)(h >> 40) % PIN_SLOTS;
}

/* The calling thread's pin, claiming a slot when @claim; NULL when it has
 * none (not claimed, or the table is full).  Async-signal-safe. */
static struct pin *pin_self(int claim)
{
	uintptr_t self = (uintptr_t)pthread_self();
	unsigned start = pin_hash(self);

	for (int round = 0; round < 4; round++) {
		int take = -1;
		for (unsigned i = 0; i < PIN_SLOTS; i++) {
			unsigned k = (start + i) % PIN_SLOTS;
			uintptr_t o = atomic_load_explicit(&pins[k].owner,
							   memory_order_acquire);
			if (o == self)
				return &pins[k].pin;
			if (o == PIN_RELEASED && take < 0)
				take = (int)k;
			if (o == PIN_FREE) {
				if (take < 0)
					take = (int)k;
				break;
			}
		}
		if (!claim || take < 0)
			return NULL;
		uintptr_t expect = atomic_load_explicit(&pins[take].owner,
							memory_order_relaxed);
		if ((expect == PIN_FREE || expect == PIN_RELEASED) &&
		    atomic_compare_exchange_strong(&pins[take].owner, &expect,
						   self)) {
			memset(&pins[take].pin, 0, sizeof(pins[take].pin));
			return &pins[take].pin;
		}
		/* another thread took it first (or a signal handler of this
		 * one did, and the next round finds it): search again */
	}
	return NULL;
}

/* The pin's slot is released when the thread exits.  Not async-signal-
 * safe (pthread_setspecific may allocate): only from the entry points
 * that are not either. */
static void pin_register(struct pin *p)
{
	struct pin_slot *ps;

	if (!p || !atomic_load_explicit(&pin_key_ok, memory_order_relaxed))
		return;
	ps = (struct pin_slot *)((char *)p - offsetof(struct pin_slot, pin));
	if (pthread_getspecific(pin_key) != ps)
		pthread_setspecific(pin_key, ps);
}

void auxerr__pin_register(void)
{
	pin_register(pin_self(0));
}

/* tests only: the slots owned by a thread now */
unsigned auxerr__pins_used(void)
{
	unsigned n = 0;

	for (unsigned k = 0; k < PIN_SLOTS; k++) {
		uintptr_t o = atomic_load(&pins[k].owner);
		n += o != PIN_FREE && o != PIN_RELEASED;
	}
	return n;
}

static void raise_floor_all(unsigned long long serial)
{
	unsigned long long cur = atomic_load(&floor_all);

	while (cur < serial &&
	       !atomic_compare_exchange_weak(&floor_all, &cur, serial))
		;
}

static int find_serial(unsigned long long serial, struct auxerr_info *info)
{
	for (unsigned s = 0; s < AUXERR_DEPTH_MAX; s++) {
		if (auxerr__info(s, info) < 0)
			return -1;
		if (info->serial == serial)
			return (int)s;
	}
	return -1;
}

static int usable(const struct auxerr_info *info, int errnum)
{
	return info->error == errnum && !(info->flags & AUXERR_INFO_WEAK) &&
	       info->age < AUXERR_AGE_MAX;
}

int auxerr__fresh_slot(int errnum, struct auxerr_info *info)
{
	int saved = errno, slot = -1;
	unsigned limit = get_max_age();
	unsigned best_age = AUXERR_AGE_MAX;
	struct auxerr_info tmp;
	struct pin *pin = pin_self(0);
	unsigned long long floor = atomic_load(&floor_all);

	if (errnum <= 0)
		goto out;
	if (pin && pin->floor > floor)
		floor = pin->floor;
	if (pin && pin->serial) {
		int s = find_serial(pin->serial, &tmp);
		if (s < 0 || tmp.age >= AUXERR_AGE_MAX ||
		    tmp.age < pin->delta || tmp.age - pin->delta > limit) {
			pin->serial = 0;	/* gone or expired */
		} else if (usable(&tmp, errnum) && pin->error == errnum) {
			slot = s;
			best_age = tmp.age - pin->delta;
			*info = tmp;
		}
	}
	if (auxerr__info(0, &tmp) == 0 && usable(&tmp, errnum) &&
	    tmp.age <= limit && tmp.serial > floor &&
	    (slot < 0 || tmp.age < best_age)) {
		slot = 0;
		*info = tmp;
	}
out:
	errno = saved;
	return slot;
}

AUXERR_API int auxerr_state_save(struct auxerr_state *st)
{
	int saved = errno;
	struct auxerr_info info;

	memset(st, 0, sizeof(*st));
	st->saved_errno = saved;
	if (auxerr__fresh_slot(saved, &info) >= 0) {
		struct pin *pin = pin_self(0);
		st->serial = info.serial;
		st->error = info.error;
		st->age = info.age;
		if (pin && pin->serial == info.serial && info.age >= pin->delta)
			st->age = info.age - pin->delta;
	}
	errno = saved;
	return 0;
}

AUXERR_API void auxerr_state_restore(const struct auxerr_state *st)
{
	struct auxerr_info info;
	unsigned long long newest = 0;
	struct pin *pin = pin_self(1);

	if (auxerr__info(0, &info) == 0)
		newest = info.serial;
	if (!pin) {
		/* no slot: nothing made in between is ever taken */
		raise_floor_all(newest);
		errno = st->saved_errno;
		return;
	}
	pin->serial = 0;
	pin->floor = newest;
	if (st->serial && find_serial(st->serial, &info) >= 0 &&
	    info.age >= st->age) {
		pin->serial = st->serial;
		pin->error = st->error;
		pin->delta = info.age - st->age;
	}
	errno = st->saved_errno;
}

/*
 * After libauxerr itself fetched, parsed and explained the record @before
 * described (NSS lookups for names, message catalogs...): the system
 * calls that took are the library's, not the program's, so pin the record
 * with them subtracted (when @keep), and never take a record the work
 * itself produced (a denial of its own) for the program's.  Not
 * async-signal-safe (it registers the thread's pin for release).
 */
void auxerr__repin(const struct auxerr_info *before, int keep)
{
	struct auxerr_info now, newest;
	struct pin *pin = pin_self(1);
	int s = keep ? find_serial(before->serial, &now) : -1;

	pin_register(pin);
	if (!pin) {
		if (auxerr__info(0, &newest) == 0)
			raise_floor_all(newest.serial);
		return;
	}
	if (s >= 0 && now.age >= before->age) {
		unsigned own = now.age - before->age;
		if (pin->serial == before->serial) {
			pin->delta += own;
		} else {
			pin->serial = before->serial;
			pin->error = before->error;
			pin->delta = own;
		}
	}
	if (auxerr__info(0, &newest) == 0 && newest.serial > pin->floor)
		pin->floor = newest.serial;
}

/* The ring slot holding the record @serial now, or -1 */
int auxerr__slot_of(unsigned long long serial)
{
	struct auxerr_info info;

	return find_serial(serial, &info);
}
