/* The valid desc a fuzz case starts from: generic ones drawn from the header's seeds, or the
 * documentation's examples (tools/seed_examples.c). */
#include <string.h>

#include "fuzz_decode_internal.h"
#include "seed_examples.h"

/* A small hash-based generator: each call gives the next 32 bits of the sequence of seed. */
struct rng
{
    uint32_t state;
};

static uint32_t rng_next(struct rng *rng)
{
    uint32_t z = (rng->state += 0x9E3779B9u);

    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}

/* 0..n-1 (n >= 1). */
static uint32_t rng_below(struct rng *rng, uint32_t n)
{
    return rng_next(rng) % n;
}

static uint32_t read_le32(const uint8_t *bytes)
{
    return bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* Sizes from the nibbles of seed, smaller for higher ranks so that most tensors stay small
 * enough to execute. */
static void generic_shape(uint32_t rank, uint32_t seed, struct fuzz_shape *shape)
{
    const uint32_t limit = rank <= 3 ? 16 : rank <= 5 ? 6 : 3;

    shape->rank = rank;
    for (uint32_t i = 0; i < rank; ++i)
        shape->sizes[i] = 1 + ((seed >> (4 * i)) & 15) % limit;
}

static void generic_slice1(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        const uint32_t size = p->input.sizes[i];
        const uint32_t offset = rng_below(rng, size);
        const uint32_t window = 1 + rng_below(rng, size - offset);
        const int32_t step = 1 + (int32_t)rng_below(rng, 3);

        p->arrays[0][i] = offset;
        p->arrays[1][i] = window;
        p->arrays[2][i] = (uint32_t)(options & FUZZ_OPT_NEGATIVE && i % 2 ? -step : step);
        p->outputs[0].sizes[i] = 1 + (window - 1) / (uint32_t)step;
    }
}

static void generic_slice(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        const uint32_t size = p->input.sizes[i];
        const uint32_t offset = rng_below(rng, size);
        const uint32_t stride = 1 + rng_below(rng, 3);
        const uint32_t count = 1 + rng_below(rng, 1 + (size - 1 - offset) / stride);

        p->arrays[0][i] = offset;
        p->arrays[1][i] = count;
        p->arrays[2][i] = stride;
        p->outputs[0].sizes[i] = count;
    }
}

/* Cuts the axis into output_count pieces of at least one slice each. */
static void generic_split(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const uint32_t axis = rng_below(rng, p->input.rank);
    const uint32_t length = p->input.sizes[axis];
    uint32_t left = length;

    p->axis = axis;
    p->output_count = 1 + rng_below(rng, length < 4 ? length : 4);
    for (uint32_t k = 0; k < p->output_count; ++k)
    {
        const uint32_t still = p->output_count - 1 - k; /* pieces after this one */
        const uint32_t piece = still ? 1 + rng_below(rng, left - still) : left;

        p->outputs[k] = p->input;
        p->outputs[k].sizes[axis] = piece;
        left -= piece;
    }
}

static void generic_padding(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    p->mode = rng_below(rng, 5);
    p->value = rng_next(rng);
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        p->arrays[0][i] = rng_below(rng, 4);
        p->arrays[1][i] = rng_below(rng, 4);
        p->outputs[0].sizes[i] = p->input.sizes[i] + p->arrays[0][i] + p->arrays[1][i];
    }
}

/* Inputs of the input's shape but for the axis, whose extents follow one another. */
static void generic_join(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const uint32_t axis = rng_below(rng, p->input.rank);

    p->axis = axis;
    p->input_count = 1 + rng_below(rng, 4);
    p->outputs[0].sizes[axis] = 0;
    for (uint32_t j = 0; j < p->input_count; ++j)
    {
        p->inputs[j] = p->input;
        p->inputs[j].sizes[axis] = 1 + rng_below(rng, 3);
        p->outputs[0].sizes[axis] += p->inputs[j].sizes[axis];
    }
    p->input = p->inputs[0];
}

static bool is_float(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

/* ScaleBias on half of the float cases: ordinary values, or any bits (NaNs, subnormals). */
static void generic_identity(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    p->scale_bias = is_float(p->data_type) && rng_below(rng, 2);
    p->scale_bits = rng_below(rng, 2) ? 0x3C000000u + rng_below(rng, 0x07000000u) : rng_next(rng);
    p->bias_bits = rng_below(rng, 2) ? 0xBC000000u + rng_below(rng, 0x07000000u) : rng_next(rng);
}

static void generic_tile(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        p->arrays[0][i] = 1 + rng_below(rng, p->input.rank <= 3 ? 3 : 2);
        p->outputs[0].sizes[i] = p->input.sizes[i] * p->arrays[0][i];
    }
}

