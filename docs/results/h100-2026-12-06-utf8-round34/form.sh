# Sourced by call2.sh and call3.sh from the repository root on the GPU machine, before
# scripts/gpu_call_setup.sh: makes `bundle` the build of the form kept after call 1,
# FORM=R8 (the default: the carried bundle, built at fc18de7) or FORM=R6 (.device/bundle_R6,
# built from 2d6df6a with form_R6.patch and the conformance suite's cut point 24576; the tree
# that is committed if R6 is kept). Sets OTHER to the other form's plugin as NAME=DIR for
# gpu_ab.sh.
FORM=${FORM:-R8}
case "$FORM" in
  R8)
    gunzip -kf .device/form_R6/parprim_plugin_cuda_efficient.so.gz
    OTHER=R6=.device/form_R6
    ;;
  R6)
    bash bundle/unpack_bundle.sh bundle
    mkdir -p .device/form_R8
    cp bundle/lib/parprim/parprim_plugin_cuda_efficient.so .device/form_R8/
    rm -rf bundle && mv .device/bundle_R6 bundle
    OTHER=R8=.device/form_R8
    ;;
  *) echo "form.sh: FORM=$FORM is neither R6 nor R8" >&2; exit 2 ;;
esac
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz
echo "form kept: $FORM ($(cat bundle/REVISION)); the other: $OTHER"
