/* The index-carrying operators (datamove-family 4, 5, 7, 11 and 12; decisions FD5 and FD7):
 * GATHER, GATHER_ELEMENTS, GATHER_ND, GATHER_ND1, SCATTER_ELEMENTS (= SCATTER), SCATTER_ND,
 * ONE_HOT and REVERSE_SUBSEQUENCES. Each says, as a struct dml_index_layout, how its iteration
 * space (one dimension per tensor dimension) walks its data tensor (read by a gather, written by a
 * scatter), its index tensor and its direct tensor (the output of a gather, the updates of a
 * scatter); validation checks sizes against the layout and lowering turns it into an indexed plan
 * (struct plan_index, src/plan.h). */
#ifndef DMLOPS_OPS_INDEX_H
#define DMLOPS_OPS_INDEX_H

#include "lower.h"
#include "ops/ops.h"

/* IDX: the index types from FL 3.0 (UINT32 alone before). */
#define DML_TYPES_INDEX                                                                            \
    (DML_TYPE_BIT(INT32) | DML_TYPE_BIT(UINT32) | DML_TYPE_BIT(INT64) | DML_TYPE_BIT(UINT64))
/* 10T: 8T and the 64-bit integers. */
#define DML_TYPES_10T (DML_TYPES_8T | DML_TYPE_BIT(INT64) | DML_TYPE_BIT(UINT64))

#define DML_INDEX_NO_DIM (-1)

struct dml_index_layout
{
    uint32_t rank;
    int8_t data_dim[DML_MAX_RANK];        /* per iteration dim: the data dim it walks, or NO_DIM */
    int8_t index_dim[DML_MAX_RANK];       /* per iteration dim: the index dim it walks, or NO_DIM */
    uint32_t tuple_count;                 /* components of one index tuple */
    uint8_t tuple_data_dim[DML_MAX_RANK]; /* the data dim component j indexes */
    int8_t tuple_index_dim; /* the index dim the components lie along; NO_DIM: one component */
    int8_t axis;            /* REVERSE, ONE_HOT: the iteration dim compared; else NO_DIM */
    uint32_t slice_rank;    /* SCATTER_ND: innermost iteration dims one tuple writes */
};

/* The index tensor: T1-T9, then its DataType and DimensionCount against the operator's index
 * table (a feature-level table whose types are the index types). */
HRESULT dml_validate_index_input(struct dml_validate_ctx *ctx, const struct dml_fl_table *index_fl,
                                 const DML_TENSOR_DESC *desc, const char *name,
                                 struct dml_tensor *out);
/* T10 for a further tensor t of the operator, against ref. */
HRESULT dml_check_same_rank(struct dml_validate_ctx *ctx, const struct dml_tensor *t,
                            const char *name, const struct dml_tensor *ref, const char *ref_name);
HRESULT dml_check_same_type(struct dml_validate_ctx *ctx, const struct dml_tensor *t,
                            const char *name, const struct dml_tensor *ref, const char *ref_name);
/* An Axis field: < rank. */
HRESULT dml_check_axis(struct dml_validate_ctx *ctx, dml_rule_code rule, uint32_t axis,
                       uint32_t rank, const char *tensor);

/* The extent iteration dim o walks: its data dim's, else its index dim's, else 1. */
uint32_t dml_index_walk_size(const struct dml_index_layout *layout, const struct dml_tensor *data,
                             const struct dml_tensor *index, uint32_t o);
/* t.Sizes (t the direct tensor) equal the walked extents; rule names the formula. The data
 * tensor's sizes are InputTensor's (a gather reads it, a scatter's output has its sizes). */
HRESULT dml_index_check_walk_sizes(struct dml_validate_ctx *ctx, dml_rule_code rule,
                                   const struct dml_index_layout *layout,
                                   const struct dml_tensor *data, const struct dml_tensor *index,
                                   const struct dml_tensor *t, const char *name);
/* Every dim of data and of index that the layout neither walks nor indexes has size 1 (a
 * leading one the operator ignores). */
HRESULT dml_index_check_unwalked(struct dml_validate_ctx *ctx, dml_rule_code rule,
                                 const struct dml_index_layout *layout,
                                 const struct dml_tensor *data, const char *data_name,
                                 const struct dml_tensor *index, const char *index_name);

/* GATHER_ND(1) and SCATTER_ND: the meaningful trailing dims of the data (InputDimensionCount)
 * and of the indices (IndicesDimensionCount, the last one the tuple), the leading ones of both
 * that are batches. The iteration dims are {1..., the batches, the indices' tuple positions, the
 * data's dims after the tuple's}, right-aligned. */
struct dml_index_nd
{
    uint32_t input_dims, indices_dims, batch_dims;
};

/* The rules of one operator (GN-x for the gathers, SC-3 for SCATTER_ND). */
struct dml_index_nd_rules
{
    dml_rule_code counts, batch, tuple, rank, batch_size, leading;
    const char *data_name, *direct_name;
};

/* The layout of nd for a tuple of k components (nd already checked). */
void dml_index_nd_layout(uint32_t rank, const struct dml_index_nd *nd, uint32_t k,
                         struct dml_index_layout *layout);
/* Every rule on the counts, the tuple size, the batches' sizes and the ignored leading dims;
 * fills layout. The direct tensor's sizes are the caller's (dml_index_check_walk_sizes). */
HRESULT dml_index_check_nd(struct dml_validate_ctx *ctx, const struct dml_index_nd_rules *rules,
                           const struct dml_index_nd *nd, const struct dml_tensor *data,
                           const struct dml_tensor *index, struct dml_index_layout *layout);

/* The tensors of an indexed plan and their slots. GATHER modes read data and write direct;
 * SCATTER_WRITE reads direct and writes data. */
struct dml_index_roles
{
    enum plan_index_mode mode;
    const struct dml_tensor *data, *index, *direct;
    uint32_t data_slot, index_slot, direct_slot, claim_slot;
};

/* The indexed plan of layout (not yet simplified: dml_lower does it); E_OUTOFMEMORY. */
HRESULT dml_index_lower(const struct dml_index_layout *layout, const struct dml_index_roles *roles,
                        uint32_t elem_bytes, struct plan *plan);

/* SCATTER_ELEMENTS and SCATTER_ND as steps (src/lower_steps.c): copy the input to the output,
 * then clear, claim and write (FD7: of several updates of one element the last one wins). */
#define DML_SCATTER_STEPS 4
HRESULT dml_scatter_elements_lower_steps(const struct dml_op_def *def, struct dml_lower_steps *out);
HRESULT dml_scatter_nd_lower_steps(const struct dml_op_def *def, struct dml_lower_steps *out);
/* Shared by both: def's tensors are Input, Indices, Updates, Output. */
HRESULT dml_scatter_lower_steps(const struct dml_op_def *def, const struct dml_index_layout *layout,
                                struct dml_lower_steps *out);

#endif
