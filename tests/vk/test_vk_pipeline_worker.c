/* Specialized pipelines built in the background (src/vk/pipeline_worker.c): a kernel records its
 * generic pipeline until the specialized one is built, then the specialized one, and a command
 * buffer keeps what it recorded (both exact); a build that fails leaves the kernel generic and is
 * tried again when the shape is asked for again; jobs whose kernels are all destroyed before they
 * start are never built; the table and queue stay bounded whatever the number of shapes; device
 * release finishes the build under way and drops the rest; DMLOPS_PIPELINES=sync builds inside
 * kernel creation, and an unknown value means the default.
 *
 * The device's VkAllocationCallbacks see which thread allocates: on the worker (by its name) they
 * can hold the build back until the test opens a gate, or fail it. */
#define _GNU_SOURCE /* pthread_getname_np, malloc_usable_size */
#include <malloc.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "vk/vk_private.h"
#include "vk_test.h"

#define ROW 40   /* elements of 4 bytes copied per row */
#define GAP 8    /* left unread after each row of the input */
#define SHAPES 300 /* more than DML_VK_MAX_SPECIALIZED */

/* What allocations on the worker thread do. */
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_opened = PTHREAD_COND_INITIALIZER;
static bool gate_closed, worker_fails;
static unsigned long worker_allocations;

static bool on_worker(void)
{
    char name[16] = "";
    pthread_getname_np(pthread_self(), name, sizeof(name));
    return !strcmp(name, DML_VK_WORKER_NAME);
}

/* NULL: fail this allocation. Blocks while the gate is closed. */
static bool worker_may_allocate(void)
{
    if (!on_worker())
        return true;
    pthread_mutex_lock(&gate_lock);
    ++worker_allocations;
    while (gate_closed)
        pthread_cond_wait(&gate_opened, &gate_lock);
    bool fails = worker_fails;
    pthread_mutex_unlock(&gate_lock);
    return !fails;
}

static void set_failing(bool fails)
{
    pthread_mutex_lock(&gate_lock);
    worker_fails = fails;
    worker_allocations = 0;
    pthread_mutex_unlock(&gate_lock);
}

static unsigned long allocations_on_worker(void)
{
    pthread_mutex_lock(&gate_lock);
    unsigned long n = worker_allocations;
    pthread_mutex_unlock(&gate_lock);
    return n;
}

static void set_gate(bool closed)
{
    pthread_mutex_lock(&gate_lock);
    gate_closed = closed;
    pthread_cond_broadcast(&gate_opened);
    pthread_mutex_unlock(&gate_lock);
}

static void *VKAPI_PTR allocate(void *user, size_t size, size_t alignment,
                                VkSystemAllocationScope scope)
{
    void *p = NULL;
    if (!worker_may_allocate())
        return NULL;
    return posix_memalign(&p, alignment < sizeof(void *) ? sizeof(void *) : alignment,
                          size ? size : 1)
               ? NULL
               : p;
}

static void *VKAPI_PTR reallocate(void *user, void *old, size_t size, size_t alignment,
                                  VkSystemAllocationScope scope)
{
    if (!old)
        return allocate(user, size, alignment, scope);
    if (!size)
        return free(old), NULL;
    void *p = allocate(user, size, alignment, scope);
    if (!p)
        return NULL;
    size_t was = malloc_usable_size(old);
    memcpy(p, old, was < size ? was : size);
    free(old);
    return p;
}

static void VKAPI_PTR release(void *user, void *p)
{
    free(p);
}

static const VkAllocationCallbacks callbacks = {NULL, allocate, reallocate, release, NULL, NULL};

static struct dml_vk_device *make_device(const char *mode)
{
    struct dml_vk_device *dev = NULL;
    setenv("DMLOPS_SPECIALIZE", "1", 1);
    if (mode)
        setenv("DMLOPS_PIPELINES", mode, 1);
    else
        unsetenv("DMLOPS_PIPELINES");
    HRESULT hr = dml_vk_device_create(NULL, &callbacks, &dev);
    if (hr == DXGI_ERROR_UNSUPPORTED)
        exit(VK_TEST_SKIP);
    assert_int_equal(hr, S_OK);
    return dev;
}

/* rows x ROW elements of 4 bytes from rows of ROW + GAP: a specialized shape per row count. */
struct copy
{
    struct plan plan;
    struct plan_part part;
};

static void make_copy(uint32_t rows, struct copy *c)
{
    c->part = (struct plan_part){.slot = 1, .strides = {ROW, 1}};
    c->plan = (struct plan){.kernel = PLAN_KERNEL_COPY,
                            .elem_bytes = 4,
                            .rank = 2,
                            .count = (uint64_t)rows * ROW,
                            .dims = {{.size = rows, .in_stride = ROW + GAP},
                                     {.size = ROW, .in_stride = 1}},
                            .part_count = 1,
                            .parts = &c->part,
                            .slot_count = 2};
}

/* Buffers for one copy of rows rows, the input filled and the output poisoned. */
struct buffers
{
    VkBuffer in, out;
    struct dml_vk_slot slots[2];
    uint64_t in_bytes, out_bytes;
};

