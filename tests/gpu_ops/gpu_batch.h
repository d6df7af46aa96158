/* Runs a batch of cases through DirectML's API on one device: every operator is created,
 * compiled and bound on its own, one initializer targets them all, and all of them are
 * recorded into one command list, so a batch costs a handful of submissions. */
#ifndef DMLOPS_TEST_GPU_BATCH_H
#define DMLOPS_TEST_GPU_BATCH_H

#include <stddef.h>

#include "gpu_case.h"

struct gpu_device
{
    IDMLDevice *device;
    IDMLCommandRecorder *recorder;
    DML_FEATURE_LEVEL level; /* the device's cap */
};

/* A debug device capped at level (exits 77 when there is no Vulkan device). */
void gpu_device_open(struct gpu_device *dev, DML_FEATURE_LEVEL level);
void gpu_device_close(struct gpu_device *dev);

/* Runs the prepared cases (whose rc.feature_level is dev->level). Returns the number of cases
 * that failed on their own (each reported, its `failed` set), or -1 when a step of the batch as
 * a whole failed: `why` then says which, and the device may have been removed. */
int gpu_batch_run(struct gpu_device *dev, struct gpu_case *cases, uint32_t count, char *why,
                  size_t why_size);

#endif
