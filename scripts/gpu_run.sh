#!/usr/bin/env bash
# Runs on the GPU machine from the repository root, after scripts/bundle.sh made bundle/ here
# and it was carried there. Builds nothing: validates and times everything, and writes the
# results (device, date, command, logs, JSON, Markdown) under $OUT (default results/gpu).
#
#   bash bundle/gpu_run.sh [all|check|isolation|overhead|sandbox|sanitize|course|blocksize|template|modes|lookback|onesweep|profile|perf|large|sweep|cpu|cpu_sort|utf8|utf8_large|utf8_gpu|utf8_gpu_checks|utf8_gpu_large|nccl|nccl_large]
#     (B=DIR bash DIR/gpu_run.sh ... runs the bundle at DIR instead of bundle/.)
#     check: the device, the no-device path and the conformance of every CUDA plugin (thrust
#     with cub, cuda_naive, cuda_efficient, course_example, nccl on 4 virtual ranks of one GPU
#     or on every GPU), side by side, one log each; when all passed, the GPU attestation
#     gpu-attestation.json (attestation/gpu_attestation.py: the digest of the bundled sources,
#     the revision, device, driver, date, command, and each plugin's and variant's counts), to
#     be committed as docs/results/gpu-attestation.json;
#     isolation: a CUDA plugin that writes out of bounds and one that never returns, beside
#     thrust/cub (tests/runner/planted_cuda); configs/isolation_overhead.yaml, every backend
#     in a worker and in process in one run ($ISOLATION_REPEATS runs; alone as stage overhead);
#     sandbox: the planted escapes (tests/runner/planted/escapes.cpp: a file written into a home
#     folder, a secret read there and sent to a listener on 127.0.0.1, /bin/sh exec'ed, 200
#     forks) beside thrust/cub, checked refused, named and without effect; the nccl plugin's
#     conformance with no network allowed (does its library need it?); then
#     configs/sandbox_overhead.yaml $SANDBOX_REPEATS times (default 3: each state in a sandboxed
#     worker, a second one, one without the sandbox and in process) and
#     scripts/isolation_agreement.py --against :unsandboxed over them;
#     sanitize: compute-sanitizer memcheck, racecheck and synccheck over the CUDA plugins'
#     conformance (i32/u32 scan, compaction and sort, sizes up to $SANITIZE_MAX_SIZE);
#     course: the example course project (examples/course_project) through the course adapter:
#     conformance, a copy with a planted off-by-one (tests/course) failing it, and
#     configs/course_example.yaml beside thrust/cub;
#     blocksize: cuda_naive's and cuda_efficient's conformance at the edges of their tile
#     shapes ($SHAPES, parprim-conformance --params), then configs/block_size.yaml;
#     template: the out-of-tree plugin template's CUDA plugin (examples/plugin_template),
#     through the conformance suite and its runner config beside thrust/cub;
#     modes: configs/sample_modes.yaml once per sample mode (cold, hot, batch): cub and the
#     copy, GPU time and host wall time, with the clocks (docs/measurement.md);
#     lookback: cuda_efficient's single-pass variants: conformance at the default and at edge
#     tile shapes, the repeatability check ($REPEAT_RUNS runs of each integer scan and
#     compaction at 2^24 + 7, bitwise the same) beside compute-sanitizer memcheck, racecheck
#     and synccheck, configs/lookback.yaml beside cub, and scan/compaction past 2^31
#     (configs/gpu_large.yaml; LOOKBACK_LARGE=0 leaves it out);
#     onesweep: cuda_efficient's Onesweep sort: conformance at every compiled tile shape beside
#     compute-sanitizer memcheck, racecheck and synccheck (u32, i64 and f32 sorts up to
#     $SANITIZE_MAX_SIZE), configs/onesweep.yaml beside radix and cub, and sorts past 2^31
#     (configs/onesweep_large.yaml; ONESWEEP_LARGE=0 leaves it out);
#     perf: configs/gpu.yaml; large: configs/gpu_large.yaml (past 2^31 elements);
#     sweep: configs/sweep.yaml; cpu: the CPU figures on this host's cores
#     (configs/cpu_2p26.yaml, configs/cpu_tbb_threads.yaml, and cpu_sort: configs/
#     cpu_sort_vs_numpy.yaml with numpy beside it, as shipped and with AVX-512 off, from
#     scripts/numpy_reference.py where python3 has numpy); utf8: configs/utf8_host.yaml
#     (cpu_seq and cpu_tbb decoding and encoding at 2^26 and 2^28 on this host's cores);
#     utf8_large: configs/utf8_large.yaml (both decoding forms and encoding past 2^31, about
#     40 GB of host memory);
#     utf8_gpu: the [utf8] conformance cases of cuda_naive (`course`), cuda_efficient
#     (`lookback`) and thrust (`thrust`, `cub`), then configs/utf8_gpu.yaml (decoding in both
#     forms and encoding at 2^24 and 2^28); utf8_gpu_checks: the UTF-8 repeatability check
#     ($REPEAT_RUNS runs at 2^24 + 7) beside compute-sanitizer memcheck, racecheck and
#     synccheck over the [utf8] cases; utf8_gpu_large: configs/utf8_gpu_large.yaml (decoding
#     and validation of 2^32 + 5 bytes, about 21 GB of device memory);
#     profile (only when named): Nsight Compute over
#     cuda_efficient's onesweep pass and lookback scan and CUB's (configs/profile.yaml);
#     nccl (only when named; a machine of two or more GPUs): the GPUs' links (nvidia-smi topo
#     -m), the nccl plugin's conformance on all GPUs and on one, the exchange probe (a plain
#     all-to-all beside the sort's exchange step, 2^28 and 2^30 keys per GPU) and
#     configs/nccl.yaml; on one GPU, the conformance on 2, 3 and 4 virtual ranks instead;
#     nccl_large (only when named): configs/nccl_large.yaml, sorts of 2^30..2^32 keys (a call of
#     its own: the host's reference for 2^32 keys takes minutes);
#     all (default): each in turn.
# Each stage writes its JSON and Markdown under $OUT; the device and conformance logs come
# from `check`.
set -uo pipefail
# The bundle: bundle/ unless B names another (a call that checks two builds carries the second
# beside it, e.g. B=.device/bundle_R8m; its binaries find their libraries by $ORIGIN rpaths).
B=${B:-bundle}
OUT="${OUT:-results/gpu}"
mkdir -p "$OUT"
status=0
step() { echo; echo "=== $*"; }
# A bundle compacted to travel (scripts/compact_bundle.sh) is unpacked on first use.
if [ -f "$B/unpack_bundle.sh" ]; then bash "$B/unpack_bundle.sh" "$B" || status=1; fi

