/* The block allocator: alignment, no overlap, reuse of freed blocks, large blocks, concurrent use
 * from several threads, and blocks that live as long as a command buffer. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vk_test.h"

#define MANY 2000
#define THREADS 4

static struct dml_vk_device *device;

static uint64_t size_for(uint32_t i)
{
    static const uint64_t sizes[] = {1, 8, 63, 64, 65, 200, 1000, 4096, 5000, 65536};
    return sizes[i % (sizeof(sizes) / sizeof(sizes[0]))];
}

static int by_address(const void *a, const void *b)
{
    const struct dml_vk_block *x = a, *y = b;
    return x->address < y->address ? -1 : x->address > y->address;
}

static void test_alignment_and_overlap(void **state)
{
    struct dml_vk_block *blocks = calloc(MANY, sizeof(*blocks));
    assert_non_null(blocks);
    for (uint32_t i = 0; i < MANY; ++i)
    {
        assert_int_equal(dml_vk_block_alloc(device, size_for(i), &blocks[i]), S_OK);
        assert_true(blocks[i].size >= size_for(i));
        assert_int_equal(blocks[i].address % DML_VK_BLOCK_ALIGNMENT, 0);
        assert_int_equal((uintptr_t)blocks[i].host % DML_VK_BLOCK_ALIGNMENT, 0);
        memset(blocks[i].host, (int)(i & 0xff), size_for(i));
    }
    for (uint32_t i = 0; i < MANY; ++i)
        assert_int_equal(((uint8_t *)blocks[i].host)[size_for(i) - 1], i & 0xff);
    qsort(blocks, MANY, sizeof(*blocks), by_address);
    for (uint32_t i = 1; i < MANY; ++i)
        assert_true(blocks[i - 1].address + blocks[i - 1].size <= blocks[i].address);
    for (uint32_t i = 0; i < MANY; ++i)
        dml_vk_block_free(device, &blocks[i]);
    assert_null(blocks[0].host);
    free(blocks);
}

static void test_reuse(void **state)
{
    struct dml_vk_block a, b;
    assert_int_equal(dml_vk_block_alloc(device, 100, &a), S_OK);
    VkDeviceAddress first = a.address;
    dml_vk_block_free(device, &a);
    assert_int_equal(dml_vk_block_alloc(device, 120, &b), S_OK);
    assert_int_equal(b.address, first);
    assert_int_equal(b.size, 120);
    dml_vk_block_free(device, &b);
    dml_vk_block_free(device, &b); /* a zeroed block is ignored */
}

static void test_large_and_invalid(void **state)
{
    struct dml_vk_block big;
    assert_int_equal(dml_vk_block_alloc(device, (3u << 20) + 5, &big), S_OK);
    assert_int_equal(big.address % DML_VK_BLOCK_ALIGNMENT, 0);
    memset(big.host, 0x5a, big.size);
    dml_vk_block_free(device, &big);
    assert_int_equal(dml_vk_block_alloc(device, 0, &big), E_INVALIDARG);
}

static void *churn(void *arg)
{
    uintptr_t seed = (uintptr_t)arg;
    struct dml_vk_block held[32] = {0};
    for (uint32_t i = 0; i < 5000; ++i)
    {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        struct dml_vk_block *slot = &held[(seed >> 33) % 32];
        dml_vk_block_free(device, slot);
        if (FAILED(dml_vk_block_alloc(device, size_for((uint32_t)(seed >> 40)), slot)))
            return (void *)1;
        memset(slot->host, (int)(seed & 0xff), slot->size);
    }
    for (uint32_t i = 0; i < 32; ++i)
        dml_vk_block_free(device, &held[i]);
    return NULL;
}

static void test_threads(void **state)
{
    pthread_t threads[THREADS];
    for (uintptr_t t = 0; t < THREADS; ++t)
        assert_int_equal(pthread_create(&threads[t], NULL, churn, (void *)(t + 1)), 0);
    for (uint32_t t = 0; t < THREADS; ++t)
    {
        void *result = (void *)1;
        pthread_join(threads[t], &result);
        assert_null(result);
    }
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

/* A command buffer's own block (dml_vk_command_block, the slot blocks of recordings) lives while
 * the command buffer is pending and is freed once it has run or was discarded: the next block of
 * its size then takes its place, so recording and running again and again does not grow memory. */
static void test_command_blocks(void **state)
{
    for (int discard = 0; discard < 2; ++discard)
    {
        VkCommandBuffer cmd;
        struct dml_vk_block kept, probe;
        assert_int_equal(dml_vk_command_begin(device, &cmd), S_OK);
        assert_int_equal(dml_vk_command_block(device, cmd, 272, &kept), S_OK);
        memset(kept.host, 0x5a, 272);
        assert_int_equal(dml_vk_block_alloc(device, 272, &probe), S_OK);
        assert_int_not_equal(probe.address, kept.address);
        dml_vk_block_free(device, &probe);
        VkDeviceAddress at = kept.address;
        assert_int_equal(discard ? dml_vk_command_discard(device, cmd)
                                 : dml_vk_command_submit_and_wait(device, cmd),
                         S_OK);
        assert_int_equal(dml_vk_block_alloc(device, 272, &probe), S_OK);
        assert_int_equal(probe.address, at);
        dml_vk_block_free(device, &probe);
    }
    struct dml_vk_block none;
    assert_int_equal(dml_vk_command_block(device, (VkCommandBuffer)(uintptr_t)0x1234, 64, &none),
                     E_INVALIDARG); /* not one of the library's pending command buffers */
    assert_null(none.host);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alignment_and_overlap), cmocka_unit_test(test_reuse),
        cmocka_unit_test(test_large_and_invalid),     cmocka_unit_test(test_threads),
        cmocka_unit_test(test_command_blocks),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
