"""
description: An int8 loop from 120 with extent 10 would need loop_var values 128 and 129, past INT8_MAX
rules: [unspec.loop_range_overflow, sem.stmt.for.range]
args:
  A: {dtype: int32, shape: [1]}
  m: 120
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32"), m: T.int8):
    for i in T.serial(m, m + T.int8(10)):
        A[0] = A[0] + 1
