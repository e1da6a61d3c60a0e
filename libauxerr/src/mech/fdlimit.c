// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=fdlimit: a limit on open files failed the call
 * (kernel/auxerr/fdlimit.c).  EMFILE is the process's own limit: its soft
 * RLIMIT_NOFILE (check=rlimit_nofile when the hard limit is higher, so
 * that the user may raise it, rlimit_nofile_hard when it is the hard
 * limit, which only root raises), or fs.nr_open under the rlimit
 * (nr_open); ENFILE is the system's fs.file-max (file_max); EBADF of
 * dup2() or dup3() a new descriptor not below RLIMIT_NOFILE
 * (rlimit_nofile_newfd).  value= is the descriptor the call needed or the
 * files open, limit= the limit.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * The clause after "EMFILE because "; 0 when the check is not known.
 * @from_zero: the call looked for a descriptor from 0, so that a lowest
 * free one equal to the limit means that many files open (fcntl(F_DUPFD)
 * looks from its argument up).
 */
static int fdlimit_words(struct auxerr_buf *b, const struct auxerr_check *x,
			 int from_zero)
{
	const char *c = x->check, *value = x->value, *limit = x->limit;
	int hard = !strcmp(c, "rlimit_nofile_hard");

	if (!strcmp(c, "rlimit_nofile") || hard) {
		if (from_zero && x->v_ok && x->l_ok && x->v == x->l)
			auxerr__buf_printf(b, _("this process has %s files open, its limit RLIMIT_NOFILE (ulimit -n) is %s"),
					   value, limit);
		else
			auxerr__buf_printf(b, _("the lowest file descriptor free for the call is %s, not below this process's limit RLIMIT_NOFILE (ulimit -n) %s"),
					   value, limit);
		auxerr__buf_str(b, hard ?
				_(", which is also its hard limit (ulimit -Hn)") :
				_(", and its hard limit (ulimit -Hn) is higher"));
	} else if (!strcmp(c, "nr_open")) {
		auxerr__buf_printf(b, _("the descriptor table cannot grow to hold file descriptor %s: fs.nr_open, %s, is below this process's RLIMIT_NOFILE"),
				   value, limit);
	} else if (!strcmp(c, "rlimit_nofile_newfd")) {
		auxerr__buf_printf(b, _("the new file descriptor %s is not below this process's limit RLIMIT_NOFILE (ulimit -n) %s"),
				   value, limit);
	} else if (!strcmp(c, "file_max")) {
		auxerr__buf_printf(b, _("the system has %s files open, its limit fs.file-max is %s (a limit for all processes together; root's are exempt)"),
				   value, limit);
	} else {
		return 0;
	}
	return 1;
}

static int fdlimit_clause(struct auxerr_buf *b, const struct auxerr_check *x)
{
	return fdlimit_words(b, x, 1);
}

static int fdlimit_clause_dupfd(struct auxerr_buf *b,
				const struct auxerr_check *x)
{
	return fdlimit_words(b, x, 0);
}

/* "EMFILE because this process has 1024 files open, ..." */
static void fdlimit_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	int dupfd = f->syscall && !strcmp(f->syscall, "fcntl");

	auxerr__check_sentence(b, f, dupfd ? fdlimit_clause_dupfd : fdlimit_clause,
			       _("the limits on open files"));
}

/* dup2()'s new descriptor, after "The program must change its call: " */
static int fdlimit_fix(struct auxerr_buf *b, const struct auxerr_check *x)
{
	if (strcmp(x->check, "rlimit_nofile_newfd"))
		return 0;
	auxerr__buf_printf(b, _("pass a new descriptor below %s, or raise RLIMIT_NOFILE above %s first (setrlimit(), ulimit -n)"),
			   x->limit, x->value);
	return 1;
}

static const char *aux_or(const struct auxerr_record *r, const char *name)
{
	const char *v = auxerr__aux(r, name);

	return v ? v : "?";
}

/* twice @limit, the new limit a remedy proposes, as text */
static char *doubled(int *oom, const char *limit)
{
	unsigned long v;

	if (!auxerr__num(limit, 10, &v) || v == 0 || v > (1UL << 40))
		return NULL;
	return auxerr__xprintf(oom, "%lu", 2 * v);
}

/*
 * A limit the user or root raises: the user's own soft limit, up to the
 * hard one; root's hard limit, fs.nr_open, fs.file-max.  dup2()'s EBADF
 * and a check this library does not know take the families' frame.
 */
static void fdlimit_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const char *c = auxerr__aux(f->rec, "check");
	const char *value = aux_or(f->rec, "value");
	const char *limit = aux_or(f->rec, "limit");
	const char *pid = auxerr__sys(f->rec, "pid");
	struct auxerr_buf b = { 0 };
	unsigned long uid;
	char *twice;

	if (!c || (strcmp(c, "rlimit_nofile") && strcmp(c, "rlimit_nofile_hard") &&
		   strcmp(c, "nr_open") && strcmp(c, "file_max"))) {
		auxerr__check_remedy(m, f, fdlimit_fix);
		return;
	}
	if (!strcmp(c, "rlimit_nofile")) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("the user")),
				   auxerr__id_num(&f->subject.uid, &uid) ? (long long)uid : -1);
		m->command = auxerr__xstrdup(&m->oom, "ulimit -n $(ulimit -Hn)");
		auxerr__buf_printf(&b, _("If the program needs more than %s files open (and does not leak descriptors: ls /proc/PID/fd), raise its soft limit up to the hard one, in the shell that starts it (or prlimit --nofile, LimitNOFILE= in a systemd unit); no privilege is needed"),
				   limit);
		auxerr__remedy_say(m, &b);
		return;
	}
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
			   auxerr__xstrdup(&m->oom, _("root")), 0);
	twice = doubled(&m->oom, limit);
	if (!strcmp(c, "file_max")) {
		m->command = twice ? auxerr__xprintf(&m->oom, "sysctl -w fs.file-max=%s", twice) : NULL;
		auxerr__buf_printf(&b, _("Only root can raise fs.file-max above %s (sysctl, /etc/sysctl.d); first find which processes hold the files (ls /proc/*/fd | wc -l per process): one that leaks descriptors fills any limit"),
				   limit);
	} else if (!strcmp(c, "nr_open")) {
		m->command = auxerr__xstrdup(&m->oom, "sysctl -w fs.nr_open=1048576");
		auxerr__buf_printf(&b, _("Only root can raise fs.nr_open above file descriptor %s, back to at least this process's RLIMIT_NOFILE (the kernel's default is 1048576)"),
				   value);
	} else {
		m->command = twice && pid ? auxerr__xprintf(&m->oom, "prlimit --pid %s --nofile=%s:%s", pid, twice, twice) : NULL;
		auxerr__buf_printf(&b, _("The hard limit is %s too: only root (CAP_SYS_RESOURCE) can raise it, for the running process with prlimit, for the next logins in /etc/security/limits.conf (nofile), for a service with LimitNOFILE=; if the program leaks descriptors (ls /proc/PID/fd), no limit is enough"),
				   limit);
	}
	free(twice);
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_fdlimit = {
	.name = "fdlimit",
	.sentence = fdlimit_sentence,
	.remedy = fdlimit_remedy,
};
