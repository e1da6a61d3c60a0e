// SPDX-License-Identifier: GPL-2.0-only
/*
 * The BPF backend of auxerr: the denials the patched kernel's series notes,
 * observed on a stock kernel with fexit programs and kept per thread in
 * task-local storage; a sys_exit program (or, as an option, a
 * kretprobe.multi program on the system call functions) keeps a note only
 * when the system call returns its errno and counts the thread's system
 * calls (the age);
 * a task iterator, pinned in bpffs and readable by everyone, renders the
 * reading thread's own records as audit event text (docs/bpf-backend.md).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "auxerr.h"

char LICENSE[] SEC("license") = "GPL";

#define EPERM	1
#define EACCES	13
#define MAX_ERRNO 4095
#define MAY_EXEC	0x1
#define MAY_WRITE	0x2
#define MAY_READ	0x4
#define S_IFMT  00170000
#define S_IFDIR  0040000
#define S_IFREG		0100000
#define S_IFIFO		0010000
#define S_IFSOCK	0140000
#define CAP_DAC_OVERRIDE	1
#define CAP_DAC_READ_SEARCH	2
#define CAP_OPT_NOAUDIT	(1 << 1)
#define ACL_NOT_CACHED ((void *)(-1))

/* set by the loader */
const volatile __u32 depth = 1;		/* kernel.auxerr.depth */
const volatile __u32 exit_kretprobe;	/* the exit program is sys_ret, not sys_exit */
/* ll_walk is attached to check_access_path_dual() (before 6.2: an int,
 * 0 when allowed), not is_access_to_paths_allowed() (a bool, true) */
const volatile __u32 ll_walk_int;
__s64 realtime_offset;			/* CLOCK_REALTIME - CLOCK_BOOTTIME, ns */
__u64 next_serial = 1;

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct auxb_task);
} notes SEC(".maps");

/*
 * The attach period (auxerr.h, AUXB_PERIOD_PIN): 0 for good where the
 * loader attaches everything; with --on-demand the flush service bumps it
 * when it attaches the noting programs and when it detaches them.  While
 * they are detached no call is counted, so a record kept in another
 * period than the current one has an age that means nothing: it is shown
 * saturated (stale).
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} period SEC(".maps");

static __always_inline __u32 current_period(void)
{
	__u32 zero = 0, *p = bpf_map_lookup_elem(&period, &zero);

	return p ? *p : 0;
}

#define SCRATCH 512

/* ---- noting ------------------------------------------------------- */

/* a record is too big for the compiler's inline memset and memcpy: a
 * helper copies it, from this one for a blank record */
static const struct auxb_rec blank_rec;

/* The pending note of this system call for @err: one per errno; a weak
 * note never replaces a strong one. NULL when this note is not wanted. */
static struct auxb_rec *pending(struct auxb_task *t, int err, int weak)
{
	__u32 n = t->npend;

	for (int i = 0; i < AUXB_PENDING; i++) {
		if (i >= n)
			break;
		if (t->pend[i].error == err) {
			if (weak && !(t->pend[i].flags & AUXERR_INFO_WEAK))
				return NULL;
			bpf_probe_read_kernel(&t->pend[i], sizeof(t->pend[i]), &blank_rec);
			return &t->pend[i];
		}
	}
	if (n >= AUXB_PENDING)
		return NULL;
	t->npend = n + 1;
	bpf_probe_read_kernel(&t->pend[n], sizeof(t->pend[n]), &blank_rec);
	return &t->pend[n];
}

/*
 * subj=: the AppArmor label of the task's cred, as audit prints it
 * ("unconfined", or "profile (mode)").  The label is in the cred's LSM
 * blob at the offset the kernel computed at boot, which it left in
 * apparmor_blob_sizes.lbs_cred (a kernel symbol, not in BTF: resolved
 * from kallsyms; absent, or AppArmor not enabled: no subj=).
 */
extern const void apparmor_blob_sizes __ksym __weak;
extern const void apparmor_enabled __ksym __weak;
#define AA_FLAG_UNCONFINED 2

static void note_subj(struct auxb_rec *r, const struct cred *c)
{
	struct aa_profile *prof;
	struct aa_label *l;
	int off = 0, on = 0;
	void *sec;

	r->subj[0] = 0;
	r->subj_mode = 0;
	if (!&apparmor_blob_sizes || !&apparmor_enabled)
		return;
	if (bpf_probe_read_kernel(&on, sizeof(on), &apparmor_enabled) || !on ||
	    bpf_probe_read_kernel(&off, sizeof(off), (char *)&apparmor_blob_sizes +
				  bpf_core_field_offset(struct lsm_blob_sizes, lbs_cred)))
		return;
	sec = BPF_CORE_READ(c, security);
	if (!sec || off < 0 || off > 4096 ||
	    bpf_probe_read_kernel(&l, sizeof(l), (char *)sec + off) || !l)
		return;
	if (bpf_probe_read_kernel_str(r->subj, sizeof(r->subj), BPF_CORE_READ(l, hname)) <= 0) {
		r->subj[0] = 0;
		return;
	}
	if (BPF_CORE_READ(l, flags) & AA_FLAG_UNCONFINED)
		return;
	if (bpf_probe_read_kernel(&prof, sizeof(prof), &l->vec[0]) || !prof)
		return;
	r->subj_mode = 1 + (__u32)BPF_CORE_READ(prof, mode);
}

static struct auxb_rec *note(int err, __u32 mech, int weak)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_task *t;
	struct auxb_rec *r;
	const struct cred *c;

	t = bpf_task_storage_get(&notes, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!t)
		return NULL;
	r = pending(t, err, weak);
	if (!r)
		return NULL;
	r->error = err;
	r->mech = mech;
	r->flags = weak ? AUXERR_INFO_WEAK : 0;
	c = task->cred;
	r->uid = c->uid.val;
	r->gid = c->gid.val;
	r->euid = c->euid.val;
	r->suid = c->suid.val;
	r->fsuid = c->fsuid.val;
	r->egid = c->egid.val;
	r->sgid = c->sgid.val;
	r->fsgid = c->fsgid.val;
	r->pid = task->tgid;
	r->ppid = task->real_parent->tgid;
	bpf_get_current_comm(r->comm, sizeof(r->comm));
	note_subj(r, c);
	return r;
}

/* CO-RE reads: @inode may come from a program's argument or from a
 * BPF_CORE_READ() chain (the fs.protected_* notes), which the verifier
 * does not let a program dereference */
static void note_inode(struct auxb_rec *r, struct inode *inode)
{
	r->mode = BPF_CORE_READ(inode, i_mode);
	r->ouid = BPF_CORE_READ(inode, i_uid.val);
	r->ogid = BPF_CORE_READ(inode, i_gid.val);
	r->ino = BPF_CORE_READ(inode, i_ino);
	r->dev = BPF_CORE_READ(inode, i_sb, s_dev);
	r->rdev = BPF_CORE_READ(inode, i_rdev);
}

static int in_group(const struct cred *c, __u32 gid)
{
	struct group_info *gi = BPF_CORE_READ(c, group_info);
	int n;

	if (BPF_CORE_READ(c, fsgid.val) == gid)
		return 1;
	if (!gi)
		return 0;
	n = BPF_CORE_READ(gi, ngroups);
	for (int i = 0; i < 32; i++) {
		kgid_t g;
		if (i >= n)
			break;
		if (bpf_probe_read_kernel(&g, sizeof(g), &gi->gid[i]))
			break;
		if (g.val == gid)
			return 1;
	}
	return 0;
}

/*
 * The class of a POSIX ACL that refused @want (posix_acl_permission()):
 * the caller's named-user entry, else the group entries it matches (the
 * first that grants @want, else the first it matches), each limited by the
 * mask; acl_mask when the entry would grant but the mask removes it.
 * Returns the class, or AUXB_OTHER when no entry but "other" applies.
 */
#define ACL_USER	0x02
#define ACL_GROUP_OBJ	0x04
#define ACL_GROUP	0x08
#define ACL_MASK	0x10
#define ACL_MAX		16

static __u32 acl_class(struct auxb_rec *r, const struct cred *c,
		       struct inode *inode, struct posix_acl *acl, __u32 want)
{
	unsigned int n = BPF_CORE_READ(acl, a_count);
	__u32 igid = BPF_CORE_READ(inode, i_gid.val);
	__u32 mask = 7, u_perm = 0, g_perm = 0, g_id = 0, u_id = 0;
	int user = 0, group = 0, grants = 0;

	for (int i = 0; i < ACL_MAX; i++) {
		struct posix_acl_entry e;
		__u32 gid;

		if (i >= n)
			break;
		if (bpf_probe_read_kernel(&e, sizeof(e), &acl->a_entries[i]))
			break;
		if (e.e_tag == ACL_USER && !user && e.e_uid.val == c->fsuid.val) {
			user = 1;
			u_perm = e.e_perm;
			u_id = e.e_uid.val;
		} else if ((e.e_tag == ACL_GROUP_OBJ || e.e_tag == ACL_GROUP) && !grants) {
			gid = igid;
			if (e.e_tag == ACL_GROUP)
				gid = e.e_gid.val;
			if (in_group(c, gid)) {
				if ((e.e_perm & want) == want || !group) {
					g_perm = e.e_perm;
					g_id = gid;
				}
				grants = (e.e_perm & want) == want;
				group = 1;
			}
		} else if (e.e_tag == ACL_MASK) {
			mask = e.e_perm;
		}
	}
	if (user) {
		r->acl_id = u_id;
		r->acl_tag = 1;
		r->granted = u_perm & mask & 7;
		return (u_perm & want) == want ? AUXB_ACL_MASK : AUXB_ACL_USER;
	}
	if (group) {
		r->acl_id = g_id;
		r->acl_tag = 2;
		r->granted = g_perm & mask & 7;
		return grants ? AUXB_ACL_MASK : AUXB_ACL_GROUP;
	}
	return AUXB_OTHER;
}

SEC("fexit/generic_permission")
int BPF_PROG(dac, struct mnt_idmap *idmap, struct inode *inode, int mask, int ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	const struct cred *c = task->cred;
	struct auxb_rec *r;
	__u32 mode, perm, shift, over = 0;
	int is_dir;

	if (ret != -EACCES)
		return 0;
	mode = inode->i_mode;
	is_dir = (mode & S_IFMT) == S_IFDIR;
	perm = mask & (MAY_READ | MAY_WRITE | MAY_EXEC);
	r = note(EACCES, is_dir && perm == MAY_EXEC ? AUXERR_MECH_PATH : AUXERR_MECH_DAC, 0);
	if (!r)
		return 0;
	note_inode(r, inode);
	/* a kernfs inode, for the exit program to name (keep_kernfs()) */
	r->obj_inode = (__u64)inode;
	if (inode->i_uid.val == c->fsuid.val) {
		r->cls = AUXB_OWNER;
		shift = 6;
	} else if ((mode & 0070) && inode->i_acl && inode->i_acl != ACL_NOT_CACHED) {
		r->cls = acl_class(r, c, inode, inode->i_acl, perm);
		shift = r->cls == AUXB_OTHER ? 0 : 99;	/* granted: set */
	} else if (in_group(c, inode->i_gid.val)) {
		r->cls = AUXB_GROUP;
		shift = 3;
	} else {
		r->cls = AUXB_OTHER;
		shift = 0;
	}
	r->perm = perm;
	if (shift != 99)
		r->granted = (mode >> shift) & 7;
	/* the override capabilities generic_permission() consulted */
	if (is_dir) {
		if (!(perm & MAY_WRITE))
			over |= 1;
		over |= 2;
	} else {
		if (perm == MAY_READ)
			over |= 1;
		if (!(perm & MAY_EXEC) || (mode & 0111))
			over |= 2;
	}
	r->override = over;
	if (r->mech == AUXERR_MECH_PATH) {
		/* the directory's name: its first dentry (read, not walked:
		 * container_of() is not a pointer the verifier follows) */
		unsigned long first = (unsigned long)inode->i_dentry.first;
		struct dentry *d;
		const unsigned char *name;

		if (first) {
			d = (struct dentry *)(first -
				bpf_core_field_offset(struct dentry, d_u.d_alias));
			name = BPF_CORE_READ(d, d_name.name);
			bpf_probe_read_kernel_str(r->comp, sizeof(r->comp), name);
		}
	}
	return 0;
}

/*
 * The files under /proc/sys answer with their own ->permission() method,
 * proc_sys_permission(), not generic_permission(): the sysctl's mode,
 * compared with the owner's bits for euid 0, the group's for a member of
 * group 0 (effective or supplementary), else the others' (test_perm()),
 * and no capability overrides it; an executable regular file is refused
 * too.  The series' note names the method (dac, permission=proc_sys).
 * The mode is the inode's, which is the sysctl's (proc_sys_make_inode());
 * a table whose root computes its mode (a network namespace's sysctls)
 * may differ (docs/bpf-backend.md).
 */
SEC("fexit/proc_sys_permission")
int BPF_PROG(proc_sys, struct mnt_idmap *idmap, struct inode *inode, int mask, int ret)
{
	const struct cred *c = bpf_get_current_task_btf()->cred;
	struct auxb_rec *r;
	__u32 shift;

	if (ret != -EACCES)
		return 0;
	r = note(EACCES, AUXERR_MECH_DAC, 0);
	if (!r)
		return 0;
	note_inode(r, inode);
	if (c->euid.val == 0) {
		r->cls = AUXB_OWNER;
		shift = 6;
	} else if (c->egid.val == 0 || in_group(c, 0)) {
		r->cls = AUXB_GROUP;
		shift = 3;
	} else {
		r->cls = AUXB_OTHER;
		shift = 0;
	}
	r->perm = mask & (MAY_READ | MAY_WRITE | MAY_EXEC);
	r->granted = (r->mode >> shift) & 7;
	r->method = AUXB_METHOD_PROC_SYS;
	return 0;
}

SEC("fexit/security_capable")
int BPF_PROG(cap, const struct cred *cred, struct user_namespace *ns, int cap,
	     unsigned int opts, int ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_rec *r;
	int weak;

	if (ret != -EPERM || cred != task->cred)
		return 0;
	weak = cap == CAP_DAC_OVERRIDE || cap == CAP_DAC_READ_SEARCH ||
	       (opts & CAP_OPT_NOAUDIT);
	r = note(EPERM, AUXERR_MECH_CAP, weak);
	if (!r)
		return 0;
	r->cap = cap;
	r->userns = ns->ns.inum;
	r->userns_level = ns->level;
	r->userns_owner = ns->owner.val;
	return 0;
}

#define LL_TRUNCATE	(1u << 14)
#define LL_IOCTL_DEV	(1u << 15)


/* the Landlock path walk of this call that refused (ll_walk, below) */
static void ll_take(struct auxb_rec *r, __u32 hook)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_task *t = bpf_task_storage_get(&notes, task, 0, 0);

	if (!t || !t->ll_set || hook == AUXB_HOOK_PTRACE_ACCESS_CHECK)
		return;
	t->ll_set = 0;
	r->ll_blockers = t->ll_blockers;
	if (hook == AUXB_HOOK_FILE_OPEN)	/* optional there: only remembered */
		r->ll_blockers &= ~(LL_TRUNCATE | LL_IOCTL_DEV);
	r->ll_layer = t->ll_layer;
	r->ll_layers = t->ll_layers;
	if (t->ll_mode) {
		r->has_obj = 1;
		r->mode = t->ll_mode;
		r->ouid = t->ll_ouid;
		r->ogid = t->ll_ogid;
		r->ino = t->ll_ino;
		r->dev = t->ll_dev;
	}
}

/* the pending note of @err that AppArmor's own record (aa_avc, below)
 * took in this hook's decision, which the hook's note names */
static struct auxb_rec *aa_open_note(int err)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_task *t = bpf_task_storage_get(&notes, task, 0, 0);

	if (!t)
		return NULL;
	for (int i = 0; i < AUXB_PENDING; i++) {
		if (i >= t->npend)
			break;
		if (t->pend[i].error == err && t->pend[i].aa_open &&
		    t->pend[i].mech == AUXERR_MECH_LSM)
			return &t->pend[i];
	}
	return NULL;
}

