/* Kernels: a plan turned into a pipeline (specialized, or generic with a parameter block) and
 * a dispatch size. Compute only: whether a step's runs go to the copy engine instead is the
 * step's decision (steps.c), recorded by copies.c. */
#include <stdbool.h>
#include <string.h>

#include "params.h"
#include "params_index.h"
#include "plan_check.h"
#include "spec.h"
#include "vk_private.h"

/* local_size_x of a generic kernel's module (KERNEL_WORKGROUP_SIZE in shaders/dmlops_common.glsl);
 * a specialized one's is its plan's group_size. */
static uint32_t workgroup_size(uint32_t kernel)
{
    return kernel == PLAN_KERNEL_FILL ? DMLOPS_WIDE_WORKGROUP_SIZE : DMLOPS_WORKGROUP_SIZE;
}

/* Push constants, as Push in shaders/dmlops_slots.glsl (both from plan_constants.h). */
struct push
{
    VkDeviceAddress params; /* | SLOTS_INDIRECT: slot[0] is a slot block's address */
    VkDeviceAddress slot[DML_VK_PUSH_SLOTS];
};
#define SLOTS_INDIRECT ((VkDeviceAddress)DMLOPS_SLOTS_INDIRECT)
_Static_assert(sizeof(struct push) == DML_VK_PUSH_BYTES, "push constant layout");
_Static_assert(DML_VK_BLOCK_ALIGNMENT > SLOTS_INDIRECT, "the flag lives in alignment bits");

/* As Bindings in shaders/dmlops_slots.glsl: the unbound count first, so that a kernel checks one
 * word however many slots it has. */
uint64_t dml_vk_slot_block_bytes(uint32_t slot_count)
{
    return (1 + (uint64_t)slot_count) * sizeof(VkDeviceAddress);
}

void dml_vk_slot_block_write(const struct dml_vk_slot *slots, uint32_t slot_count, void *host)
{
    VkDeviceAddress *words = host, unbound = 0;
    for (uint32_t s = 0; s < slot_count; ++s)
    {
        words[1 + s] = slots[s].address;
        unbound += !slots[s].address;
    }
    words[0] = unbound;
}

static uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* Spreads the workgroups over X, then Y, then Z; the shader rebuilds the linear index. */
static HRESULT fold_groups(const struct dml_vk_device *dev, uint32_t group_size, uint64_t count,
                           uint32_t groups[3])
{
    const uint32_t *limit = dev->props.limits.maxComputeWorkGroupCount;
    uint64_t left = div_up(count, group_size);
    for (int axis = 0; axis < 3; ++axis)
    {
        groups[axis] = (uint32_t)(left < limit[axis] ? left : limit[axis]);
        left = div_up(left, groups[axis] ? groups[axis] : 1);
        if (axis < 2 && left == 1)
        {
            groups[axis + 1] = 1;
            groups[2] = 1;
            return S_OK;
        }
    }
    return left <= 1 ? S_OK : E_INVALIDARG;
}

/* The module of a specialized strategy (shaders/vec*.comp: one per walk, tile.comp,
 * move_spec.comp, fill_spec.comp). */
static uint32_t spec_kernel(uint32_t mode)
{
    static const uint32_t kernels[] = {
        [PLAN_SPEC_MODE_PARTS] = DML_VK_KERNEL_VEC,
        [PLAN_SPEC_MODE_ROW_SPLIT] = DML_VK_KERNEL_VEC_ROWS,
        [PLAN_SPEC_MODE_ROW_BLOCKS] = DML_VK_KERNEL_VEC_ROWS,
        [PLAN_SPEC_MODE_ROW_GROUPS] = DML_VK_KERNEL_VEC_ROW_GROUPS,
        [PLAN_SPEC_MODE_TILE] = DML_VK_KERNEL_TILE,
        [PLAN_SPEC_MODE_MOVE] = DML_VK_KERNEL_MOVE_SPEC,
        [PLAN_SPEC_MODE_FILL] = DML_VK_KERNEL_FILL_SPEC,
    };
    return kernels[mode];
}

/* The specialized kernel when the device wants it and the plan fits: no parameter block, the
 * walk and thread count plan_spec chose. S_FALSE: use the generic kernel, alone (too many
 * shapes) or until out->pending is built (by the device's worker). */
static HRESULT create_specialized(struct dml_vk_device *dev, const struct plan *plan,
                                  uint32_t marks, struct dml_vk_kernel *out)
{
    struct plan_spec spec;
    uint32_t groups[3];
    VkPipeline ready = VK_NULL_HANDLE;
    if (!dev->pipelines.specialize ||
        !plan_spec_from_plan(plan, dev->pipelines.move_bytes, &spec))
        return S_FALSE;
    struct dml_vk_variant variant = {spec_kernel(spec.mode), plan->elem_bytes, marks, 0};
    HRESULT hr = fold_groups(dev, spec.group_size, (uint64_t)spec.vtotal, groups);
    if (SUCCEEDED(hr))
        hr = dml_vk_pipeline_specialized(dev, &variant, &spec, &ready, &out->pending);
    if (hr != S_OK)
        return hr; /* S_FALSE: too many shapes, the generic kernel */
    memcpy(ready ? out->groups : out->pending_groups, groups, sizeof(groups));
    out->pipeline = ready;
    return ready ? S_OK : S_FALSE;
}

/* The generic kernels: move.comp for the plan kernels it runs (plan_kernel_moves), with the
 * MOVE_FORM of what each one's plans leave out (plan_check holds them to it); a module of its
 * own for every other plan kernel. */
