"""
description: Nested serial loops and T.grid visit every index pair in row-major order; a counter records the visit order
rules: [sem.stmt.for.serial, sem.stmt.for.range]
args:
  A: {dtype: int32, shape: [2, 3]}
  B: {dtype: int32, shape: [2, 3]}
  K: {dtype: int32, shape: [1]}
expect:
  buffers:
    A: [0, 1, 2, 3, 4, 5]
    B: [6, 7, 8, 9, 10, 11]
    K: [12]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2, 3), "int32"), K: T.Buffer((1,), "int32")):
    for i in range(2):
        for j in range(3):
            A[i, j] = K[0]
            K[0] = K[0] + 1
    for i, j in T.grid(2, 3):
        B[i, j] = K[0]
        K[0] = K[0] + 1