static int lsm_note(void *ctx, __u32 lsm, __u32 hook)
{
	__u64 ret = 0;
	struct auxb_rec *r;

	bpf_get_func_ret(ctx, &ret);
	if ((int)ret != -EACCES && (int)ret != -EPERM)
		return 0;
	/* AppArmor wrote its record of this denial: the hook only adds its
	 * name, as the series' generic note does after auxerr_lsm_audit() */
	if (lsm == AUXB_LSM_APPARMOR) {
		r = aa_open_note(-(int)ret);
		if (r) {
			r->aa_open = 0;
			r->hook = hook;
			return 0;
		}
	}
	r = note(-(int)ret, AUXERR_MECH_LSM, 0);
	if (r) {
		r->lsm = lsm;
		r->hook = hook;
		r->yama_scope = -1;
		if (lsm == AUXB_LSM_LANDLOCK)
			ll_take(r, hook);
	}
	return 0;
}

#define LSM_FEXIT(fn, lsm, hook) \
SEC("fexit/" #fn) int fn##_x(void *ctx) { return lsm_note(ctx, lsm, hook); }

LSM_FEXIT(apparmor_file_open, AUXB_LSM_APPARMOR, AUXB_HOOK_FILE_OPEN)
LSM_FEXIT(apparmor_file_permission, AUXB_LSM_APPARMOR, AUXB_HOOK_FILE_PERMISSION)
LSM_FEXIT(apparmor_path_mknod, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_MKNOD)
LSM_FEXIT(apparmor_path_chown, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_CHOWN)
LSM_FEXIT(apparmor_capable, AUXB_LSM_APPARMOR, AUXB_HOOK_CAPABLE)
LSM_FEXIT(hook_file_open, AUXB_LSM_LANDLOCK, AUXB_HOOK_FILE_OPEN)
LSM_FEXIT(hook_file_truncate, AUXB_LSM_LANDLOCK, AUXB_HOOK_FILE_TRUNCATE)
LSM_FEXIT(hook_file_ioctl, AUXB_LSM_LANDLOCK, AUXB_HOOK_FILE_IOCTL)
LSM_FEXIT(hook_path_mknod, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_MKNOD)
LSM_FEXIT(hook_path_mkdir, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_MKDIR)
LSM_FEXIT(hook_ptrace_access_check, AUXB_LSM_LANDLOCK, AUXB_HOOK_PTRACE_ACCESS_CHECK)
/* a signal an LSM refused (security_task_kill()): AppArmor's signal rules,
 * Landlock's signal scope (6.12); kill_ok_by_cred() passed, so the signal
 * program (check_kill_permission) notes nothing */
LSM_FEXIT(apparmor_task_kill, AUXB_LSM_APPARMOR, AUXB_HOOK_TASK_KILL)
LSM_FEXIT(hook_task_kill, AUXB_LSM_LANDLOCK, AUXB_HOOK_TASK_KILL)
/* the other path hooks: removing, renaming, linking, truncating a file,
 * mounting (Landlock's walk of the path gives its blockers, as for
 * file_open) */
LSM_FEXIT(hook_path_unlink, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_UNLINK)
LSM_FEXIT(hook_path_rmdir, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_RMDIR)
LSM_FEXIT(hook_path_rename, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_RENAME)
LSM_FEXIT(hook_path_link, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_LINK)
LSM_FEXIT(hook_path_symlink, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_SYMLINK)
LSM_FEXIT(hook_path_truncate, AUXB_LSM_LANDLOCK, AUXB_HOOK_PATH_TRUNCATE)
LSM_FEXIT(hook_sb_mount, AUXB_LSM_LANDLOCK, AUXB_HOOK_SB_MOUNT)
LSM_FEXIT(apparmor_path_unlink, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_UNLINK)
LSM_FEXIT(apparmor_path_rmdir, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_RMDIR)
LSM_FEXIT(apparmor_path_rename, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_RENAME)
LSM_FEXIT(apparmor_path_link, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_LINK)
LSM_FEXIT(apparmor_path_symlink, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_SYMLINK)
LSM_FEXIT(apparmor_path_mkdir, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_MKDIR)
LSM_FEXIT(apparmor_path_truncate, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_TRUNCATE)
LSM_FEXIT(apparmor_path_chmod, AUXB_LSM_APPARMOR, AUXB_HOOK_PATH_CHMOD)

/*
 * AppArmor's own record of a denial (the series' AVC, kernel/patches/0027):
 * at the decision, aa_audit() (a denial AppArmor logs, or its profile's
 * quiet mode keeps out of the log) or aa_audit_file() (a file denial its
 * rules' quiet bits keep out: it returns without calling aa_audit()) has
 * the audit data that AppArmor's record is written from.  The note is
 * taken there, as the series' auxerr_lsm_audit() takes it, and the
 * hook's note (lsm_note()) only adds the hook's name.  Kept: the file
 * class (file_audit_cb()'s fields), the everyday denial; other classes
 * keep the hook's record without it (docs/bpf-backend.md).
 */
#define AA_CLASS_FILE		2
#define AA_AUDIT_FILE_MASK	0x0005b33f
/* <linux/lsm_audit.h>'s (a macro: not in BTF), 5 since it exists */
#define LSM_AUDIT_DATA_TASK	5

/* before 6.7 aa_audit() takes a struct common_audit_data whose
 * apparmor_audit_data member points to AppArmor's data, which has no
 * class and calls the profile's label "label" */
struct apparmor_audit_data___old {
	int error;
	int type;
	const char *op;
	const char *name;
	const char *info;
	u32 request;
	u32 denied;
	struct aa_label *peer;
	struct {
		const char *target;
		kuid_t ouid;
	} fs;
} __attribute__((preserve_access_index));

struct common_audit_data___old {
	char type;
	union {
		struct task_struct *tsk;
	} u;
	struct apparmor_audit_data___old *apparmor_audit_data;
} __attribute__((preserve_access_index));

struct aa_facts {
	struct aa_profile *profile;
	const char *op, *name, *info, *target;
	void *peer;
	__s32 error;
	__u32 request, denied, fsuid, ouid, audited;
};

static void aa_avc(int err, const struct aa_facts *f)
{
	struct auxb_rec *r = note(err, AUXERR_MECH_LSM, 0);
	/* (the kernel's type, not this program's struct aa_facts) */
	struct aa_profile *profile = f->profile;

	if (!r)
		return;
	r->lsm = AUXB_LSM_APPARMOR;
	r->yama_scope = -1;
	r->aa_avc = 1;
	r->aa_open = 1;
	r->aa_class = AA_CLASS_FILE;
	r->aa_audited = f->audited;
	r->aa_request = f->request;
	r->aa_denied = f->denied;
	r->aa_error = f->error;
	r->aa_fsuid = f->fsuid;
	r->aa_ouid = f->ouid;
	bpf_probe_read_kernel_str(r->aa_profile, sizeof(r->aa_profile),
				  BPF_CORE_READ(profile, base.hname));
	if (f->op)
		bpf_probe_read_kernel_str(r->aa_op, sizeof(r->aa_op), f->op);
	if (f->info)
		bpf_probe_read_kernel_str(r->aa_info, sizeof(r->aa_info), f->info);
	if (f->name)
		bpf_probe_read_kernel_str(r->aa_name, sizeof(r->aa_name), f->name);
	if (f->peer) {
		r->aa_target_kind = 1;
	} else if (f->target) {
		r->aa_target_kind = 2;
		bpf_probe_read_kernel_str(r->aa_target, sizeof(r->aa_target), f->target);
	}
}

/* the fsuid file_audit_cb() writes: the subject's cred's (6.7 and
 * later), else the current task's */
static __u32 aa_fsuid(const struct cred *subj)
{
	if (subj)
		return BPF_CORE_READ(subj, fsuid.val);
	return bpf_get_current_task_btf()->cred->fsuid.val;
}

SEC("fexit/aa_audit")
int aa_audit_x(void *ctx)
{
	__u64 type = 0, profile = 0, arg = 0, ret = 0;
	struct aa_facts f = {};
	int type_now;

	if (bpf_get_func_arg(ctx, 0, &type) || bpf_get_func_arg(ctx, 1, &profile) ||
	    bpf_get_func_arg(ctx, 2, &arg) || bpf_get_func_ret(ctx, &ret) || !arg)
		return 0;
	if ((int)ret != -EACCES && (int)ret != -EPERM)
		return 0;
	f.profile = (struct aa_profile *)profile;
	if (bpf_core_field_exists(struct apparmor_audit_data, class)) {
		struct apparmor_audit_data *ad = (void *)arg;
		const struct cred *subj;

		if (BPF_CORE_READ(ad, class) != AA_CLASS_FILE)
			return 0;
		f.error = BPF_CORE_READ(ad, error);
		type_now = BPF_CORE_READ(ad, type);
		f.op = BPF_CORE_READ(ad, op);
		f.name = BPF_CORE_READ(ad, name);
		f.info = BPF_CORE_READ(ad, info);
		f.request = BPF_CORE_READ(ad, request);
		f.denied = BPF_CORE_READ(ad, denied);
		f.peer = BPF_CORE_READ(ad, peer);
		f.target = BPF_CORE_READ(ad, fs.target);
		f.ouid = BPF_CORE_READ(ad, fs.ouid.val);
		subj = BPF_CORE_READ(ad, subj_cred);
		f.fsuid = aa_fsuid(subj);
	} else {
		struct common_audit_data___old *sa = (void *)arg;
		struct apparmor_audit_data___old *ad = BPF_CORE_READ(sa, apparmor_audit_data);

		/* the file class: aa_audit_file()'s data, the only task
		 * data without a task among AppArmor's before 6.7 */
		if (!ad || BPF_CORE_READ(sa, type) != LSM_AUDIT_DATA_TASK ||
		    BPF_CORE_READ(sa, u.tsk))
			return 0;
		f.error = BPF_CORE_READ(ad, error);
		type_now = BPF_CORE_READ(ad, type);
		f.op = BPF_CORE_READ(ad, op);
		f.name = BPF_CORE_READ(ad, name);
		f.info = BPF_CORE_READ(ad, info);
		f.request = BPF_CORE_READ(ad, request);
		f.denied = BPF_CORE_READ(ad, denied);
		f.peer = BPF_CORE_READ(ad, peer);
		f.target = BPF_CORE_READ(ad, fs.target);
		f.ouid = BPF_CORE_READ(ad, fs.ouid.val);
		f.fsuid = aa_fsuid(NULL);
	}
	if (f.error != (int)ret || !(f.request & AA_AUDIT_FILE_MASK))
		return 0;
	/* aa_audit_msg() set the type it logged (DENIED, or KILLED in a
	 * kill-mode profile); a quiet profile logs nothing, and it is
	 * still the AUDIT the data was made with */
	f.audited = type_now == AUDIT_APPARMOR_DENIED || type_now == AUDIT_APPARMOR_KILL;
	aa_avc(-(int)ret, &f);
	return 0;
}

/*
 * aa_audit_file(): its arguments, and an error, but no aa_audit() since
 * (aa_audit_x took no note): the rules' quiet bits hid the whole
 * request.  Eleven arguments since 6.7 (the subject's cred first), ten
 * before; fexit takes more than six only since 6.6.
 */
SEC("fexit/aa_audit_file")
int aa_audit_file_x(void *ctx)
{
	__u64 profile = 0, perms = 0, op = 0, request = 0, name = 0, target = 0;
	__u64 tlabel = 0, ouid = 0, info = 0, error = 0, subj = 0, ret = 0;
	struct aa_facts f = {};
	int n = bpf_get_func_arg_cnt(ctx);
	__u32 k;

	if ((n != 10 && n != 11) || bpf_get_func_ret(ctx, &ret))
		return 0;
	if ((int)ret != -EACCES && (int)ret != -EPERM)
		return 0;
	if (aa_open_note(-(int)ret))
		return 0;	/* aa_audit() took it */
	k = n - 10;		/* the first argument after the cred */
	if ((k && bpf_get_func_arg(ctx, 0, &subj)) ||
	    bpf_get_func_arg(ctx, k, &profile) || bpf_get_func_arg(ctx, k + 1, &perms) ||
	    bpf_get_func_arg(ctx, k + 2, &op) || bpf_get_func_arg(ctx, k + 3, &request) ||
	    bpf_get_func_arg(ctx, k + 4, &name) || bpf_get_func_arg(ctx, k + 5, &target) ||
	    bpf_get_func_arg(ctx, k + 6, &tlabel) || bpf_get_func_arg(ctx, k + 7, &ouid) ||
	    bpf_get_func_arg(ctx, k + 8, &info) || bpf_get_func_arg(ctx, k + 9, &error) ||
	    !profile || !perms)
		return 0;
	f.profile = (struct aa_profile *)profile;
	f.op = (const char *)op;
	/* what aa_audit_file() reports: the denied part of the request */
	f.request = (__u32)request & ~BPF_CORE_READ((struct aa_perms *)perms, allow);
	f.denied = f.request;
	f.name = (const char *)name;
	f.target = (const char *)target;
	f.peer = (void *)tlabel;
	f.ouid = (__u32)ouid;
	f.info = (const char *)info;
	f.error = (int)error;
	f.fsuid = aa_fsuid((const struct cred *)subj);
	if (f.error != (int)ret || !(f.request & AA_AUDIT_FILE_MASK))
		return 0;
	f.audited = 0;
	aa_avc(-(int)ret, &f);
	return 0;
}

/*
 * aa_audit_file() where fexit cannot take its ten arguments (before 6.6,
 * so Debian 12's 6.1): a kprobe at its entry, where all of them are
 * (six in registers, the other four on the stack above the return
 * address), notes every file denial of a profile not in complain mode as
 * not logged; aa_audit(), if AppArmor then calls it, replaces the note
 * with its own (aa_audit_x), so what stays is the quiet one.
 */
SEC("kprobe")
int aa_audit_file_entry(struct pt_regs *ctx)
{
	struct aa_profile *profile = (void *)PT_REGS_PARM1_CORE(ctx);
	struct aa_perms *perms = (void *)PT_REGS_PARM2_CORE(ctx);
	unsigned long sp = PT_REGS_SP_CORE(ctx);
	/* tlabel, ouid, info, error */
	__u64 stack[4] = {};
	struct aa_facts f = {};

	if (bpf_probe_read_kernel(stack, sizeof(stack), (void *)(sp + 8)))
		return 0;
	f.error = (int)stack[3];
	if ((f.error != -EACCES && f.error != -EPERM) || !profile || !perms ||
	    BPF_CORE_READ(profile, mode) == APPARMOR_COMPLAIN)
		return 0;
	f.profile = profile;
	f.op = (const char *)PT_REGS_PARM3_CORE(ctx);
	f.request = (__u32)PT_REGS_PARM4_CORE(ctx) & ~BPF_CORE_READ(perms, allow);
	f.denied = f.request;
	f.name = (const char *)PT_REGS_PARM5_CORE(ctx);
	/* the sixth argument (x86-64: r9; libbpf's macros stop at five) */
	f.target = (const char *)BPF_CORE_READ(ctx, r9);
	f.peer = (void *)stack[0];
	f.ouid = (__u32)stack[1];
	f.info = (const char *)stack[2];
	f.fsuid = aa_fsuid(NULL);
	if (!(f.request & AA_AUDIT_FILE_MASK))
		return 0;
	f.audited = 0;
	aa_avc(-f.error, &f);
	return 0;
}

/* Landlock: the rights a path walk left missing, for the hook's note.
 * is_access_to_paths_allowed() (check_access_path_dual() before 6.2,
 * with the same arguments) leaves, for each right asked for, the
 * layers that still deny it; as Landlock's own audit records (6.15) do,
 * the missing rights are those some layer denies, and the layer the
 * youngest of them. */

static void ll_masks(struct auxb_task *t, __u16 req, void *masks, __u32 *lm)
{
	__u16 m[16];

	if (!masks || bpf_probe_read_kernel(m, sizeof(m), masks))
		return;
	for (int i = 0; i < 16; i++) {
		if ((req & (1u << i)) && m[i]) {
			t->ll_blockers |= 1u << i;
			*lm |= m[i];
		}
	}
}

/* the walk's arguments that matter (its domain, its path, the rights
 * asked for each parent and the layer masks it leaves for them) */
struct ll_args {
	__u64 domain, path, masks1, masks2;
	__u16 req1, req2;
};

/* Keep, for the hook's note, what a refused walk left: the missing rights,
 * the youngest denying layer, the object */
static void ll_keep(const struct ll_args *a)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct landlock_ruleset *domain = (struct landlock_ruleset *)a->domain;
	struct path *path = (struct path *)a->path;
	struct auxb_task *t;
	struct inode *inode;
	__u32 lm = 0, layer = 0;

	t = bpf_task_storage_get(&notes, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!t)
		return;
	t->ll_blockers = 0;
	ll_masks(t, a->req1, (void *)a->masks1, &lm);
	ll_masks(t, a->req2, (void *)a->masks2, &lm);
	for (int i = 0; i < 16; i++)
		if (lm & (1u << i))
			layer = i + 1;
	t->ll_layer = layer;
	t->ll_layers = BPF_CORE_READ(domain, num_layers);
	inode = BPF_CORE_READ(path, dentry, d_inode);
	t->ll_mode = 0;
	if (inode) {
		t->ll_mode = BPF_CORE_READ(inode, i_mode);
		t->ll_ouid = BPF_CORE_READ(inode, i_uid.val);
		t->ll_ogid = BPF_CORE_READ(inode, i_gid.val);
		t->ll_ino = BPF_CORE_READ(inode, i_ino);
		t->ll_dev = BPF_CORE_READ(inode, i_sb, s_dev);
	}
	t->ll_set = 1;
}

