/* Helpers for the validation tests: tensor descs built in place, and assertions that a desc is
 * accepted or rejected by one named rule (recording which rules the suite has exercised). */
#ifndef DMLOPS_TESTS_VT_H
#define DMLOPS_TESTS_VT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "feature_level.h"
#include "op_def.h"
#include "tensor.h"
#include "validate.h"

#define VT_FL_MAX DML_FEATURE_LEVEL_6_4

/* A tensor desc and the storage it points to. Not copyable: it points into itself. */
struct vt_tensor
{
    UINT sizes[DML_MAX_RANK];
    UINT strides[DML_MAX_RANK];
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC desc;
};

/* Packed tensor, TotalTensorSizeInBytes = DMLCalcBufferTensorSize. */
void vt_tensor_init(struct vt_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes);
/* Sets strides (NULL: none) and recomputes TotalTensorSizeInBytes. */
void vt_tensor_strides(struct vt_tensor *t, const UINT *strides);
/* Sets the data type and recomputes TotalTensorSizeInBytes. */
void vt_tensor_type(struct vt_tensor *t, DML_TENSOR_DATA_TYPE type);

/* A SLICE1 desc with its tensors and arrays. */
struct vt_slice1
{
    struct vt_tensor in, out;
    UINT offsets[DML_MAX_RANK], sizes[DML_MAX_RANK];
    INT strides[DML_MAX_RANK];
    DML_SLICE1_OPERATOR_DESC desc;
};

/* A window over the whole input with strides 1 (a copy). */
void vt_slice1_identity(struct vt_slice1 *c, DML_TENSOR_DATA_TYPE type, UINT rank,
                        const UINT *sizes);

/* A PADDING and a PADDING1 desc sharing tensors and arrays. */
struct vt_padding
{
    struct vt_tensor in, out;
    UINT start[DML_MAX_RANK], end[DML_MAX_RANK];
    DML_PADDING_OPERATOR_DESC desc;
    DML_PADDING1_OPERATOR_DESC desc1;
};

/* The seeds' case: input {1,1,4,4}, StartPadding {0,0,1,2}, EndPadding {0,0,3,4}, output
 * {1,1,8,10}, PaddingValue 9 (PADDING1: of the tensors' type, 9 in its bits). */
void vt_padding_seed(struct vt_padding *c, DML_TENSOR_DATA_TYPE type, DML_PADDING_MODE mode);
/* Input of the given rank with every size 2, StartPadding 1 and EndPadding 0 everywhere. */
void vt_padding_rank(struct vt_padding *c, DML_TENSOR_DATA_TYPE type, UINT rank);

/* Validates {type, desc} at level; def may be NULL (then it is cleaned up here). rule, when not
 * NULL, gets the rule that fired (DML_RULE_NONE's when accepted). */
HRESULT vt_validate(DML_FEATURE_LEVEL level, DML_OPERATOR_TYPE type, const void *desc,
                    struct dml_op_def *def, const struct dml_rule_info **rule);

void vt_expect_ok_(DML_FEATURE_LEVEL level, DML_OPERATOR_TYPE type, const void *desc,
                   const char *file, int line);
void vt_expect_reject_(DML_FEATURE_LEVEL level, DML_OPERATOR_TYPE type, const void *desc,
                       const char *rule_id, HRESULT expected, const char *file, int line);

/* rule is the name the validator gives it, DML_RULE_<ID>: a shared rule's enum dml_rule, or one of
 * an operator's own rules, which are named only in its src/ops file; the assertion compares the
 * catalogue id of the rule that fired with that name (dml_rule_info.id, unique). */
#define VT_EXPECT_OK(level, type, desc) vt_expect_ok_(level, type, desc, __FILE__, __LINE__)
#define VT_EXPECT_REJECT(level, type, desc, rule)                                                  \
    vt_expect_reject_(level, type, desc, #rule, E_INVALIDARG, __FILE__, __LINE__)
#define VT_EXPECT_UNSUPPORTED(level, type, desc, rule)                                             \
    vt_expect_reject_(level, type, desc, #rule, DXGI_ERROR_UNSUPPORTED, __FILE__, __LINE__)

/* Marks a rule (its catalogue id) as exercised by a test that checked it some other way; fails
 * the test when the catalogue has no such rule. */
void vt_rule_seen(const char *rule_id);
bool vt_rule_was_seen(const char *rule_id);

/* Runs fn with the validators' debug flag set to debug and returns what the diag stream got
 * (a static buffer; "" when nothing). */
const char *vt_capture(void (*fn)(void *arg), void *arg, bool debug);

#define VT_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Test groups, one per file. */
struct vt_group
{
    const char *name;
    const struct CMUnitTest *tests;
    size_t count;
};
/* Each test file registers its group (VT_GROUP at its end): a new operator's file is picked up by
 * the CMake glob without a second list in main.c. */
void vt_register_group(const struct vt_group *group);
const struct vt_group *const *vt_groups(size_t *count);

#define VT_GROUP(name_, tests_)                                                                    \
    static const struct vt_group vt_group_ = {name_, tests_, VT_COUNT(tests_)};                    \
    __attribute__((constructor)) static void vt_register_(void)                                    \
    {                                                                                              \
        vt_register_group(&vt_group_);                                                             \
    }

#endif
