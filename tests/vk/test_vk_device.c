/* Device listing and selection (DMLOPS_DEVICE), interop with an application's own VkDevice, and
 * DMLOPS_VALIDATION=fatal really aborting on a validation error. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "vk_test.h"

static void test_listing(void **state)
{
    uint32_t count = dml_vk_physical_device_count();
    assert_true(count >= 1);
    uint32_t defaults = 0;
    for (uint32_t i = 0; i < count; ++i)
    {
        struct dml_vk_physical_device_info info;
        assert_int_equal(dml_vk_physical_device_info(i, &info), S_OK);
        assert_true(info.name[0] != '\0');
        assert_true(info.meets_requirements == (info.missing == NULL));
        defaults += info.is_default;
        printf("%u: %s (%s, %s)%s%s\n", i, info.name, info.driver_name, info.driver_info,
               info.is_default ? " default" : "", info.missing ? info.missing : "");
    }
    assert_int_equal(defaults, 1);
    struct dml_vk_physical_device_info info;
    assert_int_equal(dml_vk_physical_device_info(count, &info), E_INVALIDARG);
}

static HRESULT create_with_override(const char *value)
{
    setenv("DMLOPS_DEVICE", value, 1);
    struct dml_vk_device *dev = NULL;
    HRESULT hr = dml_vk_device_create(NULL, NULL, &dev);
    unsetenv("DMLOPS_DEVICE");
    dml_vk_device_destroy(dev);
    return hr;
}

static void test_override(void **state)
{
    struct dml_vk_device *dev = vk_test_device();
    char upper[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    snprintf(upper, sizeof(upper), "%s", dml_vk_device_name(dev));
    dml_vk_device_destroy(dev);
    for (char *c = upper; *c; ++c)
        *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
    assert_int_equal(create_with_override(upper + 1), S_OK); /* a case-insensitive substring */
    assert_int_equal(create_with_override("no such device, surely"), DXGI_ERROR_UNSUPPORTED);
    char index[16];
    snprintf(index, sizeof(index), "%u", dml_vk_physical_device_count());
    assert_int_equal(create_with_override(index), DXGI_ERROR_UNSUPPORTED);
}

/* The application's side of interop: its own instance and device, made with plain Vulkan. */
struct app
{
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
};

static void app_create(struct app *app)
{
    assert_int_equal(volkInitialize(), VK_SUCCESS);
    VkApplicationInfo info = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .apiVersion = VK_API_VERSION_1_2};
    VkInstanceCreateInfo create = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                   .pApplicationInfo = &info};
    assert_int_equal(vkCreateInstance(&create, NULL, &app->instance), VK_SUCCESS);
    volkLoadInstanceOnly(app->instance);
    uint32_t count = 1;
    assert_true(vkEnumeratePhysicalDevices(app->instance, &count, &app->physical) >= 0);
    VkPhysicalDeviceVulkan12Features v12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
        .bufferDeviceAddress = VK_TRUE,
        .storageBuffer8BitAccess = VK_TRUE};
    VkPhysicalDeviceVulkan11Features v11 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
        .pNext = &v12,
        .storageBuffer16BitAccess = VK_TRUE};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                          .pNext = &v11,
                                          .features.shaderInt64 = VK_TRUE};
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                     .queueCount = 1,
                                     .pQueuePriorities = &priority};
    VkDeviceCreateInfo device = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                 .pNext = &features,
                                 .queueCreateInfoCount = 1,
                                 .pQueueCreateInfos = &queue};
    assert_int_equal(vkCreateDevice(app->physical, &device, NULL, &app->device), VK_SUCCESS);
}

static void test_interop(void **state)
{
    struct dml_vk_device *probe = vk_test_device(); /* skips when there is no device */
    dml_vk_device_destroy(probe);
    struct app app;
    app_create(&app);
    struct dml_vk_interop interop = {NULL, app.instance, app.physical, app.device, 0, 0};
    struct dml_vk_device *dev = NULL;
    assert_int_equal(dml_vk_device_create(&interop, NULL, &dev), S_OK);
    assert_false(dml_vk_device_is_owned(dev));
    assert_ptr_equal(dml_vk_device_handle(dev), app.device);
    uint8_t in[32], out[32];
    for (int i = 0; i < 32; ++i)
        in[i] = (uint8_t)i;
    memset(out, VK_TEST_POISON, sizeof(out));
    struct plan_part part = {.slot = 1, .strides = {1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 4,
                        .rank = 1,
                        .count = 8,
                        .dims = {{.size = 8, .in_stride = -1}},
                        .in_base = 7,
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    uint8_t *slots[] = {in, out};
    uint64_t bytes[] = {32, 32};
    assert_int_equal(vk_test_run(dev, &plan, bytes, slots, VK_TEST_SLOTS_PUSHED), S_OK);
    assert_memory_equal(out, in + 28, 4);
    dml_vk_device_destroy(dev);
    /* The application's objects survive the library's device. */
    struct VolkDeviceTable table;
    volkLoadDeviceTable(&table, app.device);
    assert_int_equal(table.vkDeviceWaitIdle(app.device), VK_SUCCESS);
    table.vkDestroyDevice(app.device, NULL);
    vkDestroyInstance(app.instance, NULL);
}

static void test_interop_invalid(void **state)
{
    struct dml_vk_interop interop = {0};
    struct dml_vk_device *dev = (struct dml_vk_device *)&interop;
    assert_int_equal(dml_vk_device_create(&interop, NULL, &dev), E_INVALIDARG);
    assert_null(dev);
}

/* A validation error under DMLOPS_VALIDATION=fatal ends the process with SIGABRT (skipped where
 * the validation layer is not installed: the child's device creation then fails). */
static void test_validation_aborts(void **state)
{
    struct dml_vk_device *probe = vk_test_device();
    dml_vk_device_destroy(probe);
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0)
    {
        setenv("DMLOPS_VALIDATION", "fatal", 1);
        struct dml_vk_device *dev = NULL;
        if (FAILED(dml_vk_device_create(NULL, NULL, &dev)))
            _exit(77);
        VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = 0, /* invalid */
                                   .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT};
        VkBuffer buffer;
        dml_vk_device_table(dev)->vkCreateBuffer(dml_vk_device_handle(dev), &info, NULL, &buffer);
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
        skip(); /* no validation layer installed (the GPU machine has none) */
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGABRT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing),           cmocka_unit_test(test_override),
        cmocka_unit_test(test_interop),           cmocka_unit_test(test_interop_invalid),
        cmocka_unit_test(test_validation_aborts),
    };
    struct dml_vk_device *probe = vk_test_device(); /* exits 77 without a device */
    dml_vk_device_destroy(probe);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
