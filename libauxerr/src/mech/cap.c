// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=cap: a capability the caller lacks, and the policies, limits
 * and sysctl handlers that made it necessary.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static void cap_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *lvl = auxerr__aux(r, "userns_level");
	const char *ns = auxerr__aux(r, "userns");
	const char *owner = auxerr__aux(r, "userns_owner");
	const char *policy = auxerr__auxi(r, "policy");
	const char *value = auxerr__aux(r, "policy_value");
	const char *op = auxerr__aux(r, "owner_op");

	const char *sw = auxerr__auxi(r, "sysctl_write");
	const char *rl = auxerr__aux(r, "rlimit");
	const char *rc = auxerr__aux(r, "rlimit_cur");
	char *end = NULL;
	unsigned long long cur = 0;
	int have_cur = 0;

	if (op && *op) {
		auxerr__owner_op_sentence(b, f, op);
		return;
	}
	if (rc && *rc >= '0' && *rc <= '9') {
		errno = 0;
		cur = strtoull(rc, &end, 10);
		have_cur = !*end && !errno;
	}
	if (rl && strcmp(rl, "RLIMIT_NICE") == 0 && have_cur && cur < 40) {
		/* raising one's own priority: RLIMIT_NICE counts 20 - nice */
		if (cur == 0)
			auxerr__buf_printf(b, "%s", _("RLIMIT_NICE (0) does not let this process lower its nice value at all; that needs "));
		else
			auxerr__buf_printf(b, _("RLIMIT_NICE (%llu) lets this process lower its nice value only down to %lld; going lower needs "),
				  cur, 20 - (long long)cur);
		auxerr__cap_and_lack(b, f);
	} else if (rl && strcmp(rl, "RLIMIT_RTPRIO") == 0 && have_cur) {
		if (cur == 0)
			auxerr__buf_printf(b, "%s", _("RLIMIT_RTPRIO (0) does not let this process use a real-time scheduling policy at all; that needs "));
		else
			auxerr__buf_printf(b, _("RLIMIT_RTPRIO (%llu) lets this process use real-time priorities only up to %llu; a higher one needs "),
				  cur, cur);
		auxerr__cap_and_lack(b, f);
	} else if (rl && strcmp(rl, "RLIMIT_MEMLOCK") == 0 && have_cur) {
		if (cur == 0)
			auxerr__buf_printf(b, "%s", _("RLIMIT_MEMLOCK (0) does not let this process lock any memory; that needs "));
		else
			auxerr__buf_printf(b, _("RLIMIT_MEMLOCK (%llu bytes) lets this process lock only that much memory in all; more needs "),
					   cur);
		auxerr__cap_and_lack(b, f);
	} else if (rl && *rl) {
		auxerr__buf_printf(b, _("denied by the resource limit %s (%s): going beyond it needs "),
			  rl, rc ? rc : "?");
		auxerr__cap_and_lack(b, f);
	} else if (sw && *sw) {
		/* the sysctl's own handler checks a capability on write */
		auxerr__buf_printf(b, _("denied for lack of a capability: writing the sysctl %s needs "),
			  sw);
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(", even for a process that could open the file, and uid "));
		auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else if (policy && strcmp(policy, "no_new_privs") == 0) {
		/* a thread attribute, not a sysctl: seccomp_prepare_filter()
		 * takes a filter only from a thread with no_new_privs set or
		 * with CAP_SYS_ADMIN in its user namespace */
		if (value && strcmp(value, "0") == 0)
			auxerr__buf_printf(b, "%s", _("denied because the thread has not set no_new_privs: "));
		else
			auxerr__buf_printf(b, _("denied with no_new_privs = %s: "),
				  value ? value : "?");
		auxerr__buf_printf(b, "%s", _("a seccomp filter may be installed only by a thread that has set no_new_privs or has "));
		auxerr__cap_and_lack(b, f);
	} else if (policy && strcmp(policy, "oom_score_adj_min") == 0) {
		/* the target's floor, __set_oom_adj() */
		auxerr__buf_printf(b, _("denied below the process's floor oom_score_adj_min = %s: without "),
				   value ? value : "?");
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" a process's oom_score_adj may not be lowered below the value a process with that capability last set for it (0 unless one did), and uid "));
		auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else if (policy && strcmp(policy, "oom_score_adj") == 0) {
		auxerr__buf_printf(b, _("denied by the process's oom_score_adj = %s: without "),
				   value ? value : "?");
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" the deprecated oom_adj may only raise it, never lower it, and uid "));
		auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else if (policy && strcmp(policy, "vm.unprivileged_userfaultfd") == 0) {
		/* userfaultfd() without UFFD_USER_MODE_ONLY: kernel faults too */
		auxerr__buf_printf(b, _("denied by %s = %s: a userfaultfd that also handles page faults in kernel mode needs "),
			  policy, value ? value : "?");
		auxerr__cap_and_lack(b, f);
	} else if (policy && *policy) {
		/* the policy decided: it made the capability necessary */
		auxerr__buf_printf(b, _("denied by %s = %s, which requires "), policy,
			  value ? value : "?");
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(": uid "));
		auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else {
		auxerr__buf_printf(b, "%s", _("denied for lack of a capability: uid "));
		auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
		auxerr__buf_printf(b, "%s", _(" does not have "));
		auxerr__cap_name(b, f);
	}
	if (lvl && strcmp(lvl, "0") == 0)
		auxerr__buf_printf(b, "%s", _(" in the initial user namespace"));
	else if (ns)
		auxerr__buf_printf(b, _(" in user namespace %s (level %s, owned by uid %s)"),
			  ns, lvl ? lvl : "?", owner ? owner : "?");
	if (!(sw && *sw) && policy && value &&
	    strcmp(policy, "kernel.unprivileged_bpf_disabled") == 0 &&
	    strcmp(value, "1") == 0)
		auxerr__buf_printf(b, "%s", _("; the setting 1 cannot be changed until the next boot, not even by root"));
	if (!(sw && *sw) && policy &&
	    strcmp(policy, "vm.unprivileged_userfaultfd") == 0)
		auxerr__buf_printf(b, "%s", _("; one for faults in user mode only (UFFD_USER_MODE_ONLY) needs neither the capability nor the sysctl"));
	if (auxerr_record_is_weak(r))
		auxerr__buf_printf(b, "%s", _(" (only a probe: this check may not be what failed the call)"));
}

