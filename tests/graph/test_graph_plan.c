/* The graph plan (graph_plan.h) and the program it becomes (graph_program.h) without a GPU:
 * tensor roles, steps in topological order, the binding layout of the graph's counts, temporary
 * placement with reuse, persistent layout, waits, copies into extra outputs; and the
 * invariants over random DAGs. */
#include <stdlib.h>
#include <string.h>

#include "graph_program.h"
#include "gt_internal.h"

#define F(state) ((struct gt_fixture *)*(state))

struct built
{
    struct dml_graph graph;
    struct dml_graph_plan plan;
    struct program program; /* what CompileGraph hands to the compiled operator */
    struct dml_binding_layout layout;
    uint32_t *program_tensor; /* per plan tensor: its program tensor (UINT32_MAX: none) */
};

static void build(struct gt_fixture *f, struct gt_graph *g, struct built *b)
{
    struct dml_graph_ctx ctx = {DML_FEATURE_LEVEL_6_4, false, f->dev, DML_RULE_NONE};
    uint32_t next_tensor = 0;

    memset(b, 0, sizeof(*b));
    assert_int_equal(dml_graph_validate(&ctx, gt_desc(g), 0, &b->graph), S_OK);
    assert_int_equal(dml_graph_plan_build(&b->graph, &b->plan), S_OK);
    program_init(&b->program);
    assert_int_equal(dml_graph_program_build(&b->plan, &b->program, &b->layout), S_OK);
    b->program_tensor = malloc((b->plan.tensor_count + 1) * sizeof(uint32_t));
    for (uint32_t t = 0; t < b->plan.tensor_count; ++t) /* added in plan order, edge-less skipped */
        b->program_tensor[t] =
            b->plan.tensors[t].kind == DML_GRAPH_TENSOR_UNUSED_INPUT ? UINT32_MAX : next_tensor++;
    assert_int_equal(next_tensor, b->program.tensor_count);
}

static void release(struct built *b)
{
    free(b->program_tensor);
    program_cleanup(&b->program);
    dml_binding_layout_cleanup(&b->layout);
    dml_graph_plan_cleanup(&b->plan);
    dml_graph_cleanup(&b->graph);
}

static const struct dml_graph_tensor *tensor(const struct built *b, uint32_t id)
{
    assert_true(id < b->plan.tensor_count);
    return &b->plan.tensors[id];
}

/* The program tensor of plan tensor id. */
static const struct program_tensor *placed(const struct built *b, uint32_t id)
{
    assert_true(id < b->plan.tensor_count && b->program_tensor[id] != UINT32_MAX);
    return &b->program.tensors[b->program_tensor[id]];
}

static bool waits(const struct built *b, uint32_t step)
{
    assert_true(step < b->program.step_count);
    return b->program.steps[step].wait;
}

static bool tensors_alias(const struct program_tensor *x, const struct program_tensor *y)
{
    if (x == y)
        return true;
    if (x->kind != y->kind || x->kind == PROGRAM_TENSOR_CONSTANT ||
        ((x->kind == PROGRAM_TENSOR_INPUT || x->kind == PROGRAM_TENSOR_OUTPUT) &&
         x->binding != y->binding))
        return false;
    return x->offset < y->offset + y->bytes && y->offset < x->offset + x->bytes;
}

static bool step_writes(const struct program_step *step, uint32_t slot)
{
    return step->slots[slot].access & PROGRAM_WRITE;
}

/* Two steps that touch the same bytes, one of them writing, have a wait between them (after the
 * first, at or before the second); intermediates alive together never share a byte. */
