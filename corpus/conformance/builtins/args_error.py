"""
description: >-
  A listed builtin evaluates all its arguments before acting - bitwise_and(A[0] // A[1], 0) raises
  divide-by-zero for A[1] = 0 even though the result would be 0 anyway; likely(A[0] // A[1] > 0) too
rules: [builtin.args, builtin.bitwise_and, sem.expr.call.builtin]
cases:
  - args:
      A: {dtype: int32, shape: [3], data: [6, 3, 0]}
    expect:
      buffers: {A: [6, 3, 0]}
  - args:
      A: {dtype: int32, shape: [3], data: [6, 0, 0]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    A[2] = T.bitwise_and(A[0] // A[1], 0)
