/* IDMLCompiledOperator: an operator lowered to a one-step program (its OWNED_BY_DML inputs are
 * program tensors in the persistent resource). */
#ifndef DMLOPS_COMPILED_OPERATOR_H
#define DMLOPS_COMPILED_OPERATOR_H

#include <stdatomic.h>

#include "dispatchable.h"

struct dml_compiled_operator
{
    IDMLCompiledOperator IDMLCompiledOperator_iface;
    struct dml_dispatchable dispatchable;
    IDMLOperator *source; /* strong reference, as DirectML keeps; never read */
    atomic_bool initialized;
};

struct dml_compiled_operator *dml_compiled_operator_from_iface(IDMLCompiledOperator *iface);

/* The builder's entry (a compiled graph): a compiled operator running program, whose bindings are
 * checked against layout (input i of the layout is input binding i of the program's tensors,
 * likewise outputs; an OWNED tensor's binding is an input whose rule is DML_BINDING_FORBIDDEN).
 * Takes both, on failure too. flags: DML_EXECUTION_FLAGS, as CompileOperator's. */
HRESULT dml_compiled_program_create(struct dml_device *device, struct program *program,
                                    struct dml_binding_layout *layout, DML_EXECUTION_FLAGS flags,
                                    IDMLCompiledOperator **out);

#endif
