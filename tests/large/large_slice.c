/* Chunked upload of a pattern, one SLICE1 through DirectML's call sequence, chunked checking. */
#define _POSIX_C_SOURCE 199309L
#include "large_slice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu.h"

#define CHUNK_BYTES (64ull << 20)
#define MiB(bytes) ((double)(bytes) / (1 << 20))

static uint32_t element_bytes(DML_TENSOR_DATA_TYPE type)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_UINT8:
        return 1;
    case DML_TENSOR_DATA_TYPE_UINT16:
        return 2;
    case DML_TENSOR_DATA_TYPE_UINT32:
        return 4;
    case DML_TENSOR_DATA_TYPE_UINT64:
        return 8;
    default:
        return 0;
    }
}

/* The value of input element i: the top bits of a multiplicative hash, so that neighbours differ
 * and an element read from the wrong place (off by any distance) almost never matches. */
static uint64_t pattern(uint64_t i, uint32_t bytes)
{
    uint64_t h = i * UINT64_C(0x9E3779B97F4A7C15);
    return bytes == 8 ? h : h >> (64 - 8 * bytes);
}

static void pattern_fill(uint8_t *dst, uint64_t first, uint64_t count, uint32_t bytes)
{
    for (uint64_t i = 0; i < count; ++i)
    {
        uint64_t v = pattern(first + i, bytes);
        memcpy(dst + i * bytes, &v, bytes); /* little-endian: the low bytes are the value */
    }
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void large_slice_out_sizes(const struct large_slice *s, UINT out_sizes[2])
{
    for (int d = 0; d < 2; ++d)
        out_sizes[d] = 1 + (s->window[d] - 1) / (UINT)abs(s->strides[d]);
}

uint64_t large_slice_bytes(const struct large_slice *s, const UINT sizes[2])
{
    return (uint64_t)sizes[0] * sizes[1] * element_bytes(s->type);
}

/* S1-8: the input element that output element j (row-major) reads. */
static uint64_t input_index(const struct large_slice *s, const UINT out_sizes[2], uint64_t j)
{
    uint64_t coord[2] = {j / out_sizes[1], j % out_sizes[1]}, in[2];
    for (int d = 0; d < 2; ++d)
    {
        int64_t start = s->offsets[d] + (s->strides[d] < 0 ? (int64_t)s->window[d] - 1 : 0);
        in[d] = (uint64_t)(start + (int64_t)s->strides[d] * (int64_t)coord[d]);
    }
    return in[0] * s->in_sizes[1] + in[1];
}

static HRESULT upload_pattern(IDMLDevice *device, ID3D12Resource *buffer, uint64_t count,
                              uint32_t bytes, uint8_t *chunk)
{
    uint64_t per_chunk = CHUNK_BYTES / bytes;
    HRESULT hr = S_OK;
    for (uint64_t first = 0; first < count && SUCCEEDED(hr); first += per_chunk)
    {
        uint64_t n = count - first < per_chunk ? count - first : per_chunk;
        pattern_fill(chunk, first, n, bytes);
        hr = dmlopsUploadBuffer(device, buffer, first * bytes, chunk, n * bytes);
    }
    return hr;
}

/* Downloads the window in chunks and counts the elements that differ from the pattern. */
static uint64_t check_window(IDMLDevice *device, ID3D12Resource *out, const struct large_slice *s,
                             const struct large_window *w, uint8_t *chunk)
{
    uint32_t bytes = element_bytes(s->type);
    uint64_t per_chunk = CHUNK_BYTES / bytes, wrong = 0;
    UINT out_sizes[2];
    large_slice_out_sizes(s, out_sizes);
    for (uint64_t first = w->first; first < w->first + w->count; first += per_chunk)
    {
        uint64_t n =
            w->first + w->count - first < per_chunk ? w->first + w->count - first : per_chunk;
        HRESULT hr = dmlopsDownloadBuffer(device, out, first * bytes, chunk, n * bytes);
        if (FAILED(hr))
            return fprintf(stderr, "download failed: 0x%08X\n", (unsigned)hr), n;
        for (uint64_t j = 0; j < n; ++j)
        {
            uint64_t got = 0, expected = pattern(input_index(s, out_sizes, first + j), bytes);
            memcpy(&got, chunk + j * bytes, bytes);
            if (got != expected && wrong++ < 10)
                fprintf(stderr, "output element %llu = 0x%llx, expected 0x%llx\n",
                        (unsigned long long)(first + j), (unsigned long long)got,
                        (unsigned long long)expected);
        }
    }
    return wrong;
}

struct large_state
{
    IDMLDevice *device;
    DML_BUFFER_TENSOR_DESC buffers[2];
    DML_TENSOR_DESC tensors[2];
    UINT out_sizes[2];
    IDMLCompiledOperator *compiled;
    ID3D12Resource *input, *output;
    uint8_t *chunk;
};

static HRESULT compile(struct large_state *st, const struct large_slice *s)
{
    large_slice_out_sizes(s, st->out_sizes);
    dml_util_tensor(&st->buffers[0], &st->tensors[0], s->type, 2, s->in_sizes,
                    DML_TENSOR_FLAG_NONE);
    dml_util_tensor(&st->buffers[1], &st->tensors[1], s->type, 2, st->out_sizes,
                    DML_TENSOR_FLAG_NONE);
    DML_SLICE1_OPERATOR_DESC desc = {&st->tensors[0], &st->tensors[1], 2,
                                     s->offsets,      s->window,       s->strides};
    printf("%s: SLICE1 %ux%u -> %ux%u, %u-byte elements, offsets {%u, %u}, strides {%d, %d}; "
           "input %.1f MiB, output %.1f MiB\n",
           s->name, s->in_sizes[0], s->in_sizes[1], st->out_sizes[0], st->out_sizes[1],
           element_bytes(s->type), s->offsets[0], s->offsets[1], s->strides[0], s->strides[1],
           MiB(st->buffers[0].TotalTensorSizeInBytes), MiB(st->buffers[1].TotalTensorSizeInBytes));
    return dml_util_compile(st->device, DML_OPERATOR_SLICE1, &desc, &st->compiled);
}

static HRESULT create_buffers(struct large_state *st, const struct large_slice *s)
{
    uint64_t in_count = (uint64_t)s->in_sizes[0] * s->in_sizes[1];
    HRESULT hr = dmlopsCreateBuffer(st->device, st->buffers[0].TotalTensorSizeInBytes, &st->input);
    if (SUCCEEDED(hr))
        hr = dmlopsCreateBuffer(st->device, st->buffers[1].TotalTensorSizeInBytes, &st->output);
    if (FAILED(hr))
        return fprintf(stderr, "%s: dmlopsCreateBuffer failed: 0x%08X\n", s->name, (unsigned)hr),
               hr;
    double start = seconds();
    hr = upload_pattern(st->device, st->input, in_count, element_bytes(s->type), st->chunk);
    printf("%s: upload %.2f s\n", s->name, seconds() - start);
    return hr;
}

static HRESULT execute(struct large_state *st, const struct large_slice *s)
{
    double start = seconds();
    HRESULT hr =
        dml_util_run(st->device, st->compiled, st->input, st->buffers[0].TotalTensorSizeInBytes, 1,
                     &st->output, &st->buffers[1].TotalTensorSizeInBytes);
    printf("%s: initialize + execute %.2f s: 0x%08X\n", s->name, seconds() - start, (unsigned)hr);
    return hr;
}

static uint64_t verify(struct large_state *st, const struct large_slice *s,
                       const struct large_window *windows, unsigned window_count)
{
    struct large_window all = {0, (uint64_t)st->out_sizes[0] * st->out_sizes[1]};
    uint64_t wrong = 0, checked = 0;
    double start = seconds();
    if (!window_count)
        windows = &all, window_count = 1;
    for (unsigned w = 0; w < window_count; ++w)
    {
        wrong += check_window(st->device, st->output, s, &windows[w], st->chunk);
        checked += windows[w].count;
    }
    printf("%s: checked %llu of %llu output elements in %.2f s: %llu wrong\n", s->name,
           (unsigned long long)checked, (unsigned long long)all.count, seconds() - start,
           (unsigned long long)wrong);
    return wrong;
}

static void cleanup(struct large_state *st)
{
    dmlopsDestroyBuffer(st->device, st->input);
    dmlopsDestroyBuffer(st->device, st->output);
    if (st->compiled)
        IDMLCompiledOperator_Release(st->compiled);
    IDMLDevice_Release(st->device);
    free(st->chunk);
}

int large_slice_run(const struct large_slice *s, const struct large_window *windows,
                    unsigned window_count)
{
    struct large_state st = {0};
    uint64_t wrong = 0;
    st.device = gpu_create_device(0, FALSE);
    st.chunk = malloc(CHUNK_BYTES);
    HRESULT hr = st.chunk ? compile(&st, s) : E_OUTOFMEMORY;
    if (SUCCEEDED(hr))
        hr = create_buffers(&st, s);
    if (SUCCEEDED(hr))
        hr = execute(&st, s);
    if (SUCCEEDED(hr))
        wrong = verify(&st, s, windows, window_count);
    cleanup(&st);
    int result = hr == E_OUTOFMEMORY ? LARGE_OUT_OF_MEMORY : FAILED(hr) || wrong ? 1 : 0;
    printf("%s: %s\n", s->name,
           result == LARGE_OUT_OF_MEMORY ? "out of memory"
           : result                      ? "FAIL"
                                         : "PASS");
    return result;
}
