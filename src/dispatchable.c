#include "dispatchable.h"

#include <stdlib.h>
#include <string.h>

#include "bound_steps.h"
#include "device.h"
#include "diag.h"

void dml_binding_layout_cleanup(struct dml_binding_layout *layout)
{
    free(layout->inputs);
    free(layout->input_group_sizes);
    free(layout->outputs);
    memset(layout, 0, sizeof(*layout));
}

/* count items of size bytes, with room for one more as the layout's builders leave. */
static void *clone_array(const void *items, uint32_t count, size_t size)
{
    void *copy = calloc((size_t)count + 1, size);

    if (copy && count)
        memcpy(copy, items, count * size);
    return copy;
}

HRESULT dml_binding_layout_clone(const struct dml_binding_layout *from,
                                 struct dml_binding_layout *to)
{
    *to = *from;
    to->inputs = clone_array(from->inputs, from->input_count, sizeof(*from->inputs));
    to->outputs = clone_array(from->outputs, from->output_count, sizeof(*from->outputs));
    to->input_group_sizes = from->input_group_count
                                ? clone_array(from->input_group_sizes, from->input_group_count,
                                              sizeof(*from->input_group_sizes))
                                : NULL;
    if (to->inputs && to->outputs && (to->input_group_sizes || !from->input_group_count))
        return S_OK;
    dml_binding_layout_cleanup(to);
    return E_OUTOFMEMORY;
}

void dml_dispatchable_init(struct dml_dispatchable *dispatchable,
                           const struct dml_dispatchable_ops *ops, bool descriptors_volatile)
{
    dispatchable->ops = ops;
    dispatchable->descriptors_volatile = descriptors_volatile;
    program_init(&dispatchable->program);
    atomic_init(&dispatchable->generation, 0);
    pthread_mutex_init(&dispatchable->blocks_lock, NULL);
}

static HRESULT upload_constants(struct dml_dispatchable *dispatchable)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;
    const struct program *program = &dispatchable->program;
    HRESULT hr;

    if (!(dispatchable->constants = calloc(program->tensor_count + 1, sizeof(struct dml_vk_block))))
        return E_OUTOFMEMORY;
    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        const struct program_tensor *tensor = &program->tensors[t];

        if (tensor->kind != PROGRAM_TENSOR_CONSTANT)
            continue;
        if (FAILED(hr = dml_vk_block_alloc(vk, tensor->bytes ? tensor->bytes : 1,
                                           &dispatchable->constants[t])))
            return hr;
        memcpy(dispatchable->constants[t].host, tensor->data, tensor->bytes);
    }
    return S_OK;
}

static HRESULT make_steps(struct dml_dispatchable *dispatchable)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;
    const struct program *program = &dispatchable->program;
    uint32_t n = program->step_count;
    HRESULT hr;

    dispatchable->steps = calloc(n + 1, sizeof(*dispatchable->steps));
    dispatchable->block_offsets = calloc(n + 1, sizeof(*dispatchable->block_offsets));
    if (!dispatchable->steps || !dispatchable->block_offsets)
        return E_OUTOFMEMORY;
    for (uint32_t s = 0; s < n; ++s)
    {
        if (FAILED(hr = dml_vk_step_create(vk, &program->steps[s].plan,
                                           dispatchable->descriptors_volatile,
                                           &dispatchable->steps[s])))
            return hr;
        dispatchable->block_offsets[s] = dispatchable->block_size;
        dispatchable->block_size += dml_vk_step_block_bytes(&dispatchable->steps[s]);
    }
    return S_OK;
}

HRESULT dml_dispatchable_build(struct dml_dispatchable *dispatchable)
{
    HRESULT hr;

    if (FAILED(hr = program_finish(&dispatchable->program)) ||
        FAILED(hr = make_steps(dispatchable)) || FAILED(hr = upload_constants(dispatchable)))
        return hr;
    dispatchable->properties.PersistentResourceSize = dispatchable->program.persistent_size;
    dispatchable->properties.TemporaryResourceSize = dispatchable->program.temporary_size;
    return S_OK;
}

