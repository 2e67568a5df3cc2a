#!/usr/bin/env bash
# Fails when any tracked C++ source is not clang-format clean; prints the files to fix.
set -euo pipefail
clang_format=${1:-clang-format}
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files -co --exclude-standard -- '*.cpp' '*.hpp' '*.h' 2>/dev/null || find . -name '*.[ch]pp' -not -path './build*')
bad=()
for f in "${files[@]}"; do
  [[ -f "$f" ]] || continue
  if ! "$clang_format" --dry-run --Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
if [[ ${#bad[@]} -gt 0 ]]; then
  echo "Not clang-format clean (run: $clang_format -i FILE):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "format: ${#files[@]} files clean"
