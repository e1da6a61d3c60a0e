#!/usr/bin/python3
"""libauxerr.so.1 loads with Python's ctypes in a process whose static TLS
surplus is spent (see dlopen-test.c).

    dlopen-test.py LIBDIR TESTDIR

Output ends with "N passed, N failed"; the exit status is 1 on a failure.
"""
import ctypes
import errno
import os
import sys
import threading

libdir, testdir = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print("  %-5s %s" % ("ok" if ok else "FAIL", what), flush=True)


def load(path):
    try:
        return ctypes.CDLL(path), None
    except OSError as e:
        return None, str(e)


print("dlopen-test.py (%s, GLIBC_TUNABLES=%s)"
      % (sys.executable, os.environ.get("GLIBC_TUNABLES", "")))
spent = 0
for size in (4096, 2048, 1024, 512, 256, 128, 64, 32, 16):
    if load("%s/ie-%d.so" % (testdir, size))[0]:
        spent += size
print("  (initial-exec test libraries took %d bytes of static TLS)" % spent)
probe, err = load(testdir + "/ie-probe.so")
check(probe is None and "static TLS" in err,
      "an initial-exec library no longer loads: %s" % (err or "it loaded"))

lib, err = load(libdir + "/libauxerr.so.1")
check(lib is not None, "ctypes.CDLL('libauxerr.so.1'): %s" % (err or "loaded"))
if lib is not None:
    lib = ctypes.CDLL(libdir + "/libauxerr.so.1", use_errno=True)
    lib.auxerr_strerror.restype = ctypes.c_char_p
    lib.get_last_audit_record.restype = ctypes.c_ssize_t
    lib.get_last_audit_record.argtypes = (ctypes.c_char_p, ctypes.c_size_t,
                                          ctypes.c_uint)
    r = lib.get_last_audit_record(None, 0, 0)
    e = ctypes.get_errno()
    check(r > 0 or e in (errno.ENOSYS, errno.ENOENT),
          "get_last_audit_record(NULL, 0, 0) = %d, errno %d" % (r, e))
    lib.auxerr_clear()
    want = os.strerror(errno.EACCES)
    got = lib.auxerr_strerror(errno.EACCES).decode()
    check(got == want, "auxerr_strerror(EACCES) = %r" % got)
    out = []
    t = threading.Thread(
        target=lambda: out.append(lib.auxerr_strerror(errno.EACCES).decode()))
    t.start()
    t.join()
    check(out == [want], "auxerr_strerror(EACCES) in a new thread = %r" % out)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