static void check_waits(const struct program *p)
{
    for (uint32_t a = 0; a < p->step_count; ++a)
        for (uint32_t c = a + 1; c < p->step_count; ++c)
        {
            bool hazard = false, waited = false;

            for (uint32_t i = 0; i < p->steps[a].plan.slot_count; ++i)
                for (uint32_t j = 0; j < p->steps[c].plan.slot_count; ++j)
                    hazard |= (step_writes(&p->steps[a], i) || step_writes(&p->steps[c], j)) &&
                              tensors_alias(&p->tensors[p->steps[a].slots[i].tensor],
                                            &p->tensors[p->steps[c].slots[j].tensor]);
            for (uint32_t s = a + 1; s <= c; ++s)
                waited |= p->steps[s].wait;
            assert_true(!hazard || waited);
        }
    for (uint32_t a = 0; a < p->tensor_count; ++a)
    {
        const struct program_tensor *x = &p->tensors[a];
        if (x->kind != PROGRAM_TENSOR_INTERMEDIATE)
            continue;
        assert_int_equal(x->offset % 256, 0);
        assert_true(x->offset + x->bytes <= p->temporary_size);
        for (uint32_t c = a + 1; c < p->tensor_count; ++c)
        {
            const struct program_tensor *y = &p->tensors[c];
            if (y->kind != PROGRAM_TENSOR_INTERMEDIATE || x->last_step < y->first_step ||
                y->last_step < x->first_step)
                continue;
            assert_true(x->offset + x->bytes <= y->offset || y->offset + y->bytes <= x->offset);
        }
    }
}

/* input -> copy4 x count -> output, nodes listed in reverse. */
static void chain(struct gt_graph *g, const struct gt_fixture *f, UINT count)
{
    gt_init(g, 1, 1);
    for (UINT n = 0; n < count; ++n)
        gt_op(g, f->copy4, NULL);
    gt_in(g, 0, count - 1, 0);
    for (UINT n = count - 1; n > 0; --n)
        gt_mid(g, n, 0, n - 1, 0);
    gt_out(g, 0, 0, 0);
}

static void test_chain_of_three(void **state)
{
    struct gt_graph g;
    struct built b;

    chain(&g, F(state), 3);
    build(F(state), &g, &b);
    assert_int_equal(b.plan.step_count, 3);
    /* Topological: node 2 first, node 0 last. */
    assert_int_equal(b.plan.steps[0].node, 2);
    assert_int_equal(b.plan.steps[2].node, 0);
    assert_int_equal(tensor(&b, b.plan.input_tensor[0])->kind, DML_GRAPH_TENSOR_INPUT);
    assert_int_equal(tensor(&b, b.plan.input_tensor[0])->binding_size, 16);
    assert_int_equal(tensor(&b, b.plan.output_tensor[0])->kind, DML_GRAPH_TENSOR_OUTPUT);
    assert_int_equal(b.plan.steps[2].writes[0], b.plan.output_tensor[0]);
    assert_int_equal(tensor(&b, b.plan.steps[0].writes[0])->kind, DML_GRAPH_TENSOR_INTERMEDIATE);
    const struct program_tensor *t1 = placed(&b, b.plan.steps[0].writes[0]);
    const struct program_tensor *t2 = placed(&b, b.plan.steps[1].writes[0]);
    assert_int_equal(t1->kind, PROGRAM_TENSOR_INTERMEDIATE);
    assert_int_equal(t1->first_step, 0);
    assert_int_equal(t1->last_step, 1);
    assert_int_equal(t2->first_step, 1);
    assert_int_equal(t2->last_step, 2);
    assert_int_not_equal(t1->offset, t2->offset); /* both live at step 1 */
    assert_int_equal(t1->offset % 256 + t2->offset % 256, 0);
    assert_int_equal(b.program.temporary_size, 512);
    assert_int_equal(b.program.persistent_size, 0);
    assert_false(waits(&b, 0));
    assert_true(waits(&b, 1));
    assert_true(waits(&b, 2));
    assert_int_equal(b.layout.input_count, 1);
    assert_int_equal(b.layout.output_count, 1);
    release(&b);
}

static void test_chain_reuses_temporary(void **state)
{
    struct gt_graph g;
    struct built b;

    chain(&g, F(state), 5); /* four intermediates, at most two alive at once */
    build(F(state), &g, &b);
    assert_int_equal(b.program.temporary_size, 512); /* four of 256 bytes in two places */
    assert_int_equal(placed(&b, b.plan.steps[2].writes[0])->offset,
                     placed(&b, b.plan.steps[0].writes[0])->offset);
    release(&b);
}

