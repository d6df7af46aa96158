/* The flow's steps: each makes exactly one call into the library, so that an injected failure
 * is attributed to the call that hit it. */
#define COBJMACROS
#include <stddef.h>
#include <string.h>

#include "fault_flow.h"

static UINT64 bytes_of(unsigned buffer)
{
    return (UINT64)flow_tensors[buffer].elements * sizeof(float);
}

static DML_BUFFER_TENSOR_DESC tensor_of(unsigned buffer, DML_TENSOR_FLAGS flags)
{
    return (DML_BUFFER_TENSOR_DESC){.DataType = DML_TENSOR_DATA_TYPE_FLOAT32,
                                    .Flags = flags,
                                    .DimensionCount = 4,
                                    .Sizes = flow_tensors[buffer].sizes,
                                    .TotalTensorSizeInBytes = bytes_of(buffer)};
}

static DML_BUFFER_BINDING binding_of(const struct flow *f, unsigned buffer)
{
    UINT64 size = buffer == FLOW_PERSISTENT ? f->persistent_size : bytes_of(buffer);

    return (DML_BUFFER_BINDING){f->buffers[buffer], 0, size};
}

static HRESULT create_buffer(struct flow *f, unsigned buffer)
{
    UINT64 size = buffer == FLOW_PERSISTENT ? f->persistent_size : bytes_of(buffer);

    return dmlopsCreateBuffer(f->device, size, &f->buffers[buffer]);
}

static HRESULT upload(struct flow *f, unsigned buffer)
{
    float data[FLOW_MAX_ELEMENTS];

    flow_input(buffer, data);
    return dmlopsUploadBuffer(f->device, f->buffers[buffer], 0, data, bytes_of(buffer));
}

static HRESULT download(struct flow *f, unsigned buffer)
{
    return dmlopsDownloadBuffer(f->device, f->buffers[buffer], 0, f->results[buffer],
                                bytes_of(buffer));
}

static HRESULT check(struct flow *f, unsigned buffer)
{
    float expected[FLOW_MAX_ELEMENTS];

    flow_expected(buffer, expected);
    return memcmp(expected, f->results[buffer], bytes_of(buffer)) ? E_FAIL : S_OK;
}

static HRESULT create_split(struct flow *f, unsigned unused)
{
    DML_BUFFER_TENSOR_DESC in = tensor_of(FLOW_SPLIT_IN, DML_TENSOR_FLAG_OWNED_BY_DML);
    DML_BUFFER_TENSOR_DESC outs[3];
    DML_TENSOR_DESC in_desc = {DML_TENSOR_TYPE_BUFFER, &in}, out_descs[3];
    DML_SPLIT_OPERATOR_DESC split = {&in_desc, 3, out_descs, 2};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};

    for (unsigned k = 0; k < 3; ++k)
    {
        outs[k] = tensor_of(FLOW_SPLIT_OUT0 + k, DML_TENSOR_FLAG_NONE);
        out_descs[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &outs[k]};
    }
    return IDMLDevice_CreateOperator(f->device, &desc, &IID_IDMLOperator, (void **)&f->split_op);
}

static HRESULT compile_split(struct flow *f, unsigned unused)
{
    HRESULT hr = IDMLDevice_CompileOperator(f->device, f->split_op, DML_EXECUTION_FLAG_NONE,
                                            &IID_IDMLCompiledOperator, (void **)&f->split);

    if (SUCCEEDED(hr))
        f->persistent_size =
            IDMLCompiledOperator_GetBindingProperties(f->split).PersistentResourceSize;
    return SUCCEEDED(hr) && !f->persistent_size ? E_FAIL : hr;
}

static HRESULT create_padding(struct flow *f, unsigned unused)
{
    DML_BUFFER_TENSOR_DESC in = tensor_of(FLOW_PAD_IN, DML_TENSOR_FLAG_NONE);
    DML_BUFFER_TENSOR_DESC out = tensor_of(FLOW_PAD_OUT, DML_TENSOR_FLAG_NONE);
    DML_TENSOR_DESC in_desc = {DML_TENSOR_TYPE_BUFFER, &in},
                    out_desc = {DML_TENSOR_TYPE_BUFFER, &out};
    DML_PADDING_OPERATOR_DESC padding = {
        &in_desc, &out_desc, DML_PADDING_MODE_REFLECTION, 0.0f, 4, flow_pad_start, flow_pad_end};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_PADDING, &padding};

    return IDMLDevice_CreateOperator(f->device, &desc, &IID_IDMLOperator, (void **)&f->pad_op);
}

