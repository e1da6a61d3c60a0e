# auxerr: see README.md. The two commands are `make demo` and `make check`.
top := $(CURDIR)
BUILD ?= $(top)/build
AUXERR ?= 1
export BUILD

ifeq ($(AUXERR),0)
KERNEL_TREE := $(BUILD)/linux-base
else
KERNEL_TREE := $(BUILD)/linux
endif
# make kernel DEBUG=1: the debug kernel (kernel/config/debug.config)
ifeq ($(DEBUG),1)
KERNEL_TREE := $(BUILD)/linux-debug
endif
BZIMAGE := $(KERNEL_TREE)/arch/x86/boot/bzImage
VM := $(top)/tests/vm/run --kernel $(BZIMAGE)

.PHONY: all deps headers guest-programs kernel userland unit guest-test check demo clean

all: userland

deps:
	@$(top)/scripts/install-deps

kernel: deps
	@AUXERR=$(AUXERR) $(top)/kernel/build.sh

# The patched UAPI headers (include/uapi/linux/auxerr.h), which userland
# builds against: build/linux/usr-headers/include.
headers: deps
	@$(top)/kernel/build.sh headers

# Userland builds against the patched UAPI headers (see `headers`): the
# exported <linux/auxerr.h>, re-exported when the patch series changes, so
# that userland work does not depend on the state of the kernel work tree.
UAPI_HEADER := $(BUILD)/linux/usr-headers/include/linux/auxerr.h
userland: $(UAPI_HEADER)
	$(MAKE) -C $(top)/libauxerr
	$(MAKE) -C $(top)/tools
	$(MAKE) -C $(top)/auditd-plugin
	$(MAKE) -C $(top)/python
