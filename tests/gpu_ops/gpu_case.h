/* One case of the GPU differential test: a random desc, the API options it is run with, where
 * its tensors lie inside the batch's buffers, and the objects created for it. Everything but the
 * place of the case's regions inside the arenas is derived from the seed, so a case run alone
 * (DMLOPS_TEST_SEED) sees exactly what it saw inside a batch. */
#ifndef DMLOPS_TEST_GPU_CASE_H
#define DMLOPS_TEST_GPU_CASE_H

#include <stdint.h>
#include <stdio.h>

#include <DirectML.h>

#include "random_case.h"

/* Seeds with this bit set draw tensors of up to GPU_CASE_LARGE_ELEMENTS elements. */
#define GPU_CASE_LARGE_SEED (UINT64_C(1) << 63)
#define GPU_CASE_LARGE_ELEMENTS (1u << 20)

#define GPU_CASE_MAX_EXECUTIONS 2

/* How a case goes through the API (drawn from the seed, apart from the desc). */
struct gpu_case_options
{
    int owned_input;          /* input flagged OWNED_BY_DML: bound at initialization only */
    int volatile_descriptors; /* DESCRIPTORS_VOLATILE: outputs bound after RecordDispatch */
    int late_inputs;          /* volatile only: inputs (or their NONE) bound late as well */
    int decoys;               /* volatile only: first bound to a decoy buffer, rebound late */
    uint32_t executions;      /* 1, or 2: a second binding table runs it again, other outputs */
    int init_null_array;      /* not owned: a BUFFER_ARRAY of a null buffer instead of NONE */
};

/* Byte offsets inside the case's regions: each region starts at a multiple of 256 in its arena.
 * The output region holds one copy of the output layout per execution. */
struct gpu_case_layout
{
    uint64_t input_offset, input_bind_size, input_span;
    uint64_t output_offsets[RANDOM_CASE_MAX_OUTPUTS];
    uint64_t output_bind_sizes[RANDOM_CASE_MAX_OUTPUTS];
    uint64_t output_span;
};

struct gpu_case
{
    struct random_case rc; /* points into itself: a gpu_case never moves */
    struct gpu_case_options options;
    struct gpu_case_layout layout;
    uint64_t input_base, output_base, persistent_base; /* the regions' places in the arenas */
    DML_BINDING_PROPERTIES properties;                 /* of the compiled operator */
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *tables[GPU_CASE_MAX_EXECUTIONS];
    int failed; /* reported; left out of the rest of the batch */
};

/* Generates the case of this seed at this level with its options and layout. 0 or -1. */
int gpu_case_prepare(struct gpu_case *c, uint64_t seed, DML_FEATURE_LEVEL level);

/* The case's input region (layout.input_span bytes): random bytes. */
void gpu_case_fill_input(const struct gpu_case *c, unsigned char *region);

/* Size of the case's output region, and where the outputs of one execution lie in it. */
uint64_t gpu_case_output_region_size(const struct gpu_case *c);
uint64_t gpu_case_execution_offset(const struct gpu_case *c, uint32_t execution);

/* The case's output region: the poison written before the run. */
void gpu_case_fill_poison(const struct gpu_case *c, unsigned char *region);

/* What the output region must hold after the run: the poison with the reference's writes. */
void gpu_case_expect(const struct gpu_case *c, const unsigned char *input_region,
                     unsigned char *output_region);

/* The reference's writes of one execution (layout.output_span bytes from `outputs`). */
void gpu_case_expect_one(const struct gpu_case *c, const unsigned char *input_region,
                         unsigned char *outputs);

/* Decoy bindings of a volatile case: its outputs at their usual offsets, its input after them
 * at gpu_case_decoy_input_offset; the decoy buffer holds gpu_case_decoy_span bytes. */
uint64_t gpu_case_decoy_input_offset(const struct gpu_case *c);
uint64_t gpu_case_decoy_span(const struct gpu_case *c);

/* The execution flags the case compiles with. */
DML_EXECUTION_FLAGS gpu_case_execution_flags(const struct gpu_case *c);

/* Prints the options and the layout (random_case_describe prints the rest). */
void gpu_case_describe_run(FILE *file, const struct gpu_case *c);

#endif
