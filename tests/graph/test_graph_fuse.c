/* Fusion (src/fuse.h, issue 14) without a GPU: per rule, the number of steps and the temporary
 * size of the program CompileGraph builds with fusion on; and, for every case, the fused and
 * unfused programs run on the CPU plan interpreter give the same output bytes (fusion never
 * changes a byte). */
#define _POSIX_C_SOURCE 200809L /* setenv */
#define COBJMACROS

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "ft_support.h"
#include "graph_compile.h"
#include "plan_exec.h"

#define F(state) ((struct gt_fixture *)*(state))
#define F32 DML_TENSOR_DATA_TYPE_FLOAT32
#define U16 DML_TENSOR_DATA_TYPE_UINT16

/* g fused has `steps` steps and `temporary` bytes of temporary resource, and gives the bytes g
 * unfused gives. */
static void expect(void **state, struct gt_graph *g, uint32_t steps, uint64_t temporary)
{
    uint32_t got_steps;
    uint64_t got_temporary;

    ft_compare(F(state)->dev, g, 0, &got_steps, &got_temporary);
    assert_int_equal(got_steps, steps);
    assert_int_equal(got_temporary, temporary);
}

/* The operators of one case, released at its end. */
struct ops
{
    IDMLOperator *op[32];
    UINT count;
};

static IDMLOperator *keep(struct ops *ops, IDMLOperator *op)
{
    assert_non_null(op);
    assert_true(ops->count < 32);
    return ops->op[ops->count++] = op;
}

static void release_all(struct ops *ops)
{
    for (UINT i = 0; i < ops->count; ++i)
        IDMLOperator_Release(ops->op[i]);
    ops->count = 0;
}

static DML_SCALAR_UNION u16(UINT16 value)
{
    DML_SCALAR_UNION v = {.UInt16 = value};
    return v;
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

/* Fan-out to two copies of the same map: each reads the input itself (2 reads and 2 writes
 * against 3 of each), nothing materialised. */
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
    expect(state, &g, 2, 0);
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

/* slice -> pad -> slice: one step (the last slice reads the padding's map of the input). */
static void test_pad_then_slice(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 8, 2, 4, 1), F(state)->pad4, gt_slice0(d, 6, 1, 4, 1)};
    struct gt_graph g;

    chain(&g, ops, 3);
    expect(state, &g, 1, 0);
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

/* A slice reading every other element fuses into a transpose, and so does the packed copy after
 * it (its run of 12 cut where the transpose's rows end): 1 step. */
static void test_strided_into_transpose(void **state)
{
    IDMLDevice *d = F(state)->device;
    IDMLOperator *ops[3] = {gt_slice0(d, 30, 1, 24, 2), transpose(d, 4, 3), gt_identity(d, 12)};
    struct gt_graph g;

    chain(&g, ops, 3);
    expect(state, &g, 1, 0);
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
        assert_int_equal(dml_fuse_info_init(&info, 2, 3), S_OK);
        for (int i = 0; i < 3; ++i)
            dml_fuse_info_access(&info, t[i], DML_TENSOR_DATA_TYPE_FLOAT32);
        if (fused)
            assert_int_equal(dml_fuse_program(program, &info), S_OK);
        dml_fuse_info_cleanup(&info);
        assert_int_equal(program_finish(program), S_OK);
        bytes[fused] = ft_run(program, 0, &sizes[fused]);
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

/* A graph of one input and of outputs: node k's output `out` is graph output j. */
static void output(struct gt_graph *g, UINT node, UINT out, UINT j)
{
    gt_out(g, node, out, j);
}

/* 2-D reflect padding, then a slice that is strided on one axis and reversed and strided on the
 * padded one (pad after slice, the signed pre-map): one step. */
static void test_pad_then_strided_slice(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(U16, 2, (UINT[]){6, 8}), t, o;
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops,
         ft_pad(d, &x, DML_PADDING_MODE_REFLECTION, u16(0), (UINT[]){0, 3}, (UINT[]){0, 2}, &t));
    keep(&ops, ft_slice(d, &t, (UINT[]){1, 0}, (UINT[]){5, 13}, (INT[]){2, -3}, &o));
    chain(&g, ops.op, 2);
    expect(state, &g, 1, 0);
    release_all(&ops);
}

