/* What gpu_batch.c and gpu_record.c share: the batch being run and its buffers. */
#ifndef DMLOPS_TEST_GPU_BATCH_INTERNAL_H
#define DMLOPS_TEST_GPU_BATCH_INTERNAL_H

#include <dmlops.h>

#include "gpu_batch.h"

enum arena
{
    ARENA_INPUT,
    ARENA_OUTPUT,
    ARENA_PERSISTENT,
    ARENA_DECOY, /* early bindings of volatile cases, replaced before submission */
    ARENA_COUNT
};

struct batch
{
    struct gpu_device *dev;
    struct gpu_case *cases;
    uint32_t count;
    uint64_t sizes[ARENA_COUNT];
    ID3D12Resource *buffers[ARENA_COUNT];
    unsigned char *input;    /* input arena as the reference reads it */
    unsigned char *executed; /* input arena during execution: owned inputs overwritten */
    unsigned char *poison;   /* output arena before the run */
    unsigned char *expected; /* output arena after the run */
    unsigned char *got;      /* an arena read back */
    char *why;
    size_t why_size;
};

/* Fills the batch's `why` with the step, its HRESULT and the device-removed reason; returns a
 * failure HRESULT. */
HRESULT gpu_batch_step_failed(struct batch *b, const char *step, HRESULT hr);

/* One initializer targeting every live case, then the owned inputs' originals overwritten. */
HRESULT gpu_batch_initialize(struct batch *b);

/* Every live case recorded into one command list (twice for two executions), volatile
 * bindings completed after recording, submitted, device-removed reason checked. */
HRESULT gpu_batch_execute(struct batch *b);

#endif
