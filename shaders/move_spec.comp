#version 450
/* move.comp's walk with the whole plan in specialization constants (MODE_MOVE, src/plan_spec.c),
 * as a module of its own: the constants and their accessors made the module five times larger,
 * and every process parses the generic one at its first compile (lavapipe's fault-injection
 * tests, a child process per fault, ran three times as long with one module for both). */
#extension GL_GOOGLE_include_directive : require
#define PLAN_IN_CONSTANTS
#include "dmlops_common.glsl"
#include "dmlops_move.glsl"
