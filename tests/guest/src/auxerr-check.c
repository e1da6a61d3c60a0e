// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr-check: make system calls, then go through libauxerr's whole
 * public API on what the kernel kept for the last one, and print what
 * every call returned, for tests/guest/t-libauxerr.sh to assert on.
 *
 *   auxerr-check [-f] [-A] ACTION ARGS... [-- ACTION ARGS...]
 *
 * Actions: open PATH [r|w|trunc], chown PATH UID, chmod PATH OCTAL,
 * truncate PATH (to 0), mkdir PATH, unlink PATH,
 * rename FROM TO, exec PATH, mmapx PATH (map it executable), ptrace PID,
 * getpid, seccomp NR ERRNO (stack a filter failing syscall NR with ERRNO),
 * landlock DIR (allow file access beneath DIR, and reading beneath /etc
 * and /usr, which libc and libauxerr need), landlock-nonnp
 * (landlock_restrict_self without no_new_privs), undumpable-sleep
 * (become non-dumpable, sleep 30 s, exit).
 *
 * -f: fetch with AUXERR_FLUSH.  -A: fetch the parsed record first (so that
 * its age counts the program's own system calls only); by default the
 * first call after the last action is auxerr_strerror(errno).
 *
 * Output (stdout, written only at exit, so that printing makes no system
 * call in between): "action=N" per action (N: its errno), then "key=value"
 * lines; the event text as its "type=" lines; for every field of every
 * record "f.TYPE.NTH.NAME=raw" and "i.TYPE.NTH.NAME=interpreted"; problems
 * the program checks itself as "bad=WHAT" lines.  auxerr_perror() writes
 * to stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>

#include "auxerr.h"

static char outbuf[1 << 20];

#define bad(...) do { printf("bad="); printf(__VA_ARGS__); printf("\n"); } while (0)

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

#define LL_FS_READ (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE | \
	LANDLOCK_ACCESS_FS_READ_DIR)

static int install_landlock(const char *dir, int nnp)
{
	struct landlock_ruleset_attr attr = { .handled_access_fs = LL_FS_ALL };
	struct landlock_path_beneath_attr beneath = { .allowed_access = LL_FS_ALL };
	int ruleset, err = 0;

	ruleset = syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (ruleset < 0)
		return errno;
	if (dir) {
		const char *dirs[] = { dir, "/etc", "/usr" };

		for (int i = 0; i < 3 && !err; i++) {
			beneath.allowed_access = i ? LL_FS_READ : LL_FS_ALL;
			beneath.parent_fd = open(dirs[i], O_PATH | O_CLOEXEC);
			if (beneath.parent_fd < 0 ||
			    syscall(SYS_landlock_add_rule, ruleset,
				    LANDLOCK_RULE_PATH_BENEATH, &beneath, 0))
				err = errno;
			close(beneath.parent_fd);
		}
	}
	if (!err && nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		err = errno;
	if (!err && syscall(SYS_landlock_restrict_self, ruleset, 0))
		err = errno;
	close(ruleset);
	return err;
}

/* Run one action; *used: how many words it took.  Returns its errno. */
static int do_action(char **argv, int *used)
{
	const char *a = argv[0];
	int fd, flags = O_RDONLY;

	*used = 2;
	if (!strcmp(a, "open")) {
		if (argv[1] && argv[2] && strcmp(argv[2], "--")) {
			*used = 3;
			if (!strcmp(argv[2], "w"))
				flags = O_WRONLY;
			else if (!strcmp(argv[2], "trunc"))
				flags = O_WRONLY | O_TRUNC;
			else if (strcmp(argv[2], "r"))
				*used = 2;
		}
		fd = open(argv[1], flags);
		if (fd < 0)
			return errno;
		close(fd);
		return 0;
	}
	if (!strcmp(a, "chown")) {
		*used = 3;
		return chown(argv[1], (uid_t)atoi(argv[2]), (gid_t)-1) ? errno : 0;
	}
	if (!strcmp(a, "chmod")) {
		*used = 3;
		return chmod(argv[1], (mode_t)strtoul(argv[2], NULL, 8)) ? errno : 0;
	}
	if (!strcmp(a, "truncate"))
		return truncate(argv[1], 0) ? errno : 0;
	if (!strcmp(a, "mkdir"))
		return mkdir(argv[1], 0755) ? errno : 0;
	if (!strcmp(a, "unlink"))
		return unlink(argv[1]) ? errno : 0;
	if (!strcmp(a, "rename")) {
		*used = 3;
		return rename(argv[1], argv[2]) ? errno : 0;
	}
	if (!strcmp(a, "exec")) {
		char *args[] = { argv[1], NULL };

		execv(argv[1], args);
		return errno;
	}
	if (!strcmp(a, "mmapx")) {
		void *p;
		int e;

		fd = open(argv[1], O_RDONLY);
		if (fd < 0)
			return errno;
		p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED)
			return errno;	/* before close(): nothing in between */
		e = 0;
		munmap(p, 4096);
		close(fd);
		return e;
	}
	if (!strcmp(a, "ptrace")) {
		pid_t pid = atoi(argv[1]);

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
	if (!strcmp(a, "landlock"))
		return install_landlock(argv[1], 1);
	*used = 1;
	if (!strcmp(a, "landlock-nonnp"))
		return install_landlock(NULL, 0);
	if (!strcmp(a, "undumpable-sleep")) {
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
		sleep(30);
		exit(0);
	}
	if (!strcmp(a, "getpid")) {
		syscall(SYS_getpid);
		return 0;
	}
	fprintf(stderr, "auxerr-check: unknown action %s\n", a);
	exit(2);
}

/* errno must be @e after a call that succeeded */
#define KEEP(e, what) do { \
	if (errno != (e)) \
		bad("errno-changed %s: %d", what, errno); \
	errno = (e); \
} while (0)

