# A/B of several dmlops-bench builds in one device call, alternating, each case filter run once
# per build per round. Builds: build-final/dmlops-bench-<name> (Release, target dmlops_bench),
# carried with .gl (the amd64 debs of libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0
# libgles2 from `apt-get download`: the device machine has the NVIDIA driver but no loader).
# usage (device): BUILDS="base new" CASES="fill_ depth" ROUNDS=2 bash tools/perf/ab.sh
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json __GL_SHADER_DISK_CACHE=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export DMLOPS_PIPELINE_CACHE=0
for r in $(seq ${ROUNDS:-2}); do for b in ${BUILDS:?}; do
  echo "=== round $r $b"
  for c in ${CASES:?}; do
    ./build-final/dmlops-bench-$b --filter $c 2>/dev/null | grep -E '^[a-z]|^CPU' | grep -v '^case'
  done
done; done
