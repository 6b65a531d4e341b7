#!/usr/bin/env python3
"""Finds a course project's functions in its preprocessed headers (docs/course-projects.md).

parprim_add_course_plugin() runs the project's own compiler (nvcc -E) over a file that includes
every header of the project, with the include paths and definitions of the build, and hands the
result to this script. It reads only the lines that came from the project's files (the line
markers name them), follows namespace braces, and lists every function declared at namespace
scope whose name says it is a scan, a compaction or a sort:

  - scans and compactions in any namespace under StreamCompaction, sorts in any namespace;
  - the variant's name is the namespace below StreamCompaction, lowercased, then the function:
    StreamCompaction::SharedMem::scan is `sharedmem/scan`, RadixSort::sort `radixsort/sort`.

Whether a function can be called as the course calls it, f(int n, int* odata, const int* idata),
is decided by the compiler when the adapter is built (a generic lambda's substitution); this
script says, for the configure-time report, what it sees when the shape is another. It also
names the `extern` variables the headers declare that no source defines (the course's test
program defines `blockSize` in some projects), so the configure step can suggest GLOBALS.

Writes the generated files and prints the report. Each header declaring course functions gets a
unit of its own, `parprim_course_unit_K.cu`, that includes the header as the project's own source
does (that source's includes up to and including the header: naive.cu's for naive.h) and
registers that header's functions: headers that no source of the project includes together
(two of them defining the same inline helper, as one submission's do) need never share a file.
VARIANTS' expressions may name anything, so their unit includes every header. A function its
header declares and no source may define is referenced weakly (weak_reference()), so that the
plugin links and the adapter skips it when nothing defined it. The generated header lists the
units and what was skipped.
"""
import argparse
import os
import re
import sys

OPERATIONS = (("sort", "PARPRIM_OP_SORT"), ("compact", "PARPRIM_OP_COMPACT"),
              ("scan", "PARPRIM_OP_SCAN"))
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|::|[A-Za-z_]\w*|\d[\w.]*|\S')
LINE_MARKER = re.compile(r'^#\s*(?:line\s+)?(\d+)\s+"([^"]*)"')
DEVICE_POINTER_NAME = re.compile(r"^(dev_|d_|device_|dev[A-Z])")


class Function:
    def __init__(self, namespace, name, returns, params, where, header, linkage):
        self.namespace = namespace  # list of names, outermost first
        self.name = name
        self.returns = returns
        self.params = params  # list of parameter texts, defaults included
        self.where = where
        self.header = header  # the real path of the file declaring it
        # "external" for a plain declaration with external linkage; "defined" for a definition
        # in the header; "internal" for static, inline, or inside an unnamed namespace or
        # extern "C" block (a weak redeclaration is not for those).
        self.linkage = linkage

    def qualified(self):
        return "::".join(self.namespace + [self.name])

    def operation(self):
        lowered = self.name.lower()
        for word, op in OPERATIONS:
            if word in lowered:
                return word, op
        return None, None

    def variant(self):
        below = self.namespace[1:] if self.namespace[:1] == ["StreamCompaction"] else self.namespace
        return "/".join([n.lower() for n in below] + [self.name])

    def signature(self):
        return "%s %s(%s)" % (self.returns, self.qualified(), ", ".join(self.params))


# The real path of each file project_tokens() names relative to its root.
REAL_PATHS = {}


def project_tokens(text, roots):
    """Yields (token, file, line) for the lines that came from files under the roots, the file
    relative to its root (REAL_PATHS maps it back)."""
    roots = [os.path.realpath(r) + os.sep for r in roots]
    current, line, inside = None, 0, False
    for raw in text.splitlines():
        marker = LINE_MARKER.match(raw)
        if marker:
            line = int(marker.group(1))
            real = os.path.realpath(marker.group(2)) if marker.group(2) else ""
            root = next((r for r in roots if real.startswith(r)), None)
            inside = root is not None
            current = real[len(os.path.dirname(root.rstrip(os.sep))) + 1:] if inside else None
            if inside:
                REAL_PATHS[current] = real
            continue
        if inside and not raw.lstrip().startswith("#"):
            # The preprocessor removed comments; a line comment left (input not from it) goes.
            for token in TOKEN.findall(re.sub(r"//.*", "", raw)):
                yield token, current, line
        line += 1


