#!/usr/bin/env python3
"""The rooms of the tree and the one-way arrows between them (docs/architecture.md), checked
over every #include of the sources: a file may include only from its own room and the rooms its
room is allowed to see. Prints each include that crosses the wrong way and exits 1; exits 0 when
there is none.

Usage: check_layering.py [TREE]   (default: the repository this script is in)
"""
import pathlib
import re
import sys

# Where a "parprim/..." include is found, and the room each of these folders is.
INCLUDE_ROOTS = {
    "core/include": "core",
    "isolation/include": "isolation",
    "sandbox/include": "sandbox",
    "plugins/host_common/include": "host_common",
    "plugins/cuda_common/include": "cuda_common",
}

# What each top-level room may include besides itself. A backend plugin is a room of its own
# ("plugin:NAME") and sees only the SDK and the shared helpers: never another plugin, the
# runner, the isolation layer or the sandbox.
TOP_ALLOWED = {
    "core": set(),
    "isolation": {"core"},
    "sandbox": set(),
    "host_common": {"core"},
    "cuda_common": {"core", "host_common"},
    "plugin": {"core", "host_common", "cuda_common"},
    "course": {"core", "host_common", "cuda_common"},
    "runner": {"core", "isolation", "sandbox"},
}

# runner/src, bottom up: a room includes only from itself and the rooms before it. main.cpp, at
# the top of runner/src, sees them all.
RUNNER_ROOMS = ["support", "config", "records", "measurement", "sessions", "sweep", "outputs", ""]

# Inside every plugin, bottom up, the same names for the same layer (CUB's): tile shapes; thread-,
# warp- and block-level pieces; the single-pass (look-back) machinery; the GPUs of a group and the
# shards of an array across them (nccl); the device-wide algorithms, one folder per family under
# device/, never including another family; the plugin's entry at its root; tools beside it.
PLUGIN_ROOMS = ["shapes", "thread", "warp", "block", "single_pass", "group", "shards", "device", "",
                "probe"]

SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cu", ".cuh"}
INCLUDE = re.compile(r'^\s*#\s*include\s+[<"]([^">]+)[">]', re.M)


def top_room(rel):
    parts = rel.parts
    if parts[0] in ("core", "isolation", "sandbox", "course", "runner"):
        return parts[0]
    if parts[0] == "plugins" and len(parts) > 2:
        return parts[1] if parts[1] in ("host_common", "cuda_common") else "plugin:" + parts[1]
    return None


def inner_room(rel):
    """(ordered rooms, room, family) inside runner/src or a plugin, else None."""
    parts = rel.parts
    if parts[:2] == ("runner", "src"):
        inner = parts[2:]
        room = inner[0] if len(inner) > 1 else ""
        return RUNNER_ROOMS, room, None
    if parts[0] == "plugins" and top_room(rel).startswith("plugin:"):
        inner = parts[2:]
        room = inner[0] if len(inner) > 1 else ""
        family = inner[1] if room == "device" and len(inner) > 2 else None
        return PLUGIN_ROOMS, room, family
    return None


def resolve(tree, source, name):
    """The tree's file an include names, or None for a system or generated header."""
    rel = source.relative_to(tree)
    bases = [source.parent]
    if rel.parts[:2] == ("runner", "src"):
        bases.append(tree / "runner" / "src")
    elif rel.parts[0] == "plugins":
        bases.append(tree / "plugins" / rel.parts[1])
    bases += [tree / r for r in INCLUDE_ROOTS]
    for base in bases:
        candidate = base / name
        if candidate.is_file():
            return candidate.resolve().relative_to(tree)
    return None


def violations(tree):
    """(the includes that cross the wrong way, how many includes of the tree's own were read)"""
    found = []
    checked = 0
    for top in ("core", "isolation", "sandbox", "course", "runner/src", "plugins"):
        for source in sorted((tree / top).rglob("*")):
            if source.suffix not in SOURCE_SUFFIXES or not source.is_file():
                continue
            rel = source.relative_to(tree)
            room = top_room(rel)
            if room is None:
                continue
            text = source.read_text(errors="replace")
            for match in INCLUDE.finditer(text):
                target = resolve(tree, source, match.group(1))
                if target is None:
                    continue
                checked += 1
                line = text.count("\n", 0, match.start()) + 1
                where = f"{rel}:{line}: includes {target}"
                target_room = top_room(target)
                if target_room != room:
                    kind = "plugin" if room.startswith("plugin:") else room
                    if target_room not in TOP_ALLOWED[kind]:
                        found.append(f"{where}: {room} may not see {target_room}")
                    continue
                inner = inner_room(rel)
                if inner is None:
                    continue
                order, own, family = inner
                _, other, other_family = inner_room(target)
                if own not in order or other not in order:
                    unknown = own if own not in order else other
                    found.append(f"{where}: '{unknown}/' is not a room (known: "
                                 f"{', '.join(r + '/' for r in order if r)})")
                elif order.index(other) > order.index(own):
                    found.append(f"{where}: {own or 'the top'} may not see {other}/, a room above it")
                elif own == other == "device" and other_family not in (None, family):
                    found.append(f"{where}: device/{family}/ may not see another family, "
                                 f"device/{other_family}/")
    return found, checked


def main():
    tree = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parents[2]).resolve()
    found, checked = violations(tree)
    for v in found:
        print(v)
    if found:
        print(f"{len(found)} includes cross a room the wrong way (docs/architecture.md)")
        return 1
    print(f"{checked} includes read: every one goes one way between rooms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
