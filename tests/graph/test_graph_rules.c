/* One case per CompileGraph rule (graph.md G-A..G-H): each graph differs from a valid one by the
 * one thing the rule forbids, so removing the rule's check makes its case fail. Then what the
 * rules must accept (GD2..GD11, G-D3, G-D5, G-D6, G-E2), and the coverage of the catalogue. */
#include <string.h>

#include "gt_internal.h"

#define F(state) ((struct gt_fixture *)*(state))

/* input 0 -> copy4 -> output 0: valid, and the base of most cases. */
static void chain1(struct gt_graph *g, const struct gt_fixture *f)
{
    gt_init(g, 1, 1);
    gt_op(g, f->copy4, "first");
    gt_in(g, 0, 0, 0);
    gt_out(g, 0, 0, 0);
}

/* input 0 -> copy4 -> copy4 -> output 0 */
static void chain2(struct gt_graph *g, const struct gt_fixture *f)
{
    gt_init(g, 1, 1);
    gt_op(g, f->copy4, "a");
    gt_op(g, f->copy4, "b");
    gt_in(g, 0, 0, 0);
    gt_mid(g, 0, 0, 1, 0);
    gt_out(g, 1, 0, 0);
}

static void test_base_graphs_are_valid(void **state)
{
    struct gt_graph g;

    chain1(&g, F(state));
    gt_expect_valid(F(state)->dev, gt_desc(&g));
    chain2(&g, F(state));
    gt_expect_valid(F(state)->dev, gt_desc(&g));
}

static void test_g_a1_null_desc(void **state)
{
    gt_expect_rule(F(state)->dev, NULL, DML_EXECUTION_FLAG_NONE, DML_RULE_G_A1_DESC_NULL,
                   "desc is NULL");
}

static void test_g_a2_flags(void **state)
{
    struct gt_graph g;

    chain1(&g, F(state));
    gt_expect_rule(F(state)->dev, gt_desc(&g), (DML_EXECUTION_FLAGS)8, DML_RULE_G_A2_FLAGS,
                   "flags is 0x8", "0x7");
}

static void test_g_a4_null_arrays(void **state)
{
    struct gt_graph g;
    DML_GRAPH_DESC d;

    chain2(&g, F(state));
    d = *gt_desc(&g);
    d.Nodes = NULL;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A4_ARRAY_NULL, "Nodes is NULL", "NodesCount 2");
    d = *gt_desc(&g);
    d.InputEdges = NULL;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A4_ARRAY_NULL, "InputEdges is NULL");
    d = *gt_desc(&g);
    d.OutputEdges = NULL;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A4_ARRAY_NULL, "OutputEdges is NULL");
    d = *gt_desc(&g);
    d.IntermediateEdges = NULL;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A4_ARRAY_NULL, "IntermediateEdges is NULL");
    /* A count of 0 with a pointer is fine (A6: the array is ignored). */
    chain1(&g, F(state));
    d = *gt_desc(&g);
    d.IntermediateEdges = g.mid;
    gt_expect_valid(F(state)->dev, &d);
}

static void test_g_a5_counts(void **state)
{
    struct gt_graph g;
    DML_GRAPH_DESC d;

    chain1(&g, F(state));
    d = *gt_desc(&g);
    d.NodeCount = 0;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A5_COUNT, "NodeCount is 0");
    d = *gt_desc(&g);
    d.OutputCount = 0;
    d.OutputEdgeCount = 0;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A5_COUNT, "OutputCount 0");
}

static void test_g_a6_null_node_and_edge_descs(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.nodes[1].Desc = NULL;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_A6_DESC_NULL, "Nodes[1].Desc is NULL");
    chain2(&g, F(state));
    g.mid[0].Desc = NULL;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_A6_DESC_NULL,
                   "IntermediateEdges[0].Desc is NULL");
    chain2(&g, F(state));
    g.out[0].Desc = NULL;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_A6_DESC_NULL,
                   "OutputEdges[0].Desc is NULL");
}

