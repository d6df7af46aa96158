/* Golden tests of lowering: hand-written descs whose plans are known exactly. Each plan is
 * also run against the C reference, so a golden value cannot be wrong and pass. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lower.h"
#include "lower_check.h"
#include "plan_exec.h"
#include "random_case.h"
#include "validate.h"

struct tensor
{
    DML_TENSOR_DESC desc;
    DML_BUFFER_TENSOR_DESC buffer;
};

/* strides NULL: packed. TotalTensorSizeInBytes is the minimum. */
static void tensor_init(struct tensor *t, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                        const uint32_t *sizes, const uint32_t *strides)
{
    t->buffer = (DML_BUFFER_TENSOR_DESC){type,    DML_TENSOR_FLAG_NONE,
                                         rank,    sizes,
                                         strides, random_case_min_bytes(type, rank, sizes, strides),
                                         0};
    t->desc = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &t->buffer};
}

static void validate_desc(const DML_OPERATOR_DESC *desc, struct dml_op_def *def)
{
    struct dml_validate_ctx ctx = {.feature_level = DML_FEATURE_LEVEL_6_4, .debug = true};
    assert_int_equal(dml_operator_validate(&ctx, desc, def), S_OK);
}

/* The plan must agree with the reference on every byte. */
static void check_plan(const DML_OPERATOR_DESC *desc, const struct plan *plan)
{
    char what[256];
    if (lower_check_against_reference(desc, plan, 1234, what, sizeof(what)))
    {
        plan_describe(stderr, plan);
        fail_msg("%s", what);
    }
}

/* Validates, lowers with every base_alignment replaced by `alignment` (0: as validated),
 * and checks the plan against the reference. */
static void lower_desc(const DML_OPERATOR_DESC *desc, uint32_t alignment, struct plan *plan)
{
    struct dml_op_def def;
    validate_desc(desc, &def);
    for (uint32_t i = 0; alignment && i < def.input_count + def.output_count; ++i)
        def.tensors[i].base_alignment = alignment;
    assert_int_equal(dml_lower(&def, plan), S_OK);
    dml_op_def_cleanup(&def);
    check_plan(desc, plan);
}

static void lower_slice1(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *in_sizes,
                         const uint32_t *offsets, const uint32_t *window, const int32_t *strides,
                         const uint32_t *out_sizes, uint32_t alignment, struct plan *plan)
{
    struct tensor in, out;
    tensor_init(&in, type, rank, in_sizes, NULL);
    tensor_init(&out, type, rank, out_sizes, NULL);
    DML_SLICE1_OPERATOR_DESC slice = {&in.desc, &out.desc, rank, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    lower_desc(&desc, alignment, plan);
}

static void assert_dim(const struct plan *plan, uint32_t d, uint32_t size, int64_t in_stride,
                       int64_t out_stride)
{
    assert_int_equal(plan->dims[d].size, size);
    assert_int_equal(plan->dims[d].in_stride, in_stride);
    assert_int_equal(plan->parts[0].strides[d], out_stride);
}

/* A packed 4-D window that spans the three inner dims merges them into one run of 40
 * floats, which moves as 10 units of 16 bytes. */
static void test_packed_slice_merges(void **state)
{
    static const uint32_t in_sizes[] = {2, 3, 4, 5}, offsets[] = {0, 1, 0, 0},
                          window[] = {2, 2, 4, 5};
    static const int32_t strides[] = {1, 1, 1, 1};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_FLOAT32, 4, in_sizes, offsets, window, strides, window, 0,
                 &plan);
    assert_int_equal(plan.kernel, PLAN_KERNEL_COPY);
    assert_int_equal(plan.rank, 2);
    assert_int_equal(plan.elem_bytes, 16);
    assert_int_equal(plan.in_base, 5); /* 20 floats */
    assert_dim(&plan, 0, 2, 15, 10);
    assert_dim(&plan, 1, 10, 1, 1);
    assert_int_equal(plan.count, 20);
    assert_int_equal(plan.slot_count, 2);
    plan_cleanup(&plan);
}

/* The same window in FLOAT16: the base (20 halves) allows 4 halves per unit, not 8. */
static void test_widening_limited_by_base(void **state)
{
    static const uint32_t in_sizes[] = {2, 3, 4, 5}, offsets[] = {0, 1, 0, 0},
                          window[] = {2, 2, 4, 5};
    static const int32_t strides[] = {1, 1, 1, 1};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_FLOAT16, 4, in_sizes, offsets, window, strides, window, 0,
                 &plan);
    assert_int_equal(plan.elem_bytes, 8);
    assert_int_equal(plan.in_base, 5);
    assert_dim(&plan, 0, 2, 15, 10);
    assert_dim(&plan, 1, 10, 1, 1);
    plan_cleanup(&plan);
}

