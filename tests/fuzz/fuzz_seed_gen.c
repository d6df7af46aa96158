/* Writes the hand-made part of the fuzz corpus, each file a header plus field patches
 * (fuzz_format.h): every operator's seeds, from its fuzz part (fuzz_op.h: a valid desc with each
 * option, and its own fields' edge cases), and those below: the documentation's examples, the rare
 * calls, unimplemented types and the limits every operator shares. usage: fuzz_seed_gen DIR (the
 * committed files were written with DIR = tests/fuzz/corpus; files the fuzzer found are added
 * beside them). */
#include <stdio.h>
#include <string.h>

#include "fuzz_op.h"

#define EXAMPLE(k) (FUZZ_KIND_EXAMPLE_0 + (k))
/* A type the fuzzer has no operator of: its Desc has no readable byte (until FF_OP_TYPE names
 * one). */
#define UNIMPLEMENTED DML_OPERATOR_ELEMENT_WISE_ABS

/* kind, {name, level, rare, options, data type, rank, stride modes, shape seed, param seed,
 * patches} */
static const struct
{
    uint8_t kind;
    struct fuzz_seed seed;
} seeds[] = {
    /* The documentation's examples, uncapped and at the lowest level that has the operator. */
    {EXAMPLE(0), {"example-slice1-positive", 0}},
    {EXAMPLE(1), {"example-slice1-negative", 0}},
    {EXAMPLE(2), {"example-split-axis2", 0}},
    {EXAMPLE(3), {"example-split-axis3", 0}},
    {EXAMPLE(4), {"example-padding-constant", 0}},
    {EXAMPLE(5), {"example-padding-edge", 0}},
    {EXAMPLE(6), {"example-padding-reflection", 0}},
    {EXAMPLE(7), {"example-padding-symmetric", 0}},
    {EXAMPLE(0), {"example-slice1-fl2.1", FUZZ_LEVEL_2_1}},
    {EXAMPLE(1), {"example-slice1-fl2.0-rejected", FUZZ_LEVEL_2_0}},
    {EXAMPLE(2), {"example-split-fl1.0", FUZZ_LEVEL_1_0}},
    {EXAMPLE(7), {"example-padding-symmetric-fl2.1-rejected", FUZZ_LEVEL_2_1}},
    /* CAST's type on the kind with no builder used to get a zero-byte Desc (a heap overflow in
     * cast_validate under AddressSanitizer): now CAST's own builder. */
    {UNIMPLEMENTED,
     {"bug-cast-type-zero-desc", .patches = {SET(FF_OP_TYPE, 0, 0, DML_OPERATOR_CAST)}}},
    /* The rare variations of the calls. */
    {EXAMPLE(0), {"rare-create-no-ppv", 0, RARE(FUZZ_RARE_CREATE_NO_PPV)}},
    {EXAMPLE(2), {"rare-create-iunknown", 0, RARE(FUZZ_RARE_CREATE_IUNKNOWN)}},
    {EXAMPLE(4), {"rare-create-wrong-iid", 0, RARE(FUZZ_RARE_CREATE_WRONG_IID)}},
    {EXAMPLE(1),
     {"rare-debug-output", 0, RARE(FUZZ_RARE_DEBUG_OUTPUT), .patches = {SET(FF_ARRAY, 0, 3, 3)}}},
    {EXAMPLE(3), {"rare-compile-no-ppv", 0, RARE(FUZZ_RARE_COMPILE_NO_PPV)}},
    {EXAMPLE(0), {"compile-flags-invalid", .patches = {SET(FF_COMPILE_FLAGS, 0, 0, 8)}}},
    /* Null pointers and undefined operator types. */
    {EXAMPLE(0), {"null-desc", .patches = {NULLPTR(FF_DESC_PTR, 0)}}},
    {EXAMPLE(2), {"null-op-desc", .patches = {NULLPTR(FF_OP_DESC_PTR, 0)}}},
    {EXAMPLE(4), {"null-input", .patches = {NULLPTR(FF_TENSOR_PTR, 0)}}},
    {EXAMPLE(0), {"null-buffer-desc", .patches = {NULLPTR(FF_BUFFER_PTR, 1)}}},
    {EXAMPLE(3), {"null-sizes", .patches = {NULLPTR(FF_SIZES_PTR, 2)}}},
    {EXAMPLE(1), {"null-window-strides", .patches = {NULLPTR(FF_ARRAY_PTR, 2)}}},
    {EXAMPLE(2), {"null-split-outputs", .patches = {NULLPTR(FF_ARRAY_PTR, 0)}}},
    {EXAMPLE(2), {"split-zeroed-output-entry", .patches = {NULLPTR(FF_TENSOR_PTR, 2)}}},
    {UNIMPLEMENTED, {"type-join", 0}},
    {UNIMPLEMENTED, {"type-undefined-0", .patches = {SET(FF_OP_TYPE, 0, 0, 0)}}},
    {UNIMPLEMENTED, {"type-undefined-178", .patches = {SET(FF_OP_TYPE, 0, 0, 178)}}},
    {UNIMPLEMENTED, {"type-undefined-max", .patches = {SET(FF_OP_TYPE, 0, 0, 0xFFFFFFFF)}}},
    {EXAMPLE(5), {"tensor-type-invalid", .patches = {SET(FF_TENSOR_TYPE, 0, 0, 2)}}},
    /* Counts: 0, above 8, 2^32-1 (a lazily mapped array that only a broken validator reads). */
    {EXAMPLE(0), {"dimension-count-0", .patches = {SET(FF_DIMENSION_COUNT, 0, 0, 0)}}},
    {EXAMPLE(4), {"dimension-count-9", .patches = {SET(FF_DIMENSION_COUNT, 1, 0, 9)}}},
    {EXAMPLE(2), {"dimension-count-max", .patches = {SET(FF_DIMENSION_COUNT, 0, 0, 0xFFFFFFFF)}}},
    {EXAMPLE(6),
     {"desc-dimension-count-max", .patches = {SET(FF_DESC_DIMENSION_COUNT, 0, 0, 0xFFFFFFFF)}}},
    {EXAMPLE(3), {"split-output-count-0", .patches = {SET(FF_OUTPUT_COUNT, 0, 0, 0)}}},
    {EXAMPLE(2), {"split-axis-max", .patches = {SET(FF_AXIS, 0, 0, 0xFFFFFFFF)}}},
    /* Sizes and byte counts at the limits (D15, T7, T8). */
    {EXAMPLE(0),
     {"elements-2p32m1-int8", .patches = {SET(FF_SIZE, 0, 2, 65535), SET(FF_SIZE, 0, 3, 65537),
                                          SET(FF_DATA_TYPE, 0, 0, 8), SET(FF_DATA_TYPE, 1, 0, 8)}}},
    {EXAMPLE(0),
     {"elements-2p32", .patches = {SET(FF_SIZE, 0, 2, 65536), SET(FF_SIZE, 0, 3, 65536)}}},
    {EXAMPLE(4),
     {"total-size-max",
      .patches = {SET(FF_TOTAL_SIZE, 0, 0, UINT64_MAX), SET(FF_TOTAL_SIZE, 1, 0, UINT64_MAX)}}},
    {EXAMPLE(2), {"total-size-minus-1", .patches = {MINUS(FF_TOTAL_SIZE, 2, 0, 1)}}},
    {EXAMPLE(2),
     {"total-size-plus-1",
      .patches = {PLUS(FF_TOTAL_SIZE, 0, 0, 1), PLUS(FF_TOTAL_SIZE, 3, 0, 3)}}},
    {EXAMPLE(0),
     {"input-strides-2p31", 0, 0, 0, 0, 0, STRIDES(FUZZ_STRIDES_PACKED, 0),
      .patches = {SET(FF_STRIDE, 0, 2, 0x80000000), SET(FF_STRIDE, 0, 3, 0x80000000)}}},
    {EXAMPLE(0),
     {"bug-owned-total-size-max", 0, 0, FUZZ_OPT_OWNED_INPUT,
      .patches = {SET(FF_TOTAL_SIZE, 0, 0, UINT64_MAX)}}},
    {EXAMPLE(4),
     {"owned-total-size-2p64-minus-256", 0, 0, FUZZ_OPT_OWNED_INPUT,
      .patches = {SET(FF_TOTAL_SIZE, 0, 0, UINT64_MAX - 255)}}},
    {EXAMPLE(2),
     {"shared-buffer-alignment-256", 0, 0, FUZZ_OPT_SHARED_BUFFER,
      .patches = {SET(FF_ALIGNMENT, 1, 0, 256), SET(FF_ALIGNMENT, 3, 0, 512),
                  PLUS(FF_TOTAL_SIZE, 2, 0, 5)}}},
    {EXAMPLE(6),
     {"input-stride-huge", 0, 0, 0, 0, 0, STRIDES(FUZZ_STRIDES_PACKED, 0),
      .patches = {SET(FF_STRIDE, 0, 2, 0xFFFFFFFF)}}},
    {EXAMPLE(5), {"output-broadcast-rejected", 0, 0, 0, 0, 0, STRIDES(0, FUZZ_STRIDES_BROADCAST)}},
    /* Field values outside their enums. */
    {EXAMPLE(0),
     {"data-type-uint4", .patches = {SET(FF_DATA_TYPE, 0, 0, 12), SET(FF_DATA_TYPE, 1, 0, 12)}}},
    {EXAMPLE(0), {"data-type-max", .patches = {SET(FF_DATA_TYPE, 0, 0, 0xFFFFFFFF)}}},
    {EXAMPLE(4), {"flags-owned-output", .patches = {SET(FF_FLAGS, 1, 0, 1)}}},
    {EXAMPLE(1), {"alignment-not-power-of-2", .patches = {SET(FF_ALIGNMENT, 0, 0, 24)}}},
    {EXAMPLE(1),
     {"alignment-2p31",
      .patches = {SET(FF_ALIGNMENT, 0, 0, 0x80000000), SET(FF_ALIGNMENT, 1, 0, 64)}}},
    {EXAMPLE(4), {"padding-mode-5", .patches = {SET(FF_MODE, 0, 0, 5)}}},
    {EXAMPLE(4),
     {"padding-wrap-fl6.3-rejected", FUZZ_LEVEL_6_3, .patches = {SET(FF_MODE, 0, 0, 4)}}},
    {EXAMPLE(6), {"padding-wrap-fl6.4", FUZZ_LEVEL_6_4, .patches = {SET(FF_MODE, 0, 0, 4)}}},
    {EXAMPLE(4),
     {"padding-start-wraps", .patches = {SET(FF_ARRAY, 0, 3, 0xFFFFFFFF), SET(FF_ARRAY, 1, 3, 7)}}},
    {EXAMPLE(0),
     {"slice1-stride-int-min",
      .patches = {SET(FF_ARRAY, 2, 3, 0x80000000), SET(FF_SIZE, 1, 3, 1)}}},
    {EXAMPLE(0),
     {"slice1-window-wraps", .patches = {SET(FF_ARRAY, 0, 2, 0xFFFFFFFF), SET(FF_ARRAY, 1, 2, 2)}}},
};

