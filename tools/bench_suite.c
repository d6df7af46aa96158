/* The benchmark's suite: which operators, shapes and element sizes are measured. DRAM-bound
 * shapes move at least 256 MiB whatever the element size; L2-sized ones a few MiB; tiny ones
 * write at most 64 KiB. Short mode (CI) shrinks every shape to a few KiB. */
#include <dmlops.h>

#include <stdio.h>
#include <string.h>

#include "bench.h"

/* The shapes of one scale and element size. */
struct bench_shapes
{
    uint32_t nchw[4];
    uint32_t split[4];
    uint32_t last3[3];
    uint32_t d8[8];
};

typedef void (*bench_build_fn)(struct bench_op *op, const struct bench_shapes *s, uint32_t arg);

struct bench_case
{
    const char *name;
    enum bench_target target;
    bench_build_fn build;
    uint32_t arg;
    int scale; /* 0 DRAM, 1 L2, 2 tiny */
};

static const DML_TENSOR_DATA_TYPE data_types[] = {
    [1] = DML_TENSOR_DATA_TYPE_UINT8,
    [2] = DML_TENSOR_DATA_TYPE_UINT16,
    [4] = DML_TENSOR_DATA_TYPE_UINT32,
    [8] = DML_TENSOR_DATA_TYPE_UINT64,
};

DML_TENSOR_DATA_TYPE bench_data_type(uint32_t elem_bytes)
{
    return data_types[elem_bytes];
}

/* Issue 16's: every DRAM-bound slice (reversed ones too), split and join 0.95, every padding
 * 0.95, transposes 0.90; fused graphs 0.92; tiny cases at most 1.3 times an empty dispatch. */
static const double target_ratios[BENCH_TARGET_COUNT] = {0.95, 0.95, 0.95, 0.90, 0.0,
                                                             1.3,  0.92, 0.80, 0.95};
static const char *const target_names[BENCH_TARGET_COUNT] = {
    "contiguous", "reversed", "padding", "transpose",  "L2 (none)",
    "tiny",       "fused",    "random rows", "write-only"};

double bench_target_ratio(enum bench_target target)
{
    return target_ratios[target];
}

const char *bench_target_name(enum bench_target target)
{
    return target_names[target];
}

static uint64_t elements(const struct bench_tensor *t)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < t->rank; ++d)
        n *= t->sizes[d];
    return n;
}

static void tensor_bytes(struct bench_tensor *t, uint32_t elem_bytes)
{
    t->bytes =
        dmlopsCalcBufferTensorSize(bench_data_type(elem_bytes), t->rank, t->sizes, t->strides);
}

void bench_tensor_dense(struct bench_tensor *t, uint32_t elem_bytes)
{
    uint32_t stride = 1;
    for (uint32_t d = t->rank; d-- > 0;)
    {
        t->strides[d] = stride;
        stride *= t->sizes[d];
    }
    tensor_bytes(t, elem_bytes);
}

static void set_input(struct bench_op *op, uint32_t rank, const uint32_t *sizes)
{
    op->input.rank = rank;
    memcpy(op->input.sizes, sizes, rank * sizeof(*sizes));
    bench_tensor_dense(&op->input, op->elem_bytes);
}

/* SLICE1 over the whole input except what offsets/window/steps (already set) change. */
static void finish_slice(struct bench_op *op)
{
    struct bench_tensor *out = &op->outputs[0];
    op->type = DML_OPERATOR_SLICE1;
    op->output_count = 1;
    out->rank = op->input.rank;
    for (uint32_t d = 0; d < out->rank; ++d)
    {
        uint32_t step = (uint32_t)(op->steps[d] < 0 ? -op->steps[d] : op->steps[d]);
        out->sizes[d] = (op->window[d] + step - 1) / step;
    }
    bench_tensor_dense(out, op->elem_bytes);
    op->read_bytes = elements(out) * op->elem_bytes;
}