/* Bindings guaranteed only 4-byte aligned: FLOAT32 elements are never widened. */
static void test_widening_refused_by_alignment(void **state)
{
    static const uint32_t in_sizes[] = {2, 3, 4, 5}, offsets[] = {0, 1, 0, 0},
                          window[] = {2, 2, 4, 5};
    static const int32_t strides[] = {1, 1, 1, 1};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_FLOAT32, 4, in_sizes, offsets, window, strides, window, 4,
                 &plan);
    assert_int_equal(plan.elem_bytes, 4);
    assert_int_equal(plan.in_base, 20);
    assert_dim(&plan, 0, 2, 60, 40);
    assert_dim(&plan, 1, 40, 1, 1);
    plan_cleanup(&plan);
    lower_slice1(DML_TENSOR_DATA_TYPE_FLOAT32, 4, in_sizes, offsets, window, strides, window, 8,
                 &plan);
    assert_int_equal(plan.elem_bytes, 8);
    plan_cleanup(&plan);
}

/* A window starting one element in: the base forbids any widening. */
static void test_widening_refused_by_offset(void **state)
{
    static const uint32_t in_sizes[] = {4, 9}, offsets[] = {0, 1}, window[] = {4, 8};
    static const int32_t strides[] = {1, 1};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_UINT8, 2, in_sizes, offsets, window, strides, window, 0,
                 &plan);
    assert_int_equal(plan.elem_bytes, 1);
    assert_int_equal(plan.in_base, 1);
    assert_dim(&plan, 0, 4, 9, 8);
    assert_dim(&plan, 1, 8, 1, 1);
    plan_cleanup(&plan);
}

/* Negative strides start at the window's last element (S1-8): the base holds it. */
static void test_negative_strides_folded(void **state)
{
    static const uint32_t in_sizes[] = {10}, offsets[] = {2}, window[] = {6}, out_sizes[] = {3};
    static const int32_t strides[] = {-2};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_INT32, 1, in_sizes, offsets, window, strides, out_sizes, 0,
                 &plan);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.in_base, 7);
    assert_dim(&plan, 0, 3, -2, 1);
    plan_cleanup(&plan);
}

/* Reversing both dims of a packed matrix is one reversed run. */
static void test_reversed_matrix_merges(void **state)
{
    static const uint32_t sizes[] = {3, 4}, offsets[] = {0, 0};
    static const int32_t strides[] = {-1, -1};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_UINT16, 2, sizes, offsets, sizes, strides, sizes, 0, &plan);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.elem_bytes, 2);
    assert_int_equal(plan.in_base, 11);
    assert_dim(&plan, 0, 12, -1, 1);
    plan_cleanup(&plan);
}

/* Size-1 dims vanish, and so does everything when every size is 1 (rank 1, size 1). */
static void test_unit_dims_dropped(void **state)
{
    static const uint32_t in_sizes[] = {1, 5, 1, 3}, offsets[] = {0, 1, 0, 0},
                          window[] = {1, 3, 1, 3};
    static const int32_t strides[] = {1, 1, 1, 1};
    static const uint32_t ones[] = {1, 1, 1}, zeros[] = {0, 0, 0};
    struct plan plan;
    lower_slice1(DML_TENSOR_DATA_TYPE_INT8, 4, in_sizes, offsets, window, strides, window, 0,
                 &plan);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.in_base, 3);
    assert_dim(&plan, 0, 9, 1, 1);
    plan_cleanup(&plan);
    lower_slice1(DML_TENSOR_DATA_TYPE_FLOAT64, 3, ones, zeros, ones, strides, ones, 0, &plan);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.count, 1);
    assert_int_equal(plan.dims[0].size, 1);
    assert_int_equal(plan.elem_bytes, 8);
    plan_cleanup(&plan);
}

static void lower_split(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *in_sizes,
                        uint32_t axis, uint32_t count, const uint32_t (*out_sizes)[8],
                        const uint32_t (*out_strides)[8], struct plan *plan)
{
    struct tensor in, out[4];
    DML_TENSOR_DESC descs[4];
    tensor_init(&in, type, rank, in_sizes, NULL);
    for (uint32_t k = 0; k < count; ++k)
    {
        tensor_init(&out[k], type, rank, out_sizes[k], out_strides ? out_strides[k] : NULL);
        descs[k] = out[k].desc;
    }
    DML_SPLIT_OPERATOR_DESC split = {&in.desc, count, descs, axis};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};
    lower_desc(&desc, 0, plan);
}

