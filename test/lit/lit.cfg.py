# lit configuration of cxx-offload's tests.
import os
import sys
import lit.formats

config.name = "cxx-offload"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.offload_obj_root, "test", "lit")
# A build's first run reads the tests' durations from .lit_test_times.txt
# beside this file, so that the longest start first and none is left alone at
# the end; later runs read the build tree's own record.

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.join(config.offload_obj_root, "bin"),
     config.environment.get("PATH", "")])
# The tests' device compiles keep the library's precompiled headers in the
# build tree, not the user's cache.
config.environment["OFFLOAD_CACHE_DIR"] = os.path.join(
    config.offload_obj_root, "test", "lit", "offload-cache")
# Tests see the runtime's messages only when they ask for them.
for var in ("OFFLOAD_INFO", "OFFLOAD_DEVICE", "OFFLOAD_CUDA_PATH",
            "OFFLOAD_ROCM_PATH"):
    config.environment.pop(var, None)

include = os.path.join(config.offload_src_root, "include")
cxxflags = "-std=c++20 -I%s" % include
plugin = "-fplugin=%s" % config.offload_plugin
ldflags = "-L{rt} -Wl,-rpath,{rt} -lcxxoffload".format(
    rt=config.offload_runtime_dir)

config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%gxx", config.gxx))
config.substitutions.append(("%cxxflags", cxxflags))
# Before %plugin, which is a prefix of it.
config.substitutions.append(("%pluginlib", config.offload_plugin))
config.substitutions.append(("%plugin", plugin))
# Compile with the plugin for the host device only (fast, needs no CUDA).
config.substitutions.append(
    ("%offload_host", "%s %s %s -fplugin-arg-offload-targets=host" %
     (config.clangxx, cxxflags, plugin)))
config.substitutions.append(("%offload", "%s %s %s" %
                             (config.clangxx, cxxflags, plugin)))
config.substitutions.append(("%ldflags", ldflags))
config.substitutions.append(("%rtdir", config.offload_runtime_dir))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%objroot", config.offload_obj_root))
config.substitutions.append(("%examples", os.path.join(config.offload_src_root, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))

if config.ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
if config.gxx:
    config.available_features.add("gxx")

# `native` targets: whether the build machine has a GPU that clang's tools see.
import subprocess
def lists_a_gpu(tool):
    path = os.path.join(config.llvm_tools_dir, tool)
    if not os.path.exists(path):
        return False
    out = subprocess.run([path], capture_output=True, text=True)
    return bool(out.stdout.strip())
if not any(lists_a_gpu(t) for t in ("nvptx-arch", "amdgpu-arch")):
    config.available_features.add("no-native-gpu")
