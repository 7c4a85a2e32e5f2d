"""
description: >-
  A For runs loop_var over [min, min + extent) - range(2, 5) visits 2, 3, 4 (A[i] = i); T.serial(1, 3)
  visits 1, 2 (A[i] += i + 9, so A[1] = 10 and A[2] = 2 + 11 = 13); range(n, n + 3) with n = 5 visits 5, 6, 7
rules: [sem.stmt.for.range, sem.stmt.for.serial]
args:
  A: {dtype: int32, shape: [8]}
  n: 5
expect:
  buffers: {A: [0, 10, 13, 3, 4, 5, 6, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), n: T.int32):
    for i in range(2, 5):
        A[i] = i
    for i in T.serial(1, 3):
        A[i] = A[i] + i + 9
    for i in range(n, n + 3):
        A[i] = i
