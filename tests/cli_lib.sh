# Helpers shared by the CLI end-to-end tests (cli_test.sh, prove_cli_test.sh); sourced after
# `work` (a scratch folder) is set. Each check counts into `passes` or `failures`.
failures=0
passes=0

expect_rc() {  # expect_rc WANT DESCRIPTION -- COMMAND...
  local want=$1 what=$2
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    echo "FAIL: $what: exit $rc, expected $want"; sed 's/^/  | /' "$work/out" "$work/err" | head -20
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}
expect_text() {  # expect_text FILE NEEDLE DESCRIPTION
  if grep -qF -- "$2" "$1"; then passes=$((passes + 1)); else
    echo "FAIL: $3: '$2' not in output"; sed 's/^/  | /' "$1" | head -20; failures=$((failures + 1)); fi
}
