#include "operator.h"

#include <stdlib.h>

#include "children.h"
#include "diag.h"
#include "validate.h"

static const IID *const operator_iids[] = {
    &IID_IUnknown, &IID_IDMLObject, &IID_IDMLDeviceChild, &IID_IDMLOperator, NULL};

#define DML_CHILD_MEMBER child
DML_CHILD_METHODS(dml_operator, IDMLOperator, struct dml_operator)

static const IDMLOperatorVtbl dml_operator_vtbl = {DML_CHILD_VTBL_ENTRIES(dml_operator)};

struct dml_operator *dml_operator_from_iface(IDMLOperator *iface)
{
    if (!iface || iface->lpVtbl != &dml_operator_vtbl)
        return NULL;
    return (struct dml_operator *)iface;
}

static void dml_operator_destroy(struct dml_child *child)
{
    struct dml_operator *op = (struct dml_operator *)((char *)child - offsetof(struct dml_operator, child));

    dml_op_def_cleanup(&op->def);
    dml_child_cleanup(child);
    free(op);
}

HRESULT dml_operator_create(struct dml_device *device, const DML_OPERATOR_DESC *desc,
                            IDMLOperator **out)
{
    struct dml_validate_ctx ctx = {
        .feature_level = device->feature_level,
        .debug = dml_device_debug_enabled(device),
    };
    struct dml_operator *op;
    HRESULT hr;

    if (!(op = calloc(1, sizeof(*op))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = dml_operator_validate(&ctx, desc, &op->def)))
    {
        free(op);
        return hr;
    }
    op->digest = dml_op_def_digest(&op->def);
    op->IDMLOperator_iface.lpVtbl = &dml_operator_vtbl;
    dml_child_init(&op->child, device, operator_iids, dml_operator_destroy);
    *out = &op->IDMLOperator_iface;
    return S_OK;
}
