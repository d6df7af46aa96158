/* The fusion tests' support (test_graph_fuse*.c): tensors of any rank and layout, the
 * data-movement operators on them, and graphs compiled fused and unfused, run on the CPU plan
 * interpreter (tests/common/plan_exec.h) and compared byte for byte. No GPU. */
#ifndef DMLOPS_TESTS_FT_SUPPORT_H
#define DMLOPS_TESTS_FT_SUPPORT_H

#include "fuse.h"
#include "graph_program.h"
#include "gt_internal.h"

#define FT_MAX_RANK 5

struct ft_tensor
{
    DML_TENSOR_DATA_TYPE type;
    UINT rank;
    UINT sizes[FT_MAX_RANK];
    UINT strides[FT_MAX_RANK]; /* elements */
};

UINT ft_type_size(DML_TENSOR_DATA_TYPE type);
/* A packed tensor. */
struct ft_tensor ft_packed(DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes);
/* t read in another order: dimension d of the result is dimension perm[d] of t (a transpose
 * for an ELEMENT_WISE_IDENTITY input). */
struct ft_tensor ft_permuted(const struct ft_tensor *t, const UINT *perm);
UINT64 ft_elements(const struct ft_tensor *t);

/* The operators, out (out[k] for SPLIT) set to the packed output's desc; NULL when
 * CreateOperator refuses them. */
IDMLOperator *ft_slice(IDMLDevice *device, const struct ft_tensor *in, const UINT *offsets,
                       const UINT *windows, const INT *steps, struct ft_tensor *out);
IDMLOperator *ft_pad(IDMLDevice *device, const struct ft_tensor *in, DML_PADDING_MODE mode,
                     DML_SCALAR_UNION value, const UINT *start, const UINT *end,
                     struct ft_tensor *out);
/* ELEMENT_WISE_IDENTITY from in to out (any strides: transposes, broadcasts). */
IDMLOperator *ft_identity(IDMLDevice *device, const struct ft_tensor *in,
                          const struct ft_tensor *out);
IDMLOperator *ft_split(IDMLDevice *device, const struct ft_tensor *in, UINT axis, UINT count,
                       const UINT *parts, struct ft_tensor *out);
IDMLOperator *ft_join(IDMLDevice *device, UINT count, const struct ft_tensor *in, UINT axis,
                      struct ft_tensor *out);
IDMLOperator *ft_cast(IDMLDevice *device, const struct ft_tensor *in, DML_TENSOR_DATA_TYPE type,
                      struct ft_tensor *out);

/* A graph compiled into a program, fused or not. */
struct ft_built
{
    struct dml_graph graph;
    struct dml_graph_plan plan;
    struct program program;
    struct dml_binding_layout layout;
    struct fuse_info info;
};

void ft_build(struct dml_device *dev, struct gt_graph *g, bool fuse, struct ft_built *b);
void ft_release(struct ft_built *b);
/* Runs the program with every tensor in its own buffer (inputs a byte pattern from seed, the
 * rest 0xEE), each access checked against its slot; the concatenated bytes of its outputs
 * (*size of them). */
uint8_t *ft_run(const struct program *program, uint32_t seed, size_t *size);
/* g fused and unfused give the same output bytes; the fused program's steps and temporary
 * size. Every plan of both is printed when they differ. */
void ft_compare(struct dml_device *dev, struct gt_graph *g, uint32_t seed, uint32_t *steps,
                uint64_t *temporary);

#endif
