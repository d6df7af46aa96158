/* The program without a GPU: tensors, lifetimes, offsets in the temporary resource, sizes, and
 * exactly which steps wait for earlier ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "program.h"

#define R PROGRAM_READ
#define W PROGRAM_WRITE

/* A step whose plan reads or writes the given tensors (the plan is opaque to the program). */
static HRESULT step(struct program *p, uint32_t count, const struct program_slot *slots)
{
    struct plan plan;

    memset(&plan, 0, sizeof(plan));
    plan.slot_count = count;
    return program_add_step(p, &plan, slots);
}

#define STEP(p, ...)                                                                               \
    assert_int_equal(                                                                              \
        step(p, sizeof((struct program_slot[]){__VA_ARGS__}) / sizeof(struct program_slot),        \
             (struct program_slot[]){__VA_ARGS__}),                                                \
        S_OK)

static void expect_waits(const struct program *p, uint32_t count, const uint32_t *expected)
{
    uint32_t got[16];

    assert_int_equal(program_waits(p, got, 16), count);
    for (uint32_t i = 0; i < count; ++i)
        assert_int_equal(got[i], expected[i]);
}

/* A compiled operator: one step, owned inputs packed at 256-byte boundaries, nothing temporary. */
static void test_one_step(void **state)
{
    struct program p;
    uint32_t in, owned0, owned1, out;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 64, &in), S_OK);
    assert_int_equal(program_add_owned(&p, 1, 100, &owned0), S_OK);
    assert_int_equal(program_add_owned(&p, 2, 256, &owned1), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, 64, &out), S_OK);
    STEP(&p, {in, R}, {owned0, R}, {owned1, R}, {out, W});
    assert_int_equal(program_finish(&p), S_OK);
    assert_int_equal(p.tensors[owned0].offset, 0);
    assert_int_equal(p.tensors[owned1].offset, 256);
    assert_int_equal(p.persistent_size, 512);
    assert_int_equal(p.temporary_size, 0);
    expect_waits(&p, 0, NULL);
    program_cleanup(&p);
}

/* in -> a -> b -> c -> out: each step reads what the one before wrote; a and c never live at the
 * same time, so they share offset 0; b, alive with both, sits after them. */
static void test_chain_reuses_offsets(void **state)
{
    struct program p;
    uint32_t in, a, b, c, out;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 1000, &in), S_OK);
    assert_int_equal(program_add_intermediate(&p, 1000, &a), S_OK);
    assert_int_equal(program_add_intermediate(&p, 300, &b), S_OK);
    assert_int_equal(program_add_intermediate(&p, 1000, &c), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, 1000, &out), S_OK);
    STEP(&p, {in, R}, {a, W});
    STEP(&p, {a, R}, {b, W});
    STEP(&p, {b, R}, {c, W});
    STEP(&p, {c, R}, {out, W});
    assert_int_equal(program_finish(&p), S_OK);
    assert_int_equal(p.tensors[a].offset, 0);
    assert_int_equal(p.tensors[b].offset, 1024);
    assert_int_equal(p.tensors[c].offset, 0);
    assert_int_equal(p.tensors[a].first_step, 0);
    assert_int_equal(p.tensors[a].last_step, 1);
    assert_int_equal(p.temporary_size, 1024 + 512);
    expect_waits(&p, 3, (const uint32_t[]){1, 2, 3});
    program_cleanup(&p);
}

/* Steps that read one input and write different outputs run together: no wait at all. */
static void test_independent_steps(void **state)
{
    struct program p;
    uint32_t in, out0, out1, part;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 64, &in), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, 64, &out0), S_OK);
    assert_int_equal(program_add_output(&p, 1, 0, 64, &out1), S_OK);
    assert_int_equal(program_add_output(&p, 0, 64, 64, &part), S_OK); /* same binding, after out0 */
    STEP(&p, {in, R}, {out0, W});
    STEP(&p, {in, R}, {out1, W});
    STEP(&p, {in, R}, {part, W});
    assert_int_equal(program_finish(&p), S_OK);
    expect_waits(&p, 0, NULL);
    program_cleanup(&p);
}

/* Writing what an earlier step wrote (same binding, overlapping bytes) waits for it. */
static void test_overlapping_writes_wait(void **state)
{
    struct program p;
    uint32_t in, whole, half;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 64, &in), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, 128, &whole), S_OK);
    assert_int_equal(program_add_output(&p, 0, 64, 64, &half), S_OK);
    STEP(&p, {in, R}, {whole, W});
    STEP(&p, {in, R}, {half, W});
    assert_int_equal(program_finish(&p), S_OK);
    expect_waits(&p, 1, (const uint32_t[]){1});
    program_cleanup(&p);
}

