#include "gpu_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"

#define SHOWN_DIFFERENCES 12

enum byte_kind
{
    KIND_ELEMENT,
    KIND_GAP,
    KIND_EXCESS,
    KIND_GUARD,
    KIND_COUNT
};

static const char *const kind_names[KIND_COUNT] = {
    "output element",
    "inside TotalTensorSizeInBytes but no element",
    "bound beyond TotalTensorSizeInBytes",
    "guard band",
};

static const char *report_program = "gpu_ops";

void gpu_report_set_program(const char *program)
{
    if (program)
        report_program = program;
}

const char *gpu_report_validation(void)
{
    const char *mode = getenv("DMLOPS_VALIDATION");
    return mode && *mode ? mode : "fatal";
}

void gpu_report_rerun(FILE *file, uint64_t seed, DML_FEATURE_LEVEL level, uint32_t count)
{
    fprintf(file, "  rerun: DMLOPS_TEST_SEED=0x%016" PRIx64 " DMLOPS_TEST_LEVEL=0x%x", seed,
            (unsigned)level);
    if (count > 1)
        fprintf(file, " DMLOPS_TEST_COUNT=%u", count);
    fprintf(file, " DMLOPS_VALIDATION=%s %s\n", gpu_report_validation(), report_program);
}

void gpu_report_case(const struct gpu_case *c, const char *what)
{
    fprintf(stderr, "FAILED (feature level 0x%x, seed 0x%016" PRIx64 "): %s\n",
            (unsigned)c->rc.feature_level, c->rc.seed, what);
    random_case_describe(stderr, &c->rc);
    gpu_case_describe_run(stderr, c);
    gpu_report_rerun(stderr, c->rc.seed, c->rc.feature_level, 1);
}

/* Which bytes the reference writes: they read the same after runs over opposite fills. */
static unsigned char *written_mask(const struct gpu_case *c, const unsigned char *input_region)
{
    uint64_t span = c->layout.output_span;
    unsigned char *zeros = calloc(span, 1), *ones = malloc(span);

    if (zeros && ones)
    {
        memset(ones, 0xFF, span);
        gpu_case_expect_one(c, input_region, zeros);
        gpu_case_expect_one(c, input_region, ones);
        for (uint64_t i = 0; i < span; ++i)
            zeros[i] = zeros[i] == ones[i];
    }
    free(ones);
    return zeros;
}

/* The output whose binding starts last at or before pos; -1 before the first. */
static int owner_of(const struct gpu_case *c, uint64_t pos)
{
    int owner = -1;
    for (uint32_t k = 0; k < c->rc.output_count; ++k)
        if (c->layout.output_offsets[k] <= pos)
            owner = (int)k;
    return owner;
}

static enum byte_kind kind_of(const struct gpu_case *c, const unsigned char *mask, uint64_t pos,
                              int owner)
{
    uint64_t rel;

    if (mask[pos])
        return KIND_ELEMENT;
    if (owner < 0)
        return KIND_GUARD;
    rel = pos - c->layout.output_offsets[owner];
    if (rel < c->rc.output_bytes[owner])
        return KIND_GAP;
    return rel < c->layout.output_bind_sizes[owner] ? KIND_EXCESS : KIND_GUARD;
}

/* The coordinate of the element at linear index `index` (in elements) of a tensor. */
static int element_coordinate(const DML_BUFFER_TENSOR_DESC *t, uint64_t index, uint32_t *coord)
{
    uint64_t strides[RANDOM_CASE_MAX_RANK], packed = 1, count = 1;

    for (uint32_t d = t->DimensionCount; d-- > 0;)
    {
        strides[d] = t->Strides ? t->Strides[d] : packed;
        packed *= t->Sizes[d];
        count *= t->Sizes[d];
    }
    for (uint64_t linear = 0; linear < count; ++linear)
    {
        uint64_t rest = linear, offset = 0;
        for (uint32_t d = t->DimensionCount; d-- > 0;)
        {
            coord[d] = (uint32_t)(rest % t->Sizes[d]);
            rest /= t->Sizes[d];
            offset += coord[d] * strides[d];
        }
        if (offset == index)
            return 1;
    }
    return 0;
}