/* Constant padding of dimension 0, then reflect padding of dimension 1: one step, both maps. */
static void test_pad_after_pad_dims(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(U16, 2, (UINT[]){5, 7}), t, o;
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops,
         ft_pad(d, &x, DML_PADDING_MODE_CONSTANT, u16(0x5A5A), (UINT[]){1, 0}, (UINT[]){2, 0}, &t));
    keep(&ops,
         ft_pad(d, &t, DML_PADDING_MODE_REFLECTION, u16(0), (UINT[]){0, 2}, (UINT[]){0, 3}, &o));
    chain(&g, ops.op, 2);
    expect(state, &g, 1, 0);
    release_all(&ops);
}

/* Two paddings of one dimension: constant after constant of one value is one step, also through
 * a reversed strided slice between them; of two values, or any other mode after or before a
 * constant, two steps and the first result materialised. */
static void test_pad_after_pad_same(void **state)
{
    static const struct
    {
        DML_PADDING_MODE first, second;
        UINT16 second_value;
        uint32_t steps;
    } cases[] = {
        {DML_PADDING_MODE_CONSTANT, DML_PADDING_MODE_CONSTANT, 0x1234, 1},
        {DML_PADDING_MODE_CONSTANT, DML_PADDING_MODE_CONSTANT, 0x4321, 2},
        {DML_PADDING_MODE_EDGE, DML_PADDING_MODE_CONSTANT, 0x1234, 2},
        {DML_PADDING_MODE_CONSTANT, DML_PADDING_MODE_REFLECTION, 0x1234, 2},
    };
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(U16, 1, (UINT[]){9}), t, s, o;

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
    {
        struct ops ops = {0};
        struct gt_graph g;

        keep(&ops, ft_pad(d, &x, cases[i].first, u16(0x1234), (UINT[]){2}, (UINT[]){1}, &t));
        keep(&ops, ft_pad(d, &t, cases[i].second, u16(cases[i].second_value), (UINT[]){1},
                          (UINT[]){3}, &o));
        chain(&g, ops.op, 2);
        expect(state, &g, cases[i].steps, cases[i].steps == 1 ? 0 : 256);
        release_all(&ops);
    }
    {
        struct ops ops = {0};
        struct gt_graph g;

        keep(&ops, ft_pad(d, &x, DML_PADDING_MODE_CONSTANT, u16(7), (UINT[]){4}, (UINT[]){3}, &t));
        keep(&ops, ft_slice(d, &t, (UINT[]){1}, (UINT[]){15}, (INT[]){-2}, &s));
        keep(&ops, ft_pad(d, &s, DML_PADDING_MODE_CONSTANT, u16(7), (UINT[]){3}, (UINT[]){2}, &o));
        chain(&g, ops.op, 3);
        expect(state, &g, 1, 0);
        release_all(&ops);
    }
}

/* SPLIT feeding its consumers: each reads its part of the split's input and the split
 * disappears (2 steps, nothing materialised). */
static void test_split_consumers(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(F32, 2, (UINT[]){4, 6}), parts[2], o0, o1;
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops, ft_split(d, &x, 1, 2, (UINT[]){2, 4}, parts));
    keep(&ops, ft_pad(d, &parts[0], DML_PADDING_MODE_REFLECTION, u16(0), (UINT[]){0, 1},
                      (UINT[]){0, 1}, &o0));
    keep(&ops, ft_slice(d, &parts[1], (UINT[]){0, 0}, (UINT[]){4, 4}, (INT[]){1, -1}, &o1));
    gt_init(&g, 1, 2);
    for (UINT i = 0; i < 3; ++i)
        gt_op(&g, ops.op[i], "n");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 0, 1, 2, 0);
    output(&g, 1, 0, 0);
    output(&g, 2, 0, 1);
    expect(state, &g, 2, 0);
    release_all(&ops);
}

/* A SPLIT output that is a graph output stays written (the split keeps that part alone); one
 * that nothing reads is not computed; the consumed one is read through. */
