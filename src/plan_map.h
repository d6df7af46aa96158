/* The padding maps of src/plan.h (constant, edge, reflect, symmetric, wrap, and DILATE), once for
 * C: the specialized kernels' tables (plan_spec.c) and the plan interpreter of the tests
 * (reference/plan_exec.c) read them here. The shaders' one copy is shaders/dmlops_map.glsl. */
#ifndef DMLOPS_PLAN_MAP_H
#define DMLOPS_PLAN_MAP_H

#include <stdint.h>

#include "plan.h"

/* x mod p, non-negative (p > 0). */
static inline int64_t plan_mod(int64_t x, int64_t p)
{
    int64_t m = x % p;
    return m < 0 ? m + p : m;
}

/* The period of a periodic map over an input of extent n (n > 0); 1 for the others. */
static inline int64_t plan_map_period(uint32_t map, int64_t n)
{
    switch (map)
    {
    case PLAN_MAP_REFLECT:
        return n > 1 ? 2 * (n - 1) : 1;
    case PLAN_MAP_SYMMETRIC:
        return 2 * n;
    case PLAN_MAP_WRAP:
        return n;
    default:
        return 1;
    }
}

/* A periodic map of x for an input of extent n > 0 (m: x mod the period p). */
static inline int64_t plan_map_fold(uint32_t map, int64_t x, int64_t n)
{
    int64_t p = plan_map_period(map, n), m = plan_mod(x, p);
    if (map == PLAN_MAP_REFLECT)
        return m < n ? m : p - m;
    if (map == PLAN_MAP_SYMMETRIC)
        return m < n ? m : p - 1 - m;
    return m; /* WRAP */
}

/* The input coordinate of x (already through the pre-map) for an input of extent n > 0: -1
 * selects the pad value (CONSTANT), -2 an unknown map. AFFINE returns x. */
static inline int64_t plan_map_apply(uint32_t map, int64_t x, int64_t n)
{
    switch (map)
    {
    case PLAN_MAP_AFFINE:
        return x;
    case PLAN_MAP_CONSTANT:
        return x < 0 || x >= n ? -1 : x;
    case PLAN_MAP_EDGE:
        return x < 0 ? 0 : x >= n ? n - 1 : x;
    case PLAN_MAP_REFLECT:
    case PLAN_MAP_SYMMETRIC:
    case PLAN_MAP_WRAP:
        return plan_map_fold(map, x, n);
    default:
        return -2;
    }
}

/* DILATE (SLICE_GRAD's strided window, src/plan.h): c - pad_start divided by the step when it
 * is a multiple of it inside the input, else -1 (the pad value). */
static inline int64_t plan_map_dilate(const struct plan_dim *dim, uint32_t c)
{
    int64_t at = (int64_t)c - dim->pad_start, a = plan_dim_step(dim);
    return at < 0 || at % a || at / a >= dim->in_size ? -1 : at / a;
}

/* Dimension dim's input coordinate for coordinate c: the pre-map, then the padding map. */
static inline int64_t plan_dim_map(const struct plan_dim *dim, uint32_t c)
{
    if (dim->map == PLAN_MAP_AFFINE)
        return c;
    if (dim->map == PLAN_MAP_DILATE)
        return plan_map_dilate(dim, c);
    return plan_map_apply(dim->map, plan_dim_step(dim) * (int64_t)c - dim->pad_start, dim->in_size);
}

#endif
