/* Builds the interop case's operators, initializer, application buffers and binding tables. */
#include "interop_chain.h"

#include <stdio.h>
#include <string.h>

enum
{
    X,
    Y,
    Z
};

static HRESULT compile_operators(IDMLDevice *device, struct chain *c)
{
    DML_SLICE1_OPERATOR_DESC slice = {&c->tensors[X],     &c->tensors[Y],   CASE_RANK,
                                      case_slice_offsets, case_slice_sizes, case_slice_strides};
    DML_PADDING_OPERATOR_DESC pad = {&c->tensors[Y], &c->tensors[Z], DML_PADDING_MODE_REFLECTION,
                                     0.0f,           CASE_RANK,      case_pad_start,
                                     case_pad_end};
    dml_util_tensor(&c->buffers[X], &c->tensors[X], DML_TENSOR_DATA_TYPE_FLOAT32, CASE_RANK,
                    case_x_sizes, DML_TENSOR_FLAG_OWNED_BY_DML);
    dml_util_tensor(&c->buffers[Y], &c->tensors[Y], DML_TENSOR_DATA_TYPE_FLOAT32, CASE_RANK,
                    case_y_sizes, DML_TENSOR_FLAG_NONE);
    dml_util_tensor(&c->buffers[Z], &c->tensors[Z], DML_TENSOR_DATA_TYPE_FLOAT32, CASE_RANK,
                    case_z_sizes, DML_TENSOR_FLAG_NONE);
    HRESULT hr = dml_util_compile(device, DML_OPERATOR_SLICE1, &slice, &c->slice);
    if (SUCCEEDED(hr))
        hr = dml_util_compile(device, DML_OPERATOR_PADDING, &pad, &c->pad);
    IDMLCompiledOperator *targets[2] = {c->slice, c->pad};
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateOperatorInitializer(device, 2, targets, &IID_IDMLOperatorInitializer,
                                                  (void **)&c->initializer);
    if (SUCCEEDED(hr))
        hr = IDMLDevice_CreateCommandRecorder(device, &IID_IDMLCommandRecorder,
                                              (void **)&c->recorder);
    return hr;
}

static UINT64 temporary_size(struct chain *c)
{
    IDMLDispatchable *all[3] = {(IDMLDispatchable *)c->initializer, (IDMLDispatchable *)c->slice,
                                (IDMLDispatchable *)c->pad};
    UINT64 size = 0;
    for (int i = 0; i < 3; ++i)
    {
        DML_BINDING_PROPERTIES props = IDMLDispatchable_GetBindingProperties(all[i]);
        if (props.TemporaryResourceSize > size)
            size = props.TemporaryResourceSize;
    }
    return size;
}

static HRESULT create_buffers(struct app_vk *vk, struct chain *c)
{
    DML_BINDING_PROPERTIES slice = IDMLCompiledOperator_GetBindingProperties(c->slice);
    UINT64 temporary = temporary_size(c);
    printf("interop: SLICE1 persistent %llu bytes, largest temporary %llu bytes\n",
           (unsigned long long)slice.PersistentResourceSize, (unsigned long long)temporary);
    /* The owned input must be copied somewhere: the persistent resource holds it (D12). */
    if (slice.PersistentResourceSize < c->buffers[X].TotalTensorSizeInBytes)
        return fprintf(stderr, "interop: persistent resource too small for the owned input\n"),
               E_FAIL;
    bool ok = app_buffer_create(vk, c->buffers[X].TotalTensorSizeInBytes, true, &c->input) &&
              app_buffer_create(vk, WORK_SIZE, true, &c->work) &&
              app_buffer_create(vk, slice.PersistentResourceSize, true, &c->persistent) &&
              (!temporary || app_buffer_create(vk, temporary, true, &c->temporary)) &&
              app_buffer_create(vk, STAGING_SIZE, false, &c->staging);
    return ok ? S_OK : E_OUTOFMEMORY;
}

/* The one temporary buffer serves every dispatch: the barriers between them order its use. */
static void bind_temporary(struct chain *c, IDMLBindingTable *table)
{
    DML_BUFFER_BINDING binding = {(ID3D12Resource *)c->temporary.buffer, 0, c->temporary.size};
    DML_BINDING_DESC desc = dml_util_binding(&binding);
    IDMLBindingTable_BindTemporaryResource(table, &desc);
}

static DML_BUFFER_BINDING range(const struct app_buffer *buffer, UINT64 offset, UINT64 size)
{
    return (DML_BUFFER_BINDING){(ID3D12Resource *)buffer->buffer, offset, size};
}

