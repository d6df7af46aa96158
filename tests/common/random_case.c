/* The random case generator: which descs a feature level allows (spec section 2), and the
 * operator-specific parts of a case. */
#include <math.h>
#include <string.h>

#include "random_case_internal.h"

#define T(name) (1u << DML_TENSOR_DATA_TYPE_##name)
#define TYPES_6 (T(FLOAT32) | T(FLOAT16) | T(INT32) | T(INT16) | T(UINT32) | T(UINT16))
#define TYPES_8 (TYPES_6 | T(INT8) | T(UINT8))
#define TYPES_11 (TYPES_8 | T(FLOAT64) | T(INT64) | T(UINT64))
#define M(name) (1u << DML_PADDING_MODE_##name)
#define MODES_CER (M(CONSTANT) | M(EDGE) | M(REFLECTION))
#define MODES_CERS (MODES_CER | M(SYMMETRIC))
#define MODES_ALL (MODES_CERS | M(WRAP))

struct random_rule
{
    DML_OPERATOR_TYPE type;
    DML_FEATURE_LEVEL since;
    uint32_t min_rank, max_rank;
    uint32_t types; /* bit per DML_TENSOR_DATA_TYPE */
    uint32_t modes; /* bit per DML_PADDING_MODE */
};

/* Spec section 2; for each operator the last row whose level is reached applies. */
static const struct random_rule random_rules[] = {
    {DML_OPERATOR_SLICE, DML_FEATURE_LEVEL_1_0, 4, 5, TYPES_6, 0},
    {DML_OPERATOR_SLICE, DML_FEATURE_LEVEL_2_1, 4, 5, TYPES_8, 0},
    {DML_OPERATOR_SLICE, DML_FEATURE_LEVEL_3_0, 1, 8, TYPES_8, 0},
    {DML_OPERATOR_SLICE, DML_FEATURE_LEVEL_4_1, 1, 8, TYPES_11, 0},
    {DML_OPERATOR_SLICE1, DML_FEATURE_LEVEL_2_1, 4, 5, TYPES_8, 0},
    {DML_OPERATOR_SLICE1, DML_FEATURE_LEVEL_3_0, 1, 8, TYPES_8, 0},
    {DML_OPERATOR_SLICE1, DML_FEATURE_LEVEL_4_1, 1, 8, TYPES_11, 0},
    {DML_OPERATOR_SPLIT, DML_FEATURE_LEVEL_1_0, 4, 4, TYPES_6, 0},
    {DML_OPERATOR_SPLIT, DML_FEATURE_LEVEL_2_1, 4, 4, TYPES_8, 0},
    {DML_OPERATOR_SPLIT, DML_FEATURE_LEVEL_3_0, 1, 8, TYPES_8, 0},
    {DML_OPERATOR_SPLIT, DML_FEATURE_LEVEL_4_1, 1, 8, TYPES_11, 0},
    {DML_OPERATOR_PADDING, DML_FEATURE_LEVEL_1_0, 4, 5, T(FLOAT32) | T(FLOAT16), MODES_CER},
    {DML_OPERATOR_PADDING, DML_FEATURE_LEVEL_2_1, 4, 5, TYPES_8, MODES_CER},
    {DML_OPERATOR_PADDING, DML_FEATURE_LEVEL_3_0, 4, 5, TYPES_8, MODES_CERS},
    {DML_OPERATOR_PADDING, DML_FEATURE_LEVEL_3_1, 1, 8, TYPES_8, MODES_CERS},
    {DML_OPERATOR_PADDING, DML_FEATURE_LEVEL_5_0, 1, 8, TYPES_11, MODES_CERS},
    {DML_OPERATOR_PADDING, DML_FEATURE_LEVEL_6_4, 1, 8, TYPES_11, MODES_ALL},
    {DML_OPERATOR_PADDING1, DML_FEATURE_LEVEL_5_0, 1, 8, TYPES_11, MODES_CERS},
    {DML_OPERATOR_PADDING1, DML_FEATURE_LEVEL_6_4, 1, 8, TYPES_11, MODES_ALL},
};

#define RANDOM_RULE_COUNT (sizeof(random_rules) / sizeof(random_rules[0]))

static const DML_OPERATOR_TYPE random_operators[] = {
    DML_OPERATOR_SLICE,   DML_OPERATOR_SLICE1,   DML_OPERATOR_SPLIT,
    DML_OPERATOR_PADDING, DML_OPERATOR_PADDING1,
};

static const struct random_rule *random_rule_for(DML_OPERATOR_TYPE type, DML_FEATURE_LEVEL level)
{
    const struct random_rule *rule = NULL;
    for (size_t i = 0; i < RANDOM_RULE_COUNT; ++i)
    {
        if (random_rules[i].type == type && random_rules[i].since <= level)
            rule = &random_rules[i];
    }
    return rule;
}

