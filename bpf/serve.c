// SPDX-License-Identifier: GPL-2.0-only
/*
 * The flush service of the BPF backend (auxerr-bpfd --serve, run as root):
 * FLUSH on a stock kernel.  A BPF program cannot write to audit and an
 * unprivileged user may not (AUDIT_USER_* needs CAP_AUDIT_WRITE), so a
 * thread asks this service over the unix socket AUXB_FLUSH_SOCK with its
 * thread id and the serial of one of its records (struct auxb_flush_req).
 *
 * The service believes nothing the request says about who is asking: the
 * process is the socket's peer (SO_PEERPIDFD, else SO_PEERCRED's pid and
 * pidfd_open()); the thread named must be one of that process's threads
 * (/proc/PID/task/TID, with both pidfds still alive afterwards, so that
 * neither id was reused meanwhile); the record is looked up in THAT
 * thread's task storage (a pidfd is the key of a BPF_MAP_TYPE_TASK_STORAGE
 * lookup from user space).  So a client can flush only its own process's
 * records.  The record goes to audit as one user message of type
 * AUXB_AUDIT_TYPE (2340), and is marked flushed (a second FLUSH answers
 * EALREADY).  The answer is one __s32: 0 or a positive errno.
 *
 * It also answers LAST (auxerr last -p, struct auxb_last_req): another
 * thread's records, for a caller whose open of that thread's
 * /proc/PID/task/TID/environ the kernel allowed (last_allowed()); and OWN
 * (struct auxb_own_req): a thread's own record, as the iterator would
 * show it, for a thread whose sandbox refuses it the iterator (own()).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <sys/un.h>
#include <unistd.h>

#include <linux/netlink.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <libaudit.h>

#include "request.h"
#include "serve.h"
#include "auxerr.skel.h"	/* struct auxerr_bpf__rodata */

#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif
#ifndef PIDFD_THREAD
#define PIDFD_THREAD O_EXCL
#endif

/* ---- rendering ------------------------------------------------------ */

/* the renderer's output (render.h): @in_msg, the text of an audit user
 * message (msg='...'), where a single quote also makes a string hex */
struct out {
	char *p;
	size_t len, used;
	int over, in_msg;
};

__attribute__((format(printf, 2, 3)))
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->over)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->p + o->used, o->len - o->used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->len - o->used) {
		o->over = 1;
		return;
	}
	o->used += (size_t)n;
}

/* the task whose record is rendered: its fields the record does not keep
 * come from its /proc */
struct proc_task {
	int pid, tid;
	char *fdname;		/* fd_named()'s, PATH_MAX bytes */
};

static void put_untrusted(struct out *o, const char *s, size_t n);
static void put_bare(struct out *o, const char *s, size_t n);
static int put_name_dir(struct out *o, const char *s, size_t n);
static void put_hex(struct out *o, const __u8 *b, size_t n);
static __u32 task_auid(const struct proc_task *c);
static __u32 task_ses(const struct proc_task *c);
static void put_tty(struct out *o, const struct proc_task *c);
static void put_exe(struct out *o, const struct proc_task *c);
static void put_cwd(struct out *o, const struct proc_task *c);
static void put_proctitle(struct out *o, const struct proc_task *c);
static int fd_named(const struct proc_task *c, const struct auxb_rec *r);
static void put_fd_name(struct out *o, const struct proc_task *c);

#define render_out struct out *
#define render_task const struct proc_task *
#define render_printf put
#include "render.h"

/* audit_log_n_untrustedstring() of @n bytes: quoted, or hex */
static void put_str(struct out *o, const char *s, size_t n)
{
	int hex = 0;

	for (size_t i = 0; i < n; i++)
		if (render_needs_hex((unsigned char)s[i], o->in_msg))
			hex = 1;
	if (!hex) {
		put(o, "\"%.*s\"", (int)n, s);
		return;
	}
	for (size_t i = 0; i < n; i++)
		put(o, "%02X", (unsigned char)s[i]);
}

static int read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return (int)n;
}

static void put_link(struct out *o, const char *path)
{
	char t[4096];
	ssize_t n = readlink(path, t, sizeof(t) - 1);

	if (n <= 0) {
		put(o, "(null)");
		return;
	}
	put_str(o, t, (size_t)n);
}

static void put_untrusted(struct out *o, const char *s, size_t n)
{
	put_str(o, s, strnlen(s, n));
}

static int put_name_dir(struct out *o, const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	const char *slash = memrchr(s, '/', len);

	if (!slash)
		return 0;
	put_str(o, s, (size_t)(slash - s) + 1);
	return 1;
}

static void put_bare(struct out *o, const char *s, size_t n)
{
	put(o, "%.*s", (int)strnlen(s, n), s);
}

static void put_hex(struct out *o, const __u8 *b, size_t n)
{
	for (size_t i = 0; i < n && i < AUXB_SOCKADDR_MAX; i++)
		put(o, "%02X", b[i]);
}

/* a number in /proc/PID/task/TID/@name, -1 (unset) when unreadable */
static __u32 task_number(const struct proc_task *c, const char *name)
{
	char path[96], v[64];

	snprintf(path, sizeof(path), "/proc/%d/task/%d/%s", c->pid, c->tid, name);
	if (read_small(path, v, sizeof(v)) <= 0)
		return (__u32)-1;
	return (__u32)strtoul(v, NULL, 10);
}

static __u32 task_auid(const struct proc_task *c)
{
	return task_number(c, "loginuid");
}

static __u32 task_ses(const struct proc_task *c)
{
	return task_number(c, "sessionid");
}

/* the name of the controlling terminal /proc/PID/stat gives as tty_nr,
 * as the kernel's tty->name spells it */
static void put_tty(struct out *o, const struct proc_task *c)
{
	char path[64], st[1024], link[256];
	const char *p;
	unsigned long nr;
	unsigned maj, min;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", c->pid);
	if (read_small(path, st, sizeof(st)) < 0 || !(p = strrchr(st, ')')) ||
	    sscanf(p + 1, " %*c %*d %*d %*d %lu", &nr) != 1 || !nr) {
		put(o, "(none)");
		return;
	}
	maj = (unsigned)((nr >> 8) & 0xfff);
	min = (unsigned)((nr & 0xff) | ((nr >> 12) & 0xfff00));
	if (maj >= 136 && maj <= 143) {
		put(o, "pts%u", min + (maj - 136) * 256);
		return;
	}
	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u", maj, min);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		p = strrchr(link, '/');
		put(o, "%s", p ? p + 1 : link);
		return;
	}
	put(o, "(none)");
}

