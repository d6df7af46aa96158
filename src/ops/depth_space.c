/* DEPTH_TO_SPACE, DEPTH_TO_SPACE1, SPACE_TO_DEPTH, SPACE_TO_DEPTH1 (datamove-family 10): fixed
 * permutations of NCHW tensors, v0 being v1 with Order DEPTH_COLUMN_ROW. Both directions are one
 * strided copy over a 6-D space (n, c, h, i, w, j): the space tensor's H split into (h, i), its W
 * into (w, j), and the depth tensor's C split into (c, i, j) in the order's arrangement. */
#include "ops/ops.h"

#include <string.h>

#include "lower.h"

/* The operators' own rules: X(ID, short name, title, message) */
#define DEPTH_SPACE_RULES(X)                                                                       \
    X(DS_2_BLOCK_SIZE, "DS-2", "block size", "BlockSize must be >= 1")                             \
    X(DS_2_DIVISIBLE, "DS-2", "block divisibility",                                                \
      "DEPTH_TO_SPACE: C must be a multiple of BlockSize^2; SPACE_TO_DEPTH: H and W of BlockSize") \
    X(DS_2_OUTPUT_SIZE, "DS-2", "output size",                                                     \
      "OutputTensor.Sizes must be {N, C/B^2, H*B, W*B} (DEPTH_TO_SPACE), {N, C*B^2, H/B, W/B} "    \
      "(SPACE_TO_DEPTH)")                                                                          \
    X(DS_3_ORDER, "DS-3", "order", "Order must be a defined DML_DEPTH_SPACE_ORDER (0 or 1)")
DML_OP_RULES(DEPTH_SPACE_RULES);

static const struct dml_fl_row v0_rows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, DML_TYPES_FLOAT, 0},
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_5_0, 4, 4, DML_TYPES_11T, 0},
};

static const struct dml_fl_row v1_rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, DML_TYPES_8T, 0},
    {DML_FEATURE_LEVEL_5_0, 4, 4, DML_TYPES_11T, 0},
};

/* The four descs share this layout; v0 descs have no Order. */
struct depth_space_fields
{
    const DML_TENSOR_DESC *input, *output;
    UINT block;
    DML_DEPTH_SPACE_ORDER order;
    bool to_space;
};

/* DS-2: the divisibility of the input's sizes, then the output's sizes (in 64 bits). */
static HRESULT check_sizes(struct dml_validate_ctx *ctx, const struct depth_space_fields *f,
                           const struct dml_tensor t[2])
{
    const uint64_t b = f->block, bb = b * b;
    const uint32_t *in = t[0].sizes;
    uint64_t expected[4];

    if (f->to_space && in[1] % bb)
        return dml_reject(ctx, DML_RULE_DS_2_DIVISIBLE,
                          "InputTensor.Sizes[1] (C) is %u; allowed: a multiple of BlockSize^2 "
                          "(%llu)",
                          in[1], (unsigned long long)bb);
    if (!f->to_space && (in[2] % b || in[3] % b))
        return dml_reject(ctx, DML_RULE_DS_2_DIVISIBLE,
                          "InputTensor.Sizes[2..3] (H, W) are %u, %u; allowed: multiples of "
                          "BlockSize (%u)",
                          in[2], in[3], f->block);
    expected[0] = in[0];
    expected[1] = f->to_space ? in[1] / bb : in[1] * bb;
    expected[2] = f->to_space ? in[2] * b : in[2] / b;
    expected[3] = f->to_space ? in[3] * b : in[3] / b;
    for (uint32_t d = 0; d < 4; ++d)
    {
        if (t[1].sizes[d] != expected[d])
            return dml_reject(ctx, DML_RULE_DS_2_OUTPUT_SIZE,
                              "OutputTensor.Sizes[%u] is %u; allowed: %llu (%s, BlockSize %u)", d,
                              t[1].sizes[d], (unsigned long long)expected[d],
                              f->to_space ? "{N, C/B^2, H*B, W*B}" : "{N, C*B^2, H/B, W/B}",
                              f->block);
    }
    return S_OK;
}

static HRESULT check(struct dml_validate_ctx *ctx, const struct depth_space_fields *f,
                     struct dml_op_def *def)
{
    struct dml_tensor t[2];
    HRESULT hr;

    if (FAILED(hr = dml_validate_in_out(ctx, f->input, f->output, t)))
        return hr;
    if ((uint32_t)f->order > DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH)
        return dml_reject(ctx, DML_RULE_DS_3_ORDER,
                          "Order is %u; allowed: 0 (DEPTH_COLUMN_ROW), 1 (COLUMN_ROW_DEPTH)",
                          (unsigned)f->order);
    if (!f->block)
        return dml_reject(ctx, DML_RULE_DS_2_BLOCK_SIZE, "BlockSize is 0; allowed: >= 1");
    if (FAILED(hr = check_sizes(ctx, f, t)) || FAILED(hr = dml_op_def_store(ctx, def, t, 1, 1)))
        return hr;
    def->u.depth_space = (struct dml_depth_space_def){f->block, f->order};
    return S_OK;
}

static HRESULT d2s_validate(struct dml_validate_ctx *ctx, const void *desc_, struct dml_op_def *def)
{
    const DML_DEPTH_TO_SPACE_OPERATOR_DESC *d = desc_;
    const struct depth_space_fields f = {d->InputTensor, d->OutputTensor, d->BlockSize,
                                         DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW, true};
    return check(ctx, &f, def);
}

