// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr status: kernel support, the kernel.auxerr.* sysctls, audit
 *
 * The audit state (enabled, auditd's pid) is asked from the kernel over
 * the audit netlink socket (libaudit: audit_open, audit_request_status),
 * as 'auditctl -s' does; that takes CAP_AUDIT_CONTROL.  Without it the
 * state is "unknown" and auxerr says whether an auditd process is running
 * (from /proc/PID/comm).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <libaudit.h>
#include <linux/auxerr.h>
#include <auxerr.h>

#include "auxerr-shared.h"
#include "cli.h"

#define SYSCTL_DIR "/proc/sys/kernel/auxerr"
#define AUXERR_BPF_LINE_MAX 4096
/* the BPF backend's report of what it notes on this kernel (auxerr-bpfd,
 * docs/bpf-backend.md): "kernel RELEASE", "exit PROGRAM", then per
 * mechanism "NAME live", "NAME partial: WHAT: WHY; ..." or
 * "NAME unavailable: WHY" */
#define BPF_STATUS "/sys/fs/bpf/auxerr/status"

/* Print the BPF backend's status lines, as text or as the JSON member
 * "bpf" (docs/json-format.md) */
static void bpf_status(int json)
{
	char line[AUXERR_BPF_LINE_MAX];
	int mechs = 0;
	FILE *f = fopen(BPF_STATUS, "re");

	if (json)
		printf(",\"bpf\":{");
	while (f && fgets(line, sizeof(line), f)) {
		char *sp, *detail;
		size_t len;

		line[strcspn(line, "\n")] = 0;
		sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp++ = 0;
		if (!strcmp(line, "kernel") || !strcmp(line, "exit")) {
			if (json) {
				json_string(stdout, line, strlen(line));
				putchar(':');
				json_string(stdout, sp, strlen(sp));
				putchar(',');
			} else {
				printf("bpf %s: %s\n", !strcmp(line, "exit") ? "exit program" : line, sp);
			}
			continue;
		}
		detail = strstr(sp, ": ");
		len = detail ? (size_t)(detail - sp) : strlen(sp);
		if (!json) {
			printf("mechanism %s: %s\n", line, sp);
			continue;
		}
		printf(mechs++ ? "," : "\"mechanisms\":[");
		printf("{\"name\":");
		json_string(stdout, line, strlen(line));
		printf(",\"state\":");
		json_string(stdout, sp, len);
		if (detail) {
			printf(",\"detail\":");
			json_string(stdout, detail + 2, strlen(detail + 2));
		}
		putchar('}');
	}
	if (json)
		printf("%s}", mechs ? "]" : "\"mechanisms\":[]");
	else if (!f)
		printf("bpf status: %s: %s\n", BPF_STATUS, strerror(errno));
	if (f)
		fclose(f);
}

static const char status_usage[] =
"Usage: auxerr status [--json]\n"
"Show whether the kernel keeps denials, each kernel.auxerr.* sysctl, and\n"
"whether audit is enabled and auditd connected (root: asked from the\n"
"kernel like 'auditctl -s'; otherwise from the process list only).\n"
"  --json   one JSON object (docs/json-format.md)\n"
"Exit status: 0 supported and enabled, 1 supported but disabled\n"
"(kernel.auxerr.enabled=0), 4 kernel without auxerr, 2 usage.\n";

struct audit_state {
	int known;		/* 1: asked the kernel */
	int err;		/* errno when not known */
	int enabled;		/* 0, 1, 2 (locked) */
	int pid;		/* auditd's pid registered with the kernel */
	unsigned lost, backlog;
	int proc_pid;		/* an auditd process seen in /proc, 0 none */
};

static int query_audit(struct audit_state *a)
{
	struct audit_reply rep;
	int fd, i, r;

	set_aumessage_mode(MSG_QUIET, DBG_NO);
	fd = audit_open();
	if (fd < 0) {
		a->err = errno;
		return -1;
	}
	if (audit_request_status(fd) < 0) {
		a->err = errno ? errno : EPERM;
		audit_close(fd);
		return -1;
	}
	for (i = 0; i < 50; i++) {
		r = audit_get_reply(fd, &rep, GET_REPLY_BLOCKING, 0);
		if (r < 0) {
			a->err = -r;
			break;
		}
		if (rep.type == NLMSG_ERROR && rep.error && rep.error->error) {
			a->err = -rep.error->error;
			break;
		}
		if (rep.type == AUDIT_GET && rep.status) {
			a->known = 1;
			a->enabled = rep.status->enabled;
			a->pid = rep.status->pid;
			a->lost = rep.status->lost;
			a->backlog = rep.status->backlog;
			break;
		}
	}
	audit_close(fd);
	if (!a->known && !a->err)
		a->err = EPROTO;
	return a->known ? 0 : -1;
}

static int find_auditd(void)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (de = readdir(d))) {
		char path[300], comm[32] = "";
		FILE *f;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strcmp(comm, "auditd\n"))
			found = atoi(de->d_name);
		fclose(f);
	}
	closedir(d);
	return found;
}

struct sysctl_val {
	char name[64];
	char val[64];
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct sysctl_val *)a)->name,
		      ((const struct sysctl_val *)b)->name);
}

