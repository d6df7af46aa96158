/* The one list of implemented operators, read by the registry (src/ops/registry.c: dml_op_<op>),
 * the C reference (reference/reference.c: ref_<op>, in tests/ops/), the fuzzer
 * (tests/fuzz/fuzz_ops.c: fuzz_op_<op>, in tests/ops/ too) and the random graph generator
 * (tests/graph/gr_gen.c: gr_op_<op>, in tests/ops/ too). Adding an operator is its file in
 * src/ops, its test file in tests/ops and a line here (one operator, or one family of versions, a
 * line). A list of names only: including it shares no code between them. */
#ifndef DMLOPS_OPS_OP_LIST_H
#define DMLOPS_OPS_OP_LIST_H

/* clang-format off */
#define DML_OPS(X)                                                                                 \
    X(slice) X(slice1) X(split) X(join) X(padding) X(padding1) X(identity)                         \
    X(tile) X(cast)                                                                                \
    X(depth_to_space) X(depth_to_space1) X(space_to_depth) X(space_to_depth1)                     \
    X(gather) X(gather_elements) X(gather_nd) X(gather_nd1) X(scatter_elements) X(scatter_nd)    \
    X(one_hot) X(reverse_subsequences)                                                             \
    X(fill_value_constant) X(fill_value_sequence) X(diagonal_matrix) X(diagonal_matrix1)          \
    X(slice_grad)
/* clang-format on */

#endif
