/* Device loss, from then on: after a queue wait reports VK_ERROR_DEVICE_LOST (fault_vulkan.h), or
 * after the application calls dmlopsRemoveDevice, every HRESULT method of the device, of its
 * children and of the host helpers returns DXGI_ERROR_DEVICE_REMOVED (clearing its out pointer),
 * GetDeviceRemovedReason says why, RecordDispatch records nothing, and releasing everything frees
 * every Vulkan object the library made. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_fault.h"
#include "app_vk.h"
#include "dml_util.h"
#include "fault_vulkan.h"
#include "gpu.h"

#define ELEMENTS 64
#define BYTES (ELEMENTS * sizeof(float))
#define POISON 0xA5

/* A PADDING (1 on each side) compiled, initialized and bound to an input and an output. */
struct objects
{
    IDMLDevice *device;
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;
    IDMLCommandRecorder *recorder;
    ID3D12Resource *input, *output;
    ID3D12CommandList *list; /* created before the loss, submitted after */
};

static const UINT in_sizes[4] = {1, 1, 6, 6}, out_sizes[4] = {1, 1, 8, 8};

static void padding_desc(DML_BUFFER_TENSOR_DESC buffers[2], DML_TENSOR_DESC tensors[2],
                         DML_PADDING_OPERATOR_DESC *padding)
{
    static const UINT start[4] = {0, 0, 1, 1}, end[4] = {0, 0, 1, 1};

    dml_util_tensor(&buffers[0], &tensors[0], DML_TENSOR_DATA_TYPE_FLOAT32, 4, in_sizes, 0);
    dml_util_tensor(&buffers[1], &tensors[1], DML_TENSOR_DATA_TYPE_FLOAT32, 4, out_sizes, 0);
    *padding = (DML_PADDING_OPERATOR_DESC){&tensors[0], &tensors[1], DML_PADDING_MODE_EDGE, 0.0f,
                                           4, start, end};
}

static void bind(struct objects *o)
{
    DML_BUFFER_BINDING in = {o->input, 0, 6 * 6 * sizeof(float)}, out = {o->output, 0, BYTES};
    DML_BINDING_DESC in_desc = dml_util_binding(&in), out_desc = dml_util_binding(&out);

    IDMLBindingTable_BindInputs(o->table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(o->table, 1, &out_desc);
}

static void make_objects(struct objects *o)
{
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC tensors[2];
    DML_PADDING_OPERATOR_DESC padding;
    DML_OPERATOR_DESC desc = {DML_OPERATOR_PADDING, &padding};
    IDMLCompiledOperator *list[1];

    memset(o, 0, sizeof(*o));
    assert_int_equal(fault_vulkan_create_device(&o->device), S_OK);
    padding_desc(buffers, tensors, &padding);
    assert_int_equal(IDMLDevice_CreateOperator(o->device, &desc, &IID_IDMLOperator, (void **)&o->op),
                     S_OK);
    assert_int_equal(IDMLDevice_CompileOperator(o->device, o->op, DML_EXECUTION_FLAG_NONE,
                                                &IID_IDMLCompiledOperator, (void **)&o->compiled),
                     S_OK);
    list[0] = o->compiled;
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(o->device, 1, list,
                                                          &IID_IDMLOperatorInitializer,
                                                          (void **)&o->initializer),
                     S_OK);
    assert_int_equal(dml_util_table(o->device, (IDMLDispatchable *)o->initializer, &o->table),
                     S_OK);
    assert_int_equal(dmlopsExecute(o->device, (IDMLDispatchable *)o->initializer, o->table), S_OK);
    IDMLBindingTable_Release(o->table);
    assert_int_equal(dml_util_table(o->device, (IDMLDispatchable *)o->compiled, &o->table), S_OK);
    assert_int_equal(IDMLDevice_CreateCommandRecorder(o->device, &IID_IDMLCommandRecorder,
                                                      (void **)&o->recorder),
                     S_OK);
    assert_int_equal(dmlopsCreateBuffer(o->device, BYTES, &o->input), S_OK);
    assert_int_equal(dmlopsCreateBuffer(o->device, BYTES, &o->output), S_OK);
    assert_int_equal(dmlopsCreateCommandList(o->device, &o->list), S_OK);
    bind(o);
}

