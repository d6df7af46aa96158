/* GPU test harness for the Vulkan layer (see vk_test.h). */
#include "vk_test.h"

#include "device.h"
#include "gpu.h"
#include "plan_exec.h"
#include "vk/steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dml_vk_device *vk_test_device(void)
{
    struct dml_vk_device *dev = NULL;
    HRESULT hr = dml_vk_device_create(NULL, NULL, &dev);
    if (hr == DXGI_ERROR_UNSUPPORTED)
    {
        fprintf(stderr, "no usable Vulkan device: skipped\n");
        exit(VK_TEST_SKIP);
    }
    if (FAILED(hr))
    {
        fprintf(stderr, "dml_vk_device_create failed: 0x%08x\n", (unsigned)hr);
        exit(1);
    }
    return dev;
}

IDMLDevice *vk_test_api_device(struct dml_vk_device **vk)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    *vk = dml_device_from_iface(device)->vk;
    return device;
}

/* The reference is the plan interpreter the lowering tests use (plan_exec.c): one reading of
 * src/plan.h's semantics for every test. */
void vk_test_reference(const struct plan *plan, uint8_t *const *slots)
{
    void *addresses[VK_TEST_MAX_SLOTS];

    for (uint32_t s = 0; s < plan->slot_count; ++s)
        addresses[s] = slots[s];
    plan_exec(plan, addresses);
}

struct run
{
    VkBuffer buffers[VK_TEST_MAX_SLOTS];
    struct dml_vk_slot slots[VK_TEST_MAX_SLOTS];
    struct dml_vk_block block;
    struct dml_vk_kernel kernel; /* ADDRESSES and BLOCK */
    struct dml_vk_step step;     /* PUSHED */
};

static HRESULT run_setup(struct dml_vk_device *dev, const struct plan *plan,
                         const uint64_t *slot_sizes, uint8_t *const *slots,
                         enum vk_test_slots mode, struct run *run)
{
    HRESULT hr = dml_vk_block_alloc(dev, dml_vk_slot_block_bytes(plan->slot_count), &run->block);
    for (uint32_t s = 0; SUCCEEDED(hr) && s < plan->slot_count; ++s)
    {
        hr = dml_vk_buffer_create(dev, slot_sizes[s], &run->buffers[s]);
        if (SUCCEEDED(hr))
            hr = dml_vk_buffer_upload(dev, run->buffers[s], 0, slots[s], slot_sizes[s]);
        if (SUCCEEDED(hr))
            run->slots[s] = dml_vk_buffer_slot(dev, run->buffers[s], 0);
    }
    if (SUCCEEDED(hr) && mode == VK_TEST_SLOTS_PUSHED)
        hr = dml_vk_step_create(dev, plan, false, &run->step);
    else if (SUCCEEDED(hr))
        hr = dml_vk_kernel_create(dev, plan, &run->kernel);
    return hr;
}

HRESULT vk_test_step_record(struct dml_vk_device *dev, const struct dml_vk_step *step,
                            VkCommandBuffer cmd, const struct dml_vk_slot *slots,
                            VkDeviceAddress slot_block)
{
    struct dml_vk_step_bound bound = {
        .slots = slots,
        .pushed = calloc(dml_vk_step_pushed_count(step) + 1, sizeof(VkDeviceAddress))};
    if (!bound.pushed)
        return E_OUTOFMEMORY;
    if (slots)
        dml_vk_step_bind(step, &bound);
    dml_vk_step_record_bound(dev, step, &bound, cmd, slot_block);
    free(bound.pushed);
    return S_OK;
}

static HRESULT run_dispatch(struct dml_vk_device *dev, struct run *run, enum vk_test_slots mode)
{
    VkCommandBuffer cmd;
    HRESULT hr = dml_vk_command_begin(dev, &cmd);
    if (FAILED(hr))
        return hr;
    if (mode == VK_TEST_SLOTS_PUSHED)
    {
        dml_vk_slot_block_write(run->slots, run->step.slot_count, run->block.host);
        hr = vk_test_step_record(dev, &run->step, cmd, run->slots,
                                 run->step.indirect ? run->block.address : 0);
        if (FAILED(hr))
        {
            dml_vk_command_discard(dev, cmd);
            return hr;
        }
        return dml_vk_command_submit_and_wait(dev, cmd);
    }
    uint32_t count = run->kernel.slot_count;
    bool late = mode == VK_TEST_SLOTS_BLOCK, pushed = count <= DML_VK_PUSH_SLOTS;
    for (uint32_t s = 0; mode == VK_TEST_SLOTS_ADDRESSES && s < count; ++s)
        run->slots[s].buffer = VK_NULL_HANDLE;
    /* Zero until after recording when written late; poison when the kernel must not read it. */
    memset(run->block.host, late ? 0 : 0xff, run->block.size);
    if (!late && !pushed)
        dml_vk_slot_block_write(run->slots, count, run->block.host);
    dml_vk_kernel_record(dev, &run->kernel, cmd, late ? NULL : run->slots, run->block.address);
    if (late)
        dml_vk_slot_block_write(run->slots, count, run->block.host);
    return dml_vk_command_submit_and_wait(dev, cmd);
}

