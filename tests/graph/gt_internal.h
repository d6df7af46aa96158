/* CPU-only fixtures of the graph tests: a device without Vulkan (validation and planning never
 * touch it), the operators the cases connect, and checks of one rule's rejection. */
#ifndef DMLOPS_TESTS_GT_INTERNAL_H
#define DMLOPS_TESTS_GT_INTERNAL_H

#ifndef COBJMACROS
#define COBJMACROS
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "device.h"
#include "graph.h"
#include "graph_plan.h"
#include "gt_graph.h"

struct gt_fixture
{
    struct dml_device *dev; /* FL 6.4, debug */
    IDMLDevice *device;
    IDMLOperator *copy4;       /* SLICE1 FLOAT32 {4} -> {4} */
    IDMLOperator *copy4_owned; /* the same, input OWNED_BY_DML */
    IDMLOperator *copy5;       /* FLOAT32 {5}: 20 bytes, not 16 */
    IDMLOperator *copy8_u16;   /* UINT16 {8}: the 16 bytes of copy4 read as another type */
    IDMLOperator *split22;     /* SPLIT FLOAT32 {4} -> {2}, {2} */
    IDMLOperator *pad4;        /* PADDING FLOAT32 {4} -> {6} */
};

/* A device of this library without Vulkan, at level with debug output. */
struct dml_device *gt_cpu_device(DML_FEATURE_LEVEL level);
int gt_setup(void **state);
int gt_teardown(void **state);

/* Validates desc: the HRESULT and rule, with the one debug line in line (when non-NULL). */
HRESULT gt_validate(struct dml_device *dev, const DML_GRAPH_DESC *desc, DML_EXECUTION_FLAGS flags,
                    enum dml_rule *rule, char *line, size_t size);
/* desc is rejected by rule with E_INVALIDARG (also through IDMLDevice1::CompileGraph), in one
 * debug line naming the rule and holding every string of `needles` (NULL-terminated). */
void gt_expect_rule_(struct dml_device *dev, const DML_GRAPH_DESC *desc, DML_EXECUTION_FLAGS flags,
                     enum dml_rule rule, const char *const *needles, const char *file, int line);
#define gt_expect_rule(dev, desc, flags, rule, ...)                                                \
    gt_expect_rule_(dev, desc, flags, rule, (const char *const[]){__VA_ARGS__, NULL}, __FILE__,    \
                    __LINE__)
/* desc is valid (dml_graph_validate returns S_OK). */
void gt_expect_valid_(struct dml_device *dev, const DML_GRAPH_DESC *desc, const char *file,
                      int line);
#define gt_expect_valid(dev, desc) gt_expect_valid_(dev, desc, __FILE__, __LINE__)
/* IDMLDevice1::CompileGraph with ppv NULL. */
HRESULT gt_compile_check(struct dml_device *dev, const DML_GRAPH_DESC *desc);

/* Which graph rules some case has rejected a graph by. */
void gt_rule_seen(enum dml_rule rule);
bool gt_rule_was_seen(enum dml_rule rule);

#endif