static HRESULT compile_padding(struct flow *f, unsigned unused)
{
    return IDMLDevice_CompileOperator(f->device, f->pad_op, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE,
                                      &IID_IDMLCompiledOperator, (void **)&f->pad);
}

static HRESULT create_initializer(struct flow *f, unsigned unused)
{
    return IDMLDevice_CreateOperatorInitializer(
        f->device, 1, &f->split, &IID_IDMLOperatorInitializer, (void **)&f->initializer);
}

static HRESULT reset_initializer(struct flow *f, unsigned unused)
{
    return IDMLOperatorInitializer_Reset(f->initializer, 1, &f->pad);
}

/* arg: 0 the initializer, 1 the SPLIT, 2 the PADDING. */
static IDMLDispatchable *dispatchable_of(const struct flow *f, unsigned which)
{
    IDMLDispatchable *const dispatchables[] = {(IDMLDispatchable *)f->initializer,
                                               (IDMLDispatchable *)f->split,
                                               (IDMLDispatchable *)f->pad};
    return dispatchables[which];
}

static HRESULT create_table(struct flow *f, unsigned which)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable_of(f, which), {0}, {0}, 0};

    return IDMLDevice_CreateBindingTable(f->device, &desc, &IID_IDMLBindingTable,
                                         (void **)(which == 2 ? &f->pad_table : &f->table));
}

static HRESULT reset_table(struct flow *f, unsigned which)
{
    DML_BINDING_TABLE_DESC desc = {dispatchable_of(f, which), {0}, {0}, 0};

    return IDMLBindingTable_Reset(f->table, &desc);
}

static HRESULT bind_initializer_inputs(struct flow *f, unsigned unused)
{
    DML_BUFFER_BINDING input = binding_of(f, FLOW_SPLIT_IN);
    DML_BUFFER_ARRAY_BINDING array = {1, &input};
    DML_BINDING_DESC desc = {DML_BINDING_TYPE_BUFFER_ARRAY, &array};

    IDMLBindingTable_BindInputs(f->table, 1, &desc);
    return S_OK;
}

static HRESULT bind_initializer_outputs(struct flow *f, unsigned unused)
{
    DML_BUFFER_BINDING persistent = binding_of(f, FLOW_PERSISTENT);
    DML_BINDING_DESC desc = {DML_BINDING_TYPE_BUFFER, &persistent};

    IDMLBindingTable_BindOutputs(f->table, 1, &desc);
    return S_OK;
}

static HRESULT bind_split_inputs(struct flow *f, unsigned unused)
{
    DML_BINDING_DESC owned = {DML_BINDING_TYPE_NONE, NULL};

    IDMLBindingTable_BindInputs(f->table, 1, &owned);
    return S_OK;
}

static HRESULT bind_split_outputs(struct flow *f, unsigned unused)
{
    DML_BUFFER_BINDING outputs[3];
    DML_BINDING_DESC descs[3];

    for (unsigned k = 0; k < 3; ++k)
    {
        outputs[k] = binding_of(f, FLOW_SPLIT_OUT0 + k);
        descs[k] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &outputs[k]};
    }
    IDMLBindingTable_BindOutputs(f->table, 3, descs);
    return S_OK;
}

static HRESULT bind_split_persistent(struct flow *f, unsigned unused)
{
    DML_BUFFER_BINDING persistent = binding_of(f, FLOW_PERSISTENT);
    DML_BINDING_DESC desc = {DML_BINDING_TYPE_BUFFER, &persistent};

    IDMLBindingTable_BindPersistentResource(f->table, &desc);
    return S_OK;
}

