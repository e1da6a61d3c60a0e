#include <CUnit/Basic.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

struct auxerr_record *parse_fixture(const char *name)
{
	size_t len;
	char *t = read_fixture(name, &len);
	struct auxerr_record *r;

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	r = auxerr_record_parse(t, len);
	if (!r)
		fprintf(stderr, "\n  fixture %s does not parse: %m\n", name);
	CU_ASSERT_PTR_NOT_NULL(r);
	free(t);
	return r;
}

const char *user_name(unsigned uid)
{
	static char buf[64];
	struct passwd *pw = getpwuid(uid);

	if (pw)
		return pw->pw_name;
	snprintf(buf, sizeof(buf), "%u", uid);
	return buf;
}

const char *group_name(unsigned gid)
{
	static char buf[64];
	struct group *gr = getgrgid(gid);

	if (gr)
		return gr->gr_name;
	snprintf(buf, sizeof(buf), "%u", gid);
	return buf;
}

int main(void)
{
	unsigned failed;

	setenv("LANGUAGE", "C", 1);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	add_parse_suite();
	add_explain_suite();
	add_hostile_suite();
	add_raw_suite();
	add_strerror_suite();
	add_guest_suite();
	add_fuzzed_suite();
	add_remedy_suite();
	add_json_suite();
	add_everyday_suite();
	add_spec19b_suite();
	add_spec19c_suite();
	add_spec19d_suite();
	add_userns_remedy_suite();
	add_spec19e_suite();
	add_spec19f_suite();
	add_beyond_suite();
	add_space_suite();
	add_notify_suite();
	add_spec35_suite();
	add_lsm_record_suite();
	add_usermsg_suite();
	add_damaged_suite();
	add_facts_suite();
	add_mech_table_suite();
	CU_basic_set_mode(CU_BRM_NORMAL);
	CU_basic_run_tests();
	failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
