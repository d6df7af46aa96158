/* What running one accepted desc holds (fuzz_exec.c), shared with the check of its outputs
 * against the C reference (fuzz_images.c). */
#ifndef DMLOPS_FUZZ_EXEC_H
#define DMLOPS_FUZZ_EXEC_H

#include <dmlops.h>

#include "fuzz_decode.h"

/* Where one binding lives: buffer index, offset, and the size bound. */
struct placement
{
    uint32_t buffer;
    uint64_t offset, size;
};

/* Slots: the inputs, then the outputs, then the persistent and the temporary resources (size 0:
 * none). */
struct exec
{
    IDMLDevice *device;
    const struct fuzz_case *c;
    IDMLCompiledOperator *compiled;
    DML_BINDING_PROPERTIES props;
    uint32_t slots;
    struct placement *places;
    ID3D12Resource **buffers;
    uint64_t *buffer_sizes;
    uint8_t **images; /* fuzz_images.c: each buffer's contents before execution */
};

const DML_TENSOR_DESC *fuzz_slot_tensor(const struct exec *e, uint32_t slot);
uint32_t fuzz_persistent_slot(const struct exec *e);
uint32_t fuzz_temporary_slot(const struct exec *e);

/* fuzz_images.c. upload: every buffer but the persistent and temporary resources' filled with
 * poison, the inputs' bound ranges with bytes drawn from the case (index tensors with index
 * values of every kind), before the initializer reads them. check:
 * every byte of those buffers after an execution against the images run through the C reference
 * (reference/): the outputs' elements as the reference computes them, every other byte as it
 * was. A difference is a finding. */
const char *fuzz_images_upload(struct exec *e);
const char *fuzz_images_check(struct exec *e, const char *what);
void fuzz_images_free(struct exec *e);

#endif