/* A uniformly chosen set bit of mask (mask != 0). */
static uint32_t random_bit(struct rng *rng, uint32_t mask)
{
    uint32_t count = (uint32_t)__builtin_popcount(mask), pick = rng_below(rng, count);
    for (uint32_t bit = 0;; ++bit)
    {
        if ((mask >> bit & 1) && pick-- == 0)
            return bit;
    }
}

static const struct random_rule *random_pick_rule(struct rng *rng, DML_FEATURE_LEVEL level)
{
    for (;;)
    {
        DML_OPERATOR_TYPE type = random_operators[rng_below(rng, 5)];
        const struct random_rule *rule = random_rule_for(type, level);
        if (rule)
            return rule;
    }
}

/* SLICE1: a window inside the input, a stride of either sign, an output no larger than the
 * window allows (S1-5..S1-7), sometimes smaller. */
static void random_slice1(struct rng *rng, struct random_case *rc, uint32_t rank)
{
    for (uint32_t d = 0; d < rank; ++d)
    {
        uint32_t n = rc->input.sizes[d];
        uint32_t window = rng_range(rng, 1, n);
        rc->offsets[d] = rng_below(rng, n - window + 1);
        rc->sizes[d] = window;
        int32_t step = (int32_t)rng_range(rng, 1, rng_chance(rng, 80) ? 3 : window);
        rc->window_strides[d] = rng_chance(rng, 40) ? -step : step;
        uint32_t most = 1 + (window - 1) / (uint32_t)step;
        rc->outputs[0].sizes[d] = rng_chance(rng, 70) ? most : rng_range(rng, 1, most);
    }
    rc->op.slice1 = (DML_SLICE1_OPERATOR_DESC){
        &rc->input.desc, &rc->outputs[0].desc, rank, rc->offsets, rc->sizes, rc->window_strides};
}

/* SLICE (v0): Offsets + Strides * (Sizes - 1) inside the input, Sizes = output sizes. */
static void random_slice(struct rng *rng, struct random_case *rc, uint32_t rank)
{
    for (uint32_t d = 0; d < rank; ++d)
    {
        uint32_t n = rc->input.sizes[d];
        rc->offsets[d] = rng_below(rng, n);
        rc->strides[d] = rng_range(rng, 1, 3);
        rc->sizes[d] = rng_range(rng, 1, 1 + (n - 1 - rc->offsets[d]) / rc->strides[d]);
        rc->outputs[0].sizes[d] = rc->sizes[d];
    }
    rc->op.slice = (DML_SLICE_OPERATOR_DESC){
        &rc->input.desc, &rc->outputs[0].desc, rank, rc->offsets, rc->sizes, rc->strides};
}

/* SPLIT: 1 to 64 uneven parts along a random axis (SP-4, SP-5). */
static void random_split(struct rng *rng, struct random_case *rc, uint32_t rank)
{
    uint32_t axis = rng_below(rng, rank);
    uint32_t count =
        rng_chance(rng, 70) ? rng_range(rng, 1, 5) : rng_range(rng, 1, RANDOM_CASE_MAX_OUTPUTS);
    uint32_t extent = count + rng_below(rng, count + 6);
    uint32_t other[RANDOM_CASE_MAX_RANK];
    random_sizes(rng, rank, rc->max_elements / extent, other);
    for (uint32_t d = 0; d < rank; ++d)
        rc->input.sizes[d] = d == axis ? extent : other[d];
    rc->output_count = count;
    for (uint32_t k = 0; k < count; ++k)
    {
        memcpy(rc->outputs[k].sizes, rc->input.sizes, sizeof(rc->input.sizes));
        rc->outputs[k].sizes[axis] = 1;
    }
    for (uint32_t extra = extent - count; extra > 0; --extra) /* skewed: early parts grow more */
        ++rc->outputs[rng_below(rng, 1 + rng_below(rng, count))].sizes[axis];
    rc->op.split = (DML_SPLIT_OPERATOR_DESC){&rc->input.desc, count, rc->output_descs, axis};
}

static uint64_t random_product(const uint32_t *sizes, uint32_t rank)
{
    uint64_t product = 1;
    for (uint32_t d = 0; d < rank; ++d)
        product *= sizes[d];
    return product;
}

/* Paddings often 0, sometimes larger than the input; the output stays within the budget. */
static void random_paddings(struct rng *rng, struct random_case *rc, uint32_t rank)
{
    for (uint32_t d = 0; d < rank; ++d)
    {
        uint32_t n = rc->input.sizes[d], most = rng_chance(rng, 30) ? 3 * n + 3 : n;
        rc->start_padding[d] = rng_chance(rng, 35) ? 0 : rng_range(rng, 0, most);
        rc->end_padding[d] = rng_chance(rng, 35) ? 0 : rng_range(rng, 0, most);
    }
    uint32_t *out = rc->outputs[0].sizes;
    for (;;)
    {
        for (uint32_t d = 0; d < rank; ++d)
            out[d] = rc->input.sizes[d] + rc->start_padding[d] + rc->end_padding[d];
        if (random_product(out, rank) <= rc->max_elements)
            return;
        uint32_t d = rng_below(rng, rank);
        rc->start_padding[d] /= 2;
        rc->end_padding[d] /= 2;
    }
}

