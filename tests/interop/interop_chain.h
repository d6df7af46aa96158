/* The DirectML objects of the interop case and the application buffers they are bound to. */
#ifndef DMLOPS_TEST_INTEROP_CHAIN_H
#define DMLOPS_TEST_INTEROP_CHAIN_H

#include "app_vk.h"
#include "dml_util.h"
#include "interop_case.h"

/* Where Y and Z live in the work buffer (binding offsets that are not 0), and where the
 * staging buffer holds X (uploaded) and the work buffer (read back). */
#define WORK_Y_OFFSET 0
#define WORK_Z_OFFSET 256
#define WORK_SIZE 1024
#define STAGING_X_OFFSET 0
#define STAGING_WORK_OFFSET 1024
#define STAGING_SIZE (STAGING_WORK_OFFSET + WORK_SIZE)

struct chain
{
    DML_BUFFER_TENSOR_DESC buffers[3]; /* X, Y, Z */
    DML_TENSOR_DESC tensors[3];
    IDMLCompiledOperator *slice, *pad;
    IDMLOperatorInitializer *initializer;
    IDMLBindingTable *init_table, *slice_table, *pad_table;
    IDMLCommandRecorder *recorder;
    struct app_buffer input, work, persistent, temporary, staging;
};

/* Compiles both operators and one initializer for them, creates the application's buffers
 * (persistent and temporary sized from the binding properties) and fills every binding table. */
HRESULT chain_create(struct app_vk *vk, IDMLDevice *device, struct chain *chain);
void chain_destroy(struct app_vk *vk, struct chain *chain);

#endif
