#!/usr/bin/env python3
"""The GPU attestation: proof, kept in the tree, that the very sources of the GPU plugins passed
their conformance on a GPU (CI has none).

  gpu_attestation.py sources [--tree DIR]
      the digest of the attested sources (attestation/gpu_sources.txt) and each file's SHA-256,
      as JSON on stdout: scripts/bundle.sh writes it into the bundle.
  gpu_attestation.py write --sources FILE --device FILE --logs DIR --command TEXT --out FILE
      on the GPU machine, after every CUDA plugin's conformance passed (bundle/gpu_run.sh
      check): the attestation, from the bundle's sources, the device and the conformance logs.
  gpu_attestation.py check [--tree DIR] [--attestation FILE]
      the gate (a ctest): the tree's digest must be the attested one; otherwise it names the
      files changed since the attested revision and the commands that refresh it.

The digest is the SHA-256 of the lines "PATH SHA256-OF-CONTENT" of every attested file, sorted
by path: what git tracks (or would track: untracked files that .gitignore does not ignore) under
the listed paths, read from the working tree.
"""
import argparse
import hashlib
import json
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_TREE = HERE.parent
ATTESTATION = pathlib.Path("docs/results/gpu-attestation.json")
LIST = pathlib.Path("attestation/gpu_sources.txt")
# The plugins whose conformance an attestation must show passed, each with the variants its
# log must name (nccl on virtual ranks of one GPU).
REQUIRED_PLUGINS = ["thrust", "cuda_naive", "cuda_efficient", "course_example", "nccl"]
REFRESH = ("bash scripts/bundle.sh --compact; on the GPU machine: bash bundle/gpu_run.sh check; then copy "
           "its gpu-attestation.json (under $OUT) to docs/results/gpu-attestation.json and "
           "commit it with the logs")


def attested_paths(tree):
    lines = (tree / LIST).read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.lstrip().startswith("#")]


def candidate_files(tree):
    """Every file of the tree git tracks or would track; without git, every file."""
    try:
        out = subprocess.run(
            ["git", "-C", str(tree), "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"], check=True, capture_output=True).stdout
        files = [f for f in out.decode().split("\0") if f]
        return [f for f in files if (tree / f).is_file()]  # deleted but not yet staged: gone
    except (subprocess.CalledProcessError, FileNotFoundError):
        return [str(p.relative_to(tree)) for p in tree.rglob("*") if p.is_file()]


def manifest(tree):
    paths = attested_paths(tree)

    def listed(f):
        return any(f == p or (p.endswith("/") and f.startswith(p)) for p in paths)

    files = {f: hashlib.sha256((tree / f).read_bytes()).hexdigest()
             for f in sorted(candidate_files(tree)) if listed(f)}
    return {"digest": digest_of(files), "files": files}


def digest_of(files):
    text = "".join(f"{path} {sha}\n" for path, sha in sorted(files.items()))
    return hashlib.sha256(text.encode()).hexdigest()


# --- write -----------------------------------------------------------------------------------

def parse_device(text):
    """device.txt of gpu_run.sh: date, command, revision and nvidia-smi's CSV line."""
    info = {}
    for line in text.splitlines():
        if line.startswith("date: "):
            info["date"] = line[6:].strip()
        elif line.startswith("git revision: "):
            info["revision"] = line[14:].strip()
        elif line.startswith("name,"):
            continue
        elif "," in line and "MiB" in line and "device" not in info:
            fields = [f.strip() for f in line.split(",")]
            info["device"], info["driver"] = fields[0], fields[1]
    return info


def parse_log(text):
    """One plugin's conformance log: Catch2's totals and the per-variant tallies."""
    result = {"variants": {}}
    m = re.search(r"All tests passed \((\d+) assertions? in (\d+) test cases?\)", text)
    if m:
        result["assertions"], result["test_cases"] = int(m.group(1)), int(m.group(2))
    # A variant some of whose cases were not run (after crashes or hangs) says ", N not run".
    for v, passed, failed, not_run in re.findall(
            r"^conformance: variant (\S+): (\d+) cases passed, (\d+) failed(?:, (\d+) not run)?$",
            text, re.M):
        result["variants"][v] = {"cases_passed": int(passed), "cases_failed": int(failed)}
        if not_run:
            result["variants"][v]["cases_not_run"] = int(not_run)
    result["passed"] = bool(m) and bool(result["variants"]) and all(
        c["cases_failed"] == 0 and c["cases_passed"] > 0 and not c.get("cases_not_run")
        for c in result["variants"].values())
    return result


