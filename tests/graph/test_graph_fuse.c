/* Fusion (src/fuse.h, issue 14) without a GPU: per rule, the number of steps and the temporary
 * size of the program CompileGraph builds, fused and unfused; and, for every case, the fused and
 * unfused programs run on the CPU plan interpreter give the same output bytes (fusion never
 * changes a byte). */
#define _POSIX_C_SOURCE 200809L /* setenv */
#define COBJMACROS

#include <stdlib.h>
#include <string.h>

#include "fuse.h"
#include "graph_program.h"
#include "gt_internal.h"
#include "plan_exec.h"

#define F(state) ((struct gt_fixture *)*(state))

struct built
{
    struct dml_graph graph;
    struct dml_graph_plan plan;
    struct program program;
    struct dml_binding_layout layout;
    struct fuse_info info;
};

static void build(struct gt_fixture *f, struct gt_graph *g, bool fuse, struct built *b)
{
    struct dml_graph_ctx ctx = {DML_FEATURE_LEVEL_6_4, false, f->dev, DML_RULE_NONE};

    memset(b, 0, sizeof(*b));
    assert_int_equal(dml_graph_validate(&ctx, gt_desc(g), 0, &b->graph), S_OK);
    assert_int_equal(dml_graph_plan_build(&b->graph, &b->plan), S_OK);
    program_init(&b->program);
    assert_int_equal(
        dml_graph_program_build_fused(&b->plan, fuse, &b->program, &b->layout, &b->info), S_OK);
}

static void release(struct built *b)
{
    dml_fuse_info_cleanup(&b->info);
    program_cleanup(&b->program);
    dml_binding_layout_cleanup(&b->layout);
    dml_graph_plan_cleanup(&b->plan);
    dml_graph_cleanup(&b->graph);
}

/* Runs the program with every tensor in its own buffer (inputs a byte pattern, the rest 0xEE)
 * and returns the concatenated bytes of its output tensors (*size of them). */
static uint8_t *run(const struct program *program, size_t *size)
{
    uint8_t **mem = calloc(program->tensor_count + 1, sizeof(*mem)), *outputs;
    size_t total = 0;

    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        const struct program_tensor *tensor = &program->tensors[t];

        mem[t] = aligned_alloc(16, (tensor->bytes + 16) & ~(size_t)15);
        memset(mem[t], 0xEE, tensor->bytes);
        for (uint64_t i = 0; tensor->kind == PROGRAM_TENSOR_INPUT && i < tensor->bytes; ++i)
            mem[t][i] = (uint8_t)(i * 37 + 11);
        if (tensor->kind == PROGRAM_TENSOR_CONSTANT)
            memcpy(mem[t], tensor->data, tensor->bytes);
        total += tensor->kind == PROGRAM_TENSOR_OUTPUT ? tensor->bytes : 0;
    }
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct program_step *step = &program->steps[s];
        void *slots[8];
        uint64_t sizes[8];
        char error[256];

        assert_true(step->plan.slot_count <= 8);
        for (uint32_t i = 0; i < step->plan.slot_count; ++i)
        {
            slots[i] = mem[step->slots[i].tensor];
            sizes[i] = program->tensors[step->slots[i].tensor].bytes;
        }
        if (plan_exec_checked(&step->plan, slots, sizes, error, sizeof(error)))
            fail_msg("step %u: %s", s, error);
    }
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

/* Builds g fused and unfused: the fused program has `steps` steps and `temporary` bytes of
 * temporary resource, and both give the same output bytes. */
static void expect(void **state, struct gt_graph *g, uint32_t steps, uint64_t temporary)
{
    struct built fused, plain;
    size_t fused_size, plain_size;
    uint8_t *fused_bytes, *plain_bytes;

    build(F(state), g, true, &fused);
    build(F(state), g, false, &plain);
    if (getenv("FUSE_TEST_DUMP"))
        for (uint32_t s = 0; s < plain.program.step_count; ++s)
            plan_describe(stderr, &plain.program.steps[s].plan);
    assert_int_equal(fused.program.step_count, steps);
    assert_int_equal(fused.program.temporary_size, temporary);
    fused_bytes = run(&fused.program, &fused_size);
    plain_bytes = run(&plain.program, &plain_size);
    assert_int_equal(fused_size, plain_size);
    assert_memory_equal(fused_bytes, plain_bytes, plain_size);
    free(fused_bytes);
    free(plain_bytes);
    release(&fused);
    release(&plain);
}