static void test_split_outputs_kept(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(F32, 1, (UINT[]){12}), parts[3], o;
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops, ft_split(d, &x, 0, 3, (UINT[]){3, 4, 5}, parts));
    keep(&ops, ft_pad(d, &parts[1], DML_PADDING_MODE_EDGE, u16(0), (UINT[]){2}, (UINT[]){1}, &o));
    gt_init(&g, 1, 2);
    gt_op(&g, ops.op[0], "split");
    gt_op(&g, ops.op[1], "pad");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 1, 1, 0);
    output(&g, 0, 0, 0); /* part 0: a graph output; part 2: unconnected */
    output(&g, 1, 0, 1);
    expect(state, &g, 2, 0);
    gt_init(&g, 1, 1);
    gt_op(&g, ops.op[0], "split");
    gt_op(&g, ops.op[1], "pad");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 1, 1, 0);
    output(&g, 1, 0, 0); /* parts 0 and 2 unconnected */
    expect(state, &g, 1, 0);
    release_all(&ops);
}

/* JOIN of 4 slices of one input (rows of a matrix, side by side): one step reading the input
 * through 4 input parts. */
static void test_join_of_slices(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(F32, 2, (UINT[]){8, 6}), rows[4], o;
    struct ops ops = {0};
    struct gt_graph g;

    gt_init(&g, 1, 1);
    for (UINT k = 0; k < 4; ++k)
    {
        keep(&ops,
             ft_slice(d, &x, (UINT[]){6 - 2 * k, 0}, (UINT[]){2, 6}, (INT[]){1, 1}, &rows[k]));
        gt_op(&g, ops.op[k], "slice");
        gt_in(&g, 0, k, 0);
        gt_mid(&g, k, 0, 4, k);
    }
    gt_op(&g, keep(&ops, ft_join(d, 4, rows, 1, &o)), "join");
    output(&g, 4, 0, 0);
    expect(state, &g, 1, 0);
    release_all(&ops);
}

/* JOIN fed by paddings: each padding writes its part of the join's output (2 steps, the join
 * gone). Read by a slice: padded along another axis than the join's, the parts form one plan
 * again and the slice reads through it (1 step); padded along the join axis, a slice inside one
 * part reads through that part's padding (1 step), one across both reads the joined tensor (3
 * steps). */
static void test_join_of_pads(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(U16, 2, (UINT[]){4, 5}), half[2], padded[2], j, o;
    struct ops ops = {0};
    struct gt_graph g;
    static const struct
    {
        UINT axis, slice_at, slice_size;
        uint32_t steps, temporary;
    } cases[] = {
        {1, 0, 0, 2, 0}, {0, 0, 0, 2, 0}, {0, 3, 5, 1, 0}, {1, 1, 5, 1, 0}, {1, 6, 6, 3, 256}};
    /* Along the other axis both paddings must be of one mode to share the plan's maps. */

    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c)
    {
        UINT axis = cases[c].axis, other = 1 - axis;
        UINT start[2] = {0, 0}, end[2] = {0, 0}, n;

        start[axis] = 2, end[axis] = 1; /* padded along the join axis (1) or the other one */
        for (UINT k = 0; k < 2; ++k)
        {
            UINT offsets[2] = {0, 0}, windows[2] = {4, 5};

            offsets[other] = 0;
            windows[0] = 2, offsets[0] = 2 * k;
            keep(&ops, ft_slice(d, &x, offsets, windows, (INT[]){1, 1}, &half[k]));
            keep(&ops,
                 ft_pad(d, &half[k], k && axis ? DML_PADDING_MODE_EDGE : DML_PADDING_MODE_CONSTANT,
                        u16(0x77), start, end, &padded[k]));
        }
        keep(&ops, ft_join(d, 2, padded, 1, &j));
        gt_init(&g, 1, 1);
        for (UINT k = 0; k < 2; ++k)
        {
            gt_op(&g, ops.op[2 * k], "slice");
            gt_op(&g, ops.op[2 * k + 1], "pad");
            gt_in(&g, 0, 2 * k, 0);
            gt_mid(&g, 2 * k, 0, 2 * k + 1, 0);
            gt_mid(&g, 2 * k + 1, 0, 4, k);
        }
        n = gt_op(&g, ops.op[4], "join");
        if (cases[c].slice_size)
        {
            UINT offsets[2] = {0, cases[c].slice_at}, windows[2] = {2, cases[c].slice_size};

            gt_op(&g, keep(&ops, ft_slice(d, &j, offsets, windows, (INT[]){1, 1}, &o)), "slice");
            gt_mid(&g, n, 0, n + 1, 0);
            n = n + 1;
        }
        output(&g, n, 0, 0);
        expect(state, &g, cases[c].steps, cases[c].temporary);
        release_all(&ops);
    }
}

