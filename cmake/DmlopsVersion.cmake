# The version lives in one place, include/dmlops.h (DMLOPS_VERSION_MAJOR/MINOR/PATCH), where a
# program sees it at compile time; project(VERSION) reads it from there, and from that come the
# SONAME, dmlops.pc, the CMake package's version file, the Debian packages and `dmlops --version`.
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/../include/dmlops.h DMLOPS_VERSION_LINES
    REGEX "^#define DMLOPS_VERSION_(MAJOR|MINOR|PATCH) [0-9]+$")
foreach(part MAJOR MINOR PATCH)
    string(REGEX MATCH "DMLOPS_VERSION_${part} ([0-9]+)" match "${DMLOPS_VERSION_LINES}")
    if(NOT match)
        message(FATAL_ERROR "include/dmlops.h lacks #define DMLOPS_VERSION_${part} <number>")
    endif()
    set(DMLOPS_VERSION_${part} ${CMAKE_MATCH_1})
endforeach()
set(DMLOPS_VERSION ${DMLOPS_VERSION_MAJOR}.${DMLOPS_VERSION_MINOR}.${DMLOPS_VERSION_PATCH})
