#include "fuzz_bytes.h"

/* Sizes, strides, offsets and paddings where arithmetic breaks: around powers of two, 2^31 and
 * 2^32, 2^32 divided by an element size, square and cube roots of 2^32 and 2^64 (products of
 * 2 or 3 dimensions that wrap). */
static const uint32_t edge_u32[FB_EDGE_COUNT] = {
    0,          1,          2,          3,          4,          5,          7,          8,
    9,          15,         16,         17,         31,         32,         63,         64,
    255,        256,        4095,       4096,       65535,      65536,      65537,      1625,
    1626,       46340,      46341,      2642245,    0x0FFFFFFF, 0x10000000, 0x1FFFFFFF, 0x20000000,
    0x3FFFFFFF, 0x40000000, 0x40000001, 0x55555555, 0x55555556, 0x7FFFFFFE, 0x7FFFFFFF, 0x80000000,
    0x80000001, 0xAAAAAAAB, 0xC0000000, 0xFFFFFFF0, 0xFFFFFFFC, 0xFFFFFFFD, 0xFFFFFFFE, 0xFFFFFFFF,
};

/* Byte sizes: around 2^32, 2^63, 2^64, the harness's execution cap (16 MiB) and 4-byte rounding. */
static const uint64_t edge_u64[FB_EDGE_COUNT] = {
    0,
    1,
    2,
    3,
    4,
    5,
    8,
    15,
    16,
    17,
    64,
    256,
    4096,
    (16u << 20) - 4,
    16u << 20,
    (16u << 20) + 4,
    0x7FFFFFFFull,
    0x80000000ull,
    0xFFFFFFFCull,
    0xFFFFFFFFull,
    0x100000000ull,
    0x100000001ull,
    0x100000004ull,
    0x3FFFFFFFCull,
    0x400000000ull,
    0x7FFFFFFFFull,
    0x800000000ull,
    0xFFFFFFFFFull,
    0x1000000000ull,
    0x00FFFFFFFFFFFFFFull,
    0x0FFFFFFFFFFFFFFFull,
    0x1000000000000000ull,
    0x1FFFFFFFFFFFFFFFull,
    0x2000000000000000ull,
    0x3FFFFFFFFFFFFFFFull,
    0x4000000000000000ull,
    0x7FFFFFFFFFFFFFF8ull,
    0x7FFFFFFFFFFFFFFFull,
    0x8000000000000000ull,
    0x8000000000000001ull,
    0xAAAAAAAAAAAAAAABull,
    0xFFFFFFFF00000000ull,
    0xFFFFFFFFFFFFFFF0ull,
    0xFFFFFFFFFFFFFFF8ull,
    0xFFFFFFFFFFFFFFFCull,
    0xFFFFFFFFFFFFFFFDull,
    0xFFFFFFFFFFFFFFFEull,
    0xFFFFFFFFFFFFFFFFull,
};

void fb_init(struct fuzz_bytes *fb, const uint8_t *data, size_t size)
{
    fb->data = data;
    fb->size = size;
    fb->pos = 0;
}

uint8_t fb_u8(struct fuzz_bytes *fb)
{
    return fb->pos < fb->size ? fb->data[fb->pos++] : 0;
}

uint32_t fb_raw32(struct fuzz_bytes *fb)
{
    uint32_t value = 0;

    for (unsigned i = 0; i < 4; ++i)
        value |= (uint32_t)fb_u8(fb) << (8 * i);
    return value;
}

uint64_t fb_raw64(struct fuzz_bytes *fb)
{
    uint64_t low = fb_raw32(fb);

    return low | (uint64_t)fb_raw32(fb) << 32;
}

/* Unsigned wrap-around is intended: default - 1 of 0 is the largest value. */
uint32_t fb_apply32(uint8_t selector, uint32_t raw, uint32_t fallback)
{
    if (selector < FB_EDGE)
        return fallback;
    if (selector < FB_PLUS)
        return edge_u32[selector - FB_EDGE];
    if (selector < FB_MINUS)
        return fallback + (uint32_t)(selector - FB_PLUS + 1);
    if (selector < FB_RAW)
        return fallback - (uint32_t)(selector - FB_MINUS + 1);
    return raw;
}

uint64_t fb_apply64(uint8_t selector, uint64_t raw, uint64_t fallback)
{
    if (selector < FB_EDGE)
        return fallback;
    if (selector < FB_PLUS)
        return edge_u64[selector - FB_EDGE];
    if (selector < FB_MINUS)
        return fallback + (uint64_t)(selector - FB_PLUS + 1);
    if (selector < FB_RAW)
        return fallback - (uint64_t)(selector - FB_MINUS + 1);
    return raw;
}
