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

/* The index-carrying operators: valid descs shaped from the input's shape, their index tensors
 * UINT32 by default (every tensor, the Axis and the counts patchable). Tensor numbers past the
 * outputs' name the further inputs. */
#define FUZZ_TENSOR_INDICES 16
#define FUZZ_TENSOR_UPDATES 17

/* Tensor t of shape, of the index type unless patched. */
static const DML_TENSOR_DESC *index_tensor(struct fuzz_decoder *d, uint32_t t,
                                           const struct fuzz_params *p,
                                           const struct fuzz_shape *shape)
{
    struct fuzz_params q = *p;

    q.data_type = DML_TENSOR_DATA_TYPE_UINT32;
    return fd_tensor(d, t, &q, shape, DML_TENSOR_FLAG_NONE);
}

/* The input's shape with size `size` at dim `dim`. */
static struct fuzz_shape shape_with(const struct fuzz_shape *shape, uint32_t dim, uint32_t size)
{
    struct fuzz_shape out = *shape;

    out.sizes[dim] = size;
    return out;
}

/* Input, indices, output (c->more_inputs[0] the indices) for the gathers. */
static void gather_tensors(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, const struct fuzz_shape *indices,
                           const struct fuzz_shape *output, struct fuzz_case *c)
{
    c->input = fd_tensor(d, 0, p, &p->input, input_flags);
    c->more_inputs[0] = index_tensor(d, FUZZ_TENSOR_INDICES, p, indices);
    c->more_input_count = 1;
    c->outputs = fd_tensor(d, 1, p, output, DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
}

/* GATHER along the last axis by {1.., 3} indices (IndexDimensions 1). */
static void *build_gather(struct fuzz_decoder *d, const struct fuzz_params *p,
                          DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const uint32_t last = p->input.rank - 1;
    struct fuzz_shape ones = {p->input.rank, {1, 1, 1, 1, 1, 1, 1, 1}};
    struct fuzz_shape indices = shape_with(&ones, last, 3), output = shape_with(&p->input, last, 3);

    if (!desc)
        return NULL;
    gather_tensors(d, p, input_flags, &indices, &output, c);
    *desc = (DML_GATHER_OPERATOR_DESC){c->input, c->more_inputs[0], c->outputs,
                                       fd_u32(d, FF_AXIS, 0, 0, last),
                                       fd_u32(d, FF_DESC_DIMENSION_COUNT, 0, 0, 1)};
    return desc;
}

static void *build_gather_elements(struct fuzz_decoder *d, const struct fuzz_params *p,
                                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_ELEMENTS_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    gather_tensors(d, p, input_flags, &p->input, &p->input, c);
    *desc = (DML_GATHER_ELEMENTS_OPERATOR_DESC){c->input, c->more_inputs[0], c->outputs,
                                                fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

/* GATHER_ND(1) and SCATTER_ND: {1.., n, 1} indices (1-tuples at n positions, n the input's first
 * size) into the whole input; the other side {n, the input's other dims}. */
static void nd_shapes(const struct fuzz_params *p, struct fuzz_shape *indices,
                      struct fuzz_shape *other, uint32_t *indices_dims)
{
    const uint32_t rank = p->input.rank;

    *indices = (struct fuzz_shape){rank, {1, 1, 1, 1, 1, 1, 1, 1}};
    *other = p->input;
    *indices_dims = rank > 1 ? 2 : 1;
    if (rank > 1)
        indices->sizes[rank - 2] = p->input.sizes[0];
    else
        other->sizes[0] = 1;
}

static void *build_gather_nd1(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_GATHER_ND1_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    struct fuzz_shape indices, output;
    uint32_t indices_dims;

    if (!desc)
        return NULL;
    nd_shapes(p, &indices, &output, &indices_dims);
    gather_tensors(d, p, input_flags, &indices, &output, c);
    *desc = (DML_GATHER_ND1_OPERATOR_DESC){c->input,
                                           c->more_inputs[0],
                                           c->outputs,
                                           fd_u32(d, FF_DESC_DIMENSION_COUNT, 0, 0, p->input.rank),
                                           fd_u32(d, FF_DESC_DIMENSION_COUNT, 1, 0, indices_dims),
                                           fd_u32(d, FF_DESC_DIMENSION_COUNT, 2, 0, 0)};
    return desc;
}

/* GATHER_ND is GATHER_ND1 without BatchDimensionCount (the same leading fields). */
static void *build_gather_nd(struct fuzz_decoder *d, const struct fuzz_params *p,
                             DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    return build_gather_nd1(d, p, input_flags, c);
}

/* Input, indices, updates, output for the scatters. */
static void scatter_tensors(struct fuzz_decoder *d, const struct fuzz_params *p,
                            DML_TENSOR_FLAGS input_flags, const struct fuzz_shape *indices,
                            const struct fuzz_shape *updates, struct fuzz_case *c)
{
    gather_tensors(d, p, input_flags, indices, &p->input, c);
    c->more_inputs[1] = fd_tensor(d, FUZZ_TENSOR_UPDATES, p, updates, DML_TENSOR_FLAG_NONE);
    c->more_input_count = 2;
}

static void *build_scatter(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SCATTER_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));

    if (!desc)
        return NULL;
    scatter_tensors(d, p, input_flags, &p->input, &p->input, c);
    *desc = (DML_SCATTER_OPERATOR_DESC){c->input, c->more_inputs[0], c->more_inputs[1], c->outputs,
                                        fd_u32(d, FF_AXIS, 0, 0, p->axis)};
    return desc;
}

static void *build_scatter_nd(struct fuzz_decoder *d, const struct fuzz_params *p,
                              DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_SCATTER_ND_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    struct fuzz_shape indices, updates;
    uint32_t indices_dims;

    if (!desc)
        return NULL;
    nd_shapes(p, &indices, &updates, &indices_dims);
    scatter_tensors(d, p, input_flags, &indices, &updates, c);
    *desc = (DML_SCATTER_ND_OPERATOR_DESC){c->input,
                                           c->more_inputs[0],
                                           c->more_inputs[1],
                                           c->outputs,
                                           fd_u32(d, FF_DESC_DIMENSION_COUNT, 0, 0, p->input.rank),
                                           fd_u32(d, FF_DESC_DIMENSION_COUNT, 1, 0, indices_dims)};
    return desc;
}

/* ONE_HOT: the input's shape is the output's; indices of size 1 along Axis come first, then
 * values {1.., 2}. */
static void *build_one_hot(struct fuzz_decoder *d, const struct fuzz_params *p,
                           DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_ONE_HOT_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const uint32_t axis = fd_u32(d, FF_AXIS, 0, 0, p->axis), rank = p->input.rank;
    struct fuzz_shape ones = {rank, {1, 1, 1, 1, 1, 1, 1, 1}},
                      values = shape_with(&ones, rank - 1, 2);
    struct fuzz_shape indices = shape_with(&p->input, axis < rank ? axis : 0, 1);
    struct fuzz_params q = *p;

    if (!desc)
        return NULL;
    q.data_type = DML_TENSOR_DATA_TYPE_UINT32;
    c->input = fd_tensor(d, 0, &q, &indices, input_flags);
    c->more_inputs[0] = fd_tensor(d, FUZZ_TENSOR_UPDATES, p, &values, DML_TENSOR_FLAG_NONE);
    c->more_input_count = 1;
    c->outputs = fd_tensor(d, 1, p, &p->input, DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
    *desc = (DML_ONE_HOT_OPERATOR_DESC){c->input, c->more_inputs[0], c->outputs, axis};
    return desc;
}

static void *build_reverse_subsequences(struct fuzz_decoder *d, const struct fuzz_params *p,
                                        DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC *desc = fd_alloc(d, 1, sizeof(*desc));
    const uint32_t axis = fd_u32(d, FF_AXIS, 0, 0, p->axis);
    struct fuzz_shape lengths = shape_with(&p->input, axis < p->input.rank ? axis : 0, 1);

    if (!desc)
        return NULL;
    gather_tensors(d, p, input_flags, &lengths, &p->input, c);
    *desc = (DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC){c->input, c->more_inputs[0], c->outputs, axis};
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
    {DML_OPERATOR_GATHER, build_gather},
    {DML_OPERATOR_GATHER_ELEMENTS, build_gather_elements},
    {DML_OPERATOR_GATHER_ND, build_gather_nd},
    {DML_OPERATOR_GATHER_ND1, build_gather_nd1},
    {DML_OPERATOR_SCATTER_ELEMENTS, build_scatter},
    {DML_OPERATOR_SCATTER_ND, build_scatter_nd},
    {DML_OPERATOR_ONE_HOT, build_one_hot},
    {DML_OPERATOR_REVERSE_SUBSEQUENCES, build_reverse_subsequences},
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