/* the local port of the SOCKADDR record (auparse: "lport=80"), or NULL */
static char *sockaddr_port(int *oom, const struct auxerr_record *r)
{
	const char *in = auxerr_record_interpret(r, "SOCKADDR", "saddr");
	const char *p = in ? strstr(in, " lport=") : NULL;
	size_t n;

	if (!p)
		return NULL;
	p += 7;
	n = strspn(p, "0123456789");
	if (!n)
		return NULL;
	{
		char *s = strndup(p, n);

		if (!s)
			*oom = 1;
		return s;
	}
}

/* what lowering the sysctl @policy gives away, NULL if not known here */
static const char *policy_weakens_known(const char *policy)
{
	static const struct {
		const char *policy, *weakens;
	} t[] = {
		{ "kernel.perf_event_paranoid",
		  N_("every user may then observe the kernel and other processes with perf, which exposes kernel addresses and side channels") },
		{ "kernel.dmesg_restrict",
		  N_("every user may then read the kernel log, which can hold kernel addresses and traces of other users' activity") },
		{ "kernel.kptr_restrict",
		  N_("every user may then see kernel addresses, which helps an exploit defeat KASLR") },
		{ "kernel.unprivileged_bpf_disabled",
		  N_("every user may then load BPF programs, a large part of the kernel to attack") },
		{ "user.max_user_namespaces",
		  N_("every user may then create user namespaces, which expose much more of the kernel to unprivileged code") },
		{ "kernel.unprivileged_userns_clone",
		  N_("every user may then create user namespaces, which expose much more of the kernel to unprivileged code") },
		{ "vm.mmap_min_addr",
		  N_("a NULL pointer dereference in the kernel may then become an exploit") },
		{ "net.ipv4.ip_unprivileged_port_start",
		  N_("every program of every user may then take the ports below the old limit, which clients trust as the system's own services") },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(policy, t[i].policy) == 0)
			return _(t[i].weakens);
	return NULL;
}

