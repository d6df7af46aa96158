for f in .gl/*.deb; do dpkg -x $f / >/dev/null; done; ldconfig; export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json __GL_SHADER_DISK_CACHE=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for r in 1 2; do for b in dmlops-bench-38c8867 dmlops-bench-move; do
  echo "=== round $r $b generic"
  for c in slice_h_step2 split4_axis1 pad_reflect join4_axis1 slice_hw_window_tiny; do DMLOPS_SPECIALIZE=0 ./build-final/$b --filter $c 2>/dev/null | grep -E '^[a-z]'; done
  echo "=== round $r $b default"
  for c in tile_x2_hw depth_to_space; do ./build-final/$b --filter $c 2>/dev/null | grep -E '^[a-z]'; done
done; done