/* One of the four operators, 4-D: the depth tensor {N, C*B*B, H, W}, the space one
 * {N, C, H*B, W*B}. */
static void generic_depth_space(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    static const DML_OPERATOR_TYPE types[] = {
        DML_OPERATOR_DEPTH_TO_SPACE, DML_OPERATOR_DEPTH_TO_SPACE1, DML_OPERATOR_SPACE_TO_DEPTH,
        DML_OPERATOR_SPACE_TO_DEPTH1};
    const uint32_t b = 1 + rng_below(rng, 3);
    const uint32_t depth[4] = {p->input.sizes[0], p->input.sizes[1] * b * b, p->input.sizes[2],
                               p->input.sizes[3]};
    const uint32_t space[4] = {p->input.sizes[0], p->input.sizes[1], p->input.sizes[2] * b,
                               p->input.sizes[3] * b};

    p->type = types[rng_below(rng, 4)];
    p->block = b;
    p->order = rng_below(rng, 2);
    bool to_space =
        p->type == DML_OPERATOR_DEPTH_TO_SPACE || p->type == DML_OPERATOR_DEPTH_TO_SPACE1;
    memcpy(p->input.sizes, to_space ? depth : space, sizeof(depth));
    memcpy(p->outputs[0].sizes, to_space ? space : depth, sizeof(depth));
}

/* Another of the 11 types for the output. */
static void generic_cast(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    p->out_data_type = (DML_TENSOR_DATA_TYPE)(1 + (p->data_type - 1 + 1 + rng_below(rng, 10)) % 11);
}

/* The index-carrying operators' index type: any of the four (UINT32 the only one below FL 3.0). */
static void pick_index_type(struct fuzz_params *p, struct rng *rng)
{
    static const DML_TENSOR_DATA_TYPE types[] = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT64,
        DML_TENSOR_DATA_TYPE_INT64};
    p->index_type = types[rng_below(rng, 4)];
}

/* A shape of p's rank, all 1s. */
static struct fuzz_shape ones(const struct fuzz_params *p)
{
    struct fuzz_shape shape = {p->input.rank, {1, 1, 1, 1, 1, 1, 1, 1}};
    return shape;
}

/* GATHER (GA-4): the input dims before Axis that do not fit are 1; the indices' last
 * IndexDimensions dims (none past Axis's place) of 1-3; the output the walk of the reference. */
static void generic_gather(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const int rank = (int)p->input.rank, a = (int)rng_below(rng, p->input.rank);
    const int m = (int)rng_below(rng, p->input.rank + 1);
    struct fuzz_shape indices = ones(p), output = ones(p);
    pick_index_type(p, rng);
    p->axis = (uint32_t)a;
    p->counts[0] = (uint32_t)m;
    p->input_count = 2;
    for (int d = 0; d < rank; ++d)
    {
        if (d + m >= rank && rank - 1 - d <= a)
            indices.sizes[d] = 1 + rng_below(rng, 3);
        if (d + 1 < m && d < a)
            p->input.sizes[d] = 1;
        if (d > a)
            output.sizes[d] = p->input.sizes[d];
    }
    for (int t = 0; t < m && a - t >= 0; ++t)
        output.sizes[a - t] = indices.sizes[rank - 1 - t];
    for (int t = 0; a - m - t >= 0 && a - 1 - t >= 0; ++t)
        output.sizes[a - m - t] = p->input.sizes[a - 1 - t];
    p->inputs[1] = indices;
    p->outputs[0] = output;
}

/* GATHER_ELEMENTS, SCATTER_ELEMENTS: indices (and updates) like the input but along Axis, where
 * they may hold more or fewer. */
static void generic_elements(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const bool scatter = p->type == DML_OPERATOR_SCATTER_ELEMENTS;
    pick_index_type(p, rng);
    p->axis = rng_below(rng, p->input.rank);
    p->input_count = scatter ? 3 : 2;
    p->inputs[1] = p->input;
    p->inputs[1].sizes[p->axis] = 1 + rng_below(rng, p->input.sizes[p->axis] + 2);
    p->inputs[2] = p->inputs[1];
    p->outputs[0] = scatter ? p->input : p->inputs[1];
}