static void identity_window(struct bench_op *op)
{
    for (uint32_t d = 0; d < op->input.rank; ++d)
    {
        op->offsets[d] = 0;
        op->window[d] = op->input.sizes[d];
        op->steps[d] = 1;
    }
}

/* arg: 0 every 2nd row, 1 reversed W, 2 the window [1:-1] on H and W. */
static void build_slice4(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    set_input(op, 4, s->nchw);
    identity_window(op);
    if (arg == 0)
        op->steps[2] = 2;
    else if (arg == 1)
        op->steps[3] = -1;
    else
    {
        op->offsets[2] = op->offsets[3] = 1;
        op->window[2] -= 2;
        op->window[3] -= 2;
    }
    finish_slice(op);
}

static void build_slice8(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    set_input(op, 8, s->d8);
    identity_window(op);
    op->offsets[1] = 1;
    op->window[1] -= 1;
    op->steps[3] = 2;
    op->offsets[6] = 1;
    op->window[6] -= 2;
    finish_slice(op);
}

/* An NCHW input whose rows and planes leave gaps: 8 elements after each row, 64 after each
 * plane. arg 0: identity slice; arg 1: constant padding. */
static void gapped_input(struct bench_op *op, const struct bench_shapes *s)
{
    op->input.rank = 4;
    memcpy(op->input.sizes, s->nchw, sizeof(s->nchw));
    op->input.strides[3] = 1;
    op->input.strides[2] = s->nchw[3] + 8;
    op->input.strides[1] = op->input.strides[2] * s->nchw[2] + 64;
    op->input.strides[0] = op->input.strides[1] * s->nchw[1];
    tensor_bytes(&op->input, op->elem_bytes);
}

/* NCHW sizes over NHWC memory: the input's fastest dimension is C, the output's W. */
static void build_transpose(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t *n = s->nchw;
    op->input.rank = 4;
    memcpy(op->input.sizes, n, sizeof(s->nchw));
    op->input.strides[1] = 1;
    op->input.strides[3] = n[1];
    op->input.strides[2] = n[1] * n[3];
    op->input.strides[0] = n[1] * n[3] * n[2];
    tensor_bytes(&op->input, op->elem_bytes);
    identity_window(op);
    finish_slice(op);
}

static void build_gapped_slice(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    gapped_input(op, s);
    identity_window(op);
    finish_slice(op);
}

/* arg: parts * 16 + axis (0, 1 or 3 of the split shape). */
static void build_split(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    uint32_t parts = arg / 16, axis = arg % 16;
    set_input(op, 4, s->split);
    op->type = DML_OPERATOR_SPLIT;
    op->axis = axis;
    op->output_count = parts;
    for (uint32_t k = 0; k < parts; ++k)
    {
        op->outputs[k] = op->input;
        op->outputs[k].sizes[axis] = s->split[axis] / parts;
        bench_tensor_dense(&op->outputs[k], op->elem_bytes);
    }
    op->read_bytes = elements(&op->input) * op->elem_bytes;
}

/* arg: parts * 16 + axis (0, 1 or 3 of the split shape). The inputs lie one after another in the
 * input buffer, 256-byte aligned; op->input spans them all. */
static void build_join(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    uint32_t parts = arg / 16, axis = arg % 16;
    uint64_t at = 0;
    op->type = DML_OPERATOR_JOIN;
    op->axis = axis;
    op->input_count = parts;
    op->output_count = 1;
    op->outputs[0].rank = 4;
    memcpy(op->outputs[0].sizes, s->split, sizeof(s->split));
    bench_tensor_dense(&op->outputs[0], op->elem_bytes);
    for (uint32_t k = 0; k < parts; ++k)
    {
        op->inputs[k] = op->outputs[0];
        op->inputs[k].sizes[axis] = s->split[axis] / parts;
        bench_tensor_dense(&op->inputs[k], op->elem_bytes);
        op->in_offsets[k] = at;
        at += (op->inputs[k].bytes + 255) & ~(uint64_t)255;
    }
    op->input = op->outputs[0];
    op->input.bytes = at;
    op->read_bytes = elements(&op->outputs[0]) * op->elem_bytes;
}

