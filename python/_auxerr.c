// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr._auxerr: the C core of the Python module "auxerr" (see
 * auxerr/__init__.py for the API a program uses): libauxerr's records as
 * objects, and the freshness rule of auxerr_strerror().
 *
 * The interpreter lock is held throughout every call: releasing it may
 * make system calls (futex), and a system call between a failure and the
 * look-up of its record ages the record.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <auxerr.h>
#include <errno.h>
#include <string.h>

/* the deepest ring the kernel keeps (kernel.auxerr.depth's maximum) */
#define RING_MAX 16

typedef struct {
	PyObject_HEAD
	struct auxerr_record *rec;
	PyObject *remedy;	/* the remedy as a dict, None, or NULL: not yet */
} RecordObject;

static PyTypeObject RecordType;

static PyObject *str_or_none(const char *s)
{
	if (!s)
		Py_RETURN_NONE;
	/* file names in interpreted values need not be UTF-8 */
	return PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s), "surrogateescape");
}

/* @rec's remedy (auxerr_record_remedy()) as a dict, None when there is
 * none; NULL with an exception set */
static PyObject *remedy_dict(const struct auxerr_record *rec)
{
	struct auxerr_remedy *rem = auxerr_record_remedy(rec);
	long long uid;
	PyObject *d, *u;

	if (!rem) {
		if (errno == ENOMEM)
			return PyErr_NoMemory();
		Py_RETURN_NONE;
	}
	uid = auxerr_remedy_uid(rem);
	u = uid < 0 ? Py_NewRef(Py_None) : PyLong_FromLongLong(uid);
	d = u ? Py_BuildValue("{s:s,s:N,s:N,s:N,s:O,s:N}",
			      "kind", auxerr_remedy_kind_name(auxerr_remedy_kind(rem)),
			      "text", str_or_none(auxerr_remedy_text(rem)),
			      "command", str_or_none(auxerr_remedy_command(rem)),
			      "who", str_or_none(auxerr_remedy_who(rem)),
			      "uid", u,
			      "weakens", str_or_none(auxerr_remedy_weakens(rem))) : NULL;
	Py_XDECREF(u);
	auxerr_remedy_free(rem);
	return d;
}

/* a CRecord owning @rec (freed on failure); @remedy: a computed remedy
 * (the reference is taken) or NULL */
static PyObject *wrap_with(struct auxerr_record *rec, PyObject *remedy)
{
	RecordObject *o = PyObject_New(RecordObject, &RecordType);

	if (!o) {
		auxerr_record_free(rec);
		Py_XDECREF(remedy);
		return NULL;
	}
	o->rec = rec;
	o->remedy = remedy;
	return (PyObject *)o;
}

static PyObject *wrap(struct auxerr_record *rec)
{
	return wrap_with(rec, NULL);
}

/*
 * The work on a record the thread's own denial made (the sentence, the
 * remedy: NSS look-ups) is done at once, while the caller brackets it
 * with auxerr_state_save()/auxerr_state_restore(): done later it would
 * age the record.  Returns the remedy (a new reference, or NULL with an
 * exception set); the sentence is cached in @rec.
 */
static PyObject *prepare(struct auxerr_record *rec)
{
	auxerr_explain(rec);
	return remedy_dict(rec);
}

static void Record_dealloc(RecordObject *self)
{
	auxerr_record_free(self->rec);
	Py_XDECREF(self->remedy);
	PyObject_Free(self);
}

/* ---- getters ----------------------------------------------------------- */

static PyObject *R_errno(RecordObject *s, void *c)
{
	(void)c;
	return PyLong_FromLong(auxerr_record_errno(s->rec));
}

static PyObject *R_syscall(RecordObject *s, void *c)
{
	long nr = auxerr_record_syscall(s->rec);

	(void)c;
	if (nr < 0)
		Py_RETURN_NONE;
	return PyLong_FromLong(nr);
}

static PyObject *R_syscall_name(RecordObject *s, void *c)
{
	(void)c;
	return str_or_none(auxerr_record_syscall_name(s->rec));
}

static PyObject *R_arch(RecordObject *s, void *c)
{
	(void)c;
	return PyLong_FromUnsignedLong(auxerr_record_arch(s->rec));
}

static PyObject *R_mechanism(RecordObject *s, void *c)
{
	(void)c;
	return str_or_none(auxerr_record_mechanism(s->rec));
}