/* what lowering the sysctl @policy gives away */
static const char *policy_weakens(const char *policy)
{
	const char *w = policy_weakens_known(policy);

	return w ? w : _("every process the policy covers may then do the same");
}

/*
 * cap with sysctl_write=: the sysctl's own handler checks a capability
 * on write, whatever the file's mode lets open it.  Root with that
 * capability writes it; the value wanted is not in the record.
 */
static void remedy_sysctl_write(struct auxerr_remedy *m,
				const struct auxerr_facts *f, const char *name)
{
	const char *CAP = f->subject.CAP;
	const char *w = policy_weakens_known(name);
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	auxerr__buf_printf(&b, _("Only a process with %s in the initial user namespace may change the sysctl %s, whoever may open its file: root, with its full capabilities (not in a container or with capabilities dropped), runs sysctl -w %s=VALUE with the value wanted"),
			   CAP ? CAP : _("the capability"), name, name);
	if (w)
		m->weakens = auxerr__xprintf(&m->oom, _("if the new value is lower, %s"), w);
	auxerr__remedy_say(m, &b);
}

/*
 * cap with rlimit=: raising one's own priority beyond RLIMIT_NICE or
 * RLIMIT_RTPRIO.  The record has the soft limit, not the hard one nor the
 * value wanted: root raises the limit for new logins (limits.conf), a
 * service (systemd) or the running process (prlimit).
 */
static void remedy_rlimit(struct auxerr_remedy *m,
			  const struct auxerr_facts *f, const char *rl)
{
	const struct auxerr_record *r = f->rec;
	int nice = strcmp(rl, "RLIMIT_NICE") == 0, named;
	const char *euid = f->subject.euid.text, *pid = auxerr__sys(r, "pid");
	unsigned long uid = 0;
	char *who = euid && auxerr__num(euid, 10, &uid) ? auxerr__user_word(&m->oom, uid, &named)
						: auxerr__xstrdup(&m->oom, "USER");
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (nice)
		auxerr__buf_printf(&b, _("Root can raise RLIMIT_NICE: for new logins of %s, a line \"%s - nice N\" in /etc/security/limits.conf, N the lowest nice value wanted (-20 to 19); for a service, LimitNICE=N in its systemd unit; for the running process, prlimit --pid %s --nice=L, L = 20 - N. If the hard limit is already high enough, the process may raise its own soft limit (ulimit -e, setrlimit())"),
				   who, who, pid ? pid : "PID");
	else
		auxerr__buf_printf(&b, _("Root can raise RLIMIT_RTPRIO: for new logins of %s, a line \"%s - rtprio N\" in /etc/security/limits.conf, N the highest real-time priority wanted (1 to 99); for a service, LimitRTPRIO=N in its systemd unit; for the running process, prlimit --pid %s --rtprio=N. If the hard limit is already high enough, the process may raise its own soft limit (ulimit -r, setrlimit())"),
				   who, who, pid ? pid : "PID");
	m->weakens = auxerr__xstrdup(&m->oom, nice
		? _("the user's processes may then take CPU time ahead of other processes")
		: _("the user's processes may then run real-time and take the CPU from every other process, which can stall the system"));
	auxerr__remedy_say(m, &b);
	free(who);
}

/*
 * cap with rlimit=RLIMIT_MEMLOCK: mlock() or mlockall() beyond the limit
 * (EPERM at 0, ENOMEM above).  As for the priorities: root raises the
 * limit where the process gets it.
 */
