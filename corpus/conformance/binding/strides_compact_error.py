"""
description: A buffer with non-compact strides (4, 1) for shape (2, 3) cannot bind a tensor with null (compact) strides - a binding error
rules: [bind.strides_compact]
args:
  A: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
  B: {dtype: int32, shape: [3]}
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32", strides=(4, 1)), B: T.Buffer((3,), "int32")):
    for j in range(3):
        B[j] = A[0, j] + A[1, j]
