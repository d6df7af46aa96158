#version 450
/* The benchmark's empty dispatch: what a tiny operator's GPU time is compared with. */
layout(local_size_x = 64) in;

void main()
{
}
