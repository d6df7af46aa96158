#include "gpu_coverage.h"

#include <string.h>

#define TYPE_COUNT 11 /* FLOAT32 (1) .. INT64 (11) */
#define RANK_COUNT RANDOM_CASE_MAX_RANK
#define MODE_COUNT 5

enum item
{
    ITEM_TYPE = 0,
    ITEM_RANK = ITEM_TYPE + TYPE_COUNT,
    ITEM_SPLIT_AXIS = ITEM_RANK + RANK_COUNT,
    ITEM_PADDING_MODE = ITEM_SPLIT_AXIS + RANK_COUNT,
    ITEM_INPUT_IMPLICIT = ITEM_PADDING_MODE + MODE_COUNT,
    ITEM_INPUT_PACKED,
    ITEM_INPUT_GAPPED,
    ITEM_INPUT_PERMUTED,
    ITEM_INPUT_BROADCAST,
    ITEM_OUTPUT_GAPPED,
    ITEM_OUTPUT_PERMUTED,
    ITEM_SLICE,
    ITEM_SLICE1_NEGATIVE_STRIDE,
    ITEM_SLICE1_WINDOW_BEYOND_OUTPUT,
    ITEM_SPLIT_ONE_OUTPUT,
    ITEM_SPLIT_OVER_14_OUTPUTS,
    ITEM_SPLIT_UNEVEN,
    ITEM_PADDING1,
    ITEM_PADDING_LARGER_THAN_INPUT,
    ITEM_OWNED_INPUT,
    ITEM_VOLATILE,
    ITEM_VOLATILE_LATE_INPUTS,
    ITEM_VOLATILE_DECOYS,
    ITEM_VOLATILE_OWNED,
    ITEM_VOLATILE_SPLIT_OVER_14,
    ITEM_OUTPUT_OVER_65536_ELEMENTS,
    ITEM_TWO_EXECUTIONS,
    ITEM_TWO_VOLATILE_EXECUTIONS,
    ITEM_LEVEL_3_0,
    ITEM_LEVEL_6_4,
    ITEM_COUNT
};

static const char *const item_names[ITEM_COUNT - ITEM_INPUT_IMPLICIT] = {
    "input strides NULL",
    "explicit packed input strides",
    "gapped input strides",
    "permuted input strides",
    "broadcast (stride 0) input",
    "gapped output strides",
    "permuted output strides",
    "SLICE",
    "SLICE1 with a negative stride",
    "SLICE1 window beyond the output",
    "SPLIT into one output",
    "SPLIT into more than 14 outputs",
    "SPLIT with uneven sizes",
    "PADDING1",
    "padding larger than the input",
    "OWNED_BY_DML input",
    "DESCRIPTORS_VOLATILE",
    "DESCRIPTORS_VOLATILE with inputs bound late",
    "DESCRIPTORS_VOLATILE rebinding decoys",
    "DESCRIPTORS_VOLATILE with an OWNED_BY_DML input",
    "DESCRIPTORS_VOLATILE SPLIT into more than 14 outputs",
    "an output of more than 65536 elements",
    "two executions of one compiled operator",
    "two DESCRIPTORS_VOLATILE executions of one compiled operator",
    "device capped at 3.0",
    "device capped at 6.4",
};

static unsigned coverage_seen[ITEM_COUNT];

static uint64_t element_span(const DML_BUFFER_TENSOR_DESC *t)
{
    uint64_t span = 1;
    for (uint32_t d = 0; d < t->DimensionCount; ++d)
        span += (uint64_t)(t->Sizes[d] - 1) * t->Strides[d];
    return span;
}

static uint64_t element_count(const DML_BUFFER_TENSOR_DESC *t)
{
    uint64_t count = 1;
    for (uint32_t d = 0; d < t->DimensionCount; ++d)
        count *= t->Sizes[d];
    return count;
}

