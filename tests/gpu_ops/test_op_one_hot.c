/* ONE_HOT (datamove-family 12, FD7) on the GPU and through plan_exec, bit-exact against the C
 * reference below: seeded random cases of all 11 data types and the 4 index types, rank 1-8,
 * every Axis (of any length, 1 included), values of any shape with at least two elements, with
 * permuted, gapped and broadcast indices and values and permuted or gapped outputs, indices in
 * range, negative, out of range and huge; every 8th case also through the whole API, as an
 * operator and as a one-node graph. */
#include "api_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "index_ref.h"
#include "op_check.h"
#include "vk_test.h"

#define CASES 300

struct one_hot_case
{
    uint32_t rank, axis;
    struct index_ref_tensor indices, values, output;
    DML_ONE_HOT_OPERATOR_DESC desc;
};

/* The page's definition: in every sequence along Axis, the element at the sequence's index (a
 * negative one counted from the end) is OnValue, all others OffValue; an index out of range
 * leaves the whole sequence OffValue. OffValue is values' element 0, OnValue its element 1 along
 * the fastest-changing dimension of size > 1. */
static void reference(const struct one_hot_case *oc, struct op_check_buffers *b)
{
    const uint32_t elem = oc->values.elem, n = oc->output.sizes[oc->axis];
    uint32_t on_at[8] = {0}, d = oc->rank - 1;
    uint64_t count = index_ref_count(oc->rank, oc->output.sizes);

    while (oc->values.sizes[d] == 1)
        --d;
    on_at[d] = 1;
    for (uint64_t i = 0; i < count; ++i)
    {
        uint32_t c[8], ic[8];
        index_ref_coords(i, oc->rank, oc->output.sizes, c);
        memcpy(ic, c, sizeof(ic));
        ic[oc->axis] = 0;
        int64_t v = index_ref_wrap(
            index_ref_value(b->data[0], oc->indices.type, index_ref_offset(&oc->indices, ic)), n);
        uint64_t from = v == c[oc->axis] ? index_ref_offset(&oc->values, on_at) : 0;
        memcpy(b->data[2] + index_ref_offset(&oc->output, c) * elem, b->data[1] + from * elem,
               elem);
    }
}

static void generate(struct one_hot_case *oc, uint64_t seed)
{
    struct rng rng = rng_seeded(seed);
    DML_TENSOR_DATA_TYPE type = index_ref_data_types[seed % INDEX_REF_DATA_TYPES];
    DML_TENSOR_DATA_TYPE index_type = index_ref_index_types[(seed / 11) % INDEX_REF_INDEX_TYPES];
    uint32_t out[8], ix[8], values[8], max;

    memset(oc, 0, sizeof(*oc));
    oc->rank = rng_range(&rng, 1, 8);
    oc->axis = rng_below(&rng, oc->rank);
    max = oc->rank > 4 ? 3 : 8;
    for (uint32_t d = 0; d < oc->rank; ++d)
    {
        out[d] = ix[d] = rng_range(&rng, 1, max);
        values[d] = rng_chance(&rng, 70) ? 1 : rng_range(&rng, 2, 3);
    }
    out[oc->axis] = rng_range(&rng, 1, max + 2);
    ix[oc->axis] = 1;
    if (index_ref_count(oc->rank, values) < 2)
        values[rng_below(&rng, oc->rank)] = 2;
    index_ref_tensor(&oc->indices, index_type, oc->rank, ix, true, true, &rng);
    index_ref_tensor(&oc->values, type, oc->rank, values, true, true, &rng);
    index_ref_tensor(&oc->output, type, oc->rank, out, true, false, &rng);
    oc->desc = (DML_ONE_HOT_OPERATOR_DESC){&oc->indices.desc, &oc->values.desc, &oc->output.desc,
                                           oc->axis};
}

static void describe(const struct one_hot_case *oc, uint64_t seed, const char *why)
{
    fprintf(stderr, "ONE_HOT seed %llu: %s\n  rank %u axis %u\n", (unsigned long long)seed, why,
            oc->rank, oc->axis);
    index_ref_describe("indices", &oc->indices);
    index_ref_describe("values", &oc->values);
    index_ref_describe("output", &oc->output);
}

int main(void)
{
    struct dml_vk_device *dev = getenv("DMLOPS_TEST_NO_GPU") ? NULL : vk_test_device();
    IDMLDevice *device = dev ? gpu_create_device(0, FALSE) : NULL;
    static struct one_hot_case oc;
    int failures = 0;
    const char *env = getenv("DMLOPS_TEST_OP_CASES");
    const uint64_t cases = env ? strtoull(env, NULL, 10) : CASES;

    for (uint64_t seed = 1; seed <= cases; ++seed)
    {
        struct op_check_buffers b = {.input_count = 2, .output_count = 1};
        struct rng rng = rng_seeded(seed * 7919);
        char why[256];
        generate(&oc, seed);
        op_check_alloc(&b, 0, oc.indices.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 1, oc.values.buffer.TotalTensorSizeInBytes, &rng);
        op_check_alloc(&b, 2, oc.output.buffer.TotalTensorSizeInBytes, &rng);
        index_ref_fill(b.data[0], b.bytes[0], oc.indices.type, &oc.output.sizes[oc.axis], 1, &rng);
        reference(&oc, &b);
        DML_OPERATOR_DESC desc = {DML_OPERATOR_ONE_HOT, &oc.desc};
        if (!op_check_run(dev, &desc, &b, (uint32_t)(seed % 3), why, sizeof(why)) ||
            (device && seed % 8 == 0 && !api_run_check(device, &desc, &b, why, sizeof(why))))
        {
            describe(&oc, seed, why);
            ++failures;
        }
        op_check_free(&b);
    }
    printf("ONE_HOT: %d of %d cases failed\n", failures, (int)cases);
    if (device)
        IDMLDevice_Release(device);
    if (dev)
        dml_vk_device_destroy(dev);
    return failures ? 1 : 0;
}
