#!/usr/bin/python3
"""Host unit tests of the auxerr Python module: records parsed from the
fixtures of tests/unit/fixtures (texts captured from the guest kernel),
field by field, and the API on a kernel without auxerr (the host's).
Real denials are tests/guest/t-python.sh's.

    PYTHONPATH=build/python AUXERR_FIXTURES=tests/unit/fixtures test_unit.py

Output ends with "N passed, N failed".
"""
import errno
import grp
import json
import os
import subprocess
import sys
import threading

import auxerr

FIX = os.environ.get("AUXERR_FIXTURES") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "../../tests/unit/fixtures")
passed = failed = 0


def eq(name, want, got):
    global passed, failed
    if want == got:
        passed += 1
        print("  ok    %s" % name)
    else:
        failed += 1
        print("  FAIL  %s: want %r, got %r" % (name, want, got))


def raises(name, exc, fn, *args):
    try:
        fn(*args)
    except exc as e:
        eq(name, True, True)
        return e
    except Exception as e:	# noqa: BLE001 - report what it was
        eq(name, exc.__name__, type(e).__name__)
        return None
    eq(name, "raises " + exc.__name__, "returned")
    return None


def fixture(name):
    with open(os.path.join(FIX, name)) as f:
        return f.read()


def group(gid):
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


# ---- dac-other.txt: every attribute, raw and interpreted -----------------
r = auxerr.parse(fixture("dac-other.txt"))
eq("dac-other errno", 13, r.errno)
eq("dac-other errno_name", "EACCES", r.errno_name)
eq("dac-other syscall", 257, r.syscall)
eq("dac-other syscall_name", "openat", r.syscall_name)
eq("dac-other arch", 0xc000003e, r.arch)
eq("dac-other mechanism", "dac", r.mechanism)
eq("dac-other serial", 101, r.serial)
eq("dac-other time", 1764745710.101, round(r.time, 3))
eq("dac-other age (parsed: None)", None, r.age)
eq("dac-other weak", False, r.weak)
eq("dac-other flushed", False, r.flushed)
eq("dac-other text", fixture("dac-other.txt"), r.text)
eq("dac-other explanation",
   'openat /srv/x: denied by file permissions: mode 0640 root:%s; uid 1000 '
   'is "other" and has no read permission' % group(42), r.explanation)
eq("dac-other str()", r.explanation, str(r))
eq("dac-other sentence alias", r.explanation, r.sentence)
eq("dac-other records in order", ["SYSCALL", "AUXERR", "CWD", "PATH", "PROCTITLE"],
   [t for t, _ in r.records])
eq("dac-other SYSCALL raw fields", ("c000003e", "257", "no", "-13", "1000", '"cat"'),
   tuple(r.records[0][1][k] for k in ("arch", "syscall", "success", "exit", "uid", "comm")))
eq("dac-other raw_fields",
   {"mechanism": "dac", "class": "other", "perm": "4", "granted": "0",
    "override": "dac_read_search,dac_override", "mode": "0100640",
    "ouid": "0", "ogid": "42", "inode": "1311", "dev": "fe:01"}, r.raw_fields)
f = r.fields
eq("dac-other fields perm", "read", f["perm"])
eq("dac-other fields mode", "file,640", f["mode"])
eq("dac-other fields ouid", "root", f["ouid"])
eq("dac-other fields ogid", group(42), f["ogid"])
eq("dac-other fields class", "other", f["class"])
eq("dac-other field PATH name raw", '"/srv/x"', r.field("name", "PATH"))
eq("dac-other field PATH name interpreted", "/srv/x", r.interpret("name", "PATH"))
eq("dac-other field exit interpreted", "EACCES(Permission denied)",
   r.field("exit", interpreted=True))
