# SPDX-License-Identifier: LGPL-2.1-or-later
"""auxerr: why a system call was denied.

A kernel with auxerr keeps, per thread, the audit event that a denied
system call would have produced; libauxerr parses it and turns it into one
sentence.  This module is libauxerr for Python:

>>> import auxerr
>>> try:
...     open("/root/secret")
... except PermissionError as e:
...     print(auxerr.explain(e))
openat /root/secret: denied by file permissions: mode 0600 root:root; uid 1000 is "other" and has no read permission

last()            the calling thread's newest record (a Record), or None
explain(exc)      the sentence for an OSError, only when a fresh record
                  matches its errno (auxerr_strerror()'s rule), else None
annotate(exc)     the same, written into exc.strerror (so str(exc) has it)
install_hook()    opt-in: uncaught OSErrors (sys.excepthook and
                  threading.excepthook) are annotated before they print
parse(text)       a Record from an event text (an audit log's event)
strerror(errnum)  auxerr_strerror(): the errno text, plus the sentence

The freshness rule is the one of auxerr_strerror(3): a record explains an
errno only if it is the thread's newest (or the one a state restore
pinned), its errno is that errno, it is not a weak note nor superseded
by a later unexplained EPERM or EACCES, and the thread made at most
max_age() system calls since (default 0: the failing call was the last
one; set_max_age() or AUXERR_MAX_AGE change it).  So an
explanation is never one of an older, unrelated denial; call explain()
or annotate() in the except clause, before other I/O.

On a kernel without auxerr, last() raises OSError(ENOSYS), explain()
returns None and the hook changes nothing (supported() says which).
"""

import errno as _errno
import sys as _sys

from . import _auxerr

__all__ = [
    "Record", "last", "fetch", "raw", "parse", "fresh", "explain", "record",
    "annotate",
    "install_hook", "uninstall_hook", "hook_installed", "strerror", "clear",
    "supported", "max_age", "set_max_age", "DEFAULT_MAX_AGE",
]

DEFAULT_MAX_AGE = _auxerr.DEFAULT_MAX_AGE
clear = _auxerr.clear
supported = _auxerr.supported
max_age = _auxerr.max_age
set_max_age = _auxerr.set_max_age
strerror = _auxerr.strerror
raw = _auxerr.raw

# the AUXERR record's type as the text spells it (auparse's name for 1340)
_AUX_TYPES = ("AUXERR", "UNKNOWN[1340]")


def _split(line):
    """(type, [(name, raw value), ...]) of one record line."""
    head, sep, body = line.partition("): ")
    if not sep or not head.startswith("type="):
        return None, []
    rtype = head[5:].split(" ", 1)[0]
    fields = []
    for tok in body.split(" "):
        name, eq, value = tok.partition("=")
        if eq and name:
            fields.append((name, value))
    return rtype, fields


