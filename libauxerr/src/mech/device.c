// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=device: the device cgroup (v1 devices.allow, v2 BPF program).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * A string field the kernel writes quoted or hex (audit's untrusted
 * string) or, when harmless, bare: decoded by auparse (interpret.c) or
 * as it is.
 */
static const char *string_field(const struct auxerr_record *r,
				const char *name)
{
	const char *i = auxerr__auxi(r, name), *raw = auxerr__aux(r, name);

	return i && *i ? i : raw;
}

/* the device cgroup (v1 devices controller, v2 BPF program) refused */
static void device_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *type = auxerr__aux(r, "dev_type"), *major = auxerr__aux(r, "major");
	const char *minor = auxerr__aux(r, "minor"), *acc = auxerr__aux(r, "access");
	const char *cg = string_field(r, "cgroup"), *prog = auxerr__aux(r, "prog_id");
	struct auxerr_buf w = { 0 };
	int n = 0;

	for (const char *p = acc; p && *p; p++) {
		const char *word = *p == 'r' ? _("read") : *p == 'w' ? _("write") :
			*p == 'm' ? _("mknod") : NULL;

		if (!word)
			continue;
		auxerr__buf_printf(&w, "%s%s", n++ ? "/" : "", word);
	}
	if (cg && *cg)
		auxerr__buf_printf(b, _("the device cgroup %s"), cg);
	else
		auxerr__buf_printf(b, "%s", _("the device cgroup"));
	if (prog && *prog && strcmp(prog, "0") != 0)
		auxerr__buf_printf(b, _(" (BPF device program %s)"), prog);
	auxerr__buf_printf(b, _(" does not allow %s of "), w.s ? w.s : acc ? acc : _("access"));
	if (type && strcmp(type, "b") == 0)
		auxerr__buf_printf(b, _("block device %s:%s"), major ? major : "?",
			  minor ? minor : "?");
	else
		auxerr__buf_printf(b, _("character device %s:%s"), major ? major : "?",
			  minor ? minor : "?");
	if (w.oom)
		b->oom = 1;
	free(w.s);
}

/*
 * The device cgroup: one rule for the one device and the access asked
 * for.  cgroup v1: devices.allow of the cgroup (the devices hierarchy at
 * /sys/fs/cgroup/devices); v2 (a BPF device program, prog_id=): the
 * manager that attached the program.
 */
static void device_remedy(struct auxerr_remedy *m,
			  const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *type = auxerr__aux(r, "dev_type"), *acc = auxerr__aux(r, "access");
	const char *prog = auxerr__aux(r, "prog_id");
	unsigned long major, minor;
	char *cg = auxerr__decode(&m->oom, auxerr__aux(r, "cgroup"));
	char *qcg = NULL, *dev = NULL, *rule = NULL;
	int v2 = prog && *prog && strcmp(prog, "0") != 0;
	struct auxerr_buf b = { 0 };

	/* a bare path (the kernel quotes only what needs it) */
	if (!cg && auxerr__aux(r, "cgroup") && auxerr__aux(r, "cgroup")[0] == '/')
		cg = auxerr__xstrdup(&m->oom, auxerr__aux(r, "cgroup"));
	if (!type || (strcmp(type, "c") && strcmp(type, "b")) ||
	    !auxerr__num(auxerr__aux(r, "major"), 10, &major) || !auxerr__num(auxerr__aux(r, "minor"), 10, &minor) ||
	    !acc || !*acc || strspn(acc, "rwm") != strlen(acc)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the device and the access the device cgroup refused"));
		goto out;
	}
	dev = auxerr__xprintf(&m->oom, strcmp(type, "b") == 0 ? _("block device %lu:%lu") :
		      _("character device %lu:%lu"), major, minor);
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY,
	    auxerr__xprintf(&m->oom, _("root or the manager of the cgroup %s"), cg ? cg : "?"), 0);
	m->weakens = auxerr__xprintf(&m->oom, _("every process in the cgroup %s may then use %s that way (%s), which the cgroup's device policy is there to confine"),
			     cg ? cg : "?", dev ? dev : "?", acc);
	if (v2) {
		auxerr__buf_printf(&b, _("The BPF device program %s attached to the cgroup %s refuses %s (%s): only a change to that program allows it, by the manager that attached it (systemd's DeviceAllow=, docker --device)"),
				   prog, cg ? cg : "?", dev ? dev : "?", acc);
		goto out;
	}
	if (cg && cg[0] == '/') {
		struct auxerr_buf c = { 0 };

		rule = auxerr__xprintf(&m->oom, "%s %lu:%lu %s", type, major, minor, acc);
		auxerr__buf_str(&c, "echo ");
		auxerr__shell_word(&c, rule ? rule : "");
		auxerr__buf_str(&c, " > ");
		{
			char *f = auxerr__xprintf(&m->oom, "/sys/fs/cgroup/devices%s/devices.allow",
					  strcmp(cg, "/") == 0 ? "" : cg);

			auxerr__shell_word(&c, f ? f : "");
			free(f);
		}
		m->command = auxerr__buf_take(&c, &m->oom);
	}
	auxerr__buf_printf(&b, _("The device cgroup %s does not allow %s (%s): root or the manager of the cgroup can allow that one device in it (cgroup v1); with a BPF device program (cgroup v2) the manager that attached it must allow it instead (systemd's DeviceAllow=, docker --device)"),
			   cg ? cg : "?", dev ? dev : "?", acc);
out:
	auxerr__remedy_say(m, &b);
	free(cg);
	free(qcg);
	free(dev);
	free(rule);
}

const struct auxerr_mech auxerr__mech_device = {
	.name = "device",
	.sentence = device_sentence,
	.remedy = device_remedy,
};
