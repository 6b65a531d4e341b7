#!/usr/bin/env bash
# Prints the first fenced block of language LANG (cmake, yaml, sh) in the first section of
# docs/course-projects.md: what a student copies from the guide. Used by the guide's test
# (tests/examples/course_project/test_guide.sh) and scripts/course_corpus.sh, so that both take
# the guide's text the same way.
# Usage: course_guide_block.sh LANG [GUIDE]
set -euo pipefail
lang=$1
guide=${2:-$(dirname "$0")/../docs/course-projects.md}
awk -v lang="$lang" '
  /^## / { sections++ }
  sections == 1 && $0 == "```" lang && !done { inside = 1; next }
  inside && /^```/ { inside = 0; done = 1; next }
  inside { print }' "$guide"
