/* IDMLOperator: a validated desc in normalised form, nothing compiled yet. */
#ifndef DMLOPS_OPERATOR_H
#define DMLOPS_OPERATOR_H

#include "child.h"
#include "op_def.h"

struct dml_operator
{
    IDMLOperator IDMLOperator_iface;
    struct dml_child child;
    struct dml_op_def def;
    uint64_t digest; /* dml_op_def_digest(&def): CompileGraph's cache key (graph_key.h) */
};

/* NULL when iface is not an operator of this library. */
struct dml_operator *dml_operator_from_iface(IDMLOperator *iface);

#endif
