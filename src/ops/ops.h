/* Internal to the validators in src/ops: the registry of implemented operators and the checks
 * that several operators share. */
#ifndef DMLOPS_OPS_OPS_H
#define DMLOPS_OPS_OPS_H

#include "feature_level.h"
#include "op_def.h"
#include "tensor.h"
#include "validate.h"

#include "plan.h"

/* An operator libdmlops implements, all of it in src/ops/<op>.c: its feature-level table, its
 * own validation rules, its validator and its lowering. The validator fills out only when it
 * returns S_OK (with dml_op_def_store), and leaves it untouched otherwise. lower writes the plan
 * with one dimension per tensor dimension (src/lower.c simplifies it); it fails only with
 * E_OUTOFMEMORY. Every entry is listed once, in DML_OPS (src/ops/op_list.h), which everything
 * else reads. */
struct dml_op_entry
{
    DML_OPERATOR_TYPE type;
    const char *name; /* "SLICE1": as in DML_OPERATOR_SLICE1 */
    struct dml_fl_table fl;
    HRESULT (*validate)(struct dml_validate_ctx *ctx, const void *desc, struct dml_op_def *out);
    HRESULT (*lower)(const struct dml_op_def *def, struct plan *plan);
    const struct dml_rule_table *rules; /* its own (&op_rules of DML_OP_RULES), or NULL */
};

/* An operator file's own rules, list being X(ID, short name, title, message) as DML_RULES: names
 * them DML_RULE_<ID> in the file, numbered from DML_RULE_OP_FIRST (dml_reject finds them through
 * the entry being validated), and defines op_rules for the file's entries to point at. */
#define DML_OP_RULES(list)                                                                         \
    enum                                                                                           \
    {                                                                                              \
        DML_OP_RULE_BEFORE_ = DML_RULE_OP_FIRST - 1,                                               \
        list(DML_RULE_ENUM)                                                                        \
    };                                                                                             \
    static const struct dml_rule_info op_rule_infos[] = {list(DML_RULE_INFO)};                     \
    static const struct dml_rule_table op_rules = {                                                \
        op_rule_infos, sizeof(op_rule_infos) / sizeof(op_rule_infos[0])}

/* The entry of an implemented operator; NULL for any other type. */
const struct dml_op_entry *dml_op_find(DML_OPERATOR_TYPE type);
/* Entry i of the registry, in DML_OPS order; NULL past the end. */
const struct dml_op_entry *dml_op_at(size_t i);

/* The input with its feature-level rules (data type and dimension count at ctx's level). */
HRESULT dml_validate_input(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                           const char *name, struct dml_tensor *out);
/* An output of the operator whose input is in (T1-T9, D8, then T10 against in). */
HRESULT dml_validate_output(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                            const char *name, const struct dml_tensor *in, struct dml_tensor *out);
/* As dml_validate_output, but the output's DataType is its own, checked against the level
 * (CAST). */
HRESULT dml_validate_output_any_type(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                                     const char *name, const struct dml_tensor *in,
                                     struct dml_tensor *out);
/* The output of an operator without inputs (fills, DIAGONAL_MATRIX): T1-T9, D8 and its
 * feature-level rules (data type and dimension count). */
HRESULT dml_validate_generated_output(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *desc,
                                      const char *name, struct dml_tensor *out);
/* A desc's value type field (ValueDataType) equals the output's DataType, else rule. */
HRESULT dml_check_value_type(struct dml_validate_ctx *ctx, dml_rule_code rule,
                             DML_TENSOR_DATA_TYPE value_type, const struct dml_tensor *output);
/* DIAGONAL_MATRIX and DIAGONAL_MATRIX1: the band of def->u.generator, off-band values from
 * input 0 when there is one (src/ops/diagonal_matrix.c). */
HRESULT dml_diagonal_lower(const struct dml_op_def *def, struct plan *plan);
/* InputTensor and OutputTensor of a one-in, one-out operator into t[0] and t[1]. */
HRESULT dml_validate_in_out(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *in_desc,
                            const DML_TENSOR_DESC *out_desc, struct dml_tensor t[2]);

/* The desc's DimensionCount equals the tensors' rank, and each named array is non-null. */
HRESULT dml_check_desc_dims(struct dml_validate_ctx *ctx, UINT dimension_count, uint32_t rank);
HRESULT dml_check_array(struct dml_validate_ctx *ctx, const void *array, const char *field);
/* FILL_VALUE_CONSTANT and FILL_VALUE_SEQUENCE: the output (any size), FV-1 (ValueDataType is
 * its type), and def's generator: value, and delta when not NULL (a sequence). */
HRESULT dml_validate_fill(struct dml_validate_ctx *ctx, const DML_TENSOR_DESC *output_desc,
                          DML_TENSOR_DATA_TYPE value_type, const DML_SCALAR_UNION *value,
                          const DML_SCALAR_UNION *delta, struct dml_op_def *def);
/* A strided window along dimension i (SLICE1's S1-5..S1-7, SLICE_GRAD's SG-2, SG-3): a size of
 * at least 1, offset + size within the windowed tensor's extent `bound`, a stride other than 0,
 * and at most 1 + (size - 1) / |stride| elements (`count`) taken from it. */
struct dml_window_rules
{
    dml_rule_code size_zero, out_of_bounds, stride_zero, count_too_large;
    const char *bounded; /* the tensor the window lies in */
    const char *counted; /* the tensor of the window's elements */
};
HRESULT dml_check_window(struct dml_validate_ctx *ctx, const struct dml_window_rules *rules,
                         uint32_t i, uint32_t offset, uint32_t size, int32_t stride,
                         uint32_t bound, uint32_t count);
/* PaddingMode defined (else undefined, the operator's rule) and allowed at ctx's level. */
HRESULT dml_check_padding_mode(struct dml_validate_ctx *ctx, dml_rule_code undefined,
                               DML_PADDING_MODE mode);

/* Allocates out for ctx's operator and copies the normalised tensors into it. */
HRESULT dml_op_def_store(struct dml_validate_ctx *ctx, struct dml_op_def *out,
                         const struct dml_tensor *tensors, uint32_t input_count,
                         uint32_t output_count);

#endif