static void release_objects(struct objects *o)
{
    dmlopsDestroyBuffer(o->device, o->input);
    dmlopsDestroyBuffer(o->device, o->output);
    IDMLCommandRecorder_Release(o->recorder);
    IDMLBindingTable_Release(o->table);
    IDMLOperatorInitializer_Release(o->initializer);
    IDMLCompiledOperator_Release(o->compiled);
    IDMLOperator_Release(o->op);
    assert_int_equal(IDMLDevice_Release(o->device), 0);
}

#define ASSERT_REMOVED(call) assert_int_equal((call), DXGI_ERROR_DEVICE_REMOVED)

/* Every HRESULT method a removed device has, each with its out pointer cleared. */
static void assert_everything_removed(struct objects *o)
{
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC tensors[2];
    DML_PADDING_OPERATOR_DESC padding;
    DML_OPERATOR_DESC desc = {DML_OPERATOR_PADDING, &padding};
    DML_BINDING_TABLE_DESC table_desc = {.Dispatchable = (IDMLDispatchable *)o->compiled};
    IDMLPageable *pageable = (IDMLPageable *)o->compiled;
    void *out = (void *)1;
    ID3D12Resource *buffer = (ID3D12Resource *)1;
    ID3D12CommandList *list = (ID3D12CommandList *)1;
    float data[ELEMENTS];

    padding_desc(buffers, tensors, &padding);
    ASSERT_REMOVED(IDMLDevice_CreateOperator(o->device, &desc, &IID_IDMLOperator, &out));
    assert_null(out);
    ASSERT_REMOVED(IDMLDevice_CompileOperator(o->device, o->op, 0, &IID_IDMLCompiledOperator,
                                              (out = (void *)1, &out)));
    assert_null(out);
    ASSERT_REMOVED(IDMLDevice_CreateOperatorInitializer(o->device, 0, NULL,
                                                        &IID_IDMLOperatorInitializer,
                                                        (out = (void *)1, &out)));
    assert_null(out);
    ASSERT_REMOVED(IDMLDevice_CreateBindingTable(o->device, &table_desc, &IID_IDMLBindingTable,
                                                 (out = (void *)1, &out)));
    assert_null(out);
    ASSERT_REMOVED(IDMLDevice_CreateCommandRecorder(o->device, &IID_IDMLCommandRecorder,
                                                    (out = (void *)1, &out)));
    assert_null(out);
    ASSERT_REMOVED(IDMLDevice_Evict(o->device, 1, &pageable));
    ASSERT_REMOVED(IDMLDevice_MakeResident(o->device, 1, &pageable));
    ASSERT_REMOVED(IDMLBindingTable_Reset(o->table, &table_desc));
    ASSERT_REMOVED(IDMLOperatorInitializer_Reset(o->initializer, 0, NULL));
    ASSERT_REMOVED(dmlopsCreateBuffer(o->device, BYTES, &buffer));
    assert_null(buffer);
    ASSERT_REMOVED(dmlopsUploadBuffer(o->device, o->input, 0, data, sizeof(data)));
    ASSERT_REMOVED(dmlopsDownloadBuffer(o->device, o->output, 0, data, sizeof(data)));
    ASSERT_REMOVED(dmlopsCreateCommandList(o->device, &list));
    assert_null(list);
    ASSERT_REMOVED(dmlopsExecute(o->device, (IDMLDispatchable *)o->compiled, o->table));
}

/* RecordDispatch into the application's own command buffer, run on the application's queue (which
 * the simulated loss does not touch): the poisoned output must come back unchanged. */