/* The counts the ND rules allow (FD5): B < p, q; 1 <= k <= p - B; q - 1 + p - B - k <= rank. */
static void nd_counts(struct fuzz_params *p, struct rng *rng, bool batches, uint32_t *k)
{
    const uint32_t rank = p->input.rank;
    uint32_t in = 1, ix = 1, b = 0;
    *k = 1;
    for (int tries = 0; tries < 16; ++tries)
    {
        uint32_t i = 1 + rng_below(rng, rank), x = 1 + rng_below(rng, rank);
        uint32_t bb = batches ? rng_below(rng, i < x ? i : x) : 0;
        uint32_t kk = 1 + rng_below(rng, i - bb);
        if (x - 1 + i - bb - kk <= rank)
        {
            in = i, ix = x, b = bb, *k = kk;
            break;
        }
    }
    p->counts[0] = in, p->counts[1] = ix, p->counts[2] = b;
}

/* GATHER_ND(1), SCATTER_ND: the input's and indices' leading dims 1, tuples of k components of
 * 1-3 positions, the other side {1.., batches, positions, the input's trailing dims}. */
static void generic_nd(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const bool scatter = p->type == DML_OPERATOR_SCATTER_ND;
    const uint32_t rank = p->input.rank;
    struct fuzz_shape indices = ones(p), other = ones(p);
    uint32_t k;
    pick_index_type(p, rng);
    nd_counts(p, rng, p->type == DML_OPERATOR_GATHER_ND1, &k);
    const uint32_t in = p->counts[0], ix = p->counts[1], b = p->counts[2];
    const uint32_t trailing = in - b - k, positions = ix - 1, pad = rank - positions - trailing;
    for (uint32_t d = 0; d < rank; ++d)
    {
        if (d < rank - in)
            p->input.sizes[d] = 1;
        if (d >= rank - ix)
            indices.sizes[d] = 1 + rng_below(rng, 3);
    }
    indices.sizes[rank - 1] = k;
    for (uint32_t j = 0; j < b; ++j)
        indices.sizes[rank - ix + j] = p->input.sizes[rank - in + j];
    for (uint32_t j = 0; j < positions; ++j)
        other.sizes[pad + j] = indices.sizes[rank - ix + j];
    for (uint32_t j = 0; j < trailing; ++j)
        other.sizes[pad + positions + j] = p->input.sizes[rank - trailing + j];
    p->input_count = scatter ? 3 : 2;
    p->inputs[1] = indices;
    p->inputs[2] = other;
    p->outputs[0] = scatter ? p->input : other;
}

/* ONE_HOT: the input's shape is the output's; input 0 the indices (1 along Axis), input 1 the
 * values {1.., 2} or {1.., 2, 1}. */
static void generic_one_hot(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const uint32_t rank = p->input.rank;
    pick_index_type(p, rng);
    p->axis = rng_below(rng, rank);
    p->input_count = 2;
    p->outputs[0] = p->input;
    p->inputs[1] = ones(p);
    p->inputs[1].sizes[rank > 1 && rng_below(rng, 2) ? rank - 2 : rank - 1] = 2;
    p->input.sizes[p->axis] = 1;
}

/* REVERSE_SUBSEQUENCES: lengths (UINT32 or UINT64) of 1 along Axis. */
static void generic_reverse(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    p->index_type = rng_below(rng, 2) ? DML_TENSOR_DATA_TYPE_UINT64 : DML_TENSOR_DATA_TYPE_UINT32;
    p->axis = rng_below(rng, p->input.rank);
    p->input_count = 2;
    p->inputs[1] = p->input;
    p->inputs[1].sizes[p->axis] = 1;
}

/* A float value's bits: a small exact value or any bits (NaN, infinities, subnormals). */
static uint32_t float_bits(struct rng *rng)
{
    float f = (float)((int32_t)rng_below(rng, 401) - 200) / (float)(1u << rng_below(rng, 4));
    uint32_t bits;
    memcpy(&bits, &f, sizeof(bits));
    return rng_below(rng, 4) ? bits : rng_next(rng);
}