static HRESULT d2s1_validate(struct dml_validate_ctx *ctx, const void *desc_,
                             struct dml_op_def *def)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *d = desc_;
    const struct depth_space_fields f = {d->InputTensor, d->OutputTensor, d->BlockSize, d->Order,
                                         true};
    return check(ctx, &f, def);
}

static HRESULT s2d_validate(struct dml_validate_ctx *ctx, const void *desc_, struct dml_op_def *def)
{
    const DML_SPACE_TO_DEPTH_OPERATOR_DESC *d = desc_;
    const struct depth_space_fields f = {d->InputTensor, d->OutputTensor, d->BlockSize,
                                         DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW, false};
    return check(ctx, &f, def);
}

static HRESULT s2d1_validate(struct dml_validate_ctx *ctx, const void *desc_,
                             struct dml_op_def *def)
{
    const DML_SPACE_TO_DEPTH1_OPERATOR_DESC *d = desc_;
    const struct depth_space_fields f = {d->InputTensor, d->OutputTensor, d->BlockSize, d->Order,
                                         false};
    return check(ctx, &f, def);
}

enum
{
    N_,
    C_,
    H_,
    I_,
    W_,
    J_,
    DIMS_
};

/* The 6-D strides of the space tensor {N, C', H*B, W*B} and of the depth tensor {N, C'*B*B, H,
 * W}, whose channel is (i*B + j)*C' + c (DCR) or c*B*B + i*B + j (CRD). */
static void space_strides(const struct dml_tensor *t, int64_t b, int64_t *s)
{
    const int64_t v[DIMS_] = {t->strides[0], t->strides[1],     b * t->strides[2],
                              t->strides[2], b * t->strides[3], t->strides[3]};
    memcpy(s, v, sizeof(v));
}

static void depth_strides(const struct dml_tensor *t, int64_t b, int64_t c1,
                          DML_DEPTH_SPACE_ORDER order, int64_t *s)
{
    const int64_t ch = t->strides[1];
    const int64_t dcr[DIMS_] = {t->strides[0], ch,     t->strides[2], b * c1 * ch,
                                t->strides[3], c1 * ch};
    const int64_t crd[DIMS_] = {t->strides[0], b * b * ch,    t->strides[2],
                                b * ch,        t->strides[3], ch};
    memcpy(s, order == DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW ? dcr : crd, sizeof(dcr));
}

static HRESULT depth_space_lower(const struct dml_op_def *def, struct plan *plan)
{
    const bool to_space =
        def->type == DML_OPERATOR_DEPTH_TO_SPACE || def->type == DML_OPERATOR_DEPTH_TO_SPACE1;
    const struct dml_tensor *space = &def->tensors[to_space ? 1 : 0];
    const struct dml_tensor *depth = &def->tensors[to_space ? 0 : 1];
    const uint32_t b = def->u.depth_space.block_size;
    const uint32_t sizes[DIMS_] = {
        space->sizes[0], space->sizes[1], depth->sizes[2], b, depth->sizes[3], b};
    int64_t s[DIMS_], d[DIMS_];
    HRESULT hr = lower_plan_init(plan, def->elem_size, DIMS_, 1);
    if (FAILED(hr))
        return hr;
    space_strides(space, b, s);
    depth_strides(depth, b, space->sizes[1], def->u.depth_space.order, d);
    for (uint32_t k = 0; k < DIMS_; ++k)
    {
        plan->dims[k] = (struct plan_dim){.size = sizes[k], .in_stride = to_space ? d[k] : s[k]};
        plan->parts[0].strides[k] = to_space ? s[k] : d[k];
    }
    return S_OK;
}

const struct dml_op_entry dml_op_depth_to_space = {.type = DML_OPERATOR_DEPTH_TO_SPACE,
                                                   .name = "DEPTH_TO_SPACE",
                                                   .fl = DML_FL_TABLE(v0_rows),
                                                   .validate = d2s_validate,
                                                   .lower = depth_space_lower,
                                                   .rules = &op_rules};
const struct dml_op_entry dml_op_depth_to_space1 = {.type = DML_OPERATOR_DEPTH_TO_SPACE1,
                                                    .name = "DEPTH_TO_SPACE1",
                                                    .fl = DML_FL_TABLE(v1_rows),
                                                    .validate = d2s1_validate,
                                                    .lower = depth_space_lower,
                                                    .rules = &op_rules};
const struct dml_op_entry dml_op_space_to_depth = {.type = DML_OPERATOR_SPACE_TO_DEPTH,
                                                   .name = "SPACE_TO_DEPTH",
                                                   .fl = DML_FL_TABLE(v0_rows),
                                                   .validate = s2d_validate,
                                                   .lower = depth_space_lower,
                                                   .rules = &op_rules};
const struct dml_op_entry dml_op_space_to_depth1 = {.type = DML_OPERATOR_SPACE_TO_DEPTH1,
                                                    .name = "SPACE_TO_DEPTH1",
                                                    .fl = DML_FL_TABLE(v1_rows),
                                                    .validate = s2d1_validate,
                                                    .lower = depth_space_lower,
                                                    .rules = &op_rules};
