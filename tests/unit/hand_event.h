/* Scaffolding of the unit tests on event texts written by hand from
 * docs/record-format.md (test_spec19b.c, test_spec19c.c): build an event
 * from literal text and parse it, then compare its AUXERR fields, its
 * sentence and the fixtures' texts with what is written out literally. */
#ifndef HAND_EVENT_H
#define HAND_EVENT_H
#include "tests.h"

/* the stamp of every record of a hand-written event */
#define STAMP "msg=audit(1796304151.396:21): "
#define CWD_ROOT "type=CWD " STAMP "cwd=\"/\"\n"

/* an event: SYSCALL (number @nr, exit @exit_, arguments @args
 * "a0=.. a3=..", @items PATH items, every uid and gid @id, comm/exe
 * @comm, @exe), AUXERR @aux, then @more (whole lines, each ending in \n,
 * or ""), parsed; asserts that it parses (NULL if it does not) */
struct auxerr_record *hand_event(int nr, int exit_, const char *args,
				 unsigned items, unsigned id, const char *comm,
				 const char *exe, const char *aux,
				 const char *more);

/* auxerr_explain() of @r is @want (nothing asserted if @r is NULL, as
 * for the two below: hand_event() has failed already) */
void expect_sentence(struct auxerr_record *r, const char *want);
/* AUXERR field @name of @r is @raw, and auparse (or interpret.c) reads
 * it as @interp (unless NULL) */
void expect_field(struct auxerr_record *r, const char *name, const char *raw,
		  const char *interp);
/* @r's AUXERR record has no field @name */
void expect_absent(struct auxerr_record *r, const char *name);

/* fixtures/@name.txt parses and names @mechanism; every fact its
 * sentence and remedy need is there (no "?", not the sentence of an
 * unknown mechanism), and it has a remedy */
void expect_fixture(const char *name, const char *mechanism);

#endif
