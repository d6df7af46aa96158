/* The C reference: DirectML's operators computed straight from their descs, element by
 * element, as the spec's pseudo-code reads. It shares no code with lowering, so that the two
 * can check each other. */
#ifndef DMLOPS_TEST_REFERENCE_H
#define DMLOPS_TEST_REFERENCE_H

#include <stdint.h>

#include <DirectML.h>

/* Runs SLICE, SLICE1, SPLIT, PADDING or PADDING1 (desc must be valid). inputs[0] and
 * outputs[k] are the starts of the bound tensors; only the elements the operator writes are
 * written, so any other byte of the outputs keeps its value. */
void ref_run(const DML_OPERATOR_DESC *desc, const void *const *inputs, void *const *outputs);

/* Bytes per element of a data type; 0 for UNKNOWN and the 4-bit types. */
uint32_t ref_element_size(DML_TENSOR_DATA_TYPE type);

/* The reference's own conversion of PADDING's float value (D4) to an element's bits. */
uint64_t ref_float_to_element(float value, DML_TENSOR_DATA_TYPE type);

#endif
