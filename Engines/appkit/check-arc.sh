#!/usr/bin/env bash
# Checks that the live engine's sources obey ARC, as Apple's clang builds them on a Mac
# (Engines/appkit/build-macos.sh), without a Mac: clang -fsyntax-only -fobjc-arc of every file against
# GNUstep master's headers (the prefix Engines/appkit/build-gnustep-master.sh builds), with gcc's
# objc headers beside them. Errors in those headers are not the engine's and are left out; any error
# or warning in Engines/appkit fails. Linux only (GNUstep's headers stand in for Apple's SDK).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)" != Linux ]; then
  echo "check-arc: Linux only; on macOS Engines/appkit/build-macos.sh compiles with ARC itself" >&2
  exit 2
fi
PREFIX=$(Engines/appkit/build-gnustep-master.sh --print-prefix)
[ -d "$PREFIX" ] || { echo "check-arc: no GNUstep master in $PREFIX: run Engines/appkit/build-gnustep-master.sh" >&2; exit 1; }
command -v clang >/dev/null || { echo "check-arc: no clang (the Swift toolchain has one)" >&2; exit 1; }
objc=$(dirname "$(gcc -print-file-name=include/objc/objc.h)")
[ -f "$objc/objc.h" ] || { echo "check-arc: gcc's objc headers are missing (apt-get install gobjc)" >&2; exit 1; }
shim=$(mktemp -d)
trap 'rm -rf "$shim"' EXIT
ln -s "$objc" "$shim/objc"
headers=(-I"$shim" -I"$PREFIX/include")
while IFS= read -r d; do headers+=(-I"$d"); done < <(find "$PREFIX" -type d -name Headers)
status=0
for f in Engines/appkit/*.m; do
  out=$(clang -fsyntax-only -fobjc-arc -fobjc-runtime=gnustep-2.0 "${headers[@]}" -DGNUSTEP -DGNU_RUNTIME=1 \
    -DGNUSTEP_BASE_LIBRARY=1 -Wall -Wno-unused "$f" 2>&1 || true)
  mine=$(grep -E '^Engines/appkit/[^:]+:[0-9]+:[0-9]+: (error|warning)' <<<"$out" || true)
  if [ -n "$mine" ]; then echo "$mine" >&2; status=1; fi
done
[ $status = 0 ] && echo "check-arc: $(ls Engines/appkit/*.m | wc -l) files parse under ARC with no error or warning"
exit $status
