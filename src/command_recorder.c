/* IDMLCommandRecorder: records a dispatchable with its binding table into the application's
 * VkCommandBuffer (an ID3D12CommandList* under decision D16). Inserts no barrier, as DirectML. */
#include <stdlib.h>

#include "binding_table.h"
#include "children.h"

struct dml_command_recorder
{
    IDMLCommandRecorder IDMLCommandRecorder_iface;
    struct dml_child child;
};

#define DML_CHILD_MEMBER child

static const IID *const command_recorder_iids[] = {
    &IID_IUnknown, &IID_IDMLObject, &IID_IDMLDeviceChild, &IID_IDMLCommandRecorder, NULL};

DML_CHILD_METHODS(dml_command_recorder, IDMLCommandRecorder, struct dml_command_recorder)

/* Why these arguments may not be recorded, but for whether the command list is recording: that
 * takes a lock, which dml_binding_table_record takes anyway, so a valid call takes it once. */
static const char *arguments_error(struct dml_device *device, ID3D12CommandList *command_list,
                                   struct dml_dispatchable *dispatchable,
                                   struct dml_binding_table *table)
{
    if (!command_list)
        return "the command list is NULL";
    if (!dispatchable || dispatchable->child.device != device)
        return "the dispatchable is not a compiled operator or initializer of this device";
    if (!table)
        return "the binding table is not a binding table of libdmlops";
    return dml_binding_table_check(table, dispatchable);
}

static void STDMETHODCALLTYPE dml_command_recorder_RecordDispatch(IDMLCommandRecorder *iface,
                                                                  ID3D12CommandList *command_list,
                                                                  IDMLDispatchable *dispatchable_iface,
                                                                  IDMLBindingTable *table_iface)
{
    struct dml_device *device = ((struct dml_command_recorder *)iface)->child.device;
    struct dml_dispatchable *dispatchable = dml_dispatchable_from_iface(dispatchable_iface);
    struct dml_binding_table *table = dml_binding_table_from_iface(table_iface);
    VkCommandBuffer cmd = (VkCommandBuffer)command_list;
    const char *why;
    HRESULT hr = E_INVALIDARG;

    if (dml_device_check_removed(device) != S_OK)
        return;
    why = arguments_error(device, command_list, dispatchable, table);
    /* A command list that is not recording is named first, whatever else is wrong. */
    if (why && cmd && !dml_vk_command_check(device->vk, cmd))
        why = DML_WHY_NOT_RECORDING;
    if (!why && SUCCEEDED(hr = dml_binding_table_record(table, dispatchable, cmd, &why)))
        return;
    dml_device_remove(device, hr == E_OUTOFMEMORY ? hr : E_INVALIDARG,
                      "IDMLCommandRecorder::RecordDispatch: %s", why);
}

static const IDMLCommandRecorderVtbl dml_command_recorder_vtbl = {
    DML_CHILD_VTBL_ENTRIES(dml_command_recorder),
    dml_command_recorder_RecordDispatch,
};

static void dml_command_recorder_destroy(struct dml_child *child)
{
    struct dml_command_recorder *recorder = (struct dml_command_recorder *)(
        (char *)child - offsetof(struct dml_command_recorder, child));

    dml_child_cleanup(child);
    free(recorder);
}

HRESULT dml_command_recorder_create(struct dml_device *device, IDMLCommandRecorder **out)
{
    struct dml_command_recorder *recorder;

    if (!(recorder = calloc(1, sizeof(*recorder))))
        return E_OUTOFMEMORY;
    recorder->IDMLCommandRecorder_iface.lpVtbl = &dml_command_recorder_vtbl;
    dml_child_init(&recorder->child, device, command_recorder_iids, dml_command_recorder_destroy);
    *out = &recorder->IDMLCommandRecorder_iface;
    return S_OK;
}
