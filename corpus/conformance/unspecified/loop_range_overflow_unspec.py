"""
description: An int32 loop over [n, n + 4) with n = 2147483645 would need loop_var values past INT32_MAX
rules: [unspec.loop_range_overflow, sem.stmt.for.range]
args:
  A: {dtype: int32, shape: [4]}
  n: 2147483645
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(n, n + 4):
        A[0] = A[0] + 1
