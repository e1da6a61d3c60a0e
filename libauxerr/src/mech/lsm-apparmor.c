// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lsm=apparmor with AppArmor's own AVC record: the profile, the access,
 * the rule line and the profile file it belongs in.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apparmor-account.h"
#include "mech.h"
#include "text.h"

/*
 * An AVC field's value as auparse interprets it (names decoded), without
 * the quotes it leaves on the names it does not know (class=, peer=);
 * NULL when absent.  The AVC text is at most 1024 bytes.
 */
static const char *avc_field(const struct auxerr_record *r, const char *name,
			     char *buf, size_t len)
{
	const char *v = auxerr_record_interpret(r, "AVC", name);
	size_t n = v ? strlen(v) : 0;

	if (v && n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		snprintf(buf, len, "%.*s", (int)(n - 2), v + 1);
		return buf;
	}
	return v;
}

/* AppArmor's file permission letters (aa_file_perm_chrs) in words:
 * "rw" is "read and write (rw)"; a word mask ("send") as it is */
static void aa_mask_words(struct auxerr_buf *b, const char *mask)
{
	static const struct {
		char c;
		const char *word;
	} letters[] = {
		{ 'r', N_("read") }, { 'w', N_("write") }, { 'a', N_("append") },
		{ 'x', N_("execute") }, { 'm', N_("mmap exec") },
		{ 'k', N_("lock") }, { 'l', N_("link") }, { 'c', N_("create") },
		{ 'd', N_("delete") },
	};
	const char *w[16];
	unsigned n = 0;

	for (const char *p = mask; *p && n < 16; p++) {
		size_t i;

		if (*p == ':')
			continue;
		for (i = 0; i < sizeof(letters) / sizeof(letters[0]); i++)
			if (letters[i].c == *p)
				break;
		if (i == sizeof(letters) / sizeof(letters[0])) {
			auxerr__buf_printf(b, "%s", mask);	/* not letters we know */
			return;
		}
		w[n++] = _(letters[i].word);
	}
	for (unsigned i = 0; i < n; i++) {
		if (i)
			auxerr__buf_printf(b, "%s", i == n - 1 ? _(" and ") : ", ");
		auxerr__buf_printf(b, "%s", w[i]);
	}
	auxerr__buf_printf(b, " (%s)", mask);
}

/* "a process confined by 'X'", or the hidden peer (lsm_detail 1) */
static void aa_peer(struct auxerr_buf *b, const char *peer)
{
	if (!peer || strcmp(peer, "?") == 0)
		auxerr__buf_printf(b, "%s", _("a process whose profile is hidden from the caller"));
	else
		auxerr__buf_printf(b, _("a process confined by '%s'"), peer);
}

/*
 * AppArmor's own record of the denial (the AVC, docs/record-format.md):
 * "AppArmor profile 'X' does not allow read (r) of /path", and whether
 * AppArmor itself logged it.
 */
