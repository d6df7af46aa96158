/* Robustness of the Vulkan layer: one VkInstance for the whole process whatever the number of
 * listings and devices (drivers run out of instances), and kernels that touch no memory when a
 * slot they use has address 0 (a slot never bound, possible with DESCRIPTORS_VOLATILE), on the
 * generic and the specialized kernels, with addresses pushed or read from a slot block. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vk/steps.h"
#include "vk/vk_private.h"
#include "vk_test.h"

#define ELEMS 1024 /* 32 x 32 for the transposing plan */

static unsigned instances_created;
static PFN_vkCreateInstance real_create_instance;

static VKAPI_ATTR VkResult VKAPI_CALL counting_create_instance(const VkInstanceCreateInfo *info,
                                                               const VkAllocationCallbacks *alloc,
                                                               VkInstance *out)
{
    ++instances_created;
    return real_create_instance(info, alloc, out);
}

/* Before the library makes any instance: count the ones it makes through the loader. */
static void count_instances(void)
{
    if (FAILED(dml_vk_loader_init()))
        exit(VK_TEST_SKIP);
    real_create_instance = vkCreateInstance;
    vkCreateInstance = counting_create_instance;
}

/* What the API tests do in a loop (dmlopsEnumerateAdapters, DMLCreateDevice, Release): on
 * NVIDIA's driver, creating ~3 instances per round ran out of devices after ~10 rounds. */
static void test_one_instance(void **state)
{
    (void)state;
    VkInstance first = VK_NULL_HANDLE;
    for (int round = 0; round < 40; ++round)
    {
        uint32_t count = 0;
        assert_int_equal(dml_vk_physical_device_enumerate(&count), S_OK);
        assert_true(count >= 1);
        for (uint32_t i = 0; i < count; ++i)
        {
            struct dml_vk_physical_device_info info;
            assert_int_equal(dml_vk_physical_device_info(i, &info), S_OK);
        }
        struct dml_vk_device *dev = NULL;
        assert_int_equal(dml_vk_device_create(NULL, NULL, &dev), S_OK);
        if (!first)
            first = dev->instance.handle;
        assert_ptr_equal(dev->instance.handle, first);
        dml_vk_device_destroy(dev);
    }
    assert_int_equal(instances_created, 1);
}

/* A copy of ELEMS 4-byte elements from slot 0 to slot 1, straight or transposed (32 x 32). */
static void copy_plan(bool transpose, struct plan *plan, struct plan_part *part)
{
    *part = (struct plan_part){.slot = 1, .strides = {32, 1}};
    *plan = (struct plan){.kernel = PLAN_KERNEL_COPY,
                          .elem_bytes = 4,
                          .rank = 2,
                          .count = ELEMS,
                          .dims = {{.size = 32, .in_stride = transpose ? 1 : 32},
                                   {.size = 32, .in_stride = transpose ? 32 : 1}},
                          .part_count = 1,
                          .parts = part,
                          .slot_count = 2};
}

struct unbound_case
{
    struct dml_vk_device *dev;
    VkBuffer buffers[2];
    struct dml_vk_slot slots[2];
    struct dml_vk_block block;
    struct dml_vk_kernel kernel;
};

static void record_and_run(struct unbound_case *c, bool block)
{
    VkCommandBuffer cmd;
    assert_int_equal(dml_vk_command_begin(c->dev, &cmd), S_OK);
    dml_vk_slot_block_write(c->slots, 2, c->block.host);
    dml_vk_kernel_record(c->dev, &c->kernel, cmd, block ? NULL : c->slots,
                         block ? c->block.address : 0);
    assert_int_equal(dml_vk_command_submit_and_wait(c->dev, cmd), S_OK);
}

/* How the kernel gets its slots: pushed; from a slot block, built for one (it marks the block
 * DML_VK_SLOT_BLOCK_RAN_UNBOUND); from a slot block, built for pushed slots (it must not: the
 * store is compiled out of those kernels, which a store in their prologue slowed down). */