/* NCHW sizes; arg 0: NCHW -> NHWC (output strides), 1: NHWC -> NCHW (input strides), 2: a
 * broadcast of a C x W plane over N and H; 3 and 4: 0 and 1 of 3 channels (RGB images), W grown
 * to keep about as many bytes, rows whole 16-byte vectors. */
static void build_identity(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    uint32_t n[4] = {s->nchw[0], s->nchw[1], s->nchw[2], s->nchw[3]};
    struct bench_tensor *out = &op->outputs[0];
    if (arg >= 3)
    {
        n[3] = n[3] * n[1] / 3 & ~15u;
        n[1] = 3;
        arg -= 3;
    }
    op->type = DML_OPERATOR_ELEMENT_WISE_IDENTITY;
    op->output_count = 1;
    set_input(op, 4, n);
    *out = op->input;
    struct bench_tensor *nhwc = arg == 0 ? out : &op->input;
    if (arg < 2)
    {
        nhwc->strides[1] = 1;
        nhwc->strides[3] = n[1];
        nhwc->strides[2] = n[1] * n[3];
        nhwc->strides[0] = n[1] * n[3] * n[2];
        tensor_bytes(nhwc, op->elem_bytes);
        op->read_bytes = elements(&op->input) * op->elem_bytes;
        return;
    }
    op->input.strides[0] = op->input.strides[2] = 0;
    op->input.strides[1] = n[3];
    tensor_bytes(&op->input, op->elem_bytes);
    op->read_bytes = (uint64_t)n[1] * n[3] * op->elem_bytes;
}

/* NCHW output; the input is H/2 x W/2 tiled twice along H and W. */
static void build_tile(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t *n = s->nchw;
    op->type = DML_OPERATOR_TILE;
    op->output_count = 1;
    set_input(op, 4, (uint32_t[]){n[0], n[1], n[2] / 2, n[3] / 2});
    op->outputs[0].rank = 4;
    memcpy(op->outputs[0].sizes, op->input.sizes, sizeof(n[0]) * 4);
    op->outputs[0].sizes[2] *= 2;
    op->outputs[0].sizes[3] *= 2;
    bench_tensor_dense(&op->outputs[0], op->elem_bytes);
    op->read_bytes = elements(&op->input) * op->elem_bytes;
}

/* BlockSize 2 over the NCHW shape (C to a multiple of 4, H and W even); arg 0: DEPTH_TO_SPACE of
 * it, 1: SPACE_TO_DEPTH of it. */
static void build_depth_space(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t *n = s->nchw, c = n[1] & ~3u, h = n[2] & ~1u, w = n[3] & ~1u;
    struct bench_tensor *out = &op->outputs[0];
    op->type = arg ? DML_OPERATOR_SPACE_TO_DEPTH : DML_OPERATOR_DEPTH_TO_SPACE;
    op->output_count = 1;
    set_input(op, 4, (uint32_t[]){n[0], c, h, w});
    out->rank = 4;
    memcpy(out->sizes,
           arg ? (uint32_t[]){n[0], c * 4, h / 2, w / 2} : (uint32_t[]){n[0], c / 4, h * 2, w * 2},
           4 * sizeof(uint32_t));
    bench_tensor_dense(out, op->elem_bytes);
    op->read_bytes = elements(&op->input) * op->elem_bytes;
}

static void finish_padding(struct bench_op *op, DML_PADDING_MODE mode)
{
    struct bench_tensor *out = &op->outputs[0];
    op->type = DML_OPERATOR_PADDING1;
    op->mode = mode;
    op->output_count = 1;
    op->pad_bits = 0x1F2E3D4C5B6A7988ull;
    out->rank = op->input.rank;
    for (uint32_t d = 0; d < out->rank; ++d)
        out->sizes[d] = op->start[d] + op->input.sizes[d] + op->end[d];
    bench_tensor_dense(out, op->elem_bytes);
    op->read_bytes = elements(&op->input) * op->elem_bytes;
}

