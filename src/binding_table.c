#include "binding_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bound_steps.h"
#include "children.h"
#include "diag.h"

struct dml_binding
{
    VkBuffer buffer; /* VK_NULL_HANDLE: unbound */
    uint64_t offset;
    uint64_t size;
    struct dml_vk_slot slot; /* where the bound range begins */
};

struct dml_binding_table
{
    IDMLBindingTable IDMLBindingTable_iface;
    struct dml_child child;
    IDMLDispatchable *dispatchable_iface; /* strong reference, so a recorded table never dangles */
    struct dml_dispatchable *dispatchable;
    unsigned generation;                /* the dispatchable's, when the table was made for it */
    uint32_t input_count, output_count; /* what inputs and outputs hold */
    struct dml_binding *inputs, *outputs, persistent, temporary;
    struct dml_vk_slot *input_slots, *output_slots;
    struct dml_vk_slot *tensor_slots; /* one per program tensor */
    struct dml_bound_steps steps;     /* the program's steps with those slots */
    VkBuffer *bound; /* use_bindings' list: inputs, outputs, persistent, temporary */
    uint32_t bound_count;
    uint64_t bound_set;  /* names the list for dml_vk_command_use: a new one at every change */
    const char *missing; /* missing_binding, as bound now */
    struct dml_range_block
        *block; /* DESCRIPTORS_VOLATILE: the dispatchable's, for the table's range */
};

enum range_role
{
    ROLE_INPUT,
    ROLE_OUTPUT,
    ROLE_PERSISTENT,
    ROLE_TEMPORARY,
    ROLE_COUNT
};

/* Which roles may not overlap (spec 4.6): only input/input and input/persistent may. */
static const bool overlap_forbidden[ROLE_COUNT][ROLE_COUNT] = {
    [ROLE_INPUT] = {false, true, false, true},
    [ROLE_OUTPUT] = {true, true, true, true},
    [ROLE_PERSISTENT] = {false, true, false, true},
    [ROLE_TEMPORARY] = {true, true, true, true},
};

static const char *const role_names[ROLE_COUNT] = {"input", "output", "persistent resource",
                                                   "temporary resource"};

struct range
{
    VkBuffer buffer;
    uint64_t begin, end;
    enum range_role role;
    uint32_t index;
};

#define DML_CHILD_MEMBER child

static const IID *const binding_table_iids[] = {&IID_IUnknown, &IID_IDMLObject,
                                                &IID_IDMLDeviceChild, &IID_IDMLBindingTable, NULL};

DML_CHILD_METHODS(dml_binding_table, IDMLBindingTable, struct dml_binding_table)

static struct dml_device *table_device(struct dml_binding_table *table)
{
    return table->child.device;
}

static const char out_of_memory[] = "out of memory";

/* Misuse removes the device with E_INVALIDARG; running out of memory with E_OUTOFMEMORY. */
static void table_fail(struct dml_binding_table *table, const char *method, const char *why)
{
    HRESULT reason = strcmp(why, out_of_memory) ? E_INVALIDARG : E_OUTOFMEMORY;

    dml_device_remove(table_device(table), reason, "IDMLBindingTable::%s: %s", method, why);
}

/* Checks one BUFFER binding against its rule; on success fills out (unbound when Buffer is NULL).
 */