/* the walk refused: is_access_to_paths_allowed() returns a bool (true:
 * allowed), check_access_path_dual() (before 6.2) an int (0: allowed) */
static __always_inline int ll_refused(__u64 ret)
{
	return ll_walk_int ? (int)ret != 0 : !(ret & 0xff);
}

/* (its layer-mask arguments are pointers to arrays, which the verifier
 * does not let a program read from its context: bpf_get_func_arg()) */
SEC("fexit/is_access_to_paths_allowed")
int ll_walk(void *ctx)
{
	struct ll_args a = {};
	__u64 req1 = 0, req2 = 0, ret = 1;

	bpf_get_func_ret(ctx, &ret);
	if (!ll_refused(ret))
		return 0;
	bpf_get_func_arg(ctx, 0, &a.domain);
	bpf_get_func_arg(ctx, 1, &a.path);
	bpf_get_func_arg(ctx, 2, &req1);
	bpf_get_func_arg(ctx, 3, &a.masks1);
	bpf_get_func_arg(ctx, 5, &req2);
	bpf_get_func_arg(ctx, 6, &a.masks2);
	a.req1 = (__u16)req1;
	a.req2 = (__u16)req2;
	ll_keep(&a);
	return 0;
}

/*
 * Where fexit cannot take the walk's eight arguments (x86-64 trampolines
 * take six before Linux 6.6: Debian 12's 6.1, whose function is
 * check_access_path_dual()), a kprobe at its entry keeps them, by
 * thread, for a kretprobe at its return (the loader attaches these two
 * only when ll_walk is left out).  Not in task storage: the entry runs
 * on every Landlock path check, refused or not, and a thread with
 * storage pays the exit program on every system call.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, struct ll_args);
} ll_entry SEC(".maps");

SEC("kprobe")
int ll_walk_entry(struct pt_regs *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct ll_args a = {
		.domain = PT_REGS_PARM1_CORE(ctx),
		.path = PT_REGS_PARM2_CORE(ctx),
		.req1 = (__u16)PT_REGS_PARM3_CORE(ctx),
		.masks1 = PT_REGS_PARM4_CORE(ctx),
		/* the sixth argument (x86-64: r9; libbpf's macros stop at five) */
		.req2 = (__u16)BPF_CORE_READ(ctx, r9),
	};
	unsigned long sp = PT_REGS_SP_CORE(ctx);

	/* the seventh argument: on the stack, above the return address */
	bpf_probe_read_kernel(&a.masks2, sizeof(a.masks2), (void *)(sp + 8));
	bpf_map_update_elem(&ll_entry, &tid, &a, BPF_ANY);
	return 0;
}

SEC("kretprobe")
int ll_walk_ret(struct pt_regs *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct ll_args *a = bpf_map_lookup_elem(&ll_entry, &tid);
	__u64 ret = PT_REGS_RC_CORE(ctx);

	if (!a)
		return 0;
	if (ll_refused(ret))
		ll_keep(a);
	bpf_map_delete_elem(&ll_entry, &tid);
	return 0;
}

/*
 * Yama: ptrace_scope refused an attach.  kernel.yama.ptrace_scope is a
 * static variable of Yama, not in BTF: its address from kallsyms.
 */
extern const void ptrace_scope __ksym __weak;

SEC("fexit/yama_ptrace_access_check")
int BPF_PROG(yama_x, struct task_struct *child, unsigned int mode, int ret)
{
	struct auxb_rec *r;
	int scope = -1;

	if (ret != -EPERM)
		return 0;
	r = note(EPERM, AUXERR_MECH_LSM, 0);
	if (!r)
		return 0;
	r->lsm = AUXB_LSM_YAMA;
	r->hook = AUXB_HOOK_PTRACE_ACCESS_CHECK;
	if (&ptrace_scope && bpf_probe_read_kernel(&scope, sizeof(scope), &ptrace_scope))
		scope = -1;
	r->yama_scope = scope;
	r->yama_rel = scope == 1 ? 1 : 2;
	r->opid = child->tgid;
	return 0;
}

static void note_sb(struct auxb_rec *r, struct super_block *sb)
{
	bpf_probe_read_kernel_str(r->fstype, sizeof(r->fstype), sb->s_type->name);
	bpf_probe_read_kernel_str(r->sb, sizeof(r->sb), sb->s_id);
}

/* sticky: __check_sticky() is true when the sticky bit forbids removing or
 * renaming @inode in @dir (may_delete() then returns EPERM) */
SEC("fexit/__check_sticky")
int BPF_PROG(sticky, struct mnt_idmap *idmap, struct inode *dir, struct inode *inode,
	     bool ret)
{
	struct auxb_rec *r;

	if (!ret)
		return 0;
	r = note(EPERM, AUXERR_MECH_STICKY, 0);
	if (!r)
		return 0;
	r->flag = AUXB_FLAG_STICKY;
	note_inode(r, inode);
	note_sb(r, inode->i_sb);
	r->dir_mode = dir->i_mode;
	r->dir_ouid = dir->i_uid.val;
	r->dir_ino = dir->i_ino;
	return 0;
}

/* mount: a write to a read-only mount (ro) or file system (ro_sb) */
#define SB_RDONLY 1
static int note_rofs(struct vfsmount *m, int ret)
{
	struct auxb_rec *r;

	if (ret != -30 /* EROFS */)
		return 0;
	r = note(30, AUXERR_MECH_MOUNT, 0);
	if (!r)
		return 0;
	r->flag = (m->mnt_sb->s_flags & SB_RDONLY) ? AUXB_FLAG_RO_SB : AUXB_FLAG_RO;
	note_sb(r, m->mnt_sb);
	return 0;
}

/* noexec: path_noexec() is true; execve() and uselib() then fail with
 * EACCES, mmap() with PROT_EXEC with EPERM (noted for both: only the one
 * the call returns is kept) */
static void note_path_flag(__u32 err, __u32 mech, __u32 flag, const struct path *path)
{
	struct auxb_rec *r = note(err, mech, 0);
	struct inode *inode;

	if (!r)
		return;
	inode = path->dentry->d_inode;
	r->flag = flag;
	note_sb(r, path->mnt->mnt_sb);
	if (inode) {
		note_inode(r, inode);
		r->has_obj = 1;
	}
}

SEC("fexit/path_noexec")
int BPF_PROG(noexec, const struct path *path, bool ret)
{
	if (!ret)
		return 0;
	note_path_flag(EACCES, AUXERR_MECH_MOUNT, AUXB_FLAG_NOEXEC, path);
	note_path_flag(EPERM, AUXERR_MECH_MOUNT, AUXB_FLAG_NOEXEC, path);
	return 0;
}

/*
 * inode flags: the IS_IMMUTABLE()/IS_APPEND() tests are inline in their
 * callers; noted at the return of the callers BPF can attach to, when
 * they fail with EPERM and the inode has the flag: may_open() (an
 * immutable file opened for writing, through inode_permission(); an
 * append-only one without O_APPEND, or with O_TRUNC), vfs_truncate()
 * (truncate(2)), notify_change() (chmod, chown, utimes... of either).
 * Not inode_permission() itself: it runs for every component of every
 * path walk (docs/bpf-backend.md, "Cost").
 */
#define S_APPEND	(1 << 2)
#define S_IFCHR		0020000
#define S_IFBLK		0060000
#define MNT_NODEV	0x02
#define SB_I_NODEV	0x00000004
#define S_IMMUTABLE	(1 << 3)
static void note_iflag(struct inode *inode, int append_too)
{
	struct auxb_rec *r;
	__u32 fl = inode->i_flags;
	__u32 flag = (fl & S_IMMUTABLE) ? AUXB_FLAG_IMMUTABLE :
		     (append_too && (fl & S_APPEND)) ? AUXB_FLAG_APPEND : 0;

	if (!flag)
		return;
	r = note(EPERM, AUXERR_MECH_INODE, 0);
	if (!r)
		return;
	r->flag = flag;
	note_sb(r, inode->i_sb);
	note_inode(r, inode);
	r->has_obj = 1;
}

/*
 * unlink, rmdir, rename: may_delete() refuses with EPERM, in this order,
 * an append-only directory, the sticky bit (__check_sticky()'s note,
 * above, stays), an append-only or an immutable file to remove (inline
 * IS_APPEND()/IS_IMMUTABLE() there): noted at its return, as the series'
 * note of may_delete() does.  (IS_SWAPFILE() and an unmapped id: no
 * flag set, no note.)
 */
SEC("fexit/may_delete")
int BPF_PROG(maydelete, struct mnt_idmap *idmap, struct inode *dir,
	     struct dentry *victim, bool isdir, int ret)
{
	struct auxb_task *t;
	struct inode *inode = dir;
	struct auxb_rec *r;
	__u32 flag = AUXB_FLAG_APPEND;

	if (ret != -EPERM)
		return 0;
	if (!(dir->i_flags & S_APPEND)) {
		t = bpf_task_storage_get(&notes, bpf_get_current_task_btf(), 0, 0);
		if (t) {
			__u32 n = t->npend;

			for (int i = 0; i < AUXB_PENDING; i++) {
				if (i >= n)
					break;
				if (t->pend[i].error == EPERM &&
				    t->pend[i].mech == AUXERR_MECH_STICKY)
					return 0;
			}
		}
		inode = victim->d_inode;
		if (!inode)
			return 0;
		flag = (inode->i_flags & S_APPEND) ? AUXB_FLAG_APPEND :
		       (inode->i_flags & S_IMMUTABLE) ? AUXB_FLAG_IMMUTABLE : 0;
		if (!flag)
			return 0;
	}
	r = note(EPERM, AUXERR_MECH_INODE, 0);
	if (!r)
		return 0;
	r->flag = flag;
	note_sb(r, inode->i_sb);
	note_inode(r, inode);
	r->has_obj = 1;
	return 0;
}

SEC("fexit/may_open")
int BPF_PROG(mayopen, struct mnt_idmap *idmap, const struct path *path, int acc_mode,
	     int flag, int ret)
{
	struct inode *inode;

	inode = path->dentry->d_inode;
	if (!inode)
		return 0;
	if (ret == -EACCES) {
		/* nodev: may_open() tests may_open_dev() (inlined there)
		 * first, for a device */
		__u32 fmt = inode->i_mode & S_IFMT;
		struct auxb_rec *r;

		if ((fmt == S_IFCHR || fmt == S_IFBLK) &&
		    ((path->mnt->mnt_flags & MNT_NODEV) ||
		     (path->mnt->mnt_sb->s_iflags & SB_I_NODEV))) {
			note_path_flag(EACCES, AUXERR_MECH_MOUNT, AUXB_FLAG_NODEV, path);
			return 0;
		}
		/* filetype: then only a regular file may be executed (the
		 * series' note, kernel/patches/0044): a directory, a FIFO, a
		 * socket or a device asked for MAY_EXEC is refused before its
		 * mode is looked at */
		if (!(acc_mode & MAY_EXEC) ||
		    !(fmt == S_IFDIR || fmt == S_IFIFO || fmt == S_IFSOCK ||
		      fmt == S_IFCHR || fmt == S_IFBLK))
			return 0;
		r = note(EACCES, AUXERR_MECH_FILETYPE, 0);
		if (!r)
			return 0;
		r->perm = acc_mode & (MAY_READ | MAY_WRITE | MAY_EXEC);
		note_inode(r, inode);
		r->has_obj = 1;
		return 0;
	}
	if (ret == -EPERM)
		note_iflag(inode, 1);
	return 0;
}

SEC("fexit/vfs_truncate")
int BPF_PROG(truncate, const struct path *path, loff_t length, long ret)
{
	struct inode *inode;

	if (ret != -EPERM)
		return 0;
	inode = path->dentry->d_inode;
	if (inode)
		note_iflag(inode, 1);
	return 0;
}

SEC("fexit/notify_change")
int BPF_PROG(setattr, struct mnt_idmap *idmap, struct dentry *dentry, struct iattr *attr,
	     struct inode **delegated, int ret)
{
	struct inode *inode;

	if (ret != -EPERM)
		return 0;
	inode = dentry->d_inode;
	if (inode)
		note_iflag(inode, 1);
	return 0;
}

SEC("fexit/mnt_want_write")
int BPF_PROG(rofs_want, struct vfsmount *m, int ret)
{
	return note_rofs(m, ret);
}

SEC("fexit/mnt_get_write_access")
int BPF_PROG(rofs_get, struct vfsmount *m, int ret)
{
	return note_rofs(m, ret);
}

static __u32 proc_shows_others(struct task_struct *task, const struct cred *c);

/*
 * ptrace: __ptrace_may_access() refused.  Its last step is the LSMs'
 * ptrace_access_check hook: an LSM's own note (Yama) stays.  Otherwise the
 * ids differ (creds) or they match and the target is not dumpable.  For
 * creds the target's ids and user namespace, as the series' note has them
 * (kernel/patches/0047), where the caller's /proc shows them
 * (proc_shows_others(), as for signal; else ids=hidden).
 */
SEC("fexit/__ptrace_may_access")
int BPF_PROG(ptrace, struct task_struct *target, unsigned int mode, int ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	const struct cred *c = task->cred, *tc;
	struct auxb_task *t;
	struct auxb_rec *r;
	__u32 n;

	if (ret != -EPERM)
		return 0;
	t = bpf_task_storage_get(&notes, task, 0, 0);
	if (t) {
		n = t->npend;
		for (int i = 0; i < AUXB_PENDING; i++) {
			if (i >= n)
				break;
			if (t->pend[i].error == EPERM && t->pend[i].mech == AUXERR_MECH_LSM)
				return 0;
		}
	}
	r = note(EPERM, AUXERR_MECH_PTRACE, 0);
	if (!r)
		return 0;
	tc = target->real_cred;
	r->opid = target->tgid;
	r->reason = (c->uid.val == tc->euid.val && c->uid.val == tc->suid.val &&
		     c->uid.val == tc->uid.val && c->gid.val == tc->egid.val &&
		     c->gid.val == tc->sgid.val && c->gid.val == tc->gid.val) ? 2 : 1;
	if (r->reason != 1)
		return 0;
	r->ouid = tc->euid.val;
	r->oruid = tc->uid.val;
	r->osuid = tc->suid.val;
	r->ogid = tc->egid.val;
	r->orgid = tc->gid.val;
	r->osgid = tc->sgid.val;
	r->userns = tc->user_ns->ns.inum;
	r->userns_owner = tc->user_ns->owner.val;
	r->ids_visible = proc_shows_others(task, c);
	return 0;
}

/*
 * signal: check_kill_permission() refused a signal to another user's
 * process (EPERM): the caller's real and effective uid match neither the
 * target's real nor its saved uid, and ns_capable(CAP_KILL) failed
 * (kill_ok_by_cred(), inlined).  As in the series, this note replaces the
 * CAP_KILL note of that check (the later note of an errno replaces the
 * earlier); a refusal of the LSMs' task_kill hook, which comes after
 * kill_ok_by_cred() passed, is not one: then no CAP_KILL note is pending.
 */
#define CAP_KILL	5
#define SIGCONT		18
#define PIDTYPE_SID	3
#define PROC_SUPER_MAGIC 0x9fa0

/* task_pid_vnr(@t) as @cur sees it: 0 when @t is not in @cur's namespace */
static __u32 pid_vnr(struct task_struct *cur, struct task_struct *t)
{
	unsigned long cp = (unsigned long)BPF_CORE_READ(cur, thread_pid);
	unsigned long tp = (unsigned long)BPF_CORE_READ(t, thread_pid);
	unsigned long numbers = bpf_core_field_offset(struct pid, numbers);
	unsigned int lvl, tlvl;
	struct upid mine, theirs;

	if (!cp || !tp)
		return 0;
	lvl = BPF_CORE_READ((struct pid *)cp, level);
	tlvl = BPF_CORE_READ((struct pid *)tp, level);
	if (lvl > 31 || tlvl < lvl ||
	    bpf_probe_read_kernel(&mine, sizeof(mine),
				  (void *)(cp + numbers + lvl * sizeof(struct upid))) ||
	    bpf_probe_read_kernel(&theirs, sizeof(theirs),
				  (void *)(tp + numbers + lvl * sizeof(struct upid))) ||
	    theirs.ns != mine.ns)
		return 0;
	return theirs.nr;
}

