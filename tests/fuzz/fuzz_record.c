// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer harness: libauxerr's parser and explainer.
 *
 * The input is an event text as the kernel (or anyone writing to an audit
 * log) hands it to auxerr_record_parse().  A parsed record is then read the
 * way the library's callers read it: every accessor, every field of every
 * record raw and interpreted, both explainers.  Links libauxerr's own
 * sources (built with the fuzzer's instrumentation), no copies.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <auxerr.h>

#include "fuzz.h"

static const char *const types[] = {
	NULL, "SYSCALL", "AUXERR", "UNKNOWN[1340]", "CWD", "PATH",
	"PROCTITLE", "EOE", "",
};

/* the names libauxerr itself and its callers (plugin, CLI) look up */
static const char *const names[] = {
	"arch", "syscall", "success", "exit", "a0", "a1", "items", "pid",
	"ppid", "uid", "gid", "euid", "fsuid", "comm", "exe", "key", "tty",
	"mechanism", "class", "perm", "granted", "mode", "ouid", "ogid",
	"inode", "dev", "override", "acl_id", "acl_tag", "component",
	"capability", "userns", "userns_level", "userns_owner", "probe",
	"lsm", "hook", "access", "missing", "layer", "profile", "label",
	"filter", "data", "nr", "flag", "mountpoint", "fouid", "target_pid",
	"cwd", "item", "name", "nametype", "rdev", "proctitle", "type",
	"lsm_hook", "blockers", "layers", "filters", "code", "reason",
	"ptrace_scope", "relation", "opid", "dir_mode", "dir_ouid",
	"dir_inode", "mnt_point", "sb", "fstype",
	"", "=",
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static size_t sink;

static void use(const char *s)
{
	if (s)
		sink += strlen(s);	/* reads the whole string: ASan checks it */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct auxerr_record *r;
	char small[24];
	struct timespec ts;

	errno = 0;
	r = auxerr_record_parse((const char *)data, size);
	if (!r) {
		/* the documented errors only */
		if (errno != EINVAL && errno != EBADMSG && errno != ENOMEM)
			fuzz_fail("auxerr_record_parse: NULL with errno %d", errno);
		return 0;
	}

	sink += (size_t)auxerr_record_errno(r);
	sink += (size_t)auxerr_record_syscall(r);
	use(auxerr_record_syscall_name(r));
	sink += auxerr_record_arch(r);
	use(auxerr_record_mechanism(r));
	if (!*auxerr_record_mechanism(r))
		fuzz_fail("a parsed record without a mechanism");
	sink += (size_t)auxerr_record_serial(r);
	ts = auxerr_record_time(r);
	sink += (size_t)ts.tv_sec + (size_t)ts.tv_nsec;
	if (auxerr_record_age(r) != -1 || errno != ENODATA)
		fuzz_fail("a parsed record has an age");
	sink += (size_t)auxerr_record_is_weak(r);
	sink += (size_t)auxerr_record_is_flushed(r);

	const char *text = auxerr_record_text(r);
	if (!text || strlen(text) != size || memcmp(text, data, size) != 0)
		fuzz_fail("auxerr_record_text differs from the input");

	if (auxerr_record_count(r, "SYSCALL") != 1 ||
	    auxerr_record_count(r, "AUXERR") != 1 ||
	    auxerr_record_count(r, "UNKNOWN[1340]") != 1)
		fuzz_fail("a parsed record without exactly one SYSCALL and AUXERR");

	for (size_t t = 0; t < N(types); t++) {
		unsigned n = auxerr_record_count(r, types[t]);

		for (size_t k = 0; k < N(names); k++) {
			use(auxerr_record_field(r, types[t], names[k]));
			use(auxerr_record_interpret(r, types[t], names[k]));
			for (unsigned i = 0; i <= n && i < 8; i++) {
				const char *raw = auxerr_record_field_nth(
					r, types[t], i, names[k], 0);
				const char *in = auxerr_record_field_nth(
					r, types[t], i, names[k], 1);
				if (!raw != !in)
					fuzz_fail("field %s has a raw value but no interpretation or back",
						  names[k]);
				use(raw);
				use(in);
			}
		}
	}

	ssize_t full = auxerr_explain_r(r, small, sizeof(small));
	if (full < 0)
		fuzz_fail("auxerr_explain_r: -1 errno %d", errno);
	if (strlen(small) != ((size_t)full < sizeof(small) ? (size_t)full : sizeof(small) - 1))
		fuzz_fail("auxerr_explain_r: truncation wrong");
	if (auxerr_explain_r(r, NULL, 0) != full)
		fuzz_fail("auxerr_explain_r(NULL, 0) differs");
	const char *e = auxerr_explain(r);
	if (!e)
		fuzz_fail("auxerr_explain: NULL errno %d", errno);
	if (strlen(e) != (size_t)full)
		fuzz_fail("auxerr_explain and auxerr_explain_r differ");
	/* twice: the cached sentence is replaced */
	use(auxerr_explain(r));

	auxerr_record_free(r);
	return 0;
}
