/* The operator descs: DML_OPERATOR_DESC and the desc of its Type, from the defaults and patches. */
#include <string.h>

#include "fuzz_decode_internal.h"

typedef void *(*build_fn)(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c);

/* The one-input, one-output operators' tensors, recorded in c for execution. */
static void build_in_out(struct fuzz_decoder *d, const struct fuzz_params *p,
                         DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    c->input = fd_tensor(d, 0, p, &p->input, input_flags);
    c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
}

static uint32_t desc_dimension_count(struct fuzz_decoder *d, const struct fuzz_params *p)
{
    return fd_u32(d, FF_DESC_DIMENSION_COUNT, 0, 0, p->input.rank);
}

/* The desc's array "which", count elements long. */
static UINT *desc_array(struct fuzz_decoder *d, const struct fuzz_params *p, uint32_t which,
                        uint32_t count)
{
    if (!fd_present(d, FF_ARRAY_PTR, which, 0))
        return NULL;
    return fd_array(d, FF_ARRAY, which, count, p->arrays[which], p->input.rank);
}

static void *build_slice1(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->input;
    desc->OutputTensor = c->outputs;
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->InputWindowOffsets = desc_array(d, p, 0, desc->DimensionCount);
    desc->InputWindowSizes = desc_array(d, p, 1, desc->DimensionCount);
    desc->InputWindowStrides = (const INT *)desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

static void *build_slice(struct fuzz_decoder *d, const struct fuzz_params *p,
                         DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->input;
    desc->OutputTensor = c->outputs;
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->Offsets = desc_array(d, p, 0, desc->DimensionCount);
    desc->Sizes = desc_array(d, p, 1, desc->DimensionCount);
    desc->Strides = desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

/* Output k's default shape: its own, or the input's with one slice of the axis. */
static void split_shape(const struct fuzz_params *p, uint32_t k, struct fuzz_shape *shape)
{
    if (k < p->output_count && k < FUZZ_DEFAULT_OUTPUTS)
    {
        *shape = p->outputs[k];
        return;
    }
    *shape = p->input;
    if (p->axis < FUZZ_RANK_MAX)
        shape->sizes[p->axis] = 1;
}

static DML_TENSOR_DESC *split_outputs(struct fuzz_decoder *d, const struct fuzz_params *p,
                                      uint32_t count)
{
    DML_TENSOR_DESC *outputs;
    struct fuzz_shape shape;

    if (!fd_present(d, FF_ARRAY_PTR, 0, 0) || !(outputs = fd_alloc(d, count, sizeof(*outputs))))
        return NULL;
    for (uint32_t k = 0; k < count && k < FUZZ_MAX_OUTPUTS_DRAWN; ++k)
    {
        split_shape(p, k, &shape);
        fd_tensor_into(d, 1 + k, p, &shape, DML_TENSOR_FLAG_NONE, &outputs[k]);
    }
    return outputs;
}

static void *build_split(struct fuzz_decoder *d, const struct fuzz_params *p,
                         DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SPLIT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    desc->InputTensor = c->input = fd_tensor(d, 0, p, &p->input, input_flags);
    desc->OutputCount = c->output_count = fd_u32(d, FF_OUTPUT_COUNT, 0, 0, p->output_count);
    desc->OutputTensors = c->outputs = split_outputs(d, p, desc->OutputCount);
    desc->Axis = fd_u32(d, FF_AXIS, 0, 0, p->axis);
    return desc;
}

static void *build_padding(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_PADDING_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    uint32_t bits;

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->input;
    desc->OutputTensor = c->outputs;
    desc->PaddingMode = (DML_PADDING_MODE)fd_u32(d, FF_MODE, 0, 0, p->mode);
    bits = (uint32_t)fd_u64(d, FF_VALUE, 0, 0, p->value);
    memcpy(&desc->PaddingValue, &bits, sizeof(bits));
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->StartPadding = desc_array(d, p, 0, desc->DimensionCount);
    desc->EndPadding = desc_array(d, p, 1, desc->DimensionCount);
    return desc;
}

static void *build_padding1(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_PADDING1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->input;
    desc->OutputTensor = c->outputs;
    desc->PaddingMode = (DML_PADDING_MODE)fd_u32(d, FF_MODE, 0, 0, p->mode);
    desc->PaddingValueDataType = (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
    desc->PaddingValue.UInt64 = fd_u64(d, FF_VALUE, 0, 0, p->value);
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->StartPadding = desc_array(d, p, 0, desc->DimensionCount);
    desc->EndPadding = desc_array(d, p, 1, desc->DimensionCount);
    return desc;
}

/* The generators: output 0 shaped like p's output, no input tensor and no input binding. */
static DML_TENSOR_DESC *generated_output(struct fuzz_decoder *d, const struct fuzz_params *p,
                                         struct fuzz_case *c)
{
    c->input = NULL;
    c->no_input_binding = true;
    c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
    return (DML_TENSOR_DESC *)c->outputs;
}

static DML_SCALAR_UNION desc_value(struct fuzz_decoder *d, const struct fuzz_params *p,
                                   uint32_t which)
{
    DML_SCALAR_UNION value = {.UInt64 = fd_u64(d, FF_VALUE, which, 0, p->value >> (7 * which))};
    return value;
}

static void *build_fill_constant(struct fuzz_decoder *d, const struct fuzz_params *p,
                                 DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    desc->OutputTensor = generated_output(d, p, c);
    desc->ValueDataType = (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
    desc->Value = desc_value(d, p, 0);
    return desc;
}

static void *build_fill_sequence(struct fuzz_decoder *d, const struct fuzz_params *p,
                                 DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    desc->OutputTensor = generated_output(d, p, c);
    desc->ValueDataType = (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
    desc->ValueStart = desc_value(d, p, 0);
    desc->ValueDelta = desc_value(d, p, 1);
    return desc;
}

/* Offset from Axis's field (the diagonal's only integer). */
static void *build_diagonal(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_DIAGONAL_MATRIX_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    uint32_t bits = (uint32_t)desc_value(d, p, 0).UInt64;

    if (!desc)
        return NULL;
    desc->OutputTensor = generated_output(d, p, c);
    desc->Offset = (INT)fd_u32(d, FF_AXIS, 0, 0, p->axis);
    memcpy(&desc->Value, &bits, sizeof(bits));
    return desc;
}

/* The input is optional: FF_TENSOR_PTR on tensor 0 leaves it out (one NONE binding). The band's
 * bounds are array 0's first two elements. */
static void *build_diagonal1(struct fuzz_decoder *d, const struct fuzz_params *p,
                             DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->input;
    desc->OutputTensor = c->outputs;
    desc->ValueDataType = (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
    desc->Value = desc_value(d, p, 0);
    desc->DiagonalFillBegin = (INT)fd_u32(d, FF_ARRAY, 0, 0, p->arrays[0][0]);
    desc->DiagonalFillEnd = (INT)fd_u32(d, FF_ARRAY, 0, 1, p->arrays[0][1]);
    return desc;
}

/* SLICE1's backward: from a SLICE1 case's params, the input gradient is shaped like the slice's
 * output and the output gradient like its input, with the same window arrays. */
static void *build_slice_grad(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE_GRAD_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    c->input = fd_tensor(d, 0, p, &p->outputs[0], input_flags);
    c->outputs = fd_tensor(d, 1, p, &p->input, DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
    desc->InputGradientTensor = c->input;
    desc->OutputGradientTensor = c->outputs;
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->InputWindowOffsets = desc_array(d, p, 0, desc->DimensionCount);
    desc->InputWindowSizes = desc_array(d, p, 1, desc->DimensionCount);
    desc->InputWindowStrides = (const INT *)desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

static const struct
{
    DML_OPERATOR_TYPE type;
    build_fn build;
} builders[] = {
    {DML_OPERATOR_SLICE1, build_slice1},
    {DML_OPERATOR_SLICE, build_slice},
    {DML_OPERATOR_SPLIT, build_split},
    {DML_OPERATOR_PADDING, build_padding},
    {DML_OPERATOR_PADDING1, build_padding1},
    {DML_OPERATOR_FILL_VALUE_CONSTANT, build_fill_constant},
    {DML_OPERATOR_FILL_VALUE_SEQUENCE, build_fill_sequence},
    {DML_OPERATOR_DIAGONAL_MATRIX, build_diagonal},
    {DML_OPERATOR_DIAGONAL_MATRIX1, build_diagonal1},
    {DML_OPERATOR_SLICE_GRAD, build_slice_grad},
};

static build_fn find_builder(DML_OPERATOR_TYPE type)
{
    for (size_t i = 0; i < sizeof(builders) / sizeof(builders[0]); ++i)
    {
        if (builders[i].type == type)
            return builders[i].build;
    }
    return NULL;
}

/* Implemented operators without a builder yet: their Desc is all zeros (invalid, and safe to read).
 */
static bool zeroed_desc(DML_OPERATOR_TYPE type)
{
    return type == DML_OPERATOR_JOIN || type == DML_OPERATOR_ELEMENT_WISE_IDENTITY ||
           type == DML_OPERATOR_TILE || type == DML_OPERATOR_DEPTH_TO_SPACE ||
           type == DML_OPERATOR_DEPTH_TO_SPACE1 || type == DML_OPERATOR_SPACE_TO_DEPTH ||
           type == DML_OPERATOR_SPACE_TO_DEPTH1;
}

#define ZEROED_DESC_BYTES 64 /* more than any operator desc */

/* Any other Type gets a Desc with no readable byte: the library must not look at it. */
void fuzz_build_op(struct fuzz_decoder *d, const struct fuzz_params *p,
                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_OPERATOR_DESC *op = fd_alloc(d, 1, sizeof(*op));
    build_fn build;
    void *desc;

    if (!op)
        return;
    op->Type = (DML_OPERATOR_TYPE)fd_u32(d, FF_OP_TYPE, 0, 0, p->type);
    build = find_builder(op->Type);
    c->implemented = build != NULL;
    desc = build ? build(d, p, input_flags, c)
                 : fd_alloc(d, zeroed_desc(op->Type) ? ZEROED_DESC_BYTES : 0, 1);
    op->Desc = fd_present(d, FF_OP_DESC_PTR, 0, 0) ? desc : NULL;
    c->desc = fd_present(d, FF_DESC_PTR, 0, 0) ? op : NULL;
}
