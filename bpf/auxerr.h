/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the BPF backend keeps per thread (bpf/auxerr.bpf.c), shared with its
 * loader and its flush service.  The event text is rendered from it by the
 * iterator when the thread reads it, and by the service (render.h).
 */
#ifndef AUXERR_BPF_H
#define AUXERR_BPF_H

/*
 * The series' ABI: enum auxerr_mechanism (a record's mech), the record
 * flags (AUXERR_INFO_*), AUXERR_DEPTH_MAX, AUXERR_AGE_MAX, PR_AUXERR.  A
 * BPF object has the kernel's types from vmlinux.h already, which
 * <linux/types.h> would define a second time.
 */
#ifdef __bpf__
#define _LINUX_TYPES_H
#endif
#include <linux/auxerr.h>

#define AUXB_PENDING	3	/* notes of one system call, one per errno */
#define AUXB_NAME_MAX	256
#define AUXB_SOCKADDR_MAX	128	/* sizeof(struct sockaddr_storage) */
/* the series' longest kept sysctl name, key type and key description,
 * each with its NUL (AUXERR_SYSCTL_MAX, AUXERR_KEY_TYPE_MAX,
 * AUXERR_KEY_DESC_MAX) */
#define AUXB_SYSCTL_MAX	64
#define AUXB_KEY_TYPE_MAX	24
#define AUXB_KEY_DESC_MAX	64
/* AppArmor's record: its longest operation (OP_* strings), info= and
 * profile name kept, each with its NUL */
#define AUXB_AA_OP_MAX	24
#define AUXB_AA_INFO_MAX	64
#define AUXB_AA_PROFILE_MAX	112

/*
 * prctl(PR_AUXERR, AUXB_PR_HOLD) and prctl(PR_AUXERR, AUXB_PR_RELEASE):
 * operations no kernel knows (a stock kernel answers EINVAL), which the
 * exit program reads as markers.  HOLD stops the counting of the thread's
 * system calls (as reading .../hold does) and undoes the count of the call
 * before it when that was an openat (libauxerr's refused open of the
 * iterator); RELEASE starts the counting again.  libauxerr wraps its
 * request OWN to the service in them when a sandbox refuses it the
 * iterator (docs/bpf-backend.md, "Reading under a sandbox").
 */
#define AUXB_PR_HOLD	0x484f4c44	/* "HOLD" */
#define AUXB_PR_RELEASE	0x52454c53	/* "RELS" */
/* the pins' directory, as libauxerr opens its iterators: a refused open
 * of a path beneath it is not kept as a record (the fetch's own call) */
#define AUXB_PIN_DIR "/sys/fs/bpf/auxerr/"

/*
 * The codes a record stores, each the index of its name in the renderer
 * (render.h): the class that decided a dac record, the LSM and the hook of
 * an lsm record, what an ipc record's object refused, the sysctl behind a
 * cap record and the operation it stood in for, the method behind a dac record, the flag of a mount, inode
 * or sticky record.
 */
enum auxb_class { AUXB_OWNER, AUXB_GROUP, AUXB_OTHER, AUXB_ACL, AUXB_ACL_USER,
		  AUXB_ACL_GROUP, AUXB_ACL_MASK };
enum auxb_lsm { AUXB_LSM_APPARMOR = 1, AUXB_LSM_LANDLOCK, AUXB_LSM_YAMA };
enum auxb_hook { AUXB_HOOK_FILE_OPEN = 1, AUXB_HOOK_FILE_PERMISSION,
		 AUXB_HOOK_FILE_TRUNCATE, AUXB_HOOK_FILE_IOCTL, AUXB_HOOK_PATH_MKNOD,
		 AUXB_HOOK_PATH_MKDIR, AUXB_HOOK_PATH_CHOWN,
		 AUXB_HOOK_PTRACE_ACCESS_CHECK, AUXB_HOOK_CAPABLE, AUXB_HOOK_TASK_KILL,
		 AUXB_HOOK_PATH_UNLINK, AUXB_HOOK_PATH_RMDIR, AUXB_HOOK_PATH_RENAME,
		 AUXB_HOOK_PATH_LINK, AUXB_HOOK_PATH_SYMLINK, AUXB_HOOK_PATH_TRUNCATE,
		 AUXB_HOOK_PATH_CHMOD, AUXB_HOOK_SB_MOUNT, AUXB_HOOKS };
enum auxb_owner_op { AUXB_OWNER_CHMOD = 2, AUXB_OWNER_CHOWN, AUXB_OWNER_CHGRP,
		     AUXB_OWNER_UTIMES };
