#version 450
// Writes one word through a buffer device address, at an index the host chooses: the probe
// passes an index past the end of the VkBuffer (still inside its memory allocation).
#extension GL_EXT_buffer_reference : require

layout(local_size_x = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words
{
    uint word[];
};

layout(push_constant) uniform Push
{
    Words target;
    uint index;
} push;

void main()
{
    push.target.word[push.index] = 0xDEADBEEFu;
}