static void put_exe(struct out *o, const struct proc_task *c)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/exe", c->pid);
	put_link(o, path);
}

static void put_cwd(struct out *o, const struct proc_task *c)
{
	char path[96];

	snprintf(path, sizeof(path), "/proc/%d/task/%d/cwd", c->pid, c->tid);
	put_link(o, path);
}

/* the first 128 bytes of the command line, its trailing NULs cut */
static void put_proctitle(struct out *o, const struct proc_task *c)
{
	char path[64], cmd[129];
	int n;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", c->pid);
	n = read_small(path, cmd, sizeof(cmd));
	while (n > 0 && !cmd[n - 1])
		n--;
	if (n > 0)
		put_str(o, cmd, (size_t)n);
}

/*
 * The file of the record's descriptor, as /proc/self/fd shows it, when the
 * descriptor still refers to the inode it had at the denial (a kernel
 * dev_t in the record: 12 bits of major, 20 of minor).
 */
static int fd_named(const struct proc_task *c, const struct auxb_rec *r)
{
	char path[96];
	struct stat st;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/fd/%d", c->pid, c->tid, r->fd);
	if (stat(path, &st) < 0 || st.st_ino != r->fd_ino ||
	    st.st_dev != makedev(r->fd_dev >> 20, r->fd_dev & 0xfffff))
		return 0;
	n = readlink(path, c->fdname, PATH_MAX - 1);
	if (n <= 0)
		return 0;
	c->fdname[n] = '\0';
	return 1;
}

static void put_fd_name(struct out *o, const struct proc_task *c)
{
	put_str(o, c->fdname, strlen(c->fdname));
}

/*
 * A record whose object is another file than its descriptor's (fd_other,
 * not yet named by the iterator): the descriptor's path, as
 * /proc/PID/task/TID/fd/N shows it, is its fd_name=, and a kernfs
 * object's path below the descriptor's mount root (kn_len bytes in name)
 * gets the mount's path before it, as the iterator's name_other() does.
 */
static void name_other(const struct proc_task *c, struct auxb_rec *r)
{
	char path[96];
	struct stat st;
	ssize_t n;
	size_t prefix;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/fd/%d", c->pid, c->tid, r->fd);
	if (stat(path, &st) < 0 || st.st_ino != r->fd_ino ||
	    st.st_dev != makedev(r->fd_dev >> 20, r->fd_dev & 0xfffff))
		return;
	n = readlink(path, r->fd_name, sizeof(r->fd_name) - 1);
	if (n <= 0 || (size_t)n >= sizeof(r->fd_name) - 1) {
		r->fd_name[0] = '\0';
		return;
	}
	r->fd_name[n] = '\0';
	if (!r->kn_len || r->kn_len >= sizeof(r->name) || r->fd_kn_len > (size_t)n)
		return;
	prefix = (size_t)n - r->fd_kn_len;
	if (r->fd_name[prefix] != '/' || prefix + r->kn_len >= sizeof(r->name) - 1)
		return;
	memmove(r->name + prefix, r->name, r->kn_len + 1);
	memcpy(r->name, r->fd_name, prefix);
	r->have_name = 1;
}

/*
 * The record @r of thread @tid of process @pid into @buf: with @event,
 * the event text the iterator renders (for OWN and LAST), else the text
 * of its type 2340 audit message (FLUSH).  Returns the length, or -1 when
 * it does not fit.
 */
static int render(const struct auxb_rec *r, int pid, int tid, char *buf,
		  size_t len, int event)
{
	struct out o = { .p = buf, .len = len, .in_msg = !event };
	char fdname[PATH_MAX];
	struct proc_task c = { .pid = pid, .tid = tid, .fdname = fdname };
	struct auxb_rec other;

	if (!len)
		return -1;
	buf[0] = '\0';
	if (r->fd_other && r->fd >= 0 && !r->fd_name[0]) {
		other = *r;
		other.name[sizeof(other.name) - 1] = '\0';
		name_other(&c, &other);
		r = &other;
	}
	render_record(&o, &c, r, event);
	return o.over ? -1 : (int)o.used;
}

int auxerr_bpf_render(const struct auxb_rec *r, int pid, int tid, char *buf,
		      size_t len)
{
	return render(r, pid, tid, buf, len, 0);
}

/* ---- serving -------------------------------------------------------- */

/* the record in slot @i of @t's ring (0 the newest) */
static struct auxb_rec *slot_rec(struct auxb_task *t, unsigned i)
{
	return &t->ring[(t->head - i) & (AUXERR_DEPTH_MAX - 1)];
}

/* the pinned attach period (AUXB_PERIOD_PIN), -1 before it is opened */
static int period_map = -1;

static __u32 current_period(void)
{
	__u32 zero = 0, v = 0;

	if (period_map >= 0)
		bpf_map_lookup_elem(period_map, &zero, &v);
	return v;
}

/* the header line of the record @r in slot @slot of @t, as the iterator
 * writes it, without its newline: LAST's and OWN's (which adds len=) */
static void put_slot(struct out *o, const struct auxb_task *t,
		     const struct auxb_rec *r, unsigned slot)
{
	render_header(o, r, slot, render_age(t->calls, r, current_period()));
}

static int alive(int pidfd)
{
	return syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) == 0;
}

/*
 * The proof FLUSH and OWN make that thread @tid is one of the threads of
 * the socket's peer process @pid (@pfd its pidfd): a thread pidfd for
 * @tid, /proc/@pid/task/@tid exists (proc checks the thread group), and
 * both pidfds are still alive afterwards, so neither id was reused since
 * they were taken.  Returns 0 and the thread's pidfd in *@tfd (the
 * caller closes it), or a positive errno (EINVAL: no thread id; EPERM:
 * not the peer's thread).
 */