static PyObject *R_serial(RecordObject *s, void *c)
{
	(void)c;
	return PyLong_FromUnsignedLongLong(auxerr_record_serial(s->rec));
}

static PyObject *R_time(RecordObject *s, void *c)
{
	struct timespec ts = auxerr_record_time(s->rec);

	(void)c;
	return PyFloat_FromDouble((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

static PyObject *R_age(RecordObject *s, void *c)
{
	int age = auxerr_record_age(s->rec);

	(void)c;
	if (age < 0)
		Py_RETURN_NONE;
	return PyLong_FromLong(age);
}

static PyObject *R_weak(RecordObject *s, void *c)
{
	(void)c;
	return PyBool_FromLong(auxerr_record_is_weak(s->rec));
}

static PyObject *R_superseded(RecordObject *s, void *c)
{
	(void)c;
	return PyBool_FromLong(auxerr_record_is_superseded(s->rec));
}

static PyObject *R_flushed(RecordObject *s, void *c)
{
	(void)c;
	return PyBool_FromLong(auxerr_record_is_flushed(s->rec));
}

static PyObject *R_text(RecordObject *s, void *c)
{
	(void)c;
	return str_or_none(auxerr_record_text(s->rec));
}

static PyObject *R_explanation(RecordObject *s, void *c)
{
	const char *ex;

	(void)c;
	errno = 0;
	ex = auxerr_explain(s->rec);
	if (!ex)
		return PyErr_SetFromErrno(PyExc_OSError);
	return str_or_none(ex);
}

static PyObject *R_damaged(RecordObject *s, void *c)
{
	const char *d;

	(void)c;
	errno = 0;
	d = auxerr_record_damage(s->rec);
	if (!d && errno == ENOMEM)
		return PyErr_NoMemory();
	return str_or_none(d);
}

static PyObject *R_remedy(RecordObject *s, void *c)
{
	(void)c;
	if (!s->remedy) {
		s->remedy = remedy_dict(s->rec);
		if (!s->remedy)
			return NULL;
	}
	return Py_NewRef(s->remedy);
}

static PyGetSetDef Record_getset[] = {
	{ "errno", (getter)R_errno, NULL,
	  "The errno the system call failed with (e.g. 13).", NULL },
	{ "syscall", (getter)R_syscall, NULL,
	  "The system call number, or None.", NULL },
	{ "syscall_name", (getter)R_syscall_name, NULL,
	  "The system call name as libauparse gives it (\"openat\").", NULL },
	{ "arch", (getter)R_arch, NULL,
	  "The audit architecture (AUDIT_ARCH_*), 0 if unknown.", NULL },
	{ "mechanism", (getter)R_mechanism, NULL,
	  "What denied: dac, path, cap, lsm, seccomp, mount, inode, sticky, ...",
	  NULL },
	{ "serial", (getter)R_serial, NULL,
	  "The audit serial number of the event.", NULL },
	{ "time", (getter)R_time, NULL,
	  "The audit time stamp, seconds since the epoch.", NULL },
	{ "age", (getter)R_age, NULL,
	  "System calls the thread made since the denial when the record was "
	  "fetched; None for a parsed text.", NULL },
	{ "weak", (getter)R_weak, NULL,
	  "True for a weak note (a capability probe), never an explanation.",
	  NULL },
	{ "superseded", (getter)R_superseded, NULL,
	  "True when a later EPERM or EACCES of the thread kept no record: "
	  "this record is not its cause.", NULL },
	{ "flushed", (getter)R_flushed, NULL,
	  "True once the record was sent to the audit daemon.", NULL },
	{ "text", (getter)R_text, NULL,
	  "The event text as the kernel rendered it (one record a line).",
	  NULL },
	{ "explanation", (getter)R_explanation, NULL,
	  "One sentence saying what denied the call, and why.", NULL },
	{ "damaged", (getter)R_damaged, NULL,
	  "What a damaged event lacks that the kernel always writes\n"
	  "(auxerr_record_damage()); None when the event is whole.", NULL },
	{ "remedy", (getter)R_remedy, NULL,
	  "The least change that would allow the call (auxerr_record_remedy()):\n"
	  "a dict with kind (\"command\", \"policy\", \"sandbox\", \"none\"), text,\n"
	  "command, who, uid and weakens; None when there is none.", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

/* ---- methods ------------------------------------------------------------ */

static PyObject *R_field(RecordObject *s, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "name", "type", "nth", "interpreted", NULL };
	const char *name, *type = NULL, *v;
	unsigned nth = 0;
	int interp = 0;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "s|zIp", kwlist, &name,
					 &type, &nth, &interp))
		return NULL;
	v = auxerr_record_field_nth(s->rec, type, nth, name, interp);
	return str_or_none(v);
}

static PyObject *R_count(RecordObject *s, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "type", NULL };
	const char *type = NULL;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|z", kwlist, &type))
		return NULL;
	return PyLong_FromUnsignedLong(auxerr_record_count(s->rec, type));
}

static PyMethodDef Record_methods[] = {
	{ "field", (PyCFunction)(void (*)(void))R_field,
	  METH_VARARGS | METH_KEYWORDS,
	  "field(name, type=None, nth=0, interpreted=False)\n\n"
	  "The value of field NAME, raw (as in the text) or as libauparse\n"
	  "interprets it; TYPE picks the record (\"SYSCALL\", \"AUXERR\", \"PATH\",\n"
	  "...; None: the first record that has the field), NTH among records\n"
	  "of the same type.  None when there is no such field." },
	{ "count", (PyCFunction)(void (*)(void))R_count,
	  METH_VARARGS | METH_KEYWORDS,
	  "count(type=None)\n\nThe number of records of TYPE (None: all)." },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject RecordType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "auxerr._auxerr.CRecord",
	.tp_basicsize = sizeof(RecordObject),
	.tp_dealloc = (destructor)Record_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "A parsed auxerr event (libauxerr's struct auxerr_record).\n"
		  "Made by parse(), fetch() and fresh(); see auxerr.Record.",
	.tp_methods = Record_methods,
	.tp_getset = Record_getset,
};

/* ---- module functions --------------------------------------------------- */

static PyObject *M_parse(PyObject *m, PyObject *arg)
{
	const char *text;
	Py_ssize_t len;
	struct auxerr_record *rec;
	PyObject *bytes = NULL;

	(void)m;
	if (PyUnicode_Check(arg)) {
		bytes = PyUnicode_AsUTF8String(arg);
		if (!bytes)
			return NULL;
		arg = bytes;
	}
	if (PyBytes_AsStringAndSize(arg, (char **)&text, &len) < 0) {
		Py_XDECREF(bytes);
		return NULL;
	}
	errno = 0;
	rec = auxerr_record_parse(text, (size_t)len);
	Py_XDECREF(bytes);
	if (!rec) {
		if (errno == EBADMSG || errno == EINVAL)
			return PyErr_Format(PyExc_ValueError,
					    "not one auxerr event: %s",
					    strerror(errno));
		return PyErr_SetFromErrno(PyExc_OSError);
	}
	return wrap(rec);
}

/* ENOSYS as an OSError that says what it means */
static PyObject *no_auxerr(void)
{
	PyObject *e = Py_BuildValue("(is)", ENOSYS,
		"this kernel does not keep auxerr records (no PR_AUXERR)");
	if (e) {
		PyErr_SetObject(PyExc_OSError, e);
		Py_DECREF(e);
	}
	return NULL;
}

/* The errno of an event text: its SYSCALL record's exit=-N, or 0 */
static int text_errno(const char *text)
{
	const char *p = strstr(text, " exit=-");
	const char *nl = strchr(text, '\n');
	long v = 0;

	if (!p || (nl && p > nl))
		return 0;
	for (p += 7; *p >= '0' && *p <= '9' && v < 4096; p++)
		v = v * 10 + (*p - '0');
	return v < 4096 ? (int)v : 0;
}

/*
 * fetch(slot): the record, parsed and its sentence rendered.  The work
 * (libauparse, the NSS look-ups of the sentence) makes system calls; so
 * that it neither ages the record for a later explain() nor has a denial
 * of its own taken for the program's, it runs between auxerr_state_save()
 * (errno = the record's, read from the text with one prctl) and
 * auxerr_state_restore(), as a library's work should.
 */
static PyObject *M_fetch(PyObject *m, PyObject *args)
{
	static char head[16384];	/* under the GIL */
	unsigned slot = 0;
	struct auxerr_state st;
	struct auxerr_record *rec;
	PyObject *remedy = NULL;
	int saved = errno, e, bracket;
	ssize_t n;

	(void)m;
	if (!PyArg_ParseTuple(args, "|I", &slot))
		return NULL;
	n = auxerr_get_record(slot, head, sizeof(head), 0);
	bracket = n > 0;
	if (bracket) {
		errno = text_errno(head);
		auxerr_state_save(&st);
	}
	errno = 0;
	rec = auxerr_record_fetch(slot);
	e = errno;
	if (rec)
		remedy = prepare(rec);
	if (bracket)
		auxerr_state_restore(&st);
	errno = saved;
	if (rec) {
		if (!remedy) {
			auxerr_record_free(rec);
			return NULL;
		}
		return wrap_with(rec, remedy);
	}
	if (e == ENOENT)
		Py_RETURN_NONE;
	if (e == ENOSYS)
		return no_auxerr();
	errno = e;
	return PyErr_SetFromErrno(PyExc_OSError);
}

static PyObject *M_raw(PyObject *m, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "slot", "flush", NULL };
	unsigned slot = 0;
	int flush = 0;
	ssize_t need, got;
	char *buf;
	PyObject *r;

	(void)m;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|Ip", kwlist, &slot, &flush))
		return NULL;
	for (int tries = 0; tries < 4; tries++) {
		need = auxerr_get_record(slot, NULL, 0, 0);
		if (need < 0)
			break;
		buf = PyMem_Malloc((size_t)need + 64);
		if (!buf)
			return PyErr_NoMemory();
		got = auxerr_get_record(slot, buf, (size_t)need + 64,
					flush ? AUXERR_FLUSH : 0);
		if (got < 0) {
			int e = errno;
			PyMem_Free(buf);
			errno = e;
			if (e == ERANGE)	/* a newer, longer record */
				continue;
			break;
		}
		r = PyUnicode_DecodeASCII(buf, got, "replace");
		PyMem_Free(buf);
		return r;
	}
	if (errno == ENOENT)
		Py_RETURN_NONE;
	if (errno == ENOSYS)
		return no_auxerr();
	return PyErr_SetFromErrno(PyExc_OSError);
}

