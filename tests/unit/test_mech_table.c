/* The mechanism table (libauxerr/src/mech/table.c), whose list is made
 * at build time from the entries in src/mech/ (libauxerr/mech-list):
 * every mechanism the kernel's UAPI header numbers (enum
 * auxerr_mechanism, AUXERR_MECH_NAME = N) has an entry under its
 * mechanism= name, the lower-case NAME, so a mechanism file the list
 * failed to pick up cannot go unnoticed. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "mech.h"
#include "tests.h"

#ifndef AUXERR_TEST_UAPI
#error "AUXERR_TEST_UAPI: the path of the UAPI <linux/auxerr.h> to read"
#endif

static void test_every_uapi_mechanism(void)
{
	FILE *h = fopen(AUXERR_TEST_UAPI, "r");
	char line[256], upper[64], name[64];
	int number, numbered = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	while (fgets(line, sizeof(line), h)) {
		if (sscanf(line, " AUXERR_MECH_%63[A-Z0-9_] = %d ,", upper,
			   &number) != 2)
			continue;
		numbered++;
		if (number == 0)	/* AUXERR_MECH_NONE: no mechanism */
			continue;
		for (size_t i = 0; i <= strlen(upper); i++)
			name[i] = (char)tolower((unsigned char)upper[i]);
		const struct auxerr_mech *m = auxerr__mech(name);

		if (!m)
			fprintf(stderr, "\nno mechanism entry for %s (%d)\n",
				name, number);
		CU_ASSERT_PTR_NOT_NULL(m);
		if (m)
			CU_ASSERT_STRING_EQUAL(m->name, name);
	}
	fclose(h);
	/* the enum of the header this library is built against, which
	 * numbered 28 mechanisms when the list began to be made */
	CU_ASSERT(numbered >= 29);
}

static void test_unknown_name(void)
{
	CU_ASSERT_PTR_NULL(auxerr__mech("none"));
	CU_ASSERT_PTR_NULL(auxerr__mech("DAC"));
	CU_ASSERT_PTR_NULL(auxerr__mech(""));
	CU_ASSERT_PTR_NULL(auxerr__mech("dac "));
}

void add_mech_table_suite(void)
{
	CU_pSuite s = CU_add_suite("the mechanism table", NULL, NULL);

	CU_add_test(s, "every mechanism of the UAPI header has its entry",
		    test_every_uapi_mechanism);
	CU_add_test(s, "a name no mechanism has", test_unknown_name);
}
