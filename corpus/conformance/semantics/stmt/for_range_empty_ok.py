"""
description: A For whose extent is 0 or negative runs no iterations; range(n) with n = 0 and n = -3 leaves A unchanged, n = 2 writes A[0] and A[1]
rules: [sem.stmt.for.range]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [9, 9, 9, 9]}
      n: 0
    expect:
      buffers: {A: [9, 9, 9, 9]}
  - args:
      A: {dtype: int32, shape: [4], data: [9, 9, 9, 9]}
      n: -3
    expect:
      buffers: {A: [9, 9, 9, 9]}
  - args:
      A: {dtype: int32, shape: [4], data: [9, 9, 9, 9]}
      n: 2
    expect:
      buffers: {A: [0, 1, 9, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(n):
        A[i] = i
