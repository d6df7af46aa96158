/* What the run has exercised: every data type, rank, split axis and padding mode, each input
 * and output layout, the slice and split shapes the brief lists, and each API option. Checked
 * at the end so that a generator change that silently drops a feature fails the test. */
#ifndef DMLOPS_TEST_GPU_COVERAGE_H
#define DMLOPS_TEST_GPU_COVERAGE_H

#include <stddef.h>

#include "gpu_case.h"

/* Counts a case that passed, run on a device capped at level. */
void gpu_coverage_add(const struct gpu_case *c, DML_FEATURE_LEVEL level);

/* Lists the items no passing case has exercised into missing; returns how many there are. */
int gpu_coverage_missing(char *missing, size_t size);

#endif