void dml_dispatchable_resolve(const struct dml_dispatchable *dispatchable,
                              const struct dml_bound_slots *bound, struct dml_vk_slot *tensors)
{
    const struct program *program = &dispatchable->program;

    for (uint32_t t = 0; t < program->tensor_count; ++t)
    {
        const struct program_tensor *tensor = &program->tensors[t];
        struct dml_vk_slot base = {0};

        switch (tensor->kind)
        {
        case PROGRAM_TENSOR_INPUT:
            base = bound->inputs[tensor->binding];
            break;
        case PROGRAM_TENSOR_OUTPUT:
            base = bound->outputs[tensor->binding];
            break;
        case PROGRAM_TENSOR_OWNED:
            base = bound->persistent;
            break;
        case PROGRAM_TENSOR_INTERMEDIATE:
            base = bound->temporary;
            break;
        case PROGRAM_TENSOR_CONSTANT:
            base.address = dispatchable->constants[t].address;
            break;
        default:
            break;
        }
        tensors[t] = tensor->kind == PROGRAM_TENSOR_CONSTANT
                         ? base
                         : dml_vk_slot_advance(base, tensor->offset);
    }
}

void dml_dispatchable_record(struct dml_dispatchable *dispatchable, VkCommandBuffer cmd,
                             const struct dml_bound_steps *bound, VkDeviceAddress slot_block)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;
    const struct program *program = &dispatchable->program;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct dml_vk_step *step = &dispatchable->steps[s];

        if (program->steps[s].wait)
            dml_vk_step_barrier(vk, cmd);
        dml_vk_step_record_bound(vk, step, &bound->steps[s], cmd,
                                 step->indirect ? slot_block + dispatchable->block_offsets[s] : 0);
    }
}

void dml_dispatchable_write_block(const struct dml_dispatchable *dispatchable,
                                  const struct dml_bound_steps *bound, void *block)
{
    const struct program *program = &dispatchable->program;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        if (dispatchable->steps[s].indirect)
            dml_vk_slot_block_write(bound->steps[s].slots, program->steps[s].plan.slot_count,
                                    (char *)block + dispatchable->block_offsets[s]);
    }
}

static struct dml_range_block *find_block(struct dml_dispatchable *dispatchable,
                                          uint64_t gpu_handle, uint32_t descriptors)
{
    for (struct dml_range_block *b = dispatchable->blocks; b; b = b->next)
    {
        if (b->gpu_handle == gpu_handle && b->descriptors == descriptors && !b->taken)
            return b;
    }
    return NULL;
}

static HRESULT new_block(struct dml_dispatchable *dispatchable, uint64_t gpu_handle,
                         uint32_t descriptors, struct dml_range_block **out)
{
    struct dml_range_block *block = calloc(1, sizeof(*block));
    HRESULT hr;

    if (!block)
        return E_OUTOFMEMORY;
    if (FAILED(hr = dml_vk_block_alloc(dispatchable->child.device->vk, dispatchable->block_size,
                                       &block->block)))
    {
        free(block);
        return hr;
    }
    memset(block->block.host, 0, dispatchable->block_size);
    block->next = dispatchable->blocks;
    block->gpu_handle = gpu_handle;
    block->descriptors = descriptors;
    dispatchable->blocks = *out = block;
    return S_OK;
}

HRESULT dml_dispatchable_range_block(struct dml_dispatchable *dispatchable, uint64_t gpu_handle,
                                     uint32_t descriptors, struct dml_range_block **out)
{
    HRESULT hr = S_OK;

    *out = NULL;
    if (!dispatchable->block_size)
        return S_OK;
    pthread_mutex_lock(&dispatchable->blocks_lock);
    if (!(*out = find_block(dispatchable, gpu_handle, descriptors)))
        hr = new_block(dispatchable, gpu_handle, descriptors, out);
    if (*out)
        (*out)->taken = !gpu_handle;
    pthread_mutex_unlock(&dispatchable->blocks_lock);
    return hr;
}

