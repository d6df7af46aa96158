/* Placing a program's intermediates in the temporary resource (program_finish) looked at every
 * earlier intermediate for each one: quadratic in the graph's size (CompileGraph of a 64,000-node
 * chain without fusion: 14 s, of the 2^20 nodes a graph may have: about an hour). Issue 11 sweep,
 * class 2. Now only the intermediates alive with it are looked at. Checked: a chain of CHAIN
 * intermediates is placed within CHAIN_SECONDS, and on random programs every offset is the one the
 * first-fit rule gives (the old loop, kept here as the reference). Likewise the barriers
 * (place_waits): each step was checked against every tensor touched since the last barrier, so
 * PARALLEL independent steps took minutes; now a range query; the same waits as the old loop. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "program.h"

#define CHAIN 200000u
#define CHAIN_SECONDS 10.0 /* the quadratic loop took 162 s, this one 0.13 s (RelWithDebInfo) */
#define RANDOM_PROGRAMS 2000
#define PARALLEL 200000u

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* A step touching the given tensors (its plan is never run: only its slot count matters). */
static void add_step(struct program *program, const uint32_t *tensors, uint32_t count)
{
    struct program_slot slots[4];
    struct plan plan;

    memset(&plan, 0, sizeof(plan));
    plan.slot_count = count;
    for (uint32_t s = 0; s < count; ++s)
        slots[s] = (struct program_slot){tensors[s], s ? PROGRAM_WRITE : PROGRAM_READ};
    assert_int_equal(program_add_step(program, &plan, slots), S_OK);
}

static void test_chain_placed_in_linear_time(void **state)
{
    struct program program;
    uint32_t index, prev;
    double start;

    (void)state;
    program_init(&program);
    assert_int_equal(program_add_intermediate(&program, 1000, &prev), S_OK);
    for (uint32_t i = 1; i < CHAIN; ++i) /* step i reads intermediate i-1, writes i */
    {
        assert_int_equal(program_add_intermediate(&program, 1000 + (i % 7) * 300, &index), S_OK);
        add_step(&program, (uint32_t[]){prev, index}, 2);
        prev = index;
    }
    start = now();
    assert_int_equal(program_finish(&program), S_OK);
    double seconds = now() - start;
    print_message("%u intermediates in a chain placed in %.3f s, temporary %llu bytes\n", CHAIN,
                  seconds, (unsigned long long)program.temporary_size);
    assert_true(seconds < CHAIN_SECONDS);
    assert_true(program.temporary_size <= 2 * 4096); /* two alive at a time */
    program_cleanup(&program);
}

/* The reference: the first-fit loop program_finish used before, over the same lifetimes. */
static uint64_t aligned(uint64_t bytes)
{
    return (bytes + PROGRAM_ALIGNMENT - 1) & ~(uint64_t)(PROGRAM_ALIGNMENT - 1);
}

static bool placed_alive(const struct program_tensor *t, const struct program_tensor *o)
{
    return o->kind == PROGRAM_TENSOR_INTERMEDIATE && o->first_step != PROGRAM_NO_STEP &&
           o->first_step <= t->last_step && t->first_step <= o->last_step;
}

static uint64_t reference_offset(const struct program *program, uint32_t t)
{
    const struct program_tensor *tensor = &program->tensors[t];
    uint64_t offset = 0, size = aligned(tensor->bytes);
    bool moved = true;

    while (moved)
    {
        moved = false;
        for (uint32_t o = 0; o < t; ++o)
        {
            const struct program_tensor *other = &program->tensors[o];
            if (!placed_alive(tensor, other) || other->offset >= offset + size ||
                offset >= other->offset + aligned(other->bytes))
                continue;
            offset = other->offset + aligned(other->bytes);
            moved = true;
        }
    }
    return offset;
}

static void random_program(struct program *program, unsigned seed)
{
    uint32_t tensors = 2 + rand_r(&seed) % 80, steps = 1 + rand_r(&seed) % 80, index;

    program_init(program);
    for (uint32_t t = 0; t < tensors; ++t)
    {
        /* Sizes from 0 (an empty intermediate) to a few alignment units, some of them equal. */
        uint64_t bytes = rand_r(&seed) % 4 ? (uint64_t)(rand_r(&seed) % 1200) : 256;
        if (rand_r(&seed) % 8)
            assert_int_equal(program_add_intermediate(program, bytes, &index), S_OK);
        else
            assert_int_equal(program_add_input(program, 0, 0, 64, &index), S_OK);
    }
    for (uint32_t s = 0; s < steps; ++s)
    {
        uint32_t picked[4], count = 1 + rand_r(&seed) % 3;
        for (uint32_t i = 0; i < count; ++i)
            picked[i] = rand_r(&seed) % tensors;
        add_step(program, picked, count);
    }
}

static void test_random_programs_place_as_first_fit(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= RANDOM_PROGRAMS; ++seed)
    {
        struct program program;

        random_program(&program, seed);
        assert_int_equal(program_finish(&program), S_OK);
        for (uint32_t t = 0; t < program.tensor_count; ++t)
        {
            const struct program_tensor *tensor = &program.tensors[t];
            if (tensor->kind != PROGRAM_TENSOR_INTERMEDIATE ||
                tensor->first_step == PROGRAM_NO_STEP)
                continue;
            if (tensor->offset != reference_offset(&program, t))
                fail_msg("program %u, tensor %u: offset %llu, first fit gives %llu", seed, t,
                         (unsigned long long)tensor->offset,
                         (unsigned long long)reference_offset(&program, t));
        }
        program_cleanup(&program);
    }
}

