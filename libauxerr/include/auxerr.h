/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <auxerr.h> - why a system call was denied
 *
 * A kernel with auxerr keeps, per thread, the audit event that a denied
 * system call would have produced (SYSCALL, AUXERR, CWD, PATH, PROCTITLE
 * records, see docs/record-format.md).  libauxerr fetches that text,
 * parses it with libauparse and turns it into one sentence a person
 * understands.  The prctl() ABI itself lives in <linux/auxerr.h> of the
 * patched kernel; this header does not need it.
 *
 * Conventions: functions returning int or ssize_t return -1 and set errno
 * on failure; functions returning pointers return NULL and set errno.
 * Every function leaves errno unchanged when it succeeds.
 *
 * On a kernel without auxerr the fetch functions fail with ENOSYS and
 * auxerr_strerror()/auxerr_perror() behave exactly like strerror()/perror().
 */
#ifndef AUXERR_H
#define AUXERR_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Raw access: the event text (async-signal-safe)                     */
/* ------------------------------------------------------------------ */

/* Flags for get_last_audit_record() and auxerr_get_record() */
#define AUXERR_FLUSH	0x1u	/* also send the record to the audit daemon */

/*
 * get_last_audit_record - copy the event text of the latest denial
 *
 * Copies the event text (one audit record per line, each ending in '\n')
 * of the calling thread's newest kept denial into @buf and terminates it
 * with a NUL.  Returns the length of the text without the NUL.
 *
 * get_last_audit_record(NULL, 0, 0) returns the buffer size needed,
 * INCLUDING the terminating NUL (that is, text length + 1).
 *
 * With AUXERR_FLUSH the record is also sent to the audit subsystem (once:
 * a record that was already flushed is not an error).  If the flush
 * itself fails (EAGAIN: rate limited, EOPNOTSUPP: audit disabled) the call
 * returns -1 with that errno, but @buf has been filled and terminated.
 *
 * Errors: ENOSYS (kernel without auxerr), ENOENT (no record), ERANGE (@len
 * too small; nothing useful in @buf), EINVAL (unknown flag, @buf NULL with
 * @len > 0), EFAULT.
 *
 * Async-signal-safe: it only calls prctl(2); no allocation, no locks.
 */
ssize_t get_last_audit_record(char *buf, size_t len, unsigned flags);

/*
 * auxerr_get_record - like get_last_audit_record() for ring slot @slot
 *
 * @slot 0 is the newest record, 1 the one before it, and so on up to the
 * kernel.auxerr.depth sysctl minus one.  Async-signal-safe.
 */
ssize_t auxerr_get_record(unsigned slot, char *buf, size_t len,
			  unsigned flags);

/*
 * auxerr_clear - drop every record the calling thread has kept.
 * Returns 0, or -1 with errno ENOSYS.  Async-signal-safe.
 */
int auxerr_clear(void);

/* ------------------------------------------------------------------ */
/* Parsed access (libauparse)                                         */
/* ------------------------------------------------------------------ */

/* An opaque, parsed auxerr event.  Not to be shared between threads
 * without synchronisation; freed with auxerr_record_free(). */
struct auxerr_record;

/*
 * auxerr_record_parse - parse an event text
 *
 * @text need not be NUL-terminated; @len bytes are read.  The text must
 * hold exactly one audit event with an AUXERR (type 1340) record.
 * Errors: EINVAL (@text NULL, @len 0 or larger than AUXERR_TEXT_MAX, a NUL
 * byte inside), EBADMSG (not one well-formed auxerr event: bytes outside
 * printable ASCII and '\n', no event, several events, no AUXERR or no
 * SYSCALL record), ENOMEM.
 */
struct auxerr_record *auxerr_record_parse(const char *text, size_t len);

/* The largest text auxerr_record_parse() accepts (bytes) */
#define AUXERR_TEXT_MAX	(256u * 1024u)

/*
 * auxerr_record_fetch - fetch ring slot @slot from the kernel and parse it
 *
 * Uses PR_AUXERR_GET and PR_AUXERR_INFO, so that the age and the flags
 * are known (auxerr_record_age()).  Errors: those of auxerr_get_record()
 * and auxerr_record_parse(), ENOMEM.
 */