/* 2 on each side of the last two dims; arg: the mode, + 8 for the last-dim-3 shape, + 16 for
 * the gapped input. */
static void build_padding(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    if (arg & 8)
        set_input(op, 3, s->last3);
    else if (arg & 16)
        gapped_input(op, s);
    else
        set_input(op, 4, s->nchw);
    uint32_t rank = op->input.rank;
    op->start[rank - 1] = op->end[rank - 1] = op->start[rank - 2] = op->end[rank - 2] = 2;
    finish_padding(op, (DML_PADDING_MODE)(arg & 7));
}

/* The index-carrying cases over rows of the NCHW shape's W elements (N * C * H rows: 256 MiB
 * at every element size in the full suite). Inputs lie in the input buffer as JOIN's, 256-byte
 * aligned; op->input spans them. The indices are INT32. */
static void index_inputs(struct bench_op *op, uint32_t count, const struct bench_tensor *inputs)
{
    uint64_t at = 0;
    op->input_count = count;
    for (uint32_t k = 0; k < count; ++k)
    {
        op->inputs[k] = inputs[k];
        op->in_offsets[k] = at;
        at += (inputs[k].bytes + 255) & ~(uint64_t)255;
    }
    op->input = inputs[0];
    op->input.bytes = at;
}

static struct bench_tensor index_tensor(uint32_t rows, uint32_t columns)
{
    struct bench_tensor t = {2, {rows, columns}, {columns, 1}, 0};
    t.bytes = dmlopsCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_INT32, 2, t.sizes, NULL);
    return t;
}

static struct bench_tensor rows_tensor(uint32_t rows, uint32_t columns, uint32_t elem_bytes)
{
    struct bench_tensor t = {2, {rows, columns}, {0}, 0};
    bench_tensor_dense(&t, elem_bytes);
    return t;
}

static uint32_t gcd(uint32_t a, uint32_t b)
{
    return b ? gcd(b, a % b) : a;
}

/* A permutation of [0, range): i times about 0.618 range (golden-ratio steps, coprime with the
 * range) mod range, so that neighbouring indices land far apart; or the rows in order. */
static void index_order(struct bench_op *op, uint32_t range, bool sorted)
{
    uint32_t mul = (uint32_t)((uint64_t)range * 2654435769u >> 32) | 1;
    while (gcd(mul, range) != 1)
        mul += 2;
    op->index_range = range;
    op->index_mul = sorted ? 1 : mul % range;
    op->index_add = sorted ? 0 : range / 3;
}

/* GATHER of whole rows along axis 0 by {1, rows} indices: arg 0 rows in random order, 1 in
 * order (contiguous reads). */
static void build_gather(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t rows = s->nchw[0] * s->nchw[1] * s->nchw[2], w = s->nchw[3];
    struct bench_tensor inputs[2] = {rows_tensor(rows, w, op->elem_bytes), index_tensor(1, rows)};
    op->type = DML_OPERATOR_GATHER;
    op->output_count = 1;
    op->outputs[0] = rows_tensor(rows, w, op->elem_bytes);
    index_inputs(op, 2, inputs);
    index_order(op, rows, arg == 1);
    op->read_bytes = (uint64_t)rows * w * op->elem_bytes + (uint64_t)rows * 4;
}

/* SCATTER_ND of half the rows, in random order, into a copy of the whole tensor. */
static void build_scatter(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t rows = s->nchw[0] * s->nchw[1] * s->nchw[2], w = s->nchw[3];
    struct bench_tensor inputs[3] = {rows_tensor(rows, w, op->elem_bytes),
                                     index_tensor(rows / 2, 1),
                                     rows_tensor(rows / 2, w, op->elem_bytes)};
    op->type = DML_OPERATOR_SCATTER_ND;
    op->output_count = 1;
    op->outputs[0] = inputs[0];
    index_inputs(op, 3, inputs);
    index_order(op, rows, false);
    op->read_bytes = (uint64_t)(rows + rows / 2) * w * op->elem_bytes + (uint64_t)rows / 2 * 4;
}

