/* Random graphs for the fusion tests (test_graph_fuse_random.c, test_graph_fuse_gpu.c): 1- to
 * 4-dimensional tensors of 1, 2, 4 and 8-byte elements through SLICE1 (strided, reversed),
 * PADDING1 (every mode, on several dimensions), ELEMENT_WISE_IDENTITY (transposes, broadcasts,
 * the bytes read as another type), SPLIT, JOIN and CAST, with fan-out, unconnected and repeated
 * outputs, on one graph input. */
#ifndef DMLOPS_TESTS_FT_GEN_H
#define DMLOPS_TESTS_FT_GEN_H

#include "ft_support.h"

#define FT_GEN_MAX_NODES 10
#define FT_GEN_MAX_VALUES 40
#define FT_GEN_MAX_ELEMENTS 2048

struct ft_value
{
    struct ft_tensor t;
    UINT node, output; /* node UINT32_MAX: the graph input */
    UINT readers;
    bool split; /* a SPLIT output (may stay unconnected) */
};

struct ft_gen
{
    IDMLDevice *device;
    uint64_t rng;
    struct ft_value values[FT_GEN_MAX_VALUES];
    UINT value_count;
    IDMLOperator *ops[FT_GEN_MAX_NODES];
    UINT inputs[FT_GEN_MAX_NODES][3], input_count[FT_GEN_MAX_NODES], node_count;
};

/* The graph of seed: its operators (g->ops, released by ft_gen_release) and its desc. */
void ft_gen_graph(struct ft_gen *g, uint32_t seed, struct gt_graph *desc);
void ft_gen_release(struct ft_gen *g);

#endif