static void put(FILE *file, uint64_t value, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; ++i)
        fputc((int)(value >> (8 * i)) & 0xFF, file);
}

static int write_seed(const char *dir, uint8_t kind, const struct fuzz_seed *s)
{
    const uint8_t header[FH_SHAPE_SEED] = {s->level,     kind,    s->rare,        s->options,
                                           s->data_type, s->rank, s->stride_modes};
    char path[4096];
    FILE *file;

    snprintf(path, sizeof(path), "%s/%s%s", dir, strncmp(s->name, "bug-", 4) ? "seed-" : "",
             s->name);
    if (!(file = fopen(path, "wb")))
        return perror(path), 1;
    fwrite(header, 1, sizeof(header), file);
    put(file, s->shape_seed, 4);
    put(file, s->param_seed, 4);
    for (unsigned i = 0; i < FUZZ_SEED_PATCHES && s->patches[i].selector; ++i)
    {
        const struct fuzz_seed_patch *patch = &s->patches[i];
        const uint8_t record[4] = {patch->field, patch->tensor, patch->index, patch->selector};

        fwrite(record, 1, sizeof(record), file);
        if (FB_HAS_RAW(patch->selector))
            put(file, patch->raw, fuzz_field_is_64bit(patch->field) ? 8 : 4);
    }
    return fclose(file) ? perror(path), 1 : 0;
}

int main(int argc, char **argv)
{
    const struct fuzz_op *op;
    uint32_t written = 0;
    int failed = 0;

    if (argc != 2)
        return fprintf(stderr, "usage: %s DIR\n", argv[0]), 2;
    for (; written < FUZZ_COUNT(seeds); ++written)
        failed |= write_seed(argv[1], seeds[written].kind, &seeds[written].seed);
    for (uint32_t i = 0; (op = fuzz_op_at(i)) != NULL; ++i)
    {
        if (!op->seed_count)
        {
            fprintf(stderr, "operator type %u: no seed in its fuzz part\n", op->type);
            failed = 1;
        }
        for (uint32_t k = 0; k < op->seed_count; ++k, ++written)
            failed |= write_seed(argv[1], (uint8_t)op->type, &op->seeds[k]);
    }
    printf("%u seeds written to %s\n", written, argv[1]);
    return failed;
}
