#version 450
/* The plans of PLAN_KERNEL_COPY, SPLIT, PAD and GENERAL: one module, the whole plan semantics
 * (dmlops_move.glsl, src/plan.h). A generic pipeline, told by MOVE_FORM what its plans leave
 * out, reads each plan from its parameter block; a MODE_MOVE pipeline has its plan in
 * constants (vec_spec.glsl, src/plan_spec.c). */
#extension GL_GOOGLE_include_directive : require
#define PLAN_IN_CONSTANTS
#include "dmlops_common.glsl"
#include "dmlops_move.glsl"
