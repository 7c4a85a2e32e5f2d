#!/bin/sh
# `tirconf gen` end to end: written files check, run and pass as conformance tests; the same seed
# gives the same bytes; exit codes (0 ok, 2 bad usage or unreadable profile, with file:line:col).
# Usage: gen_cli_test.sh path/to/tirconf
set -eu
T=$1
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$T" gen --seed 3 --count 20 --out "$D/plain" || fail "gen exited $?"
[ "$(ls "$D"/plain/*.py | wc -l)" -eq 20 ] || fail "expected 20 programs"
[ "$(ls "$D"/plain/*.args.json | wc -l)" -eq 20 ] || fail "expected 20 argument files"
"$T" check -q "$D/plain" || fail "generated programs do not check"
"$T" run "$D/plain/gen_3_0.py" --args "$D/plain/gen_3_0.args.json" | grep -q '^ok' || fail "run is not ok"

"$T" gen --seed 3 --count 20 --out "$D/again"
diff -r "$D/plain" "$D/again" > /dev/null || fail "same seed, different bytes"

"$T" gen --seed 3 --count 20 --out "$D/conf" --expect-from-oracle
"$T" test "$D/conf" | tail -1 | grep -q '^20 passed, 0 failed$' || fail "conformance files do not pass"
"$T" check -q "$D/conf" || fail "conformance files do not check"

"$T" gen --check --seed 5 --count 200 -q | tail -1 | grep -q '^200 programs, 0 failing' || fail "--check found something"
"$T" gen --stats --seed 5 --count 50 -q | grep -q '^semantics rules reached: ' || fail "--stats prints no coverage"

printf 'limits:\n  loop_extnt: 3\n' > "$D/bad.yaml"
set +e
"$T" gen --check --profile "$D/bad.yaml" 2> "$D/err"
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "malformed profile exited $rc, not 2"
grep -q "bad.yaml:2:3: error: limits: unknown key 'loop_extnt'" "$D/err" || fail "diagnostic: $(cat "$D/err")"

set +e
"$T" gen --count 1 2> /dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "missing --out exited $rc, not 2"
echo "gen CLI: ok"
