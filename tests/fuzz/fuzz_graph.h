/* Fuzzing IDMLDevice1::CompileGraph: bytes -> a DML_GRAPH_DESC over a palette of operators,
 * compiled with ppv NULL and checked against the validator; a graph it accepts is then built into
 * programs with fusion on and off, both run on the CPU plan interpreter and compared
 * (fuzz_graph_exec.c), and, on a device with Vulkan (the library's default device when one can
 * run it, else a device without Vulkan and no real compile), compiled for real with fusion on and
 * off and released. All-zero bytes make a valid chain of copies; every other byte steers one
 * count, index, type or pointer towards an edge (fuzz_bytes.h selectors). */
#ifndef DMLOPS_FUZZ_GRAPH_H
#define DMLOPS_FUZZ_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Creates the device and the palette once (idempotent); fuzz_graph_shutdown releases them (a
 * driver's allocations live with its device). */
void fuzz_graph_init(void);
void fuzz_graph_shutdown(void);
/* Runs one input: NULL when the library behaved, else what went wrong. rule_out (optional): the
 * rule that rejected the graph, 0 (DML_RULE_NONE) for a valid graph, -1 when out of memory. */
const char *fuzz_graph_run(const uint8_t *data, size_t size, int *rule_out);
/* How many accepted graphs had their fused and unfused programs compared, in how many of them
 * fusion removed steps, and how many real compiles (two per accepted graph on a device with
 * Vulkan) ran so far. */
void fuzz_graph_exec_counts(unsigned *fusion_compared, unsigned *fused, unsigned *real_compiles);
/* Whether the fuzzer's device has Vulkan (real compiles run). */
bool fuzz_graph_vulkan(void);

#endif
