/* The pipeline cache across processes (src/vk/pipeline_cache.c): a device writes its cache file
 * when it is destroyed, the next one starts from it, and a corrupt, truncated or foreign file is
 * ignored (the kernels still run and the file is written again). Specialization is forced so
 * that every new shape builds a pipeline. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "vk_test.h"

static char cache_home[64];
static char cache_file[512];

/* Copies 2 x 40 elements of 4 bytes from a gapped input (rows of 48): one specialized shape. */
static void run_copy(void)
{
    static const uint64_t sizes[2] = {2 * 48 * 4, 2 * 40 * 4};
    uint8_t in[2 * 48 * 4], out[2 * 40 * 4], expected[2 * 40 * 4];
    for (size_t i = 0; i < sizeof(in); ++i)
        in[i] = (uint8_t)(i * 7 + 3);
    memset(out, VK_TEST_POISON, sizeof(out));
    struct plan_part part = {.slot = 1, .strides = {40, 1}};
    struct plan plan = {.kernel = PLAN_KERNEL_COPY,
                        .elem_bytes = 4,
                        .rank = 2,
                        .count = 80,
                        .dims = {{.size = 2, .in_stride = 48}, {.size = 40, .in_stride = 1}},
                        .part_count = 1,
                        .parts = &part,
                        .slot_count = 2};
    uint8_t *ref[2] = {in, expected};
    memcpy(expected, out, sizeof(out));
    vk_test_reference(&plan, ref);
    struct dml_vk_device *dev = vk_test_device();
    uint8_t *slots[2] = {in, out};
    assert_int_equal(vk_test_run(dev, &plan, sizes, slots, VK_TEST_SLOTS_PUSHED), S_OK);
    dml_vk_device_destroy(dev); /* writes the cache file */
    assert_memory_equal(out, expected, sizeof(out));
}

/* The one cache file under cache_home/dmlops, into cache_file; its size. */
static long find_cache_file(void)
{
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/dmlops", cache_home);
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *entry;
    cache_file[0] = 0;
    while ((entry = readdir(d)))
    {
        if (!strncmp(entry->d_name, "pipelines-", 10))
            snprintf(cache_file, sizeof(cache_file), "%s/%s", dir, entry->d_name);
    }
    closedir(d);
    assert_true(cache_file[0]);
    FILE *f = fopen(cache_file, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    return size;
}

static void overwrite(const char *bytes, size_t size, long at)
{
    FILE *f = fopen(cache_file, "r+b");
    assert_non_null(f);
    fseek(f, at, SEEK_SET);
    assert_int_equal(fwrite(bytes, 1, size, f), size);
    fclose(f);
}

static void test_written_then_reused(void **state)
{
    run_copy();
    long size = find_cache_file();
    assert_true(size >= 16 + 32); /* our header, then at least the driver's (lavapipe: no more) */
    run_copy();
    assert_true(find_cache_file() >= size);
}

static void test_corrupt_data_ignored(void **state)
{
    run_copy();
    long size = find_cache_file();
    overwrite("garbage!", 8, size / 2);
    run_copy();
    char magic[8];
    FILE *f = fopen(cache_file, "rb");
    assert_int_equal(fread(magic, 1, 8, f), 8);
    fclose(f);
    assert_memory_equal(magic, "DMLOPSPC", 8); /* written again whole */
}

static void test_truncated_and_foreign_ignored(void **state)
{
    run_copy();
    find_cache_file();
    assert_int_equal(truncate(cache_file, 20), 0);
    run_copy();
    find_cache_file();
    overwrite("\x20\0\0\0\x01\0\0\0\xff\xff\0\0", 12, 16); /* another vendor's header */
    run_copy();
}

static int setup(void **state)
{
    snprintf(cache_home, sizeof(cache_home), "/tmp/dmlops-cache-XXXXXX");
    if (!mkdtemp(cache_home))
        return -1;
    setenv("XDG_CACHE_HOME", cache_home, 1);
    setenv("DMLOPS_SPECIALIZE", "1", 1);
    setenv("DMLOPS_PIPELINES", "sync", 1); /* built before the device writes the file */
    unsetenv("DMLOPS_PIPELINE_CACHE");
    return 0;
}

static int teardown(void **state)
{
    char command[128];
    snprintf(command, sizeof(command), "rm -rf '%s'", cache_home);
    return system(command) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_written_then_reused),
        cmocka_unit_test(test_corrupt_data_ignored),
        cmocka_unit_test(test_truncated_and_foreign_ignored),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
