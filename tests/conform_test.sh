#!/usr/bin/env bash
# `tirconf conform` end to end on a stand-in implementation (fake_impl_worker.py: it returns the
# tensors it is given, and crashes, hangs, rejects or fails where a program's comment says):
# failures name their rules and fail the run; an expectations file makes a known failure pass,
# an unexpected pass fail, a stale entry show; --update-expectations writes one that makes the
# run green; a crash and a hang of the implementation are failures of their file and the files
# after them still run; JUnit and JSON reports; shards partition the files.
# Usage: conform_test.sh TIRCONF
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
timeouts: {start: 30, compile: 30, run: 2}
errors:
  - {match: "^Assert fail", class: assert}
YAML

mkdir -p "$work/corpus/a" "$work/corpus/b"
# A conformance file whose program leaves its buffer unchanged, with a comment for the fake.
conformance() {  # conformance FILE RULE EXPECT_YAML FAKE_COMMENT
  cat >"$1" <<PY
"""
description: a program that leaves A as it is
rules: [$2]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
    expect:
$3
"""
from tvm.script import tir as T
$4


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i]
PY
}
ok='      buffers: {A: [1, 2, 3, 4]}'
conformance "$work/corpus/a/pass.py" sem.stmt.for.serial "$ok" ""
conformance "$work/corpus/a/wrong.py" sem.expr.add '      buffers: {A: [2, 3, 4, 5]}' ""
conformance "$work/corpus/a/crash.py" sem.stmt.bufferstore "$ok" "# fake: crash-on-run"
conformance "$work/corpus/b/hang.py" sem.stmt.for "$ok" "# fake: hang-on-run"
conformance "$work/corpus/b/rejected.py" sem.stmt.primfunc "$ok" "# fake: reject"
conformance "$work/corpus/b/zzz_after.py" sem.expr.bufferload "$ok" ""

# Without expectations every failure is listed with its rules and the run fails.
expect_rc 1 "failures fail the run" -- "$tirconf" conform --impl "$work/fake.yaml" "$work/corpus" \
  --junit "$work/r.xml" --json "$work/r.json"
cp "$work/out" "$work/first"
expect_text "$work/first" "FAIL a/wrong.py [sem.expr.add]" "a wrong value names its rule"
expect_text "$work/first" "element 0 differs: expected 2, got 1" "and the first differing element"
expect_text "$work/first" "CRASH a/crash.py [sem.stmt.bufferstore]" "a crash is its file's failure"
expect_text "$work/first" "TIMEOUT b/hang.py [sem.stmt.for]" "a hang is its file's failure"
expect_text "$work/first" "FAIL b/rejected.py [sem.stmt.primfunc]" "a rejection is a failure"
expect_text "$work/first" "rejected: build: fake refuses it" "with the implementation's message"
expect_text "$work/first" "fake 1.0 (git test): 6 files: 2 passed" "the files after a crash and a hang still ran"
expect_text "$work/r.xml" 'classname="sem.expr.add" name="a/wrong.py"' "JUnit classname is the rule"
expect_text "$work/r.xml" '<failure message="CRASH' "a crash is a JUnit failure"
expect_text "$work/r.json" '"version": "1.0 (git test)"' "the JSON names the implementation's version"
expect_text "$work/r.json" '"corpus_hash": "fnv1a64:' "and the corpus hash"
expect_text "$work/r.json" '"tirconf_version"' "and tirconf's version"
expect_text "$work/r.json" '"signature": "rejected | ' "a failing file's signature"
expect_text "$work/r.json" 'build: fake refuses it"' "with the implementation's normalised message"
expect_text "$work/r.json" '"signature": "wrong-value | ' "a wrong value's signature"

# --update-expectations writes the known failures; with them the run is green.
expect_rc 0 "update the expectations" -- "$tirconf" conform --impl "$work/fake.yaml" "$work/corpus" \
  --expectations "$work/fake-expect.yaml" --update-expectations
expect_text "$work/fake-expect.yaml" '"a/crash.py": {status: CRASH, rule: "sem.stmt.bufferstore"' "a CRASH entry with its rule"
expect_text "$work/fake-expect.yaml" '"b/hang.py": {status: TIMEOUT' "a TIMEOUT entry"
expect_text "$work/fake-expect.yaml" 'corpus: "corpus"' "paths relative to the corpus folder"
expect_rc 0 "known failures pass the run" -- "$tirconf" conform --impl "$work/fake.yaml" "$work/corpus" \
  --expectations "$work/fake-expect.yaml" --jobs 2
expect_text "$work/out" "2 passed, 4 failed as expected, 0 unexpected failures" "the summary counts them"

