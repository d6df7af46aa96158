/* Runs one seed example the way a DirectML application does; only buffer and command-list
 * creation use dmlops.h. Written with COBJMACROS, as C clients of DirectML are. */
#define COBJMACROS
#include <dmlops.h>

#include <stdlib.h>
#include <string.h>

#include "seed_examples.h"

#define MAX_TENSORS (1 + SEED_MAX_OUTPUTS)

struct seed_state
{
    DML_BUFFER_TENSOR_DESC buffers[MAX_TENSORS];
    DML_TENSOR_DESC tensors[MAX_TENSORS];
    ID3D12Resource *resources[MAX_TENSORS];
    UINT64 sizes[MAX_TENSORS];
};

static void describe_tensor(struct seed_state *state, unsigned index, const struct seed_tensor *tensor)
{
    DML_BUFFER_TENSOR_DESC *buffer = &state->buffers[index];

    buffer->DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    buffer->Flags = DML_TENSOR_FLAG_NONE;
    buffer->DimensionCount = SEED_RANK;
    buffer->Sizes = tensor->sizes;
    buffer->Strides = NULL;
    buffer->TotalTensorSizeInBytes =
        dmlopsCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT32, SEED_RANK, tensor->sizes, NULL);
    buffer->GuaranteedBaseOffsetAlignment = 0;
    state->tensors[index].Type = DML_TENSOR_TYPE_BUFFER;
    state->tensors[index].Desc = buffer;
    state->sizes[index] = buffer->TotalTensorSizeInBytes;
}

static HRESULT create_operator(IDMLDevice *device, const struct seed_example *example,
                               struct seed_state *state, IDMLOperator **op)
{
    DML_SLICE1_OPERATOR_DESC slice = {&state->tensors[0], &state->tensors[1], SEED_RANK,
                                      example->offsets, example->window_sizes,
                                      example->window_strides};
    DML_SPLIT_OPERATOR_DESC split = {&state->tensors[0], example->output_count,
                                     &state->tensors[1], example->axis};
    DML_PADDING_OPERATOR_DESC padding = {&state->tensors[0], &state->tensors[1], example->mode,
                                         example->value, SEED_RANK, example->start, example->end};
    DML_OPERATOR_DESC desc = {example->type, NULL};

    desc.Desc = example->type == DML_OPERATOR_SLICE1  ? (const void *)&slice
                : example->type == DML_OPERATOR_SPLIT ? (const void *)&split
                                                      : (const void *)&padding;
    return IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)op);
}

static HRESULT create_buffers(IDMLDevice *device, const struct seed_example *example,
                              struct seed_state *state)
{
    HRESULT hr;

    for (unsigned t = 0; t < 1 + example->output_count; ++t)
    {
        if (FAILED(hr = dmlopsCreateBuffer(device, state->sizes[t], &state->resources[t])))
            return hr;
    }
    return dmlopsUploadBuffer(device, state->resources[0], 0, example->input.data,
                              seed_tensor_elements(&example->input) * sizeof(float));
}

/* Initializes the compiled operator (it has no OWNED_BY_DML input, so nothing is bound). */
static HRESULT initialize(IDMLDevice *device, IDMLCompiledOperator *compiled)
{
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table;
    DML_BINDING_TABLE_DESC desc = {0};
    HRESULT hr;

    if (FAILED(hr = IDMLDevice_CreateOperatorInitializer(device, 1, &compiled,
                                                         &IID_IDMLOperatorInitializer,
                                                         (void **)&initializer)))
        return hr;
    desc.Dispatchable = (IDMLDispatchable *)initializer;
    if (SUCCEEDED(hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                                     (void **)&table)))
    {
        hr = dmlopsExecute(device, (IDMLDispatchable *)initializer, table);
        IDMLBindingTable_Release(table);
    }
    IDMLOperatorInitializer_Release(initializer);
    return hr;
}

static HRESULT execute(IDMLDevice *device, const struct seed_example *example,
                       struct seed_state *state, IDMLCompiledOperator *compiled)
{
    DML_BUFFER_BINDING buffers[MAX_TENSORS];
    DML_BINDING_DESC bindings[MAX_TENSORS];
    DML_BINDING_TABLE_DESC desc = {(IDMLDispatchable *)compiled, {0}, {0}, 0};
    IDMLBindingTable *table;
    HRESULT hr;

    for (unsigned t = 0; t < 1 + example->output_count; ++t)
    {
        buffers[t] = (DML_BUFFER_BINDING){state->resources[t], 0, state->sizes[t]};
        bindings[t] = (DML_BINDING_DESC){DML_BINDING_TYPE_BUFFER, &buffers[t]};
    }
    if (FAILED(hr = IDMLDevice_CreateBindingTable(device, &desc, &IID_IDMLBindingTable,
                                                  (void **)&table)))
        return hr;
    IDMLBindingTable_BindInputs(table, 1, &bindings[0]);
    IDMLBindingTable_BindOutputs(table, example->output_count, &bindings[1]);
    hr = dmlopsExecute(device, (IDMLDispatchable *)compiled, table);
    IDMLBindingTable_Release(table);
    return SUCCEEDED(hr) ? IDMLDevice_GetDeviceRemovedReason(device) : hr;
}

static HRESULT download(IDMLDevice *device, const struct seed_example *example,
                        struct seed_state *state, float **results)
{
    HRESULT hr = S_OK;

    for (unsigned k = 0; k < example->output_count && SUCCEEDED(hr); ++k)
        hr = dmlopsDownloadBuffer(device, state->resources[1 + k], 0, results[k],
                                  seed_tensor_elements(&example->outputs[k]) * sizeof(float));
    return hr;
}

HRESULT seed_run(IDMLDevice *device, const struct seed_example *example, float **results)
{
    struct seed_state state = {0};
    IDMLOperator *op = NULL;
    IDMLCompiledOperator *compiled = NULL;
    HRESULT hr;

    describe_tensor(&state, 0, &example->input);
    for (unsigned k = 0; k < example->output_count; ++k)
        describe_tensor(&state, 1 + k, &example->outputs[k]);
    if (SUCCEEDED(hr = create_operator(device, example, &state, &op)) &&
        SUCCEEDED(hr = IDMLDevice_CompileOperator(device, op, DML_EXECUTION_FLAG_NONE,
                                                  &IID_IDMLCompiledOperator, (void **)&compiled)) &&
        SUCCEEDED(hr = create_buffers(device, example, &state)) &&
        SUCCEEDED(hr = initialize(device, compiled)) &&
        SUCCEEDED(hr = execute(device, example, &state, compiled)))
        hr = download(device, example, &state, results);
    for (unsigned t = 0; t < MAX_TENSORS; ++t)
        dmlopsDestroyBuffer(device, state.resources[t]);
    if (compiled)
        IDMLCompiledOperator_Release(compiled);
    if (op)
        IDMLOperator_Release(op);
    return hr;
}