/*
 * fresh(errnum): the record that explains @errnum now under the freshness
 * rule of auxerr_strerror(), with its sentence rendered, or None.  It is
 * the documented pattern for a library's own work between a failure and
 * its message: auxerr_state_save() with errno = @errnum picks the record
 * (the newest one, or the pinned one, matching, young enough, not weak);
 * the fetch, the parse and the explanation (NSS look-ups) happen; then
 * auxerr_state_restore() pins the record with those calls not counted and
 * keeps any denial of that work from being taken for the program's.
 */
static PyObject *M_fresh(PyObject *m, PyObject *arg)
{
	struct auxerr_state st;
	struct auxerr_record *rec = NULL;
	PyObject *remedy = NULL;
	int saved = errno, errnum, err = 0;
	long v;

	(void)m;
	v = PyLong_AsLong(arg);
	if (v == -1 && PyErr_Occurred())
		return NULL;
	if (v <= 0 || v > 4095)
		Py_RETURN_NONE;
	errnum = (int)v;

	errno = errnum;
	auxerr_state_save(&st);
	if (!st.serial) {
		errno = saved;
		Py_RETURN_NONE;
	}
	/* by serial: it is slot 0 unless a restore pinned an older one */
	for (unsigned slot = 0; slot < RING_MAX && !rec; slot++) {
		struct auxerr_record *r = auxerr_record_fetch(slot);
		if (!r) {
			if (errno != ENOENT && errno != EINVAL)
				err = errno;
			break;
		}
		if (auxerr_record_serial(r) == st.serial &&
		    auxerr_record_errno(r) == errnum && !auxerr_record_is_weak(r) &&
		    !auxerr_record_is_superseded(r))
			rec = r;
		else
			auxerr_record_free(r);
	}
	if (rec && !auxerr_explain(rec)) {
		err = errno ? errno : ENOMEM;
		auxerr_record_free(rec);
		rec = NULL;
	}
	if (rec)
		remedy = remedy_dict(rec);
	auxerr_state_restore(&st);
	errno = saved;
	if (err == ENOMEM)
		return PyErr_NoMemory();
	if (!rec)
		Py_RETURN_NONE;
	if (!remedy) {
		auxerr_record_free(rec);
		return NULL;
	}
	return wrap_with(rec, remedy);
}

