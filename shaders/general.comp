#version 450
/* PLAN_KERNEL_GENERAL: the whole plan semantics (see dmlops_general.glsl and src/plan.h). */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#include "dmlops_general.glsl"
