// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness: audisp-auxerr's input path.
 *
 * The input is the byte stream auditd writes to the plugin's stdin.  It
 * goes through plugin_input() in chunks (the framer must not care where
 * auditd's writes end), with plugin_age() between some of them, then
 * plugin_flush(); every event is explained and formatted to /dev/null in
 * text or JSON.  How the stream is chunked and which format is used
 * follow from a hash of the input, so that every input replays exactly.
 * Links the plugin's own core (plugin.c, config.c) and libauxerr.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "plugin.h"

static char *pad;	/* a line just short of PLUGIN_MAX_LINE */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	pad = malloc(PLUGIN_MAX_LINE);
	if (!pad)
		abort();
	memset(pad, 'x', PLUGIN_MAX_LINE);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct plugin_config c;
	struct plugin *p;
	char err[256];
	uint32_t h = fuzz_hash(data, size);
	uint32_t rnd = h | 1;
	const char *d = (const char *)data;
	size_t left = size;

	plugin_config_defaults(&c);
	c.output = OUTPUT_FILE;
	c.format = (h & 1) ? FORMAT_JSON : FORMAT_TEXT;
	strcpy(c.file, "/dev/null");
	p = plugin_new(&c, err, sizeof(err));
	if (!p)
		fuzz_fail("plugin_new: %s", err);

	/* one time in 16: an over-long first line, cut anywhere near the
	 * limit, so that the input decides whether it is dropped */
	if ((h >> 1 & 15) == 0)
		plugin_input(p, pad, PLUGIN_MAX_LINE - (h >> 5 & 63));

	while (left) {
		size_t n;

		rnd ^= rnd << 13;
		rnd ^= rnd >> 17;
		rnd ^= rnd << 5;
		switch (h >> 11 & 3) {
		case 0:
			n = left;			/* one write */
			break;
		case 1:
			n = 1;				/* byte by byte */
			break;
		default:
			n = 1 + rnd % 97;		/* anywhere */
			break;
		}
		if (n > left)
			n = left;
		plugin_input(p, d, n);
		d += n;
		left -= n;
		if ((rnd & 31) == 0)
			plugin_age(p);
	}
	plugin_flush(p);

	const struct plugin_stats *s = plugin_stats(p);
	if (s->auxerr_events > s->events)
		fuzz_fail("more auxerr events (%lu) than events (%lu)",
			  s->auxerr_events, s->events);
	/* every event with an AUXERR record is written (explained or not,
	 * with why) or counted as dropped: none vanishes */
	if (s->explained + s->unexplained + s->dropped_events != s->auxerr_events)
		fuzz_fail("%lu auxerr events, %lu explained + %lu not + %lu dropped",
			  s->auxerr_events, s->explained, s->unexplained,
			  s->dropped_events);
	if (s->write_errors)
		fuzz_fail("write errors on /dev/null");
	plugin_free(p);
	return 0;
}
