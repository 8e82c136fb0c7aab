#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer's memcheck and racecheck over the
# examples and the kernel tests. Usage (from the project root, with build/
# built here for sm_90,host): scripts/device-sanitize.sh
#
# libomptarget probes each kernel's parameters with cuFuncGetParamInfo until
# the driver answers CUDA_ERROR_INVALID_VALUE, once per kernel it loads,
# which memcheck counts as an API error whatever the image holds
# (docs/design.md, "3. Device pass"). So memcheck runs twice: with API errors
# reported (their number and kinds are printed, for the record), and with
# --report-api-errors no, which must find 0 errors: memory errors and
# failed device calls of our own are still reported, and for the examples
# leaked device memory too. (The kernel tests' cuBLAS handle and the CUDA
# queue's scratch buffers live until the process ends, by design.)
set -uo pipefail
set -f # the gtest filters are no file patterns
export LD_LIBRARY_PATH=$PWD/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
out=${OUT:-/tmp}/sanitize
mkdir -p "$out"
status=0
summary() { grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" "$1" | tail -1; }
# (Death tests fork the program; their children are not worth sanitizing.)
programs=("saxpy" "multi_kernel"
          "kernel-tests --gtest_brief=1 --gtest_filter=-*Death*")
for p in "${programs[@]}"; do
  name=${p%% *}
  # shellcheck disable=SC2086
  $san --tool memcheck build/bin/$p >"$out/$name.api.log" 2>&1
  echo "$name: memcheck with API errors: $(summary "$out/$name.api.log");" \
    "kinds: $(grep -o 'Program hit [A-Z_]* (error [0-9]*) due to "[^"]*" on CUDA API call to [A-Za-z_0-9]*' \
      "$out/$name.api.log" | sed 's/.*on CUDA API call to //' | sort | uniq -c | tr '\n' ' ')"
  # shellcheck disable=SC2086
  leaks=--leak-check=full
  [ "$name" == kernel-tests ] && leaks=--leak-check=no
  $san --tool memcheck --report-api-errors no $leaks \
    --error-exitcode 99 build/bin/$p >"$out/$name.memcheck.log" 2>&1
  rc=$?
  echo "$name: memcheck: $(summary "$out/$name.memcheck.log") (exit $rc)"
  grep -q "ERROR SUMMARY: 0 errors" "$out/$name.memcheck.log" && [ $rc != 99 ] ||
    status=1
  # shellcheck disable=SC2086
  $san --tool racecheck --error-exitcode 99 build/bin/$p \
    >"$out/$name.racecheck.log" 2>&1
  rc=$?
  echo "$name: racecheck: $(summary "$out/$name.racecheck.log") (exit $rc)"
  grep -q -E "RACECHECK SUMMARY: 0 hazards|ERROR SUMMARY: 0 errors" \
    "$out/$name.racecheck.log" && [ $rc != 99 ] || status=1
done
[ $status == 0 ] && echo "device-sanitize: PASS" || echo "device-sanitize: FAIL"
exit $status
