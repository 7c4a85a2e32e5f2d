#!/usr/bin/env bash
# The main job: install what is missing, build, then a short tour of what tirconf is for. It
# judges the conformance corpus on the reference interpreter (the oracle) and on our LLVM
# backend, runs a one-minute differential campaign of generated programs, and says where the
# results are. Exit 1 if the tour found something (a failed test or a finding).
# TIRCONF_TOUR_SECONDS sets the length of the differential run (default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh

tirconf=build/tools/tirconf
results=build/tour
seconds=${TIRCONF_TOUR_SECONDS:-60}
rm -rf "$results"
mkdir -p "$results"
found=0

step() { printf '\n== %s\n' "$*"; }

step "1. The conformance corpus on the oracle: $(find corpus -name '*.py' | wc -l) TVMScript files" \
  "whose front matter says what the spec makes of them (corpus/FORMAT.md)"
"$tirconf" conform --impl oracle corpus/ --junit "$results/corpus-oracle.xml" \
  --json "$results/corpus-oracle.json" || found=1

step "2. The same corpus on an implementation under test: tirconf's own LLVM backend at -O2"
echo "   (cases expecting 'invalid' or 'unspecified' say nothing about a compiler and are skipped)"
"$tirconf" conform --impl llvm-O2 corpus/ --junit "$results/corpus-llvm-O2.xml" \
  --json "$results/corpus-llvm-O2.json" || found=1

step "3. A differential campaign for ${seconds} s, as run every night: generated programs, free of" \
  "unspecified behaviour by construction, on the oracle, llvm-O0 and llvm-O2; every disagreement" \
  "is a finding, grouped by signature, and each new signature is reduced"
"$tirconf" fuzz --backends oracle,llvm-O0,llvm-O2 --seed 1 --time "$seconds" --jobs 2 \
  --out "$results/campaign" || found=1

step "4. The report of all this: rule by rule, where the spec is implemented and tested, how each" \
  "implementation conforms, what the campaign found"
"$tirconf" report --conform "$results/corpus-oracle.json" --conform "$results/corpus-llvm-O2.json" \
  --campaign "$results/campaign" --out "$results/report" || found=1

step "Where the results are"
cat <<EOF
   $results/report/report.html    the report of steps 1-3 (open it in a browser; report.md is
                                  its summary, report.json its data: reports/FORMAT.md)
   $results/corpus-oracle.xml     JUnit report of step 1 (any CI system shows it)
   $results/corpus-llvm-O2.xml    JUnit report of step 2
   $results/campaign/             step 3's campaign: stats.json, campaign.log, and findings/ by
                                  signature ($(find "$results/campaign/findings" -name signature.json 2>/dev/null | wc -l) now), each with its programs and
                                  reduced.py; replay one with: $tirconf test --impl llvm-O2 FILE.py;
                                  a nightly one: --time 8h, fuzz/README.md
   Next: $tirconf rules --gaps (which rule is implemented and tested where),
         $tirconf prove (the simplifier's rewrite rules proved with Z3),
         README.md for every verb.
EOF
exit "$found"