void auxerr__apparmor_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	char pb[1024], cb[64], nb[1024], ob[64], mb[64], xb[1024];
	const char *profile = avc_field(r, "profile", pb, sizeof(pb));
	const char *class = avc_field(r, "class", cb, sizeof(cb));
	const char *name = avc_field(r, "name", nb, sizeof(nb));
	const char *op = avc_field(r, "operation", ob, sizeof(ob));
	const char *mask = avc_field(r, "denied_mask", mb, sizeof(mb));
	const char *audited = auxerr__aux(r, "lsm_audited");

	if (!mask || !*mask)
		mask = avc_field(r, "requested_mask", mb, sizeof(mb));
	auxerr__buf_printf(b, _("AppArmor profile '%s' does not allow "),
		  profile ? profile : "?");
	if ((class && strcmp(class, "file") == 0) || (!class && name && mask)) {
		if (mask && *mask)
			aa_mask_words(b, mask);
		else
			auxerr__buf_printf(b, "%s", op ? op : "?");
		if (name)
			auxerr__buf_printf(b, _(" of %s"), name);
	} else if (class && strcmp(class, "cap") == 0) {
		const char *cap = avc_field(r, "capname", xb, sizeof(xb));

		auxerr__buf_printf(b, _("the capability %s"), cap ? cap : "?");
	} else if (class && strcmp(class, "signal") == 0) {
		const char *sig = avc_field(r, "signal", xb, sizeof(xb));

		auxerr__buf_printf(b, _("sending signal %s to "), sig ? sig : "?");
		aa_peer(b, avc_field(r, "peer", nb, sizeof(nb)));
	} else if (class && strcmp(class, "ptrace") == 0) {
		auxerr__buf_printf(b, _("ptrace %s of "), mask ? mask : "?");
		aa_peer(b, avc_field(r, "peer", nb, sizeof(nb)));
	} else if (class && strcmp(class, "mount") == 0) {
		const char *fs = avc_field(r, "fstype", xb, sizeof(xb));

		auxerr__buf_printf(b, "%s", _("this mount"));
		if (fs)
			auxerr__buf_printf(b, _(" of a %s file system"), fs);
		if (name)
			auxerr__buf_printf(b, _(" on %s"), name);
	} else {
		auxerr__buf_printf(b, "%s", op ? op : "?");
		if (class)
			auxerr__buf_printf(b, _(" (class %s%s%s)"), class,
				  mask ? ", " : "", mask ? mask : "");
	}
	if (audited && strcmp(audited, "0") == 0)
		auxerr__buf_printf(b, "%s", _("; AppArmor did not log it (nothing was written to the audit log)"));
}

/* an AVC field, decoded ("quoted" or hex), NULL if absent or empty */
static char *avc(int *oom, const struct auxerr_record *r, const char *name)
{
	return auxerr__decode(oom, auxerr_record_field(r, "AVC", name));
}

/* the permission letters of an AppArmor file rule for a denied mask:
 * create and delete are w in a rule, execute is ix (inherit) */
static char *aa_rule_perms(int *oom, const char *mask)
{
	char out[32];
	size_t n = 0;

	for (const char *p = mask; *p && n + 2 < sizeof(out); p++) {
		const char *add;
		char one[2] = { *p, '\0' };

		if (*p == ':')
			continue;
		add = (*p == 'c' || *p == 'd') ? "w" : *p == 'x' ? "ix" : one;
		for (; *add; add++)
			if (!memchr(out, *add, n))
				out[n++] = *add;
	}
	out[n] = '\0';
	return n ? auxerr__xstrdup(oom, out) : NULL;
}

/* a path as an AppArmor rule names it exactly: glob characters escaped,
 * in double quotes when it has blanks */
static char *aa_rule_path(int *oom, const char *path)
{
	struct auxerr_buf b = { 0 };
	int q = strpbrk(path, " \t") != NULL;

	if (q)
		auxerr__buf_str(&b, "\"");
	for (const char *p = path; *p; p++) {
		if (strchr("*?[]{}\\\"", *p))
			auxerr__buf_str(&b, "\\");
		auxerr__buf_put(&b, p, 1);
	}
	if (q)
		auxerr__buf_str(&b, "\"");
	return auxerr__buf_take(&b, oom);
}

/*
 * AppArmor, from its own record (the AVC): the rule line to add, the
 * file it belongs in (the profile's local/ include, else its own block),
 * and the deny rule that must go first when one refuses the path.
 */