struct auxerr_record *auxerr_record_fetch(unsigned slot);

/* auxerr_record_free - free @rec (NULL is allowed); errno is preserved */
void auxerr_record_free(struct auxerr_record *rec);

/* The errno the system call failed with (positive, e.g. 13), from the
 * SYSCALL record's exit= (or the kernel's INFO when fetched); 0 if none */
int auxerr_record_errno(const struct auxerr_record *rec);

/* The system call number (for auxerr_record_arch()), -1 if unknown */
long auxerr_record_syscall(const struct auxerr_record *rec);

/* The system call name as libauparse interprets it ("openat"), never NULL */
const char *auxerr_record_syscall_name(const struct auxerr_record *rec);

/* The audit architecture (AUDIT_ARCH_X86_64 ...), 0 if unknown */
unsigned auxerr_record_arch(const struct auxerr_record *rec);

/* The mechanism name from mechanism= ("dac", "path", "cap", "lsm",
 * "seccomp", "mount", "inode", "sticky", "ptrace", or what the kernel
 * wrote), never NULL */
const char *auxerr_record_mechanism(const struct auxerr_record *rec);

/* The audit serial number (the N of msg=audit(T:N)) */
unsigned long long auxerr_record_serial(const struct auxerr_record *rec);

/* The audit time stamp; from the text it has millisecond resolution,
 * from the kernel's INFO (fetched records) nanosecond resolution */
struct timespec auxerr_record_time(const struct auxerr_record *rec);

/*
 * auxerr_record_age - system calls the thread completed since the denial
 * at the moment the record was fetched (saturates at 255).  -1 with errno
 * ENODATA for a record that came from auxerr_record_parse().
 */
int auxerr_record_age(const struct auxerr_record *rec);

/* Non-zero when the record is only a weak note (a NOAUDIT capability
 * probe, cap probe=yes) or, for fetched records, already flushed */
int auxerr_record_is_weak(const struct auxerr_record *rec);
int auxerr_record_is_flushed(const struct auxerr_record *rec);

/*
 * auxerr_record_is_superseded - non-zero when a later system call of the
 * same thread failed with EPERM or EACCES and kept no record: this record
 * is then not the cause of that failure, whatever its age.  From the
 * kernel's INFO for fetched records, from the AUXERR record's
 * superseded=yes otherwise.  (AUXERR_1.3)
 */
int auxerr_record_is_superseded(const struct auxerr_record *rec);

/* The whole event text as parsed, NUL-terminated */
const char *auxerr_record_text(const struct auxerr_record *rec);

/*
 * auxerr_record_damage - what the event lacks that the kernel always
 * writes: a translated phrase such as "the SYSCALL record lacks uid, pid"
 * or "the SYSCALL record has a value cut short or run together: a1n"
 * (a line cut by a full disk or a truncated log).  The explanation and
 * the remedy still use what the intact records say; a fact they could
 * not know is named as unknown there.  NULL with errno ENOENT when the
 * event is whole; the string belongs to @rec.  (AUXERR_1.2)
 */
const char *auxerr_record_damage(const struct auxerr_record *rec);

/*
 * Fields, raw or interpreted.
 *
 * @type selects the record: "SYSCALL", "AUXERR" (also accepted:
 * "UNKNOWN[1340]"), "CWD", "PATH", "PROCTITLE", ...; NULL means the
 * first record, in event order, that has the field.  @nth selects among
 * records of the same type (PATH items): 0 is the first.
 *
 * Raw values are exactly as in the text (strings keep their quotes or hex
 * encoding).  Interpreted values are libauparse's auparse_interpret_field()
 * output with control characters escaped: uid/gid to names, mode to
 * "file,640", capability to "chown", perm to "read", exit to
 * "EACCES(Permission denied)", hex strings decoded.  Additions, for AUXERR
 * facts auparse has no name for: seccomp's "nr=" is interpreted as a
 * system call name (with the record's arch=), the sticky directory's
 * "dir_mode=" and "dir_ouid=" like mode= and ouid=, and the strings
 * "component=", "mnt_point=" and "sb=" are decoded.  Landlock's
 * "blockers=" are names already ("fs.read_file,fs.write_file").
 *
 * Return NULL with errno ENOENT when there is no such field.  The strings
 * belong to @rec.
 */