static void remedy_memlock(struct auxerr_remedy *m,
			   const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *euid = f->subject.euid.text, *pid = auxerr__sys(r, "pid");
	unsigned long uid = 0;
	int named;
	char *who = euid && auxerr__num(euid, 10, &uid) ? auxerr__user_word(&m->oom, uid, &named)
						: auxerr__xstrdup(&m->oom, "USER");
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	auxerr__buf_printf(&b, _("Root can raise RLIMIT_MEMLOCK: for new logins of %s, a line \"%s - memlock N\" in /etc/security/limits.conf, N in KiB; for a service, LimitMEMLOCK=BYTES in its systemd unit; for the running process, prlimit --pid %s --memlock=BYTES. If the hard limit is already high enough, the process may raise its own soft limit (ulimit -l, setrlimit())"),
			   who, who, pid ? pid : "PID");
	m->weakens = auxerr__xstrdup(&m->oom, _("the user's processes may then keep that much memory from being swapped out, which other processes then lack"));
	auxerr__remedy_say(m, &b);
	free(who);
}

/*
 * cap with policy=oom_score_adj_min or oom_score_adj: lowering a
 * process's oom_score_adj below its floor.  Root's own write sets the
 * value and lowers the floor with it; a service sets it in its unit.
 */
static void remedy_oom_score_adj(struct auxerr_remedy *m,
				 const struct auxerr_facts *f,
				 const char *policy)
{
	const char *path = f->object.path;
	const char *value = auxerr__aux(f->rec, "policy_value");
	struct auxerr_buf b = { 0 };
	char *pid = NULL;

	/* /proc/PID/oom_score_adj, as the descriptor names it */
	if (path && strncmp(path, "/proc/", 6) == 0) {
		size_t n = strspn(path + 6, "0123456789");

		if (n && path[6 + n] == '/')
			pid = strndup(path + 6, n);
		if (n && !pid)
			m->oom = 1;
	}
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (strcmp(policy, "oom_score_adj") == 0)
		auxerr__buf_printf(&b, _("The deprecated oom_adj may not lower oom_score_adj (now %s) without CAP_SYS_RESOURCE: write /proc/%s/oom_score_adj instead, which may lower it down to the process's floor; "),
				   value ? value : "?", pid ? pid : "PID");
	auxerr__buf_printf(&b, _("root can set the value, which also lowers the floor of process %s to it, so that its owner may then lower it that far too: choom -p %s -n VALUE (or echo VALUE > /proc/%s/oom_score_adj); for a service, OOMScoreAdjust=VALUE in its systemd unit"),
			   pid ? pid : "PID", pid ? pid : "PID", pid ? pid : "PID");
	m->weakens = auxerr__xstrdup(&m->oom, _("the out-of-memory killer then spares that process longer, and kills others first"));
	auxerr__remedy_say(m, &b);
	free(pid);
}

/* a remedy the caller carries out itself, with no privilege: the
 * program's command line run under @wrap */
static void remedy_by_caller(struct auxerr_remedy *m,
			     const struct auxerr_facts *f, const char *wrap)
{
	unsigned long euid = 0;
	int have = auxerr__id_num(&f->subject.euid, &euid);
	char *me = have ? auxerr__user_label(&m->oom, euid) : NULL;

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xprintf(&m->oom, _("the caller (%s)"), me ? me : "?"),
	    have ? (long long)euid : -1);
	m->command = auxerr__program_command(&m->oom, f, NULL, wrap);
	free(me);
}

/*
 * cap with policy=no_new_privs: a seccomp filter refused to a thread
 * without no_new_privs (a thread attribute, not a sysctl) and without
 * CAP_SYS_ADMIN.  The program sets it before its filter, or whoever
 * starts the program runs it with it set: no privilege is needed, and
 * the capability would be far more than a filter needs.
 */
