/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the libFuzzer harnesses */
#ifndef AUXERR_FUZZ_H
#define AUXERR_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A broken promise of the API: report it as a crash libFuzzer keeps */
#define fuzz_fail(...) do { \
	fprintf(stderr, "fuzz: " __VA_ARGS__); \
	fputc('\n', stderr); \
	abort(); \
} while (0)

/* FNV-1a: options that follow the input deterministically */
static inline uint32_t fuzz_hash(const uint8_t *d, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ d[i]) * 16777619u;
	return h;
}

#endif
