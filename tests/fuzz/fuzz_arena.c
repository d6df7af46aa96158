#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "fuzz_arena.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

struct fuzz_block
{
    struct fuzz_block *next;
    void *heap;    /* malloc'd, or NULL */
    void *mapping; /* mmap'd, or NULL */
    size_t mapping_size;
};

/* A reservation whose last page is inaccessible; the array ends where that page begins. */
static void *map_guarded(struct fuzz_block *block, size_t bytes)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    const size_t used = (bytes + page - 1) / page * page;
    char *base;

    base = mmap(NULL, used + page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    if (mprotect(base + used, page, PROT_NONE))
    {
        munmap(base, used + page);
        return NULL;
    }
    block->mapping = base;
    block->mapping_size = used + page;
    return base + used - bytes;
}

void *fa_array(struct fuzz_arena *arena, uint64_t count, size_t elem_size)
{
    struct fuzz_block *block;
    uint64_t bytes;
    void *array;

    if (__builtin_mul_overflow(count, (uint64_t)elem_size, &bytes) || bytes > SIZE_MAX / 2 ||
        !(block = calloc(1, sizeof(*block))))
        return NULL;
    if (bytes > FA_MAPPED_BYTES)
        array = map_guarded(block, (size_t)bytes);
    else /* malloc(0) still gives a unique pointer, with no byte to read */
        array = block->heap = bytes ? calloc(1, (size_t)bytes) : malloc(0);
    if (!array)
    {
        free(block);
        return NULL;
    }
    block->next = arena->blocks;
    arena->blocks = block;
    return array;
}

void fa_free_all(struct fuzz_arena *arena)
{
    while (arena->blocks)
    {
        struct fuzz_block *block = arena->blocks;

        arena->blocks = block->next;
        free(block->heap);
        if (block->mapping)
            munmap(block->mapping, block->mapping_size);
        free(block);
    }
}
