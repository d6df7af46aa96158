#version 450
/* PLAN_KERNEL_FILL: the generators (dmlops_fill.glsl), each pipeline reading its plan from its
 * parameter block. fill_spec.comp is the same with the plan in constants. */
#extension GL_GOOGLE_include_directive : require
#define KERNEL_WORKGROUP_SIZE DMLOPS_WIDE_WORKGROUP_SIZE
#include "dmlops_common.glsl"
#include "dmlops_fill.glsl"
