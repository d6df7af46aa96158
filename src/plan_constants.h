/* The plan's constants that C (src/plan.h, src/vk) and GLSL (shaders/) share, in one place:
 * only #defines with literals both languages read (the shaders include this file). */
#ifndef DMLOPS_PLAN_CONSTANTS_H
#define DMLOPS_PLAN_CONSTANTS_H

#define DMLOPS_MAX_RANK 8

/* enum plan_map */
#define DMLOPS_MAP_AFFINE 0u
#define DMLOPS_MAP_CONSTANT 1u
#define DMLOPS_MAP_EDGE 2u
#define DMLOPS_MAP_REFLECT 3u
#define DMLOPS_MAP_SYMMETRIC 4u
#define DMLOPS_MAP_WRAP 5u
#define DMLOPS_MAP_DILATE 6u

/* enum plan_arith */
#define DMLOPS_ARITH_NONE 0u
#define DMLOPS_ARITH_FMA_F16 1u
#define DMLOPS_ARITH_FMA_F32 2u
#define DMLOPS_ARITH_FMA_F64 3u
#define DMLOPS_ARITH_CAST 4u

/* enum plan_fill_kind */
#define DMLOPS_FILL_NONE 0u
#define DMLOPS_FILL_CONSTANT 1u
#define DMLOPS_FILL_SEQ_INT 2u
#define DMLOPS_FILL_SEQ_F16 3u
#define DMLOPS_FILL_SEQ_F32 4u
#define DMLOPS_FILL_BAND 5u

/* The parameter block's layout where a kernel finds a record after the parts (FILL plans):
 * offsetof(struct dml_vk_params, parts) and sizeof(struct dml_vk_params_part) (src/vk/params.c
 * checks both). */
#define DMLOPS_PARAMS_PARTS_OFFSET 336u
#define DMLOPS_PARAMS_PART_BYTES 80u

/* Threads per workgroup of the generic kernels and vec.comp (local_size_x). */
#define DMLOPS_WORKGROUP_SIZE 64u

/* Specialization constant id of SLOTS_MARK (shaders/dmlops_slots.glsl), past vec.comp's ids. */
#define DMLOPS_SPEC_ID_SLOTS_MARK 255

#endif
