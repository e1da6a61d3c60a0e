/* Linked against libauxerr.so: the installed header alone is enough, and
 * on a kernel without auxerr everything degrades to strerror. */
#include <auxerr.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	char buf[256];
	int fails = 0;

	errno = 0;
	if (get_last_audit_record(buf, sizeof(buf), 0) >= 0 || errno != ENOSYS) {
		if (errno == ENOENT || errno == 0) {
			printf("so-client: kernel has auxerr (errno %d)\n", errno);
			return 0;
		}
		printf("so-client: expected ENOSYS, got errno %d\n", errno);
		fails++;
	}
	if (strcmp(auxerr_strerror(EACCES), strerror(EACCES)) != 0) {
		printf("so-client: auxerr_strerror differs\n");
		fails++;
	}
	errno = EPERM;
	auxerr_perror("so-client");
	if (errno != EPERM)
		fails++;
	printf("so-client: %s\n", fails ? "FAIL" : "ok");
	return fails != 0;
}
