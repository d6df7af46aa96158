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

static void generic_none(struct fuzz_params *p, struct rng *rng, uint8_t options) {}

/* Each generic kind: its operator type, and how its valid desc departs from a copy of the
 * input's shape. */
static const struct
{
    DML_OPERATOR_TYPE type;
    void (*generate)(struct fuzz_params *p, struct rng *rng, uint8_t options);
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
    [FUZZ_KIND_DEPTH_SPACE] = {DML_OPERATOR_DEPTH_TO_SPACE, generic_depth_space},
    [FUZZ_KIND_CAST] = {DML_OPERATOR_CAST, generic_cast},
};

void fuzz_params_generic(enum fuzz_kind kind, const uint8_t *header, struct fuzz_params *p)
{
    struct rng rng = {read_le32(header + FH_PARAM_SEED)};

    memset(p, 0, sizeof(*p));
    p->type = kinds[kind].type;
    p->data_type = p->out_data_type = (DML_TENSOR_DATA_TYPE)(1 + header[FH_DATA_TYPE] % 11);
    generic_shape(kind == FUZZ_KIND_DEPTH_SPACE ? 4 : 1 + header[FH_RANK] % FUZZ_RANK_MAX,
                  read_le32(header + FH_SHAPE_SEED), &p->input);
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
