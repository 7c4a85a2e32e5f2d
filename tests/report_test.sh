#!/usr/bin/env bash
# `tirconf report` end to end: report.json valid against reports/report.schema.json, every
# catalog rule in it, its traceability equal to `tirconf rules --json`, each implementation's
# counts equal to `tirconf conform --json` (one whole run, one run in two shards merged), rule
# statuses and campaign findings recomputed independently (report_check.py); --previous shows
# what changed; bad inputs exit 2 with a located diagnostic, and write nothing.
# Usage: report_test.sh TIRCONF SOURCE_DIR
set -u
tirconf=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/cli_lib.sh"

py=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import jsonschema' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
  echo "FAIL: no python3 imports jsonschema (Debian python3-jsonschema; scripts/install-deps.sh)"
  exit 1
fi

corpus=$src/corpus
expect_rc 0 "conform oracle" -- "$tirconf" conform --impl oracle "$corpus" --json "$work/oracle.json"
expect_rc 0 "conform llvm-O0 shard 0/2" -- "$tirconf" conform --impl llvm-O0 "$corpus" --shard 0/2 --json "$work/llvm1.json"
expect_rc 0 "conform llvm-O0 shard 1/2" -- "$tirconf" conform --impl llvm-O0 "$corpus" --shard 1/2 --json "$work/llvm2.json"
expect_rc 0 "a short campaign" -- "$tirconf" fuzz --backends oracle,llvm-O0 --seed 7 --count 48 --jobs 1 -q --out "$work/campaign"
expect_rc 0 "prove some rewrite rules" -- sh -c "'$tirconf' prove --json --rule rw.add --rule rw.min > '$work/prove.json'"
expect_rc 0 "rules --json" -- sh -c "'$tirconf' rules --json > '$work/rules.json'"

report=(--conform "$work/oracle.json" --conform "$work/llvm1.json" --conform "$work/llvm2.json"
  --campaign "$work/campaign" --prove "$work/prove.json")
expect_rc 0 "report" -- "$tirconf" report "${report[@]}" --out "$work/r1"
expect_text "$work/out" "wrote $work/r1/report.html" "report says where it wrote"
for f in report.html report.md report.json; do
  [ -s "$work/r1/$f" ] && passes=$((passes + 1)) || { echo "FAIL: no $f"; failures=$((failures + 1)); }
done
expect_rc 0 "report.json against the schema, the catalog, conform and rules" -- \
  "$py" "$here/report_check.py" "$src/reports/report.schema.json" "$work/r1/report.json" \
  "$work/rules.json" "$work/campaign" oracle="$work/oracle.json" llvm-O0="$work/llvm1.json,$work/llvm2.json"

# --previous: a previous report where one rule failed on the oracle and one signature was not yet
# seen, and the oracle's untested rule passed.
python3 - "$work/r1/report.json" "$work/previous.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
passing = next(x for x in r["rules"] if x["status"].get("oracle") == "pass")
passing["status"]["oracle"] = "fail"
untested = next((x for x in r["rules"] if x["status"].get("oracle") == "untested"), None)
if untested:
    untested["status"]["oracle"] = "pass"
r["generated"] = "2026-01-01T00:00:00Z"
r["findings"].append({**(r["findings"][0] if r["findings"] else {}), "signature": "wrong-value | llvm-O0 | gone"})
json.dump(r, open(sys.argv[2], "w"))
open(sys.argv[2] + ".rules", "w").write(passing["id"] + "\n" + (untested["id"] if untested else "") + "\n")
PY
expect_rc 0 "report --previous" -- "$tirconf" report "${report[@]}" --previous "$work/previous.json" --out "$work/r2"
python3 - "$work/r2/report.json" "$work/previous.json.rules" <<'PY' || failures=$((failures + 1))
import json, sys
r = json.load(open(sys.argv[1]))
was_failing, was_passing = (open(sys.argv[2]).read().split("\n") + ["", ""])[:2]
c = r["changes"]
assert c is not None and c["previous_generated"] == "2026-01-01T00:00:00Z", c
assert {"implementation": "oracle", "rule": was_failing, "was": "fail", "now": "pass"} in c["newly_passing"], c["newly_passing"]
assert not c["newly_failing"], c["newly_failing"]
if was_passing:
    assert {"implementation": "oracle", "rule": was_passing, "was": "pass", "now": "untested"} in c["other"], c["other"]
assert "wrong-value | llvm-O0 | gone" in c["gone_signatures"], c
assert sorted(c["new_signatures"]) == sorted(f["signature"] for f in r["findings"] if f["signature"] != "wrong-value | llvm-O0 | gone")
print("changes: ok")
PY
expect_text "$work/r2/report.md" "## Since 2026-01-01T00:00:00Z" "report.md says what changed"
expect_text "$work/r2/report.html" 'id="changes"' "report.html shows what changed"

# Bad inputs: exit 2, a diagnostic with file:line:col, nothing written.
printf '{"implementation": {"name": "x"},\n  "summary": [1,\n' >"$work/torn.json"
expect_rc 2 "torn JSON" -- "$tirconf" report --conform "$work/torn.json" --out "$work/bad1"
expect_text "$work/err" "$work/torn.json:3:1: error: not JSON" "torn JSON located"
python3 -c "
import json; r = json.load(open('$work/oracle.json')); r['files'][2]['verdict'] = 'fine'
json.dump(r, open('$work/badverdict.json', 'w'), indent=1)"
expect_rc 2 "unknown verdict" -- "$tirconf" report --conform "$work/badverdict.json" --out "$work/bad2"
line=$(grep -n '"verdict": "fine"' "$work/badverdict.json" | cut -d: -f1)
expect_text "$work/err" "$work/badverdict.json:$line:" "unknown verdict located on its line"
expect_text "$work/err" 'unknown verdict "fine"' "unknown verdict named"
python3 -c "
import json; r = json.load(open('$work/oracle.json')); del r['summary']['skipped']
json.dump(r, open('$work/nofield.json', 'w'), indent=1)"
expect_rc 2 "missing field" -- "$tirconf" report --conform "$work/nofield.json" --out "$work/bad3"
expect_text "$work/err" 'missing "skipped"' "missing field named"
expect_rc 2 "the same shard twice" -- "$tirconf" report --conform "$work/llvm1.json" --conform "$work/llvm1.json" --out "$work/bad4"
expect_text "$work/err" "two results of llvm-O0 for one file" "a file judged twice is refused"
expect_rc 2 "not a campaign" -- "$tirconf" report --campaign "$work/nowhere" --out "$work/bad5"
expect_text "$work/err" "$work/nowhere: error: not a campaign folder" "missing campaign named"
expect_rc 2 "not a report" -- "$tirconf" report --previous "$work/oracle.json" --out "$work/bad6"
expect_rc 2 "no --out" -- "$tirconf" report --conform "$work/oracle.json"
for d in bad1 bad2 bad3 bad4 bad5 bad6; do
  [ ! -e "$work/$d" ] && passes=$((passes + 1)) || { echo "FAIL: $d written on bad input"; failures=$((failures + 1)); }
done

echo "report: $passes checks passed, $failures failed"
[ "$failures" -eq 0 ]