/* Values that probe rounding, saturation, NaN and subnormal halves, or random bits. */
static float random_float_value(struct rng *rng)
{
    static const float specials[] = {
        0.0f,          -0.0f,         1.5f,          -1.5f,          10.6f,         -10.6f,
        127.5f,        128.0f,        -128.9f,       -129.0f,        255.9f,        256.0f,
        32767.7f,      -32768.9f,     65504.0f,      65519.0f,       65520.0f,      65535.9f,
        65536.0f,      2147483520.0f, 2147483648.0f, -2147483904.0f, 4294967040.0f, 4294967296.0f,
        9.2233715e18f, 9.2233720e18f, 1.8446743e19f, 1.8446744e19f,  3.0e38f,       INFINITY,
        -INFINITY,     NAN,           -NAN,          5.9604645e-8f,  2.9802322e-8f, 4.4703484e-8f,
        6.1035156e-5f, 6.0975552e-5f, 1.0e-30f,      0.33333334f,    -0.99999994f,
    };
    if (rng_chance(rng, 70))
        return specials[rng_below(rng, sizeof(specials) / sizeof(specials[0]))];
    uint32_t bits = (uint32_t)rng_next(rng);
    float value;
    memcpy(&value, &bits, sizeof(value));
    return value;
}

static void random_padding(struct rng *rng, struct random_case *rc, uint32_t rank,
                           const struct random_rule *rule)
{
    random_sizes(rng, rank, rng_range(rng, 1, rc->max_elements / 8), rc->input.sizes);
    random_paddings(rng, rc, rank);
    DML_PADDING_MODE mode = (DML_PADDING_MODE)random_bit(rng, rule->modes);
    if (rule->type == DML_OPERATOR_PADDING)
    {
        rc->op.padding = (DML_PADDING_OPERATOR_DESC){
            &rc->input.desc,   &rc->outputs[0].desc, mode, random_float_value(rng), rank,
            rc->start_padding, rc->end_padding};
        return;
    }
    DML_SCALAR_UNION value;
    uint64_t bits = rng_next(rng); /* bytes above the type's size are noise that must be ignored */
    memcpy(value.Bytes, &bits, sizeof(bits));
    rc->op.padding1 =
        (DML_PADDING1_OPERATOR_DESC){&rc->input.desc,   &rc->outputs[0].desc, mode, 0, value, rank,
                                     rc->start_padding, rc->end_padding};
}

/* Shapes first (they depend on the operator), then layouts and sizes of every tensor. */
static void random_fill(struct rng *rng, struct random_case *rc, const struct random_rule *rule)
{
    uint32_t rank = rng_range(rng, rule->min_rank, rule->max_rank);
    DML_TENSOR_DATA_TYPE type = (DML_TENSOR_DATA_TYPE)random_bit(rng, rule->types);
    rc->output_count = 1;
    if (rule->type == DML_OPERATOR_SPLIT)
        random_split(rng, rc, rank);
    else if (rule->type == DML_OPERATOR_PADDING || rule->type == DML_OPERATOR_PADDING1)
        random_padding(rng, rc, rank, rule);
    else
        random_sizes(rng, rank, rng_range(rng, 1, rc->max_elements), rc->input.sizes);
    if (rule->type == DML_OPERATOR_SLICE1)
        random_slice1(rng, rc, rank);
    else if (rule->type == DML_OPERATOR_SLICE)
        random_slice(rng, rc, rank);
    if (rule->type == DML_OPERATOR_PADDING1)
        rc->op.padding1.PaddingValueDataType = type;
    random_tensor_finish(rng, &rc->input, type, rank, 1);
    rc->input_bytes = rc->input.buffer.TotalTensorSizeInBytes;
    for (uint32_t k = 0; k < rc->output_count; ++k)
    {
        random_tensor_finish(rng, &rc->outputs[k], type, rank, 0);
        rc->output_descs[k] = rc->outputs[k].desc;
        rc->output_bytes[k] = rc->outputs[k].buffer.TotalTensorSizeInBytes;
    }
    rc->desc = (DML_OPERATOR_DESC){rule->type, &rc->op};
}

int random_case_generate_sized(struct random_case *rc, uint64_t seed, DML_FEATURE_LEVEL max_level,
                               uint32_t max_elements)
{
    struct rng rng = rng_seeded(seed);
    memset(rc, 0, sizeof(*rc));
    rc->seed = seed;
    rc->feature_level = max_level;
    rc->max_elements = max_elements < 64 ? 64 : max_elements;
    random_fill(&rng, rc, random_pick_rule(&rng, max_level));
    return 0;
}

int random_case_generate(struct random_case *rc, uint64_t seed, DML_FEATURE_LEVEL max_level)
{
    return random_case_generate_sized(rc, seed, max_level, RANDOM_CASE_DEFAULT_ELEMENTS);
}

void random_case_free(struct random_case *rc)
{
    memset(rc, 0, sizeof(*rc));
}
