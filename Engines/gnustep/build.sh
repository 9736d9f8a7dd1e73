#!/usr/bin/env bash
# Builds the live GNUstep engine (Engines/gnustep/gnustep-engine.m) into .build-gnustep/gnustep-engine,
# installing Debian's GNUstep gui (gobjc, gnustep-make, libgnustep-gui-dev) when it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)" != Linux ]; then
  # Debian's GNUstep packages are the engine's whole point (it is GNUstep gui 0.29's own NSView code).
  echo "Engines/gnustep/build.sh: Linux only (Debian's GNUstep gui 0.29); skipped on $(uname -s)." >&2
  echo "The live-engine test skips with that reason; see docs/platforms.md." >&2
  exit 0
fi
if ! command -v gnustep-config >/dev/null || [ ! -f /usr/include/GNUstep/AppKit/AppKit.h ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gobjc gnustep-make libgnustep-gui-dev
fi
mkdir -p .build-gnustep
# shellcheck disable=SC2046
gcc -std=gnu11 $(gnustep-config --objc-flags) -Wno-unused -o .build-gnustep/gnustep-engine Engines/gnustep/gnustep-engine.m $(gnustep-config --gui-libs)
echo ".build-gnustep/gnustep-engine"
