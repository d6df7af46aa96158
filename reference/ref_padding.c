/* PADDING and PADDING1 (P-7 with D9, D10): per dimension, the input coordinate of
 * x = c - StartPadding, or the padding value. The formulas are written here again, on purpose,
 * apart from the library's (src/plan_map.h, shaders/dmlops_map.glsl): this is what checks them. */
#include <string.h>

#include "ref_internal.h"

static int64_t ref_mod(int64_t x, int64_t p)
{
    return ((x % p) + p) % p;
}

/* Input index for x in an input of extent n, or -1 for the value. */
static int64_t pad_index(DML_PADDING_MODE mode, int64_t x, int64_t n)
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

struct padding
{
    const DML_TENSOR_DESC *input;
    DML_PADDING_MODE mode;
    uint32_t rank;
    const UINT *start;
    uint64_t value; /* the output element's bits */
};

static void padding_element(const struct padding *op, const void *input, const int64_t *c,
                            void *bytes)
{
    const DML_BUFFER_TENSOR_DESC *in = op->input->Desc;
    int64_t i[REF_MAX_RANK];
    for (uint32_t d = 0; d < op->rank; ++d)
    {
        i[d] = pad_index(op->mode, c[d] - op->start[d], in->Sizes[d]);
        if (i[d] < 0)
        {
            memcpy(bytes, &op->value, ref_element_size(in->DataType)); /* little-endian */
            return;
        }
    }
    ref_read(op->input, input, i, bytes);
}

static void padding_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_PADDING_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* PADDING: the FLOAT value converted to the output's type (D4). */
static bool padding_float_init(struct ref_output *out)
{
    const DML_PADDING_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *output = op->OutputTensor->Desc;
    out->value = ref_float_to_element(op->PaddingValue, output->DataType);
    return true;
}

static void padding_float_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_PADDING_OPERATOR_DESC *op = out->desc;
    struct padding run = {op->InputTensor, op->PaddingMode, op->DimensionCount, op->StartPadding,
                          out->value};
    padding_element(&run, out->inputs[0], c, bytes);
}

const struct ref_entry ref_padding = {DML_OPERATOR_PADDING, padding_tensors, padding_float_init,
                                      padding_float_element};

static void padding1_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_PADDING1_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* PADDING1 (D5): the union holds the bits of PaddingValueDataType in its low bytes. */
static void padding1_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_PADDING1_OPERATOR_DESC *op = out->desc;
    struct padding run = {op->InputTensor, op->PaddingMode, op->DimensionCount, op->StartPadding,
                          0};
    memcpy(&run.value, op->PaddingValue.Bytes, ref_element_size(op->PaddingValueDataType));
    padding_element(&run, out->inputs[0], c, bytes);
}

const struct ref_entry ref_padding1 = {DML_OPERATOR_PADDING1, padding1_tensors, NULL,
                                       padding1_element};