/*
 * The series' auxerr_proc_shows_others(): whether the caller's /proc shows
 * it other users' processes, as kern_path("/proc") finds it.  A BPF
 * program cannot walk a path: the mount on the directory "proc" of the
 * caller's root (a child of its root mount there), and the mounts stacked
 * on its root, topmost last; it must be a procfs of the caller's own pid
 * namespace without hidepid, or with the caller in its gid= group.
 */
struct mnt_find {
	unsigned long head, pos;	/* the children's list, the current one */
	unsigned long parent_dentry;	/* the mount point's parent: the root */
	unsigned long at_dentry;	/* or the mount point itself (stacked) */
	unsigned long found;		/* the child mount */
};

static long mnt_cb(__u64 i, void *ctx)
{
	struct mnt_find *f = ctx;
	unsigned long child = bpf_core_field_offset(struct mount, mnt_child);
	struct list_head *pos;
	struct mount *c;
	struct dentry *mp;
	char name[5];

	if (!f->pos || f->pos == f->head)
		return 1;
	c = (struct mount *)(f->pos - child);
	mp = BPF_CORE_READ(c, mnt_mountpoint);
	if (f->at_dentry) {
		if ((unsigned long)mp == f->at_dentry) {
			f->found = (unsigned long)c;
			return 1;
		}
	} else if ((unsigned long)BPF_CORE_READ(mp, d_parent) == f->parent_dentry &&
		   BPF_CORE_READ(mp, d_name.len) == 4 &&
		   bpf_probe_read_kernel_str(name, sizeof(name), BPF_CORE_READ(mp, d_name.name)) == 5 &&
		   name[0] == 'p' && name[1] == 'r' && name[2] == 'o' && name[3] == 'c') {
		f->found = (unsigned long)c;
		return 1;
	}
	pos = (struct list_head *)f->pos;	/* (not f->pos inside the CO-RE read) */
	f->pos = (unsigned long)BPF_CORE_READ(pos, next);
	return 0;
}

/* the first child of mount @m mounted on @dentry, or on the entry "proc"
 * of @parent: 0 when there is none */
static unsigned long child_mount(unsigned long m, unsigned long parent, unsigned long dentry)
{
	unsigned long off = bpf_core_field_offset(struct mount, mnt_mounts);
	struct mnt_find f = {
		.head = m + off,
		.parent_dentry = parent,
		.at_dentry = dentry,
	};

	f.pos = (unsigned long)BPF_CORE_READ((struct mount *)m, mnt_mounts.next);
	bpf_loop(256, mnt_cb, &f, 0);
	return f.found;
}

static __u32 proc_shows_others(struct task_struct *task, const struct cred *c)
{
	unsigned long mnt_off = bpf_core_field_offset(struct mount, mnt);
	unsigned long m, next, pid, numbers = bpf_core_field_offset(struct pid, numbers);
	struct proc_fs_info *fi;
	struct super_block *sb;
	struct upid mine;
	unsigned int lvl;
	struct path root;

	if (bpf_probe_read_kernel(&root, sizeof(root), &task->fs->root) || !root.mnt)
		return 0;
	m = (unsigned long)root.mnt - mnt_off;
	m = child_mount(m, (unsigned long)root.dentry, 0);
	for (int i = 0; i < 4 && m; i++) {
		next = child_mount(m, 0, (unsigned long)BPF_CORE_READ((struct mount *)m, mnt.mnt_root));
		if (!next)
			break;
		m = next;
	}
	if (!m)
		return 0;
	sb = BPF_CORE_READ((struct mount *)m, mnt.mnt_sb);
	if (BPF_CORE_READ(sb, s_magic) != PROC_SUPER_MAGIC)
		return 0;
	fi = BPF_CORE_READ(sb, s_fs_info);
	pid = (unsigned long)BPF_CORE_READ(task, thread_pid);
	lvl = BPF_CORE_READ((struct pid *)pid, level);
	if (!fi || lvl > 31 ||
	    bpf_probe_read_kernel(&mine, sizeof(mine),
				  (void *)(pid + numbers + lvl * sizeof(struct upid))) ||
	    BPF_CORE_READ(fi, pid_ns) != mine.ns)
		return 0;
	return BPF_CORE_READ(fi, hide_pid) == 0 /* HIDEPID_OFF */ ||
	       in_group(c, BPF_CORE_READ(fi, pid_gid.val));
}

SEC("fexit/check_kill_permission")
int BPF_PROG(signal_x, int sig, struct kernel_siginfo *info, struct task_struct *t, int ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	const struct cred *c = task->cred, *tc;
	struct auxb_task *st;
	struct auxb_rec *r;
	struct pid *sid;
	int cap_kill = 0;
	__u32 n;

	if (ret != -EPERM || task->signal == t->signal)
		return 0;
	tc = t->real_cred;
	if (c->euid.val == tc->suid.val || c->euid.val == tc->uid.val ||
	    c->uid.val == tc->suid.val || c->uid.val == tc->uid.val)
		return 0;	/* kill_ok_by_cred() passed: an LSM refused */
	if (sig == SIGCONT) {
		/* allowed within the caller's session (then an LSM refused) */
		sid = t->signal->pids[PIDTYPE_SID];
		if (!sid || sid == task->signal->pids[PIDTYPE_SID])
			return 0;
	}
	st = bpf_task_storage_get(&notes, task, 0, 0);
	if (!st)
		return 0;
	n = st->npend;
	for (int i = 0; i < AUXB_PENDING; i++) {
		if (i >= n)
			break;
		if (st->pend[i].error == EPERM && st->pend[i].mech == AUXERR_MECH_CAP &&
		    st->pend[i].cap == CAP_KILL)
			cap_kill = 1;
	}
	if (!cap_kill)
		return 0;	/* CAP_KILL was not refused: an LSM was */
	r = note(EPERM, AUXERR_MECH_SIGNAL, 0);
	if (!r)
		return 0;
	r->sig = sig;
	r->opid = pid_vnr(task, t);
	r->ouid = tc->uid.val;
	r->osuid = tc->suid.val;
	r->userns = tc->user_ns->ns.inum;
	r->userns_owner = tc->user_ns->owner.val;
	r->ids_visible = proc_shows_others(task, c);
	return 0;
}

/*
 * ping: ping_init_sock() refuses an ICMP echo socket (EACCES) when neither
 * the caller's group nor a supplementary group is in
 * net.ipv4.ping_group_range of the socket's network namespace; the range
 * as the kernel holds it (kgid_t: the ids of the initial user namespace,
 * as the series prints them).
 */
SEC("fexit/ping_init_sock")
int BPF_PROG(ping, struct sock *sk, int ret)
{
	struct auxb_rec *r;
	struct net *net;

	if (ret != -EACCES)
		return 0;
	r = note(EACCES, AUXERR_MECH_PING, 0);
	if (!r)
		return 0;
	net = BPF_CORE_READ(sk, __sk_common.skc_net.net);
	r->group_low = BPF_CORE_READ(net, ipv4.ping_group_range.range[0].val);
	r->group_high = BPF_CORE_READ(net, ipv4.ping_group_range.range[1].val);
	return 0;
}

/*
 * The pending EPERM note of this system call's failed check of capability
 * @cap (or of @alt, another capability the site also accepts; ANY_CAP:
 * whichever failed last), to be decorated and kept for @err, as the
 * series' auxerr_note_policy() and auxerr_note_rlimit_error() do: it is
 * moved to @err and made strong.  NULL when there is none, or when @err
 * is not EPERM and another note already explains it.
 */
#define ANY_CAP	(~0u)
static struct auxb_rec *cap_note_for(int err, __u32 cap, __u32 alt)
{
	struct auxb_task *t = bpf_task_storage_get(&notes, bpf_get_current_task_btf(), 0, 0);
	struct auxb_rec *p = NULL;
	__u32 n;

	if (!t)
		return NULL;
	n = t->npend;
	for (int i = 0; i < AUXB_PENDING; i++) {
		if (i >= n)
			break;
		if (err != EPERM && t->pend[i].error == err)
			return NULL;	/* another note explains it */
		if (t->pend[i].error == EPERM && t->pend[i].mech == AUXERR_MECH_CAP &&
		    (cap == ANY_CAP || t->pend[i].cap == cap || t->pend[i].cap == alt))
			p = &t->pend[i];
	}
	if (!p)
		return NULL;
	p->error = err;
	p->flags &= ~AUXERR_INFO_WEAK;
	return p;
}

/*
 * A capability check a sysctl made necessary: the series names the sysctl
 * and its value in the cap record (policy=, policy_value=), and moves the
 * note to the errno the site returns unless another note explains it.
 * Here at the return of the function that made the check, where it failed
 * with that errno: the pending EPERM note of capability @cap (or of @alt:
 * the record names @cap) is the one.
 */
static void note_policy(int err, __u32 cap, __u32 alt, __u32 policy, __s32 value)
{
	struct auxb_rec *p = cap_note_for(err, cap, alt);

	if (!p)
		return;
	p->cap = cap;
	p->policy = policy;
	p->policy_value = value;
}

/*
 * mlock(), mlock2() and mlockall() under RLIMIT_MEMLOCK (the series'
 * auxerr_note_rlimit_error(), kernel/patches/0048): at a limit of 0
 * can_do_mlock() refuses them (EPERM), over a limit that is not 0 they
 * return ENOMEM, each after its failed CAP_IPC_LOCK check, whose pending
 * note gains the limit and is kept for the call's errno (unless another
 * note explains that errno).  Noted at the return of the system calls:
 * do_mlock() and can_do_mlock() may be inlined; an ENOMEM without that
 * failed check (an unmapped range) has no such note.
 */
#define CAP_IPC_LOCK	14
#define RLIMIT_MEMLOCK	8
#define ENOMEM		12
static void note_memlock(long ret)
{
	struct auxb_rec *p;
	int err = (int)-ret;

	if (err != EPERM && err != ENOMEM)
		return;
	p = cap_note_for(err, CAP_IPC_LOCK, CAP_IPC_LOCK);
	if (!p)
		return;
	p->rlimit = RLIMIT_MEMLOCK + 1;
	p->rlimit_cur = BPF_CORE_READ(bpf_get_current_task_btf(), signal,
				      rlim[RLIMIT_MEMLOCK].rlim_cur);
}

SEC("fexit/__x64_sys_mlock")
int BPF_PROG(mlock_x, const struct pt_regs *regs, long ret)
{
	note_memlock(ret);
	return 0;
}

SEC("fexit/__x64_sys_mlock2")
int BPF_PROG(mlock2_x, const struct pt_regs *regs, long ret)
{
	note_memlock(ret);
	return 0;
}

SEC("fexit/__x64_sys_mlockall")
int BPF_PROG(mlockall_x, const struct pt_regs *regs, long ret)
{
	note_memlock(ret);
	return 0;
}

/*
 * A write of /proc/PID/oom_score_adj below the process's floor (its
 * oom_score_adj_min, 0 unless a process with CAP_SYS_RESOURCE set one)
 * without CAP_SYS_RESOURCE: EACCES from __set_oom_adj() (inlined), after
 * the failed capability check, whose note gains the floor as the series'
 * does (policy=oom_score_adj_min, kernel/patches/0048).  The process is
 * the one of the /proc inode written: proc_inode's pid, its task.
 */
#define CAP_SYS_RESOURCE	24
#define PIDTYPE_PID		0
SEC("fexit/oom_score_adj_write")
int BPF_PROG(oom_adj_x, struct file *file, const char *buf, size_t count, loff_t *ppos,
	     long ret)
{
	unsigned long inode, first;
	struct task_struct *p;
	struct pid *pid;

	if (ret != -EACCES)
		return 0;
	inode = (unsigned long)BPF_CORE_READ(file, f_inode);
	if (!inode)
		return 0;
	pid = BPF_CORE_READ((struct proc_inode *)(inode - bpf_core_field_offset(struct proc_inode,
										  vfs_inode)), pid);
	first = (unsigned long)BPF_CORE_READ(pid, tasks[PIDTYPE_PID].first);
	if (!first)
		return 0;
	p = (struct task_struct *)(first - bpf_core_field_offset(struct task_struct,
								 pid_links[PIDTYPE_PID]));
	note_policy(EACCES, CAP_SYS_RESOURCE, CAP_SYS_RESOURCE, AUXB_POLICY_OOM_MIN,
		    BPF_CORE_READ(p, signal, oom_score_adj_min));
	return 0;
}

/*
 * memfd_create() refused by vm.memfd_noexec = 2 (Linux 6.3 and later):
 * EACCES when the caller did not ask for MFD_NOEXEC_SEAL, from
 * check_sysctl_memfd_noexec() (inlined); the value that decides is the
 * highest of the caller's pid namespace and its ancestors
 * (pidns_memfd_noexec_scope()).  The series' note (mechanism sysctl,
 * kernel/patches/0046).  A kernel without the sysctl has no such refusal:
 * the field's existence is checked (CO-RE), and nothing is noted there.
 */
#define MFD_NOEXEC_SEAL		0x0008U
#define MEMFD_NOEXEC_SCOPE_NOEXEC_ENFORCED	2
SEC("fexit/__x64_sys_memfd_create")
int BPF_PROG(memfd_x, const struct pt_regs *regs, long ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	unsigned long numbers = bpf_core_field_offset(struct pid, numbers);
	unsigned long pid;
	struct pid_namespace *ns = NULL;
	struct auxb_rec *r;
	struct upid up;
	unsigned int lvl;
	int scope = 0;

	if (ret != -EACCES || !bpf_core_field_exists(struct pid_namespace, memfd_noexec_scope))
		return 0;
	if ((unsigned int)BPF_CORE_READ(regs, si) & MFD_NOEXEC_SEAL)
		return 0;
	pid = (unsigned long)BPF_CORE_READ(task, thread_pid);
	if (!pid)
		return 0;
	lvl = BPF_CORE_READ((struct pid *)pid, level);
	if (lvl > 31 || bpf_probe_read_kernel(&up, sizeof(up),
					      (void *)(pid + numbers + lvl * sizeof(struct upid))))
		return 0;
	ns = up.ns;
	for (int i = 0; i < 33 && ns; i++) {
		int v = BPF_CORE_READ(ns, memfd_noexec_scope);

		if (v > scope)
			scope = v;
		ns = BPF_CORE_READ(ns, parent);
	}
	if (scope < MEMFD_NOEXEC_SCOPE_NOEXEC_ENFORCED)
		return 0;
	r = note(EACCES, AUXERR_MECH_SYSCTL, 0);
	if (!r)
		return 0;
	r->policy = AUXB_POLICY_MEMFD_NOEXEC;
	r->policy_value = scope;
	return 0;
}

/* bind() of IPv4 and IPv6 below net.ipv4.ip_unprivileged_port_start without
 * CAP_NET_BIND_SERVICE: EACCES (inet_port_requires_bind_service() is inline
 * in __inet_bind() and __inet6_bind(), whose other EACCES is not this cap) */
#define CAP_NET_BIND_SERVICE	10
static void bind_policy(struct sock *sk, int ret)
{
	struct net *net;

	if (ret != -EACCES)
		return;
	net = BPF_CORE_READ(sk, __sk_common.skc_net.net);
	note_policy(EACCES, CAP_NET_BIND_SERVICE, CAP_NET_BIND_SERVICE, AUXB_POLICY_PORT,
		    BPF_CORE_READ(net, ipv4.sysctl_ip_prot_sock));
}

SEC("fexit/__inet_bind")
int BPF_PROG(inet_bind_x, struct sock *sk, struct sockaddr *uaddr, int addr_len, __u32 flags,
	     int ret)
{
	bind_policy(sk, ret);
	return 0;
}

SEC("fexit/__inet6_bind")
int BPF_PROG(inet6_bind_x, struct sock *sk, struct sockaddr *uaddr, int addr_len, __u32 flags,
	     int ret)
{
	bind_policy(sk, ret);
	return 0;
}

