/* Issue 37: errors that are not denials.  mechanism=vm (the checks of
 * mmap(), mprotect(), mremap()) and mechanism=exec (execve()'s missing
 * ELF or #! interpreter, another machine, an object file, no format):
 * event texts written by hand from the kernel's Documentation
 * (userspace-api/auxerr.rst, "Errors that are not denials"), field by
 * field, every sentence and remedy written out literally; an unknown
 * check of a known family still gets a sentence, with its facts. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_event.h"

#define CWD_DEMO "type=CWD " STAMP "cwd=\"/tmp/demo\"\n"
#define PATH_APP(name, mode) "type=PATH " STAMP "item=0 name=\"" name \
	"\" inode=12 dev=00:1f mode=" mode " ouid=1000 ogid=1000 rdev=00:00 nametype=NORMAL\n"

static struct auxerr_record *vm(int nr, int exit_, const char *args,
				const char *aux)
{
	struct auxerr_record *r = hand_event(nr, exit_, args, 0, 65534, "t",
					     "/usr/bin/t", aux, CWD_DEMO);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		ASSERT_STR(auxerr_record_mechanism(r), "vm");
	}
	return r;
}

static struct auxerr_record *ex(int exit_, const char *aux, const char *path)
{
	struct auxerr_record *r = hand_event(59, exit_, "a0=55 a1=56 a2=57 a3=0",
					     1, 1000, "sh", "/usr/bin/dash",
					     aux, path);

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "execve");
		ASSERT_STR(auxerr_record_mechanism(r), "exec");
	}
	return r;
}

static void test_mmap_offset(void)
{
	struct auxerr_record *r = vm(9, -22, "a0=0 a1=1000 a2=1 a3=2",
		"mechanism=vm check=offset_align arg=5 value=4097 limit=4096");

	expect_field(r, "check", "offset_align", NULL);
	expect_field(r, "arg", "5", NULL);
	expect_field(r, "value", "4097", NULL);
	expect_field(r, "limit", "4096", NULL);
	expect_sentence(r, "mmap: EINVAL because offset 4097 is not a multiple "
			"of the page size 4096");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: pass an offset that is "
		     "a multiple of 4096: map from offset 4096 and use the "
		     "address it returns plus 1", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_mmap_fixed(void)
{
	struct auxerr_record *r = vm(9, -22, "a0=10001001 a1=1000 a2=1 a3=32",
		"mechanism=vm check=fixed_addr_align arg=0 value=0x10001001 limit=4096");

	expect_sentence(r, "mmap: EINVAL because the MAP_FIXED address "
			"0x10001001 is not a multiple of the page size 4096");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: pass an address that is "
		     "a multiple of 4096, such as 0x10001000", NULL,
		     "the program", -1, NULL);
	auxerr_record_free(r);
}

/* EACCES of the file's open mode, not of a permission check */
static void test_mmap_wronly(void)
{
	struct auxerr_record *r = vm(9, -13, "a0=0 a1=1000 a2=1 a3=2",
		"mechanism=vm check=file_not_readable arg=4 value=1 fstype=\"tmpfs\" mode=0100666 ouid=0 ogid=0 inode=7 dev=00:1a");

	expect_field(r, "fstype", "\"tmpfs\"", NULL);
	expect_sentence(r, "mmap: EACCES because the file descriptor is open "
			"O_WRONLY, and every mapping of a file needs it open "
			"for reading");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: open the file O_RDWR "
		     "(or map it MAP_PRIVATE, whose changes stay in the process)",
		     NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_mprotect_may(void)
{
	struct auxerr_record *r = vm(10, -13, "a0=7f0000 a1=1000 a2=3 a3=0",
		"mechanism=vm check=prot_not_allowed arg=2 value=0x3 limit=0x5 fstype=\"ext4\" mode=0100644 ouid=0 ogid=0 inode=9 dev=08:01");

	expect_sentence(r, "mprotect: EACCES because the mapping may never have "
			"write access: it may have read and execute, as the "
			"file (on ext4) was opened (a MAP_SHARED mapping of a "
			"file opened read-only is never writable) and mounted "
			"(noexec: never executable)");
	auxerr_record_free(r);
}

static void test_mremap_flags(void)
{
	struct auxerr_record *r = vm(25, -22, "a0=7f0000 a1=1000 a2=1000 a3=41",
		"mechanism=vm check=remap_flags arg=3 value=0x41 limit=0x7");

	expect_sentence(r, "mremap: EINVAL because the flags 0x41 have bits "
			"other than MREMAP_MAYMOVE, MREMAP_FIXED and "
			"MREMAP_DONTUNMAP (0x7)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: pass only the bits in 0x7",
		     NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

/* a check this library does not know: a sentence with the facts, no
 * remedy */
static void test_vm_unknown_check(void)
{
	struct auxerr_record *r = vm(9, -22, "a0=0 a1=1000 a2=1 a3=2",
		"mechanism=vm check=newer_check arg=3 value=0x40");

	expect_sentence(r, "mmap: EINVAL because a check of the memory map "
			"refused it (check newer_check) (arg=3, value=0x40)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy to derive: the call must satisfy the check "
		     "newer_check", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

static void test_exec_elf_interp(void)
{
	struct auxerr_record *r = ex(-2,
		"mechanism=exec check=elf_interp arg=0 interp=\"/lib/ld-musl-x86_64.so.1\" mode=0100755 ouid=1000 ogid=1000 inode=12 dev=00:1f",
		CWD_DEMO PATH_APP("./app", "0100755"));

	expect_field(r, "interp", "\"/lib/ld-musl-x86_64.so.1\"", NULL);
	expect_sentence(r, "execve: ENOENT because the ELF interpreter "
			"/lib/ld-musl-x86_64.so.1 named in /tmp/demo/app does "
			"not exist");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program was built for musl libc: root can install "
		     "musl, which provides /lib/ld-musl-x86_64.so.1: apt install musl",
		     "apt install musl", "root", 0, NULL);
	auxerr_record_free(r);
}

/* an execute-only program: the interpreter is not named */
static void test_exec_hidden(void)
{
	struct auxerr_record *r = ex(-2,
		"mechanism=exec check=elf_interp arg=0 interp=? mode=0100711 ouid=0 ogid=0 inode=12 dev=00:1f",
		CWD_DEMO PATH_APP("./app", "0100711"));

	expect_sentence(r, "execve: ENOENT because the ELF interpreter named in "
			"/tmp/demo/app does not exist (which one is not shown: "
			"the caller may not read /tmp/demo/app)");
	auxerr_record_free(r);
}

/* "#!/bin/sh\r": hex, as audit writes a name with a control character */
static void test_exec_crlf(void)
{
	struct auxerr_record *r = ex(-2,
		"mechanism=exec check=script_interp arg=0 interp=2F62696E2F73680D mode=0100755 ouid=1000 ogid=1000 inode=12 dev=00:1f",
		CWD_DEMO PATH_APP("run.sh", "0100755"));

	expect_sentence(r, "execve: ENOENT because the interpreter /bin/sh "
			"named on the #! line of /tmp/demo/run.sh does not "
			"exist (the name ends in a carriage return: the script "
			"has DOS line endings)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The script's owner can convert it to Unix line endings: "
		     "sed -i 's/\\r$//' /tmp/demo/run.sh",
		     "sed -i 's/\\r$//' /tmp/demo/run.sh", "the script's owner",
		     -1, NULL);
	auxerr_record_free(r);
}

static void test_exec_machine(void)
{
	struct auxerr_record *r = ex(-8,
		"mechanism=exec check=elf_machine arg=0 value=183 limit=62 mode=0100755 ouid=1000 ogid=1000 inode=12 dev=00:1f",
		CWD_DEMO PATH_APP("./arm64", "0100755"));

	expect_sentence(r, "execve: ENOEXEC because /tmp/demo/arm64 is a program "
			"for ARM aarch64 (ELF machine 183), and this kernel runs "
			"x86-64 (62) programs");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Use a build of /tmp/demo/arm64 for this machine, or root "
		     "can let the kernel run it under user-mode emulation: "
		     "apt install qemu-user-binfmt",
		     "apt install qemu-user-binfmt", "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_exec_no_format(void)
{
	struct auxerr_record *r = ex(-8,
		"mechanism=exec check=no_format arg=0 value=0x4d5a9001 file=\"./setup.exe\" mode=0100755 ouid=1000 ogid=1000 inode=12 dev=00:1f",
		CWD_DEMO PATH_APP("./setup.exe", "0100755"));

	expect_sentence(r, "execve: ENOEXEC because no binary format of this "
			"kernel recognizes ./setup.exe (its first bytes, "
			"0x4d5a9001, make it a Windows or DOS program (MZ))");
	auxerr_record_free(r);
}

/* mechanism=open: the checks of open(), openat2() and fcntl() */
static struct auxerr_record *op(int nr, int exit_, const char *args,
				const char *aux, const char *more)
{
	unsigned items = strstr(more, "type=PATH ") ? 1 : 0;
	struct auxerr_record *r = hand_event(nr, exit_, args, items, 65534, "t",
					     "/usr/bin/t", aux, more);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		ASSERT_STR(auxerr_record_mechanism(r), "open");
	}
	return r;
}

#define PATH_NEW "type=PATH " STAMP "item=0 name=\"/tmp/demo/new\" nametype=UNKNOWN\n"

static void test_open_directory_creat(void)
{
	struct auxerr_record *r = op(257, -22, "a0=ffffff9c a1=55 a2=10040 a3=180",
		"mechanism=open check=directory_creat value=0x18040",
		CWD_DEMO PATH_NEW);

	expect_field(r, "check", "directory_creat", NULL);
	expect_absent(r, "arg");
	expect_field(r, "value", "0x18040", NULL);
	expect_sentence(r, "openat /tmp/demo/new: EINVAL because O_CREAT and "
			"O_DIRECTORY do not go together (flags 0x18040): "
			"open() creates no directory");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: create a directory "
		     "with mkdir(), or drop O_DIRECTORY to create a file",
		     NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_openat2_flags(void)
{
	struct auxerr_record *r = op(437, -22, "a0=ffffff9c a1=55 a2=56 a3=18",
		"mechanism=open check=flags_unknown arg=2 value=0x10000008000 limit=0x7fffc3",
		CWD_DEMO);

	expect_sentence(r, "openat2: EINVAL because the flags 0x10000008000 "
			"have bits (0x10000000000) beyond the ones this kernel "
			"knows, 0x7fffc3");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: pass only the bits in "
		     "0x7fffc3", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_open_direct_io(void)
{
	struct auxerr_record *r = op(257, -22, "a0=ffffff9c a1=55 a2=4000 a3=0",
		"mechanism=open check=direct_io value=0xc000 fstype=\"proc\" mode=0100444 ouid=65534 ogid=65534 inode=4026 dev=00:15",
		CWD_DEMO);

	expect_field(r, "fstype", "\"proc\"", NULL);
	expect_sentence(r, "openat: EINVAL because the file (on proc) has no "
			"direct I/O, which O_DIRECT asks for (flags 0xc000)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: drop O_DIRECT, or use "
		     "a file on a filesystem with direct I/O (ext4, xfs, btrfs, "
		     "tmpfs)", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

/* EPERM that is no permission decision: the memfd was made unsealable */
static void test_fcntl_sealed(void)
{
	struct auxerr_record *r = op(72, -1, "a0=3 a1=409 a2=8 a3=0",
		"mechanism=open check=sealed arg=2 value=0x1", CWD_DEMO);

	expect_sentence(r, "fcntl: EPERM because the file has F_SEAL_SEAL "
			"(seals 0x1), which forbids adding any: a memfd made "
			"without MFD_ALLOW_SEALING has it from the start");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: seal a memfd made with "
		     "memfd_create(name, MFD_ALLOW_SEALING)", NULL,
		     "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_fcntl_pipe_busy(void)
{
	struct auxerr_record *r = op(72, -16, "a0=3 a1=407 a2=1000 a3=0",
		"mechanism=open check=pipe_busy arg=2 value=4096 limit=8192",
		CWD_DEMO);

	expect_sentence(r, "fcntl: EBUSY because the pipe holds data in 8192 "
			"bytes of buffers, more than the new size 4096 can hold");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: read what the pipe "
		     "holds first, or pass a size of at least 8192", NULL,
		     "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_open_unknown_check(void)
{
	struct auxerr_record *r = op(72, -22, "a0=3 a1=400 a2=0 a3=0",
		"mechanism=open check=newer_check arg=1 value=1024", CWD_DEMO);

	expect_sentence(r, "fcntl: EINVAL because a check of the open file's "
			"flags refused it (check newer_check) (arg=1, value=1024)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy to derive: the call must satisfy the check "
		     "newer_check", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* mechanism=vfsop: ETXTBSY and ELOOP, which check */
static struct auxerr_record *vo(int nr, int exit_, const char *aux,
				const char *more)
{
	unsigned items = strstr(more, "type=PATH ") ? 1 : 0;
	struct auxerr_record *r = hand_event(nr, exit_, "a0=ffffff9c a1=55 a2=1 a3=0",
					     items, 65534, "t", "/usr/bin/t",
					     aux, more);

	if (r)
		ASSERT_STR(auxerr_record_mechanism(r), "vfsop");
	return r;
}

#define PATH_PROG "type=PATH " STAMP "item=0 name=\"/tmp/demo/prog\" inode=12 dev=00:1f mode=0100755 ouid=1000 ogid=1000 rdev=00:00 nametype=NORMAL\n"

static void test_vfsop_text_busy(void)
{
	struct auxerr_record *r = vo(257, -26,
		"mechanism=vfsop check=text_busy mode=0100755 ouid=1000 ogid=1000 inode=12 dev=00:1f",
		CWD_DEMO PATH_PROG);

	expect_field(r, "check", "text_busy", NULL);
	expect_absent(r, "arg");
	expect_sentence(r, "openat /tmp/demo/prog: ETXTBSY because the file is "
			"a program that is running (or that the kernel is "
			"loading), and a running program cannot be opened for "
			"writing or truncated");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: write the new version "
		     "to a new file and rename() it over the old one (install, "
		     "cp --remove-destination), which leaves the running "
		     "program its own copy", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_link_count(void)
{
	struct auxerr_record *r = vo(257, -40,
		"mechanism=vfsop check=link_count value=41 limit=40", CWD_DEMO);

	expect_sentence(r, "openat: ELOOP because the path walk met 41 "
			"symbolic links, more than the 40 it follows: a link "
			"leads back to itself, directly or through others");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy to derive: the call must satisfy the check "
		     "link_count", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_nofollow(void)
{
	struct auxerr_record *r = vo(257, -40,
		"mechanism=vfsop check=nofollow mode=0120777 ouid=1000 ogid=1000 inode=13 dev=00:1f",
		CWD_DEMO);

	expect_sentence(r, "openat: ELOOP because the last component is a "
			"symbolic link and O_NOFOLLOW forbids following it");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: drop O_NOFOLLOW to open "
		     "what the link points to, or open the link itself with "
		     "O_PATH | O_NOFOLLOW", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_rename_xdev(void)
{
	struct auxerr_record *r = vo(316, -18,
		"mechanism=vfsop check=rename_across_mounts value=27 limit=42",
		CWD_DEMO);

	expect_sentence(r, "renameat2: EXDEV because the two paths are on "
			"different mounts (mount 27 and mount 42, as "
			"/proc/self/mountinfo numbers them), and rename() does "
			"not cross mounts, not even two of one filesystem (a "
			"bind mount)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: copy the file to the "
		     "other mount and remove the original (as mv does), or "
		     "rename it within one mount", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

/* mechanism=fdlimit: EMFILE against ENFILE, which limit */
static struct auxerr_record *fl(int nr, int exit_, const char *args,
				const char *aux)
{
	struct auxerr_record *r = hand_event(nr, exit_, args, 0, 65534, "t",
					     "/usr/bin/t", aux, CWD_DEMO);

	if (r)
		ASSERT_STR(auxerr_record_mechanism(r), "fdlimit");
	return r;
}

static void test_fdlimit_soft(void)
{
	struct auxerr_record *r = fl(257, -24, "a0=ffffff9c a1=55 a2=0 a3=0",
		"mechanism=fdlimit check=rlimit_nofile value=1024 limit=1024");

	expect_field(r, "check", "rlimit_nofile", NULL);
	expect_absent(r, "arg");
	expect_sentence(r, "openat: EMFILE because this process has 1024 files "
			"open, its limit RLIMIT_NOFILE (ulimit -n) is 1024, and "
			"its hard limit (ulimit -Hn) is higher");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "If the program needs more than 1024 files open (and does "
		     "not leak descriptors: ls /proc/PID/fd), raise its soft "
		     "limit up to the hard one, in the shell that starts it (or "
		     "prlimit --nofile, LimitNOFILE= in a systemd unit); no "
		     "privilege is needed: ulimit -n $(ulimit -Hn)",
		     "ulimit -n $(ulimit -Hn)", "the user", 65534, NULL);
	auxerr_record_free(r);
}

static void test_fdlimit_hard_dupfd(void)
{
	/* fcntl(F_DUPFD) from 100: the descriptors below it are not said */
	struct auxerr_record *r = fl(72, -24, "a0=3 a1=0 a2=64 a3=0",
		"mechanism=fdlimit check=rlimit_nofile_hard value=4096 limit=4096");

	expect_sentence(r, "fcntl: EMFILE because the lowest file descriptor "
			"free for the call is 4096, not below this process's "
			"limit RLIMIT_NOFILE (ulimit -n) 4096, which is also its "
			"hard limit (ulimit -Hn)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The hard limit is 4096 too: only root (CAP_SYS_RESOURCE) "
		     "can raise it, for the running process with prlimit, for "
		     "the next logins in /etc/security/limits.conf (nofile), "
		     "for a service with LimitNOFILE=; if the program leaks "
		     "descriptors (ls /proc/PID/fd), no limit is enough: "
		     "prlimit --pid 64 --nofile=8192:8192",
		     "prlimit --pid 64 --nofile=8192:8192", "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_fdlimit_nr_open(void)
{
	struct auxerr_record *r = fl(22, -24, "a0=7ffd1000 a1=0 a2=0 a3=0",
		"mechanism=fdlimit check=nr_open value=64 limit=64");

	expect_sentence(r, "pipe: EMFILE because the descriptor table cannot "
			"grow to hold file descriptor 64: fs.nr_open, 64, is "
			"below this process's RLIMIT_NOFILE");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only root can raise fs.nr_open above file descriptor 64, "
		     "back to at least this process's RLIMIT_NOFILE (the "
		     "kernel's default is 1048576): sysctl -w fs.nr_open=1048576",
		     "sysctl -w fs.nr_open=1048576", "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_fdlimit_dup2(void)
{
	struct auxerr_record *r = fl(33, -9, "a0=0 a1=7d0 a2=0 a3=0",
		"mechanism=fdlimit check=rlimit_nofile_newfd arg=1 value=2000 limit=1024");

	expect_field(r, "arg", "1", NULL);
	expect_sentence(r, "dup2: EBADF because the new file descriptor 2000 is "
			"not below this process's limit RLIMIT_NOFILE (ulimit -n) "
			"1024");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: pass a new descriptor "
		     "below 1024, or raise RLIMIT_NOFILE above 2000 first "
		     "(setrlimit(), ulimit -n)", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_fdlimit_file_max(void)
{
	struct auxerr_record *r = fl(41, -23, "a0=1 a1=1 a2=0 a3=0",
		"mechanism=fdlimit check=file_max value=9000 limit=8999");

	expect_sentence(r, "socket: ENFILE because the system has 9000 files "
			"open, its limit fs.file-max is 8999 (a limit for all "
			"processes together; root's are exempt)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only root can raise fs.file-max above 8999 (sysctl, "
		     "/etc/sysctl.d); first find which processes hold the files "
		     "(ls /proc/*/fd | wc -l per process): one that leaks "
		     "descriptors fills any limit: sysctl -w fs.file-max=17998",
		     "sysctl -w fs.file-max=17998", "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_fdlimit_unknown_check(void)
{
	struct auxerr_record *r = fl(257, -24, "a0=ffffff9c a1=55 a2=0 a3=0",
		"mechanism=fdlimit check=newer_limit value=5 limit=4");

	expect_sentence(r, "openat: EMFILE because a check of the limits on "
			"open files refused it (check newer_limit) (value=5, "
			"limit=4)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy to derive: the call must satisfy the check "
		     "newer_limit", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_umount_submounts(void)
{
	struct auxerr_record *r = vo(166, -16,
		"mechanism=vfsop check=umount_has_submounts value=31 limit=2",
		CWD_DEMO);

	expect_sentence(r, "umount2: EBUSY because mount 31 has 2 other "
			"mount(s) on it, and a mount does not go from under "
			"others");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: unmount the mounts on "
		     "it first (umount -R unmounts the whole tree), or detach "
		     "it all with MNT_DETACH (umount -l)", NULL, "the program",
		     -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_umount_in_use(void)
{
	struct auxerr_record *r = vo(166, -16,
		"mechanism=vfsop check=umount_in_use value=58", CWD_DEMO);

	expect_sentence(r, "umount2: EBUSY because mount 58 is in use: a "
			"process has a file open in it, or its working "
			"directory or root there (which process is not said)");
	auxerr_record_free(r);
}

static void test_vfsop_mount_point(void)
{
	struct auxerr_record *r = vo(84, -16,
		"mechanism=vfsop check=mount_point mode=040755 ouid=0 ogid=0 inode=7 dev=00:1f",
		CWD_DEMO);

	expect_sentence(r, "rmdir: EBUSY because the file is a mount point: a "
			"mount of this mount namespace sits on it, and a mount "
			"point is not removed or renamed");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: unmount what is "
		     "mounted on the file first (umount), then remove or rename "
		     "it", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_swapfile(void)
{
	struct auxerr_record *r = vo(1, -26,
		"mechanism=vfsop check=swapfile mode=0100600 ouid=0 ogid=0 inode=12 dev=07:00",
		CWD_DEMO);

	expect_sentence(r, "write: ETXTBSY because the file is an active swap "
			"area, which is not written, truncated or allocated "
			"while it is on");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: turn the swap area off "
		     "first (swapoff), or write to another file", NULL,
		     "the program", -1, NULL);
	auxerr_record_free(r);
}

static void test_vfsop_swapon_active(void)
{
	struct auxerr_record *r = vo(167, -16,
		"mechanism=vfsop check=swapon_active mode=0100600 ouid=0 ogid=0 inode=12 dev=07:00",
		CWD_DEMO PATH_APP("/mnt/swap", "0100600"));

	expect_sentence(r, "swapon /mnt/swap: EBUSY because the file is already "
			"an active swap area");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: leave it on, as swapon "
		     "--show lists it, or turn it off first (swapoff) to turn "
		     "it on anew", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

/* The kernel writes the message in hex: it has spaces */
static void test_vfsop_fs_message(void)
{
	struct auxerr_record *r = vo(165, -22,
		"mechanism=vfsop check=fs_message message=746D7066733A204261642076616C756520666F72202773697A6527",
		CWD_DEMO);

	expect_sentence(r, "mount: EINVAL because tmpfs said: Bad value for "
			"'size'");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: fix or drop the option "
		     "'size' (the options of tmpfs: its manual page, man 5 "
		     "tmpfs, and mount(8))", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
}

/* A message that names no file system, and one that starts with a path */
static void test_vfsop_fs_message_unnamed(void)
{
	struct auxerr_record *r = vo(165, -22,
		"mechanism=vfsop check=fs_message message=4E6F20736F7572636520737065636966696564",
		CWD_DEMO);

	expect_sentence(r, "mount: EINVAL because the file system said: No "
			"source specified");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The program must change its call: fix the mount's source "
		     "or options as the message says (each file system's "
		     "options: mount(8))", NULL, "the program", -1, NULL);
	auxerr_record_free(r);
	r = vo(431, -22,
	       "mechanism=vfsop check=fs_message message=2F6465762F73647A3A2043616E2774206F70656E20626C6F636B646576",
	       CWD_DEMO);
	expect_sentence(r, "fsconfig: EINVAL because the file system said: "
			"/dev/sdz: Can't open blockdev");
	auxerr_record_free(r);
	/* no message= (a newer kernel's, or a cut record): the facts */
	r = vo(165, -22, "mechanism=vfsop check=fs_message", CWD_DEMO);
	expect_sentence(r, "mount: EINVAL because a check of the file or path "
			"refused it (check fs_message)");
	auxerr_record_free(r);
}

void add_beyond_suite(void)
{
	CU_pSuite s = CU_add_suite("issue 37: errors that are not denials (vm, exec, open, vfsop, fdlimit)", NULL, NULL);

	CU_add_test(s, "mmap offset not a multiple of the page size", test_mmap_offset);
	CU_add_test(s, "mmap MAP_FIXED address not aligned", test_mmap_fixed);
	CU_add_test(s, "mmap of a file open write-only", test_mmap_wronly);
	CU_add_test(s, "mprotect beyond what the mapping may have", test_mprotect_may);
	CU_add_test(s, "mremap unknown flags", test_mremap_flags);
	CU_add_test(s, "vm check this library does not know", test_vm_unknown_check);
	CU_add_test(s, "execve missing ELF interpreter", test_exec_elf_interp);
	CU_add_test(s, "execve interpreter of an unreadable program", test_exec_hidden);
	CU_add_test(s, "execve #! line with a carriage return", test_exec_crlf);
	CU_add_test(s, "execve program for another machine", test_exec_machine);
	CU_add_test(s, "execve no binary format", test_exec_no_format);
	CU_add_test(s, "openat O_CREAT with O_DIRECTORY", test_open_directory_creat);
	CU_add_test(s, "openat2 unknown flag bits", test_openat2_flags);
	CU_add_test(s, "openat O_DIRECT on proc", test_open_direct_io);
	CU_add_test(s, "fcntl F_ADD_SEALS on an unsealable memfd", test_fcntl_sealed);
	CU_add_test(s, "fcntl F_SETPIPE_SZ below the contents", test_fcntl_pipe_busy);
	CU_add_test(s, "open check this library does not know", test_open_unknown_check);
	CU_add_test(s, "open of a running program for writing", test_vfsop_text_busy);
	CU_add_test(s, "a loop of symbolic links", test_vfsop_link_count);
	CU_add_test(s, "umount of a mount with mounts on it", test_vfsop_umount_submounts);
	CU_add_test(s, "umount of a mount in use", test_vfsop_umount_in_use);
	CU_add_test(s, "rmdir of a mount point", test_vfsop_mount_point);
	CU_add_test(s, "write of an active swap file", test_vfsop_swapfile);
	CU_add_test(s, "swapon of an active swap file", test_vfsop_swapon_active);
	CU_add_test(s, "mount: the file system's message", test_vfsop_fs_message);
	CU_add_test(s, "mount: a message naming no file system", test_vfsop_fs_message_unnamed);
	CU_add_test(s, "O_NOFOLLOW on a symbolic link", test_vfsop_nofollow);
	CU_add_test(s, "rename across mounts", test_vfsop_rename_xdev);
	CU_add_test(s, "EMFILE of the soft RLIMIT_NOFILE", test_fdlimit_soft);
	CU_add_test(s, "EMFILE of F_DUPFD at the hard limit", test_fdlimit_hard_dupfd);
	CU_add_test(s, "EMFILE of fs.nr_open", test_fdlimit_nr_open);
	CU_add_test(s, "EBADF of dup2 beyond RLIMIT_NOFILE", test_fdlimit_dup2);
	CU_add_test(s, "ENFILE of fs.file-max", test_fdlimit_file_max);
	CU_add_test(s, "fdlimit check this library does not know", test_fdlimit_unknown_check);
}
