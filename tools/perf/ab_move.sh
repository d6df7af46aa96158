# MODE_MOVE (move.comp with the plan in constants) against the build before it: the tiny cases and
# the cases whose plans no vector walk takes, both builds alternating, two rounds, one H100 call.
# usage (device): bash tools/perf/ab_move.sh   (build-final/dmlops-bench-base and -new, Release)
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json __GL_SHADER_DISK_CACHE=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export DMLOPS_PIPELINE_CACHE=0
for r in 1 2; do for b in dmlops-bench-base dmlops-bench-new; do
  echo "=== round $r $b"
  for c in tiny slice_grad nhwc_pad_split4 depth_to_space space_to_depth tile_x2 join4_slices chain8 identity_broadcast; do
    ./build-final/$b --filter $c 2>/dev/null | grep -E '^[a-z]|^CPU' | grep -v '^case'
  done
done; done
