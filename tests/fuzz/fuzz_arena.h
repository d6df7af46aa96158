/* Allocations of one fuzz case, freed together. Arrays are exactly as long as asked, so that
 * AddressSanitizer reports any read past their end; arrays over FA_MAPPED_BYTES (a count like
 * 2^32-1 that only a broken validator would walk) are reserved lazily with mmap and end right
 * before an inaccessible page, so that an over-read still faults while no memory is committed. */
#ifndef DMLOPS_FUZZ_ARENA_H
#define DMLOPS_FUZZ_ARENA_H

#include <stddef.h>
#include <stdint.h>

#define FA_MAPPED_BYTES (1u << 20)

struct fuzz_block;

struct fuzz_arena
{
    struct fuzz_block *blocks;
};

/* count zeroed elements of elem_size bytes; NULL when it cannot be had (the case is skipped). */
void *fa_array(struct fuzz_arena *arena, uint64_t count, size_t elem_size);
void fa_free_all(struct fuzz_arena *arena);

#endif