static void test_g_a7_count_limit(void **state)
{
    struct gt_graph g;
    DML_GRAPH_DESC d;

    chain1(&g, F(state));
    d = *gt_desc(&g);
    d.InputCount = DML_GRAPH_COUNT_MAX + 1;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A7_COUNT_LIMIT, "InputCount 1048577");
    d.InputCount = 1;
    d.NodeCount = UINT32_MAX;
    gt_expect_rule(F(state)->dev, &d, 0, DML_RULE_G_A7_COUNT_LIMIT, "NodeCount 4294967295");
    /* At the limit, edge-less inputs are accepted. */
    d.NodeCount = 1;
    d.InputCount = DML_GRAPH_COUNT_MAX;
    gt_expect_valid(F(state)->dev, &d);
}

static void test_g_b1_node_type(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.nodes[1].Type = DML_GRAPH_NODE_TYPE_INVALID;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_B1_NODE_TYPE, "Nodes[1].Type is 0");
    g.nodes[1].Type = (DML_GRAPH_NODE_TYPE)3;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_B1_NODE_TYPE, "Nodes[1].Type is 3");
}

static void test_g_b2_operator(void **state)
{
    struct gt_fixture *f = F(state);
    struct dml_device *other = gt_cpu_device(DML_FEATURE_LEVEL_6_4);
    IDMLOperator *foreign = gt_copy((IDMLDevice *)&other->IDMLDevice1_iface,
                                    DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    IDMLOperatorVtbl fake_vtbl = *f->copy4->lpVtbl;
    IDMLOperator fake = {&fake_vtbl};
    struct gt_graph g;

    chain2(&g, f);
    g.ops[1].Operator = NULL;
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_B2_OPERATOR,
                   "Nodes[1] (\"b\").Operator is NULL");
    g.ops[1].Operator = &fake; /* same methods, not this library's vtable: never trusted */
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_B2_OPERATOR,
                   "not an IDMLOperator of libdmlops");
    g.ops[1].Operator = foreign;
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_B2_OPERATOR, "another device");
    /* The same operator in two nodes is fine (chain2 does it). */
    IDMLOperator_Release(foreign);
    IDMLDevice1_Release(&other->IDMLDevice1_iface);
}

/* input 0 -> copy4 <- nothing; constant -> JOIN-less: constant feeds node 1 */
static void const_graph(struct gt_graph *g, const struct gt_fixture *f, const void *data,
                        size_t size)
{
    gt_init(g, 0, 1);
    gt_op(g, f->copy4, NULL);
    gt_const(g, data, size, "k");
    gt_mid(g, 1, 0, 0, 0);
    gt_out(g, 0, 0, 0);
}

static void test_g_b3_constant_nodes(void **state)
{
    struct gt_fixture *f = F(state);
    struct dml_device *old = gt_cpu_device(DML_FEATURE_LEVEL_6_1);
    IDMLOperator *copy = gt_copy((IDMLDevice *)&old->IDMLDevice1_iface,
                                 DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    static const float data[4] = {1, 2, 3, 4};
    struct gt_graph g;

    const_graph(&g, f, data, sizeof(data));
    gt_expect_valid(f->dev, gt_desc(&g));
    g.ops[0].Operator = copy;
    gt_expect_rule(old, gt_desc(&g), 0, DML_RULE_G_B3_CONSTANT_FL, "Nodes[1] (\"k\") is a CONSTANT",
                   "DML_FEATURE_LEVEL_6_2");
    const_graph(&g, f, data, 0);
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_B3_CONSTANT_DATA, "DataSize is 0");
    const_graph(&g, f, NULL, 4);
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_B3_CONSTANT_DATA, "Data NULL");
    IDMLOperator_Release(copy);
    IDMLDevice1_Release(&old->IDMLDevice1_iface);
}

static void test_g_c1_edge_type(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.in[0].Type = DML_GRAPH_EDGE_TYPE_OUTPUT;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C1_EDGE_TYPE,
                   "InputEdges[0].Type is 2");
    chain2(&g, F(state));
    g.mid[0].Type = DML_GRAPH_EDGE_TYPE_INVALID;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C1_EDGE_TYPE,
                   "IntermediateEdges[0].Type is 0; allowed: 3");
    chain2(&g, F(state));
    g.out[0].Type = DML_GRAPH_EDGE_TYPE_INTERMEDIATE;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C1_EDGE_TYPE,
                   "OutputEdges[0].Type is 3");
}

