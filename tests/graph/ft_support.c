/* The fusion tests' support (ft_support.h). */
#define COBJMACROS
#include "ft_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dmlops.h>

#include "plan_exec.h"

UINT ft_type_size(DML_TENSOR_DATA_TYPE type)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_UINT8:
    case DML_TENSOR_DATA_TYPE_INT8:
        return 1;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT16:
        return 2;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_UINT64:
    case DML_TENSOR_DATA_TYPE_INT64:
        return 8;
    default:
        return 4;
    }
}

struct ft_tensor ft_packed(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    struct ft_tensor t = {type, rank, {0}, {0}};
    UINT stride = 1;

    for (UINT d = rank; d-- > 0;)
    {
        t.sizes[d] = sizes[d];
        t.strides[d] = stride;
        stride *= sizes[d];
    }
    return t;
}

struct ft_tensor ft_permuted(const struct ft_tensor *t, const UINT *perm)
{
    struct ft_tensor p = *t;

    for (UINT d = 0; d < t->rank; ++d)
    {
        p.sizes[d] = t->sizes[perm[d]];
        p.strides[d] = t->strides[perm[d]];
    }
    return p;
}

UINT64 ft_elements(const struct ft_tensor *t)
{
    UINT64 n = 1;

    for (UINT d = 0; d < t->rank; ++d)
        n *= t->sizes[d];
    return n;
}

/* A tensor's desc, kept until CreateOperator returns. */
struct ft_desc
{
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC tensor;
};

static const DML_TENSOR_DESC *describe(const struct ft_tensor *t, struct ft_desc *d)
{
    d->buffer = (DML_BUFFER_TENSOR_DESC){
        t->type,    DML_TENSOR_FLAG_NONE,
        t->rank,    t->sizes,
        t->strides, dmlopsCalcBufferTensorSize(t->type, t->rank, t->sizes, t->strides),
        0};
    d->tensor = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &d->buffer};
    return &d->tensor;
}

static IDMLOperator *create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    IDMLOperator *out = NULL;

    if (FAILED(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&out)))
        return NULL;
    return out;
}

IDMLOperator *ft_slice(IDMLDevice *device, const struct ft_tensor *in, const UINT *offsets,
                       const UINT *windows, const INT *steps, struct ft_tensor *out)
{
    struct ft_desc d[2];
    UINT sizes[FT_MAX_RANK];

    for (UINT i = 0; i < in->rank; ++i)
    {
        UINT step = (UINT)(steps[i] < 0 ? -steps[i] : steps[i]);

        sizes[i] = (windows[i] + step - 1) / step;
    }
    *out = ft_packed(in->type, in->rank, sizes);
    DML_SLICE1_OPERATOR_DESC desc = {
        describe(in, &d[0]), describe(out, &d[1]), in->rank, offsets, windows, steps};
    return create(device, DML_OPERATOR_SLICE1, &desc);
}

IDMLOperator *ft_pad(IDMLDevice *device, const struct ft_tensor *in, DML_PADDING_MODE mode,
                     DML_SCALAR_UNION value, const UINT *start, const UINT *end,
                     struct ft_tensor *out)
{
    struct ft_desc d[2];
    UINT sizes[FT_MAX_RANK];

    for (UINT i = 0; i < in->rank; ++i)
        sizes[i] = start[i] + in->sizes[i] + end[i];
    *out = ft_packed(in->type, in->rank, sizes);
    DML_PADDING1_OPERATOR_DESC desc = {
        describe(in, &d[0]), describe(out, &d[1]), mode, in->type, value, in->rank, start, end};
    return create(device, DML_OPERATOR_PADDING1, &desc);
}

IDMLOperator *ft_identity(IDMLDevice *device, const struct ft_tensor *in,
                          const struct ft_tensor *out)
{
    struct ft_desc d[2];
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {describe(in, &d[0]), describe(out, &d[1]),
                                                    NULL};

    return create(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc);
}

IDMLOperator *ft_split(IDMLDevice *device, const struct ft_tensor *in, UINT axis, UINT count,
                       const UINT *parts, struct ft_tensor *out)
{
    struct ft_desc d[9];
    DML_TENSOR_DESC outs[8];

    if (count > 8)
        return NULL;
    for (UINT k = 0; k < count; ++k)
    {
        UINT sizes[FT_MAX_RANK];

        memcpy(sizes, in->sizes, sizeof(sizes));
        sizes[axis] = parts[k];
        out[k] = ft_packed(in->type, in->rank, sizes);
        outs[k] = *describe(&out[k], &d[1 + k]);
    }
    DML_SPLIT_OPERATOR_DESC desc = {describe(in, &d[0]), count, outs, axis};
    return create(device, DML_OPERATOR_SPLIT, &desc);
}

IDMLOperator *ft_join(IDMLDevice *device, UINT count, const struct ft_tensor *in, UINT axis,
                      struct ft_tensor *out)
{
    struct ft_desc d[9];
    DML_TENSOR_DESC ins[8];
    UINT sizes[FT_MAX_RANK];

