/* The header and the patch records of a fuzz input, and the lookup of patched fields. */
#include "fuzz_decode_internal.h"

#include <string.h>

#include "fuzz_bytes.h"

#define LEVEL_(major, minor) [FUZZ_LEVEL_##major##_##minor] = DML_FEATURE_LEVEL_##major##_##minor
static const DML_FEATURE_LEVEL levels[FUZZ_LEVEL_COUNT] = {
    [FUZZ_LEVEL_NONE] = 0, LEVEL_(1, 0), LEVEL_(2, 0), LEVEL_(2, 1), LEVEL_(3, 0), LEVEL_(3, 1),
    LEVEL_(4, 0),          LEVEL_(4, 1), LEVEL_(5, 0), LEVEL_(5, 1), LEVEL_(5, 2), LEVEL_(6, 0),
    LEVEL_(6, 1),          LEVEL_(6, 2), LEVEL_(6, 3), LEVEL_(6, 4),
};
#undef LEVEL_

static void read_patches(struct fuzz_decoder *d, struct fuzz_bytes *fb)
{
    while (fb->pos < fb->size && d->patch_count < FUZZ_MAX_PATCHES)
    {
        struct fuzz_patch *patch = &d->patches[d->patch_count++];

        patch->field = fb_u8(fb);
        patch->tensor = fb_u8(fb);
        patch->index = fb_u8(fb);
        patch->selector = fb_u8(fb);
        patch->raw = 0;
        if (FB_HAS_RAW(patch->selector))
            patch->raw = fuzz_field_is_64bit(patch->field) ? fb_raw64(fb) : fb_raw32(fb);
    }
}

static const struct fuzz_patch *find_patch(const struct fuzz_decoder *d, enum fuzz_field field,
                                           uint32_t tensor, uint32_t index)
{
    for (uint32_t i = d->patch_count; i-- > 0;)
    {
        const struct fuzz_patch *patch = &d->patches[i];
        if (patch->field == field && patch->tensor == tensor && patch->index == index)
            return patch;
    }
    return NULL;
}

uint32_t fd_u32(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint32_t index,
                uint32_t fallback)
{
    const struct fuzz_patch *patch = find_patch(d, field, tensor, index);

    return patch ? fb_apply32(patch->selector, (uint32_t)patch->raw, fallback) : fallback;
}

uint64_t fd_u64(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint32_t index,
                uint64_t fallback)
{
    const struct fuzz_patch *patch = find_patch(d, field, tensor, index);

    return patch ? fb_apply64(patch->selector, patch->raw, fallback) : fallback;
}

bool fd_present(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint32_t index)
{
    return fd_u32(d, field, tensor, index, 1) != 0;
}

void *fd_alloc(struct fuzz_decoder *d, uint64_t count, size_t elem_size)
{
    void *array = fa_array(d->arena, count, elem_size);

    if (!array)
        d->failed = true;
    return array;
}

UINT *fd_array(struct fuzz_decoder *d, enum fuzz_field field, uint32_t tensor, uint64_t count,
               const uint32_t *defaults, uint32_t known)
{
    UINT *array = fd_alloc(d, count, sizeof(UINT));

    for (uint32_t i = 0; array && i < count && i < FUZZ_DRAWN_ELEMENTS; ++i)
        array[i] = fd_u32(d, field, tensor, i, i < known ? defaults[i] : 1);
    return array;
}

static enum fuzz_rare rare_of(uint8_t byte)
{
    if (byte < FUZZ_RARE_FIRST_BYTE)
        return FUZZ_RARE_NONE;
    return (enum fuzz_rare)(1 + (byte - FUZZ_RARE_FIRST_BYTE) % (FUZZ_RARE_COUNT - 1));
}

static void read_header(struct fuzz_bytes *fb, uint8_t header[FUZZ_HEADER_SIZE])
{
    for (unsigned i = 0; i < FUZZ_HEADER_SIZE; ++i)
        header[i] = fb_u8(fb);
}

bool fuzz_decode(const uint8_t *data, size_t size, struct fuzz_arena *arena, struct fuzz_case *out)
{
    static struct fuzz_decoder d; /* large; the fuzzer runs one case at a time */
    uint8_t header[FUZZ_HEADER_SIZE];
    struct fuzz_params p;
    struct fuzz_bytes fb;

    memset(out, 0, sizeof(*out));
    d.arena = arena;
    d.patch_count = 0;
    d.failed = false;
    fb_init(&fb, data, size);
    read_header(&fb, header);
    read_patches(&d, &fb);
    if (header[FH_KIND] >= FUZZ_KIND_EXAMPLE_0)
        fuzz_params_example(header[FH_KIND] - FUZZ_KIND_EXAMPLE_0, &p);
    else
        fuzz_params_generic(header, &p);
    p.stride_modes[0] = header[FH_STRIDE_MODES] & 15;
    p.stride_modes[1] = header[FH_STRIDE_MODES] >> 4;
    out->level = levels[header[FH_LEVEL] % FUZZ_LEVEL_COUNT];
    out->rare = rare_of(header[FH_RARE]);
    out->options = header[FH_OPTIONS];
    out->compile_flags =
        fd_u32(&d, FF_COMPILE_FLAGS, 0, 0,
               out->options & FUZZ_OPT_VOLATILE ? DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE
                                                : DML_EXECUTION_FLAG_NONE);
    fuzz_build_op(&d, &p, out->options & FUZZ_OPT_OWNED_INPUT ? DML_TENSOR_FLAG_OWNED_BY_DML : 0,
                  out);
    return !d.failed;
}