static void make_buffers(struct dml_vk_device *dev, uint32_t rows, struct buffers *b)
{
    b->in_bytes = (uint64_t)rows * (ROW + GAP) * 4;
    b->out_bytes = (uint64_t)rows * ROW * 4;
    uint8_t *bytes = malloc(b->in_bytes);
    assert_non_null(bytes);
    for (uint64_t i = 0; i < b->in_bytes; ++i)
        bytes[i] = (uint8_t)(i * 13 + 5);
    assert_int_equal(dml_vk_buffer_create(dev, b->in_bytes, &b->in), S_OK);
    assert_int_equal(dml_vk_buffer_create(dev, b->out_bytes, &b->out), S_OK);
    assert_int_equal(dml_vk_buffer_upload(dev, b->in, 0, bytes, b->in_bytes), S_OK);
    free(bytes);
    b->slots[0] = dml_vk_buffer_slot(dev, b->in, 0);
    b->slots[1] = dml_vk_buffer_slot(dev, b->out, 0);
}

static void poison_output(struct dml_vk_device *dev, struct buffers *b)
{
    uint8_t *poison = malloc(b->out_bytes);
    assert_non_null(poison);
    memset(poison, VK_TEST_POISON, b->out_bytes);
    assert_int_equal(dml_vk_buffer_upload(dev, b->out, 0, poison, b->out_bytes), S_OK);
    free(poison);
}

/* The output is exactly the reference's copy. */
static void check_output(struct dml_vk_device *dev, const struct buffers *b, uint32_t rows)
{
    uint8_t *out = malloc(b->out_bytes);
    assert_non_null(out);
    assert_int_equal(dml_vk_buffer_download(dev, b->out, 0, out, b->out_bytes), S_OK);
    for (uint32_t r = 0; r < rows; ++r)
        for (uint32_t i = 0; i < ROW * 4; ++i)
        {
            uint64_t from = (uint64_t)r * (ROW + GAP) * 4 + i;
            if (out[(uint64_t)r * ROW * 4 + i] != (uint8_t)(from * 13 + 5))
                fail_msg("row %u byte %u wrong", r, i);
        }
    free(out);
}

static void destroy_buffers(struct dml_vk_device *dev, struct buffers *b)
{
    dml_vk_buffer_destroy(dev, b->in);
    dml_vk_buffer_destroy(dev, b->out);
}

static VkCommandBuffer record(struct dml_vk_device *dev, const struct dml_vk_kernel *k,
                              const struct buffers *b)
{
    VkCommandBuffer cmd;
    assert_int_equal(dml_vk_command_begin(dev, &cmd), S_OK);
    dml_vk_kernel_record(dev, k, cmd, b->slots, 0);
    return cmd;
}

static size_t specialized_entries(struct dml_vk_device *dev)
{
    pthread_mutex_lock(&dev->pipelines.lock);
    size_t n = dev->pipelines.specialized;
    pthread_mutex_unlock(&dev->pipelines.lock);
    return n;
}

/* Generic first, specialized once built; a command buffer recorded before keeps the generic
 * pipeline and runs exactly as well after the specialized one arrived. */
static void test_generic_until_built(void **state)
{
    struct dml_vk_device *dev = make_device(NULL);
    struct copy c;
    struct buffers b;
    struct dml_vk_kernel k;
    struct dml_vk_kernel_choice choice;
    make_copy(3, &c);
    make_buffers(dev, 3, &b);
    set_gate(true);
    assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &k), S_OK);
    assert_non_null(k.pending);
    assert_false(dml_vk_kernel_is_specialized(&k));
    dml_vk_kernel_choose(&k, &choice);
    assert_true(choice.pipeline == k.pipeline && choice.params == k.params.address);
    VkCommandBuffer early = record(dev, &k, &b);
    set_gate(false);
    dml_vk_kernel_wait(dev, &k);
    assert_true(dml_vk_kernel_is_specialized(&k));
    dml_vk_kernel_choose(&k, &choice);
    assert_true(choice.pipeline != k.pipeline && !choice.params);
    assert_memory_equal(choice.groups, k.pending_groups, sizeof(k.pending_groups));
    VkCommandBuffer late = record(dev, &k, &b);
    poison_output(dev, &b);
    assert_int_equal(dml_vk_command_submit_and_wait(dev, early), S_OK);
    check_output(dev, &b, 3);
    poison_output(dev, &b);
    assert_int_equal(dml_vk_command_submit_and_wait(dev, late), S_OK);
    check_output(dev, &b, 3);
    dml_vk_kernel_destroy(dev, &k);
    destroy_buffers(dev, &b);
    dml_vk_device_destroy(dev);
}

/* A build that runs out of host memory leaves the kernel generic (and exact); the shape asked
 * for again is queued again, and every kernel of it then records the specialized pipeline. */
