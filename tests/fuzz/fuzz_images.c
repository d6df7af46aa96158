/* The outputs of an executed case against the C reference (see fuzz_exec.h). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_exec.h"
#include "fuzz_harness.h"
#include "reference.h"

#define POISON 0xA5

/* The persistent and temporary resources' buffer (the library's own bytes): not compared. */
static bool is_resource_buffer(const struct exec *e, uint32_t b)
{
    const struct placement *persistent = &e->places[fuzz_persistent_slot(e)];
    const struct placement *temporary = &e->places[fuzz_temporary_slot(e)];
    return (persistent->size && persistent->buffer == b) ||
           (temporary->size && temporary->buffer == b);
}

/* The same bytes for the same case (the fuzzer must be able to reproduce a finding). */
static void fill(uint8_t *bytes, uint64_t size, uint32_t seed)
{
    for (uint64_t i = 0; i < size; ++i)
    {
        seed = seed * 1664525u + 1013904223u;
        bytes[i] = (uint8_t)(seed >> 24);
    }
}

/* An index tensor's elements of elem bytes: half in range of small axes or just past them, the
 * rest negative (counted from the end, or past it), huge, near 2^32 or any bits; the same for
 * the same case. */
static void fill_indices(uint8_t *bytes, uint64_t size, uint32_t elem, uint32_t seed)
{
    for (uint64_t at = 0; elem && at + elem <= size; at += elem)
    {
        uint32_t kind = (seed = seed * 1664525u + 1013904223u) >> 29;
        uint32_t r = (seed = seed * 1664525u + 1013904223u) >> 4;
        int64_t values[8] = {r % 18,
                             r % 18,
                             r % 18,
                             r % 18,
                             -(int64_t)(1 + r % 18),
                             INT64_MAX >> r % 40,
                             (int64_t)UINT32_MAX - r % 3,
                             (int64_t)((uint64_t)r << 36 ^ r * 2654435761u)};
        memcpy(bytes + at, &values[kind], elem); /* little-endian: the low bytes */
    }
}

/* Input j's bound range: bytes drawn from the case, or index values for an index tensor. */
static void fill_input(struct exec *e, uint32_t j)
{
    const struct placement *place = &e->places[j];
    const DML_BUFFER_TENSOR_DESC *t = e->c->inputs[j].Desc;
    uint8_t *bytes = e->images[place->buffer] + place->offset;
    if (e->c->index_inputs >> j & 1)
        fill_indices(bytes, place->size, ref_element_size(t->DataType), 7919u * (j + 1));
    else
        fill(bytes, place->size, 7919u * (j + 1));
}

const char *fuzz_images_upload(struct exec *e)
{
    if (!(e->images = calloc(e->slots, sizeof(*e->images))))
        return fuzz_finding("out of memory in the harness");
    for (uint32_t b = 0; b < e->slots; ++b)
    {
        if (!e->buffer_sizes[b] || is_resource_buffer(e, b))
            continue;
        if (!(e->images[b] = malloc(e->buffer_sizes[b])))
            return fuzz_finding("out of memory in the harness");
        memset(e->images[b], POISON, e->buffer_sizes[b]);
    }
    for (uint32_t j = 0; j < e->c->input_count; ++j)
        fill_input(e, j);
    for (uint32_t b = 0; b < e->slots; ++b)
    {
        HRESULT hr;
        if (e->images[b] && FAILED(hr = dmlopsUploadBuffer(e->device, e->buffers[b], 0,
                                                           e->images[b], e->buffer_sizes[b])))
            return fuzz_finding("dmlopsUploadBuffer: 0x%08X", (unsigned)hr);
    }
    return NULL;
}

void fuzz_images_free(struct exec *e)
{
    for (uint32_t b = 0; e->images && b < e->slots; ++b)
        free(e->images[b]);
    free(e->images);
    e->images = NULL;
}

/* The images as the reference leaves them: into expected[b], one copy per buffer. */
static bool expect(const struct exec *e, uint8_t **expected)
{
    const uint32_t inputs = e->c->input_count, outputs = e->c->output_count;
    const void **in = calloc(inputs ? inputs : 1, sizeof(*in));
    void **out = calloc(outputs ? outputs : 1, sizeof(*out));
    bool ok = in && out;
    for (uint32_t j = 0; ok && j < inputs; ++j)
        in[j] = expected[e->places[j].buffer] + e->places[j].offset;
    for (uint32_t k = 0; ok && k < outputs; ++k)
        out[k] = expected[e->places[inputs + k].buffer] + e->places[inputs + k].offset;
    ok = ok && ref_run(e->c->desc, in, out);
    free(in);
    free(out);
    return ok;
}

/* The first byte of buffer b that differs, as a finding. */
static const char *compare(const struct exec *e, uint32_t b, const uint8_t *expected,
                           const uint8_t *actual, const char *what)
{
    for (uint64_t i = 0; i < e->buffer_sizes[b]; ++i)
    {
        if (expected[i] == actual[i])
            continue;
        for (uint32_t s = 0; s < e->slots; ++s)
        {
            const struct placement *place = &e->places[s];
            if (place->buffer == b && i >= place->offset && i < place->offset + place->size)
                return fuzz_finding("%s of type %u: slot %u byte %llu is 0x%02x, the reference's "
                                    "0x%02x",
                                    what, (unsigned)e->c->desc->Type, s,
                                    (unsigned long long)(i - place->offset), actual[i],
                                    expected[i]);
        }
        return fuzz_finding("%s of type %u: byte %llu of buffer %u, outside every binding, is "
                            "0x%02x, was 0x%02x",
                            what, (unsigned)e->c->desc->Type, (unsigned long long)i, b, actual[i],
                            expected[i]);
    }
    return NULL;
}

const char *fuzz_images_check(struct exec *e, const char *what)
{
    uint8_t **expected = calloc(e->slots, sizeof(*expected));
    uint8_t *actual = NULL;
    const char *finding = expected ? NULL : fuzz_finding("out of memory in the harness");
    for (uint32_t b = 0; !finding && b < e->slots; ++b)
    {
        if (e->images[b] && (expected[b] = malloc(e->buffer_sizes[b])))
            memcpy(expected[b], e->images[b], e->buffer_sizes[b]);
        else if (e->images[b])
            finding = fuzz_finding("out of memory in the harness");
    }
    if (!finding && !ref_supports(e->c->desc->Type))
        finding = fuzz_finding("type %u executed but the reference does not know it",
                               (unsigned)e->c->desc->Type);
    if (!finding && !expect(e, expected))
        finding = fuzz_finding("out of memory in the harness");
    for (uint32_t b = 0; !finding && b < e->slots; ++b)
    {
        HRESULT hr;
        if (!expected[b])
            continue;
        free(actual);
        if (!(actual = malloc(e->buffer_sizes[b])))
            finding = fuzz_finding("out of memory in the harness");
        else if (FAILED(hr = dmlopsDownloadBuffer(e->device, e->buffers[b], 0, actual,
                                                  e->buffer_sizes[b])))
            finding = fuzz_finding("dmlopsDownloadBuffer: 0x%08X", (unsigned)hr);
        else
            finding = compare(e, b, expected[b], actual, what);
    }
    fuzz_stats.compared += !finding;
    if (!finding && (unsigned)e->c->desc->Type < FUZZ_STATS_TYPES)
        ++fuzz_stats.compared_of[e->c->desc->Type];
    free(actual);
    for (uint32_t b = 0; expected && b < e->slots; ++b)
        free(expected[b]);
    free(expected);
    return finding;
}