static bool check_buffer(struct dml_binding_table *table, const DML_BUFFER_BINDING *binding,
                         const struct dml_binding_rule *rule, struct dml_binding *out, char *why,
                         size_t why_size)
{
    struct dml_vk_device *vk = table_device(table)->vk;
    uint64_t end, buffer_size;

    memset(out, 0, sizeof(*out));
    if (!binding)
        return snprintf(why, why_size, "a BUFFER binding has a NULL Desc"), false;
    if (!binding->Buffer)
        return true;
    if (!dml_vk_buffer_check(vk, (VkBuffer)binding->Buffer)) /* before its handle is read */
        return snprintf(why, why_size,
                        "buffer %p is not a live buffer of this device "
                        "(destroyed, or another device's)",
                        (void *)binding->Buffer),
               false;
    if (rule->need == DML_BINDING_FORBIDDEN)
        return snprintf(why, why_size,
                        "an OWNED_BY_DML input is bound at execution; it belongs "
                        "to the initializer"),
               false;
    if (binding->Offset % rule->alignment)
        return snprintf(why, why_size, "Offset %llu is not a multiple of %u",
                        (unsigned long long)binding->Offset, rule->alignment),
               false;
    if (binding->SizeInBytes < rule->min_size)
        return snprintf(why, why_size, "SizeInBytes %llu is smaller than the %llu bytes required",
                        (unsigned long long)binding->SizeInBytes,
                        (unsigned long long)rule->min_size),
               false;
    buffer_size = dml_vk_buffer_size(vk, (VkBuffer)binding->Buffer);
    if (__builtin_add_overflow(binding->Offset, binding->SizeInBytes, &end) || end > buffer_size)
        return snprintf(why, why_size, "range [%llu, +%llu) lies outside the buffer's %llu bytes",
                        (unsigned long long)binding->Offset,
                        (unsigned long long)binding->SizeInBytes, (unsigned long long)buffer_size),
               false;
    out->buffer = (VkBuffer)binding->Buffer;
    out->offset = binding->Offset;
    out->size = binding->SizeInBytes;
    out->slot = dml_vk_buffer_slot(vk, out->buffer, binding->Offset);
    if (out->slot.address % DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT)
        return snprintf(why, why_size, "the buffer's device address is not 16-byte aligned"), false;
    return true;
}

static bool check_binding_desc(struct dml_binding_table *table, const DML_BINDING_DESC *desc,
                               const struct dml_binding_rule *rule, struct dml_binding *out,
                               char *why, size_t why_size)
{
    memset(out, 0, sizeof(*out));
    if (!desc || desc->Type == DML_BINDING_TYPE_NONE)
        return true;
    if (desc->Type != DML_BINDING_TYPE_BUFFER)
        return snprintf(why, why_size,
                        "binding Type is %u; DML_BINDING_TYPE_BUFFER (1) or NONE "
                        "(0) expected",
                        (unsigned)desc->Type),
               false;
    return check_buffer(table, desc->Desc, rule, out, why, why_size);
}

/* Names the failing binding in front of the reason. */
static bool fail_at(char *why, size_t why_size, const char *kind, uint32_t index)
{
    char prefix[64];
    size_t length = strlen(why),
           n = (size_t)snprintf(prefix, sizeof(prefix), "%s %u: ", kind, index);

    if (n + length + 1 > why_size)
        length = why_size - n - 1;
    memmove(why + n, why, length);
    memcpy(why, prefix, n);
    why[n + length] = '\0';
    return false;
}

static uint64_t binding_extent(const struct dml_binding *binding,
                               const struct dml_binding_rule *rule)
{
    return rule && rule->min_size ? rule->min_size : binding->size;
}

static uint32_t collect_ranges(struct dml_binding_table *table, struct range *ranges)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    uint32_t n = 0;

#define ADD_RANGE(binding, rule, role_, index_)                                                    \
    if ((binding).buffer)                                                                          \
        ranges[n++] =                                                                              \
            (struct range){(binding).buffer, (binding).offset,                                     \
                           (binding).offset + binding_extent(&(binding), rule), role_, index_};
    for (uint32_t i = 0; i < layout->input_count; ++i)
        ADD_RANGE(table->inputs[i], &layout->inputs[i], ROLE_INPUT, i)
    for (uint32_t k = 0; k < layout->output_count; ++k)
        ADD_RANGE(table->outputs[k], &layout->outputs[k], ROLE_OUTPUT, k)
    ADD_RANGE(table->persistent, NULL, ROLE_PERSISTENT, 0)
    ADD_RANGE(table->temporary, NULL, ROLE_TEMPORARY, 0)
