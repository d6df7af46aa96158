#include "gpu_case.h"

#include <inttypes.h>
#include <string.h>

#include "reference.h"
#include "rng.h"

/* Independent streams per aspect, so that adding an option never changes the descs. */
#define STREAM_OPTIONS UINT64_C(0x6f7074696f6e7321)
#define STREAM_LAYOUT UINT64_C(0x6c61796f75742121)
#define STREAM_INPUT UINT64_C(0x696e707574212121)
#define STREAM_POISON UINT64_C(0x706f69736f6e2121)

static uint64_t align_up(uint64_t value, uint64_t alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

/* Distance before a tensor: usually small, sometimes a whole 256-byte block. */
static uint64_t random_guard(struct rng *rng)
{
    return rng_chance(rng, 25) ? 256 : 16 * (uint64_t)rng_range(rng, 1, 4);
}

/* Binding sizes: usually the tensor's total, sometimes more (the excess must stay untouched). */
static uint64_t random_bind_size(struct rng *rng, uint64_t total)
{
    return rng_chance(rng, 20) ? total + 4 * (uint64_t)rng_range(rng, 1, 4) : total;
}

static uint64_t tensor_alignment(const struct random_tensor *t)
{
    uint64_t alignment = t->buffer.GuaranteedBaseOffsetAlignment;
    return alignment > DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT ? alignment
                                                           : DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT;
}

static void choose_layout(struct gpu_case *c)
{
    struct rng rng = rng_seeded(c->rc.seed ^ STREAM_LAYOUT);
    struct gpu_case_layout *l = &c->layout;
    uint64_t cursor;

    l->input_offset = align_up(random_guard(&rng), tensor_alignment(&c->rc.input));
    l->input_bind_size = random_bind_size(&rng, c->rc.input_bytes);
    l->input_span = align_up(l->input_offset + l->input_bind_size + random_guard(&rng), 16);
    cursor = 0;
    for (uint32_t k = 0; k < c->rc.output_count; ++k)
    {
        l->output_offsets[k] =
            align_up(cursor + random_guard(&rng), tensor_alignment(&c->rc.outputs[k]));
        l->output_bind_sizes[k] = random_bind_size(&rng, c->rc.output_bytes[k]);
        cursor = l->output_offsets[k] + l->output_bind_sizes[k];
    }
    l->output_span = align_up(cursor + random_guard(&rng), 16);
}

static void choose_options(struct gpu_case *c)
{
    struct rng rng = rng_seeded(c->rc.seed ^ STREAM_OPTIONS);
    struct gpu_case_options *o = &c->options;

    o->owned_input = rng_chance(&rng, 20);
    o->volatile_descriptors = rng_chance(&rng, 20);
    o->late_inputs = o->volatile_descriptors && rng_chance(&rng, 50);
    o->init_null_array = rng_chance(&rng, 50);
    o->decoys = o->volatile_descriptors && rng_chance(&rng, 50);
    o->executions = rng_chance(&rng, 15) ? 2 : 1;
    if (o->owned_input)
        c->rc.input.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
}

int gpu_case_prepare(struct gpu_case *c, uint64_t seed, DML_FEATURE_LEVEL level)
{
    uint32_t budget =
        seed & GPU_CASE_LARGE_SEED ? GPU_CASE_LARGE_ELEMENTS : RANDOM_CASE_DEFAULT_ELEMENTS;

    memset(c, 0, sizeof(*c));
    if (random_case_generate_sized(&c->rc, seed, level, budget))
        return -1;
    choose_options(c);
    choose_layout(c);
    return 0;
}

static void fill_random(uint64_t seed, unsigned char *bytes, uint64_t size)
{
    struct rng rng = rng_seeded(seed);
    for (uint64_t i = 0; i < size; i += 8)
    {
        uint64_t word = rng_next(&rng);
        memcpy(bytes + i, &word, size - i < 8 ? size - i : 8);
    }
}

void gpu_case_fill_input(const struct gpu_case *c, unsigned char *region)
{
    fill_random(c->rc.seed ^ STREAM_INPUT, region, c->layout.input_span);
}

uint64_t gpu_case_execution_offset(const struct gpu_case *c, uint32_t execution)
{
    return execution * align_up(c->layout.output_span, 256);
}

uint64_t gpu_case_output_region_size(const struct gpu_case *c)
{
    return gpu_case_execution_offset(c, c->options.executions);
}

void gpu_case_fill_poison(const struct gpu_case *c, unsigned char *region)
{
    fill_random(c->rc.seed ^ STREAM_POISON, region, gpu_case_output_region_size(c));
}

void gpu_case_expect_one(const struct gpu_case *c, const unsigned char *input_region,
                         unsigned char *outputs)
{
    const void *inputs[1] = {input_region + c->layout.input_offset};
    void *tensors[RANDOM_CASE_MAX_OUTPUTS];

    for (uint32_t k = 0; k < c->rc.output_count; ++k)
        tensors[k] = outputs + c->layout.output_offsets[k];
    ref_run(&c->rc.desc, inputs, tensors);
}

void gpu_case_expect(const struct gpu_case *c, const unsigned char *input_region,
                     unsigned char *output_region)
{
    for (uint32_t e = 0; e < c->options.executions; ++e)
        gpu_case_expect_one(c, input_region, output_region + gpu_case_execution_offset(c, e));
}

uint64_t gpu_case_decoy_input_offset(const struct gpu_case *c)
{
    return align_up(c->layout.output_span, 256) + c->layout.input_offset;
}

uint64_t gpu_case_decoy_span(const struct gpu_case *c)
{
    return align_up(c->layout.output_span, 256) + c->layout.input_span;
}

DML_EXECUTION_FLAGS gpu_case_execution_flags(const struct gpu_case *c)
{
    return c->options.volatile_descriptors ? DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE
                                           : DML_EXECUTION_FLAG_NONE;
}

void gpu_case_describe_run(FILE *file, const struct gpu_case *c)
{
    const struct gpu_case_options *o = &c->options;
    const struct gpu_case_layout *l = &c->layout;

    fprintf(file, "  run: input %s, execution flags %s",
            o->owned_input ? "OWNED_BY_DML (persistent resource)" : "bound at execution",
            o->volatile_descriptors ? "DESCRIPTORS_VOLATILE (outputs bound after RecordDispatch"
                                    : "NONE");
    if (o->volatile_descriptors)
        fprintf(file, "%s%s)", o->late_inputs ? ", inputs too" : "",
                o->decoys ? ", first bound to a decoy buffer" : "");
    fprintf(file, ", initializer binding of a non-owned input: %s, %u execution%s\n",
            o->init_null_array ? "BUFFER_ARRAY {NULL}" : "NONE", o->executions,
            o->executions > 1 ? "s (one binding table each)" : "");
    fprintf(file, "  bound: input at +%" PRIu64 " size %" PRIu64 ";", l->input_offset,
            l->input_bind_size);
    for (uint32_t k = 0; k < c->rc.output_count; ++k)
        fprintf(file, " out%u at +%" PRIu64 " size %" PRIu64 ";", k, l->output_offsets[k],
                l->output_bind_sizes[k]);
    fprintf(file, " (offsets inside 256-aligned regions of %" PRIu64 " and %" PRIu64 " bytes)\n",
            l->input_span, l->output_span);
    if (o->executions > 1)
        fprintf(file, "  execution 2 writes the same layout %" PRIu64 " bytes further\n",
                gpu_case_execution_offset(c, 1));
}
