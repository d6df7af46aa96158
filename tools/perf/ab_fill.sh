# MODE_FILL (fill_spec.comp), the fusion price of a transpose the tile kernel no longer takes and
# ZIP (-new) against 26fcfeb with the 3-channel bench cases (-base): the generators, trilu, the
# NHWC pad-split graph, depth and space, the NCHW <-> NHWC transposes (64 and 3 channels) and
# controls, both builds alternating over two rounds; then the generators on the
# generic kernel.
# build here: Release builds of `dmlops_bench` (cmake -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF)
# of this commit as build-final/dmlops-bench-new and of 26fcfeb with tools/bench_suite.c's two
# 3-channel cases applied (git diff 26fcfeb 2846a20 -- tools/bench_suite.c) as -base; carry
# build-final and .gl (the amd64 debs of libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0
# libgles2 from `apt-get download`: the device machine has the NVIDIA driver but no loader).
# usage (device): bash tools/perf/ab_fill.sh
for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json __GL_SHADER_DISK_CACHE=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export DMLOPS_PIPELINE_CACHE=0
for r in $(seq ${ROUNDS:-2}); do for b in base new; do
  echo "=== round $r $b"
  for c in fill_ diagonal trilu nhwc_pad_split4 depth identity_n slice_h_step2 pad_reflect; do
    ./build-final/dmlops-bench-$b --filter $c 2>/dev/null | grep -E '^[a-z]|^CPU' | grep -v '^case' | grep -v _l2
  done
done; done
[ -n "$NO_GENERIC" ] || for b in base new; do
  echo "=== generic $b"
  for c in fill_ diagonal; do
    DMLOPS_SPECIALIZE=0 ./build-final/dmlops-bench-$b --filter $c 2>/dev/null | grep -E '^[a-z]' | grep -v '^case'
  done
done