/* syslog() with kernel.dmesg_restrict set: check_syslog_permissions() is
 * inline in Debian's 6.12 (not in its BTF); do_syslog() calls it first.
 * On 6.1 (not 6.12) it also accepts CAP_SYS_ADMIN, with a warning, after
 * CAP_SYSLOG: the last failed note is then CAP_SYS_ADMIN's, and the
 * record names CAP_SYSLOG, the capability the sysctl asks for.  The
 * sysctl's value from its kallsyms address (else not named). */
#define CAP_SYSLOG	34
#define CAP_SYS_ADMIN	21
extern const void dmesg_restrict __ksym __weak;

SEC("fexit/do_syslog")
int BPF_PROG(syslog_x, int type, char *buf, int len, int source, int ret)
{
	int v = 0;

	if (ret != -EPERM || !&dmesg_restrict ||
	    bpf_probe_read_kernel(&v, sizeof(v), &dmesg_restrict) || !v)
		return 0;
	note_policy(EPERM, CAP_SYSLOG, CAP_SYS_ADMIN, AUXB_POLICY_DMESG, v);
	return 0;
}

/*
 * userfaultfd() without UFFD_USER_MODE_ONLY, with vm.unprivileged_userfaultfd
 * 0 and without CAP_SYS_PTRACE: EPERM (userfaultfd_syscall_allowed() is
 * inline), after the failed CAP_SYS_PTRACE check, whose note names the
 * sysctl as the series' does.  Its value from its kallsyms address (a
 * static int).
 */
#define CAP_SYS_PTRACE		19
#define UFFD_USER_MODE_ONLY	1
extern const void sysctl_unprivileged_userfaultfd __ksym __weak;

SEC("fexit/__x64_sys_userfaultfd")
int BPF_PROG(uffd_x, const struct pt_regs *regs, long ret)
{
	int v = 1;

	if (ret != -EPERM || ((int)BPF_CORE_READ(regs, di) & UFFD_USER_MODE_ONLY) ||
	    !&sysctl_unprivileged_userfaultfd ||
	    bpf_probe_read_kernel(&v, sizeof(v), &sysctl_unprivileged_userfaultfd) || v)
		return 0;
	note_policy(EPERM, CAP_SYS_PTRACE, CAP_SYS_PTRACE, AUXB_POLICY_UFFD, v);
	return 0;
}

/*
 * An address below vm.mmap_min_addr without CAP_SYS_RAWIO: cap_mmap_addr()
 * asks cap_capable() itself, not security_capable(), so no cap note was
 * taken; as the series' note there, a new one, of the initial user
 * namespace (PROC_USER_INIT_INO, level 0, owner root), with the sysctl's
 * value (dac_mmap_min_addr, from kallsyms).
 */
#define CAP_SYS_RAWIO		17
#define PROC_USER_INIT_INO	0xEFFFFFFDU
extern const void dac_mmap_min_addr __ksym __weak;

SEC("fexit/cap_mmap_addr")
int BPF_PROG(mmap_min_x, unsigned long addr, int ret)
{
	unsigned long min = 0;
	struct auxb_rec *r;

	if (ret != -EPERM || !&dac_mmap_min_addr ||
	    bpf_probe_read_kernel(&min, sizeof(min), &dac_mmap_min_addr))
		return 0;
	r = note(EPERM, AUXERR_MECH_CAP, 0);
	if (!r)
		return 0;
	r->cap = CAP_SYS_RAWIO;
	r->userns = PROC_USER_INIT_INO;
	r->userns_level = 0;
	r->userns_owner = 0;
	r->policy = AUXB_POLICY_MMAP_MIN;
	r->policy_value = (__s32)min;
	return 0;
}

/*
 * bpf() creating a map or loading a program with
 * kernel.unprivileged_bpf_disabled set, without CAP_BPF: EPERM, the
 * first check of both (6.1: of every command, in __sys_bpf(); 6.12: in
 * map_create() and bpf_prog_load(), which are inlined), after the failed
 * check of CAP_BPF and then CAP_SYS_ADMIN (bpf_capable()); the note
 * names CAP_BPF, the one the sysctl asks for, as the series' does.  The
 * sysctl's value from its kallsyms address.
 */
#define CAP_BPF			39
#define BPF_CMD_MAP_CREATE	0
#define BPF_CMD_PROG_LOAD	5
extern const void sysctl_unprivileged_bpf_disabled __ksym __weak;

SEC("fexit/__x64_sys_bpf")
int BPF_PROG(bpf_x, const struct pt_regs *regs, long ret)
{
	int cmd, v = 0;

	if (ret != -EPERM || !&sysctl_unprivileged_bpf_disabled)
		return 0;
	cmd = (int)BPF_CORE_READ(regs, di);
	if ((cmd != BPF_CMD_MAP_CREATE && cmd != BPF_CMD_PROG_LOAD) ||
	    bpf_probe_read_kernel(&v, sizeof(v), &sysctl_unprivileged_bpf_disabled) || !v)
		return 0;
	note_policy(EPERM, CAP_BPF, CAP_SYS_ADMIN, AUXB_POLICY_BPF, v);
	return 0;
}

/*
 * perf_event_open() refused by kernel.perf_event_paranoid (the series'
 * sites, kernel/patches/0021), each after a failed perfmon_capable()
 * (CAP_PERFMON, then CAP_SYS_ADMIN), whose note names CAP_PERFMON as the
 * series' does; the sysctl's value from its kallsyms address.  At the
 * system call's return, which of its checks refused is derived from the
 * errno, the sysctl and the attributes, in the kernel's order:
 *
 *  - EPERM, above -1: a tracepoint's raw samples (or the function trace
 *    event), perf_allow_tracepoint() (inline, in perf_trace_event_perm(),
 *    inlined; perf_trace_init(), which the refusal returns through,
 *    cannot be attached to on Debian's 6.12: EBUSY);
 *  - EACCES above 2: Debian's own level (its kernels' patch, and their
 *    default), which refuses every perf_event_open() without
 *    CAP_SYS_ADMIN before any other check: the note of that failed check
 *    names CAP_SYS_ADMIN;
 *  - EACCES above 1, an event that counts the kernel (exclude_kernel
 *    clear): perf_allow_kernel() (inline in 6.1); then the namespaces
 *    attribute's own perfmon_capable() check, which is no sysctl's;
 *    then perf_allow_kernel() again for sampled physical addresses;
 *  - EACCES above 0, a CPU-wide event (pid -1): perf_allow_cpu() (inline
 *    in 6.1 and 6.12), in find_get_context().
 */
#define CAP_PERFMON		38
#define PERF_ATTR_EXCLUDE_KERNEL	(1ULL << 5)
#define PERF_ATTR_NAMESPACES	(1ULL << 28)
#define PERF_SAMPLE_PHYS_ADDR_BIT	(1ULL << 19)
extern const void sysctl_perf_event_paranoid __ksym __weak;

/* the head of struct perf_event_attr, up to its flags */
struct perf_attr_head {
	__u32 type, size;
	__u64 config, sample_period, sample_type, read_format, flags;
};

SEC("fexit/__x64_sys_perf_event_open")
int BPF_PROG(perf_tp_x, const struct pt_regs *regs, long ret)
{
	struct perf_attr_head a;
	int v = -1, pid;

	if ((ret != -EPERM && ret != -EACCES) || !&sysctl_perf_event_paranoid ||
	    bpf_probe_read_kernel(&v, sizeof(v), &sysctl_perf_event_paranoid) || v <= -1)
		return 0;
	if (ret == -EPERM) {
		note_policy(EPERM, CAP_PERFMON, CAP_SYS_ADMIN, AUXB_POLICY_PERF, v);
		return 0;
	}
	if (v > 2) {
		note_policy(EACCES, CAP_SYS_ADMIN, CAP_SYS_ADMIN, AUXB_POLICY_PERF, v);
		return 0;
	}
	if (bpf_probe_read_user(&a, sizeof(a), (void *)BPF_CORE_READ(regs, di)))
		return 0;
	pid = (int)BPF_CORE_READ(regs, si);
	if (!(v > 1 && !(a.flags & PERF_ATTR_EXCLUDE_KERNEL)) &&
	    ((a.flags & PERF_ATTR_NAMESPACES) ||
	     (!(v > 1 && (a.sample_type & PERF_SAMPLE_PHYS_ADDR_BIT)) && !(v > 0 && pid == -1))))
		return 0;
	note_policy(EACCES, CAP_PERFMON, CAP_SYS_ADMIN, AUXB_POLICY_PERF, v);
	return 0;
}

/*
 * Debian's kernel.unprivileged_userns_clone at 0 (its kernels' patch): a
 * new user namespace, by unshare(), clone() or clone3() with
 * CLONE_NEWUSER, needs CAP_SYS_ADMIN (copy_process(), ksys_unshare():
 * EPERM, before any other check of the namespace), whose failed check's
 * note names the sysctl, as the series' does.  The sysctl's value from
 * its kallsyms address (a kernel without the patch has no such symbol,
 * nor such a refusal).
 */
#define CLONE_NEWUSER	0x10000000ULL
extern const void unprivileged_userns_clone __ksym __weak;

static __always_inline void note_userns(__u64 flags, long ret)
{
	int v = 1;

	if (ret != -EPERM || !(flags & CLONE_NEWUSER) || !&unprivileged_userns_clone ||
	    bpf_probe_read_kernel(&v, sizeof(v), &unprivileged_userns_clone) || v)
		return;
	note_policy(EPERM, CAP_SYS_ADMIN, CAP_SYS_ADMIN, AUXB_POLICY_USERNS, v);
}

SEC("fexit/__x64_sys_unshare")
int BPF_PROG(userns_unshare_x, const struct pt_regs *regs, long ret)
{
	note_userns(BPF_CORE_READ(regs, di), ret);
	return 0;
}

SEC("fexit/__x64_sys_clone")
int BPF_PROG(userns_clone_x, const struct pt_regs *regs, long ret)
{
	note_userns(BPF_CORE_READ(regs, di), ret);
	return 0;
}

/* clone3(): the flags are the first member of struct clone_args */
SEC("fexit/__x64_sys_clone3")
int BPF_PROG(userns_clone3_x, const struct pt_regs *regs, long ret)
{
	__u64 flags = 0;

	if (ret == -EPERM &&
	    !bpf_probe_read_user(&flags, sizeof(flags), (void *)BPF_CORE_READ(regs, di)))
		note_userns(flags, ret);
	return 0;
}

/*
 * A seccomp filter (seccomp(SECCOMP_SET_MODE_FILTER), prctl(PR_SET_SECCOMP,
 * SECCOMP_MODE_FILTER): both through do_seccomp()) refused with EACCES
 * because the thread has neither set no_new_privs nor CAP_SYS_ADMIN:
 * seccomp_prepare_filter() (inlined) returns its only EACCES after a
 * CAP_OPT_NOAUDIT probe of CAP_SYS_ADMIN, whose weak note the series'
 * names "no_new_privs", value 0, and keeps for EACCES.
 */
#define SECCOMP_SET_MODE_FILTER	1
#define PFA_NO_NEW_PRIVS	0

SEC("fexit/do_seccomp")
int BPF_PROG(nnp_x, unsigned int op, unsigned int flags, void *uargs, long ret)
{
	struct task_struct *task = bpf_get_current_task_btf();

	if (ret != -EACCES || op != SECCOMP_SET_MODE_FILTER ||
	    (task->atomic_flags & (1UL << PFA_NO_NEW_PRIVS)))
		return 0;
	note_policy(EACCES, CAP_SYS_ADMIN, CAP_SYS_ADMIN, AUXB_POLICY_NNP, 0);
	return 0;
}

/*
 * sysctl_write=: a sysctl's handler that checks a capability on write,
 * whatever the file's mode (kernel.kptr_restrict's and dmesg_restrict's
 * CAP_SYS_ADMIN, ...), returned EPERM to proc_sys_call_handler(); the
 * pending note of the capability check that failed in it gains the
 * sysctl's dotted name, as the series' __auxerr_note_sysctl_write() writes
 * it (sysctl(8)'s: "." between the components below /proc/sys, a "." in
 * one becomes "/").  Built backwards from the file's dentry up to the
 * child of procfs's root ("sys"); a name longer than the series keeps
 * (63 bytes) is not noted.
 */
#define SYSCTL_DEPTH	10

SEC("fexit/proc_sys_call_handler")
int BPF_PROG(sysctl_write_x, struct kiocb *iocb, struct iov_iter *iter, int write, long ret)
{
	char buf[2 * AUXB_SYSCTL_MAX] = {};
	struct dentry *d, *parent;
	struct auxb_rec *p;
	__u32 pos = AUXB_SYSCTL_MAX - 1, got = 0;

	if (!write || ret != -EPERM)
		return 0;
	d = BPF_CORE_READ(iocb, ki_filp, f_path.dentry);
	for (int i = 0; i < SYSCTL_DEPTH; i++) {
		__u32 len;

		parent = BPF_CORE_READ(d, d_parent);
		if (!parent || parent == d)
			return 0;
		if (BPF_CORE_READ(parent, d_parent) == parent) {
			/* d is /proc/sys itself */
			char top[4] = {};

			if (!got || BPF_CORE_READ(d, d_name.len) != 3 ||
			    bpf_probe_read_kernel(top, 3, BPF_CORE_READ(d, d_name.name)) ||
			    top[0] != 's' || top[1] != 'y' || top[2] != 's')
				return 0;
			p = cap_note_for(EPERM, ANY_CAP, ANY_CAP);
			if (p)
				bpf_probe_read_kernel(p->sysctl_write, sizeof(p->sysctl_write),
						      buf + (pos & (AUXB_SYSCTL_MAX - 1)));
			return 0;
		}
		len = BPF_CORE_READ(d, d_name.len);
		if (!len || len + got > pos)
			return 0;	/* longer than the series keeps */
		if (got)
			buf[--pos & (AUXB_SYSCTL_MAX - 1)] = '.';
		pos -= len;
		pos &= AUXB_SYSCTL_MAX - 1;
		if (bpf_probe_read_kernel(buf + pos, len & (AUXB_SYSCTL_MAX - 1),
					  BPF_CORE_READ(d, d_name.name)))
			return 0;
		for (__u32 k = 0; k < AUXB_SYSCTL_MAX - 1; k++) {
			if (k >= len)
				break;
			if (buf[(pos + k) & (2 * AUXB_SYSCTL_MAX - 1)] == '.')
				buf[(pos + k) & (2 * AUXB_SYSCTL_MAX - 1)] = '/';
		}
		got = 1;
		d = parent;
	}
	return 0;
}

/*
 * io_uring_setup() refused by kernel.io_uring_disabled (Linux 6.6 and
 * later; io_uring_allowed() is inline): EPERM at 2 for everyone, at 1 for
 * a caller with neither CAP_SYS_ADMIN (its failed check's note is
 * pending) nor membership of kernel.io_uring_group.  The series' note
 * (mechanism sysctl, kernel/patches/0054), which replaces the cap note of
 * the same errno, with the group (-1: none).  The two sysctls are static
 * ints read at their kallsyms addresses: a kernel without them has no
 * such refusal, and nothing is noted.
 */
extern const void sysctl_io_uring_disabled __ksym __weak;
extern const void sysctl_io_uring_group __ksym __weak;

SEC("fexit/__x64_sys_io_uring_setup")
int BPF_PROG(io_uring_x, const struct pt_regs *regs, long ret)
{
	int disabled = 0, group = -1;
	struct auxb_rec *r;

	if (ret != -EPERM || !&sysctl_io_uring_disabled || !&sysctl_io_uring_group ||
	    bpf_probe_read_kernel(&disabled, sizeof(disabled), &sysctl_io_uring_disabled) ||
	    bpf_probe_read_kernel(&group, sizeof(group), &sysctl_io_uring_group))
		return 0;
	if (disabled == 1) {
		if (!cap_note_for(EPERM, CAP_SYS_ADMIN, CAP_SYS_ADMIN))
			return 0;
	} else if (disabled != 2) {
		return 0;
	}
	r = note(EPERM, AUXERR_MECH_SYSCTL, 0);
	if (!r)
		return 0;
	r->policy = AUXB_POLICY_IO_URING;
	r->policy_value = disabled;
	r->policy_gid = group;
	return 0;
}

/*
 * key: key_task_permission() refuses (EACCES) when the byte of the key's
 * permission mask that applies to the caller (the owner's, the group's,
 * else the other's; plus the possessor's when the key is in one of its
 * keyrings) lacks the permission needed.  Its other EACCES is the LSM's
 * (security_key_permission(), after the mask allowed): recomputed here as
 * key_task_permission() computes it, and noted only where the mask
 * refused.  The series' note (kernel/patches/0053): what
 * keyctl_describe() shows the key's owner, the description only where
 * the caller may view the key.
 */
