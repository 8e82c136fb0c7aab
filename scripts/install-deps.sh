#!/usr/bin/env bash
# Installs what cxx-offload needs on Debian bookworm. Idempotent: packages that
# are already installed are not downloaded again.
set -euo pipefail

packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools lld-22
          liboffload-22-dev libomp-22-dev libclang-rt-22-dev cmake ninja-build make pkg-config
          libgtest-dev libgmock-dev rocm-device-libs openmpi-bin libopenmpi-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  "${missing[@]}"
