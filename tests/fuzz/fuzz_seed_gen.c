/* Writes the hand-made part of the fuzz corpus: the documentation's examples, a valid desc of
 * each operator with each option, and edge cases, each as a header plus field patches
 * (fuzz_format.h). usage: fuzz_seed_gen DIR (the committed files were written with
 * DIR = tests/fuzz/corpus; files the fuzzer found are added beside them). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_bytes.h"
#include "fuzz_format.h"

#define MAX_SEED_PATCHES 4

struct seed_patch
{
    uint8_t field, tensor, index, selector;
    uint64_t raw;
};

struct seed
{
    const char *name;
    uint8_t level, kind, rare, options, data_type, rank, stride_modes;
    uint32_t shape_seed, param_seed;
    struct seed_patch patches[MAX_SEED_PATCHES];
};

/* Data types and ranks as the header encodes them (1 + byte % 11, 1 + byte % 8). */
#define F32 0
#define F16 1
#define U8 4
#define I8 7
#define F64 8
#define I64 10
#define RANK(n) ((n)-1)
#define RARE(r) (FUZZ_RARE_FIRST_BYTE + (r)-1)
#define EXAMPLE(k) (FUZZ_KIND_EXAMPLE_0 + (k))
#define STRIDES(in, out) ((in) | (out) << 4)
#define SET(field, tensor, index, value)                                                           \
    {                                                                                              \
        field, tensor, index, FB_RAW, value                                                        \
    }
#define PLUS(field, tensor, index, step)                                                           \
    {                                                                                              \
        field, tensor, index, FB_PLUS + (step)-1, 0                                                \
    }
#define MINUS(field, tensor, index, step)                                                          \
    {                                                                                              \
        field, tensor, index, FB_MINUS + (step)-1, 0                                               \
    }
#define NULLPTR(field, tensor) SET(field, tensor, 0, 0)

/* Trailing fields left out of an entry are 0 (no cap, no option, FLOAT32, rank 1, no patch). */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

/* name, level, kind, rare, options, data type, rank, stride modes, shape seed, param seed,
 * patches */