/* ONE_HOT of one index per row into rows of W: {rows, 1} indices, {1, 2} values. */
static void build_one_hot(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t rows = s->nchw[0] * s->nchw[1] * s->nchw[2], w = s->nchw[3];
    struct bench_tensor inputs[2] = {index_tensor(rows, 1), rows_tensor(1, 2, op->elem_bytes)};
    op->type = DML_OPERATOR_ONE_HOT;
    op->axis = 1;
    op->output_count = 1;
    op->outputs[0] = rows_tensor(rows, w, op->elem_bytes);
    index_inputs(op, 2, inputs);
    index_order(op, w, false);
    op->read_bytes = (uint64_t)rows * 4 + 2 * op->elem_bytes;
}

/* The generators over the NCHW shape, nothing read: arg 0 FILL_VALUE_CONSTANT, 1
 * FILL_VALUE_SEQUENCE, 2 DIAGONAL_MATRIX (N x C matrices of H x W, Offset 1, Value 3). */
static void build_generator(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    static const DML_OPERATOR_TYPE types[] = {DML_OPERATOR_FILL_VALUE_CONSTANT,
                                              DML_OPERATOR_FILL_VALUE_SEQUENCE,
                                              DML_OPERATOR_DIAGONAL_MATRIX};
    op->type = types[arg];
    op->output_count = 1;
    op->outputs[0].rank = 4;
    memcpy(op->outputs[0].sizes, s->nchw, sizeof(s->nchw));
    bench_tensor_dense(&op->outputs[0], op->elem_bytes);
    op->pad_bits = arg == 2 ? 3 : 0x1F2E3D4C5B6A7988ull;
    op->delta_bits = 0x0102030405060709ull;
    op->band[0] = 1;
    op->band[1] = 2;
}

/* onnxruntime's Trilu (upper, k = 1) over the NCHW shape: DIAGONAL_MATRIX1 with the input,
 * Value 0 where x - y < 1. Only the elements kept are read. */
static void build_trilu(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    const uint32_t h = s->nchw[2], w = s->nchw[3];
    uint64_t kept = 0;
    set_input(op, 4, s->nchw);
    op->type = DML_OPERATOR_DIAGONAL_MATRIX1;
    op->output_count = 1;
    op->outputs[0] = op->input;
    op->band[0] = INT32_MIN;
    op->band[1] = 1;
    for (uint32_t y = 0; y < h; ++y)
        kept += y + 1 < w ? w - (y + 1) : 0;
    op->read_bytes = kept * s->nchw[0] * s->nchw[1] * op->elem_bytes;
}

/* SLICE_GRAD into the NCHW shape: arg 0 the window [1:-1] on H and W (a constant padding), 1
 * every other W (the dilated map), 2 every other H and W read backwards. */
static void build_slice_grad(struct bench_op *op, const struct bench_shapes *s, uint32_t arg)
{
    struct bench_tensor *out = &op->outputs[0];
    op->type = DML_OPERATOR_SLICE_GRAD;
    op->output_count = 1;
    out->rank = 4;
    memcpy(out->sizes, s->nchw, sizeof(s->nchw));
    bench_tensor_dense(out, op->elem_bytes);
    op->input.rank = 4;
    for (uint32_t d = 0; d < 4; ++d)
    {
        bool inner = d >= 2, window = arg == 0 && inner;
        op->offsets[d] = window ? 1 : 0;
        op->window[d] = out->sizes[d] - (window ? 2 : 0);
        op->steps[d] = arg == 1 && d == 3 ? 2 : arg == 2 && inner ? -2 : 1;
        uint32_t step = (uint32_t)(op->steps[d] < 0 ? -op->steps[d] : op->steps[d]);
        op->input.sizes[d] = 1 + (op->window[d] - 1) / step;
    }
    bench_tensor_dense(&op->input, op->elem_bytes);
    op->read_bytes = elements(&op->input) * op->elem_bytes;
}

