/* Buffer tensor descs: data types, DMLCalcBufferTensorSize and the rules T1-T9 and D8 that every
 * tensor of every operator obeys (spec 1.0, 3.1). */
#ifndef DMLOPS_TENSOR_H
#define DMLOPS_TENSOR_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#include "op_def.h"
#include "validate.h"

/* Bytes per element; 0 for UNKNOWN, the 4-bit types and values outside the enum. */
uint32_t dml_data_type_size(DML_TENSOR_DATA_TYPE type);
/* "DML_TENSOR_DATA_TYPE_FLOAT32"; "(undefined)" outside the enum. */
const char *dml_data_type_name(DML_TENSOR_DATA_TYPE type);
/* "FLOAT32": the name without its prefix. */
const char *dml_data_type_short_name(DML_TENSOR_DATA_TYPE type);
bool dml_data_type_is_defined(DML_TENSOR_DATA_TYPE type);

/* DirectML's DMLCalcBufferTensorSize, the one place its formula lives: the bytes from the first
 * element to the end of the last addressable one, rounded up to 4. Computed in 64 bits (DirectML
 * accumulates the last index in 32 bits; the results agree wherever that does not wrap); 4-bit
 * types count in bits as DirectMLX does. 0 for an unknown type, a null Sizes, a zero size, or a
 * result that does not fit in 64 bits. */
uint64_t dml_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE type, UINT dimension_count,
                                     const UINT *sizes, const UINT *strides);

/* Product of sizes; false when it does not fit in 64 bits. */
bool dml_element_count(uint32_t rank, const uint32_t *sizes, uint64_t *count);

enum dml_tensor_role
{
    DML_TENSOR_INPUT,
    DML_TENSOR_OUTPUT,
};

/* Checks desc against T1-T9 (and D8 for outputs) and normalises it into out. name says which
 * tensor it is in debug messages ("InputTensor", "OutputTensors[2]"). The operator's own rules
 * (feature level, T10) are checked by the operator. */
HRESULT dml_tensor_validate(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                            const char *name, enum dml_tensor_role role, struct dml_tensor *out);

/* D8: whether two distinct elements of t share an address. Conservative: sorted by stride, every
 * dimension of size > 1 must have a stride larger than the furthest offset the dimensions with
 * smaller strides reach, which proves that no two elements alias (the largest-stride dimension
 * where two coordinates differ moves the address by more than all others together). It rejects
 * interleaved layouts that happen not to alias (sizes {3,2}, strides {2,3}), which no client
 * produces. On aliasing, *dim is the offending dimension and *reach the furthest offset of the
 * dimensions with smaller strides, which its stride must exceed. */
bool dml_tensor_strides_alias(const struct dml_tensor *t, uint32_t *dim, uint64_t *reach);

#endif
