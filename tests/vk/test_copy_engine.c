/* The copy engine (vkCmdCopyBuffer) as an alternative to the compute kernel: the probes behind the
 * choice, their cache file, DMLOPS_COPY_ENGINE, exact results through either engine, and the
 * ordering promise (an application's compute-to-compute barrier is enough after a copy). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "plan_copy.h"
#include "vk/steps.h"
#include "vk/vk_private.h"
#include "vk_test.h"

#define ELEMS 4096u

static char cache_home[] = "/tmp/dmlops-engines-XXXXXX";

static struct dml_vk_device *create_device(const char *engine)
{
    if (engine)
        setenv("DMLOPS_COPY_ENGINE", engine, 1);
    else
        unsetenv("DMLOPS_COPY_ENGINE");
    return vk_test_device();
}

/* A window of 6 rows by 48 columns out of 8 by 64 four-byte elements: 6 runs of 192 bytes. */
static struct plan window_plan(struct plan_part *part)
{
    *part = (struct plan_part){.slot = 1, .strides = {48, 1}};
    return (struct plan){.kernel = PLAN_KERNEL_COPY,
                         .elem_bytes = 4,
                         .rank = 2,
                         .count = 6 * 48,
                         .dims = {{.size = 6, .in_stride = 64}, {.size = 48, .in_stride = 1}},
                         .in_base = 64 + 8,
                         .part_count = 1,
                         .parts = part,
                         .slot_count = 2};
}

static void probes_are_measured_then_read_back(void **state)
{
    struct dml_vk_device *dev = create_device(NULL);
    /* Device creation probes nothing: the probes wait for their first use. */
    assert_int_equal(atomic_load(&dev->engines.state), 0);
    assert_non_null(strstr(dev->engines.source, "not measured yet"));
    const struct dml_vk_engines *e = dml_vk_device_engines(dev);
    double first[DML_VK_ENGINE_PROBES];
    assert_true(e->measured);
    assert_non_null(strstr(e->source, "measured on the library's own queue at first use"));
    for (int p = 0; p < DML_VK_ENGINE_PROBES; ++p)
    {
        assert_true(e->probes[p].ns > 0);
        first[p] = e->probes[p].ns;
    }
    dml_vk_device_destroy(dev);

    dev = create_device(NULL); /* a later device (or process) reads the times back */
    e = dml_vk_device_engines(dev);
    assert_non_null(strstr(e->source, "cache file"));
    for (int p = 0; p < DML_VK_ENGINE_PROBES; ++p)
        assert_true(e->probes[p].ns > first[p] - 0.1 && e->probes[p].ns < first[p] + 0.1);
    dml_vk_device_destroy(dev);
}

static void corrupt_cache_file_is_measured_again(void **state)
{
    char command[256];
    snprintf(command, sizeof(command),
             "for f in %s/dmlops/engines-*; do echo DMLOPS-ENGINES-3 "
             "nan > \"$f\"; done",
             cache_home);
    assert_int_equal(system(command), 0);
    struct dml_vk_device *dev = create_device(NULL);
    assert_non_null(strstr(dml_vk_device_engines(dev)->source, "measured on the library's own queue"));
    dml_vk_device_destroy(dev);
}

/* The choice is the step's, made once when it is created; a step whose slots are read at
 * execution (DESCRIPTORS_VOLATILE) never takes the copy engine, nor asks the probes. */
static void forced_engine_decides(void **state)
{
    struct plan_part part;
    struct plan plan = window_plan(&part);
    struct dml_vk_step step;
    static const char *const engines[] = {"compute", "transfer"};
    for (int e = 0; e < 2; ++e)
    {
        struct dml_vk_device *dev = create_device(engines[e]);
        assert_int_equal(dml_vk_device_engines(dev)->forced, e);
        assert_int_equal(dml_vk_step_create(dev, &plan, false, &step), S_OK);
        assert_int_equal(step.engine, e);
        assert_int_equal(step.region_count, e ? 6 : 0);
        dml_vk_step_destroy(dev, &step);
        assert_int_equal(dml_vk_step_create(dev, &plan, true, &step), S_OK);
        assert_int_equal(step.engine, DML_VK_ENGINE_COMPUTE);
        dml_vk_step_destroy(dev, &step);
        dml_vk_device_destroy(dev);
    }
}

