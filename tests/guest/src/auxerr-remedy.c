// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr-remedy: the remedy libauxerr derives for an event text, field by
 * field, for tests/guest/t-remedy.sh.
 *
 *   auxerr-remedy [FILE]
 *
 * Reads one event text (the "type=" lines of a kept denial, as
 * get_last_audit_record() gives it; other lines are skipped) from FILE or
 * stdin, parses it with auxerr_record_parse() and prints
 *
 *   kind=command|policy|sandbox|none
 *   text=...
 *   command=...      (empty when there is none)
 *   who=...          (empty when there is none)
 *   uid=N            (-1 when the party is not one user)
 *   weakens=...      (empty when nothing)
 *
 * Exit status 0, or 1 with a message when the text does not parse.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxerr.h"

static const char *str(const char *s)
{
	return s ? s : "";
}

int main(int argc, char **argv)
{
	FILE *in = stdin;
	char *line = NULL, *text = NULL;
	size_t cap = 0, len = 0;
	ssize_t n;
	struct auxerr_record *rec;
	struct auxerr_remedy *rem;

	if (argc > 2) {
		fprintf(stderr, "usage: auxerr-remedy [FILE]\n");
		return 2;
	}
	if (argc == 2 && !(in = fopen(argv[1], "r"))) {
		perror(argv[1]);
		return 1;
	}
	while ((n = getline(&line, &cap, in)) > 0) {
		char *p;

		if (strncmp(line, "type=", 5) != 0)
			continue;
		p = realloc(text, len + (size_t)n + 1);
		if (!p) {
			perror("realloc");
			return 1;
		}
		text = p;
		memcpy(text + len, line, (size_t)n);
		len += (size_t)n;
		text[len] = '\0';
	}
	free(line);
	if (!text) {
		fprintf(stderr, "auxerr-remedy: no event text\n");
		return 1;
	}
	rec = auxerr_record_parse(text, len);
	if (!rec) {
		perror("auxerr_record_parse");
		return 1;
	}
	rem = auxerr_record_remedy(rec);
	if (!rem) {
		perror("auxerr_record_remedy");
		return 1;
	}
	printf("kind=%s\n", auxerr_remedy_kind_name(auxerr_remedy_kind(rem)));
	printf("text=%s\n", str(auxerr_remedy_text(rem)));
	printf("command=%s\n", str(auxerr_remedy_command(rem)));
	printf("who=%s\n", str(auxerr_remedy_who(rem)));
	printf("uid=%lld\n", auxerr_remedy_uid(rem));
	printf("weakens=%s\n", str(auxerr_remedy_weakens(rem)));
	auxerr_remedy_free(rem);
	auxerr_record_free(rec);
	free(text);
	if (in != stdin)
		fclose(in);
	return 0;
}