static void test_g_c2_input_edge(void **state)
{
    static const float k[4] = {0};
    struct gt_graph g;

    chain2(&g, F(state));
    g.in_desc[0].GraphInputIndex = 1;
    g.in_desc[0].Name = "x";
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C2_INPUT_EDGE,
                   "InputEdges[0] (\"x\"): GraphInputIndex 1", "GraphInputIndex < 1");
    chain2(&g, F(state));
    g.in_desc[0].ToNodeIndex = 2;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C2_INPUT_EDGE, "ToNodeIndex 2");
    chain2(&g, F(state));
    g.in_desc[0].ToNodeInputIndex = 1;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C2_INPUT_EDGE, "ToNodeInputIndex 1");
    /* A constant node has no input. */
    const_graph(&g, F(state), k, sizeof(k));
    g.desc.InputCount = 1;
    gt_in(&g, 0, 1, 0);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C2_INPUT_EDGE, "ToNodeIndex 1");
}

static void test_g_c3_output_edge(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.out_desc[0].FromNodeIndex = 7;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C3_OUTPUT_EDGE, "FromNodeIndex 7");
    chain2(&g, F(state));
    g.out_desc[0].FromNodeOutputIndex = 1;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C3_OUTPUT_EDGE,
                   "FromNodeOutputIndex 1", "output count (1)");
    chain2(&g, F(state));
    g.out_desc[0].GraphOutputIndex = 1;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C3_OUTPUT_EDGE, "GraphOutputIndex 1");
}

static void test_g_c4_intermediate_edge(void **state)
{
    static const float k[4] = {0};
    struct gt_graph g;

    chain2(&g, F(state));
    g.mid_desc[0].FromNodeIndex = 2;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C4_INTERMEDIATE_EDGE,
                   "FromNodeIndex 2");
    chain2(&g, F(state));
    g.mid_desc[0].FromNodeOutputIndex = 1;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C4_INTERMEDIATE_EDGE,
                   "FromNodeOutputIndex 1");
    chain2(&g, F(state));
    g.mid_desc[0].ToNodeIndex = UINT32_MAX;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C4_INTERMEDIATE_EDGE,
                   "ToNodeIndex 4294967295");
    chain2(&g, F(state));
    g.mid_desc[0].ToNodeInputIndex = 1;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C4_INTERMEDIATE_EDGE,
                   "ToNodeInputIndex 1");
    const_graph(&g, F(state), k, sizeof(k));
    g.mid_desc[0].FromNodeOutputIndex = 1; /* a constant has output 0 only */
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C4_INTERMEDIATE_EDGE,
                   "FromNodeOutputIndex 1");
    const_graph(&g, F(state), k, sizeof(k));
    g.mid_desc[0].ToNodeIndex = 1; /* into a constant node */
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_C4_INTERMEDIATE_EDGE, "ToNodeIndex 1");
}

static void test_g_c5_cycles(void **state)
{
    struct gt_fixture *f = F(state);
    struct gt_graph g;

    /* Self-loop: node 1 reads its own output. */
    gt_init(&g, 1, 1);
    gt_op(&g, f->copy4, "a");
    gt_op(&g, f->copy4, "loop");
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 1, 0, 1, 0);
    gt_out(&g, 0, 0, 0);
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_C5_CYCLE,
                   "Nodes[1] (\"loop\") is on a cycle");
    /* Two nodes feeding each other, the output taken from one of them. */
    gt_init(&g, 0, 1);
    gt_op(&g, f->copy4, "p");
    gt_op(&g, f->copy4, "q");
    gt_mid(&g, 0, 0, 1, 0);
    gt_mid(&g, 1, 0, 0, 0);
    gt_out(&g, 1, 0, 0);
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_C5_CYCLE, "is on a cycle (2 of 2 nodes");
}

