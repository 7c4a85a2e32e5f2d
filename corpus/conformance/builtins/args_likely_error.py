"""
description: tir.likely evaluates its argument, so likely(A[0] // A[1] > 0) raises divide-by-zero for A[1] = 0; for A[1] = 3 the branch runs
rules: [builtin.args, builtin.likely]
cases:
  - args:
      A: {dtype: int32, shape: [3], data: [6, 3, 0]}
    expect:
      buffers: {A: [6, 3, 1]}
  - args:
      A: {dtype: int32, shape: [3], data: [6, 0, 0]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    if T.likely(A[0] // A[1] > 0):
        A[2] = 1