eq("dac-other field cwd", "/home/user", r.interpret("cwd", "CWD"))
eq("dac-other field absent", None, r.field("nosuch"))
eq("dac-other PATH nth 1 absent", None, r.field("name", "PATH", 1))
eq("dac-other count PATH", 1, r.count("PATH"))
eq("dac-other count all", 5, r.count())
d = json.loads(json.dumps(r.as_dict()))
eq("dac-other as_dict is JSON", ("dac", 13, "openat", r.explanation),
   (d["mechanism"], d["errno"], d["syscall_name"], d["explanation"]))
eq("dac-other repr", "<auxerr.Record serial=101 openat EACCES mechanism=dac>", repr(r))
eq("dac-other whole: damaged None", (None, None), (r.damaged, d["damaged"]))

# ---- a damaged event (issue 38): a SYSCALL record cut mid-field --------
dm = auxerr.parse(open(os.path.join(FIX, "../cli/fixtures/damaged-cut-syscall.log")).read())
eq("damaged: what it lacks",
   "the SYSCALL record lacks a1, a2, a3, items, ppid, pid, auid, uid, gid, "
   "euid, suid, fsuid, egid, sgid, fsgid, comm, exe", dm.damaged)
eq("damaged: still explained, bits in words",
   "shmat: denied by the permissions of the shared memory segment key "
   "0x00005eed (id 0): mode 0600, owner and creator root:root; uid (not "
   "recorded) was refused permission bits 010 (octal), not one of read/write",
   dm.explanation)
eq("damaged: remedy kind none, not an error", "none", dm.remedy["kind"])
eq("damaged: as_dict", dm.damaged, json.loads(json.dumps(dm.as_dict()))["damaged"])

# ---- cap.txt: EPERM, a capability ---------------------------------------
c = auxerr.parse(fixture("cap.txt").encode())	# bytes too
eq("cap errno", 1, c.errno)
eq("cap errno_name", "EPERM", c.errno_name)
eq("cap syscall_name", "fchownat", c.syscall_name)
eq("cap mechanism", "cap", c.mechanism)
eq("cap capability raw", "0", c.raw_fields["capability"])
eq("cap capability interpreted", "chown", c.fields["capability"])
eq("cap explanation",
   "fchownat f: denied for lack of a capability: uid 1000 does not have "
   "CAP_CHOWN in the initial user namespace", c.explanation)

# ---- cap-probe.txt: a weak note ------------------------------------------
eq("cap-probe weak", True, auxerr.parse(fixture("cap-probe.txt")).weak)

# ---- guest/path.txt: captured in the guest --------------------------------
p = auxerr.parse(fixture("guest/path.txt"))
eq("guest/path mechanism", "path", p.mechanism)
eq("guest/path component", "/tmp/fx/closed", p.fields["component"])
eq("guest/path uid", "65534", p.field("uid", "SYSCALL"))
eq("guest/path serial", 16, p.serial)

# ---- the remedy (auxerr_record_remedy()) ---------------------------------
g = auxerr.parse(fixture("guest/dac-other.txt"))
eq("guest/dac-other remedy",
   {"kind": "command",
    "text": "The file's owner (uid 0, root) can give uid 65534 read permission "
            "on /tmp/fx/secret with one ACL entry for that user: "
            "setfacl -m u:nobody:r /tmp/fx/secret",
    "command": "setfacl -m u:nobody:r /tmp/fx/secret",
    "who": "the file's owner (uid 0, root)", "uid": 0, "weakens": None},
   g.remedy)
o = auxerr.parse(fixture("guest/dac-owner.txt")).remedy or {}
eq("guest/dac-owner remedy command and uid", ("chmod u+w /tmp/fx/mine", 65534),
   (o.get("command"), o.get("uid")))
eq("as_dict has the remedy", g.remedy, json.loads(json.dumps(g.as_dict()))["remedy"])

