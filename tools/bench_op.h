/* One benchmark case as a DirectML application runs it, and the environment all cases share. */
#ifndef DMLOPS_BENCH_OP_H
#define DMLOPS_BENCH_OP_H

#include <dmlops.h>

#include "bench.h"
#include "bench_gpu.h"

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

struct bench_instance
{
    struct bench_env *env;
    const struct bench_op *op;
    IDMLOperator *dml_op;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;
    uint64_t out_offsets[BENCH_MAX_OUTPUTS];
    VkBuffer temporary; /* when the operator asks for a temporary resource (SCATTER) */
};

double bench_now_ms(void);
/* Bytes each of the two buffers needs for op (input, outputs, the ceiling's copy). */
uint64_t bench_op_buffer_bytes(const struct bench_op *op);
/* The ceiling copies this many bytes: half the operator's traffic, so the same read + write. */
uint64_t bench_op_ceiling_bytes(const struct bench_op *op);

/* Creates, compiles (compile times into result), initializes and binds op. */
HRESULT bench_instance_create(struct bench_env *env, const struct bench_op *op,
                              struct bench_instance *inst, struct bench_result *result);
void bench_instance_destroy(struct bench_instance *inst);
/* Runs once over a poisoned output and compares with bench_expected. */
HRESULT bench_instance_verify(struct bench_env *env, struct bench_instance *inst,
                              struct bench_result *result);
/* The operator, the ceiling, vkCmdCopyBuffer (and an empty dispatch for tiny cases). */
HRESULT bench_instance_time(struct bench_env *env, struct bench_instance *inst,
                            struct bench_result *result);
/* bench_record_fn recording inst's RecordDispatch. */
void bench_record_op(void *context, VkCommandBuffer cmd);

#endif
