/* LD_PRELOAD shim for the sanitizer stages (.ci/sanitize): dlclose() leaves every module loaded.
 *
 * The Vulkan loader unloads the driver and the layers at vkDestroyInstance. LeakSanitizer and
 * valgrind check for leaks at exit, by which time those modules are gone: blocks that only their
 * globals pointed to look leaked, their frames print as "<unknown module>" and no suppression can
 * name them; ThreadSanitizer even aborts when a called_from_lib library is unloaded. Keeping them
 * loaded costs nothing at exit and makes every report name its module.
 *
 * Preloaded ahead of the executable's NEEDED libraries, so ASan runs with
 * verify_asan_link_order=0: the shim defines nothing else, libasan still provides malloc. */
int dlclose(void *handle)
{
    (void)handle;
    return 0;
}