/* Every field of every record, through the API, checked against the text */
static void dump_fields(const struct auxerr_record *rec, const char *text,
			int e)
{
	char type[64], line[8192];
	unsigned seen[16] = { 0 };
	const char *types[16];
	unsigned ntypes = 0;
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		unsigned nth = 0, t;
		char *save = NULL, *tok;

		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		p += n + (nl ? 1 : 0);
		if (sscanf(line, "type=%63s", type) != 1)
			continue;
		if (!strcmp(type, "UNKNOWN[1340]"))
			strcpy(type, "AUXERR");
		for (t = 0; t < ntypes; t++)
			if (!strcmp(types[t], type))
				break;
		if (t == ntypes && ntypes < 16)
			types[ntypes++] = strdup(type);
		if (t < 16)
			nth = seen[t]++;
		tok = strtok_r(line, " ", &save);	/* type= */
		tok = strtok_r(NULL, " ", &save);	/* msg=audit(...): */
		while ((tok = strtok_r(NULL, " ", &save))) {
			char *eq = strchr(tok, '=');
			const char *raw, *interp;

			if (!eq)
				continue;
			*eq = '\0';
			raw = auxerr_record_field_nth(rec, type, nth, tok, 0);
			KEEP(e, "field_nth");
			interp = auxerr_record_field_nth(rec, type, nth, tok, 1);
			KEEP(e, "field_nth interpreted");
			if (!raw || !interp) {
				bad("no field %s.%u.%s", type, nth, tok);
				errno = e;
				continue;
			}
			if (strcmp(raw, eq + 1))
				bad("raw %s.%u.%s is [%s], text has [%s]", type,
				    nth, tok, raw, eq + 1);
			printf("f.%s.%u.%s=%s\n", type, nth, tok, raw);
			printf("i.%s.%u.%s=%s\n", type, nth, tok, interp);
		}
	}
	for (unsigned t = 0; t < ntypes; t++) {
		if (auxerr_record_count(rec, types[t]) != seen[t])
			bad("count %s: %u, text has %u", types[t],
			    auxerr_record_count(rec, types[t]), seen[t]);
		free((void *)types[t]);
	}
	/* the AUXERR record under its log name, and the first-match lookup */
	if (auxerr_record_count(rec, "UNKNOWN[1340]") != 1 ||
	    auxerr_record_count(rec, "AUXERR") != 1)
		bad("UNKNOWN[1340] is not the one AUXERR record");
	if (!auxerr_record_field(rec, NULL, "mechanism") ||
	    strcmp(auxerr_record_field(rec, NULL, "mechanism"),
		   auxerr_record_mechanism(rec)))
		bad("field(NULL, mechanism) is not the mechanism");
	errno = e;
	if (auxerr_record_field(rec, "AUXERR", "no_such_field") || errno != ENOENT)
		bad("a missing field: errno %d", errno);
	errno = e;
}

