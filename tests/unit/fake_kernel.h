/* A fake auxerr kernel behind libauxerr's prctl hook, for the unit tests. */
#ifndef FAKE_KERNEL_H
#define FAKE_KERNEL_H

#include <stddef.h>

/* Put the fake behind the library (and forget the ENOSYS verdict) */
void fake_install(void);
/* Back to the real prctl(2) */
void fake_uninstall(void);
/* Drop every record; present=0 makes every call fail with EINVAL as a
 * kernel without the prctl option does */
void fake_reset(int present);
/* Keep a new denial: the event text of fixture file @name (errno taken
 * from the text, a new serial written into it); returns the serial */
unsigned long long fake_push_fixture(const char *name, unsigned flags);
int fake_push_text(const char *text, unsigned long long serial, int error,
		   unsigned flags);
/* A serial for fake_push_text(): the next one, as the kernel's grow */
unsigned long long fake_next_serial(void);
/* The thread made a system call: every record ages by one */
void fake_syscall(void);
void fake_set_age(unsigned slot, unsigned age);
/* The result of the next FLUSH calls: 0 or an errno */
void fake_flush_result(int err);
extern int fake_flush_calls, fake_get_calls;
/* Each GET into a buffer then ages every record by fake_get_ages calls and
 * pushes the fixture fake_get_pushes (once): the system calls and denials
 * of the library's own work after a fetch */
extern int fake_get_ages;
extern const char *fake_get_pushes;

/* Read a fixture file into a malloc'd buffer */
char *read_fixture(const char *name, size_t *len);

#endif
