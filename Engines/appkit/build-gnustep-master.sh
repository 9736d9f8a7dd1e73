#!/usr/bin/env bash
# Builds GNUstep master (tools-make, libs-base, libs-gui, libs-back with the headless backend) with gcc
# and gcc's own Objective-C runtime into a private prefix (~/.cache/layoutlab/gnustep-master/prefix,
# or $GNUSTEP_MASTER_CACHE/prefix), then compiles
# the live Auto Layout engine (Engines/appkit/*.m) into .build-gnustep-master/appkit-engine and
# prints that path (the only line on standard output; progress goes to standard error).
#
# Sources: $GNUSTEP_MASTER_SRC (default ../shared/vendor/gnustep-master beside the repo), a folder of
# tools-make.tar.gz, libs-base.tar.gz, libs-gui.tar.gz and libs-back.tar.gz at the commits below; when
# that folder is absent, the same commits are cloned from github.com/gnustep (needs the network).
# The prefix is kept between runs: a stamp file holds the four commits (and the prefix path and the
# recipe's version), and the GNUstep build is skipped when it matches and the libraries exist, so a
# second run only recompiles the engine (seconds). Debian's GNUstep 0.29 (Engines/gnustep/build.sh),
# if installed, is left untouched: the engine is linked with an RPATH into the private prefix.
#
# With --print-prefix it only prints the prefix's path (Engines/appkit/check-arc.sh reads its headers).
#
# Linux only. On Darwin it prints where the macOS build is and exits 2 (a clear non-zero: there is no
# engine at the printed path, so a caller must not go on as if there were).
set -euo pipefail

if [ "$(uname -s)" = Darwin ]; then
  echo "Linux only: on macOS use Engines/appkit/build-macos.sh" >&2
  exit 2
fi

cd "$(dirname "$0")/../.."
ROOT=$(pwd)

# The pinned commits (shared/vendor/gnustep-master/README.md lists the same ones).
TOOLS_MAKE_COMMIT=d9834c90892a4b39073a78b8425fd5a456d72f0e
LIBS_BASE_COMMIT=195782d1db67037ad426ea31feb163dfbaaa12ec
LIBS_GUI_COMMIT=7d7bf7049c556cba9ae5c7da6b8d64dc1e176bcf
LIBS_BACK_COMMIT=7432a51bd41a2d0712aba55ce081c8f12daf2de6
# Bump when the recipe below changes in a way that needs a rebuild.
RECIPE=2

SRC=${GNUSTEP_MASTER_SRC:-$ROOT/../shared/vendor/gnustep-master}
# GNUstep itself goes to a cache outside the clone, so a fresh clone (CI's) reuses it: the prefix is
# not relocatable, and it is the same for every clone at these commits. GNUSTEP_MASTER_CACHE moves it.
if [ -n "${GNUSTEP_MASTER_CACHE:-}" ]; then
  BUILD=$GNUSTEP_MASTER_CACHE
elif [ -n "${XDG_CACHE_HOME:-}${HOME:-}" ]; then
  BUILD=${XDG_CACHE_HOME:-$HOME/.cache}/layoutlab/gnustep-master
else
  BUILD=$ROOT/.build-gnustep-master/cache
fi
PREFIX=$BUILD/prefix
# --print-prefix: where the prefix is (built or not), for scripts that use its headers.
if [ "${1:-}" = --print-prefix ]; then echo "$PREFIX"; exit 0; fi
STAMP=$PREFIX/.layoutlab-stamp
LOGS=$BUILD/logs
# The engine belongs to this clone.
mkdir -p "$ROOT/.build-gnustep-master"
ENGINE=$ROOT/.build-gnustep-master/appkit-engine
NICE="nice -n 10"

log() { echo "build-gnustep-master: $*" >&2; }

# One build at a time (a second caller waits, then finds the prefix built).
mkdir -p "$BUILD"
if command -v flock >/dev/null; then
  exec 9>"$BUILD/.lock"
  flock 9
fi

# Debian packages the build needs. On this project's machines only libtiff-dev (and gobjc, gcc's
# Objective-C compiler, where Engines/gnustep/build.sh has not installed it yet) were measured missing;
# the rest are checked too, so a barer machine gets them.
PACKAGES="gcc g++ gobjc make pkg-config libffi-dev libgnutls28-dev libxml2-dev libxslt1-dev libicu-dev
          zlib1g-dev libtiff-dev libjpeg-dev libpng-dev"
missing=()
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

stamp_text() {
  printf 'tools-make %s\nlibs-base %s\nlibs-gui %s\nlibs-back %s\nprefix %s\nrecipe %s\n' \
    "$TOOLS_MAKE_COMMIT" "$LIBS_BASE_COMMIT" "$LIBS_GUI_COMMIT" "$LIBS_BACK_COMMIT" "$PREFIX" "$RECIPE"
}