const char *auxerr_record_field(const struct auxerr_record *rec,
				const char *type, const char *name);
const char *auxerr_record_interpret(const struct auxerr_record *rec,
				    const char *type, const char *name);
const char *auxerr_record_field_nth(const struct auxerr_record *rec,
				    const char *type, unsigned nth,
				    const char *name, int interpreted);

/* The number of records of @type (NULL: all records) in the event */
unsigned auxerr_record_count(const struct auxerr_record *rec,
			     const char *type);

/* ------------------------------------------------------------------ */
/* Explanation                                                         */
/* ------------------------------------------------------------------ */

/*
 * auxerr_explain - one sentence saying what denied the call, and why
 *
 *   openat /srv/x: denied by file permissions: mode 0640 root:shadow;
 *   uid 1000 is "other" and has no read permission
 *
 * The sentence is translated through dgettext("auxerr", ...) in the
 * current locale.  The string belongs to @rec and stays valid until the
 * next auxerr_explain() on @rec or auxerr_record_free().  NULL with
 * errno ENOMEM on allocation failure.
 */
const char *auxerr_explain(struct auxerr_record *rec);

/*
 * auxerr_explain_r - write the sentence into @buf (@len bytes, NUL-
 * terminated, truncated if needed).  Returns the full length of the
 * sentence (like snprintf), or -1 with errno.
 */
ssize_t auxerr_explain_r(const struct auxerr_record *rec, char *buf,
			 size_t len);

/* ------------------------------------------------------------------ */
/* strerror/perror integration and the errno-coupled state            */
/* ------------------------------------------------------------------ */

/*
 * The freshness rule.  A record explains @errnum only if
 *   - it is the newest record of the calling thread (slot 0), or the
 *     record pinned by auxerr_state_restore() (see below), and
 *   - the kernel's INFO says its errno equals @errnum, and
 *   - its age (system calls the thread completed since the denial) is at
 *     most auxerr_max_age() (default AUXERR_DEFAULT_MAX_AGE = 0: the
 *     failing call must be the last system call the thread made; system
 *     calls libauxerr itself makes while fetching and explaining a record
 *     are not counted), and
 *   - it is not a weak note (a NOAUDIT capability probe).
 * Otherwise the plain strerror() text is returned: never a stale record.
 */
#define AUXERR_DEFAULT_MAX_AGE	0

/* Set the process-wide maximum age (0..254); returns the previous one.
 * The environment variable AUXERR_MAX_AGE sets the initial value
 * (libauxerr-preload.so's default is 8: see libauxerr(7)). */
unsigned auxerr_set_max_age(unsigned age);
unsigned auxerr_max_age(void);

/*
 * auxerr_strerror - strerror(@errnum), plus " (explanation)" when a fresh
 * record matches @errnum.  The string is in a thread-local buffer, valid
 * until the thread's next auxerr_strerror() call.  Thread-safe; errno is
 * preserved.  Example: "Permission denied (openat /srv/x: denied by file
 * permissions: ...)".
 */
const char *auxerr_strerror(int errnum);

/* auxerr_strerror_r - the same into @buf (truncated, NUL-terminated);
 * returns @buf */
char *auxerr_strerror_r(int errnum, char *buf, size_t len);

/* auxerr_perror - like perror(3), with auxerr_strerror(errno) */
void auxerr_perror(const char *s);

/*
 * The errno-coupled state: which record belongs to the errno a thread
 * holds.  A library or a signal handler that makes system calls between
 * the failure and the message saves it with errno, and restores both:
 *
 *	struct auxerr_state st;
 *	auxerr_state_save(&st);       // also saves errno
 *	... calls that may fail or succeed ...
 *	auxerr_state_restore(&st);    // restores errno and the record link
 *
 * auxerr_state_save() remembers the fresh record matching the current
 * errno (if any) by serial.  auxerr_state_restore() pins that record to
 * the thread: auxerr_strerror() then uses it as long as it is still in the
 * ring and no more than auxerr_max_age() system calls were made after the
 * restore (besides those made before the save), and errno matches.
 * Both are async-signal-safe (prctl only) and may nest.
 */
