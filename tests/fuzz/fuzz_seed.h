/* A hand-made corpus file, as fuzz_seed_gen writes it (fuzz_format.h): a header plus field
 * patches. Each operator's seeds are in its fuzz part (fuzz_op.h), of its kind; fuzz_seed_gen.c
 * has the others (the documentation's examples, rare calls, unimplemented types, limits). */
#ifndef DMLOPS_FUZZ_SEED_H
#define DMLOPS_FUZZ_SEED_H

#include <stdint.h>

#include "fuzz_bytes.h"
#include "fuzz_format.h"

#define FUZZ_SEED_PATCHES 4

/* Seeds are tables of short initializers: members left out are 0. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

struct fuzz_seed_patch
{
    uint8_t field, tensor, index, selector;
    uint64_t raw;
};

/* Trailing members left out of an initializer are 0: no cap, no rare call, no option, FLOAT32,
 * rank 1, Strides NULL, seeds 0, no patch. The name "bug-..." is a reproducer's, the file's name;
 * any other is written as "seed-<name>". */
struct fuzz_seed
{
    const char *name;
    uint8_t level, rare, options, data_type, rank, stride_modes; /* the header's bytes */
    uint32_t shape_seed, param_seed;
    struct fuzz_seed_patch patches[FUZZ_SEED_PATCHES];
};

/* Data types and ranks as the header encodes them (1 + byte % 11, 1 + byte % 8). */
#define F32 0
#define F16 1
#define U16 3
#define U8 4
#define I32 5
#define I16 6
#define I8 7
#define F64 8
#define U64 9
#define I64 10
#define RANK(n) ((n)-1)
#define RARE(r) (FUZZ_RARE_FIRST_BYTE + (r)-1)
#define STRIDES(in, out) ((in) | (out) << 4)
/* Patches: field of tensor (0 input, 1 + k output k, FUZZ_INPUT_TENSOR(j)) at index. */
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

#endif