/* A DML_SCALAR_UNION of type: any bits, or (float types) mostly a small value. */
static uint64_t scalar_bits(DML_TENSOR_DATA_TYPE type, struct rng *rng)
{
    uint64_t bits = (uint64_t)rng_next(rng) << 32 | rng_next(rng);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32 && rng_below(rng, 4))
        bits = bits >> 32 << 32 | float_bits(rng);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && rng_below(rng, 4))
        bits = bits >> 16 << 16 | (0x3C00u + rng_below(rng, 0x0800u)) | rng_below(rng, 2) << 15;
    return bits;
}

/* The fills: no input; FILL_VALUE_SEQUENCE has no FLOAT64 (FL 5.0's table): FLOAT32 instead. */
static void generic_fill(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    if (p->type == DML_OPERATOR_FILL_VALUE_SEQUENCE && p->data_type == DML_TENSOR_DATA_TYPE_FLOAT64)
        p->data_type = p->out_data_type = DML_TENSOR_DATA_TYPE_FLOAT32;
    p->input_count = 0;
    p->value = scalar_bits(p->data_type, rng);
    p->delta = scalar_bits(p->data_type, rng);
}

/* A band bound near the matrix (n its larger side), or INT32_MIN, INT32_MAX. */
static int32_t band_bound(struct rng *rng, uint32_t n)
{
    if (!rng_below(rng, 8))
        return rng_below(rng, 2) ? INT32_MIN : INT32_MAX;
    return (int32_t)rng_below(rng, 2 * n + 5) - (int32_t)n - 2;
}

/* The diagonals: DIAGONAL_MATRIX no input, a float Value and an Offset; DIAGONAL_MATRIX1 the input
 * present or not, any Value bits, Begin and End. */
static void generic_diagonal(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    const uint32_t rank = p->input.rank, h = p->input.sizes[rank - 2], w = p->input.sizes[rank - 1];
    const bool v1 = p->type == DML_OPERATOR_DIAGONAL_MATRIX1;
    p->input_count = v1 ? rng_below(rng, 3) != 0 : 0;
    p->value = v1 ? scalar_bits(p->data_type, rng) : float_bits(rng);
    p->band[0] = band_bound(rng, h > w ? h : w);
    p->band[1] = band_bound(rng, h > w ? h : w);
}

/* SLICE1's backward: from a SLICE1 case (never a zero stride), the input gradient shaped like
 * the slice's output and the output gradient like its input. */
static void generic_slice_grad(struct fuzz_params *p, struct rng *rng, uint8_t options)
{
    generic_slice1(p, rng, options);
    const struct fuzz_shape slice_input = p->input;
    p->input = p->outputs[0];
    p->outputs[0] = slice_input;
}

static void generic_none(struct fuzz_params *p, struct rng *rng, uint8_t options) {}

/* Each generic kind: its operator type, how its valid desc departs from a copy of the input's
 * shape, and the ranks it allows (0: any). */
