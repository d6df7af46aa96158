/* DIAGONAL_MATRIX and DIAGONAL_MATRIX1 (datamove-family 9): a band over the last two dims (y, x),
 * the leading dims batches. */
#include <string.h>

#include "ref_internal.h"

static void diagonal_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *op = desc;
    ref_listed_inputs(NULL, NULL, NULL, op->OutputTensor, out);
}

/* Value converted to the output's type as PADDING's value (D4). */
static bool diagonal_init(struct ref_output *out)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    out->value = ref_float_to_element(op->Value, t->DataType);
    return true;
}

/* Output[..., y, x] = (y + Offset == x) ? Value : 0. */
static void diagonal_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_DIAGONAL_MATRIX_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    const uint32_t rank = t->DimensionCount;
    uint64_t bits = c[rank - 2] + op->Offset == c[rank - 1] ? out->value : 0;
    memcpy(bytes, &bits, ref_element_size(t->DataType)); /* little-endian: the low bytes */
}

const struct ref_entry ref_diagonal_matrix = {DML_OPERATOR_DIAGONAL_MATRIX, diagonal_tensors,
                                              diagonal_init, diagonal_element};

static void diagonal1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_DIAGONAL_MATRIX1_OPERATOR_DESC *op = desc;
    ref_listed_inputs(op->InputTensor, NULL, NULL, op->OutputTensor, out);
}

/* DM1-3: topX = x - y; useValue = (End >= Begin) ^ (topX >= Begin) ^ (topX < End); the output
 * is Value's bits, else the input's element, or 0 without input. */
static void diagonal1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_DIAGONAL_MATRIX1_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    const uint32_t rank = t->DimensionCount;
    const int64_t top_x = c[rank - 1] - c[rank - 2];
    const int64_t begin = op->DiagonalFillBegin, end = op->DiagonalFillEnd;
    const uint64_t zero = 0;
    if ((end >= begin) ^ (top_x >= begin) ^ (top_x < end))
        memcpy(bytes, &op->Value, ref_element_size(t->DataType));
    else if (op->InputTensor)
        ref_read(op->InputTensor, out->inputs[0], c, bytes);
    else
        memcpy(bytes, &zero, ref_element_size(t->DataType));
}

const struct ref_entry ref_diagonal_matrix1 = {DML_OPERATOR_DIAGONAL_MATRIX1, diagonal1_tensors,
                                               NULL, diagonal1_element};
