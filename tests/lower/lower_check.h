/* Runs a plan with the CPU interpreter and the operator's desc with the C reference on
 * identical buffers (random input, randomly poisoned outputs, guard bands around every
 * tensor), and compares every byte. */
#ifndef DMLOPS_TEST_LOWER_CHECK_H
#define DMLOPS_TEST_LOWER_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include <DirectML.h>

#include "plan.h"

#define LOWER_CHECK_MAX_TENSORS 65

/* The buffer descs of the operator's tensors, input first; returns how many. */
uint32_t lower_check_tensors(const DML_OPERATOR_DESC *desc, const DML_BUFFER_TENSOR_DESC **tensors);

/* 0 when the plan and the reference agree on every byte; otherwise -1 and a reason in what. */
int lower_check_against_reference(const DML_OPERATOR_DESC *desc, const struct plan *plan,
                                  uint64_t seed, char *what, size_t what_size);

#endif
