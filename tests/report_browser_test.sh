#!/usr/bin/env bash
# report.html in a real browser: headless Chromium renders a report of the corpus on the oracle
# and a short campaign; the screenshot is not blank and shows the pass colour, every matrix row
# is in the rendered page, and the filters taken from the page's query show the right rows.
# Skipped (77) without Chromium (Debian package chromium). The screenshots are kept in
# $REPORT_SCREENSHOTS when it is set.
# Usage: report_browser_test.sh TIRCONF SOURCE_DIR
set -u
tirconf=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chromium" ]; then
  echo "skipped: no Chromium (Debian package chromium) to render report.html"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/cli_lib.sh"

browse() {  # browse OUTPUT_OPTION URL: one headless Chromium run, bounded in time
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --no-first-run --user-data-dir="$work/profile" --window-size=1400,1800 "$@" 2>"$work/chromium.err"
}

expect_rc 0 "conform oracle" -- "$tirconf" conform --impl oracle "$src/corpus" --json "$work/oracle.json"
expect_rc 0 "a short campaign" -- "$tirconf" fuzz --backends oracle,llvm-O0 --seed 3 --count 32 --jobs 1 -q --out "$work/campaign"
expect_rc 0 "report" -- "$tirconf" report --conform "$work/oracle.json" --campaign "$work/campaign" --out "$work/r"
html=file://$work/r/report.html

browse --screenshot="$work/top.png" "$html" >/dev/null
if [ -s "$work/top.png" ]; then
  python3 "$here/png_pixels.py" "$work/top.png" pass=1a7f37 >"$work/pixels.json"
  python3 - "$work/pixels.json" <<'PY' && passes=$((passes + 1)) || failures=$((failures + 1))
import json, sys
p = json.load(open(sys.argv[1]))
assert (p["width"], p["height"]) == (1400, 1800), p
assert p["not_white"] > 0.05, "the page looks blank: %s" % p
assert p["colours"]["pass"] > 2000, "no pass-coloured bars: %s" % p
print("screenshot: %.0f%% not white, %d pass-coloured pixels" % (100 * p["not_white"], p["colours"]["pass"]))
PY
else
  echo "FAIL: no screenshot"; sed 's/^/  | /' "$work/chromium.err" | tail -5; failures=$((failures + 1))
fi

rules=$("$tirconf" rules --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["rules"]))')
passing=$(python3 -c "import json; print(json.load(open('$work/r/report.json'))['implementations'][0]['rules']['pass'])")
browse --dump-dom "$html" >"$work/all.html"
rows=$(grep -o '<tr class="rule"' "$work/all.html" | wc -l)
[ "$rows" -eq "$rules" ] && passes=$((passes + 1)) || { echo "FAIL: $rows matrix rows rendered, the catalog has $rules"; failures=$((failures + 1)); }
expect_text "$work/all.html" "$rules of $rules rules shown" "the filter script ran and shows every rule"
browse --dump-dom "$html?impl=0&status=pass" >"$work/pass.html"
expect_text "$work/pass.html" "$passing of $rules rules shown" "?impl=0&status=pass shows the oracle's passing rules"
hidden=$(grep -o '<tr class="rule"[^>]*style="display: none;"' "$work/pass.html" | wc -l)
[ "$hidden" -eq $((rules - passing)) ] && passes=$((passes + 1)) || { echo "FAIL: $hidden rows hidden, expected $((rules - passing))"; failures=$((failures + 1)); }
browse --dump-dom "$html?q=sem.expr.floordiv" >"$work/search.html"
expect_text "$work/search.html" "1 of $rules rules shown" "a search for one ID shows one row"

if [ -n "${REPORT_SCREENSHOTS:-}" ]; then
  mkdir -p "$REPORT_SCREENSHOTS" && cp "$work/top.png" "$work/r/report.html" "$REPORT_SCREENSHOTS/"
fi
echo "report_browser: $passes checks passed, $failures failed"
[ "$failures" -eq 0 ]
