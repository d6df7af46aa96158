#include "seed_examples.h"

static const float slice_input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const float slice_positive[] = {2, 4, 10, 12};
static const float slice_negative[] = {14, 16, 6, 8};

static const float split_input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const float split_axis2_0[] = {1, 2, 3, 4};
static const float split_axis2_1[] = {5, 6};
static const float split_axis2_2[] = {7, 8, 9, 10, 11, 12};
static const float split_axis3_0[] = {1, 3, 5, 7, 9, 11};
static const float split_axis3_1[] = {2, 4, 6, 8, 10, 12};

static const float pad_input[] = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
static const float pad_constant[] = {
    9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 1, 2, 3, 4, 9, 9, 9, 9, 9, 9, 5, 6, 7, 8, 9, 9, 9, 9,
    9, 9, 1, 2, 3, 4, 9, 9, 9, 9, 9, 9, 5, 6, 7, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
    9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
static const float pad_edge[] = {
    1, 1, 1, 2, 3, 4, 4, 4, 4, 4, 1, 1, 1, 2, 3, 4, 4, 4, 4, 4, 5, 5, 5, 6, 7, 8, 8, 8, 8, 8,
    1, 1, 1, 2, 3, 4, 4, 4, 4, 4, 5, 5, 5, 6, 7, 8, 8, 8, 8, 8, 5, 5, 5, 6, 7, 8, 8, 8, 8, 8,
    5, 5, 5, 6, 7, 8, 8, 8, 8, 8, 5, 5, 5, 6, 7, 8, 8, 8, 8, 8};
static const float pad_reflection[] = {
    7, 6, 5, 6, 7, 8, 7, 6, 5, 6, 3, 2, 1, 2, 3, 4, 3, 2, 1, 2, 7, 6, 5, 6, 7, 8, 7, 6, 5, 6,
    3, 2, 1, 2, 3, 4, 3, 2, 1, 2, 7, 6, 5, 6, 7, 8, 7, 6, 5, 6, 3, 2, 1, 2, 3, 4, 3, 2, 1, 2,
    7, 6, 5, 6, 7, 8, 7, 6, 5, 6, 3, 2, 1, 2, 3, 4, 3, 2, 1, 2};
static const float pad_symmetric[] = {
    2, 1, 1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 1, 2, 3, 4, 4, 3, 2, 1, 6, 5, 5, 6, 7, 8, 8, 7, 6, 5,
    2, 1, 1, 2, 3, 4, 4, 3, 2, 1, 6, 5, 5, 6, 7, 8, 8, 7, 6, 5, 6, 5, 5, 6, 7, 8, 8, 7, 6, 5,
    2, 1, 1, 2, 3, 4, 4, 3, 2, 1, 6, 5, 5, 6, 7, 8, 8, 7, 6, 5};

#define SLICE_EXAMPLE(title, strides, expected)                                                    \
    {                                                                                              \
        .name = title, .type = DML_OPERATOR_SLICE1, .input = {{1, 1, 4, 4}, slice_input},          \
        .output_count = 1, .outputs = {{{1, 1, 2, 2}, expected}}, .offsets = {0, 0, 0, 1},         \
        .window_sizes = {1, 1, 4, 3}, .window_strides = strides,                                   \
    }

#define PAD_EXAMPLE(title, mode_, value_, expected)                                                \
    {                                                                                              \
        .name = title, .type = DML_OPERATOR_PADDING, .input = {{1, 1, 4, 4}, pad_input},           \
        .output_count = 1, .outputs = {{{1, 1, 8, 10}, expected}}, .mode = mode_,                  \
        .value = value_, .start = {0, 0, 1, 2}, .end = {0, 0, 3, 4},                               \
    }

#define STRIDES(...) {__VA_ARGS__}

const struct seed_example seed_examples[] = {
    SLICE_EXAMPLE("SLICE1 example 1: positive strides", STRIDES(1, 1, 2, 2), slice_positive),
    SLICE_EXAMPLE("SLICE1 example 2: negative strides", STRIDES(1, 1, -2, 2), slice_negative),
    {
        .name = "SPLIT example 1: axis 2 into 2+1+3",
        .type = DML_OPERATOR_SPLIT,
        .input = {{1, 1, 6, 2}, split_input},
        .output_count = 3,
        .outputs = {{{1, 1, 2, 2}, split_axis2_0}, {{1, 1, 1, 2}, split_axis2_1},
                    {{1, 1, 3, 2}, split_axis2_2}},
        .axis = 2,
    },
    {
        .name = "SPLIT example 2: axis 3 into 1+1",
        .type = DML_OPERATOR_SPLIT,
        .input = {{1, 1, 6, 2}, split_input},
        .output_count = 2,
        .outputs = {{{1, 1, 6, 1}, split_axis3_0}, {{1, 1, 6, 1}, split_axis3_1}},
        .axis = 3,
    },
    PAD_EXAMPLE("PADDING example 1: CONSTANT 9", DML_PADDING_MODE_CONSTANT, 9.0f, pad_constant),
    PAD_EXAMPLE("PADDING example 2: EDGE", DML_PADDING_MODE_EDGE, 0.0f, pad_edge),
    PAD_EXAMPLE("PADDING example 3: REFLECTION", DML_PADDING_MODE_REFLECTION, 0.0f, pad_reflection),
    PAD_EXAMPLE("PADDING example 4: SYMMETRIC", DML_PADDING_MODE_SYMMETRIC, 0.0f, pad_symmetric),
};

const unsigned seed_example_count = sizeof(seed_examples) / sizeof(seed_examples[0]);

unsigned seed_tensor_elements(const struct seed_tensor *tensor)
{
    unsigned count = 1;

    for (unsigned d = 0; d < SEED_RANK; ++d)
        count *= tensor->sizes[d];
    return count;
}
