/* The copy engine's timing probes never run on an application's device: a device made by
 * dmlopsCreateDevice on the application's own VkDevice compiles, initializes and executes a step
 * of plain runs (the kind that asks the probes) without submitting them, so no probe times are
 * written to the cache directory; the library's own device, given the same operator and the same
 * (empty) cache directory, probes and writes them: the observable works. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app_vk.h"
#include "dml_util.h"

#define ROWS 8
#define COLUMNS 80
#define WINDOW 64

static struct app_vk vk;
static char cache_home[] = "/tmp/dmlops-probes-XXXXXX";

/* Files of probe times (engines-*) in the cache directory. */
static int engine_files(void)
{
    char path[256];
    snprintf(path, sizeof(path), "%s/dmlops", cache_home);
    DIR *dir = opendir(path);
    struct dirent *entry;
    int count = 0;
    while (dir && (entry = readdir(dir)))
        count += !strncmp(entry->d_name, "engines-", 8);
    if (dir)
        closedir(dir);
    return count;
}

static HRESULT create_interop_device(IDMLDevice **out)
{
    DMLOPS_VULKAN_DEVICE_DESC vulkan = {
        .sType = DMLOPS_STRUCTURE_TYPE_VULKAN_DEVICE_DESC,
        .pfnGetInstanceProcAddr = vkGetInstanceProcAddr,
        .instance = vk.instance,
        .physicalDevice = vk.physical_device,
        .device = vk.device,
        .queueFamilyIndex = vk.queue_family,
        .queueIndex = 0,
    };
    DMLOPS_DEVICE_DESC desc = {
        .sType = DMLOPS_STRUCTURE_TYPE_DEVICE_DESC,
        .pNext = &vulkan,
        .flags = DML_CREATE_DEVICE_FLAG_DEBUG,
        .minimumFeatureLevel = DML_FEATURE_LEVEL_1_0,
    };
    return dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)out);
}

/* A window of 8 rows of 64 floats out of rows of 80: 8 runs of 256 bytes, compiled, initialized
 * and run on buffers of the library's (dmlopsCreateBuffer): every chance to use the copy engine. */
static void run_window(IDMLDevice *device)
{
    static const UINT in_sizes[2] = {ROWS, COLUMNS}, out_sizes[2] = {ROWS, WINDOW};
    static const UINT offsets[2] = {0, 8}, window[2] = {ROWS, WINDOW};
    static const INT strides[2] = {1, 1};
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC tensors[2];
    dml_util_tensor(&buffers[0], &tensors[0], DML_TENSOR_DATA_TYPE_FLOAT32, 2, in_sizes, 0);
    dml_util_tensor(&buffers[1], &tensors[1], DML_TENSOR_DATA_TYPE_FLOAT32, 2, out_sizes, 0);
    DML_SLICE1_OPERATOR_DESC slice = {&tensors[0], &tensors[1], 2, offsets, window, strides};
    IDMLCompiledOperator *compiled = NULL;
    ID3D12Resource *input = NULL, *output = NULL;
    UINT64 out_bytes = buffers[1].TotalTensorSizeInBytes;
    assert_int_equal(dml_util_compile(device, DML_OPERATOR_SLICE1, &slice, &compiled), S_OK);
    assert_int_equal(dmlopsCreateBuffer(device, buffers[0].TotalTensorSizeInBytes, &input), S_OK);
    assert_int_equal(dmlopsCreateBuffer(device, out_bytes, &output), S_OK);
    assert_int_equal(dml_util_run(device, compiled, input, buffers[0].TotalTensorSizeInBytes, 1,
                                  &output, &out_bytes),
                     S_OK);
    dmlopsDestroyBuffer(device, input);
    dmlopsDestroyBuffer(device, output);
    IDMLCompiledOperator_Release(compiled);
}

static void interop_device_never_probes(void **state)
{
    IDMLDevice *device = NULL;
    assert_int_equal(create_interop_device(&device), S_OK);
    run_window(device);
    IDMLDevice_Release(device);
    assert_int_equal(engine_files(), 0);
    assert_int_equal(app_vk_validation_errors(), 0);
}

/* The control: the library's own device probes at that first step, on its own queue, and keeps
 * the times. */
static void own_device_probes(void **state)
{
    IDMLDevice *device = NULL;
    assert_int_equal(
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device),
        S_OK);
    run_window(device);
    IDMLDevice_Release(device);
    assert_int_equal(engine_files(), 1);
}

static int set_up(void **state)
{
    if (!mkdtemp(cache_home) || setenv("XDG_CACHE_HOME", cache_home, 1) ||
        unsetenv("DMLOPS_PIPELINE_CACHE") || unsetenv("DMLOPS_COPY_ENGINE"))
        return -1;
    app_vk_init(&vk); /* exits 77 without a usable Vulkan device */
    return 0;
}

static int tear_down(void **state)
{
    char command[128];
    app_vk_cleanup(&vk);
    snprintf(command, sizeof(command), "rm -rf %s", cache_home);
    return system(command);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(interop_device_never_probes),
        cmocka_unit_test(own_device_probes),
    };
    return cmocka_run_group_tests(tests, set_up, tear_down);
}
