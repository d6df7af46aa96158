/* The operator descs: DML_OPERATOR_DESC and the desc of its Type, from the defaults and patches. */
#include <string.h>

#include "fuzz_decode_internal.h"
#include "fuzz_harness.h"

typedef void *(*build_fn)(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c);

/* The one-input, one-output operators' tensors, recorded in c for execution. */
static void build_in_out(struct fuzz_decoder *d, const struct fuzz_params *p,
                         DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    c->inputs = fd_tensor(d, 0, p, &p->input, input_flags);
    c->input_count = 1;
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
    desc->InputTensor = c->inputs;
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
    desc->InputTensor = c->inputs;
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
    desc->InputTensor = c->inputs = fd_tensor(d, 0, p, &p->input, input_flags);
    c->input_count = 1;
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
    desc->InputTensor = c->inputs;
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
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->PaddingMode = (DML_PADDING_MODE)fd_u32(d, FF_MODE, 0, 0, p->mode);
    desc->PaddingValueDataType = (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
    desc->PaddingValue.UInt64 = fd_u64(d, FF_VALUE, 0, 0, p->value);
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->StartPadding = desc_array(d, p, 0, desc->DimensionCount);
    desc->EndPadding = desc_array(d, p, 1, desc->DimensionCount);
    return desc;
}

/* JOIN's input j's default shape: its own, or input 0's with one slice of the axis. */
static void join_shape(const struct fuzz_params *p, uint32_t j, struct fuzz_shape *shape)
{
    if (j < p->input_count && j < FUZZ_DEFAULT_OUTPUTS)
    {
        *shape = p->inputs[j];
        return;
    }
    *shape = p->input;
    if (p->axis < FUZZ_RANK_MAX)
        shape->sizes[p->axis] = 1;
}

static DML_TENSOR_DESC *join_inputs(struct fuzz_decoder *d, const struct fuzz_params *p,
                                    uint32_t count, DML_TENSOR_FLAGS input_flags)
{
    DML_TENSOR_DESC *inputs;
    struct fuzz_shape shape;

    if (!fd_present(d, FF_ARRAY_PTR, 0, 0) || !(inputs = fd_alloc(d, count, sizeof(*inputs))))
        return NULL;
    for (uint32_t j = 0; j < count && j < FUZZ_MAX_OUTPUTS_DRAWN; ++j)
    {
        join_shape(p, j, &shape);
        fd_tensor_into(d, FUZZ_INPUT_TENSOR(j), p, &shape, input_flags, &inputs[j]);
    }
    return inputs;
}

static void *build_join(struct fuzz_decoder *d, const struct fuzz_params *p,
                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_JOIN_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    desc->InputCount = c->input_count = fd_u32(d, FF_INPUT_COUNT, 0, 0, p->input_count);
    desc->InputTensors = c->inputs = join_inputs(d, p, desc->InputCount, input_flags);
    desc->OutputTensor = c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
    desc->Axis = fd_u32(d, FF_AXIS, 0, 0, p->axis);
    return desc;
}

static void *build_identity(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    DML_SCALE_BIAS *scale_bias;
    uint32_t bits;

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->ScaleBias = NULL;
    if (fd_u32(d, FF_SCALE_BIAS_PTR, 0, 0, p->scale_bias) &&
        (scale_bias = fd_alloc(d, 1, sizeof(*scale_bias))))
    {
        bits = fd_u32(d, FF_SCALE, 0, 0, p->scale_bits);
        memcpy(&scale_bias->Scale, &bits, sizeof(bits));
        bits = fd_u32(d, FF_BIAS, 0, 0, p->bias_bits);
        memcpy(&scale_bias->Bias, &bits, sizeof(bits));
        desc->ScaleBias = scale_bias;
    }
    return desc;
}

static void *build_tile(struct fuzz_decoder *d, const struct fuzz_params *p,
                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_TILE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->RepeatsCount = desc_dimension_count(d, p);
    desc->Repeats = desc_array(d, p, 0, desc->RepeatsCount);
    return desc;
}

/* The four descs share DEPTH_TO_SPACE1's layout; the first versions end before Order (their
 * allocation too, so that reading Order of them is an overflow). */
static void *build_depth_space(struct fuzz_decoder *d, const struct fuzz_params *p,
                               DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    const bool ordered =
        p->type == DML_OPERATOR_DEPTH_TO_SPACE1 || p->type == DML_OPERATOR_SPACE_TO_DEPTH1;
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC *desc =
        fd_alloc(d, 1, ordered ? sizeof(*desc) : sizeof(DML_DEPTH_TO_SPACE_OPERATOR_DESC));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    desc->BlockSize = fd_u32(d, FF_BLOCK_SIZE, 0, 0, p->block);
    if (ordered)
        desc->Order = (DML_DEPTH_SPACE_ORDER)fd_u32(d, FF_ORDER, 0, 0, p->order);
    return desc;
}

static void *build_cast(struct fuzz_decoder *d, const struct fuzz_params *p,
                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_CAST_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputTensor = c->inputs;
    desc->OutputTensor = c->outputs;
    return desc;
}

/* The operators whose inputs are separate desc fields: their count inputs in consecutive slots
 * (c->inputs, the operator's order; tensor bytes FUZZ_INPUT_TENSOR(j)), input j shaped
 * p->inputs[j] and, where bit j of index_mask is set, of p->index_type; fields[j] is slot j
 * unless FF_TENSOR_PTR drops it. Output 0 shaped p->outputs[0]. */
static void listed_tensors(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, uint32_t count, uint32_t index_mask,
                           const DML_TENSOR_DESC **fields, struct fuzz_case *c)
{
    DML_TENSOR_DESC *inputs = fd_alloc(d, count ? count : 1, sizeof(*inputs));
    for (uint32_t j = 0; inputs && j < count; ++j)
    {
        struct fuzz_params typed = *p;
        const uint32_t t = FUZZ_INPUT_TENSOR(j);
        if (index_mask >> j & 1)
            typed.data_type = p->index_type;
        fd_tensor_into(d, t, &typed, &p->inputs[j], j ? DML_TENSOR_FLAG_NONE : input_flags,
                       &inputs[j]);
        fields[j] = fd_present(d, FF_TENSOR_PTR, t, 0) ? &inputs[j] : NULL;
    }
    c->inputs = inputs;
    c->input_count = count;
    c->index_inputs = index_mask;
    c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
}

static uint32_t index_count(struct fuzz_decoder *d, const struct fuzz_params *p, uint32_t which)
{
    return fd_u32(d, FF_INDEX_COUNT, which, 0, p->counts[which]);
}

static void *build_gather(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    *desc = (DML_GATHER_OPERATOR_DESC){in[0], in[1], c->outputs, fd_u32(d, FF_AXIS, 0, 0, p->axis),
                                       index_count(d, p, 0)};
    return desc;
}

static void *build_gather_elements(struct fuzz_decoder *d, const struct fuzz_params *p,
                                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_ELEMENTS_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    *desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){in[0], in[1], c->outputs,
                                                fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

/* GATHER_ND's desc is GATHER_ND1's without BatchDimensionCount (its allocation too, so that
 * reading it is an overflow). */
static void *build_gather_nd(struct fuzz_decoder *d, const struct fuzz_params *p,
                             DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    const bool v1 = p->type == DML_OPERATOR_GATHER_ND1;
    DML_GATHER_ND1_OPERATOR_DESC *desc =
        fd_alloc(d, 1, v1 ? sizeof(*desc) : sizeof(DML_GATHER_ND_OPERATOR_DESC));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    desc->InputTensor = in[0];
    desc->IndicesTensor = in[1];
    desc->OutputTensor = c->outputs;
    desc->InputDimensionCount = index_count(d, p, 0);
    desc->IndicesDimensionCount = index_count(d, p, 1);
    if (v1)
        desc->BatchDimensionCount = index_count(d, p, 2);
    return desc;
}

static void *build_scatter(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SCATTER_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[3] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 3, 1u << 1, in, c);
    *desc = (DML_SCATTER_OPERATOR_DESC){in[0], in[1], in[2], c->outputs,
                                        fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static void *build_scatter_nd(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SCATTER_ND_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[3] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 3, 1u << 1, in, c);
    *desc = (DML_SCATTER_ND_OPERATOR_DESC){
        in[0], in[1], in[2], c->outputs, index_count(d, p, 0), index_count(d, p, 1)};
    return desc;
}

/* Input 0 the indices, input 1 the values. */
static void *build_one_hot(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_ONE_HOT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 2, 1u << 0, in, c);
    *desc =
        (DML_ONE_HOT_OPERATOR_DESC){in[0], in[1], c->outputs, fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static void *build_reverse_subsequences(struct fuzz_decoder *d, const struct fuzz_params *p,
                                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const DML_TENSOR_DESC *in[2] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 2, 1u << 1, in, c);
    *desc = (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){in[0], in[1], c->outputs,
                                                     fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static DML_SCALAR_UNION scalar(struct fuzz_decoder *d, uint32_t which, uint64_t fallback)
{
    DML_SCALAR_UNION value = {.UInt64 = fd_u64(d, FF_VALUE, which, 0, fallback)};
    return value;
}

static DML_TENSOR_DATA_TYPE value_type(struct fuzz_decoder *d, const struct fuzz_params *p)
{
    return (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
}

/* The generators: no input, output 0 shaped like the input's default. */
static void *build_fill_constant(struct fuzz_decoder *d, const struct fuzz_params *p,
                                 DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 0, 0, NULL, c);
    *desc = (DML_FILL_VALUE_CONSTANT_OPERATOR_DESC){c->outputs, value_type(d, p),
                                                    scalar(d, 0, p->value)};
    return desc;
}

static void *build_fill_sequence(struct fuzz_decoder *d, const struct fuzz_params *p,
                                 DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 0, 0, NULL, c);
    *desc = (DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC){c->outputs, value_type(d, p),
                                                    scalar(d, 0, p->value), scalar(d, 1, p->delta)};
    return desc;
}

static void *build_diagonal(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_DIAGONAL_MATRIX_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    uint32_t bits = (uint32_t)fd_u64(d, FF_VALUE, 0, 0, p->value);

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, 0, 0, NULL, c);
    desc->OutputTensor = c->outputs;
    desc->Offset = (INT)fd_u32(d, FF_OFFSET, 0, 0, (uint32_t)p->band[0]);
    memcpy(&desc->Value, &bits, sizeof(bits));
    return desc;
}

/* The input is optional: present by default when p's input count is 1; absent, it takes one
 * NONE binding. */
static void *build_diagonal1(struct fuzz_decoder *d, const struct fuzz_params *p,
                             DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const bool present = fd_u32(d, FF_TENSOR_PTR, 0, 0, p->input_count != 0) != 0;
    const DML_TENSOR_DESC *in[1] = {NULL};

    if (!desc)
        return NULL;
    listed_tensors(d, p, input_flags, present, 0, in, c);
    c->absent_inputs = !present;
    *desc =
        (DML_DIAGONAL_MATRIX1_OPERATOR_DESC){in[0],
                                             c->outputs,
                                             value_type(d, p),
                                             scalar(d, 0, p->value),
                                             (INT)fd_u32(d, FF_BAND, 0, 0, (uint32_t)p->band[0]),
                                             (INT)fd_u32(d, FF_BAND, 0, 1, (uint32_t)p->band[1])};
    return desc;
}

/* SLICE1's backward: the window arrays as SLICE1's. */
static void *build_slice_grad(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SLICE_GRAD_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    build_in_out(d, p, input_flags, c);
    desc->InputGradientTensor = c->inputs;
    desc->OutputGradientTensor = c->outputs;
    desc->DimensionCount = desc_dimension_count(d, p);
    desc->InputWindowOffsets = desc_array(d, p, 0, desc->DimensionCount);
    desc->InputWindowSizes = desc_array(d, p, 1, desc->DimensionCount);
    desc->InputWindowStrides = (const INT *)desc_array(d, p, 2, desc->DimensionCount);
    return desc;
}

/* One builder per implemented operator: a new operator adds its row (and a FUZZ_KIND with its
 * valid default, fuzz_params.c). A type without a row gets a Desc with no readable byte. */
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
    {DML_OPERATOR_JOIN, build_join},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, build_identity},
    {DML_OPERATOR_TILE, build_tile},
    {DML_OPERATOR_DEPTH_TO_SPACE, build_depth_space},
    {DML_OPERATOR_DEPTH_TO_SPACE1, build_depth_space},
    {DML_OPERATOR_SPACE_TO_DEPTH, build_depth_space},
    {DML_OPERATOR_SPACE_TO_DEPTH1, build_depth_space},
    {DML_OPERATOR_CAST, build_cast},
    {DML_OPERATOR_GATHER, build_gather},
    {DML_OPERATOR_GATHER_ELEMENTS, build_gather_elements},
    {DML_OPERATOR_GATHER_ND, build_gather_nd},
    {DML_OPERATOR_GATHER_ND1, build_gather_nd},
    {DML_OPERATOR_SCATTER_ELEMENTS, build_scatter},
    {DML_OPERATOR_SCATTER_ND, build_scatter_nd},
    {DML_OPERATOR_ONE_HOT, build_one_hot},
    {DML_OPERATOR_REVERSE_SUBSEQUENCES, build_reverse_subsequences},
    {DML_OPERATOR_FILL_VALUE_CONSTANT, build_fill_constant},
    {DML_OPERATOR_FILL_VALUE_SEQUENCE, build_fill_sequence},
    {DML_OPERATOR_DIAGONAL_MATRIX, build_diagonal},
    {DML_OPERATOR_DIAGONAL_MATRIX1, build_diagonal1},
    {DML_OPERATOR_SLICE_GRAD, build_slice_grad},
};