static HRESULT bind_padding(struct flow *f, unsigned buffer)
{
    DML_BUFFER_BINDING binding = binding_of(f, buffer);
    DML_BINDING_DESC desc = {DML_BINDING_TYPE_BUFFER, &binding};

    if (buffer == FLOW_PAD_IN)
        IDMLBindingTable_BindInputs(f->pad_table, 1, &desc);
    else
        IDMLBindingTable_BindOutputs(f->pad_table, 1, &desc);
    return S_OK;
}

static HRESULT create_recorder(struct flow *f, unsigned unused)
{
    return IDMLDevice_CreateCommandRecorder(f->device, &IID_IDMLCommandRecorder,
                                            (void **)&f->recorder);
}

static HRESULT create_list(struct flow *f, unsigned unused)
{
    return dmlopsCreateCommandList(f->device, &f->list);
}

static HRESULT record(struct flow *f, unsigned which)
{
    IDMLCommandRecorder_RecordDispatch(f->recorder, f->list, dispatchable_of(f, which), f->table);
    return S_OK;
}

/* Submission frees the list whatever it returns. */
static HRESULT submit(struct flow *f, unsigned unused)
{
    ID3D12CommandList *list = f->list;

    f->list = NULL;
    return dmlopsSubmitCommandList(f->device, list);
}

static HRESULT execute(struct flow *f, unsigned which)
{
    return dmlopsExecute(f->device, dispatchable_of(f, which),
                         which == 2 ? f->pad_table : f->table);
}

/* The flow's COM objects, in the order they are released. */
static const size_t object_fields[] = {
    offsetof(struct flow, pad_table), offsetof(struct flow, table),
    offsetof(struct flow, recorder),  offsetof(struct flow, initializer),
    offsetof(struct flow, pad),       offsetof(struct flow, pad_op),
    offsetof(struct flow, split),     offsetof(struct flow, split_op),
};
#define OBJECT_COUNT (sizeof(object_fields) / sizeof(object_fields[0]))

static HRESULT release_object(struct flow *f, unsigned index)
{
    IUnknown **slot = (IUnknown **)((char *)f + object_fields[index]);

    if (*slot)
        (*slot)->lpVtbl->Release(*slot);
    *slot = NULL;
    return S_OK;
}

static HRESULT destroy_buffer(struct flow *f, unsigned buffer)
{
    dmlopsDestroyBuffer(f->device, f->buffers[buffer]);
    f->buffers[buffer] = NULL;
    return S_OK;
}

/* An open command list is left to the device: a removed device's list is never submitted. */
void flow_release_all(struct flow *f)
{
    for (unsigned i = 0; i < OBJECT_COUNT; ++i)
        release_object(f, i);
    for (unsigned b = 0; b < FLOW_BUFFER_COUNT; ++b)
        destroy_buffer(f, b);
}

