/* libFuzzer entry of the graph fuzzer (dmlops_fuzz_graph, built by .ci/fuzz). No GPU needed. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_graph.h"

int LLVMFuzzerInitialize(int *argc, char **argv[]);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char **argv[])
{
    fuzz_graph_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *finding = fuzz_graph_run(data, size, NULL);

    if (finding)
    {
        fprintf(stderr, "==dmlops_fuzz_graph== FINDING: %s\n", finding);
        abort();
    }
    return 0;
}