static void print_value(const char *name, const unsigned char *bytes, uint32_t size)
{
    fprintf(stderr, " %s 0x", name);
    for (uint32_t i = size; i-- > 0;)
        fprintf(stderr, "%02x", bytes[i]);
}

static void show_element(const struct gpu_case *c, int owner, uint64_t start,
                         const unsigned char *expected, const unsigned char *got)
{
    const DML_BUFFER_TENSOR_DESC *t = &c->rc.outputs[owner].buffer;
    uint32_t size = ref_element_size(t->DataType), coord[RANDOM_CASE_MAX_RANK];
    uint64_t rel = start - c->layout.output_offsets[owner];

    fprintf(stderr, "    out%d", owner);
    if (element_coordinate(t, rel / size, coord))
        for (uint32_t d = 0; d < t->DimensionCount; ++d)
            fprintf(stderr, "%c%u", d ? ',' : '[', coord[d]);
    fprintf(stderr, "] (byte +%" PRIu64 "):", rel);
    print_value("expected", expected + start, size);
    print_value("got", got + start, size);
    fprintf(stderr, "\n");
}

static void show_byte(const struct gpu_case *c, int owner, uint64_t pos, enum byte_kind kind,
                      const unsigned char *expected, const unsigned char *got)
{
    int64_t rel = (int64_t)pos - (int64_t)(owner < 0 ? c->layout.output_offsets[0]
                                                     : c->layout.output_offsets[owner]);
    fprintf(stderr, "    out%d byte %+" PRId64 " (%s): expected 0x%02x (poison) got 0x%02x\n",
            owner < 0 ? 0 : owner, rel, kind_names[kind], expected[pos], got[pos]);
}

/* Counts differing bytes per kind and shows the first differing elements and bytes. */
static void show_differences(const struct gpu_case *c, const unsigned char *mask,
                             const unsigned char *expected, const unsigned char *got)
{
    uint64_t counts[KIND_COUNT] = {0}, shown = 0, last_element = UINT64_MAX;
    uint32_t size = ref_element_size(c->rc.input.buffer.DataType);

    for (uint64_t pos = 0; pos < c->layout.output_span; ++pos)
    {
        int owner = owner_of(c, pos);
        enum byte_kind kind;
        uint64_t start;
        if (expected[pos] == got[pos])
            continue;
        kind = kind_of(c, mask, pos, owner);
        ++counts[kind];
        start = pos - (pos - (owner < 0 ? 0 : c->layout.output_offsets[owner])) % size;
        if (shown >= SHOWN_DIFFERENCES || (kind == KIND_ELEMENT && start == last_element))
            continue;
        ++shown;
        if (kind == KIND_ELEMENT)
            show_element(c, owner, last_element = start, expected, got);
        else
            show_byte(c, owner, pos, kind, expected, got);
    }
    for (int k = 0; k < KIND_COUNT; ++k)
        if (counts[k])
            fprintf(stderr, "  %" PRIu64 " differing bytes: %s\n", counts[k], kind_names[k]);
}

void gpu_report_mismatch(const struct gpu_case *c, const unsigned char *input_region,
                         const unsigned char *expected, const unsigned char *got)
{
    unsigned char *mask = written_mask(c, input_region);

    gpu_report_case(c, "the outputs differ from the reference");
    for (uint32_t e = 0; mask && e < c->options.executions; ++e)
    {
        uint64_t offset = gpu_case_execution_offset(c, e);
        if (!memcmp(expected + offset, got + offset, c->layout.output_span))
            continue;
        fprintf(stderr, "  execution %u of %u:\n", e + 1, c->options.executions);
        show_differences(c, mask, expected + offset, got + offset);
    }
    free(mask);
}