enum auxb_policy { AUXB_POLICY_PORT = 1, AUXB_POLICY_DMESG, AUXB_POLICY_OOM_MIN,
		   AUXB_POLICY_MEMFD_NOEXEC, AUXB_POLICY_UFFD, AUXB_POLICY_MMAP_MIN,
		   AUXB_POLICY_NNP, AUXB_POLICY_IO_URING, AUXB_POLICY_BPF,
		   AUXB_POLICY_PERF, AUXB_POLICY_USERNS, AUXB_POLICIES };
enum auxb_key_class { AUXB_KEY_USER, AUXB_KEY_GROUP, AUXB_KEY_OTHER };
enum auxb_method { AUXB_METHOD_PROC_SYS = 1 };
enum auxb_ipc_op { AUXB_IPC_ACCESS = 1, AUXB_IPC_CTL };
enum auxb_flag { AUXB_FLAG_RO = 1, AUXB_FLAG_RO_SB, AUXB_FLAG_STICKY,
		 AUXB_FLAG_NOEXEC, AUXB_FLAG_NODEV, AUXB_FLAG_IMMUTABLE,
		 AUXB_FLAG_APPEND };

struct auxb_rec {
	__u64 serial;
	__u64 time_ns;		/* CLOCK_REALTIME */
	__u32 calls_at;		/* the thread's counted calls at the exit */
	__u32 period;		/* the attach period it was kept in */
	__s32 error;		/* positive */
	__s32 nr;
	__u32 mech;
	__u32 flags;
	__u32 have_name;
	__u64 args[4];
	/* the task at the denial */
	__u32 ppid, pid;
	__u32 uid, gid, euid, suid, fsuid, egid, sgid, fsgid;
	char comm[16];
	/* dac: the object and the decision */
	__u32 cls, perm, granted, override, mode, ouid, ogid, dev, rdev;
	__u32 acl_id, acl_tag;	/* the deciding ACL entry: 1 user, 2 group */
	__u32 method;		/* a ->permission() method decided (enum auxb_method) */
	__u64 ino;
	/* cap; the sysctl that made the capability necessary (enum
	 * auxb_policy) and its value */
	__u32 cap, userns_level, userns_owner;
	__u64 userns;
	__u32 policy;
	__s32 policy_value;
	__s32 policy_gid;	/* kernel.io_uring_group, for io_uring's */
	/*
	 * The strings of one mechanism each, or of AppArmor's own record
	 * (AVC) of an lsm record: never both in one record (aa_avc says
	 * which), so they share their bytes and a thread's storage stays
	 * within 32 KiB (one order-3 allocation, made where the first note
	 * is taken, atomically).
	 */
	union {
		struct {
			/* a sysctl whose handler made the check on write:
			 * its dotted name */
			char sysctl_write[AUXB_SYSCTL_MAX];
			char key_type[AUXB_KEY_TYPE_MAX];
			char key_desc[AUXB_KEY_DESC_MAX];
			char fstype[16], sb[32];
		};
		/* AppArmor's record: its operation, info= and profile
		 * (the profile's hname, cut to fit) */
		struct {
			char aa_op[AUXB_AA_OP_MAX];
			char aa_info[AUXB_AA_INFO_MAX];
			char aa_profile[AUXB_AA_PROFILE_MAX];
		};
	};
	/* the resource limit the capability overrides (RLIMIT_* + 1: only
	 * RLIMIT_MEMLOCK) and its soft value */
	__u32 rlimit;
	__u64 rlimit_cur;
	/* the operation reserved to the owner (enum auxb_owner_op), chgrp's
	 * group; the file in mode, ouid, ogid, ino, dev */
	__u32 owner_op, has_ngid, ngid;
	/* mount, inode, sticky: the flag (enum auxb_flag), the filesystem
	 * (fstype, sb: above), the sticky directory */
	__u32 flag, dir_mode, dir_ouid;
	__u64 dir_ino;
	/* ptrace: 1 creds, 2 not_dumpable; the target; for creds its ids
	 * (effective in ouid, ogid; its user namespace in userns and
	 * userns_owner), shown where ids_visible (as for signal) */
	__u32 reason, opid;
	__u32 oruid, orgid, osgid;
	/* signal: the signal, the target's saved uid (its real uid in ouid,
	 * its user namespace in userns and userns_owner), and whether the
	 * caller's /proc shows it other users' processes (else ids=hidden) */
	__u32 sig, osuid, ids_visible;
	/* protected: which fs.protected_* sysctl (0 symlinks, 1 hardlinks,
	 * 2 fifos, 3 regular), its level, for a hard link why the file is
	 * not safe to link (0 not_regular, 1 setuid, 2 setgid, 3 no_access),
	 * and whether the sticky directory (dir_mode, dir_ouid, dir_ino) is
	 * set (not for a hard link); the object in mode, ouid, ogid, ino, dev */
	__u32 prot_sysctl, prot_level, prot_unsafe, prot_dir;
	/* ping: net.ipv4.ping_group_range of the socket's network namespace */
	__u32 group_low, group_high;
	/* ipc: what refused (enum auxb_ipc_op), IPC_RMID or IPC_SET for
	 * ctl, the object (its mode, owner in mode, ouid, ogid; access: the
	 * class, perm, granted in cls, perm, granted) */
	__u32 ipc_op, ipc_cmd, ipc_cuid, ipc_cgid;
	__s32 ipc_key, ipc_id;
	/* key: the key's serial, whole mask, the byte that applied (enum
	 * auxb_key_class), the possessor's byte added, the permission
	 * needed and what was granted (KEY_OTH_* bits), its owner in ouid,
	 * ogid; its type, its description where the caller may view it */
	__s32 key_serial;
	__u32 key_perm, key_class, key_possessed, key_need, key_granted;
	/* (key_type, key_desc: above) */
	/* seccomp: the number the filter saw, its return value, the stack */
	__u32 sc_nr, sc_code, sc_filters;
	/* lsm: enum auxb_lsm, enum auxb_hook */
	__u32 lsm, hook;
	/* Landlock: the missing rights (LANDLOCK_ACCESS_FS_* bits), the
	 * youngest layer that denied, the domain's layers; has_obj: the
	 * object (mode, ouid, ogid, ino, dev) is set */
	__u32 ll_blockers, ll_layer, ll_layers, has_obj;
	/* Yama: kernel.yama.ptrace_scope; 1 not_descendant, 2 scope */
	__s32 yama_scope;
	__u32 yama_rel;
	/*
	 * AppArmor's own record of the denial (the series' AVC,
	 * kernel/patches/0027), from the audit data aa_audit() or
	 * aa_audit_file() had: aa_avc 1 when set (then aa_op, aa_info,
	 * aa_profile above, aa_name and aa_target below are its strings);
	 * aa_open while no hook's note has taken it yet; aa_audited: not
	 * quieted, AppArmor logged it too; the class (AA_CLASS_*), the
	 * request and denied masks (AA_MAY_* bits), info='s error, the fsuid
	 * and the file's owner; aa_target_kind 1 a label (written "?", as
	 * the series' lsm_detail 1 does), 2 the string aa_target
	 */
	__u32 aa_avc, aa_open, aa_audited, aa_class, aa_request, aa_denied;
	__s32 aa_error;
	__u32 aa_fsuid, aa_ouid, aa_target_kind;
	/* subj=: the task's AppArmor label at the denial; subj_mode: 0 none
	 * shown (unconfined), else 1 + the profile's mode */
	char subj[64];
	__u32 subj_mode;
	/* the address a refused bind, connect, sendto or sendmsg gave (a
	 * SOCKADDR record, whatever the mechanism) */
	__u32 saddr_len;
	__u8 saddr[AUXB_SOCKADDR_MAX];
	/* a call on a file descriptor that takes no path (write, ftruncate,
	 * fchmod, mmap...): the descriptor (-1 none) and its file's inode
	 * at the denial; the renderer names the file as /proc/self/fd shows
	 * it if the descriptor still refers to that inode */
	__s32 fd;
	__u32 fd_dev;
	__u64 fd_ino;
	/* ... when another inode than the descriptor's decided (a write to
	 * cgroup.procs refused by the common ancestor's cgroup.procs):
	 * fd_other; the descriptor's path, the series' fd_name=, written by
	 * the reader; for a kernfs object below the descriptor's mount root,
	 * kn_len, the length of its kernfs path below that root, held in
	 * name (have_name 0) until the reader puts the mount's path before
	 * it, and fd_kn_len, the length of the descriptor's own */
	__u32 fd_other, kn_len, fd_kn_len;
	/* fd_name only with fd_other; aa_target (AppArmor's target=) only
	 * with aa_avc, which no fd_other record has */
	union {
		char fd_name[AUXB_NAME_MAX];
		char aa_target[AUXB_NAME_MAX];
	};
	/* the inode a dac note refused, for the exit program only (0 in a
	 * kept record) */
	__u64 obj_inode;
	char name[AUXB_NAME_MAX];	/* the path the caller gave */
	union {
		char comp[AUXB_NAME_MAX];	/* path: the directory, as it gave it */
		char aa_name[AUXB_NAME_MAX];	/* AppArmor's name= (lsm) */
	};
};

