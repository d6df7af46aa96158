/* The parameter block of the generic kernels, listed once: glslang reads this list to declare
 * Params, Dim and Part (shaders/dmlops_common.glsl, std430), the C compiler to declare struct
 * dml_vk_params and its dims and parts (params.h, whose static assertions pin the offsets std430
 * gives them). Only macros, so that both preprocessors read it.
 *   F(kind, name): U32, I32, I64; U32X4 (a uvec4 in GLSL: 16-byte aligned); F32 (a float in C,
 *   its bits as a uint in GLSL: the shaders never load it as a float, which may flush
 *   subnormals); I64_RANK (an array of DMLOPS_MAX_RANK). */
#ifndef DMLOPS_VK_PARAMS_LAYOUT_H
#define DMLOPS_VK_PARAMS_LAYOUT_H

#include "../plan_constants.h"

/* Followed by dims[DMLOPS_MAX_RANK] and parts[]: the output parts, then the input parts. */
#define DMLOPS_PARAMS_FIELDS(F)                                                                    \
    F(U32, rank)                                                                                   \
    F(U32, part_axis)                                                                              \
    F(U32, part_count)                                                                             \
    F(U32, in_slot)                                                                                \
    F(U32, count)                                                                                  \
    F(U32, slot_count)                                                                             \
    F(U32, slot_mask)     /* bit s: the kernel reads or writes slot s (pushed slots only) */       \
    F(U32, in_part_count) /* input parts follow the part_count output parts */                     \
    F(I64, in_base)                                                                                \
    F(U32, in_part_axis)                                                                           \
    F(U32, reserved)                                                                               \
    F(U32X4, pad_value)                                                                            \
    F(U32, arith) /* enum plan_arith: scale_bias.comp only, where ELEM_BYTES gives the type */     \
    F(F32, scale)                                                                                  \
    F(F32, bias)                                                                                   \
    F(U32, cast_types) /* cast.comp: input type | output type << DMLOPS_CAST_OUT_SHIFT */

#define DMLOPS_PARAMS_DIM_FIELDS(F)                                                                \
    F(I64, in_stride)                                                                              \
    F(I64, pad_start) /* -b of the pre-map */                                                      \
    F(U32, size)                                                                                   \
    F(U32, map)                                                                                    \
    F(U32, in_size)                                                                                \
    F(I32, step) /* the pre-map's scale a of a padded dim, 0 read as 1 */

#define DMLOPS_PARAMS_PART_FIELDS(F)                                                               \
    F(I64, base)                                                                                   \
    F(I64_RANK, strides)                                                                           \
    F(U32, slot)                                                                                   \
    F(U32, axis_begin)

#endif
