#include "hash.h"

#include <string.h>

#define LANES 4
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

uint64_t dml_hash(const void *data, size_t size)
{
    const unsigned char *bytes = data;
    uint64_t lane[LANES], word, h = FNV_OFFSET;
    size_t i = 0;

    for (int l = 0; l < LANES; ++l)
        lane[l] = h + (uint64_t)l;
    for (; i + LANES * 8 <= size; i += LANES * 8)
        for (int l = 0; l < LANES; ++l)
        {
            memcpy(&word, bytes + i + 8 * l, 8);
            lane[l] = (lane[l] ^ word) * FNV_PRIME;
        }
    for (int l = 0; l < LANES; ++l)
        h = (h ^ lane[l]) * FNV_PRIME;
    for (; i < size; ++i)
        h = (h ^ bytes[i]) * FNV_PRIME;
    return (h ^ size) * FNV_PRIME;
}
