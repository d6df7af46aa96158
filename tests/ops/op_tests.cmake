# The operators' test files, tests/ops/<name>.c (one per file of src/ops that defines operators),
# each compiled in parts (op_part.h says why): reference/ builds every file's REFERENCE part,
# tests/validation every VALIDATION part, tests/ops each GPU part as gpu_op_<name> and
# tests/gpu_av its twin gpu_av_op_<name>, tests/fuzz every FUZZ part and tests/graph every GRAPH
# part. A new file joins all of them with no list to edit.
set(DMLOPS_OP_TESTS_DIR ${CMAKE_CURRENT_LIST_DIR})

# dmlops_op_tests(SOURCES_VAR GPU_VAR): every file; the names of those with a GPU part, which the
# file itself says (a line `#if OP_TEST_PART == OP_PART_GPU`, or `#elif`). A file's edit re-runs
# CMake, so that a part added to a file is seen.
function(dmlops_op_tests sources_var gpu_var)
    file(GLOB sources CONFIGURE_DEPENDS ${DMLOPS_OP_TESTS_DIR}/*.c)
    set(gpu)
    foreach(source ${sources})
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
        file(STRINGS ${source} part REGEX "^#(el)?if OP_TEST_PART == OP_PART_GPU$")
        if(part)
            get_filename_component(name ${source} NAME_WE)
            list(APPEND gpu ${name})
        endif()
    endforeach()
    set(${sources_var} ${sources} PARENT_SCOPE)
    set(${gpu_var} ${gpu} PARENT_SCOPE)
endfunction()
