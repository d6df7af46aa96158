/* A client that loads libdmlops.so.0 at run time, as inference runtimes load DirectML, resolves
 * DMLCreateDevice1 by name and runs a slice (reversing a 1-D tensor of 5 int32). */
#define COBJMACROS
#include <DirectML.h>
#include <dmlops.h>

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef HRESULT (*create_device1_fn)(ID3D12Device *, DML_CREATE_DEVICE_FLAGS, DML_FEATURE_LEVEL,
                                     REFIID, void **);

struct host_api
{
    HRESULT (*enumerate)(UINT *, DMLOPS_ADAPTER_INFO *);
    HRESULT (*create_buffer)(IDMLDevice *, UINT64, ID3D12Resource **);
    void (*destroy_buffer)(IDMLDevice *, ID3D12Resource *);
    HRESULT (*upload)(IDMLDevice *, ID3D12Resource *, UINT64, const void *, UINT64);
    HRESULT (*download)(IDMLDevice *, ID3D12Resource *, UINT64, void *, UINT64);
    HRESULT (*execute)(IDMLDevice *, IDMLDispatchable *, IDMLBindingTable *);
};

static int resolve(void *lib, struct host_api *api)
{
    *(void **)&api->enumerate = dlsym(lib, "dmlopsEnumerateAdapters");
    *(void **)&api->create_buffer = dlsym(lib, "dmlopsCreateBuffer");
    *(void **)&api->destroy_buffer = dlsym(lib, "dmlopsDestroyBuffer");
    *(void **)&api->upload = dlsym(lib, "dmlopsUploadBuffer");
    *(void **)&api->download = dlsym(lib, "dmlopsDownloadBuffer");
    *(void **)&api->execute = dlsym(lib, "dmlopsExecute");
    return api->enumerate && api->create_buffer && api->destroy_buffer && api->upload &&
           api->download && api->execute;
}

static int run(IDMLDevice *device, const struct host_api *api)
{
    UINT sizes[1] = {5}, offsets[1] = {0}, window[1] = {5};
    INT strides[1] = {-1};
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 20, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_SLICE1_OPERATOR_DESC slice = {&tensor, &tensor, 1, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    int input[5] = {10, 20, 30, 40, 50}, output[5] = {0}, expected[5] = {50, 40, 30, 20, 10};
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;
    ID3D12Resource *in, *out;
    DML_BINDING_TABLE_DESC table_desc = {NULL, {0}, {0}, 0};
    DML_BUFFER_BINDING in_binding, out_binding;
    DML_BINDING_DESC in_desc = {DML_BINDING_TYPE_BUFFER, &in_binding};
    DML_BINDING_DESC out_desc = {DML_BINDING_TYPE_BUFFER, &out_binding};

    if (FAILED(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op)) ||
        FAILED(IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                          &IID_IDMLCompiledOperator, (void **)&compiled)) ||
        FAILED(IDMLDevice_CreateOperatorInitializer(device, 1, &compiled,
                                                    &IID_IDMLOperatorInitializer, (void **)&initializer)))
        return 1;
    table_desc.Dispatchable = (IDMLDispatchable *)initializer;
    if (FAILED(IDMLDevice_CreateBindingTable(device, &table_desc, &IID_IDMLBindingTable, (void **)&table)) ||
        FAILED(api->execute(device, (IDMLDispatchable *)initializer, table)) ||
        FAILED(api->create_buffer(device, 20, &in)) || FAILED(api->create_buffer(device, 20, &out)) ||
        FAILED(api->upload(device, in, 0, input, sizeof(input))))
        return 1;
    in_binding = (DML_BUFFER_BINDING){in, 0, 20};
    out_binding = (DML_BUFFER_BINDING){out, 0, 20};
    table_desc.Dispatchable = (IDMLDispatchable *)compiled;
    IDMLBindingTable_Reset(table, &table_desc);
    IDMLBindingTable_BindInputs(table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(table, 1, &out_desc);
    if (FAILED(api->execute(device, (IDMLDispatchable *)compiled, table)) ||
        FAILED(api->download(device, out, 0, output, sizeof(output))))
        return 1;
    api->destroy_buffer(device, in);
    api->destroy_buffer(device, out);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(initializer);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    return memcmp(output, expected, sizeof(output)) != 0;
}

int main(void)
{
    void *lib = dlopen("libdmlops.so.0", RTLD_NOW | RTLD_LOCAL);
    struct host_api api;
    create_device1_fn create;
    IDMLDevice *device;
    UINT count = 0;
    int failed;

    if (!lib)
        return fprintf(stderr, "dlopen: %s\n", dlerror()), 1;
    *(void **)&create = dlsym(lib, "DMLCreateDevice1");
    if (!create || !resolve(lib, &api))
        return fprintf(stderr, "missing symbols\n"), 1;
    if (FAILED(api.enumerate(&count, NULL)) || !count)
        return 77;
    if (FAILED(create(NULL, DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_5_0, &IID_IDMLDevice,
                      (void **)&device)))
        return fprintf(stderr, "DMLCreateDevice1 failed\n"), 1;
    failed = run(device, &api);
    IDMLDevice_Release(device);
    dlclose(lib);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed;
}