/* ELEMENT_WISE_IDENTITY reading a packed cols x rows FLOAT32 matrix transposed: rows x cols out. */
static IDMLOperator *transpose(IDMLDevice *device, UINT rows, UINT cols)
{
    UINT sizes[2] = {rows, cols}, in_strides[2] = {1, rows};
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_FLOAT32,
                                 DML_TENSOR_FLAG_NONE,
                                 2,
                                 sizes,
                                 in_strides,
                                 rows * cols * 4,
                                 0};
    DML_BUFFER_TENSOR_DESC out = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes, NULL, rows * cols * 4, 0};
    DML_TENSOR_DESC in_desc = {DML_TENSOR_TYPE_BUFFER, &in},
                    out_desc = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {&in_desc, &out_desc, NULL};
    DML_OPERATOR_DESC op = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc};
    IDMLOperator *result = NULL;

    assert_int_equal(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&result),
                     S_OK);
    return result;
}

/* A chain of ops, input 0 -> ops[0] -> ... -> ops[count-1] -> output 0. */
static void chain(struct gt_graph *g, IDMLOperator *const *ops, UINT count)
{
    gt_init(g, 1, 1);
    for (UINT i = 0; i < count; ++i)
        gt_op(g, ops[i], "n");
    gt_in(g, 0, 0, 0);
    for (UINT i = 1; i < count; ++i)
        gt_mid(g, i - 1, 0, i, 0);
    gt_out(g, count - 1, 0, 0);
}

static void release_ops(IDMLOperator **ops, UINT count)
{
    for (UINT i = 0; i < count; ++i)
        IDMLOperator_Release(ops[i]);
}

/* slice -> identity transpose -> slice (rows 1..2 of the transpose): one step, nothing
 * materialised. */
static void test_slice_transpose_slice(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 20, 2, 12, 1), transpose(d, 3, 4),
                            gt_slice0(d, 12, 4, 8, 1)};
    struct gt_graph g;

    chain(&g, ops, 3);
    expect(state, &g, 1, 0);
    release_ops(ops, 3);
}

/* A strided slice of a transpose whose elements are not one affine map of the transpose's
 * coordinates (offsets 1, 4, 7, 10 of a 3 x 4 matrix cross rows): slice and transpose fuse, the
 * last slice stays a step reading the materialised transpose. */
static void test_slice_across_rows(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 20, 2, 12, 1), transpose(d, 3, 4),
                            gt_slice0(d, 12, 1, 10, 3)};
    struct gt_graph g;

    chain(&g, ops, 3);
    expect(state, &g, 2, 256);
    release_ops(ops, 3);
}

/* An 8-node chain of slices, copies and transposes: one step. */
static void test_long_chain(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[8] = {gt_slice0(d, 40, 3, 36, 1), transpose(d, 6, 6),
                            gt_identity(d, 36),         transpose(d, 4, 9),
                            gt_slice0(d, 36, 0, 36, 1), gt_slice0(d, 36, 5, 30, 2),
                            gt_identity(d, 15),         gt_slice0(d, 15, 14, 1, 1)};
    struct gt_graph g;

    chain(&g, ops, 8);
    expect(state, &g, 1, 0);
    release_ops(ops, 8);
}

/* The same bytes read as another element size (FLOAT32 {4} -> UINT16 {8}): not fused. */
static void test_reinterpret_size(void **state)
{
    IDMLOperator *ops[2] = {F(state)->copy4, F(state)->copy8_u16};
    struct gt_graph g;

    chain(&g, ops, 2);
    expect(state, &g, 2, 256);
}

/* The same element size, another data type (FLOAT32 -> UINT32): not fused (GD13). */
static void test_reinterpret_type(void **state)
{
    IDMLOperator *ops[2] = {F(state)->copy4,
                            gt_copy(F(state)->device, DML_TENSOR_DATA_TYPE_UINT32, 4, 0)};
    struct gt_graph g;

    chain(&g, ops, 2);
    expect(state, &g, 2, 256);
    IDMLOperator_Release(ops[1]);
}

/* Fan-out: a slice read by two consumers stays materialised; its consumers stay steps. */
static void test_fan_out(void **state)
{
    IDMLOperator *copy = F(state)->copy4;
    struct gt_graph g;

    gt_init(&g, 1, 2);
    gt_op(&g, copy, "p");
    gt_op(&g, copy, "a");
    gt_op(&g, copy, "b");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 0, 0, 2, 0);
    gt_out(&g, 1, 0, 0);
    gt_out(&g, 2, 0, 1);
    expect(state, &g, 3, 256);
}