void dml_dispatchable_return_block(struct dml_dispatchable *dispatchable,
                                   struct dml_range_block *block)
{
    pthread_mutex_lock(&dispatchable->blocks_lock);
    block->taken = false;
    pthread_mutex_unlock(&dispatchable->blocks_lock);
}

bool dml_range_block_take_incomplete(const struct dml_dispatchable *dispatchable,
                                     struct dml_range_block *block)
{
    bool ran_unbound = false;

    for (uint32_t s = 0; s < dispatchable->program.step_count; ++s)
    {
        if (dispatchable->steps[s].indirect)
            ran_unbound |= dml_vk_slot_block_take_ran_unbound((char *)block->block.host +
                                                              dispatchable->block_offsets[s]);
    }
    return ran_unbound;
}

static void release_blocks(struct dml_dispatchable *dispatchable)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;

    for (struct dml_range_block *b = dispatchable->blocks, *next; b; b = next)
    {
        next = b->next;
        if (dml_range_block_take_incomplete(dispatchable, b))
            dml_diag_print(dml_device_debug_enabled(dispatchable->child.device),
                           "IDMLCommandRecorder::RecordDispatch: a DESCRIPTORS_VOLATILE dispatch "
                           "executed with inputs, outputs or resources unbound (descriptor range "
                           "%#llx); it wrote nothing",
                           (unsigned long long)b->gpu_handle);
        dml_vk_block_free(vk, &b->block);
        free(b);
    }
    dispatchable->blocks = NULL;
}

void dml_dispatchable_release(struct dml_dispatchable *dispatchable)
{
    struct dml_vk_device *vk = dispatchable->child.device->vk;
    const struct program *program = &dispatchable->program;

    atomic_fetch_add(&dispatchable->generation, 1);
    release_blocks(dispatchable); /* reads the steps' block layout */
    for (uint32_t s = 0; dispatchable->steps && s < program->step_count; ++s)
        dml_vk_step_destroy(vk, &dispatchable->steps[s]);
    for (uint32_t t = 0; dispatchable->constants && t < program->tensor_count; ++t)
        dml_vk_block_free(vk, &dispatchable->constants[t]);
    free(dispatchable->steps);
    free(dispatchable->constants);
    free(dispatchable->block_offsets);
    dispatchable->steps = NULL;
    dispatchable->constants = NULL;
    dispatchable->block_offsets = NULL;
    dispatchable->block_size = 0;
    program_cleanup(&dispatchable->program);
    dml_binding_layout_cleanup(&dispatchable->layout);
    dispatchable->properties = (DML_BINDING_PROPERTIES){0};
}

void dml_dispatchable_cleanup(struct dml_dispatchable *dispatchable)
{
    dml_dispatchable_release(dispatchable);
    pthread_mutex_destroy(&dispatchable->blocks_lock);
}

uint32_t dml_dispatchable_dispatch_count(const struct dml_dispatchable *dispatchable)
{
    uint32_t count = 0;

    for (uint32_t s = 0; s < dispatchable->program.step_count; ++s)
        count += dispatchable->steps[s].dispatch_count;
    return count;
}

const struct dml_vk_kernel *dml_dispatchable_kernel(const struct dml_dispatchable *dispatchable,
                                                    uint32_t index)
{
    for (uint32_t s = 0; s < dispatchable->program.step_count; ++s)
    {
        if (index < dispatchable->steps[s].dispatch_count)
            return &dispatchable->steps[s].dispatches[index].kernel;
        index -= dispatchable->steps[s].dispatch_count;
    }
    return NULL;
}