#undef ADD_RANGE
    return n;
}

static bool ranges_conflict(const struct range *a, const struct range *b, bool init_hazards,
                            bool in_place)
{
    bool in_out = (a->role == ROLE_INPUT && b->role == ROLE_OUTPUT) ||
                  (a->role == ROLE_OUTPUT && b->role == ROLE_INPUT);

    if (a->buffer != b->buffer)
        return false;
    if (in_place && in_out && !a->index && !b->index && a->begin == b->begin && a->end == b->end)
        return false; /* FD2: input 0 and output 0 on the very same range */
    if (init_hazards && in_out)
        return true; /* an initializer's input never shares a resource with its output */
    return overlap_forbidden[a->role][b->role] && a->begin < b->end && b->begin < a->end;
}

/* Spec 4.6's hazard rules over everything bound. */
static bool check_hazards(struct dml_binding_table *table, char *why, size_t why_size)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    uint32_t n;
    struct range *ranges =
        malloc(((size_t)layout->input_count + layout->output_count + 2) * sizeof(*ranges));
    bool ok = true;

    if (!ranges)
        return snprintf(why, why_size, "%s", out_of_memory), false;
    n = collect_ranges(table, ranges);
    for (uint32_t a = 0; a < n && ok; ++a)
    {
        for (uint32_t b = a + 1; b < n && ok; ++b)
        {
            if (!ranges_conflict(&ranges[a], &ranges[b], layout->init_hazards, layout->in_place))
                continue;
            snprintf(why, why_size, "%s %u and %s %u overlap in the same buffer",
                     role_names[ranges[a].role], ranges[a].index, role_names[ranges[b].role],
                     ranges[b].index);
            ok = false;
        }
    }
    free(ranges);
    return ok;
}

/* Debug device: volatile work that executed with bindings missing wrote nothing; the kernels
 * marked the slot block, read here before the block is written again. */
static void report_incomplete(struct dml_binding_table *table)
{
    if (table->block && dml_range_block_take_incomplete(table->dispatchable, table->block))
        dml_diag_print(dml_device_debug_enabled(table_device(table)),
                       "IDMLCommandRecorder::RecordDispatch: a DESCRIPTORS_VOLATILE dispatch "
                       "executed while its binding table (descriptor range %#llx, %u descriptors) "
                       "had inputs, outputs or resources unbound; it wrote nothing",
                       (unsigned long long)table->block->gpu_handle, table->block->descriptors);
}

static bool table_stale_quiet(struct dml_binding_table *table)
{
    return table->generation != atomic_load(&table->dispatchable->generation);
}

/* Whether the table still matches its dispatchable: an initializer Reset since the table was
 * created or Reset changes the bindings it has (the table is then only good for Reset). */
static bool table_stale(struct dml_binding_table *table, const char *method)
{
    if (!table_stale_quiet(table))
        return false;
    table_fail(table, method,
               "the operator initializer was Reset after this binding table was "
               "created or Reset for it; Reset the table first");
    return true;
}

static const char *missing_binding(struct dml_binding_table *table)
{
    const struct dml_dispatchable *dispatchable = table->dispatchable;
    const struct dml_binding_layout *layout = &dispatchable->layout;

    for (uint32_t i = 0; i < layout->input_count; ++i)
        if (layout->inputs[i].need == DML_BINDING_REQUIRED && !table->inputs[i].buffer)
            return "an input is not bound";
    for (uint32_t k = 0; k < layout->output_count; ++k)
        if (layout->outputs[k].need == DML_BINDING_REQUIRED && !table->outputs[k].buffer)
            return "an output is not bound";
    if (dispatchable->properties.PersistentResourceSize && !table->persistent.buffer)
        return "the persistent resource is not bound";
    if (dispatchable->properties.TemporaryResourceSize && !table->temporary.buffer)
        return "the temporary resource is not bound";
    return NULL;
}