class Record:
    """One kept denial: the audit event the failed system call made.

    Attributes: errno, errno_name ("EACCES"), syscall (number), syscall_name
    ("openat"), arch, mechanism ("dac", "path", "cap", "lsm", "seccomp",
    "mount", "inode", "sticky", ...), serial, time, age (None for a parsed
    text), weak, superseded, flushed, text (the raw event text), explanation (the
    sentence; also str(record)), records (every record's type and raw
    fields, in event order), fields (the AUXERR record's facts,
    interpreted) and raw_fields (the same, raw).
    """

    __slots__ = ("_c",)

    def __init__(self, crecord):
        if not isinstance(crecord, _auxerr.CRecord):
            raise TypeError("use auxerr.last(), auxerr.parse() or auxerr.fresh()")
        self._c = crecord

    errno = property(lambda self: self._c.errno, doc="The errno (13).")
    syscall = property(lambda self: self._c.syscall,
                       doc="The system call number, or None.")
    syscall_name = property(lambda self: self._c.syscall_name,
                            doc='The system call name ("openat").')
    arch = property(lambda self: self._c.arch, doc="AUDIT_ARCH_* or 0.")
    mechanism = property(lambda self: self._c.mechanism,
                         doc='What denied ("dac", "cap", ...).')
    serial = property(lambda self: self._c.serial, doc="The audit serial.")
    time = property(lambda self: self._c.time,
                    doc="The audit time stamp (seconds since the epoch).")
    age = property(lambda self: self._c.age,
                   doc="System calls since the denial at fetch time; None "
                       "for a parsed text.")
    weak = property(lambda self: self._c.weak,
                    doc="A weak note (capability probe): never an explanation.")
    superseded = property(lambda self: self._c.superseded,
                          doc="A later EPERM or EACCES of the same thread "
                              "kept no record: this record is not its "
                              "cause, whatever its age.")
    flushed = property(lambda self: self._c.flushed,
                       doc="Sent to the audit daemon already.")
    text = property(lambda self: self._c.text, doc="The raw event text.")
    explanation = property(lambda self: self._c.explanation,
                           doc="One sentence: what denied the call, and why.")
    sentence = explanation
    damaged = property(lambda self: self._c.damaged,
                       doc="What a damaged event (a cut line, a truncated "
                           "log) lacks that the kernel always writes; None "
                           "when it is whole. The explanation and remedy "
                           "still use the intact records.")
    remedy = property(lambda self: self._c.remedy,
                      doc="The least change that would allow the call, and "
                          "who can make it: a dict with kind (\"command\", "
                          "\"policy\", \"sandbox\", \"none\"), text, command, "
                          "who, uid, weakens; None when there is none.")

    @property
    def errno_name(self):
        """The errno's symbolic name ("EACCES")."""
        return _errno.errorcode.get(self.errno, str(self.errno))

    @property
    def records(self):
        """[(type, {name: raw value}), ...] in event order; the AUXERR
        record's type is "AUXERR" (the text may say UNKNOWN[1340])."""
        out = []
        for line in self.text.splitlines():
            rtype, fields = _split(line)
            if rtype is None:
                continue
            if rtype in _AUX_TYPES:
                rtype = "AUXERR"
            out.append((rtype, dict(fields)))
        return out

    def _aux_names(self):
        for rtype, fields in self.records:
            if rtype == "AUXERR":
                return list(fields)
        return []

    @property
    def fields(self):
        """The AUXERR record's facts, {name: value as libauparse and
        libauxerr interpret it} ("perm": "read", "ouid": "root", ...)."""
        return {n: self._c.field(n, "AUXERR", 0, True)
                for n in self._aux_names()}

    @property
    def raw_fields(self):
        """The AUXERR record's facts, {name: raw value}."""
        return {n: self._c.field(n, "AUXERR", 0, False)
                for n in self._aux_names()}

    def field(self, name, type=None, nth=0, interpreted=False):
        """The value of field NAME (raw, or interpreted by libauparse) in
        the first record that has it, or in the NTH record of TYPE
        ("SYSCALL", "AUXERR", "CWD", "PATH", "PROCTITLE"); None if absent."""
        return self._c.field(name, type, nth, interpreted)

    def interpret(self, name, type=None, nth=0):
        """field(name, type, nth, interpreted=True)."""
        return self._c.field(name, type, nth, True)

    def count(self, type=None):
        """The number of records of TYPE (None: all) in the event."""
        return self._c.count(type)

    def as_dict(self):
        """The record as plain data (for JSON)."""
        return {
            "errno": self.errno, "errno_name": self.errno_name,
            "syscall": self.syscall, "syscall_name": self.syscall_name,
            "mechanism": self.mechanism, "serial": self.serial,
            "time": self.time, "age": self.age, "weak": self.weak,
            "superseded": self.superseded, "flushed": self.flushed, "fields": self.fields,
            "explanation": self.explanation, "damaged": self.damaged,
            "remedy": self.remedy, "text": self.text,
        }

    def __str__(self):
        return self.explanation

    def __repr__(self):
        return "<auxerr.Record serial=%d %s %s mechanism=%s>" % (
            self.serial, self.syscall_name, self.errno_name, self.mechanism)


def _wrap(c):
    return None if c is None else Record(c)


