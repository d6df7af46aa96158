/* Checks and lowering shared by the index-carrying operators (src/ops/index.h). */
#include "ops/index.h"

#include <string.h>

HRESULT dml_validate_index_input(struct dml_validate_ctx *ctx, const struct dml_fl_table *index_fl,
                                 const DML_TENSOR_DESC *desc, const char *name,
                                 struct dml_tensor *out)
{
    const struct dml_fl_table *data_fl = ctx->fl;
    HRESULT hr;

    /* The same feature-level checks and messages as a data input, against the index table. */
    ctx->fl = index_fl;
    hr = dml_validate_input(ctx, desc, name, out);
    ctx->fl = data_fl;
    return hr;
}

HRESULT dml_check_same_rank(struct dml_validate_ctx *ctx, const struct dml_tensor *t,
                            const char *name, const struct dml_tensor *ref, const char *ref_name)
{
    if (t->rank != ref->rank)
        return dml_reject(ctx, DML_RULE_T10_DIMENSION_COUNT_MISMATCH,
                          "%s.DimensionCount is %u; allowed: %s.DimensionCount (%u)", name, t->rank,
                          ref_name, ref->rank);
    return S_OK;
}

HRESULT dml_check_same_type(struct dml_validate_ctx *ctx, const struct dml_tensor *t,
                            const char *name, const struct dml_tensor *ref, const char *ref_name)
{
    if (t->data_type != ref->data_type)
        return dml_reject(
            ctx, DML_RULE_T10_DATA_TYPE_MISMATCH, "%s.DataType is %s; allowed: %s.DataType (%s)",
            name, dml_data_type_name(t->data_type), ref_name, dml_data_type_name(ref->data_type));
    return S_OK;
}

HRESULT dml_check_axis(struct dml_validate_ctx *ctx, dml_rule_code rule, uint32_t axis,
                       uint32_t rank, const char *tensor)
{
    if (axis >= rank)
        return dml_reject(ctx, rule, "Axis is %u; allowed: 0..%u (%s.DimensionCount - 1)", axis,
                          rank - 1, tensor);
    return S_OK;
}

uint32_t dml_index_walk_size(const struct dml_index_layout *layout, const struct dml_tensor *data,
                             const struct dml_tensor *index, uint32_t o)
{
    if (layout->data_dim[o] != DML_INDEX_NO_DIM)
        return data->sizes[layout->data_dim[o]];
    if (layout->index_dim[o] != DML_INDEX_NO_DIM)
        return index->sizes[layout->index_dim[o]];
    return 1;
}

HRESULT dml_index_check_walk_sizes(struct dml_validate_ctx *ctx, dml_rule_code rule,
                                   const struct dml_index_layout *layout,
                                   const struct dml_tensor *data, const struct dml_tensor *index,
                                   const struct dml_tensor *t, const char *name)
{
    for (uint32_t o = 0; o < layout->rank; ++o)
    {
        uint32_t expected = dml_index_walk_size(layout, data, index, o);
        if (t->sizes[o] == expected)
            continue;
        if (layout->data_dim[o] != DML_INDEX_NO_DIM)
            return dml_reject(ctx, rule, "%s.Sizes[%u] is %u; allowed: %u (InputTensor.Sizes[%d])",
                              name, o, t->sizes[o], expected, layout->data_dim[o]);
        if (layout->index_dim[o] != DML_INDEX_NO_DIM)
            return dml_reject(ctx, rule,
                              "%s.Sizes[%u] is %u; allowed: %u (IndicesTensor.Sizes[%d])", name, o,
                              t->sizes[o], expected, layout->index_dim[o]);
        return dml_reject(ctx, rule, "%s.Sizes[%u] is %u; allowed: 1 (a leading dimension)", name,
                          o, t->sizes[o]);
    }
    return S_OK;
}

/* The tensor dims (a bit each) that the iteration dims walk, from one column of the layout. */
static uint32_t walked_mask(const int8_t *dims, uint32_t rank)
{
    uint32_t mask = 0;
    for (uint32_t o = 0; o < rank; ++o)
        mask |= dims[o] != DML_INDEX_NO_DIM ? 1u << dims[o] : 0;
    return mask;
}