/* A single node binds like its operator: the layout has the graph's counts, nothing is in the
 * temporary resource; an unconnected SPLIT output is scratch there. */
static void test_single_node(void **state)
{
    struct gt_fixture *f = F(state);
    struct gt_graph g;
    struct built b;

    chain(&g, f, 1);
    build(f, &g, &b);
    assert_int_equal(b.program.step_count, 1);
    assert_int_equal(b.program.temporary_size, 0);
    assert_int_equal(b.layout.inputs[0].need, DML_BINDING_REQUIRED);
    assert_int_equal(b.layout.inputs[0].min_size, 16);
    release(&b);
    gt_init(&g, 1, 2);
    gt_op(&g, f->split22, NULL);
    gt_in(&g, 0, 0, 0);
    gt_out(&g, 0, 1, 0);
    gt_out(&g, 0, 0, 1);
    build(f, &g, &b);
    assert_int_equal(b.program.step_count, 1);
    assert_int_equal(b.layout.output_count, 2);
    assert_int_equal(placed(&b, b.plan.steps[0].writes[0])->binding, 1); /* output 0 -> graph 1 */
    release(&b);
    gt_init(&g, 1, 1);
    gt_op(&g, f->split22, NULL);
    gt_in(&g, 0, 0, 0);
    gt_out(&g, 0, 1, 0);
    build(f, &g, &b);
    /* The unconnected output 0 is scratch: 8 bytes, alive at its step only. */
    const struct program_tensor *scratch = placed(&b, b.plan.steps[0].writes[0]);
    assert_int_equal(scratch->kind, PROGRAM_TENSOR_INTERMEDIATE);
    assert_int_equal(scratch->bytes, 8);
    assert_int_equal(scratch->last_step, 0);
    assert_int_equal(b.program.temporary_size, 256);
    release(&b);
    /* Owned input: forbidden at execution, the initializer's. */
    chain(&g, f, 1);
    g.ops[0].Operator = f->copy4_owned;
    build(f, &g, &b);
    assert_int_equal(b.layout.inputs[0].need, DML_BINDING_FORBIDDEN);
    assert_int_equal(b.program.persistent_size, 256);
    release(&b);
}