static void test_failure_stays_generic(void **state)
{
    struct dml_vk_device *dev = make_device("background");
    struct copy c;
    struct buffers b;
    struct dml_vk_kernel first, second;
    make_copy(5, &c);
    make_buffers(dev, 5, &b);
    set_failing(true);
    assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &first), S_OK);
    dml_vk_kernel_wait(dev, &first);
    assert_true(allocations_on_worker() > 0);
    assert_false(dml_vk_kernel_is_specialized(&first));
    poison_output(dev, &b);
    assert_int_equal(dml_vk_command_submit_and_wait(dev, record(dev, &first, &b)), S_OK);
    check_output(dev, &b, 5);
    set_failing(false);
    assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &second), S_OK);
    assert_true(second.pending == first.pending);
    dml_vk_device_wait_pipelines(dev);
    assert_true(dml_vk_kernel_is_specialized(&first) && dml_vk_kernel_is_specialized(&second));
    poison_output(dev, &b);
    assert_int_equal(dml_vk_command_submit_and_wait(dev, record(dev, &first, &b)), S_OK);
    check_output(dev, &b, 5);
    dml_vk_kernel_destroy(dev, &first);
    dml_vk_kernel_destroy(dev, &second);
    destroy_buffers(dev, &b);
    dml_vk_device_destroy(dev);
}

/* SHAPES shapes while the worker is held on the first: the table stops at
 * DML_VK_MAX_SPECIALIZED (later shapes are generic, with nothing pending), and of the jobs whose
 * kernels are destroyed before they start, none is built. */
static void test_bounded_and_dropped(void **state)
{
    struct dml_vk_device *dev = make_device(NULL);
    static struct dml_vk_kernel k[SHAPES];
    set_gate(true);
    for (uint32_t i = 0; i < SHAPES; ++i)
    {
        struct copy c;
        make_copy(i + 1, &c);
        assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &k[i]), S_OK);
        assert_true((k[i].pending != NULL) == (i < DML_VK_MAX_SPECIALIZED));
    }
    assert_int_equal(specialized_entries(dev), DML_VK_MAX_SPECIALIZED);
    for (uint32_t i = 1; i < SHAPES; ++i)
        dml_vk_kernel_destroy(dev, &k[i]);
    set_gate(false);
    dml_vk_device_wait_pipelines(dev);
    assert_true(dml_vk_kernel_is_specialized(&k[0]));
    assert_int_equal(specialized_entries(dev), 1);
    /* The room is back: a new shape gets its own pipeline again. */
    struct copy c;
    make_copy(SHAPES + 1, &c);
    assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &k[1]), S_OK);
    assert_non_null(k[1].pending);
    dml_vk_kernel_destroy(dev, &k[1]);
    dml_vk_kernel_destroy(dev, &k[0]);
    dml_vk_device_destroy(dev);
}

static void *open_gate_later(void *arg)
{
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    set_gate(false);
    return NULL;
}

/* Device release while one pipeline is being built and others are queued: it waits for the one
 * under way and drops the others (nothing leaks: LeakSanitizer in CI). */
static void test_release_while_building(void **state)
{
    struct dml_vk_device *dev = make_device(NULL);
    struct dml_vk_kernel k[4];
    pthread_t opener;
    set_gate(true);
    set_failing(false);
    for (uint32_t i = 0; i < 4; ++i)
    {
        struct copy c;
        make_copy(7 + i, &c);
        assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &k[i]), S_OK);
    }
    while (!allocations_on_worker()) /* the first is under way */
        nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
    for (uint32_t i = 0; i < 4; ++i)
        dml_vk_kernel_destroy(dev, &k[i]);
    assert_int_equal(pthread_create(&opener, NULL, open_gate_later, NULL), 0);
    dml_vk_device_destroy(dev);
    pthread_join(opener, NULL);
}

/* sync: specialized inside kernel creation, nothing pending; an unknown value is the default. */
static void test_modes(void **state)
{
    struct copy c;
    struct dml_vk_kernel k;
    struct dml_vk_device *dev = make_device("sync");
    make_copy(11, &c);
    assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &k), S_OK);
    assert_null(k.pending);
    assert_true(dml_vk_kernel_is_specialized(&k));
    assert_int_equal(k.params.size, 0);
    dml_vk_kernel_destroy(dev, &k);
    dml_vk_device_destroy(dev);

    dev = make_device("SYNC; rm -rf /");
    set_gate(true);
    assert_int_equal(dml_vk_kernel_create(dev, &c.plan, &k), S_OK);
    assert_non_null(k.pending);
    assert_false(dml_vk_kernel_is_specialized(&k));
    set_gate(false);
    dml_vk_kernel_wait(dev, &k);
    assert_true(dml_vk_kernel_is_specialized(&k));
    dml_vk_kernel_destroy(dev, &k);
    dml_vk_device_destroy(dev);
}

static int setup(void **state)
{
    setenv("DMLOPS_PIPELINE_CACHE", "0", 1); /* every build a real one */
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generic_until_built),
        cmocka_unit_test(test_failure_stays_generic),
        cmocka_unit_test(test_bounded_and_dropped),
        cmocka_unit_test(test_release_while_building),
        cmocka_unit_test(test_modes),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
