#include "reference.h"

#include <math.h>
#include <string.h>

struct ref_tensor
{
    const DML_BUFFER_TENSOR_DESC *desc;
    uint32_t strides[8];
    uint32_t elem;
};

uint32_t ref_element_size(DML_TENSOR_DATA_TYPE type)
{
    static const uint32_t sizes[] = {
        [DML_TENSOR_DATA_TYPE_FLOAT32] = 4, [DML_TENSOR_DATA_TYPE_FLOAT16] = 2,
        [DML_TENSOR_DATA_TYPE_UINT32] = 4,  [DML_TENSOR_DATA_TYPE_UINT16] = 2,
        [DML_TENSOR_DATA_TYPE_UINT8] = 1,   [DML_TENSOR_DATA_TYPE_INT32] = 4,
        [DML_TENSOR_DATA_TYPE_INT16] = 2,   [DML_TENSOR_DATA_TYPE_INT8] = 1,
        [DML_TENSOR_DATA_TYPE_FLOAT64] = 8, [DML_TENSOR_DATA_TYPE_UINT64] = 8,
        [DML_TENSOR_DATA_TYPE_INT64] = 8,
    };
    return (unsigned)type < sizeof(sizes) / sizeof(sizes[0]) ? sizes[type] : 0;
}

/* Strides as given, or packed row-major ones when the desc has none (T6). */
static struct ref_tensor ref_tensor_of(const DML_TENSOR_DESC *tensor)
{
    struct ref_tensor t = {.desc = tensor->Desc};
    uint32_t packed = 1;
    for (uint32_t d = t.desc->DimensionCount; d-- > 0;)
    {
        t.strides[d] = t.desc->Strides ? t.desc->Strides[d] : packed;
        packed *= t.desc->Sizes[d];
    }
    t.elem = ref_element_size(t.desc->DataType);
    return t;
}

/* Byte offset of an element: elemSize * sum(coord[i] * Strides[i]) (3.2). */
static uint64_t ref_offset(const struct ref_tensor *t, const int64_t *coord)
{
    uint64_t index = 0;
    for (uint32_t d = 0; d < t->desc->DimensionCount; ++d)
        index += (uint64_t)coord[d] * t->strides[d];
    return index * t->elem;
}

/* Row-major odometer over sizes; returns 0 after the last coordinate. */
static int ref_next(int64_t *coord, const UINT *sizes, uint32_t rank)
{
    for (uint32_t d = rank; d-- > 0;)
    {
        if (++coord[d] < sizes[d])
            return 1;
        coord[d] = 0;
    }
    return 0;
}

static void ref_copy(const struct ref_tensor *out, void *out_base, const int64_t *out_coord,
                     const struct ref_tensor *in, const void *in_base, const int64_t *in_coord)
{
    memcpy((unsigned char *)out_base + ref_offset(out, out_coord),
           (const unsigned char *)in_base + ref_offset(in, in_coord), out->elem);
}

/* SLICE1 (S1-8): start = offset, or the window's last element for a negative stride. */
static void ref_slice1(const DML_SLICE1_OPERATOR_DESC *op, const void *const *inputs,
                       void *const *outputs)
{
    struct ref_tensor in = ref_tensor_of(op->InputTensor), out = ref_tensor_of(op->OutputTensor);
    int64_t c[8] = {0}, i[8];
    do
    {
        for (uint32_t d = 0; d < op->DimensionCount; ++d)
        {
            int64_t start = op->InputWindowOffsets[d];
            if (op->InputWindowStrides[d] < 0)
                start += op->InputWindowSizes[d] - 1;
            i[d] = start + (int64_t)op->InputWindowStrides[d] * c[d];
        }
        ref_copy(&out, outputs[0], c, &in, inputs[0], i);
    } while (ref_next(c, out.desc->Sizes, op->DimensionCount));
}

/* SLICE (SL-4): Out[c] = In[Offsets + Strides * c]. */
static void ref_slice(const DML_SLICE_OPERATOR_DESC *op, const void *const *inputs,
                      void *const *outputs)
{
    struct ref_tensor in = ref_tensor_of(op->InputTensor), out = ref_tensor_of(op->OutputTensor);
    int64_t c[8] = {0}, i[8];
    do
    {
        for (uint32_t d = 0; d < op->DimensionCount; ++d)
            i[d] = op->Offsets[d] + (int64_t)op->Strides[d] * c[d];
        ref_copy(&out, outputs[0], c, &in, inputs[0], i);
    } while (ref_next(c, out.desc->Sizes, op->DimensionCount));
}

