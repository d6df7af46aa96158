/* libdmlops on an application's own Vulkan objects: the application creates the instance (with the
 * validation layer), the device, the buffers, the staging path and the command buffer; libdmlops
 * only records into that command buffer. One submission holds: poison + upload, barrier,
 * initializer, barrier, SLICE1, barrier, PADDING reading SLICE1's output, barrier, read-back copy.
 * Any validation message of WARNING or ERROR severity fails the test, including the ones the
 * layer prints when the application destroys its device (objects the library leaked). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dml_util.h"
#include "interop_chain.h"

static struct app_vk vk;

static HRESULT create_device(VkDevice device, IDMLDevice **out)
{
    DMLOPS_VULKAN_DEVICE_DESC vulkan = {
        .sType = DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC,
        .pfnGetInstanceProcAddr = vkGetInstanceProcAddr,
        .instance = vk.instance,
        .physicalDevice = vk.physical_device,
        .device = device,
        .queueFamilyIndex = vk.queue_family,
        .queueIndex = 0,
    };
    DMLOPS_DEVICE_DESC desc = {
        .sType = DMLOPS_STRUCTURE_TYPE_DEVICE_DESC,
        .pNext = &vulkan,
        .flags = DML_CREATE_DEVICE_FLAG_DEBUG,
        .minimumFeatureLevel = DML_FEATURE_LEVEL_3_1, /* 3-D PADDING */
    };
    return dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)out);
}

static void record(struct chain *c, VkCommandBuffer cmd)
{
    ID3D12CommandList *list = (ID3D12CommandList *)cmd;                  /* decision D16 */
    vkCmdFillBuffer(cmd, c->work.buffer, 0, VK_WHOLE_SIZE, 0xFFFFFFFFu); /* NaN poison */
    app_copy(cmd, &c->staging, STAGING_X_OFFSET, &c->input, 0, c->input.size);
    app_barrier_transfer_to_compute(cmd);
    IDMLCommandRecorder_RecordDispatch(c->recorder, list, (IDMLDispatchable *)c->initializer,
                                       c->init_table);
    app_barrier_compute_to_compute(cmd);
    IDMLCommandRecorder_RecordDispatch(c->recorder, list, (IDMLDispatchable *)c->slice,
                                       c->slice_table);
    app_barrier_compute_to_compute(cmd);
    IDMLCommandRecorder_RecordDispatch(c->recorder, list, (IDMLDispatchable *)c->pad, c->pad_table);
    app_barrier_compute_to_transfer(cmd);
    app_copy(cmd, &c->work, 0, &c->staging, STAGING_WORK_OFFSET, WORK_SIZE);
    app_barrier_transfer_to_host(cmd);
}

static unsigned compare(const char *name, const float *got, const float *expected, unsigned count)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < count; ++i)
    {
        if (memcmp(&got[i], &expected[i], sizeof(float)) && bad++ < 10)
            fprintf(stderr, "interop: %s[%u] = %g, expected %g\n", name, i, got[i], expected[i]);
    }
    printf("interop: %s: %u elements, %u wrong\n", name, count, bad);
    return bad;
}

/* Records and runs the whole case; returns the number of wrong elements, or -1. */
static int run_case(IDMLDevice *device, struct chain *c)
{
    float x[X_COUNT], y[Y_COUNT], z[Z_COUNT];
    case_fill_x(x);
    case_expected_y(x, y);
    case_expected_z(y, z);
    memcpy((char *)c->staging.host + STAGING_X_OFFSET, x, sizeof(x));

    VkCommandBuffer cmd = app_begin(&vk);
    if (!cmd)
        return -1;
    record(c, cmd);
    HRESULT hr = IDMLDevice_GetDeviceRemovedReason(device);
    VkResult r = app_submit_and_wait(&vk, cmd);
    if (FAILED(hr) || r != VK_SUCCESS)
    {
        fprintf(stderr, "interop: recording: 0x%08X, submission: %d\n", (unsigned)hr, r);
        return -1;
    }
    const char *work = (const char *)c->staging.host + STAGING_WORK_OFFSET;
    return (int)(compare("SLICE1 output Y", (const float *)(work + WORK_Y_OFFSET), y, Y_COUNT) +
                 compare("PADDING output Z", (const float *)(work + WORK_Z_OFFSET), z, Z_COUNT));
}

