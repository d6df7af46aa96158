/* Decoding a fuzz input (fuzz_format.h) into a DML_OPERATOR_DESC and what running it needs. */
#ifndef DMLOPS_FUZZ_DECODE_H
#define DMLOPS_FUZZ_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <DirectML.h>

#include "fuzz_arena.h"
#include "fuzz_format.h"

struct fuzz_case
{
    DML_FEATURE_LEVEL level; /* the device's cap; 0: none */
    enum fuzz_rare rare;
    uint8_t options;               /* FUZZ_OPT_* */
    const DML_OPERATOR_DESC *desc; /* what CreateOperator gets; may be NULL */
    bool implemented;              /* desc->Type has a fuzz_op (fuzz_op.h): it is implemented */
    DML_EXECUTION_FLAGS compile_flags;
    /* Meaningful once CreateOperator has accepted desc: */
    const DML_TENSOR_DESC *inputs; /* input_count consecutive descs (the operator's order) */
    uint32_t input_count;
    const DML_TENSOR_DESC *outputs; /* output_count consecutive descs */
    uint32_t output_count;
    uint32_t index_inputs;  /* bit j: input j holds indices (filled with every kind of value) */
    uint32_t absent_inputs; /* optional inputs left out (DIAGONAL_MATRIX1's): bound as NONE */
};

/* false when the case cannot be built (an allocation failed): skip it. Everything lives in
 * arena. */
bool fuzz_decode(const uint8_t *data, size_t size, struct fuzz_arena *arena, struct fuzz_case *out);

#endif
