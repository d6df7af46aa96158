#include "op_def.h"

#include <stdlib.h>
#include <string.h>

#include "hash.h"

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

static size_t tensor_count(const struct dml_op_def *def)
{
    return (size_t)def->input_count + def->output_count;
}

/* The def's own bytes, with the tensors' address left out. */
static void header_of(const struct dml_op_def *def, struct dml_op_def *header)
{
    memcpy(header, def, sizeof(*header));
    header->tensors = NULL;
}

HRESULT dml_op_def_copy(const struct dml_op_def *from, struct dml_op_def *to)
{
    size_t count = tensor_count(from);

    header_of(from, to);
    if (!(to->tensors = calloc(count ? count : 1, sizeof(*to->tensors))))
        return E_OUTOFMEMORY;
    memcpy(to->tensors, from->tensors, count * sizeof(*to->tensors));
    return S_OK;
}

bool dml_op_def_same(const struct dml_op_def *a, const struct dml_op_def *b)
{
    struct dml_op_def ha, hb;

    header_of(a, &ha);
    header_of(b, &hb);
    return !memcmp(&ha, &hb, sizeof(ha)) &&
           !memcmp(a->tensors, b->tensors, tensor_count(a) * sizeof(*a->tensors));
}

uint64_t dml_op_def_digest(const struct dml_op_def *def)
{
    struct dml_op_def header;

    header_of(def, &header);
    return dml_hash(&header, sizeof(header)) * 31 +
           dml_hash(def->tensors, tensor_count(def) * sizeof(*def->tensors));
}