def parse(text):
    """A Record from an event text (str or bytes): exactly one audit event
    with an AUXERR record, e.g. from an audit log.  ValueError otherwise."""
    return Record(_auxerr.parse(text))


def fetch(slot=0):
    """The calling thread's record in ring slot SLOT (0 is the newest),
    or None.  OSError(ENOSYS) on a kernel without auxerr."""
    return _wrap(_auxerr.fetch(slot))


def last():
    """The calling thread's newest kept denial as a Record, or None when
    it has none.  Whatever its age or errno: to explain a given error,
    use explain(), which applies the freshness rule.  OSError(ENOSYS) on
    a kernel without auxerr."""
    return _wrap(_auxerr.fetch(0))


def fresh(errnum):
    """The Record that explains ERRNUM now under the freshness rule of
    auxerr_strerror(), or None."""
    return _wrap(_auxerr.fresh(errnum))


_ATTR = "_auxerr_record"
_MISSING = object()


def _record_for(exc):
    """The fresh Record for EXC, looked up once and kept on EXC (a later
    look-up could only find a younger, unrelated denial)."""
    # (no AttributeError raised and caught: nothing that may allocate,
    # and so make a system call, before the look-up)
    rec = getattr(exc, _ATTR, _MISSING)
    if rec is not _MISSING:
        return rec
    rec = None
    if isinstance(exc.errno, int) and exc.errno > 0:
        rec = fresh(exc.errno)
    try:
        setattr(exc, _ATTR, rec)
    except (AttributeError, TypeError):
        pass
    return rec


def explain(exc):
    """The explanation of an OSError: the sentence of the record that
    matches exc.errno under the freshness rule, or None.  The first call
    decides (make it early, in the except clause); later calls on the same
    exception return the same answer."""
    if not isinstance(exc, OSError):
        raise TypeError("explain() takes an OSError, not %s"
                        % type(exc).__name__)
    rec = _record_for(exc)
    return None if rec is None else rec.explanation


def record(exc):
    """The Record explain(EXC) is based on, or None."""
    if not isinstance(exc, OSError):
        raise TypeError("record() takes an OSError, not %s"
                        % type(exc).__name__)
    return _record_for(exc)


def annotate(exc):
    """Append the explanation to exc.strerror, so that str(exc) reads
    "[Errno 13] Permission denied (openat /root/secret: denied by ...):
    '/root/secret'".  Only with a fresh matching record; once.  Returns
    True when EXC carries an explanation."""
    ex = explain(exc)
    if ex is None or not isinstance(exc.strerror, str):
        return False
    suffix = " (%s)" % ex
    if not exc.strerror.endswith(suffix):
        exc.strerror += suffix
    return True


_saved = None


def _excepthook(etype, value, tb):
    if isinstance(value, OSError):
        try:
            annotate(value)
        except Exception:	# never let the hook hide the real error
            pass
    hook = _saved[0] if _saved else _sys.__excepthook__
    hook(etype, value, tb)


def _threading_excepthook(args):
    if isinstance(args.exc_value, OSError):
        try:
            annotate(args.exc_value)
        except Exception:
            pass
    import threading
    hook = _saved[1] if _saved and _saved[1] else threading.__excepthook__
    hook(args)


def install_hook():
    """Opt in: an uncaught OSError (main thread: sys.excepthook; other
    threads: threading.excepthook) is annotated (see annotate()) before
    the previous hook prints it.  Idempotent."""
    global _saved
    if _saved is not None:
        return
    import threading
    _saved = (_sys.excepthook, threading.excepthook)
    _sys.excepthook = _excepthook
    threading.excepthook = _threading_excepthook


def uninstall_hook():
    """Undo install_hook(): the hooks it replaced are back."""
    global _saved
    if _saved is None:
        return
    import threading
    if _sys.excepthook is _excepthook:
        _sys.excepthook = _saved[0]
    if threading.excepthook is _threading_excepthook:
        threading.excepthook = _saved[1]
    _saved = None


def hook_installed():
    """Whether install_hook() is in effect."""
    return _saved is not None
