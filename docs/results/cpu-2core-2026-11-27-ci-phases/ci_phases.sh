set -euo pipefail
cd /tmp/ci_clone
t(){ echo "=== $(date +%s) $(date +%H:%M:%S) $*"; }
t install; bash scripts/install_deps.sh > /tmp/cip_install.log 2>&1
t build_default; bash scripts/build.sh default > /tmp/cip_build_default.log 2>&1
t ctest_default; ctest --preset default > /tmp/cip_ctest_default.log 2>&1
t build_asan; bash scripts/build.sh asan > /tmp/cip_build_asan.log 2>&1
t ctest_asan; ctest --preset asan > /tmp/cip_ctest_asan.log 2>&1
t fuzz; bash scripts/run_fuzzers.sh 60 > /tmp/cip_fuzz.log 2>&1
t done
