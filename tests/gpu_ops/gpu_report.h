/* Failure reports of the GPU differential test: the whole case, the level, the seed, how to
 * rerun it alone, and for wrong outputs which bytes differ and what they belong to. */
#ifndef DMLOPS_TEST_GPU_REPORT_H
#define DMLOPS_TEST_GPU_REPORT_H

#include "gpu_case.h"

/* The program named in the rerun hints (argv[0]). */
void gpu_report_set_program(const char *program);

/* The DMLOPS_VALIDATION mode to rerun with: the current one, "fatal" when unset. */
const char *gpu_report_validation(void);

/* Prints the command that runs count cases from seed at level on their own. */
void gpu_report_rerun(FILE *file, uint64_t seed, DML_FEATURE_LEVEL level, uint32_t count);

/* "FAILED: what", the case, its run options and layout, the rerun command. */
void gpu_report_case(const struct gpu_case *c, const char *what);

/* A case whose output region differs: the report above, then for each execution whose outputs
 * differ, the differing bytes by kind (element, gap inside a tensor, binding beyond
 * TotalTensorSizeInBytes, guard band) with the first few elements, expected against got.
 * Regions are the case's own (offset 0 = its base). */
void gpu_report_mismatch(const struct gpu_case *c, const unsigned char *input_region,
                         const unsigned char *expected, const unsigned char *got);

#endif