static void slice_then_padding_in_one_command_buffer(void **state)
{
    IDMLDevice *device = *state;
    struct chain c;
    HRESULT hr = chain_create(&vk, device, &c);
    int wrong = SUCCEEDED(hr) ? run_case(device, &c) : -1;
    chain_destroy(&vk, &c); /* also on failure: leaks would add validation errors */
    assert_int_equal(hr, S_OK);
    assert_int_equal(wrong, 0);
    assert_int_equal(app_vk_validation_errors(), 0);
}

/* The host helpers on the application's device and buffers: the library uses its own command
 * pool on the application's queue family. */
static void host_helpers_on_application_buffers(void **state)
{
    IDMLDevice *device = *state;
    struct app_buffer buffer;
    unsigned char data[96], back[96];
    for (unsigned i = 0; i < sizeof(data); ++i)
        data[i] = (unsigned char)(i * 7 + 3);
    assert_true(app_buffer_create(&vk, 256, true, &buffer));
    ID3D12Resource *resource = (ID3D12Resource *)buffer.buffer;
    memset(back, 0, sizeof(back));
    HRESULT up = dmlopsUploadBuffer(device, resource, 32, data, sizeof(data));
    HRESULT down = dmlopsDownloadBuffer(device, resource, 32, back, sizeof(back));
    app_buffer_destroy(&vk, &buffer);
    assert_int_equal(up, S_OK);
    assert_int_equal(down, S_OK);
    assert_memory_equal(back, data, sizeof(data));
    assert_int_equal(app_vk_validation_errors(), 0);
}

/* A JOIN of 32 inputs, more bindings than push constants hold, without DESCRIPTORS_VOLATILE on the
 * application's command buffer: one dispatch reading its addresses from the table's slot block
 * (the library cannot see the application's command buffers retire, so none of their own). */
enum
{
    JOIN_ROWS = 3,
    JOIN_INPUTS = 32,
    JOIN_WIDTH = 4, /* 4-byte elements: 16 bytes of each input per row */
    JOIN_INPUT_BYTES = JOIN_ROWS * JOIN_WIDTH * 4,
    JOIN_OUTPUT_BYTES = JOIN_INPUTS * JOIN_INPUT_BYTES,
};

static void initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *initializer = NULL;
    IDMLBindingTable *table = NULL;
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, 1, &compiled, &IID_IDMLOperatorInitializer, (void **)&initializer),
                     S_OK);
    assert_int_equal(dml_util_table(device, (IDMLDispatchable *)initializer, &table), S_OK);
    assert_int_equal(dmlopsExecute(device, (IDMLDispatchable *)initializer, table), S_OK);
    IDMLBindingTable_Release(table);
    IDMLOperatorInitializer_Release(initializer);
}

static void bind_join(IDMLBindingTable *table, const struct app_buffer *in,
                      const struct app_buffer *out)
{
    DML_BUFFER_BINDING ins[JOIN_INPUTS],
        output = {(ID3D12Resource *)out->buffer, 0, JOIN_OUTPUT_BYTES};
    DML_BINDING_DESC in_descs[JOIN_INPUTS], out_desc = dml_util_binding(&output);
    for (uint32_t k = 0; k < JOIN_INPUTS; ++k)
    {
        ins[k] = (DML_BUFFER_BINDING){(ID3D12Resource *)in->buffer, k * JOIN_INPUT_BYTES,
                                      JOIN_INPUT_BYTES};
        in_descs[k] = dml_util_binding(&ins[k]);
    }
    IDMLBindingTable_BindInputs(table, JOIN_INPUTS, in_descs);
    IDMLBindingTable_BindOutputs(table, 1, &out_desc);
}

