/* Device set-up for tests that need a Vulkan device: a test with none exits 77 (skipped). */
#ifndef DMLOPS_TEST_GPU_H
#define DMLOPS_TEST_GPU_H

#include <dmlops.h>

#define TEST_EXIT_SKIP 77

/* Exits with TEST_EXIT_SKIP when no Vulkan device can run the library. */
void gpu_require_device(void);
/* The library's default device, capped at max_level (0: no cap), debug output on or off.
 * Exits with TEST_EXIT_SKIP when there is no usable device, fails the test on other errors. */
IDMLDevice *gpu_create_device(DML_FEATURE_LEVEL max_level, BOOL debug);

#endif
