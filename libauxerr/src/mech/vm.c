// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=vm: a check of mmap(), mprotect() or mremap() failed the call
 * (kernel/auxerr/vm.c): check= names it, arg= the argument it judged,
 * value= and limit= what decided, fstype= and the object the mapped file.
 * Not a permission decision: the remedy is a change to the call, which
 * only the program can make.
 */
#include <string.h>

#include "mech.h"
#include "text.h"

/* "read and write", from PROT_* bits */
static void prot_words(struct auxerr_buf *b, unsigned long v)
{
	const char *w[3] = { NULL };
	int n = 0;

	if (v & 1)
		w[n++] = _("read");
	if (v & 2)
		w[n++] = _("write");
	if (v & 4)
		w[n++] = _("execute");
	if (!n) {
		auxerr__buf_str(b, _("no access"));
		return;
	}
	for (int i = 0; i < n; i++)
		auxerr__buf_printf(b, "%s%s", i == 0 ? "" : i == n - 1 ? _(" and ") : ", ", w[i]);
}

/* the clause after "EINVAL because "; 0 when the check is not known */
static int vm_clause(struct auxerr_buf *b, const struct auxerr_check *x)
{
	const char *c = x->check;

	if (!strcmp(c, "offset_align"))
		auxerr__buf_printf(b, _("offset %s is not a multiple of the page size %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "length_zero"))
		auxerr__buf_str(b, _("the length is 0"));
	else if (!strcmp(c, "fixed_addr_align"))
		auxerr__buf_printf(b, _("the MAP_FIXED address %s is not a multiple of the page size %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "map_type_file"))
		auxerr__buf_printf(b, _("the flags name no mapping type (flags & MAP_TYPE is %s): a file mapping needs MAP_SHARED, MAP_PRIVATE or MAP_SHARED_VALIDATE"),
				   x->value);
	else if (!strcmp(c, "map_type_anon"))
		auxerr__buf_printf(b, _("the flags name no mapping type (flags & MAP_TYPE is %s): an anonymous mapping needs MAP_SHARED, MAP_PRIVATE or MAP_DROPPABLE"),
				   x->value);
	else if (!strcmp(c, "growsdown"))
		auxerr__buf_printf(b, _("MAP_GROWSDOWN (flags %s) is only for a private anonymous mapping, not a file's or a shared one"),
				   x->value);
	else if (!strcmp(c, "droppable_flags"))
		auxerr__buf_printf(b, _("MAP_DROPPABLE cannot be combined with MAP_LOCKED, MAP_HUGETLB or MAP_GROWSDOWN (%s asked)"),
				   x->value);
	else if (!strcmp(c, "hugetlb_file")) {
		auxerr__buf_str(b, _("MAP_HUGETLB maps huge pages of hugetlbfs, and "));
		auxerr__check_the_file(b, x);
		auxerr__buf_str(b, _(" is not on hugetlbfs"));
	} else if (!strcmp(c, "hugetlb_size")) {
		if (x->v_ok && x->v)
			auxerr__buf_printf(b, _("MAP_HUGETLB asks for huge pages of 2^%lu bytes, and this kernel has none of that size (no hugetlbfs, or no such page size)"),
					   x->v);
		else
			auxerr__buf_str(b, _("MAP_HUGETLB asks for huge pages of the default size, and this kernel has none (it was built without hugetlbfs)"));
	} else if (!strcmp(c, "no_mmap")) {
		auxerr__check_the_file(b, x);
		auxerr__buf_str(b, _(" cannot be mapped: its filesystem or driver has no mmap"));
	} else if (!strcmp(c, "file_mmap")) {
		auxerr__buf_str(b, _("the filesystem or driver of "));
		auxerr__check_the_file(b, x);
		auxerr__buf_printf(b, _(" refused the mapping at offset %s (its own mmap rules: the offset, length or flags it supports)"),
				   x->value);
	} else if (!strcmp(c, "file_not_readable"))
		auxerr__buf_printf(b, _("the file descriptor is open %s, and every mapping of a file needs it open for reading"),
				   auxerr__check_accmode(x));
	else if (!strcmp(c, "file_not_writable"))
		auxerr__buf_printf(b, _("a shared writable mapping (MAP_SHARED with PROT_WRITE) needs the file open for writing, and the descriptor is open %s"),
				   auxerr__check_accmode(x));
	else if (!strcmp(c, "append_only"))
		auxerr__buf_str(b, _("the file is append-only (chattr +a) and a shared mapping of it, open for writing, could overwrite what it holds"));
	else if (!strcmp(c, "swapfile"))
		auxerr__buf_str(b, _("the file is an active swap file, which no one may map shared and writable"));
	else if (!strcmp(c, "addr_align"))
		auxerr__buf_printf(b, _("the address %s is not a multiple of the page size %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "prot_bits"))
		auxerr__buf_printf(b, _("the protection %s has bits other than PROT_READ, PROT_WRITE, PROT_EXEC and PROT_SEM (%s)"),
				   x->value, x->limit);
	else if (!strcmp(c, "prot_grows_both"))
		auxerr__buf_str(b, _("PROT_GROWSDOWN and PROT_GROWSUP exclude each other"));
	else if (!strcmp(c, "not_growsdown"))
		auxerr__buf_str(b, _("PROT_GROWSDOWN applies only to a mapping that grows down (made with MAP_GROWSDOWN), and this one does not"));
	else if (!strcmp(c, "not_growsup"))
		auxerr__buf_str(b, _("PROT_GROWSUP applies only to a mapping that grows up, and this one does not"));
	else if (!strcmp(c, "pkey"))
		auxerr__buf_printf(b, _("protection key %s was not allocated with pkey_alloc()"),
				   x->value);
	else if (!strcmp(c, "prot_not_allowed")) {
		auxerr__buf_str(b, _("the mapping may never have "));
		prot_words(b, x->v_ok && x->l_ok ? x->v & ~x->l : 0);
		auxerr__buf_str(b, _(" access: it may have "));
		prot_words(b, x->l_ok ? x->l : 0);
		auxerr__buf_str(b, _(", as "));
		auxerr__check_the_file(b, x);
		auxerr__buf_str(b, _(" was opened (a MAP_SHARED mapping of a file opened read-only is never writable) and mounted (noexec: never executable)"));
	} else if (!strcmp(c, "remap_flags"))
		auxerr__buf_printf(b, _("the flags %s have bits other than MREMAP_MAYMOVE, MREMAP_FIXED and MREMAP_DONTUNMAP (%s)"),
				   x->value, x->limit);
	else if (!strcmp(c, "remap_fixed_no_maymove"))
		auxerr__buf_printf(b, _("MREMAP_FIXED needs MREMAP_MAYMOVE too (flags %s)"), x->value);
	else if (!strcmp(c, "dontunmap_no_maymove"))
		auxerr__buf_printf(b, _("MREMAP_DONTUNMAP needs MREMAP_MAYMOVE too (flags %s)"), x->value);
	else if (!strcmp(c, "dontunmap_length"))
		auxerr__buf_printf(b, _("MREMAP_DONTUNMAP moves a mapping without resizing it, and the new length %s differs from the old %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "new_length_zero"))
		auxerr__buf_str(b, _("the new length is 0"));
	else if (!strcmp(c, "new_addr_align"))
		auxerr__buf_printf(b, _("the new address %s is not a multiple of the page size %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "new_range"))
		auxerr__buf_printf(b, _("the new range at %s runs past the end of the address space, %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "overlap"))
		auxerr__buf_printf(b, _("the new range at %s overlaps the old one at %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "dup_private"))
		auxerr__buf_str(b, _("an old length of 0 duplicates a mapping, which only a shared mapping allows"));
	else
		return 0;
	return 1;
}

static void vm_decode(struct auxerr_facts *f)
{
	/* mmap() names no path: the file is known by its attributes */
	if (f->shown_name && strcmp(f->shown_name, "(null)") == 0)
		f->shown_name = NULL;
}

/* "EINVAL because offset 4097 is not a multiple of the page size 4096" */
static void vm_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	auxerr__check_sentence(b, f, vm_clause, _("the memory map"));
}

/* what the call should pass instead, after "The program must " */
static int vm_fix(struct auxerr_buf *b, const struct auxerr_check *x)
{
	const char *c = x->check;

	if (!strcmp(c, "offset_align") && x->v_ok && x->l_ok && x->l)
		auxerr__buf_printf(b, _("pass an offset that is a multiple of %lu: map from offset %lu and use the address it returns plus %lu"),
				   x->l, x->v - x->v % x->l, x->v % x->l);
	else if ((!strcmp(c, "fixed_addr_align") || !strcmp(c, "addr_align") ||
		  !strcmp(c, "new_addr_align")) && x->v_ok && x->l_ok && x->l)
		auxerr__buf_printf(b, _("pass an address that is a multiple of %lu, such as 0x%lx"),
				   x->l, x->v - x->v % x->l);
	else if (!strcmp(c, "length_zero") || !strcmp(c, "new_length_zero"))
		auxerr__buf_str(b, _("pass a length of at least one byte"));
	else if (!strcmp(c, "map_type_file") || !strcmp(c, "map_type_anon"))
		auxerr__buf_str(b, _("add MAP_PRIVATE (changes stay in the process) or MAP_SHARED (changes reach the file and other mappings) to the flags"));
	else if (!strcmp(c, "file_not_readable") || !strcmp(c, "file_not_writable"))
		auxerr__buf_str(b, _("open the file O_RDWR (or map it MAP_PRIVATE, whose changes stay in the process)"));
	else if (!strcmp(c, "hugetlb_file") || !strcmp(c, "hugetlb_size"))
		auxerr__buf_str(b, _("drop MAP_HUGETLB (transparent huge pages need no flag: madvise(MADV_HUGEPAGE)), or root must mount hugetlbfs and reserve huge pages (vm.nr_hugepages)"));
	else if (!strcmp(c, "prot_bits") || !strcmp(c, "remap_flags"))
		auxerr__buf_printf(b, _("pass only the bits in %s"), x->limit);
	else if (!strcmp(c, "remap_fixed_no_maymove") || !strcmp(c, "dontunmap_no_maymove"))
		auxerr__buf_str(b, _("add MREMAP_MAYMOVE to the flags"));
	else if (!strcmp(c, "dontunmap_length"))
		auxerr__buf_printf(b, _("pass the old length, %s, as the new one"), x->limit);
	else if (!strcmp(c, "prot_not_allowed"))
		auxerr__buf_str(b, _("open the file O_RDWR before mapping it MAP_SHARED, or map it MAP_PRIVATE (copy on write)"));
	else
		return 0;
	return 1;
}

static void vm_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	auxerr__check_remedy(m, f, vm_fix);
}

const struct auxerr_mech auxerr__mech_vm = {
	.name = "vm",
	.decode = vm_decode,
	.sentence = vm_sentence,
	.remedy = vm_remedy,
};
