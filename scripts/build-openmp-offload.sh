#!/usr/bin/env bash
# Builds a self-contained OpenMP-offload kit for clang-22 on Debian (NVIDIA
# GPUs, nvptx64), installing nothing system-wide:
#
#   DIR/bin/clang-linker-wrapper, clang-nvlink-wrapper, offload-arch,
#           nvptx-arch            taken from the clang-tools-22 .deb (dpkg -x)
#   DIR/bin/clang                 helper the linker wrapper runs for the device
#                                 link (real clang + -B DIR/bin + -L device libs)
#   DIR/bin/omp-clang++, omp-clang  compiler wrappers that add the flags below
#   DIR/lib/nvptx64-nvidia-cuda/libomptarget-nvptx.bc, libompdevice.a
#                                 OpenMP device runtime, built from the LLVM
#                                 sources of Debian's llvm-toolchain-22 package
#   DIR/env.sh                    exports OMP_OFFLOAD_CXXFLAGS / _LDFLAGS
#
# Usage: scripts/build-openmp-offload.sh DIR [WORKDIR]
#   WORKDIR (default DIR/work) holds the apt state, the downloads, the sources
#   and the build tree; it can be deleted once the script has succeeded (a
#   re-run then only refreshes the wrappers and re-runs the self-test).
#
# Then, e.g.:
#   DIR/bin/omp-clang++ -O3 prog.cpp -o prog       # adds -fopenmp --offload-arch=sm_90
# or, with the plain compiler:
#   . DIR/env.sh
#   clang++-22 $OMP_OFFLOAD_CXXFLAGS -c prog.cpp   # compile
#   clang++-22 $OMP_OFFLOAD_LDFLAGS prog.o -o prog # link
#
# Environment (all optional):
#   CLANGXX          clang++ to use/match             (default clang++-22)
#   CUDA_PATH        CUDA toolkit (ptxas, nvlink)      (default /usr/local/cuda)
#   OMP_OFFLOAD_ARCH GPU arch for wrappers/self-test   (default sm_90)
#   JOBS             parallel compile jobs             (default 2)
#   LLVM_DEB_VERSION Debian version of clang-22/llvm-toolchain-22
#                    (default: the installed clang-22 package's version)
#   DEBIAN_SUITE     apt suite holding that version    (default <codename>-security)
#   DEBIAN_SECURITY_MIRROR (default http://deb.debian.org/debian-security)
#   DEBIAN_MIRROR    fallback for the orig tarball     (default http://deb.debian.org/debian)
#   LLVM_SRC_TARBALL use this llvm-toolchain-22_*.orig.tar.xz instead of downloading
#   CLANG_TOOLS_DEB  use this clang-tools-22 .deb instead of downloading
#   REBUILD=1        rebuild the device runtime even if DIR already has it
#   SKIP_SELFTEST=1  skip the final compile/link/run check
set -euo pipefail

