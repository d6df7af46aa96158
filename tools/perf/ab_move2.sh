# MODE_MOVE's loops unrolled over MAX_RANK (-unroll) and its packed 16-byte vectors (-packed)
# against 145d2ee (-base) and MODE_MOVE as first committed (-new): tiny and SLICE_GRAD cases, both
# rounds alternating; then the generic kernels (DMLOPS_SPECIALIZE=0), which share the loops.
# usage (device): bash tools/perf/ab_move2.sh
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json __GL_SHADER_DISK_CACHE=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export DMLOPS_PIPELINE_CACHE=0
for r in 1 2; do for b in base new unroll packed; do
  echo "=== round $r $b"
  for c in tiny slice_grad; do
    ./build-final/dmlops-bench-$b --filter $c 2>/dev/null | grep -E '^[a-z]|^CPU' | grep -v '^case'
  done
done; done
for b in base new unroll packed; do
  echo "=== generic $b"
  for c in pad_reflect slice_h_step2 split4_axis1; do
    DMLOPS_SPECIALIZE=0 ./build-final/dmlops-bench-$b --filter $c 2>/dev/null | grep -E '^[a-z]' | grep -v '^case' | grep -v _l2
  done
done
