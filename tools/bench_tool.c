/* dmlops-bench: the program behind `dmlops bench` (see bench.h). */
#include "bench.h"

int main(int argc, char **argv)
{
    return bench_main(argc, argv);
}
