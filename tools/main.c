// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr(1): why a system call was denied, at the shell
 *
 *   auxerr last | explain | run | trace | status
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef AUXERR_VERSION
#define AUXERR_VERSION "1.0.0"
#endif

const char *progname = "auxerr";

static const char usage[] =
"Usage: auxerr COMMAND [OPTIONS] [ARGS]\n"
"Why a system call was denied: the audit event an auxerr kernel keeps.\n"
"\n"
"Commands:\n"
"  last [-p PID] [-t TID] [-n N] [--raw|--json]\n"
"                      the latest denial(s) kept for a thread (default: the\n"
"                      calling shell, that is auxerr's parent process)\n"
"  explain [--json] [FILE|-]\n"
"                      explain every AUXERR event in an audit log or in\n"
"                      'ausearch --raw' output (default: standard input)\n"
"  run [--] CMD [ARGS]  run CMD with libauxerr-preload.so, so that its own\n"
"                      error messages carry the explanation\n"
"  trace [-f] [-o FILE] [--json] [--] CMD [ARGS]\n"
"                      run CMD under ptrace and print each denial live\n"
"  status [--json]     kernel support, kernel.auxerr.* sysctls, audit state\n"
"\n"
"  auxerr COMMAND --help   options of one command\n"
"  auxerr --version\n"
"\n"
"Exit status: 0 ok, 1 nothing found, 2 usage, 3 bad input, 4 no kernel\n"
"support, 5 no such process or no access, 6 other failure; run and trace\n"
"exit with CMD's status (126/127: CMD could not be executed/found).\n"
"See auxerr(1).\n";

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} cmds[] = {
		{ "last", cmd_last },
		{ "explain", cmd_explain },
		{ "run", cmd_run },
		{ "trace", cmd_trace },
		{ "status", cmd_status },
	};
	unsigned i;

	setlocale(LC_ALL, "");
	if (argc < 2) {
		fputs(usage, stderr);
		return EX_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		fputs(usage, stdout);
		return EX_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("auxerr %s\n", AUXERR_VERSION);
		return EX_OK;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "auxerr: unknown command '%s' (see auxerr --help)\n", argv[1]);
	return EX_USAGE;
}