static void remedy_no_new_privs(struct auxerr_remedy *m,
				const struct auxerr_facts *f)
{
	struct auxerr_buf b = { 0 };

	remedy_by_caller(m, f, "setpriv --no-new-privs --");
	auxerr__buf_str(&b, _("A seccomp filter needs no_new_privs set on the thread that installs it, which needs no privilege: the program can call prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) before it installs its filter, or whoever starts it can run it with no_new_privs set; the cost: set-user-ID and set-group-ID programs and file capabilities no longer raise privileges across exec for it and its children"));
	auxerr__remedy_say(m, &b);
}

/*
 * A program that runs other people's code: a file capability on it would
 * go to every script of every user, so it is never the first remedy.
 * By the name of the file (versioned names too: python3.11, perl5.36).
 */
static int shared_interpreter(const char *exe)
{
	static const char *const names[] = {
		"python", "pypy", "perl", "ruby", "node", "nodejs", "deno",
		"bun", "php", "lua", "luajit", "tclsh", "wish", "Rscript", "R",
		"java", "guile", "gawk", "mawk", "awk", "bash", "sh", "dash",
		"zsh", "ksh", "mksh", "fish", "busybox", "julia", "octave", NULL,
	};
	const char *base = exe ? strrchr(exe, '/') : NULL;

	base = base ? base + 1 : exe;
	if (!base)
		return 0;
	for (const char *const *n = names; *n; n++) {
		size_t l = strlen(*n);

		/* the name, or the name and a version: python3.11, perl5 */
		if (strncmp(base, *n, l) == 0 &&
		    strspn(base + l, "0123456789.-") == strlen(base + l))
			return 1;
	}
	return 0;
}

/*
 * cap with policy=: a sysctl made the capability necessary.  The least
 * change is the capability for one program (one run, or for a low port
 * the program file); lowering the sysctl comes last, with its cost.
 */