/* The probes run at the first step that could use the copy engine, once per device, and not for
 * a step of slot blocks nor one that is not plain runs. */
static void probes_wait_for_a_step_of_runs(void **state)
{
    char command[256];
    snprintf(command, sizeof(command), "rm -f %s/dmlops/engines-*", cache_home);
    assert_int_equal(system(command), 0);
    struct dml_vk_device *dev = create_device(NULL);
    struct plan_part part, reverse_part = {.slot = 1, .strides = {1}};
    struct plan window = window_plan(&part);
    struct plan reverse = {.kernel = PLAN_KERNEL_COPY,
                           .elem_bytes = 4,
                           .rank = 1,
                           .count = 64,
                           .dims = {{.size = 64, .in_stride = -1}},
                           .in_base = 63,
                           .part_count = 1,
                           .parts = &reverse_part,
                           .slot_count = 2};
    struct dml_vk_step step;
    assert_int_equal(dml_vk_step_create(dev, &reverse, false, &step), S_OK);
    dml_vk_step_destroy(dev, &step);
    assert_int_equal(dml_vk_step_create(dev, &window, true, &step), S_OK);
    dml_vk_step_destroy(dev, &step);
    assert_int_equal(atomic_load(&dev->engines.probed), 0);
    for (int i = 0; i < 2; ++i)
    {
        assert_int_equal(dml_vk_step_create(dev, &window, false, &step), S_OK);
        dml_vk_step_destroy(dev, &step);
        assert_int_equal(atomic_load(&dev->engines.probed), 1);
    }
    dml_vk_device_destroy(dev);
}

/* Runs plan through vk_test_run in `mode` and compares every slot with the reference. */
static void run_exact(struct dml_vk_device *dev, const struct plan *plan, enum vk_test_slots mode)
{
    const uint64_t sizes[4] = {ELEMS * 4, ELEMS * 4, ELEMS * 4, ELEMS * 4};
    char why[200];
    if (!vk_test_check(dev, plan, sizes, mode, why, sizeof(why)))
        fail_msg("%s", why);
}

static void both_engines_are_exact(void **state)
{
    struct dml_vk_device *dev = create_device("transfer");
    struct plan_part parts[3];
    struct plan window = window_plan(&parts[0]);
    /* SPLIT of 16 rows of 256 two-byte elements along the last axis: 100 + 100 + 56 columns. */
    struct plan split = {.kernel = PLAN_KERNEL_SPLIT,
                         .elem_bytes = 2,
                         .rank = 2,
                         .count = 16 * 256,
                         .dims = {{.size = 16, .in_stride = 256}, {.size = 256, .in_stride = 1}},
                         .part_axis = 1,
                         .part_count = 3,
                         .parts = &parts[0],
                         .slot_count = 4};
    struct plan_part split_parts[3] = {
        {.slot = 1, .axis_begin = 0, .strides = {100, 1}},
        {.slot = 2, .axis_begin = 100, .strides = {100, 1}},
        {.slot = 3, .axis_begin = 200, .base = 8, .strides = {56, 1}}};
    split.parts = split_parts;
    const struct plan *plans[] = {&window, &split};
    for (int p = 0; p < 2; ++p)
    {
        run_exact(dev, plans[p], VK_TEST_SLOTS_PUSHED);    /* copy engine */
        run_exact(dev, plans[p], VK_TEST_SLOTS_ADDRESSES); /* no buffers: compute */
        run_exact(dev, plans[p], VK_TEST_SLOTS_BLOCK);     /* volatile: compute */
    }
    dml_vk_device_destroy(dev);
}

