// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The client of the BPF backend's service (auxerr-bpfd --serve, a root
 * daemon on /run/auxerr/flush; bpf/auxerr.h, bpf/serve.c): one request,
 * one answer, within AUXERR_SERVICE_MS.  A service that is stopped (not
 * dead: its socket still takes connections and requests) would otherwise
 * leave auxerr_strerror(), a FLUSH or `auxerr last -p` waiting forever.
 * Async-signal-safe, like raw.c, its caller: system calls only, no TLS.
 */
#include <errno.h>
#include <stdint.h>
#include <poll.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "auxerr-shared.h"

#define SERVICE_SOCK "/run/auxerr/flush"

/* the thread whose last request timed out (0: none), for the message */
static atomic_long timed_out_tid;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* wait for @events on @s until @end (ms): 0, ETIMEDOUT or an errno */
static int wait_for(int s, short events, long long end)
{
	for (;;) {
		struct pollfd p = { .fd = s, .events = events };
		long long left = end - now_ms();
		int r;

		if (left <= 0)
			return ETIMEDOUT;
		r = poll(&p, 1, (int)left);
		if (r > 0)
			return 0;
		if (r == 0)
			return ETIMEDOUT;
		if (errno != EINTR)
			return errno;
	}
}

/* a connection to the service by @end: the socket, or -1 and errno
 * (ECONNREFUSED, ENOENT: no service; ETIMEDOUT) */
static int connect_by(long long end)
{
	struct sockaddr_un sa;
	int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0), e;

	if (s < 0)
		return -1;
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, SERVICE_SOCK, sizeof(SERVICE_SOCK));
	for (;;) {
		/* a full backlog (a stopped service) makes connect() wait:
		 * SO_SNDTIMEO bounds it, EAGAIN when it ran out */
		long long left = end - now_ms();
		struct timeval tv = { .tv_sec = left / 1000,
				      .tv_usec = (left % 1000) * 1000 };

		if (left <= 0) {
			e = ETIMEDOUT;
			break;
		}
		if (setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) < 0) {
			e = errno;
			break;
		}
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa)) == 0)
			return s;
		e = errno == EAGAIN ? ETIMEDOUT : errno;
		if (e != EINTR)
			break;
	}
	close(s);
	errno = e;
	return -1;
}

ssize_t auxerr__service_ask(const struct msghdr *req, struct msghdr *ans)
{
	long long end = now_ms() + AUXERR_SERVICE_MS;
	long tid = syscall(SYS_gettid);
	ssize_t n = -1;
	int s = connect_by(end), e = 0;

	if (s < 0) {
		e = errno;
		goto out;
	}
	for (;;) {
		n = sendmsg(s, req, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n >= 0)
			break;
		e = errno == EAGAIN ? wait_for(s, POLLOUT, end) :
		    errno == EINTR ? 0 : errno;
		if (e)
			goto out;
	}
	for (;;) {
		e = wait_for(s, POLLIN, end);
		if (e)
			goto out;
		n = recvmsg(s, ans, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
		if (n >= 0)
			break;
		if (errno != EAGAIN && errno != EINTR) {
			e = errno;
			goto out;
		}
	}
out:
	if (s >= 0)
		close(s);
	if (e == ETIMEDOUT)
		atomic_store(&timed_out_tid, tid);
	else
		atomic_compare_exchange_strong(&timed_out_tid, &tid, 0);
	if (e) {
		errno = e;
		return -1;
	}
	return n;
}

int auxerr__service_timed_out(void)
{
	long tid = syscall(SYS_gettid);

	return atomic_compare_exchange_strong(&timed_out_tid, &tid, 0);
}

int auxerr__service_want(void)
{
	struct { uint32_t magic, pad; } req = { 0x41555857u /* "AUXW" */, 0 };
	int32_t reply = EPROTO;
	struct iovec riov = { .iov_base = &req, .iov_len = sizeof(req) };
	struct iovec aiov = { .iov_base = &reply, .iov_len = sizeof(reply) };
	struct msghdr rmh = { .msg_iov = &riov, .msg_iovlen = 1 };
	struct msghdr amh = { .msg_iov = &aiov, .msg_iovlen = 1 };
	long long start = now_ms(), end = start + AUXERR_SERVICE_MS;
	int s = connect_by(end), e = 0;
	ssize_t n;

	if (s < 0)
		return -1;
	for (;;) {
		n = sendmsg(s, &rmh, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n >= 0)
			break;
		e = errno == EAGAIN ? wait_for(s, POLLOUT, end) : errno == EINTR ? 0 : errno;
		if (e)
			goto fail;
	}
	for (;;) {
		e = wait_for(s, POLLIN, end);
		if (e == ETIMEDOUT && end == start + AUXERR_WANT_MS)
			e = ETIME;
		if (e)
			goto fail;
		n = recvmsg(s, &amh, MSG_DONTWAIT);
		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			e = errno;
			goto fail;
		}
		if (n < 0)
			continue;
		if (n != (ssize_t)sizeof(reply) || reply != EINPROGRESS)
			break;
		/* attaching: the service is alive, it has that much more */
		end = now_ms() + AUXERR_SERVICE_MS;
		if (end > start + AUXERR_WANT_MS)
			end = start + AUXERR_WANT_MS;
	}
	e = n == (ssize_t)sizeof(reply) ? reply : EPROTO;
	if (e)
		goto fail;
	return s;
fail:
	close(s);
	errno = e;
	return -1;
}