static void test_g_d1_input_edges(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.desc.IntermediateEdgeCount = 0;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_D1_INPUT_UNCONNECTED,
                   "Nodes[1] (\"b\") input 0 has no edge");
    chain2(&g, F(state));
    gt_in(&g, 0, 1, 0);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_D1_INPUT_DUPLICATE,
                   /* input edges are connected first */
                   "IntermediateEdges[0] is a second edge into Nodes[1] (\"b\") input 0");
    chain2(&g, F(state));
    gt_mid(&g, 0, 0, 0, 0); /* a second edge, and a self-loop: the duplicate is found first */
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_D1_INPUT_DUPLICATE,
                   "IntermediateEdges[1] is a second edge");
}

static void test_g_d4_dead_nodes(void **state)
{
    static const float k[4] = {0};
    struct gt_graph g;

    chain1(&g, F(state));
    gt_op(&g, F(state)->copy4, "dead");
    gt_in(&g, 0, 1, 0);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_D4_DEAD_NODE,
                   "Nodes[1] (\"dead\") reaches no graph output");
    /* A chain of two dead nodes after a live one. */
    chain1(&g, F(state));
    gt_op(&g, F(state)->copy4, NULL);
    gt_op(&g, F(state)->copy4, NULL);
    gt_mid(&g, 0, 0, 2, 0);
    gt_mid(&g, 2, 0, 1, 0);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_D4_DEAD_NODE, "Nodes[1] reaches no");
    /* An unused constant. */
    chain1(&g, F(state));
    gt_const(&g, k, sizeof(k), NULL);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_D4_DEAD_NODE, "Nodes[1] reaches no");
}

static void test_g_e1_total_sizes(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.ops[1].Operator = F(state)->copy5;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_E1_TOTAL_SIZE, "IntermediateEdges[0]",
                   "is 20; allowed: the producer's 16");
    /* G-E2: the same 16 bytes read as 8 UINT16 are fine. */
    g.ops[1].Operator = F(state)->copy8_u16;
    gt_expect_valid(F(state)->dev, gt_desc(&g));
}

static void test_g_f1_owned_from_graph_inputs_only(void **state)
{
    static const float k[4] = {0};
    struct gt_graph g;

    chain2(&g, F(state));
    g.ops[1].Operator = F(state)->copy4_owned;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_F1_OWNED_EDGE,
                   "Nodes[1] (\"b\") input 0 is OWNED_BY_DML and fed by an intermediate edge");
    const_graph(&g, F(state), k, sizeof(k));
    g.ops[0].Operator = F(state)->copy4_owned;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_F1_OWNED_EDGE,
                   "fed by a constant node");
    chain1(&g, F(state));
    g.ops[0].Operator = F(state)->copy4_owned;
    gt_expect_valid(F(state)->dev, gt_desc(&g));
}

static void test_g_f2_owned_consistently(void **state)
{
    struct gt_fixture *f = F(state);
    struct gt_graph g;

    gt_init(&g, 1, 2);
    gt_op(&g, f->copy4_owned, NULL);
    gt_op(&g, f->copy4, "plain");
    gt_in(&g, 0, 0, 0);
    gt_in(&g, 0, 1, 0);
    gt_out(&g, 0, 0, 0);
    gt_out(&g, 1, 0, 1);
    gt_expect_rule(f->dev, gt_desc(&g), 0, DML_RULE_G_F2_OWNED_MIXED,
                   "Nodes[1] (\"plain\") input 0 omits OWNED_BY_DML", "graph input 0 sets it");
    g.ops[1].Operator = f->copy4_owned;
    gt_expect_valid(f->dev, gt_desc(&g));
}

static void test_g_g2_constant_size(void **state)
{
    static const float k[5] = {0};
    struct gt_graph g;

    const_graph(&g, F(state), k, 17);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_G2_CONSTANT_SIZE,
                   "Nodes[1] (\"k\"): DataSize is 17; allowed: 1..16");
    const_graph(&g, F(state), k, 16);
    gt_expect_valid(F(state)->dev, gt_desc(&g));
    const_graph(&g, F(state), k, 2); /* GD3: shorter data reads as zeros past its end */
    gt_expect_valid(F(state)->dev, gt_desc(&g));
    /* Straight into a graph output (GD4): bounded by 2^32-1, checked before Data is read (the
     * 20 bytes of k would be overread by a copy). */
    gt_init(&g, 0, 1);
    gt_const(&g, k, (size_t)UINT32_MAX + 1, NULL);
    gt_out(&g, 0, 0, 0);
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_G2_CONSTANT_SIZE,
                   "DataSize is 4294967296", "or 2^32-1 without one");
    g.consts[0].DataSize = sizeof(k);
    gt_expect_valid(F(state)->dev, gt_desc(&g));
}

