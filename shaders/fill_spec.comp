#version 450
/* fill.comp's generators with the whole plan in specialization constants (MODE_FILL,
 * src/plan_spec.c), a module of its own as move_spec.comp is. */
#extension GL_GOOGLE_include_directive : require
#define PLAN_IN_CONSTANTS
#include "dmlops_common.glsl"
#include "dmlops_fill.glsl"