/* use_bindings' list, in the order bound_role reads it. */
static void list_bound(struct dml_binding_table *table)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    uint32_t n = 0;

    for (uint32_t i = 0; i < layout->input_count; ++i)
        table->bound[n++] = table->inputs[i].buffer;
    for (uint32_t k = 0; k < layout->output_count; ++k)
        table->bound[n++] = table->outputs[k].buffer;
    table->bound[n++] = table->persistent.buffer;
    table->bound[n++] = table->temporary.buffer;
    table->bound_count = n;
    table->bound_set = dml_vk_buffer_set_new();
}

/* What recording needs of the bindings is worked out here, when they change, not at every
 * RecordDispatch. */
static void refresh_slots(struct dml_binding_table *table)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    struct dml_bound_slots bound = {table->input_slots, table->output_slots, table->persistent.slot,
                                    table->temporary.slot};

    for (uint32_t i = 0; i < layout->input_count; ++i)
        table->input_slots[i] = table->inputs[i].slot;
    for (uint32_t k = 0; k < layout->output_count; ++k)
        table->output_slots[k] = table->outputs[k].slot;
    table->missing = missing_binding(table);
    list_bound(table);
    dml_dispatchable_resolve(table->dispatchable, &bound, table->tensor_slots);
    dml_bound_steps_update(table->dispatchable, table->tensor_slots, &table->steps);
    if (!table->block)
        return;
    report_incomplete(table);
    dml_dispatchable_write_block(table->dispatchable, &table->steps, table->block->block.host);
}

/* Commits candidate bindings when they and the resulting set are valid; restores otherwise. */
static void commit_or_fail(struct dml_binding_table *table, const char *method,
                           struct dml_binding *target, struct dml_binding *candidate,
                           uint32_t count, char *why, size_t why_size)
{
    struct dml_binding *saved = malloc(((size_t)count + 1) * sizeof(*saved));

    if (!saved)
    {
        table_fail(table, method, out_of_memory);
        return;
    }
    memcpy(saved, target, count * sizeof(*saved));
    memcpy(target, candidate, count * sizeof(*target));
    if (!check_hazards(table, why, why_size))
    {
        memcpy(target, saved, count * sizeof(*target));
        table_fail(table, method, why);
    }
    else
    {
        refresh_slots(table);
    }
    free(saved);
}

static bool check_group(struct dml_binding_table *table, const DML_BINDING_DESC *desc,
                        uint32_t group, uint32_t first, struct dml_binding *out, char *why,
                        size_t why_size)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    uint32_t size = layout->input_group_sizes[group];
    const DML_BUFFER_ARRAY_BINDING *array;

    if (desc->Type == DML_BINDING_TYPE_NONE)
        return true;
    if (desc->Type != DML_BINDING_TYPE_BUFFER_ARRAY || !(array = desc->Desc))
        return snprintf(why, why_size, "input %u: a DML_BINDING_TYPE_BUFFER_ARRAY is expected",
                        group),
               false;
    if (array->BindingCount != size || (size && !array->Bindings))
        return snprintf(why, why_size, "input %u: BindingCount is %u; the operator has %u inputs",
                        group, array->BindingCount, size),
               false;
    for (uint32_t i = 0; i < size; ++i)
    {
        if (!check_buffer(table, &array->Bindings[i], &layout->inputs[first + i], &out[first + i],
                          why, why_size))
            return fail_at(why, why_size, "input array entry", i);
    }
    return true;
}

/* A graph input with no edge (an optional input at execution) reads nothing: a buffer bound to it
 * is ignored (graph.md GD2), so that it takes no part in the hazard checks either; a debug device
 * warns. */
static void ignore_unused_input(struct dml_binding_table *table, uint32_t i,
                                struct dml_binding *bound)
{
    if (table->dispatchable->layout.inputs[i].need != DML_BINDING_OPTIONAL || !bound->buffer)
        return;
    dml_diag_rule(dml_device_debug_enabled(table_device(table)), DMLOPS_MESSAGE_SEVERITY_WARNING,
                  NULL,
                  "IDMLBindingTable::BindInputs: input %u is a graph input with no edge, "
                  "or an optional tensor its operator's desc left NULL; its buffer is ignored "
                  "(graph.md GD2: bind it as DML_BINDING_TYPE_NONE)",
                  i);
    memset(bound, 0, sizeof(*bound));
}

