#!/usr/bin/env bash
# Runs the interfaces benchmark and the transfer sweep with bounce (default)
# and direct transfers, and the CUDA transfer baseline.
set -euo pipefail
bin=${1:-build/bin}
for mode in bounce direct; do
  echo "# OFFLOAD_TRANSFER=$mode"
  OFFLOAD_TRANSFER=$mode "$bin/interfaces" 1048576 100 5
  OFFLOAD_TRANSFER=$mode "$bin/transfers" 5
done
[ -x "$bin/transfers_cuda" ] && "$bin/transfers_cuda" 5
