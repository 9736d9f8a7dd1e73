#!/usr/bin/env bash
# Builds and runs the lab's libFuzzer targets: Fuzz/run.sh [TARGET…] [--seconds N] [--runs N] [--no-asan]
#   targets: scenario, experiment, system, churn, vfl, ib, log (default: all, one after another, each for --seconds
#   or --runs). Crashes go to Fuzz/crashes/<target>/; turn each into a test.
#   --no-asan: without the address sanitizer (-sanitize=fuzzer only, built in .build-fuzz-noasan): no
#   memory checks, for targets whose checks are their own (churn: about four times the steps per second).
# Needs clang's libFuzzer runtime, which swift.org's toolchains ship (swiftc -sanitize=fuzzer) on Linux
# and macOS; Xcode's toolchain does not, so on a Mac install one from swift.org and select it
# (`export TOOLCHAINS=swift`). The script checks first and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
probe_dir=$(mktemp -d)
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$probe_dir/probe.swift"
if ! swiftc -parse-as-library -sanitize=fuzzer "$probe_dir/probe.swift" -o "$probe_dir/probe" >/dev/null 2>&1; then
  rm -rf "$probe_dir"
  echo "Fuzz/run.sh: this Swift toolchain has no libFuzzer runtime (swiftc -sanitize=fuzzer failed)." >&2
  echo "Xcode's toolchain has none; install a swift.org toolchain and run with TOOLCHAINS=swift (docs/platforms.md)." >&2
  exit 2
fi
rm -rf "$probe_dir"
seconds=60
runs=-1
sanitizers=fuzzer,address
scratch=.build-fuzz
corpus_root=.build-fuzz  # one corpus per target, whichever build fuzzes it
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --no-asan) sanitizers=fuzzer; scratch=.build-fuzz-noasan; shift ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -eq 0 ] && targets=(scenario experiment system churn vfl ib log)

build_modules() {  # $@: SwiftPM targets to build instrumented
  for t in "$@"; do
    swift build -c release --scratch-path "$scratch" --target "$t" -Xswiftc -sanitize="$sanitizers" >/dev/null 2>&1 \
      || swift build -c release --scratch-path "$scratch" --target "$t" -Xswiftc -sanitize="$sanitizers"
  done
}
objects() {  # $@: targets whose object files to link
  for t in "$@"; do find "$scratch/release/$t.build" -name '*.o' | sort; done
}

