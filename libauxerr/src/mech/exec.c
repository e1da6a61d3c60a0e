// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=exec: a check of execve() other than permission failed it
 * (kernel/auxerr/exec.c): a missing ELF or #! interpreter (interp=, "?"
 * when the caller may not read the program), a program for another
 * machine or of another ELF type, a #! line without an interpreter or too
 * long, a file no binary format recognizes (its first bytes in value=).
 * The program is the PATH item.
 */
#include <errno.h>
#include <libaudit.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

struct exec_facts {
	const char *check;
	char *prog;		/* the program as the caller named it */
	char *interp;		/* decoded; NULL when absent or hidden */
	int hidden;		/* interp=? */
	int cr;			/* the interpreter's name ends in a CR */
	char *file;		/* no_format: the file being loaded */
	unsigned long v, l;
	int v_ok, l_ok;
	int err;
	const char *errname;
};

static struct exec_facts exec_facts(int *oom, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	struct exec_facts x = { 0 };
	const char *raw = auxerr__aux(r, "interp");
	size_t n;

	x.check = auxerr__aux(r, "check");
	if (!x.check)
		x.check = "";
	x.prog = f->object.path ? auxerr__xstrdup(oom, f->object.path) :
		 auxerr__decode(oom, auxerr_record_field(r, "PATH", "name"));
	x.hidden = raw && strcmp(raw, "?") == 0;
	x.interp = x.hidden ? NULL : auxerr__decode(oom, raw);
	n = x.interp ? strlen(x.interp) : 0;
	if (n && x.interp[n - 1] == '\r') {
		x.cr = 1;
		x.interp[n - 1] = '\0';
	}
	x.file = auxerr__decode(oom, auxerr__aux(r, "file"));
	x.v_ok = auxerr__num(auxerr__aux(r, "value"), 0, &x.v);
	x.l_ok = auxerr__num(auxerr__aux(r, "limit"), 0, &x.l);
	x.err = auxerr_record_errno(r);
	x.errname = x.err > 0 ? audit_errno_to_name(x.err) : NULL;
	if (!x.errname)
		x.errname = "the error";
	return x;
}

static void exec_facts_free(struct exec_facts *x)
{
	free(x->prog);
	free(x->interp);
	free(x->file);
}

/* ELF e_machine numbers a user meets, as file(1) names them */
static const char *machine_name(unsigned long m)
{
	switch (m) {
	case 2: return "SPARC";
	case 3: return "Intel 80386 (i386)";
	case 8: return "MIPS";
	case 20: return "PowerPC";
	case 21: return "64-bit PowerPC";
	case 22: return "IBM S/390";
	case 40: return "ARM (32-bit)";
	case 43: return "SPARC V9";
	case 62: return "x86-64";
	case 183: return "ARM aarch64";
	case 243: return "RISC-V";
	case 258: return "LoongArch";
	default: return NULL;
	}
}

/* what the first four bytes of a file say it is, or NULL */
static const char *magic_name(unsigned long v)
{
	if ((v >> 16) == 0x4d5a)
		return _("a Windows or DOS program (MZ)");
	if (v == 0x7f454c46)
		return _("an ELF file of a class or ABI this kernel does not load");
	if (v == 0xcafebabe)
		return _("a Java class file or a macOS universal binary");
	if (v == 0xfeedface || v == 0xfeedfacf || v == 0xcefaedfe || v == 0xcffaedfe)
		return _("a macOS (Mach-O) program");
	if (v == 0x504b0304)
		return _("a ZIP archive (a .jar, say)");
	/* four printable ASCII bytes: text without a #! line */
	for (int i = 0; i < 4; i++) {
		unsigned c = (v >> (8 * i)) & 0xff;

		if (c != '\t' && c != '\n' && (c < 0x20 || c > 0x7e))
			return NULL;
	}
	return _("a text file without a #! line");
}

/* "the interpreter /lib/ld-musl-x86_64.so.1" or "its interpreter" */
static void the_interp(struct auxerr_buf *b, const struct exec_facts *x,
		       const char *kind)
{
	if (x->interp)
		auxerr__buf_printf(b, _("the %s %s"), kind, x->interp);
	else
		auxerr__buf_printf(b, _("the %s"), kind);
}

static void exec_decode(struct auxerr_facts *f)
{
	/* the sentence names the program itself ("named in ./app") */
	f->shown_name = NULL;
}

