# Read by cpack itself, per generator: the runtime package's staging tree lies under the directory
# cpack works in (its -B), which is known only now. dpkg-shlibdeps finds libdmlops.so.0, needed by
# the tools, there.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS
    "${CPACK_PACKAGE_DIRECTORY}/_CPack_Packages/Linux/DEB/${CPACK_PACKAGE_FILE_NAME}/runtime${CPACK_PACKAGING_INSTALL_PREFIX}/${CPACK_DMLOPS_LIBDIR}")