enum slots_way
{
    SLOTS_PUSHED,
    SLOTS_BLOCK_MARKED,
    SLOTS_BLOCK_UNMARKED,
};

/* Slot `unbound` gets address 0; the kernel must leave both buffers as they were. */
static void run_unbound(struct dml_vk_device *dev, const struct plan *plan, uint32_t unbound,
                        enum slots_way way)
{
    bool block = way != SLOTS_PUSHED;
    static uint32_t in[ELEMS], out[ELEMS], back[ELEMS];
    for (uint32_t i = 0; i < ELEMS; ++i)
        in[i] = i * 2654435761u;
    memset(out, VK_TEST_POISON, sizeof(out));
    struct unbound_case c = {.dev = dev};
    assert_int_equal(dml_vk_block_alloc(dev, dml_vk_slot_block_bytes(2), &c.block), S_OK);
    const uint32_t *initial[2] = {in, out};
    for (uint32_t s = 0; s < 2; ++s)
    {
        assert_int_equal(dml_vk_buffer_create(dev, sizeof(in), &c.buffers[s]), S_OK);
        assert_int_equal(dml_vk_buffer_upload(dev, c.buffers[s], 0, initial[s], sizeof(in)), S_OK);
        c.slots[s] =
            s == unbound ? (struct dml_vk_slot){0} : dml_vk_buffer_slot(dev, c.buffers[s], 0);
    }
    assert_int_equal(dml_vk_kernel_create_for(dev, plan, way == SLOTS_BLOCK_MARKED, &c.kernel),
                     S_OK);
    record_and_run(&c, block);
    assert_true(dml_vk_slot_block_take_ran_unbound(c.block.host) == (way == SLOTS_BLOCK_MARKED));
    for (uint32_t s = 0; s < 2; ++s)
    {
        assert_int_equal(dml_vk_buffer_download(dev, c.buffers[s], 0, back, sizeof(back)), S_OK);
        assert_memory_equal(back, initial[s], sizeof(back));
        dml_vk_buffer_destroy(dev, c.buffers[s]);
    }
    dml_vk_kernel_destroy(dev, &c.kernel);
    dml_vk_block_free(dev, &c.block);
}

/* specialize: the device's choice of kernels (DMLOPS_SPECIALIZE is read at device creation). */
static void check_unbound(bool specialize)
{
    setenv("DMLOPS_SPECIALIZE", specialize ? "1" : "0", 1);
    setenv("DMLOPS_PIPELINES", "sync", 1); /* specialized when created */
    struct dml_vk_device *dev = NULL;
    assert_int_equal(dml_vk_device_create(NULL, NULL, &dev), S_OK);
    unsetenv("DMLOPS_SPECIALIZE");
    for (int transpose = 0; transpose < 2; ++transpose)
    {
        struct plan plan;
        struct plan_part part;
        copy_plan(transpose, &plan, &part);
        struct dml_vk_kernel probe;
        assert_int_equal(dml_vk_kernel_create(dev, &plan, &probe), S_OK);
        /* Specialized kernels have no parameter block: make sure each kind is really covered. */
        assert_true((probe.params.size == 0) == specialize);
        dml_vk_kernel_destroy(dev, &probe);
        for (uint32_t unbound = 0; unbound < 2; ++unbound)
        {
            run_unbound(dev, &plan, unbound, SLOTS_PUSHED);
            run_unbound(dev, &plan, unbound, SLOTS_BLOCK_MARKED);
            run_unbound(dev, &plan, unbound, SLOTS_BLOCK_UNMARKED);
        }
    }
    dml_vk_device_destroy(dev);
}

static void test_unbound_slot_generic(void **state)
{
    (void)state;
    check_unbound(false);
}

static void test_unbound_slot_specialized(void **state)
{
    (void)state;
    check_unbound(true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_instance),
        cmocka_unit_test(test_unbound_slot_generic),
        cmocka_unit_test(test_unbound_slot_specialized),
    };
    count_instances();
    struct dml_vk_device *probe = vk_test_device(); /* exits 77 without a device */
    dml_vk_device_destroy(probe);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
