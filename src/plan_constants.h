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

/* enum plan_arith */
#define DMLOPS_ARITH_NONE 0u
#define DMLOPS_ARITH_FMA_F16 1u
#define DMLOPS_ARITH_FMA_F32 2u
#define DMLOPS_ARITH_FMA_F64 3u
#define DMLOPS_ARITH_CAST 4u

/* enum plan_index_mode */
#define DMLOPS_INDEX_NONE 0u
#define DMLOPS_INDEX_GATHER 1u
#define DMLOPS_INDEX_REVERSE 2u
#define DMLOPS_INDEX_ONE_HOT 3u
#define DMLOPS_INDEX_SCATTER_CLEAR 4u
#define DMLOPS_INDEX_SCATTER_CLAIM 5u
#define DMLOPS_INDEX_SCATTER_WRITE 6u

/* Byte offset of an indexed plan's index block in its parameter block: right after the one
 * output part (src/vk/params_index.h). */
#define DMLOPS_INDEX_PARAMS_OFFSET 416u

/* Threads per workgroup of the generic kernels and vec.comp (local_size_x). */
#define DMLOPS_WORKGROUP_SIZE 64u

/* Specialization constant id of SLOTS_MARK (shaders/dmlops_slots.glsl), past vec.comp's ids. */
#define DMLOPS_SPEC_ID_SLOTS_MARK 255

#endif