/* An intermediate that is also a graph output is written, and its consumer reads it. */
static void test_graph_output_edge(void **state)
{
    IDMLOperator *copy = F(state)->copy4;
    struct gt_graph g;

    gt_init(&g, 1, 2);
    gt_op(&g, copy, "p");
    gt_op(&g, copy, "c");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_out(&g, 0, 0, 0);
    gt_out(&g, 1, 0, 1);
    expect(state, &g, 2, 0);
}

/* slice -> pad fuses (the pad reads the slice's input); pad -> slice does not (a padding is not
 * an affine producer): 2 steps, the padded tensor materialised. */
static void test_pad_then_slice(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 8, 2, 4, 1), F(state)->pad4, gt_slice0(d, 6, 1, 4, 1)};
    struct gt_graph g;

    chain(&g, ops, 3);
    expect(state, &g, 2, 256);
    IDMLOperator_Release(ops[0]);
    IDMLOperator_Release(ops[2]);
}

/* slice (also strided, through a transpose) -> pad in every mode: one step, exact. */
static void test_slice_then_pad(void **state)
{
    static const DML_PADDING_MODE modes[] = {DML_PADDING_MODE_CONSTANT, DML_PADDING_MODE_EDGE,
                                             DML_PADDING_MODE_REFLECTION,
                                             DML_PADDING_MODE_SYMMETRIC, DML_PADDING_MODE_WRAP};
    IDMLDevice *d = F(state)->device;

    for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); ++m)
    {
        IDMLOperator *ops[2] = {gt_slice(d, DML_TENSOR_DATA_TYPE_UINT16, 12, 3, 6),
                                gt_pad1(d, modes[m], 6, 4, 5)};
        struct gt_graph g;

        assert_non_null(ops[0]);
        assert_non_null(ops[1]);
        chain(&g, ops, 2);
        expect(state, &g, 1, 0);
        release_ops(ops, 2);
    }
}

/* FLOAT32 strided slice -> pad (constant 7.0): one step. Through a 2 x 2 transpose the 1-D pad
 * reads the transpose's rows as one run, not an affine map of its coordinates: slice and
 * transpose fuse, the pad stays a step. */
static void test_strided_pad(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 9, 1, 8, 2), gt_pad(d, 4, 2, 3), transpose(d, 2, 2)};
    IDMLOperator *through[3] = {ops[0], ops[2], ops[1]};
    struct gt_graph g;

    chain(&g, ops, 2);
    expect(state, &g, 1, 0);
    chain(&g, through, 3);
    expect(state, &g, 2, 256);
    release_ops(ops, 3);
}

/* A slice reading every other element fuses into a transpose; the packed copy after it reads
 * the transpose's rows as one run, not an affine map of its coordinates: 2 steps. */
static void test_strided_into_transpose(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 30, 1, 24, 2), transpose(d, 4, 3), gt_identity(d, 12)};
    struct gt_graph g;

    chain(&g, ops, 3);
    expect(state, &g, 2, 256);
    release_ops(ops, 3);
}

/* A 1-D FLOAT32 copy plan of n elements: input base and stride, output stride. */
static void copy_plan(struct plan *plan, uint32_t n, int64_t in_base, int64_t in_stride,
                      int64_t out_stride)
{
    memset(plan, 0, sizeof(*plan));
    plan->parts = calloc(1, sizeof(*plan->parts));
    plan->kernel = PLAN_KERNEL_COPY;
    plan->elem_bytes = 4;
    plan->rank = 1;
    plan->count = n;
    plan->dims[0] = (struct plan_dim){.size = n, .in_stride = in_stride};
    plan->in_base = in_base;
    plan->part_count = 1;
    plan->parts[0] = (struct plan_part){.slot = 1, .strides = {out_stride}};
    plan->slot_count = 2;
}

/* input -> P -> intermediate -> C -> output, hand-made plans; returns the steps left after
 * fusion, and checks the bytes against the unfused program. */