#define KEY_NEED_VIEW		1
#define KEY_NEED_SETATTR	6
#define KEY_OTH_VIEW		0x01
#define KEY_OTH_ALL		0x3f
#define KEY_GRP_ALL		0x3f00

/* its arguments by bpf_get_func_arg(): key_ref_t points to a structure
 * that is never defined, which the verifier does not let a program read
 * as a typed argument */
SEC("fexit/key_task_permission")
int key_x(void *ctx)
{
	__u64 key_ref = 0, credp = 0, needv = 0, retv = 0;
	const struct cred *cred;
	struct key *key;
	__u32 perm, uid, gid, cls, kperm, mask, possessed;
	struct auxb_rec *r;
	int need;

	if (bpf_get_func_arg(ctx, 0, &key_ref) || bpf_get_func_arg(ctx, 1, &credp) ||
	    bpf_get_func_arg(ctx, 2, &needv) || bpf_get_func_ret(ctx, &retv))
		return 0;
	need = (int)needv;
	if ((int)retv != -EACCES || need < KEY_NEED_VIEW || need > KEY_NEED_SETATTR)
		return 0;
	key = (struct key *)(key_ref & ~1UL);
	possessed = key_ref & 1;
	cred = (const struct cred *)credp;
	mask = 1u << (need - 1);
	perm = BPF_CORE_READ(key, perm);
	uid = BPF_CORE_READ(key, uid.val);
	gid = BPF_CORE_READ(key, gid.val);
	if (uid == BPF_CORE_READ(cred, fsuid.val)) {
		cls = AUXB_KEY_USER;
		kperm = perm >> 16;
	} else if (gid != (__u32)-1 && (perm & KEY_GRP_ALL) && in_group(cred, gid)) {
		cls = AUXB_KEY_GROUP;
		kperm = perm >> 8;
	} else {
		cls = AUXB_KEY_OTHER;
		kperm = perm;
	}
	kperm &= KEY_OTH_ALL;
	if (possessed)
		kperm |= (perm >> 24) & KEY_OTH_ALL;
	if ((kperm & mask) == mask)
		return 0;	/* the mask allowed it: an LSM refused */
	r = note(EACCES, AUXERR_MECH_KEY, 0);
	if (!r)
		return 0;
	r->key_serial = BPF_CORE_READ(key, serial);
	r->ouid = uid;
	r->ogid = gid;
	r->key_perm = perm;
	r->key_need = need - 1;
	r->key_class = cls;
	r->key_possessed = possessed;
	r->key_granted = kperm;
	bpf_probe_read_kernel_str(r->key_type, sizeof(r->key_type), BPF_CORE_READ(key, type, name));
	if (kperm & KEY_OTH_VIEW)
		bpf_probe_read_kernel_str(r->key_desc, sizeof(r->key_desc),
					  BPF_CORE_READ(key, description));
	return 0;
}

/*
 * owner_op=: setattr_prepare() refuses with EPERM a chown, chgrp, chmod or
 * a time other than now (utimes) to a caller that is not the file's owner,
 * after the capability that stands in for ownership failed (CAP_CHOWN,
 * CAP_FOWNER): the series' note (fs/attr.c) names the operation and the
 * file in that cap note.  Here at setattr_prepare()'s return: the pending
 * EPERM note is the last failed check's, and the attributes asked for say
 * which operation it was, in setattr_prepare()'s order (chown_ok() passes
 * only for the owner keeping its uid, so a chown that passes it is a
 * chgrp).
 */
#define CAP_CHOWN	0
#define CAP_FOWNER	3
#define ATTR_MODE	(1 << 0)
#define ATTR_UID	(1 << 1)
#define ATTR_GID	(1 << 2)
#define ATTR_ATIME_SET	(1 << 7)
#define ATTR_MTIME_SET	(1 << 8)
#define ATTR_TIMES_SET	(1 << 16)

SEC("fexit/setattr_prepare")
int BPF_PROG(owner_x, struct mnt_idmap *idmap, struct dentry *dentry, struct iattr *attr,
	     int ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_task *t;
	struct auxb_rec *p = NULL;
	struct inode *inode;
	__u32 valid, n, op = 0;

	if (ret != -EPERM)
		return 0;
	t = bpf_task_storage_get(&notes, task, 0, 0);
	if (!t)
		return 0;
	n = t->npend;
	for (int i = 0; i < AUXB_PENDING; i++) {
		if (i >= n)
			break;
		if (t->pend[i].error == EPERM && t->pend[i].mech == AUXERR_MECH_CAP)
			p = &t->pend[i];
	}
	inode = dentry->d_inode;
	if (!p || !inode)
		return 0;
	valid = attr->ia_valid;
	if (p->cap == CAP_CHOWN) {
		__u32 iuid = inode->i_uid.val;

		if ((valid & ATTR_UID) &&
		    !(task->cred->fsuid.val == iuid && attr->ia_uid.val == iuid)) {
			op = AUXB_OWNER_CHOWN;
		} else if (valid & ATTR_GID) {
			op = AUXB_OWNER_CHGRP;
			p->ngid = attr->ia_gid.val;
			p->has_ngid = 1;
		}
	} else if (p->cap == CAP_FOWNER) {
		if (valid & ATTR_MODE)
			op = AUXB_OWNER_CHMOD;
		else if (valid & (ATTR_MTIME_SET | ATTR_ATIME_SET | ATTR_TIMES_SET))
			op = AUXB_OWNER_UTIMES;
	}
	if (!op)
		return 0;
	p->owner_op = op;
	note_inode(p, inode);
	return 0;
}

/*
 * ipc: a System V IPC object refused the caller (mechanism=ipc, 18), where
 * the series notes it in ipc/util.c.  ipcperms() returns -1 exactly where
 * the object's mode refused and CAP_IPC_OWNER did not override it (its
 * callers return EACCES; an LSM's refusal after it is its own errno):
 * op=access, with the class ipcperms() compared, the bits asked and those
 * the class grants.  ipcctl_obtain_check() returns ERR_PTR(-EPERM) only
 * where a caller neither the owner nor the creator, without CAP_SYS_ADMIN,
 * asked IPC_RMID or IPC_SET: op=ctl.  Each note replaces the failed
 * capability check's, as the series' does (another errno for access; the
 * later note of EPERM for ctl).
 */
#define IPC_OWNER_SHIFT	6
static struct auxb_rec *note_ipc(int err, const struct kern_ipc_perm *p, __u32 op)
{
	struct auxb_rec *r = note(err, AUXERR_MECH_IPC, 0);

	if (!r)
		return NULL;
	r->ipc_op = op;
	r->ipc_key = BPF_CORE_READ(p, key);
	r->ipc_id = BPF_CORE_READ(p, id);
	r->mode = BPF_CORE_READ(p, mode);
	r->ouid = BPF_CORE_READ(p, uid.val);
	r->ogid = BPF_CORE_READ(p, gid.val);
	r->ipc_cuid = BPF_CORE_READ(p, cuid.val);
	r->ipc_cgid = BPF_CORE_READ(p, cgid.val);
	return r;
}

SEC("fexit/ipcperms")
int BPF_PROG(ipcperms_x, struct ipc_namespace *ns, struct kern_ipc_perm *ipcp, short flag,
	     int ret)
{
	const struct cred *c = bpf_get_current_task_btf()->cred;
	struct auxb_rec *r;
	__u32 euid, shift;

	if (ret != -1)
		return 0;
	r = note_ipc(EACCES, ipcp, AUXB_IPC_ACCESS);
	if (!r)
		return 0;
	euid = c->euid.val;
	if (euid == r->ipc_cuid || euid == r->ouid)
		r->cls = AUXB_OWNER;
	else if (in_group(c, r->ipc_cgid) || in_group(c, r->ogid))
		r->cls = AUXB_GROUP;
	else
		r->cls = AUXB_OTHER;
	shift = r->cls == AUXB_OWNER ? IPC_OWNER_SHIFT : r->cls == AUXB_GROUP ? 3 : 0;
	r->perm = ((flag >> 6) | (flag >> 3) | flag) & 7;
	r->granted = (r->mode >> shift) & 7;
	return 0;
}

/*
 * The object of id @id in @ids, as idr_find() finds it: the radix tree
 * (an xarray) of the ids' idr, indexed by the id's low bits (ipcid_to_idx():
 * 15 of them, 24 with ipcmni_extend); the object found must carry @id.
 */
#define XA_CHUNK_SHIFT	6
#define XA_CHUNK_MASK	63
static const struct kern_ipc_perm *ipc_object(struct ipc_ids *ids, int id)
{
	for (int bits = 15; bits <= 24; bits += 9) {
		unsigned long idx = (unsigned int)id & ((1u << bits) - 1);
		unsigned long e = (unsigned long)BPF_CORE_READ(ids, ipcs_idr.idr_rt.xa_head);

		for (int level = 0; level < 5; level++) {
			struct xa_node *node;
			unsigned char shift;

			if ((e & 3) != 2 || e <= 4096)
				break;	/* not a node: the entry */
			node = (struct xa_node *)(e - 2);
			shift = BPF_CORE_READ(node, shift);
			if (shift > 60)
				return NULL;
			e = (unsigned long)BPF_CORE_READ(node,
				slots[(idx >> shift) & XA_CHUNK_MASK]);
		}
		if (e && (e & 3) == 0 &&
		    BPF_CORE_READ((struct kern_ipc_perm *)e, id) == id)
			return (const struct kern_ipc_perm *)e;
	}
	return NULL;
}

SEC("fexit/ipcctl_obtain_check")
int BPF_PROG(ipcctl_x, struct ipc_namespace *ns, struct ipc_ids *ids, int id, int cmd,
	     struct ipc64_perm *perm, int extra_perm, struct kern_ipc_perm *ret)
{
	const struct kern_ipc_perm *p;
	struct auxb_rec *r;

	if ((long)ret != -EPERM)
		return 0;
	p = ipc_object(ids, id);
	if (!p)
		return 0;
	r = note_ipc(EPERM, p, AUXB_IPC_CTL);
	if (r)
		r->ipc_cmd = cmd;
	return 0;
}

/*
 * protected: the fs.protected_* sysctls' refusals (mechanism=protected,
 * 10), where the series notes them, next to audit_log_path_denied().
 * may_follow_link() and may_create_in_sticky() are static and inlined in
 * Debian's build (neither is in its BTF); the one call both make at their
 * refusal, audit_log_path_denied() (kernel/audit.c, called only there and
 * in may_linkat()), is out of line: its fexit, with its op= and the
 * caller's nameidata (task->nameidata), which at that call holds what
 * the check saw: for "follow_link" the link on top of nd->stack and the
 * sticky directory in nd->path; for "sticky_create", "sticky_create_fifo"
 * and "sticky_create_regular" the file or FIFO in nd->path, in its
 * parent; both with nd->dir_mode and nd->dir_vfsuid.  may_linkat() is out
 * of line (in BTF): its fexit at -EPERM, its only refusal of the sysctl.
 * The sysctls' values are static ints, read from kallsyms' addresses;
 * without them the level is what the refusal implies (docs/bpf-backend.md).
 */
#define PROT_SYMLINKS	0
#define PROT_HARDLINKS	1
#define PROT_FIFOS	2
#define PROT_REGULAR	3
#define S_ISUID		04000
#define S_ISGID		02000
extern const void sysctl_protected_symlinks __ksym __weak;
extern const void sysctl_protected_hardlinks __ksym __weak;
extern const void sysctl_protected_fifos __ksym __weak;
extern const void sysctl_protected_regular __ksym __weak;

/* the value of a sysctl at @addr, else @implied */
static __u32 prot_level(const void *addr, __u32 implied)
{
	int v = -1;

	if (!addr || bpf_probe_read_kernel(&v, sizeof(v), addr) || v < 1 || v > 2)
		return implied;
	return v;
}

static struct auxb_rec *note_protected(int err, __u32 sysctl, struct inode *inode)
{
	struct auxb_rec *r = note(err, AUXERR_MECH_PROTECTED, 0);

	if (!r)
		return NULL;
	r->prot_sysctl = sysctl;
	note_inode(r, inode);
	r->has_obj = 1;
	return r;
}

/* The sticky directory's owner: nameidata.dir_vfsuid (a vfsuid_t, 6.2 and
 * later) was dir_uid (a kuid_t) before; either holds the id as the
 * initial user namespace sees it. */
struct nameidata___dir_uid {
	kuid_t dir_uid;
} __attribute__((preserve_access_index));

static __u32 nd_dir_uid(struct nameidata *nd)
{
	struct nameidata___dir_uid *old = (void *)nd;

	if (bpf_core_field_exists(nd->dir_vfsuid))
		return BPF_CORE_READ(nd, dir_vfsuid.val);
	return BPF_CORE_READ(old, dir_uid.val);
}

SEC("fexit/audit_log_path_denied")
int BPF_PROG(protected_x, int type, const char *operation)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct nameidata *nd = BPF_CORE_READ(task, nameidata);
	struct dentry *obj, *dir;
	struct saved *stack;
	struct inode *inode;
	struct auxb_rec *r;
	__u32 sysctl, level, depth;
	char op[24] = {};

	if (!nd || bpf_probe_read_kernel_str(op, sizeof(op), operation) <= 0)
		return 0;
	if (op[0] == 'f' && op[1] == 'o' && op[7] == 'l') {	/* follow_link */
		depth = BPF_CORE_READ(nd, depth);
		stack = BPF_CORE_READ(nd, stack);
		if (!depth || depth > 64 || !stack ||
		    bpf_probe_read_kernel(&obj, sizeof(obj), &stack[depth - 1].link.dentry))
			return 0;
		dir = BPF_CORE_READ(nd, path.dentry);
		sysctl = PROT_SYMLINKS;
		level = prot_level(&sysctl_protected_symlinks, 1);
	} else if (op[0] == 's' && op[1] == 't' && op[7] == 'c') {	/* sticky_create* */
		obj = BPF_CORE_READ(nd, path.dentry);
		dir = BPF_CORE_READ(obj, d_parent);
		inode = BPF_CORE_READ(obj, d_inode);
		if (!inode)
			return 0;
		sysctl = (BPF_CORE_READ(inode, i_mode) & S_IFMT) == S_IFIFO ?
			 PROT_FIFOS : PROT_REGULAR;
		/* sticky_create: a world-writable directory, level 1 or 2;
		 * sticky_create_fifo, sticky_create_regular: level 2 */
		level = op[13] == '_' ? 2 : 1;
		level = sysctl == PROT_FIFOS ? prot_level(&sysctl_protected_fifos, level) :
					       prot_level(&sysctl_protected_regular, level);
	} else {
		return 0;	/* linkat: may_linkat()'s fexit */
	}
	inode = BPF_CORE_READ(obj, d_inode);
	if (!inode)
		return 0;
	r = note_protected(EACCES, sysctl, inode);
	if (!r)
		return 0;
	r->prot_level = level;
	r->prot_dir = 1;
	r->dir_mode = BPF_CORE_READ(nd, dir_mode);
	r->dir_ouid = nd_dir_uid(nd);
	r->dir_ino = BPF_CORE_READ(dir, d_inode, i_ino);
	return 0;
}

/*
 * may_linkat() refuses (EPERM) a hard link to a file the caller does not
 * own (inode_owner_or_capable() failed, whose CAP_FOWNER note this one
 * replaces, as the series' does) and that is not safe to link: why, in
 * the order of safe_hardlink_source()'s checks.
 */
SEC("fexit/may_linkat")
int BPF_PROG(linkat_x, struct mnt_idmap *idmap, const struct path *link, int ret)
{
	struct inode *inode;
	struct auxb_rec *r;
	__u32 mode;

	if (ret != -EPERM)
		return 0;
	inode = BPF_CORE_READ(link, dentry, d_inode);
	if (!inode)
		return 0;
	r = note_protected(EPERM, PROT_HARDLINKS, inode);
	if (!r)
		return 0;
	r->prot_level = prot_level(&sysctl_protected_hardlinks, 1);
	mode = r->mode;
	r->prot_unsafe = (mode & S_IFMT) != S_IFREG ? 0 :
			 (mode & S_ISUID) ? 1 :
			 (mode & (S_ISGID | 0010)) == (S_ISGID | 0010) ? 2 : 3;
	return 0;
}

/*
 * seccomp: __secure_computing() returns -1 when the system call is to be
 * skipped; for SECCOMP_RET_ERRNO the filter's errno is then already in the
 * task's return register.  (This fexit runs on every system call of a
 * task that has a filter: see docs/bpf-backend.md, "Cost".)
 */
