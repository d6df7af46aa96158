#version 450
/* The plans of PLAN_KERNEL_COPY, SPLIT, PAD and GENERAL: one module, the whole plan semantics
 * (dmlops_move.glsl, src/plan.h), each pipeline reading its plan from its parameter block and
 * told by MOVE_FORM what those plans leave out. move_spec.comp is the same walk with the plan
 * in constants. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#include "dmlops_move.glsl"