static PyObject *M_clear(PyObject *m, PyObject *unused)
{
	(void)m;
	(void)unused;
	if (auxerr_clear() < 0) {
		if (errno == ENOSYS)
			return no_auxerr();
		return PyErr_SetFromErrno(PyExc_OSError);
	}
	Py_RETURN_NONE;
}

static PyObject *M_supported(PyObject *m, PyObject *unused)
{
	int saved = errno;
	ssize_t r;

	(void)m;
	(void)unused;
	r = get_last_audit_record(NULL, 0, 0);
	r = r >= 0 || errno != ENOSYS;
	errno = saved;
	return PyBool_FromLong((long)r);
}

static PyObject *M_max_age(PyObject *m, PyObject *unused)
{
	(void)m;
	(void)unused;
	return PyLong_FromUnsignedLong(auxerr_max_age());
}

static PyObject *M_set_max_age(PyObject *m, PyObject *arg)
{
	unsigned long v;

	(void)m;
	v = PyLong_AsUnsignedLong(arg);
	if (v == (unsigned long)-1 && PyErr_Occurred())
		return NULL;
	if (v > 254) {
		PyErr_SetString(PyExc_ValueError, "max_age is 0..254");
		return NULL;
	}
	return PyLong_FromUnsignedLong(auxerr_set_max_age((unsigned)v));
}

