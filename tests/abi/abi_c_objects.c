#include "abi_c_objects.h"

#include <stdarg.h>
#include <string.h>

static AbiCall last_call;

const AbiCall *abi_last_call(void)
{
    return &last_call;
}

void abi_forget_call(void)
{
    memset(&last_call, 0, sizeof last_call);
}

HRESULT abi_result_of(const char *method)
{
    /* A small positive value per name, so that ULONG and HRESULT returns both carry it. */
    unsigned hash = 5381;
    for (; *method; ++method)
    {
        hash = hash * 33u + (unsigned char)*method;
    }
    return (HRESULT)(0x100 + hash % 0x7000);
}

DML_BINDING_PROPERTIES abi_binding_properties(void)
{
    DML_BINDING_PROPERTIES properties = {7, 0x1122334455667788ull, 0x0102030405060708ull};
    return properties;
}

static HRESULT record(const void *self, const char *method, unsigned slot, unsigned argc, ...)
{
    va_list args;
    last_call.self = self;
    last_call.method = method;
    last_call.slot = slot;
    last_call.argc = argc;
    va_start(args, argc);
    for (unsigned i = 0; i < argc && i < ABI_MAX_ARGS; ++i)
    {
        last_call.args[i] = va_arg(args, uintptr_t);
    }
    va_end(args);
    return abi_result_of(method);
}

