/* IDMLBindingTable: the buffers bound to one dispatchable, checked when bound (spec 3.2, 4.6) and
 * resolved to device addresses. Misuse in its void methods removes the device (decision D13). */
#ifndef DMLOPS_BINDING_TABLE_H
#define DMLOPS_BINDING_TABLE_H

#include "dispatchable.h"

struct dml_binding_table;

struct dml_binding_table *dml_binding_table_from_iface(IDMLBindingTable *iface);
/* RecordDispatch's text for a command list it may not record into. */
#define DML_WHY_NOT_RECORDING                                                                      \
    "the command list is not one of this device in the recording state (submitted already, or "    \
    "another device's)"

/* Why the table may not be recorded with dispatchable now (static text), or NULL. Reads only. */
const char *dml_binding_table_check(struct dml_binding_table *table,
                                    struct dml_dispatchable *dispatchable);
/* Records dispatchable, which dml_binding_table_check allowed, with the table's bindings into cmd,
 * or explains in why (static text) why not: DML_WHY_NOT_RECORDING when cmd is not recording. */
HRESULT dml_binding_table_record(struct dml_binding_table *table,
                                 struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                                 const char **why);

#endif