/* PARALLEL steps, each from its own input binding to its own output binding: no barrier at all. */
static void test_parallel_steps_in_linear_time(void **state)
{
    struct program program;
    uint32_t in, out;
    double start;

    (void)state;
    program_init(&program);
    for (uint32_t i = 0; i < PARALLEL; ++i)
    {
        assert_int_equal(program_add_input(&program, i, 0, 64, &in), S_OK);
        assert_int_equal(program_add_output(&program, i, 0, 64, &out), S_OK);
        add_step(&program, (uint32_t[]){in, out}, 2);
    }
    start = now();
    assert_int_equal(program_finish(&program), S_OK);
    double seconds = now() - start;
    print_message("%u independent steps finished in %.3f s, %u waits\n", PARALLEL, seconds,
                  program_waits(&program, NULL, 0));
    assert_true(seconds < CHAIN_SECONDS);
    assert_int_equal(program_waits(&program, NULL, 0), 0);
    program_cleanup(&program);
}

/* The reference for waits: the old walk over everything touched since the last barrier. */
static bool reference_alias(const struct program_tensor *a, const struct program_tensor *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind || a->kind == PROGRAM_TENSOR_CONSTANT)
        return false;
    if ((a->kind == PROGRAM_TENSOR_INPUT || a->kind == PROGRAM_TENSOR_OUTPUT) &&
        a->binding != b->binding)
        return false;
    return a->offset < b->offset + b->bytes && b->offset < a->offset + a->bytes;
}

static void reference_waits(const struct program *program, bool *waits)
{
    uint8_t *bits = calloc(program->tensor_count + 1, 1);

    assert_non_null(bits);
    for (uint32_t s = 0; s < program->step_count; ++s)
    {
        const struct program_step *step = &program->steps[s];
        bool wait = false;

        for (uint32_t i = 0; i < step->plan.slot_count && !wait; ++i)
            for (uint32_t t = 0; t < program->tensor_count && !wait; ++t)
                wait =
                    bits[t] && (bits[t] & PROGRAM_WRITE || step->slots[i].access & PROGRAM_WRITE) &&
                    reference_alias(&program->tensors[step->slots[i].tensor], &program->tensors[t]);
        if (wait)
            memset(bits, 0, program->tensor_count);
        for (uint32_t i = 0; i < step->plan.slot_count; ++i)
            bits[step->slots[i].tensor] |= (uint8_t)step->slots[i].access;
        waits[s] = wait;
    }
    free(bits);
}

/* Tensors of every kind on few bindings with overlapping ranges; steps of random accesses (read
 * only for constants and owned tensors). */
static void random_memory_program(struct program *program, unsigned seed)
{
    uint32_t tensors = 2 + rand_r(&seed) % 30, steps = 1 + rand_r(&seed) % 60, index;
    uint8_t readonly[64] = {0};

    program_init(program);
    for (uint32_t t = 0; t < tensors; ++t)
    {
        uint32_t binding = rand_r(&seed) % 3, offset = 16 * (rand_r(&seed) % 8);
        uint64_t bytes = 16 * (rand_r(&seed) % 6);
        uint8_t c = 0;
        switch (rand_r(&seed) % 5)
        {
        case 0:
            assert_int_equal(program_add_input(program, binding, offset, bytes, &index), S_OK);
            break;
        case 1:
            assert_int_equal(program_add_output(program, binding, offset, bytes, &index), S_OK);
            break;
        case 2:
            assert_int_equal(program_add_owned(program, binding, bytes, &index), S_OK);
            readonly[t] = 1;
            break;
        case 3:
            assert_int_equal(program_add_constant(program, &c, 1, &index), S_OK);
            readonly[t] = 1;
            break;
        default:
            assert_int_equal(program_add_intermediate(program, bytes, &index), S_OK);
        }
    }
    for (uint32_t s = 0; s < steps; ++s)
    {
        struct program_slot slots[4];
        struct plan plan;
        uint32_t count = 1 + rand_r(&seed) % 4;

        memset(&plan, 0, sizeof(plan));
        plan.slot_count = count;
        for (uint32_t i = 0; i < count; ++i)
        {
            uint32_t t = rand_r(&seed) % tensors;
            slots[i] = (struct program_slot){t, readonly[t] ? PROGRAM_READ : 1 + rand_r(&seed) % 3};
        }
        assert_int_equal(program_add_step(program, &plan, slots), S_OK);
    }
}

static void test_random_programs_wait_as_before(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= RANDOM_PROGRAMS; ++seed)
    {
        struct program program;
        bool waits[64];

        random_memory_program(&program, seed);
        assert_int_equal(program_finish(&program), S_OK);
        reference_waits(&program, waits);
        for (uint32_t s = 0; s < program.step_count; ++s)
            if (program.steps[s].wait != waits[s])
                fail_msg("program %u, step %u: wait %d, the old walk gives %d", seed, s,
                         program.steps[s].wait, waits[s]);
        program_cleanup(&program);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_programs_place_as_first_fit),
        cmocka_unit_test(test_chain_placed_in_linear_time),
        cmocka_unit_test(test_random_programs_wait_as_before),
        cmocka_unit_test(test_parallel_steps_in_linear_time),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