static void assert_records_nothing(struct objects *o)
{
    struct app_vk *vk = fault_vulkan_app();
    struct app_buffer out, poison, staging;
    unsigned char expected[BYTES];

    assert_true(app_buffer_create(vk, BYTES, true, &out));
    assert_true(app_buffer_create(vk, BYTES, false, &poison));
    assert_true(app_buffer_create(vk, BYTES, false, &staging));
    memset(poison.host, POISON, BYTES);
    memset(staging.host, 0, BYTES);
    VkCommandBuffer cmd = app_begin(vk);
    app_copy(cmd, &poison, 0, &out, 0, BYTES);
    app_barrier_transfer_to_compute(cmd);
    DML_BUFFER_BINDING in = {o->input, 0, 6 * 6 * sizeof(float)};
    DML_BUFFER_BINDING output = {(ID3D12Resource *)out.buffer, 0, BYTES};
    DML_BINDING_DESC in_desc = dml_util_binding(&in), out_desc = dml_util_binding(&output);
    IDMLBindingTable_BindInputs(o->table, 1, &in_desc);
    IDMLBindingTable_BindOutputs(o->table, 1, &out_desc);
    IDMLCommandRecorder_RecordDispatch(o->recorder, (ID3D12CommandList *)cmd,
                                       (IDMLDispatchable *)o->compiled, o->table);
    app_barrier_compute_to_transfer(cmd);
    app_copy(cmd, &out, 0, &staging, 0, BYTES);
    app_barrier_transfer_to_host(cmd);
    assert_int_equal(app_submit_and_wait(vk, cmd), VK_SUCCESS);
    memset(expected, POISON, BYTES);
    assert_memory_equal(staging.host, expected, BYTES);
    app_buffer_destroy(vk, &staging);
    app_buffer_destroy(vk, &poison);
    app_buffer_destroy(vk, &out);
}

static void check_removed_then_release(struct objects *o, HRESULT reason, size_t live)
{
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(o->device), reason);
    assert_everything_removed(o);
    assert_records_nothing(o);
    ASSERT_REMOVED(dmlopsSubmitCommandList(o->device, o->list)); /* freed, never run */
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(o->device), reason);
    release_objects(o);
    assert_int_equal(alloc_fault_live(), live);
    assert_int_equal(alloc_fault_bad_frees(), 0);
    assert_int_equal(fault_vulkan_validation_messages(), 0);
}

/* The wait of an execution reports the loss. */
static void lost_during_execute(void **state)
{
    size_t live = alloc_fault_live();
    struct objects o;

    make_objects(&o);
    alloc_fault_arm(2); /* the submission goes through; its wait reports the loss */
    ASSERT_REMOVED(dmlopsExecute(o.device, (IDMLDispatchable *)o.compiled, o.table));
    alloc_fault_arm(0);
    assert_true(fault_vulkan_lost());
    check_removed_then_release(&o, DXGI_ERROR_DEVICE_HUNG, live);
}

/* The application saw the loss on its own queue and tells the library. */
static void removed_by_application(void **state)
{
    size_t live = alloc_fault_live();
    struct objects o;

    make_objects(&o);
    dmlopsRemoveDevice(o.device, DXGI_ERROR_DEVICE_RESET);
    dmlopsRemoveDevice(o.device, E_FAIL); /* the first cause wins */
    check_removed_then_release(&o, DXGI_ERROR_DEVICE_RESET, live);
}

static void removed_without_a_reason(void **state)
{
    IDMLDevice *device;

    assert_int_equal(fault_vulkan_create_device(&device), S_OK);
    dmlopsRemoveDevice(device, S_OK);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

int main(void)
{
    /* The loss is simulated once per process (it is sticky), so it goes last. */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(removed_without_a_reason),
        cmocka_unit_test(removed_by_application),
        cmocka_unit_test(lost_during_execute),
    };

    gpu_require_device();
    fault_vulkan_init(FAULT_VULKAN_QUEUE);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
