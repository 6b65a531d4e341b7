# `timed NAME SECONDS CMD...`: runs CMD under a limit of SECONDS and prints
# "NAME: exit N in S s", returning CMD's status. Sourced by the device calls' scripts
# (scripts/gpu_call_setup.sh, docs/results/*/call*.sh), which go on past a failed step and say
# which one failed.
timed() {
  local name=$1 seconds=$2 start code
  shift 2
  start=$(date +%s)
  timeout "$seconds" "$@"
  code=$?
  echo "$name: exit $code in $(($(date +%s) - start)) s"
  return $code
}