static int peer_thread(int pid, int pfd, int tid, int *tfd)
{
	char path[64];
	struct stat st;

	*tfd = -1;
	if (tid <= 0)
		return EINVAL;
	*tfd = (int)syscall(SYS_pidfd_open, tid, PIDFD_THREAD);
	/* before 6.9 (no PIDFD_THREAD: EINVAL) only a thread-group leader
	 * has a pidfd, and it stands for that very task: the main thread's
	 * requests work there, another thread's get EPERM */
	if (*tfd < 0 && errno == EINVAL && tid == pid)
		*tfd = (int)syscall(SYS_pidfd_open, tid, 0);
	if (*tfd < 0)
		return EPERM;	/* no such thread: not the peer's */
	snprintf(path, sizeof(path), "/proc/%d/task/%d", pid, tid);
	if (stat(path, &st) < 0 || !alive(pfd) || !alive(*tfd)) {
		close(*tfd);
		*tfd = -1;
		return EPERM;
	}
	return 0;
}

/*
 * Send @text as an audit user message of @type on the netlink socket @fd
 * (audit_open()) and wait for the kernel's answer (libaudit's own
 * audit_send() is not in its header).  Returns 0 or a positive errno.
 */
static int send_user_msg(int fd, int type, const char *text, size_t n)
{
	static unsigned seq;	/* (each request has its own socket) */
	struct {
		struct nlmsghdr h;
		char data[MAX_AUDIT_MESSAGE_LENGTH];
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	char buf[1024];
	struct nlmsghdr *h = (struct nlmsghdr *)buf;

	if (n + 1 > sizeof(req.data))
		return EMSGSIZE;
	memset(&req.h, 0, sizeof(req.h));
	req.h.nlmsg_len = NLMSG_LENGTH(n + 1);
	req.h.nlmsg_type = (__u16)type;
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.h.nlmsg_seq = __atomic_add_fetch(&seq, 1, __ATOMIC_RELAXED);
	memcpy(req.data, text, n);
	req.data[n] = '\0';
	if (sendto(fd, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		return errno;
	for (;;) {
		ssize_t r = recv(fd, buf, sizeof(buf), 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno;
		if (!NLMSG_OK(h, (size_t)r) || h->nlmsg_seq != req.h.nlmsg_seq)
			continue;
		if (h->nlmsg_type == NLMSG_ERROR) {
			struct nlmsgerr *e = NLMSG_DATA(h);
			return -e->error;
		}
		return 0;
	}
}

/*
 * The storage of the thread of pidfd @tfd, for a change of its record
 * @serial's flags: requests run at once (workers), and two FLUSH of one
 * record must not both send it.  The thread itself writes nothing there
 * while it is held.
 */
static pthread_mutex_t flags_lock = PTHREAD_MUTEX_INITIALIZER;

/* set (@on) or clear AUXERR_INFO_FLUSHED on record @serial of @tfd's
 * thread; 0, or ENOENT, EALREADY (set already), EPROTO (not held) */
static int mark_flushed(int map, int tfd, unsigned long long serial, int on,
			struct auxb_task *t, struct auxb_rec **rec)
{
	struct auxb_rec *r = NULL;
	int err = 0;

	pthread_mutex_lock(&flags_lock);
	if (bpf_map_lookup_elem(map, &tfd, t) < 0) {
		err = ENOENT;
		goto out;
	}
	for (unsigned i = 0; i < t->count && i < AUXERR_DEPTH_MAX; i++) {
		struct auxb_rec *c = slot_rec(t, i);
		if (c->serial == serial) {
			r = c;
			break;
		}
	}
	if (!r) {
		err = ENOENT;
		goto out;
	}
	if (on && (r->flags & AUXERR_INFO_FLUSHED)) {
		err = EALREADY;
		goto out;
	}
	if (!t->quiet) {
		/* not held (libauxerr holds): the thread may be writing its
		 * storage, which this service must not overwrite */
		err = EPROTO;
		goto out;
	}
	if (on)
		r->flags |= AUXERR_INFO_FLUSHED;
	else
		r->flags &= ~AUXERR_INFO_FLUSHED;
	if (bpf_map_update_elem(map, &tfd, t, BPF_EXIST) < 0)
		err = errno;
	*rec = r;
out:
	pthread_mutex_unlock(&flags_lock);
	return err;
}

/* FLUSH the record @serial of thread @tid of the peer process @pid
 * (@pfd its pidfd).  Returns 0 or a positive errno. */
static int flush(int map, int pid, int pfd, int tid, unsigned long long serial)
{
	struct auxb_task t;
	char text[MAX_AUDIT_MESSAGE_LENGTH - 512];
	struct auxb_rec *r = NULL;
	int tfd, err, n, audit = -1;

	err = peer_thread(pid, pfd, tid, &tfd);
	if (err)
		return err;
	/* marked first, so that a second FLUSH meanwhile is EALREADY;
	 * unmarked if the message does not go */
	err = mark_flushed(map, tfd, serial, 1, &t, &r);
	if (err)
		goto out;
	/* a socket of its own: the kernel's answer is this request's */
	audit = audit_open();
	if (audit < 0)
		err = errno ? errno : EIO;
	else if (audit_is_enabled(audit) <= 0)
		err = EOPNOTSUPP;
	else if ((n = auxerr_bpf_render(r, pid, tid, text, sizeof(text))) < 0)
		err = EMSGSIZE;
	else
		err = send_user_msg(audit, AUXB_AUDIT_TYPE, text, (size_t)n);
	if (err && mark_flushed(map, tfd, serial, 0, &t, &r))
		fprintf(stderr, "auxerr-bpfd: serial %llu stays marked flushed, unsent\n",
			serial);
out:
	if (audit >= 0)
		audit_close(audit);
	close(tfd);
	return err;
}

/* the backend's --depth (the iterator shows that many records) */
static unsigned loaded_depth(int rodata);

/*
 * OWN: record @slot of thread @tid of the peer process @pid (@pfd its
 * pidfd), for a thread its sandbox refuses the iterator.  The same proof
 * as FLUSH (peer_thread()), so a client gets only its own process's
 * records; the thread must be held (prctl AUXB_PR_HOLD), so the age does
 * not count the fetch's own calls.  The header line into @hdr, the event
 * text into @text.  Returns 0 or a positive errno.
 */
static int own(int map, int rodata, int pid, int pfd, int tid, unsigned slot,
	       char *hdr, char *text, size_t len)
{
	struct auxb_task t;
	struct out o = { .p = hdr, .len = AUXB_OWN_HDR };
	struct auxb_rec *r;
	int tfd, err, n;

	err = peer_thread(pid, pfd, tid, &tfd);
	if (err)
		return err;
	if (bpf_map_lookup_elem(map, &tfd, &t) < 0) {
		err = ENOENT;	/* never a denial */
		goto out;
	}
	if (!alive(tfd)) {	/* the records are that thread's */
		err = ESRCH;
		goto out;
	}
	if (!t.quiet) {
		err = EPROTO;	/* not held: the age would count the fetch */
		goto out;
	}
	if (slot >= loaded_depth(rodata) || slot >= t.count) {
		err = ENOENT;
		goto out;
	}
	r = slot_rec(&t, slot);
	n = render(r, pid, tid, text, len, 1);
	if (n < 0) {
		err = EMSGSIZE;
		goto out;
	}
	memset(hdr, 0, AUXB_OWN_HDR);
	put_slot(&o, &t, r, slot);
	put(&o, " len=%d\n", n);
out:
	close(tfd);
	return err;
}

/* the thread id a pidfd stands for (its fdinfo's Pid:), or -1 */
static int pidfd_tid(int pidfd)
{
	char path[64], info[1024], *p;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", pidfd);
	if (read_small(path, info, sizeof(info)) < 0 ||
	    !(p = strstr(info, "\nPid:\t")))
		return -1;
	return atoi(p + 6);
}

/*
 * LAST: may the caller read thread @tid, as the kernel decided it?
 * @envfd must be /proc/PID/task/TID/environ on this service's own /proc
 * (so the ids are in its pid namespace), opened by the caller: that open
 * made the kernel's ptrace read check (PTRACE_MODE_READ_FSCREDS, as the
 * series' /proc/PID/task/TID/auxerr), unless the thread had no mm (a
 * kernel thread, or one past exit_mm(): then the open succeeds unchecked).
 * So: the name must be exactly that path (not " (deleted)"), the same
 * inode as that path resolves to now (a dead thread's proc inode never
 * is), @tfd a pidfd of the same live thread, and the thread must have an
 * mm now (a thread never regains one, so it had one at the open).
 * Returns 0 and the thread's pid in *@pid, or a positive errno.
 */
static int last_allowed(int envfd, int tfd, int tid, int *pid)
{
	char path[64], link[128], want[96], statm[64];
	struct stat fs, ps, ns;
	int n, p, t;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", envfd);
	n = (int)readlink(path, link, sizeof(link) - 1);
	if (n <= 0 || fstat(envfd, &fs) < 0 || stat("/proc/self", &ps) < 0 ||
	    fs.st_dev != ps.st_dev)
		return EPERM;
	link[n] = '\0';
	if (sscanf(link, "/proc/%d/task/%d/environ", &p, &t) != 2 || t != tid ||
	    p <= 0)
		return EPERM;
	snprintf(want, sizeof(want), "/proc/%d/task/%d/environ", p, t);
	if (strcmp(link, want) || stat(want, &ns) < 0 || ns.st_dev != fs.st_dev ||
	    ns.st_ino != fs.st_ino)
		return EPERM;
	if (pidfd_tid(tfd) != tid || !alive(tfd))
		return ESRCH;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/statm", p, t);
	if (read_small(path, statm, sizeof(statm)) <= 0 || atol(statm) <= 0)
		return EPERM;
	*pid = p;
	return 0;
}

/* the backend's --depth (the iterator shows that many records) */
static unsigned loaded_depth(int rodata)
{
	struct bpf_map_info info;
	__u32 len = sizeof(info), zero = 0;
	unsigned char v[256];
	struct auxerr_bpf__rodata *ro = (struct auxerr_bpf__rodata *)v;

	memset(&info, 0, sizeof(info));
	if (rodata < 0 || bpf_obj_get_info_by_fd(rodata, &info, &len) < 0 ||
	    info.value_size > sizeof(v) || info.value_size < sizeof(*ro) ||
	    bpf_map_lookup_elem(rodata, &zero, v) < 0)
		return 1;
	return ro->depth >= 1 && ro->depth <= AUXERR_DEPTH_MAX ? ro->depth : 1;
}

/* LAST for the thread of @tfd: the answer after the __s32 into @out.
 * Returns 0 or a positive errno. */
static int last(int map, int rodata, int envfd, int tfd, int tid, char *out,
		size_t len, size_t *used)
{
	struct auxb_task t;
	unsigned depth, shown;
	int err, pid;

	*used = 0;
	err = last_allowed(envfd, tfd, tid, &pid);
	if (err)
		return err;
	if (bpf_map_lookup_elem(map, &tfd, &t) < 0)
		t.count = 0;	/* no records (never denied) */
	/* the thread was the pidfd's all along: its records, not a
	 * newcomer's with a reused id */
	if (!alive(tfd))
		return ESRCH;
	depth = loaded_depth(rodata);
	shown = t.count < depth ? t.count : depth;
	for (unsigned i = 0; i < shown; i++) {
		struct auxb_rec *r = slot_rec(&t, i);
		struct out o = { .p = out + *used, .len = len - *used };
		int n;

		put_slot(&o, &t, r, i);
		put(&o, "\n");
		if (o.over)
			return EMSGSIZE;
		*used += o.used;
		n = auxerr_bpf_render(r, pid, tid, out + *used, len - *used - 1);
		if (n < 0)
			return EMSGSIZE;
		*used += (size_t)n;
		out[(*used)++] = '\n';
	}
	return 0;
}

/*
 * One connection of a client: a request is one message, answered by one
 * message, then the service closes it.  Every connection has a deadline
 * for its request; the service waits on all of them at once (epoll), so an
 * idle, slow or stopped client delays nobody else, and each user may hold
 * only CONN_PER_UID connections at a time (the rest are refused EAGAIN at
 * once), so that one user cannot take the service's descriptors from all
 * the others.  A request is answered by a thread of its own (a worker):
 * what answering it waits for (a descriptor the client passed, which a
 * FUSE daemon can hold for as long as it likes; a /proc file of the
 * thread it names; audit, whose backlog can be full) delays no other
 * request; the connection keeps its place, counted for its user, until
 * the worker is done.
 */
#define CONN_MAX	1024	/* all users together */
#define CONN_PER_UID	16
#define REQUEST_MS	2000	/* from accept() to the request */
#define WORKER_STACK	(256 * 1024)	/* a request's buffers are < 64 KB */

struct conn {
	int fd;			/* -1: a free slot */
	int pidfd;		/* the peer process's, -1 if it has none */
	pid_t pid;
	uid_t uid;
	long long deadline;	/* CLOCK_MONOTONIC, ms; LLONG_MAX: wanting */
	int wanting;		/* sent WANT: records are wanted while open */
	int want_pending;	/* ... and waits for the attach (EINPROGRESS) */
	int busy;		/* a worker answers its request */
};

/*
 * --on-demand: the noting programs, attached while someone wants them.
 * Attaching them (a trampoline or a perf event each, tens of them: whole
 * seconds on a slow or emulated machine) and detaching them is the work
 * of a thread of its own (the attacher), so that the loop serves every
 * other request meanwhile.  The loop says what is wanted (@wanted, under
 * @lock, with a new @gen each time); the attacher does it and answers on
 * the @events pipe with that generation; the loop ignores an answer to a
 * generation it has moved past.  A WANT that comes before the programs
 * are attached is answered EINPROGRESS at once and again every
 * HEARTBEAT_MS until they are (then 0): the client's deadline is on the
 * service's silence, not on the attach, which may take longer.
 */
#define PROGS_MAX	128
#define HEARTBEAT_MS	1000
struct demand {
	int on;			/* the loader pinned AUXB_PROGS_DIR */
	/* the loop's */
	unsigned wanters;	/* wanting connections */
	unsigned pending;	/* ... of them waiting for the attach */
	int attached;		/* the attacher attached them for @gen */
	long long heartbeat;	/* the next EINPROGRESS to the pending */
	int events[2];		/* a pipe: the attacher's struct demand_event */
	/* under @lock: written by the loop, read by the attacher */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned gen;
	int wanted;
	/* the attacher's (set up before it starts) */
	unsigned nprogs;
	int progs[PROGS_MAX], links[PROGS_MAX];
	char names[PROGS_MAX][64];
	/* a kprobe (1) or kretprobe (2) program's function; 0: a tracing
	 * program (fexit, tp_btf), which needs none */
	int probe[PROGS_MAX];
	char funcs[PROGS_MAX][64];
	__u32 period;
};

/* the attacher's answer to generation @gen: @err 0 attached, -1
 * detached, else why the attach failed (nothing is attached then) */
struct demand_event {
	unsigned gen;
	int err;
};

struct service {
	int map, rodata, listener, epoll;
	int done[2];		/* a pipe: the connections workers are done with */
	int paused;		/* out of descriptors: accept() waits for a close */
	struct demand demand;
	struct conn conns[CONN_MAX];
};

/* a new attach period: records of the old one become stale */
static void next_period(struct demand *d)
{
	__u32 zero = 0;

	d->period++;
	if (bpf_map_update_elem(period_map, &zero, &d->period, BPF_ANY) < 0)
		fprintf(stderr, "auxerr-bpfd: period: %s\n", strerror(errno));
}

static void detach(struct demand *d)
{
	for (unsigned i = 0; i < d->nprogs; i++) {
		if (d->links[i] >= 0)
			close(d->links[i]);
		d->links[i] = -1;
	}
	next_period(d);
	printf("auxerr-bpfd: detached (no one wants records)\n");
	fflush(stdout);
}

/* a number in sysfs file @path, -1 when there is none */
static int sysfs_number(const char *path, const char *prefix)
{
	char v[64];
	const char *p;

	if (read_small(path, v, sizeof(v)) <= 0)
		return -1;
	p = strncmp(v, prefix, strlen(prefix)) ? v : v + strlen(prefix);
	return atoi(p);
}

/*
 * A link of the kprobe program @prog on @func (its return with @ret), as
 * libbpf makes one: a perf event of the kprobe PMU (type and retprobe bit
 * from sysfs), and a BPF link on it.  The link fd, or -1 with errno.
 */
static int kprobe_link(int prog, const char *func, int ret)
{
	struct perf_event_attr attr;
	int type = sysfs_number("/sys/bus/event_source/devices/kprobe/type", "");
	int bit = sysfs_number("/sys/bus/event_source/devices/kprobe/format/retprobe",
			       "config:");
	int pfd, link, e;

	if (type < 0 || (ret && (bit < 0 || bit > 63))) {
		errno = ENOTSUP;
		return -1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (__u32)type;
	attr.config = ret ? 1ULL << bit : 0;
	attr.config1 = (__u64)(unsigned long)func;
	pfd = (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -1;
	link = bpf_link_create(prog, pfd, BPF_PERF_EVENT, NULL);
	e = errno;
	close(pfd);	/* the link holds the event */
	errno = e;
	return link;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* the loop no longer wants what generation @gen asked for */
static int superseded(struct demand *d, unsigned gen)
{
	int r;

	pthread_mutex_lock(&d->lock);
	r = d->gen != gen && !d->wanted;
	pthread_mutex_unlock(&d->lock);
	return r;
}

/* attach every noting program for generation @gen: 0, or a positive
 * errno (none attached; ECANCELED: no longer wanted meanwhile) */
static int attach(struct demand *d, unsigned gen)
{
	long long t0 = now_ms();

	next_period(d);
	for (unsigned i = 0; i < d->nprogs; i++) {
		if (superseded(d, gen)) {
			detach(d);
			return ECANCELED;
		}
		d->links[i] = d->probe[i] ?
			kprobe_link(d->progs[i], d->funcs[i], d->probe[i] == 2) :
			bpf_raw_tracepoint_open(NULL, d->progs[i]);
		if (d->links[i] < 0) {
			int e = errno;

			fprintf(stderr, "auxerr-bpfd: attach %s: %s\n", d->names[i],
				strerror(e));
			detach(d);
			return e;
		}
	}
	printf("auxerr-bpfd: attached %u programs (records wanted)\n", d->nprogs);
	printf("auxerr-bpfd: the attach took %lld ms\n", now_ms() - t0);
	fflush(stdout);
	return 0;
}

/* the attacher thread: see struct demand */
static void *attacher(void *arg)
{
	struct demand *d = arg;
	unsigned seen = 0;
	int attached = 0;

	pthread_mutex_lock(&d->lock);
	for (;;) {
		struct demand_event ev;
		int wanted, err = 0;

		while (d->gen == seen)
			pthread_cond_wait(&d->cond, &d->lock);
		seen = d->gen;
		wanted = d->wanted;
		pthread_mutex_unlock(&d->lock);
		if (wanted && !attached) {
			err = attach(d, seen);
			attached = !err;
		} else if (!wanted && attached) {
			detach(d);
			attached = 0;
		}
		pthread_mutex_lock(&d->lock);
		if (d->gen != seen)
			continue;	/* asked again meanwhile: the latest counts */
		ev = (struct demand_event){ .gen = seen, .err = wanted ? err : -1 };
		if (write(d->events[1], &ev, sizeof(ev)) != sizeof(ev))
			fprintf(stderr, "auxerr-bpfd: attacher: %s\n", strerror(errno));
	}
	return NULL;
}

/* the loop's: records are @wanted (1) or no longer (0) */
static void set_wanted(struct demand *d, int wanted)
{
	pthread_mutex_lock(&d->lock);
	d->wanted = wanted;
	d->gen++;
	pthread_cond_signal(&d->cond);
	pthread_mutex_unlock(&d->lock);
	d->attached = 0;	/* until the attacher says so for this gen */
}

/* the pinned programs of --on-demand (none: the loader attached them) */
static int open_demand(struct demand *d)
{
	DIR *dir = opendir(AUXB_PROGS_DIR);
	struct dirent *e;

	if (!dir)
		return errno == ENOENT ? 0 : -1;
	d->on = 1;
	while ((e = readdir(dir))) {
		char path[512];

		if (e->d_name[0] == '.')
			continue;
		if (d->nprogs == PROGS_MAX) {
			errno = E2BIG;
			closedir(dir);
			return -1;
		}
		snprintf(path, sizeof(path), AUXB_PROGS_DIR "/%s", e->d_name);
		d->progs[d->nprogs] = bpf_obj_get(path);
		if (d->progs[d->nprogs] < 0) {
			closedir(dir);
			return -1;
		}
		snprintf(d->names[d->nprogs], sizeof(d->names[0]), "%.63s", e->d_name);
		/* the loader's kprobe:FUNC:NAME and kretprobe:FUNC:NAME */
		d->probe[d->nprogs] = !strncmp(e->d_name, "kprobe:", 7) ? 1 :
				      !strncmp(e->d_name, "kretprobe:", 10) ? 2 : 0;
		if (d->probe[d->nprogs]) {
			const char *f = strchr(e->d_name, ':') + 1;

			snprintf(d->funcs[d->nprogs], sizeof(d->funcs[0]), "%.*s",
				 (int)strcspn(f, ":"), f);
		}
		d->links[d->nprogs++] = -1;
	}
	closedir(dir);
	return 0;
}

/* the one answer of a connection: @reply, then @used bytes of @body */
static void send_answer(int c, __s32 reply, char *buf, size_t used)
{
	memcpy(buf, &reply, sizeof(reply));
	/* never waits: a client that does not read loses its answer */
	send(c, buf, sizeof(reply) + (reply ? 0 : used), MSG_NOSIGNAL | MSG_DONTWAIT);
}

static void resume_accepting(struct service *sv)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = CONN_MAX };

	if (sv->paused && epoll_ctl(sv->epoll, EPOLL_CTL_ADD, sv->listener, &ev) == 0)
		sv->paused = 0;
}

static void conn_close(struct service *sv, struct conn *k)
{
	if (k->want_pending)
		sv->demand.pending--;
	if (k->wanting && --sv->demand.wanters == 0)
		set_wanted(&sv->demand, 0);
	k->wanting = k->want_pending = 0;
	epoll_ctl(sv->epoll, EPOLL_CTL_DEL, k->fd, NULL);
	close(k->fd);
	if (k->pidfd >= 0)
		close(k->pidfd);
	k->fd = k->pidfd = -1;
	resume_accepting(sv);
}

/* act on the request @req of connection @k, which came with the
 * descriptors @fds; the answer into @buf (after its __s32) */
static __s32 act(const struct service *sv, const struct conn *k,
		 const struct auxb_request *req, const int *fds, char *buf,
		 size_t *used)
{
	int err;

	*used = 0;
	if (k->pidfd < 0)
		return EPERM;
	switch (req->kind) {
	case AUXB_REQ_FLUSH:
		return flush(sv->map, k->pid, k->pidfd, req->tid, req->serial);
	case AUXB_REQ_LAST:
		return last(sv->map, sv->rodata, fds[0], fds[1], req->tid, buf,
			    AUXB_LAST_MAX, used);
	case AUXB_REQ_WANT:
		return EINVAL;	/* serve_conn() answers it */
	case AUXB_REQ_OWN:
		err = own(sv->map, sv->rodata, k->pid, k->pidfd, req->tid,
			  req->slot, buf, buf + AUXB_OWN_HDR, AUXB_OWN_MAX);
		if (!err) {
			const char *l = strstr(buf, " len=");

			*used = AUXB_OWN_HDR + (l ? strtoul(l + 5, NULL, 10) : 0);
		}
		return err;
	}
	return EINVAL;
}

/*
 * WANT from connection @k: records are wanted while it stays open (without
 * a deadline).  0 (the programs are attached), EINPROGRESS (the attacher
 * is at it: the final answer follows, see struct demand), or EALREADY
 * (the loader attached everything: nothing to want).
 */
static __s32 want(struct service *sv, struct conn *k)
{
	struct demand *d = &sv->demand;

	if (!d->on)
		return EALREADY;
	k->wanting = 1;
	k->deadline = LLONG_MAX;
	if (d->wanters++ == 0)
		set_wanted(d, 1);
	if (d->attached)
		return 0;
	if (!d->pending++)
		d->heartbeat = now_ms() + HEARTBEAT_MS;
	k->want_pending = 1;
	return EINPROGRESS;
}

/* the attacher's answers: the pending WANTs answered */
static void demand_events(struct service *sv)
{
	struct demand *d = &sv->demand;
	struct demand_event evs[16];
	char buf[sizeof(__s32)];
	ssize_t n;

	while ((n = read(d->events[0], evs, sizeof(evs))) > 0) {
		for (size_t i = 0; i < (size_t)n / sizeof(evs[0]); i++) {
			if (evs[i].gen != d->gen || evs[i].err < 0)
				continue;	/* superseded, or detached */
			d->attached = !evs[i].err;
			for (unsigned c = 0; c < CONN_MAX && d->pending; c++) {
				struct conn *k = &sv->conns[c];

				if (k->fd < 0 || !k->want_pending)
					continue;
				send_answer(k->fd, evs[i].err, buf, 0);
				k->want_pending = 0;
				d->pending--;
				if (evs[i].err)
					conn_close(sv, k);
			}
		}
	}
}

/* tell the pending WANTs that the attach goes on; the time to the next
 * heartbeat (ms, -1 none) */
static int heartbeat(struct service *sv)
{
	struct demand *d = &sv->demand;
	char buf[sizeof(__s32)];
	long long now = now_ms();

	if (!d->pending)
		return -1;
	if (now >= d->heartbeat) {
		for (unsigned c = 0; c < CONN_MAX; c++)
			if (sv->conns[c].fd >= 0 && sv->conns[c].want_pending)
				send_answer(sv->conns[c].fd, EINPROGRESS, buf, 0);
		d->heartbeat = now + HEARTBEAT_MS;
	}
	return (int)(d->heartbeat - now);
}

/* a request being answered, and what its worker needs */
struct work {
	const struct service *sv;
	const struct conn *k;	/* its connection (busy: not changed) */
	int done;		/* the write end of sv->done */
	unsigned idx;
	struct auxb_request req;
	int fds[2];
};

static void *worker(void *arg)
{
	struct work *w = arg;
	size_t used = 0;
	char *buf = malloc(sizeof(__s32) + AUXB_LAST_MAX);
	__s32 err = buf ? act(w->sv, w->k, &w->req, w->fds, buf + sizeof(err), &used) : ENOMEM;
	char small[sizeof(err)];

	for (unsigned i = 0; i < 2; i++)
		if (w->fds[i] >= 0)
			close(w->fds[i]);
	send_answer(w->k->fd, err, buf ? buf : small, buf ? used : 0);
	free(buf);
	/* the main loop closes the connection (a pipe write this small is
	 * atomic) */
	if (write(w->done, &w->idx, sizeof(w->idx)) != sizeof(w->idx))
		fprintf(stderr, "auxerr-bpfd: worker: %s\n", strerror(errno));
	free(w);
	return NULL;
}

/* hand request @req of @k (with descriptors @fds) to a worker: 0, or a
 * positive errno (then nothing was started) */
static int start_worker(struct service *sv, struct conn *k,
			const struct auxb_request *req, const int *fds)
{
	struct work *w = malloc(sizeof(*w));
	pthread_attr_t attr;
	pthread_t th;
	int err;

	if (!w)
		return ENOMEM;
	*w = (struct work){ .sv = sv, .k = k, .done = sv->done[1],
			    .idx = (unsigned)(k - sv->conns), .req = *req,
			    .fds = { fds[0], fds[1] } };
	/* nothing more from the client: its answer is all that is left */
	epoll_ctl(sv->epoll, EPOLL_CTL_DEL, k->fd, NULL);
	k->busy = 1;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&attr, WORKER_STACK);
	err = pthread_create(&th, &attr, worker, w);
	pthread_attr_destroy(&attr);
	if (err) {
		k->busy = 0;
		free(w);
		return EAGAIN;
	}
	return 0;
}

/* the connections workers are done with: closed */
static void reap(struct service *sv)
{
	unsigned idx[64];
	ssize_t n;

	while ((n = read(sv->done[0], idx, sizeof(idx))) > 0) {
		for (size_t i = 0; i < (size_t)n / sizeof(idx[0]); i++) {
			struct conn *k = &sv->conns[idx[i] % CONN_MAX];

			k->busy = 0;
			conn_close(sv, k);
		}
	}
}

/* connection @k is readable: its request (or its end), answered */
static void serve_conn(struct service *sv, struct conn *k)
{
	char answer_buf[sizeof(__s32)];
	/* room for one byte more than the longest request: MSG_TRUNC
	 * gives the real length of a longer one */
	unsigned char data[sizeof(struct auxb_flush_req) + sizeof(struct auxb_own_req)];
	union {
		char buf[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr align;
	} cm;
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cm.buf, .msg_controllen = sizeof(cm.buf) };
	struct auxb_request req;
	struct cmsghdr *h;
	int fds[2] = { -1, -1 };
	unsigned nfds = 0;
	ssize_t n;
	__s32 err;

	n = recvmsg(k->fd, &mh, MSG_DONTWAIT | MSG_TRUNC | MSG_CMSG_CLOEXEC);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	for (h = n >= 0 ? CMSG_FIRSTHDR(&mh) : NULL; h; h = CMSG_NXTHDR(&mh, h)) {
		if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS)
			continue;
		for (size_t i = 0; i < (h->cmsg_len - CMSG_LEN(0)) / sizeof(int); i++) {
			int fd;

			memcpy(&fd, CMSG_DATA(h) + i * sizeof(int), sizeof(fd));
			if (nfds < 2)
				fds[nfds] = fd;
			else
				close(fd);
			nfds++;
		}
	}
	if (n < 0 || k->wanting) {
		/* a wanting connection asks nothing more: its end (or any
		 * message) ends the want */
		for (unsigned i = 0; i < nfds && i < 2; i++)
			close(fds[i]);
		conn_close(sv, k);
		return;
	}
	err = auxb_request_parse(data, (size_t)n < sizeof(data) ? (size_t)n : sizeof(data),
				 (size_t)n, nfds, !!(mh.msg_flags & MSG_CTRUNC), &req);
	if (!err && req.kind == AUXB_REQ_WANT) {
		err = want(sv, k);
		send_answer(k->fd, err, answer_buf, 0);
		if (err && err != EINPROGRESS)
			conn_close(sv, k);
		return;
	}
	if (!err)
		err = start_worker(sv, k, &req, fds);
	if (!err)
		return;		/* the worker answers, then says it is done */
	for (unsigned i = 0; i < nfds && i < 2; i++)
		close(fds[i]);
	send_answer(k->fd, err, answer_buf, 0);
	conn_close(sv, k);
}

/* refuse connection @c at once with @err (it never gets a slot) */
static void refuse(int c, __s32 err)
{
	char buf[sizeof(err)];

	send_answer(c, err, buf, 0);
	close(c);
}

/* take every pending connection */
static void accept_all(struct service *sv)
{
	for (;;) {
		struct conn *k = NULL;
		struct ucred uc;
		socklen_t l = sizeof(uc);
		unsigned same_uid = 0;
		int c = accept4(sv->listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);

		if (c < 0) {
			if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
			    errno == ENOMEM) {
				/* wait for a connection to end */
				if (epoll_ctl(sv->epoll, EPOLL_CTL_DEL, sv->listener, NULL) == 0)
					sv->paused = 1;
			}
			return;	/* EAGAIN, or a connection that died */
		}
		if (getsockopt(c, SOL_SOCKET, SO_PEERCRED, &uc, &l) < 0) {
			close(c);
			continue;
		}
		for (unsigned i = 0; i < CONN_MAX; i++) {
			if (sv->conns[i].fd < 0) {
				if (!k)
					k = &sv->conns[i];
			} else if (sv->conns[i].uid == uc.uid) {
				same_uid++;
			}
		}
		if (!k || same_uid >= CONN_PER_UID) {
			refuse(c, EAGAIN);
			continue;
		}
		k->fd = c;
		k->pid = uc.pid;
		k->uid = uc.uid;
		k->deadline = now_ms() + REQUEST_MS;
		l = sizeof(k->pidfd);
		if (getsockopt(c, SOL_SOCKET, SO_PEERPIDFD, &k->pidfd, &l) < 0)
			k->pidfd = (int)syscall(SYS_pidfd_open, uc.pid, 0);
		struct epoll_event ev = { .events = EPOLLIN, .data.u32 = (__u32)(k - sv->conns) };
		if (epoll_ctl(sv->epoll, EPOLL_CTL_ADD, c, &ev) < 0)
			conn_close(sv, k);
	}
}

/* close the connections whose request is late; the time to the next
 * deadline (ms, -1 none) */
static int expire(struct service *sv)
{
	long long now = now_ms(), next = -1;

	for (unsigned i = 0; i < CONN_MAX; i++) {
		struct conn *k = &sv->conns[i];

		if (k->fd < 0 || k->wanting || k->busy)
			continue;
		if (k->deadline <= now) {
			conn_close(sv, k);	/* no answer: it asked nothing */
			continue;
		}
		if (next < 0 || k->deadline - now < next)
			next = k->deadline - now;
	}
	return (int)next;
}

int auxerr_bpf_serve(const char *map_path)
{
	static struct service sv;
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = CONN_MAX };
	struct rlimit nofile;

	sv.map = bpf_obj_get(map_path);
	sv.rodata = bpf_obj_get(AUXB_RODATA_PIN);
	if (sv.map < 0) {
		fprintf(stderr, "auxerr-bpfd: %s: %s (not loaded?)\n", map_path,
			strerror(errno));
		return 1;
	}
	/* the read end does not block the loop; a worker's write never
	 * waits: the pipe holds far more than CONN_MAX indexes */
	if (pipe2(sv.done, O_CLOEXEC | O_NONBLOCK) < 0 || fcntl(sv.done[1], F_SETFL, 0) < 0) {
		perror("auxerr-bpfd: pipe");
		return 1;
	}
	for (unsigned i = 0; i < CONN_MAX; i++)
		sv.conns[i].fd = sv.conns[i].pidfd = -1;
	period_map = bpf_obj_get(AUXB_PERIOD_PIN);
	if (open_demand(&sv.demand) < 0 || (sv.demand.on && period_map < 0)) {
		fprintf(stderr, "auxerr-bpfd: %s: %s\n", AUXB_PROGS_DIR, strerror(errno));
		return 1;
	}
	if (sv.demand.on) {
		__u32 zero = 0;
		pthread_t th;
		int err;

		/* the period where a service before this one left it */
		bpf_map_lookup_elem(period_map, &zero, &sv.demand.period);
		next_period(&sv.demand);
		pthread_mutex_init(&sv.demand.lock, NULL);
		pthread_cond_init(&sv.demand.cond, NULL);
		if (pipe2(sv.demand.events, O_CLOEXEC | O_NONBLOCK) < 0) {
			perror("auxerr-bpfd: pipe");
			return 1;
		}
		err = pthread_create(&th, NULL, attacher, &sv.demand);
		if (err) {
			fprintf(stderr, "auxerr-bpfd: attacher: %s\n", strerror(err));
			return 1;
		}
		pthread_setname_np(th, "auxerr-attach");
	}
	/* two descriptors per connection, and a request's two */
	if (getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur < nofile.rlim_max) {
		nofile.rlim_cur = nofile.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nofile);
	}
	signal(SIGPIPE, SIG_IGN);
	if (mkdir("/run/auxerr", 0755) < 0 && errno != EEXIST) {
		perror("auxerr-bpfd: /run/auxerr");
		return 1;
	}
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", AUXB_FLUSH_SOCK);
	unlink(AUXB_FLUSH_SOCK);
	sv.listener = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (sv.listener < 0 || bind(sv.listener, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    chmod(AUXB_FLUSH_SOCK, 0666) < 0 || listen(sv.listener, 128) < 0) {
		perror("auxerr-bpfd: " AUXB_FLUSH_SOCK);
		return 1;
	}
	sv.epoll = epoll_create1(EPOLL_CLOEXEC);
	if (sv.epoll < 0 || epoll_ctl(sv.epoll, EPOLL_CTL_ADD, sv.listener, &ev) < 0 ||
	    epoll_ctl(sv.epoll, EPOLL_CTL_ADD, sv.done[0],
		      &(struct epoll_event){ .events = EPOLLIN, .data.u32 = CONN_MAX + 1 }) < 0 ||
	    (sv.demand.on &&
	     epoll_ctl(sv.epoll, EPOLL_CTL_ADD, sv.demand.events[0],
		       &(struct epoll_event){ .events = EPOLLIN, .data.u32 = CONN_MAX + 2 }) < 0)) {
		perror("auxerr-bpfd: epoll");
		return 1;
	}
	printf("auxerr-bpfd: serving FLUSH on %s%s\n", AUXB_FLUSH_SOCK,
	       sv.demand.on ? "; on demand: detached until someone wants records" : "");
	fflush(stdout);
	for (;;) {
		struct epoll_event evs[64];
		int next = expire(&sv), beat = heartbeat(&sv);
		int n = epoll_wait(sv.epoll, evs, 64,
				   next < 0 || (beat >= 0 && beat < next) ? beat : next);

		if (n < 0 && errno != EINTR) {
			perror("auxerr-bpfd: epoll_wait");
			return 1;
		}
		for (int i = 0; i < n; i++) {
			__u32 idx = evs[i].data.u32;

			if (idx == CONN_MAX)
				accept_all(&sv);
			else if (idx == CONN_MAX + 1)
				reap(&sv);
			else if (idx == CONN_MAX + 2)
				demand_events(&sv);
			else if (idx < CONN_MAX && sv.conns[idx].fd >= 0 && !sv.conns[idx].busy)
				serve_conn(&sv, &sv.conns[idx]);
		}
	}
}
