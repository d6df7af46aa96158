/* One full DirectML flow, step by step, as an application runs it: a SPLIT into 3 outputs with
 * an OWNED_BY_DML input (initializer, persistent resource, binding-table Reset), then a PADDING
 * compiled with DESCRIPTORS_VOLATILE (initializer Reset, dmlopsExecute), results checked, and
 * everything released. The runner stops at the first step that fails or during which an
 * injected allocation failure happened, judges that step, and releases what exists. */
#ifndef DMLOPS_TEST_FAULT_FLOW_H
#define DMLOPS_TEST_FAULT_FLOW_H

#include <dmlops.h>
#include <stdbool.h>

#define FLOW_MAX_ELEMENTS 32

enum flow_buffer
{
    FLOW_SPLIT_IN,
    FLOW_SPLIT_OUT0,
    FLOW_SPLIT_OUT1,
    FLOW_SPLIT_OUT2,
    FLOW_PAD_IN,
    FLOW_PAD_OUT,
    FLOW_PERSISTENT,
    FLOW_BUFFER_COUNT
};

struct flow
{
    IDMLDevice *device;
    ID3D12Resource *buffers[FLOW_BUFFER_COUNT];
    UINT64 persistent_size;
    IDMLOperator *split_op, *pad_op;
    IDMLCompiledOperator *split, *pad;
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *table, *pad_table;
    IDMLCommandRecorder *recorder;
    ID3D12CommandList *list;
    float results[FLOW_BUFFER_COUNT][FLOW_MAX_ELEMENTS];
};

/* What the run did: the step it stopped at (-1: it completed), that step's HRESULT and the
 * device's removed reason afterwards, whether an injected failure happened, and the problem
 * found (NULL: the step behaved as required). */
struct flow_outcome
{
    int step;
    const char *step_name;
    HRESULT hr;
    HRESULT reason;
    bool injected;
    const char *problem;
};

/* Runs the flow on device and releases every object it made (not the device). */
void flow_run(IDMLDevice *device, struct flow_outcome *outcome);

/* The steps, for fault_flow.c. */
enum flow_step_kind
{
    FLOW_HRESULT, /* fails by returning E_OUTOFMEMORY */
    FLOW_VOID,    /* Bind*, RecordDispatch: the device is removed with E_OUTOFMEMORY */
    FLOW_SUBMIT,  /* returns E_OUTOFMEMORY, or DXGI_ERROR_DEVICE_REMOVED with that reason */
    FLOW_CHECK,   /* compares results; allocates nothing of the library's */
    FLOW_RELEASE, /* Release and destroy: cannot report; must neither crash nor leak */
};

struct flow_step
{
    const char *name;
    enum flow_step_kind kind;
    HRESULT (*run)(struct flow *flow, unsigned arg);
    unsigned arg;
};

extern const struct flow_step flow_steps[];
extern const unsigned flow_step_count;
/* Releases whatever the flow still holds (null-safe, idempotent). */
void flow_release_all(struct flow *flow);

/* Test data (fault_data.c): sizes, inputs and expected outputs of each buffer. */
struct flow_tensor
{
    UINT sizes[4];
    unsigned elements;
};
extern const struct flow_tensor flow_tensors[FLOW_BUFFER_COUNT - 1];
extern const UINT flow_pad_start[4], flow_pad_end[4];
void flow_input(enum flow_buffer buffer, float *data);
void flow_expected(enum flow_buffer buffer, float *data);

#endif
