/* IDMLDevice1::CompileGraph behind the COM method (device.c). */
#ifndef DMLOPS_GRAPH_COMPILE_H
#define DMLOPS_GRAPH_COMPILE_H

#include "device.h"

/* Validates desc and compiles it into *out; with out NULL only says whether it would succeed
 * (S_FALSE). E_INVALIDARG for an invalid graph, E_OUTOFMEMORY. */
HRESULT dml_graph_compile(struct dml_device *device, const DML_GRAPH_DESC *desc,
                          DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **out);

#endif