$(UAPI_HEADER): $(wildcard $(top)/kernel/patches/*)
	@$(MAKE) --no-print-directory headers
	@touch $@

unit: userland
	$(MAKE) -C $(top)/libauxerr check
	$(MAKE) -C $(top)/tools check
	$(MAKE) -C $(top)/auditd-plugin check
	$(MAKE) -C $(top)/python check

# The auditd plugin into /sbin and /etc/audit (DESTDIR, SBINDIR,
# SYSCONFDIR, MANDIR respected; see auditd-plugin/Makefile)
.PHONY: install-plugin
install-plugin: userland
	$(MAKE) -C $(top)/auditd-plugin install

# Programs the guest tests run, built against the patched UAPI headers.
GUEST_BIN := $(BUILD)/guest
GUEST_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -I$(BUILD)/linux/usr-headers/include
guest-programs: headers
	@mkdir -p $(GUEST_BIN)
	$(CC) $(GUEST_CFLAGS) -o $(GUEST_BIN)/probe $(top)/tests/guest/src/probe.c
	$(CC) $(GUEST_CFLAGS) -o $(GUEST_BIN)/auxerr-stress $(top)/tests/guest/src/stress.c -lpthread
	$(CC) $(GUEST_CFLAGS) -o $(GUEST_BIN)/sandbox $(top)/tests/guest/src/sandbox.c
	$(CC) $(GUEST_CFLAGS) -o $(GUEST_BIN)/flush-abuse $(top)/tests/guest/src/flush-abuse.c

# The limit only catches a hung guest: the suite took 51 minutes on the
# 2-core machine at a load of 5-11 (58 patches, 5237 checks), and make
# check runs the stock kernels' guest beside it.
GUEST_TEST_TIMEOUT ?= 4000
guest-test: kernel userland guest-programs selftests-build
	@$(MAKE) --no-print-directory guest-test-run

# guest-test's run once everything is built (make check's lanes run it)
.PHONY: guest-test-run
guest-test-run:
	$(top)/tests/vm/check-private-clone $(BZIMAGE)
	$(VM) --timeout $(GUEST_TEST_TIMEOUT) $(top)/tests/guest/run-all $(TESTS)

# The census (tests/guest/census; not part of make check): a broad real
# workload as nobody with kernel.auxerr.census on, then how many
# EPERM/EACCES returns the kernel attributed and the unknown ones by
# system call.
.PHONY: census
census: kernel userland guest-programs selftests-build
	$(VM) --timeout $(GUEST_TEST_TIMEOUT) $(top)/tests/guest/census

# libFuzzer on every parser of untrusted text (tests/fuzz/README.md).
# fuzz: what make check runs, the same result on every run of a commit:
# each harness replays its committed corpus, then 20000 mutations from a
# fixed seed.  fuzz-explore: random seeds, FUZZ_TIME seconds (default
# 600) each; a failing input lands in tests/fuzz/corpus as a regression.
.PHONY: fuzz fuzz-explore
fuzz: $(UAPI_HEADER)
	@$(MAKE) --no-print-directory -C $(top)/tests/fuzz check
fuzz-explore: $(UAPI_HEADER)
	@$(MAKE) --no-print-directory -C $(top)/tests/fuzz explore

check: deps
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory fuzz
	@$(MAKE) --no-print-directory docs-check
	@$(MAKE) --no-print-directory check-guests

# make check's guests: everything they need built first, then the series'
# kernel (guest-test, selinux-check) and the stock kernels (check-stock)
# in two lanes side by side (tests/check-guests: on 2 cores, about the
# longer lane's time instead of the sum).
.PHONY: check-guests
check-guests: kernel userland guest-programs selftests-build check-stock-build stock-kernel
	@$(MAKE) --no-print-directory -C $(top)/libauxerr $(BUILD)/userland/test/selinux-why
	@MAKE="$(MAKE)" STOCK_KERNELS="$(STOCK_KERNELS)" $(top)/tests/check-guests

# The kernel series' Documentation (userspace-api/auxerr.rst, the sysctls
# in admin-guide/sysctl/kernel.rst) built by Sphinx with warnings as
# errors, and scripts/kernel-doc on the auxerr sources (kernel/check-docs).
.PHONY: docs-check
docs-check: kernel
	@$(top)/kernel/check-docs $(BUILD)/linux

demo: deps
	@$(MAKE) --no-print-directory kernel userland guest-programs
	$(VM) $(top)/tests/guest/demo

# What auxerr costs (bench/README.md): the patched kernel, the same config
# unpatched (built once, then kept up to date incrementally), the benchmark
# program, then guest boots of both; the table, build/bench/results.csv
# and build/bench/cost.png.
.PHONY: bench bench-tools
BENCH_OUT := $(BUILD)/bench
bench: kernel bench-tools
	@$(MAKE) --no-print-directory kernel AUXERR=0
	$(top)/bench/run

# auxbench, and the QEMU plugin of bench/insn-count (exact instruction
# counts per kernel function).
bench-tools:
	@mkdir -p $(BENCH_OUT)
	$(CC) $(GUEST_CFLAGS) -o $(BENCH_OUT)/auxbench $(top)/bench/auxbench.c -lpthread
	$(CC) -std=gnu11 -Wall -Wextra -Werror -O2 -shared -fPIC -fvisibility=hidden \
		-o $(BENCH_OUT)/insn-plugin.so $(top)/bench/insn-plugin.c

# The kernel's own selftests for what auxerr touches (seccomp_bpf, landlock,
# ptrace), built from the kernel tree against the patched UAPI headers into
# build/selftests, with auxerr's own (tests/guest/t-kselftest-auxerr.sh runs
# those in make check), run in one boot with kernel.auxerr.enabled=1 and =0: the
# results must be identical. If build/linux-base has been built (make
# kernel AUXERR=0), the unpatched kernel runs them too and is compared.
.PHONY: selftests selftests-build
SELFTESTS := $(BUILD)/selftests
SELFTEST_SRC := $(BUILD)/linux/tools/testing/selftests
SELFTEST_VM := $(top)/tests/vm/run --timeout 3600
selftests-build: headers
	@for s in seccomp landlock ptrace auxerr; do \
		mkdir -p $(SELFTESTS)/$$s && \
		$(MAKE) --no-print-directory -s -C $(SELFTEST_SRC)/$$s OUTPUT=$(SELFTESTS)/$$s \
			KHDR_INCLUDES="-isystem $(BUILD)/linux/usr-headers/include" || exit 1; \
	done
selftests: kernel selftests-build
	@{ $(SELFTEST_VM) --kernel $(BUILD)/linux/arch/x86/boot/bzImage \
		$(top)/tests/guest/selftests on off; echo $$? > $(SELFTESTS)/patched.rc; } \
		| tee $(SELFTESTS)/patched.log
	@base=$(BUILD)/linux-base/arch/x86/boot/bzImage; rc=$$(cat $(SELFTESTS)/patched.rc); \
	if [ -f $$base ]; then \
		{ $(SELFTEST_VM) --kernel $$base $(top)/tests/guest/selftests base; \
			echo $$? > $(SELFTESTS)/base.rc; } | tee $(SELFTESTS)/base.log; \
		$(top)/tests/guest/selftests compare $(SELFTESTS)/patched.log $(SELFTESTS)/base.log || rc=1; \
	else echo "selftests: no $$base (make kernel AUXERR=0): the unpatched kernel is not compared"; fi; \
	exit $$rc

# The debug kernel (kernel/config/debug.config: lockdep, KASAN, kmemleak,
# UBSAN, ...) in build/linux-debug, the whole guest suite on it with a
# longer stress test, and a clean kernel log required (tests/guest/check-debug).
# Too slow for make check; the log is kept in build/check-debug.log.
# acpi=noirq: on the debug kernel, evaluating the PCI routing AML hits
# ACPICA's loop timeout under TCG and the guest's devices get no IRQ.
.PHONY: check-debug
check-debug: deps
	@$(MAKE) --no-print-directory kernel DEBUG=1
	@$(MAKE) --no-print-directory userland guest-programs
	@{ $(top)/tests/vm/run --kernel $(BUILD)/linux-debug/arch/x86/boot/bzImage \
		--mem 2G --timeout 7200 --append acpi=noirq $(top)/tests/guest/check-debug $(TESTS); \
		echo $$? > $(BUILD)/check-debug.rc; } | tee $(BUILD)/check-debug.log
	@exit $$(cat $(BUILD)/check-debug.rc)

clean:
	rm -rf $(BUILD)

# Debian packages (README.md, "Install"): debian/ built with debhelper from
# the committed tree (DEB_FROM=worktree: the working tree) into build/deb/,
# lintian-clean; deb-check installs them into a clean Debian 12 chroot
# (debootstrapped once into build/deb-chroot/) and runs them there.
# kernel-deb: linux-image/linux-libc-dev(/linux-headers) .debs from
# KCONFIG=path (default the running kernel's config) with CONFIG_AUXERR, in
# build/kernel-deb/; kernel-deb-boot boots the packaged vmlinuz in the guest.
.PHONY: deb deb-check kernel-deb kernel-deb-boot
deb: $(UAPI_HEADER)
	@$(top)/scripts/install-deps deb
	@UAPI=$(BUILD)/linux/usr-headers/include $(top)/scripts/build-deb
deb-check: deb
	@$(top)/scripts/deb-check
kernel-deb: headers
	@$(top)/scripts/install-deps deb
	@$(top)/scripts/kernel-deb
kernel-deb-boot: userland
	@$(top)/scripts/kernel-deb boot

# Debian's own kernels (unmodified) for the BPF backend, each downloaded and
# unpacked with a small initramfs for its virtio/9p modules and vmlinux.h
# from its BTF (scripts/stock-kernel): linux-image-6.12.118+deb12-amd64 under
# build/stock, and Debian 12's default 6.1 (the newest
# linux-image-6.1.0-N-amd64) under build/stock-6.1.
.PHONY: stock-kernel bpf check-stock
stock-kernel: deps
	@$(top)/scripts/stock-kernel

# The BPF backend (bpf/, docs/bpf-backend.md): build/bpf/auxerr-bpfd, with
# the series' UAPI header (its mechanism numbers and flags).
bpf: stock-kernel $(UAPI_HEADER)
	@$(MAKE) --no-print-directory -C $(top)/bpf

# The BPF backend on the stock kernels, in the guest (tests/stock/run), each
# booted once: about 11 (6.1) and 13 (6.12) minutes on the busy 2-core
# machine (1100 checks each); make check runs both.  STOCK_KERNELS picks
# (make check-stock STOCK_KERNELS=6.1).
# 6.1 boots as Debian 12 does (its default LSMs, the BPF LSM among them);
# 6.12 boots without the BPF LSM, as Ubuntu's kernels do without lsm=:
# the backend needs none (docs/bpf-backend.md).  Two vCPUs in one QEMU
# thread (tests/vm/run --tcg-thread single): with a thread each, the stock
# kernels' own code patching (BPF trampolines, static keys) sometimes left
# a vCPU running a stale int3, and the guest panicked at random.
STOCK_KERNELS ?= 6.1 6.12
# A hang guard, not a target: one kernel's run took over 30 minutes at a
# load of 10 (some 1300 checks), and make check runs it beside guest-test.
STOCK_TIMEOUT ?= 3000
stock_dir = $(BUILD)/stock$(if $(filter 6.12,$(1)),,-$(1))
STOCK_LSM_NO_BPF := lsm=landlock,lockdown,yama,apparmor
stock_lsm = $(if $(filter 6.12,$(1)),--append $(STOCK_LSM_NO_BPF))
STOCK_VM = $(top)/tests/vm/run --kernel $(call stock_dir,$(1))/vmlinuz \
	--initrd $(call stock_dir,$(1))/initrd $(call stock_lsm,$(1)) --tcg-thread single
.PHONY: check-stock-build
check-stock-build: bpf userland
	$(CC) $(GUEST_CFLAGS) -I$(top)/libauxerr/include -o $(BUILD)/stock/stock-probe \
		$(top)/tests/stock/src/stock-probe.c -L$(BUILD)/userland -lauxerr \
		-Wl,-rpath,$(BUILD)/userland
	$(CC) $(GUEST_CFLAGS) -o $(BUILD)/stock/probe-bpf $(top)/tests/stock/src/probe-bpf.c \
		$(BUILD)/userland/libauxerr.a $$(pkg-config --libs auparse audit)
check-stock: check-stock-build
	@$(MAKE) --no-print-directory check-stock-run

# check-stock's run once everything is built (make check's lanes run it)
.PHONY: check-stock-run
check-stock-run:
	@rc=0; for k in $(STOCK_KERNELS); do \
		echo "check-stock: $$k"; \
		case $$k in \
		6.1) $(call STOCK_VM,6.1) --timeout $(STOCK_TIMEOUT) $(top)/tests/stock/run || rc=1 ;; \
		6.12) $(call STOCK_VM,6.12) --timeout $(STOCK_TIMEOUT) $(top)/tests/stock/run || rc=1 ;; \
		*) echo "check-stock: $$k: 6.1 or 6.12"; rc=1 ;; \
		esac; \
	done; exit $$rc

# The auxerr-bpfd package's systemd unit on Debian 12's default 6.1, from
# the package's own files (tests/stock/unit: the unit's condition and
# command lines with the .deb's binary; about 2 minutes after make deb).
# Not in make check: make deb needs debhelper (scripts/install-deps deb).
.PHONY: check-stock-deb
check-stock-deb: deb check-stock-build
	$(call STOCK_VM,6.1) --timeout 900 $(top)/tests/stock/unit

# The tour of make demo on the stock kernel with the BPF backend.
.PHONY: demo-stock
demo-stock: check-stock-build
	$(call STOCK_VM,6.12) $(top)/tests/stock/demo

# The BPF backend's cost on the stock kernel, not loaded vs loaded, in one
# boot under -icount (guest time counts instructions: immune to host load).
# BENCH_STOCK_KERNEL picks the kernel: 6.12 (the default) or 6.1.  One
# CPU for both (6.1 hangs bringing up a second CPU under -icount; one CPU
# on both keeps their ratios comparable).
BENCH_STOCK_KERNEL ?= 6.12
.PHONY: bench-stock
bench-stock: bpf
	$(CC) $(GUEST_CFLAGS) -static -o $(BUILD)/stock/stock-bench $(top)/tests/stock/src/stock-bench.c
	AUXERR_QEMU_OPTS="-icount shift=0" $(top)/tests/vm/run \
		--kernel $(call stock_dir,$(BENCH_STOCK_KERNEL))/vmlinuz \
		--initrd $(call stock_dir,$(BENCH_STOCK_KERNEL))/initrd \
		--append lsm=landlock,lockdown,yama,apparmor,bpf --smp 1 \
		--timeout 1800 $(top)/tests/stock/bench $(BENCH_STOCK_ARGS)

# The configurations a maintainer's build bot tries, each with W=1
# (kernel/build-configs): CONFIG_AUXERR=n, CONFIG_AUDIT=n, CONFIG_SECURITY=n;
# CONFIGS="auxerr-n defconfig" picks others (defconfig: x86_64_defconfig
# plus auxerr, a full kernel). Out of tree in build/configs/, from the
# exported series (kernel/patches onto pristine); slow, not part of make check.
.PHONY: kernel-configs
kernel-configs: kernel
	@$(top)/kernel/build-configs $(CONFIGS)

# Bisectability (kernel/build-each): every patch of the series applied in
# turn onto pristine, built (warnings fail) and booted in the guest;
# FIRST=N starts at patch N, TOUCHED=1 only compiles the touched objects.
# In build/linux-series, logs in build/build-each; slow (about 40 minutes
# from patch 17 on 2 cores), not part of make check.
.PHONY: kernel-each
kernel-each: kernel
	@$(top)/kernel/build-each $(if $(TOUCHED),--touched) $(FIRST)

# SELinux on a kernel where it is the major LSM (the series' kernel booted
# with lsm=...,selinux when it builds SELinux in, else Debian's stock one):
# Debian's reference policy plus tests/selinux/auxerr_test.cil, real
# enforcing, boolean, dontaudit and permissive denials of a confined domain
# as nobody, each with libauxerr's audit2why answer, and on the series'
# kernel the kept event with SELinux's AVC (tests/selinux/run; about a
# minute, part of make check).
.PHONY: selinux-check
selinux-check: stock-kernel userland guest-programs
	@$(MAKE) --no-print-directory -C $(top)/libauxerr $(BUILD)/userland/test/selinux-why
	@$(MAKE) --no-print-directory selinux-check-run

# selinux-check's run once everything is built (make check's lanes run it)
.PHONY: selinux-check-run
selinux-check-run:
	@$(top)/tests/selinux/run