def split_params(tokens):
    params, depth, current = [], 0, []
    for t in tokens:
        if t in "(<[{":
            depth += 1
        elif t in ")>]}":
            depth -= 1
        if t == "," and depth == 0:
            params.append(current)
            current = []
        else:
            current.append(t)
    if current:
        params.append(current)
    return [join_tokens(p) for p in params if p and p != ["void"]]


def join_tokens(tokens):
    """Tokens as a declaration is written: `const int* idata`, `bool timed = true`."""
    text = " ".join(tokens)
    text = re.sub(r"\s*::\s*", "::", text)
    text = re.sub(r"\s+([,)\]])", r"\1", text)
    text = re.sub(r"([(\[])\s+", r"\1", text)
    return re.sub(r"\s+([*&]+)", r"\1", text)


def declaration(statement):
    """A function declaration at namespace scope, as (returns, name, params, where, storage),
    storage the static/inline words of its head, or None."""
    if not statement or statement[0][0] in ("template", "typedef", "using", "friend", "static_assert",
                                            "class", "struct", "enum", "union", "namespace"):
        return None
    tokens = [t for t, _, _ in statement]
    if "(" not in tokens:
        return None
    open_at = tokens.index("(")
    if "=" in tokens[:open_at]:  # a variable's initialiser, not a declaration
        return None
    if open_at == 0 or not re.match(r"[A-Za-z_]\w*$", tokens[open_at - 1]):
        return None
    head = tokens[: open_at - 1]
    # __global__ and __device__ functions run on the GPU: nvcc's preprocessor makes them
    # __attribute__((global)) and __attribute__((device)).
    if any(t in ("__global__", "__device__") for t in head) or \
            ("__attribute__" in head and any(t in ("global", "device") for t in head)):
        return None
    if not head or "operator" in tokens[open_at - 2:open_at]:
        return None
    depth, close_at = 0, None
    for i in range(open_at, len(tokens)):
        if tokens[i] == "(":
            depth += 1
        elif tokens[i] == ")":
            depth -= 1
            if depth == 0:
                close_at = i
                break
    if close_at is None:
        return None
    storage = {t for t in head if t in ("inline", "static")}
    returns = join_tokens([t for t in head if t not in ("extern", "inline", "static")])
    where = "%s:%d" % statement[open_at - 1][1:]
    return returns, tokens[open_at - 1], split_params(tokens[open_at + 1:close_at]), where, \
        storage


def find(text, roots):
    """The project's namespace-scope functions and the extern variables its headers declare."""
    functions, externs = [], []
    scopes = []  # one entry per open brace: a namespace's name(s), or None for any other brace
    statement = []
    pending_namespace = None
    for token, path, line in project_tokens(text, roots):
        at_namespace_scope = all(s is not None for s in scopes)
        if token == "namespace":
            pending_namespace = []
            continue
        if pending_namespace is not None:
            if token == "{":
                scopes.append([n for n in pending_namespace if n not in ("::", "inline")])
                pending_namespace, statement = None, []
            elif token == ";" or token == "=":  # a namespace alias or using-directive
                pending_namespace, statement = None, []
            else:
                pending_namespace.append(token)
            continue
        if token == "{":
            if at_namespace_scope and statement:
                found = declaration(statement)
                if found:
                    add(functions, scopes, found, definition=True)
            if at_namespace_scope and statement and statement[0][0] == "extern" and \
                    len(statement) >= 2 and statement[1][0].startswith('"'):
                scopes.append([])  # extern "C" { ... } is namespace scope
            else:
                scopes.append(None)
            statement = []
        elif token == "}":
            if scopes:
                scopes.pop()
            statement = []
        elif token == ";":
            if at_namespace_scope and statement:
                found = declaration(statement)
                if found:
                    add(functions, scopes, found, definition=False)
                elif statement[0][0] == "extern" and "(" not in [t for t, _, _ in statement]:
                    names = [t for t, _, _ in statement if re.match(r"[A-Za-z_]\w*$", t)]
                    if len(names) >= 3:
                        externs.append((names[-1], " ".join(t for t, _, _ in statement),
                                        "%s:%d" % statement[-1][1:]))
            statement = []
        else:
            statement.append((token, path, line))
    return functions, externs