static bool check_inputs(struct dml_binding_table *table, UINT count,
                         const DML_BINDING_DESC *bindings, struct dml_binding *out, char *why,
                         size_t why_size)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    uint32_t groups = layout->input_group_count, first = 0;

    if (!count)
        return true; /* BindInputs(0, NULL) unbinds every input */
    if (!bindings)
        return snprintf(why, why_size, "bindings is NULL with a count of %u", count), false;
    if (!groups)
    {
        if (count != layout->input_count)
            return snprintf(why, why_size, "%u bindings for an operator with %u inputs", count,
                            layout->input_count),
                   false;
        for (uint32_t i = 0; i < count; ++i)
        {
            if (!check_binding_desc(table, &bindings[i], &layout->inputs[i], &out[i], why,
                                    why_size))
                return fail_at(why, why_size, "input", i);
            ignore_unused_input(table, i, &out[i]);
        }
        return true;
    }
    if (count != groups)
        return snprintf(why, why_size, "%u bindings for an initializer of %u operators", count,
                        groups),
               false;
    for (uint32_t g = 0; g < groups; first += layout->input_group_sizes[g++])
        if (!check_group(table, &bindings[g], g, first, out, why, why_size))
            return fail_at(why, why_size, "initializer target", g);
    return true;
}

static bool check_outputs(struct dml_binding_table *table, UINT count,
                          const DML_BINDING_DESC *bindings, struct dml_binding *out, char *why,
                          size_t why_size)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;

    if (!count)
        return true;
    if (!bindings)
        return snprintf(why, why_size, "bindings is NULL with a count of %u", count), false;
    if (count != layout->output_count)
        return snprintf(why, why_size, "%u bindings for %u outputs", count, layout->output_count),
               false;
    for (uint32_t k = 0; k < count; ++k)
        if (!check_binding_desc(table, &bindings[k], &layout->outputs[k], &out[k], why, why_size))
            return fail_at(why, why_size, "output", k);
    return true;
}

typedef bool (*check_bindings_fn)(struct dml_binding_table *table, UINT count,
                                  const DML_BINDING_DESC *bindings, struct dml_binding *out,
                                  char *why, size_t why_size);

/* BindInputs and BindOutputs: check every binding into a candidate set, then commit it whole. */
static void bind_many(struct dml_binding_table *table, const char *method, check_bindings_fn check,
                      bool inputs, UINT count, const DML_BINDING_DESC *bindings)
{
    struct dml_binding *candidate, *target;
    uint32_t slots;
    char why[256];

    if (dml_device_check_removed(table_device(table)) != S_OK)
        return;
    if (!table->dispatchable)
        return table_fail(table, method, "the table has no dispatchable (Reset it first)");
    if (table_stale(table, method))
        return;
    slots = inputs ? table->input_count : table->output_count;
    target = inputs ? table->inputs : table->outputs;
    if (!(candidate = calloc((size_t)slots + 1, sizeof(*candidate))))
        return table_fail(table, method, out_of_memory);
    if (check(table, count, bindings, candidate, why, sizeof(why)))
        commit_or_fail(table, method, target, candidate, slots, why, sizeof(why));
    else
        table_fail(table, method, why);
    free(candidate);
}

static void STDMETHODCALLTYPE dml_binding_table_BindInputs(IDMLBindingTable *iface, UINT count,
                                                           const DML_BINDING_DESC *bindings)
{
    bind_many((struct dml_binding_table *)iface, "BindInputs", check_inputs, true, count, bindings);
}

