"""
description: Allocating a buffer with the run-time extent n = -1 has no guaranteed behavior
rules: [unspec.negative_extent, sem.stmt.allocate]
args:
  A: {dtype: int32, shape: [1]}
  n: -1
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32"), n: T.int32):
    p = T.allocate([n], "int32", "global")
    P = T.Buffer((1,), "int32", data=p)
    A[0] = 1