def write(args):
    sources = json.loads(pathlib.Path(args.sources).read_text())
    device = parse_device(pathlib.Path(args.device).read_text())
    plugins, failures = {}, []
    for name in REQUIRED_PLUGINS:
        log = pathlib.Path(args.logs) / f"check_{name}.log"
        if not log.exists():
            failures.append(f"{name}: no log {log}")
            continue
        parsed = parse_log(log.read_text(errors="replace"))
        parsed["log"] = log.name
        plugins[name] = parsed
        if not parsed["passed"]:
            failures.append(f"{name}: its conformance did not pass ({log})")
    if failures:
        print("gpu_attestation.py: no attestation written:\n  " + "\n  ".join(failures),
              file=sys.stderr)
        return 1
    attestation = {
        "what": "GPU conformance of every CUDA plugin, run on the sources of this digest",
        "digest": sources["digest"],
        "revision": device.get("revision", "unknown"),
        "device": device.get("device", "unknown"),
        "driver": device.get("driver", "unknown"),
        "date": device.get("date", "unknown"),
        "command": args.command,
        "plugins": plugins,
        "files": sources["files"],
    }
    pathlib.Path(args.out).write_text(json.dumps(attestation, indent=1, sort_keys=False) + "\n")
    print(f"gpu_attestation.py: wrote {args.out} for digest {sources['digest'][:16]}")
    return 0


# --- check -----------------------------------------------------------------------------------

INCLUDE_DIRS = ["core/include", "plugins/cuda_common/include", "plugins/host_common/include"]
GPU_ROOMS = ["plugins/cuda_common/", "plugins/thrust/", "plugins/cuda_naive/",
             "plugins/cuda_efficient/", "plugins/nccl/", "course/"]


def unlisted_includes(tree, files):
    """Headers of the tree that an attested GPU source includes but the list leaves out."""
    missing = set()
    for f in files:
        if not any(f.startswith(r) for r in GPU_ROOMS) or not re.search(r"\.(cu|cuh|cpp|hpp|h)$", f):
            continue
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', (tree / f).read_text(errors="replace"), re.M):
            # A plugin names its own headers from its folder (docs/architecture.md).
            plugin_root = ["/".join(f.split("/")[:2])] if f.startswith("plugins/") else []
            for base in [str(pathlib.PurePosixPath(f).parent)] + plugin_root + INCLUDE_DIRS:
                candidate = (tree / base / inc).resolve()
                if candidate.is_file():
                    rel = str(candidate.relative_to(tree.resolve()))
                    if rel not in files:
                        missing.add(f"{rel} (included by {f})")
                    break
    return sorted(missing)


def check(args):
    tree = pathlib.Path(args.tree).resolve()
    path = tree / args.attestation
    if not path.exists():
        print(f"gpu attestation: {path} is missing: the GPU plugins' sources were never "
              f"attested. Refresh: {REFRESH}")
        return 1
    attestation = json.loads(path.read_text())
    problems = []
    if digest_of(attestation.get("files", {})) != attestation.get("digest"):
        problems.append("its digest is not the digest of its own file list (edited by hand?)")
    for name in REQUIRED_PLUGINS:
        p = attestation.get("plugins", {}).get(name)
        if not p or not p.get("passed") or not p.get("variants"):
            problems.append(f"it shows no passed conformance of the plugin {name}")
    now = manifest(tree)
    unlisted = unlisted_includes(tree, now["files"])
    if unlisted:
        problems.append("GPU sources include files that attestation/gpu_sources.txt leaves out:\n    " +
                        "\n    ".join(unlisted))
    if now["digest"] != attestation.get("digest"):
        old = attestation.get("files", {})
        changed = sorted(f for f in now["files"] if f in old and old[f] != now["files"][f])
        added = sorted(f for f in now["files"] if f not in old)
        removed = sorted(f for f in old if f not in now["files"])
        lines = [f"    changed: {f}" for f in changed] + [f"    added:   {f}" for f in added] + \
                [f"    removed: {f}" for f in removed]
        problems.append(
            f"the GPU plugins' sources changed since the attested run (revision "
            f"{attestation.get('revision', 'unknown')}, {attestation.get('device', '?')}, "
            f"{attestation.get('date', '?')}):\n" + "\n".join(lines))
    if problems:
        print(f"gpu attestation: {path.relative_to(tree)} does not attest this tree:")
        for p in problems:
            print(f"  - {p}")
        print(f"  Refresh: {REFRESH}")
        return 1
    plugins = ", ".join(f"{n} ({sum(v['cases_passed'] for v in p['variants'].values())} cases)"
                        for n, p in attestation["plugins"].items())
    print(f"gpu attestation: this tree's GPU sources ({len(now['files'])} files, digest "
          f"{now['digest'][:16]}) passed on {attestation['device']} on {attestation['date']} at "
          f"{attestation['revision']}: {plugins}")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    s = sub.add_parser("sources")
    s.add_argument("--tree", default=str(DEFAULT_TREE))
    w = sub.add_parser("write")
    for opt in ("--sources", "--device", "--logs", "--command", "--out"):
        w.add_argument(opt, required=True)
    c = sub.add_parser("check")
    c.add_argument("--tree", default=str(DEFAULT_TREE))
    c.add_argument("--attestation", default=str(ATTESTATION))
    args = parser.parse_args()
    if args.verb == "sources":
        print(json.dumps(manifest(pathlib.Path(args.tree).resolve()), indent=1))
        return 0
    return write(args) if args.verb == "write" else check(args)


if __name__ == "__main__":
    sys.exit(main())