static const struct seed seeds[] = {
    /* The documentation's examples, uncapped and at the lowest level that has the operator. */
    {"example-slice1-positive", 0, EXAMPLE(0)},
    {"example-slice1-negative", 0, EXAMPLE(1)},
    {"example-split-axis2", 0, EXAMPLE(2)},
    {"example-split-axis3", 0, EXAMPLE(3)},
    {"example-padding-constant", 0, EXAMPLE(4)},
    {"example-padding-edge", 0, EXAMPLE(5)},
    {"example-padding-reflection", 0, EXAMPLE(6)},
    {"example-padding-symmetric", 0, EXAMPLE(7)},
    {"example-slice1-fl2.1", FUZZ_LEVEL_2_1, EXAMPLE(0)},
    {"example-slice1-fl2.0-rejected", FUZZ_LEVEL_2_0, EXAMPLE(1)},
    {"example-split-fl1.0", FUZZ_LEVEL_1_0, EXAMPLE(2)},
    {"example-padding-symmetric-fl2.1-rejected", FUZZ_LEVEL_2_1, EXAMPLE(7)},
    /* Generic valid descs: every operator, type, rank, stride layout and option. */
    {"slice1-int8-rank1", 0, FUZZ_KIND_SLICE1, 0, 0, I8, RANK(1), 0, 0xF, 7},
    {"slice1-f16-rank3-negative", 0, FUZZ_KIND_SLICE1, 0, FUZZ_OPT_NEGATIVE, F16, RANK(3), 0, 0x9AB,
     1},
    {"slice1-f64-rank8-reversed-padded", 0, FUZZ_KIND_SLICE1, 0, FUZZ_OPT_NEGATIVE, F64, RANK(8),
     STRIDES(FUZZ_STRIDES_REVERSED, FUZZ_STRIDES_PADDED), 0x12121212, 3},
    {"slice-u8-rank5-broadcast", 0, FUZZ_KIND_SLICE, 0, 0, U8, RANK(5),
     STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x54321, 9},
    {"slice-int64-rank2-owned", 0, FUZZ_KIND_SLICE, 0, FUZZ_OPT_OWNED_INPUT, I64, RANK(2), 0, 0xDE,
     4},
    {"split-f32-rank4-shared", 0, FUZZ_KIND_SPLIT, 0, FUZZ_OPT_SHARED_BUFFER, F32, RANK(4),
     STRIDES(FUZZ_STRIDES_PACKED, FUZZ_STRIDES_REVERSED), 0x5F5F, 2},
    {"split-i64-rank7-owned-twice", 0, FUZZ_KIND_SPLIT, 0,
     FUZZ_OPT_OWNED_INPUT | FUZZ_OPT_TWICE | FUZZ_OPT_VOLATILE, I64, RANK(7), 0, 0x3333333, 5},
    {"padding-f16-rank5", FUZZ_LEVEL_3_0, FUZZ_KIND_PADDING, 0, 0, F16, RANK(5), 0, 0x31313, 6},
    {"padding-u8-rank8-wrap", 0, FUZZ_KIND_PADDING, 0, FUZZ_OPT_SHARED_BUFFER, U8, RANK(8),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x22222222, 4},
    {"padding1-f64-rank2-owned", 0, FUZZ_KIND_PADDING1, 0, FUZZ_OPT_OWNED_INPUT, F64, RANK(2), 0,
     0x77, 11},
    {"padding1-i8-rank6-twice", 0, FUZZ_KIND_PADDING1, 0, FUZZ_OPT_TWICE, I8, RANK(6), 0, 0x212121,
     12},
    /* The rare variations of the calls. */
    {"rare-create-no-ppv", 0, EXAMPLE(0), RARE(FUZZ_RARE_CREATE_NO_PPV)},
    {"rare-create-iunknown", 0, EXAMPLE(2), RARE(FUZZ_RARE_CREATE_IUNKNOWN)},
    {"rare-create-wrong-iid", 0, EXAMPLE(4), RARE(FUZZ_RARE_CREATE_WRONG_IID)},
    {"rare-debug-output",
     0,
     EXAMPLE(1),
     RARE(FUZZ_RARE_DEBUG_OUTPUT),
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_ARRAY, 0, 3, 3)}},
    {"rare-compile-no-ppv", 0, EXAMPLE(3), RARE(FUZZ_RARE_COMPILE_NO_PPV)},
    {"compile-flags-invalid", 0, EXAMPLE(0), 0, 0, 0, 0, 0, 0, 0, {SET(FF_COMPILE_FLAGS, 0, 0, 8)}},
    /* Null pointers and undefined operator types. */
    {"null-desc", 0, EXAMPLE(0), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_DESC_PTR, 0)}},
    {"null-op-desc", 0, EXAMPLE(2), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_OP_DESC_PTR, 0)}},
    {"null-input", 0, EXAMPLE(4), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_TENSOR_PTR, 0)}},
    {"null-buffer-desc", 0, EXAMPLE(0), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_BUFFER_PTR, 1)}},
    {"null-sizes", 0, EXAMPLE(3), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_SIZES_PTR, 2)}},
    {"null-window-strides", 0, EXAMPLE(1), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_ARRAY_PTR, 2)}},
    {"null-split-outputs", 0, EXAMPLE(2), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_ARRAY_PTR, 0)}},
    {"split-zeroed-output-entry", 0, EXAMPLE(2), 0, 0, 0, 0, 0, 0, 0, {NULLPTR(FF_TENSOR_PTR, 2)}},
    {"type-join", 0, FUZZ_KIND_OTHER},
    {"type-undefined-0", 0, FUZZ_KIND_OTHER, 0, 0, 0, 0, 0, 0, 0, {SET(FF_OP_TYPE, 0, 0, 0)}},
    {"type-undefined-178", 0, FUZZ_KIND_OTHER, 0, 0, 0, 0, 0, 0, 0, {SET(FF_OP_TYPE, 0, 0, 178)}},
    {"type-undefined-max",
     0,
     FUZZ_KIND_OTHER,
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_OP_TYPE, 0, 0, 0xFFFFFFFF)}},
    {"tensor-type-invalid", 0, EXAMPLE(5), 0, 0, 0, 0, 0, 0, 0, {SET(FF_TENSOR_TYPE, 0, 0, 2)}},
    /* Counts: 0, above 8, 2^32-1 (a lazily mapped array that only a broken validator reads). */
    {"dimension-count-0", 0, EXAMPLE(0), 0, 0, 0, 0, 0, 0, 0, {SET(FF_DIMENSION_COUNT, 0, 0, 0)}},
    {"dimension-count-9", 0, EXAMPLE(4), 0, 0, 0, 0, 0, 0, 0, {SET(FF_DIMENSION_COUNT, 1, 0, 9)}},
    {"dimension-count-max",
     0,
     EXAMPLE(2),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_DIMENSION_COUNT, 0, 0, 0xFFFFFFFF)}},
    {"desc-dimension-count-max",
     0,
     EXAMPLE(6),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_DESC_DIMENSION_COUNT, 0, 0, 0xFFFFFFFF)}},
    {"split-output-count-0", 0, EXAMPLE(3), 0, 0, 0, 0, 0, 0, 0, {SET(FF_OUTPUT_COUNT, 0, 0, 0)}},
    {"split-output-count-max",
     0,
     FUZZ_KIND_SPLIT,
     0,
     0,
     F32,
     RANK(1),
     0,
     0,
     0,
     {SET(FF_OUTPUT_COUNT, 0, 0, 0xFFFFFFFF), SET(FF_SIZE, 0, 0, 0xFFFFFFFF)}},
    {"split-axis-max", 0, EXAMPLE(2), 0, 0, 0, 0, 0, 0, 0, {SET(FF_AXIS, 0, 0, 0xFFFFFFFF)}},
    /* Sizes and byte counts at the limits (D15, T7, T8). */
    {"elements-2p32m1-int8",
     0,
     EXAMPLE(0),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_SIZE, 0, 2, 65535), SET(FF_SIZE, 0, 3, 65537), SET(FF_DATA_TYPE, 0, 0, 8),
      SET(FF_DATA_TYPE, 1, 0, 8)}},
    {"elements-2p32",
     0,
     EXAMPLE(0),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_SIZE, 0, 2, 65536), SET(FF_SIZE, 0, 3, 65536)}},
    {"total-size-max",
     0,
     EXAMPLE(4),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_TOTAL_SIZE, 0, 0, UINT64_MAX), SET(FF_TOTAL_SIZE, 1, 0, UINT64_MAX)}},
    {"total-size-minus-1", 0, EXAMPLE(2), 0, 0, 0, 0, 0, 0, 0, {MINUS(FF_TOTAL_SIZE, 2, 0, 1)}},
    {"total-size-plus-1",
     0,
     EXAMPLE(2),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {PLUS(FF_TOTAL_SIZE, 0, 0, 1), PLUS(FF_TOTAL_SIZE, 3, 0, 3)}},
    {"input-strides-2p31",
     0,
     EXAMPLE(0),
     0,
     0,
     0,
     0,
     STRIDES(FUZZ_STRIDES_PACKED, 0),
     0,
     0,
     {SET(FF_STRIDE, 0, 2, 0x80000000), SET(FF_STRIDE, 0, 3, 0x80000000)}},
    {"bug-owned-total-size-max",
     0,
     EXAMPLE(0),
     0,
     FUZZ_OPT_OWNED_INPUT,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_TOTAL_SIZE, 0, 0, UINT64_MAX)}},
    {"owned-total-size-2p64-minus-256",
     0,
     EXAMPLE(4),
     0,
     FUZZ_OPT_OWNED_INPUT,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_TOTAL_SIZE, 0, 0, UINT64_MAX - 255)}},
    {"shared-buffer-alignment-256",
     0,
     EXAMPLE(2),
     0,
     FUZZ_OPT_SHARED_BUFFER,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_ALIGNMENT, 1, 0, 256), SET(FF_ALIGNMENT, 3, 0, 512), PLUS(FF_TOTAL_SIZE, 2, 0, 5)}},
    {"input-broadcast-output-padded", 0, FUZZ_KIND_PADDING, 0, FUZZ_OPT_TWICE, F16, RANK(3),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x5A7, 3},
    {"input-stride-huge",
     0,
     EXAMPLE(6),
     0,
     0,
     0,
     0,
     STRIDES(FUZZ_STRIDES_PACKED, 0),
     0,
     0,
     {SET(FF_STRIDE, 0, 2, 0xFFFFFFFF)}},
    {"output-broadcast-rejected", 0, EXAMPLE(5), 0, 0, 0, 0, STRIDES(0, FUZZ_STRIDES_BROADCAST)},
    /* Field values outside their enums. */
    {"data-type-uint4",
     0,
     EXAMPLE(0),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_DATA_TYPE, 0, 0, 12), SET(FF_DATA_TYPE, 1, 0, 12)}},
    {"data-type-max", 0, EXAMPLE(0), 0, 0, 0, 0, 0, 0, 0, {SET(FF_DATA_TYPE, 0, 0, 0xFFFFFFFF)}},
    {"flags-owned-output", 0, EXAMPLE(4), 0, 0, 0, 0, 0, 0, 0, {SET(FF_FLAGS, 1, 0, 1)}},
    {"alignment-not-power-of-2", 0, EXAMPLE(1), 0, 0, 0, 0, 0, 0, 0, {SET(FF_ALIGNMENT, 0, 0, 24)}},
    {"alignment-2p31",
     0,
     EXAMPLE(1),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_ALIGNMENT, 0, 0, 0x80000000), SET(FF_ALIGNMENT, 1, 0, 64)}},
    {"padding-mode-5", 0, EXAMPLE(4), 0, 0, 0, 0, 0, 0, 0, {SET(FF_MODE, 0, 0, 5)}},
    {"padding-wrap-fl6.3-rejected",
     FUZZ_LEVEL_6_3,
     EXAMPLE(4),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_MODE, 0, 0, 4)}},
    {"padding-wrap-fl6.4",
     FUZZ_LEVEL_6_4,
     EXAMPLE(6),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_MODE, 0, 0, 4)}},
    {"padding-start-wraps",
     0,
     EXAMPLE(4),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_ARRAY, 0, 3, 0xFFFFFFFF), SET(FF_ARRAY, 1, 3, 7)}},
    {"padding-value-nan-int8",
     0,
     FUZZ_KIND_PADDING,
     0,
     0,
     I8,
     RANK(4),
     0,
     0x1234,
     0,
     {SET(FF_VALUE, 0, 0, 0x7FC00000), SET(FF_MODE, 0, 0, 0)}},
    {"padding1-value-type-mismatch",
     0,
     FUZZ_KIND_PADDING1,
     0,
     0,
     F32,
     RANK(3),
     0,
     0x456,
     1,
     {SET(FF_VALUE_TYPE, 0, 0, 2)}},
    {"slice1-stride-int-min",
     0,
     EXAMPLE(0),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_ARRAY, 2, 3, 0x80000000), SET(FF_SIZE, 1, 3, 1)}},
    {"slice1-window-wraps",
     0,
     EXAMPLE(0),
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {SET(FF_ARRAY, 0, 2, 0xFFFFFFFF), SET(FF_ARRAY, 1, 2, 2)}},
    {"slice-stride-2p31",
     0,
     FUZZ_KIND_SLICE,
     0,
     0,
     F32,
     RANK(1),
     0,
     0,
     0,
     {SET(FF_SIZE, 0, 0, 0x80000001), SET(FF_ARRAY, 1, 0, 2), SET(FF_ARRAY, 2, 0, 0x80000000),
      SET(FF_SIZE, 1, 0, 2)}},
    {"slice-stride-0",
     0,
     FUZZ_KIND_SLICE,
     0,
     0,
     F32,
     RANK(2),
     0,
     0x44,
     0,
     {SET(FF_ARRAY, 2, 1, 0)}},
    /* The generators and SLICE_GRAD (issue 15): a valid desc of each, built for the type that
     * FF_OP_TYPE names from the kind's params, and their rejections. */
    {"fill-constant-u8-rank3-padded", 0, FUZZ_KIND_OTHER, 0, FUZZ_OPT_TWICE, U8, RANK(3),
     STRIDES(0, FUZZ_STRIDES_PADDED), 0x3A5, 0, {SET(FF_OP_TYPE, 0, 0, 103),
     SET(FF_VALUE, 0, 0, 0x77)}},
    {"fill-sequence-f16-rank2", 0, FUZZ_KIND_OTHER, 0, 0, F16, RANK(2),
     STRIDES(0, FUZZ_STRIDES_REVERSED), 0x4C, 0, {SET(FF_OP_TYPE, 0, 0, 104),
     SET(FF_VALUE, 0, 0, 0x3C00), SET(FF_VALUE, 1, 0, 0xB400)}},
    {"fill-sequence-f64-rejected", 0, FUZZ_KIND_OTHER, 0, 0, F64, RANK(1), 0, 0x9, 0,
     {SET(FF_OP_TYPE, 0, 0, 104)}},
    {"fill-sequence-value-type-rejected", 0, FUZZ_KIND_OTHER, 0, 0, I64, RANK(4), 0, 0x1234, 0,
     {SET(FF_OP_TYPE, 0, 0, 104), SET(FF_VALUE_TYPE, 0, 0, 1)}},
    {"diagonal-f32-rank2", FUZZ_LEVEL_4_0, FUZZ_KIND_OTHER, 0, 0, F32, RANK(2), 0, 0x7B, 0,
     {SET(FF_OP_TYPE, 0, 0, 93), SET(FF_AXIS, 0, 0, 0xFFFFFFFE), SET(FF_VALUE, 0, 0, 0x40400000)}},
    {"diagonal1-i64-rank3-shared", 0, FUZZ_KIND_OTHER, 0, FUZZ_OPT_SHARED_BUFFER, I64, RANK(3),
     STRIDES(FUZZ_STRIDES_BROADCAST, 0), 0x8C3, 0, {SET(FF_OP_TYPE, 0, 0, 163),
     SET(FF_ARRAY, 0, 0, 0x80000000), SET(FF_ARRAY, 0, 1, 1), SET(FF_VALUE, 0, 0, 5)}},
    {"diagonal1-no-input-volatile", 0, FUZZ_KIND_OTHER, 0, FUZZ_OPT_VOLATILE, U8, RANK(4), 0,
     0x2222, 0, {SET(FF_OP_TYPE, 0, 0, 163), NULLPTR(FF_TENSOR_PTR, 0),
     SET(FF_ARRAY, 0, 0, 2), SET(FF_ARRAY, 0, 1, 0xFFFFFFFF)}},
    {"diagonal1-fl5.0-rejected", FUZZ_LEVEL_5_0, FUZZ_KIND_OTHER, 0, 0, F16, RANK(2), 0, 0x55, 0,
     {SET(FF_OP_TYPE, 0, 0, 163)}},
    {"slice-grad-f32-rank4-negative", 0, FUZZ_KIND_SLICE1, 0, FUZZ_OPT_NEGATIVE, F32, RANK(4), 0,
     0x9AB7, 1, {SET(FF_OP_TYPE, 0, 0, 135)}},
    {"slice-grad-i8-rank7-owned", 0, FUZZ_KIND_SLICE1, 0, FUZZ_OPT_OWNED_INPUT, I8, RANK(7),
     STRIDES(FUZZ_STRIDES_BROADCAST, FUZZ_STRIDES_PADDED), 0x1357, 5, {SET(FF_OP_TYPE, 0, 0, 135)}},
    {"slice-grad-stride-0-rejected", 0, FUZZ_KIND_SLICE1, 0, 0, F16, RANK(2), 0, 0x44, 2,
     {SET(FF_OP_TYPE, 0, 0, 135), SET(FF_ARRAY, 2, 1, 0)}},
};

static void put(FILE *file, uint64_t value, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; ++i)
        fputc((int)(value >> (8 * i)) & 0xFF, file);
}

static int write_seed(const char *dir, const struct seed *s)
{
    const uint8_t header[FH_SHAPE_SEED] = {s->level,     s->kind, s->rare,        s->options,
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
    for (unsigned i = 0; i < MAX_SEED_PATCHES && s->patches[i].selector; ++i)
    {
        const struct seed_patch *patch = &s->patches[i];
        const uint8_t record[4] = {patch->field, patch->tensor, patch->index, patch->selector};

        fwrite(record, 1, sizeof(record), file);
        if (FB_HAS_RAW(patch->selector))
            put(file, patch->raw, fuzz_field_is_64bit(patch->field) ? 8 : 4);
    }
    return fclose(file) ? perror(path), 1 : 0;
}

int main(int argc, char **argv)
{
    int failed = 0;

    if (argc != 2)
        return fprintf(stderr, "usage: %s DIR\n", argv[0]), 2;
    for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); ++i)
        failed |= write_seed(argv[1], &seeds[i]);
    printf("%zu seeds written to %s\n", sizeof(seeds) / sizeof(seeds[0]), argv[1]);
    return failed;
}