what="${1:-all}"
want() { [ "$what" = all ] || [ "$what" = "$1" ]; }
# needs STAGE PATH...: whether the bundle holds what STAGE reads; a compact bundle leaves some
# parts out (bundle/LEFT_OUT), and the stage then fails with their names instead of running.
needs() {
  local stage=$1 part
  shift
  for part; do
    if [ ! -e "$B/$part" ]; then
      echo "gpu_run.sh: stage $stage needs $B/$part, which this bundle does not hold" \
        "$( [ -f "$B/LEFT_OUT" ] && echo "(left out by scripts/compact_bundle.sh: make the bundle without --compact)")"
      status=1
      return 1
    fi
  done
}
gpu_backends="${GPU_BACKENDS:-thrust,cuda_naive,cuda_efficient}"
runner() {  # runner CONFIG NAME [args]: JSON and Markdown as $OUT/NAME.*, the tables on stdout
  local config=$1 name=$2
  shift 2
  "$B/bin/runner" "$B/configs/$config" --no-progress --json "$OUT/$name.json" \
    --markdown "$OUT/$name.md" "$@" || status=1
}
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
# sanitize TOOL LOG PLUGINS [FORMS]: compute-sanitizer over the conformance cases in $cases, sizes
# up to $SANITIZE_MAX_SIZE, the variants in $SANITIZE_VARIANTS (default all); prints a summary.
sanitize() {  # sanitize TOOL LOG PLUGINS [FORMS]
  timeout "${SANITIZE_TIMEOUT:-150}" "$sanitizer" --tool "$1" --error-exitcode 9 \
    "$B/bin/parprim-conformance" --no-isolation --max-size "${SANITIZE_MAX_SIZE:-70000}" \
    ${SANITIZE_VARIANTS:+--variants} ${SANITIZE_VARIANTS:+"$SANITIZE_VARIANTS"} \
    ${4:+--forms} ${4:+"$4"} --plugins "$3" "$cases" > "$2" 2>&1
  local rc=$?
  echo "$(basename "$2"): exit $rc; $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|All tests passed|test cases:" "$2" | tr '\n' ' ')"
  return $rc
}
step "device"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "command: bash $B/gpu_run.sh $*"
  echo "git revision: $(cat "$B/REVISION" 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nproc | sed 's/^/host cpus: /'
} | if want check; then tee "$OUT/device.txt"; else cat; fi