static void exec_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	int oom = 0;
	struct exec_facts x = exec_facts(&oom, f);
	const char *prog = x.prog ? x.prog : "?";
	const char *c = x.check;

	auxerr__buf_printf(b, _("%s because "), x.errname);
	if (!strcmp(c, "elf_interp") || !strcmp(c, "script_interp")) {
		int elf = c[0] == 'e';

		the_interp(b, &x, elf ? _("ELF interpreter") : _("interpreter"));
		auxerr__buf_printf(b, elf ? _(" named in %s") : _(" named on the #! line of %s"), prog);
		if (x.err == ENOENT)
			auxerr__buf_str(b, _(" does not exist"));
		else if (x.err == ENOTDIR)
			auxerr__buf_str(b, _(" cannot be found: a directory of its path is not one"));
		else
			auxerr__buf_str(b, _(" could not be opened"));
		if (x.cr)
			auxerr__buf_str(b, _(" (the name ends in a carriage return: the script has DOS line endings)"));
		if (x.hidden)
			auxerr__buf_printf(b, _(" (which one is not shown: the caller may not read %s)"), prog);
	} else if (!strcmp(c, "elf_machine")) {
		const char *is = x.v_ok ? machine_name(x.v) : NULL;
		const char *runs = x.l_ok ? machine_name(x.l) : NULL;

		auxerr__buf_printf(b, _("%s is a program for %s (ELF machine %lu), and this kernel runs %s (%lu) programs"),
				   prog, is ? is : _("another machine"), x.v,
				   runs ? runs : "?", x.l);
	} else if (!strcmp(c, "elf_type")) {
		auxerr__buf_printf(b, _("%s is an ELF file of type %lu, "), prog, x.v);
		if (x.v == 1)
			auxerr__buf_str(b, _("an object file (.o), not a program: it has not been linked"));
		else if (x.v == 4)
			auxerr__buf_str(b, _("a core dump, not a program"));
		else
			auxerr__buf_str(b, _("neither a program nor a shared object"));
	} else if (!strcmp(c, "script_no_interp")) {
		auxerr__buf_printf(b, _("the #! line of %s names no interpreter"), prog);
	} else if (!strcmp(c, "script_too_long")) {
		auxerr__buf_printf(b, _("the #! line of %s is longer than the %lu bytes the kernel reads of it"),
				   prog, x.l);
	} else if (!strcmp(c, "no_format")) {
		const char *what = x.v_ok ? magic_name(x.v) : NULL;
		const char *file = x.file ? x.file : prog;

		auxerr__buf_printf(b, _("no binary format of this kernel recognizes %s"), file);
		if (what)
			auxerr__buf_printf(b, _(" (its first bytes, 0x%08lx, make it %s)"), x.v, what);
		else if (x.v_ok)
			auxerr__buf_printf(b, _(" (its first bytes are 0x%08lx)"), x.v);
	} else {
		auxerr__buf_printf(b, _("a check of execve() refused it (check %s)"), *c ? c : "?");
		auxerr__facts_list(b, f, (const char *const[]){ "check", NULL });
	}
	if (oom)
		b->oom = 1;
	exec_facts_free(&x);
}

static void exec_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	struct exec_facts x = exec_facts(&m->oom, f);
	const char *prog = x.prog ? x.prog : "PROGRAM";
	struct auxerr_buf b = { 0 };
	const char *c = x.check;
	char *q = auxerr__quoted(&m->oom, prog);

	if (!strcmp(c, "script_interp") && x.cr) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("the script's owner")), -1);
		m->command = auxerr__xprintf(&m->oom, "sed -i 's/\\r$//' %s", q ? q : "?");
		auxerr__buf_str(&b, _("The script's owner can convert it to Unix line endings"));
	} else if ((!strcmp(c, "elf_interp") || !strcmp(c, "script_interp")) &&
		   x.err == ENOENT) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("root")), 0);
		if (x.interp && strstr(x.interp, "ld-musl")) {
			m->command = auxerr__xstrdup(&m->oom, "apt install musl");
			auxerr__buf_printf(&b, _("The program was built for musl libc: root can install musl, which provides %s"),
					   x.interp);
		} else if (x.interp && c[0] == 'e') {
			auxerr__buf_printf(&b, _("Root can install the package that provides %s (the program was built for a system that has it), or the program can be rebuilt for this system or linked statically"),
					   x.interp);
		} else if (x.interp) {
			auxerr__buf_printf(&b, _("Root can install %s, or the script's owner can name an interpreter that exists on its #! line (#!/usr/bin/env NAME finds it on the PATH)"),
					   x.interp);
		} else {
			auxerr__buf_str(&b, _("Root can install the program's interpreter, which the record does not name"));
		}
	} else if (!strcmp(c, "elf_machine")) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("root")), 0);
		m->command = auxerr__xstrdup(&m->oom, "apt install qemu-user-binfmt");
		auxerr__buf_printf(&b, _("Use a build of %s for this machine, or root can let the kernel run it under user-mode emulation"),
				   prog);
	} else if (!strcmp(c, "elf_type") && x.v == 1) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("the program's author")), -1);
		m->command = auxerr__xprintf(&m->oom, "cc -o program %s", q ? q : "?");
		auxerr__buf_str(&b, _("Link the object file into a program first"));
	} else if (!strcmp(c, "script_no_interp")) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("the script's owner")), -1);
		auxerr__buf_printf(&b, _("The script's owner can put an interpreter's path after #! on the first line of %s (#!/bin/sh)"),
				   prog);
	} else if (!strcmp(c, "no_format") && x.v_ok && magic_name(x.v) &&
		   (x.v >> 24) >= 0x20 && (x.v >> 24) <= 0x7e && (x.v >> 16) != 0x4d5a) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("the script's owner")), -1);
		m->command = auxerr__xprintf(&m->oom, "sh %s", q ? q : "?");
		auxerr__buf_str(&b, _("Run it with its interpreter, or its owner can add a #! line naming one"));
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy to derive: %s is not a program this kernel can run"),
				   prog);
	}
	auxerr__remedy_say(m, &b);
	free(q);
	exec_facts_free(&x);
}

const struct auxerr_mech auxerr__mech_exec = {
	.name = "exec",
	.decode = exec_decode,
	.sentence = exec_sentence,
	.remedy = exec_remedy,
};