built() {
  [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(stamp_text)" ] &&
    [ -f "$PREFIX/share/GNUstep/Makefiles/GNUstep.sh" ] &&
    ls "$PREFIX"/lib/libgnustep-base.so* >/dev/null 2>&1 &&
    ls "$PREFIX"/lib/libgnustep-gui.so* >/dev/null 2>&1 &&
    ls -d "$PREFIX"/lib/GNUstep/Bundles/libgnustep-back-*.bundle >/dev/null 2>&1
}

# Puts the sources of repository $1 at commit $2 into $BUILD/src/$1.
unpack() {
  local repo=$1 commit=$2
  rm -rf "$BUILD/src/$repo"
  if [ -f "$SRC/$repo.tar.gz" ]; then
    if [ -f "$SRC/README.md" ] && ! grep -q "$commit" "$SRC/README.md"; then
      log "warning: $SRC/README.md does not list $repo at $commit (building the archive as it is)"
    fi
    tar -xzf "$SRC/$repo.tar.gz" -C "$BUILD/src"
  elif [ ! -d "$SRC" ]; then
    log "$SRC is absent: cloning gnustep/$repo at $commit"
    git init -q "$BUILD/src/$repo"
    git -C "$BUILD/src/$repo" fetch -q --depth 1 "https://github.com/gnustep/$repo.git" "$commit" ||
      { log "cannot fetch gnustep/$repo (no network?); put the archives in \$GNUSTEP_MASTER_SRC"; exit 1; }
    git -C "$BUILD/src/$repo" checkout -q FETCH_HEAD
  else
    log "$SRC has no $repo.tar.gz"
    exit 1
  fi
}

# Runs a build step with its output in $LOGS/$1.log; on failure shows the log's tail.
step() {
  local name=$1; shift
  log "$name ..."
  local t0=$SECONDS
  if ! "$@" >"$LOGS/$name.log" 2>&1; then
    tail -n 40 "$LOGS/$name.log" >&2
    log "$name failed (full log: $LOGS/$name.log)"
    exit 1
  fi
  log "$name done in $((SECONDS - t0)) s"
}

if built; then
  log "GNUstep master is already built in $PREFIX (commits match)"
else
  t_start=$SECONDS
  rm -rf "$PREFIX" "$BUILD/src" "$LOGS"
  mkdir -p "$BUILD/src" "$LOGS"
  unpack tools-make "$TOOLS_MAKE_COMMIT"
  unpack libs-base "$LIBS_BASE_COMMIT"
  unpack libs-gui "$LIBS_GUI_COMMIT"
  unpack libs-back "$LIBS_BACK_COMMIT"

  # Nothing from the caller's environment may point at another GNUstep (e.g. Debian's).
  unset GNUSTEP_MAKEFILES GNUSTEP_SYSTEM_ROOT GNUSTEP_LOCAL_ROOT GNUSTEP_NETWORK_ROOT GNUSTEP_USER_ROOT \
        GNUSTEP_PATHLIST GNUSTEP_FLATTENED GNUSTEP_HOST GNUSTEP_IS_FLATTENED LIBRARY_COMBO || true
  export GNUSTEP_CONFIG_FILE=$PREFIX/etc/GNUstep/GNUstep.conf
  export CC=gcc CXX=g++
  # An RPATH into the prefix in everything GNUstep builds: its tools, e.g. gdnc (the distributed
  # notification server, which NSApplication's theme code starts on first use), must find the
  # prefix's libraries without LD_LIBRARY_PATH, or every GUI program waits 10 s for it and fails.
  export LDFLAGS="-Wl,-rpath,$PREFIX/lib -Wl,--disable-new-dtags"

  cd "$BUILD/src/tools-make"
  step tools-make-configure ./configure --prefix="$PREFIX" --with-layout=fhs \
    --with-config-file="$GNUSTEP_CONFIG_FILE" --with-library-combo=gnu-gnu-gnu CC=gcc CXX=g++ LDFLAGS="$LDFLAGS"
  step tools-make-install $NICE make install

  # shellcheck disable=SC1091
  set +u; . "$PREFIX/share/GNUstep/Makefiles/GNUstep.sh"; set -u

  cd "$BUILD/src/libs-base"
  step libs-base-configure $NICE ./configure
  step libs-base-make $NICE make -j2
  step libs-base-install make install

  cd "$BUILD/src/libs-gui"
  step libs-gui-configure $NICE ./configure
  step libs-gui-make $NICE make -j2
  step libs-gui-install make install

  cd "$BUILD/src/libs-back"
  step libs-back-configure $NICE ./configure --enable-server=headless --enable-graphics=headless
  step libs-back-make $NICE make -j2
  step libs-back-install make install

  cd "$ROOT"
  built_ok=1
  ls "$PREFIX"/lib/libgnustep-base.so* >/dev/null 2>&1 || built_ok=0
  ls "$PREFIX"/lib/libgnustep-gui.so* >/dev/null 2>&1 || built_ok=0
  ls -d "$PREFIX"/lib/GNUstep/Bundles/libgnustep-back-*.bundle >/dev/null 2>&1 || built_ok=0
  if [ $built_ok = 0 ]; then log "the build finished but the libraries are not where expected in $PREFIX"; exit 1; fi
  stamp_text >"$STAMP"
  # The unpacked sources are only needed for the build (and to read: keep them, they are small).
  log "GNUstep master built in $((SECONDS - t_start)) s"
fi

# The engine, against the private prefix only.
unset GNUSTEP_MAKEFILES || true
export GNUSTEP_CONFIG_FILE=$PREFIX/etc/GNUstep/GNUstep.conf
set +u; . "$PREFIX/share/GNUstep/Makefiles/GNUstep.sh"; set -u
CONFIG=$PREFIX/bin/gnustep-config
[ -x "$CONFIG" ] || CONFIG=$(command -v gnustep-config)
# shellcheck disable=SC2046
gcc -std=gnu11 -pthread $("$CONFIG" --objc-flags) -Wall -Wno-unused -o "$ENGINE.tmp" Engines/appkit/*.m \
  $("$CONFIG" --gui-libs) -L"$PREFIX/lib" -Wl,--disable-new-dtags -Wl,-rpath,"$PREFIX/lib"
mv "$ENGINE.tmp" "$ENGINE"
echo ".build-gnustep-master/appkit-engine"
