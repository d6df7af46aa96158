# Debian packages, one per install component (`cpack -G DEB` in the build directory, or
# `cmake --build build --target package`):
#   libdmlops0     the library; Vulkan's loader is loaded at run time (volk), so dpkg-shlibdeps
#                  cannot see it and libvulkan1 is named here; a driver is recommended
#   libdmlops-dev  headers, the CMake package, dmlops.pc, docs/rules.md, the examples
#   dmlops-tools   the dmlops tool, its benchmark (libexec) and man page
# Versions come from project(VERSION), itself from include/dmlops.h.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dmlops)
set(CPACK_PACKAGE_VENDOR "libdmlops")
set(CPACK_PACKAGE_CONTACT "libdmlops maintainers <libdmlops@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_COMPONENTS_ALL runtime dev tools)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(dmlops_runtime_package "libdmlops${PROJECT_VERSION_MAJOR}")
set(dmlops_exact "${dmlops_runtime_package} (= ${PROJECT_VERSION}-1)")

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${dmlops_runtime_package})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libvulkan1")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_RECOMMENDS "mesa-vulkan-drivers | vulkan-icd")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "DirectML-compatible data-movement operators on Vulkan: the shared library")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libdmlops-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${dmlops_exact}, libvulkan-dev")
set(CPACK_DEBIAN_DEV_PACKAGE_SHLIBDEPS OFF)
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "DirectML-compatible data-movement operators on Vulkan: headers, CMake and pkg-config files")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME dmlops-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "${dmlops_exact}, libvulkan1")
set(CPACK_COMPONENT_TOOLS_DESCRIPTION
    "DirectML-compatible data-movement operators on Vulkan: the dmlops tool and its benchmark")
set(CPACK_DMLOPS_LIBDIR ${CMAKE_INSTALL_LIBDIR})
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/DmlopsCPackOptions.cmake)
include(CPack)