#define H FLOW_HRESULT
#define V FLOW_VOID
#define S FLOW_SUBMIT
#define C FLOW_CHECK
#define R FLOW_RELEASE
const struct flow_step flow_steps[] = {
    {"dmlopsCreateBuffer (SPLIT input)", H, create_buffer, FLOW_SPLIT_IN},
    {"dmlopsCreateBuffer (SPLIT output 0)", H, create_buffer, FLOW_SPLIT_OUT0},
    {"dmlopsCreateBuffer (SPLIT output 1)", H, create_buffer, FLOW_SPLIT_OUT1},
    {"dmlopsCreateBuffer (SPLIT output 2)", H, create_buffer, FLOW_SPLIT_OUT2},
    {"dmlopsCreateBuffer (PADDING input)", H, create_buffer, FLOW_PAD_IN},
    {"dmlopsCreateBuffer (PADDING output)", H, create_buffer, FLOW_PAD_OUT},
    {"dmlopsUploadBuffer (SPLIT input)", H, upload, FLOW_SPLIT_IN},
    {"dmlopsUploadBuffer (PADDING input)", H, upload, FLOW_PAD_IN},
    {"CreateOperator (SPLIT, OWNED_BY_DML input)", H, create_split, 0},
    {"CompileOperator (SPLIT)", H, compile_split, 0},
    {"dmlopsCreateBuffer (persistent resource)", H, create_buffer, FLOW_PERSISTENT},
    {"CreateOperatorInitializer (SPLIT)", H, create_initializer, 0},
    {"CreateBindingTable (initializer)", H, create_table, 0},
    {"BindInputs (initializer, BUFFER_ARRAY)", V, bind_initializer_inputs, 0},
    {"BindOutputs (initializer, persistent resource)", V, bind_initializer_outputs, 0},
    {"CreateCommandRecorder", H, create_recorder, 0},
    {"dmlopsCreateCommandList (initializer)", H, create_list, 0},
    {"RecordDispatch (initializer)", V, record, 0},
    {"dmlopsSubmitCommandList (initializer)", S, submit, 0},
    {"BindingTable Reset (SPLIT)", H, reset_table, 1},
    {"BindInputs (SPLIT, owned input NONE)", V, bind_split_inputs, 0},
    {"BindOutputs (SPLIT, 3 outputs)", V, bind_split_outputs, 0},
    {"BindPersistentResource (SPLIT)", V, bind_split_persistent, 0},
    {"dmlopsCreateCommandList (SPLIT)", H, create_list, 0},
    {"RecordDispatch (SPLIT)", V, record, 1},
    {"dmlopsSubmitCommandList (SPLIT)", S, submit, 0},
    {"dmlopsDownloadBuffer (SPLIT output 0)", H, download, FLOW_SPLIT_OUT0},
    {"dmlopsDownloadBuffer (SPLIT output 1)", H, download, FLOW_SPLIT_OUT1},
    {"dmlopsDownloadBuffer (SPLIT output 2)", H, download, FLOW_SPLIT_OUT2},
    {"check SPLIT output 0", C, check, FLOW_SPLIT_OUT0},
    {"check SPLIT output 1", C, check, FLOW_SPLIT_OUT1},
    {"check SPLIT output 2", C, check, FLOW_SPLIT_OUT2},
    {"CreateOperator (PADDING)", H, create_padding, 0},
    {"CompileOperator (PADDING, DESCRIPTORS_VOLATILE)", H, compile_padding, 0},
    {"OperatorInitializer Reset (PADDING)", H, reset_initializer, 0},
    {"BindingTable Reset (initializer)", H, reset_table, 0},
    {"dmlopsExecute (initializer)", S, execute, 0},
    {"CreateBindingTable (PADDING)", H, create_table, 2},
    {"BindInputs (PADDING)", V, bind_padding, FLOW_PAD_IN},
    {"BindOutputs (PADDING)", V, bind_padding, FLOW_PAD_OUT},
    {"dmlopsExecute (PADDING)", S, execute, 2},
    {"dmlopsDownloadBuffer (PADDING output)", H, download, FLOW_PAD_OUT},
    {"check PADDING output", C, check, FLOW_PAD_OUT},
    {"Release (PADDING binding table)", R, release_object, 0},
    {"Release (binding table)", R, release_object, 1},
    {"Release (command recorder)", R, release_object, 2},
    {"Release (initializer)", R, release_object, 3},
    {"Release (PADDING compiled operator)", R, release_object, 4},
    {"Release (PADDING operator)", R, release_object, 5},
    {"Release (SPLIT compiled operator)", R, release_object, 6},
    {"Release (SPLIT operator)", R, release_object, 7},
    {"dmlopsDestroyBuffer (SPLIT input)", R, destroy_buffer, FLOW_SPLIT_IN},
    {"dmlopsDestroyBuffer (SPLIT output 0)", R, destroy_buffer, FLOW_SPLIT_OUT0},
    {"dmlopsDestroyBuffer (SPLIT output 1)", R, destroy_buffer, FLOW_SPLIT_OUT1},
    {"dmlopsDestroyBuffer (SPLIT output 2)", R, destroy_buffer, FLOW_SPLIT_OUT2},
    {"dmlopsDestroyBuffer (PADDING input)", R, destroy_buffer, FLOW_PAD_IN},
    {"dmlopsDestroyBuffer (PADDING output)", R, destroy_buffer, FLOW_PAD_OUT},
    {"dmlopsDestroyBuffer (persistent resource)", R, destroy_buffer, FLOW_PERSISTENT},
};
const unsigned flow_step_count = sizeof(flow_steps) / sizeof(flow_steps[0]);
