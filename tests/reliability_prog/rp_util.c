#define COBJMACROS
#include "rp_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

IDMLCompiledOperator *rp_compile_split(IDMLDevice *device, unsigned parts,
                                       DML_EXECUTION_FLAGS flags)
{
    UINT in_sizes[2] = {1, parts}, out_sizes[2] = {1, 1};
    DML_BUFFER_TENSOR_DESC in = {
        DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, in_sizes, NULL, 4ull * parts, 0};
    DML_BUFFER_TENSOR_DESC out = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 2, out_sizes, NULL, 4, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in},
                    out_tensor = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_TENSOR_DESC *outs = malloc(parts * sizeof(*outs));
    DML_SPLIT_OPERATOR_DESC split = {&in_tensor, parts, outs, 1};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};
    IDMLOperator *op = NULL;
    IDMLCompiledOperator *compiled = NULL;

    assert_non_null(outs);
    for (unsigned k = 0; k < parts; ++k)
        outs[k] = out_tensor;
    assert_int_equal(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op),
                     S_OK);
    assert_int_equal(IDMLDevice_CompileOperator(device, op, flags, &IID_IDMLCompiledOperator,
                                                (void **)&compiled),
                     S_OK);
    IDMLOperator_Release(op);
    free(outs);
    return compiled;
}

static DML_BINDING_TABLE_DESC table_desc(IDMLDispatchable *dispatchable, unsigned long long range)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {(SIZE_T)range}, {range}, range ? 4 : 0};
    return desc;
}

IDMLBindingTable *rp_table(IDMLDevice *device, IDMLDispatchable *dispatchable,
                           unsigned long long range)
{
    DML_BINDING_TABLE_DESC desc = table_desc(dispatchable, range);
    IDMLBindingTable *table = NULL;

    assert_int_equal(
        IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable, (void **)&table), S_OK);
    return table;
}

void rp_reset(IDMLBindingTable *table, IDMLDispatchable *dispatchable, unsigned long long range)
{
    DML_BINDING_TABLE_DESC desc = table_desc(dispatchable, range);

    assert_int_equal(IDMLBindingTable_Reset(table, &desc), S_OK);
}

unsigned long long rp_output_offset(unsigned parts, unsigned k)
{
    return 4096ull * (1 + 4ull * parts / 4096) + 16ull * k;
}

void rp_bind_split(IDMLBindingTable *table, ID3D12Resource *buffer, unsigned parts, int outputs)
{
    DML_BUFFER_BINDING in = {buffer, 0, 4ull * parts}, *out = malloc(parts * sizeof(*out));
    DML_BINDING_DESC in_desc = {DML_BINDING_TYPE_BUFFER, &in},
                     *out_descs = malloc(parts * sizeof(*out_descs));

    assert_true(out && out_descs);
    for (unsigned k = 0; k < parts; ++k)
    {
        out[k] = (DML_BUFFER_BINDING){buffer, rp_output_offset(parts, k), 4};
        out_descs[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &out[k]};
    }
    IDMLBindingTable_BindInputs(table, 1, &in_desc);
    if (outputs)
        IDMLBindingTable_BindOutputs(table, parts, out_descs);
    free(out);
    free(out_descs);
}

void rp_initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *init = NULL;
    IDMLBindingTable *table;

    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&init),
                     S_OK);
    table = rp_table(device, (IDMLDispatchable *)init, 0);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)init, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(init);
}

long rp_resident_kib(void)
{
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");

    if (statm && fscanf(statm, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    if (statm)
        fclose(statm);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

long rp_status_kib(const char *field)
{
    char line[256];
    long kib = -1;
    size_t n = strlen(field);
    FILE *status = fopen("/proc/self/status", "r");

    while (status && kib < 0 && fgets(line, sizeof(line), status))
    {
        if (!strncmp(line, field, n) && line[n] == ':')
            kib = atol(line + n + 1);
    }
    if (status)
        fclose(status);
    return kib;
}