static HRESULT check_ones(struct dml_validate_ctx *ctx, dml_rule_code rule,
                          const struct dml_tensor *t, const char *name, uint32_t used)
{
    for (uint32_t d = 0; d < t->rank; ++d)
    {
        if (!(used & 1u << d) && t->sizes[d] != 1)
            return dml_reject(ctx, rule,
                              "%s.Sizes[%u] is %u; allowed: 1 (a dimension the operator does "
                              "not use, outside its meaningful trailing ones)",
                              name, d, t->sizes[d]);
    }
    return S_OK;
}

HRESULT dml_index_check_unwalked(struct dml_validate_ctx *ctx, dml_rule_code rule,
                                 const struct dml_index_layout *layout,
                                 const struct dml_tensor *data, const char *data_name,
                                 const struct dml_tensor *index, const char *index_name)
{
    uint32_t data_used = walked_mask(layout->data_dim, layout->rank);
    uint32_t index_used = walked_mask(layout->index_dim, layout->rank);
    HRESULT hr;

    for (uint32_t j = 0; j < layout->tuple_count; ++j)
        data_used |= 1u << layout->tuple_data_dim[j];
    if (layout->tuple_index_dim != DML_INDEX_NO_DIM)
        index_used |= 1u << layout->tuple_index_dim;
    if (FAILED(hr = check_ones(ctx, rule, data, data_name, data_used)))
        return hr;
    return check_ones(ctx, rule, index, index_name, index_used);
}

static uint32_t max_u32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

static void index_tuple(const struct dml_index_layout *layout, const struct dml_index_roles *roles,
                        struct plan_index *index)
{
    index->count = layout->tuple_count;
    index->step = layout->tuple_index_dim != DML_INDEX_NO_DIM
                      ? roles->index->strides[layout->tuple_index_dim]
                      : 0;
    for (uint32_t j = 0; j < layout->tuple_count; ++j)
    {
        index->sizes[j] = roles->data->sizes[layout->tuple_data_dim[j]];
        index->data_strides[j] = roles->data->strides[layout->tuple_data_dim[j]];
    }
}

HRESULT dml_index_lower(const struct dml_index_layout *layout, const struct dml_index_roles *roles,
                        uint32_t elem_bytes, struct plan *plan)
{
    bool scatter = roles->mode >= PLAN_INDEX_SCATTER_CLEAR;
    HRESULT hr = lower_plan_init(plan, elem_bytes, layout->rank, 1);
    struct plan_index *index = &plan->index;

    if (FAILED(hr))
        return hr;
    plan->in_slot = scatter ? roles->direct_slot : roles->data_slot;
    plan->parts[0].slot = scatter ? roles->data_slot : roles->direct_slot;
    for (uint32_t o = 0; o < layout->rank; ++o)
    {
        int64_t data =
            layout->data_dim[o] != DML_INDEX_NO_DIM ? roles->data->strides[layout->data_dim[o]] : 0;
        int64_t direct = roles->direct->strides[o];

        plan->dims[o] = (struct plan_dim){.size = roles->direct->sizes[o],
                                          .in_stride = scatter ? direct : data};
        plan->parts[0].strides[o] = scatter ? data : direct;
        index->strides[o] = layout->index_dim[o] != DML_INDEX_NO_DIM
                                ? roles->index->strides[layout->index_dim[o]]
                                : 0;
    }
    index->mode = roles->mode;
    index->slot = roles->index_slot;
    index->type = roles->index->data_type;
    index->axis = layout->axis != DML_INDEX_NO_DIM ? (uint32_t)layout->axis : 0;
    index->claim_slot = roles->claim_slot;
    index->slice_rank = scatter ? layout->slice_rank : 0;
    index_tuple(layout, roles, index);
    plan->slot_count = 1 + max_u32(max_u32(plan->in_slot, plan->parts[0].slot),
                                   max_u32(index->slot, scatter ? index->claim_slot : 0));
    return S_OK;
}

void dml_index_nd_layout(uint32_t rank, const struct dml_index_nd *nd, uint32_t k,
                         struct dml_index_layout *layout)
{
    uint32_t trailing = nd->input_dims - nd->batch_dims - k; /* input dims after the tuple's */
    uint32_t pad = rank - (nd->indices_dims - 1 + trailing), first_index = rank - nd->indices_dims;