if want check; then
  {
    echo "a CUDA plugin with no visible device reports unavailable:"
    CUDA_VISIBLE_DEVICES= "$B/bin/runner" --list 2>&1 | grep -E "^(thrust|cuda_)|unavailable"
  } | tee -a "$OUT/device.txt"
  step "conformance of every CUDA plugin (not skipped here), side by side, then the attestation"
  export NCCL_NVLS_ENABLE=0  # NVLink multicast off: it can take the host's GPUs down
  gpus=$(nvidia-smi -L | grep -c '^GPU')
  check_status=0 pids=()
  for name in thrust cuda_naive cuda_efficient course_example nccl; do
    # One GPU: the nccl plugin's algorithms on 4 virtual ranks (collectives as device copies).
    virtual=""; [ "$name" = nccl ] && [ "$gpus" -lt 2 ] && virtual=4
    PARPRIM_NCCL_VIRTUAL_GPUS=$virtual "$B/bin/parprim-conformance" --require-available \
      --case-timeout 400 --plugins "$B/lib/parprim/parprim_plugin_$name.so" \
      > "$OUT/check_$name.log" 2>&1 & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || check_status=1; done
  for name in thrust cuda_naive cuda_efficient course_example nccl; do
    echo "$name: $(grep -E "All tests passed|test cases:|FAILED|unavailable|no test case" "$OUT/check_$name.log" | sort | uniq -c | tr '\n' ' ')"
    grep -E "^conformance: variant " "$OUT/check_$name.log"
  done
  if [ "$check_status" -eq 0 ]; then
    python3 "$B/gpu_attestation.py" write --sources "$B/attested_sources.json" \
      --device "$OUT/device.txt" --logs "$OUT" --command "bash $B/gpu_run.sh $*" \
      --out "$OUT/gpu-attestation.json" || check_status=1
  else
    echo "a CUDA plugin's conformance failed: no attestation written"
  fi
  [ "$check_status" -eq 0 ] || status=1
fi
if want isolation && needs isolation tests/planted_cuda; then
  step "isolation: planted CUDA faults beside thrust/cub"
  "$B/bin/runner" "$B/tests/planted_cuda/planted_cuda.yaml" --no-progress \
    --json "$OUT/planted_cuda.json" --markdown "$OUT/planted_cuda.md" | tail -25
  # The planted plugin fails by design (exit 1); the stage fails only if thrust/cub did not
  # all validate.
  python3 - "$OUT/planted_cuda.json" <<'PY' || status=1
import json, sys
records = json.load(open(sys.argv[1]))["records"]
thrust = [r for r in records if r["backend"] == "thrust"]
bad = [r for r in thrust if r["status"] != "ok" or not r["time_s"]]
print(f"thrust/cub: {len(thrust) - len(bad)} of {len(thrust)} states valid and timed")
for r in records:
    if r["backend"] != "thrust":
        print(f"  {r['backend']}/{r['variant']} n={r['n']}: {r['status']} {r['reason']}")
sys.exit(1 if bad or not thrust else 0)
PY
fi
if want isolation || [ "$what" = overhead ]; then
  step "isolation changes no figure: configs/isolation_overhead.yaml, each backend measured both ways"
  for i in $(seq "${ISOLATION_REPEATS:-1}"); do
    runner isolation_overhead.yaml "isolation_both_$i" | tail -16
    rm -f "$OUT/isolation_both_$i.jsonl"
  done
fi
if want sandbox && needs sandbox tests/planted_escapes; then
  step "sandbox: planted escapes beside thrust/cub, refused, named and without effect"
  python3 - "$B" "$OUT" <<'PY' || status=1
import json, os, socket, subprocess, sys, tempfile
bundle, out = sys.argv[1], sys.argv[2]
home = tempfile.mkdtemp(prefix="parprim-home-")
open(os.path.join(home, "secret"), "w").write("the secret\n")
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
listener.setblocking(False)
env = dict(os.environ, PARPRIM_PLANTED_HOME=home,
           PARPRIM_PLANTED_PORT=str(listener.getsockname()[1]))
run = subprocess.run([f"{bundle}/bin/runner", f"{bundle}/tests/planted_escapes/planted_escapes.yaml",
                      "--no-progress", "--json", f"{out}/sandbox_escapes.json",
                      "--markdown", f"{out}/sandbox_escapes.md"], env=env, capture_output=True,
                     text=True)
