#!/usr/bin/env bash
# The reducer on real findings: the planted miscompilations of llvm-O2 (the first findings of
# each kind in seed 1's windows) and, with TIRCONF_PYTHON naming a Python that can import tvm,
# TVM's findings of `diff --backends oracle,tvm` (the first of each signature). Prints one line
# per finding (IR nodes before and after, the ratio, seconds, whether the result is minimal) and
# the medians. bench/README.md records a run.
# Usage: bench/reduce_findings.sh TIRCONF OUTDIR [PER_KIND] [TVM_PROGRAMS]
set -u
tirconf=$1 out=$2 per_kind=${3:-3} tvm_programs=${4:-400}
mkdir -p "$out"
reduce_one() { # reduce_one FINDING.py LABEL [ENV...]
  local finding=$1 label=$2
  shift 2
  env "$@" "$tirconf" reduce "$finding" -q --jobs 2 --json "$out/$label.json" \
    --out "$out/$label.reduced.py" >/dev/null 2>"$out/$label.err" || echo "$label: not reduced: $(head -1 "$out/$label.err")"
}
for entry in "floormod-as-truncmod 0 40" "signed-minmax-as-unsigned 0 40" \
  "select-arms-swapped 110 60" "cast-float-to-int-rounds 0 400" "loop-extent-off-by-one 0 40" \
  "lost-store-in-vectorized-loop 0 40" "shift-right-signed-as-logical 35 700" \
  "shuffle-wrong-lane 554 5"; do
  read -r kind first count <<<"$entry"
  TIRCONF_TEST_PLANT_MISCOMPILE=$kind "$tirconf" diff --backends oracle,llvm-O2 --seed 1 \
    --first "$first" --count "$count" -q --jobs 2 --out "$out/diff-$kind" >/dev/null
  for f in $(ls "$out/diff-$kind"/*.py 2>/dev/null | head -"$per_kind"); do
    reduce_one "$f" "$kind-$(basename "$f" .py)" TIRCONF_TEST_PLANT_MISCOMPILE="$kind"
  done
done
if [ -n "${TIRCONF_PYTHON:-}" ] && "$TIRCONF_PYTHON" -c "import tvm" 2>/dev/null; then
  "$tirconf" diff --backends oracle,tvm --seed 1 --count "$tvm_programs" -q --jobs 2 \
    --out "$out/diff-tvm" >/dev/null
  # The first finding of each signature.
  python3 - "$out/diff-tvm" >"$out/tvm-firsts" <<'PY'
import json, pathlib, sys
seen = set()
for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json"), key=lambda p: int(p.stem.split("_")[-1])):
    for d in json.load(open(p))["differences"]:
        s = d.get("signature", {}).get("slug")
        if s and s not in seen:
            seen.add(s)
            print(p.with_suffix(".py"))
PY
  while read -r f; do reduce_one "$f" "tvm-$(basename "$f" .py)"; done <"$out/tvm-firsts"
fi
python3 - "$out" <<'PY'
import json, pathlib, statistics, sys
rows = []
for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    r = json.load(open(p))
    if "ir_nodes" not in r:
        continue
    before, after = r["ir_nodes"]["before"], r["ir_nodes"]["after"]
    rows.append((p.stem, before, after, after / before, r["seconds"], r["minimal"], r["signature"]["kind"]))
for name, b, a, ratio, secs, minimal, kind in rows:
    print(f"{name:60s} {b:5d} -> {a:4d} IR nodes ({100*ratio:5.1f}%) {secs:6.1f} s {'minimal' if minimal else 'TIME LIMIT'} {kind}")
if rows:
    print(f"{len(rows)} findings: median size {100*statistics.median(r[3] for r in rows):.1f}% of the original's IR nodes, "
          f"median time {statistics.median(r[4] for r in rows):.1f} s, "
          f"{sum(1 for r in rows if r[5])} of {len(rows)} 1-minimal")
PY
