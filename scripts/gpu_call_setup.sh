# The setup every device call's script repeats (docs/results/*/call*.sh), sourced from the
# repository root on the GPU machine after the bundle has been carried:
#   . scripts/gpu_call_setup.sh DIR [DIR ...]
# Unpacks the bundle (B, default `bundle`), puts its libraries on LD_LIBRARY_PATH, prints the
# card and its driver, makes the folders DIR... under $OUT, and defines
#   keep                        tars those folders into $OUT/r.tgz (call it after each step, so
#                               that a call cut by its limit still brings back what it did);
#   timed NAME SECONDS CMD...   runs CMD under a limit and prints "NAME: exit N in S s"
#                               (scripts/timed.sh, sourced from beside this script);
#   ab_around_gate CONFIG SECONDS BASE=DIR NEW=DIR
#                               the A/B both ways with `gpu_run.sh check` between them
#                               (scripts/ab_around_gate.sh, likewise).
# It sets no shell options: a call goes on past a failed step, and says which one failed.
B=${B:-bundle}
: "${OUT:?OUT is the folder the device brings back}"
bash "$B/unpack_bundle.sh" "$B"
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
call_dirs=("$@")
for call_dir in "${call_dirs[@]}"; do mkdir -p "$OUT/$call_dir"; done

keep() { tar czf "$OUT/r.tgz" -C "$OUT" "${call_dirs[@]}" 2> /dev/null; }

. "$(dirname "${BASH_SOURCE[0]}")/timed.sh"
. "$(dirname "${BASH_SOURCE[0]}")/ab_around_gate.sh"
