/* The reference's table of operators, and running one over every output element. */
#include <stdlib.h>
#include <string.h>

#include "ops/op_list.h"
#include "ref_internal.h"

/* Every operator the library implements (src/ops/op_list.h) has its entry, ref_<op>, in the
 * reference part of its test file, tests/ops/<name>.c. */
DML_OPS(REF_ENTRY)
#define REF_POINTER(name) &ref_##name,
static const struct ref_entry *const entries[] = {DML_OPS(REF_POINTER)};

static const struct ref_entry *find(DML_OPERATOR_TYPE type)
{
    for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); ++i)
    {
        if (entries[i]->type == type)
            return entries[i];
    }
    return NULL;
}

bool ref_supports(DML_OPERATOR_TYPE type)
{
    return find(type) != NULL;
}

uint32_t ref_element_size(DML_TENSOR_DATA_TYPE type)
{
    static const uint32_t sizes[] = {
        [DML_TENSOR_DATA_TYPE_FLOAT32] = 4, [DML_TENSOR_DATA_TYPE_FLOAT16] = 2,
        [DML_TENSOR_DATA_TYPE_UINT32] = 4,  [DML_TENSOR_DATA_TYPE_UINT16] = 2,
        [DML_TENSOR_DATA_TYPE_UINT8] = 1,   [DML_TENSOR_DATA_TYPE_INT32] = 4,
        [DML_TENSOR_DATA_TYPE_INT16] = 2,   [DML_TENSOR_DATA_TYPE_INT8] = 1,
        [DML_TENSOR_DATA_TYPE_FLOAT64] = 8, [DML_TENSOR_DATA_TYPE_UINT64] = 8,
        [DML_TENSOR_DATA_TYPE_INT64] = 8,
    };
    return (unsigned)type < sizeof(sizes) / sizeof(sizes[0]) ? sizes[type] : 0;
}

struct ref_tensor ref_tensor_of(const DML_TENSOR_DESC *tensor)
{
    struct ref_tensor t = {.desc = tensor->Desc};
    uint64_t packed = 1;
    for (uint32_t d = t.desc->DimensionCount; d-- > 0;)
    {
        t.strides[d] = t.desc->Strides ? t.desc->Strides[d] : packed;
        packed *= t.desc->Sizes[d];
    }
    t.elem = ref_element_size(t.desc->DataType);
    return t;
}

uint64_t ref_offset(const struct ref_tensor *t, const int64_t *coord)
{
    uint64_t index = 0;
    for (uint32_t d = 0; d < t->desc->DimensionCount; ++d)
        index += (uint64_t)coord[d] * t->strides[d];
    return index * t->elem;
}

void ref_read(const DML_TENSOR_DESC *tensor, const void *base, const int64_t *coord, void *bytes)
{
    struct ref_tensor t = ref_tensor_of(tensor);
    memcpy(bytes, (const unsigned char *)base + ref_offset(&t, coord), t.elem);
}

void ref_one_in_one_out(const DML_TENSOR_DESC *input, const DML_TENSOR_DESC *output,
                        struct ref_tensors *out)
{
    *out = (struct ref_tensors){1, 1, input, output, {NULL}};
}

void ref_listed_inputs(const DML_TENSOR_DESC *a, const DML_TENSOR_DESC *b, const DML_TENSOR_DESC *c,
                       const DML_TENSOR_DESC *output, struct ref_tensors *out)
{
    const DML_TENSOR_DESC *given[REF_MAX_LISTED] = {a, b, c};
    *out = (struct ref_tensors){0, 1, NULL, output, {NULL}};
    for (uint32_t i = 0; i < REF_MAX_LISTED; ++i)
    {
        if (given[i])
            out->listed[out->input_count++] = given[i];
    }
}

static bool tensors_of(const DML_OPERATOR_DESC *desc, struct ref_tensors *out)
{
    const struct ref_entry *entry = find(desc->Type);
    if (!entry)
        return false;
    entry->tensors(desc->Desc, out);
    return true;
}

uint32_t ref_input_count(const DML_OPERATOR_DESC *desc)
{
    struct ref_tensors t;
    return tensors_of(desc, &t) ? t.input_count : 0;
}

uint32_t ref_output_count(const DML_OPERATOR_DESC *desc)
{
    struct ref_tensors t;
    return tensors_of(desc, &t) ? t.output_count : 0;
}

const DML_TENSOR_DESC *ref_input(const DML_OPERATOR_DESC *desc, uint32_t i)
{
    struct ref_tensors t;
    if (!tensors_of(desc, &t) || i >= t.input_count)
        return NULL;
    return t.inputs ? &t.inputs[i] : t.listed[i];
}

const DML_TENSOR_DESC *ref_output(const DML_OPERATOR_DESC *desc, uint32_t k)
{
    struct ref_tensors t;
    return tensors_of(desc, &t) && k < t.output_count ? &t.outputs[k] : NULL;
}

bool ref_output_init(struct ref_output *out, const DML_OPERATOR_DESC *desc,
                     const void *const *inputs, uint32_t k)
{
    *out = (struct ref_output){find(desc->Type), desc->Desc, inputs, k, 0, 0, NULL};
    if (!out->entry)
        return false;
    return !out->entry->output_init || out->entry->output_init(out);
}

void ref_output_free(struct ref_output *out)
{
    free(out->state);
    out->state = NULL;
}

void ref_output_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    out->entry->element(out, c, bytes);
}

/* Row-major odometer over sizes; returns false after the last coordinate. */
static bool next_coordinate(int64_t *coord, const UINT *sizes, uint32_t rank)
{
    for (uint32_t d = rank; d-- > 0;)
    {
        if (++coord[d] < sizes[d])
            return true;
        coord[d] = 0;
    }
    return false;
}

static bool is_empty(const DML_BUFFER_TENSOR_DESC *t)
{
    for (uint32_t d = 0; d < t->DimensionCount; ++d)
    {
        if (!t->Sizes[d])
            return true;
    }
    return false;
}

bool ref_run(const DML_OPERATOR_DESC *desc, const void *const *inputs, void *const *outputs)
{
    struct ref_tensors tensors;
    if (!tensors_of(desc, &tensors))
        return false;
    for (uint32_t k = 0; k < tensors.output_count; ++k)
    {
        struct ref_output out;
        struct ref_tensor t = ref_tensor_of(&tensors.outputs[k]);
        int64_t c[REF_MAX_RANK] = {0};
        unsigned char bytes[8]; /* through a copy: an IDENTITY in place reads what it writes */
        if (is_empty(t.desc))
            continue;
        if (!ref_output_init(&out, desc, inputs, k))
            return false;
        do
        {
            ref_output_element(&out, c, bytes);
            memcpy((unsigned char *)outputs[k] + ref_offset(&t, c), bytes, t.elem);
        } while (next_coordinate(c, t.desc->Sizes, t.desc->DimensionCount));
        ref_output_free(&out);
    }
    return true;
}
