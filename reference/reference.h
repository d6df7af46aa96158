/* The C reference: DirectML's operators computed straight from their descs, element by element,
 * as the spec's pseudo-code reads. It shares no code with the library's validation, lowering or
 * plans, so that the two check each other. One copy for every checker: the tests
 * (tests/gpu_ops, tests/graph), the fuzzer (tests/fuzz) and `dmlops bench` link this library
 * (dmlops_reference), as they link plan_exec.h, the reference of plans.
 *
 * Each operator's reference is the reference part of its test file, tests/ops/<name>.c (an entry
 * for each operator of DML_OPS, src/ops/op_list.h, the library's list); this library builds it. */
#ifndef DMLOPS_REFERENCE_H
#define DMLOPS_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#define REF_MAX_RANK 8

/* Whether the reference knows this operator type. */
bool ref_supports(DML_OPERATOR_TYPE type);

/* Runs a valid desc: inputs[i] and outputs[k] are the starts of the bound tensors (the operator's
 * own order: JOIN's inputs, SPLIT's outputs, the desc's input fields in order, an absent optional
 * one left out, none for the generators). Only the elements the operator writes are written, so
 * any other byte of the outputs keeps its value. False (nothing written) for an operator the
 * reference does not know, or when memory ran out. */
bool ref_run(const DML_OPERATOR_DESC *desc, const void *const *inputs, void *const *outputs);

/* One output of one operator, element by element (what `dmlops bench` checks): set up with
 * ref_output_init, then each element's bytes from its coordinate (outermost first), then
 * ref_output_free. */
struct ref_output
{
    const struct ref_entry *entry;
    const void *desc;          /* the operator's desc (DML_OPERATOR_DESC.Desc) */
    const void *const *inputs; /* the bound inputs */
    uint32_t k;                /* which output */
    int64_t begin;             /* SPLIT: output k's first coordinate along the axis */
    uint64_t value;            /* PADDING, DIAGONAL_MATRIX: the value's element bits */
    void *state;               /* SCATTER_ND: which update each output block holds last */
};
/* False for an operator the reference does not know, or when memory ran out. */
bool ref_output_init(struct ref_output *out, const DML_OPERATOR_DESC *desc,
                     const void *const *inputs, uint32_t k);
void ref_output_free(struct ref_output *out);
/* The bytes (the output's element size) of output k's element at coordinate c. */
void ref_output_element(const struct ref_output *out, const int64_t *c, void *bytes);
/* The operator's tensors: count and the i-th (NULL past the end). */
uint32_t ref_input_count(const DML_OPERATOR_DESC *desc);
uint32_t ref_output_count(const DML_OPERATOR_DESC *desc);
const DML_TENSOR_DESC *ref_input(const DML_OPERATOR_DESC *desc, uint32_t i);
const DML_TENSOR_DESC *ref_output(const DML_OPERATOR_DESC *desc, uint32_t k);

/* FD1's y = fma(x, scale, bias) on the element bytes of a float type (in place; other types are
 * left alone): IDENTITY's ScaleBias, and the arithmetic of plans (plan_exec). */
void ref_scale_bias(DML_TENSOR_DATA_TYPE type, float scale, float bias, void *bytes);

/* Bytes per element of a data type; 0 for UNKNOWN and the 4-bit types. */
uint32_t ref_element_size(DML_TENSOR_DATA_TYPE type);

/* The reference's own conversion of PADDING's float value (D4) to an element's bits. */
uint64_t ref_float_to_element(float value, DML_TENSOR_DATA_TYPE type);

#endif