#define ARG(x) ((uintptr_t)(x))
/* RECORD(I, Method, argc, args...) inside I's implementation of Method. */
#define RECORD(I, method, ...)                                                                     \
    record(This, #method, (unsigned)(offsetof(I##Vtbl, method) / sizeof(void *)), __VA_ARGS__)

/* Method bodies shared by every interface that inherits them, stamped out per vtable type. */
#define UNKNOWN_IMPL(I)                                                                            \
    static HRESULT STDMETHODCALLTYPE I##_QueryInterface(I *This, REFIID riid, void **ppv)          \
    {                                                                                              \
        return RECORD(I, QueryInterface, 2, ARG(riid), ARG(ppv));                                  \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE I##_AddRef(I *This)                                             \
    {                                                                                              \
        return (ULONG)RECORD(I, AddRef, 0);                                                        \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE I##_Release(I *This)                                            \
    {                                                                                              \
        return (ULONG)RECORD(I, Release, 0);                                                       \
    }
#define UNKNOWN_SLOTS(I)                                                                           \
    .QueryInterface = I##_QueryInterface, .AddRef = I##_AddRef, .Release = I##_Release

#define OBJECT_IMPL(I)                                                                             \
    UNKNOWN_IMPL(I)                                                                                \
    static HRESULT STDMETHODCALLTYPE I##_GetPrivateData(I *This, REFGUID guid, UINT *size,         \
                                                        void *data)                                \
    {                                                                                              \
        return RECORD(I, GetPrivateData, 3, ARG(guid), ARG(size), ARG(data));                      \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE I##_SetPrivateData(I *This, REFGUID guid, UINT size,          \
                                                        const void *data)                          \
    {                                                                                              \
        return RECORD(I, SetPrivateData, 3, ARG(guid), ARG(size), ARG(data));                      \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE I##_SetPrivateDataInterface(I *This, REFGUID guid,            \
                                                                 IUnknown *data)                   \
    {                                                                                              \
        return RECORD(I, SetPrivateDataInterface, 2, ARG(guid), ARG(data));                        \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE I##_SetName(I *This, PCWSTR name)                             \
    {                                                                                              \
        return RECORD(I, SetName, 1, ARG(name));                                                   \
    }
#define OBJECT_SLOTS(I)                                                                            \
    UNKNOWN_SLOTS(I), .GetPrivateData = I##_GetPrivateData, .SetPrivateData = I##_SetPrivateData,  \
                      .SetPrivateDataInterface = I##_SetPrivateDataInterface,                      \
                      .SetName = I##_SetName

#define CHILD_IMPL(I)                                                                              \
    OBJECT_IMPL(I)                                                                                 \
    static HRESULT STDMETHODCALLTYPE I##_GetDevice(I *This, REFIID riid, void **ppv)               \
    {                                                                                              \
        return RECORD(I, GetDevice, 2, ARG(riid), ARG(ppv));                                       \
    }
#define CHILD_SLOTS(I) OBJECT_SLOTS(I), .GetDevice = I##_GetDevice

/* ---- IDMLDevice1 (also serves as IDMLObject and IDMLDevice) ---- */

OBJECT_IMPL(IDMLDevice1)

static HRESULT STDMETHODCALLTYPE dev_CheckFeatureSupport(IDMLDevice1 *This, DML_FEATURE feature,
                                                         UINT querySize, const void *query,
                                                         UINT supportSize, void *support)
{
    return RECORD(IDMLDevice1, CheckFeatureSupport, 5, ARG(feature), ARG(querySize), ARG(query),
                  ARG(supportSize), ARG(support));
}

static HRESULT STDMETHODCALLTYPE dev_CreateOperator(IDMLDevice1 *This,
                                                    const DML_OPERATOR_DESC *desc, REFIID riid,
                                                    void **ppv)
{
    return RECORD(IDMLDevice1, CreateOperator, 3, ARG(desc), ARG(riid), ARG(ppv));
}

static HRESULT STDMETHODCALLTYPE dev_CompileOperator(IDMLDevice1 *This, IDMLOperator *op,
                                                     DML_EXECUTION_FLAGS flags, REFIID riid,
                                                     void **ppv)
{
    return RECORD(IDMLDevice1, CompileOperator, 4, ARG(op), ARG(flags), ARG(riid), ARG(ppv));
}

static HRESULT STDMETHODCALLTYPE dev_CreateOperatorInitializer(
    IDMLDevice1 *This, UINT count, IDMLCompiledOperator *const *operators, REFIID riid, void **ppv)
{
    return RECORD(IDMLDevice1, CreateOperatorInitializer, 4, ARG(count), ARG(operators), ARG(riid),
                  ARG(ppv));
}

static HRESULT STDMETHODCALLTYPE dev_CreateCommandRecorder(IDMLDevice1 *This, REFIID riid,
                                                           void **ppv)
{
    return RECORD(IDMLDevice1, CreateCommandRecorder, 2, ARG(riid), ARG(ppv));
}

static HRESULT STDMETHODCALLTYPE dev_CreateBindingTable(IDMLDevice1 *This,
                                                        const DML_BINDING_TABLE_DESC *desc,
                                                        REFIID riid, void **ppv)
{
    return RECORD(IDMLDevice1, CreateBindingTable, 3, ARG(desc), ARG(riid), ARG(ppv));
}

static HRESULT STDMETHODCALLTYPE dev_Evict(IDMLDevice1 *This, UINT count,
                                           IDMLPageable *const *objects)
{
    return RECORD(IDMLDevice1, Evict, 2, ARG(count), ARG(objects));
}

static HRESULT STDMETHODCALLTYPE dev_MakeResident(IDMLDevice1 *This, UINT count,
                                                  IDMLPageable *const *objects)
{
    return RECORD(IDMLDevice1, MakeResident, 2, ARG(count), ARG(objects));
}

static HRESULT STDMETHODCALLTYPE dev_GetDeviceRemovedReason(IDMLDevice1 *This)
{
    return RECORD(IDMLDevice1, GetDeviceRemovedReason, 0);
}

static HRESULT STDMETHODCALLTYPE dev_GetParentDevice(IDMLDevice1 *This, REFIID riid, void **ppv)
{
    return RECORD(IDMLDevice1, GetParentDevice, 2, ARG(riid), ARG(ppv));
}

static HRESULT STDMETHODCALLTYPE dev_CompileGraph(IDMLDevice1 *This, const DML_GRAPH_DESC *desc,
                                                  DML_EXECUTION_FLAGS flags, REFIID riid,
                                                  void **ppv)
{
    return RECORD(IDMLDevice1, CompileGraph, 4, ARG(desc), ARG(flags), ARG(riid), ARG(ppv));
}

static IDMLDevice1Vtbl device_vtbl = {
    OBJECT_SLOTS(IDMLDevice1),
    .CheckFeatureSupport = dev_CheckFeatureSupport,
    .CreateOperator = dev_CreateOperator,
    .CompileOperator = dev_CompileOperator,
    .CreateOperatorInitializer = dev_CreateOperatorInitializer,
    .CreateCommandRecorder = dev_CreateCommandRecorder,
    .CreateBindingTable = dev_CreateBindingTable,
    .Evict = dev_Evict,
    .MakeResident = dev_MakeResident,
    .GetDeviceRemovedReason = dev_GetDeviceRemovedReason,
    .GetParentDevice = dev_GetParentDevice,
    .CompileGraph = dev_CompileGraph,
};
static IDMLDevice1 device = {&device_vtbl};

/* ---- IDMLOperatorInitializer (also serves as every IDMLDispatchable and IDMLPageable) ---- */

CHILD_IMPL(IDMLOperatorInitializer)

static DML_BINDING_PROPERTIES STDMETHODCALLTYPE
init_GetBindingProperties(IDMLOperatorInitializer *This)
{
    RECORD(IDMLOperatorInitializer, GetBindingProperties, 0);
    return abi_binding_properties();
}

static HRESULT STDMETHODCALLTYPE init_Reset(IDMLOperatorInitializer *This, UINT count,
                                            IDMLCompiledOperator *const *operators)
{
    return RECORD(IDMLOperatorInitializer, Reset, 2, ARG(count), ARG(operators));
}

static IDMLOperatorInitializerVtbl initializer_vtbl = {
    CHILD_SLOTS(IDMLOperatorInitializer),
    .GetBindingProperties = init_GetBindingProperties,
    .Reset = init_Reset,
};
static IDMLOperatorInitializer initializer = {&initializer_vtbl};

/* ---- IDMLBindingTable (also serves as IDMLDeviceChild and IDMLOperator) ---- */

CHILD_IMPL(IDMLBindingTable)

static void STDMETHODCALLTYPE table_BindInputs(IDMLBindingTable *This, UINT count,
                                               const DML_BINDING_DESC *bindings)
{
    RECORD(IDMLBindingTable, BindInputs, 2, ARG(count), ARG(bindings));
}

static void STDMETHODCALLTYPE table_BindOutputs(IDMLBindingTable *This, UINT count,
                                                const DML_BINDING_DESC *bindings)
{
    RECORD(IDMLBindingTable, BindOutputs, 2, ARG(count), ARG(bindings));
}

static void STDMETHODCALLTYPE table_BindTemporaryResource(IDMLBindingTable *This,
                                                          const DML_BINDING_DESC *binding)
{
    RECORD(IDMLBindingTable, BindTemporaryResource, 1, ARG(binding));
}

static void STDMETHODCALLTYPE table_BindPersistentResource(IDMLBindingTable *This,
                                                           const DML_BINDING_DESC *binding)
{
    RECORD(IDMLBindingTable, BindPersistentResource, 1, ARG(binding));
}

static HRESULT STDMETHODCALLTYPE table_Reset(IDMLBindingTable *This,
                                             const DML_BINDING_TABLE_DESC *desc)
{
    return RECORD(IDMLBindingTable, Reset, 1, ARG(desc));
}

static IDMLBindingTableVtbl table_vtbl = {
    CHILD_SLOTS(IDMLBindingTable),
    .BindInputs = table_BindInputs,
    .BindOutputs = table_BindOutputs,
    .BindTemporaryResource = table_BindTemporaryResource,
    .BindPersistentResource = table_BindPersistentResource,
    .Reset = table_Reset,
};
static IDMLBindingTable table = {&table_vtbl};

/* ---- IDMLCommandRecorder ---- */

CHILD_IMPL(IDMLCommandRecorder)

static void STDMETHODCALLTYPE recorder_RecordDispatch(IDMLCommandRecorder *This,
                                                      ID3D12CommandList *commandList,
                                                      IDMLDispatchable *dispatchable,
                                                      IDMLBindingTable *bindings)
{
    RECORD(IDMLCommandRecorder, RecordDispatch, 3, ARG(commandList), ARG(dispatchable),
           ARG(bindings));
}

static IDMLCommandRecorderVtbl recorder_vtbl = {
    CHILD_SLOTS(IDMLCommandRecorder),
    .RecordDispatch = recorder_RecordDispatch,
};
static IDMLCommandRecorder recorder = {&recorder_vtbl};

/* ---- IDMLDebugDevice ---- */

UNKNOWN_IMPL(IDMLDebugDevice)

static void STDMETHODCALLTYPE debug_SetMuteDebugOutput(IDMLDebugDevice *This, BOOL mute)
{
    RECORD(IDMLDebugDevice, SetMuteDebugOutput, 1, ARG(mute));
}

static IDMLDebugDeviceVtbl debug_vtbl = {
    UNKNOWN_SLOTS(IDMLDebugDevice),
    .SetMuteDebugOutput = debug_SetMuteDebugOutput,
};
static IDMLDebugDevice debug_device = {&debug_vtbl};

IDMLDevice1 *abi_c_device(void)
{
    return &device;
}

IDMLOperatorInitializer *abi_c_initializer(void)
{
    return &initializer;
}

IDMLBindingTable *abi_c_binding_table(void)
{
    return &table;
}

IDMLCommandRecorder *abi_c_command_recorder(void)
{
    return &recorder;
}

IDMLDebugDevice *abi_c_debug_device(void)
{
    return &debug_device;
}

static unsigned empty_slots(const void *vtbl, size_t size)
{
    unsigned empty = 0;
    for (size_t offset = 0; offset < size; offset += sizeof(uintptr_t))
    {
        uintptr_t slot;
        memcpy(&slot, (const char *)vtbl + offset, sizeof slot);
        empty += slot == 0;
    }
    return empty;
}

unsigned abi_c_empty_slots(void)
{
    return empty_slots(&device_vtbl, sizeof device_vtbl) +
           empty_slots(&initializer_vtbl, sizeof initializer_vtbl) +
           empty_slots(&table_vtbl, sizeof table_vtbl) +
           empty_slots(&recorder_vtbl, sizeof recorder_vtbl) +
           empty_slots(&debug_vtbl, sizeof debug_vtbl);
}
