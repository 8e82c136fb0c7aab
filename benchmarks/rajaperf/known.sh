# Sourced by run.sh and rounds.sh (with $kernels set): known BINARY lists
# the kernels of $kernels that BINARY has (one name it lacks, such as the
# halo exchanges without MPI, stops its whole run), less those it lists
# but crashes on: RAJAPerf's OpenMP-target build has no OpenMP-target
# variant of EDGE3D ("Unknown variant id", then a segmentation fault).
known() {
  local skip=none
  [ "$1" != "${RAJAPERF_OMPTARGET:-}" ] || skip=Apps_EDGE3D
  "$1" --print-kernels 2>/dev/null | grep -xF "${kernels// /$'\n'}" |
    grep -vxF "$skip"
}