# ---- every guest fixture parses, with a sentence and its mechanism --------
for name in sorted(os.listdir(os.path.join(FIX, "guest"))):
    if not name.endswith(".txt"):
        continue
    g = auxerr.parse(fixture("guest/" + name))
    mech = g.raw_fields.get("mechanism")
    eq("guest/%s mechanism" % name, mech, g.mechanism)
    eq("guest/%s has a sentence naming %s" % (name, g.syscall_name), True,
       g.explanation.startswith(g.syscall_name))

# ---- malformed input -----------------------------------------------------
raises("parse('') ValueError", ValueError, auxerr.parse, "")
raises("parse(garbage) ValueError", ValueError, auxerr.parse, "hello world\n")
raises("parse(two events) ValueError", ValueError, auxerr.parse,
       fixture("dac-other.txt") + fixture("cap.txt"))
raises("parse(int) TypeError", TypeError, auxerr.parse, 42)
raises("Record(other) TypeError", TypeError, auxerr.Record, "x")

# ---- the API on this kernel ------------------------------------------------
if not auxerr.supported():
    e = raises("last() without auxerr: OSError", OSError, auxerr.last)
    eq("last() without auxerr: ENOSYS", errno.ENOSYS, e and e.errno)
    eq("raw() without auxerr: OSError ENOSYS", errno.ENOSYS,
       getattr(raises("raw() raises", OSError, auxerr.raw), "errno", None))
    try:
        open("/nonexistent/x")
    except OSError as ex:
        eq("explain() without auxerr: None", None, auxerr.explain(ex))
        eq("annotate() without auxerr: False", False, auxerr.annotate(ex))
        eq("annotate() leaves strerror", "No such file or directory", ex.strerror)
    eq("fresh() without auxerr: None", None, auxerr.fresh(errno.EACCES))
    eq("strerror() without auxerr: libc's", os.strerror(errno.EACCES),
       auxerr.strerror(errno.EACCES))
else:
    print("  skip  the no-auxerr checks (this kernel has auxerr)")
raises("explain(non-OSError) TypeError", TypeError, auxerr.explain, ValueError())
eq("explain() of an errno-less OSError", None, auxerr.explain(OSError("x")))
eq("fresh(0) None", None, auxerr.fresh(0))
eq("fresh(-1) None", None, auxerr.fresh(-1))
eq("max_age default", auxerr.DEFAULT_MAX_AGE, auxerr.max_age())
eq("set_max_age returns the old one", auxerr.DEFAULT_MAX_AGE, auxerr.set_max_age(3))
eq("max_age after set", 3, auxerr.max_age())
auxerr.set_max_age(auxerr.DEFAULT_MAX_AGE)
raises("set_max_age(255) ValueError", ValueError, auxerr.set_max_age, 255)

# ---- the hook: installed and removed ----------------------------------------
old_sys, old_thr = sys.excepthook, threading.excepthook
auxerr.install_hook()
eq("install_hook sets sys.excepthook", True, sys.excepthook is not old_sys)
eq("install_hook sets threading.excepthook", True, threading.excepthook is not old_thr)
eq("hook_installed", True, auxerr.hook_installed())
auxerr.install_hook()	# idempotent
auxerr.uninstall_hook()
eq("uninstall_hook restores sys.excepthook", True, sys.excepthook is old_sys)
eq("uninstall_hook restores threading.excepthook", True, threading.excepthook is old_thr)
eq("hook not installed", False, auxerr.hook_installed())

# an uncaught error with the hook prints what it prints without one when
# there is no fresh record (here: no auxerr, or an ENOENT)
prog = "open('/nonexistent/x')"
env = dict(os.environ)
plain = subprocess.run([sys.executable, "-c", prog], capture_output=True,
                       text=True, env=env)
hooked = subprocess.run([sys.executable, "-c", "import auxerr; auxerr.install_hook(); " + prog],
                        capture_output=True, text=True, env=env, cwd="/")
eq("hook, no record: same last line",
   plain.stderr.splitlines()[-1], hooked.stderr.splitlines()[-1])
eq("hook, no record: same status", plain.returncode, hooked.returncode)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