def add(functions, scopes, found, definition):
    returns, name, params, where, storage = found
    namespace = [n for scope in scopes for n in scope]
    header = REAL_PATHS.get(where.rsplit(":", 1)[0], "")
    # An unnamed namespace and an extern "C" block both open an empty scope.
    linkage = "defined" if definition else \
        "internal" if storage or any(scope == [] for scope in scopes) else "external"
    functions.append(Function(namespace, name, returns, params, where, header, linkage))


def course_shape_problem(f):
    """Why f's parameters are not the course's (int n, int* odata, const int* idata), or None.
    The compiler has the last word; this is what the report says."""
    required = [p for p in f.params if "=" not in p]
    if len(f.params) < 3:
        return "it takes %d arguments" % len(f.params)
    if len(required) > 3:
        return "it takes %d arguments without a default" % len(required)
    first = f.params[0].replace("const ", "")
    if "*" in first or "&" in first:
        return "its first parameter is %s, where the course passes n" % f.params[0]
    pointers = [parameter_name(p) for p in f.params if "*" in p.split("=")[0]]
    if any(DEVICE_POINTER_NAME.match(n) for n in pointers):
        return "its pointers are named as device pointers (%s): the course's functions take " \
               "host pointers" % ", ".join(pointers)
    return None


def parameter_name(param):
    return re.sub(r".*[\s*&]", "", param.split("=")[0].strip())


def mapping_suggestion(f, word):
    """A VARIANTS line for the common reordering (out, in, n) of the course's arguments."""
    if len(f.params) != 3 or "*" not in f.params[0] or "*" not in f.params[1] or \
            "*" in f.params[2]:
        return ""
    return ', for (out, in, n): "%s %s %s(odata, idata, n)"' % (
        word, f.variant(), f.qualified())


def defined_in_sources(name, sources):
    definition = re.compile(r"^(?!\s*extern\b)[^(){};]*\b%s\s*(=|;|\[|\{)" % re.escape(name),
                            re.M)
    for source in sources:
        try:
            with open(source, errors="replace") as s:
                if definition.search(s.read()):
                    return True
        except OSError:
            pass
    return False


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
CONDITIONAL_OPEN = re.compile(r"^\s*#\s*if")
CONDITIONAL_CLOSE = re.compile(r"^\s*#\s*endif")
SINGLE_DEFINE = re.compile(r"^\s*#\s*define\s.*[^\\]$")


def resolve_include(name, source, roots):
    """The real path a quoted include of `source` names, or None (a system header)."""
    for base in [os.path.dirname(source)] + list(roots):
        candidate = os.path.join(base, name)
        if os.path.isfile(candidate):
            return os.path.realpath(candidate)
    return None


def includes_of(source, roots):
    """The unconditional #include and one-line #define lines of a source, in order, each with
    the real path it includes (None for a system header or a definition)."""
    lines, depth = [], 0
    try:
        with open(source, errors="replace") as s:
            text = s.read().splitlines()
    except OSError:
        return lines
    for raw in text:
        if CONDITIONAL_OPEN.match(raw):
            depth += 1
        elif CONDITIONAL_CLOSE.match(raw):
            depth = max(0, depth - 1)
        elif depth == 0:
            include = INCLUDE.match(raw)
            if include:
                path = resolve_include(include.group(2), source, roots) \
                    if include.group(1) == '"' else None
                # A quoted include becomes its real path: the unit lives in the build tree.
                lines.append(('#include "%s"' % path if path else raw.strip(), path))
            elif SINGLE_DEFINE.match(raw):
                lines.append((raw.strip(), None))
    return lines


def unit_prelude(header, sources, roots):
    """How a unit includes `header`: as the source of the same name does, else as the first
    source that includes it, up to and including it; alone when no source includes it. Returns
    (the lines, the source followed or None)."""
    stem = os.path.splitext(os.path.basename(header))[0]
    ordered = sorted(sources, key=lambda s: os.path.splitext(os.path.basename(s))[0] != stem)
    for source in ordered:
        lines = includes_of(source, roots)
        for i, (_, path) in enumerate(lines):
            if path == header:
                return [text for text, _ in lines[: i + 1]], source
    return ['#include "%s"' % header], None


SIMPLE_TYPE = re.compile(r"^(?!.*__)[\w:\s*&]+$")