static void remedy_cap_policy(struct auxerr_remedy *m,
			      const struct auxerr_facts *f,
			      const char *policy)
{
	const struct auxerr_record *r = f->rec;
	const char *cap = f->subject.cap_name;
	const char *value = auxerr__aux(r, "policy_value");
	char *CAP = auxerr__cap_upper(&m->oom, cap), *why;
	struct auxerr_buf b = { 0 };

	if (strcmp(policy, "net.ipv4.ip_unprivileged_port_start") == 0) {
		char *exe = auxerr__decode(&m->oom, auxerr__sys(r, "exe"));
		char *qexe = exe && exe[0] == '/' ? auxerr__quoted(&m->oom, exe) : NULL;
		char *port = sockaddr_port(&m->oom, r);

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
		if (shared_interpreter(exe)) {
			/* one run with the capability, never the interpreter */
			m->command = auxerr__program_command(&m->oom, f, cap, NULL);
			if (port)
				auxerr__buf_printf(&b, _("Port %s is below net.ipv4.ip_unprivileged_port_start = %s, and only %s binds below it"),
						   port, value ? value : "?", CAP ? CAP : "?");
			else
				auxerr__buf_printf(&b, _("Ports below net.ipv4.ip_unprivileged_port_start = %s need %s"),
						   value ? value : "?", CAP ? CAP : "?");
			auxerr__buf_printf(&b, _(": use a port of %s or above, or root can run the program again as uid %s with %s alone, for that run (setpriv --inh-caps=+%s --ambient-caps=+%s); %s runs every user's scripts, so a file capability on it would let all of them bind there: for good, give the capability to a dedicated program or unit (AmbientCapabilities=%s), not to the interpreter; lowering %s instead would allow it to every program"),
					   value ? value : "?",
					   auxerr__id_text(&f->subject.euid),
					   CAP ? CAP : "?", cap, cap, exe,
					   CAP ? CAP : "?", policy);
			m->weakens = auxerr__xprintf(&m->oom, _("that run of the program, and the programs it starts, may bind ports below %s"),
					     value ? value : "?");
		} else {
			if (qexe)
				m->command = auxerr__xprintf(&m->oom, "setcap cap_%s=+ep %s", cap, qexe);
			if (port)
				auxerr__buf_printf(&b, _("Port %s is below net.ipv4.ip_unprivileged_port_start = %s, and only %s binds below it: use a port of %s or above, or root can give %s that capability, for every user who runs it"),
					   port, value ? value : "?", CAP ? CAP : "?",
					   value ? value : "?", qexe ? qexe : _("the program"));
			else
				auxerr__buf_printf(&b, _("Ports below net.ipv4.ip_unprivileged_port_start = %s need %s: use a port of %s or above, or root can give %s that capability, for every user who runs it"),
					   value ? value : "?", CAP ? CAP : "?",
					   value ? value : "?", qexe ? qexe : _("the program"));
			auxerr__buf_printf(&b, _("; lowering %s instead would allow it to every program"),
				   policy);
			m->weakens = auxerr__xprintf(&m->oom, _("every run of %s, by any user, may then bind ports below %s"),
					     exe ? exe : _("the program"), value ? value : "?");
		}
		auxerr__remedy_say(m, &b);
		free(exe);
		free(qexe);
		free(port);
		free(CAP);
		return;
	}
	why = auxerr__xprintf(&m->oom, _("With %s = %s, this needs %s"), policy,
		      value ? value : "?", CAP ? CAP : "?");
	auxerr__one_capability(m, f, &b, cap, why);
	if (strcmp(policy, "kernel.unprivileged_bpf_disabled") == 0 &&
	    value && strcmp(value, "1") == 0)
		/* 1 locks the setting (bpf_unpriv_handler()) */
		auxerr__buf_printf(&b, _("; the setting 1 cannot be changed until the next boot, not even by root, and lowering it from then on (in /etc/sysctl.d) would allow it to every user, and %s"),
				   policy_weakens(policy));
	else if (strcmp(policy, "kernel.unprivileged_bpf_disabled") == 0)
		auxerr__buf_printf(&b, _("; root may instead set %s to 0 (sysctl -w %s=0), which would allow it to every user, and %s"),
				   policy, policy, policy_weakens(policy));
	else
		auxerr__buf_printf(&b, _("; lowering %s instead would allow it to every user, and %s"),
				   policy, policy_weakens(policy));
	auxerr__remedy_say(m, &b);
	free(why);
	free(CAP);
}

/*
 * cap with policy=vm.unprivileged_userfaultfd: userfaultfd() without
 * UFFD_USER_MODE_ONLY asks to handle kernel faults too, which needs
 * CAP_SYS_PTRACE unless the sysctl is 1.  First the caller's own fix
 * (user-mode faults only: no privilege); else /dev/userfaultfd, whose
 * mode governs it (not the sysctl), opened to the caller's group; the
 * sysctl last, with its cost.  CAP_SYS_PTRACE would be far more.
 */
static void remedy_userfaultfd(struct auxerr_remedy *m,
			       const struct auxerr_facts *f)
{
	unsigned long egid;
	int have = auxerr__id_num(&f->subject.egid, &egid);
	char *g = have ? auxerr__group_paren(&m->oom, egid) : NULL;
	char *gl = have ? auxerr__group_label(&m->oom, egid) : NULL;
	char *gw = have ? auxerr__group_word(&m->oom, egid) : NULL;
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (gw)
		m->command = auxerr__xprintf(&m->oom, "chgrp %s /dev/userfaultfd && chmod 0660 /dev/userfaultfd",
				     gw);
	auxerr__buf_printf(&b, _("If the program needs faults in user mode only, it can pass UFFD_USER_MODE_ONLY to userfaultfd(), which needs no privilege at all; for kernel faults too, /dev/userfaultfd (Linux 6.1 and later: open it, then ioctl USERFAULTFD_IOC_NEW) is governed by its mode, not by vm.unprivileged_userfaultfd, so root can let the caller's group (%s) open it, persistently with the udev rule KERNEL==\"userfaultfd\", GROUP=\"%s\", MODE=\"0660\" in a file under /etc/udev/rules.d/; only as a last resort root sets vm.unprivileged_userfaultfd = 1, and then every user may stall the kernel's accesses to its memory, a classic way to widen race windows in kernel exploits (CAP_SYS_PTRACE for the program would be far more than it needs: it may then trace every process); root opens /dev/userfaultfd to the group with the command"),
			   gl ? gl : "?", gw ? gw : "GROUP");
	m->weakens = auxerr__xprintf(&m->oom, _("every process whose group or a supplementary group is %s may then create userfaultfds that handle kernel faults and stall the kernel's accesses to its memory, a classic way to widen race windows in kernel exploits"),
			     g ? g : "?");
	auxerr__remedy_say(m, &b);
	free(g);
	free(gl);
	free(gw);
}

