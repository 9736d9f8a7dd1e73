#!/usr/bin/env bash
# Builds the live Auto Layout engine (Engines/appkit/*.m) against Apple's AppKit into
# .build-appkit/appkit-engine and prints that path (the only line on standard output).
# macOS only, with the Xcode command-line tools (xcode-select --install) for clang and the SDK.
# On Linux, Engines/appkit/build-gnustep-master.sh builds the same engine against GNUstep master.
set -euo pipefail

if [ "$(uname -s)" != Darwin ]; then
  echo "macOS only: this builds against Apple's AppKit; on Linux use Engines/appkit/build-gnustep-master.sh" >&2
  exit 2
fi

cd "$(dirname "$0")/../.."
if ! xcrun --find clang >/dev/null 2>&1; then
  echo "build-macos: no clang; install the command-line tools with: xcode-select --install" >&2
  exit 1
fi
mkdir -p .build-appkit
# ARC, Apple's AppKit; warnings on, so an API that only GNUstep has shows up here.
xcrun clang -fobjc-arc -fmodules -Wall -Wno-unused -O2 \
  -o .build-appkit/appkit-engine.tmp Engines/appkit/*.m \
  -framework AppKit -framework Foundation
mv .build-appkit/appkit-engine.tmp .build-appkit/appkit-engine
echo ".build-appkit/appkit-engine"
