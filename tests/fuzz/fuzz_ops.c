/* The operator descs: DML_OPERATOR_DESC and the desc of its Type, from the defaults and patches,
 * by the builder of the operator of that type (fuzz_op.h: one for each operator of DML_OPS, in
 * its test file); and the helpers the builders share. */
#include <string.h>

#include "fuzz_op.h"
#include "ops/op_list.h"

/* The registry's operators, each one's fuzz part: one missing is an undefined symbol. */
#define FUZZ_OP_DECLARE(name) extern const struct fuzz_op fuzz_op_##name;
DML_OPS(FUZZ_OP_DECLARE)
#define FUZZ_OP_POINTER(name) &fuzz_op_##name,
static const struct fuzz_op *const ops[] = {DML_OPS(FUZZ_OP_POINTER)};

const struct fuzz_op *fuzz_op_at(uint32_t i)
{
    return i < FUZZ_COUNT(ops) ? ops[i] : NULL;
}

const struct fuzz_op *fuzz_op_of(DML_OPERATOR_TYPE type)
{
    for (uint32_t i = 0; i < FUZZ_COUNT(ops); ++i)
    {
        if (ops[i]->type == type)
            return ops[i];
    }
    return NULL;
}

void fd_in_out(struct fuzz_decoder *d, const struct fuzz_params *p, DML_TENSOR_FLAGS input_flags,
               struct fuzz_case *c)
{
    c->inputs = fd_tensor(d, 0, p, &p->input, input_flags);
    c->input_count = 1;
    c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
}

uint32_t fd_dimension_count(struct fuzz_decoder *d, const struct fuzz_params *p)
{
    return fd_u32(d, FF_DESC_DIMENSION_COUNT, 0, 0, p->input.rank);
}

UINT *fd_desc_array(struct fuzz_decoder *d, const struct fuzz_params *p, uint32_t which,
                    uint32_t count)
{
    if (!fd_present(d, FF_ARRAY_PTR, which, 0))
        return NULL;
    return fd_array(d, FF_ARRAY, which, count, p->arrays[which], p->input.rank);
}

void fd_listed_tensors(struct fuzz_decoder *d, const struct fuzz_params *p,
                       DML_TENSOR_FLAGS input_flags, uint32_t count, uint32_t index_mask,
                       const DML_TENSOR_DESC **fields, struct fuzz_case *c)
{
    DML_TENSOR_DESC *inputs = fd_alloc(d, count ? count : 1, sizeof(*inputs));
    for (uint32_t j = 0; inputs && j < count; ++j)
    {
        struct fuzz_params typed = *p;
        const uint32_t t = FUZZ_INPUT_TENSOR(j);
        if (index_mask >> j & 1)
            typed.data_type = p->index_type;
        fd_tensor_into(d, t, &typed, &p->inputs[j], j ? DML_TENSOR_FLAG_NONE : input_flags,
                       &inputs[j]);
        fields[j] = fd_present(d, FF_TENSOR_PTR, t, 0) ? &inputs[j] : NULL;
    }
    c->inputs = inputs;
    c->input_count = count;
    c->index_inputs = index_mask;
    c->outputs = fd_tensor(d, 1, p, &p->outputs[0], DML_TENSOR_FLAG_NONE);
    c->output_count = 1;
}

uint32_t fd_index_count(struct fuzz_decoder *d, const struct fuzz_params *p, uint32_t which)
{
    return fd_u32(d, FF_INDEX_COUNT, which, 0, p->counts[which]);
}

DML_SCALAR_UNION fd_scalar(struct fuzz_decoder *d, uint32_t which, uint64_t fallback)
{
    DML_SCALAR_UNION value = {.UInt64 = fd_u64(d, FF_VALUE, which, 0, fallback)};
    return value;
}

DML_TENSOR_DATA_TYPE fd_value_type(struct fuzz_decoder *d, const struct fuzz_params *p)
{
    return (DML_TENSOR_DATA_TYPE)fd_u32(d, FF_VALUE_TYPE, 0, 0, p->data_type);
}

/* A Type without an operator gets a Desc with no readable byte: the library must not look at it. */
void fuzz_build_op(struct fuzz_decoder *d, const struct fuzz_params *p,
                   DML_TENSOR_FLAGS input_flags, struct fuzz_case *c)
{
    DML_OPERATOR_DESC *op = fd_alloc(d, 1, sizeof(*op));
    struct fuzz_params typed = *p;
    const struct fuzz_op *fuzz_op;
    void *desc;

    if (!op)
        return;
    op->Type = (DML_OPERATOR_TYPE)fd_u32(d, FF_OP_TYPE, 0, 0, p->type);
    typed.type = op->Type; /* a patched type builds its own desc from the same defaults */
    fuzz_op = fuzz_op_of(op->Type);
    c->implemented = fuzz_op != NULL;
    desc = fuzz_op ? fuzz_op->build(d, &typed, input_flags, c) : fd_alloc(d, 0, 1);
    op->Desc = fd_present(d, FF_OP_DESC_PTR, 0, 0) ? desc : NULL;
    c->desc = fd_present(d, FF_DESC_PTR, 0, 0) ? op : NULL;
}