/* x (steps 0-1) and y (steps 2-3) share offset 0: step 2 writes what step 1 still reads, so it
 * waits (write after read) although it reads nothing written before; step 3 waits for step 2. A
 * barrier forgets what came before it: step 4 reads x's old writer's input only. */
static void test_reuse_waits_for_readers(void **state)
{
    struct program p;
    uint32_t in, x, y, out0, out1, out2;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 256, &in), S_OK);
    assert_int_equal(program_add_intermediate(&p, 256, &x), S_OK);
    assert_int_equal(program_add_intermediate(&p, 256, &y), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, 256, &out0), S_OK);
    assert_int_equal(program_add_output(&p, 1, 0, 256, &out1), S_OK);
    assert_int_equal(program_add_output(&p, 2, 0, 256, &out2), S_OK);
    STEP(&p, {in, R}, {x, W});
    STEP(&p, {x, R}, {out0, W});
    STEP(&p, {in, R}, {y, W});
    STEP(&p, {y, R}, {out1, W});
    STEP(&p, {in, R}, {out2, W});
    assert_int_equal(program_finish(&p), S_OK);
    assert_int_equal(p.tensors[x].offset, p.tensors[y].offset);
    assert_int_equal(p.temporary_size, 256);
    expect_waits(&p, 3, (const uint32_t[]){1, 2, 3});
    program_cleanup(&p);
}

/* Constants: the program keeps its own copy; owned and constant tensors are never written. */
static void test_constants_and_read_only(void **state)
{
    struct program p;
    uint32_t in, owned, constant, out;
    unsigned char bytes[3] = {1, 2, 3};

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 3, &in), S_OK);
    assert_int_equal(program_add_owned(&p, 1, 3, &owned), S_OK);
    assert_int_equal(program_add_constant(&p, bytes, 3, &constant), S_OK);
    assert_int_equal(program_add_output(&p, 0, 0, 3, &out), S_OK);
    bytes[0] = 9;
    assert_int_equal(((unsigned char *)p.tensors[constant].data)[0], 1);
    assert_int_equal(step(&p, 2, (const struct program_slot[]){{in, R}, {constant, W}}),
                     E_INVALIDARG);
    assert_int_equal(step(&p, 2, (const struct program_slot[]){{in, R}, {owned, W}}), E_INVALIDARG);
    assert_int_equal(step(&p, 2, (const struct program_slot[]){{in, R}, {99, W}}), E_INVALIDARG);
    assert_int_equal(step(&p, 2, (const struct program_slot[]){{in, 0}, {out, W}}), E_INVALIDARG);
    assert_int_equal(p.step_count, 0);
    STEP(&p, {constant, R}, {out, W});
    assert_int_equal(program_finish(&p), S_OK);
    program_cleanup(&p);
}

/* Sizes that overflow 64 bits are refused, never wrapped. */
static void test_overflow(void **state)
{
    struct program p;
    uint32_t t, a, b;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, UINT64_MAX, 2, &t), E_INVALIDARG);
    assert_int_equal(program_add_owned(&p, 0, UINT64_MAX - 10, &t), E_INVALIDARG);
    assert_int_equal(program_add_intermediate(&p, UINT64_MAX, &t), E_INVALIDARG);
    assert_int_equal(program_add_intermediate(&p, UINT64_MAX / 2 + 1, &a), S_OK);
    assert_int_equal(program_add_intermediate(&p, UINT64_MAX / 2 + 1, &b), S_OK);
    STEP(&p, {a, W}, {b, W});
    assert_int_equal(program_finish(&p), E_INVALIDARG);
    program_cleanup(&p);
}

/* Many steps and tensors: a graph builder's scale. */
static void test_many_steps(void **state)
{
    struct program p;
    uint32_t prev, next;

    (void)state;
    program_init(&p);
    assert_int_equal(program_add_input(&p, 0, 0, 64, &prev), S_OK);
    for (uint32_t s = 0; s < 1000; ++s)
    {
        assert_int_equal(program_add_intermediate(&p, 64, &next), S_OK);
        STEP(&p, {prev, R}, {next, W});
        prev = next;
    }
    assert_int_equal(program_finish(&p), S_OK);
    assert_int_equal(program_waits(&p, NULL, 0), 999);
    assert_int_equal(p.temporary_size, 512); /* two alive at once, 256 bytes each */
    program_cleanup(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_step),
        cmocka_unit_test(test_chain_reuses_offsets),
        cmocka_unit_test(test_independent_steps),
        cmocka_unit_test(test_overlapping_writes_wait),
        cmocka_unit_test(test_reuse_waits_for_readers),
        cmocka_unit_test(test_constants_and_read_only),
        cmocka_unit_test(test_overflow),
        cmocka_unit_test(test_many_steps),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