static uint32_t fuse_pair(const struct plan *p, const struct plan *c)
{
    struct program programs[2];
    struct fuse_info info = {0};
    uint8_t *bytes[2];
    size_t sizes[2];
    uint32_t steps = 0, t[3];

    for (int fused = 0; fused < 2; ++fused)
    {
        struct program *program = &programs[fused];
        struct plan pp = *p, cp = *c;

        pp.parts = malloc(sizeof(*pp.parts)), *pp.parts = *p->parts;
        cp.parts = malloc(sizeof(*cp.parts)), *cp.parts = *c->parts;
        program_init(program);
        assert_int_equal(program_add_input(program, 0, 0, 64, &t[0]), S_OK);
        assert_int_equal(program_add_intermediate(program, 64, &t[1]), S_OK);
        assert_int_equal(program_add_output(program, 0, 0, 64, &t[2]), S_OK);
        assert_int_equal(
            program_add_step(program, &pp,
                             (struct program_slot[]){{t[0], PROGRAM_READ}, {t[1], PROGRAM_WRITE}}),
            S_OK);
        assert_int_equal(
            program_add_step(program, &cp,
                             (struct program_slot[]){{t[1], PROGRAM_READ}, {t[2], PROGRAM_WRITE}}),
            S_OK);
        assert_int_equal(dml_fuse_info_init(&info, 2), S_OK);
        for (int s = 0; s < 2; ++s)
            info.steps[s].in_type = info.steps[s].out_type = DML_TENSOR_DATA_TYPE_FLOAT32;
        if (fused)
            dml_fuse_program(program, &info);
        dml_fuse_info_cleanup(&info);
        assert_int_equal(program_finish(program), S_OK);
        bytes[fused] = run(program, &sizes[fused]);
        steps = program->step_count;
    }
    assert_int_equal(sizes[0], sizes[1]);
    assert_memory_equal(bytes[0], bytes[1], sizes[0]);
    for (int i = 0; i < 2; ++i)
        free(bytes[i]), program_cleanup(&programs[i]);
    return steps;
}

/* Plan-level rules no operator desc reaches: a reversed producer composes (negative input
 * stride), a producer writing one offset twice (output stride 0) or leaving the element read
 * unwritten does not fuse. */
static void test_plan_rules(void **state)
{
    struct plan p, c;

    (void)state;
    copy_plan(&p, 8, 9, -1, 1); /* reverse of elements 2..9 */
    copy_plan(&c, 3, 1, 2, 1);  /* every other one from 1 */
    assert_int_equal(fuse_pair(&p, &c), 1);
    plan_cleanup(&p), plan_cleanup(&c);
    copy_plan(&p, 4, 0, 1, 0); /* all four into one element: the last write wins */
    copy_plan(&c, 1, 0, 1, 1);
    assert_int_equal(fuse_pair(&p, &c), 2);
    plan_cleanup(&p), plan_cleanup(&c);
    copy_plan(&p, 4, 9, -1, 1); /* reversed, then reflect-padded to 10: one step */
    copy_plan(&c, 10, 0, 1, 1);
    c.kernel = PLAN_KERNEL_PAD;
    c.dims[0] = (struct plan_dim){
        .size = 10, .in_stride = 1, .map = PLAN_MAP_REFLECT, .in_size = 4, .pad_start = 3};
    assert_int_equal(fuse_pair(&p, &c), 1);
    c.dims[0].in_size = 6; /* the padding reads 2 elements P never wrote: not fused */
    c.dims[0].size = 3;
    c.count = 3;
    assert_int_equal(fuse_pair(&p, &c), 2);
    plan_cleanup(&p), plan_cleanup(&c);
    copy_plan(&p, 4, 0, 1, 2); /* even offsets only */
    copy_plan(&c, 2, 1, 2, 1); /* odd ones: never written by P */
    assert_int_equal(fuse_pair(&p, &c), 2);
    plan_cleanup(&p), plan_cleanup(&c);
}

/* DMLOPS_FUSION: only "0" turns fusion off. */
static void test_switch(void **state)
{
    static const struct
    {
        const char *value;
        bool on;
    } cases[] = {{"0", false}, {"1", true},   {"", true},   {"00", true},
                 {" 0", true}, {"off", true}, {"0\n", true}};

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        setenv("DMLOPS_FUSION", cases[i].value, 1);
        assert_int_equal(dml_fusion_enabled(), cases[i].on);
    }
    unsetenv("DMLOPS_FUSION");
    assert_true(dml_fusion_enabled());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_transpose_slice),
        cmocka_unit_test(test_slice_across_rows),
        cmocka_unit_test(test_long_chain),
        cmocka_unit_test(test_strided_into_transpose),
        cmocka_unit_test(test_reinterpret_size),
        cmocka_unit_test(test_reinterpret_type),
        cmocka_unit_test(test_fan_out),
        cmocka_unit_test(test_graph_output_edge),
        cmocka_unit_test(test_pad_then_slice),
        cmocka_unit_test(test_slice_then_pad),
        cmocka_unit_test(test_strided_pad),
        cmocka_unit_test(test_plan_rules),
        cmocka_unit_test(test_switch),
    };

    return cmocka_run_group_tests(tests, gt_setup, gt_teardown);
}