#define PAD_CASES(suffix, flag)                                                                    \
    {"pad_constant" suffix, BENCH_TARGET_PADDING, build_padding, DML_PADDING_MODE_CONSTANT | flag, \
     0},                                                                                           \
        {"pad_edge" suffix, BENCH_TARGET_PADDING, build_padding, DML_PADDING_MODE_EDGE | flag, 0}, \
        {"pad_reflect" suffix, BENCH_TARGET_PADDING, build_padding,                                \
         DML_PADDING_MODE_REFLECTION | flag, 0},                                                   \
        {"pad_symmetric" suffix, BENCH_TARGET_PADDING, build_padding,                              \
         DML_PADDING_MODE_SYMMETRIC | flag, 0},                                                    \
    {                                                                                              \
        "pad_wrap" suffix, BENCH_TARGET_PADDING, build_padding, DML_PADDING_MODE_WRAP | flag, 0    \
    }

#define SPLIT_CASES(parts)                                                                         \
    {"split" #parts "_axis0", BENCH_TARGET_CONTIGUOUS, build_split, parts * 16 + 0, 0},            \
        {"split" #parts "_axis1", BENCH_TARGET_CONTIGUOUS, build_split, parts * 16 + 1, 0},        \
    {                                                                                              \
        "split" #parts "_axis3", BENCH_TARGET_CONTIGUOUS, build_split, parts * 16 + 3, 0           \
    }

#define JOIN_CASES(parts)                                                                          \
    {"join" #parts "_axis0", BENCH_TARGET_CONTIGUOUS, build_join, parts * 16 + 0, 0},              \
        {"join" #parts "_axis1", BENCH_TARGET_CONTIGUOUS, build_join, parts * 16 + 1, 0},          \
    {                                                                                              \
        "join" #parts "_axis3", BENCH_TARGET_CONTIGUOUS, build_join, parts * 16 + 3, 0             \
    }

static const struct bench_case cases[] = {
    {"slice_h_step2", BENCH_TARGET_CONTIGUOUS, build_slice4, 0, 0},
    {"slice_w_reversed", BENCH_TARGET_REVERSED, build_slice4, 1, 0},
    {"slice_hw_window", BENCH_TARGET_CONTIGUOUS, build_slice4, 2, 0},
    {"slice_8d", BENCH_TARGET_CONTIGUOUS, build_slice8, 0, 0},
    {"slice_gapped", BENCH_TARGET_CONTIGUOUS, build_gapped_slice, 0, 0},
    {"slice_transpose", BENCH_TARGET_TRANSPOSE, build_transpose, 0, 0},
    SPLIT_CASES(2),
    SPLIT_CASES(4),
    SPLIT_CASES(32),
    JOIN_CASES(2),
    JOIN_CASES(4),
    JOIN_CASES(32),
    {"identity_nchw_to_nhwc", BENCH_TARGET_TRANSPOSE, build_identity, 0, 0},
    {"identity_nhwc_to_nchw", BENCH_TARGET_TRANSPOSE, build_identity, 1, 0},
    {"identity_broadcast", BENCH_TARGET_NONE, build_identity, 2, 0},
    {"identity_nchw3_to_nhwc", BENCH_TARGET_TRANSPOSE, build_identity, 3, 0},
    {"identity_nhwc3_to_nchw", BENCH_TARGET_TRANSPOSE, build_identity, 4, 0},
    {"tile_x2_hw", BENCH_TARGET_CONTIGUOUS, build_tile, 0, 0},
    {"depth_to_space_b2", BENCH_TARGET_CONTIGUOUS, build_depth_space, 0, 0},
    {"space_to_depth_b2", BENCH_TARGET_CONTIGUOUS, build_depth_space, 1, 0},
    {"gather_rows_random", BENCH_TARGET_RANDOM, build_gather, 0, 0},
    {"gather_rows_sorted", BENCH_TARGET_CONTIGUOUS, build_gather, 1, 0},
    {"scatter_nd_rows", BENCH_TARGET_NONE, build_scatter, 0, 0},
    {"one_hot_rows", BENCH_TARGET_NONE, build_one_hot, 0, 0},
    PAD_CASES("", 0),
    PAD_CASES("_last3", 8),
    {"pad_constant_gapped", BENCH_TARGET_PADDING, build_padding, DML_PADDING_MODE_CONSTANT | 16, 0},
    {"fill_constant", BENCH_TARGET_WRITE_ONLY, build_generator, 0, 0},
    {"fill_sequence", BENCH_TARGET_WRITE_ONLY, build_generator, 1, 0},
    {"diagonal_matrix", BENCH_TARGET_WRITE_ONLY, build_generator, 2, 0},
    {"trilu_upper", BENCH_TARGET_PADDING, build_trilu, 0, 0},
    {"slice_grad_hw_window", BENCH_TARGET_PADDING, build_slice_grad, 0, 0},
    {"slice_grad_w_step2", BENCH_TARGET_PADDING, build_slice_grad, 1, 0},
    {"slice_grad_hw_reversed2", BENCH_TARGET_PADDING, build_slice_grad, 2, 0},
    {"slice_h_step2_l2", BENCH_TARGET_NONE, build_slice4, 0, 1},
    {"slice_w_reversed_l2", BENCH_TARGET_NONE, build_slice4, 1, 1},
    {"pad_reflect_l2", BENCH_TARGET_NONE, build_padding, DML_PADDING_MODE_REFLECTION, 1},
    {"split4_axis1_l2", BENCH_TARGET_NONE, build_split, 4 * 16 + 1, 1},
    {"slice_hw_window_tiny", BENCH_TARGET_TINY, build_slice4, 2, 2},
    {"pad_constant_tiny", BENCH_TARGET_TINY, build_padding, DML_PADDING_MODE_CONSTANT, 2},
    {"split2_axis1_tiny", BENCH_TARGET_TINY, build_split, 2 * 16 + 1, 2},
};

/* scale 0 (DRAM): 256 MiB of input at every element size e. */
static void shapes_for(int scale, bool short_mode, uint32_t e, struct bench_shapes *s)
{
    static const struct bench_shapes small = {
        {2, 9, 8, 40}, {32, 64, 2, 32}, {10, 6, 3}, {2, 2, 2, 4, 2, 2, 4, 8}};
    if (short_mode)
        *s = small;
    else if (scale == 0)
        *s = (struct bench_shapes){{16 / e, 64, 512, 512},
                                   {32, 64, 256, 512 / e},
                                   {180224 / e, 512, 3},
                                   {16 / e, 4, 4, 4, 4, 4, 32, 512}};
    else
    {
        uint32_t n = scale == 1 ? 512 / e : 64 / e, c = scale == 1 ? 32 : 2,
                 h = scale == 1 ? 256 : 16;
        *s =
            (struct bench_shapes){{1, c, h, n}, {32, c, 4, n}, {h, 8, 3}, {1, 2, 2, 2, 2, 2, 4, n}};
    }
}

static const uint32_t elem_sizes[BENCH_ELEM_SIZES] = {1, 2, 4, 8};

uint32_t bench_suite(bool short_mode, struct bench_op *ops, uint32_t max)
{
    uint32_t count = 0;
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); ++c)
    {
        for (uint32_t i = 0; i < BENCH_ELEM_SIZES; ++i, ++count)
        {
            if (count >= max)
                continue;
            struct bench_shapes shapes;
            struct bench_op *op = &ops[count];
            memset(op, 0, sizeof(*op));
            op->elem_bytes = elem_sizes[i];
            op->target = cases[c].target;
            snprintf(op->name, sizeof(op->name), "%s", cases[c].name);
            shapes_for(cases[c].scale, short_mode, op->elem_bytes, &shapes);
            cases[c].build(op, &shapes, cases[c].arg);
            for (uint32_t k = 0; k < op->output_count; ++k)
                op->write_bytes += elements(&op->outputs[k]) * op->elem_bytes;
        }
    }
    return count;
}
