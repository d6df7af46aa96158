#include "op_def.h"

#include <stdlib.h>
#include <string.h>

HRESULT dml_op_def_init(struct dml_op_def *def, DML_OPERATOR_TYPE type, uint32_t input_count,
                        uint32_t output_count)
{
    size_t count;

    memset(def, 0, sizeof(*def));
    if (__builtin_add_overflow((size_t)input_count, (size_t)output_count, &count))
        return E_OUTOFMEMORY;
    if (!(def->tensors = calloc(count ? count : 1, sizeof(*def->tensors))))
        return E_OUTOFMEMORY;
    def->type = type;
    def->input_count = input_count;
    def->output_count = output_count;
    return S_OK;
}

void dml_op_def_cleanup(struct dml_op_def *def)
{
    free(def->tensors);
    memset(def, 0, sizeof(*def));
}