static const uint32_t move_forms[PLAN_KERNEL_GENERAL + 1] = {
    [PLAN_KERNEL_COPY] = DMLOPS_MOVE_ONE_PART | DMLOPS_MOVE_ONE_INPUT | DMLOPS_MOVE_AFFINE,
    [PLAN_KERNEL_SPLIT] = DMLOPS_MOVE_ONE_INPUT | DMLOPS_MOVE_AFFINE,
    [PLAN_KERNEL_PAD] = DMLOPS_MOVE_ONE_PART | DMLOPS_MOVE_ONE_INPUT,
    [PLAN_KERNEL_GENERAL] = 0,
};

static struct dml_vk_variant generic_variant(const struct plan *plan, uint32_t marks)
{
    if (plan_kernel_moves(plan->kernel))
        return (struct dml_vk_variant){DML_VK_KERNEL_MOVE, plan->elem_bytes, marks,
                                       move_forms[plan->kernel]};
    return (struct dml_vk_variant){plan->kernel, plan->elem_bytes, marks, 0};
}

static HRESULT create_generic(struct dml_vk_device *dev, const struct plan *plan, uint32_t marks,
                              struct dml_vk_kernel *out)
{
    struct dml_vk_variant variant = generic_variant(plan, marks);
    bool indexed = plan_kernel_indexed(plan->kernel);
    HRESULT hr = fold_groups(dev, workgroup_size(variant.kernel), plan->count, out->groups);
    if (SUCCEEDED(hr))
        hr = dml_vk_pipeline_get(dev, &variant, NULL, &out->pipeline);
    if (SUCCEEDED(hr))
        hr = dml_vk_block_alloc(
            dev, indexed ? dml_vk_params_index_size() : dml_vk_params_size_for(plan), &out->params);
    if (SUCCEEDED(hr))
        dml_vk_params_pack(plan, out->params.host);
    if (SUCCEEDED(hr) && indexed)
        dml_vk_params_index_pack(plan, out->params.host);
    return hr;
}

HRESULT dml_vk_kernel_create_for(struct dml_vk_device *dev, const struct plan *plan,
                                 bool slot_block, struct dml_vk_kernel *out)
{
    *out = (struct dml_vk_kernel){.layout = dev->pipelines.layout};
    HRESULT hr = plan_check(plan) ? E_INVALIDARG : S_OK;
    if (SUCCEEDED(hr))
        hr = create_specialized(dev, plan, slot_block, out);
    if (hr == S_FALSE)
        hr = create_generic(dev, plan, slot_block, out);
    if (FAILED(hr))
    {
        dml_vk_kernel_destroy(dev, out);
        return hr;
    }
    out->slot_count = plan->slot_count;
    return S_OK;
}

HRESULT dml_vk_kernel_create(struct dml_vk_device *dev, const struct plan *plan,
                             struct dml_vk_kernel *out)
{
    return dml_vk_kernel_create_for(dev, plan, false, out);
}

void dml_vk_kernel_destroy(struct dml_vk_device *dev, struct dml_vk_kernel *kernel)
{
    if (kernel->pending)
        dml_vk_pipeline_release(dev, kernel->pending);
    dml_vk_block_free(dev, &kernel->params);
    *kernel = (struct dml_vk_kernel){0};
}

/* One decision per recording: the specialized pipeline once built, with its own group counts and
 * no parameter block, else the kernel's own; never a mix of the two. */
void dml_vk_kernel_choose(const struct dml_vk_kernel *kernel, struct dml_vk_kernel_choice *out)
{
    VkPipeline built = kernel->pending ? dml_vk_pipeline_built(kernel->pending) : VK_NULL_HANDLE;
    if (built)
        *out = (struct dml_vk_kernel_choice){built, 0, kernel->pending_groups};
    else
        *out = (struct dml_vk_kernel_choice){kernel->pipeline, kernel->params.address,
                                             kernel->groups};
}

bool dml_vk_kernel_is_specialized(const struct dml_vk_kernel *kernel)
{
    struct dml_vk_kernel_choice choice;
    dml_vk_kernel_choose(kernel, &choice);
    return !choice.params;
}

/* Binds the pipeline chosen now, pushes push with its parameter block's address (flags: or'd
 * into it) and dispatches. */
static void record_push(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                        VkCommandBuffer cmd, struct push *push, VkDeviceAddress flags)
{
    struct dml_vk_kernel_choice choice;
    dml_vk_kernel_choose(kernel, &choice);
    push->params = choice.params | flags;
    /* All 128 bytes, unused slots included: the shader declares them all. */
    dev->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, choice.pipeline);
    dev->vk.vkCmdPushConstants(cmd, kernel->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(*push),
                               push);
    dev->vk.vkCmdDispatch(cmd, choice.groups[0], choice.groups[1], choice.groups[2]);
}

void dml_vk_kernel_record(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                          VkCommandBuffer cmd, const struct dml_vk_slot *slots,
                          VkDeviceAddress slot_block)
{
    struct push push = {0};
    if (!slots || kernel->slot_count > DML_VK_PUSH_SLOTS)
    {
        push.slot[0] = slot_block; /* the kernel reads its slots from there at execution */
        return record_push(dev, kernel, cmd, &push, SLOTS_INDIRECT);
    }
    for (uint32_t s = 0; s < kernel->slot_count; ++s)
        push.slot[s] = slots[s].address;
    record_push(dev, kernel, cmd, &push, 0);
}

void dml_vk_kernel_record_pushed(struct dml_vk_device *dev, const struct dml_vk_kernel *kernel,
                                 VkCommandBuffer cmd, const VkDeviceAddress *slots)
{
    struct push push;
    memcpy(push.slot, slots, sizeof(push.slot));
    record_push(dev, kernel, cmd, &push, 0);
}
