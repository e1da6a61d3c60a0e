// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audisp-auxerr: an auditd plugin that explains flushed auxerr denials.
 * Usage (from /etc/audit/plugins.d/auxerr.conf): audisp-auxerr [CONFIG]
 * See audisp-auxerr(8).
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "plugin.h"

static volatile sig_atomic_t got_hup, got_term;

static void on_signal(int sig)
{
	if (sig == SIGHUP)
		got_hup = 1;
	else
		got_term = 1;
}

static void complain(const char *msg)
{
	syslog(LOG_ERR, "audisp-auxerr: %s", msg);
	fprintf(stderr, "audisp-auxerr: %s\n", msg);
}

/* Read what stdin has now; 1 at end of input, 0 otherwise */
static int read_some(struct plugin *p, char *buf, size_t len, unsigned max_reads)
{
	while (max_reads--) {
		ssize_t n = read(0, buf, len);

		if (n > 0) {
			plugin_input(p, buf, (size_t)n);
			continue;
		}
		if (n == 0)
			return 1;
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return 0;
		return 1;	/* EBADF, EIO...: nothing more will come */
	}
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *path = PLUGIN_DEFAULT_CONFIG;
	struct plugin_config cfg;
	struct plugin *p;
	struct sigaction sa;
	sigset_t block, empty;
	char err[512];
	static char buf[65536];
	double last_age;
	int eof = 0, missing_ok = 1;

	if (argc > 2 || (argc == 2 && (strcmp(argv[1], "-h") == 0 ||
				       strcmp(argv[1], "--help") == 0))) {
		fprintf(argc == 2 ? stdout : stderr,
			"usage: %s [CONFIG_FILE]\n"
			"An auditd plugin: reads audit events on stdin and explains\n"
			"the auxerr denials among them (default config %s).\n"
			"See audisp-auxerr(8).\n", argv[0], PLUGIN_DEFAULT_CONFIG);
		return argc == 2 ? 0 : 2;
	}
	if (argc == 2) {
		path = argv[1];
		missing_ok = 0;
	}
	setlocale(LC_ALL, "");
	if (plugin_config_load(&cfg, path, missing_ok, err, sizeof(err)) < 0) {
		complain(err);
		return 1;
	}

	/* SIGHUP and SIGTERM are delivered only inside ppoll() */
	sigemptyset(&block);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, NULL);
	sigemptyset(&empty);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);

	p = plugin_new(&cfg, err, sizeof(err));
	if (!p) {
		complain(err);
		return 1;
	}
	/* never block auditd's pipe on our side */
	fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);

	last_age = now();
	while (!eof && !got_term) {
		struct pollfd pfd = { .fd = 0, .events = POLLIN };
		struct timespec tmo = { .tv_sec = 1, .tv_nsec = 0 };
		int rc = ppoll(&pfd, 1, &tmo, &empty);

		if (got_hup) {
			got_hup = 0;
			if (plugin_config_load(&cfg, path, missing_ok, err,
					       sizeof(err)) < 0 ||
			    plugin_reconfigure(p, &cfg, err, sizeof(err)) < 0) {
				char msg[600];

				snprintf(msg, sizeof(msg),
					 "reload failed, keeping the old configuration: %s",
					 err);
				complain(msg);
			}
		}
		if (rc > 0)
			eof = read_some(p, buf, sizeof(buf), 64);
		else if (rc < 0 && errno != EINTR)
			break;
		if (now() - last_age >= 1.0) {
			plugin_age(p);
			last_age = now();
		}
	}
	/* SIGTERM: take what is already in the pipe, then finish */
	if (got_term && !eof)
		read_some(p, buf, sizeof(buf), 1024);
	plugin_flush(p);
	{
		const struct plugin_stats *s = plugin_stats(p);

		syslog(LOG_INFO,
		       "audisp-auxerr exiting on %s: %lu events, %lu with an AUXERR record: "
		       "%lu explained, %lu written not understood (damaged), "
		       "%lu dropped for want of memory; %lu lines dropped "
		       "(%lu too long, %lu binary, %lu not audit records)",
		       got_term ? "stop request" : "end of input", s->events,
		       s->auxerr_events, s->explained, s->unexplained,
		       s->dropped_events,
		       s->dropped_long + s->dropped_binary + s->dropped_malformed,
		       s->dropped_long, s->dropped_binary, s->dropped_malformed);
	}
	plugin_free(p);
	return 0;
}