print(run.stdout[-3000:], run.stderr[-2000:])
records = json.load(open(f"{out}/sandbox_escapes.json"))["records"]
expected = {"write_home": f"write to {home}/written_by_plugin refused",
            "read_home": f"read of {home}/secret refused",
            "connect": "network (a socket of family AF_INET) refused",
            "exec_shell": "exec of /bin/sh refused",
            "fork_bomb": "process creation (clone) refused"}
bad = []
for r in records:
    name = f"{r['backend']}/{r['variant']} n={r['n']}"
    print(f"  {name}: {r['status']}, sandbox {r['sandbox']}, refused: {r['sandbox_refusals']}")
    if r["status"] != "ok" or not r["sandbox"].startswith("on ("):
        bad.append(name + " not valid in the sandbox")
    want = expected.get(r["variant"])
    if want and not any(x == want or x.startswith(want + " (") for x in r["sandbox_refusals"]):
        bad.append(f"{name}: '{want}' not listed")
    if not want and r["sandbox_refusals"]:
        bad.append(f"{name}: refusals of a plugin that tried nothing")
try:
    connection, _ = listener.accept()
    bad.append("the listener was reached: " + repr(connection.recv(100)))
except BlockingIOError:
    pass
if sorted(os.listdir(home)) != ["secret"]:
    bad.append(f"the home folder changed: {sorted(os.listdir(home))}")
print(f"sandbox escapes: {len(records)} records, run exit {run.returncode}; "
      + ("all refused, named and without effect" if not bad and run.returncode == 0 else f"PROBLEMS: {bad}"))
sys.exit(1 if bad or run.returncode != 0 else 0)
PY
  step "sandbox: the nccl plugin's conformance with no network allowed (scan, 4 virtual ranks)"
  PARPRIM_NCCL_VIRTUAL_GPUS=4 "$B/bin/parprim-conformance" --sandbox-network none \
    --max-size 5000 --plugins "$B/lib/parprim/parprim_plugin_nccl.so" "[scan]" \
    > "$OUT/sandbox_nccl_no_network.log" 2>&1
  echo "nccl without network: exit $?; $(grep -E "^conformance:|All tests|test cases:" "$OUT/sandbox_nccl_no_network.log" | head -12 | tr '\n' ' ')"
  step "the sandbox changes no figure: configs/sandbox_overhead.yaml, each state with and without it"
  for i in $(seq "${SANDBOX_REPEATS:-3}"); do
    runner sandbox_overhead.yaml "sandbox_compare_$i" | tail -12
    rm -f "$OUT/sandbox_compare_$i.jsonl"
  done
  python3 "$B/isolation_agreement.py" --against :unsandboxed "$OUT"/sandbox_compare_*.json |
    tee "$OUT/sandbox_agreement.md"
