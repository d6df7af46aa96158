#version 450
/* The specialized kernel (vec_kernel.glsl) for MODE_ROW_SPLIT and MODE_ROW_BLOCKS (see vec.comp). */
#extension GL_GOOGLE_include_directive : require

#include "vec_kernel.glsl"

void main()
{
    uint g;
    if (vec_thread(g))
        walk_rows(g);
}