/* the namespace flags of clone() and unshare() (<linux/sched.h>) */
#define NS_FLAGS_OTHER_THAN_USER \
	(0x00000080UL /* CLONE_NEWTIME */ | 0x00020000UL /* CLONE_NEWNS */ | \
	 0x02000000UL /* CLONE_NEWCGROUP */ | 0x04000000UL /* CLONE_NEWUTS */ | \
	 0x08000000UL /* CLONE_NEWIPC */ | 0x20000000UL /* CLONE_NEWPID */ | \
	 0x40000000UL /* CLONE_NEWNET */)
#define NS_FLAG_USER 0x10000000UL	/* CLONE_NEWUSER */

/*
 * A call that a new user namespace would allow, in the initial one: new
 * namespaces (unshare(), clone(), clone3() without CLONE_NEWUSER:
 * CAP_SYS_ADMIN) and chroot() (CAP_SYS_CHROOT).  In a user namespace of
 * its own the caller holds every capability over what that namespace
 * owns, the namespaces it creates with it and its own root directory
 * included, and none on the host: the least change, where unprivileged
 * user namespaces are enabled.  0 when the call is not one of these.
 */
static int userns_would_do(const struct auxerr_facts *f, const char *cap)
{
	const struct auxerr_record *r = f->rec;
	const char *sc = auxerr_record_syscall_name(r);
	unsigned long flags;

	if (!sc)
		return 0;
	if (strcmp(cap, "sys_chroot") == 0)
		return strcmp(sc, "chroot") == 0;
	if (strcmp(cap, "sys_admin") != 0)
		return 0;
	if (strcmp(sc, "clone3") == 0)
		return 1;	/* its flags are behind a pointer */
	if (strcmp(sc, "unshare") != 0 && strcmp(sc, "clone") != 0)
		return 0;
	return auxerr__num(auxerr__sys(r, "a0"), 16, &flags) &&
	       (flags & NS_FLAGS_OTHER_THAN_USER) && !(flags & NS_FLAG_USER);
}

static void remedy_userns(struct auxerr_remedy *m, const struct auxerr_facts *f,
			  const char *cap)
{
	char *CAP = auxerr__cap_upper(&m->oom, cap);
	struct auxerr_buf b = { 0 };

	remedy_by_caller(m, f, "unshare --user --map-root-user --");
	if (strcmp(cap, "sys_chroot") == 0)
		auxerr__buf_printf(&b, _("The program can run in a user namespace of its own, where it holds %s over its own root directory and no privilege on the host (where unprivileged user namespaces are enabled: sysctl user.max_user_namespaces above 0); there it appears as root and other users' files as nobody"),
				   CAP ? CAP : "?");
	else
		auxerr__buf_printf(&b, _("The program can create a user namespace together with the others (CLONE_NEWUSER in the same call, or run it inside one), where it holds %s over the namespaces it makes and no privilege on the host (where unprivileged user namespaces are enabled: sysctl user.max_user_namespaces above 0); there it appears as root and other users' files as nobody"),
				   CAP ? CAP : "?");
	auxerr__remedy_say(m, &b);
	free(CAP);
}

