#!/usr/bin/env bash
# tirconf report at the scale of a month of nightly runs: the whole catalog and corpus, the given
# conform results (two implementations), and 30 nightly campaigns made from one real campaign
# folder (its stats and findings, with each night's date, program count and signature counts
# varied so that the charts and the union of signatures have something to show). Prints the
# report's CPU and wall time (best of 5), its files' sizes, and, with Chromium, the time to load
# and render report.html against an empty page, side by side. bench/README.md records a run.
# Usage: bench/report_scale.sh TIRCONF CAMPAIGN_DIR OUTDIR CONFORM.json...
set -eu
tirconf=$1 campaign=$2 out=$3
shift 3
mkdir -p "$out"
rm -rf "$out/nights"
args=()
for c in "$@"; do args+=(--conform "$c"); done
for night in $(seq 1 30); do
  d=$out/nights/$(printf '%02d' "$night")
  mkdir -p "$d"
  cp -r "$campaign/findings" "$d/" 2>/dev/null || true
  python3 - "$campaign/stats.json" "$d/stats.json" "$night" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
n = int(sys.argv[3])
day = "2026-10-%02d" % n
s["started"] = day + s["started"][10:]
s["updated"] = day + s["updated"][10:]
s["programs"] = int(s["programs"] * (0.8 + 0.02 * (n % 11)))
s["programs_per_second"] = s["programs"] / max(s["elapsed_seconds"], 1)
keep = [x for i, x in enumerate(s["signatures"]) if (i * 7 + n) % 5 != 0]
for i, x in enumerate(keep):
    x["count"] = max(1, x["count"] + (n + i) % 4 - 1)
s["signatures"] = keep
json.dump(s, open(sys.argv[2], "w"), indent=1)
PY
  args+=(--campaign "$d")
done
best=""
for i in 1 2 3 4 5; do
  t=$( { /usr/bin/time -f "%e %U %S" "$tirconf" report -q "${args[@]}" --out "$out/report" >/dev/null; } 2>&1 | tail -1)
  echo "run $i: wall, user, sys seconds: $t"
done
ls -l "$out/report" | awk 'NR > 1 { printf "%s %d bytes\n", $9, $5 }'
chromium=$(command -v chromium || true)
if [ -n "$chromium" ]; then
  echo '<!doctype html><title>empty</title>' >"$out/empty.html"
  for page in empty.html report/report.html empty.html report/report.html; do
    /usr/bin/time -f "%e" -o "$out/seconds" "$chromium" --headless --no-sandbox --disable-gpu \
      --user-data-dir="$out/profile" --screenshot="$out/shot.png" --window-size=1400,1800 \
      "file://$(realpath "$out/$page")" >/dev/null 2>&1
    echo "chromium start, load, render and screenshot of $page: $(cat "$out/seconds") s"
  done
fi