static void record(struct dml_vk_device *dev, VkCommandBuffer cmd, const struct plan *plan,
                   const struct dml_vk_slot *slots, struct dml_vk_step *step)
{
    assert_int_equal(dml_vk_step_create(dev, plan, false, step), S_OK);
    assert_int_equal(vk_test_step_record(dev, step, cmd, slots, 0), S_OK);
}

/* A copy (engine) then a compute kernel reading its output, with only the compute-to-compute
 * barrier an application puts between two DirectML dispatches. */
static void compute_barrier_orders_a_copy(void **state)
{
    struct dml_vk_device *dev = create_device("transfer");
    const struct VolkDeviceTable *vk = dml_vk_device_table(dev);
    struct plan_part part, reverse_part = {.slot = 1, .strides = {1}};
    struct plan copy = window_plan(&part);
    struct plan reverse = {.kernel = PLAN_KERNEL_COPY,
                           .elem_bytes = 4,
                           .rank = 1,
                           .count = 6 * 48,
                           .dims = {{.size = 6 * 48, .in_stride = -1}},
                           .in_base = 6 * 48 - 1,
                           .part_count = 1,
                           .parts = &reverse_part,
                           .slot_count = 2};
    static uint32_t in[512], out[6 * 48];
    VkBuffer buffers[3];
    for (uint32_t i = 0; i < 512; ++i)
        in[i] = i * 2654435761u;
    for (int b = 0; b < 3; ++b)
        assert_int_equal(dml_vk_buffer_create(dev, sizeof(in), &buffers[b]), S_OK);
    assert_int_equal(dml_vk_buffer_upload(dev, buffers[0], 0, in, sizeof(in)), S_OK);
    struct dml_vk_slot first[2] = {dml_vk_buffer_slot(dev, buffers[0], 0),
                                   dml_vk_buffer_slot(dev, buffers[1], 0)};
    struct dml_vk_slot second[2] = {first[1], dml_vk_buffer_slot(dev, buffers[2], 0)};
    second[0].buffer = second[1].buffer = VK_NULL_HANDLE; /* addresses only: the compute kernel */
    struct dml_vk_step steps[2];
    VkCommandBuffer cmd;
    assert_int_equal(dml_vk_command_begin(dev, &cmd), S_OK);
    record(dev, cmd, &copy, first, &steps[0]);
    assert_true(dml_vk_step_uses_copy_engine(&steps[0], first));
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_SHADER_READ_BIT};
    vk->vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, NULL, 0,
                             NULL);
    record(dev, cmd, &reverse, second, &steps[1]);
    assert_false(dml_vk_step_uses_copy_engine(&steps[1], second));
    assert_int_equal(dml_vk_command_submit_and_wait(dev, cmd), S_OK);
    assert_int_equal(dml_vk_buffer_download(dev, buffers[2], 0, out, sizeof(out)), S_OK);
    for (uint32_t i = 0; i < 6 * 48; ++i)
    {
        uint32_t j = 6 * 48 - 1 - i; /* the window's element j */
        assert_int_equal(out[i], in[64 + 8 + (j / 48) * 64 + j % 48]);
    }
    for (int k = 0; k < 2; ++k)
        dml_vk_step_destroy(dev, &steps[k]);
    for (int b = 0; b < 3; ++b)
        dml_vk_buffer_destroy(dev, buffers[b]);
    dml_vk_device_destroy(dev);
}

static int set_up(void **state)
{
    return !mkdtemp(cache_home) || setenv("XDG_CACHE_HOME", cache_home, 1) ||
           unsetenv("DMLOPS_PIPELINE_CACHE");
}

static int tear_down(void **state)
{
    char command[128];
    snprintf(command, sizeof(command), "rm -rf %s", cache_home);
    return system(command);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(probes_are_measured_then_read_back),
        cmocka_unit_test(corrupt_cache_file_is_measured_again),
        cmocka_unit_test(forced_engine_decides),
        cmocka_unit_test(probes_wait_for_a_step_of_runs),
        cmocka_unit_test(both_engines_are_exact),
        cmocka_unit_test(compute_barrier_orders_a_copy),
    };
    return cmocka_run_group_tests(tests, set_up, tear_down);
}