def weak_reference(f, headers_defining, k):
    """For a function its header only declares, the unit's lines that make the unit's reference
    to it weak, and the expression saying whether a definition was linked; ([], "true") where a
    weak redeclaration would not be the same function (a definition or internal linkage
    anywhere in the headers, a return or parameter type this script would have to rewrite).

    A header may declare a course-shaped function that no source defines (one submission's
    MoreEfficient::compact: its own test program never calls it). The unit's call would stop
    the plugin's link; a weak reference links, reads as null, and the adapter lists the
    function as skipped instead."""
    params = [p.split("=", 1)[0].strip() for p in f.params]
    if f.linkage != "external" or f.qualified() in headers_defining or \
            not SIMPLE_TYPE.match(f.returns) or any(not SIMPLE_TYPE.match(p) for p in params):
        return [], "true"
    opened = "".join("namespace %s { " % n for n in f.namespace)
    closed = "}" * len(f.namespace)
    check = "parprim_course_defined_%d" % k
    return ["%s__attribute__((weak)) %s %s(%s); %s" % (opened, f.returns, f.name,
                                                      ", ".join(params), closed),
            "static bool %s() {" % check,
            "  %s (*declared)(%s) = &%s;" % (f.returns, ", ".join(params), f.qualified()),
            "  return declared != nullptr;",
            "}"], "%s()" % check


def write_unit(path, comment, prelude, namespaces, entries, weak_lines=()):
    """A unit, written as PATH.new: the project's includes, parprim's side (course/course_unit.hpp), the namespaces
    whose timer() is looked up, the weak references (weak_reference()) and the functions it
    registers."""
    with open(path + ".new", "w") as out:
        out.write("// Generated by parprim_add_course_plugin (course/find_course_functions.py): "
                  "%s\n" % comment)
        out.write("".join(line + "\n" for line in prelude))
        out.write('#include "course_unit.hpp"\n')
        if weak_lines:
            out.write("// Declared by the header and perhaps defined by no source: weak references,"
                      " so that\n// the plugin links and the adapter skips what was never "
                      "defined.\n")
            out.write("".join(line + "\n" for line in weak_lines))
        out.write("#define PARPRIM_COURSE_UNIT_NAMESPACES(X)%s\n" %
                  "".join(" \\\n  X(%s)" % n for n in sorted(namespaces) if n))
        out.write("#define PARPRIM_COURSE_UNIT_FUNCTIONS(X, MAPPED)%s\n" %
                  "".join(" \\\n" + e for e in entries))
        out.write("PARPRIM_COURSE_DEFINE_UNIT(%s)\n" % unit_name(path))


