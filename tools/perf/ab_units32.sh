# MODE_MOVE's offsets in 32 bits (-units32, a spec flag; measured and not kept:
# tools/perf/h200-2026-11-27-units32-ab.txt) against 0bd1bdd (-packed2): tiny
# and SLICE_GRAD cases, alternating, three rounds, one call.
# usage (device): bash tools/perf/ab_units32.sh
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json __GL_SHADER_DISK_CACHE=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export DMLOPS_PIPELINE_CACHE=0
for r in 1 2 3; do for b in packed2 units32; do
  echo "=== round $r $b"
  for c in tiny slice_grad_w slice_grad_hw_rev; do
    ./build-final/dmlops-bench-$b --filter $c 2>/dev/null | grep -E '^[a-z]' | grep -v '^case'
  done
done; done