static void STDMETHODCALLTYPE dml_binding_table_BindOutputs(IDMLBindingTable *iface, UINT count,
                                                            const DML_BINDING_DESC *bindings)
{
    bind_many((struct dml_binding_table *)iface, "BindOutputs", check_outputs, false, count,
              bindings);
}

static void bind_resource(struct dml_binding_table *table, const char *method,
                          const DML_BINDING_DESC *binding, struct dml_binding *target,
                          uint64_t required)
{
    const struct dml_binding_rule rule = {DML_BINDING_OPTIONAL, required,
                                          DML_TEMPORARY_BUFFER_ALIGNMENT};
    struct dml_binding candidate;
    char why[256];

    if (dml_device_check_removed(table_device(table)) != S_OK)
        return;
    if (!table->dispatchable)
        return table_fail(table, method, "the table has no dispatchable (Reset it first)");
    if (table_stale(table, method))
        return;
    if (check_binding_desc(table, binding, &rule, &candidate, why, sizeof(why)))
        commit_or_fail(table, method, target, &candidate, 1, why, sizeof(why));
    else
        table_fail(table, method, why);
}

static void STDMETHODCALLTYPE
dml_binding_table_BindTemporaryResource(IDMLBindingTable *iface, const DML_BINDING_DESC *binding)
{
    struct dml_binding_table *table = (struct dml_binding_table *)iface;

    bind_resource(table, "BindTemporaryResource", binding, &table->temporary,
                  table->dispatchable ? table->dispatchable->properties.TemporaryResourceSize : 0);
}

static void STDMETHODCALLTYPE
dml_binding_table_BindPersistentResource(IDMLBindingTable *iface, const DML_BINDING_DESC *binding)
{
    struct dml_binding_table *table = (struct dml_binding_table *)iface;

    bind_resource(table, "BindPersistentResource", binding, &table->persistent,
                  table->dispatchable ? table->dispatchable->properties.PersistentResourceSize : 0);
}

static void release_state(struct dml_binding_table *table)
{
    if (table->block && !table_stale_quiet(table))
    {
        report_incomplete(table);
        dml_dispatchable_return_block(table->dispatchable, table->block);
    }
    table->block = NULL; /* the dispatchable's */
    free(table->inputs);
    free(table->outputs);
    free(table->input_slots);
    free(table->output_slots);
    free(table->tensor_slots);
    dml_bound_steps_destroy(&table->steps);
    free(table->bound);
    table->bound = NULL;
    table->bound_count = 0;
    table->missing = NULL;
    table->inputs = table->outputs = NULL;
    table->input_slots = table->output_slots = table->tensor_slots = NULL;
    table->input_count = table->output_count = 0;
    memset(&table->persistent, 0, sizeof(table->persistent));
    memset(&table->temporary, 0, sizeof(table->temporary));
    table->dispatchable = NULL;
    if (table->dispatchable_iface)
        table->dispatchable_iface->lpVtbl->Release(table->dispatchable_iface);
    table->dispatchable_iface = NULL;
}

/* Every array is sized from the dispatchable as it is now, and used only while its generation
 * stays the same. */
static HRESULT allocate_state(struct dml_binding_table *table,
                              struct dml_dispatchable *dispatchable,
                              const DML_BINDING_TABLE_DESC *desc)
{
    const struct dml_binding_layout *layout = &dispatchable->layout;
    const struct program *program = &dispatchable->program;

    table->generation = atomic_load(&dispatchable->generation);
    table->input_count = layout->input_count;
    table->output_count = layout->output_count;
    table->inputs = calloc((size_t)layout->input_count + 1, sizeof(*table->inputs));
    table->outputs = calloc((size_t)layout->output_count + 1, sizeof(*table->outputs));
    table->input_slots = calloc((size_t)layout->input_count + 1, sizeof(*table->input_slots));
    table->output_slots = calloc((size_t)layout->output_count + 1, sizeof(*table->output_slots));
    table->tensor_slots = calloc((size_t)program->tensor_count + 1, sizeof(*table->tensor_slots));
    table->bound =
        calloc((size_t)layout->input_count + layout->output_count + 2, sizeof(*table->bound));
    if (!table->inputs || !table->outputs || !table->input_slots || !table->output_slots ||
        !table->tensor_slots || !table->bound ||
        FAILED(dml_bound_steps_create(dispatchable, &table->steps)))
        return E_OUTOFMEMORY;
    /* Work recorded without DESCRIPTORS_VOLATILE on the library's own device reads a block of its
     * recording's own (slot_block_for): no range block to keep or write at every bind. */
    if (!dispatchable->descriptors_volatile && dml_vk_device_is_owned(table_device(table)->vk))
        return S_OK;
    return dml_dispatchable_range_block(dispatchable, desc->GPUDescriptorHandle.ptr,
                                        desc->SizeInDescriptors, &table->block);
}

