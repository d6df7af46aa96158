#version 450
/* PLAN_KERNEL_SCALE_BIAS: as GENERAL (the move kernel), each element through fma(x, scale, bias) (decision FD1, see
 * enum plan_arith in src/plan.h and dmlops_fma.glsl). Elements of 1 and 16 bytes have no
 * arithmetic: those variants move bits and declare no float64. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#if ELEM_BYTES == 2 || ELEM_BYTES == 4 || ELEM_BYTES == 8
#include "dmlops_fma.glsl"
#endif
/* Inline, not a function: 16-bit values may only be loaded, stored and converted. */
#if ELEM_BYTES == 2
#define ELEM_TRANSFORM(v)                                                                          \
    uint16_t(narrow16(fma32(widen16(uint(v)), PARAMS.scale, PARAMS.bias)))
#elif ELEM_BYTES == 4
#define ELEM_TRANSFORM(v) fma32(v, PARAMS.scale, PARAMS.bias)
#elif ELEM_BYTES == 8
#define ELEM_TRANSFORM(v) fma64(v, PARAMS.scale, PARAMS.bias)
#endif
#include "dmlops_move.glsl"
