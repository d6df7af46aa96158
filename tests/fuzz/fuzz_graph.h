/* Fuzzing IDMLDevice1::CompileGraph: bytes -> a DML_GRAPH_DESC over a palette of operators,
 * compiled with ppv NULL on a device of this library without Vulkan (validation and planning
 * never touch the GPU), then checked. All-zero bytes make a valid chain of copies; every other
 * byte steers one count, index, type or pointer towards an edge (fuzz_bytes.h selectors). */
#ifndef DMLOPS_FUZZ_GRAPH_H
#define DMLOPS_FUZZ_GRAPH_H

#include <stddef.h>
#include <stdint.h>

/* Creates the device and the palette once (idempotent). */
void fuzz_graph_init(void);
/* Runs one input: NULL when the library behaved, else what went wrong. rule_out (optional): the
 * rule that rejected the graph, 0 (DML_RULE_NONE) for a valid graph, -1 when out of memory. */
const char *fuzz_graph_run(const uint8_t *data, size_t size, int *rule_out);

#endif
