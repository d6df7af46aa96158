/* Decision FD3's CAST of one element, written directly with C's own conversions (which round to
 * nearest even once under the default floating-point environment; float16 by arithmetic on long
 * double, so that no compiler's _Float16 is needed) and explicit rules for NaN, truncation and
 * saturation: the reference for the GPU kernel, for plan_exec and for the fuzzer. */
#ifndef DMLOPS_TEST_CAST_REF_H
#define DMLOPS_TEST_CAST_REF_H

#include <stdint.h>

#include "DirectML.h"

/* The bits of one element of type from (in the low bytes) converted to type to. */
uint64_t cast_ref(uint64_t bits, DML_TENSOR_DATA_TYPE from, DML_TENSOR_DATA_TYPE to);

#endif
