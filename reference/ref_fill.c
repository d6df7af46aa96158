/* FILL_VALUE_CONSTANT and FILL_VALUE_SEQUENCE (datamove-family 6): generators, no input. The
 * union's bits are the element's, in its low bytes (D5). */
#include <math.h>
#include <string.h>

#include "cast_ref.h"
#include "ref_internal.h"

static void constant_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *op = desc;
    ref_listed_inputs(NULL, NULL, NULL, op->OutputTensor, out);
}

static void constant_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    memcpy(bytes, &op->Value, ref_element_size(t->DataType)); /* little-endian: the low bytes */
}

const struct ref_entry ref_fill_value_constant = {DML_OPERATOR_FILL_VALUE_CONSTANT,
                                                  constant_tensors, NULL, constant_element};

static void sequence_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *op = desc;
    ref_listed_inputs(NULL, NULL, NULL, op->OutputTensor, out);
}

/* The union as a 64-bit two's complement value of an integer type (sign- or zero-extended). */
static uint64_t integer_of(const DML_SCALAR_UNION *v, DML_TENSOR_DATA_TYPE type)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_UINT8:
        return v->UInt8;
    case DML_TENSOR_DATA_TYPE_INT8:
        return (uint64_t)(int64_t)v->Int8;
    case DML_TENSOR_DATA_TYPE_UINT16:
        return v->UInt16;
    case DML_TENSOR_DATA_TYPE_INT16:
        return (uint64_t)(int64_t)v->Int16;
    case DML_TENSOR_DATA_TYPE_UINT32:
        return v->UInt32;
    case DML_TENSOR_DATA_TYPE_INT32:
        return (uint64_t)(int64_t)v->Int32;
    default:
        return v->UInt64;
    }
}

/* fma(k, Delta, Start) in float32, one rounding (the reference's one FMA, FD1's NaN rules); k
 * converted to float32 by C (exact when it fits, else rounded once to nearest even). */
static float float_sequence(uint64_t k, float start, float delta)
{
    float x = (float)k;
    ref_scale_bias(DML_TENSOR_DATA_TYPE_FLOAT32, delta, start, &x);
    return x;
}

static float half_widened(uint16_t h)
{
    uint32_t bits =
        (uint32_t)cast_ref(h, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32);
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* FD4: element k in logical row-major order is Start + k * Delta; integers in 64-bit two's
 * complement then wrapped to the type (the low bytes), FLOAT16 through float32, FLOAT64 in
 * float64. */
static void sequence_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *t = op->OutputTensor->Desc;
    const DML_SCALAR_UNION *start = &op->ValueStart, *delta = &op->ValueDelta;
    const uint64_t k = ref_row_major(t->Sizes, t->DimensionCount, c);
    uint64_t bits;
    float f;
    double g;
    switch (t->DataType)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        f = float_sequence(k, start->Float32, delta->Float32);
        memcpy(&bits, &f, sizeof(f));
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        f = float_sequence(k, half_widened(start->UInt16), half_widened(delta->UInt16));
        bits = ref_float_to_element(f, DML_TENSOR_DATA_TYPE_FLOAT16);
        break;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        g = fma((double)k, delta->Float64, start->Float64);
        memcpy(&bits, &g, sizeof(g));
        break;
    default:
        bits = integer_of(start, t->DataType) + k * integer_of(delta, t->DataType);
        break;
    }
    memcpy(bytes, &bits, ref_element_size(t->DataType)); /* little-endian: the low bytes */
}

const struct ref_entry ref_fill_value_sequence = {DML_OPERATOR_FILL_VALUE_SEQUENCE,
                                                  sequence_tensors, NULL, sequence_element};