void auxerr__apparmor_remedy(struct auxerr_remedy *m,
				const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	char *profile = avc(&m->oom, r, "profile");
	char *class = avc(&m->oom, r, "class");
	char *name = avc(&m->oom, r, "name");
	char *op = avc(&m->oom, r, "operation");
	char *mask = avc(&m->oom, r, "denied_mask");
	char *cap = avc(&m->oom, r, "capname");
	char *rule = NULL, *line = NULL, *qline = NULL, *perms = NULL;
	const char *prof = profile ? profile : "?";
	struct auxerr_apparmor_profile p;
	struct auxerr_buf b = { 0 };
	int file_class;

	if (!mask)
		mask = avc(&m->oom, r, "requested_mask");
	file_class = class ? strcmp(class, "file") == 0 : name && mask;
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	auxerr__buf_printf(&b, _("The AppArmor profile '%s' does not allow "), prof);
	if (file_class && name && mask && (perms = aa_rule_perms(&m->oom, mask))) {
		char *rp = aa_rule_path(&m->oom, name);

		auxerr__buf_printf(&b, _("'%s' access to %s"), mask, name);
		rule = rp ? auxerr__xprintf(&m->oom, "%s %s,", rp, perms) : NULL;
		free(rp);
	} else if (class && strcmp(class, "cap") == 0 && cap) {
		auxerr__buf_printf(&b, _("the capability %s"), cap);
		rule = auxerr__xprintf(&m->oom, "capability %s,", cap);
	} else {
		auxerr__buf_printf(&b, _("the operation %s"), op ? op : "?");
		if (class)
			auxerr__buf_printf(&b, _(" (class %s)"), class);
	}
	m->weakens = auxerr__xprintf(&m->oom, _("every process confined by '%s' may then do the same"),
			     prof);
	if (!rule) {
		auxerr__buf_str(&b, _(": only a change to that profile, which is root's, can allow it; root adds a rule for it where the profile is defined and reloads it with apparmor_parser -r"));
		goto out;
	}
	line = auxerr__xprintf(&m->oom, "  %s", rule);
	qline = line ? auxerr__quoted(&m->oom, line) : NULL;
	if (auxerr__apparmor_find(profile, file_class ? name : NULL, mask, &p) < 0) {
		if (errno == ENOMEM)
			m->oom = 1;
		auxerr__buf_printf(&b, _(": root can add the rule '%s' to it where it is defined (no file here defines it) and reload it with apparmor_parser -r"),
			   rule);
		goto out;
	}
	char *qfile = auxerr__quoted(&m->oom, p.file);
	char *qlocal = p.local ? auxerr__quoted(&m->oom, p.local) : NULL;
	char *ins = auxerr__xprintf(&m->oom, "%ui\\%s", p.close_line, line ? line : "");
	char *qins = ins ? auxerr__quoted(&m->oom, ins) : NULL;

	if (p.deny_line) {
		char *del = auxerr__xprintf(&m->oom, "%ud", p.deny_line);

		auxerr__buf_printf(&b, _(": its deny rule '%s' (%s, line %u) refuses it, and a deny rule wins over every allow rule, so root must remove that deny rule and add the rule '%s'"),
			   p.deny_rule, p.file, p.deny_line, rule);
		if (p.local) {
			auxerr__buf_printf(&b, _(" in %s, which it includes, then reload it"), p.local);
			m->command = auxerr__xprintf(&m->oom, "sed -i %s %s && echo %s >> %s && apparmor_parser -r %s",
					     del, qfile, qline, qlocal, qfile);
		} else {
			auxerr__buf_str(&b, _(", then reload it"));
			m->command = auxerr__xprintf(&m->oom, "sed -i -e %s -e %s %s && apparmor_parser -r %s",
					     del, qins, qfile, qfile);
		}
		free(m->weakens);
		m->weakens = auxerr__xprintf(&m->oom, _("the deny rule '%s' no longer refuses anything it matched, and every process confined by '%s' may then do the same"),
				     p.deny_rule, prof);
		free(del);
	} else if (p.local) {
		auxerr__buf_printf(&b, _(": root can add the rule '%s' to %s, which the profile's file %s includes, and reload it"),
			   rule, p.local, p.file);
		m->command = auxerr__xprintf(&m->oom, "echo %s >> %s && apparmor_parser -r %s",
				     qline, qlocal, qfile);
	} else {
		auxerr__buf_printf(&b, _(": root can add the rule '%s' to its block in %s and reload it"),
			   rule, p.file);
		m->command = auxerr__xprintf(&m->oom, "sed -i %s %s && apparmor_parser -r %s",
				     qins, qfile, qfile);
	}
	free(qfile);
	free(qlocal);
	free(ins);
	free(qins);
	auxerr__apparmor_free(&p);
out:
	auxerr__remedy_say(m, &b);
	free(profile);
	free(class);
	free(name);
	free(op);
	free(mask);
	free(cap);
	free(rule);
	free(line);
	free(qline);
	free(perms);
}