    if (count > 8)
        return NULL;
    memcpy(sizes, in[0].sizes, sizeof(sizes));
    sizes[axis] = 0;
    for (UINT k = 0; k < count; ++k)
    {
        ins[k] = *describe(&in[k], &d[1 + k]);
        sizes[axis] += in[k].sizes[axis];
    }
    *out = ft_packed(in[0].type, in[0].rank, sizes);
    DML_JOIN_OPERATOR_DESC desc = {count, ins, describe(out, &d[0]), axis};
    return create(device, DML_OPERATOR_JOIN, &desc);
}

IDMLOperator *ft_cast(IDMLDevice *device, const struct ft_tensor *in, DML_TENSOR_DATA_TYPE type,
                      struct ft_tensor *out)
{
    struct ft_desc d[2];

    *out = ft_packed(type, in->rank, in->sizes);
    DML_CAST_OPERATOR_DESC desc = {describe(in, &d[0]), describe(out, &d[1])};
    return create(device, DML_OPERATOR_CAST, &desc);
}

void ft_build(struct dml_device *dev, struct gt_graph *g, bool fuse, struct ft_built *b)
{
    struct dml_graph_ctx ctx = {DML_FEATURE_LEVEL_6_4, false, dev, DML_RULE_NONE};

    memset(b, 0, sizeof(*b));
    assert_int_equal(dml_graph_validate(&ctx, gt_desc(g), 0, &b->graph), S_OK);
    assert_int_equal(dml_graph_plan_build(&b->graph, &b->plan), S_OK);
    program_init(&b->program);
    assert_int_equal(
        dml_graph_program_build_fused(&b->plan, fuse, &b->program, &b->layout, &b->info), S_OK);
}

void ft_release(struct ft_built *b)
{
    dml_fuse_info_cleanup(&b->info);
    program_cleanup(&b->program);
    dml_binding_layout_cleanup(&b->layout);
    dml_graph_plan_cleanup(&b->plan);
    dml_graph_cleanup(&b->graph);
}

static void run_step(const struct program *program, uint32_t s, uint8_t **mem)
{
    const struct program_step *step = &program->steps[s];
    void **slots = calloc(step->plan.slot_count + 1, sizeof(*slots));
    uint64_t *sizes = calloc(step->plan.slot_count + 1, sizeof(*sizes));
    char error[256];

    for (uint32_t i = 0; i < step->plan.slot_count; ++i)
    {
        slots[i] = mem[step->slots[i].tensor];
        sizes[i] = program->tensors[step->slots[i].tensor].bytes;
    }
    if (plan_exec_checked(&step->plan, slots, sizes, error, sizeof(error)))
    {
        plan_describe(stderr, &step->plan);
        fail_msg("step %u: %s", s, error);
    }
    free(slots);
    free(sizes);
}

uint8_t *ft_run(const struct program *program, uint32_t seed, size_t *size)
{
    uint8_t **mem = calloc(program->tensor_count + 1, sizeof(*mem)), *outputs;
    size_t total = 0;

    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        const struct program_tensor *tensor = &program->tensors[t];

        mem[t] = aligned_alloc(16, (tensor->bytes + 16) & ~(size_t)15);
        memset(mem[t], 0xEE, tensor->bytes);
        for (uint64_t i = 0; tensor->kind == PROGRAM_TENSOR_INPUT && i < tensor->bytes; ++i)
            mem[t][i] = (uint8_t)((i + seed) * 37 + 11 + (i >> 8) * 5);
        if (tensor->kind == PROGRAM_TENSOR_CONSTANT)
            memcpy(mem[t], tensor->data, tensor->bytes);
        total += tensor->kind == PROGRAM_TENSOR_OUTPUT ? tensor->bytes : 0;
    }
    for (uint32_t s = 0; s < program->step_count; ++s)
        run_step(program, s, mem);
    outputs = malloc(total + 1);
    *size = 0;
    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        if (program->tensors[t].kind == PROGRAM_TENSOR_OUTPUT)
            memcpy(outputs + *size, mem[t], program->tensors[t].bytes),
                *size += program->tensors[t].bytes;
        free(mem[t]);
    }
    free(mem);
    return outputs;
}

static void describe_program(const char *what, const struct program *program)
{
    fprintf(stderr, "%s program, %u steps:\n", what, (unsigned)program->step_count);
    for (uint32_t s = 0; s < program->step_count; ++s)
        plan_describe(stderr, &program->steps[s].plan);
}

void ft_compare(struct dml_device *dev, struct gt_graph *g, uint32_t seed, uint32_t *steps,
                uint64_t *temporary)
{
    struct ft_built fused, plain;
    size_t fused_size, plain_size;
    uint8_t *fused_bytes, *plain_bytes;

    ft_build(dev, g, true, &fused);
    ft_build(dev, g, false, &plain);
    if (getenv("FUSE_TEST_DUMP"))
        describe_program("unfused", &plain.program), describe_program("fused", &fused.program);
    *steps = fused.program.step_count;
    *temporary = fused.program.temporary_size;
    fused_bytes = ft_run(&fused.program, seed, &fused_size);
    plain_bytes = ft_run(&plain.program, seed, &plain_size);
    if (fused_size != plain_size || memcmp(fused_bytes, plain_bytes, plain_size))
    {
        describe_program("unfused", &plain.program);
        describe_program("fused", &fused.program);
        fail_msg("fused and unfused outputs differ (seed %u)", (unsigned)seed);
    }
    free(fused_bytes);
    free(plain_bytes);
    ft_release(&fused);
    ft_release(&plain);
}