fi
if want sanitize; then
  # SANITIZE_TOOLS (default: all three), SANITIZE_CASES (Catch test names, default i32/u32 scan,
  # compaction and sort) and SANITIZE_PLUGINS (names, default every CUDA plugin) narrow a run.
  # SANITIZE_PER_PLUGIN=1 runs one checker process per plugin at once, and per form too with
  # SANITIZE_FORMS ('|'-separated texts of --forms): racecheck is slow on the sort, and this is
  # how it covers it within a call.
  step "compute-sanitizer over the CUDA plugins' conformance"
  all_plugins=""
  for name in ${SANITIZE_PLUGINS:-thrust cuda_naive cuda_efficient}; do
    all_plugins="$all_plugins $B/lib/parprim/parprim_plugin_$name.so"
  done
  cases="${SANITIZE_CASES:-conformance: scan - std::int32_t,conformance: compact - std::int32_t,conformance: sort - std::uint32_t}"
  for tool in ${SANITIZE_TOOLS:-memcheck racecheck synccheck}; do
    if [ "${SANITIZE_PER_PLUGIN:-0}" = 1 ]; then
      pids=()
      IFS='|' read -r -a forms <<< "${SANITIZE_FORMS:-}"
      [ ${#forms[@]} -gt 0 ] || forms=("")
      for p in $all_plugins; do
        name=$(basename "$p" .so); name=${name#parprim_plugin_}
        for f in "${forms[@]}"; do
          log="$OUT/sanitizer_${tool}_$name${f:+_${f// /_}}.log"
          sanitize "$tool" "$log" "$p" "$f" & pids+=($!)
        done
      done
      for pid in "${pids[@]}"; do wait "$pid" || status=1; done
    else
      sanitize "$tool" "$OUT/sanitizer_$tool.log" "$(echo $all_plugins | tr ' ' ':')" || status=1
    fi
  done
fi
if want course && needs course tests/planted_course; then
  step "the example course project through the course adapter: conformance, then beside thrust/cub"
  "$B/bin/parprim-conformance" --require-available \
    --plugins "$B/lib/parprim/parprim_plugin_course_example.so" 2>&1 |
    tee "$OUT/course_conformance.log" | tail -4
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  step "the same project with its efficient scan copying back n - 1 elements: must fail"
  "$B/bin/parprim-conformance" --require-available \
    --plugins "$B/tests/planted_course/parprim_plugin_course_off_by_one.so" \
    "conformance: scan - std::int32_t" > "$OUT/course_off_by_one.log" 2>&1
  planted_status=$?
  grep -m1 -B12 "element" "$OUT/course_off_by_one.log"
  tail -2 "$OUT/course_off_by_one.log"
  if [ "$planted_status" -eq 0 ] || ! grep -q "element .*: expected" "$OUT/course_off_by_one.log"; then
    echo "the planted off-by-one was not caught"; status=1
  fi
  runner course_example.yaml course_example | tail -30
  rm -f "$OUT/course_example.jsonl"
fi
if want blocksize; then
  step "cuda_naive and cuda_efficient conformance at other tile shapes"
  pids=()
  shapes="${SHAPES:-block_size=32,items_per_thread=1 block_size=1024,items_per_thread=16 block_size=64,items_per_thread=2}"
  for shape in $shapes; do
    "$B/bin/parprim-conformance" --require-available --params "$shape" \
      --plugins "$B/lib/parprim/parprim_plugin_cuda_naive.so:$B/lib/parprim/parprim_plugin_cuda_efficient.so" \
      > "$OUT/conformance_${shape//[=,]/_}.log" 2>&1 & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  for shape in $shapes; do
    echo "$shape: $(grep -E "^conformance: [0-9]|test cases:|skipped" "$OUT/conformance_${shape//[=,]/_}.log" | sort | uniq -c | tr '\n' ' ')"
  done
  step "runner configs/block_size.yaml: the block-size study"
  runner block_size.yaml block_size | tail -60
  rm -f "$OUT/block_size.jsonl"
fi
if want template && needs template examples/plugin_template; then
  step "the plugin template's CUDA plugin, built out of tree: conformance and runner"
  T="$B/examples/plugin_template"
  "$B/bin/parprim-conformance" --plugins "$T/build/lib/parprim" 2>&1 |
    tee "$OUT/template_conformance.log" | grep -E "^conformance:|passed|failed"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  "$B/bin/runner" "$T/my_scan_cuda.yaml" --no-progress --json "$OUT/template_cuda.json" \
    --markdown "$OUT/template_cuda.md" | tail -3
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi
if want modes; then
  step "runner configs/sample_modes.yaml: cub and the copy, sampled cold, hot and batch"
  for mode in cold hot batch; do
    runner sample_modes.yaml "sample_modes_$mode" --mode "$mode" | tail -14
  done
fi
eff="$B/lib/parprim/parprim_plugin_cuda_efficient.so"
# shape_conformance VARIANT FILTER SHAPES: cuda_efficient's VARIANT through the conformance
# cases FILTER at each tile shape ("default" or block_size=B,items_per_thread=I) side by side,
# each into $OUT/VARIANT_conformance_SHAPE.log; prints a summary per shape.
shape_conformance() {
  local variant=$1 filter=$2 shapes=$3 shape pids=()
  for shape in $shapes; do
    local params=(); [ "$shape" = default ] || params=(--params "$shape")
    "$B/bin/parprim-conformance" --require-available --variants "$variant" "${params[@]}" \
      --plugins "$eff" "$filter" > "$OUT/${variant}_conformance_${shape//[=,]/_}.log" 2>&1 & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  for shape in $shapes; do
    echo "$shape: $(grep -E "test cases:|All tests passed|skipped|FAILED" "$OUT/${variant}_conformance_${shape//[=,]/_}.log" | sort | uniq -c | tr '\n' ' ')"
  done
}
# sanitize_variant VARIANT: memcheck, racecheck and synccheck of cuda_efficient's VARIANT over
# the conformance cases in $cases (sizes up to $SANITIZE_MAX_SIZE, default 20000), in the
# background, side by side; their pids are added to pids.
sanitize_variant() {
  local tool
  for tool in memcheck racecheck synccheck; do
    SANITIZE_VARIANTS=$1 SANITIZE_MAX_SIZE="${SANITIZE_MAX_SIZE:-20000}" \
      SANITIZE_TIMEOUT="${SANITIZE_TIMEOUT:-300}" \
      sanitize "$tool" "$OUT/$1_sanitizer_$tool.log" "$eff" & pids+=($!)
  done
}
if want lookback; then
  step "cuda_efficient's look-back scan and compaction: conformance at the default and edge shapes"
  shape_conformance lookback "[scan],[compact]" \
    "default block_size=32,items_per_thread=24 block_size=512,items_per_thread=8 block_size=128,items_per_thread=16 block_size=64,items_per_thread=12"
  # The repeatability check and the sanitizers check correctness only: they run side by side.
  step "repeatability (${REPEAT_RUNS:-1000} runs of each integer scan and compaction at 2^24 + 7) beside compute-sanitizer"
  "$B/bin/parprim-conformance" --require-available --variants lookback --case-timeout 600 \
    --repeat-runs "${REPEAT_RUNS:-1000}" --plugins "$eff" "[repeatability]" \
    > "$OUT/lookback_repeatability.log" 2>&1 & pids=($!)
  cases="conformance: scan - std::int32_t,conformance: scan - std::int64_t,conformance: compact - std::int32_t,conformance: compact - std::int64_t"
  sanitize_variant lookback
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  grep -E "^repeatability:|FAILED|differs|test cases|All tests" "$OUT/lookback_repeatability.log"
fi
if want lookback; then
  step "runner configs/lookback.yaml: look-back, blelloch and cub in one run"
  runner lookback.yaml lookback | tail -80
fi
if want lookback && [ "${LOOKBACK_LARGE:-1}" = 1 ]; then
  step "scan and compaction past 2^31 elements (configs/gpu_large.yaml)"
  runner gpu_large.yaml lookback_large --backends cuda_efficient,thrust --operations scan,compact | tail -30
fi
if want onesweep; then
  step "cuda_efficient's Onesweep sort: conformance at every tile shape, beside compute-sanitizer"
  shape_conformance onesweep "[sort]" \
    "default block_size=256,items_per_thread=16 block_size=256,items_per_thread=23 block_size=512,items_per_thread=16"
  pids=()
  cases="conformance: sort - std::uint32_t,conformance: sort - std::int64_t,conformance: sort - float"
  sanitize_variant onesweep
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  step "runner configs/onesweep.yaml: onesweep, radix and cub in one run"
  runner onesweep.yaml onesweep | tail -60
fi
if want onesweep && [ "${ONESWEEP_LARGE:-1}" = 1 ]; then
  step "sort past 2^31 keys (configs/onesweep_large.yaml)"
  runner onesweep_large.yaml onesweep_large | tail -8
fi
if [ "$what" = nccl ]; then
  # NVLink multicast off (the plugin sets it too, if unset): it can take the host's GPUs down.
  export NCCL_NVLS_ENABLE=0
  gpus=$(nvidia-smi -L | grep -c '^GPU')
  nccl_conformance() {  # nccl_conformance NAME [conformance args]: the log as $OUT/NAME.log
    local name=$1
    shift
    timeout "${NCCL_CONFORMANCE_TIMEOUT:-420}" "$B/bin/parprim-conformance" --require-available \
      --plugins "$B/lib/parprim/parprim_plugin_nccl.so" --case-timeout "${NCCL_CASE_TIMEOUT:-400}" "$@" > "$OUT/$name.log" 2>&1 ||
      status=1
    echo "$name: $(grep -E "test cases:|All tests passed|FAILED|unavailable" "$OUT/$name.log" |
      sort | uniq -c | tr '\n' ' ')"
  }
  if [ "$gpus" -lt 2 ]; then
    step "one GPU: the nccl plugin's algorithms on virtual ranks (PARPRIM_NCCL_VIRTUAL_GPUS=4)"
    for k in ${NCCL_VIRTUAL_COUNTS:-2 3 4}; do
      PARPRIM_NCCL_VIRTUAL_GPUS=4 nccl_conformance "nccl_conformance_virtual_$k" --params gpus=$k
    done
    step "runner configs/nccl.yaml on 4 virtual ranks, small sizes: the runner's path (not timings)"
    PARPRIM_NCCL_VIRTUAL_GPUS=4 runner nccl.yaml nccl_virtual --sizes 2^16,2^20 | tail -30
  else
    step "the GPUs and their links"
    nvidia-smi topo -m 2>&1 | tee "$OUT/nccl_topology.txt"
    step "nccl: conformance on 1 and on all $gpus GPUs"
    nccl_conformance "nccl_conformance_$gpus" --params gpus=$gpus
    [ "${NCCL_CONFORMANCE_ONE:-1}" = 1 ] && nccl_conformance nccl_conformance_1 --params gpus=1
    step "the links: a plain all-to-all beside the sort's exchange step"
    for keys in $((1 << 28)) $((1 << 30)); do
      "$B/bin/nccl_exchange_probe" --keys-per-gpu "$keys" | tee "$OUT/nccl_probe_$keys.json" ||
        status=1
    done
    step "runner configs/nccl.yaml: 1, 2 and 4 GPUs beside cub"
    runner nccl.yaml nccl | tail -40
  fi
fi
if [ "$what" = nccl_large ]; then
  export NCCL_NVLS_ENABLE=0
  step "runner configs/nccl_large.yaml: sorts of 2^30..2^32 keys"
  runner nccl_large.yaml nccl_large | tail -12
fi
if want perf; then
  step "runner configs/gpu.yaml: the GPU figures (int32/uint32, 2^16..2^28)"
  runner gpu.yaml gpu --backends "$gpu_backends"
fi
if want large; then
  step "runner configs/gpu_large.yaml: past 2^31 elements"
  runner gpu_large.yaml gpu_large
fi
if want sweep; then
  step "runner configs/sweep.yaml: the main job"
  runner sweep.yaml sweep > /dev/null
  tail -3 "$OUT/sweep.md"
fi
if { want cpu || want cpu_sort; } && needs cpu bin/test_host_common; then
  step "the CPU building blocks' tests on this host's CPU (compaction's SSE4.2 and AVX-512 forms)"
  grep -o -m1 -w -E 'avx512f|sse4_2' /proc/cpuinfo | sort -u | tr '\n' ' '
  "$B/bin/test_host_common" > "$OUT/test_host_common.log" 2>&1 || status=1
  grep -E "All tests passed|test cases:|warning|FAILED" "$OUT/test_host_common.log" | sort | uniq -c
  step "the CPU sorts against numpy on this host's $(nproc) cores"
  runner cpu_sort_vs_numpy.yaml cpu_sort_vs_numpy | tail -6
  # numpy beside them, as shipped and with its AVX-512 code off, sampled as the config samples.
  if python3 -c 'import numpy' 2> /dev/null; then
    samples="--min-samples 21 --max-samples 41 --min-time 5 --max-time 20"
    python3 scripts/numpy_reference.py "$OUT/cpu_sort_vs_numpy.json" $samples \
      --out "$OUT/cpu_sort_vs_numpy_with_numpy.json" 2> "$OUT/numpy.log" || status=1
    python3 scripts/numpy_reference.py "$OUT/cpu_sort_vs_numpy_with_numpy.json" $samples \
      --out "$OUT/cpu_sort_vs_numpy_with_numpy.json" --without-avx512 2>> "$OUT/numpy.log" ||
      status=1
    cat "$OUT/numpy.log"
  else
    echo "no numpy for python3 here: scripts/numpy_reference.py not run"
  fi
fi
if want utf8; then  # issue 33: the UTF-8 operations on this host's cores
  step "UTF-8 decoding and encoding on this host's $(nproc) cores: configs/utf8_host.yaml"
  runner utf8_host.yaml utf8_host | tail -8
fi
if want utf8_large; then  # issue 33: 64-bit n on the host (about 40 GB of memory)
  step "UTF-8 past 2^31 bytes and code points, validated: configs/utf8_large.yaml"
  runner utf8_large.yaml utf8_large | tail -8
fi
# $UTF8_GPU_PLUGINS (names) narrows the UTF-8 stages' conformance, repeatability and sanitizers.
utf8_gpu_plugins=""
for name in ${UTF8_GPU_PLUGINS:-cuda_naive cuda_efficient thrust}; do
  utf8_gpu_plugins="${utf8_gpu_plugins:+$utf8_gpu_plugins:}$B/lib/parprim/parprim_plugin_$name.so"
done
if want utf8_gpu; then  # issue 34: the UTF-8 operations on the GPU
  step "cuda_naive's, cuda_efficient's and thrust's UTF-8 variants against the oracle: parprim-conformance [utf8]"
  "$B/bin/parprim-conformance" --plugins "$utf8_gpu_plugins" \
    "[utf8]" > "$OUT/utf8_gpu_conformance.log" 2>&1 || status=1
  grep -E "^conformance:|All tests passed|test cases:" "$OUT/utf8_gpu_conformance.log" | tail -8
  step "UTF-8 decoding and encoding on the GPU: configs/utf8_gpu.yaml"
  runner utf8_gpu.yaml utf8_gpu | tail -8
fi
if want utf8_gpu_checks; then  # issue 34: repeatability and compute-sanitizer
  # Correctness only, side by side: the repeatability check ($REPEAT_RUNS runs of each UTF-8
  # operation and form at 2^24 + 7, mixed text with 1% errors, bitwise the same) and
  # memcheck, racecheck and synccheck over the [utf8] conformance inputs up to
  # $SANITIZE_MAX_SIZE, one checker process per plugin.
  step "UTF-8 repeatability (${REPEAT_RUNS:-1000} runs at 2^24 + 7) beside compute-sanitizer"
  "$B/bin/parprim-conformance" --require-available --case-timeout 600 \
    --repeat-runs "${REPEAT_RUNS:-1000}" --plugins "$utf8_gpu_plugins" \
    "repeatability: UTF-8 decoding in both forms and encoding give the same bits" \
    > "$OUT/utf8_repeatability.log" 2>&1 & pids=($!)
  cases="conformance: utf8_decode,conformance: utf8_encode"
  # One checker process per plugin, and per variant of those in $SANITIZE_SPLIT (racecheck of
  # CUB's kernels is slow: thrust's two variants each get a process).
  for tool in ${SANITIZE_TOOLS:-memcheck racecheck synccheck}; do
    for p in ${utf8_gpu_plugins//:/ }; do
      name=$(basename "$p" .so); name=${name#parprim_plugin_}
      variants=""
      [[ " ${SANITIZE_SPLIT:-thrust} " == *" $name "* ]] && variants=$("$B/bin/runner" --list |
        awk -v n="$name" '$1 == n {on = 1; next} /^[^ ]/ {on = 0} on && $1 == "utf8_decode" {print $2}' |
        sort -u)
      for v in ${variants:-all}; do
        SANITIZE_TIMEOUT="${SANITIZE_TIMEOUT:-300}" SANITIZE_VARIANTS="${variants:+$v}" \
          sanitize "$tool" "$OUT/utf8_sanitizer_${tool}_$name${variants:+_$v}.log" "$p" &
        pids+=($!)
      done
    done
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  grep -E "^repeatability:|FAILED|differs|test cases|All tests" "$OUT/utf8_repeatability.log"
fi
if want utf8_gpu_large; then  # issue 34: 64-bit n on the GPU
  step "UTF-8 decoding and validation past 2^32 bytes, validated: configs/utf8_gpu_large.yaml"
  runner utf8_gpu_large.yaml utf8_gpu_large | tail -8
fi
if want cpu; then
  step "the CPU figures on this host's $(nproc) cores"
  runner cpu_2p26.yaml cpu_2p26
  runner cpu_tbb_threads.yaml cpu_tbb_threads
fi
if [ "$what" = profile ]; then  # not part of all: the profiler replays every kernel
  step "Nsight Compute: cuda_efficient's onesweep pass and lookback scan beside CUB's, at 2^26"
  ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
  if [ -z "$ncu" ]; then
    echo "no Nsight Compute (ncu) here"; status=1
  else
    # The first two launches of each kernel (the validation run's), clocks left as they are.
    for kernel in onesweep_pass DeviceRadixSortOnesweepKernel lookback_scan_tile DeviceScanKernel; do
      "$ncu" --clock-control none --kernel-name "regex:$kernel" --launch-count 2 \
        --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
        --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
        --section LaunchStats --section SchedulerStats \
        "$B/bin/runner" "$B/configs/profile.yaml" --no-isolation --no-progress \
        > "$OUT/ncu_$kernel.txt" 2>&1 || status=1
      echo "--- $kernel"
      grep -E "^  [a-z].*\(|Duration|DRAM Throughput|Executed Instructions  |Issued Warp Per|Achieved Occupancy|Registers Per|highest-utilized" \
        "$OUT/ncu_$kernel.txt" | cut -c1-110 | head -20
    done
  fi
fi
exit $status