#define SECCOMP_RET_ERRNO 0x00050000U
static __always_inline void end_call(struct auxb_task *t, int nr, long ret,
				     __u64 a0, __u64 a1, __u64 a2, __u64 a3);

SEC("fexit/__secure_computing")
int BPF_PROG(seccomp, const struct seccomp_data *sd, int ret)
{
	struct task_struct *task;
	struct pt_regs *regs;
	struct auxb_task *t;
	struct auxb_rec *r;
	long ax;

	if (ret != -1)
		return 0;
	task = bpf_get_current_task_btf();
	regs = (struct pt_regs *)bpf_task_pt_regs(task);
	ax = BPF_CORE_READ(regs, ax);
	if (ax >= 0 || ax < -MAX_ERRNO)
		return 0;
	r = note((int)-ax, AUXERR_MECH_SECCOMP, 0);
	if (!r)
		return 0;
	r->sc_nr = BPF_CORE_READ(regs, orig_ax);
	r->sc_code = SECCOMP_RET_ERRNO | (__u32)-ax;
	r->sc_filters = task->seccomp.filter_count.counter;
	/* the call is skipped: it never reaches its __x64_sys_ function,
	 * so with sys_ret its end is handled here (the tracepoint sees it) */
	t = exit_kretprobe ? bpf_task_storage_get(&notes, task, 0, 0) : NULL;
	if (t)
		end_call(t, r->sc_nr, ax, BPF_CORE_READ(regs, di), BPF_CORE_READ(regs, si),
			 BPF_CORE_READ(regs, dx), BPF_CORE_READ(regs, r10));
	return 0;
}

/* ---- the system call's exit: keep, drop, count -------------------- */

/* which argument of a system call is the path name (x86_64), or -1 */
static int path_arg(int nr)
{
	switch (nr) {
	case 2: case 4: case 6: case 21: case 59: case 76: case 80: case 82: case 83:
	case 84: case 85: case 86: case 87: case 89: case 90: case 92:
	case 94: case 133: case 161: case 188: case 189: case 191: case 192:
	case 197: case 198:
		return 0;
	case 257: case 437: case 258: case 259: case 260: case 262: case 263:
	case 265: case 267: case 268: case 269: case 280: case 322: case 332:
	case 439: case 88: case 264: case 316:
		return 1;
	case 266:
		return 2;
	}
	return -1;
}

/*
 * Which argument of a system call is the descriptor of the one file it
 * works on, for the calls that take no path (the series' auxerr_fd_arg(),
 * kernel/patches/0049): read, write, their p/v/v2 forms, ioctl, fcntl,
 * flock, fsync, fdatasync, syncfs, ftruncate, fallocate, fchmod, fchown,
 * fchdir, fstatfs, getdents64, the f*xattr calls, finit_module; mmap's
 * fifth.  -1 for the others.
 */
static int fd_arg(int nr)
{
	switch (nr) {
	case 0: case 1: case 16: case 17: case 18: case 19: case 20: case 72:
	case 73: case 74: case 75: case 77: case 81: case 91: case 93: case 138:
	case 190: case 193: case 196: case 199: case 217: case 285: case 295:
	case 296: case 306: case 313: case 327: case 328:
		return 0;
	case 9:
		return 4;
	}
	return -1;
}

/*
 * kernfs (kernel/patches/0052): a write to a cgroup's cgroup.procs that
 * moves a process needs write access to the cgroup.procs of the common
 * ancestor of the two cgroups too (cgroup_procs_write_permission()), and
 * that file refuses; the record names it by its path through the mount
 * the descriptor was opened on, as the caller can open it.  Here, at the
 * end of the call (the ancestors stay pinned by the descriptor's node
 * until it returns), the kernfs path of each node below the mount's
 * root; the reader, which may call bpf_d_path(), puts the mount's path
 * before it (dump()).  A node above that root (outside the caller's
 * cgroup namespace), deeper than KN_DEPTH levels below it, or a path
 * longer than a record's name, is not named.
 */
extern const void kernfs_sops __ksym __weak;
#define KN_DEPTH	16

/* kernfs_node.parent, __parent since Linux 6.15 */
struct kernfs_node___new {
	struct kernfs_node *__parent;
} __attribute__((preserve_access_index));

static __always_inline struct kernfs_node *kn_parent(struct kernfs_node *kn)
{
	if (bpf_core_field_exists(kn->parent))
		return BPF_CORE_READ(kn, parent);
	return BPF_CORE_READ((struct kernfs_node___new *)kn, __parent);
}

struct kn_walk {
	__u64 kn[KN_DEPTH];
	char path[2 * AUXB_NAME_MAX];
};
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kn_walk);
} kn_walks SEC(".maps");

/* @kn's path below @top ("/a/b/cgroup.procs") in w->path: its length, or
 * 0 when it is not below @top within KN_DEPTH levels or is longer than
 * AUXB_NAME_MAX - 2 */
static __always_inline int kn_path(struct kn_walk *w, struct kernfs_node *kn,
				   struct kernfs_node *top)
{
	int depth = 0, pos = 0;

	for (int i = 0; i < KN_DEPTH; i++) {
		if (!kn)
			return 0;
		if (kn == top) {
			depth = i;
			break;
		}
		w->kn[i] = (__u64)kn;
		kn = kn_parent(kn);
	}
	if (!depth)
		return 0;
	for (int i = KN_DEPTH - 1; i >= 0; i--) {
		struct kernfs_node *k;
		long len;

		if (i >= depth)
			continue;
		k = (struct kernfs_node *)w->kn[i];
		w->path[pos & (AUXB_NAME_MAX - 1)] = '/';
		pos++;
		if (pos >= AUXB_NAME_MAX - 2)
			return 0;
		len = bpf_probe_read_kernel_str(&w->path[pos & (AUXB_NAME_MAX - 1)],
						AUXB_NAME_MAX, BPF_CORE_READ(k, name));
		if (len <= 1)
			return 0;
		pos += len - 1;
		if (pos >= AUXB_NAME_MAX - 2)
			return 0;
	}
	return pos;
}

/* the record's object, a kernfs file other than descriptor file @f of
 * the same file system: its path below @f's mount root into r->name */
static __always_inline void keep_kernfs(struct auxb_rec *r, struct file *f)
{
	struct kernfs_node *top, *kn, *fkn;
	struct inode *obj = (struct inode *)r->obj_inode;
	struct kn_walk *w;
	__u32 zero = 0;
	int n, fn;

	if (!obj || !bpf_core_type_exists(struct kernfs_node) || !&kernfs_sops ||
	    r->dev != r->fd_dev ||
	    (__u64)BPF_CORE_READ(f, f_inode, i_sb, s_op) != (__u64)&kernfs_sops)
		return;
	w = bpf_map_lookup_elem(&kn_walks, &zero);
	if (!w)
		return;
	/* a kernfs node is its inode's i_private (kernfs_dentry_node()) */
	top = BPF_CORE_READ(f, f_path.mnt, mnt_root, d_inode, i_private);
	fkn = BPF_CORE_READ(f, f_inode, i_private);
	kn = BPF_CORE_READ(obj, i_private);
	fn = kn_path(w, fkn, top);
	if (!fn)
		return;
	n = kn_path(w, kn, top);
	if (!n)
		return;
	bpf_probe_read_kernel(r->name, sizeof(r->name), w->path);
	r->name[n & (AUXB_NAME_MAX - 1)] = 0;
	r->kn_len = n;
	r->fd_kn_len = fn;
}

/*
 * The file of descriptor @fdv of the current task, at the denial: its
 * inode, which the renderer checks the descriptor still refers to before
 * it names the file (a BPF program here may not call bpf_d_path(); the
 * iterator may).  When the note's object is another inode, the file is
 * not the record's name but its fd_name= (and a kernfs object is named,
 * keep_kernfs()), as the series' auxerr_fd_path().
 */
static __always_inline void keep_fd(struct auxb_rec *r, __u64 fdv)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct fdtable *fdt = BPF_CORE_READ(task, files, fdt);
	struct file **arr;
	struct file *f = NULL;

	if (!fdt || fdv >= BPF_CORE_READ(fdt, max_fds))
		return;
	arr = BPF_CORE_READ(fdt, fd);
	if (!arr || bpf_probe_read_kernel(&f, sizeof(f), &arr[fdv]) || !f)
		return;
	r->fd_ino = BPF_CORE_READ(f, f_inode, i_ino);
	r->fd_dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
	r->fd = (int)fdv;
	/* a file that is not the note's object is not the record's name
	 * (as the series: a cgroup.procs write refused by an ancestor's
	 * cgroup.procs is not named by the file written) */
	if (r->ino && (r->ino != r->fd_ino || r->dev != r->fd_dev)) {
		r->fd_other = 1;
		keep_kernfs(r, f);
	}
}

/*
 * path: the refused directory's prefix of the path the caller gave: it ends
 * after the first component equal to the directory's name (else, as when
 * the walk was inside a symlink, the directory's own name stays).  One
 * pass: @k is how much of the name the current component matched so far,
 * -1 once it differs.
 */
struct comp_find { struct auxb_rec *r; int k; int end; };

static long comp_cb(__u64 i, void *ctx)
{
	struct comp_find *c = ctx;
	struct auxb_rec *r = c->r;
	char ch;

	if (i >= AUXB_NAME_MAX)
		return 1;
	ch = r->name[i];
	if (ch == '/' || !ch) {
		if (c->k > 0 && !r->comp[c->k & (AUXB_NAME_MAX - 1)]) {
			c->end = i;
			return 1;
		}
		c->k = 0;
		return !ch;
	}
	if (c->k >= 0) {
		if (c->k < AUXB_NAME_MAX - 1 && r->comp[c->k & (AUXB_NAME_MAX - 1)] == ch)
			c->k++;
		else
			c->k = -1;
	}
	return 0;
}

/*
 * The address a refused connect (42), sendto (44), sendmsg (46) or bind
 * (49) gave, as the series keeps it (audit's SOCKADDR record), read from
 * the caller's memory at the end of the call: bind's and connect's second
 * and third arguments, sendto's fifth and sixth, sendmsg's msg_name.
 */
struct user_msghdr_head { __u64 name; __u32 namelen; };

static __always_inline void keep_sockaddr(struct auxb_rec *r, int nr, __u64 a1, __u64 a2)
{
	__u64 addr = a1, len = a2;

	if (nr == 44) {
		struct pt_regs *u = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());

		addr = BPF_CORE_READ(u, r8);
		len = BPF_CORE_READ(u, r9);
	} else if (nr == 46) {
		struct user_msghdr_head m;

		if (bpf_probe_read_user(&m, sizeof(m), (void *)a1))
			return;
		addr = m.name;
		len = m.namelen;
	}
	if (!addr || !len)
		return;
	if (len > AUXB_SOCKADDR_MAX)
		len = AUXB_SOCKADDR_MAX;
	if (bpf_probe_read_user(r->saddr, len, (void *)addr) == 0)
		r->saddr_len = len;
}

static const char pin_dir[] = AUXB_PIN_DIR;

/* @name is beneath the pins' directory (libauxerr's iterators) */
static __always_inline int is_pin_path(const char *name)
{
	for (int i = 0; i < (int)sizeof(pin_dir) - 1; i++)
		if (name[i] != pin_dir[i])
			return 0;
	return 1;
}

/*
 * The end of a system call of a thread that has storage (it had a denial
 * once): count it, and keep the pending note whose errno it returns.
 */
static __always_inline void end_call(struct auxb_task *t, int nr, long ret,
				     __u64 a0, __u64 a1, __u64 a2, __u64 a3)
{
	struct auxb_rec *p = NULL, *r;
	int err, arg;
	__u32 n, h;

	if (t->ll_set)
		t->ll_set = 0;
	if (t->reading) {
		/* read/close of our iterator: not counted */
		if (nr == 3)
			t->reading = 0;
		if (nr == 0 || nr == 3)
			return;
		t->reading = 0;
	}
	if (nr == 157 && a0 == PR_AUXERR) {
		/* libauxerr's prctl: not counted; HOLD and RELEASE (auxerr.h)
		 * around its request OWN to the service */
		if (a1 == AUXB_PR_HOLD) {
			if (!t->quiet && t->opened)
				t->calls--;	/* its refused open of the iterator */
			t->opened = 0;
			t->quiet = 1;
		} else if (a1 == AUXB_PR_RELEASE) {
			t->quiet = 0;
		}
		if (t->npend)
			t->npend = 0;
		return;
	}
	if (t->quiet) {
		/* a flush's own calls (hold ... release): not counted, and
		 * not noted (the library's, not the program's) */
		if (t->npend)
			t->npend = 0;
		return;
	}
	t->calls++;
	t->opened = nr == 257;	/* maybe the open of our iterator */
	n = t->npend;
	if (!n)
		return;
	t->npend = 0;
	if (ret >= 0 || ret < -MAX_ERRNO)
		return;
	err = -ret;
	for (int i = 0; i < AUXB_PENDING; i++) {
		if (i >= n)
			break;
		if (t->pend[i].error == err) {
			p = &t->pend[i];
			break;
		}
	}
	if (!p)
		return;
	arg = path_arg(nr);
	p->have_name = 0;
	if (arg >= 0) {
		const char *u = (const char *)a1;

		if (arg == 0)
			u = (const char *)a0;
		else if (arg == 2)
			u = (const char *)a2;
		p->have_name = bpf_probe_read_user_str(p->name, sizeof(p->name), u) > 0;
	}
	/* a sandbox refused libauxerr an iterator: the fetch's own call,
	 * not a record (it asks the service instead, see auxb_own_req) */
	if (nr == 257 && p->have_name && is_pin_path(p->name))
		return;
	h = (t->head + 1) % AUXERR_DEPTH_MAX;
	t->head = h;
	if (t->count < AUXERR_DEPTH_MAX)
		t->count++;
	r = &t->ring[h & (AUXERR_DEPTH_MAX - 1)];
	bpf_probe_read_kernel(r, sizeof(*r), p);
	r->serial = __sync_fetch_and_add(&next_serial, 1);
	r->time_ns = bpf_ktime_get_boot_ns() + realtime_offset;
	r->calls_at = t->calls;
	r->period = current_period();
	r->nr = nr;
	r->args[0] = a0;
	r->args[1] = a1;
	r->args[2] = a2;
	r->args[3] = a3;
	if (nr == 42 || nr == 44 || nr == 46 || nr == 49)
		keep_sockaddr(r, nr, a1, a2);
	/* AF_UNIX: the socket file the address names (not an abstract
	 * one), as the series' auxerr_unix_path() (kernel/patches/0051):
	 * the lookup that refused it walked that path before */
	if (!r->have_name && r->saddr_len > 2 && r->saddr[0] == 1 /* AF_UNIX */ &&
	    !r->saddr[1] && r->saddr[2]) {
		__u32 n = r->saddr_len - 2;

		if (n > AUXB_SOCKADDR_MAX - 3)
			n = AUXB_SOCKADDR_MAX - 3;
		/* (the verifier wants the size's bound in the register it uses) */
		barrier_var(n);
		n = (n & (AUXB_SOCKADDR_MAX - 1)) + 1;
		r->have_name = bpf_probe_read_kernel_str(r->name, n, &r->saddr[2]) > 0;
	}
	r->fd = -1;
	r->fd_other = 0;
	r->kn_len = 0;
	if (!r->aa_avc)		/* (its bytes are AppArmor's target=) */
		r->fd_name[0] = 0;
	arg = r->have_name ? -1 : fd_arg(nr);
	if (arg == 0) {
		keep_fd(r, a0);
	} else if (arg == 4) {
		struct pt_regs *u = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());

		keep_fd(r, BPF_CORE_READ(u, r8));
	}
	r->obj_inode = 0;	/* a kernel address: not kept */
	if (r->mech == AUXERR_MECH_PATH && r->have_name) {
		struct comp_find c = { .r = r, .k = 0, .end = -1 };

		bpf_loop(AUXB_NAME_MAX, comp_cb, &c, 0);
		if (c.end > 0) {
			bpf_probe_read_kernel(r->comp, c.end & (AUXB_NAME_MAX - 1), r->name);
			r->comp[c.end & (AUXB_NAME_MAX - 1)] = 0;
		}
	}
}

/*
 * The exit program (the default): the sys_exit tracepoint, which sees
 * every system call's end, skipped ones included.  Attaching it puts every
 * task's system calls on the exit work's slow path (docs/bpf-backend.md,
 * "Cost"); a thread that never had a denial returns after one
 * task-storage lookup.
 */