/* SPLIT along the inner axis keeps the outer dim apart (the parts are not runs of it). */
static void test_split_inner_axis(void **state)
{
    static const uint32_t in_sizes[] = {2, 6}, out_sizes[2][8] = {{2, 2}, {2, 4}};
    struct plan plan;
    lower_split(DML_TENSOR_DATA_TYPE_FLOAT32, 2, in_sizes, 1, 2, out_sizes, NULL, &plan);
    assert_int_equal(plan.kernel, PLAN_KERNEL_SPLIT);
    assert_int_equal(plan.rank, 2);
    assert_int_equal(plan.part_axis, 1);
    assert_int_equal(plan.part_count, 2);
    assert_int_equal(plan.elem_bytes, 8); /* pairs: every boundary and stride is even */
    assert_int_equal(plan.dims[1].size, 3);
    assert_int_equal(plan.parts[0].axis_begin, 0);
    assert_int_equal(plan.parts[1].axis_begin, 1);
    assert_int_equal(plan.parts[1].slot, 2);
    assert_int_equal(plan.parts[1].strides[0], 2);
    assert_int_equal(plan.slot_count, 3);
    plan_cleanup(&plan);
}

/* Outputs whose gapped rows happen to match the input's row length would look contiguous
 * across the split axis; merging there would still break part selection. */
static void test_split_axis_never_absorbed_inward(void **state)
{
    static const uint32_t in_sizes[] = {2, 4}, out_sizes[2][8] = {{2, 2}, {2, 2}},
                          out_strides[2][8] = {{4, 1}, {4, 1}};
    struct plan plan;
    lower_split(DML_TENSOR_DATA_TYPE_UINT8, 2, in_sizes, 1, 2, out_sizes, out_strides, &plan);
    assert_int_equal(plan.rank, 2);
    assert_int_equal(plan.part_axis, 1);
    plan_cleanup(&plan);
}

/* SPLIT along the outer axis absorbs the packed inner dims: one run, parts at 0 and 15. */
static void test_split_outer_axis_merges(void **state)
{
    static const uint32_t in_sizes[] = {4, 3, 5}, out_sizes[2][8] = {{1, 3, 5}, {3, 3, 5}};
    struct plan plan;
    lower_split(DML_TENSOR_DATA_TYPE_UINT8, 3, in_sizes, 0, 2, out_sizes, NULL, &plan);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.part_axis, 0);
    assert_int_equal(plan.dims[0].size, 60);
    assert_int_equal(plan.parts[1].axis_begin, 15);
    assert_int_equal(plan.elem_bytes, 1); /* 15 is odd */
    plan_cleanup(&plan);
}

/* A single output is a copy. */
static void test_split_single_output_is_copy(void **state)
{
    static const uint32_t in_sizes[] = {4, 4}, out_sizes[1][8] = {{4, 4}};
    struct plan plan;
    lower_split(DML_TENSOR_DATA_TYPE_INT16, 2, in_sizes, 1, 1, out_sizes, NULL, &plan);
    assert_int_equal(plan.kernel, PLAN_KERNEL_COPY);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.elem_bytes, 16);
    assert_int_equal(plan.dims[0].size, 2);
    plan_cleanup(&plan);
}

static void lower_padding(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *in_sizes,
                          const uint32_t *start, const uint32_t *end, DML_PADDING_MODE mode,
                          float value, struct plan *plan)
{
    struct tensor in, out;
    uint32_t out_sizes[8];
    for (uint32_t d = 0; d < rank; ++d)
        out_sizes[d] = in_sizes[d] + start[d] + end[d];
    tensor_init(&in, type, rank, in_sizes, NULL);
    tensor_init(&out, type, rank, out_sizes, NULL);
    DML_PADDING_OPERATOR_DESC padding = {&in.desc, &out.desc, mode, value, rank, start, end};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_PADDING, &padding};
    lower_desc(&desc, 0, plan);
}

