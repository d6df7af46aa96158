/* IDMLCompiledOperator: an operator lowered to dispatches, plus where its OWNED_BY_DML inputs
 * live in the persistent resource. */
#ifndef DMLOPS_COMPILED_OPERATOR_H
#define DMLOPS_COMPILED_OPERATOR_H

#include <stdatomic.h>

#include "dispatchable.h"
#include "operator.h"

#define DML_NOT_OWNED UINT64_MAX

struct dml_compiled_operator
{
    IDMLCompiledOperator IDMLCompiledOperator_iface;
    struct dml_dispatchable dispatchable;
    struct dml_operator *op;  /* strong reference */
    uint64_t *owned_offsets;  /* per input: offset in the persistent resource, or DML_NOT_OWNED */
    atomic_bool initialized;
};

struct dml_compiled_operator *dml_compiled_operator_from_iface(IDMLCompiledOperator *iface);

#endif
