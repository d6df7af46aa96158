/* Which part of an operator's test file (tests/ops/<name>.c) this compilation builds. One file
 * holds the operator's C reference, its validation cases, its GPU random differential, its fuzz
 * part and its graph part, but they go into different programs: the reference into
 * dmlops_reference, which the installed `dmlops` tool and the fuzzer link and which must not need
 * cmocka or the test harness; the validation cases into the `validation` executable; the
 * differential, with its main, into gpu_op_<name>; the fuzz part (tests/fuzz/fuzz_op.h) into the
 * fuzzer's decoder, dmlops_fuzz_decoder; the graph part (tests/graph/gr_op.h), last in the file
 * under its own #if, into the random graph generator, dmlops_graph_gen. Each of those targets
 * sets OP_TEST_PART (target_compile_definitions) and every file guards its parts with
 * `#if OP_TEST_PART == OP_PART_...`. */
#ifndef DMLOPS_TESTS_OP_PART_H
#define DMLOPS_TESTS_OP_PART_H

#define OP_PART_REFERENCE 1
#define OP_PART_VALIDATION 2
#define OP_PART_GPU 3
#define OP_PART_FUZZ 4
#define OP_PART_GRAPH 5

#ifndef OP_TEST_PART
#error "OP_TEST_PART: the target that compiles a tests/ops file names the part it builds"
#endif

#endif