/* The padded dim keeps its map; 10.6 becomes 10 in INT32 (P-4). */
static void test_padding_constant(void **state)
{
    static const uint32_t in_sizes[] = {2, 3}, start[] = {0, 1}, end[] = {0, 2};
    struct plan plan;
    lower_padding(DML_TENSOR_DATA_TYPE_INT32, 2, in_sizes, start, end, DML_PADDING_MODE_CONSTANT,
                  10.6f, &plan);
    assert_int_equal(plan.kernel, PLAN_KERNEL_PAD);
    assert_int_equal(plan.rank, 2);
    assert_int_equal(plan.dims[0].map, PLAN_MAP_AFFINE);
    assert_int_equal(plan.dims[1].map, PLAN_MAP_CONSTANT);
    assert_int_equal(plan.dims[1].in_size, 3);
    assert_int_equal(plan.dims[1].pad_start, 1);
    assert_int_equal(plan.dims[1].size, 6);
    assert_int_equal(plan.pad_value[0], 10);
    plan_cleanup(&plan);
}

/* Only the outer dim is padded: rows of 4 bytes move as one unit, the value replicated. */
static void test_padding_widens_unpadded_rows(void **state)
{
    static const uint32_t in_sizes[] = {3, 4}, start[] = {1, 0}, end[] = {2, 0};
    struct plan plan;
    lower_padding(DML_TENSOR_DATA_TYPE_UINT8, 2, in_sizes, start, end, DML_PADDING_MODE_CONSTANT,
                  7.0f, &plan);
    assert_int_equal(plan.rank, 1);
    assert_int_equal(plan.elem_bytes, 4);
    assert_int_equal(plan.dims[0].map, PLAN_MAP_CONSTANT);
    assert_int_equal(plan.dims[0].size, 6);
    assert_int_equal(plan.dims[0].in_stride, 1);
    assert_int_equal(plan.pad_value[0], 0x07070707);
    plan_cleanup(&plan);
}

/* Every mode maps to its plan map; padded dims never merge or widen. */
static void test_padding_modes(void **state)
{
    static const DML_PADDING_MODE modes[] = {DML_PADDING_MODE_EDGE, DML_PADDING_MODE_REFLECTION,
                                             DML_PADDING_MODE_SYMMETRIC, DML_PADDING_MODE_WRAP};
    static const enum plan_map maps[] = {PLAN_MAP_EDGE, PLAN_MAP_REFLECT, PLAN_MAP_SYMMETRIC,
                                         PLAN_MAP_WRAP};
    static const uint32_t in_sizes[] = {1, 3, 4}, start[] = {2, 5, 4}, end[] = {3, 7, 8};
    for (uint32_t i = 0; i < 4; ++i)
    {
        struct plan plan;
        lower_padding(DML_TENSOR_DATA_TYPE_FLOAT32, 3, in_sizes, start, end, modes[i], 1.0f, &plan);
        assert_int_equal(plan.rank, 3);
        assert_int_equal(plan.elem_bytes, 4);
        for (uint32_t d = 0; d < 3; ++d)
            assert_int_equal(plan.dims[d].map, maps[i]);
        assert_int_equal(plan.pad_value[0], 0); /* the value only matters for CONSTANT */
        plan_cleanup(&plan);
    }
}

static void test_copy_bytes(void **state)
{
    struct plan plan;
    assert_int_equal(dml_lower_copy_bytes(100, 0, 3, &plan), S_OK);
    assert_int_equal(plan.elem_bytes, 4);
    assert_int_equal(plan.dims[0].size, 25);
    assert_int_equal(plan.in_slot, 0);
    assert_int_equal(plan.parts[0].slot, 3);
    assert_int_equal(plan.slot_count, 4);
    assert_int_equal(plan.kernel, PLAN_KERNEL_COPY);
    plan_cleanup(&plan);
    assert_int_equal(dml_lower_copy_bytes(64, 1, 0, &plan), S_OK);
    assert_int_equal(plan.elem_bytes, 16);
    assert_int_equal(plan.count, 4);
    assert_int_equal(plan.slot_count, 2);
    plan_cleanup(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packed_slice_merges),
        cmocka_unit_test(test_widening_limited_by_base),
        cmocka_unit_test(test_widening_refused_by_alignment),
        cmocka_unit_test(test_widening_refused_by_offset),
        cmocka_unit_test(test_negative_strides_folded),
        cmocka_unit_test(test_reversed_matrix_merges),
        cmocka_unit_test(test_unit_dims_dropped),
        cmocka_unit_test(test_split_inner_axis),
        cmocka_unit_test(test_split_axis_never_absorbed_inward),
        cmocka_unit_test(test_split_outer_axis_merges),
        cmocka_unit_test(test_split_single_output_is_copy),
        cmocka_unit_test(test_padding_constant),
        cmocka_unit_test(test_padding_widens_unpadded_rows),
        cmocka_unit_test(test_padding_modes),
        cmocka_unit_test(test_copy_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
