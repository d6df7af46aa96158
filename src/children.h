/* Constructors of the device's children, each implemented in the file of its object. Each returns
 * the object with one reference owned by the caller. */
#ifndef DMLOPS_CHILDREN_H
#define DMLOPS_CHILDREN_H

#include "device.h"

HRESULT dml_operator_create(struct dml_device *device, const DML_OPERATOR_DESC *desc,
                            IDMLOperator **out);
HRESULT dml_compiled_operator_create(struct dml_device *device, IDMLOperator *op,
                                     DML_EXECUTION_FLAGS flags, IDMLCompiledOperator **out);
HRESULT dml_initializer_create(struct dml_device *device, UINT count,
                               IDMLCompiledOperator *const *operators,
                               IDMLOperatorInitializer **out);
HRESULT dml_binding_table_create(struct dml_device *device, const DML_BINDING_TABLE_DESC *desc,
                                 IDMLBindingTable **out);
HRESULT dml_command_recorder_create(struct dml_device *device, IDMLCommandRecorder **out);

#endif