static void test_input_roles_and_persistent(void **state)
{
    struct gt_fixture *f = F(state);
    static const uint8_t k[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    struct gt_graph g;
    struct built b;

    /* input 0 edge-less, inputs 1 and 2 owned, a constant of 8 bytes read as 16. */
    gt_init(&g, 4, 4);
    gt_op(&g, f->copy4_owned, NULL);
    gt_op(&g, f->copy4_owned, NULL);
    gt_op(&g, f->copy4, NULL);
    gt_const(&g, k, sizeof(k), NULL);
    gt_op(&g, f->copy4, NULL);
    gt_in(&g, 2, 0, 0);
    gt_in(&g, 1, 1, 0);
    gt_in(&g, 3, 4, 0);
    gt_mid(&g, 3, 0, 2, 0);
    gt_out(&g, 0, 0, 0);
    gt_out(&g, 1, 0, 1);
    gt_out(&g, 2, 0, 2);
    gt_out(&g, 4, 0, 3);
    build(f, &g, &b);
    assert_int_equal(tensor(&b, b.plan.input_tensor[0])->kind, DML_GRAPH_TENSOR_UNUSED_INPUT);
    assert_int_equal(tensor(&b, b.plan.input_tensor[1])->kind, DML_GRAPH_TENSOR_OWNED);
    assert_int_equal(tensor(&b, b.plan.input_tensor[2])->kind, DML_GRAPH_TENSOR_OWNED);
    assert_int_equal(tensor(&b, b.plan.input_tensor[3])->kind, DML_GRAPH_TENSOR_INPUT);
    assert_int_equal(placed(&b, b.plan.input_tensor[1])->offset, 0);
    assert_int_equal(placed(&b, b.plan.input_tensor[2])->offset, 256);
    assert_int_equal(placed(&b, b.plan.input_tensor[1])->bytes, 16);
    assert_int_equal(b.layout.inputs[0].need, DML_BINDING_OPTIONAL); /* GD2 */
    assert_int_equal(b.layout.inputs[1].need, DML_BINDING_FORBIDDEN);
    assert_int_equal(b.layout.inputs[2].need, DML_BINDING_FORBIDDEN);
    assert_int_equal(b.layout.inputs[3].need, DML_BINDING_REQUIRED);
    const struct dml_graph_tensor *c = NULL;
    const struct program_tensor *pc = NULL;
    for (uint32_t t = 0; t < b.plan.tensor_count; ++t)
        if (b.plan.tensors[t].kind == DML_GRAPH_TENSOR_CONSTANT)
            c = &b.plan.tensors[t], pc = placed(&b, t);
    assert_non_null(c);
    assert_int_equal(c->size, 16);
    assert_int_equal(c->data_size, 8);
    assert_memory_equal(c->data, k, 8);
    assert_true(c->data != k); /* a copy (G-B6) */
    /* The program's constant: zero-padded to what its consumer reads (GD3), kept by the
     * compiled graph itself rather than in the persistent resource. */
    assert_int_equal(pc->kind, PROGRAM_TENSOR_CONSTANT);
    assert_int_equal(pc->bytes, 16);
    assert_memory_equal(pc->data, k, 8);
    assert_memory_equal((const uint8_t *)pc->data + 8, (uint8_t[8]){0}, 8);
    assert_int_equal(b.program.persistent_size, 512); /* the two owned inputs */
    assert_int_equal(b.program.temporary_size, 0);
    assert_int_equal(b.program.step_count, 4);
    for (uint32_t s = 0; s < b.program.step_count; ++s)
        assert_false(waits(&b, s));
    release(&b);
}

static void test_copies_into_extra_outputs(void **state)
{
    struct gt_fixture *f = F(state);
    static const float k[4] = {1, 2, 3, 4};
    struct gt_graph g;
    struct built b;

    /* node 0's output into graph outputs 2 and 0 and into node 1; a constant into output 1. */
    gt_init(&g, 1, 4);
    gt_op(&g, f->copy4, NULL);
    gt_op(&g, f->copy4, NULL);
    gt_const(&g, k, 12, NULL);
    gt_in(&g, 0, 0, 0);
    gt_mid(&g, 0, 0, 1, 0);
    gt_out(&g, 0, 0, 2);
    gt_out(&g, 0, 0, 0);
    gt_out(&g, 2, 0, 1);
    gt_out(&g, 1, 0, 3);
    build(f, &g, &b);
    uint32_t copies = 0;
    for (uint32_t s = 0; s < b.plan.step_count; ++s)
    {
        const struct dml_graph_step *step = &b.plan.steps[s];
        if (step->kind == DML_GRAPH_STEP_OPERATOR && step->node == 0)
            assert_int_equal(step->writes[0], b.plan.output_tensor[0]); /* the lowest output */
        if (step->kind == DML_GRAPH_STEP_OPERATOR && step->node == 1)
            assert_int_equal(step->reads[0], b.plan.output_tensor[0]);
        if (step->kind != DML_GRAPH_STEP_COPY)
            continue;
        ++copies;
        if (step->writes[0] == b.plan.output_tensor[2])
        {
            assert_int_equal(step->reads[0], b.plan.output_tensor[0]);
            assert_non_null(step->desc);
            assert_true(waits(&b, s)); /* reads what node 0 just wrote */
        }
        else
        {
            assert_int_equal(step->writes[0], b.plan.output_tensor[1]);
            assert_null(step->desc);
            assert_int_equal(step->bytes, 12);
            assert_int_equal(tensor(&b, step->reads[0])->kind, DML_GRAPH_TENSOR_CONSTANT);
        }
    }
    assert_int_equal(copies, 2);
    assert_int_equal(b.plan.step_count, 4);
    assert_int_equal(tensor(&b, b.plan.output_tensor[1])->binding_size, 12);
    assert_int_equal(b.program.step_count, 4);
    check_waits(&b.program);
    release(&b);
}

/* Random DAGs of copies: every node reads graph input 0 or an earlier node; nodes with no
 * consumer are graph outputs; node indices shuffled. The plan must order steps after their
 * producers; the program must keep live intermediates apart and wait between any two steps that
 * touch the same bytes, one of them writing. */
static uint32_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static void random_dag(struct gt_graph *g, const struct gt_fixture *f, uint64_t *seed)
{
    UINT count = 1 + next(seed) % 40, perm[GT_MAX], src[GT_MAX], used[GT_MAX] = {0}, outputs = 0;

    for (UINT n = 0; n < count; ++n)
    {
        UINT j = next(seed) % (n + 1);
        perm[n] = perm[j];
        perm[j] = n;
        src[n] = next(seed) % 4 == 0 || n == 0 ? UINT32_MAX : next(seed) % n;
        if (src[n] != UINT32_MAX)
            used[src[n]] = 1;
    }
    for (UINT n = 0; n < count; ++n)
        outputs += !used[n];
    gt_init(g, 1, outputs);
    for (UINT n = 0; n < count; ++n)
        gt_op(g, f->copy4, NULL);
    outputs = 0;
    for (UINT n = 0; n < count; ++n)
    {
        if (src[n] == UINT32_MAX)
            gt_in(g, 0, perm[n], 0);
        else
            gt_mid(g, perm[src[n]], 0, perm[n], 0);
        if (!used[n])
            gt_out(g, perm[n], 0, outputs++);
    }
}

/* Steps after their producers (the plan's topological order). */
static void check_order(const struct dml_graph_plan *plan)
{
    uint32_t *writer = malloc(plan->tensor_count * sizeof(*writer));

    memset(writer, 0xff, plan->tensor_count * sizeof(*writer));
    for (uint32_t s = 0; s < plan->step_count; ++s)
    {
        const struct dml_graph_step *step = &plan->steps[s];
        for (uint32_t r = 0; r < step->read_count; ++r)
            if (plan->tensors[step->reads[r]].kind == DML_GRAPH_TENSOR_INTERMEDIATE)
                assert_true(writer[step->reads[r]] < s); /* produced before */
        for (uint32_t w = 0; w < step->write_count; ++w)
            writer[step->writes[w]] = s;
    }
    free(writer);
}

static void test_random_dags(void **state)
{
    uint64_t seed = 12345;
    struct gt_graph g;
    struct built b;
    uint64_t reused = 0;

    for (int i = 0; i < 2000; ++i)
    {
        random_dag(&g, F(state), &seed);
        build(F(state), &g, &b);
        check_order(&b.plan);
        check_waits(&b.program);
        for (uint32_t t = 0; t < b.program.tensor_count; ++t) /* bytes shared over time */
            for (uint32_t u = t + 1; u < b.program.tensor_count; ++u)
                reused += b.program.tensors[t].kind == PROGRAM_TENSOR_INTERMEDIATE &&
                          b.program.tensors[u].kind == PROGRAM_TENSOR_INTERMEDIATE &&
                          b.program.tensors[t].offset == b.program.tensors[u].offset;
        release(&b);
    }
    assert_true(reused > 0); /* the generator does exercise reuse */
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain_of_three),
        cmocka_unit_test(test_chain_reuses_temporary),
        cmocka_unit_test(test_single_node),
        cmocka_unit_test(test_input_roles_and_persistent),
        cmocka_unit_test(test_copies_into_extra_outputs),
        cmocka_unit_test(test_random_dags),
    };

    return cmocka_run_group_tests(tests, gt_setup, gt_teardown);
}