static void wide_join_on_application_command_buffer(void **state)
{
    IDMLDevice *device = *state;
    const UINT in_sizes[2] = {JOIN_ROWS, JOIN_WIDTH},
               out_sizes[2] = {JOIN_ROWS, JOIN_INPUTS * JOIN_WIDTH};
    DML_BUFFER_TENSOR_DESC in_buffer, out_buffer;
    DML_TENSOR_DESC in_tensors[JOIN_INPUTS], out_tensor;
    dml_util_tensor(&in_buffer, &in_tensors[0], DML_TENSOR_DATA_TYPE_UINT32, 2, in_sizes,
                    DML_TENSOR_FLAG_NONE);
    dml_util_tensor(&out_buffer, &out_tensor, DML_TENSOR_DATA_TYPE_UINT32, 2, out_sizes,
                    DML_TENSOR_FLAG_NONE);
    for (uint32_t k = 1; k < JOIN_INPUTS; ++k)
        in_tensors[k] = in_tensors[0];
    DML_JOIN_OPERATOR_DESC join = {JOIN_INPUTS, in_tensors, &out_tensor, 1};
    IDMLCompiledOperator *compiled = NULL;
    IDMLBindingTable *table = NULL;
    IDMLCommandRecorder *recorder = NULL;
    struct app_buffer in, out;
    uint32_t values[JOIN_OUTPUT_BYTES / 4], got[JOIN_OUTPUT_BYTES / 4];
    assert_int_equal(dml_util_compile(device, DML_OPERATOR_JOIN, &join, &compiled), S_OK);
    initialize(device, compiled);
    assert_true(app_buffer_create(&vk, JOIN_OUTPUT_BYTES, true, &in));
    assert_true(app_buffer_create(&vk, JOIN_OUTPUT_BYTES, true, &out));
    for (uint32_t i = 0; i < JOIN_OUTPUT_BYTES / 4; ++i)
        values[i] = 0x5000u + i; /* input i / 12, row i / 4 % 3, column i % 4 */
    assert_int_equal(
        dmlopsUploadBuffer(device, (ID3D12Resource *)in.buffer, 0, values, sizeof(values)), S_OK);
    assert_int_equal(dml_util_table(device, (IDMLDispatchable *)compiled, &table), S_OK);
    assert_int_equal(
        IDMLDevice_CreateCommandRecorder(device, &IID_IDMLCommandRecorder, (void **)&recorder),
        S_OK);
    bind_join(table, &in, &out);
    VkCommandBuffer cmd = app_begin(&vk);
    assert_non_null(cmd);
    IDMLCommandRecorder_RecordDispatch(recorder, (ID3D12CommandList *)cmd,
                                       (IDMLDispatchable *)compiled, table);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(app_submit_and_wait(&vk, cmd), VK_SUCCESS);
    assert_int_equal(
        dmlopsDownloadBuffer(device, (ID3D12Resource *)out.buffer, 0, got, sizeof(got)), S_OK);
    for (uint32_t i = 0; i < JOIN_OUTPUT_BYTES / 4; ++i)
    {
        uint32_t row = i / (JOIN_INPUTS * JOIN_WIDTH), k = i / JOIN_WIDTH % JOIN_INPUTS;
        uint32_t want = values[k * JOIN_ROWS * JOIN_WIDTH + row * JOIN_WIDTH + i % JOIN_WIDTH];
        if (got[i] != want)
            fail_msg("output %u (row %u, input %u): 0x%x, expected 0x%x", i, row, k, got[i], want);
    }
    IDMLCommandRecorder_Release(recorder);
    IDMLBindingTable_Release(table);
    IDMLCompiledOperator_Release(compiled);
    app_buffer_destroy(&vk, &in);
    app_buffer_destroy(&vk, &out);
    assert_int_equal(app_vk_validation_errors(), 0);
}

static void null_vulkan_device_is_rejected(void **state)
{
    IDMLDevice *device = NULL;
    assert_int_equal(create_device(VK_NULL_HANDLE, &device), E_INVALIDARG);
    assert_null(device);
}

static int setup(void **state)
{
    IDMLDevice *device = NULL;
    HRESULT hr = create_device(vk.device, &device);
    if (FAILED(hr))
    {
        fprintf(stderr, "interop: dmlopsCreateDevice on the application's device: 0x%08X\n",
                (unsigned)hr);
        return -1;
    }
    *state = device;
    return 0;
}

static int teardown(void **state)
{
    IDMLDevice_Release((IDMLDevice *)*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(slice_then_padding_in_one_command_buffer),
        cmocka_unit_test(host_helpers_on_application_buffers),
        cmocka_unit_test(wide_join_on_application_command_buffer),
        cmocka_unit_test(null_vulkan_device_is_rejected),
    };
    app_vk_init(&vk); /* exits 77 without a usable device or layer */
    int failed = cmocka_run_group_tests_name("interop", tests, setup, teardown);
    /* Destroying the device after the IDMLDevice is gone: the layer names leaked objects. */
    app_vk_cleanup(&vk);
    unsigned errors = app_vk_validation_errors();
    printf("interop: %u validation message(s) of WARNING/ERROR severity\n", errors);
    printf("interop: %s\n", failed || errors ? "FAIL" : "PASS");
    return failed || errors ? 1 : 0;
}