SEC("tp_btf/sys_exit")
int BPF_PROG(sys_exit, struct pt_regs *regs, long ret)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_task *t;

	t = bpf_task_storage_get(&notes, task, 0, 0);
	if (!t)
		return 0;	/* no denial ever: the whole cost */
	end_call(t, (int)regs->orig_ax, ret, regs->di, regs->si, regs->dx, regs->r10);
	return 0;
}

/*
 * The other exit program (auxerr-bpfd --exit-kretprobe, measured in
 * docs/bpf-backend.md): the return of the x86_64 system call functions
 * (__x64_sys_*), one
 * kretprobe.multi program attached by the loader to all of them but the
 * few that can fail with none of the noted errnos (getpid, getuid, ...):
 * those run no program at all, and no tracepoint puts every task's system
 * calls on the slow path (docs/bpf-backend.md, "Cost").  A thread that
 * never had a denial returns after one task-storage lookup.
 */
SEC("kretprobe.multi")
int sys_ret(struct pt_regs *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct pt_regs *u;
	struct auxb_task *t;

	t = bpf_task_storage_get(&notes, task, 0, 0);
	if (!t)
		return 0;	/* no denial ever: the whole cost */
	u = (struct pt_regs *)bpf_task_pt_regs(task);
	end_call(t, (int)BPF_CORE_READ(u, orig_ax), PT_REGS_RC(ctx),
		 BPF_CORE_READ(u, di), BPF_CORE_READ(u, si),
		 BPF_CORE_READ(u, dx), BPF_CORE_READ(u, r10));
	return 0;
}

/* ---- the reader: the thread's own records as event text ----------- */

/* the renderer (render.h): its output and its task's live fields */
#define render_out struct seq_file *
#define render_task struct task_struct *
#define render_printf(o, fmt, ...) BPF_SEQ_PRINTF(o, fmt, ##__VA_ARGS__)
static void put_untrusted(struct seq_file *seq, const char *s, __u32 n);
static void put_bare(struct seq_file *seq, const char *s, __u32 n);
static int put_name_dir(struct seq_file *seq, const char *s, __u32 n);
static void put_hex(struct seq_file *seq, const __u8 *b, __u32 n);
static __u32 task_auid(struct task_struct *task);
static __u32 task_ses(struct task_struct *task);
static void put_tty(struct seq_file *seq, struct task_struct *task);
static void put_exe(struct seq_file *seq, struct task_struct *task);
static void put_cwd(struct seq_file *seq, struct task_struct *task);
static void put_proctitle(struct seq_file *seq, struct task_struct *task);
static int fd_named(struct task_struct *task, const struct auxb_rec *r);
static void put_fd_name(struct seq_file *seq, struct task_struct *task);
#include "render.h"

static char hexd(unsigned c)
{
	return c < 10 ? '0' + c : 'A' + c - 10;
}

/* str: the string to print; hex: its encoding. Loops run in bpf_loop()
 * callbacks, which the verifier checks once, not once per iteration. */
struct strbuf {
	char str[256];
	char hex[512];
	char path[SCRATCH];
};
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct strbuf);
} strbufs SEC(".maps");

struct scan { int len; int hex; };

static long scan_cb(__u64 i, void *ctx)
{
	struct scan *c = ctx;
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);
	char ch;

	if (!b || i >= 255)
		return 1;
	ch = b->str[i];
	if (!ch) {
		c->len = i;
		return 1;
	}
	if (render_needs_hex(ch, 0))
		c->hex = 1;
	return 0;
}

static long hex_cb(__u64 i, void *ctx)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);
	unsigned char ch;

	if (!b || i >= 255)
		return 1;
	ch = b->str[i];
	b->hex[2 * i] = hexd(ch >> 4);
	b->hex[2 * i + 1] = hexd(ch & 15);
	b->hex[2 * i + 2] = 0;
	return 0;
}

/* audit_log_n_untrustedstring() of strbufs.str, @len bytes (or up to its
 * NUL when @cstr): quoted, or hex when it must be */
static void put_str(struct seq_file *seq, int len, int cstr)
{
	struct scan c = { .len = len, .hex = 0 };
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);

	if (!b)
		return;
	if (len > 255)
		len = 255;
	if (len < 0)
		len = 0;
	b->str[255] = 0;
	c.len = len;
	bpf_loop(len, scan_cb, &c, 0);
	if (cstr)
		len = c.len;
	if (!c.hex && len == c.len) {
		BPF_SEQ_PRINTF(seq, "\"%s\"", b->str);
		return;
	}
	b->hex[0] = 0;
	bpf_loop(len, hex_cb, NULL, 0);
	BPF_SEQ_PRINTF(seq, "%s", b->hex);
}


static void put_untrusted(struct seq_file *seq, const char *s, __u32 n)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);

	if (!b)
		return;
	if (n > sizeof(b->str))
		n = sizeof(b->str);
	bpf_probe_read_kernel_str(b->str, n, s);
	put_str(seq, 255, 1);
}

/* the index after the last '/' of strbufs.str before its NUL */
static long slash_cb(__u64 i, void *ctx)
{
	int *last = ctx;
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);
	char ch;

	if (!b || i >= 255)
		return 1;
	ch = b->str[i];
	if (!ch)
		return 1;
	if (ch == '/')
		*last = i + 1;
	return 0;
}

static int put_name_dir(struct seq_file *seq, const char *s, __u32 n)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);
	int last = 0;

	if (!b)
		return 0;
	if (n > sizeof(b->str))
		n = sizeof(b->str);
	bpf_probe_read_kernel_str(b->str, n, s);
	bpf_loop(255, slash_cb, &last, 0);
	if (last <= 0 || last > 255)
		return 0;
	b->str[last & 255] = 0;
	put_str(seq, 255, 1);
	return 1;
}

static void put_bare(struct seq_file *seq, const char *s, __u32 n)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);

	if (!b)
		return;
	if (n > sizeof(b->str))
		n = sizeof(b->str);
	bpf_probe_read_kernel_str(b->str, n, s);
	BPF_SEQ_PRINTF(seq, "%s", b->str);
}

/* through strbufs.str: hex_cb() writes every byte, NULs too */
static void put_hex(struct seq_file *seq, const __u8 *b, __u32 n)
{
	__u32 zero = 0;
	struct strbuf *sb = bpf_map_lookup_elem(&strbufs, &zero);

	if (!sb)
		return;
	if (n > AUXB_SOCKADDR_MAX)
		n = AUXB_SOCKADDR_MAX;
	bpf_probe_read_kernel(sb->str, n, b);
	sb->hex[0] = 0;
	bpf_loop(n, hex_cb, NULL, 0);
	BPF_SEQ_PRINTF(seq, "%s", sb->hex);
}

static __u32 task_auid(struct task_struct *task)
{
	return task->loginuid.val;
}

static __u32 task_ses(struct task_struct *task)
{
	return task->sessionid;
}

static void put_tty(struct seq_file *seq, struct task_struct *task)
{
	struct tty_struct *tty = task->signal->tty;

	if (tty)
		BPF_SEQ_PRINTF(seq, "%s", tty->name);
	else
		BPF_SEQ_PRINTF(seq, "(none)");
}

/* a path of the task, or (null) */
static void put_path(struct seq_file *seq, struct path *path)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);

	if (b && path && bpf_d_path(path, b->path, SCRATCH) > 0)
		put_untrusted(seq, b->path, sizeof(b->str));
	else
		BPF_SEQ_PRINTF(seq, "(null)");
}

static void put_exe(struct seq_file *seq, struct task_struct *task)
{
	struct mm_struct *mm = task->mm;

	put_path(seq, mm && mm->exe_file ? &mm->exe_file->f_path : NULL);
}

static void put_cwd(struct seq_file *seq, struct task_struct *task)
{
	put_path(seq, &task->fs->pwd);
}

/*
 * The file of a record's descriptor: named by dump() (below) while it
 * runs over the reader's open files, into the record itself, before the
 * records are rendered; nothing is left to name here.
 */
static int fd_named(struct task_struct *task, const struct auxb_rec *r)
{
	return 0;
}

static void put_fd_name(struct seq_file *seq, struct task_struct *task)
{
}

/* the first 128 bytes of the command line, its trailing NULs cut */
static void put_proctitle(struct seq_file *seq, struct task_struct *task)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);
	struct mm_struct *mm = task->mm;
	unsigned long len;
	int n;

	if (!b || !mm)
		return;
	len = mm->arg_end - mm->arg_start;
	if (len > 128)
		len = 128;
	if (bpf_probe_read_user(b->str, len & 255, (void *)mm->arg_start))
		return;
	n = len;
	for (int i = 0; i < 128; i++) {
		if (n <= 0 || b->str[(n - 1) & 255])
			break;
		n--;
	}
	b->str[n & 255] = 0;
	put_str(seq, n, 0);
}

static void put_event(struct seq_file *seq, struct task_struct *task,
		      struct auxb_task *t, struct auxb_rec *r, __u32 slot)
{
	render_header(seq, r, slot, render_age(t->calls, r, current_period()));
	BPF_SEQ_PRINTF(seq, "\n");
	render_record(seq, task, r, 1);
}

struct slots { struct seq_file *seq; };

static long slot_cb(__u64 s, void *ctx)
{
	struct slots *c = ctx;
	struct task_struct *task = bpf_get_current_task_btf();
	struct auxb_task *t = bpf_task_storage_get(&notes, task, 0, 0);

	if (!t)
		return 1;
	put_event(c->seq, task, t, &t->ring[(t->head - s) & (AUXERR_DEPTH_MAX - 1)], s);
	return 0;
}

/*
 * The storage of the thread reading one of the pinned iterators, when the
 * iterated task is that thread (each reader sees only its own); the open
 * of the file is not counted as a system call since the records, and the
 * thread is marked as reading.  NULL for any other task.
 */
static __always_inline struct auxb_task *reader_storage_of(struct task_struct *task)
{
	struct auxb_task *t;

	if (!task || task != bpf_get_current_task_btf())
		return NULL;
	t = bpf_task_storage_get(&notes, task, 0, 0);
	if (!t)
		return NULL;
	if (!t->reading && t->opened) {
		t->calls--;
		t->opened = 0;
	}
	t->reading = 1;
	return t;
}

static __always_inline struct auxb_task *reader_storage(struct bpf_iter__task *ctx)
{
	return reader_storage_of(ctx->task);
}

/*
 * A record whose object is another file than its descriptor's @file
 * (keep_fd()): the descriptor's path is its fd_name=, and a kernfs
 * object's path below the mount root (keep_kernfs()) gets the mount's
 * path before it: the descriptor's path less the descriptor's own kernfs
 * path.  Such a path that does not end in the descriptor's kernfs path
 * (" (deleted)") leaves the object unnamed.
 */
static __always_inline void name_other(struct auxb_rec *r, struct file *file)
{
	__u32 zero = 0;
	struct strbuf *b = bpf_map_lookup_elem(&strbufs, &zero);
	long n = bpf_d_path(&file->f_path, r->fd_name, sizeof(r->fd_name));
	int prefix;

	if (n <= 1) {
		r->fd_name[0] = 0;
		return;
	}
	if (!b || !r->kn_len)
		return;
	prefix = n - 1 - (int)r->fd_kn_len;
	if (prefix < 0 || prefix + r->kn_len >= AUXB_NAME_MAX - 1 ||
	    r->fd_name[prefix & (AUXB_NAME_MAX - 1)] != '/')
		goto unnamed;
	bpf_probe_read_kernel(b->path, prefix & (AUXB_NAME_MAX - 1), r->fd_name);
	bpf_probe_read_kernel(&b->path[prefix & (AUXB_NAME_MAX - 1)],
			      (r->kn_len + 1) & (AUXB_NAME_MAX - 1), r->name);
	bpf_probe_read_kernel(r->name, sizeof(r->name), b->path);
	r->name[(AUXB_NAME_MAX - 1)] = 0;
	r->have_name = 1;
	r->kn_len = 0;
	return;
unnamed:
	r->kn_len = 0;
	r->name[0] = 0;
}

/*
 * /sys/fs/bpf/auxerr/records: a task_file iterator, which runs over every
 * open file of every process (a thread that shares its files is visited
 * as its leader), and once more at the end with none.  On each of the
 * reader's own files: the records kept for a call on that descriptor
 * (struct auxb_rec.fd) that have no name yet, and whose descriptor still
 * refers to the inode it had at the denial, are named by it, as
 * /proc/self/fd shows it to the reader (bpf_d_path(), which the exit
 * program may not call; the series' auxerr_fd_path(), kernel/patches/0049).
 * At the end: the reader's records.
 */
SEC("iter/task_file")
int dump(struct bpf_iter__task_file *ctx)
{
	struct task_struct *me = bpf_get_current_task_btf();
	struct task_struct *task = ctx->task;
	struct file *file = ctx->file;
	struct slots c = { .seq = ctx->meta->seq };
	struct auxb_task *t;
	__u32 n;

	if (task && file) {
		if (task->files != me->files)
			return 0;
		t = bpf_task_storage_get(&notes, me, 0, 0);
		if (!t)
			return 0;
		n = t->count < depth ? t->count : depth;
		for (int i = 0; i < AUXERR_DEPTH_MAX; i++) {
			struct auxb_rec *r;

			if (i >= n)
				break;
			r = &t->ring[(t->head - i) & (AUXERR_DEPTH_MAX - 1)];
			if (r->fd != (int)ctx->fd || !file->f_inode ||
			    file->f_inode->i_ino != r->fd_ino ||
			    file->f_inode->i_sb->s_dev != r->fd_dev)
				continue;
			if (r->fd_other) {
				if (!r->fd_name[0])
					name_other(r, file);
				continue;
			}
			if (r->have_name)
				continue;
			if (bpf_d_path(&file->f_path, r->name, sizeof(r->name)) > 0)
				r->have_name = 1;
		}
		return 0;
	}
	t = reader_storage_of(me);
	if (!t)
		return 0;
	n = t->count < depth ? t->count : depth;
	bpf_loop(n, slot_cb, &c, 0);
	return 0;
}

/* Reading /sys/fs/bpf/auxerr/clear drops the reading thread's records */
SEC("iter/task")
int clear(struct bpf_iter__task *ctx)
{
	struct auxb_task *t = reader_storage(ctx);

	if (t)
		t->count = 0;
	return 0;
}

/*
 * Reading /sys/fs/bpf/auxerr/hold stops the counting of the reading
 * thread's system calls, reading .../release starts it again: libauxerr
 * wraps its FLUSH request to the flush service (socket, connect, send,
 * recv, close) in them, so that a flush does not age the records, as the
 * prctl does not on the patched kernel.  While held, the thread's programs
 * write nothing to its storage, so the service can update it.
 */
static int hold_or_release(struct bpf_iter__task *ctx, __u32 quiet)
{
	struct auxb_task *t = reader_storage(ctx);

	if (t)
		t->quiet = quiet;
	return 0;
}

SEC("iter/task")
int hold(struct bpf_iter__task *ctx)
{
	return hold_or_release(ctx, 1);
}

SEC("iter/task")
int release(struct bpf_iter__task *ctx)
{
	return hold_or_release(ctx, 0);
}

/*
 * execve() drops the thread's records, as the series' auxerr_exec() does
 * at begin_new_exec()'s point of no return: what a program was refused is
 * none of the next program's business, and across a set-user-ID exec, or
 * a root process's setresuid() then execve(), it would leak what only the
 * old credentials could see.  sched_process_exec runs after that point,
 * before the new program's first instruction; the execve() itself then
 * returns 0, which keeps no note.  (The loader refuses to load the
 * backend without this program.)
 */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(exec_drop, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	bpf_task_storage_delete(&notes, bpf_get_current_task_btf());
	return 0;
}

/*
 * /sys/fs/bpf/auxerr/status: what the loader attached on this kernel and
 * what it had to leave out, one line per mechanism (auxerr-bpfd --status,
 * auxerr status), written by the loader once the programs are attached.
 * Printed once, for the reading task.
 */
char status_text[AUXB_STATUS_MAX];
__u32 status_len;

SEC("iter/task")
int status(struct bpf_iter__task *ctx)
{
	__u32 n = status_len;

	if (!ctx->task || ctx->task != bpf_get_current_task_btf() || !n)
		return 0;
	if (n > AUXB_STATUS_MAX)
		n = AUXB_STATUS_MAX;
	bpf_seq_write(ctx->meta->seq, status_text, n);
	return 0;
}
