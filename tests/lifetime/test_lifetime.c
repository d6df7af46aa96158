/* 100,000 create/compile/bind/release cycles with the resident memory measured: after a warm-up
 * the process must not grow (no leak in the COM layer, the block allocator or the pipeline cache). */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gpu.h"

#define WARMUP 10000u
#define DEFAULT_CYCLES 100000u
#define ALLOWED_GROWTH_KIB 512u

static long resident_kib(void)
{
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");

    if (statm && fscanf(statm, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    if (statm)
        fclose(statm);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static int cycle(IDMLDevice *device, ID3D12Resource *buffer, unsigned i)
{
    UINT sizes[2] = {4, 8 + i % 5}, out_sizes[2] = {4, 8 + i % 5 + 4}, start[2] = {0, 2}, end[2] = {0, 2};
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, sizes, NULL, 256, 0};
    DML_BUFFER_TENSOR_DESC out = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, out_sizes, NULL, 256, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in}, out_tensor = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_PADDING_OPERATOR_DESC pad = {&in_tensor, &out_tensor, (DML_PADDING_MODE)(i % 5), 1.0f, 2, start, end};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_PADDING, &pad};
    DML_BUFFER_BINDING in_binding = {buffer, 0, 256}, out_binding = {buffer, 256, 256};
    DML_BINDING_DESC bindings[2] = {{DML_BINDING_TYPE_BUFFER, &in_binding}, {DML_BINDING_TYPE_BUFFER, &out_binding}};
    DML_BINDING_TABLE_DESC table_desc = {NULL, {0}, {0}, 0};
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLBindingTable *table;

    if (FAILED(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op)))
        return 1;
    if (FAILED(IDMLDevice_CompileOperator(device, op, 0, &IID_IDMLCompiledOperator, (void **)&compiled)))
        return IDMLOperator_Release(op), 1;
    table_desc.Dispatchable = (IDMLDispatchable *)compiled;
    if (SUCCEEDED(IDMLDevice_CreateBindingTable(device, &table_desc, &IID_IDMLBindingTable, (void **)&table)))
    {
        IDMLBindingTable_BindInputs(table, 1, &bindings[0]);
        IDMLBindingTable_BindOutputs(table, 1, &bindings[1]);
        IDMLBindingTable_Release(table);
    }
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    return IDMLDevice_GetDeviceRemovedReason(device) != S_OK;
}

int main(void)
{
    const char *env = getenv("DMLOPS_TEST_CYCLES");
    unsigned cycles = env ? (unsigned)atoi(env) : DEFAULT_CYCLES, failures = 0;
    IDMLDevice *device = gpu_create_device(0, TRUE);
    ID3D12Resource *buffer;
    long before, after;

    if (FAILED(dmlopsCreateBuffer(device, 512, &buffer)))
        return 1;
    for (unsigned i = 0; i < WARMUP; ++i)
        failures += cycle(device, buffer, i);
    before = resident_kib();
    for (unsigned i = 0; i < cycles; ++i)
        failures += cycle(device, buffer, i);
    after = resident_kib();
    dmlopsDestroyBuffer(device, buffer);
    IDMLDevice_Release(device);
    printf("%u cycles after %u warm-up: resident %ld KiB -> %ld KiB (%+ld KiB), %u failures\n",
           cycles, WARMUP, before, after, after - before, failures);
    return failures || after - before > (long)ALLOWED_GROWTH_KIB;
}