static void report_record(struct auxerr_record *rec, const char *text, int e)
{
	struct timespec ts;
	char small[8];
	ssize_t n;
	const char *ex;

	printf("rec.errno=%d\n", auxerr_record_errno(rec));
	printf("rec.syscall=%ld\n", auxerr_record_syscall(rec));
	printf("rec.syscall_name=%s\n", auxerr_record_syscall_name(rec));
	printf("rec.arch=%x\n", auxerr_record_arch(rec));
	printf("rec.mechanism=%s\n", auxerr_record_mechanism(rec));
	printf("rec.serial=%llu\n", auxerr_record_serial(rec));
	ts = auxerr_record_time(rec);
	printf("rec.time=%lld.%09ld\n", (long long)ts.tv_sec, ts.tv_nsec);
	printf("rec.age=%d\n", auxerr_record_age(rec));
	KEEP(e, "record_age");
	printf("rec.weak=%d\n", auxerr_record_is_weak(rec));
	printf("rec.flushed=%d\n", auxerr_record_is_flushed(rec));
	printf("rec.records=%u\n", auxerr_record_count(rec, NULL));
	printf("rec.text-same=%d\n", !strcmp(auxerr_record_text(rec), text));
	KEEP(e, "record accessors");
	dump_fields(rec, text, e);

	ex = auxerr_explain(rec);
	KEEP(e, "explain");
	printf("explain=%s\n", ex ? ex : "(null)");
	n = auxerr_explain_r(rec, small, sizeof(small));
	KEEP(e, "explain_r");
	if (!ex || n != (ssize_t)strlen(ex) || strlen(small) != sizeof(small) - 1 ||
	    strncmp(small, ex, sizeof(small) - 1))
		bad("explain_r: %zd [%s]", n, small);
}