    memset(layout, DML_INDEX_NO_DIM, sizeof(*layout));
    layout->rank = rank;
    layout->tuple_count = k;
    layout->tuple_index_dim = (int8_t)(rank - 1);
    layout->slice_rank = trailing;
    for (uint32_t j = 0; j < k; ++j)
        layout->tuple_data_dim[j] = (uint8_t)(rank - nd->input_dims + nd->batch_dims + j);
    for (uint32_t o = pad; o < pad + nd->indices_dims - 1; ++o) /* batches, tuple positions */
        layout->index_dim[o] = (int8_t)(first_index + o - pad);
    for (uint32_t o = pad; o < pad + nd->batch_dims; ++o)
        layout->data_dim[o] = (int8_t)(rank - nd->input_dims + o - pad);
    for (uint32_t o = pad + nd->indices_dims - 1; o < rank; ++o) /* the input's trailing dims */
        layout->data_dim[o] = (int8_t)(rank - trailing + o - (pad + nd->indices_dims - 1));
}

/* GN-2 (SC-3): the counts in [1, DimensionCount] (FD5); GN-3: the batch dims before both. */
static HRESULT check_nd_counts(struct dml_validate_ctx *ctx, const struct dml_index_nd_rules *rules,
                               const struct dml_index_nd *nd, uint32_t rank)
{
    if (nd->input_dims < 1 || nd->input_dims > rank)
        return dml_reject(ctx, rules->counts,
                          "InputDimensionCount is %u; allowed: 1..%u (the DimensionCount, FD5)",
                          nd->input_dims, rank);
    if (nd->indices_dims < 1 || nd->indices_dims > rank)
        return dml_reject(ctx, rules->counts,
                          "IndicesDimensionCount is %u; allowed: 1..%u (the DimensionCount, FD5)",
                          nd->indices_dims, rank);
    if (nd->batch_dims >= nd->input_dims || nd->batch_dims >= nd->indices_dims)
        return dml_reject(ctx, rules->batch,
                          "BatchDimensionCount is %u; allowed: < InputDimensionCount (%u) and < "
                          "IndicesDimensionCount (%u)",
                          nd->batch_dims, nd->input_dims, nd->indices_dims);
    return S_OK;
}

/* GN-4: the tuple size; GN-5: the direct tensor's dims fit its DimensionCount. */
static HRESULT check_nd_tuple(struct dml_validate_ctx *ctx, const struct dml_index_nd_rules *rules,
                              const struct dml_index_nd *nd, uint32_t rank, uint32_t k)
{
    uint32_t room = nd->input_dims - nd->batch_dims;

    if (k < 1 || k > room)
        return dml_reject(ctx, rules->tuple,
                          "IndicesTensor.Sizes[%u] (the index tuple's size) is %u; allowed: "
                          "1..%u (InputDimensionCount - BatchDimensionCount)",
                          rank - 1, k, room);
    if (nd->indices_dims - 1 + room - k > rank)
        return dml_reject(ctx, rules->rank,
                          "the %s has %u meaningful dimensions (IndicesDimensionCount - 1 + "
                          "InputDimensionCount - BatchDimensionCount - tuple size); allowed: <= "
                          "%u (the DimensionCount)",
                          rules->direct_name, nd->indices_dims - 1 + room - k, rank);
    return S_OK;
}

HRESULT dml_index_check_nd(struct dml_validate_ctx *ctx, const struct dml_index_nd_rules *rules,
                           const struct dml_index_nd *nd, const struct dml_tensor *data,
                           const struct dml_tensor *index, struct dml_index_layout *layout)
{
    uint32_t rank = data->rank, k = index->sizes[rank - 1];
    HRESULT hr;

    if (FAILED(hr = check_nd_counts(ctx, rules, nd, rank)) ||
        FAILED(hr = check_nd_tuple(ctx, rules, nd, rank, k)))
        return hr;
    dml_index_nd_layout(rank, nd, k, layout);
    for (uint32_t j = 0; j < nd->batch_dims; ++j)
    {
        uint32_t d = rank - nd->input_dims + j, e = rank - nd->indices_dims + j;
        if (index->sizes[e] != data->sizes[d])
            return dml_reject(ctx, rules->batch_size,
                              "IndicesTensor.Sizes[%u] is %u; allowed: the batch's InputTensor."
                              "Sizes[%u] (%u)",
                              e, index->sizes[e], d, data->sizes[d]);
    }
    return dml_index_check_unwalked(ctx, rules->leading, layout, data, rules->data_name, index,
                                    "IndicesTensor");
}
