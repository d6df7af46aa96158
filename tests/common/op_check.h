/* The random differential of one operator (the GPU part of tests/ops/<name>.c): the test builds a
 * desc and its inputs, op_check_expect computes the expected outputs with the C reference
 * (reference/); op_check_run validates and lowers the desc, runs the plan with plan_exec (no GPU)
 * and on the GPU, and compares every output byte with the expected ones. Slots: the inputs, then
 * the outputs (as lowering numbers them). */
#ifndef DMLOPS_TEST_OP_CHECK_H
#define DMLOPS_TEST_OP_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <DirectML.h>

#include "rng.h"
#include "vk/vk.h"

#define OP_CHECK_MAX_SLOTS 72

struct op_check_buffers
{
    uint32_t input_count, output_count;
    uint8_t *data[OP_CHECK_MAX_SLOTS]; /* inputs: contents; outputs: the expected bytes */
    uint64_t bytes[OP_CHECK_MAX_SLOTS];
};

/* Strides for a tensor of these sizes: packed (returns false: no strides), permuted, gapped, and
 * with broadcast (zero) strides when broadcast is set. Never aliasing without broadcast. */
bool op_check_strides(struct rng *rng, uint32_t rank, const uint32_t *sizes, bool broadcast,
                      uint32_t *strides);

/* Allocates slot s of `bytes` bytes: random contents for inputs, VK_TEST_POISON for outputs. */
void op_check_alloc(struct op_check_buffers *b, uint32_t s, uint64_t bytes, struct rng *rng);
void op_check_free(struct op_check_buffers *b);
/* The expected outputs: the poisoned output slots through the reference's run of desc. */
void op_check_expect(struct op_check_buffers *b, const DML_OPERATOR_DESC *desc);

/* dev NULL: plan_exec only. False with the reason in why. */
bool op_check_run(struct dml_vk_device *dev, const DML_OPERATOR_DESC *desc,
                  const struct op_check_buffers *b, uint32_t mode, char *why, size_t why_size);

/* The seeded random cases of one operator's differential. For seeds 1..count (DMLOPS_TEST_OP_CASES
 * overrides count), prepare builds the case (desc, slot counts, slots through op_check_alloc, index
 * values); the reference gives the expected outputs; the case runs through plan_exec and on the GPU
 * (op_check_run, mode seed % 3) and, when seed % api_period < api_runs, through the whole API as
 * an operator and a one-node graph. describe prints a failed case. */
struct op_check_cases
{
    const char *name;
    uint64_t count;
    uint32_t api_period, api_runs;
    void (*prepare)(uint64_t seed, struct rng *rng, struct op_check_buffers *b,
                    DML_OPERATOR_DESC *desc);
    void (*describe)(uint64_t seed, const char *why);
};

/* Runs them (DMLOPS_TEST_NO_GPU: plan_exec only) and prints "<name>: F of N cases failed";
 * returns F. */
int op_check_cases_run(const struct op_check_cases *cases);

#endif
