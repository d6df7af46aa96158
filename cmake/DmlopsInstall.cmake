# What `cmake --install` puts where, by component (the Debian packages of DmlopsPackage.cmake):
#   runtime  libdmlops.so.N and the licence
#   dev      headers, libdmlops.so, the CMake package, dmlops.pc, docs/rules.md, the examples
#   tools    dmlops, dmlops-bench (libexec), the man page (tools/ and docs/ install those)
include(CMakePackageConfigHelpers)
set(DMLOPS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/dmlops)

install(TARGETS dmlops EXPORT dmlopsTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev)
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
install(FILES include/DirectML.h include/dmlops.h
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
install(EXPORT dmlopsTargets NAMESPACE dmlops:: DESTINATION ${DMLOPS_CMAKE_DIR} COMPONENT dev)
configure_package_config_file(cmake/dmlopsConfig.cmake.in
    ${PROJECT_BINARY_DIR}/dmlopsConfig.cmake INSTALL_DESTINATION ${DMLOPS_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/dmlopsConfigVersion.cmake
    COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/dmlopsConfig.cmake ${PROJECT_BINARY_DIR}/dmlopsConfigVersion.cmake
    DESTINATION ${DMLOPS_CMAKE_DIR} COMPONENT dev)

# dmlops.pc names the prefix the tree is installed to: the one of `cmake --install --prefix X`
# (X), of the Debian packages (/usr), or the configured one, known only when installing.
set(DMLOPS_PC_PREFIX "@DMLOPS_PC_PREFIX@") # kept for the install step below
configure_file(cmake/dmlops.pc.in ${PROJECT_BINARY_DIR}/dmlops.pc.in @ONLY)
install(CODE "
    set(DMLOPS_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${PROJECT_BINARY_DIR}/dmlops.pc.in\" \"${PROJECT_BINARY_DIR}/pc/dmlops.pc\" @ONLY)
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\"
        TYPE FILE FILES \"${PROJECT_BINARY_DIR}/pc/dmlops.pc\")" COMPONENT dev)

install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples COMPONENT dev)
install(FILES CHANGELOG.md README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT dev)