static PyObject *M_strerror(PyObject *m, PyObject *arg)
{
	long v;

	(void)m;
	v = PyLong_AsLong(arg);
	if (v == -1 && PyErr_Occurred())
		return NULL;
	if (v < INT_MIN || v > INT_MAX) {
		PyErr_SetString(PyExc_OverflowError, "errno out of range");
		return NULL;
	}
	return str_or_none(auxerr_strerror((int)v));
}

static PyMethodDef module_methods[] = {
	{ "parse", M_parse, METH_O,
	  "parse(text) -> CRecord\n\nParse an event text (str or bytes): exactly one "
	  "audit event with an AUXERR record.  ValueError when it is not one." },
	{ "fetch", M_fetch, METH_VARARGS,
	  "fetch(slot=0) -> CRecord or None\n\nThe calling thread's record in ring "
	  "slot SLOT (0: the newest), parsed; None when there is none.  OSError "
	  "ENOSYS on a kernel without auxerr." },
	{ "raw", (PyCFunction)(void (*)(void))M_raw, METH_VARARGS | METH_KEYWORDS,
	  "raw(slot=0, flush=False) -> str or None\n\nThe event text of ring slot "
	  "SLOT as get_last_audit_record() returns it; FLUSH also sends it to the "
	  "audit daemon (OSError when that fails).  None when there is none." },
	{ "fresh", M_fresh, METH_O,
	  "fresh(errnum) -> CRecord or None\n\nThe record that explains ERRNUM now, "
	  "by auxerr_strerror()'s freshness rule (the thread's newest record, "
	  "for that errno, made at most max_age() system calls ago, not a weak "
	  "note), with its explanation rendered; None otherwise.  The system "
	  "calls of the look-up itself do not age the record." },
	{ "clear", M_clear, METH_NOARGS,
	  "clear()\n\nDrop every record of the calling thread." },
	{ "supported", M_supported, METH_NOARGS,
	  "supported() -> bool\n\nWhether the running kernel keeps auxerr records." },
	{ "max_age", M_max_age, METH_NOARGS,
	  "max_age() -> int\n\nThe freshness rule's maximum age (system calls)." },
	{ "set_max_age", M_set_max_age, METH_O,
	  "set_max_age(n) -> int\n\nSet the maximum age (0..254) for the whole "
	  "process; returns the previous one." },
	{ "strerror", M_strerror, METH_O,
	  "strerror(errnum) -> str\n\nauxerr_strerror(): the strerror text, plus "
	  "\" (explanation)\" when a fresh record matches ERRNUM." },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT,
	.m_name = "auxerr._auxerr",
	.m_doc = "The C core of the auxerr module (libauxerr); use auxerr.",
	.m_size = -1,
	.m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__auxerr(void);

PyMODINIT_FUNC PyInit__auxerr(void)
{
	PyObject *m;

	if (PyType_Ready(&RecordType) < 0)
		return NULL;
	m = PyModule_Create(&module);
	if (!m)
		return NULL;
	Py_INCREF(&RecordType);
	if (PyModule_AddObject(m, "CRecord", (PyObject *)&RecordType) < 0 ||
	    PyModule_AddIntConstant(m, "DEFAULT_MAX_AGE", AUXERR_DEFAULT_MAX_AGE) < 0) {
		Py_DECREF(&RecordType);
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
