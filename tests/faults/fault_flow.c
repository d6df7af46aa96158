/* Runs the flow's steps and judges the one that failed or hit the injected failure. */
#define COBJMACROS
#include "fault_flow.h"

#include "alloc_fault.h"
#include "fault_source.h"

/* What each kind of step must do when an event inside it fails. A lost device: the step reports
 * it, and the device is removed as hung. */
static bool handled(enum flow_step_kind kind, HRESULT hr, HRESULT reason)
{
    if (fault_source_loses_device && kind != FLOW_RELEASE)
        return hr == DXGI_ERROR_DEVICE_REMOVED && reason == DXGI_ERROR_DEVICE_HUNG;
    switch (kind)
    {
    case FLOW_HRESULT:
        return hr == E_OUTOFMEMORY;
    case FLOW_VOID:
        return reason == E_OUTOFMEMORY;
    case FLOW_SUBMIT:
        return hr == E_OUTOFMEMORY || (hr == DXGI_ERROR_DEVICE_REMOVED && reason == E_OUTOFMEMORY);
    case FLOW_RELEASE:
        return true;
    case FLOW_CHECK:
        break;
    }
    return false;
}

static const char *const expectation[] = {
    [FLOW_HRESULT] = "an allocation failed inside it but it did not return E_OUTOFMEMORY",
    [FLOW_VOID] = "an allocation failed inside it but GetDeviceRemovedReason is not E_OUTOFMEMORY",
    [FLOW_SUBMIT] = "an allocation failed inside it but it returned neither E_OUTOFMEMORY nor "
                    "DXGI_ERROR_DEVICE_REMOVED with E_OUTOFMEMORY as the removed reason",
    [FLOW_CHECK] = "the test's own check made a counted event",
    [FLOW_RELEASE] = NULL,
};

static const char *judge(const struct flow_step *step, const struct flow_outcome *o)
{
    if (!o->injected)
        return step->kind == FLOW_CHECK && o->reason == S_OK ? "wrong results"
                                                             : "failed with no allocation failure";
    if (handled(step->kind, o->hr, o->reason))
        return NULL;
    return fault_source_loses_device ? "the device was lost inside it but it did not return "
                                       "DXGI_ERROR_DEVICE_REMOVED with DXGI_ERROR_DEVICE_HUNG "
                                       "as the removed reason"
                                     : expectation[step->kind];
}

/* A driver allocation that failed without the step failing: either a void method was recording
 * commands (Vulkan reports that at vkEndCommandBuffer, so a later submission is the step to judge),
 * or the driver absorbed its own failure (NVIDIA's does, for some); the flow goes on and its
 * results are checked. */
static bool deferred(HRESULT hr, HRESULT reason, bool injected)
{
    return fault_source_in_driver && injected && SUCCEEDED(hr) && reason == S_OK;
}

void flow_run(IDMLDevice *device, struct flow_outcome *outcome)
{
    struct flow f = {.device = device};
    uint64_t start = alloc_fault_count();
    bool pending = false;

    *outcome = (struct flow_outcome){.step = -1, .step_name = "(completed)"};
    for (unsigned i = 0; i < flow_step_count; ++i)
    {
        const struct flow_step *step = &flow_steps[i];
        HRESULT hr = step->run(&f, step->arg);
        HRESULT reason = IDMLDevice_GetDeviceRemovedReason(device);
        bool injected = alloc_fault_injected_serial() > start;

        pending |= deferred(hr, reason, injected);
        if (SUCCEEDED(hr) && reason == S_OK && (!injected || pending))
            continue;
        pending = false;
        *outcome = (struct flow_outcome){(int)i, step->name, hr, reason, injected, NULL};
        outcome->problem = judge(step, outcome);
        break;
    }
    if (pending && outcome->step < 0)
        outcome->injected = true; /* the driver absorbed its own failure: results were right */
    flow_release_all(&f);
}
