/* Reading the fuzz input, and the selectors that turn a default value (one that keeps the desc
 * valid) into an edge value, a small step away from it, or raw bytes. Past the end of the input
 * every byte reads as 0. */
#ifndef DMLOPS_FUZZ_BYTES_H
#define DMLOPS_FUZZ_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* Selector bytes of fb_u32 / fb_u64. */
#define FB_KEEP 0x00  /* 0x00..0xBF: the default */
#define FB_EDGE 0xC0  /* 0xC0..0xEF: edge table entry (selector - FB_EDGE) */
#define FB_PLUS 0xF0  /* 0xF0..0xF6: default + 1..7 */
#define FB_MINUS 0xF7 /* 0xF7..0xFD: default - 1..7 */
#define FB_RAW 0xFE   /* 0xFE, 0xFF: the next 4 (fb_u32) or 8 (fb_u64) bytes, little-endian */
#define FB_EDGE_COUNT (FB_PLUS - FB_EDGE)
#define FB_STEP_COUNT 7

struct fuzz_bytes
{
    const uint8_t *data;
    size_t size, pos;
};

void fb_init(struct fuzz_bytes *fb, const uint8_t *data, size_t size);
/* One byte (0 past the end). */
uint8_t fb_u8(struct fuzz_bytes *fb);
/* Whether selector is followed by raw bytes. */
#define FB_HAS_RAW(selector) ((selector) >= FB_RAW)
/* The value selector makes of fallback (raw: the bytes that followed it). */
uint32_t fb_apply32(uint8_t selector, uint32_t raw, uint32_t fallback);
uint64_t fb_apply64(uint8_t selector, uint64_t raw, uint64_t fallback);
/* Raw little-endian bytes, no selector. */
uint32_t fb_raw32(struct fuzz_bytes *fb);
uint64_t fb_raw64(struct fuzz_bytes *fb);

#endif
