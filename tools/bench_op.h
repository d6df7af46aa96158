/* One benchmark case as a DirectML application runs it, and the environment all cases share. */
#ifndef DMLOPS_BENCH_OP_H
#define DMLOPS_BENCH_OP_H

#include <dmlops.h>

#include "bench.h"
#include "bench_gpu.h"

struct dml_compiled_operator;

struct bench_env
{
    IDMLDevice *device;
    struct dml_vk_device *vk;
    struct bench_gpu gpu;
    IDMLCommandRecorder *recorder;
    VkBuffer in, out; /* each large enough for every case (bench_op_buffer_bytes) */
    VkDeviceAddress in_address, out_address;
    uint8_t *host_input; /* what `in` holds */
    uint8_t *scratch;    /* downloads */
    uint32_t warmup, runs;
};

/* A case's DirectML desc (bench_desc.c): the tensors (inputs, then outputs) and the operator's
 * desc, pointing into this struct and into the bench_op. */
struct bench_desc
{
    DML_BUFFER_TENSOR_DESC buffers[1 + BENCH_MAX_OUTPUTS];
    DML_TENSOR_DESC tensors[1 + BENCH_MAX_OUTPUTS];
    UINT repeats[BENCH_MAX_RANK];
    union
    {
        DML_SLICE1_OPERATOR_DESC slice1;
        DML_SPLIT_OPERATOR_DESC split;
        DML_JOIN_OPERATOR_DESC join;
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
        DML_PADDING1_OPERATOR_DESC padding1;
        DML_TILE_OPERATOR_DESC tile;
        DML_DEPTH_TO_SPACE_OPERATOR_DESC depth_space;
        DML_GATHER_OPERATOR_DESC gather;
        DML_SCATTER_ND_OPERATOR_DESC scatter_nd;
        DML_ONE_HOT_OPERATOR_DESC one_hot;
        DML_FILL_VALUE_CONSTANT_OPERATOR_DESC fill_constant;
        DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC fill_sequence;
        DML_DIAGONAL_MATRIX_OPERATOR_DESC diagonal;
        DML_DIAGONAL_MATRIX1_OPERATOR_DESC diagonal1;
        DML_SLICE_GRAD_OPERATOR_DESC slice_grad;
    };
    DML_OPERATOR_DESC desc;
};

/* Fills d for op; false for an operator type without a builder. */
bool bench_desc_build(const struct bench_op *op, struct bench_desc *d);
/* Bindings: the inputs (JOIN and the index-carrying cases: input_count of them; generators:
 * none), then the outputs. */
uint32_t bench_input_count(const struct bench_op *op);
/* Whether op's inputs are inputs[] at in_offsets[] of the input buffer (else input at 0). */
bool bench_several_inputs(const struct bench_op *op);

/* bench_check.c: compares count elements of output k, from element `first` on (in memory order:
 * outputs are dense, perhaps permuted), with the C reference (reference/) of d's desc run on the
 * input buffer's contents; returns the number of mismatches and prints the first few. */
uint64_t bench_check_range(const struct bench_op *op, const struct bench_desc *d,
                           const uint8_t *input, uint32_t k, uint64_t first, uint64_t count,
                           const uint8_t *actual);

struct bench_instance
{
    struct bench_env *env;
    const struct bench_op *op;
    struct bench_desc desc;
    IDMLOperator *dml_op;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    uint64_t out_offsets[BENCH_MAX_OUTPUTS];
    VkBuffer temporary; /* when the operator asks for a temporary resource (SCATTER) */
};

double bench_now_ms(void);
/* Waits until the device has built (or given up on) the compiled operator's specialized
 * pipelines; the milliseconds since start_ms (its compile's start: how long until its specialized
 * pipelines are in use). */
double bench_wait_specialized(struct bench_env *env, IDMLCompiledOperator *compiled,
                              double start_ms);
/* op compiled now and not bound (NULL for graph cases or on failure), so that the device's worker
 * builds its specialized pipelines while an earlier case runs; released once op's own case has
 * compiled (which then finds them queued or built). */
IDMLCompiledOperator *bench_compile_ahead(struct bench_env *env, const struct bench_op *op);
/* The compiled operator's dispatches, and how many of them its copy-engine steps record. */
void bench_count_dispatches(const struct dml_compiled_operator *compiled, struct bench_result *out);
/* Bytes each of the two buffers needs for op (input, outputs, the ceiling's copy). */
uint64_t bench_op_buffer_bytes(const struct bench_op *op);
/* The ceiling copies this many bytes: half the operator's traffic, so the same read + write. */
uint64_t bench_op_ceiling_bytes(const struct bench_op *op);

/* Creates, compiles (compile times into result), initializes and binds op. */
HRESULT bench_instance_create(struct bench_env *env, const struct bench_op *op,
                              struct bench_instance *inst, struct bench_result *result);
void bench_instance_destroy(struct bench_instance *inst);
/* Runs once over a poisoned output and compares with the reference (bench_check_range). */
HRESULT bench_instance_verify(struct bench_env *env, struct bench_instance *inst,
                              struct bench_result *result);
/* The operator, the ceiling, vkCmdCopyBuffer (and an empty dispatch for tiny cases). */
HRESULT bench_instance_time(struct bench_env *env, struct bench_instance *inst,
                            struct bench_result *result);
/* bench_record_fn recording inst's RecordDispatch. */
void bench_record_op(void *context, VkCommandBuffer cmd);

#endif