DML_OPERATOR_TYPE fuzz_builder_type(uint32_t i)
{
    return i < sizeof(builders) / sizeof(builders[0]) ? builders[i].type : (DML_OPERATOR_TYPE)0;
}

static build_fn find_builder(DML_OPERATOR_TYPE type)
{
    for (size_t i = 0; i < sizeof(builders) / sizeof(builders[0]); ++i)
    {
        if (builders[i].type == type)
            return builders[i].build;
    }
    return NULL;
}

/* Any other Type gets a Desc with no readable byte: the library must not look at it. */
void fuzz_build_op(struct fuzz_decoder *d, const struct fuzz_params *p,
                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_OPERATOR_DESC *op = fd_alloc(d, 1, sizeof(*op));
    struct fuzz_params typed = *p;
    build_fn build;
    void *desc;

    if (!op)
        return;
    op->Type = (DML_OPERATOR_TYPE)fd_u32(d, FF_OP_TYPE, 0, 0, p->type);
    typed.type = op->Type; /* a patched type builds its own desc from the same defaults */
    build = find_builder(op->Type);
    c->implemented = build != NULL;
    desc = build ? build(d, &typed, input_flags, c) : fd_alloc(d, 0, 1);
    op->Desc = fd_present(d, FF_OP_DESC_PTR, 0, 0) ? desc : NULL;
    c->desc = fd_present(d, FF_DESC_PTR, 0, 0) ? op : NULL;
}
