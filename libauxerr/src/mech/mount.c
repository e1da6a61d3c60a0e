// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=mount: a read-only, noexec or nodev mount, or a read-only
 * file system.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static void mount_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *flag = auxerr__auxi(r, "flag");
	const char *mp = auxerr__auxi(r, "mnt_point");
	const char *what = NULL;

	if (flag && strcmp(flag, "ro_sb") == 0) {
		const char *fs = auxerr__auxi(r, "fstype"), *dev = auxerr__auxi(r, "sb");
		if (!fs) {
			auxerr__buf_printf(b, "%s", _("denied by a read-only file system"));
			return;
		}
		auxerr__buf_printf(b, _("denied by a read-only file system: the %s file system"), fs);
		if (dev && strcmp(fs, dev) != 0)
			auxerr__buf_printf(b, _(" on %s"), dev);
		if (mp)
			auxerr__buf_printf(b, _(" mounted on %s"), mp);
		auxerr__buf_printf(b, "%s", _(" is read-only"));
		return;
	}
	if (flag && strcmp(flag, "ro") == 0)
		what = _("read-only");
	else if (flag && strcmp(flag, "noexec") == 0)
		what = _("noexec (no programs run from it)");
	else if (flag && strcmp(flag, "nodev") == 0)
		what = _("nodev (device files do not work on it)");
	if (what && mp)
		auxerr__buf_printf(b, _("denied by a mount option: %s is mounted %s"),
			  mp, what);
	else if (what)
		auxerr__buf_printf(b, _("denied by a mount option: the file system is mounted %s"),
			  what);
	else {
		auxerr__buf_printf(b, "%s", _("denied by a mount option"));
		auxerr__facts_list(b, f, NULL);
	}
}

static int read_only_by_design(const char *fstype)
{
	static const char *const ro[] = {
		"squashfs", "iso9660", "erofs", "cramfs", "romfs", NULL
	};

	for (const char *const *p = ro; fstype && *p; p++)
		if (strcmp(fstype, *p) == 0)
			return 1;
	return 0;
}

static void mount_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *flag = auxerr__aux(r, "flag");
	char *mp = auxerr__decode(&m->oom, auxerr__aux(r, "mnt_point"));
	char *fstype = auxerr__decode(&m->oom, auxerr__aux(r, "fstype"));
	char *qmp = mp && mp[0] == '/' ? auxerr__quoted(&m->oom, mp) : NULL;
	const char *where = qmp ? qmp : _("its mount point");
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (flag && strcmp(flag, "ro") == 0) {
		/* the mount's own flag: this mount only, the file system
		 * stays as it is for its other mounts */
		if (qmp)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,bind,rw %s", qmp);
		auxerr__buf_printf(&b, _("Root can make the mount on %s writable, that mount only"),
			   where);
		m->weakens = auxerr__xprintf(&m->oom, _("every file under %s may then be changed by whoever its permissions allow, which the read-only mount was there to prevent (mount -o remount,bind,ro puts it back)"),
				     where);
	} else if (flag && strcmp(flag, "ro_sb") == 0) {
		if (read_only_by_design(fstype)) {
			auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
			auxerr__buf_printf(&b, _("The %s file system on %s cannot be written: make the change in a copy on a writable file system"),
				   fstype, where);
		} else {
			if (qmp)
				m->command = auxerr__xprintf(&m->oom, "mount -o remount,rw %s", qmp);
			auxerr__buf_printf(&b, _("Root can remount the %s file system on %s read-write"),
				   fstype ? fstype : "?", where);
			m->weakens = auxerr__xprintf(&m->oom, _("every file of that file system, through each of its mounts, may then be changed by whoever its permissions allow, which mounting it read-only was there to prevent (mount -o remount,ro puts it back)"));
		}
	} else if (flag && strcmp(flag, "noexec") == 0) {
		m->kind = AUXERR_REMEDY_POLICY;
		if (qmp)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,bind,exec %s", qmp);
		auxerr__buf_printf(&b, _("Programs do not run from %s (noexec): copy the program to a file system that allows it, or run a script through its interpreter; failing that, root can lift the option on that mount"),
			   where);
		m->weakens = auxerr__xprintf(&m->oom, _("any file on %s may then be run as a program, which noexec is there to prevent"),
				     where);
	} else if (flag && strcmp(flag, "nodev") == 0) {
		m->kind = AUXERR_REMEDY_POLICY;
		if (qmp)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,bind,dev %s", qmp);
		auxerr__buf_printf(&b, _("Device files do not work on %s (nodev): use the device's node under /dev; failing that, root can lift the option on that mount"),
			   where);
		m->weakens = auxerr__xprintf(&m->oom, _("every device file on %s then works, so whoever can create one there reaches that device"),
				     where);
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the mount flag %s"),
			   flag ? flag : "?");
	}
	auxerr__remedy_say(m, &b);
	free(mp);
	free(fstype);
	free(qmp);
}

const struct auxerr_mech auxerr__mech_mount = {
	.name = "mount",
	.sentence = mount_sentence,
	.remedy = mount_remedy,
};
