/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A kept record as text, written once for the backend's two renderers:
 * the iterator (auxerr.bpf.c: BPF, into the reader's seq_file) and the
 * flush service (serve.c: C, into a buffer, for OWN, LAST and the audit
 * message of FLUSH).  This file is a template, included by each after it
 * has defined:
 *
 *   render_out            the output (a pointer type)
 *   render_task           where the task's live fields come from
 *   render_printf(o, fmt, ...)
 *                         print a literal format: %u %d %x %02x %llu
 *                         %03llu %s, with __u32, __s32 and __u64
 *                         arguments (a BPF seq_printf takes no more)
 *   put_untrusted(o, s, n)
 *                         the record's string member @s (@n bytes, up to
 *                         its NUL) as audit_log_n_untrustedstring() does:
 *                         quoted, or hex when a byte must be
 *   put_bare(o, s, n)     the member @s as it is (a type name, a label)
 *   put_name_dir(o, s, n) the directory part of the member @s, up to and
 *                         with its last '/', as put_untrusted() writes
 *                         it; returns 0, writing nothing, when @s has no
 *                         '/'
 *   put_hex(o, b, n)      @n bytes of @b (at most AUXB_SOCKADDR_MAX) in
 *                         upper-case hex
 *   task_auid(c), task_ses(c)
 *                         the task's loginuid and session id
 *   put_tty(o, c), put_exe(o, c), put_cwd(o, c), put_proctitle(o, c)
 *                         the value of those fields, as audit gives it
 *   fd_named(c, r)        1 when the record has no name, its descriptor
 *                         (r->fd) still refers to the file it had at the
 *                         denial, and that file's name is to be written
 *                         by put_fd_name(o, c) as put_untrusted() does
 *                         (/proc/self/fd's); the iterator names such a
 *                         record before (dump()) and has none left; a
 *                         record whose object is another file (fd_other)
 *                         is named before too, by each renderer
 *
 * The text follows the series' records (SYSCALL, AUXERR as type
 * UNKNOWN[1340], AVC, SOCKADDR, CWD, PATH, PROCTITLE; the kernel's render.c), so that
 * libauxerr reads the same fields on both backends.  The names below are
 * the series' spellings, indexed by the codes the noting programs store
 * (auxerr.h); the mechanism numbers are the UAPI's enum auxerr_mechanism.
 */
#ifndef AUXERR_BPF_RENDER_H
#define AUXERR_BPF_RENDER_H

#include "auxerr.h"

/* arrays, not pointers: no relocations in a BPF object's .rodata */
static const char render_classes[7][12] = { "owner", "group", "other", "acl",
	"acl_user", "acl_group", "acl_mask" };
static const char render_overrides[4][32] = { "none", "dac_read_search",
	"dac_override", "dac_read_search,dac_override" };
static const char render_lsms[4][12] = { "?", "apparmor", "landlock", "yama" };
static const char render_hooks[AUXB_HOOKS][24] = { "?", "file_open",
	"file_permission", "file_truncate", "file_ioctl", "path_mknod",
	"path_mkdir", "path_chown", "ptrace_access_check", "capable", "task_kill",
	"path_unlink", "path_rmdir", "path_rename", "path_link", "path_symlink",
	"path_truncate", "path_chmod", "sb_mount" };
static const char render_ll_rights[16][16] = { "fs.execute", "fs.write_file",
	"fs.read_file", "fs.read_dir", "fs.remove_dir", "fs.remove_file",
	"fs.make_char", "fs.make_dir", "fs.make_reg", "fs.make_sock",
	"fs.make_fifo", "fs.make_block", "fs.make_sym", "fs.refer",
	"fs.truncate", "fs.ioctl_dev" };
static const char render_flags[8][12] = { "?", "ro", "ro_sb", "sticky", "noexec",
	"nodev", "immutable", "append" };
static const char render_policies[AUXB_POLICIES][40] = { "",
	"net.ipv4.ip_unprivileged_port_start", "kernel.dmesg_restrict",
	"oom_score_adj_min", "vm.memfd_noexec", "vm.unprivileged_userfaultfd",
	"vm.mmap_min_addr", "no_new_privs", "kernel.io_uring_disabled",
	"kernel.unprivileged_bpf_disabled", "kernel.perf_event_paranoid",
	"kernel.unprivileged_userns_clone" };
static const char render_key_classes[3][8] = { "user", "group", "other" };
/* the KEY_OTH_* bits, in the order of the mask, as keyctl(1) names them */
static const char render_key_perms[7][8] = { "view", "read", "write", "search",
	"link", "setattr", "?" };
static const char render_owner_ops[6][8] = { "none", "owner", "chmod", "chown",
	"chgrp", "utimes" };
static const char render_aa_modes[6][12] = { "", "enforce", "complain", "kill",
	"unconfined", "user" };
static const char render_prot_sysctls[4][24] = { "fs.protected_symlinks",
	"fs.protected_hardlinks", "fs.protected_fifos", "fs.protected_regular" };
static const char render_prot_unsafe[4][12] = { "not_regular", "setuid",
	"setgid", "no_access" };
/* AppArmor's classes (AA_CLASS_*) that this backend keeps the record of */
#define AUXB_AA_CLASS_FILE	2
/* the bits file_audit_cb() writes (AA_AUDIT_FILE_MASK) */
#define AUXB_AA_AUDIT_FILE_MASK	0x0005b33f

/* audit_log_n_untrustedstring(): a byte that makes a string hex; in the
 * audit message of FLUSH (msg='...') also the single quote */
static inline int render_needs_hex(unsigned char c, int in_msg)
{
	return c == '"' || c < 0x21 || c > 0x7e || (in_msg && c == '\'');
}

/* the age a reader sees: saturated, and for a record kept in another
 * attach period (--on-demand) stale */
static inline __u32 render_age(__u32 calls, const struct auxb_rec *r, __u32 period)
{
	__u32 age = calls - r->calls_at;

	return age > AUXERR_AGE_MAX || r->period != period ? AUXERR_AGE_MAX : age;
}

/* the header line of slot @slot, without its end: the iterator's, and
 * LAST's and OWN's */
static void render_header(render_out o, const struct auxb_rec *r, __u32 slot,
			  __u32 age)
{
	render_printf(o, "#slot=%u serial=%llu sec=%llu nsec=%u error=%d",
		      slot, r->serial, r->time_ns / 1000000000,
		      (__u32)(r->time_ns % 1000000000), r->error);
	render_printf(o, " syscall=%d mechanism=%u age=%u flags=%u",
		      r->nr, r->mech, age, r->flags);
}

/* an octal field (a BPF seq_printf takes no %o) */
static void render_mode(render_out o, const char *key, __u32 mode)
{
	char d[9];
	int i = 8;

	d[i] = 0;
	for (int k = 0; k < 7; k++) {
		d[--i] = '0' + (mode & 7);
		mode >>= 3;
		if (!mode)
			break;
	}
	if (i > 0)
		d[--i] = '0';
	render_printf(o, " %s=%s", key, &d[i & 7]);
}

static void render_dev(render_out o, const char *key, __u32 dev)
{
	render_printf(o, " %s=%02x:%02x", key, dev >> 20, dev & 0xfffff);
}

/* the object of a dac, sticky, protected, mount/inode or Landlock record */
static void render_object(render_out o, const struct auxb_rec *r)
{
	render_mode(o, "mode", r->mode);
	render_printf(o, " ouid=%u ogid=%u inode=%llu", r->ouid, r->ogid, r->ino);
	render_dev(o, "dev", r->dev);
}

/* a record's first line (@event), or where the next one begins */
static void render_stamp(render_out o, const struct auxb_rec *r, const char *type,
			 int event)
{
	__u64 ms = r->time_ns / 1000000;

	if (event)
		render_printf(o, "type=%s msg=audit(%llu.%03llu:%llu):", type,
			      ms / 1000, ms % 1000, r->serial);
}

static void render_end(render_out o, int event)
{
	if (event)
		render_printf(o, "\n");
}

/* AppArmor's file permission letter of bit @i (aa_file_perm_chrs,
 * "xwracd         km l     ": a switch, as a BPF object's .rodata takes
 * no string of its own) */
static char render_aa_file_chr(int i)
{
	switch (i) {
	case 0: return 'x';
	case 1: return 'w';
	case 2: return 'r';
	case 3: return 'a';
	case 4: return 'c';
	case 5: return 'd';
	case 15: return 'k';
	case 16: return 'm';
	case 18: return 'l';
	}
	return ' ';
}

/* a file mask as AppArmor's file_audit_cb() writes it: the letters of
 * map_mask_to_chr_mask() (getattr reads, setattr/chmod/chown write) */
static void render_aa_file_mask(render_out o, const char *key, __u32 mask)
{
	char str[16];
	__u32 m = mask & 0x0005803f;	/* PERMS_CHRS_MASK */
	int n = 0;

	if (mask & 0x0200)			/* AA_MAY_GETATTR */
		m |= 0x4;
	if (mask & 0x3100)			/* SETATTR, CHMOD, CHOWN */
		m |= 0x2;
	for (int i = 0; i < 24; i++)
		if ((m & (1u << i)) && n < 11)
			str[n++ & 15] = render_aa_file_chr(i);
	str[n & 15] = 0;
	render_printf(o, " %s=\"%s\"", key, str);
}

/*
 * AppArmor's own record (the series' AVC, kernel/patches/0027: what
 * aa_audit()'s audit_pre() and the class's callback write, at
 * kernel.auxerr.lsm_detail 1), after the AUXERR record: only the file
 * class (file_audit_cb()), the one this backend keeps.
 */
static void render_avc(render_out o, const struct auxb_rec *r)
{
	render_stamp(o, r, "AVC", 1);
	render_printf(o, " apparmor=\"DENIED\"");
	if (r->aa_op[0])
		render_printf(o, " operation=\"%s\"", r->aa_op);
	render_printf(o, " class=\"file\"");
	if (r->aa_info[0]) {
		render_printf(o, " info=\"%s\"", r->aa_info);
		if (r->aa_error)
			render_printf(o, " error=%d", r->aa_error);
	}
	render_printf(o, " profile=");
	put_untrusted(o, r->aa_profile, sizeof(r->aa_profile));
	if (r->aa_name[0]) {
		render_printf(o, " name=");
		put_untrusted(o, r->aa_name, sizeof(r->aa_name));
	}
	render_printf(o, " pid=%u comm=", r->pid);
	put_untrusted(o, r->comm, sizeof(r->comm));
	if (r->aa_request & AUXB_AA_AUDIT_FILE_MASK)
		render_aa_file_mask(o, "requested_mask", r->aa_request);
	if (r->aa_denied & AUXB_AA_AUDIT_FILE_MASK)
		render_aa_file_mask(o, "denied_mask", r->aa_denied);
	if (r->aa_request & AUXB_AA_AUDIT_FILE_MASK)
		render_printf(o, " fsuid=%u ouid=%u", r->aa_fsuid, r->aa_ouid);
	if (r->aa_target_kind == 1) {
		render_printf(o, " target=?");
	} else if (r->aa_target_kind == 2) {
		render_printf(o, " target=");
		put_untrusted(o, r->aa_target, sizeof(r->aa_target));
	}
	render_end(o, 1);
}

static void render_landlock(render_out o, const struct auxb_rec *r)
{
	int first = 1;

	render_printf(o, " blockers=");
	for (int i = 0; i < 16; i++) {
		if (!(r->ll_blockers & (1u << i)))
			continue;
		render_printf(o, "%s%s", first ? "" : ",", render_ll_rights[i]);
		first = 0;
	}
	render_printf(o, " layer=%u layers=%u", r->ll_layer, r->ll_layers);
	if (r->has_obj)
		render_object(o, r);
}

/* the AUXERR record's fields, after "mechanism=" */
static void render_auxerr(render_out o, const struct auxb_rec *r, int event)
{
	switch (r->mech) {
	case AUXERR_MECH_DAC:
	case AUXERR_MECH_PATH:
		if (r->mech == AUXERR_MECH_PATH) {
			render_printf(o, " mechanism=path component=");
			put_untrusted(o, r->comp, sizeof(r->comp));
		} else {
			render_printf(o, " mechanism=dac");
		}
		render_printf(o, " class=%s", render_classes[r->cls < 7 ? r->cls : 3]);
		if (r->acl_tag)
			render_printf(o, " acl_id=%u acl_tag=%s", r->acl_id,
				      r->acl_tag == 1 ? "user" : "group");
		render_printf(o, " perm=%u granted=%u override=%s", r->perm, r->granted,
			      render_overrides[r->override & 3]);
		if (r->method == AUXB_METHOD_PROC_SYS)
			render_printf(o, " permission=proc_sys");
		render_object(o, r);
		break;
	case AUXERR_MECH_CAP:
		render_printf(o, " mechanism=cap capability=%u userns=%llu",
			      r->cap, r->userns);
		render_printf(o, " userns_level=%u userns_owner=%u",
			      r->userns_level, r->userns_owner);
		if (r->policy && r->policy < AUXB_POLICIES)
			render_printf(o, " policy=%s policy_value=%d",
				      render_policies[r->policy], r->policy_value);
		/* the series' sysctl_write= (kernel/patches/0021) */
		if (r->sysctl_write[0]) {
			render_printf(o, " sysctl_write=");
			put_untrusted(o, r->sysctl_write, sizeof(r->sysctl_write));
		}
		/* the series' rlimit= (kernel/patches/0048): RLIMIT_MEMLOCK */
		if (r->rlimit == 8 + 1)
			render_printf(o, " rlimit=RLIMIT_MEMLOCK rlimit_cur=%llu", r->rlimit_cur);
		/* the series' owner_op= (kernel/patches/0022), then the file */
		if (r->owner_op && r->owner_op < 6) {
			render_printf(o, " owner_op=%s", render_owner_ops[r->owner_op]);
			if (r->has_ngid)
				render_printf(o, " ngid=%u", r->ngid);
			render_object(o, r);
		}
		break;
	case AUXERR_MECH_MOUNT:
	case AUXERR_MECH_INODE:
	case AUXERR_MECH_STICKY:
		render_printf(o, " mechanism=%s flag=%s fstype=",
			      r->mech == AUXERR_MECH_INODE ? "inode" :
			      r->mech == AUXERR_MECH_STICKY ? "sticky" : "mount",
			      render_flags[r->flag & 7]);
		/* bare, as the series prints it (a type name is one word);
		 * sb= may be anything a device is called: escaped */
		put_bare(o, r->fstype, sizeof(r->fstype));
		render_printf(o, " sb=");
		put_untrusted(o, r->sb, sizeof(r->sb));
		if (r->mech == AUXERR_MECH_STICKY) {
			render_mode(o, "dir_mode", r->dir_mode);
			render_printf(o, " dir_ouid=%u dir_inode=%llu", r->dir_ouid,
				      r->dir_ino);
			render_object(o, r);
		} else if (r->has_obj) {
			render_object(o, r);
		}
		break;
	case AUXERR_MECH_PTRACE:
		/* the series' auxerr_render_ptrace() (kernel/patches/0047) */
		render_printf(o, " mechanism=ptrace reason=%s opid=%u",
			      r->reason == 2 ? "not_dumpable" : "creds", r->opid);
		if (r->reason == 2)
			break;
		if (!r->ids_visible) {
			render_printf(o, " ids=hidden capability=19");	/* CAP_SYS_PTRACE */
			break;
		}
		render_printf(o, " ouid=%u oruid=%u osuid=%u", r->ouid, r->oruid, r->osuid);
		render_printf(o, " ogid=%u orgid=%u osgid=%u", r->ogid, r->orgid, r->osgid);
		render_printf(o, " capability=19 userns=%llu userns_owner=%u", r->userns,
			      r->userns_owner);
		break;
	case AUXERR_MECH_SYSCTL:
		/* the series' (kernel/patches/0046): a sysctl that forbids
		 * the call to everyone */
		render_printf(o, " mechanism=sysctl policy=%s policy_value=%d",
			      render_policies[r->policy < AUXB_POLICIES ? r->policy : 0],
			      r->policy_value);
		/* the group another sysctl lets through (kernel/patches/0054) */
		if (r->policy == AUXB_POLICY_IO_URING)
			render_printf(o, " policy_gid=%d", r->policy_gid);
		break;
	case AUXERR_MECH_KEY:
		/* the series' auxerr_key_render() (kernel/patches/0053) */
		render_printf(o, " mechanism=key key_serial=%d key_type=", r->key_serial);
		put_untrusted(o, r->key_type, sizeof(r->key_type));
		render_printf(o, " ouid=%u ogid=%u key_perm=%08x need=%s", r->ouid, r->ogid,
			      r->key_perm, render_key_perms[r->key_need < 6 ? r->key_need : 6]);
		render_printf(o, " class=%s possessed=%s granted=%02x",
			      render_key_classes[r->key_class < 3 ? r->key_class : 2],
			      r->key_possessed ? "yes" : "no", r->key_granted);
		if (r->key_desc[0]) {
			render_printf(o, " key_desc=");
			put_untrusted(o, r->key_desc, sizeof(r->key_desc));
		}
		break;
	case AUXERR_MECH_FILETYPE:
		/* the series' (kernel/patches/0044): the access asked, the
		 * object (its mode says its type) */
		render_printf(o, " mechanism=filetype perm=%u", r->perm);
		render_object(o, r);
		break;
	case AUXERR_MECH_SECCOMP:
		/* the event's AUXERR record has its own arch=, the audit
		 * message only SYSCALL's */
		render_printf(o, " mechanism=seccomp%s nr=%u code=0x%x filters=%u",
			      event ? " arch=c000003e" : "", r->sc_nr, r->sc_code,
			      r->sc_filters);
		break;
	case AUXERR_MECH_SIGNAL:
		/* the series' auxerr_render_signal() */
		render_printf(o, " mechanism=signal sig=%d opid=%d", r->sig, r->opid);
		if (r->ids_visible)
			render_printf(o, " ouid=%u osuid=%u", r->ouid, r->osuid);
		else
			render_printf(o, " ids=hidden");
		render_printf(o, " capability=5");	/* CAP_KILL */
		if (r->ids_visible)
			render_printf(o, " userns=%llu userns_owner=%u", r->userns,
				      r->userns_owner);
		break;
	case AUXERR_MECH_PROTECTED:
		/* the series' auxerr_render_protected(), then the object */
		render_printf(o, " mechanism=protected sysctl=%s level=%u fsuid=%u",
			      render_prot_sysctls[r->prot_sysctl & 3], r->prot_level,
			      r->fsuid);
		if (r->prot_dir) {
			render_mode(o, "dir_mode", r->dir_mode);
			render_printf(o, " dir_ouid=%u dir_inode=%llu", r->dir_ouid,
				      r->dir_ino);
		} else {
			render_printf(o, " unsafe=%s", render_prot_unsafe[r->prot_unsafe & 3]);
		}
		render_object(o, r);
		break;
	case AUXERR_MECH_PING:
		render_printf(o, " mechanism=ping policy=net.ipv4.ping_group_range");
		render_printf(o, " group_low=%u group_high=%u", r->group_low,
			      r->group_high);
		break;
	case AUXERR_MECH_IPC:
		/* the series' auxerr_render_ipc() */
		if (r->ipc_op == AUXB_IPC_CTL)
			render_printf(o, " mechanism=ipc op=ctl cmd=%d", r->ipc_cmd);
		else
			render_printf(o, " mechanism=ipc op=access");
		render_printf(o, " ipc_key=0x%08x ipc_id=%d", r->ipc_key, r->ipc_id);
		render_mode(o, "mode", r->mode & 0777);
		render_printf(o, " ouid=%u ogid=%u cuid=%u cgid=%u", r->ouid, r->ogid,
			      r->ipc_cuid, r->ipc_cgid);
		if (r->ipc_op == AUXB_IPC_CTL)
			render_printf(o, " capability=21");	/* CAP_SYS_ADMIN */
		else
			render_printf(o, " class=%s perm=%u granted=%u capability=15",
				      render_classes[r->cls < 7 ? r->cls : 3], r->perm,
				      r->granted);	/* CAP_IPC_OWNER */
		break;
	case AUXERR_MECH_LSM:
		render_printf(o, " mechanism=lsm lsm=%s lsm_hook=%s",
			      render_lsms[r->lsm & 3],
			      render_hooks[r->hook < AUXB_HOOKS ? r->hook : 0]);
		if (r->lsm == AUXB_LSM_LANDLOCK && r->ll_layers)
			render_landlock(o, r);
		if (r->lsm == AUXB_LSM_YAMA && r->yama_scope >= 0)
			render_printf(o, " ptrace_scope=%d relation=%s opid=%u",
				      r->yama_scope,
				      r->yama_rel == 1 ? "not_descendant" : "scope", r->opid);
		/* with AppArmor's own record, which the event carries
		 * (not FLUSH's one message: no place for it there) */
		if (r->aa_avc && event)
			render_printf(o, " lsm_audited=%u", r->aa_audited);
		break;
	}
	/* the descriptor's file, when another file decided (the series'
	 * fd_name=, kernel/patches/0052) */
	if (r->fd_other && r->fd_name[0]) {
		render_printf(o, " fd_name=");
		put_untrusted(o, r->fd_name, sizeof(r->fd_name));
	}
	if (r->flags & AUXERR_INFO_WEAK)
		render_printf(o, " probe=yes");
}

/*
 * The record @r of task @c: with @event, the event text (SYSCALL,
 * UNKNOWN[1340], CWD, PATH, PROCTITLE lines with the record's own stamp,
 * each ending in '\n'); without, the one line of FLUSH's audit message
 * (the fields of those records in that order, after the record's own
 * serial and time: the message gets audit's).
 */
static void render_record(render_out o, render_task c, const struct auxb_rec *r,
			  int event)
{
	__u64 ms = r->time_ns / 1000000;
	/* a call on a descriptor: the descriptor's file names it (the
	 * series' auxerr_fd_path(), kernel/patches/0049) */
	int fd_name = !r->have_name && r->fd >= 0 && !r->fd_other && fd_named(c, r);
	/* a dac refusal of another file than the descriptor's that could
	 * not be named: its PATH item has the inode fields and name=(null),
	 * as the series' */
	int unnamed = !r->have_name && r->fd_other && r->mech == AUXERR_MECH_DAC;
	int parent;

	/* SYSCALL */
	if (event)
		render_stamp(o, r, "SYSCALL", event);
	else
		render_printf(o, "auxerr_serial=%llu auxerr_time=%llu.%03llu",
			      r->serial, ms / 1000, ms % 1000);
	render_printf(o, " arch=c000003e syscall=%d success=no exit=%d",
		      r->nr, -r->error);
	render_printf(o, " a0=%llx a1=%llx a2=%llx a3=%llx",
		      r->args[0], r->args[1], r->args[2], r->args[3]);
	render_printf(o, " items=%u ppid=%u pid=%u auid=%u", r->have_name || fd_name || unnamed ? 1 : 0,
		      r->ppid, r->pid, task_auid(c));
	render_printf(o, " uid=%u gid=%u euid=%u suid=%u fsuid=%u",
		      r->uid, r->gid, r->euid, r->suid, r->fsuid);
	render_printf(o, " egid=%u sgid=%u fsgid=%u tty=", r->egid, r->sgid, r->fsgid);
	put_tty(o, c);
	render_printf(o, " ses=%u comm=", task_ses(c));
	put_untrusted(o, r->comm, sizeof(r->comm));
	render_printf(o, " exe=");
	put_exe(o, c);
	if (r->subj[0]) {
		render_printf(o, " subj=");
		put_bare(o, r->subj, sizeof(r->subj));
		if (r->subj_mode && r->subj_mode < 6)
			render_printf(o, " (%s)", render_aa_modes[r->subj_mode]);
	}
	render_printf(o, " key=(null)");
	render_end(o, event);

	render_stamp(o, r, "UNKNOWN[1340]", event);
	render_auxerr(o, r, event);
	render_end(o, event);

	/* AVC: AppArmor's own record, right after AUXERR as the series'
	 * (not in FLUSH's message either; AppArmor logs it itself unless
	 * its profile keeps it quiet) */
	if (event && r->lsm == AUXB_LSM_APPARMOR && r->aa_avc &&
	    r->aa_class == AUXB_AA_CLASS_FILE)
		render_avc(o, r);

	/* SOCKADDR, as audit_log_n_hex() writes it; (not yet in FLUSH's
	 * message, whose expansion has no place for it) */
	if (event && r->saddr_len) {
		render_stamp(o, r, "SOCKADDR", event);
		render_printf(o, " saddr=");
		put_hex(o, r->saddr, r->saddr_len);
		render_end(o, event);
	}

	render_stamp(o, r, "CWD", event);
	render_printf(o, " cwd=");
	put_cwd(o, c);
	render_end(o, event);

	/* PATH: the name, and for dac the inode fields (the object the
	 * check refused); a directory refused write (MAY_WRITE: a change of
	 * its entries) is the name's parent, as the series' PATH item
	 * (kernel/patches/0043): the name's directory part, or the working
	 * directory for a name without one, nametype=PARENT */
	parent = r->have_name && r->mech == AUXERR_MECH_DAC &&
		 (r->mode & 0170000) == 0040000 && (r->perm & 2);
	if (r->have_name || fd_name || unnamed) {
		render_stamp(o, r, "PATH", event);
		render_printf(o, "%s name=", event ? " item=0" : "");
		if (parent) {
			if (!put_name_dir(o, r->name, sizeof(r->name)))
				put_cwd(o, c);
		} else if (r->have_name) {
			put_untrusted(o, r->name, sizeof(r->name));
		} else if (fd_name) {
			put_fd_name(o, c);
		} else {
			render_printf(o, "(null)");
		}
		if (r->mech == AUXERR_MECH_DAC) {
			render_printf(o, " inode=%llu", r->ino);
			render_dev(o, "dev", r->dev);
			render_mode(o, "mode", r->mode);
			render_printf(o, " ouid=%u ogid=%u", r->ouid, r->ogid);
			render_dev(o, "rdev", r->rdev);
		}
		/* path: the walk never reached the name's inode */
		render_printf(o, " nametype=%s",
			      r->mech == AUXERR_MECH_PATH ? "UNKNOWN" :
			      parent ? "PARENT" : "NORMAL");
		render_end(o, event);
	}

	render_stamp(o, r, "PROCTITLE", event);
	render_printf(o, " proctitle=");
	put_proctitle(o, c);
	render_end(o, event);
}

#endif