struct auxb_task {
	__u32 calls;		/* system calls completed (see the exit hook) */
	__u32 reading;		/* inside open/read/close of our iterator */
	__u32 npend;
	__u32 head;		/* ring[head] is the newest */
	__u32 count;
	__u32 opened;		/* the last counted call was an openat */
	__u32 quiet;		/* between hold and release: a flush's own
				 * calls, not counted (see the flush service) */
	/* Landlock's last refused path walk in this system call (its
	 * hook's note takes it) */
	__u32 ll_set, ll_blockers, ll_layer, ll_layers;
	__u32 ll_mode, ll_ouid, ll_ogid, ll_dev;
	__u64 ll_ino;
	struct auxb_rec pend[AUXB_PENDING];
	struct auxb_rec ring[AUXERR_DEPTH_MAX];
};

/*
 * FLUSH (auxerr-bpfd --serve): a thread's request on the service's unix
 * socket (SOCK_SEQPACKET), answered by one __s32: 0, or a positive errno.
 */
#define AUXB_FLUSH_SOCK	"/run/auxerr/flush"
#define AUXB_FLUSH_MAGIC	0x41555846	/* "AUXF" */
struct auxb_flush_req {
	__u32 magic;
	__u32 tid;		/* the requesting thread: the peer's own */
	__u64 serial;		/* the record to flush */
};

