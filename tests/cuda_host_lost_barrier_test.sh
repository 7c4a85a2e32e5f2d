#!/usr/bin/env bash
# The gpu generator profile's programs notice a backend that loses barriers: with cuda-host's
# test switch making every __syncthreads() do nothing, `tirconf diff` over 40 programs must find
# at least 4 of them wrong (10 when measured), and without it none.
# Usage: cuda_host_lost_barrier_test.sh TIRCONF
set -u
tirconf=$1
run=(diff --backends oracle,cuda-host --profile gpu --seed 5 --count 40 -q)

out=$(TIRCONF_TEST_CUDA_HOST_DROP_BARRIERS=1 "$tirconf" "${run[@]}" 2>&1)
rc=$?
found=$(printf '%s\n' "$out" | sed -n 's/^\([0-9][0-9]*\) findings\{0,1\}$/\1/p' | tail -1)
if [ "$rc" -ne 1 ] || [ "${found:-0}" -lt 4 ]; then
  echo "FAIL: barriers dropped: rc $rc, ${found:-no} findings (want rc 1 and at least 4)"
  printf '%s\n' "$out" | tail -20
  exit 1
fi
echo "barriers dropped: $found findings in 40 programs"

out=$("$tirconf" "${run[@]}" 2>&1)
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "FAIL: with barriers: rc $rc"
  printf '%s\n' "$out" | tail -20
  exit 1
fi
echo "with barriers: no finding"