struct auxerr_state {
	unsigned long long serial;	/* 0: no record */
	int saved_errno;
	int error;
	unsigned age;
	unsigned pad;
};

int auxerr_state_save(struct auxerr_state *st);
void auxerr_state_restore(const struct auxerr_state *st);

/* ------------------------------------------------------------------ */
/* Remedy: the least change that would allow the call, and who        */
/* can make it (AUXERR_1.1)                                           */
/* ------------------------------------------------------------------ */

/*
 * What kind of change the remedy is:
 * COMMAND  a change a named party can make (auxerr_remedy_who()), for
 *          most with a command line: one ACL entry, one capability for one
 *          run of the program, one mount's flag, an inode flag.
 * POLICY   only loosening a policy allows the call as made (a sysctl such
 *          as kernel.yama.ptrace_scope, a noexec or nodev mount, an LSM's
 *          policy); the text first names what works without it, and
 *          auxerr_remedy_weakens() says what the change gives away.
 * SANDBOX  only the program that made the sandbox (Landlock, seccomp) can
 *          allow it; there is no command.
 * NONE     nothing to derive: a weak note, an unknown mechanism, or a
 *          record without the facts; the text says which.
 */
enum auxerr_remedy_kind {
	AUXERR_REMEDY_NONE = 0,
	AUXERR_REMEDY_COMMAND = 1,
	AUXERR_REMEDY_POLICY = 2,
	AUXERR_REMEDY_SANDBOX = 3,
};

/* An opaque remedy, freed with auxerr_remedy_free() */
struct auxerr_remedy;

/*
 * auxerr_record_remedy - derive the remedy from @rec's facts
 *
 *   The file's owner (uid 0, root) can give uid 65534 read permission on
 *   /srv/report.txt with one ACL entry for that user:
 *   setfacl -m u:nobody:r /srv/report.txt
 *
 * Only the record is read (and user names looked up): a record handed on
 * by auditd gives the same remedy on another host.  A relative name is
 * made absolute with the CWD record (not for an *at() call with a dirfd
 * other than AT_FDCWD: then there is no command).  The result belongs to
 * the caller; errors: EINVAL (@rec NULL), ENOMEM.
 */
struct auxerr_remedy *auxerr_record_remedy(const struct auxerr_record *rec);

/* auxerr_remedy_free - free @rem (NULL is allowed); errno is preserved */
void auxerr_remedy_free(struct auxerr_remedy *rem);

/* The kind, and its name: "command", "policy", "sandbox", "none" */
enum auxerr_remedy_kind auxerr_remedy_kind(const struct auxerr_remedy *rem);
const char *auxerr_remedy_kind_name(enum auxerr_remedy_kind kind);

/* One sentence (translated through dgettext("auxerr")), ending in
 * ": COMMAND" when there is a command; never NULL for a remedy */
const char *auxerr_remedy_text(const struct auxerr_remedy *rem);

/* The shell command line that makes the change, paths absolute and
 * quoted (names with bytes outside printable ASCII as bash $'\xHH'
 * strings), or NULL when the remedy has none */
const char *auxerr_remedy_command(const struct auxerr_remedy *rem);

/* Who must make the change: "root", "the file's owner (uid 0, root)",
 * "the caller (uid 1000, alice), the owner", "the sandboxing program",
 * ...; NULL when nobody can (kind NONE) */
const char *auxerr_remedy_who(const struct auxerr_remedy *rem);

/* The uid that runs the command (0 for root), -1 when the party is not
 * one user (a sandboxing program) or there is none */
long long auxerr_remedy_uid(const struct auxerr_remedy *rem);

/* What the change also allows or which protection it weakens, NULL when
 * it gives the caller what the call needed and nothing else */
const char *auxerr_remedy_weakens(const struct auxerr_remedy *rem);

#ifdef __cplusplus
}
#endif

#endif /* AUXERR_H */