def unit_name(path):
    return os.path.splitext(os.path.basename(path))[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("preprocessed", help="nvcc -E output of a file including every header")
    parser.add_argument("--root", action="append", required=True,
                        help="a folder whose files are the project's (repeatable)")
    parser.add_argument("--map", action="append", default=[],
                        help="a VARIANTS entry: OPERATION NAME EXPRESSION over n, odata, idata")
    parser.add_argument("--sources", nargs="*", default=[], help="the project's sources")
    parser.add_argument("--out", required=True, help="the generated header")
    parser.add_argument("--units", default=None,
                        help="the folder for the units (default: the generated header's); each "
                             "is written as NAME.cu.new, listed in parprim_course_units.txt")
    parser.add_argument("--all-headers", default="parprim_course_headers.hpp",
                        help="the header including every header (for VARIANTS' unit)")
    args = parser.parse_args()
    units_dir = args.units or os.path.dirname(os.path.abspath(args.out))
    with open(args.preprocessed, errors="replace") as f:
        functions, externs = find(f.read(), args.root)

    report, seen = [], set()
    by_header = {}  # header -> (namespaces, X-macro lines, weak lines), in the order first declared
    headers_defining = {f.qualified() for f in functions if f.linkage != "external"}
    for f in functions:
        word, op = f.operation()
        if not op:
            continue
        if not f.namespace:
            report.append("skipped %s (%s): declared outside any namespace (map it with "
                          "VARIANTS)" % (f.signature(), f.where))
            continue
        if word != "sort" and f.namespace[:1] != ["StreamCompaction"]:
            report.append("skipped %s (%s): a %s outside namespace StreamCompaction" %
                          (f.signature(), f.where, word))
            continue
        key = (op, f.qualified())
        if key in seen:  # an overload, or a declaration repeated: one variant, the compiler picks
            continue
        problem = course_shape_problem(f)
        if problem:
            # Not `seen`: an overload of the course's shape declared after it is still found.
            report.append("skipped %s (%s): %s (map it with VARIANTS%s)" %
                          (f.signature(), f.where, problem, mapping_suggestion(f, word)))
            continue
        seen.add(key)
        namespaces, lines, weak_lines = by_header.setdefault(f.header, (set(), [], []))
        namespaces.add("::".join(f.namespace))
        description = "%s (%s)" % (f.signature(), f.where)
        weak, defined = weak_reference(f, headers_defining, len(lines))
        weak_lines.extend(weak)
        lines.append('  X(%s, "%s", %s, %s, "%s", %s)' %
                     (op, f.variant(), "::".join(f.namespace), f.name,
                      c_string(description), defined))
        report.append("found %s (%s): %s %s" % (f.signature(), f.where, word, f.variant()))

    mapped, mapped_namespaces = [], {"parprim_course_unscoped"}
    ops = dict(OPERATIONS)
    for entry in args.map:
        parts = entry.strip().split(None, 2)
        if len(parts) != 3 or parts[0] not in ops:
            print("error: VARIANTS entry \"%s\": expected OPERATION NAME EXPRESSION, the "
                  "operation one of scan, compact, sort, the expression a call over n, odata "
                  "and idata" % entry)
            return 1
        word, name, expression = parts
        called = re.match(r"\s*((?:\w+::)*\w+)::\w+\s*[(<]", expression)
        namespace = called.group(1).lstrip(":") if called else "parprim_course_unscoped"
        mapped_namespaces.add(namespace)
        mapped.append('  X(%s, "%s", %s, (%s), "%s", true)' %
                      (ops[word], name, namespace, expression,
                       c_string("mapped by VARIANTS: " + expression)))
        report.append("mapped %s %s: %s" % (word, name, expression))

    missing = [(n, text, where) for n, text, where in externs
               if not defined_in_sources(n, args.sources)]
    # The caller copies each file in place only when it changed (CMake's configure_file), so
    # that a reconfigure rebuilds nothing.
    units = []
    for k, (header, (namespaces, lines, weak_lines)) in enumerate(by_header.items()):
        path = os.path.join(units_dir, "parprim_course_unit_%d.cu" % k)
        prelude, source = unit_prelude(header, args.sources, args.root)
        how = "as %s does" % os.path.basename(source) if source else "alone (no source includes it)"
        write_unit(path, "the course functions declared in %s, which it includes %s."
                   % (os.path.basename(header), how), prelude, namespaces, lines, weak_lines)
        units.append(path)
    if mapped:
        path = os.path.join(units_dir, "parprim_course_unit_mapped.cu")
        write_unit(path, "the functions mapped by VARIANTS, with every header of the "
                   "project.", ['#include "%s"' % args.all_headers,
                                "namespace parprim_course_unscoped {}"],
                   mapped_namespaces, [m.replace("  X(", "  MAPPED(", 1) for m in mapped])
        units.append(path)
    with open(os.path.join(units_dir, "parprim_course_units.txt"), "w") as listing:
        listing.write("".join(u + "\n" for u in units))
    with open(args.out, "w") as out:
        out.write("// Generated by parprim_add_course_plugin (course/find_course_functions.py)\n"
                  "// from the project's preprocessed headers: the units that register the\n"
                  "// functions found, and what was skipped.\n#pragma once\n")
        out.write("#define PARPRIM_COURSE_UNITS(X)%s\n" %
                  "".join(" \\\n  X(%s)" % unit_name(u) for u in units))
        out.write("#define PARPRIM_COURSE_SKIPPED \"%s\"\n" % "\\n".join(
            c_string(r) for r in report if r.startswith("skipped")))
    for r in report:
        print(r)
    for name, text, where in missing:
        print("undefined %s (%s): `%s` is declared and no source of the project defines it "
              "(the course's test program did): define it with GLOBALS \"%s\"" %
              (name, where, text, suggestion(text)))
    if not by_header and not mapped:
        print("none: no function named scan, compact or sort with the course's shape")
    return 0


def suggestion(text):
    declared = text.replace("extern ", "").strip()
    if re.search(r"\b(int|unsigned|long|short|size_t)\b", declared) and "*" not in declared:
        return declared + " = 128"
    return declared


def c_string(text):
    """Text safe inside a C string literal of the generated header."""
    return text.replace("\\", "").replace('"', "'")


if __name__ == "__main__":
    sys.exit(main())