int main(int argc, char **argv)
{
	int flush = 0, age_first = 0, i = 1, used, e = 0, nres = 0;
	int results[64], fetch_err = 0, other_errno;
	struct auxerr_state st;
	struct auxerr_record *rec = NULL, *parsed;
	char first[4096], again[4096], other[4096], *text;
	ssize_t need, n;

	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	setlocale(LC_ALL, "C");
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-f"))
			flush = 1;
		else if (!strcmp(argv[i], "-A"))
			age_first = 1;
		else
			break;
	}
	while (i < argc) {
		e = do_action(&argv[i], &used);
		if (nres < 64)
			results[nres++] = e;
		i += used;
		if (i < argc && !strcmp(argv[i], "--"))
			i++;
	}
	/* ---- nothing but libauxerr from here to the first message ---- */
	errno = e;
	auxerr_state_save(&st);
	KEEP(e, "state_save");
	if (age_first) {
		rec = auxerr_record_fetch(0);
		fetch_err = rec ? 0 : errno;
		errno = e;
	}
	snprintf(first, sizeof(first), "%s", auxerr_strerror(e));
	KEEP(e, "strerror");
	auxerr_strerror_r(e, again, sizeof(again));
	KEEP(e, "strerror_r");

	for (int k = 0; k < nres; k++)
		printf("action=%d\n", results[k]);
	printf("errno=%d\n", e);
	printf("strerror=%s\n", first);
	printf("strerror-plain=%d\n", !strcmp(first, strerror(e)));
	printf("strerror_r-same=%d\n", !strcmp(first, again));
	/* a record never explains another errno */
	other_errno = e == EACCES ? EPERM : EACCES;
	snprintf(other, sizeof(other), "%s", auxerr_strerror(other_errno));
	KEEP(e, "strerror other");
	printf("strerror-other-plain=%d\n", !strcmp(other, strerror(other_errno)));
	printf("state.serial=%llu\n", st.serial);
	printf("state.errno=%d\n", st.saved_errno);

	/* the raw interface */
	need = get_last_audit_record(NULL, 0, 0);
	if (need < 0) {
		printf("need=-1 %s\n", strerrorname_np(errno));
		errno = e;
		rec = auxerr_record_fetch(0);
		printf("fetch=%s\n", rec ? "ok" : strerrorname_np(errno));
		errno = e;
		goto end;
	}
	KEEP(e, "get(NULL, 0)");
	printf("need=%zd\n", need);
	text = malloc((size_t)need);
	n = get_last_audit_record(text, (size_t)need - 1, 0);
	printf("short=%zd %s\n", n, n < 0 ? strerrorname_np(errno) : "");
	errno = e;
	n = get_last_audit_record(text, 0, 0);
	printf("zero=%zd %s\n", n, n < 0 ? strerrorname_np(errno) : "");
	errno = e;
	n = get_last_audit_record(text, (size_t)need, flush ? AUXERR_FLUSH : 0);
	if (n < 0) {
		printf("get=-1 %s\n", strerrorname_np(errno));
		errno = e;
	} else {
		KEEP(e, "get");
		printf("get=%zd\n", n);
		if ((size_t)n != (size_t)need - 1 || strlen(text) != (size_t)n)
			bad("get: %zd bytes for need %zd", n, need);
	}
	fputs(text, stdout);
	n = auxerr_get_record(1, text, (size_t)need, 0);
	printf("slot1=%zd %s\n", n, n < 0 ? strerrorname_np(errno) : "");
	errno = e;
	/* slot 1 failed: text is still slot 0's, or refetch it */
	if (get_last_audit_record(text, (size_t)need, 0) < 0)
		bad("refetch: %s", strerrorname_np(errno));
	errno = e;

	if (rec) {
		/* fetched before the text (-A): must be the same record */
		if (strcmp(text, auxerr_record_text(rec)))
			bad("the -A record is not the text");
	} else {
		rec = auxerr_record_fetch(0);
		fetch_err = rec ? 0 : errno;
		errno = e;
	}
	if (!rec) {
		printf("fetch=%s\n", strerrorname_np(fetch_err));
		goto end;
	}
	printf("fetch=ok\n");
	report_record(rec, text, e);

	/* the same text through auxerr_record_parse() */
	parsed = auxerr_record_parse(text, strlen(text));
	KEEP(e, "parse");
	if (!parsed) {
		bad("parse of the fetched text failed");
	} else {
		const char *a = auxerr_explain(rec), *b = auxerr_explain(parsed);
		if (auxerr_record_serial(parsed) != auxerr_record_serial(rec))
			bad("parsed serial");
		if (!a || !b || strcmp(a, b))
			bad("parsed explanation differs: [%s]", b ? b : "");
		errno = 0;
		if (auxerr_record_age(parsed) != -1 || errno != ENODATA)
			bad("parsed age: errno %d", errno);
		errno = e;
		auxerr_record_free(parsed);
		KEEP(e, "record_free");
	}

	/* two system calls later the record is stale for strerror */
	syscall(SYS_getpid);
	syscall(SYS_getpid);
	snprintf(again, sizeof(again), "%s", auxerr_strerror(e));
	KEEP(e, "strerror stale");
	printf("stale-plain=%d\n", !strcmp(again, strerror(e)));

	/* restored with the state saved right after the call: fresh again */
	errno = 0;
	auxerr_state_restore(&st);
	printf("restore-errno=%d\n", errno);
	errno = e;
	snprintf(again, sizeof(again), "%s", auxerr_strerror(e));
	KEEP(e, "strerror restored");
	printf("restored=%s\n", again);
	printf("restored-same=%d\n", !strcmp(again, first));
	auxerr_perror("perror");
	KEEP(e, "perror");

end:
	auxerr_record_free(rec);
	if (auxerr_clear() == 0) {
		errno = e;
		n = get_last_audit_record(NULL, 0, 0);
		printf("cleared=%zd %s\n", n, n < 0 ? strerrorname_np(errno) : "");
	} else {
		printf("clear=-1 %s\n", strerrorname_np(errno));
	}
	printf("end\n");
	return 0;
}
