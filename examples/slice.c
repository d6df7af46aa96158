/* The whole DirectML call sequence in C, linked with find_package(dmlops): a 2x2 window out of a
 * 4x4 float tensor (DML_OPERATOR_SLICE1), recorded into a command list as a D3D12 program would,
 * on the library's own Vulkan device. Exit status 0 when the result is right, 77 with no device. */
#define COBJMACROS
#include <DirectML.h>
#include <dmlops.h>

#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                                                \
    do                                                                                             \
    {                                                                                              \
        HRESULT hr_ = (call);                                                                      \
        if (FAILED(hr_))                                                                           \
            return fprintf(stderr, "%s failed: 0x%08X\n", #call, (unsigned)hr_), 1;                \
    } while (0)

/* Binds `dispatchable` (and the buffers, if any), records it into a command list and runs it. */
static int run(IDMLDevice *device, IDMLBindingTable *table, IDMLDispatchable *dispatchable,
               ID3D12Resource *in, ID3D12Resource *out, UINT64 bytes_in, UINT64 bytes_out)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable, {0}, {0}, 0};
    DML_BUFFER_BINDING bin = {in, 0, bytes_in}, bout = {out, 0, bytes_out};
    DML_BINDING_DESC din = {DML_BINDING_TYPE_BUFFER, &bin}, dout = {DML_BINDING_TYPE_BUFFER, &bout};
    IDMLCommandRecorder *recorder;
    ID3D12CommandList *list;
    CHECK(IDMLBindingTable_Reset(table, &desc));
    if (in)
    {
        IDMLBindingTable_BindInputs(table, 1, &din);
        IDMLBindingTable_BindOutputs(table, 1, &dout);
    }
    CHECK(IDMLDevice_CreateCommandRecorder(device, &IID_IDMLCommandRecorder, (void **)&recorder));
    CHECK(dmlopsCreateCommandList(device, &list));
    IDMLCommandRecorder_RecordDispatch(recorder, list, dispatchable, table);
    IDMLCommandRecorder_Release(recorder);
    CHECK(dmlopsSubmitCommandList(device, list));
    return 0;
}

int main(void)
{
    UINT in_sizes[4] = {1, 1, 4, 4}, out_sizes[4] = {1, 1, 2, 2};
    UINT offsets[4] = {0, 0, 1, 1}, window[4] = {1, 1, 2, 2};
    INT strides[4] = {1, 1, 1, 1};
    DML_BUFFER_TENSOR_DESC in_buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, in_sizes, NULL, 64, 0};
    DML_BUFFER_TENSOR_DESC out_buffer = {
        DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, out_sizes, NULL, 16, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in_buffer};
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out_buffer};
    DML_SLICE1_OPERATOR_DESC slice = {&in_tensor, &out_tensor, 4, offsets, window, strides};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SLICE1, &slice};
    float input[16], output[4] = {0}, expected[4] = {5, 6, 9, 10};
    IDMLDevice *device;
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;
    ID3D12Resource *in, *out;

    for (int i = 0; i < 16; ++i)
        input[i] = (float)i;
    HRESULT hr =
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device);
    if (hr == DXGI_ERROR_UNSUPPORTED)
        return fprintf(stderr, "no Vulkan device\n"), 77;
    CHECK(hr);
    CHECK(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op));
    CHECK(IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &IID_IDMLCompiledOperator,
                                     (void **)&compiled));
    CHECK(IDMLDevice_CreateOperatorInitializer(device, 1, &compiled, &IID_IDMLOperatorInitializer,
                                               (void **)&initializer));
    DML_BINDING_TABLE_DESC table_desc = {(IDMLDispatchable *)initializer, {0}, {0}, 0};
    CHECK(
        IDMLDevice_CreateBindingTable(device, &table_desc, &IID_IDMLBindingTable, (void **)&table));
    CHECK(dmlopsCreateBuffer(device, sizeof(input), &in));
    CHECK(dmlopsCreateBuffer(device, sizeof(output), &out));
    CHECK(dmlopsUploadBuffer(device, in, 0, input, sizeof(input)));
    if (run(device, table, (IDMLDispatchable *)initializer, NULL, NULL, 0, 0) ||
        run(device, table, (IDMLDispatchable *)compiled, in, out, sizeof(input), sizeof(output)))
        return 1;
    CHECK(dmlopsDownloadBuffer(device, out, 0, output, sizeof(output)));
    printf("window: %g %g / %g %g\n", output[0], output[1], output[2], output[3]);
    dmlopsDestroyBuffer(device, in);
    dmlopsDestroyBuffer(device, out);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(initializer);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    IDMLDevice_Release(device);
    return memcmp(output, expected, sizeof(output)) ? 1 : 0;
}