static HRESULT table_set_desc(struct dml_binding_table *table, const DML_BINDING_TABLE_DESC *desc)
{
    struct dml_dispatchable *dispatchable = NULL;
    HRESULT hr;

    if (desc)
    {
        dispatchable = dml_dispatchable_from_iface(desc->Dispatchable);
        if (!dispatchable || dispatchable->child.device != table_device(table))
        {
            dml_diag_print(dml_device_debug_enabled(table_device(table)),
                           "DML_BINDING_TABLE_DESC: Dispatchable is not a compiled operator or "
                           "initializer of this device");
            return E_INVALIDARG;
        }
    }
    /* The new reference first: the old one may be the only one keeping the same object alive. */
    if (dispatchable)
        desc->Dispatchable->lpVtbl->AddRef(desc->Dispatchable);
    release_state(table);
    if (!dispatchable)
        return S_OK;
    table->dispatchable_iface = desc->Dispatchable;
    table->dispatchable = dispatchable;
    if (FAILED(hr = allocate_state(table, dispatchable, desc)))
        release_state(table);
    else
        refresh_slots(table);
    return hr;
}

static HRESULT STDMETHODCALLTYPE dml_binding_table_Reset(IDMLBindingTable *iface,
                                                         const DML_BINDING_TABLE_DESC *desc)
{
    struct dml_binding_table *table = (struct dml_binding_table *)iface;
    HRESULT hr;

    if (FAILED(hr = dml_device_check_removed(table_device(table))))
        return hr;
    return table_set_desc(table, desc);
}

static const IDMLBindingTableVtbl dml_binding_table_vtbl = {
    DML_CHILD_VTBL_ENTRIES(dml_binding_table),
    dml_binding_table_BindInputs,
    dml_binding_table_BindOutputs,
    dml_binding_table_BindTemporaryResource,
    dml_binding_table_BindPersistentResource,
    dml_binding_table_Reset,
};

struct dml_binding_table *dml_binding_table_from_iface(IDMLBindingTable *iface)
{
    if (!iface || iface->lpVtbl != &dml_binding_table_vtbl)
        return NULL;
    return (struct dml_binding_table *)iface;
}

/* The role and index of bound buffer n, in the order list_bound lists them. */
static void bound_role(const struct dml_binding_table *table, uint32_t n, enum range_role *role,
                       uint32_t *index)
{
    const struct dml_binding_layout *layout = &table->dispatchable->layout;
    uint32_t inputs = layout->input_count, outputs = layout->output_count;

    *role = n < inputs              ? ROLE_INPUT
            : n < inputs + outputs  ? ROLE_OUTPUT
            : n == inputs + outputs ? ROLE_PERSISTENT
                                    : ROLE_TEMPORARY;
    *index = n < inputs ? n : n < inputs + outputs ? n - inputs : 0;
}

/* Every bound buffer still lives, and the command buffer keeps it alive until it has run: a
 * buffer destroyed after it was bound (the application's bug, as in D3D12) is refused rather
 * than dispatched into freed memory, and the reason names the binding. */