/* JOIN then SPLIT (re-chunking): one step with input and output parts. */
static void test_join_then_split(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(F32, 1, (UINT[]){10}), parts[2], j, outs[3];
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops, ft_slice(d, &x, (UINT[]){0}, (UINT[]){4}, (INT[]){-1}, &parts[0]));
    keep(&ops, ft_slice(d, &x, (UINT[]){4}, (UINT[]){6}, (INT[]){1}, &parts[1]));
    keep(&ops, ft_join(d, 2, parts, 0, &j));
    keep(&ops, ft_split(d, &j, 0, 3, (UINT[]){3, 3, 4}, outs));
    gt_init(&g, 1, 3);
    for (UINT i = 0; i < 4; ++i)
        gt_op(&g, ops.op[i], "n");
    gt_in(&g, 0, 0, 0);
    gt_in(&g, 0, 1, 0);
    gt_mid(&g, 0, 0, 2, 0);
    gt_mid(&g, 1, 0, 2, 1);
    gt_mid(&g, 2, 0, 3, 0);
    for (UINT k = 0; k < 3; ++k)
        output(&g, 3, k, k);
    expect(state, &g, 1, 0);
    release_all(&ops);
}

/* NHWC memory of `sizes` read as NCHW (ELEMENT_WISE_IDENTITY), constant padding of H and W,
 * SPLIT of C into 4. */
static void transpose_pad_split(void **state, DML_TENSOR_DATA_TYPE type, const UINT *sizes,
                                uint32_t steps, uint64_t temporary)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor nhwc = ft_packed(type, 4, sizes), nchw, t, p, outs[4];
    struct ops ops = {0};
    struct gt_graph g;
    UINT quarter = sizes[3] / 4;

    nchw = ft_permuted(&nhwc, (UINT[]){0, 3, 1, 2});
    t = ft_packed(type, 4, nchw.sizes);
    keep(&ops, ft_identity(d, &nchw, &t));
    keep(&ops, ft_pad(d, &t, DML_PADDING_MODE_CONSTANT, (DML_SCALAR_UNION){.Float32 = -1.5f},
                      (UINT[]){0, 0, 1, 2}, (UINT[]){0, 0, 1, 0}, &p));
    keep(&ops, ft_split(d, &p, 1, 4, (UINT[]){quarter, quarter, quarter, quarter}, outs));
    gt_init(&g, 1, 4);
    for (UINT i = 0; i < 3; ++i)
        gt_op(&g, ops.op[i], "n");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 1, 0, 2, 0);
    for (UINT k = 0; k < 4; ++k)
        output(&g, 2, k, k);
    expect(state, &g, steps, temporary);
    release_all(&ops);
}

/* Small: one step writing the 4 outputs. */
static void test_transpose_pad_split(void **state)
{
    transpose_pad_split(state, F32, (UINT[]){2, 3, 5, 8}, 1, 0);
}

/* Larger than a latency-bound plan (fuse_cost): the fused plan would read the NHWC input a
 * sector per element, the tiled transpose reads it whole, so the transpose stays a step of its
 * own writing the temporary NCHW tensor, and the padding and the SPLIT become one step. */
static void test_transpose_pad_split_large(void **state)
{
    transpose_pad_split(state, DML_TENSOR_DATA_TYPE_UINT8, (UINT[]){2, 16, 40, 64}, 2,
                        2 * 16 * 40 * 64);
}

/* The benchmark's 8-node chain, small: NHWC -> NCHW, crop, reflect padding, SPLIT of C, each
 * half sliced (one reversed along C, one every other row), JOIN of the halves along C, a
 * copy. One step. */