/* SPLIT (SP-8): output k holds the input's axis range [sum of sizes before k, + its size). */
static void ref_split(const DML_SPLIT_OPERATOR_DESC *op, const void *const *inputs,
                      void *const *outputs)
{
    struct ref_tensor in = ref_tensor_of(op->InputTensor);
    uint32_t rank = in.desc->DimensionCount;
    int64_t c[8] = {0}, o[8];
    do
    {
        int64_t along = c[op->Axis];
        uint32_t k = 0;
        struct ref_tensor out = ref_tensor_of(&op->OutputTensors[0]);
        while (along >= out.desc->Sizes[op->Axis])
        {
            along -= out.desc->Sizes[op->Axis];
            out = ref_tensor_of(&op->OutputTensors[++k]);
        }
        memcpy(o, c, sizeof(o));
        o[op->Axis] = along;
        ref_copy(&out, outputs[k], o, &in, inputs[0], c);
    } while (ref_next(c, in.desc->Sizes, rank));
}

static int64_t ref_mod(int64_t x, int64_t p)
{
    return ((x % p) + p) % p;
}

/* P-7 with D9 and D10: input index for x = outCoord - StartPadding, or -1 for the value. */
static int64_t ref_pad_index(DML_PADDING_MODE mode, int64_t x, int64_t n)
{
    switch (mode)
    {
    case DML_PADDING_MODE_CONSTANT:
        return x >= 0 && x < n ? x : -1;
    case DML_PADDING_MODE_EDGE:
        return x < 0 ? 0 : x > n - 1 ? n - 1 : x;
    case DML_PADDING_MODE_REFLECTION:
    {
        if (n == 1)
            return 0;
        int64_t m = ref_mod(x, 2 * (n - 1));
        return m < n ? m : 2 * (n - 1) - m;
    }
    case DML_PADDING_MODE_SYMMETRIC:
    {
        int64_t m = ref_mod(x, 2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    default:
        return ref_mod(x, n); /* WRAP */
    }
}

struct ref_padding
{
    const DML_TENSOR_DESC *input, *output;
    DML_PADDING_MODE mode;
    uint32_t rank;
    const UINT *start;
    uint64_t value; /* element bits */
};

static void ref_padding_run(const struct ref_padding *op, const void *const *inputs,
                            void *const *outputs)
{
    struct ref_tensor in = ref_tensor_of(op->input), out = ref_tensor_of(op->output);
    int64_t c[8] = {0}, i[8];
    do
    {
        int constant = 0;
        for (uint32_t d = 0; d < op->rank; ++d)
        {
            i[d] = ref_pad_index(op->mode, c[d] - op->start[d], in.desc->Sizes[d]);
            constant |= i[d] < 0;
        }
        if (constant)
            memcpy((unsigned char *)outputs[0] + ref_offset(&out, c), &op->value, out.elem);
        else
            ref_copy(&out, outputs[0], c, &in, inputs[0], i);
    } while (ref_next(c, out.desc->Sizes, op->rank));
}

static void ref_padding(const DML_PADDING_OPERATOR_DESC *op, const void *const *inputs,
                        void *const *outputs)
{
    const DML_BUFFER_TENSOR_DESC *output = op->OutputTensor->Desc;
    struct ref_padding run = {
        op->InputTensor,  op->OutputTensor,
        op->PaddingMode,  op->DimensionCount,
        op->StartPadding, ref_float_to_element(op->PaddingValue, output->DataType)};
    ref_padding_run(&run, inputs, outputs);
}

/* PADDING1 (D5): the union holds the bits of PaddingValueDataType in its low bytes. */
static void ref_padding1(const DML_PADDING1_OPERATOR_DESC *op, const void *const *inputs,
                         void *const *outputs)
{
    struct ref_padding run = {op->InputTensor,    op->OutputTensor, op->PaddingMode,
                              op->DimensionCount, op->StartPadding, 0};
    memcpy(&run.value, op->PaddingValue.Bytes, ref_element_size(op->PaddingValueDataType));
    ref_padding_run(&run, inputs, outputs);
}

void ref_run(const DML_OPERATOR_DESC *desc, const void *const *inputs, void *const *outputs)
{
    switch (desc->Type)
    {
    case DML_OPERATOR_SLICE1:
        ref_slice1(desc->Desc, inputs, outputs);
        break;
    case DML_OPERATOR_SLICE:
        ref_slice(desc->Desc, inputs, outputs);
        break;
    case DML_OPERATOR_SPLIT:
        ref_split(desc->Desc, inputs, outputs);
        break;
    case DML_OPERATOR_PADDING:
        ref_padding(desc->Desc, inputs, outputs);
        break;
    case DML_OPERATOR_PADDING1:
        ref_padding1(desc->Desc, inputs, outputs);
        break;
    default:
        break;
    }
}
