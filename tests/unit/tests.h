#ifndef TESTS_H
#define TESTS_H
#include <CUnit/CUnit.h>
#include <string.h>

#include <linux/auxerr.h>	/* the ABI, as the kernel exports it */

#include "auxerr.h"
#include "fake_kernel.h"

void add_parse_suite(void);
void add_explain_suite(void);
void add_hostile_suite(void);
void add_raw_suite(void);
void add_strerror_suite(void);
void add_guest_suite(void);
void add_fuzzed_suite(void);
void add_remedy_suite(void);
void add_json_suite(void);
void add_everyday_suite(void);
void add_spec19b_suite(void);
void add_spec19c_suite(void);
void add_spec19d_suite(void);
void add_userns_remedy_suite(void);
void add_spec19e_suite(void);
void add_spec19f_suite(void);
void add_beyond_suite(void);
void add_space_suite(void);
void add_notify_suite(void);
void add_spec35_suite(void);
void add_lsm_record_suite(void);
void add_usermsg_suite(void);
void add_damaged_suite(void);
void add_facts_suite(void);
void add_mech_table_suite(void);

/* parse fixture @name; CU_FAIL and NULL if it does not parse */
struct auxerr_record *parse_fixture(const char *name);
/* fixture @name with, for each pair of @pairs (NULL-terminated), the
 * first "from" replaced by "to"; parsed (test_remedy.c) */
struct auxerr_record *changedv(const char *name, const char *const *pairs);
/* the user/group name of an id on this host, or the number */
const char *user_name(unsigned uid);
const char *group_name(unsigned gid);
/* the remedy of @r, each field as expected (@command, @who, @weakens
 * NULL: there must be none); errno is left alone (test_remedy.c) */
void check_remedy(struct auxerr_record *r, enum auxerr_remedy_kind kind,
		  const char *text, const char *command, const char *who,
		  long long uid, const char *weakens);

#define ASSERT_STR(actual, expected) do { \
	const char *a_ = (actual), *e_ = (expected); \
	if (!a_ || strcmp(a_, e_) != 0) \
		fprintf(stderr, "\n  %s:%d: got  [%s]\n  %*s want [%s]\n", \
			__FILE__, __LINE__, a_ ? a_ : "(null)", \
			(int)strlen(__FILE__) + 6, "", e_); \
	CU_ASSERT_PTR_NOT_NULL(a_); \
	CU_ASSERT_STRING_EQUAL(a_ ? a_ : "", e_); \
} while (0)

#endif