# A listed failure that passes fails the run, unless allowed; a file that is gone is stale.
sed -i 's/A: \[2, 3, 4, 5\]/A: [1, 2, 3, 4]/' "$work/corpus/a/wrong.py"
expect_rc 1 "an unexpected pass fails the run" -- "$tirconf" conform --impl "$work/fake.yaml" \
  "$work/corpus" --expectations "$work/fake-expect.yaml"
expect_text "$work/out" "XPASS a/wrong.py" "the unexpected pass is named"
expect_rc 0 "--allow-unexpected-pass" -- "$tirconf" conform --impl "$work/fake.yaml" \
  "$work/corpus" --expectations "$work/fake-expect.yaml" --allow-unexpected-pass
rm "$work/corpus/b/rejected.py"
expect_rc 0 "a stale entry does not fail the run" -- "$tirconf" conform --impl "$work/fake.yaml" \
  "$work/corpus" --expectations "$work/fake-expect.yaml" --allow-unexpected-pass
expect_text "$work/out" "STALE b/rejected.py" "the stale entry is named"

# A flaky implementation: `also:` lists the other statuses it may end in on a file.
sed -i 's|"a/crash.py": {status: CRASH,|"a/crash.py": {status: FAIL, also: [CRASH],|' "$work/fake-expect.yaml"
expect_rc 0 "a status listed under also: is as expected" -- "$tirconf" conform \
  --impl "$work/fake.yaml" "$work/corpus" --expectations "$work/fake-expect.yaml" \
  --allow-unexpected-pass
expect_text "$work/out" "0 unexpected failures" "the crash is not unexpected"
sed -i 's|also: \[CRASH\]|also: [PASS]|' "$work/fake-expect.yaml"
expect_rc 2 "also: cannot list PASS" -- "$tirconf" conform --impl "$work/fake.yaml" \
  "$work/corpus" --expectations "$work/fake-expect.yaml"
expect_text "$work/err" "also lists" "says what also: may list"
sed -i 's|status: FAIL, also: \[PASS\],|status: CRASH,|' "$work/fake-expect.yaml"

# Shards partition the files; --rules selects by rule.
"$tirconf" conform --impl "$work/fake.yaml" "$work/corpus" --shard 0/2 >"$work/s0" 2>&1
"$tirconf" conform --impl "$work/fake.yaml" "$work/corpus" --shard 1/2 >"$work/s1" 2>&1
expect_text "$work/s0" "3 files" "shard 0 of 2 runs half of the files"
expect_text "$work/s1" "2 files" "shard 1 of 2 runs the rest"
expect_rc 0 "--rules selects files by rule" -- "$tirconf" conform --impl "$work/fake.yaml" \
  "$work/corpus" --rules "sem.expr.buffer*"
expect_text "$work/out" "1 files: 1 passed" "only the file citing sem.expr.bufferload"

# Bad usage and unreadable input are exit 2, with the place.
printf 'implementation: fake\nfiles:\n  a/x.py: {status: MAYBE}\n' >"$work/bad.yaml"
expect_rc 2 "a malformed expectations file" -- "$tirconf" conform --impl "$work/fake.yaml" \
  "$work/corpus" --expectations "$work/bad.yaml"
expect_text "$work/err" "bad.yaml:3:" "names the file and line"
expect_rc 2 "an unknown implementation" -- "$tirconf" conform --impl nope "$work/corpus"
FAKE_IMPL_UNAVAILABLE="cannot import fake" expect_rc 2 "an unavailable implementation" -- \
  "$tirconf" conform --impl "$work/fake.yaml" "$work/corpus"
expect_text "$work/err" "cannot import fake" "says why it is unavailable"

# `print --impl --roundtrip`: the implementation's re-print of our print is the same text, the
# same program in other words, or another program (a finding, exit 1).
mkdir -p "$work/rt"
for f in main rename_on_print; do
  printf 'from tvm.script import tir as T\n\n\n@T.prim_func\ndef %s(A: T.Buffer((4,), "int32")):\n    for i in range(4):\n        A[i] = A[i] + 1\n' "$f" >"$work/rt/$f.py"
done
expect_rc 0 "a faithful re-print" -- "$tirconf" print --impl "$work/fake.yaml" --roundtrip "$work/rt"
expect_text "$work/out" "2 files through fake: 1 identical; 1 same program, other text; 0 different program" "the round trip is classified" 
sed 's/def main/def change_on_print/' "$work/rt/main.py" >"$work/rt/changed.py"
expect_rc 1 "a re-print that changes the program" -- "$tirconf" print --impl "$work/fake.yaml" --roundtrip "$work/rt"
expect_text "$work/out" "changed.py: different program" "the changed program is named"

echo "conform_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
