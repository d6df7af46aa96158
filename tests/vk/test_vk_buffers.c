/* Buffers, transfers and command buffers of the host-side convenience path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vk_test.h"

static struct dml_vk_device *device;

static void test_size_and_address(void **state)
{
    VkBuffer buffer;
    assert_int_equal(dml_vk_buffer_create(device, 1001, &buffer), S_OK);
    assert_int_equal(dml_vk_buffer_size(device, buffer), 1001);
    assert_true(dml_vk_buffer_address(device, buffer) != 0);
    dml_vk_buffer_destroy(device, buffer);
    assert_int_equal(dml_vk_buffer_create(device, 0, &buffer), E_INVALIDARG);
}

/* A buffer the library did not create, on the library's own device: not one of its registry's, so
 * it has no size and every use of it is refused (on an application's device it could be checked
 * by nothing, and its memory requirements give its size). */
static void test_foreign_size(void **state)
{
    const struct VolkDeviceTable *vk = dml_vk_device_table(device);
    VkBufferCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = 1000,
        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
    };
    VkBuffer buffer;
    assert_int_equal(vk->vkCreateBuffer(dml_vk_device_handle(device), &info, NULL, &buffer),
                     VK_SUCCESS);
    assert_int_equal(dml_vk_buffer_size(device, buffer), 0);
    dml_vk_buffer_destroy(device, buffer); /* not ours: ignored */
    vk->vkDestroyBuffer(dml_vk_device_handle(device), buffer, NULL);
}

static void test_partial_transfers(void **state)
{
    uint8_t data[256], back[256];
    for (int i = 0; i < 256; ++i)
        data[i] = (uint8_t)i;
    VkBuffer buffer;
    assert_int_equal(dml_vk_buffer_create(device, 256, &buffer), S_OK);
    memset(back, VK_TEST_POISON, sizeof(back));
    assert_int_equal(dml_vk_buffer_upload(device, buffer, 0, back, 256), S_OK);
    assert_int_equal(dml_vk_buffer_upload(device, buffer, 100, data, 50), S_OK);
    assert_int_equal(dml_vk_buffer_download(device, buffer, 0, back, 256), S_OK);
    for (int i = 0; i < 256; ++i)
        assert_int_equal(back[i], i >= 100 && i < 150 ? i - 100 : VK_TEST_POISON);
    assert_int_equal(dml_vk_buffer_upload(device, buffer, 200, data, 57), E_INVALIDARG);
    assert_int_equal(dml_vk_buffer_download(device, buffer, UINT64_MAX, back, 2), E_INVALIDARG);
    assert_int_equal(dml_vk_buffer_download(device, buffer, 256, back, 0), S_OK);
    dml_vk_buffer_destroy(device, buffer);
}

/* Larger than one staging chunk (16 MiB), with an odd tail. */
static void test_large_transfer(void **state)
{
    const uint64_t size = (40u << 20) + 12345;
    uint8_t *data = malloc(size), *back = malloc(size);
    assert_non_null(data);
    assert_non_null(back);
    for (uint64_t i = 0; i < size; ++i)
        data[i] = (uint8_t)(i ^ (i >> 13));
    VkBuffer buffer;
    assert_int_equal(dml_vk_buffer_create(device, size, &buffer), S_OK);
    assert_int_equal(dml_vk_buffer_upload(device, buffer, 0, data, size), S_OK);
    assert_int_equal(dml_vk_buffer_download(device, buffer, 0, back, size), S_OK);
    assert_memory_equal(data, back, size);
    dml_vk_buffer_destroy(device, buffer);
    free(data);
    free(back);
}

static void test_commands(void **state)
{
    VkCommandBuffer cmd;
    assert_int_equal(dml_vk_command_begin(device, &cmd), S_OK);
    assert_int_equal(dml_vk_command_submit_and_wait(device, cmd), S_OK);
    assert_int_equal(dml_vk_command_submit_and_wait(device, cmd), E_INVALIDARG);
    assert_int_equal(dml_vk_command_submit_and_wait(device, VK_NULL_HANDLE), E_INVALIDARG);
}

static void test_result_mapping(void **state)
{
    assert_int_equal(dml_vk_result_to_hresult(VK_SUCCESS), S_OK);
    assert_int_equal(dml_vk_result_to_hresult(VK_ERROR_OUT_OF_HOST_MEMORY), E_OUTOFMEMORY);
    assert_int_equal(dml_vk_result_to_hresult(VK_ERROR_OUT_OF_DEVICE_MEMORY), E_OUTOFMEMORY);
    assert_int_equal(dml_vk_result_to_hresult(VK_ERROR_DEVICE_LOST), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(dml_vk_result_to_hresult(VK_ERROR_INITIALIZATION_FAILED), E_FAIL);
}

static int setup(void **state)
{
    device = vk_test_device();
    return 0;
}

static int teardown(void **state)
{
    dml_vk_device_destroy(device);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_and_address),  cmocka_unit_test(test_foreign_size),
        cmocka_unit_test(test_partial_transfers), cmocka_unit_test(test_large_transfer),
        cmocka_unit_test(test_commands),          cmocka_unit_test(test_result_mapping),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