static void test_g_h2_graph_outputs(void **state)
{
    struct gt_graph g;

    chain2(&g, F(state));
    g.desc.OutputCount = 2;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_H2_OUTPUT_EDGES,
                   "graph output 1 has no output edge");
    chain2(&g, F(state));
    gt_out(&g, 0, 0, 0);
    g.out_desc[1].Name = "twice";
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_H2_OUTPUT_EDGES,
                   "OutputEdges[1] (\"twice\") is a second edge into graph output 0");
}

/* What real clients emit and the rules must accept. */
static void test_accepted_shapes(void **state)
{
    struct gt_fixture *f = F(state);
    static const float k[4] = {1};
    struct gt_graph g;

    /* Nodes out of order (G-B4), fan-out from a graph input (G-D5) and from a node output
     * feeding both an intermediate and an output edge (G-D6), an unconnected SPLIT output (G-D3),
     * an edge-less graph input (G-D5), names everywhere. */
    gt_init(&g, 3, 2);
    gt_op(&g, f->pad4, "pad");    /* 0: reads node 2 */
    gt_op(&g, f->copy4, "copy");  /* 1 */
    gt_op(&g, f->copy4, "first"); /* 2 */
    gt_in(&g, 1, 2, 0);
    gt_in(&g, 1, 1, 0);
    gt_mid(&g, 2, 0, 0, 0);
    gt_out(&g, 0, 0, 0);
    gt_out(&g, 1, 0, 1);
    gt_expect_valid(f->dev, gt_desc(&g));
    /* SPLIT with its second output unconnected. */
    gt_init(&g, 1, 1);
    gt_op(&g, f->split22, NULL);
    gt_in(&g, 0, 0, 0);
    gt_out(&g, 0, 0, 0);
    gt_expect_valid(f->dev, gt_desc(&g));
    /* GD4: a constant straight into a graph output; GD6: one value into two outputs. */
    gt_init(&g, 1, 3);
    gt_op(&g, f->copy4, NULL);
    gt_const(&g, k, sizeof(k), NULL);
    gt_in(&g, 0, 0, 0);
    gt_out(&g, 0, 0, 0);
    gt_out(&g, 0, 0, 2);
    gt_out(&g, 1, 0, 1);
    gt_expect_valid(f->dev, gt_desc(&g));
    /* Every execution flag (G-J1). */
    chain1(&g, f);
    enum dml_rule rule;
    char text[256];
    assert_int_equal(
        gt_validate(f->dev, gt_desc(&g), (DML_EXECUTION_FLAGS)7, &rule, text, sizeof(text)), S_OK);
}

/* GD9: a name is read up to 127 bytes, never past them, and quoted in messages. */
static void test_names_truncated(void **state)
{
    char name[200];
    struct gt_graph g;

    memset(name, 'n', sizeof(name)); /* no NUL at all inside the buffer's first 127 bytes */
    name[sizeof(name) - 1] = 0;
    chain2(&g, F(state));
    g.ops[1].Name = name;
    g.ops[1].Operator = NULL;
    name[127] = 0;
    gt_expect_rule(F(state)->dev, gt_desc(&g), 0, DML_RULE_G_B2_OPERATOR, "(\"nnnnnnnn");
}

/* Through the COM method: S_FALSE for a valid graph with ppv NULL, E_INVALIDARG for an invalid
 * one, the operators' references all given back, and DXGI_ERROR_DEVICE_REMOVED from a removed
 * device before anything else. */