me="build-openmp-offload"
log() { printf '[%s] %s\n' "$me" "$*" >&2; }
die() { printf '[%s] ERROR: %s\n' "$me" "$*" >&2; exit 1; }
run() { log "+ $*"; "$@"; }
# shellcheck disable=SC2154
trap 'rc=$?; printf "[%s] ERROR: failed (exit %s) at line %s: %s\n" "$me" "$rc" "$LINENO" "$BASH_COMMAND" >&2' ERR

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  "") usage >&2; die "missing argument DIR (output folder)" ;;
esac
[ $# -le 2 ] || die "too many arguments (usage: $0 DIR [WORKDIR])"

mkdir -p "$1" || die "cannot create $1"
DIR=$(cd "$1" && pwd)
WORK=${2:-$DIR/work}
mkdir -p "$WORK" || die "cannot create $WORK"
WORK=$(cd "$WORK" && pwd)
JOBS=${JOBS:-2}
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
ARCH=${OMP_OFFLOAD_ARCH:-sm_90}
TRIPLE=nvptx64-nvidia-cuda
start=$(date +%s)

# --- 0. tools and versions -------------------------------------------------
for t in tar xz sha256sum dpkg-deb cmake ninja; do
  command -v "$t" >/dev/null || die "'$t' not found in PATH"
done
CLANGXX=${CLANGXX:-clang++-22}
clangxx_path=$(command -v "$CLANGXX") || die "'$CLANGXX' not found (set CLANGXX)"
LLVM_BIN=$(dirname "$(readlink -f "$clangxx_path")")
[ -x "$LLVM_BIN/clang" ] && [ -x "$LLVM_BIN/clang++" ] ||
  die "no clang/clang++ next to $(readlink -f "$clangxx_path")"
for t in llvm-ar llvm-ranlib; do
  [ -x "$LLVM_BIN/$t" ] || die "$LLVM_BIN/$t missing (package llvm-22)"
done
clang_ver=$("$LLVM_BIN/clang" -dumpversion)      # e.g. 22.1.8
major=${clang_ver%%.*}
srcpkg=llvm-toolchain-$major
log "clang: $LLVM_BIN/clang ($clang_ver); output: $DIR; work: $WORK"

if [ -z "${LLVM_DEB_VERSION:-}" ]; then
  LLVM_DEB_VERSION=$(dpkg-query -W -f='${Version}' "clang-$major" 2>/dev/null) ||
    die "package clang-$major not installed; set LLVM_DEB_VERSION (e.g. 1:22.1.8-1~deb12u1)"
fi
upstream=${LLVM_DEB_VERSION#*:}; upstream=${upstream%-*}   # 22.1.8
[ "$upstream" = "$clang_ver" ] ||
  log "WARNING: Debian version $LLVM_DEB_VERSION does not match clang $clang_ver"

if [ -z "${DEBIAN_SUITE:-}" ]; then
  codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
  [ -n "$codename" ] || die "cannot read VERSION_CODENAME from /etc/os-release; set DEBIAN_SUITE"
  DEBIAN_SUITE=$codename-security
fi
SEC_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
MAIN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

# Private apt state (no root, nothing under /etc or /var touched).
apt_opts=()
apt_ready=
apt_setup() {
  [ -n "$apt_ready" ] && return 0
  command -v apt-get >/dev/null || die "apt-get not found"
  local a=$WORK/apt
  mkdir -p "$a/lists/partial" "$a/cache/archives/partial"
  printf 'deb %s %s main\ndeb-src %s %s main\n' "$SEC_MIRROR" "$DEBIAN_SUITE" \
    "$SEC_MIRROR" "$DEBIAN_SUITE" > "$a/sources.list.new"
  if ! cmp -s "$a/sources.list.new" "$a/sources.list" 2>/dev/null; then
    mv "$a/sources.list.new" "$a/sources.list"; rm -f "$a/.updated"
  else
    rm -f "$a/sources.list.new"
  fi
  apt_opts=(-o "Dir::Etc::SourceList=$a/sources.list" -o Dir::Etc::SourceParts=/dev/null
            -o "Dir::State::Lists=$a/lists" -o "Dir::Cache=$a/cache")
  [ "$(id -u)" -eq 0 ] && apt_opts+=(-o APT::Sandbox::User=root)
  if [ ! -e "$a/.updated" ]; then
    log "apt: updating private package lists ($SEC_MIRROR $DEBIAN_SUITE)"
    run apt-get -q "${apt_opts[@]}" update >&2 || die "apt-get update failed"
    touch "$a/.updated"
  fi
  apt_ready=1
}

# --- 1. clang-linker-wrapper & co from clang-tools-22 ----------------------
tools=(clang-linker-wrapper clang-nvlink-wrapper offload-arch)
have_tools=1
for t in "${tools[@]}"; do [ -x "$DIR/bin/$t" ] || have_tools=; done
if [ -n "$have_tools" ]; then
  log "step 1: $DIR/bin/clang-linker-wrapper present, skipping clang-tools-$major"
else
  log "step 1: extracting ${tools[*]} from clang-tools-$major $LLVM_DEB_VERSION"
  d=$WORK/clang-tools
  mkdir -p "$d"
  deb=${CLANG_TOOLS_DEB:-}
  if [ -z "$deb" ]; then
    deb=$(ls "$d"/clang-tools-"$major"_*.deb 2>/dev/null | head -n1 || true)
    if [ -z "$deb" ]; then
      apt_setup
      (cd "$d" && run apt-get -q "${apt_opts[@]}" download "clang-tools-$major=$LLVM_DEB_VERSION" >&2) ||
        die "could not download clang-tools-$major=$LLVM_DEB_VERSION"
      deb=$(ls "$d"/clang-tools-"$major"_*.deb | head -n1)
    fi
  fi
  [ -f "$deb" ] || die "no clang-tools .deb ($deb)"
  rm -rf "$d/x"
  run dpkg-deb -x "$deb" "$d/x"
  src=$d/x/usr/lib/llvm-$major/bin
  mkdir -p "$DIR/bin"
  for t in "${tools[@]}"; do
    [ -f "$src/$t" ] || die "$t not in $deb"
    run install -m 0755 "$src/$t" "$DIR/bin/$t"
  done
  ln -sfn offload-arch "$DIR/bin/nvptx-arch"
  for t in "${tools[@]}"; do
    if ldd "$DIR/bin/$t" | grep -q 'not found'; then
      ldd "$DIR/bin/$t" >&2; die "$t: missing shared libraries (install libllvm$major)"
    fi
  done
fi

# --- 2. OpenMP device runtime for nvptx64 ----------------------------------
rtdir=$DIR/lib/$TRIPLE
info=$DIR/build-info.txt
built_for=$(sed -n 's/^clang_version=//p' "$info" 2>/dev/null || true)
if [ -z "${REBUILD:-}" ] && [ -f "$rtdir/libompdevice.a" ] && [ -f "$rtdir/libomptarget-nvptx.bc" ] &&
   [ "$built_for" = "$clang_ver" ]; then
  log "step 2: device runtime for clang $clang_ver present in $rtdir, skipping (REBUILD=1 to redo)"
else
  # 2a. the orig tarball of llvm-toolchain-NN, checked against apt's SHA256
  dl=$WORK/download
  mkdir -p "$dl"
  if [ -n "${LLVM_SRC_TARBALL:-}" ]; then
    tarball=$LLVM_SRC_TARBALL
    [ -f "$tarball" ] || die "LLVM_SRC_TARBALL=$tarball does not exist"
    log "step 2a: using $tarball"
  else
    apt_setup
    uris=$(apt-get -q "${apt_opts[@]}" source --print-uris "$srcpkg=$LLVM_DEB_VERSION" 2>/dev/null |
           grep "^'.*\.orig\.tar\.[a-z0-9]*' " || true)
    [ -n "$uris" ] || die "apt knows no source $srcpkg=$LLVM_DEB_VERSION in $DEBIAN_SUITE"
    read -r url file _size sha <<<"$(head -n1 <<<"$uris")"
    url=${url//\'/}; sha=${sha#SHA256:}
    tarball=$dl/$file
    if [ -f "$tarball" ] && echo "$sha  $tarball" | sha256sum -c --status; then
      log "step 2a: $file already downloaded"
    else
      command -v curl >/dev/null || die "curl not found"
      # The security mirror does not always serve the orig tarball (404 seen);
      # the main archive's pool has the same file (same name, same SHA256).
      p=${srcpkg:0:1}; [[ $srcpkg == lib* ]] && p=${srcpkg:0:4}
      ok=
      for u in "$url" "$MAIN_MIRROR/pool/main/$p/$srcpkg/$file"; do
        log "step 2a: downloading $u (~200 MB)"
        if curl -fL --retry 3 --progress-bar -o "$tarball.part" "$u"; then
          if echo "$sha  $tarball.part" | sha256sum -c --status; then
            mv "$tarball.part" "$tarball"; ok=1; break
          fi
          log "SHA256 mismatch for $u"
        fi
        rm -f "$tarball.part"
      done
      [ -n "$ok" ] || die "could not download $file (SHA256 $sha); fetch it yourself and set LLVM_SRC_TARBALL"
    fi
  fi

  # 2b. extract only what the device runtime build reads
  srcdir=$WORK/llvm-project
  stamp=$srcdir/.extracted-$(basename "$tarball")
  if [ -f "$stamp" ]; then
    log "step 2b: sources already extracted in $srcdir"
  else
    rm -rf "$srcdir"; mkdir -p "$srcdir"
    top=$(tar -tJf "$tarball" 2>/dev/null | head -n1 | cut -d/ -f1 || true)
    [ -n "$top" ] || die "cannot list $tarball"
    parts=(cmake runtimes openmp llvm/cmake offload/include libc/shared)
    log "step 2b: extracting ${parts[*]} from $(basename "$tarball")"
    run tar -xJf "$tarball" -C "$srcdir" --strip-components=1 "${parts[@]/#/$top/}"
    touch "$stamp"
  fi

  # 2c. configure: a runtimes build of openmp for the nvptx64 triple, with the
  # clang we will use (the device runtime is LLVM bitcode: it has to match).
  build=$WORK/build-$TRIPLE
  if [ ! -f "$build/build.ninja" ]; then
    command -v python3 >/dev/null || die "python3 not found (needed by LLVM's CMake)"
    log "step 2c: configuring $build"
    run cmake -G Ninja -S "$srcdir/runtimes" -B "$build" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$DIR" \
      -DCMAKE_C_COMPILER="$LLVM_BIN/clang" -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++" \
      -DCMAKE_AR="$LLVM_BIN/llvm-ar" -DCMAKE_RANLIB="$LLVM_BIN/llvm-ranlib" \
      -DCMAKE_C_COMPILER_TARGET=$TRIPLE -DCMAKE_CXX_COMPILER_TARGET=$TRIPLE \
      -DCMAKE_ASM_COMPILER_TARGET=$TRIPLE \
      -DCMAKE_C_COMPILER_WORKS=ON -DCMAKE_CXX_COMPILER_WORKS=ON -DCMAKE_ASM_COMPILER_WORKS=ON \
      -DLLVM_DEFAULT_TARGET_TRIPLE=$TRIPLE -DLLVM_RUNTIMES_TARGET=$TRIPLE \
      -DLLVM_ENABLE_RUNTIMES=openmp -DLLVM_ENABLE_PER_TARGET_RUNTIME_DIR=ON \
      -DLLVM_INCLUDE_TESTS=OFF -DLLVM_INCLUDE_DOCS=OFF \
      -DCMAKE_EXE_LINKER_FLAGS="-B$DIR/bin" >&2 ||
      { rm -f "$build/build.ninja"; die "cmake configure failed (see above)"; }
  else
    log "step 2c: $build already configured"
  fi
  # 2d. build (15 files, links them into one bitcode file) and install into DIR
  log "step 2d: building the device runtime"
  run cmake --build "$build" -j "$JOBS" >&2 || die "device runtime build failed"
  run cmake --install "$build" >&2 || die "install into $DIR failed"
  for f in libompdevice.a libomptarget-nvptx.bc; do
    [ -s "$rtdir/$f" ] || die "$rtdir/$f was not produced"
  done
  { echo "clang_version=$clang_ver"
    echo "clang=$LLVM_BIN/clang"
    echo "debian_version=$LLVM_DEB_VERSION"
    echo "sources=$(basename "$tarball") sha256=$(sha256sum < "$tarball" | cut -d' ' -f1)"
    echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > "$info"
fi

# --- 3. wrappers and env.sh -------------------------------------------------
log "step 3: writing $DIR/bin/clang, omp-clang++, omp-clang and $DIR/env.sh"
# clang-linker-wrapper runs `clang` from its own folder (else from PATH, where
# /usr/bin/clang may be an older clang) for the device link; that clang must
# find clang-nvlink-wrapper (-B) and libompdevice.a (-L).
cat > "$DIR/bin/clang.new" <<EOF
#!/bin/sh
# Generated by build-openmp-offload.sh: the clang that clang-linker-wrapper
# runs for device links. OMP_OFFLOAD_LLVM_BIN overrides the LLVM bin folder.
d=\$(dirname "\$(readlink -f "\$0")")
exec "\${OMP_OFFLOAD_LLVM_BIN:-$LLVM_BIN}/clang" -B"\$d" -L"\$d/../lib/$TRIPLE" "\$@"
EOF
for drv in clang++ clang; do
  cat > "$DIR/bin/omp-$drv.new" <<EOF
#!/bin/sh
# Generated by build-openmp-offload.sh: $drv (LLVM $clang_ver) with OpenMP
# offloading to NVIDIA GPUs. Adds -fopenmp and --offload-arch=\$OMP_OFFLOAD_ARCH
# (default $ARCH) unless given, and the paths to this kit and to CUDA
# (\$CUDA_PATH, default /usr/local/cuda). Use it to compile and to link.
d=\$(cd "\$(dirname "\$(readlink -f "\$0")")/.." && pwd)
cuda=\${CUDA_PATH:-/usr/local/cuda}
omp=1 arch=1 bc=
for a in "\$@"; do
  case \$a in
    -fopenmp|-fopenmp=*) omp= ;;
    --offload-arch=*|--offload-arch|-fopenmp-targets=*|--no-offload-arch=*) arch= ;;
    # compiling (not only linking): point the device compile at the bitcode runtime
    -c|-S|*.c|*.cc|*.cpp|*.cxx|*.C|*.c++|*.i|*.ii) bc=1 ;;
  esac
done
[ -n "\$bc" ] && set -- "--libomptarget-nvptx-bc-path=\$d/lib/$TRIPLE" "\$@"
[ -n "\$arch" ] && set -- "--offload-arch=\${OMP_OFFLOAD_ARCH:-$ARCH}" "\$@"
[ -n "\$omp" ] && set -- -fopenmp "\$@"
exec "\${OMP_OFFLOAD_LLVM_BIN:-$LLVM_BIN}/$drv" --cuda-path="\$cuda" -B"\$d/bin" "\$@"
EOF
done
cat > "$DIR/env.sh.new" <<EOF
# Generated by build-openmp-offload.sh. Source it: . $DIR/env.sh
# Sets OMP_OFFLOAD_DIR and the flags for clang++-$major (LLVM $clang_ver):
#   compile: \$OMP_OFFLOAD_CXX \$OMP_OFFLOAD_CXXFLAGS -c x.cpp
#   link:    \$OMP_OFFLOAD_CXX \$OMP_OFFLOAD_LDFLAGS x.o -o x
# Link flags must also carry -fopenmp --offload-arch=... (the device link);
# clang adds -lomp -lomptarget -L$LLVM_BIN/../lib itself.
# Or use \$OMP_OFFLOAD_DIR/bin/omp-clang++, which adds all of it.
# CUDA_PATH (default /usr/local/cuda), OMP_OFFLOAD_ARCH (default $ARCH) and
# OMP_OFFLOAD_DIR (default: where this kit was built) are read here.
export OMP_OFFLOAD_DIR=\${OMP_OFFLOAD_DIR:-$DIR}
export OMP_OFFLOAD_CXX=\${OMP_OFFLOAD_LLVM_BIN:-$LLVM_BIN}/clang++
export OMP_OFFLOAD_LDFLAGS="-fopenmp --offload-arch=\${OMP_OFFLOAD_ARCH:-$ARCH} --cuda-path=\${CUDA_PATH:-/usr/local/cuda} -B\$OMP_OFFLOAD_DIR/bin"
export OMP_OFFLOAD_CXXFLAGS="\$OMP_OFFLOAD_LDFLAGS --libomptarget-nvptx-bc-path=\$OMP_OFFLOAD_DIR/lib/$TRIPLE"
EOF
for f in bin/clang bin/omp-clang++ bin/omp-clang env.sh; do
  mv "$DIR/$f.new" "$DIR/$f"
done
chmod 0755 "$DIR/bin/clang" "$DIR/bin/omp-clang++" "$DIR/bin/omp-clang"
chmod 0644 "$DIR/env.sh"

# --- 4. self-test -------------------------------------------------------------
if [ -n "${SKIP_SELFTEST:-}" ]; then
  log "step 4: self-test skipped"
else
  log "step 4: self-test (compile, link, list the $ARCH image, run)"
  [ -x "$CUDA_PATH/bin/ptxas" ] && [ -x "$CUDA_PATH/bin/nvlink" ] ||
    die "no ptxas/nvlink in $CUDA_PATH/bin (set CUDA_PATH)"
  t=$WORK/selftest
  rm -rf "$t"; mkdir -p "$t"
  cat > "$t/saxpy.cpp" <<'EOF'
#include <cstdio>
int main(){ int n=1<<20; float *x=new float[n]; for(int i=0;i<n;i++)x[i]=i;
#pragma omp target teams distribute parallel for map(tofrom:x[0:n])
for(int i=0;i<n;i++) x[i]=2*x[i];
printf("%f\n", x[123]); delete[] x; }
EOF
  cat > "$t/reduce.cpp" <<'EOF'
#include <cstdio>
int main(){ const int n=1<<20; double s=0; int mx=0;
#pragma omp target teams distribute parallel for reduction(+:s) reduction(max:mx)
for(int i=0;i<n;i++){ s+=0.5*i; mx = mx>i ? mx : i; }
printf("%.1f %d\n", s, mx); }
EOF
  export CUDA_PATH OMP_OFFLOAD_ARCH=$ARCH
  run "$DIR/bin/omp-clang++" -O2 "$t/saxpy.cpp" -o "$t/saxpy" || die "self-test: saxpy did not build"
  run "$DIR/bin/omp-clang++" -O3 -c "$t/reduce.cpp" -o "$t/reduce.o" || die "self-test: reduce.cpp did not compile"
  run "$DIR/bin/omp-clang++" -O3 "$t/reduce.o" -o "$t/reduce" || die "self-test: reduce did not link"
  if [ -x "$LLVM_BIN/llvm-objdump" ]; then
    for b in saxpy reduce; do
      "$LLVM_BIN/llvm-objdump" --offloading "$t/$b" | grep -q "arch *$ARCH" ||
        die "self-test: no $ARCH image embedded in $b"
    done
    log "self-test: $ARCH images embedded (llvm-objdump --offloading)"
  fi
  out=$("$t/saxpy" 2>&1) || die "self-test: saxpy failed: $out"
  [ "$out" = "246.000000" ] || die "self-test: saxpy printed '$out', expected 246.000000"
  out=$("$t/reduce" 2>&1) || die "self-test: reduce failed: $out"
  [ "$out" = "274877644800.0 1048575" ] || die "self-test: reduce printed '$out'"
  log "self-test: programs ran and printed the right results (on the GPU if one is visible, else on the host)"
  rm -rf "$t"
  rmdir "$WORK" 2>/dev/null || true   # only if the work dir was deleted before this run
fi

log "done in $(( $(date +%s) - start )) s. Use: $DIR/bin/omp-clang++ -O3 prog.cpp -o prog"
log "  or: . $DIR/env.sh; clang++-$major \$OMP_OFFLOAD_CXXFLAGS -c prog.cpp; clang++-$major \$OMP_OFFLOAD_LDFLAGS prog.o -o prog"
if [ -d "$WORK" ]; then log "You may now delete $WORK (sources and build tree)"; fi
