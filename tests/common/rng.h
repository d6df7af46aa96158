/* A small seeded generator for tests (splitmix64): the same seed gives the same sequence on
 * every platform, so a failing case is reproduced from its seed alone. */
#ifndef DMLOPS_TEST_RNG_H
#define DMLOPS_TEST_RNG_H

#include <stdint.h>

struct rng
{
    uint64_t state;
};

static inline struct rng rng_seeded(uint64_t seed)
{
    struct rng rng = {seed};
    return rng;
}

static inline uint64_t rng_next(struct rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in [0, n) (n >= 1; the tiny modulo bias does not matter for tests). */
static inline uint32_t rng_below(struct rng *rng, uint32_t n)
{
    return (uint32_t)(rng_next(rng) % n);
}

/* Uniform in [lo, hi]. */
static inline uint32_t rng_range(struct rng *rng, uint32_t lo, uint32_t hi)
{
    return lo + rng_below(rng, hi - lo + 1);
}

/* True with probability percent / 100. */
static inline int rng_chance(struct rng *rng, uint32_t percent)
{
    return rng_below(rng, 100) < percent;
}

#endif