static void test_chain8(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor nhwc = ft_packed(DML_TENSOR_DATA_TYPE_UINT8, 4, (UINT[]){2, 10, 12, 8}), nchw,
                     t[9], halves[2];
    struct ops ops = {0};
    struct gt_graph g;

    nchw = ft_permuted(&nhwc, (UINT[]){0, 3, 1, 2});
    t[0] = ft_packed(DML_TENSOR_DATA_TYPE_UINT8, 4, nchw.sizes);
    keep(&ops, ft_identity(d, &nchw, &t[0]));
    keep(&ops, ft_slice(d, &t[0], (UINT[]){0, 0, 1, 1}, (UINT[]){2, 8, 8, 10}, (INT[]){1, 1, 1, 1},
                        &t[1]));
    keep(&ops, ft_pad(d, &t[1], DML_PADDING_MODE_REFLECTION, u16(0), (UINT[]){0, 0, 2, 2},
                      (UINT[]){0, 0, 2, 2}, &t[2]));
    keep(&ops, ft_split(d, &t[2], 1, 2, (UINT[]){4, 4}, halves));
    keep(&ops, ft_slice(d, &halves[0], (UINT[]){0, 0, 0, 0}, (UINT[]){2, 4, 12, 14},
                        (INT[]){1, -1, 1, 1}, &t[3]));
    keep(&ops, ft_slice(d, &halves[1], (UINT[]){0, 0, 0, 0}, (UINT[]){2, 4, 12, 14},
                        (INT[]){1, 1, 1, 1}, &t[4]));
    keep(&ops, ft_join(d, 2, &t[3], 1, &t[5]));
    keep(&ops, ft_identity(d, &t[5], &t[5]));
    gt_init(&g, 1, 1);
    for (UINT i = 0; i < 8; ++i)
        gt_op(&g, ops.op[i], "n");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 1, 0, 2, 0);
    gt_mid(&g, 2, 0, 3, 0);
    gt_mid(&g, 3, 0, 4, 0);
    gt_mid(&g, 3, 1, 5, 0);
    gt_mid(&g, 4, 0, 6, 0);
    gt_mid(&g, 5, 0, 6, 1);
    gt_mid(&g, 6, 0, 7, 0);
    output(&g, 7, 0, 0);
    expect(state, &g, 1, 0);
    release_all(&ops);
}

/* Fan-out counted in bytes: a slice taking every 8th float (each element a DRAM sector of its
 * own) read whole by 4 copies is written once and read 4 times (5 steps), not re-read sparsely
 * 4 times. */
static void test_fan_out_materialised(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(F32, 1, (UINT[]){256}), t;
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops, ft_slice(d, &x, (UINT[]){0}, (UINT[]){256}, (INT[]){8}, &t));
    keep(&ops, ft_identity(d, &t, &t));
    gt_init(&g, 1, 4);
    gt_op(&g, ops.op[0], "slice");
    gt_in(&g, 0, 0, 0);
    for (UINT k = 0; k < 4; ++k)
    {
        gt_op(&g, ops.op[1], "copy");
        gt_mid(&g, 0, 0, 1 + k, 0);
        output(&g, 1 + k, 0, k);
    }
    expect(state, &g, 5, 256);
    release_all(&ops);
}

/* CAST (arithmetic) is not fused: slice -> CAST -> slice stays 3 steps. */
static void test_cast_separate(void **state)
{
    IDMLDevice *d = F(state)->device;
    struct ft_tensor x = ft_packed(F32, 1, (UINT[]){16}), a, b, o;
    struct ops ops = {0};
    struct gt_graph g;

    keep(&ops, ft_slice(d, &x, (UINT[]){2}, (UINT[]){12}, (INT[]){1}, &a));
    keep(&ops, ft_cast(d, &a, DML_TENSOR_DATA_TYPE_INT32, &b));
    keep(&ops, ft_slice(d, &b, (UINT[]){1}, (UINT[]){8}, (INT[]){2}, &o));
    chain(&g, ops.op, 3);
    expect(state, &g, 3, 512);
    release_all(&ops);
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
        cmocka_unit_test(test_pad_then_strided_slice),
        cmocka_unit_test(test_pad_after_pad_dims),
        cmocka_unit_test(test_pad_after_pad_same),
        cmocka_unit_test(test_split_consumers),
        cmocka_unit_test(test_split_outputs_kept),
        cmocka_unit_test(test_join_of_slices),
        cmocka_unit_test(test_join_of_pads),
        cmocka_unit_test(test_join_then_split),
        cmocka_unit_test(test_transpose_pad_split),
        cmocka_unit_test(test_transpose_pad_split_large),
        cmocka_unit_test(test_chain8),
        cmocka_unit_test(test_fan_out_materialised),
        cmocka_unit_test(test_cast_separate),
        cmocka_unit_test(test_plan_rules),
        cmocka_unit_test(test_switch),
    };

    return cmocka_run_group_tests(tests, gt_setup, gt_teardown);
}
