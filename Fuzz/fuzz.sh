#!/usr/bin/env bash
# Builds and runs the libFuzzer targets.
#
#   Fuzz/fuzz.sh build                       build both targets
#   Fuzz/fuzz.sh run TARGET SECONDS [ARGS…]  build, then fuzz TARGET (predicates or snapshots)
#                                            for SECONDS, passing ARGS to libFuzzer
#   Fuzz/fuzz.sh ci SECONDS                  build, then fuzz each target for SECONDS
#   Fuzz/fuzz.sh ci-built SECONDS            fuzz each target for SECONDS as last built
#
# How the targets are built: SwiftPM compiles the library modules (and what they depend on:
# the shared support module, GRDB, the C thread-local helper) with `-sanitize=fuzzer,address`
# into a build folder of their own (.build-fuzz), as objects only (`--target`, so no executable
# with a `main` is linked). Each fuzz target is one Swift file that imports a module through its public API
# and defines `LLVMFuzzerTestOneInput` with `@_cdecl` (with the test file that holds the model it
# shares with the unit tests, itself public-API only); swiftc compiles it with
# `-sanitize=fuzzer,address -parse-as-library` and links it with the module's objects, so
# libFuzzer supplies `main`.
#
# The seed corpus lives in Fuzz/Corpus/TARGET (small, kept in the repository). New inputs go
# to .build-fuzz/corpus/TARGET and crashes to .build-fuzz/artifacts/; to keep a finding as a
# regression input, copy it into the seed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

build_path=.build-fuzz
# Release for long runs (faster executions); CI sets FUZZ_CONFIGURATION=debug, which builds in
# a third of the time and is fast enough for a minute of fuzzing.
configuration=${FUZZ_CONFIGURATION:-release}

# The sanitizers are passed to swiftc as one flag: given as two (SwiftPM's --sanitize=fuzzer
# --sanitize=address), the second replaces the first and the objects get no coverage counters,
# leaving the fuzzer blind. The counters are checked for below.
build_modules() {
    for module in ObjectStore DiffableSnapshots; do
        swift build -c "$configuration" --build-path "$build_path" \
            -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address --target "$module"
    done
    local bin object instrumented
    bin=$(swift build -c "$configuration" --build-path "$build_path" --show-bin-path)
    for module in ObjectStore DiffableSnapshots; do
        instrumented=no
        for object in "$bin/$module.build"/*.o; do
            if readelf -S "$object" | grep __sancov_cntrs > /dev/null; then
                instrumented=yes
                break
            fi
        done
        if [ "$instrumented" = no ]; then
            echo "error: the objects of $module have no coverage counters; the fuzzer would be blind to it" >&2
            exit 1
        fi
    done
}

objects() {
    local bin="$1"
    shift
    for module in "$@"; do
        find "$bin/$module.build" -name '*.o'
    done
}

# Links `sources` (the target and the test files it shares) as NAME with the objects of MODULES.
link_target() {
    local name="$1"
    shift
    local bin
    bin=$(swift build -c "$configuration" --build-path "$build_path" --show-bin-path)
    # shellcheck disable=SC2046
    swiftc -O -swift-version 6 -sanitize=fuzzer,address -parse-as-library \
        -module-name "${name//-/_}" -I "$bin/Modules" \
        "${sources[@]}" $(objects "$bin" "$@") "${link_flags[@]}" -o "$build_path/$name-$configuration" 2>&1 |
        { grep -v "ld.gold: warning: Cannot export local symbol '__asan" || true; }
    test -x "$build_path/$name-$configuration"
}

build() {
    build_modules
    local sqlite_map
    sqlite_map=$(find "$build_path/checkouts/GRDB.swift" -path '*GRDBSQLite/module.modulemap' | head -1)
    local bin
    bin=$(swift build -c "$configuration" --build-path "$build_path" --show-bin-path)
    link_flags=(-Xcc "-fmodule-map-file=$sqlite_map"
        -Xcc "-fmodule-map-file=$bin/ObjectStoreThreadLocal.build/module.modulemap"
        -I Sources/ObjectStoreThreadLocal/include -lsqlite3)
    sources=(Fuzz/PredicateFuzzer.swift Tests/ObjectStoreTests/Predicates/PredicateEntities.swift)
    link_target fuzz-predicates ObjectStore DiffableSupport GRDB ObjectStoreThreadLocal
    link_flags=()
    sources=(Fuzz/SnapshotFuzzer.swift Tests/DiffableSnapshotsTests/Support/ReferenceSnapshot.swift)
    link_target fuzz-snapshots DiffableSnapshots DiffableSupport
}

run() {
    local target="$1" seconds="$2"
    shift 2
    local corpus="$build_path/corpus/$target"
    mkdir -p "$corpus" "$build_path/artifacts"
    # The Swift runtime's backtracer reads the crashed stack, which AddressSanitizer reports as
    # a second error; libFuzzer's own report is enough. Leak checking is off: the targets look
    # for crashes and wrong answers, and the fixture's store lives until exit.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$build_path/fuzz-$target-$configuration" "$corpus" "Fuzz/Corpus/$target" \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -detect_leaks=0 \
        -artifact_prefix="$build_path/artifacts/$target-" -print_final_stats=1 "$@"
}

case "${1:-}" in
build)
    build
    ;;
run)
    build
    run "$2" "$3" "${@:4}"
    ;;
ci | ci-built)
    if [ "$1" = ci ]; then
        build
    fi
    for target in predicates snapshots; do
        echo "== fuzz $target for $2 s"
        run "$target" "$2"
    done
    ;;
*)
    echo "usage: $0 build | run predicates|snapshots SECONDS [libFuzzer arguments] | ci SECONDS | ci-built SECONDS" >&2
    exit 64
    ;;
esac