static int has_broadcast(const DML_BUFFER_TENSOR_DESC *t)
{
    for (uint32_t d = 0; t->Strides && d < t->DimensionCount; ++d)
        if (t->Strides[d] == 0 && t->Sizes[d] > 1)
            return 1;
    return 0;
}

/* An outer dimension that moves less than an inner one (dims of size 1 do not count). */
static int is_permuted(const DML_BUFFER_TENSOR_DESC *t)
{
    for (uint32_t d = 0; t->Strides && d < t->DimensionCount; ++d)
        for (uint32_t e = d + 1; e < t->DimensionCount; ++e)
            if (t->Sizes[d] > 1 && t->Sizes[e] > 1 && t->Strides[d] &&
                t->Strides[d] < t->Strides[e])
                return 1;
    return 0;
}

static int is_gapped(const DML_BUFFER_TENSOR_DESC *t)
{
    return t->Strides && !has_broadcast(t) && element_span(t) > element_count(t);
}

static void add_layouts(const struct gpu_case *c)
{
    const DML_BUFFER_TENSOR_DESC *in = &c->rc.input.buffer;

    coverage_seen[ITEM_INPUT_IMPLICIT] += !in->Strides;
    coverage_seen[ITEM_INPUT_PACKED] +=
        in->Strides && !has_broadcast(in) && !is_permuted(in) && !is_gapped(in);
    coverage_seen[ITEM_INPUT_GAPPED] += is_gapped(in);
    coverage_seen[ITEM_INPUT_PERMUTED] += is_permuted(in);
    coverage_seen[ITEM_INPUT_BROADCAST] += has_broadcast(in);
    for (uint32_t k = 0; k < c->rc.output_count; ++k)
    {
        coverage_seen[ITEM_OUTPUT_GAPPED] += is_gapped(&c->rc.outputs[k].buffer);
        coverage_seen[ITEM_OUTPUT_PERMUTED] += is_permuted(&c->rc.outputs[k].buffer);
        coverage_seen[ITEM_OUTPUT_OVER_65536_ELEMENTS] +=
            element_count(&c->rc.outputs[k].buffer) > 65536;
    }
}

static void add_slice1(const struct gpu_case *c)
{
    const DML_SLICE1_OPERATOR_DESC *s = &c->rc.op.slice1;
    for (uint32_t d = 0; d < s->DimensionCount; ++d)
    {
        int32_t stride = s->InputWindowStrides[d];
        uint32_t step = (uint32_t)(stride < 0 ? -stride : stride);
        coverage_seen[ITEM_SLICE1_NEGATIVE_STRIDE] += stride < 0;
        coverage_seen[ITEM_SLICE1_WINDOW_BEYOND_OUTPUT] +=
            c->rc.outputs[0].sizes[d] < 1 + (s->InputWindowSizes[d] - 1) / step;
    }
}

static void add_split(const struct gpu_case *c)
{
    const DML_SPLIT_OPERATOR_DESC *s = &c->rc.op.split;
    coverage_seen[ITEM_SPLIT_AXIS + s->Axis]++;
    coverage_seen[ITEM_SPLIT_ONE_OUTPUT] += s->OutputCount == 1;
    coverage_seen[ITEM_SPLIT_OVER_14_OUTPUTS] += s->OutputCount > 14;
    coverage_seen[ITEM_VOLATILE_SPLIT_OVER_14] +=
        s->OutputCount > 14 && c->options.volatile_descriptors;
    for (uint32_t k = 1; k < s->OutputCount; ++k)
        if (c->rc.outputs[k].sizes[s->Axis] != c->rc.outputs[0].sizes[s->Axis])
        {
            coverage_seen[ITEM_SPLIT_UNEVEN]++;
            break;
        }
}