/*
 * LAST (auxerr last -p PID, the series' /proc/PID/task/TID/auxerr): the
 * records of thread @tid of any process, for a caller the kernel lets
 * read that thread.  The request carries two descriptors (SCM_RIGHTS):
 * /proc/PID/task/TID/environ, opened by the caller (the kernel makes its
 * ptrace read check, PTRACE_MODE_READ_FSCREDS, at that open), and a
 * pidfd of the thread.  The answer is one message: a __s32 (0 or a
 * positive errno), then per record, newest first, the iterator's header
 * line ("#slot=N serial= ...") and the record as the type 2340 message's
 * text, each ending in '\n'.
 */
#define AUXB_LAST_MAGIC	0x4155584c	/* "AUXL" */
struct auxb_last_req {
	__u32 magic;
	__u32 tid;
};
#define AUXB_LAST_MAX	(1 << 17)	/* the longest answer */

/*
 * OWN: one record of the requesting thread itself, for a thread whose
 * sandbox (Landlock, seccomp, a mount namespace without bpffs) refuses it
 * the iterator.  The thread must be one of the peer process's threads (as
 * for FLUSH), and held (prctl AUXB_PR_HOLD): its calls since are not
 * counted, so the age is the one the iterator would show.  The answer is
 * one message: a __s32 (0 or a positive errno), AUXB_OWN_HDR bytes with
 * the iterator's header line for the slot ("#slot=N serial= ... flags=
 * len=LEN\n", NUL-padded), then LEN bytes: the record's event text as the
 * iterator renders it.
 */
#define AUXB_OWN_MAGIC	0x4155584f	/* "AUXO" */
struct auxb_own_req {
	__u32 magic;
	__u32 tid;		/* the requesting thread: the peer's own */
	__u32 slot;
	__u32 pad;
};
#define AUXB_OWN_HDR	256
#define AUXB_OWN_MAX	16384	/* the longest record text */
/*
 * WANT (auxerr-bpfd --on-demand): the noting programs are loaded but not
 * attached until someone wants records.  While a connection that sent
 * this request stays open, the service keeps them attached (answer 0,
 * and the connection is not closed); when the last such connection
 * closes, it detaches them.  Until they are attached the service answers
 * EINPROGRESS, at once and every second (the attach can take seconds),
 * then 0 (or why it could not attach them, and closes).  Where the
 * backend is always attached the answer is EALREADY and the service
 * closes the connection.
 */
#define AUXB_WANT_MAGIC	0x41555857	/* "AUXW" */
struct auxb_want_req {
	__u32 magic;
	__u32 pad;
};
/* --on-demand: the loaded noting programs, pinned unattached */
#define AUXB_PROGS_DIR	"/sys/fs/bpf/auxerr/links/progs"
/* the attach period (an array of one __u32): bumped by the service at
 * each attach and detach; a record of another period is stale */
#define AUXB_PERIOD_PIN	"/sys/fs/bpf/auxerr/links/period"
/* what the loader attached and left out, one line per mechanism:
 * "NAME live", "NAME partial: WHAT: WHY[; ...]", "NAME unavailable: WHY"
 * (auxerr-bpfd --status, auxerr status) */
#define AUXB_STATUS_PIN	"/sys/fs/bpf/auxerr/status"
#define AUXB_STATUS_MAX	4096
/* the loader's pin of its read-only data (the depth), for LAST */
#define AUXB_RODATA_PIN	"/sys/fs/bpf/auxerr/links/rodata"

/* the audit message type of a flushed record on this backend (a user
 * message: the kernel's AUXERR type 1340 cannot be sent from user space) */
#define AUXB_AUDIT_TYPE	2340

#endif