int cmd_status(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct sysctl_val sv[32];
	struct audit_state a = { 0 };
	int c, json = 0, supported, prctl_ok, enabled = -1, have_sysctl, bpf = 0;
	unsigned n = 0, i;
	DIR *d;

	getopt_reset();
	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = 1;
			break;
		case 'h':
			fputs(status_usage, stdout);
			return EX_OK;
		default:
			fputs(status_usage, stderr);
			return EX_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "auxerr status: unexpected argument '%s'\n", argv[optind]);
		return EX_USAGE;
	}

	/* prctl: ENOSYS means no auxerr in this kernel */
	errno = 0;
	prctl_ok = auxerr_get_record(0, NULL, 0, 0) >= 0 || errno != ENOSYS;
	if (prctl_ok) {
		/* which backend answered: the kernel's prctl, or (a kernel
		 * that does not know PR_AUXERR) the BPF backend's iterator */
		struct auxerr_info info;

		bpf = prctl(PR_AUXERR, PR_AUXERR_INFO, 0UL, (unsigned long)&info,
			    (unsigned long)sizeof(info)) < 0 && errno == EINVAL;
	}
	d = opendir(SYSCTL_DIR);
	have_sysctl = d != NULL;
	supported = have_sysctl || prctl_ok;
	if (d) {
		struct dirent *de;

		while ((de = readdir(d)) && n < 32) {
			char path[300];
			FILE *f;

			if (de->d_name[0] == '.')
				continue;
			if (strlen(de->d_name) >= sizeof(sv[n].name))
				continue;
			strcpy(sv[n].name, de->d_name);
			snprintf(path, sizeof(path), SYSCTL_DIR "/%s", de->d_name);
			f = fopen(path, "r");
			if (!f || !fgets(sv[n].val, sizeof(sv[n].val), f))
				snprintf(sv[n].val, sizeof(sv[n].val), "?");
			if (f)
				fclose(f);
			sv[n].val[strcspn(sv[n].val, "\n")] = 0;
			n++;
		}
		closedir(d);
		qsort(sv, n, sizeof(sv[0]), name_cmp);
	}
	query_audit(&a);
	a.proc_pid = find_auditd();

	for (i = 0; i < n; i++)
		if (!strcmp(sv[i].name, "enabled"))
			enabled = atoi(sv[i].val);
	if (json) {
		printf("{\"version\":%d,\"kernel\":{\"supported\":%s,\"prctl\":%s,\"backend\":%s,\"sysctl\":{",
		       AUXERR_JSON_VERSION,
		       supported ? "true" : "false", prctl_ok && !bpf ? "true" : "false",
		       !supported ? "null" : bpf ? "\"bpf\"" : "\"prctl\"");
		for (i = 0; i < n; i++) {
			const char *v = sv[i].val;
			char *end;

			printf(i ? "," : "");
			json_string(stdout, sv[i].name, strlen(sv[i].name));
			strtol(v, &end, 10);
			if (*v && !*end)
				printf(":%s", v);
			else {
				putchar(':');
				json_string(stdout, v, strlen(v));
			}
		}
		printf("}");
		if (bpf)
			bpf_status(1);
		printf("},\"audit\":{\"known\":%s", a.known ? "true" : "false");
		if (a.known)
			printf(",\"enabled\":%d,\"auditd_pid\":%d,\"lost\":%u,\"backlog\":%u",
			       a.enabled, a.pid, a.lost, a.backlog);
		else
			printf(",\"error\":\"%s\"", errno_name(a.err));
		printf(",\"auditd_process\":%d}}\n", a.proc_pid);
	} else {
		printf("kernel support: %s\n", !supported ? "no (no " SYSCTL_DIR ", prctl(PR_AUXERR) unknown)" :
		       bpf ? "yes (the BPF backend, /sys/fs/bpf/auxerr)" :
		       have_sysctl ? "yes" : "yes (prctl only, no " SYSCTL_DIR ")");
		if (supported)
			printf("backend: %s\n", bpf ? "bpf" : "prctl");
		if (bpf)
			bpf_status(0);
		for (i = 0; i < n; i++)
			printf("kernel.auxerr.%s = %s\n", sv[i].name, sv[i].val);
		if (a.known) {
			printf("audit: %s\n", a.enabled == 2 ? "enabled (locked)" :
			       a.enabled ? "enabled" : "disabled");
			if (a.pid)
				printf("auditd: connected, pid %d\n", a.pid);
			else
				printf("auditd: not connected (flushed records go to the kernel log)\n");
		} else {
			printf("audit: unknown (%s: %s%s)\n", "audit status query", strerror(a.err),
			       a.err == EPERM || a.err == EACCES ? "; needs CAP_AUDIT_CONTROL, run as root" : "");
			if (a.proc_pid)
				printf("auditd: a process is running, pid %d (connection unknown)\n", a.proc_pid);
			else
				printf("auditd: no auditd process found\n");
		}
	}
	if (fflush(stdout) || ferror(stdout))
		return EX_FAIL;
	if (!supported)
		return EX_NOSUPPORT;
	return enabled == 0 ? EX_NONE : EX_OK;
}
