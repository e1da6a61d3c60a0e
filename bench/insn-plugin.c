// SPDX-License-Identifier: GPL-2.0
/*
 * insn-plugin: a QEMU TCG plugin that counts, per guest kernel instruction,
 * how often it ran between two executions of a marker instruction.
 *
 *   -plugin build/bench/insn-plugin.so,mark=0xADDR,out=FILE
 *
 * MARK is the first instruction of a system call the workload makes
 * around the region to measure (auxbench count: personality(0xffffffff),
 * which only reads).  Every execution of MARK snapshots the counts; at
 * exit FILE gets "ADDR COUNT" lines of the differences between the last
 * two snapshots.  Unlike sampling, the figures are exact instruction counts:
 * a rep-prefixed instruction counts once per iteration, as TCG runs it
 * (and as -icount weighs it).
 *
 * Only the few entry points this needs are declared here; they are QEMU's
 * plugin API of version 1 (QEMU 7.2, include/qemu/qemu-plugin.h).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	};
} qemu_info_t;

enum { QEMU_PLUGIN_CB_NO_REGS };
enum { QEMU_PLUGIN_INLINE_ADD_U64 };

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						int op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    int flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define KERNEL_TEXT	0xffffffff80000000ull
#define SLOTS		(1u << 21)	/* distinct kernel instructions, at most */

static uint64_t *addr, *count, *snap[2];
static unsigned int marks;
static uint64_t mark;
static const char *out;

static uint32_t used;

/* The counter of the instruction at @va, or NULL when the table is full. */
static uint64_t *counter_of(uint64_t va)
{
	uint32_t h = (uint32_t)((va * 0x9E3779B97F4A7C15ull) >> 43) & (SLOTS - 1);

	while (addr[h] && addr[h] != va)
		h = (h + 1) & (SLOTS - 1);
	if (!addr[h]) {
		/* Keep the probe chains short; the rest goes uncounted. */
		if (used >= SLOTS / 4 * 3)
			return NULL;
		used++;
		addr[h] = va;
	}
	return &count[h];
}

static void on_mark(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	(void)udata;
	memcpy(snap[marks++ % 2], count, SLOTS * sizeof(*count));
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);
		uint64_t *counter;

		if (va < KERNEL_TEXT)
			continue;
		if (va == mark)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
		counter = counter_of(va);
		if (counter)
			qemu_plugin_register_vcpu_insn_exec_inline(insn,
								   QEMU_PLUGIN_INLINE_ADD_U64,
								   counter, 1);
	}
}

static void on_exit_(qemu_plugin_id_t id, void *udata)
{
	FILE *f = fopen(out, "w");

	(void)id;
	(void)udata;
	if (!f) {
		perror(out);
		return;
	}
	const uint64_t *first = snap[marks % 2], *last = snap[(marks + 1) % 2];

	fprintf(f, "# marks %u\n", marks);
	if (used >= SLOTS / 4 * 3)
		fprintf(stderr, "insn-plugin: more than %u kernel instructions; "
			"the rest were not counted\n", used);
	if (marks >= 2)
		for (uint32_t h = 0; h < SLOTS; h++)
			if (addr[h] && last[h] != first[h])
				fprintf(f, "%" PRIx64 " %" PRIu64 "\n", addr[h],
					last[h] - first[h]);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 16);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
		else {
			fprintf(stderr, "insn-plugin: unknown argument %s\n", argv[i]);
			return 1;
		}
	}
	if (!mark || !out) {
		fprintf(stderr, "insn-plugin: needs mark=ADDR and out=FILE\n");
		return 1;
	}
	addr = calloc(SLOTS, sizeof(*addr));
	count = calloc(SLOTS, sizeof(*count));
	snap[0] = calloc(SLOTS, sizeof(*count));
	snap[1] = calloc(SLOTS, sizeof(*count));
	if (!addr || !count || !snap[0] || !snap[1])
		return 1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
	return 0;
}
