/* Test libraries for the dlopen checks (dlopen-test.c, dlopen-test.py),
 * one source built several ways:
 *   -DTLS_IE -DTLS_SIZE=N  N bytes of initial-exec TLS: the library needs
 *                          the static TLS surplus, and dlopen() fails with
 *                          "cannot allocate memory in static TLS block"
 *                          once that is spent (what libauxerr.so did)
 *   -DTLS_SIZE=N           N bytes of default-model (dynamic) TLS: a
 *                          thread's first access allocates */
#ifndef TLS_SIZE
#error TLS_SIZE
#endif
#ifdef TLS_IE
#define MODEL __attribute__((tls_model("initial-exec")))
#else
#define MODEL
#endif

static __thread char block[TLS_SIZE] MODEL;

/* Touch the block: returns its address (non-zero) */
__attribute__((visibility("default"))) void *tls_touch(void)
{
	block[0]++;
	block[TLS_SIZE - 1]++;
	return block;
}
