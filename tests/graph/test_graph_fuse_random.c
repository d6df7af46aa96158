/* Fusion's random differential on the CPU (issue 14): graphs of 1- to 4-dimensional tensors of
 * 1, 2, 4 and 8-byte elements through SLICE1 (strided, reversed), PADDING1 (every mode, on
 * several dimensions, one after another), ELEMENT_WISE_IDENTITY (transposes, broadcasts, the
 * bytes read as another type), SPLIT, JOIN and CAST, with fan-out, unconnected and repeated
 * outputs; each compiled fused and unfused and run on the plan interpreter, every access
 * checked against its tensor: the outputs must be the same bytes. The GPU differential
 * (test_graph_random.c) covers 1-D graphs on a device; this one reaches every rule of fuse.h.
 * A second case fails every allocation of the fused build in turn (malloc, calloc and realloc
 * are wrapped at link time): the build gives E_OUTOFMEMORY, or S_OK with fewer fusions and the
 * same bytes; never a crash or a leak (ASan's stage checks).
 *   DMLOPS_TEST_SCALE=<p>  run p percent of the usual number of graphs */
#define COBJMACROS

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ft_gen.h"

#define F(state) ((struct gt_fixture *)*(state))
#define OOM_GRAPHS 60

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *ptr, size_t size);

static long countdown = -1; /* allocations left before the one that fails; -1: never fail */
static bool injected;

static bool fail_now(void)
{
    if (countdown < 0 || countdown-- > 0)
        return false;
    injected = true;
    return true;
}

void *__wrap_malloc(size_t size)
{
    return fail_now() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    return fail_now() ? NULL : __real_calloc(count, size);
}

void *__wrap_realloc(void *ptr, size_t size)
{
    return fail_now() ? NULL : __real_realloc(ptr, size);
}
#define GRAPHS 1500

static void test_random_graphs(void **state)
{
    const char *scale = getenv("DMLOPS_TEST_SCALE");
    uint32_t graphs = GRAPHS * (scale ? (uint32_t)atoi(scale) : 100) / 100, steps = 0, plain = 0;
    uint64_t temporary, fused_graphs = 0;
    struct ft_gen g = {.device = F(state)->device};

    for (uint32_t seed = 1; seed <= graphs; ++seed)
    {
        struct gt_graph desc;
        uint32_t got;

        ft_gen_graph(&g, seed, &desc);
        if (!g.node_count)
            continue;
        ft_compare(F(state)->dev, &desc, seed, &got, &temporary);
        steps += got;
        plain += g.node_count;
        fused_graphs += got < g.node_count;
        ft_gen_release(&g);
    }
    printf("graph_fuse_random: %u graphs, %u nodes ran as %u steps fused; %llu graphs with fewer "
           "steps than nodes\n",
           graphs, plain, steps, (unsigned long long)fused_graphs);
}

/* The fused build of g with allocation n failing: E_OUTOFMEMORY, or the unfused bytes. True
 * while some allocation was failed (a later n may reach more). */
static bool build_failing(struct dml_device *dev, struct gt_graph *g, long n, const uint8_t *want,
                          size_t want_size)
{
    struct dml_graph_ctx ctx = {DML_FEATURE_LEVEL_6_4, false, dev, DML_RULE_NONE};
    struct ft_built b;
    uint8_t *got;
    size_t size;
    HRESULT hr;

    memset(&b, 0, sizeof(b));
    assert_int_equal(dml_graph_validate(&ctx, gt_desc(g), 0, &b.graph), S_OK);
    assert_int_equal(dml_graph_plan_build(&b.graph, &b.plan), S_OK);
    program_init(&b.program);
    countdown = n;
    injected = false;
    hr = dml_graph_program_build_fused(&b.plan, true, &b.program, &b.layout, &b.info);
    countdown = -1;
    if (hr != S_OK)
        assert_int_equal(hr, E_OUTOFMEMORY);
    else
    {
        got = ft_run(&b.program, 7, &size);
        assert_int_equal(size, want_size);
        assert_memory_equal(got, want, size);
        free(got);
    }
    ft_release(&b);
    return injected;
}

static void test_out_of_memory(void **state)
{
    struct ft_gen g = {.device = F(state)->device};
    uint32_t graphs = 0;

    for (uint32_t seed = 1; graphs < OOM_GRAPHS; ++seed)
    {
        struct gt_graph desc;
        struct ft_built plain;
        uint8_t *want;
        size_t size;

        ft_gen_graph(&g, seed, &desc);
        if (g.node_count >= 4)
        {
            ++graphs;
            ft_build(F(state)->dev, &desc, false, &plain);
            want = ft_run(&plain.program, 7, &size);
            ft_release(&plain);
            for (long n = 0; build_failing(F(state)->dev, &desc, n, want, size); ++n)
                ;
            free(want);
        }
        ft_gen_release(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_random_graphs),
                                       cmocka_unit_test(test_out_of_memory)};

    return cmocka_run_group_tests(tests, gt_setup, gt_teardown);
}