for target in "${targets[@]}"; do
  case "$target" in
    vfl) modules=(Geometry ViewTree LabJSON ConstraintModel VFL); source=Fuzz/VFLFuzz.swift ;;
    scenario) modules=(Geometry ViewTree LabJSON ConstraintModel VFL Scenario); source=Fuzz/ScenarioFuzz.swift ;;
    system) modules=(LabJSON Solver SolverSystem); source=Fuzz/SystemFuzz.swift ;;
    churn) modules=(Solver SolverChecks); source=Fuzz/ChurnFuzz.swift ;;
    experiment) modules=(Geometry ViewTree LabJSON LabXML ConstraintModel VFL Scenario Margins Environment Solver Translation AutoLayout
                         InterfaceBuilder Springs CYaml Yams Sweep)
        source=Fuzz/ExperimentFuzz.swift ;;
    ib) modules=(Geometry ViewTree LabJSON LabXML ConstraintModel VFL Scenario Margins Environment Solver Translation AutoLayout InterfaceBuilder)
        source=Fuzz/IBFuzz.swift ;;
    log) modules=(ConflictLog); source=Fuzz/LogFuzz.swift ;;
    *) echo "unknown fuzz target: $target (valid: scenario, experiment, system, churn, vfl, ib, log)" >&2; exit 64 ;;
  esac
  build_modules "${modules[@]}"
  binary="$scratch/fuzz-$target"
  # shellcheck disable=SC2046
  # Yams' C module (libyaml) has its module map in the checkout.
  cyaml=(-Xcc -fmodule-map-file="$scratch/checkouts/Yams/Sources/CYaml/include/module.modulemap" -I "$scratch/checkouts/Yams/Sources/CYaml/include")
  swiftc -O -parse-as-library -sanitize="$sanitizers" -I "$scratch/release/Modules" "${cyaml[@]}" "$source" $(objects "${modules[@]}") -o "$binary" \
    2> >(grep -v "Cannot export local symbol" >&2)
  mkdir -p "Fuzz/crashes/$target" "$corpus_root/corpus-$target"
  if [ "$target" = ib ]; then
    # Seed with the repository's own documents, and with the smallest documents of the external corpus
    # when there is one (LAYOUTLAB_IB_CORPUS, default ../shared/corpus/ib; read, never copied in).
    for f in experiments/ib/*.xib experiments/ib/*.storyboard Tests/InterfaceBuilderTests/Fixtures/*.xib \
             Tests/InterfaceBuilderTests/Fixtures/*.storyboard; do
      [ -f "$f" ] && cp "$f" "$corpus_root/corpus-$target/"
    done
    corpus_dir=${LAYOUTLAB_IB_CORPUS:-../shared/corpus/ib}
    if [ -d "$corpus_dir" ]; then
      ls -S "$corpus_dir"/*.xib "$corpus_dir"/*.storyboard 2>/dev/null | tail -40 | while read -r f; do
        cp "$f" "$corpus_root/corpus-$target/$(basename "$f" | tr ' ' '_')"
      done
    fi
    max_len=8192
  elif [ "$target" = vfl ]; then
    max_len=256
  elif [ "$target" = log ] || [ "$target" = churn ]; then
    max_len=4096
  else
    max_len=8192
  fi
  # Seed the file readers with the repository's own files of their kind.
  case "$target" in
    scenario) cp experiments/scenarios/*.json "$corpus_root/corpus-$target/" ;;
    experiment) for f in experiments/*.yaml; do cp "$f" "$corpus_root/corpus-$target/"; done ;;
    churn) # A few churns to start from: random choices, long and short.
           for k in 1 2 3 4 5 6 7 8; do head -c $((k * 512)) /dev/urandom > "$corpus_root/corpus-$target/random$k"; done
           cp Tests/SolverTests/Crashes/churn-*.bin "$corpus_root/corpus-$target/" ;;  # what it once failed
    log) cp Tests/ConflictLogTests/Logs/*.log "$corpus_root/corpus-$target/"
         # The held-out logs, whose paste forms (one-line logs, Markdown escapes, Flutter's column) the
         # mutations should start from; renamed, as their numbers repeat the corpus's.
         for f in Tests/ConflictLogTests/HeldOut/*.log; do cp "$f" "$corpus_root/corpus-$target/heldout-${f##*/}"; done
         # The external corpus's logs too, when there is one (read, never copied into the repository).
         for f in "${LAYOUTLAB_LOG_CORPUS:-../shared/corpus/logs}"/*.log; do [ -f "$f" ] && cp "$f" "$corpus_root/corpus-$target/"; done ;;
    system) cp Tests/SolverTests/Fixtures/*.json "$corpus_root/corpus-$target/"
            printf '%s' '{"variables":["a","b"],"edit_variables":[{"var":"a","strength":"strong"}],"constraints":[{"terms":[{"var":"a","coefficient":1},{"var":"b","coefficient":-2}],"constant":10,"op":">=","strength":"required"}],"suggestions":[{"a":5},{"a":1e12}]}' \
              > "$corpus_root/corpus-$target/small.json" ;;
  esac
  # Seed the vfl corpus with the VFL parser tests' strings (first byte: no options).
  i=0
  [ "$target" = vfl ] && for s in "[button]-[textField]" "|-50-[purpleBox]-50-|" "[button(100@20)]" "[a(>=70,<=100)]" "|-[a]-[b]-[c(>=20)]-|" \
           "V:|-10-[a(>=70@1000,>=b@250)]-[b][c]-|" "V|[x]|" "[x)" "[x(]" "[view]-" "-[view]" "[9ab]" "[view(>30)]"; do
    printf '\0%s' "$s" > "$corpus_root/corpus-$target/seed$i"; i=$((i + 1))
  done
  true
  echo "fuzzing $target for ${seconds}s (runs: $runs)"
  # No allocation stacks in ASan's bookkeeping: a quarter of the time otherwise (re-run a crash file
  # without it for the full report).
  ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0} SWIFT_BACKTRACE=enable=no "$binary" "$corpus_root/corpus-$target" -max_total_time="$seconds" -runs="$runs" -max_len="$max_len" -timeout=20 \
    -artifact_prefix="Fuzz/crashes/$target/" -print_final_stats=1 2>&1 | grep -E "stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Done|churn steps|churn failed" || true
done