static void cap_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *cap = f->subject.cap_name;
	const char *lvl = auxerr__aux(r, "userns_level");
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	struct auxerr_buf b = { 0 };

	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "owner_op") &&
	    *auxerr__aux(r, "owner_op")) {
		free(CAP);
		auxerr__owner_op_remedy(m, f, auxerr__aux(r, "owner_op"));
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "rlimit") &&
	    strcmp(auxerr__aux(r, "rlimit"), "RLIMIT_MEMLOCK") == 0) {
		free(CAP);
		remedy_memlock(m, f);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") &&
	    (strcmp(auxerr__aux(r, "policy"), "oom_score_adj_min") == 0 ||
	     strcmp(auxerr__aux(r, "policy"), "oom_score_adj") == 0)) {
		free(CAP);
		remedy_oom_score_adj(m, f, auxerr__aux(r, "policy"));
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "rlimit") &&
	    (strcmp(auxerr__aux(r, "rlimit"), "RLIMIT_NICE") == 0 ||
	     strcmp(auxerr__aux(r, "rlimit"), "RLIMIT_RTPRIO") == 0)) {
		free(CAP);
		remedy_rlimit(m, f, auxerr__aux(r, "rlimit"));
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "sysctl_write") &&
	    *auxerr__aux(r, "sysctl_write")) {
		/* quoted (or hex) as the kernel writes a string */
		char *sw = auxerr__decode(&m->oom, auxerr__aux(r, "sysctl_write"));

		free(CAP);
		remedy_sysctl_write(m, f, sw ? sw : "?");
		free(sw);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") &&
	    strcmp(auxerr__aux(r, "policy"), "no_new_privs") == 0) {
		/* in any user namespace: the thread sets it itself */
		free(CAP);
		remedy_no_new_privs(m, f);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") &&
	    strcmp(auxerr__aux(r, "policy"), "vm.unprivileged_userfaultfd") == 0) {
		free(CAP);
		remedy_userfaultfd(m, f);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") && *auxerr__aux(r, "policy") &&
	    cap && !(lvl && strcmp(lvl, "0") != 0)) {
		free(CAP);
		remedy_cap_policy(m, f, auxerr__aux(r, "policy"));
		return;
	}
	if (auxerr_record_is_weak(r)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the record is only a probe of %s, which may not be what failed %s"),
			   CAP ? CAP : _("a capability"),
			   auxerr_record_syscall_name(r));
	} else if (!cap) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: capability %s has no name here"),
			   f->subject.cap.text ? f->subject.cap.text : "?");
	} else if (lvl && strcmp(lvl, "0") != 0) {
		/* the capability is needed in a child user namespace: only
		 * its own processes can hold it there */
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE,
		    auxerr__xprintf(&m->oom, _("a process with %s in user namespace %s"),
			    CAP ? CAP : "?", auxerr__aux(r, "userns") ? auxerr__aux(r, "userns") : "?"),
		    -1);
		auxerr__buf_printf(&b, _("Only a process holding %s in user namespace %s (level %s, owned by uid %s), such as one its owner started in it without dropping capabilities, may make this call"),
			   CAP ? CAP : "?", auxerr__aux(r, "userns") ? auxerr__aux(r, "userns") : "?",
			   lvl, auxerr__aux(r, "userns_owner") ? auxerr__aux(r, "userns_owner") : "?");
	} else if (userns_would_do(f, cap)) {
		free(CAP);
		remedy_userns(m, f, cap);
		return;
	} else {
		auxerr__one_capability(m, f, &b, cap, NULL);
	}
	auxerr__remedy_say(m, &b);
	free(CAP);
}

const struct auxerr_mech auxerr__mech_cap = {
	.name = "cap",
	.sentence = cap_sentence,
	.remedy = cap_remedy,
};
