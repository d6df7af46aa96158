#version 450
/* The plans of PLAN_KERNEL_COPY, SPLIT, PAD and GENERAL: one module, the whole plan semantics
 * (dmlops_move.glsl, src/plan.h), each pipeline told by MOVE_FORM what its plans leave out. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#include "dmlops_move.glsl"