HRESULT vk_test_run(struct dml_vk_device *dev, const struct plan *plan, const uint64_t *slot_sizes,
                    uint8_t *const *slots, enum vk_test_slots mode)
{
    struct run run = {0};
    if (plan->slot_count > sizeof(run.buffers) / sizeof(run.buffers[0]))
        return E_INVALIDARG;
    HRESULT hr = run_setup(dev, plan, slot_sizes, slots, mode, &run);
    if (SUCCEEDED(hr))
        hr = run_dispatch(dev, &run, mode);
    for (uint32_t s = 0; SUCCEEDED(hr) && s < plan->slot_count; ++s)
        hr = dml_vk_buffer_download(dev, run.buffers[s], 0, slots[s], slot_sizes[s]);
    for (uint32_t s = 0; s < plan->slot_count; ++s)
        dml_vk_buffer_destroy(dev, run.buffers[s]);
    dml_vk_kernel_destroy(dev, &run.kernel);
    dml_vk_step_destroy(dev, &run.step);
    dml_vk_block_free(dev, &run.block);
    return hr;
}

static void fill_random(uint8_t *bytes, uint64_t size, uint32_t seed)
{
    for (uint64_t i = 0; i < size; ++i)
    {
        seed = seed * 1664525u + 1013904223u;
        bytes[i] = (uint8_t)(seed >> 24);
    }
}

/* Expected and actual contents of every slot: the input random, the others poisoned. */
/* The plan's input slot, or one of its input parts' slots. */
static bool is_input_slot(const struct plan *plan, uint32_t s)
{
    for (uint32_t j = 0; j < plan->in_part_count; ++j)
    {
        if (plan->in_parts[j].slot == s)
            return true;
    }
    return !plan->in_part_count && s == plan->in_slot;
}

static bool prepare_slots(const struct plan *plan, const uint64_t *bytes, uint8_t **expected,
                          uint8_t **actual)
{
    bool ok = true;
    for (uint32_t s = 0; s < plan->slot_count; ++s)
    {
        expected[s] = malloc(bytes[s]);
        actual[s] = malloc(bytes[s]);
        if (!expected[s] || !actual[s])
        {
            ok = false;
            continue;
        }
        if (is_input_slot(plan, s))
            fill_random(expected[s], bytes[s], 777u + (uint32_t)bytes[s]);
        else
            memset(expected[s], VK_TEST_POISON, bytes[s]);
        memcpy(actual[s], expected[s], bytes[s]);
    }
    return ok;
}

static bool first_difference(const struct plan *plan, const uint64_t *bytes,
                             enum vk_test_slots mode, uint8_t *const *expected,
                             uint8_t *const *actual, char *why, size_t why_size)
{
    for (uint32_t s = 0; s < plan->slot_count; ++s)
    {
        for (uint64_t i = 0; i < bytes[s]; ++i)
        {
            if (expected[s][i] == actual[s][i])
                continue;
            snprintf(why, why_size,
                     "slot mode %d, elem_bytes %u, %u parts: slot %u byte %llu of %llu: expected "
                     "0x%02x, got 0x%02x",
                     (int)mode, plan->elem_bytes, plan->part_count, s, (unsigned long long)i,
                     (unsigned long long)bytes[s], expected[s][i], actual[s][i]);
            return true;
        }
    }
    return false;
}

bool vk_test_check(struct dml_vk_device *dev, const struct plan *plan, const uint64_t *bytes,
                   enum vk_test_slots mode, char *why, size_t why_size)
{
    uint8_t *expected[VK_TEST_MAX_SLOTS] = {0}, *actual[VK_TEST_MAX_SLOTS] = {0};
    bool ok = plan->slot_count <= VK_TEST_MAX_SLOTS && prepare_slots(plan, bytes, expected, actual);
    if (!ok)
        snprintf(why, why_size, "out of memory, or more than %d slots", VK_TEST_MAX_SLOTS);
    HRESULT hr = S_OK;
    if (ok)
    {
        vk_test_reference(plan, expected);
        hr = vk_test_run(dev, plan, bytes, actual, mode);
        ok = SUCCEEDED(hr);
        if (!ok)
            snprintf(why, why_size, "vk_test_run (slot mode %d): 0x%08x", (int)mode, (unsigned)hr);
    }
    if (ok && first_difference(plan, bytes, mode, expected, actual, why, why_size))
        ok = false;
    for (uint32_t s = 0; s < plan->slot_count && s < VK_TEST_MAX_SLOTS; ++s)
    {
        free(expected[s]);
        free(actual[s]);
    }
    return ok;
}

bool vk_test_gets_specialized(struct dml_vk_device *dev, const struct plan *plan)
{
    struct dml_vk_kernel kernel;
    if (FAILED(dml_vk_kernel_create(dev, plan, &kernel)))
        return false;
    bool specialized = dml_vk_kernel_is_specialized(&kernel);
    dml_vk_kernel_destroy(dev, &kernel);
    return specialized;
}

HRESULT vk_test_run_shifted(struct dml_vk_device *dev, const struct plan *plan,
                            const VkBuffer *buffers, const uint64_t *shift, bool *specialized)
{
    struct dml_vk_slot slots[2] = {{0}}; /* addresses only: the trick is on addresses */
    for (int s = 0; s < 2; ++s)
    {
        slots[s].address = dml_vk_buffer_address(dev, buffers[s]);
        if (slots[s].address < shift[s])
            return S_FALSE;
        slots[s].address -= shift[s];
    }
    struct dml_vk_kernel kernel;
    VkCommandBuffer cmd;
    HRESULT hr = dml_vk_kernel_create(dev, plan, &kernel);
    if (FAILED(hr))
        return hr;
    if (specialized)
        *specialized = dml_vk_kernel_is_specialized(&kernel);
    hr = dml_vk_command_begin(dev, &cmd);
    if (SUCCEEDED(hr))
    {
        dml_vk_kernel_record(dev, &kernel, cmd, slots, 0);
        hr = dml_vk_command_submit_and_wait(dev, cmd);
    }
    dml_vk_kernel_destroy(dev, &kernel);
    return hr;
}