static HRESULT use_bindings(struct dml_binding_table *table, VkCommandBuffer cmd, const char **why)
{
    static _Thread_local char text[96];
    uint32_t dead = 0, index;
    enum range_role role;
    HRESULT hr = dml_vk_command_use(table_device(table)->vk, cmd, table->bound, table->bound_count,
                                    table->bound_set, &dead);
    if (hr == E_OUTOFMEMORY)
        *why = "out of memory";
    else if (hr == DXGI_ERROR_INVALID_CALL)
        *why = DML_WHY_NOT_RECORDING;
    else if (FAILED(hr))
    {
        bound_role(table, dead, &role, &index);
        snprintf(text, sizeof(text), "%s %u: its buffer was destroyed after it was bound",
                 role_names[role], index);
        *why = text;
    }
    return hr;
}

/* The slot block the recorded work reads (see struct dml_range_block): the range's for volatile
 * work and on an application's device, otherwise one of cmd's own with the bindings as now (no
 * table has a range block then: allocate_state). */
static HRESULT slot_block_for(struct dml_binding_table *table, VkCommandBuffer cmd,
                              VkDeviceAddress *address, const char **why)
{
    struct dml_dispatchable *dispatchable = table->dispatchable;
    struct dml_vk_block own;
    HRESULT hr = S_FALSE;

    *address = table->block ? table->block->block.address : 0;
    if (!dispatchable->descriptors_volatile && dispatchable->block_size)
        hr = dml_vk_command_block(table_device(table)->vk, cmd, dispatchable->block_size, &own);
    if (hr == S_OK)
    {
        dml_dispatchable_write_block(dispatchable, &table->steps, own.host);
        *address = own.address;
    }
    else if (FAILED(hr))
        *why = hr == E_OUTOFMEMORY ? out_of_memory : "the command list is not recording";
    return FAILED(hr) ? hr : S_OK;
}

const char *dml_binding_table_check(struct dml_binding_table *table,
                                    struct dml_dispatchable *dispatchable)
{
    if (table->child.device != dispatchable->child.device)
        return "the binding table belongs to another device";
    if (table->dispatchable != dispatchable)
        return "the binding table was created or Reset for another dispatchable";
    if (table_stale_quiet(table))
        return "the operator initializer was Reset after this binding table was created or Reset "
               "for it; Reset the table first";
    if (!dispatchable->descriptors_volatile && table->missing)
        return table->missing;
    if (!dispatchable->ops->ready(dispatchable))
        return "the compiled operator has not been initialized (record an initializer targeting it "
               "first)";
    return NULL;
}

HRESULT dml_binding_table_record(struct dml_binding_table *table,
                                 struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                                 const char **why)
{
    VkDeviceAddress block;
    HRESULT hr;

    if (FAILED(hr = use_bindings(table, cmd, why)) ||
        FAILED(hr = slot_block_for(table, cmd, &block, why)))
        return hr;
    report_incomplete(table);
    dml_dispatchable_record(dispatchable, cmd, &table->steps, block);
    dispatchable->ops->recorded(dispatchable);
    return S_OK;
}

static void dml_binding_table_destroy(struct dml_child *child)
{
    struct dml_binding_table *table =
        (struct dml_binding_table *)((char *)child - offsetof(struct dml_binding_table, child));

    release_state(table);
    dml_child_cleanup(child);
    free(table);
}

HRESULT dml_binding_table_create(struct dml_device *device, const DML_BINDING_TABLE_DESC *desc,
                                 IDMLBindingTable **out)
{
    struct dml_binding_table *table;
    HRESULT hr;

    if (!(table = calloc(1, sizeof(*table))))
        return E_OUTOFMEMORY;
    table->IDMLBindingTable_iface.lpVtbl = &dml_binding_table_vtbl;
    dml_child_init(&table->child, device, binding_table_iids, dml_binding_table_destroy);
    if (FAILED(hr = table_set_desc(table, desc)))
    {
        dml_binding_table_destroy(&table->child);
        return hr;
    }
    *out = &table->IDMLBindingTable_iface;
    return S_OK;
}