/* Initializer: one input array per target (only the owned X is bound), one persistent
 * resource per target (PADDING has none). */
static void bind_initializer(struct chain *c)
{
    DML_BUFFER_BINDING x = range(&c->input, 0, c->buffers[X].TotalTensorSizeInBytes);
    DML_BUFFER_BINDING nothing = {NULL, 0, 0};
    DML_BUFFER_ARRAY_BINDING arrays[2] = {{1, &x}, {1, &nothing}};
    DML_BINDING_DESC inputs[2] = {{DML_BINDING_TYPE_BUFFER_ARRAY, &arrays[0]},
                                  {DML_BINDING_TYPE_BUFFER_ARRAY, &arrays[1]}};
    DML_BUFFER_BINDING persistent = range(&c->persistent, 0, c->persistent.size);
    DML_BINDING_DESC outputs[2] = {dml_util_binding(&persistent), dml_util_binding(&nothing)};
    IDMLBindingTable_BindInputs(c->init_table, 2, inputs);
    IDMLBindingTable_BindOutputs(c->init_table, 2, outputs);
    bind_temporary(c, c->init_table);
}

static void bind_slice(struct chain *c)
{
    DML_BINDING_DESC none = {DML_BINDING_TYPE_NONE, NULL}; /* X is owned: not bound again */
    DML_BUFFER_BINDING y = range(&c->work, WORK_Y_OFFSET, c->buffers[Y].TotalTensorSizeInBytes);
    DML_BUFFER_BINDING persistent = range(&c->persistent, 0, c->persistent.size);
    DML_BINDING_DESC output = dml_util_binding(&y), persistent_desc = dml_util_binding(&persistent);
    IDMLBindingTable_BindInputs(c->slice_table, 1, &none);
    IDMLBindingTable_BindOutputs(c->slice_table, 1, &output);
    IDMLBindingTable_BindPersistentResource(c->slice_table, &persistent_desc);
    bind_temporary(c, c->slice_table);
}

static void bind_pad(struct chain *c)
{
    DML_BUFFER_BINDING y = range(&c->work, WORK_Y_OFFSET, c->buffers[Y].TotalTensorSizeInBytes);
    DML_BUFFER_BINDING z = range(&c->work, WORK_Z_OFFSET, c->buffers[Z].TotalTensorSizeInBytes);
    DML_BINDING_DESC input = dml_util_binding(&y), output = dml_util_binding(&z);
    IDMLBindingTable_BindInputs(c->pad_table, 1, &input);
    IDMLBindingTable_BindOutputs(c->pad_table, 1, &output);
    bind_temporary(c, c->pad_table);
}

HRESULT chain_create(struct app_vk *vk, IDMLDevice *device, struct chain *c)
{
    memset(c, 0, sizeof(*c));
    HRESULT hr = compile_operators(device, c);
    if (SUCCEEDED(hr))
        hr = create_buffers(vk, c);
    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)c->initializer, &c->init_table);
    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)c->slice, &c->slice_table);
    if (SUCCEEDED(hr))
        hr = dml_util_table(device, (IDMLDispatchable *)c->pad, &c->pad_table);
    if (FAILED(hr))
        return hr;
    bind_initializer(c);
    bind_slice(c);
    bind_pad(c);
    /* Bind* are void: a rejected binding shows up here (decision D13). */
    return IDMLDevice_GetDeviceRemovedReason(device);
}

#define RELEASE(iface, p)                                                                          \
    do                                                                                             \
    {                                                                                              \
        if (p)                                                                                     \
            iface##_Release(p);                                                                    \
    } while (0)

void chain_destroy(struct app_vk *vk, struct chain *c)
{
    RELEASE(IDMLBindingTable, c->init_table);
    RELEASE(IDMLBindingTable, c->slice_table);
    RELEASE(IDMLBindingTable, c->pad_table);
    RELEASE(IDMLCommandRecorder, c->recorder);
    RELEASE(IDMLOperatorInitializer, c->initializer);
    RELEASE(IDMLCompiledOperator, c->slice);
    RELEASE(IDMLCompiledOperator, c->pad);
    struct app_buffer *buffers[] = {&c->input, &c->work, &c->persistent, &c->temporary,
                                    &c->staging};
    for (size_t i = 0; i < sizeof(buffers) / sizeof(buffers[0]); ++i)
    {
        if (buffers[i]->buffer)
            app_buffer_destroy(vk, buffers[i]);
    }
    memset(c, 0, sizeof(*c));
}
