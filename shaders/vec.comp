#version 450
/* The specialized kernel (vec_kernel.glsl) for MODE_PARTS. Each mode's walk is a module of its
 * own (vec_rows.comp, vec_row_groups.comp), so that a shape's pipeline is built from the SPIR-V
 * of its walk alone: a driver parses, specializes and validates the whole module for every new
 * shape (on lavapipe, with the validation layers, a third less time per shape than one module of
 * every walk). */
#extension GL_GOOGLE_include_directive : require

#include "vec_kernel.glsl"

void main()
{
    uint g;
    if (vec_thread(g))
        walk_parts(g);
}