static const struct
{
    DML_OPERATOR_TYPE type;
    void (*generate)(struct fuzz_params *p, struct rng *rng, uint8_t options);
    uint32_t min_rank, max_rank;
} kinds[FUZZ_KIND_COUNT] = {
    [FUZZ_KIND_SLICE1] = {DML_OPERATOR_SLICE1, generic_slice1},
    [FUZZ_KIND_SLICE] = {DML_OPERATOR_SLICE, generic_slice},
    [FUZZ_KIND_SPLIT] = {DML_OPERATOR_SPLIT, generic_split},
    [FUZZ_KIND_PADDING] = {DML_OPERATOR_PADDING, generic_padding},
    [FUZZ_KIND_PADDING1] = {DML_OPERATOR_PADDING1, generic_padding},
    [FUZZ_KIND_OTHER] = {DML_OPERATOR_ELEMENT_WISE_ABS, generic_none},
    [FUZZ_KIND_JOIN] = {DML_OPERATOR_JOIN, generic_join},
    [FUZZ_KIND_IDENTITY] = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, generic_identity},
    [FUZZ_KIND_TILE] = {DML_OPERATOR_TILE, generic_tile},
    [FUZZ_KIND_DEPTH_SPACE] = {DML_OPERATOR_DEPTH_TO_SPACE, generic_depth_space, 4, 4},
    [FUZZ_KIND_CAST] = {DML_OPERATOR_CAST, generic_cast},
    [FUZZ_KIND_GATHER] = {DML_OPERATOR_GATHER, generic_gather},
    [FUZZ_KIND_GATHER_ELEMENTS] = {DML_OPERATOR_GATHER_ELEMENTS, generic_elements},
    [FUZZ_KIND_GATHER_ND] = {DML_OPERATOR_GATHER_ND, generic_nd},
    [FUZZ_KIND_GATHER_ND1] = {DML_OPERATOR_GATHER_ND1, generic_nd},
    [FUZZ_KIND_SCATTER_ELEMENTS] = {DML_OPERATOR_SCATTER_ELEMENTS, generic_elements},
    [FUZZ_KIND_SCATTER_ND] = {DML_OPERATOR_SCATTER_ND, generic_nd},
    [FUZZ_KIND_ONE_HOT] = {DML_OPERATOR_ONE_HOT, generic_one_hot},
    [FUZZ_KIND_REVERSE_SUBSEQUENCES] = {DML_OPERATOR_REVERSE_SUBSEQUENCES, generic_reverse},
    [FUZZ_KIND_FILL_VALUE_CONSTANT] = {DML_OPERATOR_FILL_VALUE_CONSTANT, generic_fill},
    [FUZZ_KIND_FILL_VALUE_SEQUENCE] = {DML_OPERATOR_FILL_VALUE_SEQUENCE, generic_fill},
    [FUZZ_KIND_DIAGONAL_MATRIX] = {DML_OPERATOR_DIAGONAL_MATRIX, generic_diagonal, 2, 4},
    [FUZZ_KIND_DIAGONAL_MATRIX1] = {DML_OPERATOR_DIAGONAL_MATRIX1, generic_diagonal, 2, 4},
    [FUZZ_KIND_SLICE_GRAD] = {DML_OPERATOR_SLICE_GRAD, generic_slice_grad},
};

/* The header's rank, within the kind's range. */
static uint32_t generic_rank(enum fuzz_kind kind, const uint8_t *header)
{
    uint32_t rank = 1 + header[FH_RANK] % FUZZ_RANK_MAX;
    if (kinds[kind].min_rank && rank < kinds[kind].min_rank)
        rank = kinds[kind].min_rank;
    if (kinds[kind].max_rank && rank > kinds[kind].max_rank)
        rank = kinds[kind].max_rank;
    return rank;
}

void fuzz_params_generic(enum fuzz_kind kind, const uint8_t *header, struct fuzz_params *p)
{
    struct rng rng = {read_le32(header + FH_PARAM_SEED)};

    memset(p, 0, sizeof(*p));
    p->type = kinds[kind].type;
    p->data_type = p->out_data_type = (DML_TENSOR_DATA_TYPE)(1 + header[FH_DATA_TYPE] % 11);
    generic_shape(generic_rank(kind, header), read_le32(header + FH_SHAPE_SEED), &p->input);
    p->input_count = p->output_count = 1;
    p->outputs[0] = p->input;
    kinds[kind].generate(p, &rng, header[FH_OPTIONS]);
    p->inputs[0] = p->input;
}

static void example_shape(const struct seed_tensor *tensor, struct fuzz_shape *shape)
{
    shape->rank = SEED_RANK;
    memcpy(shape->sizes, tensor->sizes, sizeof(tensor->sizes));
}

void fuzz_params_example(unsigned example, struct fuzz_params *p)
{
    const struct seed_example *e = &seed_examples[example % seed_example_count];
    float value = e->value;

    memset(p, 0, sizeof(*p));
    p->type = e->type;
    p->data_type = p->out_data_type = DML_TENSOR_DATA_TYPE_FLOAT32;
    example_shape(&e->input, &p->input);
    p->inputs[0] = p->input;
    p->input_count = 1;
    p->output_count = e->output_count;
    for (uint32_t k = 0; k < e->output_count; ++k)
        example_shape(&e->outputs[k], &p->outputs[k]);
    memcpy(p->arrays[0], e->type == DML_OPERATOR_SLICE1 ? e->offsets : e->start, sizeof(e->start));
    memcpy(p->arrays[1], e->type == DML_OPERATOR_SLICE1 ? e->window_sizes : e->end, sizeof(e->end));
    memcpy(p->arrays[2], e->window_strides, sizeof(e->window_strides));
    p->axis = e->axis;
    p->mode = e->mode;
    memcpy(&p->value, &value, sizeof(value));
}
