#version 450
/* The benchmark's write-only ceiling (dmlops bench): the plainest 16-byte-per-thread store of a
 * constant, nothing read, against which the generators (fills, DIAGONAL_MATRIX) are measured. */
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x_id = 0) in; /* 64 or 256: the bench keeps the faster */

layout(buffer_reference, std430, buffer_reference_align = 16) buffer Vectors
{
    uvec4 v[];
};

layout(push_constant) uniform Push
{
    uint64_t src; /* unused: bench_ceiling.comp's push constants */
    uint64_t dst;
    uint count; /* uvec4s */
}
pc;

void main()
{
    uint index = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * gl_WorkGroupSize.x +
                 gl_LocalInvocationID.x;
    if (index < pc.count)
        Vectors(pc.dst).v[index] = uvec4(0x01020304u);
}