static void add_padding(const struct gpu_case *c, DML_PADDING_MODE mode, const UINT *start,
                        const UINT *end)
{
    coverage_seen[ITEM_PADDING_MODE + mode]++;
    for (uint32_t d = 0; d < c->rc.input.buffer.DimensionCount; ++d)
        coverage_seen[ITEM_PADDING_LARGER_THAN_INPUT] +=
            start[d] > c->rc.input.sizes[d] || end[d] > c->rc.input.sizes[d];
}

static void add_operator(const struct gpu_case *c)
{
    const struct random_case *rc = &c->rc;
    switch (rc->desc.Type)
    {
    case DML_OPERATOR_SLICE:
        coverage_seen[ITEM_SLICE]++;
        break;
    case DML_OPERATOR_SLICE1:
        add_slice1(c);
        break;
    case DML_OPERATOR_SPLIT:
        add_split(c);
        break;
    case DML_OPERATOR_PADDING:
        add_padding(c, rc->op.padding.PaddingMode, rc->op.padding.StartPadding,
                    rc->op.padding.EndPadding);
        break;
    case DML_OPERATOR_PADDING1:
        coverage_seen[ITEM_PADDING1]++;
        add_padding(c, rc->op.padding1.PaddingMode, rc->op.padding1.StartPadding,
                    rc->op.padding1.EndPadding);
        break;
    default:
        break;
    }
}

void gpu_coverage_add(const struct gpu_case *c, DML_FEATURE_LEVEL level)
{
    coverage_seen[ITEM_TYPE + c->rc.input.buffer.DataType - 1]++;
    coverage_seen[ITEM_RANK + c->rc.input.buffer.DimensionCount - 1]++;
    add_layouts(c);
    add_operator(c);
    coverage_seen[ITEM_OWNED_INPUT] += c->options.owned_input;
    coverage_seen[ITEM_VOLATILE] += c->options.volatile_descriptors;
    coverage_seen[ITEM_VOLATILE_LATE_INPUTS] += c->options.late_inputs;
    coverage_seen[ITEM_VOLATILE_DECOYS] += c->options.decoys;
    coverage_seen[ITEM_TWO_EXECUTIONS] += c->options.executions > 1;
    coverage_seen[ITEM_TWO_VOLATILE_EXECUTIONS] +=
        c->options.executions > 1 && c->options.volatile_descriptors;
    coverage_seen[ITEM_VOLATILE_OWNED] += c->options.volatile_descriptors && c->options.owned_input;
    coverage_seen[ITEM_LEVEL_3_0] += level == DML_FEATURE_LEVEL_3_0;
    coverage_seen[ITEM_LEVEL_6_4] += level == DML_FEATURE_LEVEL_6_4;
}

static void item_name(int item, char *name, size_t size)
{
    static const char *const modes[MODE_COUNT] = {"CONSTANT", "EDGE", "REFLECTION", "SYMMETRIC",
                                                  "WRAP"};
    if (item < ITEM_RANK)
        snprintf(name, size, "data type %d", item - ITEM_TYPE + 1);
    else if (item < ITEM_SPLIT_AXIS)
        snprintf(name, size, "rank %d", item - ITEM_RANK + 1);
    else if (item < ITEM_PADDING_MODE)
        snprintf(name, size, "SPLIT along axis %d", item - ITEM_SPLIT_AXIS);
    else if (item < ITEM_INPUT_IMPLICIT)
        snprintf(name, size, "PADDING mode %s", modes[item - ITEM_PADDING_MODE]);
    else
        snprintf(name, size, "%s", item_names[item - ITEM_INPUT_IMPLICIT]);
}

int gpu_coverage_missing(char *missing, size_t size)
{
    int count = 0;
    size_t used = 0;

    if (size)
        missing[0] = '\0';
    for (int item = 0; item < ITEM_COUNT; ++item)
    {
        char name[64];
        if (coverage_seen[item])
            continue;
        item_name(item, name, sizeof(name));
        if (used < size)
            used += (size_t)snprintf(missing + used, size - used, "%s%s", count ? "; " : "", name);
        ++count;
    }
    return count;
}
