#!/usr/bin/env bash
# End-to-end checks of `tirconf prove` on small rule files: exit codes (0 every claim holds,
# 1 a claim is contradicted or, with --require-decided, undecided, 2 a malformed rule file), the
# file:line:col of every diagnostic, and counterexamples worked out by hand.
# Usage: prove_cli_test.sh TIRCONF
set -u
tirconf=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/cli_lib.sh"
expect_line() {  # expect_line FILE REGEX DESCRIPTION: every line of FILE matches REGEX
  if [ -s "$1" ] && ! grep -qvE -- "$2" "$1"; then passes=$((passes + 1)); else
    echo "FAIL: $3: a line does not match /$2/"; sed 's/^/  | /' "$1" | head -20; failures=$((failures + 1)); fi
}

# A valid rule and a wrong one claimed valid: x // x is 1 except at x == 0, where FloorDiv
# raises divide-by-zero (sem.expr.floordiv) and 1 does not, so x = 0 is the only counterexample.
cat >"$work/rules.yaml" <<'Y'
rules:
  - id: rw.t.add_zero
    lhs: "x + 0"
    rhs: "x"
    dtypes: [int8, int32]
    from: test
  - id: rw.t.self
    lhs: "x // x"
    rhs: "1"
    dtypes: [int32]
    from: test
Y
expect_rc 1 "a refuted valid claim exits 1" -- "$tirconf" prove "$work/rules.yaml"
expect_text "$work/out" "rw.t.self at int32: x = 0: lhs error" "the counterexample is x = 0"
expect_text "$work/out" "CONTRADICTS CLAIM" "the table flags the rule"
# Widths: each rule's claimed ones plus unbounded; x // x fails at unbounded too.
expect_text "$work/out" "2 rules: 3 proven, 2 refuted, 0 unknown" "summary over rule x width"
expect_rc 1 "--json as well" -- "$tirconf" prove --json "$work/rules.yaml"
expect_text "$work/out" '"contradicted_claims": 1' "json summary"
expect_rc 0 "--rule selects the valid one" -- "$tirconf" prove --rule rw.t.add "$work/rules.yaml"

# The spec's law 2 at int8: claimed invalid, refuted by an overflowing x + c1 (exit 0: as claimed).
cat >"$work/law.yaml" <<'Y'
rules:
  - id: rw.t.law2
    lhs: "(x + c1) // c1"
    rhs: "x // c1 + 1"
    if: "c1 > 0"
    expect: {unbounded: valid, int8: invalid}
    from: test
Y
expect_rc 0 "law 2 as claimed" -- "$tirconf" prove "$work/law.yaml"
expect_text "$work/out" "[holds over the integers only]" "marked as failing at a fixed width only"
expect_text "$work/out" "(oracle int8)" "re-checked on the oracle"

# A budget too small to decide: unknown, never proven; --require-decided makes that exit 1.
cat >"$work/hard.yaml" <<'Y'
rules:
  - id: rw.t.hard
    lhs: "(x * z + y) // z"
    rhs: "x + y // z"
    if: "z != 0 && fits(x * z) && fits(x * z + y) && fits(y // z)"
    dtypes: [int64]
    from: test
Y
expect_rc 1 "tiny budget, --require-decided" -- "$tirconf" prove --timeout-ms 1 --quick-timeout-ms 1 --require-decided --dtype int64 "$work/hard.yaml"
expect_text "$work/out" "0 proven" "nothing proven on a tiny budget"

# Malformed rule files: file:line:col: error: ..., exit 2, never a crash.
printf 'rules:\n  - id: rw.t.a\n    lhs: "x + "\n    rhs: "x"\n    dtypes: [int32]\n    from: t\n' >"$work/pat.yaml"
expect_rc 2 "a pattern that does not parse" -- "$tirconf" prove "$work/pat.yaml"
# Column 15: just past `x + ` inside the quotes (col 10 is the quote).
expect_text "$work/err" "pat.yaml:3:15: error: lhs: expected an expression" "points into the pattern"
printf 'rules: [\n' >"$work/syntax.yaml"
printf '' >"$work/empty.yaml"
printf 'rules: 5\n' >"$work/five.yaml"
printf 'rules:\n  - 5\n  - {id: rw.t.b, lhs: "x + y", rhs: "x + w", dtypes: [int32], from: t}\n' >"$work/items.yaml"
printf '\x00\xff\xfe"rules:\x01\n  - \x80\x81{\n' >"$work/binary.yaml"  # not text at all
for f in syntax empty five items binary; do
  expect_rc 2 "malformed $f.yaml" -- "$tirconf" prove "$work/$f.yaml"
  expect_line "$work/err" "^$work/$f\\.yaml:[1-9][0-9]*:[1-9][0-9]*: error: " "$f.yaml diagnostics name file:line:col"
done
expect_rc 2 "a missing file" -- "$tirconf" prove "$work/missing.yaml"
expect_line "$work/err" "missing\\.yaml:1:1: error: cannot read" "a missing file"
expect_rc 2 "an unknown width" -- "$tirconf" prove --dtype int7 "$work/law.yaml"

echo "prove CLI: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
