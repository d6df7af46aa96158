/* Small DirectML helpers shared by the interop, GPU-AV and large-tensor tests: what every DirectML
 * application writes around CreateOperator / CompileOperator / CreateBindingTable. */
#ifndef DMLOPS_TEST_DML_UTIL_H
#define DMLOPS_TEST_DML_UTIL_H

#define COBJMACROS
#include <dmlops.h>

/* A packed buffer tensor (Strides NULL) with TotalTensorSizeInBytes from
 * dmlopsCalcBufferTensorSize; tensor->Desc points at buffer. */
void dml_util_tensor(DML_BUFFER_TENSOR_DESC *buffer, DML_TENSOR_DESC *tensor,
                     DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes,
                     DML_TENSOR_FLAGS flags);

/* CreateOperator + CompileOperator; prints the failing step and its HRESULT. */
HRESULT dml_util_compile(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc,
                         IDMLCompiledOperator **compiled);
/* The same with execution flags. */
HRESULT dml_util_compile_flags(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc,
                               DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **compiled);

/* Initializes compiled (no OWNED_BY_DML input, no persistent resource) through dmlopsExecute;
 * prints what failed. */
HRESULT dml_util_initialize(IDMLDevice *device, IDMLCompiledOperator *compiled);

/* A binding table for dispatchable (no descriptors: RequiredDescriptorCount is 0 here). */
HRESULT dml_util_table(IDMLDevice *device, IDMLDispatchable *dispatchable,
                       IDMLBindingTable **table);

/* A BUFFER binding desc over *binding, or NONE when binding->Buffer is NULL. */
DML_BINDING_DESC dml_util_binding(const DML_BUFFER_BINDING *binding);

/* Initializes compiled (no OWNED_BY_DML input, no persistent resource) through
 * dmlopsExecute, then records and executes it on the given buffers (one input, output_count
 * outputs, at most 64) with dmlopsExecute, and checks GetDeviceRemovedReason. */
HRESULT dml_util_run(IDMLDevice *device, IDMLCompiledOperator *compiled, ID3D12Resource *input,
                     UINT64 input_size, UINT output_count, ID3D12Resource *const *outputs,
                     const UINT64 *output_sizes);

#endif
