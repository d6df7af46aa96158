/* Fusion on a device (issue 14): every step of the fused programs of random graphs (ft_gen.h)
 * run on the GPU against the plan interpreter, byte for byte, so that the kernels are held to
 * the shapes fusion makes and lowering never does (padding with output parts, input parts with
 * padding, signed and scaled pre-maps, regrouped dimensions); the graphs' outputs, fused
 * against unfused, are test_graph_fuse_random's business. And the plan a debug device prints
 * for a compiled graph.
 *   DMLOPS_TEST_SCALE=<p>  run p percent of the usual number of graphs */
#define _POSIX_C_SOURCE 200809L /* setenv */
#define COBJMACROS

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "ft_gen.h"
#include "plan_exec.h"
#include "vk_test.h"

#define F(state) ((struct gt_fixture *)*(state))
#define GRAPHS 400

static struct dml_vk_device *device;

/* Every step of the program on the device, in the slot mode `mode`. */
static uint32_t check_steps(const struct program *program, enum vk_test_slots mode, uint32_t seed)
{
    uint32_t checked = 0;

    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct program_step *step = &program->steps[s];
        uint64_t bytes[VK_TEST_MAX_SLOTS];
        char why[256];

        assert_true(step->plan.slot_count <= VK_TEST_MAX_SLOTS);
        for (uint32_t i = 0; i < step->plan.slot_count; ++i)
            bytes[i] = program->tensors[step->slots[i].tensor].bytes;
        if (!vk_test_check(device, &step->plan, bytes, mode, why, sizeof(why)))
        {
            plan_describe(stderr, &step->plan);
            fail_msg("graph %u, step %u: %s", (unsigned)seed, (unsigned)s, why);
        }
        ++checked;
    }
    return checked;
}

static void test_fused_plans(void **state)
{
    const char *scale = getenv("DMLOPS_TEST_SCALE");
    uint32_t graphs = GRAPHS * (scale ? (uint32_t)atoi(scale) : 100) / 100, steps = 0;
    struct ft_gen g = {.device = F(state)->device};

    for (uint32_t seed = 1; seed <= graphs; ++seed)
    {
        struct gt_graph desc;
        struct ft_built fused;

        ft_gen_graph(&g, seed, &desc);
        if (g.node_count)
        {
            ft_build(F(state)->dev, &desc, true, &fused);
            steps += check_steps(&fused.program,
                                 seed % 2 ? VK_TEST_SLOTS_ADDRESSES : VK_TEST_SLOTS_PUSHED, seed);
            ft_release(&fused);
        }
        ft_gen_release(&g);
    }
    printf("graph_fuse_gpu: %u fused steps of %u graphs matched the interpreter\n", (unsigned)steps,
           (unsigned)graphs);
}

/* CompileGraph of g on a debug device prints every one of lines (graph_compile.c's dump). */
static void expect_dump(IDMLDevice1 *dml, struct gt_graph *g, const char *const *lines)
{
    FILE *stream = tmpfile();
    IDMLCompiledOperator *compiled = NULL;
    char text[4096];
    size_t got;

    assert_non_null(stream);
    dml_diag_set_stream(stream);
    assert_int_equal(IDMLDevice1_CompileGraph(dml, gt_desc(g), DML_EXECUTION_FLAG_NONE,
                                              &IID_IDMLCompiledOperator, (void **)&compiled),
                     S_OK);
    dml_diag_set_stream(NULL);
    IDMLCompiledOperator_Release(compiled);
    rewind(stream);
    got = fread(text, 1, sizeof(text) - 1, stream);
    text[got] = 0;
    fclose(stream);
    for (const char *const *line = lines; *line; ++line)
        if (!strstr(text, *line))
            fail_msg("no line \"%s\" in:\n%s", *line, text);
}

/* slice -> pad -> slice: with fusion one PAD step doing the work of the 3 nodes, without it 3
 * steps and two intermediates. */
static void test_dump(void **state)
{
    static const char *const fused[] = {
        "[DIRECTML INFO]: CompileGraph: 1 steps (fusion on, 3 before), temporary 0 bytes\n",
        "[DIRECTML INFO]: CompileGraph step 0: kernel PAD, rank 1, 4-byte elements, nodes "
        "2<-1<-0\n",
        NULL};
    static const char *const unfused[] = {
        "[DIRECTML INFO]: CompileGraph: 3 steps (fusion off, 3 before), temporary 512 bytes\n",
        "[DIRECTML INFO]: CompileGraph step 0: kernel COPY, rank 1, 8-byte elements, nodes 0\n",
        "[DIRECTML INFO]: CompileGraph step 1: kernel PAD, rank 1, 4-byte elements, nodes 1\n",
        "[DIRECTML INFO]: CompileGraph step 2: kernel COPY, rank 1, 4-byte elements, nodes 2\n",
        NULL};
    IDMLDevice *d = NULL;
    IDMLDevice1 *d1 = NULL;
    IDMLOperator *ops[3];
    struct gt_graph g;

    (void)state;
    assert_int_equal(
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_DEBUG, &IID_IDMLDevice, (void **)&d), S_OK);
    assert_int_equal(IDMLDevice_QueryInterface(d, &IID_IDMLDevice1, (void **)&d1), S_OK);
    ops[0] = gt_slice0(d, 8, 2, 4, 1);
    ops[1] = gt_pad(d, 4, 1, 1);
    ops[2] = gt_slice0(d, 6, 1, 4, 1);
    gt_init(&g, 1, 1);
    for (UINT i = 0; i < 3; ++i)
        gt_op(&g, ops[i], "n");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 1, 0, 2, 0);
    gt_out(&g, 2, 0, 0);
    expect_dump(d1, &g, fused);
    setenv("DMLOPS_FUSION", "0", 1);
    expect_dump(d1, &g, unfused);
    unsetenv("DMLOPS_FUSION");
    for (UINT i = 0; i < 3; ++i)
        IDMLOperator_Release(ops[i]);
    IDMLDevice1_Release(d1);
    IDMLDevice_Release(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fused_plans),
                                       cmocka_unit_test(test_dump)};

    int failed;

    device = vk_test_device();
    failed = cmocka_run_group_tests(tests, gt_setup, gt_teardown);
    dml_vk_device_destroy(device);
    return failed;
}
