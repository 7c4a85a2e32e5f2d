#!/usr/bin/env bash
# `tirconf validate` end to end on a stand-in implementation (fake_impl_worker.py), whose passes
# are text rewrites: a renaming validates, a changed constant is a finding named after its pass
# with the program before and after it kept, a changed signature ends what can be validated, an
# unreadable print is unreadable, a refused pass ends the list, refused schedule steps are
# skipped, --replay applies a finding's steps again, and `tirconf reduce` shrinks a finding's steps
# and program.
# Usage: validate_cli_test.sh TIRCONF
set -u
tirconf=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/cli_lib.sh"

cat >"$work/fake.yaml" <<YAML
name: fake
description: "a stand-in implementation for tests"
command: ["python3", "$here/fake_impl_worker.py"]
timeouts: {start: 30, compile: 30, run: 2, transform: 30}
YAML
cat >"$work/add.py" <<'PY'
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i] + 1
PY
impl=(--impl "$work/fake.yaml")

expect_rc 0 "a renaming pass validates" -- "$tirconf" validate "${impl[@]}" "$work/add.py" \
  --passes identity,rename
expect_text "$work/out" "2 steps, 2 validated" "both passes validated"

expect_rc 1 "a pass that changes a constant is a finding" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --passes identity,miscompile,rename --out "$work/found"
expect_text "$work/out" "FINDING at step 2 miscompile" "the finding names the step"
expect_text "$work/out" "FINDING validate:miscompile:differ: 1 program" "grouped by signature"
kept="$work/found/validate_miscompile_differ/add_py"
for f in original.py before.py after.py finding.txt steps.json; do
  if [ -s "$kept/$f" ]; then passes=$((passes + 1)); else
    echo "FAIL: the finding's $f is not kept under $kept"; failures=$((failures + 1)); fi
done
expect_text "$kept/after.py" "A[i] + 2" "after.py is the program after the step"
expect_text "$kept/before.py" "A[i] + 1" "before.py is the program before it"
expect_text "$kept/finding.json" '"trial_seed": 0' "the trials' seed is recorded"

expect_rc 1 "the kept steps replay the finding" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --replay "$kept/steps.json"
expect_text "$work/out" "FINDING validate:miscompile:differ" "replayed"

# tirconf reduce on the finding's folder: first the steps (only the miscompiling pass is
# needed), then the program, each candidate validated with the reduced steps replayed.
expect_rc 1 "a finding after two harmless passes" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --passes identity,rename,miscompile --out "$work/found3"
expect_rc 0 "the finding reduces" -- "$tirconf" reduce \
  "$work/found3/validate_miscompile_differ/add_py" "${impl[@]}" -q
expect_text "$work/out" 'steps: 3 -> 1' "to the one step it needs"
expect_text "$work/found3/validate_miscompile_differ/add_py/steps.reduced.json" '"miscompile"' \
  "the step kept"
expect_text "$work/found3/validate_miscompile_differ/add_py/reduced.py" "B[0] = A[0] + 1" \
  "and the program, to one element"

expect_rc 0 "a changed signature ends validation" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --passes rename,packed,identity
expect_text "$work/out" "ends at step 2 packed: cannot-run" "the end is named"
expect_text "$work/out" "packed: cannot-run 1" "and counted"

expect_rc 0 "an unreadable print ends validation" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --passes garble
expect_text "$work/out" "ends at step 1 garble: unreadable" "unreadable"

expect_rc 0 "a refused pass ends the list" -- "$tirconf" validate "${impl[@]}" "$work/add.py" \
  --passes identity,reject,miscompile
expect_text "$work/out" "ends at step 2 reject: refused" "refused"

cat >"$work/schedule.json" <<'JSON'
[{"primitive": "identity"}, {"primitive": "reject"}, {"primitive": "rename"}, "identity"]
JSON
expect_rc 0 "refused schedule steps are skipped" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --replay "$work/schedule.json" --json
expect_text "$work/out" '"verdict":"skipped"' "the refused step is skipped"
expect_text "$work/out" '"validated":3' "the others validate"

expect_rc 0 "generated programs through the fake default pipeline" -- "$tirconf" validate \
  "${impl[@]}" --seed 3 --count 3 --schedules 2 -q
expect_text "$work/out" "validate: 3 programs" "three programs"

expect_rc 2 "nothing to apply" -- "$tirconf" validate "${impl[@]}" "$work/add.py"
expect_rc 2 "an unknown implementation" -- "$tirconf" validate --impl no-such "$work/add.py" \
  --passes default
echo '{"not": "a list"}' >"$work/bad.json"
expect_rc 2 "a replay file that is not a list of steps" -- "$tirconf" validate "${impl[@]}" \
  "$work/add.py" --replay "$work/bad.json"

echo "validate_cli_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