static void test_compile_graph_results(void **state)
{
    struct gt_fixture *f = F(state);
    struct gt_graph g;
    ULONG refs;

    IDMLOperator_AddRef(f->copy4);
    refs = IDMLOperator_Release(f->copy4);
    chain1(&g, f);
    assert_int_equal(gt_compile_check(f->dev, gt_desc(&g)), S_FALSE);
    chain2(&g, f);
    assert_int_equal(gt_compile_check(f->dev, gt_desc(&g)), S_FALSE);
    g.mid_desc[0].ToNodeIndex = 9;
    assert_int_equal(gt_compile_check(f->dev, gt_desc(&g)), E_INVALIDARG);
    IDMLOperator_AddRef(f->copy4);
    assert_int_equal(IDMLOperator_Release(f->copy4), refs);
    /* Graph inputs mapped out of order: valid (binds with the graph's counts). */
    gt_init(&g, 2, 1);
    gt_op(&g, f->copy4, NULL);
    gt_in(&g, 1, 0, 0);
    gt_out(&g, 0, 0, 0);
    assert_int_equal(gt_compile_check(f->dev, gt_desc(&g)), S_FALSE);
    /* A removed device answers DXGI_ERROR_DEVICE_REMOVED before anything else: for a valid
     * graph, and for no graph at all. */
    struct dml_device *gone = gt_cpu_device(DML_FEATURE_LEVEL_6_4);
    IDMLOperator *op = gt_copy((IDMLDevice *)&gone->IDMLDevice1_iface, DML_TENSOR_DATA_TYPE_FLOAT32,
                               4, DML_TENSOR_FLAG_NONE);
    void *out = (void *)1;

    gt_init(&g, 1, 1);
    gt_op(&g, op, NULL);
    gt_in(&g, 0, 0, 0);
    gt_out(&g, 0, 0, 0);
    assert_int_equal(gt_compile_check(gone, gt_desc(&g)), S_FALSE);
    atomic_store(&gone->muted, true);
    dml_device_remove(gone, E_INVALIDARG, "graph_rules: removed on purpose");
    assert_int_equal(gt_compile_check(gone, gt_desc(&g)), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(IDMLDevice1_CompileGraph(&gone->IDMLDevice1_iface, NULL, 0,
                                              &IID_IDMLCompiledOperator, &out),
                     DXGI_ERROR_DEVICE_REMOVED);
    assert_null(out);
    IDMLOperator_Release(op);
    assert_int_equal(IDMLDevice1_Release(&gone->IDMLDevice1_iface), 0);
}

static void every_graph_rule_has_a_test(void **state)
{
    int missing = 0;

    for (int r = DML_RULE_GRAPH_FIRST; r < DML_RULE_COUNT; ++r)
        if (!gt_rule_was_seen((enum dml_rule)r))
        {
            print_error("no test rejects a graph by %s\n", dml_rule_info((enum dml_rule)r)->id);
            ++missing;
        }
    assert_int_equal(missing, 0);
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_graphs_are_valid),
        cmocka_unit_test(test_g_a1_null_desc),
        cmocka_unit_test(test_g_a2_flags),
        cmocka_unit_test(test_g_a4_null_arrays),
        cmocka_unit_test(test_g_a5_counts),
        cmocka_unit_test(test_g_a6_null_node_and_edge_descs),
        cmocka_unit_test(test_g_a7_count_limit),
        cmocka_unit_test(test_g_b1_node_type),
        cmocka_unit_test(test_g_b2_operator),
        cmocka_unit_test(test_g_b3_constant_nodes),
        cmocka_unit_test(test_g_c1_edge_type),
        cmocka_unit_test(test_g_c2_input_edge),
        cmocka_unit_test(test_g_c3_output_edge),
        cmocka_unit_test(test_g_c4_intermediate_edge),
        cmocka_unit_test(test_g_c5_cycles),
        cmocka_unit_test(test_g_d1_input_edges),
        cmocka_unit_test(test_g_d4_dead_nodes),
        cmocka_unit_test(test_g_e1_total_sizes),
        cmocka_unit_test(test_g_f1_owned_from_graph_inputs_only),
        cmocka_unit_test(test_g_f2_owned_consistently),
        cmocka_unit_test(test_g_g2_constant_size),
        cmocka_unit_test(test_g_h2_graph_outputs),
        cmocka_unit_test(test_accepted_shapes),
        cmocka_unit_test(test_names_truncated),
        cmocka_unit_test(test_compile_graph_results),
        cmocka_unit_test(every_graph_rule_has_a_test),
    };

    return cmocka_run_group_tests(tests, gt_setup, gt_teardown);
}
